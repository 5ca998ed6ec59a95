"""HTTP throughput: `POST melds/check` against a bare Flask endpoint, same gunicorn, same load.

    python bench/http.py [--seconds 10] [--concurrency 16] [--workers 2]

Both apps run under gunicorn with the same workers; the same client load (threads with
one connection object per client thread; gunicorn's sync workers close
connections, so each request reconnects) drives each in turn. Prints both throughputs, the ratio (goal >= 0.6)
and p50/p99 latency.
"""

from __future__ import annotations

import os
import sys

# This file is called http.py; its folder must not shadow the standard library's `http`.
sys.path = [p for p in sys.path if os.path.abspath(p or ".") != os.path.dirname(os.path.abspath(__file__))]

import argparse
import http.client
import json
import signal
import socket
import subprocess
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

BARE_APP = '''
from flask import Flask, request, jsonify

def create_app():
    app = Flask(__name__)

    @app.post("/v1/rulesets/<rid>/melds/check")
    def check(rid):
        body = request.get_json()
        return jsonify({"valid": True, "violations": [], "kind": "set", "wilds": [], "n": len(body["cards"])})

    return app
'''
BODY = json.dumps({"round": 1, "cards": ["8H", "8S", "2C"]}).encode()
PATH = "/v1/rulesets/ten-pennies/melds/check"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start(app: str, port: int, workers: int, env: dict[str, str]) -> subprocess.Popen[bytes]:
    proc = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "--workers", str(workers), "--bind", f"127.0.0.1:{port}",
         "--log-level", "warning", app], cwd=env.get("CWD", str(ROOT)), env=env, start_new_session=True)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            conn.request("POST", PATH, BODY, {"Content-Type": "application/json"})
            if conn.getresponse().status == 200:
                conn.close()
                return proc
        except OSError:
            time.sleep(0.2)
    raise SystemExit(f"{app} did not start")


def load(port: int, seconds: float, concurrency: int) -> tuple[int, list[float]]:
    latencies: list[float] = []
    lock = threading.Lock()
    stop_at = time.monotonic() + seconds

    def client() -> None:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        mine = []
        while time.monotonic() < stop_at:
            started = time.perf_counter()
            conn.request("POST", PATH, BODY, {"Content-Type": "application/json"})
            response = conn.getresponse()
            response.read()
            assert response.status == 200
            mine.append(time.perf_counter() - started)
        conn.close()
        with lock:
            latencies.extend(mine)

    threads = [threading.Thread(target=client) for _ in range(concurrency)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return len(latencies), sorted(latencies)


def report(name: str, count: int, latencies: list[float], seconds: float) -> float:
    rate = count / seconds
    p50 = latencies[len(latencies) // 2] * 1e3
    p99 = latencies[int(len(latencies) * 0.99) - 1] * 1e3
    print(f"{name:26} {rate:8,.0f} requests/s   p50 {p50:6.2f} ms   p99 {p99:6.2f} ms")
    return rate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--concurrency", type=int, default=16)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        Path(tmp, "bare_app.py").write_text(BARE_APP)
        env = dict(os.environ, REFEREE_DATABASE_URL=f"sqlite:///{tmp}/referee.db",
                   PYTHONPATH=f"{ROOT}{os.pathsep}{tmp}")
        rates = {}
        for name, app in (("bare Flask endpoint", "bare_app:create_app()"),
                          ("referee melds/check", "api:create_app()")):
            port = free_port()
            proc = start(app, port, args.workers, env | {"CWD": tmp})
            try:
                load(port, min(2.0, args.seconds / 4), args.concurrency)  # warm up
                count, latencies = load(port, args.seconds, args.concurrency)
                rates[name] = report(name, count, latencies, args.seconds)
            finally:
                os.killpg(proc.pid, signal.SIGTERM)
                proc.wait(timeout=30)
    ratio = rates["referee melds/check"] / rates["bare Flask endpoint"]
    print(f"referee / bare throughput: {ratio:.2f} (goal >= 0.6); {args.workers} gunicorn workers, "
          f"{args.concurrency} clients, {args.seconds:.0f} s each")


if __name__ == "__main__":
    main()
