"""The "House rule" screen on a phone: a variant made from the form made from the schema, its
change said in words, tried with the referee before it is stored, saved, seen by another phone
(which cannot change it), a game started from it, then changed and deleted from the phone that
saved it; a typo in its YAML shown at its field with line and column; axe finds no serious fault."""

from __future__ import annotations

import re
import uuid

import pytest
from playwright.sync_api import Page, expect

from tests.browser import PageFactory, screenshot
from tests.test_e2e import call
from tests.test_page_hand import serious

pytestmark = [pytest.mark.browser, pytest.mark.e2e]


def write_kings_wild(page: Page, base: str) -> str:
    """From the start page, a Garbage variant with kings wild (and no longer dead), under an id
    of its own; the id."""
    page.goto(f"{base}/")
    page.select_option("#house-from", "garbage")
    page.get_by_role("button", name="Write a house rule").click()
    page.wait_for_url(re.compile(r"/rulesets/new\?from=garbage$"))
    expect(page.locator("#house-id")).to_have_value(re.compile(r"^garbage-house"))   # an id proposed
    rule = f"garbage-ours-{uuid.uuid4().hex[:6]}"
    page.locator("#house-id").fill(rule)
    wilds = page.get_by_role("group", name="Ranks that are wild (JOKER too).")
    wilds.get_by_role("button", name="K", exact=True).click()
    wilds.get_by_role("button", name="J", exact=True).click()
    page.get_by_role("group", name="Ranks that can never be placed: drawing one ends the turn.") \
        .get_by_role("button", name="K", exact=True).click()
    expect(wilds.get_by_role("button", name="K", exact=True)).to_have_attribute("aria-pressed", "true")
    return rule


def test_a_house_rule_is_made_tried_saved_played_changed_and_deleted(live_server: str, page_factory: PageFactory) -> None:
    page = page_factory("phone")
    rule = write_kings_wild(page, live_server)
    yaml = page.locator("#house-yaml")
    expect(yaml).to_have_value(re.compile(r"wilds:\n  ranks: \[K\]\ndead_ranks: \[Q\]"))    # the form wrote the file
    expect(page.locator("#house-changes li[data-path='wilds.ranks']")).to_contain_text("Wild cards")  # said at once
    expect(page.locator("#house-problems li")).to_have_count(0)

    # Tried before anything is stored: a king drawn may fill a slot (in Garbage it ends the turn).
    assert call(live_server, "GET", f"/v1/rulesets/{rule}")[0] == 404
    tools = page.locator("#referee")
    tools.locator("[data-card='KH']").click()
    tools.get_by_role("button", name="Where may it go?").click()
    expect(page.locator("#verdict")).to_contain_text("may go in slot")
    expect(page.locator("#verdict")).not_to_contain_text("your turn ends")

    page.get_by_role("button", name="Save the house rule").click()
    expect(page.locator("#notice")).to_contain_text("Saved")
    page.wait_for_url(re.compile(rf"/rulesets/{rule}/edit$"))
    status, stored = call(live_server, "GET", f"/v1/rulesets/{rule}")
    assert status == 200 and stored["wilds"]["ranks"] == ["K"] and stored["dead_ranks"] == ["Q"]
    screenshot(page, "house-saved-phone")

    # Another phone lists it and may read it, not change it.
    other = page_factory("phone")
    other.goto(f"{live_server}/")
    expect(other.locator(f"#ruleset option[value='{rule}']")).to_have_count(1)
    expect(other.locator("#house-kept li")).to_have_count(0)
    other.goto(f"{live_server}/rulesets/{rule}/edit")
    expect(other.locator("#house-readonly")).to_be_visible()
    expect(other.get_by_role("button", name="Save the house rule")).to_be_hidden()
    expect(other.get_by_role("button", name="Delete it")).to_be_hidden()
    expect(other.locator("#house-form button[data-rank='K']").first).to_be_disabled()
    expect(other.locator("#house-changes li[data-path='wilds.ranks']")).to_contain_text("Wild cards")

    # A game starts from it.
    page.get_by_role("link", name="Start a game with it").click()
    expect(page.locator("#ruleset")).to_have_value(rule)
    page.get_by_label("Player 1", exact=True).fill("Ann")
    page.get_by_label("Player 2", exact=True).fill("Bob")
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url(re.compile(r"/games/[^/]+$"))
    game = page.url.rsplit("/", 1)[1]
    assert call(live_server, "GET", f"/v1/games/{game}")[1]["ruleset"] == rule

    # Changed from this phone (reached from its start page), then deleted.
    page.goto(f"{live_server}/")
    page.locator("#house-kept").get_by_role("link").filter(has_text="Change").click()
    page.wait_for_url(re.compile(rf"/rulesets/{rule}/edit$"))
    page.get_by_label("The first player whose layout shrinks to this size wins; 0: completing the last slot. At most 13.").fill("3")
    expect(yaml).to_have_value(re.compile(r"game:\n  end:\n    layout_size: 3\n"))
    expect(page.locator("#house-changes li[data-path='game.end.layout_size']")).to_be_visible()
    page.get_by_role("button", name="Save the house rule").click()
    expect(page.locator("#notice")).to_contain_text("Saved")
    assert call(live_server, "GET", f"/v1/rulesets/{rule}")[1]["game"]["end"]["layout_size"] == 3
    page.get_by_role("button", name="Delete it").click()
    page.get_by_role("button", name="Yes, delete it").click()
    expect(page.locator("#notice")).to_contain_text("deleted")
    assert call(live_server, "GET", f"/v1/rulesets/{rule}")[0] == 404
    assert call(live_server, "GET", f"/v1/games/{game}")[0] == 200                     # the game keeps its copy


def test_a_typo_in_the_file_shows_at_its_field_and_the_screen_passes_axe(live_server: str, page_factory: PageFactory) -> None:
    page = page_factory("phone")
    write_kings_wild(page, live_server)
    expect(page.locator("#house-changes li[data-path='wilds.ranks']")).to_be_visible()
    yaml = page.locator("#house-yaml")
    text = yaml.input_value()
    line = text.splitlines().index("  ranks: [K]") + 1
    yaml.fill(text.replace("  ranks: [K]", "  rank: [K]"))
    wilds = page.locator("#hf-wilds")
    expect(wilds.locator(".field-error")).to_contain_text(f'did you mean "ranks"? (line {line}, column 3)')
    expect(page.locator("#house-problems li")).to_contain_text(f"line {line}, column 3")
    expect(yaml).to_have_attribute("aria-invalid", "true")
    # The form keeps what it showed; the file keeps what was typed.
    expect(page.locator("#house-changes li[data-path='wilds.ranks']")).to_be_visible()
    assert "rank: [K]" in yaml.input_value()
    screenshot(page, "house-problem-phone")
    assert serious(page) == []
    # Mended in the file, the form follows it: queens wild too.
    yaml.fill(text.replace("  ranks: [K]", "  ranks: [K, Q]"))
    expect(page.locator("#house-problems li")).to_have_count(0)
    expect(page.locator("#hf-wilds-ranks-Q")).to_have_attribute("aria-pressed", "true")
