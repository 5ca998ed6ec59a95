"""Running a coroutine from a test, whatever loop the thread already runs.

Playwright's sync API keeps an event loop running in the main thread for the whole session once
a browser test has run, and `asyncio.run` refuses to start inside it; a thread of its own has
no loop, so the coroutine runs there and its answer (or its exception) comes back.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Coroutine
from typing import Any, TypeVar

T = TypeVar("T")


def run_apart(coroutine: Coroutine[Any, Any, T]) -> T:
    """`asyncio.run(coroutine)` in a thread of its own."""
    outcome: dict[str, Any] = {}

    def run() -> None:
        try:
            outcome["value"] = asyncio.run(coroutine)
        except Exception as exc:  # handed back to the test's thread
            outcome["error"] = exc

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    if "error" in outcome:
        raise outcome["error"]
    return outcome["value"]  # type: ignore[no-any-return]
