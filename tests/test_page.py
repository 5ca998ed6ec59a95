"""The table's page in a real browser, against a real `referee serve`: whole games as a table
plays them (a phone that keeps the score, another that follows), and the referee's tools.

Every expected number is worked out here from the rules; each test saves phone or desktop
screenshots under build/screenshots; any console error fails the test (tests/browser.py).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser import PageFactory, screenshot

pytestmark = [pytest.mark.browser, pytest.mark.e2e]


def start(page: Page, base: str, ruleset: str, players: list[str], dealer: str | None = None) -> str:
    """Start a game from the start page as a table would; the game's id."""
    page.goto(f"{base}/")
    page.select_option("#ruleset", ruleset)
    for i, name in enumerate(players):
        if page.locator("#players input").count() <= i:
            page.get_by_role("button", name="Add a player").click()
        page.get_by_label(f"Player {i + 1}", exact=True).fill(name)
    if dealer:
        page.select_option("#dealer", dealer)
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url(re.compile(r"/games/[^/]+$"))
    expect(page.locator("#standings tbody tr")).to_have_count(len(players))
    return page.url.rsplit("/", 1)[1]


def fits(page: Page) -> bool:
    """Nothing sticks out sideways: the page is no wider than the screen."""
    return bool(page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"))


def score_of(page: Page, name: str) -> str:
    return page.locator("#standings tbody tr", has=page.locator(f"th:text-is('{name}')")).locator("td.score").inner_text()


def enter_points(page: Page, went_out: str, points: dict[str, int], cards: dict[str, int] | None = None) -> None:
    status_before = page.locator("#game-status").inner_text()
    page.get_by_label("Type the points").check()
    page.select_option("#went-out", went_out)
    for name, value in points.items():
        page.get_by_label(f"{name}'s points").fill(str(value))
        if cards is not None:
            page.get_by_label(f"{name}'s cards caught").fill(str(cards[name]))
    page.get_by_role("button", name="Enter the round").click()
    expect(page.locator("#game-status")).not_to_have_text(status_before)


def test_ten_pennies_whole_game_with_buys(live_server: str, page_factory: PageFactory) -> None:
    phone = page_factory("phone")
    start(phone, live_server, "ten-pennies", ["Ann", "Bob", "Cy"], dealer="Bob")
    expect(phone.locator("#contract")).to_have_text(re.compile(r"^Round 1: two sets of three; deuces wild"))
    expect(phone.locator("#dealer-line")).to_have_text("Bob deals.")
    totals = {"Ann": 0, "Bob": 0, "Cy": 0}
    pennies = {"Ann": 0, "Bob": 0, "Cy": 0}
    rounds = [("Cy", {"Ann": 25, "Bob": 10}, {"Ann": 3, "Bob": 2}),
              ("Ann", {"Bob": 40, "Cy": 5}, {"Bob": 5, "Cy": 1}),
              ("Bob", {"Ann": 15, "Cy": 30}, {"Ann": 2, "Cy": 4})]
    buys = 0
    for number in range(1, 8):
        went_out, points, cards = rounds[(number - 1) % 3]
        if number in (2, 5):  # Ann buys the passed discard: one penny into the pot
            phone.get_by_role("button", name=re.compile(r"^Ann buys")).click()
            buys += 1
            expect(phone.get_by_role("button", name=re.compile(r"^Ann buys"))).to_have_text(f"Ann buys ({10 - buys} left)")
        enter_points(phone, went_out, points, cards)
        for name, value in points.items():
            totals[name] += value
            pennies[name] += cards[name]
        if number == 1:
            screenshot(phone, "ten-pennies-round-2-phone")
    expect(phone.locator("#winner")).to_be_visible()
    low = min(totals.values())
    winners = [n for n, v in totals.items() if v == low]
    expect(phone.locator("#winner")).to_have_text(f"Winner: {' and '.join(winners)}")
    for name, value in totals.items():
        assert score_of(phone, name) == str(value)
    expect(phone.locator("#pot")).to_have_text(f"Pot: {sum(pennies.values()) + buys}")
    expect(phone.locator("#h-enter")).to_be_hidden()  # a finished game takes no more rounds
    assert fits(phone)
    screenshot(phone, "ten-pennies-finished-phone")


def test_bing_elimination_buy_back_and_a_follower(live_server: str, page_factory: PageFactory) -> None:
    scorer = page_factory("desktop")
    game = start(scorer, live_server, "bing-rummy", ["Ann", "Bob", "Cy"])
    follower = page_factory("phone")
    follower.goto(f"{live_server}/games/{game}")
    expect(follower.locator("#standings tbody tr")).to_have_count(3)
    expect(follower.locator("#h-enter")).to_be_hidden()          # no token: read only
    expect(follower.locator("#game-status")).to_contain_text("You are following the game.")

    enter_points(scorer, "Cy", {"Ann": 80, "Bob": 20})           # Ann reaches 80: out at 76
    expect(scorer.locator("#standings tbody tr.out")).to_have_count(1)
    expect(scorer.locator("#chart figcaption, #chart-caption")).to_contain_text("puts a player out")
    scorer.get_by_role("button", name="Ann buys back in").click()  # at the highest score still in: 20
    expect(scorer.locator("#standings tbody tr.out")).to_have_count(0)
    assert score_of(scorer, "Ann") == "20"
    # The chart shows the scores right after each round: Ann's 80 stays in it.
    expect(scorer.locator("#chart polyline title").first).to_have_text("Ann: 0, 80")
    screenshot(scorer, "bing-after-buy-back-desktop")

    enter_points(scorer, "Ann", {"Bob": 60, "Cy": 76})           # Cy out (76), Bob 80: out
    expect(scorer.locator("#winner")).to_have_text("Winner: Ann")
    follower.reload()
    expect(follower.locator("#winner")).to_have_text("Winner: Ann")
    expect(follower.locator("#standings tbody tr.out")).to_have_count(2)
    screenshot(follower, "bing-finished-phone")


def test_garbage_to_the_end_and_an_undo(live_server: str, page_factory: PageFactory) -> None:
    page = page_factory("phone")
    start(page, live_server, "garbage", ["Ann", "Bob"])
    expect(page.locator("#contract")).to_contain_text("slots A-10")

    def win(name: str) -> None:
        before = page.locator("#game-status").inner_text()
        page.select_option("#winner-select", name)
        page.get_by_role("button", name="Enter the deal").click()
        expect(page.locator("#game-status")).not_to_have_text(before)

    win("Bob")
    assert score_of(page, "Bob") == "9"
    page.get_by_role("button", name="Undo deal 1 (Bob won it)").click()
    page.get_by_role("button", name="Yes, undo it").click()
    expect(page.locator("#game-status")).to_contain_text("Deal 1 being played")
    expect(page.locator("#standings tbody tr", has=page.locator("th:text-is('Bob')")).locator("td.score")).to_have_text("10")
    for _ in range(10):                                            # ten slots, one fewer a win
        win("Ann")
    expect(page.locator("#winner")).to_have_text("Winner: Ann")
    assert score_of(page, "Ann") == "0"
    screenshot(page, "garbage-finished-phone")


def test_the_referee_checks_a_meld_and_plans_going_out(live_server: str, page_factory: PageFactory) -> None:
    page = page_factory("phone")
    start(page, live_server, "bing-rummy", ["Ann", "Bob"])
    tools = page.locator("#referee")

    def pick(*cards: str) -> None:
        for card in cards:
            tools.locator(f"[data-card='{card}']").click()

    pick("8H", "8S", "9D")
    tools.get_by_role("button", name="Is it a meld?").click()
    verdict = page.locator("#verdict")
    expect(verdict).to_contain_text("Not legal")
    expect(tools.locator(".chips button.fault")).to_have_count(1)  # the card at fault outlined
    expect(tools.locator(".chips button.fault")).to_have_attribute("aria-label", re.compile("9 of diamonds"))
    tools.get_by_role("button", name="Clear").click()

    pick("8H", "8S", "2C")
    tools.get_by_role("button", name="Is it a meld?").click()
    expect(verdict).to_contain_text("Yes: a legal set (2♣ as 8)")

    tools.get_by_role("button", name="Clear").click()
    pick("8H", "8S", "8D", "4C", "5C", "6C", "JH", "QH", "KH")
    tools.get_by_label("I have made my first meld this round").uncheck()
    tools.get_by_role("button", name="Can I go out?").click()
    expect(verdict).to_contain_text("Yes, you can go out")
    expect(verdict.locator("li")).to_have_count(1 + 3)               # the answer, three melds, no discard
    assert fits(page)
    screenshot(page, "referee-going-out-phone")


def test_the_scorer_hands_over_on_purpose(live_server: str, page_factory: PageFactory) -> None:
    first = page_factory("desktop")
    game = start(first, live_server, "ten-pennies", ["Ann", "Bob"])
    assert "token" not in first.url
    expect(first.locator("#share-link")).to_have_value(re.compile(rf"/games/{game}$"))
    first.locator("#share-fold summary").click()                    # sharing is folded
    first.get_by_role("button", name=re.compile("Let another phone keep score")).click()
    link = first.locator("#hand-over-link").input_value()
    second = page_factory("phone")
    second.goto(link)
    expect(second.locator("#h-enter")).to_be_visible()               # it may now keep score
    assert "#token" not in second.url                                # and the link left the address bar
    screenshot(second, "handed-over-phone")


def test_a_round_entered_by_tapping_cards_is_scored_by_the_service(live_server: str,
                                                                   page_factory: PageFactory) -> None:
    page = page_factory("phone")
    start(page, live_server, "ten-pennies", ["Ann", "Bob"])
    page.get_by_label("Tap each player's cards").check()
    page.select_option("#went-out", "Bob")
    ann = page.locator("fieldset[data-player=Ann]")
    ann.get_by_role("button", name="Tap Ann's cards").click()        # one player's cards at a time
    for card in ("3H", "KD"):                                         # 3-9: 5, 10-K: 10
        ann.locator(f"[data-card='{card}']").click()
    ann.locator("[data-card=JK]").click()                             # a joker caught: 50
    expect(ann.locator(".chips button")).to_have_count(3)
    ann.get_by_role("button", name="Take back king of diamonds").click()  # a mistake, taken back
    ann.locator("[data-card='QS']").click()
    page.get_by_role("button", name="Enter the round").click()
    expect(page.locator("#game-status")).to_contain_text("Round 2 being played")
    assert score_of(page, "Ann") == str(5 + 10 + 50)
    expect(page.locator("#pot")).to_have_text("Pot: 3")                # a penny a card caught
    screenshot(page, "round-by-cards-phone")


def test_garbage_says_where_a_drawn_card_may_go(live_server: str, page_factory: PageFactory) -> None:
    page = page_factory("phone")
    start(page, live_server, "garbage", ["Ann", "Bob"])
    tools = page.locator("#referee")
    tools.get_by_role("button", name="Slot 5 (5) face down").click()    # the 5 is already up
    expect(tools.get_by_role("button", name="Slot 5 (5) face up")).to_have_attribute("aria-pressed", "true")
    tools.locator("[data-card=JS]").click()                              # jacks are wild
    tools.get_by_role("button", name="Where may it go?").click()
    verdict = page.locator("#verdict")
    expect(verdict).to_contain_text("may go in slot 1 or 2 or 3 or 4 or 6")
    tools.get_by_role("button", name="Clear").click()
    tools.locator("[data-card=QH]").click()                              # queens end the turn
    tools.get_by_role("button", name="Where may it go?").click()
    expect(verdict).to_contain_text("your turn ends")
    screenshot(page, "garbage-placement-phone")


UNNAMED = """() => [...document.querySelectorAll('button, input, select, [role=img]')]
  .filter((e) => e.offsetParent !== null || e.getAttribute('role') === 'img')
  .filter((e) => !((e.getAttribute('aria-label') || '').trim() || (e.labels && [...e.labels].some((l) => l.textContent.trim()))
                   || (e.textContent || '').trim() || (e.value && e.type === 'submit')))
  .map((e) => e.outerHTML.slice(0, 80))"""


def test_every_control_has_a_name_and_a_game_starts_from_the_keyboard(live_server: str,
                                                                      page_factory: PageFactory) -> None:
    page = page_factory("desktop")
    page.goto(f"{live_server}/")
    assert page.evaluate(UNNAMED) == []
    page.locator("#ruleset").focus()
    page.keyboard.press("Tab")                                          # the first player's name
    page.keyboard.type("Ann")
    page.keyboard.press("Tab")                                          # its remove button
    page.keyboard.press("Tab")                                          # the second player's name
    page.keyboard.type("Bob")
    page.locator("#start").focus()
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r"/games/[^/]+$"))
    expect(page.locator("#standings tbody tr")).to_have_count(2)
    assert page.evaluate(UNNAMED) == []


def test_gin_rummy_knock_entered_by_tapping_both_hands(live_server: str, page_factory: PageFactory) -> None:
    page = page_factory("phone")
    start(page, live_server, "gin-rummy", ["Kim", "Dan"])
    expect(page.locator("#contract")).to_contain_text("knock with 10 or less")
    page.select_option("#went-out", "Kim")                                # "Who knocked?"
    hands = {"Kim": ["3C", "4C", "5C", "8D", "8S", "8H", "9S", "10S", "JS", "AD"],   # deadwood AD: 1
             "Dan": ["KH", "KD", "KC", "2S", "3S", "4S", "6C", "QS", "7H", "5D"]}    # 6C, QS lay off: 12
    for name, cards in hands.items():
        box = page.locator(f"fieldset[data-player={name}]")
        box.get_by_role("button", name=f"Tap {name}'s cards").click()
        for card in cards:
            box.locator(f"[data-card='{card}']").click()
    page.get_by_role("button", name="Enter the round").click()
    expect(page.locator("#game-status")).to_contain_text("Round 2 being played")
    assert (score_of(page, "Kim"), score_of(page, "Dan")) == (str(12 - 1), "0")
    screenshot(page, "gin-knock-phone")


def test_indian_rummy_and_rummy_500_rounds_by_cards(live_server: str, page_factory: PageFactory) -> None:
    page = page_factory("desktop")
    start(page, live_server, "indian-rummy", ["Ann", "Bob"])
    page.get_by_label("Tap each player's cards").check()
    page.select_option("#went-out", "Bob")
    page.select_option("#wild-rank", "7")                                 # the cut card: sevens wild
    ann = page.locator("fieldset[data-player=Ann]")
    ann.get_by_role("button", name="Tap Ann's cards").click()
    for card in ["8C", "9C", "10C", "4D", "5D", "KS", "QH", "3S", "5C", "9H", "2D", "AC"]:
        ann.locator(f"[data-card='{card}']").click()
    ann.locator("[data-card=JK]").click()
    page.get_by_role("button", name="Enter the round").click()
    expect(page.locator("#game-status")).to_contain_text("Round 2 being played")
    # 8C 9C 10C pure, 2D JK 4D 5D: two sequences; left KS QH 3S 5C 9H AC = 10+10+3+5+9+10
    assert score_of(page, "Ann") == str(47)

    start(page, live_server, "rummy-500", ["Ann", "Bob"])
    page.get_by_label("Tap each player's cards").check()
    page.select_option("#went-out", "Bob")
    ann, bob = page.locator("fieldset[data-player=Ann]"), page.locator("fieldset[data-player=Bob]")
    ann.get_by_role("button", name="Tap Ann's cards").click()
    for card in ("AS", "9D", "4C"):                                       # caught: 15 + 9 + 4
        ann.locator(".by-cards .picker").first.locator(f"[data-card='{card}']").click()
    ann.get_by_role("button", name="Tap Ann's melds").click()
    melds = ann.locator(".picker").nth(1)
    for card in ("7S", "7H", "7D"):
        melds.locator(f"[data-card='{card}']").click()
    melds.get_by_role("button", name="Next meld").click()
    for card in ("AC", "2C", "3C"):                                       # an ace low counts 1
        melds.locator(f"[data-card='{card}']").click()
    bob.get_by_role("button", name="Tap Bob's melds").click()
    for card in ("QH", "KH", "AH"):                                       # an ace high counts 15
        bob.locator(".picker").nth(1).locator(f"[data-card='{card}']").click()
    page.get_by_role("button", name="Enter the round").click()
    expect(page.locator("#game-status")).to_contain_text("Round 2 being played")
    assert (score_of(page, "Ann"), score_of(page, "Bob")) == (str(21 + 6 - 28), str(35))
    screenshot(page, "rummy-500-by-cards-desktop")


def hold_live_stream(page: Page) -> None:
    """The page's live stream (api/static/live.js) never answered: the page hears of other
    phones' writes only by asking."""
    page.route(re.compile(r"/v1/games/[^/]+/events"), lambda route: None)


def test_two_scorers_never_enter_one_round_twice_and_followers_catch_up(live_server: str,
                                                                       page_factory: PageFactory) -> None:
    first = page_factory("desktop")
    # The first phone and the follower have not heard of the change yet: their live streams are
    # held (answered never), as on a phone whose stream is slow to bring it.
    hold_live_stream(first)
    game = start(first, live_server, "ten-pennies", ["Ann", "Bob"])
    first.locator("#share-fold summary").click()                    # sharing is folded
    first.get_by_role("button", name=re.compile("Let another phone keep score")).click()
    second = page_factory("phone")
    second.goto(first.locator("#hand-over-link").input_value())
    follower = page_factory("phone")
    hold_live_stream(follower)
    follower.clock.install()  # the page's own clock: its next look at the game is brought forward
    follower.goto(f"{live_server}/games/{game}")
    expect(follower.locator("#game-status")).to_contain_text("Round 1 being played")

    enter_points(second, "Bob", {"Ann": 20}, {"Ann": 2})              # the second phone enters round 1
    first.get_by_label("Type the points").check()                     # the first phone still shows round 1
    first.select_option("#went-out", "Bob")
    first.get_by_label("Ann's points").fill("20")
    first.get_by_label("Ann's cards caught").fill("2")
    first.get_by_role("button", name="Enter the round").click()
    expect(first.locator("#round-error")).to_contain_text("The game changed on another phone")
    expect(first.locator("#game-status")).to_contain_text("Round 2 being played")
    assert score_of(first, "Ann") == "20"                              # entered once, not twice
    assert page_factory.errors == [e for e in page_factory.errors if "412" in e]  # the refusal, nothing else
    page_factory.errors.clear()

    # The follower asks every few seconds whether the game changed, and redraws: its clock is
    # moved on half a minute rather than waited for.
    expect(follower.locator("#game-status")).to_contain_text("Round 1 being played")
    follower.clock.run_for(30_000)
    expect(follower.locator("#game-status")).to_contain_text("Round 2 being played")
    screenshot(follower, "follower-caught-up-phone")


def test_the_page_refuses_what_a_table_would_not_mean(live_server: str, page_factory: PageFactory) -> None:
    page = page_factory("phone")
    page.goto(f"{live_server}/games/no-such-game")
    expect(page.locator("h1")).to_have_text("No such game")
    page_factory.errors.clear()                                       # the 404 is the answer here

    start(page, live_server, "contract-rummy", ["Ann", "Bob", "Cy"])
    page.get_by_label("Type the points").check()
    page.get_by_label("Ann's points").fill("12")
    page.get_by_role("button", name="Enter the round").click()        # Bob and Cy left blank
    expect(page.locator("#round-error")).to_have_text("Type Bob's points (0 if none).")
    expect(page.locator("#game-status")).to_contain_text("Round 1 being played")

    tools = page.locator("#referee")
    for card in ("4C", "5C", "6C", "7C"):
        tools.locator(f"[data-card='{card}']").click()
    tools.get_by_role("button", name="Next meld").click()
    tools.locator("[data-card='8C']").click()
    tools.get_by_role("button", name=re.compile("May I lay off")).click()  # before the contract is down
    expect(page.locator("#verdict")).to_contain_text("only from the turn after your first meld")
    tools.get_by_label("I have made my first meld this round").check()
    tools.get_by_role("button", name=re.compile("May I lay off")).click()
    expect(page.locator("#verdict")).to_contain_text("Yes: it makes")


def test_a_table_plays_in_swedish_and_the_choice_is_remembered(live_server: str, page_factory: PageFactory) -> None:
    page = page_factory("phone")
    page.goto(f"{live_server}/")
    page.select_option("#language", "sv")                                # the switch reloads the page
    expect(page.locator("h1")).to_have_text("Starta ett spel")
    expect(page.locator("html")).to_have_attribute("lang", "sv")
    page.select_option("#ruleset", "bing-rummy")
    page.get_by_label("Spelare 1", exact=True).fill("Åsa")
    page.get_by_label("Spelare 2", exact=True).fill("Nils")
    page.get_by_role("button", name="Starta spelet").click()
    page.wait_for_url(re.compile(r"/games/[^/]+$"))                       # a new page: still Swedish
    expect(page.locator("#contract")).to_have_text("Omgång 1: 3 kombinationer; tvåor är fria")
    expect(page.locator("#game-status")).to_contain_text("Omgång 1 spelas.")
    page.get_by_label("Skriv poängen").check()
    page.select_option("#went-out", "Nils")
    page.get_by_label("Poäng för Åsa").fill("12")
    page.get_by_role("button", name="Lägg in omgången").click()
    expect(page.locator("#notice")).to_have_text("Omgång 1 inlagd.")
    tools = page.locator("#referee")
    for card in ("8H", "9S"):
        tools.locator(f"[data-card='{card}']").click()
    tools.get_by_role("button", name="Är det en kombination?").click()
    verdict = page.locator("#verdict")
    expect(verdict).to_contain_text("Inte tillåtet")
    expect(verdict).to_contain_text("En stege behöver minst 3 kort; den här har 2.")  # the service's sentence
    screenshot(page, "swedish-game-phone")


# ------------------------------------------------------------------ phones join, entries, the sheet

def test_a_second_phone_joins_by_the_share_link_and_resumes_kept_games(live_server: str,
                                                                      page_factory: PageFactory) -> None:
    scorer = page_factory("phone")
    game = start(scorer, live_server, "ten-pennies", ["Ann", "Bob", "Cy"])
    link = scorer.locator("#share-link").input_value()
    assert link == f"{live_server}/games/{game}"                      # the address this phone used
    scorer.locator("#share-fold summary").click()                    # sharing is folded
    expect(scorer.locator("#share-qr svg")).to_be_visible()           # a code the next phone scans
    enter_points(scorer, "Cy", {"Ann": 25, "Bob": 10}, {"Ann": 3, "Bob": 2})
    screenshot(scorer, "share-qr-phone")

    joiner = page_factory("phone")                                    # another phone, its own storage
    joiner.goto(link)
    expect(joiner.locator("#game-title")).to_have_text("Ten Pennies")
    expect(joiner.locator("#game-status")).to_contain_text("You are following the game.")
    assert (score_of(joiner, "Ann"), score_of(joiner, "Bob")) == ("25", "10")
    expect(joiner.locator("#h-enter")).to_be_hidden()                 # following, not scoring

    joiner.goto(f"{live_server}/")                                    # its kept games: this one
    kept = joiner.locator("#kept-games li")
    expect(kept).to_have_count(1)
    expect(kept.first).to_contain_text("Ann, Bob, Cy")
    joiner.goto(f"{live_server}/?lang=ru")                            # the list in the page's language
    expect(kept.first.locator("[data-game]")).to_have_text("Продолжить: Десять пенни")
    joiner.goto(f"{live_server}/?lang=en")
    kept.first.get_by_role("button", name="Resume Ten Pennies").click()
    joiner.wait_for_url(f"{live_server}/games/{game}")
    expect(joiner.locator("#standings tbody tr")).to_have_count(3)

    # a kept game the service no longer has is dropped with a word, not an error page
    joiner.goto(f"{live_server}/")
    joiner.evaluate("""() => {
        const list = JSON.parse(localStorage.getItem("referee.games"));
        list.unshift({id: "gone0000", name: "Gin Rummy", players: ["Kim", "Dan"], seen: Date.now()});
        localStorage.setItem("referee.games", JSON.stringify(list));
    }""")
    joiner.reload()
    expect(kept).to_have_count(2)
    kept.first.get_by_role("button", name="Resume Gin Rummy").click()
    expect(joiner.locator("#kept-note")).to_have_text(
        "Gin Rummy (Kim, Dan) is no longer on this service; it was taken off the list.")
    expect(kept).to_have_count(1)
    assert joiner.url == f"{live_server}/"
    screenshot(joiner, "kept-games-phone")
    assert all("404" in e for e in page_factory.errors), page_factory.errors  # the one asked for
    page_factory.errors.clear()


def test_a_blank_box_refuses_to_submit_and_says_which(live_server: str, page_factory: PageFactory) -> None:
    page = page_factory("phone")
    start(page, live_server, "ten-pennies", ["Ann", "Bob", "Cy"])
    page.get_by_label("Type the points").check()
    page.select_option("#went-out", "Cy")
    expect(page.get_by_label("Cy's points")).to_be_disabled()          # who went out has no box
    page.get_by_label("Ann's points").fill("25")
    page.get_by_label("Ann's cards caught").fill("3")
    page.get_by_role("button", name="Enter the round").click()
    expect(page.locator("#round-error")).to_have_text("Type Bob's points (0 if none).")
    expect(page.get_by_label("Bob's points")).to_be_focused()
    expect(page.get_by_label("Bob's points")).to_have_attribute("aria-invalid", "true")

    page.get_by_label("Bob's points").fill("30")
    page.get_by_role("button", name="Enter the round").click()
    expect(page.locator("#round-error")).to_contain_text("Bob's cards caught are blank")
    expect(page.get_by_label("Bob's cards caught")).to_be_focused()

    page.get_by_label("Bob's cards caught").fill("0")                  # the service refuses 30 in 0 cards
    page.get_by_role("button", name="Enter the round").click()
    expect(page.locator("#round-error")).to_contain_text("Bob has 30 points in 0 cards")
    expect(page.get_by_label("Bob's cards caught")).to_have_attribute("aria-invalid", "true")
    expect(page.get_by_label("Ann's points")).to_have_value("25")      # what was typed stays
    expect(page.get_by_label("Bob's points")).to_have_value("30")
    expect(page.locator("#game-status")).to_contain_text("Round 1 being played")
    screenshot(page, "blank-box-refused-phone")
    page_factory.errors.clear()                                         # the 422, asked for

    page.get_by_label("Bob's cards caught").fill("4")
    page.get_by_role("button", name="Enter the round").click()
    expect(page.locator("#game-status")).to_contain_text("Round 2 being played")
    assert (score_of(page, "Ann"), score_of(page, "Bob"), score_of(page, "Cy")) == ("25", "30", "0")
    expect(page.locator("#pot")).to_have_text("Pot: 7")


def test_undo_names_what_it_undoes_asks_first_and_redo_enters_it_again(live_server: str,
                                                                       page_factory: PageFactory) -> None:
    page = page_factory("phone")
    start(page, live_server, "ten-pennies", ["Ann", "Bob", "Cy"])
    enter_points(page, "Cy", {"Ann": 25, "Bob": 10}, {"Ann": 3, "Bob": 2})
    page.get_by_role("button", name=re.compile(r"^Bob buys")).click()
    expect(page.locator("#undo")).to_have_text("Undo Bob's buy")
    page.locator("#undo").click()
    expect(page.locator("#undo-question")).to_have_text("Undo Bob's buy? It comes off the sheet.")
    page.get_by_role("button", name="No, keep it").click()             # asked, and kept
    expect(page.locator("#undo-confirm")).to_be_hidden()
    expect(page.locator("#pot")).to_have_text("Pot: 6")
    page.locator("#undo").click()
    page.get_by_role("button", name="Yes, undo it").click()
    expect(page.locator("#pot")).to_have_text("Pot: 5")

    expect(page.locator("#undo")).to_have_text("Undo round 1 (Cy went out)")
    page.locator("#undo").click()
    expect(page.locator("#undo-question")).to_have_text("Undo round 1 (Cy went out)? It comes off the sheet.")
    screenshot(page, "undo-asks-phone")
    page.get_by_role("button", name="Yes, undo it").click()
    expect(page.locator("#game-status")).to_contain_text("Round 1 being played")
    assert score_of(page, "Ann") == "0"
    expect(page.locator("#notice")).to_have_text("Undone: round 1 (Cy went out).")
    page.get_by_role("button", name="Redo round 1 (Cy went out)").click()
    expect(page.locator("#game-status")).to_contain_text("Round 2 being played")
    assert (score_of(page, "Ann"), score_of(page, "Bob")) == ("25", "10")
    expect(page.locator("#pot")).to_have_text("Pot: 5")                 # the cards came back too
    expect(page.locator("#redo")).to_be_hidden()


def test_the_start_form_follows_the_player_range_and_refuses_names_alike(live_server: str,
                                                                         page_factory: PageFactory) -> None:
    page = page_factory("phone")
    page.goto(f"{live_server}/")
    page.select_option("#ruleset", "gin-rummy")                         # two players, no more
    expect(page.locator("#players input")).to_have_count(2)
    expect(page.get_by_role("button", name="Add a player")).to_be_disabled()
    page.select_option("#ruleset", "ten-pennies")
    expect(page.get_by_role("button", name="Add a player")).to_be_enabled()
    page.get_by_label("Player 1", exact=True).fill("Ann")
    page.get_by_label("Player 2", exact=True).fill("ann")
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator("#start-error")).to_have_text(
        '"ann" and "Ann" would be one name on the sheet: make them different.')
    expect(page.get_by_label("Player 2", exact=True)).to_be_focused()
    expect(page.get_by_label("Player 1", exact=True)).to_have_value("Ann")  # what was typed stays
    assert page.url == f"{live_server}/"
    screenshot(page, "start-names-alike-phone")


def test_the_sheet_prints_round_by_round_and_downloads_as_csv(live_server: str, page_factory: PageFactory) -> None:
    page = page_factory("desktop")
    game = start(page, live_server, "bing-rummy", ["Ann", "Bob", "Cy"])
    enter_points(page, "Cy", {"Ann": 20, "Bob": 5})
    enter_points(page, "Ann", {"Bob": 12, "Cy": 3})
    rows = page.locator("#rounds-table tbody tr:not(.parts)")
    expect(rows).to_have_count(2)
    expect(rows.nth(0)).to_have_text(re.compile(r"^\s*1\s*20\s*5\s*0\s*$"))
    expect(rows.nth(1)).to_have_text(re.compile(r"^\s*2\s*0\s*12\s*3\s*$"))
    expect(page.locator("#rounds-table tfoot tr")).to_have_text(re.compile(r"^\s*Total\s*20\s*17\s*3\s*$"))
    with page.expect_download() as caught:
        page.get_by_role("button", name="Download the sheet (CSV)").click()
    download = caught.value
    assert download.suggested_filename == f"bing-rummy-{game}.csv"
    assert Path(download.path()).read_text(encoding="utf-8").splitlines() == [
        "Round,Ann,Bob,Cy", "1,20,5,0", "2,0,12,3", "Total,20,17,3"]
    page.emulate_media(media="print")
    expect(page.locator("#referee")).to_be_hidden()                     # nothing to tap on paper
    expect(page.locator("#round-form")).to_be_hidden()
    expect(page.locator("#rounds-table")).to_be_visible()
    page.set_viewport_size({"width": 794, "height": 1123})               # A4 at 96 dpi
    assert fits(page)
    screenshot(page, "sheet-print-a4")
    pdf = page.pdf(format="A4")
    assert pdf.startswith(b"%PDF")
