"""The browser-test infrastructure itself: the API's docs page renders in Chromium, cleanly."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser import PageFactory, Viewport, screenshot

pytestmark = [pytest.mark.browser, pytest.mark.e2e]


@pytest.mark.parametrize("viewport", ["phone", "desktop"])
def test_docs_render(live_server: str, page_factory: PageFactory, viewport: Viewport) -> None:
    page = page_factory(viewport)
    page.goto(f"{live_server}/docs")
    expect(page).to_have_title("referee API")
    # Swagger UI has fetched /v1/openapi.json and drawn the API's title and its operations.
    expect(page.locator(".swagger-ui .info .title")).to_be_visible()
    expect(page.locator(".opblock").first).to_be_visible()
    page.wait_for_load_state("networkidle")
    path = screenshot(page, f"docs-{viewport}")
    assert path.stat().st_size > 0


def test_a_request_to_any_other_host_is_aborted_and_reported(live_server: str, page_factory: PageFactory) -> None:
    page = page_factory("phone")
    page.goto(f"{live_server}/healthz")
    fetch = "url => fetch(url).then(() => 'answered', () => 'refused')"
    assert page.evaluate(fetch, f"{live_server}/v1/rulesets") == "answered"
    assert page_factory.errors == []
    for elsewhere in ("https://cdn.example.org/table.js", "http://127.0.0.1.example.org/", "http://localhost.example.org:8000/"):
        assert page.evaluate(fetch, elsewhere) == "refused"
        assert f"phone: aborted, not the live server: {elsewhere}" in page_factory.errors
    page_factory.errors.clear()
