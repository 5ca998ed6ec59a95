"""A knock, scored: the knocker's melds (shown, or the arrangement best for the knocker) and the
defender's lay-offs on them, against an enumeration built on the single checks only."""

from __future__ import annotations

import os
from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.checks.judge import judge_for
from referee.checks.plays import check_meld
from referee.checks.situation import situate
from referee.loading.loader import default_library
from referee.planner import arrange
from referee.rules.ruleset import Ruleset
from referee.scoring.hand import Deal
from referee.scoring.knock import arrangements
from referee.scoring.round import score_round
from referee.values.cards import Card, parse_cards
from referee.values.errors import InvalidPlayError
from tests.conftest import cards
from tests.oracle import Oracle, minus, norm

GIN = default_library().get("gin-rummy")
SMALL = default_library().get("gin-rummy-small-bonuses")


def _knocker_result(ruleset: Ruleset, dead: int, left: int) -> int:
    knock = ruleset.scoring.knock
    assert knock is not None
    if dead == 0:
        return knock.gin_bonus + left
    return left - dead if left > dead else -(knock.undercut_bonus + dead - left)


def _best_by_enumeration(ruleset: Ruleset, oracle: Oracle, knocker: tuple[Card, ...],
                         defender: tuple[Card, ...]) -> int:
    """The knocker's best result over every way to show the hand as legal melds (each group
    judged by `check_meld`), the defender's fewest points found by the oracle."""
    knock = ruleset.scoring.knock
    assert knock is not None
    best = None
    for groups in oracle.groupings(norm(knocker), later=True):
        dead = sum(ruleset.scoring.value(c) for c in minus(norm(knocker), norm(c for g in groups for c in g)))
        if dead > knock.max_deadwood:
            continue
        table = groups if dead else ()
        left = oracle.fewest_points(norm(defender), table, True)
        result = _knocker_result(ruleset, dead, left)
        best = result if best is None else max(best, result)
    assert best is not None
    return best


@st.composite
def knock_deal(draw: st.DrawFn) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """A knocker's ten cards built from runs and sets, and a defender's ten near them."""
    deck = list(GIN.deck.cards())
    ranks, suits = list(GIN.deck.ranks), list(GIN.deck.suits)
    cards: list[Card] = []
    for _ in range(4):
        if draw(st.booleans()):
            rank = draw(st.sampled_from(ranks))
            cards += [Card(rank, s) for s in draw(st.permutations(suits))[:draw(st.integers(3, 4))]]
        else:
            length = draw(st.integers(3, 5))
            start = draw(st.integers(0, len(ranks) - length))
            suit = draw(st.sampled_from(suits))
            cards += [Card(r, suit) for r in ranks[start:start + length]]
    cards = list(dict.fromkeys(cards))
    rest = [c for c in deck if c not in cards]
    knocker = cards[:10] + draw(st.permutations(rest))[:max(0, 10 - len(cards))]
    at = {r: i for i, r in enumerate(ranks)}
    near = [c for c in deck if c not in knocker and any(  # cards that could be laid off
        c.rank == k.rank or (c.suit == k.suit and abs(at[c.rank] - at[k.rank]) <= 2) for k in knocker)]
    defender = draw(st.permutations(near))[:10]
    if len(defender) < 10:
        defender += [c for c in deck if c not in knocker and c not in defender][:10 - len(defender)]
    return tuple(knocker), tuple(defender)


def _plays(ruleset: Ruleset) -> str:
    """What the oracle reads of a game of the knock: its deck, its play and its cards' values,
    but not the knock's bonuses (they score the result, which the test works out itself)."""
    assert ruleset.rummy is not None
    scoring = replace(ruleset.scoring, knock=None)
    return repr((ruleset.deck, replace(ruleset.rummy, scoring=scoring), scoring))


# One oracle a way of playing, for every deal: what it has judged (a meld, a lay-off) holds for the next.
ORACLES: dict[str, Oracle] = {}


@settings(max_examples=20, deadline=None, derandomize=os.environ.get("CI", "").lower() == "true",
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(dealt=knock_deal())
def test_the_knock_is_scored_with_the_arrangement_best_for_the_knocker(
        dealt: tuple[tuple[Card, ...], tuple[Card, ...]]) -> None:
    """Each deal scored by both games of the knock: they play alike and score apart (the
    bonuses), so one oracle's turns serve both."""
    knocker, defender = dealt
    for ruleset in (GIN, SMALL):
        knock = ruleset.scoring.knock
        assert knock is not None
        if arrange(situate(ruleset, first_meld_done=True), knocker).cost > knock.max_deadwood:
            continue
        oracle = ORACLES.setdefault(_plays(ruleset), Oracle(ruleset))
        got = score_round(ruleset, {"k": knocker, "d": defender}, "k")
        result = got["k"].points - got["d"].points
        expected = _best_by_enumeration(ruleset, oracle, knocker, defender)
        assert result == expected, (ruleset.id, {n: s.as_dict() for n, s in got.items()})


@pytest.mark.parametrize(("hand", "most", "count"), [
    ("2H 3H 4H 3C 3D 9S 10S JS QS KS", 10, 2),   # the run or the set of threes, with the long run
    ("5H 6H 7H 8H 9C 9D 9S AC AD 2S", 10, 2),    # 5H-8H, or 6H-8H with the 5H kept
    ("AH 2H 3H 4H 7C 7D 7S JD QD KD", 0, 1),     # gin: one way
    ("AH 2H 3H 4H 7C 7D 7S JD QD KD", 10, 4),    # or AH, 4H, or all four hearts (10) kept out
    ("2C 5D 8H JS KC 3S 7D 9H QC 4H", 10, 0),    # no meld: too much deadwood
])
def test_arrangements_are_every_legal_showing_within_the_limit(hand: str, most: int, count: int) -> None:
    held = parse_cards(hand.split())
    found = list(arrangements(GIN, judge_for(GIN, 1, None), held, most))
    assert len(found) == count, found
    assert len({tuple(sorted(map(tuple, m))) for m, _ in found}) == count  # each once
    for melds, dead in found:
        assert all(check_meld(situate(GIN), m).valid for m in melds)
        left = Counter(held) - Counter(c for m in melds for c in m)
        assert len(held) - sum(left.values()) == sum(len(m) for m in melds)  # disjoint
        assert dead == sum(GIN.scoring.value(c) for c in left.elements()) <= most


def test_shown_melds_are_scored_as_shown_even_when_another_arrangement_is_better() -> None:
    knocker = cards("5H 6H 7H 8H 9C 9D 9S AC AD 2S")
    defender = cards("3H 4H KC KD QS JC 10D 7C 6D 4S")
    best = score_round(GIN, {"k": knocker, "d": defender}, "k")
    shown = score_round(GIN, {"k": knocker, "d": defender}, "k", deal=Deal(melded={"k": [
        cards("6H 7H 8H"), cards("9C 9D 9S")]}))
    assert (best["k"].points, best["k"].deadwood) == (65, 9)
    assert (shown["k"].points, shown["k"].deadwood) == (65, 9)  # the same showing, given
    laid = score_round(GIN, {"k": knocker, "d": defender}, "k", deal=Deal(melded={"k": [
        cards("5H 6H 7H 8H"), cards("9C 9D 9S")]}))
    assert (laid["k"].points, laid["d"].deadwood) == (63, 67)


def test_a_knock_past_the_planning_budget_is_refused_not_hung(monkeypatch: pytest.MonkeyPatch) -> None:
    from referee.values import budget as planner
    monkeypatch.setattr(planner, "PLAN_BUDGET", 40)
    knocker = cards("AH 2H 3H 4H 5H 6H 7H 8H 9H AC")
    defender = cards("JC QC KC 7S 8S 9D 10D KD QS JS")
    with pytest.raises(InvalidPlayError) as caught:
        score_round(GIN, {"k": knocker, "d": defender}, "k")
    assert [p.code for p in caught.value.problems] == ["hand_too_large"]
