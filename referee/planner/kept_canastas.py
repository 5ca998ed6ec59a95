"""Going out where the side must hold canastas afterwards (`going_out.requires`, Canasta):
the best arrangement where it already holds them, else a canasta made or finished this turn
is chosen first and the rest of the hand must go out beside it.

A canasta made this turn is a new meld of the hand's cards, or a meld of the side's table
grown by them. Its cards come from one shape of natural cards (those that a kind of meld
could hold together: one rank, or one suit) and the hand's wild cards; every such choice of
at least the cards it lacks is judged whole, then the hand without them is planned with the
canasta on the table. The choices are counted against the request's budget."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from functools import lru_cache
from typing import NamedTuple

from referee.checks.canastas import canasta_of, counted, requires_met
from referee.checks.judge import Judge
from referee.checks.situation import Situation
from referee.kinds.table import KINDS
from referee.planner.arrange import of_size
from referee.planner.plan import Arrangement, Plan
from referee.rules.ruleset import Ruleset
from referee.values.budget import PAIRS_A_STEP, Budget, judging_steps
from referee.values.cards import Card

# The plain best arrangement of a hand with a table, going out (fewest cards), in a situation
# (its rules, whether the first meld is made): (situation, hand, table) -> its answer.
PlanOut = Callable[[Situation, Sequence[Card], Sequence[Sequence[Card]]], Arrangement]


class _Making(NamedTuple):
    """What every step of the search for a canasta keeps: the round's judge (of the rules as
    the request gave them), the plain plan, and the request's budget."""

    judge: Judge
    plan_out: PlanOut
    budget: Budget


def final_melds(plan: Plan, table: Sequence[Sequence[Card]]) -> list[tuple[Card, ...]]:
    """The side's melds after a plan: the table's, grown by its lay-offs, and the plan's own,
    grown by theirs."""
    grown = [tuple(m) for m in table]
    for k, cards in plan.lay_offs:
        grown[k] = grown[k] + tuple(cards)
    own = [tuple(m) for m in plan.melds]
    for k, cards in plan.own_lay_offs:
        own[k] = own[k] + tuple(cards)
    return grown + own


def with_canastas(situation: Situation, hand: Sequence[Card], table: Sequence[Sequence[Card]],
                  plan_out: PlanOut, first: Arrangement) -> Arrangement | None:
    """A way out that leaves the side's table holding the canastas required, or None.
    `plan_out(situation, hand, table)` is the plain best arrangement (fewest cards); `first`
    is its answer for this hand and table."""
    judge = situation.judge(False)
    if first.cost != 0:
        return None  # no way out even without the canastas
    if requires_met(judge, final_melds(first.plan, table)):
        return first
    making = _Making(judge, plan_out, situation.budget)
    return _made(making, situation, tuple(hand), tuple(tuple(m) for m in table), 0)


def _made(making: _Making, situation: Situation, hand: tuple[Card, ...], table: tuple[tuple[Card, ...], ...],
          depth: int) -> Arrangement | None:
    """The search for a canasta made this turn, at `depth`: the situation's rules are those
    for the rest of the hand (a first meld's minimum less what was melded towards it)."""
    judge, plan_out, budget = making
    ruleset, first_meld_done = situation.ruleset, situation.first_meld_done
    natural, mixed = counted(judge, table)
    need = judge.rules.requires
    if need.met(natural, mixed):
        # The rest may not spoil what was counted: a wild card laid on a natural canasta makes it
        # mixed. Where the plain plan does, the same rules with canastas closed to wild cards.
        for rules in (ruleset, _closed(ruleset)):
            out = plan_out(situation.but(ruleset=rules), hand, table)
            if out.cost == 0 and requires_met(judge, final_melds(out.plan, table)):
                return out
        return None
    want_natural = natural < need.natural
    want_mixed = mixed < need.mixed
    least = judge.ruleset.rummy.canasta_min if judge.ruleset.rummy is not None else None
    if least is None or depth > 20:
        return None
    bases: list[int | None] = [None] + ([k for k, m in enumerate(table) if canasta_of(judge, m) is None]
                                        if first_meld_done else [])
    for base in bases:
        start = table[base] if base is not None else ()
        for chosen in _choices(judge, hand, start, least - len(start), budget):
            cards = start + chosen
            if judge.judge(cards)[0] is None:
                continue  # not a legal meld within the wild-card limits
            kind = canasta_of(judge, cards)
            if kind is None or (kind != "natural" and want_natural and not want_mixed and need.natural > 0
                                and natural + mixed >= need.canastas):
                continue
            rest = list(hand)
            for c in chosen:
                rest.remove(c)
            if base is None:
                if _second_of_rank(judge, cards, table):
                    continue
                after, done = _after_meld(ruleset, judge, cards, first_meld_done)
                if after is None:
                    continue
                table2 = table + (cards,)
            else:
                after, done = ruleset, first_meld_done
                table2 = table[:base] + (cards,) + table[base + 1:]
            found = _made(making, situation.but(ruleset=after, first_meld_done=done), tuple(rest), table2,
                          depth + 1)
            if found is not None:
                return _joined(found, base, chosen, len(table))
    return None


def _second_of_rank(judge: Judge, cards: Sequence[Card], table: Sequence[Sequence[Card]]) -> bool:
    """Would these cards be a second meld of a rank the side holds an open set of, where a side
    holds one (`melds.set.one_per_rank`)?"""
    meld, _ = judge.judge(cards, wild_limit=False)
    if meld is None or not judge.kinds[meld.kind].one_per_rank:
        return False
    rank = meld.naturals()[0].rank if meld.naturals() else None
    for other in table:
        held, _ = judge.judge(other, wild_limit=False)
        rule = judge.kinds[meld.kind]
        closed = rule.max is not None and len(other) >= rule.max  # a full set: a new one may start
        if held is not None and held.kind == meld.kind and held.naturals() and held.naturals()[0].rank == rank \
                and not closed:
            return True
    return False


def _after_meld(ruleset: Ruleset, judge: Judge, cards: tuple[Card, ...],
                first_meld_done: bool) -> tuple[Ruleset | None, bool]:
    """The rules for the rest of the hand once this new meld is down: before the first meld it
    counts toward it (its points off the minimum; met, the first meld is made)."""
    if first_meld_done:
        return ruleset, True
    req = judge.rules.first_meld
    if req.empty:
        return ruleset, True
    meld, _ = judge.judge(cards)
    if meld is None:
        return None, False
    if req.sized or req.melds or req.pure:
        return None, False  # a contract of melds: left to the plain search
    left = req.points - KINDS[meld.kind].points(ruleset.scoring, meld)
    if left <= 0:
        return ruleset, True
    return _with_points(ruleset, left), False


@lru_cache(maxsize=256)
def _closed(ruleset: Ruleset) -> Ruleset:
    """The rules with no wild card laid on a canasta (`canasta.closed_to_wilds`)."""
    rummy = ruleset.rummy
    assert rummy is not None
    return ruleset if rummy.canasta_closed_to_wilds else replace(ruleset, rummy=replace(rummy, canasta_closed_to_wilds=True))


@lru_cache(maxsize=256)
def _with_points(ruleset: Ruleset, points: int) -> Ruleset:
    rummy = ruleset.rummy
    assert rummy is not None
    return replace(ruleset, rummy=replace(
        rummy, base=replace(rummy.base, first_meld=replace(rummy.base.first_meld, points=points)),
        rounds=tuple(replace(r, first_meld=replace(r.first_meld, points=points)) for r in rummy.rounds)))


def _joined(found: Arrangement, base: int | None, chosen: tuple[Card, ...], tables: int) -> Arrangement:
    """The canasta's cards put back into the plan of the rest: a lay-off on the table's meld
    `base`, or the plan's first new meld."""
    plan = found.plan
    if base is not None:
        lays = dict(plan.lay_offs)
        lays[base] = tuple(chosen) + tuple(lays.get(base, ()))
        return Arrangement(0, plan._replace(lay_offs=tuple(sorted(lays.items()))))
    # The canasta sat on the rest's table as meld `tables`: it becomes a new meld, and what was
    # laid on it becomes the plan's own lay-offs on it.
    others = tuple((k, c) for k, c in plan.lay_offs if k != tables)
    onto = [c for k, cs in plan.lay_offs if k == tables for c in cs]
    melds = (tuple(chosen),) + plan.melds
    own = tuple((k + 1, c) for k, c in plan.own_lay_offs) + (((0, tuple(onto)),) if onto else ())
    first = (0, *(k + 1 for k in plan.first_meld)) if plan.first_meld is not None else None
    return Arrangement(0, plan._replace(melds=melds, lay_offs=others, own_lay_offs=own, first_meld=first))


def _choices(judge: Judge, hand: Sequence[Card], start: Sequence[Card], short: int,
             budget: Budget) -> Iterator[tuple[Card, ...]]:
    """Cards of the hand that might, with `start`, make one meld of at least `short` more
    cards: for each shape of natural cards a kind of meld holds (one rank, one suit), every
    choice of them and of the hand's wild cards, the most cards first."""
    wild = [c for c in hand if c.rank in judge.wild_ranks]
    naturals = [c for c in hand if c.rank not in judge.wild_ranks]
    base = [c for c in start if c.rank not in judge.wild_ranks]
    pools: set[tuple[Card, ...]] = set()
    for kind in judge.kind_order:
        shaped = KINDS[kind].shaped
        if base:  # the meld's own natural cards give the shape; wild cards alone may finish it
            pools.add(tuple(sorted((d for d in naturals if shaped([*base, d], judge.deck)), key=str)))
            continue
        for c in naturals:
            pools.add(tuple(sorted((d for d in naturals if shaped([c, d], judge.deck)), key=str)))
    budget.spend(len(hand), len(judge.kind_order) * len(naturals) ** 2 // PAIRS_A_STEP)  # the shapes read
    seen: set[tuple[Card, ...]] = set()
    for pool in sorted(pools, key=lambda p: [str(c) for c in p]):
        counts = sorted(Counter(pool).items(), key=lambda item: str(item[0]))
        for picked in _sub(counts + sorted(Counter(wild).items(), key=lambda item: str(item[0])), short):
            budget.spend(len(hand), judging_steps((*start, *picked), judge.in_place))  # judged whole next
            key = tuple(sorted(picked, key=str))
            if key not in seen:
                seen.add(key)
                yield key


def _sub(counts: Sequence[tuple[Card, int]], short: int) -> Iterator[tuple[Card, ...]]:
    """Every choice of these cards (each up to its count) of at least `short` cards, larger first."""
    for size in range(sum(n for _, n in counts), max(short, 1) - 1, -1):
        yield from of_size(counts, size)
