"""Following a game live: `GET /v1/games/{id}/events`, a server-sent event stream served from
each worker's event loop, holding no request thread.

A follower is a coroutine of its worker process. The followers of one game in one process
share a `Followed`: the game is built once per change and language, by the app's own
`GET /v1/games/{id}` run in the thread pool for the moment it takes, and the same event is
given to every follower of that language. A follower slower than the writes is given only the
newest game (`Follower.offer` replaces what it has not yet sent).

How a process learns that a game changed, whichever process wrote it:
- PostgreSQL: every write sends `NOTIFY referee_games, '<id>'` in its transaction
  (`api.storage`); each process that has followers holds one connection that LISTENs
  (`Listening`), opened with the first follower and closed with the last.
- SQLite (one machine): each process with followers asks the database for the sequence of the
  games it follows every `LIVE_POLL_SECONDS` (`Polling`): one indexed query for all of them.

See docs/service.md, "Following a game live".
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
from collections.abc import Callable
from concurrent.futures import Executor
from typing import Any, Protocol
from urllib.parse import quote

from api.asgi import Asgi, Receive, Scope, Send, header
from api.bridge import Answer, Wsgi, _run, environ
from api.storage import CHANGES_CHANNEL, Store

KEEPALIVE_SECONDS = 15.0  # a comment line at least this often (config LIVE_KEEPALIVE_SECONDS)
POLL_SECONDS = 0.25  # SQLite: how often a process asks whether its followed games changed
LISTEN_READY_SECONDS = 5.0  # PostgreSQL: how long a first follower waits for the LISTEN
RECONNECT_SECONDS = 1.0  # PostgreSQL: the pause before the listening connection is opened again
EVENTS_PATH = re.compile(r"/v1/games/([^/]+)/events")
KEEPALIVE = b": keep-alive\n\n"

_log = logging.getLogger("referee.live")


def event(etag: str, body: bytes) -> bytes:
    """The game as one `game` event: its ETag as the id, its JSON as the data (a line each, were
    the JSON ever written on several; a client joins them back with newlines)."""
    lines = body.rstrip(b"\n").split(b"\n")
    return b"event: game\nid: " + etag.encode("latin-1") + b"\n" + b"".join(
        b"data: " + line + b"\n" for line in lines) + b"\n"


class Snapshot:
    """The app's answer to `GET /v1/games/{id}` in one language, and its event when it is a game."""

    def __init__(self, answer: Answer) -> None:
        self.status, self.headers, self.body = answer
        self.etag = next((v.decode("latin-1") for k, v in self.headers if k == b"etag"), "")
        self.event = event(self.etag, self.body) if self.status == 200 else b""


class Follower:
    """One open stream: the newest game it was offered, and the ETag it last sent."""

    def __init__(self, language: str) -> None:
        self.language = language
        self.latest: Snapshot | None = None
        self.sent = ""
        self.woken = asyncio.Event()

    def offer(self, snapshot: Snapshot) -> None:
        self.latest = snapshot
        self.woken.set()


class Followed:
    """A game followed in this process: its followers, and its builds, one per language and change."""

    def __init__(self, game_id: str) -> None:
        self.game_id = game_id
        self.followers: set[Follower] = set()
        self.generation = 0  # one more at every change heard of
        self.builds: dict[str, tuple[int, asyncio.Task[Snapshot]]] = {}
        self.refreshing: asyncio.Task[None] | None = None


class Changes(Protocol):
    """How a process hears that games changed: it calls `changed(id)` for each (`everything()`
    when it may have missed some), from `start()` until `stop()`."""

    async def start(self) -> None: ...

    async def stop(self) -> None: ...


class Live:
    """ASGI middleware: `GET /v1/games/{id}/events` streamed here; every other request to `inner`."""

    def __init__(self, inner: Asgi, app: Any, pool: Executor, language: Callable[[Scope], str]) -> None:
        self.inner = inner
        self.app: Wsgi = app
        self.pool = pool
        self.language = language
        self.store: Store = app.extensions["referee.store"]
        self.keepalive = float(app.config.get("LIVE_KEEPALIVE_SECONDS", KEEPALIVE_SECONDS))
        self.poll = float(app.config.get("LIVE_POLL_SECONDS", POLL_SECONDS))
        self.games: dict[str, Followed] = {}
        self.changes: Changes | None = None
        self.builds = 0  # how many times this process built a game for its followers

    @property
    def followers(self) -> int:
        """How many streams this process holds open."""
        return sum(len(followed.followers) for followed in self.games.values())

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not following(scope):
            await self.inner(scope, receive, send)
            return
        await self.follow(scope, receive, send, scope["path"].split("/")[3])

    # ---------------------------------------------------------------- one stream

    async def follow(self, scope: Scope, receive: Receive, send: Send, game_id: str) -> None:
        follower = Follower(self.language(scope))
        followed = self.games.get(game_id)
        if followed is None:
            followed = self.games[game_id] = Followed(game_id)
        followed.followers.add(follower)
        try:
            await self._hearing()
            first = await self.snapshot(followed, follower.language)
            if first.status != 200:  # an unknown game: the app's own problem answer
                await send({"type": "http.response.start", "status": first.status, "headers": first.headers})
                await send({"type": "http.response.body", "body": first.body})
                return
            await send({"type": "http.response.start", "status": 200, "headers": _stream_headers(follower)})
            if follower.latest is None:
                follower.offer(first)
            if header(scope, b"last-event-id") == first.etag:
                follower.sent = first.etag  # the client has this game: nothing to send yet
            await self._stream(follower, receive, send)
        finally:
            await self._leave(followed, follower)

    async def _stream(self, follower: Follower, receive: Receive, send: Send) -> None:
        gone = asyncio.ensure_future(_until_gone(receive))
        gone.add_done_callback(lambda _: follower.woken.set())
        loop = asyncio.get_running_loop()
        said = loop.time()  # when the client was last sent something: the keep-alive counts from it
        try:
            while not gone.done():
                try:
                    async with asyncio.timeout_at(said + self.keepalive):
                        await follower.woken.wait()
                except TimeoutError:
                    await send({"type": "http.response.body", "body": KEEPALIVE, "more_body": True})
                    said = loop.time()
                    continue
                follower.woken.clear()
                latest = follower.latest
                if latest is not None and latest.etag != follower.sent and not gone.done():
                    follower.sent = latest.etag
                    await send({"type": "http.response.body", "body": latest.event, "more_body": True})
                    said = loop.time()
        finally:
            gone.cancel()

    async def _leave(self, followed: Followed, follower: Follower) -> None:
        followed.followers.discard(follower)
        if followed.followers or self.games.get(followed.game_id) is not followed:
            return
        del self.games[followed.game_id]
        if followed.refreshing is not None:
            followed.refreshing.cancel()
        if not self.games and self.changes is not None:
            changes, self.changes = self.changes, None
            await changes.stop()

    # ---------------------------------------------------------------- the game, built once

    async def snapshot(self, followed: Followed, language: str) -> Snapshot:
        """The game as it is since the last change heard of, in `language`: built once, whoever asks."""
        held = followed.builds.get(language)
        if held is None or held[0] != followed.generation:
            held = followed.generation, asyncio.ensure_future(self._build(followed.game_id, language))
            followed.builds[language] = held
        return await asyncio.shield(held[1])

    async def _build(self, game_id: str, language: str) -> Snapshot:
        self.builds += 1
        scope = {"type": "http", "method": "GET", "path": f"/v1/games/{game_id}",
                 "query_string": f"lang={quote(language)}".encode(), "headers": [(b"accept", b"application/json")]}
        loop = asyncio.get_running_loop()
        return Snapshot(await loop.run_in_executor(self.pool, _run, self.app, environ(scope, b"")))

    def changed(self, game_id: str) -> None:
        """A game changed (maybe): its followers in this process get it anew, built once a language."""
        followed = self.games.get(game_id)
        if followed is None:
            return
        followed.generation += 1
        if followed.refreshing is None:
            followed.refreshing = asyncio.ensure_future(self._refresh(followed))

    def everything(self) -> None:
        for game_id in list(self.games):
            self.changed(game_id)

    async def _refresh(self, followed: Followed) -> None:
        try:
            generation = -1
            while generation != followed.generation:
                generation = followed.generation
                for language in {follower.language for follower in followed.followers}:
                    snapshot = await self.snapshot(followed, language)
                    if snapshot.status != 200:
                        _log.warning("game %s could not be built for its followers: %s",
                                     followed.game_id, snapshot.status)
                        continue
                    for follower in followed.followers:
                        if follower.language == language:
                            follower.offer(snapshot)
        finally:
            followed.refreshing = None

    async def _hearing(self) -> None:
        """Hear of changes from now on (before the first build, so none is missed)."""
        if self.changes is None:
            if self.store.engine.dialect.name == "postgresql":
                self.changes = Listening(self)
            else:
                self.changes = Polling(self)
        await self.changes.start()


def following(scope: Scope) -> bool:
    """Whether a request asks to follow a game (and is served here)."""
    return scope.get("method") == "GET" and EVENTS_PATH.fullmatch(scope.get("path", "")) is not None


def _stream_headers(follower: Follower) -> list[tuple[bytes, bytes]]:
    headers = [(b"content-type", b"text/event-stream; charset=utf-8"), (b"cache-control", b"no-store"),
               (b"x-accel-buffering", b"no"),  # nginx: pass each event on as it comes
               (b"content-language", follower.language.encode()), (b"vary", b"Accept-Language, Cookie"),
               (b"access-control-allow-origin", b"*")]  # as the app's CORS answers every /v1/ path
    return headers


async def _until_gone(receive: Receive) -> None:
    while (await receive())["type"] != "http.disconnect":
        pass


class Polling:
    """SQLite: the sequences of the games followed here, asked every `live.poll` seconds."""

    def __init__(self, live: Live) -> None:
        self.live = live
        self.task: asyncio.Task[None] | None = None

    async def start(self) -> None:
        if self.task is None:
            self.task = asyncio.ensure_future(self._run())

    async def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            self.task = None

    async def _run(self) -> None:
        seen: dict[str, int] = {}
        loop = asyncio.get_running_loop()
        while True:
            followed = list(self.live.games)
            try:
                seqs = await loop.run_in_executor(self.live.pool, self.live.store.seqs, followed)
            except Exception:  # noqa: BLE001 - a database that fails now may answer next time
                _log.exception("could not ask the database whether followed games changed")
                seqs = {}
            for game_id, seq in seqs.items():
                # a game first seen here is built again: a write may have come before this look
                if seen.get(game_id) != seq:
                    seen[game_id] = seq
                    self.live.changed(game_id)
            for game_id in set(seen) - set(followed):
                del seen[game_id]
            await asyncio.sleep(self.live.poll)


class Listening:
    """PostgreSQL: one connection of this process that LISTENs on the games' channel."""

    def __init__(self, live: Live) -> None:
        self.live = live
        self.task: asyncio.Task[None] | None = None
        self.ready = asyncio.Event()

    async def start(self) -> None:
        if self.task is None:
            self.task = asyncio.ensure_future(self._run())
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(LISTEN_READY_SECONDS):
                await self.ready.wait()

    async def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task
            self.task = None

    async def _run(self) -> None:
        import psycopg

        conninfo = self.live.store.engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(conninfo, autocommit=True) as conn:
                    await conn.execute(f"LISTEN {CHANGES_CHANNEL}")
                    if self.ready.is_set():
                        self.live.everything()  # heard nothing while the connection was down
                    self.ready.set()
                    async for notice in conn.notifies():
                        self.live.changed(notice.payload)
            except (psycopg.Error, OSError):
                _log.exception("the connection listening for game changes failed; opening it again")
                self.ready.set()  # the followers are served what the database gives, not kept waiting
            await asyncio.sleep(RECONNECT_SECONDS)
