"""A per-request cost of Flask that the answers do not need, cut once at start-up.

Each request Flask asks, for every hook and view it calls, whether the function is a
coroutine function (`ensure_sync`, an `inspect` walk each time); these functions are fixed at
start-up, so the answer is kept per function.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Flask


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
