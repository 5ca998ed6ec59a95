"""Score-sheet speed on SQLite and PostgreSQL: round writes per second, and reading a long game.

    python bench/games.py [--rounds 1000] [--postgres postgresql://postgres@127.0.0.1:5432/test]

Drives the app in-process through Flask's test client (no network), so the figures are the
service's own cost: parsing, the locked transaction, replaying the ledger, the answer.
"""

from __future__ import annotations

import argparse
import secrets
import statistics
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
# bench/http.py must not shadow the standard library's `http`, which Flask imports.
sys.path = [p for p in sys.path if Path(p or ".").resolve() != HERE]
sys.path.insert(0, str(HERE.parent))

import sqlalchemy as sa

from api import create_app
from api.storage import normalise_url


def run(name: str, url: str, rounds: int) -> None:
    app = create_app({"DATABASE_URL": url})
    client = app.test_client()
    game = client.post("/v1/games", json={"ruleset": "bing-rummy", "players": ["A", "B", "C"]}).get_json()
    auth = {"Authorization": f"Bearer {game['token']}"}
    path = f"/v1/games/{game['id']}/rounds"
    started = time.perf_counter()
    for i in range(rounds):
        response = client.post(path, json={"went_out": "A", "points": {"B": 0, "C": 0}, "cards": {"B": i % 5}},
                               headers=auth)
        assert response.status_code == 200, response.get_json()
    elapsed = time.perf_counter() - started
    reads = []
    for _ in range(20):
        t = time.perf_counter()
        body = client.get(f"/v1/games/{game['id']}").get_json()
        reads.append(time.perf_counter() - t)
    assert len(body["rounds"]) == rounds
    print(f"{name:10} {rounds / elapsed:7.0f} round writes/s over {rounds} rounds "
          f"(the last writes replay {rounds - 1} rounds); reading the {rounds}-round game: "
          f"median {statistics.median(reads) * 1e3:.1f} ms, max {max(reads) * 1e3:.1f} ms")
    app.extensions["referee.store"].engine.dispose()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=1000)
    parser.add_argument("--postgres", default="postgresql://postgres@127.0.0.1:5432/test")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        run("SQLite", f"sqlite:///{tmp}/bench.db", args.rounds)
    schema = f"referee_bench_{secrets.token_hex(4)}"
    engine = sa.create_engine(normalise_url(args.postgres))
    try:
        with engine.begin() as conn:
            conn.exec_driver_sql(f"CREATE SCHEMA {schema}")
    except sa.exc.OperationalError as exc:
        print(f"PostgreSQL   not reachable ({exc.__class__.__name__}); skipped")
        return
    try:
        run("PostgreSQL", f"{args.postgres}?options=-csearch_path%3D{schema}", args.rounds)
    finally:
        with engine.begin() as conn:
            conn.exec_driver_sql(f"DROP SCHEMA {schema} CASCADE")
        engine.dispose()


if __name__ == "__main__":
    main()
