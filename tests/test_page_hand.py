"""One screen in the hand: the round's actions in a bar at the foot of a phone's screen, the
rematch, the referee asked from the start page with no game, and no serious or critical
accessibility fault (axe-core) on any kind of page."""

from __future__ import annotations

import json
import re
import urllib.request

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from tests.browser import PageFactory, screenshot
from tests.test_page import enter_points, start

pytestmark = [pytest.mark.browser, pytest.mark.e2e]

PHONE = {"width": 390, "height": 844}
LOCAL = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def api(base: str, method: str, path: str, body: object = None, token: str | None = None) -> dict[str, object]:
    headers = ({"Content-Type": "application/json"} if body is not None else {}) | \
        ({"Authorization": f"Bearer {token}"} if token else {})
    data = None if body is None else json.dumps(body).encode()
    return dict(json.load(LOCAL.open(urllib.request.Request(f"{base}{path}", data, headers, method=method))))


def token_of(page: Page, game: str) -> str | None:
    return page.evaluate("id => localStorage.getItem(`referee.token.${id}`)", game)


def wait_clear_of_the_bar(page: Page, selector: str) -> None:
    """Waits (a scroll may still be on its way) until the node is on screen, above the bar
    (not under it) and below the top of the screen; fails the test when it never is."""
    page.wait_for_function("""(sel) => {
        const box = document.querySelector(sel).getBoundingClientRect();
        const bar = document.getElementById('action-bar').getBoundingClientRect();
        return box.top >= 0 && box.bottom <= bar.top && box.height > 0;
    }""", arg=selector, timeout=5000)


def test_the_bar_takes_each_of_the_rounds_actions_to_its_form_in_one_tap(live_server: str,
                                                                           page_factory: PageFactory) -> None:
    page = page_factory("phone")
    page.set_viewport_size(PHONE)
    page.emulate_media(reduced_motion="reduce")                      # the bar scrolls at once, not smoothly
    start(page, live_server, "ten-pennies", ["Ann", "Bob", "Cy"])
    bar = page.locator("#action-bar")
    expect(bar).to_be_visible()
    expect(bar.get_by_role("button")).to_have_text(["Enter a round", "A buy", "Ask the referee"])
    # The sheet on top: the standings come before any form.
    tops = page.evaluate("['h-standings', 'h-sheet', 'h-enter', 'h-referee'].map((id) => "
                         "document.getElementById(id).getBoundingClientRect().top)")
    assert tops == sorted(tops)

    for button, focused in (("A buy", "Ann buys (10 left)"), ("Ask the referee", None), ("Enter a round", None)):
        page.evaluate("window.scrollTo(0, 0)")
        bar.get_by_role("button", name=button).click()
        if focused:
            expect(page.locator(":focus")).to_have_text(focused)
        wait_clear_of_the_bar(page, ":focus")                          # in view, not under the bar
    expect(page.locator(":focus")).to_have_id("went-out")            # the round's form, its first box
    screenshot(page, "bar-enter-phone")

    # The foot of the page is padded: its last section scrolls clear of the bar.
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    wait_clear_of_the_bar(page, "#share-fold")

    # Folded: sharing and the chart, opened by a tap (the QR code's link opens its fold).
    expect(page.locator("#share-qr")).to_be_hidden()
    page.get_by_role("link", name="Other phones join here: the game's QR code").click()
    expect(page.locator("#share-qr")).to_be_visible()
    expect(page.locator("#chart")).to_be_hidden()
    page.locator("#chart-fold summary").click()
    expect(page.locator("#chart")).to_be_visible()

    # Once the game is over only the referee is left in the bar, and no buy.
    enter_points(page, "Ann", {"Bob": 5, "Cy": 5}, {"Bob": 1, "Cy": 1})
    expect(bar.get_by_role("button", name="A buy")).to_be_visible()
    page.get_by_role("button", name="End the game now").click()
    page.get_by_role("button", name="Yes, end it: the winner is decided now").click()
    expect(page.locator("#winner")).to_be_visible()
    expect(bar.get_by_role("button")).to_have_text(["Ask the referee"])
    expect(page.get_by_role("button", name="Rematch")).to_have_count(1)  # under the result, not twice

    # On paper: the sheet, no bar and no fold.
    page.emulate_media(media="print")
    expect(bar).to_be_hidden()
    expect(page.locator("#rounds-table")).to_be_visible()
    expect(page.locator("#standings")).to_be_visible()
    expect(page.locator("#share-fold")).to_be_hidden()


def test_a_rematch_seats_the_same_table_and_the_next_seat_deals(live_server: str, page_factory: PageFactory) -> None:
    page = page_factory("phone")
    first = start(page, live_server, "ten-pennies", ["Ann", "Bob", "Cy"], dealer="Bob")
    enter_points(page, "Ann", {"Bob": 5, "Cy": 5}, {"Bob": 1, "Cy": 1})
    expect(page.locator("#dealer-line")).to_have_text("Cy deals.")    # round 2: Cy; a rematch: the seat after Bob
    expect(page.locator("#rematch")).to_be_hidden()                  # not over: the scorer's, in the corrections
    page.locator("#entries").get_by_role("button", name="Rematch").click()
    page.wait_for_url(re.compile(r"/games/(?!" + first + r")[^/]+$"))
    second = page.url.rsplit("/", 1)[1]
    expect(page.locator("#standings tbody tr")).to_have_count(3)
    expect(page.locator("#game-status")).to_contain_text("You keep the score.")
    assert token_of(page, second)
    game = api(live_server, "GET", f"/v1/games/{second}")
    assert game["ruleset"] == "ten-pennies" and game["round"] == 1 and game["dealer"] == "Cy"
    assert [p["name"] for p in game["players"]] == ["Ann", "Bob", "Cy"]  # type: ignore[attr-defined,index]
    assert {"Ann", "Bob", "Cy"} == {g for g in page.evaluate(
        "JSON.parse(localStorage.getItem('referee.games'))[0].players")}

    # A team game, finished: anyone following it may start the rematch; the teams stay.
    created = api(live_server, "POST", "/v1/games", {"ruleset": "canasta", "players": ["Ann", "Bob", "Cy", "Dee"],
                                                    "teams": [["Ann", "Cy"], ["Bob", "Dee"]], "dealer": "Dee"})
    hand = {"went_out": "Ann", "hands": {"Ann": [], "Bob": ["4C"], "Cy": ["8D"], "Dee": ["AH", "JK"]},
            "melded": {"Ann": [["KH", "KS", "KD", "KC", "KH", "KS", "KD"]]}}
    api(live_server, "POST", f"/v1/games/{created['id']}/rounds", hand, str(created["token"]))   # Dee deals it
    api(live_server, "POST", f"/v1/games/{created['id']}/finish", None, str(created["token"]))
    follower = page_factory("phone")
    follower.goto(f"{live_server}/games/{created['id']}")
    follower.get_by_role("button", name="Rematch").click()
    follower.wait_for_url(re.compile(r"/games/(?!" + str(created["id"]) + r")[^/]+$"))
    again = api(live_server, "GET", f"/v1/games/{follower.url.rsplit('/', 1)[1]}")
    assert [t["players"] for t in again["teams"]] == [["Ann", "Cy"], ["Bob", "Dee"]]  # type: ignore[attr-defined]
    assert again["dealer"] == "Ann"                                  # the seat after Dee's, round the table
    expect(follower.locator("#game-status")).to_contain_text("You keep the score.")


def test_the_referee_is_asked_from_the_start_page_with_no_game(live_server: str, page_factory: PageFactory) -> None:
    page = page_factory("phone")
    page.goto(f"{live_server}/")
    games_before = page.evaluate("localStorage.getItem('referee.games')")
    page.select_option("#ask-ruleset", "ten-pennies")
    page.get_by_role("button", name="Ask about a hand, with no game started").click()
    page.wait_for_url(f"{live_server}/rulesets/ten-pennies/referee")
    expect(page.locator("#game-title")).to_have_text("Ten Pennies")
    expect(page.locator("#contract")).to_contain_text("Round 1: two sets of three")
    page.select_option("#ask-round", "4")
    expect(page.locator("#contract")).to_contain_text("Round 4: one set of five")
    tools = page.locator("#referee")
    for card in ("8H", "8S", "8D", "8C", "2C"):
        tools.locator(f"[data-card='{card}']").click()
    tools.get_by_role("button", name="Is it a meld?").click()
    expect(page.locator("#verdict")).to_contain_text("Yes: a legal set")
    screenshot(page, "referee-alone-phone")
    assert page.evaluate("localStorage.getItem('referee.games')") == games_before  # no game was started
    page.goto(f"{live_server}/rulesets/no-such-game/referee")
    expect(page.locator("h1")).to_have_text("No such game")
    assert [e for e in page_factory.errors if "404" in e] == page_factory.errors != []   # the 404 page's own status
    page_factory.errors.clear()


def serious(page: Page) -> list[str]:
    """axe-core's serious and critical violations on the page as it is now."""
    answer = Axe().run(page).response
    return [f"{v['id']} ({v['impact']}): {node['target']}" for v in answer["violations"]
            if v["impact"] in ("serious", "critical") for node in v["nodes"]]


@pytest.mark.parametrize("kind", ["home", "ten-pennies", "rummikub", "canasta", "phase-10", "referee"])
def test_no_serious_or_critical_accessibility_fault(live_server: str, page_factory: PageFactory, kind: str) -> None:
    page = page_factory("phone")
    if kind == "home":
        start(page, live_server, "ten-pennies", ["Ann", "Bob"])          # the list of games shows too
        page.goto(f"{live_server}/")
        expect(page.locator("#kept")).to_be_visible()
    elif kind == "referee":
        page.goto(f"{live_server}/rulesets/bing-rummy/referee")
        tools = page.locator("#referee")
        for card in ("8H", "8S", "9D"):
            tools.locator(f"[data-card='{card}']").click()
        tools.get_by_role("button", name="Is it a meld?").click()
        expect(page.locator("#verdict")).to_contain_text("Not legal")  # opened, with an answer shown
    else:
        start(page, live_server, kind, ["Ann", "Bob", "Cy", "Dee"])
        expect(page.locator("#action-bar")).to_be_visible()
    assert serious(page) == []


def test_a_round_half_typed_comes_back_after_a_reload_and_goes_once_entered(live_server: str,
                                                                            page_factory: PageFactory) -> None:
    page = page_factory("phone")
    start(page, live_server, "ten-pennies", ["Ann", "Bob"])
    page.get_by_label("Type the points").check()
    page.select_option("#went-out", "Bob")
    page.get_by_label("Ann's points").fill("35")
    page.reload()
    expect(page.get_by_label("Type the points")).to_be_checked()
    expect(page.locator("#went-out")).to_have_value("Bob")
    expect(page.get_by_label("Ann's points")).to_have_value("35")
    page.get_by_label("Ann's cards caught").fill("3")
    page.get_by_role("button", name="Enter the round").click()
    expect(page.locator("#notice")).to_have_text("Round 1 entered.")
    page.reload()
    expect(page.locator("#went-out")).to_have_value("")
    expect(page.get_by_label("Ann's points")).to_have_value("")


def test_the_scorers_rematch_is_the_tables_and_every_follower_is_shown_the_way(live_server: str,
                                                                               page_factory: PageFactory) -> None:
    scorer = page_factory("phone")
    first = start(scorer, live_server, "ten-pennies", ["Ann", "Bob"])
    follower = page_factory("phone")
    follower.goto(f"{live_server}/games/{first}")
    expect(follower.locator("#game-status")).to_contain_text("You are following the game")
    scorer.get_by_role("button", name="End the game now").click()
    scorer.get_by_role("button", name="Yes, end it: the winner is decided now").click()
    expect(scorer.locator("#rematch")).to_be_visible()
    scorer.locator("#rematch").click()
    scorer.wait_for_url(re.compile(r"/games/(?!" + first + r")[^/]+$"))
    second = scorer.url.rsplit("/", 1)[1]
    expect(scorer.locator("#game-status")).to_contain_text("You keep the score.")
    # The follower learns of it live: a link to the table's new game, no rematch of its own.
    link = follower.get_by_role("link", name="The table went on to a rematch: follow it")
    expect(link).to_be_visible()
    expect(follower.locator("#rematch")).to_be_hidden()
    link.click()
    follower.wait_for_url(re.compile(f"/games/{second}$"))
    expect(follower.locator("#game-status")).to_contain_text("You are following the game")
    # The start page tells the finished game from the new one.
    scorer.goto(f"{live_server}/")
    kept = scorer.locator("#kept-games li")
    expect(kept.filter(has=scorer.locator(f"[data-game='{first}']"))).to_contain_text("finished")
    expect(kept.filter(has=scorer.locator(f"[data-game='{second}']"))).not_to_contain_text("finished")
