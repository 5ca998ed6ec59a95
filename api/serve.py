"""`referee serve`: the app under gunicorn, one event loop per worker process.

Each of the `--workers N` processes runs uvicorn's event loop (gunicorn's `UvicornWorker`,
uvloop and the httptools parser). The loop reads every request, headers and body, with time
limits, before the Flask app sees it: a client that stalls costs a waiting coroutine, never a
thread; its headers are cut off after `HEADER_SECONDS`, its body answered 408. Requests whose
view is marked a search (`api.searches`) wait in the loop for one of `EXPENSIVE_AT_ONCE` places
per worker, get a 429 when none frees in time, and run in a search process of their own
(`api.bridge.SearchProcesses`); a game followed live (`GET /v1/games/{id}/events`) is streamed
from the loop itself (`api.live.Live`); every other request runs in that worker's thread pool
(`api.bridge.ThreadedWsgi`). See docs/service.md, "Serving and slow clients".
"""

from __future__ import annotations

import asyncio
import errno
import json
import os
import socket
import ssl
import sys
from collections.abc import Awaitable, Callable
from typing import Any, ClassVar, cast
from urllib.parse import parse_qs

from flask import Flask
from gunicorn.app.base import BaseApplication
from sqlalchemy.exc import SQLAlchemyError
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn_worker import UvicornWorker
from werkzeug.datastructures import LanguageAccept
from werkzeug.http import parse_accept_header, parse_cookie

from api import answer_language
from api.bridge import SearchProcesses, ThreadedWsgi, header
from api.live import Live, following
from api.problems import BASE, problem_document
from api.searches import search_routes
from api.storage import Store
from referee.values.errors import Problem, RefereeError
from referee.values.i18n import language, t, tn

HEADER_SECONDS = 10.0  # a request line and headers not complete within this: the connection is closed
BODY_IDLE_SECONDS = 5.0  # no byte of the body for this long: 408
BODY_TOTAL_SECONDS = 30.0  # the whole body must arrive within this: 408
DRAIN_BYTES = 4 * 1024 * 1024  # read and dropped past the limit, so the client reads the 413
APP_THREADS = 8  # per worker process: requests waiting on the database do not hold the others
EXPENSIVE_AT_ONCE = 1  # per worker process: checks that may search, each in a process of its own
EXPENSIVE_WAIT_SECONDS = 1.0  # how long such a check waits for its turn before a 429
RETRY_AFTER_SECONDS = 2
SWITCH_SECONDS = 0.001  # how long a thread of the app runs before another may take the interpreter
SEARCH_NICE = 19  # the search processes' priority below the worker's: cheap requests come first

Scope = dict[str, Any]
Message = dict[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
Asgi = Callable[[Scope, Receive, Send], Awaitable[None]]
IsSearch = Callable[[str, str], bool]  # (method, path): does the app run a search view for it?


class BufferedBody:
    """ASGI middleware: read the whole body in the event loop, then hand it on in one message.

    A body that stops arriving is answered 408 (problem JSON) and the connection closed.
    Past `limit` the app gets the body cut one chunk past it and answers 413 itself; the
    rest is read and dropped, up to `DRAIN_BYTES`, so that a client that sends its whole
    body before reading still reads the 413 (the connection is closed when that stops
    short). A body announced larger than `limit + DRAIN_BYTES`, or sent with `Expect:
    100-continue`, is not read at all: the 413 goes at once and the connection is closed.
    """

    def __init__(self, app: Asgi, limit: int | None, idle: float = BODY_IDLE_SECONDS,
                 total: float = BODY_TOTAL_SECONDS) -> None:
        self.app = app
        self.limit = limit
        self.idle = idle
        self.total = total

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = header(scope, b"content-length")
        if self.limit is not None and declared.isdigit() and int(declared) > self.limit and (
                int(declared) > self.limit + DRAIN_BYTES or header(scope, b"expect").lower() == "100-continue"):
            await self.app(scope, _replay(b"", receive), _closing(send))
            return
        try:
            read = await self._read(receive)
        except TimeoutError:
            await _timed_out(send, _language(scope))
            return
        if read is None:
            return  # the client left: nobody to answer
        body, complete = read
        await self.app(scope, _replay(body, receive), send if complete else _closing(send))

    async def _read(self, receive: Receive) -> tuple[bytes, bool] | None:
        """(the body kept, whether it was read to its end), or None when the client left.

        Raises TimeoutError when a body within the limit stops arriving."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.total
        kept: list[bytes] = []
        size = 0
        over = False
        while True:
            try:
                wait = min(self.idle, deadline - loop.time())
                async with asyncio.timeout(max(wait, 0)):  # no task made, unlike wait_for
                    message = await receive()
            except TimeoutError:
                if over:
                    return b"".join(kept), False
                raise
            if message["type"] == "http.disconnect":
                return None
            chunk = message.get("body", b"")
            if not over:
                kept.append(chunk)
            size += len(chunk)
            over = self.limit is not None and size > self.limit
            if not message.get("more_body", False):
                return b"".join(kept), True
            if over and size > (self.limit or 0) + DRAIN_BYTES:
                return b"".join(kept), False


def _replay(body: bytes, receive: Receive) -> Receive:
    """A `receive` that gives the buffered body once, then waits on the connection."""
    given = False

    async def replay() -> Message:
        nonlocal given
        if given:
            return await receive()
        given = True
        return {"type": "http.request", "body": body, "more_body": False}

    return replay


def _closing(send: Send) -> Send:
    """A `send` that asks the server to close the connection after this answer."""

    async def closing(message: Message) -> None:
        if message["type"] == "http.response.start":
            headers = [h for h in message.get("headers", []) if h[0].lower() != b"connection"]
            message = {**message, "headers": [*headers, (b"connection", b"close")]}
        await send(message)

    return closing


def _language(scope: Scope) -> str:
    """The language the app would answer this request in (`api.answer_language`), read from the
    raw request: the app never sees a request whose body stalled."""
    asked = parse_qs(scope.get("query_string", b"").decode("latin-1")).get("lang", [None])[0] \
        or parse_cookie(header(scope, b"cookie").lower()).get("lang")
    accepted = parse_accept_header(header(scope, b"accept-language").lower(), LanguageAccept)
    return answer_language(asked, accepted)


async def _problem(send: Send, status: int, body: dict[str, Any], code: str,
                   headers: list[tuple[bytes, bytes]]) -> None:
    """Answer a problem written by the server layer, in the request's language."""
    data = json.dumps(body).encode()
    await send({"type": "http.response.start", "status": status, "headers": [
        (b"content-type", b"application/problem+json"), (b"content-length", str(len(data)).encode()),
        (b"content-language", code.encode()), (b"vary", b"Accept-Language, Cookie"), *headers]})
    await send({"type": "http.response.body", "body": data})


async def _timed_out(send: Send, code: str) -> None:
    idle, total = f"{BODY_IDLE_SECONDS:g}", f"{BODY_TOTAL_SECONDS:g}"
    with language(code):
        body = problem_document(408, t(
            "The request body stopped arriving (nothing for {idle} s, or not all of it within {total} s).",
            idle=idle, total=total))
    await _problem(send, 408, body, code, [(b"connection", b"close")])


class ExpensiveGate:
    """ASGI middleware: requests that may search (`is_search`, read from the views' mark) take
    one of `at_once` places of this process.

    Such a request waits in the event loop (a coroutine, no thread) for a place; when none frees
    within `wait` seconds it is answered 429 with `Retry-After`, and the body it sent is
    dropped. Every other request passes at once, so `/healthz` and a meld check never queue
    behind a search.
    """

    def __init__(self, app: Asgi, is_search: IsSearch, at_once: int = EXPENSIVE_AT_ONCE,
                 wait: float = EXPENSIVE_WAIT_SECONDS, searches: Asgi | None = None) -> None:
        self.app = app
        self.is_search = is_search
        self.searches = searches or app  # where the requests that may search run
        self.at_once = at_once
        self.wait = wait
        self._places: asyncio.Semaphore | None = None  # made in the worker's own loop

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not self.is_search(scope.get("method", ""), scope.get("path", "")):
            await self.app(scope, receive, send)
            return
        if self._places is None:
            self._places = asyncio.Semaphore(self.at_once)
        try:
            async with asyncio.timeout(self.wait):
                await self._places.acquire()
        except TimeoutError:
            await _busy(send, _language(scope))
            return
        try:
            await self.searches(scope, receive, send)
        finally:
            self._places.release()


async def _busy(send: Send, code: str) -> None:
    with language(code):
        body = problem_document(429, t(
            "The referee is busy with other searches; ask again in {seconds} s.",
            seconds=RETRY_AFTER_SECONDS))
        body["type"], body["title"] = BASE + "too-many-requests", t("Too many searches at once")
    await _problem(send, 429, body, code, [(b"retry-after", str(RETRY_AFTER_SECONDS).encode())])


class HeaderLimit(HttpToolsProtocol):
    """uvicorn's httptools protocol with a limit on the request line and headers.

    A connection must finish each request's headers within `HEADER_SECONDS` of opening, or of
    that request's first byte; else it is closed. (uvicorn itself only times out a kept-alive
    connection that sends nothing.)
    """

    header_seconds: ClassVar[float] = HEADER_SECONDS
    _header_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm_header_timer()

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._arm_header_timer()

    def on_headers_complete(self) -> None:
        self._disarm_header_timer()
        super().on_headers_complete()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm_header_timer()
        super().connection_lost(exc)

    def shutdown(self) -> None:
        """Begin the worker's graceful stop. A stream following a game never ends by itself, so
        it is closed at once, as though its client had left (the client reconnects), where the
        worker would wait out its graceful timeout for it."""
        cycle = self.cycle
        if cycle is not None and not cycle.response_complete and following(cast(Scope, cycle.scope)):
            cycle.disconnected = True
            cycle.message_event.set()
            self.transport.close()
            return
        super().shutdown()

    def _arm_header_timer(self) -> None:
        self._disarm_header_timer()
        self._header_timer = self.loop.call_later(self.header_seconds, self._headers_too_slow)

    def _disarm_header_timer(self) -> None:
        if self._header_timer is not None:
            self._header_timer.cancel()
            self._header_timer = None

    def _headers_too_slow(self) -> None:
        self._header_timer = None
        if not self.transport.is_closing():
            self.transport.close()


class _Worker(UvicornWorker):  # type: ignore[misc]
    CONFIG_KWARGS: ClassVar[dict[str, Any]] = {"loop": "uvloop" if sys.platform != "win32" else "asyncio",
                                               "http": HeaderLimit, "lifespan": "off"}

    def init_process(self) -> None:
        # The app's threads take turns at the interpreter this often: a quick check that comes
        # while another thread builds a game (a write, a live event) waits this long at most,
        # not the interpreter's default 5 ms.
        sys.setswitchinterval(SWITCH_SECONDS)
        super().init_process()


def asgi_app(app: Flask | None = None, searches: Asgi | None = None) -> Asgi:
    """The app as each worker serves it: body buffered, games followed live in the loop
    (`api.live`), searches gated and run in the search processes (`searches`, started here
    unless given), the rest in a thread pool."""
    if app is None:
        from api import create_app
        app = create_app()
    threaded = ThreadedWsgi(app, APP_THREADS)
    if searches is None:
        searches = cast(Asgi, SearchProcesses(EXPENSIVE_AT_ONCE, SEARCH_NICE))
    gate = ExpensiveGate(cast(Asgi, threaded), search_routes(app), EXPENSIVE_AT_ONCE, EXPENSIVE_WAIT_SECONDS, searches)
    live = Live(gate, app, threaded.pool, _language)
    return BufferedBody(live, app.config.get("MAX_CONTENT_LENGTH"))


class _Server(BaseApplication):
    def __init__(self, options: dict[str, Any]) -> None:
        self.options = options
        super().__init__()

    def load_config(self) -> None:
        for key, value in self.options.items():
            self.cfg.set(key, value)
        if "control_socket_disable" in self.cfg.settings:
            # gunicorn 24+ opens a control socket at one path for every server on the machine
            self.cfg.set("control_socket_disable", True)

    def load(self) -> Any:
        return asgi_app()


def check_port(host: str, port: int) -> None:
    """Raise a RefereeError of one sentence when `host:port` cannot be listened on (in use, not
    this machine's address, not allowed), before anything is created."""
    try:
        family = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)[0][0]
        with socket.create_server((host, port), family=family):
            pass
    except OSError as exc:
        if exc.errno == errno.EADDRINUSE:
            message = t("port {port} is already in use on {host}; choose another with --port",
                        port=port, host=host)
        else:
            message = t("cannot listen on {host} port {port}: {reason}", host=host, port=port,
                        reason=os.strerror(exc.errno) if exc.errno else str(exc))
        raise RefereeError(Problem("--port", "port_unusable", message)) from None


def check_tls(certfile: str, keyfile: str) -> None:
    """Raise a RefereeError of one sentence when the certificate and its key cannot be read or
    do not make a pair, before anything is created."""
    for option, path in (("--certfile", certfile), ("--keyfile", keyfile)):
        try:
            with open(path, "rb"):
                pass
        except OSError as exc:
            raise RefereeError(Problem(option, "tls_unreadable", t(
                "cannot read {option} {path}: {reason}", option=option, path=path,
                reason=os.strerror(exc.errno) if exc.errno else str(exc)))) from None
    try:
        ssl.create_default_context(ssl.Purpose.CLIENT_AUTH).load_cert_chain(certfile, keyfile)
    except (ssl.SSLError, ValueError) as exc:
        raise RefereeError(Problem("--certfile", "tls_unusable", t(
            "cannot serve HTTPS with {certfile} and {keyfile}: {reason}", certfile=certfile, keyfile=keyfile,
            reason=getattr(exc, "reason", None) or str(exc)))) from None


def run(host: str, port: int, database: str | None, workers: int, also_say: list[str] | None = None,
        tls: dict[str, str] | None = None) -> int:
    """Serve until stopped (HTTPS when `tls` names a `certfile` and a `keyfile`). Once the
    server listens it prints where, then `also_say` (for `--lan`, where a phone goes)."""
    if tls:
        check_tls(tls["certfile"], tls["keyfile"])
    check_port(host, port)
    if database:
        os.environ["REFEREE_DATABASE_URL"] = database
    url = os.environ.get("REFEREE_DATABASE_URL") or "sqlite:///referee.db"
    os.environ["REFEREE_DATABASE_URL"] = url  # the workers' apps read it: an empty one is the default
    Store(url).migrate()  # once, before the workers start
    shown = f"[{host}]" if ":" in host else host
    processes = tn("{n} worker", "{n} workers", max(1, workers))
    scheme = "https" if tls else "http"
    said = [f"referee listening on {scheme}://{shown}:{port} (database {url.split('@')[-1]}, {processes})",
            *(also_say or [])]

    def ready(_: object) -> None:
        print("\n".join(said), flush=True)

    _Server({"bind": f"{shown}:{port}", "workers": max(1, workers), "worker_class": _Worker,
             "accesslog": None, "graceful_timeout": 5, "timeout": 60, "keepalive": 5,
             "when_ready": ready, **(tls or {})}).run()
    return 0


def main(*, host: str | None, port: int, lan: bool, database: str | None, workers: int,
         certfile: str | None = None, keyfile: str | None = None) -> int:
    """`referee serve` (the `referee.serve` entry point): `--lan` resolved to the address phones
    open, then `run` (HTTPS with `certfile` and `keyfile`); a database that cannot be used is a
    RefereeError at `--database`."""
    listen, told = host or "127.0.0.1", []
    tls = {"certfile": certfile, "keyfile": keyfile} if certfile and keyfile else None
    if lan:
        from api import lan as network

        listen = host or network.LAN_HOST
        url = network.public_url(port, host)
        if tls:
            url = "https://" + url.removeprefix("http://")
        os.environ["REFEREE_PUBLIC_URL"] = url  # the page's share links and QR code name it
        told = network.phone_lines(url)
    try:
        return int(run(host=listen, port=port, database=database, workers=workers, also_say=told, tls=tls))
    except SQLAlchemyError as exc:
        reason = str(exc).splitlines()[0]
        raise RefereeError(Problem("--database", "database", t("cannot use the database: {reason}",
                                                                reason=reason))) from None
