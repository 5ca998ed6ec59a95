"""Per-request costs of Flask that the answers do not need, cut once at start-up.

Each request Flask asks, for every hook and view it calls, whether the function is a
coroutine function (`ensure_sync`, an `inspect` walk each time); these functions are fixed at
start-up, so the answer is kept per function. The language of an answer is chosen from the
same few header values again and again, so the choice is kept per (`?lang=`, `Cookie`,
`Accept-Language`) for the last `LANGUAGE_CHOICES_KEPT` of them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Flask
from werkzeug.datastructures import LanguageAccept
from werkzeug.http import parse_accept_header, parse_cookie

LANGUAGE_CHOICES_KEPT = 512


def speed_up(app: Flask) -> None:
    """Keep `ensure_sync`'s answer per function (the same function back, or its wrapper)."""
    kept: dict[Callable[..., Any], Callable[..., Any]] = {}
    ensure_sync = app.ensure_sync

    def ensure_sync_kept(func: Callable[..., Any]) -> Callable[..., Any]:
        try:
            return kept[func]
        except KeyError:
            kept[func] = made = ensure_sync(func)
            return made
        except TypeError:  # not hashable
            return ensure_sync(func)

    app.ensure_sync = ensure_sync_kept  # type: ignore[method-assign]


def asked_and_accepted(asked: str | None, cookie: str | None,
                       accept_language: str | None) -> tuple[str | None, LanguageAccept]:
    """What a request asks for, read as Werkzeug's `request.cookies` and
    `request.accept_languages` read it: `?lang=`, else the `lang` cookie; the accepted ones."""
    return (asked or (parse_cookie(cookie).get("lang") if cookie else None),
            parse_accept_header(accept_language, LanguageAccept))
