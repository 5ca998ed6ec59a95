"""Following a game live against real `referee serve` processes: a write taken by one instance
(or worker) reaches the followers of the others, and a thousand streams dropped at once leave
the service answering. The layer itself: tests/test_live.py."""

from __future__ import annotations

import asyncio
import http.client
import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import postgres_schema_url
from tests.loops import run_apart
from tests.test_e2e import Server, call

pytestmark = pytest.mark.e2e

ROUND = {"went_out": "C", "points": {"A": 5, "B": 6, "D": 29}}
WAIT = 10.0  # seconds a follower waits for what should come within one


class Following:
    """A follower over HTTP: `next()` reads the stream's next event, as (event, id, data)."""

    def __init__(self, base: str, game: str, headers: dict[str, str] | None = None) -> None:
        host, port = base.removeprefix("http://").split(":")
        self.connection = http.client.HTTPConnection(host, int(port), timeout=WAIT)
        self.connection.request("GET", f"/v1/games/{game}/events?lang=en",
                                headers={"Accept": "text/event-stream", **(headers or {})})
        self.response = self.connection.getresponse()

    def next(self) -> tuple[str, str, Any]:
        fields: dict[str, str] = {}
        while True:
            line = self.response.readline().decode().rstrip("\n")
            if line == "" and fields:
                return fields["event"], fields["id"], json.loads(fields["data"])
            if line and not line.startswith(":"):
                name, _, value = line.partition(": ")
                fields[name] = value

    def close(self) -> None:
        self.connection.close()


def new_game(base: str) -> tuple[str, dict[str, str]]:
    status, made = call(base, "POST", "/v1/games", {"ruleset": "bing-rummy", "players": ["A", "B", "C", "D"]})
    assert status == 201
    return made["id"], {"Authorization": f"Bearer {made['token']}"}


@pytest.fixture
def postgres_url() -> Iterator[str]:
    yield from postgres_schema_url()


@pytest.mark.postgres
def test_a_round_written_to_one_instance_reaches_the_followers_of_another(postgres_url: str,
                                                                        tmp_path: Path) -> None:
    servers = [Server(postgres_url, tmp_path, workers=1, ready=False) for _ in range(2)]
    try:
        for server in servers:
            server.ready()
        one, other = (server.base for server in servers)
        game, auth = new_game(one)
        followers = [Following(base, game) for base in (one, other, other)]
        assert {f.next()[1] for f in followers} == {f'"{game}.0"'}
        for number in (1, 2):
            status, written = call(one, "POST", f"/v1/games/{game}/rounds", ROUND, auth)
            assert status == 200
            for follower in followers:
                name, etag, data = follower.next()
                assert (name, etag, data) == ("game", f'"{game}.{number}"', written)
        started = time.monotonic()
        for server in servers:  # with the followers still there: their streams end at once
            server.stop()
        assert time.monotonic() - started < 4.0  # where each worker waited out its 5 s for them
        for follower in followers:
            with pytest.raises(http.client.IncompleteRead):  # the stream cut, as the client sees it
                follower.response.read()
            follower.close()
    finally:
        for server in servers:
            server.stop()


@pytest.fixture(scope="module")
def sqlite_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("live")
    server = Server(f"sqlite:///{folder / 'live.db'}", folder, workers=2)
    yield server
    server.stop()


def test_on_sqlite_a_round_taken_by_either_worker_reaches_every_follower(sqlite_server: Server) -> None:
    base = sqlite_server.base
    game, auth = new_game(base)
    followers = [Following(base, game) for _ in range(8)]  # the workers share them out
    assert {f.next()[1] for f in followers} == {f'"{game}.0"'}
    for number in (1, 2, 3):
        status, written = call(base, "POST", f"/v1/games/{game}/rounds", ROUND, auth)
        assert status == 200
        assert {json.dumps(f.next()[2]) for f in followers} == {json.dumps(written)}
    for follower in followers:
        follower.close()


def test_reconnecting_with_the_current_etag_skips_the_first_event(shared_server: Server) -> None:
    base = shared_server.base
    game, auth = new_game(base)
    current = Following(base, game, {"Last-Event-ID": f'"{game}.0"'})
    call(base, "POST", f"/v1/games/{game}/rounds", ROUND, auth)
    assert current.next()[1] == f'"{game}.1"'  # the first event it read is the change
    current.close()


def test_an_unknown_game_is_a_404_problem(shared_server: Server) -> None:
    follower = Following(shared_server.base, "nosuchgame")
    answer = follower.response
    assert answer.status == 404 and answer.getheader("Content-Type") == "application/problem+json"
    assert json.loads(answer.read())["status"] == 404
    follower.close()


@pytest.mark.timed
def test_a_thousand_streams_dropped_at_once_leave_the_service_answering(shared_server: Server) -> None:
    base = shared_server.base
    game, auth = new_game(base)
    port = int(base.rsplit(":", 1)[1])
    request = f"GET /v1/games/{game}/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n"

    async def open_and_drop() -> int:
        async def one() -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(request.encode())
            return reader, writer

        streams = await asyncio.gather(*(one() for _ in range(1000)))
        await asyncio.sleep(0.5)
        first = await asyncio.wait_for(streams[-1][0].readuntil(b"\n\n"), WAIT)  # headers, at least
        for _, writer in streams:
            writer.transport.abort()
        return len(first)

    assert run_apart(open_and_drop()) > 0
    started = time.monotonic()
    assert call(base, "GET", "/healthz")[0] == 200
    status, _ = call(base, "POST", f"/v1/games/{game}/rounds", ROUND, auth)
    assert status == 200 and time.monotonic() - started < 2.0
    follower = Following(base, game)
    assert follower.next()[1] == f'"{game}.1"'
    follower.close()
