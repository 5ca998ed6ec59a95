"""HTTP throughput: `referee serve` as shipped against a bare Flask endpoint on the same server stack.

    python bench/http.py [--seconds 12] [--rounds 4] [--connections 16] [--workers 2] [--candidates]

Every server is started at once, each as its own process group, and warmed up for 2 s; then
wrk (/usr/bin/wrk, or WRK) loads one server at a time with `--connections` keep-alive
connections POSTing one meld check (`POST /v1/rulesets/ten-pennies/melds/check`), taking
turns for `--rounds` rounds of `--seconds / --rounds` each, so that a change in the machine's
other load falls on all of them alike. The two measured side by side:

- a bare Flask endpoint (parses the JSON, answers a small JSON) served exactly as `referee
  serve` serves its app: the same gunicorn workers, uvicorn worker, body buffer, search gate,
  live layer and thread bridge (`api.serve.run` with the bare app in place of `create_app`);
- `referee serve --workers N`, the real command in a subprocess, exactly as shipped.

So the ratio is what the referee's own app costs over Flask itself: its schemas, checks and
answers. Prints, for each, the requests/s over all its rounds and the median of its rounds'
p50 and p99, then referee's ratio to the bare endpoint (goal >= 0.8). `--candidates` also
measures the same app under the other servers considered (the figures docs/service.md gives),
and the bare endpoint under gunicorn's sync workers (which close the connection after each
answer, so wrk reconnects).
"""

from __future__ import annotations

import os
import sys

# This file is called http.py; its folder must not shadow the standard library's `http`.
sys.path = [p for p in sys.path if os.path.abspath(p or ".") != os.path.dirname(os.path.abspath(__file__))]

import argparse
import http.client
import importlib.util
import json
import re
import shutil
import signal
import socket
import statistics
import subprocess
import tempfile
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
# The shipped server as it was before (uvicorn's h11 parser and asyncio loop, a2wsgi's
# streaming bridge), or serving another app: the same gunicorn, body buffer and gate.
STACK = '''
import sys
from api import serve
import api
if sys.argv[3] == "former":
    from a2wsgi import WSGIMiddleware
    class Worker(serve._Worker):
        CONFIG_KWARGS = {"loop": "asyncio", "http": "h11", "lifespan": "off"}
    serve._Worker = Worker
    def threaded(app, threads):
        def terminated(environ, start_response):
            environ["wsgi.input_terminated"] = True
            return app(environ, start_response)
        return WSGIMiddleware(terminated, workers=threads)
    serve.ThreadedWsgi = threaded
if sys.argv[4] == "bare":
    import os
    import bare_app
    from api.storage import Store
    def create_app():
        app = bare_app.create_app()
        app.extensions["referee.store"] = Store(os.environ["REFEREE_DATABASE_URL"])  # the live layer reads it
        return app
    api.create_app = create_app
serve.run("127.0.0.1", int(sys.argv[1]), None, int(sys.argv[2]))
'''
BARE = "bare Flask, shipped stack"
REFEREE = "referee serve (shipped)"
BODY = {"round": 1, "cards": ["8H", "8S", "2C"]}
PATH = "/v1/rulesets/ten-pennies/melds/check"
WRK_SCRIPT = f'''wrk.method = "POST"
wrk.body = '{json.dumps(BODY)}'
wrk.headers["Content-Type"] = "application/json"
'''


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _installed() -> dict[str, bool]:
    return {name: importlib.util.find_spec(name) is not None for name in ("granian", "a2wsgi")}


def commands(workers: int, port: int, candidates: bool) -> list[tuple[str, list[str]]]:
    py, w, bind = sys.executable, str(workers), ["--bind", f"127.0.0.1:{port}"]
    referee = [str(Path(sys.executable).with_name("referee")), "serve", "--port", str(port), "--workers", w]
    gunicorn = [py, "-m", "gunicorn", "--workers", w, *bind, "--log-level", "warning"]
    granian = [py, "-m", "granian", "--workers", w, "--host", "127.0.0.1", "--port", str(port),
               "--log-level", "warning", "--factory"]
    chosen = [(BARE, [py, "-c", STACK, str(port), w, "shipped", "bare"]),
              (REFEREE, referee)]
    if not candidates:
        return chosen
    have = _installed()
    return [*chosen, *(entry for entry in [
            ("bare Flask, gunicorn sync", [*gunicorn, "bare_app:create_app()"]),
            ("referee, former stack", [py, "-c", STACK, str(port), w, "former", "referee"]),
            ("referee, gunicorn gthread 8", [*gunicorn, "-k", "gthread", "--threads", "8", "api:create_app()"]),
            ("referee, granian WSGI", [*granian, "--interface", "wsgi", "api:create_app"]),
            ("referee, granian ASGI+layer", [*granian, "--interface", "asgi", "api.serve:asgi_app"])]
        if have["a2wsgi"] or "former" not in entry[0]
        if have["granian"] or "granian" not in entry[0])]


def start(command: list[str], port: int, cwd: str, env: dict[str, str]) -> subprocess.Popen[bytes]:
    proc = subprocess.Popen(command, cwd=cwd, env=env, start_new_session=True,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and proc.poll() is None:
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            conn.request("POST", PATH, json.dumps(BODY), {"Content-Type": "application/json"})
            if conn.getresponse().status == 200:
                conn.close()
                return proc
        except OSError:
            time.sleep(0.2)
    stop(proc)
    raise SystemExit(f"{command} did not start")


def stop(proc: subprocess.Popen[bytes]) -> None:
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()


def milliseconds(text: str) -> float:
    value, unit = re.fullmatch(r"([\d.]+)(us|ms|s)", text).groups()  # type: ignore[union-attr]
    return float(value) * {"us": 1e-3, "ms": 1.0, "s": 1e3}[unit]


def wrk(port: int, seconds: float, connections: int, script: str) -> dict[str, float]:
    out = subprocess.run([os.environ.get("WRK", shutil.which("wrk") or "/usr/bin/wrk"), "-t2",
                          f"-c{connections}", f"-d{seconds:g}s", "--latency", "-s", script,
                          f"http://127.0.0.1:{port}{PATH}"],
                         capture_output=True, text=True, check=True).stdout
    figures = {"rate": float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1)),  # type: ignore[union-attr]
               "p50": milliseconds(re.search(r"\s50%\s+(\S+)", out).group(1)),  # type: ignore[union-attr]
               "p99": milliseconds(re.search(r"\s99%\s+(\S+)", out).group(1))}  # type: ignore[union-attr]
    bad = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", out)
    figures["non2xx"] = float(bad.group(1)) if bad else 0.0
    errors = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", out)
    figures["errors"] = float(sum(int(g) for g in errors.groups())) if errors else 0.0
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=12, help="of load for each server, in all")
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--candidates", action="store_true",
                        help="also measure the other servers considered")
    args = parser.parse_args()
    missing = [name for name, ok in _installed().items() if not ok]
    if args.candidates and missing:
        print(f"not installed, so not measured: {', '.join(missing)} (pip install {' '.join(missing)})")
    with tempfile.TemporaryDirectory() as tmp:
        Path(tmp, "bare_app.py").write_text(BARE_APP)
        script = Path(tmp, "post.lua")
        script.write_text(WRK_SCRIPT)
        env = dict(os.environ, REFEREE_DATABASE_URL=f"sqlite:///{tmp}/referee.db",
                   PYTHONPATH=f"{ROOT}{os.pathsep}{tmp}")
        names = [name for name, _ in commands(args.workers, 0, args.candidates)]
        ports = {name: free_port() for name in names}
        procs: dict[str, subprocess.Popen[bytes]] = {}
        rounds: dict[str, list[dict[str, float]]] = {name: [] for name in names}
        try:
            for name in names:
                command = dict(commands(args.workers, ports[name], args.candidates))[name]
                procs[name] = start(command, ports[name], tmp, env)
            for name in names:
                wrk(ports[name], 2, args.connections, str(script))  # warm up
            for _ in range(args.rounds):
                for name in names:
                    rounds[name].append(wrk(ports[name], args.seconds / args.rounds, args.connections, str(script)))
        finally:
            for proc in procs.values():
                stop(proc)
    rates = {}
    for name in names:
        figures = rounds[name]
        rates[name] = statistics.mean(f["rate"] for f in figures)
        p50 = statistics.median(f["p50"] for f in figures)
        p99 = statistics.median(f["p99"] for f in figures)
        bad = int(sum(f["non2xx"] + f["errors"] for f in figures))
        print(f"{name:30} {rates[name]:8,.0f} requests/s   p50 {p50:6.2f} ms   p99 {p99:6.2f} ms"
              + (f"   {bad} not 2xx or failed" if bad else ""))
    ratio = rates[REFEREE] / rates[BARE]
    print(f"referee serve / bare Flask on the same stack: {ratio:.2f} (goal >= 0.8); {args.workers} "
          f"workers, {args.connections} keep-alive connections, {args.rounds} rounds of "
          f"{args.seconds / args.rounds:g} s each, {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
