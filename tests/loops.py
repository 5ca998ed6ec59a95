"""Running a coroutine from a test, whatever loop the thread already runs.

Playwright's sync API keeps an event loop running in the main thread for the whole session once
a browser test has run, and `asyncio.run` refuses to start inside it; a thread of its own has
no loop, so the coroutine runs there and its answer (or its exception) comes back.
"""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

T = TypeVar("T")


def run_apart(coroutine: Coroutine[Any, Any, T]) -> T:
    """`asyncio.run(coroutine)` in a thread of its own."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coroutine).result()
