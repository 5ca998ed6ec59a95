"""The body of each request read whole in the event loop, with time limits, before the app sees it.

A client that stalls costs a waiting coroutine, never a thread of the app: a body that stops
arriving is answered 408 here; one past the limit reaches the app cut short, which answers
413 (see docs/service.md, "Serving and slow clients").
"""

from __future__ import annotations

import asyncio

from api.asgi import Asgi, Message, Receive, Scope, Send, header, send_problem
from api.language import scope_language
from api.problems import problem_document
from referee.values.i18n import language, t

BODY_IDLE_SECONDS = 5.0  # no byte of the body for this long: 408
BODY_TOTAL_SECONDS = 30.0  # the whole body must arrive within this: 408
DRAIN_BYTES = 4 * 1024 * 1024  # read and dropped past the limit, so the client reads the 413


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
            await _timed_out(send, scope_language(scope))
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


async def _timed_out(send: Send, code: str) -> None:
    idle, total = f"{BODY_IDLE_SECONDS:g}", f"{BODY_TOTAL_SECONDS:g}"
    with language(code):
        body = problem_document(408, t(
            "The request body stopped arriving (nothing for {idle} s, or not all of it within {total} s).",
            idle=idle, total=total))
    await send_problem(send, 408, body, code, [(b"connection", b"close")])
