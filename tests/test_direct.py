"""The planner's direct path (`referee.planner.direct`): a hand with no wild card, no repeated
card and no table to lay off on, read through the round's tables. Its answers are the
oracle's on small hands under every ace rule and with cards worth nothing, and so are the
points it keeps read without a plan (`least_cost`), on every shipped round too; the ways of
making sets it does not try never change a plan; a suit's table entry adds up as it says."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from referee.checks.judge import judge_for
from referee.checks.plays import check_meld
from referee.checks.situation import situate
from referee.loading.loader import Library
from referee.planner import arrange, least_cost
from referee.planner.direct import direct
from referee.planner.plan import PLAIN, Goal
from referee.planner.tables import _READY, _ready
from referee.rules.ruleset import Ruleset
from referee.values.cards import RANKS, SUITS, Card, DeckCount, DeckSpec
from tests.oracle import Oracle

GAME = """format: 1
id: direct-{ace}-{ace_value}
name: Direct
family: rummy
players: {{min: 2, max: 4}}
deck: {{jokers: 0, decks: 1}}
melds: {{set: {{min: 3}}, run: {{min: 3, ace: {ace}}}}}
wilds: {{ranks: []}}
lay_off: {{allowed: never}}
scoring:
  card_values: {{A: {ace_value}, "2-9": 5, "10-K": 10}}
"""

ACES = ("low", "high", "low-or-high")


@pytest.fixture(scope="module")
def games(library: Library) -> dict[tuple[str, int], Ruleset]:
    """The same game under each ace rule, with the ace worth 1 or nothing."""
    lib = library.copy()
    return {(ace, value): lib.add(lib.load(GAME.format(ace=ace, ace_value=value)))
            for ace in ACES for value in (0, 1)}


def _direct(ruleset: Ruleset, hand: list[Card], objective: str = "points") -> object:
    return direct(situate(ruleset, first_meld_done=True), judge_for(ruleset, 1, None), hand, (), Goal(objective))


# Hands from a few neighbouring ranks and both ends of the ace, so that sets and runs compete.
NEIGHBOURS = [Card(r, s) for r in ("A", "2", "3", "4", "Q", "K") for s in SUITS]


@settings(max_examples=120, deadline=None)
@given(st.lists(st.sampled_from(NEIGHBOURS), min_size=3, max_size=8, unique=True),
       st.sampled_from(ACES), st.sampled_from((0, 1)), st.sampled_from(("points", "cards")))
def test_the_direct_answer_is_the_oracles(games: dict[tuple[str, int], Ruleset], hand: list[Card],
                                          ace: str, value: int, objective: str) -> None:
    ruleset = games[ace, value]
    found = _direct(ruleset, hand, objective)
    assert found is not None and found == arrange(situate(ruleset, first_meld_done=True), hand, (), Goal(objective=objective))
    oracle = Oracle(ruleset)
    expected = min(len(left) for left in oracle.leftovers(hand)) if objective == "cards" \
        else oracle.fewest_points(hand)
    assert found.cost == expected, (hand, found)
    assert least_cost(situate(ruleset, first_meld_done=True), hand, (), objective) == expected, hand
    assert Counter([c for m in found.plan.melds for c in m] + list(found.plan.left)) == Counter(hand)
    for meld in found.plan.melds:
        assert check_meld(situate(ruleset), meld).valid, [str(c) for c in meld]


@settings(max_examples=150, deadline=None)
@given(st.integers(0, len(RANKS) - 4), st.data())
def test_the_set_choices_not_tried_are_never_the_first_best(games: dict[tuple[str, int], Ruleset],
                                                          start: int, data: st.DataObject) -> None:
    """Where every card costs something and an ace is only low, a set leaving out a card in no
    run of the whole hand is not tried: the plan is the one found trying every set."""
    ruleset = games["low", 1]
    pool = [Card(r, s) for r in RANKS[start:start + 4] for s in SUITS]
    hand = data.draw(st.lists(st.sampled_from(pool), min_size=6, max_size=12, unique=True), label="hand")
    judge = judge_for(ruleset, 1, None)
    fewer = _ready(judge, "points")  # the round's tables, as `direct` keeps them
    assert fewer.by_runs
    found = direct(situate(ruleset, first_meld_done=True), judge, hand, (), PLAIN)
    every = _ready(judge, "points")
    every.by_runs = False  # a set leaves out any card with a neighbour, as the rule first read
    _READY[judge, "points"] = every
    try:
        tried_all = direct(situate(ruleset, first_meld_done=True), judge, hand, (), PLAIN)
    finally:
        _READY[judge, "points"] = fewer
    assert found is not None and found == tried_all, (hand, found, tried_all)


@pytest.mark.parametrize("suits", [SUITS, ("C", "D", "H", "S", "X")])
def test_the_cards_add_up_to_the_hand_and_its_ranks_and_each_suit_to_its_points(
        games: dict[tuple[str, int], Ruleset], suits: tuple[str, ...]) -> None:
    """Adding the cards' numbers gives the hand mask and, above it, each rank's cards in its
    lane, none spilling into the next; each suit's entry gives the points and cards left in
    hand and the runs of the rest; on four suits and on five."""
    ruleset = games["low", 1]
    ruleset = replace(ruleset, deck=DeckSpec(ranks=RANKS, suits=suits, jokers=0, decks=DeckCount(fixed=1)))
    ready = _ready(judge_for(ruleset, 1, None), "points")
    # Each suit a run of three of its own ranks (A 2 3, then 3 4 5, ...), a king in every suit
    # (a set), and a lone 6 of the first suit.
    runs = [Card(r, s) for i, s in enumerate(suits) for r in RANKS[2 * i:2 * i + 3]]
    kings = [Card("K", s) for s in suits]
    held = runs + kings + [Card("6", suits[0])]
    assert len(set(held)) == len(held)
    counted = sum(map(ready.bit_of, held))
    hand_mask = counted & ready.hand_full
    assert hand_mask.bit_count() == len(held)
    assert [hand_mask >> (ready.places * i) & ready.full for i in range(len(suits))] == [
        sum(1 << RANKS.index(c.rank) for c in held if c.suit == s) for s in suits]
    lanes_at = ready.hand_full.bit_length()
    assert ready.bit_of(Card("A", suits[0])) >> lanes_at == 1  # the ace's lane is the first
    width = (ready.bit_of(Card("2", suits[0])) >> lanes_at).bit_length() - 1
    lanes = [(counted >> (lanes_at + width * p)) & ((1 << width) - 1) for p in range(len(RANKS))]
    assert lanes == [sum(c.rank == r for c in held) for r in RANKS]
    assert (counted + ready.at_least) & ready.tops == 1 << (lanes_at + width * (RANKS.index("K") + 1) - 1)
    first = ready.suit_made[id(ready.suits[0])](hand_mask & ready.full)
    assert ready.suits[0][hand_mask & ready.full] == first  # kept
    assert first == (5 + 10, (Card("6", suits[0]), Card("K", suits[0])), (tuple(runs[:3]),))
    found = _direct(ruleset, held)
    assert found is not None and found.cost == 5 and found.plan.left == (Card("6", suits[0]),)
    assert tuple(kings) in found.plan.melds


LOW_RANKS = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
FIVE_SUITS = ("C", "D", "H", "S", "X")
# Both ends of every suit: in the hand mask a suit's top rank sits next to the next suit's
# first rank, with no place between them where the deck's first rank is not A.
ENDS = [Card(r, s) for r in ("3", "4", "5", "J", "Q", "K") for s in FIVE_SUITS]


@settings(max_examples=80, deadline=None)
@given(st.lists(st.sampled_from(ENDS), min_size=3, max_size=8, unique=True))
# J Q K of clubs, or the kings' set: 20 points either way, and the run is the first way tried
@example([Card("J", "C"), Card("Q", "C"), Card("K", "C"), Card("K", "D"), Card("K", "H")])
def test_runs_never_cross_from_one_suit_to_the_next(games: dict[tuple[str, int], Ruleset],
                                                   hand: list[Card]) -> None:
    """On five suits of ranks 3 to K (no high ace, so no spare place between suits), the
    cards in runs found by shifting the hand mask stay within a suit: the answer is the
    oracle's, and the plan the one found trying every set."""
    ruleset = games["low", 1]
    ruleset = replace(ruleset, deck=DeckSpec(ranks=LOW_RANKS, suits=FIVE_SUITS, jokers=0,
                                             decks=DeckCount(fixed=1)))
    judge = judge_for(ruleset, 1, None)
    fewer = _ready(judge, "points")
    assert fewer.by_runs
    found = direct(situate(ruleset, first_meld_done=True), judge, hand, (), PLAIN)
    assert found is not None and found.cost == Oracle(ruleset).fewest_points(hand), (hand, found)
    every = _ready(judge, "points")
    every.by_runs = False
    _READY[judge, "points"] = every
    try:
        tried_all = direct(situate(ruleset, first_meld_done=True), judge, hand, (), PLAIN)
    finally:
        _READY[judge, "points"] = fewer
    assert found == tried_all, (hand, found, tried_all)


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_the_points_kept_without_a_plan_are_the_plans_in_every_shipped_round(
        library: Library, data: st.DataObject) -> None:
    """`least_cost` reads the direct path's hands without a plan (the largest sets tried first)
    and every other hand through `arrange`: either way it is what the best arrangement keeps."""
    rounds = [(ruleset, number) for ruleset in library.all() if ruleset.rummy is not None
              and not ruleset.rummy.round(1).wilds.per_deal
              for number in range(1, len(ruleset.rummy.rounds) + 1)]
    ruleset, number = data.draw(st.sampled_from(rounds), label="round")
    judge = judge_for(ruleset, number, None)
    deck = sorted({c for c in ruleset.deck.distinct() if c.rank not in judge.wild_ranks}, key=str)
    hand = data.draw(st.lists(st.sampled_from(deck), min_size=3, max_size=13, unique=True), label="hand")
    objective = data.draw(st.sampled_from(("points", "cards")), label="objective")
    assert least_cost(situate(ruleset, first_meld_done=True, round=number), hand, (), objective) == \
        arrange(situate(ruleset, first_meld_done=True, round=number), hand, (), Goal(objective=objective)).cost, (ruleset.id, number, hand)
