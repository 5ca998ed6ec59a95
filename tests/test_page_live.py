"""The game's page follows the game through its event stream: two phones on one game, a round
entered on one shows on the other within about a second, without a reload (api/static/live.js)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser import PageFactory
from tests.test_page import enter_points, score_of, start

pytestmark = [pytest.mark.browser, pytest.mark.e2e]


@pytest.mark.timed
def test_a_round_entered_on_one_phone_shows_on_the_other_at_once(live_server: str,
                                                                 page_factory: PageFactory) -> None:
    scorer = page_factory("phone")
    game = start(scorer, live_server, "bing-rummy", ["Ann", "Bob", "Cy"])
    follower = page_factory("phone")
    with follower.expect_request(lambda r: r.url.split("?")[0].endswith(f"/v1/games/{game}/events")) as stream:
        follower.goto(f"{live_server}/games/{game}")
    expect(follower.locator("#game-status")).to_contain_text("You are following the game.")
    assert "lang=en" in stream.value.url
    before = follower.locator("#game-status").inner_text()

    enter_points(scorer, "Cy", {"Ann": 30, "Bob": 20})
    # the page would ask only every 10 s: within ~1 s, the stream brought it
    expect(follower.locator("#game-status")).not_to_have_text(before, timeout=1500)
    assert score_of(follower, "Ann") == "30" and score_of(follower, "Bob") == "20"
    enter_points(scorer, "Ann", {"Bob": 5, "Cy": 7})
    expect(follower.locator("#standings tbody tr", has=follower.locator("th:text-is('Cy')"))
           .locator("td.score")).to_have_text("7", timeout=1500)


def test_the_page_asks_every_ten_seconds_when_the_stream_cannot_be_had(live_server: str,
                                                                       page_factory: PageFactory) -> None:
    scorer = page_factory("phone")
    game = start(scorer, live_server, "bing-rummy", ["Ann", "Bob", "Cy"])
    follower = page_factory("phone")
    # a proxy that answers the stream's path with something that is not a stream
    follower.route(f"**/v1/games/{game}/events*", lambda route: route.fulfill(status=502, body="Bad gateway"))
    follower.clock.install()
    follower.goto(f"{live_server}/games/{game}")
    expect(follower.locator("#game-status")).to_contain_text("You are following the game.")
    enter_points(scorer, "Cy", {"Ann": 30, "Bob": 20})
    with follower.expect_request(lambda r: r.url.split("?")[0].endswith(f"/v1/games/{game}")):
        follower.clock.run_for(10_000)  # the page's timer, not the test's clock
    expect(follower.locator("#standings tbody tr", has=follower.locator("th:text-is('Ann')"))
           .locator("td.score")).to_have_text("30")
    follower.close()  # the page tries the stream again with each ask: no more of its refusals
    # the browser reports the refused stream itself; the page says nothing of it
    assert all("/events" in error for error in page_factory.errors), page_factory.errors
    page_factory.errors.clear()
