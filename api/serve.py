"""`referee serve`: the app under gunicorn, one event loop per worker process.

Each of the `--workers N` processes runs uvicorn's event loop (gunicorn's `UvicornWorker`).
The loop reads every request body whole, with a time limit, before the Flask app sees it: a
client that stalls costs a waiting coroutine, never a thread, and gets a 408. The app then
runs in that process's thread pool (a2wsgi), so the planner still uses one core per worker.
See docs/service.md, "Serving and slow clients".
"""

from __future__ import annotations

import asyncio
import json
import os
from collections.abc import Awaitable, Callable, Iterable
from typing import Any, ClassVar, cast
from urllib.parse import parse_qs

from gunicorn.app.base import BaseApplication
from uvicorn_worker import UvicornWorker
from werkzeug.datastructures import LanguageAccept
from werkzeug.http import parse_accept_header, parse_cookie

from api import answer_language
from api.problems import problem_document
from api.storage import Store
from referee.i18n import language, t

BODY_IDLE_SECONDS = 5.0  # no byte of the body for this long: 408
BODY_TOTAL_SECONDS = 30.0  # the whole body must arrive within this: 408
DRAIN_BYTES = 4 * 1024 * 1024  # read and dropped past the limit, so the client reads the 413
APP_THREADS = 8  # per worker process: requests waiting on the database do not hold the others

Scope = dict[str, Any]
Message = dict[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
Asgi = Callable[[Scope, Receive, Send], Awaitable[None]]


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
        declared = _header(scope, b"content-length")
        if self.limit is not None and declared.isdigit() and int(declared) > self.limit and (
                int(declared) > self.limit + DRAIN_BYTES or _header(scope, b"expect") == "100-continue"):
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
                message = await asyncio.wait_for(receive(), timeout=max(wait, 0))
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


def _header(scope: Scope, name: bytes) -> str:
    for key, value in scope["headers"]:
        if key == name:
            return str(value.decode("latin-1").strip().lower())
    return ""


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
        or parse_cookie(_header(scope, b"cookie")).get("lang")
    accepted = parse_accept_header(_header(scope, b"accept-language"), LanguageAccept)
    return answer_language(asked, accepted)


async def _timed_out(send: Send, code: str) -> None:
    idle, total = f"{BODY_IDLE_SECONDS:g}", f"{BODY_TOTAL_SECONDS:g}"
    with language(code):
        body = json.dumps(problem_document(408, t(
            "The request body stopped arriving (nothing for {idle} s, or not all of it within {total} s).",
            idle=idle, total=total))).encode()
    await send({"type": "http.response.start", "status": 408, "headers": [
        (b"content-type", b"application/problem+json"), (b"content-length", str(len(body)).encode()),
        (b"content-language", code.encode()), (b"vary", b"Accept-Language, Cookie"),
        (b"connection", b"close")]})
    await send({"type": "http.response.body", "body": body})


def _input_terminated(app: Callable[..., Iterable[bytes]]) -> Callable[..., Iterable[bytes]]:
    """Tell Werkzeug the body stream ends where the body does (it was buffered whole),
    so a body without Content-Length (chunked) is read, and over the limit is a 413."""

    def wsgi(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        environ["wsgi.input_terminated"] = True
        return app(environ, start_response)

    return wsgi


class _Worker(UvicornWorker):  # type: ignore[misc]
    CONFIG_KWARGS: ClassVar[dict[str, Any]] = {"loop": "asyncio", "http": "h11", "lifespan": "off"}


class _Server(BaseApplication):  # type: ignore[misc]
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
        from a2wsgi import WSGIMiddleware

        from api import create_app
        app = create_app()
        threaded = cast(Asgi, WSGIMiddleware(_input_terminated(app), workers=APP_THREADS))
        return BufferedBody(threaded, app.config.get("MAX_CONTENT_LENGTH"))


def run(host: str, port: int, database: str | None, workers: int) -> int:
    if database:
        os.environ["REFEREE_DATABASE_URL"] = database
    url = os.environ.get("REFEREE_DATABASE_URL", "sqlite:///referee.db")
    Store(url).migrate()  # once, before the workers start
    shown = "[::1]" if host == "::1" else host
    print(f"referee listening on http://{shown}:{port} (database {url.split('@')[-1]}, {workers} workers)",
          flush=True)
    _Server({"bind": f"{host}:{port}", "workers": max(1, workers), "worker_class": _Worker,
             "accesslog": None, "graceful_timeout": 5, "timeout": 60, "keepalive": 5}).run()
    return 0
