"""The page in the hand: the phone's list of games, its colours by day and night, a screen kept
awake, links shared or copied, a hand-over taken in an open tab, and controls a finger hits."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser import PageFactory, screenshot
from tests.test_page import start

pytestmark = [pytest.mark.browser, pytest.mark.e2e]


def kept_ids(page: Page) -> list[str]:
    return page.evaluate("() => JSON.parse(localStorage.getItem('referee.games') || '[]').map((g) => g.id)")


def token_of(page: Page, game: str) -> str | None:
    return page.evaluate("id => localStorage.getItem(`referee.token.${id}`)", game)


def test_a_game_is_taken_off_the_list_at_once_and_an_undo_puts_it_back(live_server: str,
                                                                       page_factory: PageFactory) -> None:
    page = page_factory("phone")
    first = start(page, live_server, "ten-pennies", ["Ann", "Bob"])
    second = start(page, live_server, "ten-pennies", ["Cy", "Dee"])
    page.goto(f"{live_server}/")
    kept = page.locator("#kept-games li")
    expect(kept).to_have_count(2)
    assert kept_ids(page) == [second, first]
    token = token_of(page, second)
    assert token

    page.get_by_role("button", name="Remove Ten Pennies (Cy, Dee) from this phone's list").click()
    expect(kept).to_have_count(1)                                     # at once, no reload
    expect(kept.first.locator("[data-game]")).to_have_attribute("data-game", first)
    expect(page.locator("#kept-note")).to_contain_text("Ten Pennies (Cy, Dee) was taken off this phone's list.")
    assert kept_ids(page) == [first] and token_of(page, second) is None
    screenshot(page, "kept-removed-phone")

    page.locator("#kept-note").get_by_role("button", name="Undo").click()
    expect(kept).to_have_count(2)                                     # back in its place, with its token
    assert kept_ids(page) == [second, first] and token_of(page, second) == token
    expect(page.locator("#kept-note")).to_be_hidden()

    page.get_by_role("button", name="Remove Ten Pennies (Ann, Bob) from this phone's list").click()
    page.get_by_role("button", name="Remove Ten Pennies (Cy, Dee) from this phone's list").click()
    expect(kept).to_have_count(0)
    expect(page.locator("#kept")).to_be_visible()                     # the note and its undo stay
    page.reload()
    expect(page.locator("#kept")).to_be_hidden()                      # taken off for good
    assert kept_ids(page) == [] and token_of(page, first) is None
