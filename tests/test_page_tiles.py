"""Rummikub at the table, on a phone (390x844): the tiles drawn as tiles (the number large in
its colour, the letter small, the joker a tile of its own), the table's melds and the rack
entered, the best play shown as the table after it with the rack's tiles marked, a turn checked
with the meld at fault named, and a round whose winner's gain is written below zero.
"""

from __future__ import annotations

import re
from collections import Counter

import pytest
from playwright.sync_api import Page, expect

from tests.browser import SCREENSHOTS, PageFactory, screenshot
from tests.test_e2e import call
from tests.test_page import fits, score_of, start

pytestmark = [pytest.mark.browser, pytest.mark.e2e]

PHONE = {"width": 390, "height": 844}
COLOURS = {"black": "K", "blue": "B", "orange": "O", "red": "R"}
TABLE = [["5K", "6K", "7K"], ["9B", "9R", "9O"]]
RACK = ["8K", "9K", "4K", "1R", "13B"]


def tap(page: Page, picker: str, *tiles: str) -> None:
    """Tap `tiles` in the referee's picker named `picker`; "|" starts the next meld."""
    box = page.locator(f"#referee .picker[aria-label='{picker}']")
    for tile in tiles:
        if tile == "|":
            box.get_by_role("button", name="Next meld").click()
        else:
            box.locator(f"[data-card='{tile}']").click()


def melds(page: Page, picker: str) -> object:
    """The melds picked so far in the referee's picker named `picker`."""
    return page.locator(f"#referee .chips[aria-label='{picker}: picked tiles'] .group")


def style(locator: object, prop: str) -> str:
    return locator.evaluate(f"n => getComputedStyle(n).{prop}")  # type: ignore[attr-defined]


def test_rummikub_tiles_the_best_play_and_a_turn_on_a_phone(live_server: str, page_factory: PageFactory) -> None:
    page = page_factory("phone")
    page.set_viewport_size(PHONE)
    start(page, live_server, "rummikub", ["Ann", "Bob", "Cy"])
    tools = page.locator("#referee")

    # Tiles: each colour's row 1-13 with its letter, the number large in the colour, the letter small.
    inks = {}
    table_picker = tools.locator(".picker[aria-label='The table']")
    for colour, letter in COLOURS.items():
        row = table_picker.locator(f".suit[data-suit={colour}] button")
        expect(row).to_have_text([f"{n}{letter}" for n in range(1, 14)])
        expect(row.first).to_have_class(re.compile(r"\btile\b"))
        number, small = row.first.locator(".n"), row.first.locator(".l")
        expect(small).to_have_text(letter)
        assert float(style(number, "fontSize")[:-2]) > 1.5 * float(style(small, "fontSize")[:-2])
        assert float(style(row.first, "borderTopLeftRadius")[:-2]) > 0       # a rounded tile
        inks[colour] = style(number, "color")
        assert style(row.first, "backgroundColor") != inks[colour]
    assert len(set(inks.values())) == len(COLOURS), inks
    joker = table_picker.locator("[data-card=JK]")
    expect(joker).to_have_class(re.compile(r"\btile\b.*\bjoker\b"))
    expect(joker).to_have_text(re.compile("JK"))

    # Asked before the rack is entered, the referee says what to enter, under the question asked.
    tools.get_by_role("button", name="What could I play?").click()
    verdict = page.locator("#verdict")
    expect(verdict).to_have_text(re.compile(r"^Check what you entered\s*Enter the tiles on your rack first\.$"))
    expect(verdict).to_be_in_viewport()
    assert verdict.evaluate("n => n.previousElementSibling.textContent") == "What could I play?"

    # The table's melds and the rack; a meld entered by mistake comes off at a tap.
    tap(page, "The table", *TABLE[0], "|", *TABLE[1], "|", "1K")
    expect(melds(page, "The table")).to_have_count(3)
    tools.get_by_role("button", name="Remove meld 3 (The table)").click()
    groups = melds(page, "The table")
    expect(groups).to_have_count(2)
    expect(groups.nth(0).locator("button.tile")).to_have_text(TABLE[0])
    tools.get_by_role("button", name="Enter your rack").click()               # one grid open at a time
    expect(table_picker).to_be_hidden()
    tap(page, "Your rack", *RACK)
    tools.get_by_label("I have made my first meld this round").check()

    # The best play, as the service finds it, drawn as the table after it.
    status, best = call(live_server, "POST", "/v1/rulesets/rummikub/turns/best",
                        {"table": TABLE, "hand": RACK, "first_meld_done": True})
    assert status == 200 and best["played"], best
    tools.get_by_role("button", name="What could I play?").click()
    expect(verdict).to_contain_text("You can play " + " ".join(best["played"]))
    expect(verdict.locator("strong")).to_be_in_viewport()  # the answer under its question, not below the page
    rows = verdict.locator(".after-table .meld-row")
    expect(rows).to_have_count(len(best["table"]))
    for i, meld in enumerate(best["table"]):
        expect(rows.nth(i).locator(".tile")).to_have_text(meld)
    marked = verdict.locator(".after-table .tile.played")
    assert Counter(marked.evaluate_all("ns => ns.map((n) => n.dataset.card)")) == Counter(best["played"])
    assert sum(len(m) for m in best["table"]) == sum(len(m) for m in TABLE) + len(best["played"])
    expect(verdict.locator("p .meld-row .tile")).to_have_text(best["left"])
    assert fits(page)
    screenshot(page, "rummikub-best-phone")
    tools.screenshot(path=SCREENSHOTS / "rummikub-referee-phone.png")  # the referee's part alone

    # Before the first meld only the rack's own melds count: these tiles make none, so a tile is drawn.
    status, none = call(live_server, "POST", "/v1/rulesets/rummikub/turns/best",
                        {"table": TABLE, "hand": RACK, "first_meld_done": False})
    assert status == 200 and none["played"] == [], none
    tools.get_by_label("I have made my first meld this round").uncheck()
    tools.get_by_role("button", name="What could I play?").click()
    expect(verdict).to_have_text("Your rack makes no first meld of 30 points: draw a tile.")
    tools.get_by_label("I have made my first meld this round").check()

    # A table meld the service cannot take is named as the table's, and marked there; not "Not legal".
    tools.get_by_role("button", name="Enter the table's melds").click()
    tap(page, "The table", "|", "1R", "2R")
    status, problem = call(live_server, "POST", "/v1/rulesets/rummikub/turns/best",
                           {"table": [*TABLE, ["1R", "2R"]], "hand": RACK, "first_meld_done": True})
    assert status == 422 and [e["path"] for e in problem["errors"]] == ["table[2]"], problem
    tools.get_by_role("button", name="What could I play?").click()
    expect(verdict.locator("strong")).to_have_text("Check what you entered")
    expect(verdict.locator("li")).to_have_text([f"Table meld 3: {problem['errors'][0]['message']}"])
    expect(verdict).to_be_in_viewport()
    expect(melds(page, "The table").nth(2)).to_have_class(re.compile(r"\bfault\b"))
    expect(melds(page, "The table").nth(0)).not_to_have_class(re.compile(r"\bfault\b"))
    assert len(page_factory.errors) == 1 and "status of 422" in page_factory.errors[0], page_factory.errors
    page_factory.errors.clear()  # the browser logs the 422 asked for
    tools.get_by_role("button", name="Remove meld 3 (The table)").click()

    # The turn asked about before the table after it is entered: what to enter, not a list of faults.
    tools.get_by_role("button", name="Is my turn legal?").click()
    expect(verdict.locator("strong")).to_have_text("Check what you entered")
    expect(verdict.locator("li")).to_have_text([re.compile(r"^Enter the table after your turn first")])
    assert verdict.evaluate("n => n.previousElementSibling.textContent") == "Is my turn legal?"

    # A turn that leaves a meld of one tile: not legal, the sentence shown, that meld marked.
    tools.get_by_role("button", name="Enter the table after your turn").click()
    tools.get_by_role("button", name="Start from the table").click()
    tap(page, "The table after your turn", "8K")
    after = [*TABLE, ["8K"]]
    status, checked = call(live_server, "POST", "/v1/rulesets/rummikub/turns/check",
                           {"before": TABLE, "after": after, "hand": RACK, "first_meld_done": True})
    assert status == 200 and not checked["valid"], checked
    tools.get_by_role("button", name="Is my turn legal?").click()
    expect(verdict).to_contain_text("Not legal")
    expect(verdict).to_be_in_viewport()
    for violation in checked["violations"]:
        expect(verdict).to_contain_text(violation["message"])
    faulty = {int(v["path"][6:-1]) for v in checked["violations"] if re.fullmatch(r"after\[\d+\]", v.get("path") or "")}
    assert faulty, checked
    after_groups = melds(page, "The table after your turn")
    for i in range(len(after)):
        if i in faulty:
            expect(after_groups.nth(i)).to_have_class(re.compile(r"\bfault\b"))
        else:
            expect(after_groups.nth(i)).not_to_have_class(re.compile(r"\bfault\b"))

    # A legal rebuild: the run taken apart and made longer with the rack's tiles.
    tools.get_by_role("button", name="Start from the table").click()
    tools.get_by_role("button", name="Remove meld 1 (The table after your turn)").click()
    tap(page, "The table after your turn", "5K", "6K", "7K", "8K", "9K")
    tools.get_by_role("button", name="Is my turn legal?").click()
    expect(verdict).to_contain_text("Yes: the turn is legal; it plays")
    tools.screenshot(path=SCREENSHOTS / "rummikub-turn-phone.png")

    # A round: Ann goes out; the others' racks as points; Ann's gain from the service, each rack
    # written minus (the rule book's sheet).
    expect(page.locator("#winner-gains")).to_be_visible()
    page.get_by_label("Type the points").check()
    page.select_option("#went-out", "Ann")
    expect(page.get_by_label("Ann's points")).to_be_disabled()
    page.get_by_label("Bob's points").fill("20")
    page.get_by_label("Cy's points").fill("15")
    page.get_by_role("button", name="Enter the round").click()
    expect(page.locator("#game-status")).to_contain_text("Round 2 being played")
    sheet = call(live_server, "GET", f"/v1/games/{page.url.rsplit('/', 1)[1]}")[1]
    ann = next(p for p in sheet["players"] if p["name"] == "Ann")
    assert ann["score"] == 35
    assert score_of(page, "Ann") == "35"
    assert score_of(page, "Bob") == "-20"

    # A round entered as the racks' tiles: the service counts them (a joker too) and Bob's gain.
    page.get_by_label("Tap each player's tiles").check()
    page.select_option("#went-out", "Bob")
    racks = {"Ann": ["5K"], "Cy": ["13R", "JK"]}
    for name, tiles in racks.items():
        page.get_by_role("button", name=f"Tap {name}'s tiles").click()
        grid = page.locator(f"#round-form .picker[aria-label=\"{name}'s tiles left on the rack\"]")
        expect(grid.locator("[data-card='1K']")).to_have_class(re.compile(r"\btile\b"))
        for tile in tiles:
            grid.locator(f"[data-card='{tile}']").click()
    page.get_by_role("button", name="Enter the round").click()
    expect(page.locator("#game-status")).to_contain_text("Round 3 being played")
    sheet = call(live_server, "GET", f"/v1/games/{page.url.rsplit('/', 1)[1]}")[1]
    second = sheet["rounds"][1]["points"]
    assert second["Bob"] > 0 and second["Bob"] == -(second["Ann"] + second["Cy"]), second
    for p in sheet["players"]:
        assert score_of(page, p["name"]) == str(p["score"])
    expect(page.locator("#rounds-table tbody tr:not(.parts)").nth(1).locator("td")).to_have_text(
        [str(second[n]) for n in ("Ann", "Bob", "Cy")])
    assert fits(page)
    screenshot(page, "rummikub-phone")

    # The same page in Romanian: the referee's questions and the round's line in the page's language.
    page.goto(f"{page.url.split('?')[0]}?lang=ro")
    expect(page.locator("#referee").get_by_role("button", name="Ce aș putea pune?")).to_be_visible()
    expect(page.locator("#referee").get_by_role("button", name="Este tura mea valabilă?")).to_be_visible()
    expect(page.locator("#winner-gains")).to_have_text("Cine a ieșit câștigă ce țin ceilalți: lăsați-i punctele goale.")
    assert fits(page)


def test_remi_that_never_rebuilds_still_draws_tiles(live_server: str, page_factory: PageFactory) -> None:
    page = page_factory("phone")
    page.set_viewport_size(PHONE)
    start(page, live_server, "remi-add-only", ["Ann", "Bob"])
    tools = page.locator("#referee")
    row = tools.locator(".picker .suit[data-suit=red] button")
    expect(row).to_have_text([f"{n}R" for n in range(1, 14)])
    expect(row.first).to_have_class(re.compile(r"\btile\b"))
    expect(tools.get_by_role("button", name="What could I play?")).to_have_count(0)  # the table is not rebuilt
    for tile in ("4R", "5R", "JK"):
        tools.locator(f".picker [data-card='{tile}']").click()
    expect(tools.locator(".chips button.tile")).to_have_text(["4R", "5R", re.compile("JK$")])
    status, answer = call(live_server, "POST", "/v1/rulesets/remi-add-only/melds/check", {"cards": ["4R", "5R", "JK"]})
    assert status == 200 and answer["valid"], answer
    tools.get_by_role("button", name="Is it a meld?").click()
    expect(page.locator("#verdict")).to_contain_text("Yes: a legal")
    assert fits(page)
