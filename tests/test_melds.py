from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.checks.plays import check_meld
from referee.checks.situation import situate
from referee.loading.loader import Library
from referee.values.cards import Card, parse_cards
from referee.values.errors import RefereeError
from referee.values.i18n import language
from tests.conftest import load_cases


@pytest.mark.parametrize("case", load_cases("melds.yaml"))
def test_meld_cases(case: dict[str, Any], library: Library) -> None:
    ruleset = library.get(case["ruleset"])
    hand = case.get("hand")
    verdict = check_meld(situate(ruleset, round=case.get("round", 1), players=case.get("players"), first_meld_done=case.get("first_meld_done", False), score=case.get("score")), parse_cards(case["play"]), None if hand is None else parse_cards(hand))
    assert verdict.valid is case["valid"], verdict.as_dict()
    assert (not verdict.violations) is verdict.valid
    if "codes" in case:
        assert sorted(v.code for v in verdict.violations) == sorted(case["codes"])
    if "kind" in case:
        assert verdict.extra["kind"] == case["kind"]
    if "wilds" in case:
        got = {w["card"]: w["as"] for w in verdict.extra["wilds"]}  # type: ignore[union-attr]
        assert got == case["wilds"]


def test_violation_sentence_names_the_rule(library: Library) -> None:
    verdict = check_meld(situate(library.get("ten-pennies"), round=1), parse_cards(["8H", "2S", "2C"]))
    assert verdict.violations[0].message == \
        "Round 1 allows at most 1 wild card in a meld; this set has 2 (2♠, 2♣)."
    assert [str(c) for c in verdict.violations[0].cards] == ["2S", "2C"]


# ---------------------------------------------------------------- properties

BING_DECK = [Card(r, s) for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
             for s in "CDHS"]
hands = st.lists(st.sampled_from(BING_DECK), min_size=1, max_size=8)


@settings(max_examples=300, deadline=None)
@given(hands, st.randoms(use_true_random=False), st.sampled_from(["bing-rummy", "ten-pennies"]),
       st.integers(1, 7))
def test_answer_does_not_depend_on_order(library: Library, cards: list[Card], rnd: Any, rid: str, rnd_no: int) -> None:
    ruleset = library.get(rid)
    shuffled = list(cards)
    rnd.shuffle(shuffled)
    first, second = check_meld(situate(ruleset, round=rnd_no), cards), check_meld(situate(ruleset, round=rnd_no), shuffled)
    assert first.valid == second.valid
    assert sorted(v.code for v in first.violations) == sorted(v.code for v in second.violations)
    assert first.extra.get("kind") == second.extra.get("kind")


@settings(max_examples=300, deadline=None)
@given(hands, st.sampled_from(["bing-rummy", "ten-pennies"]), st.integers(1, 7))
def test_wilds_replaced_by_what_they_stand_for_make_a_natural_meld(library: Library, 
        cards: list[Card], rid: str, rnd_no: int) -> None:
    ruleset = library.get(rid)
    verdict = check_meld(situate(ruleset, round=rnd_no), cards)
    stands = verdict.extra.get("wilds") or []
    if not verdict.valid or not stands or any(w["as"] is None for w in stands):  # type: ignore[union-attr]
        return
    wild_cards = [w["card"] for w in stands]  # type: ignore[union-attr]
    naturals = [str(c) for c in cards]
    for w in wild_cards:
        naturals.remove(w)
    kind = verdict.extra["kind"]
    if kind == "run":
        replaced = naturals + [w["as"] for w in stands]  # type: ignore[union-attr]
        suits = {c[-1] for c in replaced}
        assert len(suits) == 1
        assert len(set(replaced)) == len(replaced)
    else:
        assert {c[:-1] for c in naturals} == {w["as"] for w in stands}  # type: ignore[union-attr]


@settings(max_examples=500, deadline=None)
@given(st.lists(st.one_of(st.text(max_size=4), st.sampled_from(["8H", "2C", "JK", "10S", "QD"])),
                max_size=8), st.integers(-3, 12), st.sampled_from(["bing-rummy", "ten-pennies"]))
def test_only_referee_errors_escape(library: Library, tokens: list[str], rnd_no: int, rid: str) -> None:
    try:
        check_meld(situate(library.get(rid), round=rnd_no), parse_cards(tokens))
    except RefereeError:
        pass


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "A set is cards of one rank; 10♠ is not eights."),
    ("ru", "10♠ — не восьмёрки"),
    ("sv", "10♠ är inte åttor"),
    ("ro", "10♠ nu face parte dintre optari"),
])
def test_a_verdict_names_cards_as_the_chips_show_them(library: Library, lang: str, words: str) -> None:
    with language(lang):
        verdict = check_meld(situate(library.get("ten-pennies"), round=1), parse_cards(["8H", "8S", "10S"]))
    [violation] = verdict.violations
    assert words in violation.message and "10S" not in violation.message
    assert violation.as_dict()["cards"] == ["10S"] and violation.code == "mixed_ranks"  # the notation stays


# ---------------------------------------------------------------- the first rank after the last

def _runs_of(library: Library, text: str) -> Any:
    variant, _, _ = library.copy().load("format: 1\nfamily: rummy\nname: Test\n" + text)
    return variant


@pytest.mark.parametrize(("base", "round_number", "legal", "illegal"), [
    # Five Crowns' ranks 3 to K (round 5: the 7s are wild): the 3 after the K, never between
    # them, never at both ends
    ("five-crowns", 5, ["QS KS 3S", "JS QS KS 3S"], ["KS 3S 4S", "3S 4S 5S 6S 8S 9S 10S JS QS KS 3S"]),
    # the French deck with the ace low (gin rummy): the option reads as ace: low-or-high
    ("gin-rummy", 1, ["QH KH AH", "AH 2H 3H"], ["KH AH 2H"]),
])
def test_the_first_rank_may_follow_the_last_in_any_deck(library: Library, base: str, round_number: int,
                                                        legal: list[str], illegal: list[str]) -> None:
    high = _runs_of(library, f"id: {base}-high\nextends: {base}\nmelds: {{run: {{first_rank_high: true}}}}\n")
    plain = library.get(base)
    for text in legal:
        cards = parse_cards(text.split(), deck=high.deck)
        assert check_meld(situate(high, round=round_number), cards).valid, text
        ends_high = cards[-1].rank == high.deck.ranks[0]
        assert check_meld(situate(plain, round=round_number), cards).valid is not ends_high, text  # without it, only low
    for text in illegal:
        verdict = check_meld(situate(high, round=round_number), parse_cards(text.split(), deck=high.deck))
        assert [v.code for v in verdict.violations] == ["not_consecutive"], text


def test_remi_runs_agree_with_the_rule_written_out(library: Library) -> None:
    """Every set of three to five numbers of one colour: a run exactly where the tile rules
    (tests/tilesolve_reference.py, written from the rules, not the engine's run windows) say."""
    from itertools import combinations

    from tests.tilesolve_reference import TileRules

    remi = library.get("remi")
    rules = TileRules.of(remi)
    assert rules.high_first
    numbers = list(remi.deck.ranks)
    legal = 0
    for size in (3, 4, 5):
        for picked in combinations(numbers, size):
            cards = [Card(n, "B") for n in picked]
            expected = rules.worth(cards) is not None
            assert check_meld(situate(remi), cards).valid is expected, picked
            legal += expected
    assert legal == (11 + 10 + 9) + 3  # the stretches of 3, 4 and 5 with the 1 low, and one a length with it high
