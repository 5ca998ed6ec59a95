"""Which views may search, and the gate that holds them to a few at once.

A view is marked once (`searches(blp)`), which also documents its 429. The serving layer's gate
(`ExpensiveGate`) reads the mark through the app's url_map (`search_routes`), so there is no
second list of paths to keep in step."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from flask import Flask
from werkzeug.exceptions import HTTPException
from werkzeug.routing import RoutingException

from api.asgi import Asgi, Receive, Scope, Send, send_problem
from api.blueprint import Blueprint
from api.language import scope_language
from api.problems import BASE, answers, problem_document
from referee.values.i18n import language, t

MARK = "referee_searches"  # the attribute a search view carries (kept by every wrapper's __dict__)
ROUTES_KEPT = 4096  # requests' (method, path) already matched, kept per process
EXPENSIVE_AT_ONCE = 1  # per worker process: checks that may search, each in a process of its own
EXPENSIVE_WAIT_SECONDS = 1.0  # how long such a check waits for its turn before a 429
RETRY_AFTER_SECONDS = 2
IsSearch = Callable[[str, str], bool]  # (method, path): does the app run a search view for it?


def searches(blp: Blueprint) -> Callable[[Any], Any]:
    """Mark a view as one that may search (the planner, the tile search): the server runs it
    apart, a few at once, and answers 429 when none of its places frees in time."""
    told = answers(blp, (429, ("Too many searches at once in this server process: ask again after "
                               "`Retry-After` seconds.")))

    def mark(view: Any) -> Any:
        setattr(view, MARK, True)
        return told(view)
    return mark


def is_search_view(view: Callable[..., Any]) -> bool:
    return bool(getattr(view, MARK, False))


def search_endpoints(app: Flask) -> frozenset[str]:
    """The endpoints of the app whose views are marked."""
    return frozenset(name for name, view in app.view_functions.items() if is_search_view(view))


def search_routes(app: Flask) -> Callable[[str, str], bool]:
    """`is_search(method, path)`: would the app run a marked view for this request? Read from the
    app's own url_map, as routing reads it (a path it redirects, a method it refuses and Flask's
    automatic OPTIONS run no view, so they pass)."""
    endpoints = search_endpoints(app)
    adapter = app.url_map.bind("localhost")

    @lru_cache(maxsize=ROUTES_KEPT)
    def is_search(method: str, path: str) -> bool:
        try:
            rule, _ = adapter.match(path, method, return_rule=True)
        except (HTTPException, RoutingException):
            return False
        if method == "OPTIONS" and getattr(rule, "provide_automatic_options", False):
            return False  # Flask answers it, with no view (it sets this on the rules it adds)
        return rule.endpoint in endpoints

    return is_search


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
            await _busy(send, scope_language(scope))
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
    await send_problem(send, 429, body, code, [(b"retry-after", str(RETRY_AFTER_SECONDS).encode())])
