"""Cards read by the deck of the ruleset they are sent to, at the service's faces (cards.md)."""

from __future__ import annotations

import copy
import re
from typing import Any

import pytest

from api import bounds
from api.bounds import MOST_CARDS, schema_most_cards
from api.schemas import CARD_PATTERN, RANK_PATTERN
from referee.loading.loader import default_library
from referee.loading.shipped import schema
from referee.values.cards import FRENCH, Card, parse_card
from tests.decks import COLOURS, STARS, install, upload

PROBLEM = "application/problem+json"
STARS_ID, COLOURS_ID = "stars-deck-test", "colours-deck-test"
STARS_AT, COLOURS_AT = f"/v1/rulesets/{STARS_ID}", f"/v1/rulesets/{COLOURS_ID}"


@pytest.fixture(scope="module")
def decks(quick_client: Any) -> Any:
    """The module's client, its service knowing a five-suit ruleset and a four-colour one."""
    library = quick_client.application.extensions["referee.catalog"].library
    install(library, STARS.format(id=STARS_ID))
    install(library, COLOURS.format(id=COLOURS_ID))
    return quick_client


def refused(answer: Any) -> list[tuple[str, str, str]]:
    """The (path, code, message) of each error of a 422."""
    assert answer.status_code == 422, answer.get_json()
    assert answer.content_type.startswith(PROBLEM)
    return [(e["path"], e["code"], e["message"]) for e in answer.get_json()["errors"]]


# ---------------------------------------------------------------- checks

@pytest.mark.parametrize("cards", [["QX", "QS", "QH"], ["Q★", "qx", "QD"], [" q★ ", "QC", "JK"]],
                         ids=["letters", "the star for X, any case", "a joker"])
def test_a_set_of_the_deck_is_legal(decks: Any, cards: list[str]) -> None:
    answer = decks.post(f"{STARS_AT}/melds/check", json={"cards": cards})
    assert answer.status_code == 200, answer.get_json()
    assert answer.get_json()["valid"] is True
    assert answer.get_json()["kind"] == "set"


def test_the_answer_writes_the_decks_letters(decks: Any) -> None:
    answer = decks.post(f"{STARS_AT}/lay-offs/check", json={"meld": ["QX", "QS", "QH"], "cards": ["q★"]}).get_json()
    assert answer["valid"] is True
    assert answer["meld"]["cards"] == ["QX", "QS", "QH", "QX"]


@pytest.mark.parametrize(("body", "errors"), [
    pytest.param({"cards": ["QX", "AH", "QH"]}, [
        ("cards[1]", "unknown_card", '"AH" (item 2) is not a card: rank "A" is not one of 3-10 J Q K')], id="an ace"),
    pytest.param({"cards": ["QX", "QS", "QZ"]}, [
        ("cards[2]", "unknown_card", '"QZ" (item 3) is not a card: suit "Z" is not one of C D H S X')], id="no Z"),
    pytest.param({"cards": ["QX", "QS", "QH"], "hand": ["2C", "KX"]}, [
        ("hand[0]", "unknown_card", '"2C" (item 1) is not a card: rank "2" is not one of 3-10 J Q K')],
        id="the hand left"),
])
def test_a_card_the_deck_cannot_hold_is_a_422_naming_its_ranks_and_suits(decks: Any, body: dict[str, Any],
                                                                         errors: list[tuple[str, str, str]]) -> None:
    assert refused(decks.post(f"{STARS_AT}/melds/check", json=body)) == errors


@pytest.mark.parametrize(("path", "body", "at"), [
    ("first-meld/check", {"melds": [["QX", "QS", "QH"], ["AX", "KS", "KH"]], "hand": []}, "melds[1][0]"),
    ("first-meld/check", {"melds": [["QX", "QS", "QH"]], "hand": ["3X", "AS"]}, "hand[1]"),
    ("lay-offs/check", {"meld": ["QX", "QS", "AH"], "cards": ["QD"]}, "meld[2]"),
    ("lay-offs/check", {"meld": ["QX", "QS", "QH"], "cards": ["AD"]}, "cards[0]"),
    ("hands/check", {"hand": ["QX", "AS"]}, "hand[1]"),
    ("going-out/check", {"hand": ["QX", "QS", "QH"], "table": [["AC", "KD", "KH"]]}, "table[0][0]"),
])
def test_every_check_reads_the_decks_cards(decks: Any, path: str, body: dict[str, Any], at: str) -> None:
    (error,) = refused(decks.post(f"{STARS_AT}/{path}", json=body))
    assert error[:2] == (at, "unknown_card")
    assert error[2].endswith('rank "A" is not one of 3-10 J Q K')


def test_a_first_meld_of_stars(decks: Any) -> None:
    answer = decks.post(f"{STARS_AT}/first-meld/check", json={"melds": [["KX", "K★", "KS"]], "hand": ["3X"]})
    assert answer.status_code == 200, answer.get_json()
    assert answer.get_json()["valid"] is True


def test_two_decks_hold_two_queens_of_stars(decks: Any) -> None:
    answer = decks.post(f"{STARS_AT}/melds/check", json={"cards": ["QX", "Q★", "qx"], "players": 3}).get_json()
    assert answer["valid"] is False
    assert [v["code"] for v in answer["violations"]] == ["duplicate_card"]


def test_specials_are_cards_of_their_deck_only(decks: Any) -> None:
    answer = decks.post(f"{COLOURS_AT}/scores", json={"hands": {"ann": ["12G", "w", "SK", "1r"], "bob": []}})
    assert answer.status_code == 200, answer.get_json()
    assert answer.get_json()["players"]["ann"]["cards"] == 4
    assert refused(decks.post(f"{COLOURS_AT}/melds/check", json={"cards": ["12G", "QX"]})) == [
        ("cards[1]", "unknown_card", '"QX" (item 2) is not a card: rank "Q" is not one of 1-12')]
    assert refused(decks.post("/v1/rulesets/ten-pennies/melds/check", json={"cards": ["8H", "W"]})) == [
        ("cards[1]", "unknown_card", '"W" (item 2) is not a card: a card is a rank then a suit, such as 8H')]


# ---------------------------------------------------------------- scores

def test_scores_count_the_decks_cards(decks: Any) -> None:
    answer = decks.post(f"{STARS_AT}/scores", json={"went_out": "bob", "hands": {"ann": ["QX", "3★", "JK"], "bob": []}})
    assert answer.status_code == 200, answer.get_json()
    assert answer.get_json()["players"]["ann"] == {"points": 10 + 5 + 50, "cards": 3, "pennies": 0, "breakdown": [
        {"item": "caught", "words": "cards left in hand", "cards": ["QX", "3X", "JK"], "points": 65}]}


def test_scores_refuse_a_card_the_deck_cannot_hold(decks: Any) -> None:
    assert refused(decks.post(f"{STARS_AT}/scores", json={"hands": {"ann": ["QX"], "bob": ["KS", "AH"]}})) == [
        ("hands.bob[1]", "unknown_card", '"AH" (item 2) is not a card: rank "A" is not one of 3-10 J Q K')]


def test_a_request_past_the_decks_cards_is_one_problem(decks: Any) -> None:
    # Two decks of 11 ranks x 5 suits and 3 jokers: 116 cards.
    errors = refused(decks.post(f"{STARS_AT}/melds/check", json={"cards": ["QX"] * 117}))
    assert errors == [("cards", "too_many_cards", "this request names 117 cards; Stars is played with 116 cards at most")]
    assert decks.post(f"{STARS_AT}/melds/check", json={"cards": ["QX"] * 116}).status_code == 200


# ---------------------------------------------------------------- the French deck is as it was

@pytest.mark.parametrize(("cards", "errors"), [
    (["8H", "QX"], [("cards[1]", "unknown_card", '"QX" (item 2) is not a card: suit "X" is not one of C D H S')]),
    (["8H", "Q★"], [("cards[1]", "unknown_card", '"Q★" (item 2) is not a card: suit "★" is not one of C D H S')]),
    (["8H", "1H"], [("cards[1]", "unknown_card", '"1H" (item 2) is not a card: rank "1" is not one of A 2-10 J Q K')]),
])
def test_a_french_ruleset_refuses_other_decks_cards(decks: Any, cards: list[str],
                                                     errors: list[tuple[str, str, str]]) -> None:
    assert refused(decks.post("/v1/rulesets/ten-pennies/melds/check", json={"cards": cards})) == errors


def test_a_french_ruleset_answers_as_before(decks: Any) -> None:
    answer = decks.post("/v1/rulesets/ten-pennies/melds/check", json={"cards": ["8H", "8♠", "2C"]}).get_json()
    assert answer == {"valid": True, "violations": [], "kind": "set", "wilds": [{"card": "2C", "as": "8"}]}


# ---------------------------------------------------------------- the deck in the ruleset's answers

def test_a_ruleset_answers_its_deck_in_full(decks: Any) -> None:
    deck = decks.get(STARS_AT).get_json()["deck"]
    assert deck["ranks"] == ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    assert deck["suits"] == ["C", "D", "H", "S", {"letter": "X", "symbol": "★", "name": "stars"}]  # as written
    assert (deck["copies"], deck["jokers"], deck["specials"], deck["decks"]) == (1, 3, {}, 2)
    colours = decks.get(COLOURS_AT).get_json()["deck"]
    assert (colours["copies"], colours["specials"]) == (2, {"W": 8, "SK": 4})


def test_a_french_ruleset_answers_the_french_deck(decks: Any) -> None:
    """What the document leaves to the French deck is given (its suits by their letters, as a
    document writes them); what it writes is kept."""
    deck = decks.get("/v1/rulesets/ten-pennies").get_json()["deck"]
    assert deck == {**FRENCH.as_dict(), "suits": ["C", "D", "H", "S"], "jokers": 2, "decks": {"players_per_deck": 2}}
    rounds = decks.get("/v1/rulesets/ten-pennies/rounds/3").get_json()
    assert rounds["deck"] == deck


def test_a_five_suit_deck_is_uploaded_and_answered(decks: Any) -> None:
    answer = upload(decks, STARS.format(id="stars-uploaded"))
    assert answer.status_code == 201, answer.get_json()
    assert answer.get_json()["deck"]["suits"][-1] == {"letter": "X", "symbol": "★", "name": "stars"}
    assert decks.post("/v1/rulesets/stars-uploaded/melds/check", json={"cards": ["QX", "Q★", "QS"]}
                      ).get_json()["valid"] is True


# ---------------------------------------------------------------- the document

NOTATIONS = ["8H", "10S", "TS", "qd", "A♠", "JK", "joker", "*", "QX", "Q★", "12G", "W", "sk", "13K", "1R", "11Y",
             "7o", "1b", " 3♦ "]


def test_the_card_pattern_admits_every_listed_decks_notation() -> None:
    pattern = re.compile(CARD_PATTERN)
    assert [c for c in NOTATIONS if not pattern.match(c)] == []
    assert [c for c in ["1H0", "14R", "QZ", "Q", "10", "JKK", "**", "8 H", "0C"] if pattern.match(c)] == []
    ranks = re.compile(RANK_PATTERN)
    assert [r for r in ["A", "t", "10", "q", "1", "12", " 13 "] if not ranks.match(r)] == []
    assert [r for r in ["14", "0", "QX", "JK", "W"] if ranks.match(r)] == []


def test_every_card_the_pattern_admits_is_read_or_named_by_a_deck() -> None:
    """The pattern is no narrower than the French notation: each French card matches it."""
    pattern = re.compile(CARD_PATTERN)
    assert [str(c) for c in FRENCH.distinct() | {Card("JOKER")} if not pattern.match(str(c))] == []
    assert all(pattern.match(f"{c.rank}{symbol}") for c in FRENCH.distinct()
               for symbol in FRENCH.symbols if parse_card(f"{c.rank}{symbol}").rank == c.rank)


def test_the_document_describes_cards_and_the_deck(decks: Any) -> None:
    document = decks.get("/v1/openapi.json").get_json()
    meld = document["components"]["schemas"]["MeldCheck"]["properties"]["cards"]["items"]
    assert meld["pattern"] == CARD_PATTERN
    assert "deck" in meld["description"] and "422" in meld["description"]
    answer = document["paths"]["/v1/rulesets/{ruleset_id}"]["get"]["responses"]["200"]["content"]
    assert "deck" in answer["application/json"]["schema"]["required"]


def test_the_most_cards_of_any_table_come_from_the_schema(monkeypatch: pytest.MonkeyPatch) -> None:
    deck = schema()["$defs"]["deck"]["properties"]
    assert MOST_CARDS == schema_most_cards() >= 8 * deck["ranks"]["maxItems"] * deck["suits"]["maxItems"]
    wider = copy.deepcopy(schema())
    props = wider["$defs"]["deck"]["properties"]
    props["suits"]["maxItems"] = 5
    props["copies"] = {"type": "integer", "minimum": 1, "maximum": 2}
    props["specials"] = {"type": "object", "maxProperties": 4, "additionalProperties": {"type": "integer",
                                                                                        "maximum": 10}}
    monkeypatch.setattr(bounds, "schema", lambda: wider)
    assert schema_most_cards() == 8 * (deck["ranks"]["maxItems"] * 5 * 2 + 4 * 10 + 8)


def test_a_games_bound_is_its_decks_cards_at_the_table() -> None:
    """The bound a request of a ruleset is held to is the count of the cards its decks deal."""
    for ruleset in default_library().all():
        for players in range(ruleset.players_min, ruleset.players_max + 1):
            assert ruleset.cards_in_play(players) == len(ruleset.deck.full(players)), (ruleset.id, players)
        assert ruleset.cards_in_play(None) == max(len(ruleset.deck.full(n)) for n in
                                                  range(ruleset.players_min, ruleset.players_max + 1))
