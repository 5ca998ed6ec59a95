"""Canasta at the table, on a phone (390x844): four players in two teams; the referee panel
asks as a side (its melds the table, its score the first meld's minimum, lay-offs on its own
melds), and a hand is entered per player by tapping the cards, with the red threes laid."""

from __future__ import annotations

import pytest
from playwright.sync_api import Locator, Page, expect

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


def count(page: Page, name: str, field: str) -> Locator:
    return page.get_by_label(f"{name}'s {field}", exact=True)


def fill_counts(page: Page, counts: dict[str, dict[str, int]]) -> None:
    """Type each player's counts: the steppers tapped up from 0, the points typed."""
    for name, mine in counts.items():
        for field, value in mine.items():
            if "points" in field:
                count(page, name, field).fill(str(value))
            else:
                for _ in range(value):
                    page.get_by_role("button", name=f"One more: {name}'s {field}", exact=True).click()


def assert_thumb_sized(page: Page) -> None:
    """Every control of the round's form is at least 44x44 px (a checkbox or radio by its label)."""
    form = page.locator("#round-form")
    for control in form.locator("button:visible, select:visible, input:visible").all():
        kind = control.get_attribute("type")
        target = control.locator("xpath=..") if kind in ("checkbox", "radio") else control
        box = target.bounding_box()
        assert box is not None and box["height"] >= 44, (control.get_attribute("id"), box)
        if control.evaluate("e => e.classList.contains('step') || e.classList.contains('count')"):
            assert box["width"] >= 44, box


def test_a_canasta_round_counted_on_a_phone(live_server: str, page_factory: PageFactory) -> None:
    page = page_factory("phone")
    page.set_viewport_size(PHONE)
    game_id = start(page, live_server, "canasta", ["Ann", "Bob", "Cy", "Dee"])
    # Counting the round is the default where the game takes counts: the service names them.
    expect(page.get_by_label("Count the round")).to_be_checked()
    taken = call(live_server, "GET", "/v1/rulesets/canasta/rounds/1")[1]["counts"]
    expect(page.locator("[data-counts=Ann] input")).to_have_count(len(taken))
    expect(count(page, "Ann", "natural canastas")).to_have_attribute("inputmode", "numeric")
    expect(count(page, "Ann", "melded points")).to_have_attribute("inputmode", "numeric")
    expect(page.locator("fieldset[data-player=Ann] .by-cards")).to_be_hidden()
    assert_thumb_sized(page)
    page.select_option("#went-out", "Ann")
    # Bob's 42 melded points are no cards' points (Canasta's cards are worth multiples of 5).
    fill_counts(page, {"Ann": {"natural canastas": 1, "red threes": 1, "melded points": 70, "points left in hand": 0},
                       "Bob": {"melded points": 42, "points left in hand": 5},
                       "Cy": {"melded points": 0, "points left in hand": 10},
                       "Dee": {"melded points": 0, "points left in hand": 70}})
    page.get_by_role("button", name="One more: Dee's mixed canastas", exact=True).click()
    page.get_by_role("button", name="One fewer: Dee's mixed canastas", exact=True).click()
    expect(count(page, "Dee", "mixed canastas")).to_have_value("0")
    page.get_by_role("button", name="Enter the round").click()
    bob = count(page, "Bob", "melded points")
    expect(bob).to_have_attribute("aria-invalid", "true")
    expect(bob).to_be_focused()
    refusal = page.locator(f"#{bob.get_attribute('id')}-error")
    expect(refusal).to_be_visible()
    expect(refusal).not_to_be_empty()
    assert bob.evaluate("e => e.nextElementSibling && e.nextElementSibling.classList.contains('field-error')")
    # What was typed stays: every count and the refused box itself.
    expect(bob).to_have_value("42")
    expect(count(page, "Ann", "natural canastas")).to_have_value("1")
    expect(count(page, "Dee", "points left in hand")).to_have_value("70")
    assert call(live_server, "GET", f"/v1/games/{game_id}")[1]["rounds"] == []
    assert len(page_factory.errors) == 1 and "status of 422" in page_factory.errors[0], page_factory.errors
    page_factory.errors.clear()  # the browser logs the 422 asked for
    assert fits(page)
    screenshot(page, "canasta-counts-refused-phone")
    bob.fill("40")
    page.get_by_role("button", name="Enter the round").click()
    # Ann: kings 70 + natural canasta 500 + going out 100 + a red three 100; Cy - 10;
    # Bob 40 - 5; Dee - 70: as the same hand entered card by card.
    expect(page.locator("#team-standings")).to_contain_text("760")
    assert team_scores(page) == {"Ann + Cy": "760", "Bob + Dee": "-35"}
    sheet = call(live_server, "GET", f"/v1/games/{game_id}")[1]
    played = sheet["rounds"][0]
    assert played["counts"]["Ann"]["natural_canastas"] == 1 and played["counts"]["Bob"]["melded_points"] == 40
    ann = played["breakdown"]["Ann"]
    assert sum(p["points"] for p in ann) == played["points"]["Ann"] == 770
    assert {p["item"] for p in ann} >= {"natural_canasta", "going_out", "red_threes"}
    page.get_by_role("button", name="What round 1's points were made of").click()
    for part in ann:
        expect(page.locator("#parts-1 li", has_text="Ann:")).to_contain_text(part["words"])
    expect(page.locator("#parts-1 li", has_text="Ann:")).to_contain_text("= 770")
    # The next round's form is counted again, empty.
    expect(count(page, "Bob", "melded points")).to_have_value("")
    assert fits(page)
    screenshot(page, "canasta-counts-phone")


def test_a_buraco_round_counted_with_the_pozzetto(live_server: str, page_factory: PageFactory) -> None:
    page = page_factory("phone")
    page.set_viewport_size(PHONE)
    game_id = start(page, live_server, "buraco", ["Ann", "Bob", "Cy", "Dee"])
    expect(page.get_by_label("Count the round")).to_be_checked()
    # Buraco lays no red threes: the service names no such count, and the page asks for none.
    assert "red_threes" not in call(live_server, "GET", "/v1/rulesets/buraco/rounds/1")[1]["counts"]
    expect(count(page, "Ann", "red threes")).to_have_count(0)
    page.select_option("#went-out", "Ann")
    # Who went out holds no cards: Ann's 5 points in hand are refused at that box.
    fill_counts(page, {"Ann": {"natural canastas": 1, "melded points": 45, "points left in hand": 5},
                       "Bob": {"melded points": 30, "points left in hand": 30},
                       "Cy": {"melded points": 0, "points left in hand": 5},
                       "Dee": {"melded points": 0, "points left in hand": 5}})
    page.locator("#morto-taken").get_by_label("Ann + Cy").check()
    assert_thumb_sized(page)
    page.get_by_role("button", name="Enter the round").click()
    hand = count(page, "Ann", "points left in hand")
    expect(hand).to_be_focused()
    expect(page.locator(f"#{hand.get_attribute('id')}-error")).to_be_visible()
    expect(page.locator("#morto-taken").get_by_label("Ann + Cy")).to_be_checked()
    assert len(page_factory.errors) == 1 and "status of 422" in page_factory.errors[0], page_factory.errors
    page_factory.errors.clear()  # the browser logs the 422 asked for
    hand.fill("0")
    page.get_by_role("button", name="Enter the round").click()
    # Ann + Cy: 45 + a clean burraco 200 + closing 100 - 5; Bob + Dee: 30 - 30 - 5, -100 for the pozzetto.
    expect(page.locator("#team-standings")).to_contain_text("340")
    assert team_scores(page) == {"Ann + Cy": "340", "Bob + Dee": "-105"}
    played = call(live_server, "GET", f"/v1/games/{game_id}")[1]["rounds"][0]
    assert played["counts"]["Ann"] == {"natural_canastas": 1, "mixed_canastas": 0, "melded_points": 45, "hand_points": 0}
    # Undone and entered again: the counts as they were given, the pozzetto too.
    page.locator("#undo").click()
    page.get_by_role("button", name="Yes, undo it").click()
    expect(page.locator("#team-standings")).not_to_contain_text("340")
    page.get_by_role("button", name="Redo round 1 (Ann went out)").click()
    expect(page.locator("#team-standings")).to_contain_text("340")
    assert team_scores(page) == {"Ann + Cy": "340", "Bob + Dee": "-105"}
    assert call(live_server, "GET", f"/v1/games/{game_id}")[1]["rounds"][0]["counts"] == played["counts"]
    assert fits(page)
    screenshot(page, "buraco-counts-phone")
