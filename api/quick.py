"""Per-request costs of Flask that the answers do not need, cut at their extension points.

Each request Flask asks, for every hook and view it calls, whether the function is a
coroutine function (`ensure_sync`, an `inspect` walk each time); these functions are fixed at
start-up, so the app (a `Flask` subclass, as Flask's documentation offers for `ensure_sync`)
keeps the answer per function. Each request Werkzeug also walks the URL map's rules for its
path (a meld check: trying the ruleset routes' converters before the checks'); the routes are
fixed at start-up too (Flask refuses a rule added later), so the app keeps the route each
(method, path) found (`create_url_adapter`, which Flask calls to match a request).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from flask import Flask, Request
from flask.sessions import NullSession, SecureCookieSession, SecureCookieSessionInterface
from werkzeug.routing import MapAdapter, Rule

ROUTES_KEPT = 4096  # (method, path) routes kept per process; past that the kept ones are dropped
KEPT_PATH_LENGTH = 256  # a longer path is matched each time (no id of the API comes near it)
Routes = dict[tuple[str | None, str, str, bool], tuple[Rule, Mapping[str, Any]]]


class _NoSessions(SecureCookieSessionInterface):
    """The service keeps no session (no secret key): every request shares one empty session that
    refuses writes, rather than a new one made for each request."""

    _none = NullSession()

    def open_session(self, app: Flask, request: Request) -> SecureCookieSession | None:
        return self._none if not app.secret_key else super().open_session(app, request)


class QuickFlask(Flask):
    """Flask, keeping `ensure_sync`'s answer per function (the same function back, or its wrapper)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._synced: dict[Callable[..., Any], Callable[..., Any]] = {}
        self.session_interface = _NoSessions()
        self._routes: Routes = {}

    def ensure_sync(self, func: Callable[..., Any]) -> Callable[..., Any]:
        try:
            return self._synced[func]
        except KeyError:
            self._synced[func] = made = super().ensure_sync(func)
            return made
        except TypeError:  # not hashable
            return super().ensure_sync(func)

    def create_url_adapter(self, request: Request | None) -> MapAdapter | None:
        """Flask's adapter; for a request, one that keeps the routes found (`_KeptRoutes`)."""
        adapter = super().create_url_adapter(request)
        if request is None or adapter is None:
            return adapter
        return _KeptRoutes(self._routes, adapter)


class _KeptRoutes(MapAdapter):
    """Werkzeug's adapter for one request (made from it), whose match of the request's own path
    and method, the one Flask asks for, is the route kept for them where one was found before.
    A path that finds no route (a 404, a 405, a redirect) is matched each time, as before."""

    def __init__(self, kept: Routes, adapter: MapAdapter) -> None:
        super().__init__(adapter.map, adapter.server_name, adapter.script_name, adapter.subdomain,
                         adapter.url_scheme, adapter.path_info, adapter.default_method, adapter.query_args)
        self.kept = kept

    def match(self, path_info: str | None = None, method: str | None = None, return_rule: bool = False,
              query_args: Any = None, websocket: bool | None = None) -> tuple[Any, Any]:
        if path_info is not None or method is not None or not return_rule or query_args is not None \
                or websocket is not None or len(self.path_info) > KEPT_PATH_LENGTH:
            return super().match(path_info, method, return_rule, query_args, websocket)  # type: ignore[call-overload,no-any-return]
        # what Werkzeug's match reads of the adapter (the domain: the subdomain, without host matching)
        domain = self.subdomain if not self.map.host_matching and self.subdomain is not None else self.server_name
        key = (domain, self.path_info, self.default_method, self.websocket)
        found = self.kept.get(key)
        if found is not None:
            return found[0], dict(found[1])
        rule, arguments = super().match(return_rule=True)  # a route not found raises: nothing is kept
        if len(self.kept) >= ROUTES_KEPT:
            self.kept.clear()
        self.kept[key] = (rule, dict(arguments))
        return rule, arguments  # the request's own (Flask hands them to the view)
