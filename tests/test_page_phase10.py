"""Phase 10 at the table, on a phone (390x844): the colours drawn as filled chips that still say
their number and letter, the wild and the skip as chips of their own, each player's phase beside
their name, the referee asked with a player's phase, and a round entered with who made their
phase, after which those players (and only they) move on; undo and redo carry the phases.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser import PageFactory, screenshot
from tests.test_page import fits, start

pytestmark = [pytest.mark.browser, pytest.mark.e2e]

PHONE = {"width": 390, "height": 844}
COLOURS = {"red": "R", "blue": "B", "green": "G", "yellow": "Y"}
WHITE = "rgb(255, 255, 255)"


def column(page: Page, name: str, heading: str) -> str:
    """The standings' cell of player `name` under `heading`."""
    table = page.locator("#standings")
    at = table.locator("thead th").all_inner_texts().index(heading)
    row = table.locator("tbody tr", has=page.locator(f"th:text-is('{name}')"))
    return row.locator("th, td").nth(at).inner_text()


def phases(page: Page) -> dict[str, str]:
    return {name: column(page, name, "Phase") for name in ("Ann", "Bob", "Cy")}


def tap(page: Page, *cards: str) -> None:
    tools = page.locator("#referee")
    for card in cards:
        if card == "|":
            tools.get_by_role("button", name="Next meld").click()
        else:
            tools.locator(f".picker [data-card='{card}']").click()


def verdict_after(page: Page, button: str) -> str:
    """Ask the referee with `button`; the verdict's words once it has answered."""
    verdict = page.locator("#verdict")
    verdict.evaluate("node => { node.hidden = true; node.textContent = ''; }")
    page.locator("#referee").get_by_role("button", name=button).click()
    expect(verdict).to_be_visible()
    return verdict.inner_text()


def test_a_three_player_game_of_phase_10_on_a_phone(live_server: str, page_factory: PageFactory) -> None:
    page = page_factory("phone")
    page.set_viewport_size(PHONE)
    start(page, live_server, "phase-10", ["Ann", "Bob", "Cy"])
    tools = page.locator("#referee")

    # The colours: each row of the picker filled with its own colour, every chip with its letter.
    fills = {}
    for colour, letter in COLOURS.items():
        row = tools.locator(f".picker .suit[data-suit={colour}] button")
        expect(row).to_have_text([f"{n}{letter}" for n in range(1, 13)])
        expect(row.first).to_have_class(re.compile(r"\bcolour\b"))
        fills[colour] = row.first.evaluate("b => getComputedStyle(b).backgroundColor")
        ink = row.first.evaluate("b => getComputedStyle(b).color")
        assert ink != fills[colour], f"{colour}: the number and letter are drawn in the chip's own colour"
    assert len(set(fills.values())) == len(COLOURS) and WHITE not in fills.values(), fills
    wild, skip = tools.locator(".picker [data-card=W]"), tools.locator(".picker [data-card=SK]")
    expect(wild).to_have_text("W")
    expect(wild).to_have_class(re.compile(r"\bspecial\b.*\bwild\b"))
    expect(skip).to_have_text("SK")
    expect(skip).to_have_class(re.compile(r"\bspecial\b"))
    expect(skip).not_to_have_class(re.compile(r"\bwild\b"))
    assert skip.evaluate("b => getComputedStyle(b).backgroundColor") not in {WHITE, *fills.values()}

    # Each player's phase beside their name, and in words under the round's line.
    assert phases(page) == {"Ann": "1", "Bob": "1", "Cy": "1"}
    expect(page.locator("#phases li[data-player=Bob]")).to_have_text("Bob Phase 1: two sets of three, no other meld")
    expect(page.locator("#contract")).not_to_be_visible()              # every phase in it: folded away
    page.get_by_text("Every phase, and the round's rules").click()
    expect(page.locator("#contract")).to_be_visible()
    page.get_by_text("Every phase, and the round's rules").click()
    expect(page.locator("#contract")).not_to_be_visible()

    # The referee asks with the phase of whose turn it is, or a phase chosen directly.
    expect(page.locator("#tool-phase option")).to_have_count(10)
    expect(page.locator("#tool-phase option").nth(1)).to_have_text("Phase 2: one set of three and one run of four, no other meld")
    expect(page.locator("#tool-phase option").nth(7)).to_have_text("Phase 8: one meld of seven cards of one colour, no other meld")
    page.select_option("#tool-player", "Bob")
    expect(page.locator("#tool-phase option:checked")).to_have_text("Phase 1: two sets of three, no other meld")
    tap(page, "1R", "1B", "1G", "|", "2Y", "2B", "W")
    expect(tools.locator(".chips .group")).to_have_count(2)
    expect(tools.locator(".chips button")).to_have_text(["1R", "1B", "1G", "2Y", "2B", "W"])
    expect(tools.locator(".chips button.colour")).to_have_count(5)
    expect(tools.locator(".chips button.wild")).to_have_count(1)
    assert "Yes: these melds make phase 1." in verdict_after(page, "Does it make my phase?")
    page.select_option("#tool-phase", "2")
    expect(page.locator("#tool-player")).to_have_value("")           # a phase nobody in particular holds
    assert verdict_after(page, "Does it make my phase?").startswith("Not legal")

    # A hit only once the player's own phase is down.
    tools.get_by_role("button", name="Clear (Cards to check)").click()
    tap(page, "1R", "1B", "1G", "|", "1Y")
    assert verdict_after(page, "May I lay off? (meld, then cards)").startswith("Not legal")
    tools.get_by_label("My phase is down this hand").check()
    assert "Yes: it makes 1R 1B 1G 1Y." in verdict_after(page, "May I lay off? (meld, then cards)")
    page.select_option("#tool-player", "Cy")                           # another player's hand
    expect(tools.get_by_label("My phase is down this hand")).not_to_be_checked()
    tools.get_by_role("button", name="Clear (Cards to check)").click()
    tap(page, "5R", "5B", "5G", "|", "9Y", "9G", "W", "|", "SK")
    expect(page.locator("#tool-phase")).to_have_value("1")
    going_out = verdict_after(page, "Can I go out?")
    assert "Yes, you can go out:" in going_out and "(phase 1)" in going_out and "Discard SK" in going_out
    page.select_option("#tool-phase", "2")                             # a set and a run: not with these
    assert verdict_after(page, "Can I go out?").startswith("Not legal")
    page.select_option("#tool-player", "Cy")
    expect(page.locator("#tool-phase")).to_have_value("1")

    # The round: who made their phase, with the points.
    page.get_by_label("Type the points").check()
    page.select_option("#went-out", "Ann")
    expect(page.get_by_label("Ann made their phase")).to_be_checked()  # going out needs the phase down
    expect(page.get_by_label("Bob made their phase")).not_to_be_checked()
    page.get_by_label("Bob's points").fill("35")
    page.get_by_label("Cy's points").fill("10")
    page.get_by_label("Cy made their phase").check()
    page.get_by_role("button", name="Enter the round").click()
    expect(page.locator("#game-status")).to_contain_text("Round 2 being played")
    expect(page.locator("#phases li[data-player=Ann]")).to_have_text("Ann Phase 2: one set of three and one run of four, no other meld")
    assert phases(page) == {"Ann": "2", "Bob": "1", "Cy": "2"}
    assert column(page, "Bob", "Score") == "35"
    # The referee's choice of player follows the sheet: Cy now works on phase 2.
    expect(page.locator("#tool-player option[value=Cy]")).to_have_text("Cy (phase 2)")
    expect(page.locator("#tool-player")).to_have_value("Cy")
    expect(page.locator("#tool-phase")).to_have_value("2")
    assert fits(page)
    screenshot(page, "phase-10-phone")

    # Undo takes the round off and the phases back; redo enters it again, phases made and all.
    page.get_by_role("button", name=re.compile(r"^Undo round 1")).click()
    page.get_by_role("button", name="Yes, undo it").click()
    expect(page.locator("#game-status")).to_contain_text("Round 1 being played")
    expect(page.locator("#phases li[data-player=Ann]")).to_have_text("Ann Phase 1: two sets of three, no other meld")
    assert phases(page) == {"Ann": "1", "Bob": "1", "Cy": "1"}
    page.get_by_role("button", name=re.compile(r"^Redo round 1")).click()
    expect(page.locator("#game-status")).to_contain_text("Round 2 being played")
    expect(page.locator("#phases li[data-player=Cy]")).to_have_text("Cy Phase 2: one set of three and one run of four, no other meld")
    assert phases(page) == {"Ann": "2", "Bob": "1", "Cy": "2"}
