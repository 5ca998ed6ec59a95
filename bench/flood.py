"""A flood of searches: each search endpoint's costliest body from 16 clients at once, and what
`/healthz` and a meld check feel of it.

    python bench/flood.py [--seconds 8] [--clients 16] [--workers 2] [--bodies FILE] [--seed 5]

First finds each search endpoint's costliest legal body (`bench/overshoot.py`, asked of the app in
this process; `--bodies` reads those its `--json` wrote instead). Then starts `referee serve
--workers N` itself (SQLite in a temporary folder), uploads the rulesets the bodies need, and runs
one phase without a flood, then one phase for each search endpoint, `--seconds` each: two monitor
threads ask `/healthz` and a meld check (Ten Pennies) every 20 ms on keep-alive connections, and,
in a flood phase, `--clients` threads of another process send that endpoint's body back to back
(after a 429 at once again: the harshest client). The memory (RSS) of the server's processes is read every 50 ms:
the workers, and the search processes each worker starts.

Prints for each phase the p99 and the worst of `/healthz` and of the meld check (goal: p99 under
100 ms), the flood's answers by status, and the peak RSS of a worker and of a search process
(goal: under 250 MB each). Exits 1 when a goal is missed.
"""

from __future__ import annotations

import os
import sys

# bench/http.py must not shadow the standard library's `http`.
sys.path = [p for p in sys.path if os.path.abspath(p or ".") != os.path.dirname(os.path.abspath(__file__))]

import argparse
import http.client
import json
import multiprocessing
import signal
import socket
import subprocess
import tempfile
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import psutil

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

HEALTH = ("GET", "/healthz", None)
MELD = ("POST", "/v1/rulesets/ten-pennies/melds/check", {"round": 1, "cards": ["8H", "8S", "2C"]})
EVERY = 0.02      # seconds between a monitor's requests
SAMPLE = 0.05     # seconds between readings of the server's memory
GOAL_MS = 100.0
GOAL_MB = 250.0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Client:
    """One keep-alive connection, made again when the server closes it."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.conn: http.client.HTTPConnection | None = None

    def send(self, method: str, path: str, body: Any) -> int:
        data = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if data is not None else {}
        for attempt in range(2):
            if self.conn is None:
                self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
            try:
                self.conn.request(method, path, data, headers)
                answer = self.conn.getresponse()
                answer.read()
                if answer.getheader("connection", "").lower() == "close":
                    self.close()
                return answer.status
            except (OSError, http.client.HTTPException):
                self.close()
                if attempt:
                    raise
        raise AssertionError("unreachable")

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
            self.conn = None


@dataclass
class Phase:
    name: str
    times: dict[str, list[float]] = field(default_factory=lambda: {"healthz": [], "meld": []})
    statuses: Counter[int] = field(default_factory=Counter)
    failures: int = 0
    worker_mb: float = 0.0
    search_mb: float = 0.0


def p99(times: list[float]) -> float:
    ordered = sorted(times)
    return ordered[max(0, int(len(ordered) * 0.99) - 1)] * 1e3 if ordered else float("nan")


def monitor(port: int, asked: tuple[str, str, Any], into: list[float], stop: threading.Event) -> None:
    client = Client(port)
    while not stop.is_set():
        started = time.perf_counter()
        status = client.send(*asked)
        into.append(time.perf_counter() - started)
        assert status == 200, (asked[1], status)
        time.sleep(max(0.0, EVERY - (time.perf_counter() - started)))
    client.close()


def flooder(port: int, path: str, body: Any, statuses: Counter[int], stop: threading.Event) -> None:
    client = Client(port)
    while not stop.is_set():
        try:
            statuses[client.send("POST", path, body)] += 1
        except (OSError, http.client.HTTPException):
            statuses[0] += 1
    client.close()


def flood(port: int, path: str, body: Any, clients: int, seconds: float, answers: Any) -> None:
    """`clients` threads sending the body back to back for `seconds` (in a process of its own, so
    that the monitors' clocks do not wait on the flood's threads); their answers by status, 0 for
    a failed connection, put on `answers`."""
    statuses: Counter[int] = Counter()
    stop = threading.Event()
    threads = [threading.Thread(target=flooder, args=(port, path, body, statuses, stop)) for _ in range(clients)]
    for thread in threads:
        thread.start()
    time.sleep(seconds)
    stop.set()
    for thread in threads:
        thread.join(timeout=120)
    answers.put(dict(statuses))


def server_processes(root: psutil.Process) -> tuple[list[psutil.Process], list[psutil.Process]]:
    """The server's workers (gunicorn's children) and their search processes (the workers' children
    that run the app: spawned by multiprocessing, not its resource tracker)."""
    workers = root.children()
    searches = [p for w in workers for p in w.children()
                if "resource_tracker" not in " ".join(p.cmdline())]
    return workers, searches


def watch_memory(root: psutil.Process, phase: Phase, stop: threading.Event) -> None:
    while not stop.is_set():
        try:
            workers, searches = server_processes(root)
            phase.worker_mb = max([phase.worker_mb, *(p.memory_info().rss / 2**20 for p in workers)])
            phase.search_mb = max([phase.search_mb, *(p.memory_info().rss / 2**20 for p in searches)])
        except psutil.Error:
            pass
        time.sleep(SAMPLE)


def run_phase(port: int, root: psutil.Process, name: str, seconds: float, clients: int,
              flooded: tuple[str, Any] | None) -> Phase:
    phase = Phase(name)
    stop = threading.Event()
    threads = [threading.Thread(target=monitor, args=(port, HEALTH, phase.times["healthz"], stop)),
               threading.Thread(target=monitor, args=(port, MELD, phase.times["meld"], stop)),
               threading.Thread(target=watch_memory, args=(root, phase, stop))]
    context = multiprocessing.get_context("spawn")
    answers = context.Queue()
    flooding = context.Process(target=flood, args=(port, *flooded, clients, seconds, answers)) \
        if flooded is not None else None
    if flooding is not None:
        flooding.start()
    for thread in threads:
        thread.start()
    time.sleep(seconds)
    stop.set()
    for thread in threads:
        thread.join(timeout=120)
    if flooding is not None:
        got = answers.get(timeout=180)
        flooding.join(timeout=60)
        phase.failures = got.pop(0, 0)
        phase.statuses.update(got)
    return phase


def start(port: int, workers: int, folder: str, database: str | None = None) -> subprocess.Popen[bytes]:
    """`referee serve --workers N` on `database` (a SQLite file in `folder` by default), once it
    answers a meld check."""
    env = dict(os.environ, REFEREE_DATABASE_URL=database or f"sqlite:///{folder}/referee.db")
    proc = subprocess.Popen([str(Path(sys.executable).with_name("referee")), "serve", "--port", str(port),
                             "--workers", str(workers)], cwd=folder, env=env, start_new_session=True,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and proc.poll() is None:
        try:
            if Client(port).send(*MELD) == 200:
                return proc
        except OSError:
            time.sleep(0.2)
    stop(proc)
    raise SystemExit("referee serve did not start")


def stop(proc: subprocess.Popen[bytes]) -> None:
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()


def bodies(args: argparse.Namespace) -> tuple[dict[str, dict[str, Any]], list[str]]:
    """Each search endpoint's costliest body ({path, body, cpu_ms, said}) and the rulesets needed."""
    if args.bodies:
        found = json.loads(args.bodies.read_text())
        return found["bodies"], found["rulesets"]
    from bench.overshoot import costliest

    print("finding each search endpoint's costliest body (bench/overshoot.py) ...", flush=True)
    costly, uploads = costliest(args.seed, args.tries)
    return {endpoint: {"path": asked[0], "body": asked[1], "cpu_ms": round(cpu * 1e3, 1), "said": said}
            for endpoint, (cpu, said, _, asked) in costly.items()}, uploads


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=8.0, help="of each phase")
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--bodies", type=Path, help="the JSON bench/overshoot.py --json wrote")
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--tries", type=int, default=1, help="rounds of bodies tried for the costliest")
    args = parser.parse_args()
    costly, uploads = bodies(args)
    phases: list[Phase] = []
    with tempfile.TemporaryDirectory() as folder:
        port = free_port()
        proc = start(port, args.workers, folder)
        try:
            client = Client(port)
            for text in uploads:
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
                conn.request("POST", "/v1/rulesets", text.encode(), {"Content-Type": "application/yaml"})
                answer = conn.getresponse()
                answer.read()
                if answer.status != 201:
                    raise SystemExit(f"a ruleset was refused: {answer.status}")
                conn.close()
            client.close()
            root = psutil.Process(proc.pid)
            phases.append(run_phase(port, root, "no flood", args.seconds, args.clients, None))
            for endpoint, found in sorted(costly.items()):
                flooded = (f"/v1/rulesets/{found['path']}", found["body"])
                phases.append(run_phase(port, root, endpoint, args.seconds, args.clients, flooded))
        finally:
            stop(proc)
    print(f"referee serve --workers {args.workers}; {args.clients} clients flooding one search endpoint at a "
          f"time with its costliest body, {args.seconds:g} s a phase; {os.cpu_count()} cores")
    print(f"{'flooded':18} {'healthz p99':>11} {'max':>8} {'meld p99':>9} {'max':>8}  {'peak RSS worker':>15} "
          f"{'search':>7}  flood answers (its body alone, in process)")
    missed = False
    for phase in phases:
        health, meld = phase.times["healthz"], phase.times["meld"]
        answers = ", ".join(f"{n} x {status}" for status, n in sorted(phase.statuses.items()))
        alone = costly.get(phase.name)
        said = f" ({alone['said']}, {alone['cpu_ms']} ms)" if alone else ""
        print(f"{phase.name:18} {p99(health):9.1f} ms {max(health) * 1e3:5.0f} ms {p99(meld):6.1f} ms "
              f"{max(meld) * 1e3:5.0f} ms  {phase.worker_mb:12.0f} MB {phase.search_mb:4.0f} MB  "
              f"{answers or '-'}{said}" + (f", {phase.failures} failed" if phase.failures else ""))
        missed |= p99(health) > GOAL_MS or p99(meld) > GOAL_MS or phase.failures > 0
        missed |= phase.worker_mb > GOAL_MB or phase.search_mb > GOAL_MB
    print(f"goals: p99 under {GOAL_MS:g} ms, RSS under {GOAL_MB:g} MB: {'missed' if missed else 'met'}")
    sys.exit(1 if missed else 0)


if __name__ == "__main__":
    main()
