"""A game in pairs at the table, on a phone (390x844): the teams follow the seating when the game
starts (partners opposite), the teams and their scores sit above the players, each player's
partner is named in the round's form, the sheet has a column a team, the team that reaches the
target wins, and undo takes the win back.

The ruleset is uploaded through the API: rummy-500 for two pairs.
"""

from __future__ import annotations

import re

import pytest
import yaml
from playwright.sync_api import Page, expect

from tests.browser import PageFactory, screenshot
from tests.test_e2e import call
from tests.test_page import enter_points, fits, score_of
from tests.test_teams import PAIRS

pytestmark = [pytest.mark.browser, pytest.mark.e2e]

PHONE = {"width": 390, "height": 844}
PLAYERS = ["Ann", "Bob", "Cy", "Dee"]


def team_scores(page: Page) -> dict[str, str]:
    rows = page.locator("#team-standings tbody tr")
    return {row.locator("th").inner_text(): row.locator("td.score").inner_text() for row in rows.all()}


def test_a_game_in_pairs_on_a_phone(live_server: str, page_factory: PageFactory) -> None:
    status, answer = call(live_server, "POST", "/v1/rulesets", yaml.safe_load(PAIRS))
    assert status == 201, answer
    page = page_factory("phone")
    page.set_viewport_size(PHONE)

    # Starting: the teams follow the seating, shown before the game starts.
    page.goto(f"{live_server}/")
    page.select_option("#ruleset", "rummy-500-pairs")
    for i, name in enumerate(PLAYERS):
        if page.locator("#players input").count() <= i:
            page.get_by_role("button", name="Add a player").click()
        page.get_by_label(f"Player {i + 1}", exact=True).fill(name)
    expect(page.locator("#teams-line")).to_have_text(
        "Partners score together; the teams, by seat: Ann + Cy; Bob + Dee.")
    page.select_option("#ruleset", "rummy-500")
    expect(page.locator("#teams-line")).to_be_hidden()
    page.select_option("#ruleset", "rummy-500-pairs")
    expect(page.locator("#teams-line")).to_be_visible()
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url(re.compile(r"/games/[^/]+$"))
    game_id = page.url.rsplit("/", 1)[1]
    expect(page.locator("#standings tbody tr")).to_have_count(4)
    status, game = call(live_server, "GET", f"/v1/games/{game_id}")
    assert status == 200 and [t["players"] for t in game["teams"]] == [["Ann", "Cy"], ["Bob", "Dee"]]

    # The teams sit above the players; each player's partner is named in the round's form.
    expect(page.locator("#teams-box")).to_be_visible()
    assert team_scores(page) == {"Ann + Cy": "0", "Bob + Dee": "0"}
    expect(page.locator("#round-form fieldset[data-player=Ann] legend")).to_have_text("Ann (with Cy)")
    expect(page.locator("#round-form fieldset[data-player=Dee] legend")).to_have_text("Dee (with Bob)")

    # A round entered per player; the referee adds each team's points.
    enter_points(page, "Ann", {"Ann": 150, "Bob": -20, "Cy": 70, "Dee": 35})
    assert team_scores(page) == {"Ann + Cy": "220", "Bob + Dee": "15"}
    assert score_of(page, "Cy") == "70"
    sheet = page.locator("#rounds-table")
    expect(sheet.locator("thead th")).to_have_text(["Round", *PLAYERS, "Ann + Cy", "Bob + Dee"])
    expect(sheet.locator("tbody tr").first.locator("td")).to_have_text(["150", "-20", "70", "35", "220", "15"])
    expect(sheet.locator("tfoot td")).to_have_text(["150", "-20", "70", "35", "220", "15"])
    expect(page.locator("#chart .legend li")).to_have_text(["Ann + Cy: 220", "Bob + Dee: 15"])
    expect(page.locator("#chart-caption")).to_have_text("Team scores after each round; the dashed line ends the game.")
    assert fits(page)

    # Neither Ann (290) nor Cy (280) reaches 500, but their team (570) does: it wins.
    enter_points(page, "Cy", {"Ann": 140, "Bob": 10, "Cy": 210, "Dee": 5})
    expect(page.locator("#winner")).to_have_text("Winning team: Ann and Cy")
    assert team_scores(page) == {"Ann + Cy": "570", "Bob + Dee": "30"}
    expect(page.locator("#team-standings tr.won th")).to_have_text("Ann + Cy")
    expect(page.locator("#round-form")).to_be_hidden()
    assert fits(page)
    screenshot(page, "teams-phone")

    # Undo takes the round, and the win, back; the round's form is there again.
    page.get_by_role("button", name=re.compile(r"^Undo round 2")).click()
    page.get_by_role("button", name="Yes, undo it").click()
    expect(page.locator("#winner")).to_be_hidden()
    assert team_scores(page) == {"Ann + Cy": "220", "Bob + Dee": "15"}
    expect(page.locator("#team-standings tr.won")).to_have_count(0)
    expect(page.locator("#round-form fieldset[data-player=Bob] legend")).to_have_text("Bob (with Dee)")


def test_the_chart_shows_long_scores_whole_on_a_phone(live_server: str, page_factory: PageFactory) -> None:
    """Canasta's scores run to thousands and below zero: the value axis's labels stay inside
    the chart, and a line shows where zero is."""
    status, game = call(live_server, "POST", "/v1/games", {
        "ruleset": "canasta", "players": PLAYERS, "teams": [["Ann", "Cy"], ["Bob", "Dee"]]})
    assert status == 201, game
    auth = {"Authorization": f"Bearer {game['token']}"}
    status, answer = call(live_server, "POST", f"/v1/games/{game['id']}/rounds", {
        "went_out": "Ann", "points": {"Ann": 2650, "Bob": -1120, "Cy": 1700, "Dee": -95}}, auth)
    assert status == 200, answer
    page = page_factory("phone")
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server}/games/{game['id']}")
    expect(page.locator("#chart .legend li")).to_have_text(["Ann + Cy: 4350", "Bob + Dee: -1215"])
    page.locator("#chart-fold summary").click()                       # the chart is folded
    chart = page.locator("#chart svg").bounding_box()
    assert chart is not None
    labels = page.locator("#chart svg text")
    assert labels.count() >= 4
    expect(page.locator("#chart svg line.zero")).to_have_count(1)  # a side below zero: where zero is
    for i in range(labels.count()):
        box = labels.nth(i).bounding_box()
        assert box is not None and box["x"] >= chart["x"] - 0.5, (labels.nth(i).text_content(), box, chart)
    assert fits(page)
