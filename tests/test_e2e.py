"""Against real `referee serve` processes: HTTP, two servers sharing a database, SIGKILL."""

from __future__ import annotations

import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.e2e


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def command() -> list[str]:
    script = Path(sys.executable).with_name("referee")
    return [str(script)] if script.exists() else [sys.executable, "-m", "referee.cli"]


class Server:
    """A `referee serve` process on a free port; built, it answers `/healthz` (`ready=False`:
    it is only started, and `ready()` waits for it, so that several start at once)."""

    def __init__(self, database: str, cwd: Path, workers: int = 2, *, ready: bool = True) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.proc = subprocess.Popen(
            [*command(), "serve", "--port", str(self.port), "--database", database, "--workers", str(workers)],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=cwd, start_new_session=True)
        if ready:
            self.ready()

    def ready(self) -> None:
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        assert f"http://127.0.0.1:{self.port}" in line, line + (self.proc.stderr.read() if self.proc.stderr else "")
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                if call(self.base, "GET", "/healthz")[0] == 200:
                    return
            except OSError:
                time.sleep(0.1)
        raise AssertionError("the server did not answer /healthz")

    def stop(self, sig: int = signal.SIGTERM) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, sig)
            self.proc.wait(timeout=30)
        for stream in (self.proc.stdout, self.proc.stderr):
            if stream:
                stream.close()


# The servers are on loopback: never through a proxy the environment may name.
LOOPBACK = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def call(base: str, method: str, path: str, body: object = None,
         headers: dict[str, str] | None = None) -> tuple[int, Any]:
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(base + path, data=data, method=method, headers={
        **({"Content-Type": "application/json"} if data is not None else {}), **(headers or {})})
    try:
        with LOOPBACK.open(request, timeout=60) as response:
            return response.status, json.loads(response.read() or b"null")
    except urllib.error.HTTPError as error:
        with error:
            return error.code, json.loads(error.read() or b"null")


@pytest.fixture
def servers(empty_database_url: str, tmp_path: Path) -> Iterator[list[Server]]:
    started: list[Server] = []
    yield started
    for server in started:
        server.stop()


def test_service_over_http(servers: list[Server], empty_database_url: str, tmp_path: Path) -> None:
    servers.append(Server(empty_database_url, tmp_path, workers=1))
    base = servers[0].base
    status, body = call(base, "POST", "/v1/rulesets/ten-pennies/melds/check", {"round": 1, "cards": ["8H", "8S", "2C"]})
    assert status == 200 and body["valid"] is True
    status, body = call(base, "POST", "/v1/rulesets/ten-pennies/melds/check", {"cards": ["1H"]})
    assert status == 422 and body["errors"][0]["code"] == "unknown_card"
    status, game = call(base, "POST", "/v1/games", {"ruleset": "garbage", "players": ["ann", "bob"]})
    assert status == 201
    auth = {"Authorization": f"Bearer {game['token']}"}
    assert call(base, "POST", f"/v1/games/{game['id']}/rounds", {"winner": "bob"}, auth)[0] == 200
    status, read = call(base, "GET", f"/v1/games/{game['id']}")
    assert status == 200 and [p["layout_size"] for p in read["players"]] == [10, 9]


def test_forty_concurrent_writers_from_two_servers(servers: list[Server], empty_database_url: str,
                                                  tmp_path: Path) -> None:
    url = empty_database_url  # three processes writing: a server of two workers, one of one
    servers.extend([Server(url, tmp_path, workers=2, ready=False), Server(url, tmp_path, workers=1, ready=False)])
    for server in servers:  # started together: two processes migrating one database at once
        server.ready()
    status, game = call(servers[0].base, "POST", "/v1/games", {"ruleset": "bing-rummy", "players": ["A", "B", "C"]})
    assert status == 201
    auth = {"Authorization": f"Bearer {game['token']}"}
    results: list[int] = []
    lock = threading.Lock()

    def writer(i: int) -> None:
        base = servers[i % 2].base
        status, _ = call(base, "POST", f"/v1/games/{game['id']}/rounds",
                         {"went_out": "A", "points": {"B": 2 * (i % 2), "C": 0}, "cards": {"C": i}},  # no hand is worth 1
                         auth | {"Idempotency-Key": f"w{i}"})
        with lock:
            results.append(status)

    threads = [threading.Thread(target=writer, args=(i,)) for i in range(40)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert results.count(200) == 40, results
    status, read = call(servers[1].base, "GET", f"/v1/games/{game['id']}")
    assert len(read["rounds"]) == 40
    assert sorted(r["cards"]["C"] for r in read["rounds"]) == list(range(40))
    assert [r["number"] for r in read["rounds"]] == list(range(1, 41))
    assert {p["name"]: p["score"] for p in read["players"]}["B"] == 40


def test_sigkill_loses_no_answered_round(tmp_path: Path) -> None:
    database = f"sqlite:///{tmp_path / 'referee.db'}"
    server = Server(database, tmp_path, workers=1)  # killed whole: how many workers is not the point
    try:
        status, game = call(server.base, "POST", "/v1/games", {"ruleset": "bing-rummy", "players": ["A", "B"]})
        auth = {"Authorization": f"Bearer {game['token']}"}
        answered: list[int] = []
        stop = threading.Event()

        def writer(first: int) -> None:
            i = first
            while not stop.is_set() and i < first + 2000:
                try:
                    status, _ = call(server.base, "POST", f"/v1/games/{game['id']}/rounds",
                                     {"went_out": "A", "points": {"B": 0}, "cards": {"B": i}}, auth)
                except (OSError, http.client.HTTPException, ValueError):
                    return  # the server died mid-answer: this round was never answered
                if status == 200:
                    answered.append(i)
                i += 1

        threads = [threading.Thread(target=writer, args=(n * 10_000,)) for n in range(2)]
        for t in threads:
            t.start()
        deadline = time.monotonic() + 30
        while len(answered) < 30 and time.monotonic() < deadline:
            time.sleep(0.02)
        server.stop(signal.SIGKILL)
        stop.set()
        for t in threads:
            t.join(timeout=60)
    finally:
        server.stop(signal.SIGKILL)
    assert len(answered) >= 30
    again = Server(database, tmp_path, workers=1)
    try:
        status, read = call(again.base, "GET", f"/v1/games/{game['id']}")
    finally:
        again.stop()
    assert status == 200
    stored = {r["cards"]["B"] for r in read["rounds"]}
    assert set(answered) <= stored
