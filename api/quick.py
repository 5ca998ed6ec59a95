"""A per-request cost of Flask that the answers do not need, cut at its extension point.

Each request Flask asks, for every hook and view it calls, whether the function is a
coroutine function (`ensure_sync`, an `inspect` walk each time); these functions are fixed at
start-up, so the app (a `Flask` subclass, as Flask's documentation offers for `ensure_sync`)
keeps the answer per function.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Flask, Request
from flask.sessions import NullSession, SecureCookieSession, SecureCookieSessionInterface


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

    def ensure_sync(self, func: Callable[..., Any]) -> Callable[..., Any]:
        try:
            return self._synced[func]
        except KeyError:
            self._synced[func] = made = super().ensure_sync(func)
            return made
        except TypeError:  # not hashable
            return super().ensure_sync(func)
