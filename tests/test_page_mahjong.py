"""Mahjong at the table, on a phone (390x844): the tile picker drawn from the ruleset's set as the
service gives it (red fives where the set has them, flowers where it has them, each tile named in
words, no more taps of a tile than the set holds), the referee's two questions asked and
answered (the score with its patterns, fu and points; the waits); a game's hands entered (by
their tiles with riichi and a self-draw, a drawn hand), named and undone; and no serious
accessibility fault."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.browser import PageFactory, screenshot
from tests.test_page import fits, start
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
    # In the page's language: each tile named in Russian.
    page.goto(f"{live_server}/rulesets/riichi/referee?lang=ru")
    expect(page.locator(".mj-grid [data-tile='0p']")).to_have_attribute("aria-label", re.compile("красная пятёрка кругов"))
    expect(page.locator(".mj-grid [data-tile='1z']")).to_have_attribute("aria-label", re.compile("восточный ветер"))


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
    tap(board, *HAND[:-1])
    tools.locator("#mj-win-tile").select_option("2m")                    # chosen from the list...
    tap(board, HAND[-1])
    expect(tools.locator("#mj-win-tile")).to_have_value("2m")            # ...it stays through a later tap
    tools.locator("#mj-win-tile").select_option("1z")
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


def test_a_riichi_game_by_hands_on_a_phone(live_server: str, page_factory: PageFactory) -> None:
    page = page_factory("phone")
    page.set_viewport_size(PHONE)
    start(page, live_server, "riichi", ["Ann", "Bob", "Cy", "Dee"])
    # The hand's name, the dealer, each player's seat wind.
    expect(page.locator("#contract")).to_have_text("East 1")
    expect(page.locator("#game-status")).to_contain_text("East 1 being played.")
    expect(page.locator("#dealer-line")).to_have_text("Ann deals.")
    expect(page.locator("#bar-enter")).to_have_text("Enter a hand")
    winds = page.locator("#standings tbody tr").evaluate_all(
        "rows => rows.map((r) => [r.querySelector('th').textContent, r.children[2].textContent])")
    assert sorted(winds) == [["Ann", "east wind"], ["Bob", "south wind"], ["Cy", "west wind"], ["Dee", "north wind"]]
    form = page.locator("#round-form")
    # Ann declares riichi and wins by self-draw; the hand entered by its tiles, scored by the referee.
    form.get_by_label("Who won?").select_option("Ann")
    form.get_by_label("The tiles (the referee scores them)").check()
    tap(form.locator(".mj-board"), *HAND)
    expect(form.locator("select[id$='-win-tile']")).to_have_value("1z")
    form.locator("input[name=riichi][value=Ann]").check()
    # Before entering it: what it scores, as the game stands (Ann's seat wind, her riichi).
    form.get_by_role("button", name="What does it score?").click()
    preview = form.locator("[id$='-preview']")
    expect(preview).to_contain_text("It scores")
    expect(preview.locator(".mj-patterns li")).to_contain_text(["Riichi: 1 han"])
    form.get_by_role("button", name="Enter the hand").click()
    expect(page.locator("#notice")).to_have_text("East 1 entered.")
    expect(page.locator("#contract")).to_have_text("East 1, 1 honba")              # the dealer won: repeats
    start_row = page.locator("#rounds-table tbody tr.start")
    expect(start_row.locator("td")).to_have_text(["25000"] * 4)          # what each started with, first
    row = page.locator("#rounds-table tbody tr:not(.start)").first
    expect(row.locator("th")).to_have_text("1 · East 1")
    cells = row.locator("td").all_inner_texts()
    assert int(cells[0]) > 0 and all(int(c) < 0 for c in cells[1:]) and sum(map(int, cells)) == 0
    row.get_by_role("button").click()
    parts = page.locator("#parts-1")
    expect(parts.locator("li.hand").first).to_contain_text(
        re.compile(r"Ann won by self-draw; 5 han, 30 fu; mangan; Riichi.*Dora: 1 han"))
    expect(parts).to_contain_text("riichi stick paid")
    # A drawn hand: Bob was ready; the others pay him.
    form.get_by_label("A drawn hand (the wall ran out)").check()
    expect(form.get_by_label("Who won?")).to_be_hidden()
    form.locator("input[name=tenpai][value=Bob]").check()
    form.get_by_role("button", name="Enter the hand").click()
    expect(page.locator("#notice")).to_have_text("East 1, 1 honba entered.")
    second = page.locator("#rounds-table tbody tr:not(.parts):not(.start)").nth(1)
    expect(second.locator("th")).to_have_text("2 · East 1, 1 honba")
    drawn = dict(zip(["Ann", "Bob", "Cy", "Dee"], map(int, second.locator("td").all_inner_texts())))
    assert drawn["Bob"] > 0 and drawn["Ann"] < 0 and sum(drawn.values()) == 0
    # A win by han and fu that the service refuses is said at its box.
    form.get_by_label("Who won?").select_option("Cy")
    form.get_by_label("From whose discard?").select_option("Dee")
    form.get_by_label("Han", exact=True).fill("0")
    form.get_by_role("button", name="Enter the hand").click()
    expect(form.get_by_label("Han", exact=True)).to_have_attribute("aria-invalid", "true")
    assert len(page_factory.errors) == 1 and "status of 422" in page_factory.errors[0], page_factory.errors
    page_factory.errors.clear()  # the browser logs the 422 asked for
    screenshot(page, "mahjong-sheet-phone")
    assert serious(page) == []
    # Undo takes the drawn hand off: the hand's name is the one before it again.
    page.locator("#undo").click()
    page.locator("#undo-yes").click()
    expect(page.locator("#rounds-table tbody tr:not(.parts):not(.start)")).to_have_count(1)
    expect(page.locator("#contract")).to_have_text(re.compile(r"^East 1, 1 honba$"))
    assert fits(page)
    # The table ends the game: the end's reckoning (uma, oka) is a row of its own; every column adds up.
    page.get_by_role("button", name="End the game now").click()
    page.get_by_role("button", name="Yes, end it: the winner is decided now").click()
    end = page.locator("#rounds-table tbody tr:not(.parts)").last
    expect(end.locator("th")).to_have_text("End")
    end.get_by_role("button").click()
    expect(page.locator("#parts-end")).to_contain_text("uma")
    columns = page.locator("#rounds-table tbody tr:not(.parts)").evaluate_all(
        "rows => rows.map((r) => [...r.querySelectorAll('td')].map((c) => Number(c.textContent)))")
    totals = [int(x) for x in page.locator("#rounds-table tfoot td").all_inner_texts()]
    assert [sum(row[i] for row in columns) for i in range(4)] == totals


def test_two_winners_off_one_discard_and_a_hong_kong_hand_by_faan(live_server: str, page_factory: PageFactory) -> None:
    page = page_factory("phone")
    page.set_viewport_size(PHONE)
    names = ["Ann", "Bob", "Cy", "Dee"]
    start(page, live_server, "riichi-double-ron", names)
    form = page.locator("#round-form")
    form.get_by_role("button", name="Another winner off the same discard").click()
    for i, (winner, han) in enumerate([("Bob", "2"), ("Cy", "1")]):
        block = form.locator(f"fieldset[data-win='{i}']")
        block.get_by_label("Who won?").select_option(winner)
        block.get_by_label("From whose discard?").select_option("Ann")
        block.get_by_label("Han", exact=True).fill(han)
        block.get_by_label("Fu", exact=True).select_option("30")
    form.get_by_role("button", name="Enter the hand").click()
    expect(page.locator("#notice")).to_have_text("East 1 entered.")
    first = page.locator("#rounds-table tbody tr:not(.start)").first
    row = dict(zip(names, map(int, first.locator("td").all_inner_texts())))
    assert row["Bob"] > row["Cy"] > 0 == row["Dee"] and row["Ann"] == -(row["Bob"] + row["Cy"])
    first.get_by_role("button").click()
    expect(page.locator("#parts-1 li.hand")).to_have_text(["Bob won off Ann's discard; 2 han, 30 fu",
                                                           "Cy won off Ann's discard; 1 han, 30 fu"])

    start(page, live_server, "hong-kong", names)
    form = page.locator("#round-form")
    expect(form.locator("input[name=riichi]")).to_have_count(0)          # no riichi sticks in this game
    expect(form.get_by_label("A limit hand (yakuman)")).to_have_count(0)
    form.get_by_label("Who won?").select_option("Cy")
    form.get_by_label("Faan", exact=True).fill("4")
    form.get_by_role("button", name="Enter the hand").click()
    expect(page.locator("#notice")).to_have_text("East 1 entered.")
    row = dict(zip(names, map(int, page.locator("#rounds-table tbody tr:not(.start)").first.locator("td").all_inner_texts())))
    assert row["Cy"] > 0 and sum(row.values()) == 0 and all(row[n] < 0 for n in ("Ann", "Bob", "Dee"))
    assert serious(page) == []


def test_three_players_tap_no_missing_character_and_count_their_norths(live_server: str,
                                                                       page_factory: PageFactory) -> None:
    """riichi-sanma: the picker holds 1m and 9m alone of the characters; the norths set aside
    are a number asked beside the hand, counted as dora in the answer."""
    page = page_factory("phone")
    board = panel(page, live_server, "riichi-sanma")
    tools = page.locator("#referee")
    expect(board.locator(".mj-grid [data-tile$='m']")).to_have_count(2)
    tap(board, "1p", "2p", "3p", "4p", "5p", "6p", "7p", "8p", "9p", "2s", "3s", "9s", "9s", "4s")
    tools.get_by_label("Set aside as dora: north wind").fill("2")
    tools.get_by_label("Self-draw (tsumo)").check()
    tools.get_by_role("button", name="What does this hand score?").click()
    verdict = page.locator("#verdict")
    expect(verdict).to_contain_text("It scores")
    expect(verdict.locator(".mj-patterns")).to_contain_text("Dora: 2 han")
    assert fits(page)


def test_a_hand_half_entered_comes_back_after_a_reload(live_server: str, page_factory: PageFactory) -> None:
    """What the scorer typed and tapped for the hand is kept on the phone until the hand is entered."""
    page = page_factory("phone")
    page.set_viewport_size(PHONE)
    start(page, live_server, "riichi", ["Ann", "Bob", "Cy", "Dee"])
    form = page.locator("#round-form")
    form.get_by_label("Who won?").select_option("Bob")
    form.get_by_label("From whose discard?").select_option("Cy")
    form.get_by_label("The tiles (the referee scores them)").check()
    tap(form.locator(".mj-board"), "1m", "2m", "3m")
    form.locator("input[name=riichi][value=Dee]").check()
    page.reload()
    form = page.locator("#round-form")
    expect(form.get_by_label("Who won?")).to_have_value("Bob")
    expect(form.get_by_label("From whose discard?")).to_have_value("Cy")
    expect(form.get_by_label("The tiles (the referee scores them)")).to_be_checked()
    expect(place(form.locator(".mj-board"), "hand")).to_have_count(3)
    expect(form.locator("input[name=riichi][value=Dee]")).to_be_checked()
    # Entered another way: the draft goes with the hand, and the next hand's form is empty.
    form.get_by_label("Type the han and fu").check()
    form.get_by_label("Han", exact=True).fill("2")
    form.get_by_label("Fu", exact=True).select_option("30")
    form.get_by_role("button", name="Enter the hand").click()
    expect(page.locator("#notice")).to_have_text("East 1 entered.")
    page.reload()
    expect(page.locator("#round-form").get_by_label("Who won?")).to_have_value("")
    assert page.evaluate("JSON.parse(localStorage.getItem('referee.drafts') || '{}')") == {}
    # A limit hand typed by its han alone: no fu given, none shown.
    form = page.locator("#round-form")
    form.get_by_label("Who won?").select_option("Cy")
    expect(form.get_by_label("Fu", exact=True)).to_have_value("")
    form.get_by_label("Han", exact=True).fill("5")
    form.get_by_role("button", name="Enter the hand").click()
    expect(page.locator("#notice")).to_have_text("East 2 entered.")
    page.locator("#rounds-table tbody tr:not(.parts):not(.start)").nth(1).get_by_role("button").click()
    expect(page.locator("#parts-2 li.hand")).to_have_text("Cy won by self-draw; 5 han")
