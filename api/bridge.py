"""The Flask app served from the event loop: each request runs whole in a pool thread, or in
a process of its own for the searches.

By the time a request gets here the server layer (`api.serve.BufferedBody`) has its body
whole, so the app never waits on the client: the thread builds the WSGI environ, runs the app
and collects the answer, and the loop then sends it in two messages. One hand-over between the
loop and a thread per request, where a streaming bridge (a2wsgi) makes one for every message
each way; the answers are the same bytes.

`SearchProcesses` runs the same app in processes apart, started by each worker and niced, for
the requests whose views are marked searches (`api.searches`): they hold neither the worker's
GIL (which its other requests and its event loop need after every database call) nor, with the
lower priority, the cores ahead of the cheap requests.
"""

from __future__ import annotations

import asyncio
import io
import logging
import multiprocessing
import os
import sys
import threading
import time
from collections.abc import Callable, Iterable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from api.asgi import Receive, Scope, Send

Wsgi = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]
Answer = tuple[int, list[tuple[bytes, bytes]], bytes]

_log = logging.getLogger("referee.serve")
_FAILED: Answer = (500, [(b"content-type", b"text/plain; charset=utf-8"), (b"content-length", b"21")],
                   b"Internal server error")


def environ(scope: Scope, body: bytes) -> dict[str, Any]:
    """The WSGI environ of an ASGI request whose body is read (PEP 3333; as a2wsgi builds it)."""
    script = scope.get("root_path", "").encode("utf8").decode("latin1")
    path = scope["path"].encode("utf8").decode("latin1")
    path = path.removeprefix(script)
    server, port = scope.get("server") or ("localhost", 80)
    env: dict[str, Any] = {
        "REQUEST_METHOD": scope["method"], "SCRIPT_NAME": script, "PATH_INFO": path,
        "QUERY_STRING": scope.get("query_string", b"").decode("latin1"),
        "SERVER_PROTOCOL": f"HTTP/{scope.get('http_version', '1.1')}",
        "SERVER_NAME": server, "SERVER_PORT": str(port or 0),
        "wsgi.version": (1, 0), "wsgi.url_scheme": scope.get("scheme", "http"),
        "wsgi.input": io.BytesIO(body), "wsgi.errors": sys.stderr, "wsgi.multithread": True,
        "wsgi.multiprocess": True, "wsgi.run_once": False,
        # The stream ends where the body does: a chunked body is read, and judged on its size.
        "wsgi.input_terminated": True,
    }
    client = scope.get("client")
    if client:
        env["REMOTE_ADDR"], env["REMOTE_PORT"] = client[0], str(client[1])
    for raw_name, raw_value in scope.get("headers", []):
        name = raw_name.decode("latin1")
        key = {"content-length": "CONTENT_LENGTH", "content-type": "CONTENT_TYPE"}.get(name) \
            or "HTTP_" + name.upper().replace("-", "_")
        value = raw_value.decode("latin1")
        env[key] = f"{env[key]},{value}" if key in env else value
    return env


def _run(app: Wsgi, env: dict[str, Any]) -> Answer:
    """Run the app in this thread; its status, headers and whole body."""
    started: list[Any] = []
    written: list[bytes] = []

    def start_response(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Any:
        if exc_info and started:
            raise exc_info[1].with_traceback(exc_info[2])
        started[:] = [status, headers]
        return written.append

    try:
        result = app(env, start_response)
        try:
            written.extend(result)
        finally:
            close = getattr(result, "close", None)
            if close:
                close()
    except Exception:  # noqa: BLE001 - whatever broke, the client gets a 500, the log the trace
        _log.exception("the app failed on %s %s", env["REQUEST_METHOD"], env["PATH_INFO"])
        return _FAILED
    status, headers = started
    return (int(status[:3]), [(k.lower().encode("latin1"), v.encode("latin1")) for k, v in headers],
            b"".join(written))


async def _body(receive: Receive) -> bytes | None:
    """The whole body (buffered by the server layer), or None when the client left."""
    chunks: list[bytes] = []
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            return None
        chunks.append(message.get("body", b""))
        if not message.get("more_body", False):
            return b"".join(chunks)


async def _answer(send: Send, answer: Answer) -> None:
    status, headers, body = answer
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


class ThreadedWsgi:
    """ASGI app: the WSGI `app` run in a pool of `threads` threads of this process."""

    def __init__(self, app: Wsgi, threads: int) -> None:
        self.app = app
        self.pool = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="referee")

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        body = await _body(receive) if scope["type"] == "http" else None
        if body is None:
            return
        loop = asyncio.get_running_loop()
        await _answer(send, await loop.run_in_executor(self.pool, _run, self.app, environ(scope, body)))


_APART: Wsgi | None = None  # the app of a search process
STARTED_WITHIN_SECONDS = 120.0
PARENT_CHECK_SECONDS = 1.0


def _start_apart(nice: int) -> None:
    global _APART
    threading.Thread(target=_end_with_parent, args=(os.getppid(),), daemon=True).start()
    if nice and hasattr(os, "nice"):
        os.nice(nice)
    if nice and hasattr(os, "SCHED_IDLE"):  # Linux: a core only when nothing else wants it
        os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
    from api import create_app
    _APART = create_app()


def _end_with_parent(parent: int) -> None:
    """End this search process once the worker that started it is gone (even killed at once,
    as gunicorn kills a worker past its timeout): it would wait for work forever."""
    while os.getppid() == parent:
        time.sleep(PARENT_CHECK_SECONDS)
    os._exit(0)


def _run_apart(env: dict[str, Any], body: bytes) -> Answer:
    assert _APART is not None
    return _run(_APART, {**env, "wsgi.input": io.BytesIO(body), "wsgi.errors": sys.stderr})


def _ready() -> bool:
    return _APART is not None


class SearchProcesses:
    """ASGI app: the app run in `processes` processes of its own, each `nice` steps below
    this one in priority, one request at a time each (the caller caps how many it sends)."""

    def __init__(self, processes: int, nice: int) -> None:
        self.processes = processes
        self.nice = nice
        self.pool = self._start(wait=True)

    def _start(self, wait: bool) -> Executor:
        """Start the processes now, not on the first search; with `wait`, return once each
        has its app (so a worker takes requests once its searches can run)."""
        # spawned, not forked: this process has threads and an event loop
        pool = ProcessPoolExecutor(max_workers=self.processes, mp_context=multiprocessing.get_context("spawn"),
                                   initializer=_start_apart, initargs=(self.nice,))
        started = [pool.submit(_ready) for _ in range(self.processes)]
        if wait:
            for future in started:
                future.result(timeout=STARTED_WITHIN_SECONDS)
        return pool

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        body = await _body(receive) if scope["type"] == "http" else None
        if body is None:
            return
        env = environ(scope, b"")
        del env["wsgi.input"], env["wsgi.errors"]  # made again in the search process
        loop = asyncio.get_running_loop()
        try:
            answer = await loop.run_in_executor(self.pool, _run_apart, env, body)
        except BrokenProcessPool:  # a search process died (killed, out of memory)
            _log.error("a search process died on %s %s; starting new ones", env["REQUEST_METHOD"], env["PATH_INFO"])
            self.pool = self._start(wait=False)
            answer = _FAILED
        await _answer(send, answer)
