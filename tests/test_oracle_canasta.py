"""Going out where the side must hold canastas afterwards (Canasta's `going_out.requires`),
against a brute force that knows nothing of the planner.

The brute force, for one hand (after the draw) and the side's melds on the table: every
choice of final discard (none, or one card: `final_discard: optional`; no wild card where
`going_out.discard_wild` is false), every way to add the
other cards to the side's melds (each meld's cards added in one batch, judged by `check_lay_off`) and to split the
rest into new melds (each judged by `check_meld`; a meld of a rank melded only going out is
allowed here, since this is the turn that goes out), every card played; before the side's first
meld, the new melds must pass `check_first_meld` (where `going_out.concealed_minimum` holds);
a side holds one set of a rank where `one_per_rank` says so; and the side's melds after the
turn must hold the canastas required (`referee.checks.canastas`, a
count of melds of `canasta.min` cards and their wild cards). The property, for every shipped
ruleset whose going out requires canastas: the planner's `check_going_out` is valid exactly
when the brute force goes out, and a valid plan leaves canastas enough on the side's table.

Taking the discard pile before the side's first meld (`pile/check`, every shipped ruleset
whose pile is taken by melding its top card) against a brute force of the rules texts: some
melds of the hand and the top card, one of them the top card's with `pile.frozen_naturals`
natural cards of its rank from the hand and any other cards of the hand (more of its rank,
wild cards), together pass `check_first_meld` at the side's score (each legal within the
wild-card limits, one set of a rank, worth the minimum). The check is valid exactly when the
brute force finds such melds, and the meld it names is the top card's in one of them.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Sequence
from functools import lru_cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.checks.canastas import requires_met
from referee.checks.judge import judge_for
from referee.checks.plays import check_first_meld, check_lay_off, check_meld
from referee.checks.situation import situate
from referee.loading.loader import default_library
from referee.planner import check_going_out
from referee.planner.pile import Pile, check_pile
from referee.rules.byscore import with_score
from referee.rules.ruleset import RoundRules, Ruleset
from referee.values.budget import PLAN_BUDGET, Budget
from referee.values.cards import JOKER, Card, parse_cards
from tests.oracle import Cards, contains, minus, norm, sub_multisets
from tests.test_oracle import _shoe, _take

RULESETS = {r.id: r for r in default_library().all()
            if r.rummy is not None and not r.rummy.base.requires.empty}


def _legal(ruleset: Ruleset, cards: Sequence[Card]) -> bool:
    """One legal meld as the turn that goes out makes it."""
    verdict = check_meld(situate(ruleset, first_meld_done=True), list(cards))
    return all(v.code == "going_out_only" for v in verdict.violations)


@lru_cache(maxsize=100_000)
def _lays_off(ruleset: Ruleset, meld: Cards, added: Cards) -> bool:
    return check_lay_off(situate(ruleset, first_meld_done=True, others_meld=False), list(meld), list(added)).valid


@lru_cache(maxsize=100_000)
def _meld_ok(ruleset: Ruleset, cards: Cards) -> bool:
    return _legal(ruleset, cards)


@lru_cache(maxsize=100_000)
def _partitions(ruleset: Ruleset, pool: Cards) -> tuple[tuple[Cards, ...], ...]:
    """Every split of all of `pool` into legal melds."""
    if not pool:
        return ((),)
    lowest, rest = pool[0], pool[1:]
    found = []
    for others in sub_multisets(rest):
        group = norm((lowest, *others))
        if _meld_ok(ruleset, group):
            found += [(group, *more) for more in _partitions(ruleset, minus(rest, norm(others)))]
    return tuple(found)


@lru_cache(maxsize=100_000)
def _grown(ruleset: Ruleset, cards: Cards, table: tuple[Cards, ...]) -> tuple[tuple[tuple[Cards, ...], Cards], ...]:
    """Every way to add some of `cards` to each table meld (each grown meld legal): the grown
    table and the cards not added."""
    if not table:
        return (((), cards),)
    first, rest = table[0], table[1:]
    found = []
    for added in sub_multisets(cards):
        grown = norm((*first, *added))
        if added and not _lays_off(ruleset, first, norm(added)):
            continue
        found += [((grown, *later), left) for later, left in _grown(ruleset, minus(cards, norm(added)), rest)]
    return tuple(found)


@lru_cache(maxsize=100_000)
def _kind(ruleset: Ruleset, cards: Cards) -> object:
    return check_meld(situate(ruleset, first_meld_done=True), list(cards)).extra.get("kind")


def _one_open_set_a_rank(ruleset: Ruleset, rules: RoundRules, before: Sequence[Cards], grown: Sequence[Cards],
                         melds: Sequence[Cards]) -> bool:
    """A side holds one open set of a rank: of its sets of one rank after the turn, all but one
    are full (`melds.set.max`), and no new set of a rank starts while the side's set of it was
    open when the turn began (the reading the planner holds: a book closed this turn lets a new
    set of its rank start on a later turn). Runs are not counted."""
    most = next((m.max for m in rules.melds if m.one_per_rank), None)

    def set_rank(m: Cards, full_too: bool = False) -> str | None:
        if _kind(ruleset, m) != "set" or (not full_too and most is not None and len(m) >= most):
            return None  # a run, or a full set
        return next((c.rank for c in m if c.rank not in rules.wilds.ranks), m[0].rank)

    open_before = {set_rank(m) for m in before} - {None}
    if any(set_rank(m, full_too=True) in open_before for m in melds):
        return False  # a new set of a rank, full or not, while the side's set of it is open
    by_rank = Counter(r for r in map(set_rank, (*grown, *melds)) if r is not None)
    return all(n == 1 for n in by_rank.values())


def brute_goes_out(ruleset: Ruleset, hand: Cards, table: tuple[Cards, ...], first_meld_done: bool) -> bool:
    assert ruleset.rummy is not None
    rules = ruleset.rummy.round(1)
    judge = judge_for(ruleset, 1, None, True)
    one_per_rank = any(m.one_per_rank for m in rules.melds)
    discards: list[Card | None] = [None] if rules.final_discard != "required" else []
    if rules.final_discard != "forbidden":
        discards += sorted((c for c in set(hand) - ruleset.rummy.bonus_cards  # a bonus card is never discarded
                            if rules.discard_wild or c.rank not in rules.wilds.ranks), key=str)
    for discard in discards:
        rest = minus(hand, (discard,)) if discard is not None else hand
        if any(c in ruleset.rummy.bonus_cards or c in ruleset.rummy.never_melded for c in rest):
            continue
        for grown, pool in _grown(ruleset, rest, table if first_meld_done else ()):
            for melds in _partitions(ruleset, pool):
                if not melds and not first_meld_done:
                    continue
                if not first_meld_done and rules.concealed_minimum and not check_first_meld(situate(ruleset, score=0), [list(m) for m in melds]).valid:
                    continue
                if one_per_rank and not _one_open_set_a_rank(ruleset, rules, table if first_meld_done else (), grown, melds):
                    continue
                if requires_met(judge, [*grown, *melds]):
                    return True
    return False


def _settings(examples: int) -> settings:
    return settings(max_examples=examples, deadline=None,
                    derandomize=os.environ.get("CI", "").lower() == "true",
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


@st.composite
def _deal(draw: st.DrawFn, ruleset: Ruleset) -> tuple[Cards, tuple[Cards, ...]]:
    """A hand of up to 10 cards heavy in two ranks, with wild cards and threes, and 0-2 of the
    side's melds, never more copies than the decks hold."""
    deck = ruleset.deck
    shoe = _shoe(ruleset)
    suits = list(deck.suits)
    wild = sorted(ruleset.rummy.base.wilds.ranks) if ruleset.rummy else []

    def take(cards: list[Card]) -> list[Card]:
        return _take(shoe, cards)

    def wilds(most: int) -> list[Card]:
        return [Card(JOKER) if r == JOKER else Card(r, draw(st.sampled_from(suits)))
                for r in draw(st.lists(st.sampled_from(wild), max_size=most))] if wild else []

    ranks = draw(st.lists(st.sampled_from(["4", "8", "K", "A"]), min_size=1, max_size=2, unique=True))
    table = []
    need = ruleset.rummy.base.requires if ruleset.rummy else None
    most = 2 + (need.canastas + need.natural + need.mixed if need else 0)  # room for the canastas asked
    for rank in draw(st.lists(st.sampled_from(["4", "8", "K", "Q", "J", "9"]), max_size=most, unique=True)):
        meld = take([Card(rank, draw(st.sampled_from(suits))) for _ in range(draw(st.integers(2, 7)))] + wilds(1))
        if _legal(ruleset, meld):
            table.append(norm(meld))
    if need is not None and draw(st.booleans()):
        # The canastas asked but one already down (natural: seven natural cards; mixed: five and
        # two wild), so that the hand's turn decides: these ranks are not drawn again.
        kinds = ["natural"] * max(need.natural, 0) + ["mixed"] * max(need.mixed, 0)
        kinds += ["natural"] * max(0, need.canastas - len(kinds))
        if kinds:
            kinds.pop(draw(st.integers(0, len(kinds) - 1)))
        for rank, kind in zip(["5", "6", "7", "10"], kinds, strict=False):
            naturals = 7 if kind == "natural" else 5
            book = take([Card(rank, suits[k % len(suits)]) for k in range(naturals)])
            book += take([Card("2", suits[k]) for k in range(7 - naturals)])
            if len(book) == 7 and _legal(ruleset, book):
                table.append(norm(book))
    cards = [Card(r, draw(st.sampled_from(suits))) for r in ranks for _ in range(draw(st.integers(2, 7)))]
    cards += wilds(3)
    if draw(st.booleans()):  # threes: black ones mostly (melded going out), a red one now and then
        cards += [Card("3", draw(st.sampled_from(["C", "S", "C", "S", "H"]))) for _ in range(draw(st.integers(1, 3)))]
    if draw(st.booleans()):  # a stray card, often the final discard
        cards += draw(st.lists(st.sampled_from(sorted(set(deck.cards()), key=str)), max_size=1))
    hand = take(draw(st.permutations(cards))[:10])
    return norm(hand), tuple(table)


@pytest.mark.parametrize("rid", sorted(RULESETS))
@pytest.mark.parametrize("first_meld_done", [True, False], ids=["first-meld-done", "first-meld-not-done"])
@_settings(80)
@given(data=st.data())
def test_going_out_with_canastas_agrees_with_brute_force(rid: str, first_meld_done: bool, data: st.DataObject) -> None:
    ruleset = RULESETS[rid]
    hand, table = data.draw(_deal(ruleset))
    if not hand:
        return
    table = table if first_meld_done else ()
    # The answer is judged here, not the request's cap on searching (tests/test_hostile_input.py): a deal
    # the service would refuse as too large to plan in its budget is planned within four of them
    # (one Hand and Foot deal drawn, eight cards beside five melds with wild cards, takes 1.5).
    verdict = check_going_out(situate(ruleset, first_meld_done=first_meld_done, budget=Budget(4 * PLAN_BUDGET)),
                              hand, list(table))
    assert verdict.valid is brute_goes_out(ruleset, hand, table, first_meld_done), verdict.as_dict()
    if verdict.valid:
        plan = verdict.extra["plan"]
        grown = [list(m) for m in table]
        for lay in plan["lay_offs"]:
            grown[lay["table"]] += parse_cards(lay["cards"])
        own = [parse_cards(m) for m in plan["melds"]]
        for lay in plan["own_lay_offs"]:
            own[lay["meld"]] += parse_cards(lay["cards"])
        assert requires_met(judge_for(ruleset, 1, None, True), [*grown, *own]), plan
        played = [c for m in [*grown, *own] for c in m]
        assert Counter(played) - Counter(c for m in table for c in m) + Counter(
            parse_cards([plan["discard"]] if plan["discard"] else [])) == Counter(hand), plan


@pytest.mark.parametrize(("rid", "hand", "table", "out"), [
    # a 2 natural in its own place beside another 2 as the run's wild card (found by the oracle above)
    ("buraco-any-burraco", "2C 2D 3C 4C 9H", ["8C 8C 8D 8D 8H 8H JK"], True),
    ("buraco", "2C 2D 3C 4C 9H", ["8C 8C 8D 8D 8H 8H JK"], False),  # a clean burraco needed: this one has a joker
    ("buraco-any-burraco", "2C 2D 3C 4C", ["8C 8C 8D 8D 8H 8H JK"], True),
    ("buraco-any-burraco", "2D 2C 4C 5C 9H", ["8C 8C 8D 8D 8H 8H JK"], True),
    ("buraco-any-burraco", "2D 2H 3C 4C 9H", ["8C 8C 8D 8D 8H 8H JK"], False),  # two wild cards in one run
])
def test_known_buraco_hands(rid: str, hand: str, table: list[str], out: bool) -> None:
    ruleset = default_library().get(rid)
    cards = norm(parse_cards(hand.split()))
    melds = tuple(norm(parse_cards(m.split())) for m in table)
    assert check_going_out(situate(ruleset, first_meld_done=True), cards, list(melds)).valid is out
    assert brute_goes_out(ruleset, cards, melds, True) is out


@pytest.mark.parametrize(("hand", "table", "done", "out"), [
    ("8H 8S 8D", ["KH KS KD KC KH KS 2C"], True, True),      # the side holds a canasta already
    ("8H 8S 8D", ["KH KS KD KC KH"], True, False),           # five kings: no canasta yet
    ("8H 8S 8D KD 2D", ["KH KS KD KC KH"], True, True),      # the kings finished into one this turn
    ("8H 8S 8D 8C 8H 8S JK 5H", [], False, True),            # concealed: a mixed canasta and a discard
    ("3C 3S 3C 8H 8S 8D 8C 8H 8S 8D 5H", [], False, True),   # black threes melded going out
    ("3C 3S 2C 8H 8S 8D 8C 8H 8S 8D 5H", [], False, False),  # but never with a wild card
    ("3H 8H 8S 8D 8C 8H 8S 8D", [], False, False),           # a red three is never melded nor discarded
])
def test_known_canasta_hands(hand: str, table: list[str], done: bool, out: bool) -> None:
    ruleset = default_library().get("canasta")
    cards = norm(parse_cards(hand.split()))
    melds = tuple(norm(parse_cards(m.split())) for m in table)
    assert check_going_out(situate(ruleset, first_meld_done=done), cards, list(melds)).valid is out
    assert brute_goes_out(ruleset, cards, melds, done) is out


PILE_RULESETS = {r.id: r for r in default_library().all()
                 if r.rummy is not None and r.rummy.pile is not None and r.rummy.pile.take == "meld"}


@lru_cache(maxsize=100_000)
def _plain_meld(ruleset: Ruleset, cards: Cards, round_number: int) -> bool:
    """One legal meld of a turn that does not go out, before the side's first meld."""
    return check_meld(situate(ruleset, round=round_number), list(cards)).valid


@lru_cache(maxsize=100_000)
def _meld_groups(ruleset: Ruleset, pool: Cards, round_number: int) -> frozenset[tuple[Cards, ...]]:
    """Every choice of legal melds from `pool`, no card in two (none at all included)."""
    if not pool:
        return frozenset({()})
    lowest, rest = pool[0], pool[1:]
    found = set(_meld_groups(ruleset, rest, round_number))  # the lowest card stays in hand
    for others in sub_multisets(rest):
        group = norm((lowest, *others))
        if _plain_meld(ruleset, group, round_number):
            found |= {tuple(sorted((group, *more))) for more in _meld_groups(ruleset, minus(rest, norm(others)),
                                                                              round_number)}
    return frozenset(found)


def _first_meld_with(ruleset: Ruleset, meld: Cards, rest: Cards, score: int, round_number: int) -> bool:
    """Do `meld` and some melds of `rest` pass `check_first_meld` at `score`?"""
    assert ruleset.rummy is not None
    least = with_score(ruleset, score).rummy.round(round_number).first_meld.points  # type: ignore[union-attr]
    for others in _meld_groups(ruleset, rest, round_number):
        if ruleset.scoring.hand_points([*meld, *(c for m in others for c in m)]) < least:
            continue  # the cards' values bound the melds' worth: too few to try
        if check_first_meld(situate(ruleset, score=score, round=round_number), [list(meld), *(list(m) for m in others)], ()).valid:
            return True
    return False


def brute_takes_pile(ruleset: Ruleset, top: Card, hand: Cards, score: int, round_number: int) -> bool:
    assert ruleset.rummy is not None and ruleset.rummy.pile is not None
    rules = ruleset.rummy.round(round_number)
    if top.rank in rules.wilds.ranks or top.rank in ruleset.rummy.going_out_only or \
            top in ruleset.rummy.bonus_cards | ruleset.rummy.never_melded:
        return False  # a card that stops the pile
    for taken in sub_multisets(hand):
        if sum(c.rank == top.rank for c in taken) < ruleset.rummy.pile.frozen_naturals:
            continue
        meld = norm((top, *taken))
        if _plain_meld(ruleset, meld, round_number) and _first_meld_with(ruleset, meld, minus(hand, taken), score,
                                                                         round_number):
            return True
    return False


@st.composite
def _pile_deal(draw: st.DrawFn, ruleset: Ruleset) -> tuple[Card, Cards]:
    """A natural top card and a hand of up to 8 cards: some of the top card's rank, some of
    another, wild cards, now and then a three or a stray card; never more copies than the decks
    hold."""
    shoe = _shoe(ruleset)
    suits = list(ruleset.deck.suits)
    wild = sorted(ruleset.rummy.base.wilds.ranks) if ruleset.rummy else []
    rank, other = draw(st.lists(st.sampled_from(["4", "8", "K", "A"]), min_size=2, max_size=2, unique=True))
    top = _take(shoe, [Card(rank, draw(st.sampled_from(suits)))])[0]
    cards = [Card(rank, draw(st.sampled_from(suits))) for _ in range(draw(st.integers(0, 4)))]
    cards += [Card(other, draw(st.sampled_from(suits))) for _ in range(draw(st.integers(0, 4)))]
    cards += [Card(JOKER) if r == JOKER else Card(r, draw(st.sampled_from(suits)))
              for r in draw(st.lists(st.sampled_from(wild), max_size=4))]
    if draw(st.booleans()):  # a three or any other card
        cards += draw(st.lists(st.sampled_from(sorted(set(ruleset.deck.cards()), key=str)), max_size=1))
    return top, norm(_take(shoe, draw(st.permutations(cards))[:8]))


@pytest.mark.parametrize("rid", sorted(PILE_RULESETS))
@_settings(60)
@given(data=st.data())
def test_taking_the_pile_for_the_first_meld_agrees_with_brute_force(rid: str, data: st.DataObject) -> None:
    ruleset = PILE_RULESETS[rid]
    assert ruleset.rummy is not None and ruleset.rummy.pile is not None
    top, hand = data.draw(_pile_deal(ruleset))
    rnd = data.draw(st.integers(1, max(1, len(ruleset.rummy.rounds))))
    score = data.draw(st.sampled_from([-50, 0, 1500, 3000]))
    verdict = check_pile(situate(ruleset, first_meld_done=False, score=score, round=rnd), Pile(top), list(hand), ())
    assert verdict.valid is brute_takes_pile(ruleset, top, hand, score, rnd), verdict.as_dict()
    if verdict.valid:
        meld = parse_cards(verdict.extra["meld"])
        taken = norm(meld[1:])
        assert meld[0] == top and contains(hand, taken), meld
        assert sum(c.rank == top.rank for c in taken) >= ruleset.rummy.pile.frozen_naturals, meld
        assert _plain_meld(ruleset, norm(meld), rnd) and _first_meld_with(ruleset, norm(meld), minus(hand, taken),
                                                                          score, rnd), meld


@pytest.mark.parametrize(("rid", "top", "hand", "rnd", "score", "meld"), [
    ("canasta", "KH", "KS KD 2C 9S", 1, 0, "KH KS KD 2C"),            # K-K-K-2: 50 (the body)
    ("hand-and-foot", "KH", "KS KD 2C 9S", 1, 0, "KH KS KD 2C"),      # hand 1's 50
    ("canasta", "KH", "KS KD 9S 4C", 1, 0, None),                     # 30: nothing else melds
    ("canasta", "5H", "5S 5D 2C 2D 2H JK", 1, 3000, None),            # three wild cards a meld: 105 < 120
    ("hand-and-foot", "5H", "5S 5D 2C 2D 2H JK", 3, 0, None),         # no more wild than natural: 105 < 120
    ("canasta", "KH", "KS KD QH QS 2C", 1, 0, "KH KS KD"),            # pagat: K-K-K and Q-Q-2, 70
])
def test_known_pile_hands(rid: str, top: str, hand: str, rnd: int, score: int, meld: str | None) -> None:
    ruleset = default_library().get(rid)
    cards = norm(parse_cards(hand.split()))
    verdict = check_pile(situate(ruleset, first_meld_done=False, score=score, round=rnd), Pile(parse_cards([top])[0]), list(cards), ())
    assert verdict.valid is (meld is not None), verdict.as_dict()
    assert brute_takes_pile(ruleset, parse_cards([top])[0], cards, score, rnd) is (meld is not None)
    if meld is not None:
        assert norm(parse_cards(verdict.extra["meld"])) == norm(parse_cards(meld.split()))
