"""Canasta at the table, on a phone (390x844): four players in two teams; the referee panel
asks as a side (its melds the table, its score the first meld's minimum, lay-offs on its own
melds), and a hand is entered per player by tapping the cards, with the red threes laid."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser import PageFactory, screenshot
from tests.test_e2e import call
from tests.test_page import fits, start
from tests.test_page_teams import team_scores

pytestmark = [pytest.mark.browser, pytest.mark.e2e]

PHONE = {"width": 390, "height": 844}


def tap_hand(page: Page, held: dict[str, list[str]], melded: dict[str, list[str]]) -> None:
    """Tap each player's cards left in hand and their one meld into the round form."""
    for name, cards in held.items():
        box = page.locator(f"fieldset[data-player={name}]")
        box.get_by_role("button", name=f"Tap {name}'s cards").click()
        for card in cards:
            box.locator(".by-cards .picker").first.locator(f"[data-card='{card}']").click()
    for name, cards in melded.items():
        box = page.locator(f"fieldset[data-player={name}]")
        box.get_by_role("button", name=f"Tap {name}'s melds").click()
        for card in cards:
            box.locator(".picker").nth(1).locator(f"[data-card='{card}']").click()


def test_a_canasta_hand_on_a_phone(live_server: str, page_factory: PageFactory) -> None:
    page = page_factory("phone")
    page.set_viewport_size(PHONE)
    start(page, live_server, "canasta", ["Ann", "Bob", "Cy", "Dee"])
    tools = page.locator("#referee")
    verdict = page.locator("#verdict")

    def pick(*cards: str) -> None:
        for card in cards:
            tools.locator(f"[data-card='{card}']").click()

    # A lay-off on the side's own meld of kings: legal (the side's melds are its own).
    tools.get_by_label("Our side has made its first meld").check()
    pick("KH", "KS", "KD")
    tools.get_by_role("button", name="Next meld").click()
    pick("2H")
    tools.get_by_role("button", name="May I lay off? (meld, then cards)").click()
    expect(verdict).to_contain_text("Yes")
    tools.get_by_role("button", name="Clear").click()

    # Going out: the side's five kings, then the hand that finishes them into a canasta.
    pick("KH", "KS", "KD", "KC", "KH")
    tools.get_by_role("button", name="Next meld").click()
    pick("KD", "2D", "8H", "8S", "8D")
    tools.get_by_role("button", name="Can I go out?").click()
    expect(verdict).to_contain_text("Yes, you can go out")
    tools.get_by_role("button", name="Clear").click()
    pick("8H", "8S", "8D")
    tools.get_by_role("button", name="Can I go out?").click()
    expect(verdict).to_contain_text("canasta")
    tools.get_by_role("button", name="Clear").click()

    # The pile: a natural pair takes the top card once the side has melded.
    pick("7H")
    tools.get_by_role("button", name="Next meld").click()
    pick("7S", "7D", "4C")
    tools.get_by_role("button", name="May I take the pile? (top card, hand, the side's melds)").click()
    expect(verdict).to_contain_text("takes the pile")
    assert fits(page)
    screenshot(page, "canasta-referee-phone")

    # A hand entered by tapping: Ann goes out with a natural canasta of kings and one red three.
    page.get_by_label("Tap each player's cards").check()
    page.select_option("#went-out", "Ann")
    tap_hand(page, {"Cy": ["8D"], "Bob": ["4C"], "Dee": ["AH", "JK"]},
             {"Ann": ["KH", "KS", "KD", "KC", "KH", "KS", "KD"], "Bob": ["9H", "9S", "2C"]})
    page.locator("fieldset[data-player=Ann]").get_by_label("Red threes laid").fill("1")
    page.get_by_role("button", name="Enter the round").click()
    # Ann: kings 70 + natural canasta 500 + going out 100 + a red three 100; Cy - an eight 10;
    # Bob: nines 40 - a four 5; Dee - an ace and a joker 70.
    expect(page.locator("#team-standings")).to_contain_text("760")
    assert team_scores(page) == {"Ann + Cy": "760", "Bob + Dee": "-35"}
    # The sides in the order the game is won, with the gap, and what ends the game: the service's.
    sheet = call(live_server, "GET", f"/v1/games/{page.url.rsplit('/', 1)[1]}")[1]
    rows = page.locator("#team-standings tbody tr")
    expect(rows.locator("th")).to_have_text(["Ann + Cy", "Bob + Dee"])
    expect(rows.locator("td.rank")).to_have_text(["1", "2"])
    expect(rows.locator("td.behind")).to_have_text(["", "795"])
    expect(page.locator("#ends")).to_have_text(sheet["ends"]["words"])
    assert "5000" in sheet["ends"]["words"]
    # Tapping the round's number shows what its points were made of, in the service's words.
    parts = page.locator("#parts-1")
    expect(parts).to_be_hidden()
    page.get_by_role("button", name="What round 1's points were made of").click()
    expect(parts).to_be_visible()
    ann = sheet["rounds"][0]["breakdown"]["Ann"]
    assert sum(p["points"] for p in ann) == 770 and {p["item"] for p in ann} >= {"natural_canasta", "going_out"}
    for part in ann:
        expect(parts.locator("li", has_text="Ann:")).to_contain_text(f"{part['words']}")
    expect(parts.locator("li", has_text="Ann:")).to_contain_text("= 770")
    assert fits(page)
    screenshot(page, "canasta-hand-phone")


def test_a_buraco_hand_by_cards_says_which_sides_took_their_pozzetto(live_server: str,
                                                                     page_factory: PageFactory) -> None:
    page = page_factory("phone")
    page.set_viewport_size(PHONE)
    start(page, live_server, "buraco", ["Ann", "Bob", "Cy", "Dee"])
    # Going out with the side's clean burraco: not before the side has taken its pozzetto.
    tools, verdict = page.locator("#referee"), page.locator("#verdict")
    for card in ("5H", "5D", "5S", "5C", "5H", "5D", "5C"):
        tools.locator(f"[data-card='{card}']").click()
    tools.get_by_role("button", name="Next meld").click()
    for card in ("KH", "KD", "KS", "9C"):
        tools.locator(f"[data-card='{card}']").click()
    tools.get_by_role("button", name="Can I go out?").click()
    expect(verdict).to_contain_text("only once it has taken its morto")
    tools.get_by_label("Our side has taken its morto (its second hand)").check()
    tools.get_by_role("button", name="Can I go out?").click()
    expect(verdict).to_contain_text("Yes, you can go out")
    page.get_by_label("Tap each player's cards").check()
    page.select_option("#went-out", "Ann")
    tap_hand(page, {"Cy": ["4C"], "Bob": ["JK"], "Dee": ["5D"]},
             {"Ann": ["3H", "4H", "5H", "6H", "7H", "8H", "9H"], "Bob": ["KH", "KS", "KD"]})  # a clean burraco
    page.locator("#morto-taken").get_by_label("Ann + Cy").check()      # Bob and Dee never took theirs
    page.get_by_role("button", name="Enter the round").click()
    # Ann + Cy: 45 + 200 + closing 100 - 5; Bob + Dee: 30 - a joker 30 - 5, and -100 for the pozzetto
    expect(page.locator("#team-standings")).to_contain_text("340")
    assert team_scores(page) == {"Ann + Cy": "340", "Bob + Dee": "-105"}
    screenshot(page, "buraco-hand-phone")
