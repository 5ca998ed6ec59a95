"""Following a game live (`api.live`), in this process: the ASGI layer driven by hand over the
app on SQLite and on PostgreSQL, and the Flask view alone (docs/service.md, "Following a game
live"). Real servers: tests/test_live_serve.py."""

from __future__ import annotations

import asyncio
import json
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from api.language import scope_language
from api.live import KEEPALIVE, Live
from tests.loops import run_apart

ROUND = {"went_out": "C", "points": {"A": 5, "B": 6, "D": 29}}
WAIT = 5.0  # seconds a test waits for what should come far sooner


async def _nothing(scope: Any, receive: Any, send: Any) -> None:
    raise AssertionError(f"{scope['path']} should not have reached the app")


def live_over(app: Any) -> Live:
    live = Live(_nothing, app, ThreadPoolExecutor(4), scope_language)
    live.poll = 0.05
    return live


def new_game(client: Any) -> tuple[str, dict[str, str]]:
    made = client.post("/v1/games", json={"ruleset": "bing-rummy", "players": ["A", "B", "C", "D"]}).get_json()
    return made["id"], {"Authorization": f"Bearer {made['token']}"}


class Stream:
    """One follower: the messages the layer sent it, and `leave()` to close it as a client does."""

    def __init__(self, live: Live, path: str, headers: dict[str, str] | None = None) -> None:
        path, _, query = path.partition("?")
        scope = {"type": "http", "method": "GET", "path": path, "query_string": query.encode(),
                 "headers": [(k.lower().encode(), v.encode()) for k, v in (headers or {}).items()]}
        self.sent: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.gone = asyncio.Event()
        self.asked = False
        self.task = asyncio.ensure_future(live(scope, self._receive, self.sent.put))

    async def _receive(self) -> dict[str, Any]:
        if not self.asked:
            self.asked = True
            return {"type": "http.request", "body": b"", "more_body": False}
        await self.gone.wait()
        return {"type": "http.disconnect"}

    async def start(self) -> dict[str, Any]:
        message = await asyncio.wait_for(self.sent.get(), WAIT)
        assert message["type"] == "http.response.start"
        return message

    async def body(self, wait: float = WAIT) -> bytes:
        message = await asyncio.wait_for(self.sent.get(), wait)
        assert message["type"] == "http.response.body"
        return bytes(message["body"])

    async def leave(self) -> None:
        self.gone.set()
        await asyncio.wait_for(self.task, WAIT)


def parsed(event: bytes) -> tuple[str, str, Any]:
    """(event name, id, data) of one event."""
    fields = dict(line.split(": ", 1) for line in event.decode().strip("\n").split("\n"))
    return fields["event"], fields["id"], json.loads(fields["data"])


def test_the_first_event_is_the_game_as_get_answers_it_then_each_change(app: Any, client: Any) -> None:
    game, auth = new_game(client)

    async def run() -> None:
        live = live_over(app)
        stream = Stream(live, f"/v1/games/{game}/events?lang=ru")
        start = await stream.start()
        headers = dict(start["headers"])
        assert start["status"] == 200 and headers[b"content-type"].startswith(b"text/event-stream")
        read = await asyncio.to_thread(client.get, f"/v1/games/{game}?lang=ru")
        assert await stream.body() == (b"event: game\nid: " + read.headers["ETag"].encode() + b"\ndata: "
                                       + read.get_data().rstrip(b"\n") + b"\n\n")
        for number in (1, 2):
            written = await asyncio.to_thread(client.post, f"/v1/games/{game}/rounds", json=ROUND, headers=auth)
            name, etag, data = parsed(await stream.body())
            assert (name, etag) == ("game", written.headers["ETag"]) and len(data["rounds"]) == number
            now = await asyncio.to_thread(client.get, f"/v1/games/{game}?lang=ru")
            assert data == now.get_json() and data["ends"]["words"] == now.get_json()["ends"]["words"]
        await stream.leave()

    run_apart(run())


def test_followers_of_one_game_share_one_build_per_change_and_language(app: Any, client: Any) -> None:
    game, auth = new_game(client)

    async def run() -> None:
        live = live_over(app)
        streams = [Stream(live, f"/v1/games/{game}/events?lang={'sv' if i % 2 else 'en'}") for i in range(40)]
        for stream in streams:
            await stream.start()
            await stream.body()
        assert live.followers == 40
        await asyncio.sleep(5 * live.poll)  # SQLite: a game newly followed is built once more
        before = live.builds
        await asyncio.to_thread(client.post, f"/v1/games/{game}/rounds", json=ROUND, headers=auth)
        events = [parsed(await stream.body()) for stream in streams]
        assert {etag for _, etag, _ in events} == {f'"{game}.1"'}
        assert live.builds - before == 2  # one a language, for forty followers
        for stream in streams:
            await stream.leave()

    run_apart(run())


def test_a_client_that_has_the_current_game_gets_no_first_event(app: Any, client: Any) -> None:
    game, auth = new_game(client)
    client.post(f"/v1/games/{game}/rounds", json=ROUND, headers=auth)

    async def run() -> None:
        live = live_over(app)
        live.keepalive = 0.2
        current = Stream(live, f"/v1/games/{game}/events", {"Last-Event-ID": f'"{game}.1"'})
        stale = Stream(live, f"/v1/games/{game}/events", {"Last-Event-ID": f'"{game}.0"'})
        await current.start()
        await stale.start()
        assert await current.body() == KEEPALIVE  # and not the game it has
        assert parsed(await stale.body())[1] == f'"{game}.1"'
        await asyncio.to_thread(client.post, f"/v1/games/{game}/rounds", json=ROUND, headers=auth)
        body = await current.body()
        for _ in range(int(WAIT / live.keepalive)):  # keep-alives until the event, for a while
            if body != KEEPALIVE:
                break
            body = await current.body()
        assert parsed(body)[1] == f'"{game}.2"'
        await current.leave()
        await stale.leave()

    run_apart(run())


def test_a_quiet_stream_gets_a_keep_alive_comment(app: Any, client: Any) -> None:
    game, _ = new_game(client)

    async def run() -> None:
        live = live_over(app)
        live.keepalive = 0.1
        stream = Stream(live, f"/v1/games/{game}/events")
        await stream.start()
        await stream.body()
        assert [await stream.body() for _ in range(3)] == [KEEPALIVE] * 3
        await stream.leave()

    run_apart(run())


def test_a_closed_stream_frees_what_it_held(app: Any, client: Any) -> None:
    game, auth = new_game(client)
    other, _ = new_game(client)

    async def run() -> None:
        live = live_over(app)
        streams = [Stream(live, f"/v1/games/{g}/events") for g in (game, game, other)]
        for stream in streams:
            await stream.start()
        assert live.followers == 3 and set(live.games) == {game, other} and live.changes is not None
        await streams[0].leave()
        assert live.followers == 2 and set(live.games) == {game, other}
        await streams[2].leave()
        assert live.followers == 1 and set(live.games) == {game}
        await streams[1].leave()
        # nothing followed: no follower, no game kept, no listening connection or polling left
        assert live.followers == 0 and live.games == {} and live.changes is None
        await asyncio.to_thread(client.post, f"/v1/games/{game}/rounds", json=ROUND, headers=auth)
        await asyncio.sleep(5 * live.poll)
        assert live.games == {} and len(asyncio.all_tasks()) == 1  # this test's own

    run_apart(run())


def test_an_unknown_game_is_a_404_problem_not_a_stream(app: Any) -> None:
    async def run() -> None:
        live = live_over(app)
        stream = Stream(live, "/v1/games/nosuchgame/events?lang=sv")
        start = await stream.start()
        headers = dict(start["headers"])
        assert start["status"] == 404 and headers[b"content-type"] == b"application/problem+json"
        problem = json.loads(await stream.body())
        assert problem["status"] == 404 and "nosuchgame" in problem["detail"]
        await asyncio.wait_for(stream.task, WAIT)  # ended: not a stream
        assert live.followers == 0 and live.games == {}

    run_apart(run())


def test_other_paths_and_methods_pass_to_the_app() -> None:
    reached: list[tuple[str, str]] = []

    async def inner(scope: Any, receive: Any, send: Any) -> None:
        reached.append((scope["method"], scope["path"]))

    class App:
        def __init__(self) -> None:
            self.extensions: dict[str, Any] = {"referee.store": None}
            self.config: dict[str, Any] = {}

    live = Live(inner, App(), ThreadPoolExecutor(1), scope_language)
    for method, path in [("POST", "/v1/games/x/events"), ("GET", "/v1/games/x"), ("GET", "/v1/games/x/events/y")]:
        run_apart(live({"type": "http", "method": method, "path": path, "headers": []}, None, None))  # type: ignore[arg-type]
    assert reached == [("POST", "/v1/games/x/events"), ("GET", "/v1/games/x"), ("GET", "/v1/games/x/events/y")]


# ---------------------------------------------------------------- the Flask app alone

def test_the_app_alone_answers_the_first_event_and_ends(client: Any) -> None:
    game, auth = new_game(client)
    client.post(f"/v1/games/{game}/rounds", json=ROUND, headers=auth)
    read = client.get(f"/v1/games/{game}?lang=sv")
    answer = client.get(f"/v1/games/{game}/events?lang=sv", headers={"Accept": "text/event-stream"})
    assert answer.status_code == 200 and answer.mimetype == "text/event-stream"
    name, etag, data = parsed(answer.get_data())
    assert (name, etag, data) == ("game", read.headers["ETag"], read.get_json())
    assert client.get(f"/v1/games/{game}/events", headers={"Last-Event-ID": etag}).get_data() == b""
    missing = client.get("/v1/games/nosuchgame/events")
    assert missing.status_code == 404 and missing.mimetype == "application/problem+json"


def test_the_openapi_documents_the_stream(quick_client: Any) -> None:
    path = quick_client.get("/v1/openapi.json").get_json()["paths"]["/v1/games/{game_id}/events"]["get"]
    assert "text/event-stream" in path["responses"]["200"]["content"]
    assert "application/problem+json" in path["responses"]["404"]["content"]
    assert any(p["name"] == "Last-Event-ID" for p in path["parameters"])


@pytest.mark.parametrize("body", [b'{"a": 1}\n', b'{\n  "a": 1\n}\n'])
def test_an_event_carries_the_json_whole(body: bytes) -> None:
    from api.live import event

    data = b"\n".join(line[6:] for line in event('"g.1"', body).split(b"\n") if line.startswith(b"data: "))
    assert json.loads(data) == {"a": 1}
