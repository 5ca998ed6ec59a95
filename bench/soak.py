"""Soak: a mixed load against `referee serve --workers 2`, with hostile and stalled clients.

    python bench/soak.py [--seconds 60] [--clients 4] [--rate 200] [--slow 3] [--flood 16] [--workers 2]

Starts the service itself on loopback (SQLite in a temporary folder) and drives it for
`--seconds` with threads and the standard library only. Well-behaved clients (one kept-alive
connection each, together `--rate` requests per second, Poisson arrivals) check melds and going-out hands (Bing Rummy), upload rulesets, create games
and post rounds with their tokens; one request in ten is hostile instead (malformed JSON, a
body over 1 MiB, bad cards, a wrong content type). `--slow` clients send headers and one
byte of a body, then stall, over and over. `--flood` clients upload a legal ruleset of 8
decks with 8 jokers each and send it, back to back, going-out checks of a 60-card hand, each
of which may search for seconds: the service answers them (200 or 422) or tells them to wait
(429 with Retry-After), and the others must not notice. A monitor calls `/healthz` every 100 ms.

Prints requests answered, 5xx (goal 0), p99 latency of the well-behaved requests (goal under
50 ms; under 100 ms with a flood), the worst and p99 `/healthz` (goal: worst under 1 s, p99
under 100 ms), the flood's answers and 429s, and rounds acknowledged vs stored (read back; goal
equal). Exits 1 when a goal is missed.
"""

from __future__ import annotations

import os
import sys

# bench/http.py must not shadow the standard library's `http`.
sys.path = [p for p in sys.path if os.path.abspath(p or ".") != os.path.dirname(os.path.abspath(__file__))]

import argparse
import http.client
import json
import random
import signal
import socket
import statistics
import subprocess
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
SUITS = ["S", "H", "D", "C"]
DECK = [r + s for r in RANKS for s in SUITS]
MELDS = [["8H", "8S", "2C"], ["5D", "6D", "2C"], ["KD", "KH", "KC"], ["8C", "9C", "10C", "JC"],
         ["3H", "3S", "3D", "3C"], ["5D", "7D", "9D"], ["QS", "KS", "AS"], ["4H", "4S"]]
TABLES = [[], [["6D", "7D", "8D"]], [["6D", "7D", "8D"], ["9S", "9C", "9D"]], [["JH", "QH", "KH"]]]
CHECKS = "/v1/rulesets/bing-rummy"
PLAYERS = ["A", "B", "C"]
FLOOD_RULESET = """format: 1
id: soak-flood
extends: bing-rummy
family: rummy
name: Flood
players: {min: 2, max: 12}
deck: {jokers: 8, decks: 8}
hand_size: 60
wilds: {ranks: ["2", JOKER], max_per_meld: null, all_wild: true}
scoring:
  card_values: {A: 15, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10, J-K: 10, JOKER: 25}
"""
FLOOD_CHECK = "/v1/rulesets/soak-flood/going-out/check"


@dataclass
class Tally:
    lock: threading.Lock = field(default_factory=threading.Lock)
    answered: int = 0
    server_errors: list[str] = field(default_factory=list)
    latencies: list[float] = field(default_factory=list)
    latency_by_kind: dict[str, list[float]] = field(default_factory=dict)
    by_kind: dict[str, int] = field(default_factory=dict)
    unexpected: list[str] = field(default_factory=list)
    healthz_worst: float = 0.0
    healthz_times: list[float] = field(default_factory=list)
    healthz_calls: int = 0
    healthz_failures: int = 0
    timeouts_408: int = 0
    too_busy: dict[str, int] = field(default_factory=dict)  # 429s by kind
    acknowledged: dict[str, int] = field(default_factory=dict)

    def trouble(self, what: str) -> None:
        with self.lock:
            self.unexpected.append(what)

    def note(self, kind: str, status: int, seconds: float | None, expected: tuple[int, ...]) -> None:
        with self.lock:
            self.answered += 1
            self.by_kind[kind] = self.by_kind.get(kind, 0) + 1
            if status == 429:
                self.too_busy[kind] = self.too_busy.get(kind, 0) + 1
            if status >= 500:
                self.server_errors.append(f"{kind}: {status}")
            elif status not in expected:
                self.unexpected.append(f"{kind}: {status}")
            if seconds is not None:
                self.latencies.append(seconds)
                self.latency_by_kind.setdefault(kind, []).append(seconds)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(folder: Path, workers: int) -> tuple[subprocess.Popen[str], int]:
    port = free_port()
    script = Path(sys.executable).with_name("referee")
    command = [str(script)] if script.exists() else [sys.executable, "-m", "referee.cli"]
    root = Path(__file__).resolve().parent.parent
    with open(folder / "server.log", "w") as log:
        proc = subprocess.Popen(
            [*command, "serve", "--port", str(port), "--database", f"sqlite:///{folder / 'soak.db'}",
             "--workers", str(workers)],
            stdout=subprocess.PIPE, stderr=log, text=True, cwd=folder,
            start_new_session=True, env={**os.environ, "PYTHONPATH": str(root)})
    assert proc.stdout is not None
    line = proc.stdout.readline()
    if f"127.0.0.1:{port}" not in line:
        raise SystemExit(f"the server did not start: {line!r}")
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            conn.request("GET", "/healthz")
            if conn.getresponse().status == 200:
                conn.close()
                return proc, port
        except OSError:
            time.sleep(0.2)
    raise SystemExit("the server did not answer /healthz")


def stop_server(proc: subprocess.Popen[str]) -> None:
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=30)
    if proc.stdout:
        proc.stdout.close()


class Client:
    """One kept-alive connection; reconnects after the server closes it."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=15)

    def request(self, method: str, path: str, body: bytes | None = None,
                headers: dict[str, str] | None = None) -> tuple[int, Any, float]:
        for attempt in (1, 2):
            start = time.perf_counter()
            try:
                self.conn.request(method, path, body, headers or {})
                response = self.conn.getresponse()
                data = response.read()
                took = time.perf_counter() - start
                if response.will_close:
                    self.conn.close()
                try:
                    parsed = json.loads(data) if data else None
                except ValueError:
                    parsed = None
                return response.status, parsed, took
            except (http.client.RemoteDisconnected, BrokenPipeError, ConnectionResetError):
                # a kept-alive connection the server closed while idle: retry once, on a new one
                self.conn.close()
                if attempt == 2 or method != "GET" and "rounds" in path:
                    raise
        raise AssertionError("unreachable")

    def close(self) -> None:
        self.conn.close()


def json_body(value: object) -> tuple[bytes, dict[str, str]]:
    return json.dumps(value).encode(), {"Content-Type": "application/json"}


def well_behaved(client: Client, rng: random.Random, tally: Tally, games: list[dict[str, Any]],
                 serial: list[int]) -> None:
    roll = rng.random()
    if roll < 0.35:
        body, headers = json_body({"round": rng.randint(1, 3), "cards": rng.choice(MELDS)})
        status, _, took = client.request("POST", f"{CHECKS}/melds/check", body, headers)
        tally.note("melds", status, took, (200,))
    elif roll < 0.6:
        hand = rng.sample(DECK, rng.randint(3, 14))
        body, headers = json_body({"round": rng.randint(1, 3), "hand": hand,
                                   "table": rng.choice(TABLES), "first_meld_done": rng.random() < 0.7})
        status, _, took = client.request("POST", f"{CHECKS}/going-out/check", body, headers)
        # a search, so under a flood it may be told to wait (429), quickly
        tally.note("going-out", status, took, (200, 422, 429))
    elif roll < 0.65:
        with tally.lock:
            serial[0] += 1
            n = serial[0]
        source = f"format: 1\nid: soak-{os.getpid()}-{n}\nextends: bing-rummy\nname: Soak {n}\nfamily: rummy\n"
        status, _, took = client.request("POST", "/v1/rulesets", source.encode(),
                                         {"Content-Type": "application/yaml"})
        tally.note("ruleset upload", status, took, (201,))
    elif roll < 0.72 or not games:
        body, headers = json_body({"ruleset": "bing-rummy", "players": PLAYERS})
        status, game, took = client.request("POST", "/v1/games", body, headers)
        tally.note("game create", status, took, (201,))
        if status == 201:
            games.append({"id": game["id"], "token": game["token"], "live": list(PLAYERS)})
            with tally.lock:
                tally.acknowledged[game["id"]] = 0
    else:
        game = rng.choice(games)
        went_out, *others = rng.sample(game["live"], len(game["live"]))
        # Bing Rummy's cards are worth 2 to 15: no hand is worth 1
        body, headers = json_body({"went_out": went_out, "points": {p: rng.choice([0, *range(2, 31)]) for p in others}})
        status, after, took = client.request("POST", f"/v1/games/{game['id']}/rounds", body,
                                             headers | {"Authorization": f"Bearer {game['token']}"})
        tally.note("round", status, took, (200,))
        if status == 200:
            with tally.lock:
                tally.acknowledged[game["id"]] += 1
            game["live"] = [p["name"] for p in after["players"] if not p["eliminated"]]
            if after["status"] == "finished":
                games.remove(game)


def hostile(client: Client, rng: random.Random, tally: Tally) -> None:
    kind = rng.choice(["malformed json", "huge body", "bad cards", "wrong content type"])
    if kind == "malformed json":
        status, _, _ = client.request("POST", f"{CHECKS}/melds/check", b'{"round": 1, "cards": [',
                                      {"Content-Type": "application/json"})
        tally.note(kind, status, None, (400,))
    elif kind == "bad cards":
        body, headers = json_body({"round": 1, "cards": ["1H", "ZZ", 7]})
        status, _, _ = client.request("POST", f"{CHECKS}/melds/check", body, headers)
        tally.note(kind, status, None, (422,))
    elif kind == "wrong content type":
        status, _, _ = client.request("POST", f"{CHECKS}/melds/check", b"round=1",
                                      {"Content-Type": "application/x-www-form-urlencoded"})
        tally.note(kind, status, None, (415,))
    else:
        # 2 MiB, all sent before the answer is read, as a careless client does
        status, _, _ = client.request("POST", f"{CHECKS}/melds/check", b"[" * (2 * 1024 * 1024),
                                      {"Content-Type": "application/json"})
        tally.note(kind, status, None, (413,))


def load(port: int, seed: int, stop_at: float, tally: Tally, serial: list[int], rate: float) -> None:
    """Requests at `rate` per second (paced, so latency is the service's, not a queue's),
    or back to back when `rate` is 0."""
    rng = random.Random(seed)
    client = Client(port)
    games: list[dict[str, Any]] = []
    next_at = time.monotonic()
    try:
        while time.monotonic() < stop_at:
            if rate:
                next_at = max(next_at + rng.expovariate(rate), time.monotonic() - 1)
                time.sleep(max(0.0, next_at - time.monotonic()))
            try:
                if rng.random() < 0.1:
                    hostile(client, rng, tally)
                else:
                    well_behaved(client, rng, tally, games, serial)
            except (OSError, http.client.HTTPException) as error:
                client.close()  # a half-used connection cannot send again
                tally.trouble(f"connection error: {error!r}")
    finally:
        client.close()


def slow(port: int, stop_at: float, tally: Tally) -> None:
    """Headers, one byte of a 100-byte body, then nothing, until the server gives up (408)."""
    while time.monotonic() < stop_at:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=20) as sock:
                sock.sendall(f"POST {CHECKS}/melds/check HTTP/1.1\r\nHost: soak\r\n"
                             "Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{".encode())
                response = http.client.HTTPResponse(sock)
                response.begin()
                response.read()
                tally.note("stalled body", response.status, None, (408,))
                if response.status == 408:
                    with tally.lock:
                        tally.timeouts_408 += 1
        except (OSError, http.client.HTTPException) as error:
            tally.trouble(f"stalled client: {error!r}")


def upload_flood_ruleset(port: int) -> None:
    client = Client(port)
    try:
        status, answer, _ = client.request("POST", "/v1/rulesets", FLOOD_RULESET.encode(),
                                           {"Content-Type": "application/yaml"})
    finally:
        client.close()
    if status != 201:
        raise SystemExit(f"the flood's ruleset was refused: {status} {answer}")


def flood(port: int, seed: int, stop_at: float, tally: Tally) -> None:
    """Going-out checks of 60 cards from the 8 decks, back to back; after a 429, wait as told.
    Hands without wilds (no 2, no joker) are the long ones: most end at the planner's budget, a
    422 after a second or more."""
    rng = random.Random(seed)
    deck = [card for card in DECK if not card.startswith("2")] * 8
    client = Client(port)
    try:
        while time.monotonic() < stop_at:
            body, headers = json_body({"hand": rng.sample(deck, 60), "first_meld_done": True})
            try:
                status, _, _ = client.request("POST", FLOOD_CHECK, body, headers)
            except (OSError, http.client.HTTPException) as error:
                client.close()
                tally.trouble(f"flood: {error!r}")
                continue
            tally.note("flood going-out", status, None, (200, 422, 429))
            if status == 429:
                time.sleep(rng.uniform(0.5, 1.5) * 2)  # about Retry-After
    finally:
        client.close()


def monitor(port: int, stop_at: float, tally: Tally) -> None:
    while time.monotonic() < stop_at:
        start = time.perf_counter()
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=15)
            conn.request("GET", "/healthz")
            status = conn.getresponse().status
            conn.close()
        except (OSError, http.client.HTTPException):
            status = 0
        took = time.perf_counter() - start
        with tally.lock:
            tally.healthz_calls += 1
            tally.healthz_worst = max(tally.healthz_worst, took)
            tally.healthz_times.append(took)
            tally.healthz_failures += status != 200
        time.sleep(0.1)


def stored_rounds(port: int, game_ids: list[str]) -> int:
    client = Client(port)
    total = 0
    try:
        for game_id in game_ids:
            status, game, _ = client.request("GET", f"/v1/games/{game_id}")
            if status == 200:
                total += len(game["rounds"])
    finally:
        client.close()
    return total


def percentile(values: list[float], q: float) -> float:
    """The q-th quantile in milliseconds (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))] * 1e3 if ordered else float("nan")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--rate", type=float, default=200,
                        help="requests per second from all clients together; 0: back to back")
    parser.add_argument("--slow", type=int, default=3)
    parser.add_argument("--flood", type=int, default=0,
                        help="clients sending expensive going-out checks back to back (the issue's: 16)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        proc, port = start_server(folder, args.workers)
        tally = Tally()
        serial = [0]
        try:
            if args.flood:
                upload_flood_ruleset(port)
            stop_at = time.monotonic() + args.seconds
            threads = [threading.Thread(target=load, args=(port, args.seed + i, stop_at, tally, serial,
                                                       args.rate / args.clients))
                       for i in range(args.clients)]
            threads += [threading.Thread(target=slow, args=(port, stop_at, tally)) for _ in range(args.slow)]
            threads += [threading.Thread(target=flood, args=(port, args.seed + 1000 + i, stop_at, tally))
                        for i in range(args.flood)]
            threads.append(threading.Thread(target=monitor, args=(port, stop_at, tally)))
            started = time.monotonic()
            for t in threads:
                t.start()
            for t in threads:
                t.join(timeout=args.seconds + 60)
            elapsed = time.monotonic() - started
            stuck = sum(t.is_alive() for t in threads)
            stored = stored_rounds(port, list(tally.acknowledged))
        finally:
            stop_server(proc)
            log_tail = (folder / "server.log").read_text(errors="replace").splitlines()[-15:]
    acknowledged = sum(tally.acknowledged.values())
    lat = sorted(tally.latencies)
    p50 = statistics.median(lat) * 1e3 if lat else float("nan")
    p99 = percentile(lat, 0.99)
    per_kind = ", ".join(f"{k} {percentile(v, 0.99):.1f}" for k, v in sorted(tally.latency_by_kind.items()))
    kinds = ", ".join(f"{k} {v}" for k, v in sorted(tally.by_kind.items()))
    offered = f"{args.rate:g}/s offered" if args.rate else "back to back"
    print(f"soak: {elapsed:.0f} s, {args.clients} clients ({offered}), {args.slow} stalled clients, "
          f"{args.flood} flooding clients, {args.workers} workers")
    print(f"requests answered:   {tally.answered} ({tally.answered / elapsed:.0f}/s): {kinds}")
    print(f"5xx:                 {len(tally.server_errors)} (goal 0)")
    goal_p99 = 100 if args.flood else 50
    cheap = [t for kind, times in tally.latency_by_kind.items() if kind != "going-out" for t in times]
    judged = percentile(cheap, 0.99) if args.flood else p99
    print(f"well-behaved:        {len(lat)}, p50 {p50:.1f} ms, p99 {p99:.1f} ms"
          + (f"; not searches (all but going-out): p99 {judged:.1f} ms" if args.flood else "")
          + f" (goal p99 < {goal_p99} ms)")
    print(f"  p99 by kind (ms):  {per_kind}")
    print(f"/healthz worst:      {tally.healthz_worst * 1e3:.0f} ms over {tally.healthz_calls} calls, "
          f"{tally.healthz_failures} failed (goal < 1000 ms); p99 {percentile(tally.healthz_times, 0.99):.0f} ms"
          + (" (goal < 100 ms)" if args.flood else ""))
    if args.flood:
        flooded = {k: v for k, v in tally.by_kind.items() if k == "flood going-out"}
        print(f"flood:               {flooded.get('flood going-out', 0)} going-out checks of 60 cards answered, "
              f"{tally.too_busy.get('flood going-out', 0)} of them 429; the well-behaved going-out checks: "
              f"{tally.too_busy.get('going-out', 0)} of {tally.by_kind.get('going-out', 0)} answered 429")
    print(f"stalled bodies:      {tally.timeouts_408} answered 408")
    print(f"rounds:              {acknowledged} acknowledged, {stored} stored in {len(tally.acknowledged)} games "
          f"(goal equal)")
    if tally.unexpected:
        print(f"unexpected:          {len(tally.unexpected)}: " + "; ".join(tally.unexpected[:10]))
    if stuck:
        print(f"threads still running: {stuck}")
    goals = [not tally.server_errors, judged < goal_p99, tally.healthz_worst < 1, not tally.healthz_failures,
             acknowledged == stored, not stuck,
             not args.flood or percentile(tally.healthz_times, 0.99) < 100]
    if not all(goals):
        print("server log (last lines):\n  " + "\n  ".join(log_tail))
    return 0 if all(goals) else 1


if __name__ == "__main__":
    raise SystemExit(main())
