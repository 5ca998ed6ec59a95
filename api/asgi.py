"""What the serving layer's parts share: the ASGI types, a request header, a problem answered
before the app (a stalled body's 408, a refused search's 429), in the request's language."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from typing import Any

Scope = dict[str, Any]
Message = dict[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
Asgi = Callable[[Scope, Receive, Send], Awaitable[None]]


def header(scope: Scope, name: bytes) -> str:
    """A request header's value as sent (`name` in lower case, as ASGI gives it), or ""."""
    for key, value in scope.get("headers", []):
        if key == name:
            return str(value.decode("latin-1").strip())
    return ""


async def send_problem(send: Send, status: int, body: dict[str, Any], code: str,
                       headers: list[tuple[bytes, bytes]]) -> None:
    """Answer a problem written by the serving layer, in the language `code`."""
    data = json.dumps(body).encode()
    await send({"type": "http.response.start", "status": status, "headers": [
        (b"content-type", b"application/problem+json"), (b"content-length", str(len(data)).encode()),
        (b"content-language", code.encode()), (b"vary", b"Accept-Language, Cookie"), *headers]})
    await send({"type": "http.response.body", "body": data})
