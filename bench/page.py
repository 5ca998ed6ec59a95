"""The table's page: its weight and how soon it is drawn, on loopback against a real server.

    python bench/page.py [--runs 10]

Starts `referee serve` on a free port (SQLite in a temporary directory), starts a game, then
opens the start page and the game's page in the system Chromium (Playwright, launched with
`executable_path`; no browser is downloaded), a fresh browser context each run.

Prints, for each page: the bytes the browser fetched (every request of the page: HTML, CSS,
JavaScript, and the API answers it asks for; goal: under 150 KB), and the first contentful
paint and the time until the page's content is on screen (the standings drawn, for the game),
median and worst of the runs (goal: first render under 1 s). As a baseline in the same run:
the same browser drawing an empty page from the same server.
"""

from __future__ import annotations

import sys
from pathlib import Path

# bench/http.py would hide the standard library's http package from urllib
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]

import argparse
import json
import os
import socket
import statistics
import subprocess
import tempfile
import time
import urllib.request

from playwright.sync_api import Page, sync_playwright

CHROMIUM = os.environ.get("REFEREE_CHROMIUM", "/usr/bin/chromium")
LOCAL = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(tmp: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    referee = Path(sys.executable).with_name("referee")
    proc = subprocess.Popen([str(referee), "serve", "--port", str(port), "--database",
                             f"sqlite:///{tmp / 'bench.db'}", "--workers", "1"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    for _ in range(100):
        try:
            LOCAL.open(f"{base}/healthz", timeout=1).read()
            return proc, base
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("the server did not start")


def new_game(base: str) -> str:
    body = json.dumps({"ruleset": "bing-rummy", "players": ["Ann", "Bob", "Cy", "Dee"]}).encode()
    request = urllib.request.Request(f"{base}/v1/games", body, {"Content-Type": "application/json"})
    return str(json.load(LOCAL.open(request))["id"])


def visit(page: Page, url: str, ready: str) -> tuple[int, float, float]:
    """Bytes fetched, first contentful paint (ms) and ms until `ready` is on screen."""
    fetched: list[int] = []
    page.on("response", lambda r: fetched.append(len(r.body())) if r.ok else None)
    started = time.perf_counter()
    page.goto(url)
    page.wait_for_selector(ready, state="visible")
    drawn = (time.perf_counter() - started) * 1000
    paint = page.evaluate(
        "performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1")
    return sum(fetched), float(paint), drawn


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        proc, base = start_server(Path(tmp))
        try:
            game = new_game(base)
            pages = [("empty page (baseline)", f"{base}/healthz", "body"),
                     ("start page", f"{base}/", "#ruleset"),
                     ("game page", f"{base}/games/{game}", "#standings tbody tr")]
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, headless=True)
                for name, url, ready in pages:
                    runs = []
                    for _ in range(args.runs):
                        context = browser.new_context(viewport={"width": 360, "height": 740})
                        runs.append(visit(context.new_page(), url, ready))
                        context.close()
                    weight = max(r[0] for r in runs)
                    paints = [r[1] for r in runs]
                    drawn = [r[2] for r in runs]
                    print(f"{name}: {weight / 1024:.1f} KB fetched (goal < 150 KB); first contentful "
                          f"paint median {statistics.median(paints):.0f} ms, worst {max(paints):.0f} ms; "
                          f"content drawn median {statistics.median(drawn):.0f} ms, worst {max(drawn):.0f} ms "
                          f"(goal < 1000 ms)")
                browser.close()
        finally:
            proc.terminate()
            proc.wait(timeout=10)


if __name__ == "__main__":
    main()
