"""The table's page draws the ruleset's deck: its ranks in run order, each suit with its
symbol, special cards as their own chips, and the referee's answers with the deck's faces.

Each ruleset is uploaded through the API, as a table that plays its own game would.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
import yaml
from playwright.sync_api import Page, expect

from tests.browser import PageFactory, screenshot
from tests.decks import COLOURS, STARS, skip_while_refused
from tests.test_e2e import call
from tests.test_page import fits, score_of, start

pytestmark = [pytest.mark.browser, pytest.mark.e2e]

# Ranks 3-K of the French suits: a deck the French notation writes, with fewer ranks.
SHORT = STARS.replace('suits: [C, D, H, S, {{letter: X, symbol: "★", name: stars}}]', "suits: [C, D, H, S]")


def uploaded(base: str, text: str, ruleset_id: str) -> str:
    """Upload the ruleset `text` as `ruleset_id` (JSON, as the page's clients send it); its id."""
    status, answer = call(base, "POST", "/v1/rulesets", yaml.safe_load(text.format(id=ruleset_id)))
    skip_while_refused(status, answer)
    assert status == 201, answer
    return ruleset_id


def tools_of(page: Page) -> Any:
    return page.locator("#referee")


def test_a_short_deck_draws_its_own_ranks(live_server: str, page_factory: PageFactory) -> None:
    page = page_factory("phone")
    start(page, live_server, uploaded(live_server, SHORT, "short-deck-page"), ["Ann", "Bob"])
    tools = tools_of(page)
    expect(tools.locator(".picker .suit")).to_have_count(4)
    expect(tools.locator(".picker .suit").first.locator("button")).to_have_text(
        ["3♣", "4♣", "5♣", "6♣", "7♣", "8♣", "9♣", "10♣", "J♣", "Q♣", "K♣"])
    expect(tools.locator("[data-card='AH'], [data-card='2C']")).to_have_count(0)
    for card in ("QH", "QS", "JK"):
        tools.locator(f"[data-card='{card}']").click()
    tools.get_by_role("button", name="Is it a meld?").click()
    expect(page.locator("#verdict")).to_contain_text("Yes: a legal set (🃏 as Q).")
    assert fits(page)


def test_a_five_suit_deck_shows_stars_and_is_checked(live_server: str, page_factory: PageFactory) -> None:
    page = page_factory("phone")
    start(page, live_server, uploaded(live_server, STARS, "stars-deck-page"), ["Ann", "Bob"])
    tools = tools_of(page)
    expect(tools.locator(".picker .suit")).to_have_count(5)
    stars = tools.locator(".picker .suit[data-suit=stars] button")
    expect(stars).to_have_text(["3★", "4★", "5★", "6★", "7★", "8★", "9★", "10★", "J★", "Q★", "K★"])
    expect(tools.locator("[data-card='QX']")).to_have_attribute("aria-label", "Add queen of stars (Cards to check)")
    for card in ("QX", "QS", "QH"):
        tools.locator(f"[data-card='{card}']").click()
    expect(tools.locator(".chips button")).to_have_text(["Q★", "Q♠", "Q♥"])
    tools.get_by_role("button", name="Is it a meld?").click()
    expect(page.locator("#verdict")).to_contain_text("Yes: a legal set.")
    tools.get_by_role("button", name="Take back queen of stars").click()
    expect(tools.locator(".chips button")).to_have_text(["Q♠", "Q♥"])
    assert fits(page)
    screenshot(page, "five-suit-deck-phone")


def test_a_round_of_stars_entered_by_tapping_cards(live_server: str, page_factory: PageFactory) -> None:
    page = page_factory("desktop")
    start(page, live_server, uploaded(live_server, STARS, "stars-deck-round"), ["Ann", "Bob"])
    page.get_by_label("Tap each player's cards").check()
    page.select_option("#went-out", "Bob")
    ann = page.locator("fieldset[data-player=Ann]")
    ann.get_by_role("button", name="Tap Ann's cards").click()
    for card in ("QX", "3X", "JK"):                                    # J-K: 10, 3-10: 5, a joker: 50
        ann.locator(f"[data-card='{card}']").click()
    expect(ann.locator(".chips button")).to_have_text(["Q★", "3★", "🃏"])
    page.get_by_role("button", name="Enter the round").click()
    expect(page.locator("#game-status")).to_contain_text("Round 2 being played")
    assert score_of(page, "Ann") == str(10 + 5 + 50)


def test_special_cards_are_chips_of_their_own(live_server: str, page_factory: PageFactory) -> None:
    page = page_factory("phone")
    start(page, live_server, uploaded(live_server, COLOURS, "colours-deck-page"), ["Ann", "Bob"])
    tools = tools_of(page)
    expect(tools.locator(".picker .suit")).to_have_count(4)
    expect(tools.locator(".picker .suit[data-suit=green] button").last).to_have_text("12G")
    expect(tools.locator("[data-suit=special]")).to_have_text(["W", "SK"])
    expect(tools.locator("[data-card=JK]")).to_have_count(0)           # no jokers in this deck
    for card in ("12G", "12R", "12B"):
        tools.locator(f"[data-card='{card}']").click()
    tools.get_by_role("button", name="Is it a meld?").click()
    expect(page.locator("#verdict")).to_contain_text("Yes: a legal set.")
    expect(tools.get_by_role("button", name=re.compile(r"^Take back 12 of green"))).to_have_count(1)


def test_five_crowns_asks_its_own_questions_at_phone_size(live_server: str, page_factory: PageFactory) -> None:
    """Five Crowns as shipped: the picker holds its deck, the game never lays off so the page
    does not offer to ask, and going out in round 1 (threes and jokers wild) is judged there."""
    page = page_factory("phone")
    start(page, live_server, "five-crowns", ["Ann", "Bob", "Cy"])
    tools = tools_of(page)
    expect(tools.locator(".picker .suit")).to_have_count(5)
    expect(tools.locator("[data-card='AH'], [data-card='2C']")).to_have_count(0)
    expect(tools.get_by_role("button", name="May I lay off? (meld, then cards)")).to_have_count(0)
    for card in ("QX", "QS", "3C", "9H"):
        tools.locator(f"[data-card='{card}']").click()
    tools.get_by_role("button", name="Can I go out?").click()
    expect(page.locator("#verdict")).to_contain_text("Q★")
    expect(page.locator("#verdict")).to_contain_text("9♥")
    assert fits(page)
    screenshot(page, "five-crowns-phone")
