"""Mahjong at the table, on a phone (390x844): the tile picker drawn from the ruleset's set as the
service gives it (red fives where the set has them, flowers where it has them, each tile named in
words, no more taps of a tile than the set holds), the referee's two questions asked and
answered (the score with its patterns, fu and points; the waits), and no serious accessibility
fault."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.browser import PageFactory, screenshot
from tests.test_page import fits
from tests.test_page_hand import serious

pytestmark = [pytest.mark.browser, pytest.mark.e2e]

PHONE = {"width": 390, "height": 844}
# A hand that wins with riichi on a self-drawn east wind (the seat and round wind: two value pungs).
HAND = ["1m", "2m", "3m", "0p", "6p", "7p", "7s", "8s", "9s", "1z", "1z", "2m", "2m", "1z"]


def tap(board: Locator, *tiles: str) -> None:
    for tile in tiles:
        board.locator(f".mj-grid [data-tile='{tile}']").click()


def place(board: Locator, name: str) -> Locator:
    return board.locator(f".mj-place[data-place='{name}'] .chips [data-tile]")


def panel(page: Page, base: str, ruleset: str) -> Locator:
    page.set_viewport_size(PHONE)
    page.goto(f"{base}/rulesets/{ruleset}/referee")
    board = page.locator("#referee .mj-board")
    expect(board).to_be_visible()
    return board


def test_the_picker_draws_the_riichi_set_in_words_and_keeps_to_its_copies(live_server: str, page_factory: PageFactory) -> None:
    page = page_factory("phone")
    board = panel(page, live_server, "riichi")
    grid = board.locator(".mj-grid")
    # Suits 1-9 with a red five beside the five, the winds and dragons by their other names; no flowers.
    expect(grid.locator(".suit[data-suit=m] button")).to_have_count(10)
    expect(grid.locator(".suit[data-suit=z] .n")).to_have_text(["E", "S", "W", "N", "Wh", "Gr", "Rd"])
    expect(grid.locator(".suit[data-suit=f]")).to_have_count(0)
    expect(grid.locator("[data-tile='0p']")).to_have_attribute("aria-label", "Add red five of dots (Your hand)")
    expect(grid.locator("[data-tile='7z']")).to_have_attribute("aria-label", "Add red dragon (Your hand)")
    red, plain = grid.locator("[data-tile='0s']"), grid.locator("[data-tile='5s']")
    assert red.evaluate("n => getComputedStyle(n).color") != plain.evaluate("n => getComputedStyle(n).color")
    # The set holds one red five of dots and three plain fives: a tile runs out at its copies.
    tap(board, "0p")
    expect(grid.locator("[data-tile='0p']")).to_be_disabled()
    tap(board, "5p", "5p", "5p")
    expect(grid.locator("[data-tile='5p']")).to_be_disabled()
    expect(place(board, "hand")).to_have_count(4)
    # Tapped tiles are shown in order; one comes back at a tap, and its button is free again.
    assert place(board, "hand").evaluate_all("ns => ns.map((n) => n.dataset.tile)") == ["0p", "5p", "5p", "5p"]
    board.get_by_role("button", name="Take back red five of dots").click()
    expect(place(board, "hand")).to_have_count(3)
    expect(grid.locator("[data-tile='0p']")).to_be_enabled()
    # Dora indicators count against the same copies; the count shows beside each place.
    board.get_by_label("Dora indicators", exact=True).check()
    tap(board, "7z")
    expect(board.locator(".mj-place[data-place=dora] .mj-label")).to_contain_text("(1 tile)")
    assert fits(page)


def test_hong_kong_has_flowers_and_no_dora(live_server: str, page_factory: PageFactory) -> None:
    page = page_factory("phone")
    board = panel(page, live_server, "hong-kong")
    grid = board.locator(".mj-grid")
    expect(grid.locator(".suit[data-suit=f] button")).to_have_count(8)
    expect(grid.locator(".suit[data-suit=m] button")).to_have_count(9)     # no red five
    expect(board.get_by_label("Dora indicators")).to_have_count(0)
    expect(page.locator("#referee").get_by_label("Riichi declared")).to_have_count(0)
    # A flower goes with the flowers whatever place is chosen; each flower is one of a kind.
    tap(board, "1f")
    expect(place(board, "flowers")).to_have_count(1)
    expect(grid.locator("[data-tile='1f']")).to_be_disabled()
    tap(board, *HAND[:3], "5p", *HAND[4:])
    page.get_by_role("button", name="What does this hand score?").click()
    verdict = page.locator("#verdict")
    expect(verdict).to_contain_text("It scores")
    expect(verdict).to_contain_text(re.compile(r"\d+ faan"))
    expect(verdict).to_contain_text("Own flower or season: 1 faan")
    assert fits(page)


def test_what_a_riichi_hand_scores_and_what_it_waits_on(live_server: str, page_factory: PageFactory) -> None:
    page = page_factory("phone")
    board = panel(page, live_server, "riichi")
    tools = page.locator("#referee")
    tap(board, *HAND)
    expect(tools.locator("#mj-win-tile")).to_have_value("1z")            # the tile tapped last
    tools.get_by_label("Self-draw (tsumo)").check()
    tools.get_by_label("Riichi declared").check()
    tools.get_by_role("button", name="What does this hand score?").click()
    verdict = page.locator("#verdict")
    expect(verdict).to_contain_text("It scores")
    expect(verdict.locator(".mj-patterns li")).to_contain_text(["Riichi: 1 han", "Fully concealed self-draw: 1 han"])
    expect(verdict.locator(".mj-patterns")).to_contain_text("Dora: 1 han")    # the red five
    expect(verdict.locator(".mj-fu li").first).to_have_text("base: 20 fu")
    expect(verdict.locator(".mj-score li").nth(1)).to_contain_text(re.compile(r"points in all: \d+ from each other player"))
    expect(verdict.locator(".mj-arrangement .mj-row")).to_have_count(5)
    screenshot(page, "mahjong-referee-phone")
    assert serious(page) == []
    # Winning tile out of the hand: the hand has 13 tiles and waits on a wind or the pair.
    board.get_by_role("button", name="Take back east wind").last.click()
    tools.get_by_role("button", name="What am I waiting on?").click()
    expect(verdict).to_contain_text("Ready: one tile from winning")
    waits = verdict.locator(".mj-waits li")
    expect(waits).to_have_count(2)
    expect(waits.first).to_contain_text("it scores")
    # Not a winning hand: the violation in words.
    tools.get_by_role("button", name="Take back 9 of bamboo").click()
    tap(board, "9m", "1z")
    tools.locator("#mj-win-tile").select_option("1z")
    tools.get_by_role("button", name="What does this hand score?").click()
    expect(verdict).to_contain_text("It does not score")
    expect(verdict.locator("li")).to_have_text(["these tiles make no winning hand"])
    assert fits(page)
