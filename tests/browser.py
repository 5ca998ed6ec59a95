"""Browser tests: a real `referee serve` and the system's Chromium, driven by Playwright.

The browser is the one the system packages install (/usr/bin/chromium, Debian's `chromium`;
`REFEREE_CHROMIUM` names another), never one Playwright downloads. A test module takes the
fixtures from tests/conftest.py, which imports them once (two imports would start two
Playwright drivers in one thread, which Playwright refuses):

    from tests.browser import PageFactory, screenshot

    pytestmark = [pytest.mark.browser, pytest.mark.e2e]

    def test_docs(live_server: str, page_factory: PageFactory) -> None:
        page = page_factory("phone")
        page.goto(f"{live_server}/docs")
        screenshot(page, "docs-phone")

Every page fails its test on a console error, an uncaught exception or a request to any host
but the live server (no CDN: such requests are aborted as well as reported).
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Literal

import pytest
from playwright.sync_api import (
    Browser,
    BrowserContext,
    ConsoleMessage,
    Error,
    Page,
    Route,
    sync_playwright,
)

from tests.test_e2e import Server

CHROMIUM = os.environ.get("REFEREE_CHROMIUM", "/usr/bin/chromium")
SCREENSHOTS = Path(__file__).resolve().parents[1] / "build" / "screenshots"
# Any address but the live server's host. Matched by the browser's driver, so the page's own
# requests never wait on a round trip to Python (a handler for every request cost a tenth of
# the page tests' time).
def elsewhere(hosts: tuple[str, ...] = ()) -> re.Pattern[str]:
    """Any address but the live server's: 127.0.0.1, localhost, and `hosts` (names the browser
    maps to it)."""
    names = "|".join(re.escape(h) for h in ("127.0.0.1", "localhost", *hosts))
    return re.compile(rf"^(?!(?:https?|wss?)://(?:{names})(?::\d+)?(?:[/?#]|$))")


ELSEWHERE = elsewhere()

Viewport = Literal["phone", "desktop"]
VIEWPORTS: dict[str, dict[str, Any]] = {
    "phone": {"viewport": {"width": 360, "height": 740}, "device_scale_factor": 2,
              "is_mobile": True, "has_touch": True},
    "desktop": {"viewport": {"width": 1280, "height": 800}},
}


@pytest.fixture(scope="session")
def shared_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One `referee serve` (one worker, a fresh SQLite database) for every test of this process
    that needs a running service and nothing else of it: the pages, the generated client,
    hostile requests, slow clients.

    It takes seconds of CPU to start (the engine's tables, the shipped rulesets), so it is
    started once; its tests make the games and rulesets they need, under ids of their own, and
    never count on an empty database.
    """
    folder = tmp_path_factory.mktemp("live")
    # Server() raises from __init__ when the process never answers /healthz; built this way,
    # the finally below still stops a process that started but did not come up.
    server = Server.__new__(Server)
    try:
        server.__init__(f"sqlite:///{folder / 'page.db'}", folder, workers=1)  # type: ignore[misc]
        yield server
    finally:
        if hasattr(server, "proc"):
            server.stop()


@pytest.fixture(scope="session")
def live_server(shared_server: Server) -> str:
    """The base URL (http://127.0.0.1:PORT) of the shared `referee serve`."""
    return shared_server.base


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """Headless Chromium from the system packages; skipped where it is missing, except on CI."""
    if not Path(CHROMIUM).exists():
        message = f"no Chromium at {CHROMIUM} (apt-get install chromium, or set REFEREE_CHROMIUM)"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(message)
        pytest.skip(message)
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, headless=True)
        try:
            yield launched
        finally:
            launched.close()


class PageFactory:
    """`factory(viewport)`: a new page, in a context of its own, sized as a phone or a desktop.

    `errors` collects, for every page made, console messages of type "error", uncaught page
    errors and requests to hosts other than the live server (which are aborted); the fixture
    fails the test at teardown when it is not empty. A test that provokes an error on purpose
    checks it and then empties the list.
    """

    def __init__(self, browser: Browser, service_workers: Literal["allow", "block"] = "block",
                 hosts: tuple[str, ...] = ()) -> None:
        self.browser = browser
        self.errors: list[str] = []
        self.contexts: list[BrowserContext] = []
        self.service_workers = service_workers
        self.elsewhere = elsewhere(hosts) if hosts else ELSEWHERE

    def __call__(self, viewport: Viewport = "desktop") -> Page:
        context = self.browser.new_context(**VIEWPORTS[viewport], service_workers=self.service_workers)
        self.contexts.append(context)
        context.route(self.elsewhere, lambda route: self._elsewhere(viewport, route))
        page = context.new_page()
        page.on("console", lambda message: self._console(viewport, message))
        page.on("pageerror", lambda error: self._page_error(viewport, error))
        return page

    def _console(self, viewport: str, message: ConsoleMessage) -> None:
        if message.type == "error":
            where = message.location
            at = f" ({where['url']}:{where.get('lineNumber', 0)})" if where.get("url") else ""
            self.errors.append(f"{viewport}: console error: {message.text}{at}")

    def _page_error(self, viewport: str, error: Error) -> None:
        text = f"{error.name}: {error.message}" if error.name else error.message
        self.errors.append(f"{viewport}: uncaught {text}")

    def _elsewhere(self, viewport: str, route: Route) -> None:
        self.errors.append(f"{viewport}: aborted, not the live server: {route.request.url}")
        route.abort()

    def close(self) -> None:
        for context in self.contexts:
            context.close()


@pytest.fixture
def page_factory(browser: Browser) -> Iterator[PageFactory]:
    """A PageFactory whose pages must end the test without a single recorded error."""
    factory = PageFactory(browser)
    try:
        yield factory
    finally:
        factory.close()
    assert not factory.errors, "the browser reported:\n" + "\n".join(factory.errors)


def screenshot(page: Page, name: str) -> Path:
    """Save the whole page as build/screenshots/NAME.png (under the project) and return the path."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=path, full_page=True, scale="css")
    return path
