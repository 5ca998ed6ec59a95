"""Hostile bodies against the service in process: each one's status, answer size and time.

    python bench/hostile.py [--database URL] [--repeat 3]

Every body is sent through Flask's test client (no network), best of `--repeat`; the table
lists status, bytes answered, problems listed, milliseconds and CPU milliseconds of the
thread (the machine may be shared: CPU time is the steadier figure), then the largest
answer and the slowest. The goal: every answer a 4xx or a 200, under 50 ms, and a few KiB at most.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

# bench/ holds http.py, which must not shadow the standard library's `http`: the checkout
# takes the script folder's place on the path.
sys.path[0] = str(Path(__file__).resolve().parent.parent)

from api import create_app

TP = "/v1/rulesets/ten-pennies"
NAMES = [f"p{i}" for i in range(20)]
BAD = "1X"  # a card in no deck


def ruleset_yaml(extra: str, ruleset_id: str = "hostile") -> str:
    return f"format: 1\nid: {ruleset_id}\nextends: ten-pennies\nfamily: rummy\nname: X\n{extra}"


def bodies() -> Iterator[tuple[str, str, str, bytes | str]]:
    """(name, path, content type, body); `{game}` in a path is a game made first."""
    j = "application/json"
    y = "application/yaml"
    yield "scores 20 x 30 x 200 melded", f"{TP}/scores", j, json.dumps(
        {"hands": {n: [] for n in NAMES}, "melded": {n: [[BAD] * 200] * 30 for n in NAMES}})
    yield "scores 20 hands x 200 bad cards", f"{TP}/scores", j, json.dumps(
        {"hands": {n: [BAD] * 200 for n in NAMES}})
    yield "scores 5,000 players", f"{TP}/scores", j, json.dumps({"hands": {f"p{i}": [] for i in range(5000)}})
    yield "melds/check 100,000 bad cards", f"{TP}/melds/check", j, json.dumps({"cards": [BAD] * 100_000})
    yield "melds/check 100,000 ints", f"{TP}/melds/check", j, json.dumps({"cards": list(range(100_000))})
    yield "first-meld 30 x 200 bad", f"{TP}/first-meld/check", j, json.dumps({"melds": [[BAD] * 200] * 30})
    yield "first-meld 10,000 x 10", f"{TP}/first-meld/check", j, json.dumps({"melds": [[BAD] * 10] * 10_000})
    yield "going-out 40 x 200 table", f"{TP}/going-out/check", j, json.dumps(
        {"hand": [BAD] * 200, "table": [[BAD] * 200] * 40})
    yield "going-out 200 good cards", f"{TP}/going-out/check", j, json.dumps(
        {"hand": ["8H", "9H", "10H", "JK"] * 50})
    yield "going-out 10,000 x 10 table", f"{TP}/going-out/check", j, json.dumps(
        {"hand": ["8H"], "table": [["8H"] * 10] * 10_000})
    yield "placements 100,000 slots", "/v1/rulesets/garbage/placements/check", j, json.dumps(
        {"card": "AH", "layout": ["x"] * 100_000})
    yield "100,000 unknown keys", f"{TP}/melds/check", j, json.dumps(
        {"cards": ["8H"], **{f"k{i}": 1 for i in range(100_000)}})
    yield "one 1 MB string card", f"{TP}/melds/check", j, json.dumps({"cards": ["8" * 1_000_000]})
    yield "a 1 MB player name", "/v1/games", j, json.dumps({"ruleset": "ten-pennies", "players": ["a" * 1_000_000]})
    yield "games 100,000 players", "/v1/games", j, json.dumps(
        {"ruleset": "ten-pennies", "players": [f"p{i}" for i in range(100_000)]})
    yield "games 50,000 scores", "/v1/games", j, json.dumps(
        {"ruleset": "ten-pennies", "players": ["a", "b"], "scores": {f"p{i}": "x" for i in range(50_000)}})
    yield "round 20 x 200 bad", "/v1/games/{game}/rounds", j, json.dumps(
        {"went_out": "a", "hands": {n: [BAD] * 200 for n in NAMES}})
    yield "round 50,000 points", "/v1/games/{game}/rounds", j, json.dumps(
        {"went_out": "a", "points": {f"p{i}": 1 for i in range(50_000)}})
    yield "deep JSON 60 levels x wide", f"{TP}/melds/check", j, json.dumps({"cards": [[[[[[]]]]]] * 50_000})
    yield "surrogate ruleset id", "/v1/games", j, '{"ruleset": "\\ud800", "players": ["a", "b"]}'
    yield "surrogate card", f"{TP}/melds/check", j, '{"cards": ["\\udfff", "8H", "8S"]}'
    yield "surrogate name", "/v1/games", j, '{"ruleset": "ten-pennies", "players": ["\\ud800", "b"]}'
    yield "surrogate key", f"{TP}/melds/check", j, '{"cards": ["8H"], "\\ud800": 1}'
    yield "NUL ruleset id", "/v1/games", j, '{"ruleset": "ab\\u0000cd", "players": ["a", "b"]}'
    yield "NUL card", f"{TP}/melds/check", j, '{"cards": ["8H\\u0000", "8S", "8D"]}'
    yield "NUL name", "/v1/games", j, '{"ruleset": "ten-pennies", "players": ["a\\u0000", "b"]}'
    yield "NUL in path (game)", "/v1/games/ab%00cd", "", b""
    yield "NUL in path (ruleset)", "/v1/rulesets/ab%00cd/melds/check", j, '{"cards": ["8H"]}'
    yield "NUL in path (GET ruleset)", "/v1/rulesets/ab%00cd", "", b""
    yield "surrogate in path", "/v1/rulesets/%ED%A0%80", "", b""
    yield "NUL JSON ruleset id", "/v1/rulesets", j, json.dumps(
        {"format": 1, "id": "ab\u0000cd", "extends": "ten-pennies", "family": "rummy", "name": "X"})
    yield "NUL YAML ruleset id", "/v1/rulesets", y, ruleset_yaml("", '"ab\\0cd"')
    yield "NUL YAML extends", "/v1/rulesets", y, ruleset_yaml("").replace("ten-pennies", '"ten\\0pennies"')
    yield "surrogate YAML", "/v1/rulesets", y, ruleset_yaml('notes: "\\ud800"\n')
    yield "surrogate JSON ruleset", "/v1/rulesets", j, (
        '{"format": 1, "id": "sur", "extends": "ten-pennies", "family": "rummy", "name": "\\ud800"}')
    yield "duplicate keys", f"{TP}/melds/check", j, '{"cards": ["8H"], "cards": ["8H", "8S", "8D"]}'
    yield "YAML 5,000 unknown keys", "/v1/rulesets", y, ruleset_yaml("".join(f"k{i}: 1\n" for i in range(5000)))
    yield "YAML 9,000 bad cards", "/v1/rulesets/validate", y, ruleset_yaml(
        "wilds: {ranks: [" + ", ".join(["ZZ"] * 9000) + "]}\n")
    yield "YAML 1 MB string", "/v1/rulesets/validate", y, ruleset_yaml("name2: '" + "x" * 1_000_000 + "'\n")
    yield "YAML 60 rounds", "/v1/rulesets/validate", y, ruleset_yaml(
        "rounds: {" + ", ".join(f'"{i}": {{hand_size: 99, bad: 1}}' for i in range(1, 3000)) + "}\n")
    yield "JSON ruleset 50,000 keys", "/v1/rulesets/validate", j, json.dumps(
        {"format": 1, "id": "k", **{f"k{i}": i for i in range(50_000)}})


def run(database: str, repeat: int) -> list[tuple[str, int, int, int, float, float]]:
    app = create_app({"TESTING": True, "DATABASE_URL": database})
    client = app.test_client()
    made = client.post("/v1/games", json={"ruleset": "ten-pennies", "players": ["a", "b"]}).get_json()
    auth = {"Authorization": f"Bearer {made['token']}"}
    rows = []
    for name, path, kind, body in bodies():
        url = path.format(game=made["id"])
        best = cpu = float("inf")
        for _ in range(repeat):
            started, cpu_started = time.perf_counter(), time.thread_time()
            if kind:
                answer = client.post(url, data=body, content_type=kind, headers=auth)
            else:
                answer = client.get(url)
            best = min(best, time.perf_counter() - started)
            cpu = min(cpu, time.thread_time() - cpu_started)
        data = answer.get_data()
        try:
            listed = len(json.loads(data).get("errors") or json.loads(data).get("violations") or [])
        except (ValueError, AttributeError):
            listed = -1
        rows.append((name, answer.status_code, len(data), listed, best * 1000, cpu * 1000))
    app.extensions["referee.store"].engine.dispose()
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database", help="a database URL (default: a fresh SQLite file); "
                        "`postgres` for a fresh schema in the tests' PostgreSQL")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    if args.database == "postgres":
        from tests.conftest import postgres_schema_url

        urls = postgres_schema_url()
        rows = run(next(urls), args.repeat)
        urls.close()
    else:
        with tempfile.TemporaryDirectory() as folder:
            rows = run(args.database or f"sqlite:///{folder}/hostile.db", args.repeat)
    print(f"{'body':34} {'status':>6} {'bytes':>9} {'listed':>6} {'ms':>8} {'cpu ms':>8}")
    for name, status, size, listed, ms, cpu in rows:
        print(f"{name:34} {status:>6} {size:>9} {listed:>6} {ms:>8.1f} {cpu:>8.1f}")
    largest = max(rows, key=lambda r: r[2])
    slowest = max(rows, key=lambda r: r[5])
    print(f"largest answer: {largest[2]} bytes ({largest[0]}); slowest: {slowest[4]:.1f} ms, "
          f"{slowest[5]:.1f} ms CPU ({slowest[0]})")
    if any(r[1] >= 500 for r in rows):
        print("5xx:", ", ".join(r[0] for r in rows if r[1] >= 500))


if __name__ == "__main__":
    main()
