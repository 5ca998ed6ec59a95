"""The table's page: its weight and how soon it is drawn, on loopback against a real server.

    python bench/page.py [--runs 10] [--lighthouse build/lighthouse [--only-lighthouse]]

Starts `referee serve` on a free port (SQLite in a temporary directory), starts a game, then
opens the start page and the game's page in the system Chromium (Playwright, launched with
`executable_path`; no browser is downloaded), a fresh browser context each run.

Prints, for each page: the bytes the browser fetched (every request of the page: HTML, CSS,
JavaScript, and the API answers it asks for; goal: under 150 KB), and the first contentful
paint and the time until the page's content is on screen (the standings drawn, for the game),
median and worst of the runs (goal: first render under 1 s). As a baseline in the same run:
the same browser drawing an empty page from the same server.

With `--lighthouse FOLDER` (a folder where `npm install --prefix FOLDER lighthouse@12.2.3` was
run; build/ is ignored by git), it first runs Lighthouse on the mobile profile against the system Chromium
(`CHROME_PATH`, headless) for the start page and a game page of each kind (cards: Ten Pennies;
tiles: Rummikub; teams: Canasta in pairs; phases: Phase 10), each with a round entered, and
prints performance, accessibility and best practices (goal: 95, 100, 100), the metrics, the
audits that cost performance points, and whether the page is installable where Lighthouse
still says (12 does not). `--only-lighthouse` skips the timed runs.
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
from typing import Any

from playwright.sync_api import Page, sync_playwright

CHROMIUM = os.environ.get("REFEREE_CHROMIUM", "/usr/bin/chromium")
LIGHTHOUSE_VERSION = "12.2.3"  # the last that runs on the Node of this project's machines
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


def post(base: str, path: str, body: dict[str, object], token: str | None = None) -> dict[str, Any]:
    headers = {"Content-Type": "application/json"} | ({"Authorization": f"Bearer {token}"} if token else {})
    request = urllib.request.Request(f"{base}{path}", json.dumps(body).encode(), headers)
    return dict(json.load(LOCAL.open(request)))


def new_game(base: str, ruleset: str = "bing-rummy", players: tuple[str, ...] = ("Ann", "Bob", "Cy", "Dee"),
             teams: list[list[str]] | None = None, played: dict[str, object] | None = None) -> str:
    """A game started through the API; with `played`, that round entered."""
    created = post(base, "/v1/games", {"ruleset": ruleset, "players": list(players)} | ({"teams": teams} if teams else {}))
    if played:
        post(base, f"/v1/games/{created['id']}/rounds", played, str(created["token"]))
    return str(created["id"])


# A game page of each kind, with a round on its sheet: the pages Lighthouse scores.
KINDS: tuple[tuple[str, str, tuple[str, ...], list[list[str]] | None, dict[str, object]], ...] = (
    ("cards (Ten Pennies)", "ten-pennies", ("Ann", "Bob", "Cy"), None,
     {"went_out": "Ann", "points": {"Bob": 25, "Cy": 10}, "cards": {"Bob": 3, "Cy": 2}}),
    ("tiles (Rummikub)", "rummikub", ("Ann", "Bob", "Cy"), None, {"went_out": "Ann", "points": {"Bob": 25, "Cy": 10}}),
    ("teams (Canasta)", "canasta", ("Ann", "Bob", "Cy", "Dee"), [["Ann", "Cy"], ["Bob", "Dee"]],
     {"went_out": "Ann", "hands": {"Ann": [], "Bob": ["4C"], "Cy": ["8D"], "Dee": ["AH", "JK"]},
      "melded": {"Ann": [["KH", "KS", "KD", "KC", "KH", "KS", "KD"]], "Cy": [["5H", "5S", "5D"]],
                 "Bob": [["9H", "9S", "2C"]]}, "red_threes": {"Ann": 1}}),
    ("phases (Phase 10)", "phase-10", ("Ann", "Bob", "Cy"), None,
     {"went_out": "Ann", "points": {"Bob": 25, "Cy": 10}, "phases_made": ["Ann", "Cy"]}),
)


def lighthouse(folder: Path, name: str, url: str) -> None:
    """One Lighthouse run (mobile profile, the system Chromium headless) and its figures."""
    binary = folder / "node_modules" / ".bin" / "lighthouse"
    done = subprocess.run([str(binary), url, "--quiet", "--output=json", "--output-path=stdout",
                           "--form-factor=mobile", "--chrome-flags=--headless=new --no-sandbox"],
                          capture_output=True, text=True, env=os.environ | {"CHROME_PATH": CHROMIUM}, check=False)
    if done.returncode != 0:
        print(f"{name}: Lighthouse failed: {done.stderr.strip()[-300:]}")
        return
    report = json.loads(done.stdout)
    score = {key: round(100 * (c["score"] or 0)) for key, c in report["categories"].items()}
    audits = report["audits"]
    costs = sorted((a["id"], a.get("displayValue", "")) for a in audits.values()
                    if a.get("score") is not None and a["score"] < 0.9 and a.get("scoreDisplayMode") in ("numeric", "binary")
                    and any(r["id"] == a["id"] for r in report["categories"]["performance"]["auditRefs"]))
    metrics = ", ".join(f"{key} {audits[key]['displayValue']}" for key in
                        ("first-contentful-paint", "largest-contentful-paint", "total-blocking-time",
                         "cumulative-layout-shift", "speed-index") if key in audits)
    installable = audits.get("installable-manifest")
    print(f"{name}: performance {score.get('performance')}, accessibility {score.get('accessibility')}, best "
          f"practices {score.get('best-practices')} (goal 95, 100, 100)"
          + (f", installable: {installable['score'] == 1}" if installable else ", installable: not reported")
          + (f", PWA {score['pwa']}" if "pwa" in score else ""))
    print(f"    {metrics}")
    if costs:
        print("    costs: " + "; ".join(f"{key} {value}".strip() for key, value in costs))
    for key in ("largest-contentful-paint-element", "layout-shifts"):  # what the two metrics are made of
        items = [i for item in (audits.get(key, {}).get("details") or {}).get("items", []) for i in
                 (item.get("items") or [item])]
        found = [f"{(i.get('node') or {}).get('selector', '?')}"
                 + (f" {i['score']:.3f}" if isinstance(i.get("score"), float) else "") for i in items if i.get("node")]
        if found:
            print(f"    {key}: {', '.join(found[:4])}")


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
    parser.add_argument("--lighthouse", type=Path, help="a folder holding node_modules/.bin/lighthouse")
    parser.add_argument("--only-lighthouse", action="store_true", help="skip the timed runs")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        proc, base = start_server(Path(tmp))
        try:
            game = new_game(base)
            if args.lighthouse:
                print(f"Lighthouse {LIGHTHOUSE_VERSION}, mobile profile:")
                lighthouse(args.lighthouse, "start page", f"{base}/")
                for name, ruleset, players, teams, played in KINDS:
                    lighthouse(args.lighthouse, f"game page, {name}",
                               f"{base}/games/{new_game(base, ruleset, players, teams, played)}")
            if args.only_lighthouse:
                return
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
