from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.loading.loader import Library
from referee.rules.ruleset import Ruleset
from referee.scoring.round import score_round
from referee.sheet.records import round_record
from referee.sheet.standings import Seats, replay
from referee.values.cards import JOKER, RANKS, SUITS, Card
from referee.values.errors import InvalidPlayError
from tests.conftest import cards

Hands = dict[str, tuple[Card, ...]]

# (ruleset, players, hands, path, code, message): every row must be refused with exactly this one problem.
REFUSED = [
    pytest.param("bing-rummy", None, {"ann": "3H KD JK", "bob": "", "cy": ""},
                 "hands.ann[2]", "not_in_deck", "🃏 is not in Bing Rummy's deck (two packs, no jokers)",
                 id="joker in Bing"),
    pytest.param("bing-rummy", 4, {"ann": "", "bob": "JK", "cy": "4C"},
                 "hands.bob[0]", "not_in_deck", "🃏 is not in Bing Rummy's deck (two packs, no jokers)",
                 id="joker in Bing, players given"),
    pytest.param("bing-rummy", None, {"ann": "5H KD", "bob": "5H", "cy": "9S 5H"},
                 "hands.cy[1]", "duplicate_card", "With 2 decks in play there are only 2 of 5♥; these hands hold 3",
                 id="three 5H across hands in two packs"),
    pytest.param("bing-rummy", None, {"ann": "5H 5H 5H", "bob": ""},
                 "hands.ann[2]", "duplicate_card", "With 2 decks in play there are only 2 of 5♥; these hands hold 3",
                 id="three 5H in one hand in two packs"),
    pytest.param("ten-pennies", 2, {"ann": "5H", "bob": "7C 5H"},
                 "hands.bob[1]", "duplicate_card", "With 1 deck in play there is only 1 of 5♥; these hands hold 2",
                 id="two 5H in Ten Pennies for two players"),
    pytest.param("ten-pennies", 2, {"ann": "JK JK", "bob": "JK"},
                 "hands.bob[0]", "duplicate_card", "With 1 deck in play there are only 2 of 🃏; these hands hold 3",
                 id="three jokers in one Ten Pennies pack"),
]

ALLOWED = [
    pytest.param("bing-rummy", None, {"ann": "5H KD", "bob": "5H", "cy": ""}, id="two 5H in Bing's two packs"),
    pytest.param("bing-rummy", 2, {"ann": "5H 5H", "bob": ""}, id="two 5H in one Bing hand"),
    pytest.param("ten-pennies", 3, {"ann": "5H", "bob": "7C 5H", "cy": ""}, id="two 5H in two Ten Pennies packs"),
    pytest.param("ten-pennies", None, {"ann": "5H 5H", "bob": "5H 5H"}, id="four 5H: the most packs is four"),
    pytest.param("ten-pennies", 2, {"ann": "JK JK", "bob": ""}, id="both jokers of one pack"),
]


def _hands(spec: dict[str, str]) -> Hands:
    return {name: cards(text) if text else () for name, text in spec.items()}


@pytest.mark.parametrize(("rid", "players", "spec", "path", "code", "message"), REFUSED)
def test_scores_refuse_a_card_the_deck_cannot_hold(library: Library, rid: str, players: int | None,
                                                   spec: dict[str, str], path: str, code: str,
                                                   message: str) -> None:
    with pytest.raises(InvalidPlayError) as caught:
        score_round(library.get(rid), _hands(spec), players=players)
    assert [(p.path, p.code, p.message) for p in caught.value.problems] == [(path, code, message)]


@pytest.mark.parametrize(("rid", "players", "spec", "path", "code", "message"), REFUSED)
def test_round_record_refuses_a_card_the_deck_cannot_hold(library: Library, rid: str, players: int | None,
                                                          spec: dict[str, str], path: str, code: str,
                                                          message: str) -> None:
    body = {"went_out": None, "hands": {name: text.split() for name, text in spec.items()}}
    with pytest.raises(InvalidPlayError) as caught:
        round_record(library.get(rid), body, players)
    assert [(p.path, p.code, p.message) for p in caught.value.problems] == [(path, code, message)]


@pytest.mark.parametrize(("rid", "players", "spec"), ALLOWED)
def test_cards_the_decks_hold_are_scored(library: Library, rid: str, players: int | None,
                                         spec: dict[str, str]) -> None:
    ruleset = library.get(rid)
    hands = _hands(spec)
    result = score_round(ruleset, hands, players=players)
    assert {n: s.cards for n, s in result.items()} == {n: len(h) for n, h in hands.items()}
    record = round_record(ruleset, {"hands": {n: t.split() for n, t in spec.items()}}, players)
    assert record["cards"] == {n: len(h) for n, h in hands.items()}


def test_every_bad_card_is_named_with_its_place(bing: Ruleset) -> None:
    hands = _hands({"ann": "JK 5H 5H", "bob": "5H JK", "cy": "5H"})
    with pytest.raises(InvalidPlayError) as caught:
        score_round(bing, hands)
    assert [(p.path, p.code) for p in caught.value.problems] == [
        ("hands.ann[0]", "not_in_deck"), ("hands.bob[0]", "duplicate_card"),
        ("hands.bob[1]", "not_in_deck"), ("hands.cy[0]", "duplicate_card")]
    assert "these hands hold 4" in caught.value.problems[1].message


def test_went_out_and_deck_problems_come_together(bing: Ruleset) -> None:
    with pytest.raises(InvalidPlayError) as caught:
        score_round(bing, _hands({"ann": "JK", "bob": "4C"}), "bob")
    assert [(p.path, p.code) for p in caught.value.problems] == [
        ("hands.bob", "hand_not_empty"), ("hands.ann[0]", "not_in_deck")]


def test_a_game_size_fixes_the_decks_of_a_round(tp: Ruleset) -> None:
    body = {"went_out": "a", "hands": {"a": [], "b": ["5H"], "c": ["5H"]}}
    sheet = replay(tp, Seats(["a", "b", "c"], None), [round_record(tp, body, 3)])  # two packs for three
    assert sheet.round == 2
    with pytest.raises(InvalidPlayError):
        round_record(tp, body, 2)


# ---------------------------------------------------------------- property: real deals never raise

EVERY_CARD = [Card(r, s) for r in RANKS for s in SUITS] + [Card(JOKER)]
PROPERTY_RULESETS = ["bing-rummy", "ten-pennies", "ten-pennies-three-packs", "bing-rummy-distinct-suits"]


def _deal(data: st.DataObject, ruleset: Ruleset, players: int, card: Card) -> Hands:
    """Hands dealt from the table's real decks, holding every copy of `card` there is."""
    others = [c for c in ruleset.deck.full(players) if c != card]
    held = data.draw(st.permutations(others))[:data.draw(st.integers(0, min(len(others), 14 * players)))]
    held += [card] * ruleset.deck.copies(card, ruleset.decks_in_play(players))
    held = data.draw(st.permutations(held))
    cuts = sorted(data.draw(st.lists(st.integers(0, len(held)), min_size=players - 1, max_size=players - 1)))
    bounds = [0, *cuts, len(held)]
    return {f"p{i}": tuple(held[bounds[i]:bounds[i + 1]]) for i in range(players)}


def _at(hands: Hands, path: str) -> Card:
    found = re.fullmatch(r"hands\.(\w+)\[(\d+)\]", path)
    assert found is not None, path
    return hands[found[1]][int(found[2])]


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(PROPERTY_RULESETS), st.sampled_from(EVERY_CARD), st.data())
def test_real_deals_never_raise_and_one_copy_more_always_does(library: Library, rid: str, card: Card,
                                                              data: st.DataObject) -> None:
    ruleset = library.get(rid)
    players = data.draw(st.integers(ruleset.players_min, ruleset.players_max), label="players")
    hands = _deal(data, ruleset, players, card)
    result = score_round(ruleset, hands, players=players)
    assert sum(s.cards for s in result.values()) == sum(len(h) for h in hands.values())

    who = data.draw(st.sampled_from(sorted(hands)), label="who gets one more")
    at = data.draw(st.integers(0, len(hands[who])), label="where")
    more = hands | {who: hands[who][:at] + (card,) + hands[who][at:]}
    with pytest.raises(InvalidPlayError) as caught:
        score_round(ruleset, more, players=players)
    [problem] = caught.value.problems
    copies = ruleset.deck.copies(card, ruleset.decks_in_play(players))
    assert problem.code == ("duplicate_card" if copies else "not_in_deck")
    chip = "🃏" if card.is_joker else card.rank + {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}[str(card.suit)]
    assert re.search(rf"(^|\s){re.escape(chip)}(?!\w)", problem.message), problem.message  # as its chip shows it
    assert _at(more, problem.path) == card
