"""`referee serve`: the app under gunicorn, one event loop per worker process.

Each of the `--workers N` processes runs uvicorn's event loop (gunicorn's `UvicornWorker`,
uvloop and the httptools parser). The loop reads every request, headers and body, with time
limits, before the Flask app sees it: a client that stalls costs a waiting coroutine, never a
thread; its headers are cut off after `HEADER_SECONDS` (`HeaderLimit`, here), its body answered
408 (`api.buffering`). Requests whose view is marked a search wait in the loop for one of a few
places per worker, get a 429 when none frees in time (`api.searches`), and run in a search
process of their own (`api.bridge.SearchProcesses`); a game followed live (`GET
/v1/games/{id}/events`) is streamed from the loop itself (`api.live`); every other request runs
in that worker's thread pool (`api.bridge.ThreadedWsgi`). `asgi_app` stacks these parts; see
docs/service.md, "Serving and slow clients".
"""

from __future__ import annotations

import asyncio
import errno
import os
import socket
import ssl
import sys
from typing import Any, ClassVar, cast

from flask import Flask
from gunicorn.app.base import BaseApplication
from sqlalchemy.exc import SQLAlchemyError
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn_worker import UvicornWorker

from api.asgi import Asgi, Scope
from api.bridge import SearchProcesses, ThreadedWsgi
from api.buffering import BufferedBody
from api.language import scope_language
from api.live import Live, following
from api.searches import EXPENSIVE_AT_ONCE, EXPENSIVE_WAIT_SECONDS, ExpensiveGate, search_routes
from api.storage import Store
from referee.values.errors import Problem, RefereeError
from referee.values.i18n import t, tn

HEADER_SECONDS = 10.0  # a request line and headers not complete within this: the connection is closed
APP_THREADS = 8  # per worker process: requests waiting on the database do not hold the others
SWITCH_SECONDS = 0.001  # how long a thread of the app runs before another may take the interpreter
SEARCH_NICE = 19  # the search processes' priority below the worker's: cheap requests come first



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
    live = Live(gate, app, threaded.pool, scope_language)
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
