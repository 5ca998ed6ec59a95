"""A hundred phones following one game: how soon each sees a round, and what following costs the
other requests.

    python bench/live.py [--seconds 10] [--rounds 2] [--followers 100] [--workers 2]
                         [--postgres URL] [--only sqlite|postgres]

Starts `referee serve --workers N` on SQLite (a temporary folder), then on PostgreSQL (a schema of
its own in the database at `--postgres`, dropped after), and on each makes a game. Then, for
`--rounds` rounds, one phase without followers and one with `--followers` streams open on
`GET /v1/games/{id}/events`, `--seconds` each: in both, a writer enters a round every second and
a monitor thread asks a meld check (`POST /v1/rulesets/ten-pennies/melds/check`) every 20 ms on a
keep-alive connection. The followers are coroutines of another process, each reading its stream.

Prints for each database (a) from each write's answer to each follower's event for that write:
the worst, the p99 and the median (goal: worst under 1 s; a negative time is an event read before the
writer read its answer), and events missed; (b) the meld check's p99 with the followers beside
its p99 without, over the same run (goal: within 1.2x). Exits 1 when a goal is missed.
"""

from __future__ import annotations

import os
import sys

# bench/http.py must not shadow the standard library's `http`.
sys.path = [p for p in sys.path if os.path.abspath(p or ".") != os.path.dirname(os.path.abspath(__file__))]

import argparse
import asyncio
import http.client
import json
import multiprocessing
import secrets
import statistics
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from flood import Client, free_port, p99, start, stop

MELD = ("POST", "/v1/rulesets/ten-pennies/melds/check", {"round": 1, "cards": ["8H", "8S", "2C"]})
ROUND = {"went_out": "C", "points": {"A": 0, "B": 0, "D": 0}}  # nobody nears the elimination score
EVERY = 0.02  # the monitor's pause between meld checks
WRITE_EVERY = 1.0




def call(port: int, method: str, path: str, body: Any = None, headers: dict[str, str] | None = None
         ) -> tuple[int, Any, str]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    data = json.dumps(body).encode() if body is not None else None
    conn.request(method, path, data, {"Content-Type": "application/json", **(headers or {})})
    answer = conn.getresponse()
    read = json.loads(answer.read() or b"null")
    conn.close()
    return answer.status, read, answer.getheader("ETag") or ""


# ---------------------------------------------------------------- the followers (another process)

def follow(port: int, game: str, followers: int, ready: Any, stop_at: Any, out: Any) -> None:
    """`followers` streams in one event loop; puts [(id, monotonic time read)] of each on `out`."""
    async def one(index: int, seen: list[tuple[str, float]]) -> None:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(f"GET /v1/games/{game}/events HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n\r\n".encode())
        buffer = b""
        while True:
            chunk = await reader.read(65536)
            if not chunk:
                return
            buffer += chunk
            while b"\nid: " in buffer:
                at = buffer.index(b"\nid: ") + 5
                end = buffer.find(b"\n", at)
                if end < 0:
                    break
                seen.append((buffer[at:end].decode(), time.monotonic()))
                buffer = buffer[end:]
            buffer = buffer[-4096:]

    async def run() -> list[list[tuple[str, float]]]:
        seen: list[list[tuple[str, float]]] = [[] for _ in range(followers)]
        tasks = [asyncio.ensure_future(one(i, seen[i])) for i in range(followers)]
        while not all(seen):  # every stream has its first event
            await asyncio.sleep(0.05)
        ready.set()
        while not stop_at.is_set():
            await asyncio.sleep(0.05)
        for task in tasks:
            task.cancel()
        return seen

    out.put(asyncio.run(run()))


# ---------------------------------------------------------------- one phase

def phase(port: int, game: str, auth: dict[str, str], seconds: float, followers: int
          ) -> tuple[list[float], dict[str, float], list[list[tuple[str, float]]]]:
    """(meld check times, each write's ETag -> when its answer was read, what each follower read)."""
    context = multiprocessing.get_context("spawn")
    ready, stop_at, out = context.Event(), context.Event(), context.Queue()
    reader = None
    if followers:
        reader = context.Process(target=follow, args=(port, game, followers, ready, stop_at, out))
        reader.start()
        if not ready.wait(60):
            raise SystemExit("the followers did not get their first events")
        time.sleep(0.5)
    times: list[float] = []
    answered: dict[str, float] = {}
    done = threading.Event()

    def monitor() -> None:
        client = Client(port)
        while not done.is_set():
            started = time.perf_counter()
            assert client.send(*MELD) == 200
            times.append(time.perf_counter() - started)
            time.sleep(max(0.0, EVERY - (time.perf_counter() - started)))
        client.close()

    checking = threading.Thread(target=monitor)
    checking.start()
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        began = time.monotonic()
        status, _, etag = call(port, "POST", f"/v1/games/{game}/rounds", ROUND, auth)
        assert status == 200, status
        answered[etag] = time.monotonic()
        time.sleep(max(0.0, WRITE_EVERY - (time.monotonic() - began)))
    time.sleep(1.0)  # the last write's events
    done.set()
    checking.join()
    seen: list[list[tuple[str, float]]] = []
    if reader is not None:
        stop_at.set()
        seen = out.get(timeout=60)
        reader.join(timeout=30)
    return times, answered, seen


def measure(name: str, database: str, args: argparse.Namespace) -> bool:
    port = free_port()
    with tempfile.TemporaryDirectory() as folder:
        proc = start(port, args.workers, folder, database)
        try:
            status, made, _ = call(port, "POST", "/v1/games", {"ruleset": "bing-rummy", "players": ["A", "B", "C", "D"]})
            assert status == 201
            game, auth = made["id"], {"Authorization": f"Bearer {made['token']}"}
            alone: list[float] = []
            followed: list[float] = []
            lags: list[float] = []
            missed = 0
            for _ in range(args.rounds):
                times, _, _ = phase(port, game, auth, args.seconds, 0)
                alone += times
                times, answered, seen = phase(port, game, auth, args.seconds, args.followers)
                followed += times
                for stream in seen:
                    read = dict(stream)
                    for etag, at in answered.items():
                        if etag in read:
                            lags.append(read[etag] - at)
                        else:
                            missed += 1  # merged into a later event, or never came
        finally:
            stop(proc)
    worst, lag99 = max(lags), p99(lags)
    ratio = p99(followed) / p99(alone)
    print(f"{name}: {len(lags)} events to {args.followers} followers ({missed} missed): "
          f"from the write's answer, worst {worst * 1e3:.0f} ms, p99 {lag99:.0f} ms, median "
          f"{statistics.median(lags) * 1e3:.0f} ms (goal worst < 1000 ms)")
    print(f"{name}: meld check p99 {p99(followed):.1f} ms with {args.followers} followers, "
          f"{p99(alone):.1f} ms with none: {ratio:.2f}x (goal <= 1.2x); {len(followed)} and {len(alone)} checks")
    return worst < 1.0 and missed == 0 and ratio <= 1.2


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="of each phase")
    parser.add_argument("--rounds", type=int, default=2, help="of the two phases, taking turns")
    parser.add_argument("--followers", type=int, default=100)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--postgres", default="postgresql://postgres@127.0.0.1:5432/test")
    parser.add_argument("--only", choices=["sqlite", "postgres"])
    args = parser.parse_args()
    ok = True
    if args.only != "postgres":
        with tempfile.TemporaryDirectory() as folder:
            ok &= measure("SQLite", f"sqlite:///{folder}/live.db", args)
    if args.only != "sqlite":
        import psycopg

        schema = f"referee_bench_{secrets.token_hex(4)}"
        with psycopg.connect(args.postgres, autocommit=True) as conn:
            conn.execute(f"CREATE SCHEMA {schema}")
        try:
            ok &= measure("PostgreSQL", f"{args.postgres}?options=-csearch_path%3D{schema}", args)
        finally:
            with psycopg.connect(args.postgres, autocommit=True) as conn:
                conn.execute(f"DROP SCHEMA {schema} CASCADE")
    raise SystemExit(0 if ok else 1)


if __name__ == "__main__":
    main()
