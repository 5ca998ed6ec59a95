"""Which views may search: marked once, on the view (`searches(blp)`), which also documents its
429. The server's gate (`api.serve.ExpensiveGate`) reads the mark through the app's url_map
(`search_routes`), so there is no second list of paths to keep in step."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

from flask import Flask
from werkzeug.exceptions import HTTPException
from werkzeug.routing import RoutingException

from api.blueprint import Blueprint
from api.problems import answers

MARK = "referee_searches"  # the attribute a search view carries (kept by every wrapper's __dict__)
ROUTES_KEPT = 4096  # requests' (method, path) already matched, kept per process


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
