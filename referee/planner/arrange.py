"""The best arrangement of a hand: melds and lay-offs that leave the fewest points (or cards).

The direct answer (`referee.planner.direct`) where it holds, else one memoised search
(`referee.planner.search`) for each way of counting wild cards that stand for themselves.
The same answers "can I go out" (fewest cards left) and "what is the least I can be caught
with" (fewest points).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import replace
from typing import NamedTuple

from referee.checks.judge import Judge, judge_for
from referee.checks.situation import Situation
from referee.kinds.geometry import Geometry
from referee.kinds.searching import Table
from referee.kinds.table import ordered_kind
from referee.planner.deadwood import direct_cost
from referee.planner.direct import direct
from referee.planner.halves import planner_of, spare_kind
from referee.planner.plan import PLAIN, Arrangement, Goal, limited, replay
from referee.planner.prepared import judge_geometry
from referee.planner.search import HandSearch
from referee.planner.tables import _dead_points, _judge_masks, _mask_points, _masks, _place_values
from referee.rules.ruleset import Progress, Ruleset
from referee.values.budget import SEARCH_STEPS, TABLE_CARD_STEPS, OverBudget
from referee.values.cards import Card
from referee.values.errors import InvalidPlayError, Problem
from referee.values.i18n import t


def _tables(judge: Judge, geometry: Geometry, table: Sequence[Sequence[Card]]) -> list[Table]:
    return [planner_of(meld.kind).read_table(judge, geometry, cards, meld)
            for cards, meld in zip(table, judge.table_melds(table), strict=True)]




class _Asked(NamedTuple):
    """One search's question: the situation, the goal, and the round's judges of melds made
    as (or before) the first meld and after it."""

    situation: Situation
    goal: Goal
    judge: Judge
    later: Judge


def arrange(situation: Situation, hand: Sequence[Card], table: Sequence[Sequence[Card]] = (),
            goal: Goal = PLAIN) -> Arrangement:
    """The arrangement of `hand` that leaves the fewest points (or cards) in hand, as `goal`
    asks; the situation's budget is the request's, shared by every search it makes. Where a
    wild card standing for itself counts as natural (`wilds.natural_in_place`), each way of
    counting such cards natural is searched."""
    judge = situation.judge(False)
    if not goal.pure_runs_only and goal.discard != "required":
        found = direct(situation, judge, hand, table, goal)
        if found is not None:
            return found
    later = situation.judge(True)
    if goal.pure_runs_only:
        natural = Counter(c for c in hand if c.rank in judge.in_place)
        asked = _Asked(situation.but(first_meld_done=True), replace(goal, discard=None), judge, later)
        return _arrange(asked, hand, (), frozenset(natural.items()))
    asked = _Asked(situation, goal, judge, later)
    if not judge.in_place:
        return _arrange(asked, hand, table, frozenset())
    in_place = [c for c in hand if c.rank in judge.in_place]
    if goal.objective == "cards" or situation.ruleset.scoring.wild_value is not None:
        # Every wild card costs the same: one search, where each such card is natural or wild.
        before = situation.budget.spent
        found = _arrange(asked, hand, table, frozenset(Counter(in_place).items()), either=True)
        if found.cost == 0 or len(set(in_place)) < 2:
            return found
        return _each_way_within(asked, hand, table, (found, situation.budget.spent - before))
    return _each_way(asked, hand, table, None)


def _each_way_within(asked: _Asked, hand: Sequence[Card], table: Sequence[Sequence[Card]],
                     found: tuple[Arrangement, int]) -> Arrangement:
    """The one search that lets each card in its own place serve as either (`found`, and the
    steps it took) turns a card into a wild card only once the cards before it are played, so one
    such card natural beside another as the same meld's wild card (2C 3C and 2D for 4C) is found
    only where the second is a wild card from the start. Each way is searched too, where as many
    searches as there are ways, each as dear as that one, take at most half the budget left;
    else, or past the budget, the one search's answer stands."""
    either, steps = found
    budget = asked.situation.budget
    ways = math.prod(n + 1 for n in Counter(c for c in hand if c.rank in asked.judge.in_place).values())
    if steps * ways > (budget.steps - budget.spent) // 2:
        return either
    try:
        return _each_way(asked, hand, table, either)
    except OverBudget:
        return either


def _each_way(asked: _Asked, hand: Sequence[Card], table: Sequence[Sequence[Card]],
              best: Arrangement | None) -> Arrangement:
    """The best of a search for each way of counting the hand's cards in their own place natural."""
    in_place = [c for c in hand if c.rank in asked.judge.in_place]
    for group in _sub_multisets(sorted(Counter(in_place).items(), key=lambda item: str(item[0]))):
        found = _arrange(asked, hand, table, frozenset(Counter(group).items()))
        if best is None or found.cost < best.cost:
            best = found
        if best.cost == 0:
            break
    assert best is not None
    return best


def least_cost(situation: Situation, hand: Sequence[Card], table: Sequence[Sequence[Card]] = (),
               objective: str = "points") -> int:
    """What the best arrangement of `hand` keeps, `arrange(...).cost`: the fewest points (a
    gin hand's deadwood) or cards, read without a plan where the direct path holds."""
    found = direct_cost(situation.judge(False), hand, table, situation.first_meld_done, objective)
    if found is not None:
        return found
    return arrange(situation, hand, table, Goal(objective)).cost


def _sub_multisets(counts: Sequence[tuple[Card, int]]) -> Iterator[tuple[Card, ...]]:
    """Every choice of some of these cards (each card up to its count), the largest first;
    made one at a time, so that the budget stops them as it stops a search."""
    for size in range(sum(n for _, n in counts), -1, -1):
        yield from of_size(counts, size)


def of_size(counts: Sequence[tuple[Card, int]], size: int) -> Iterator[tuple[Card, ...]]:
    if not counts:
        if not size:
            yield ()
        return
    (card, n), rest = counts[0], counts[1:]
    room = sum(m for _, m in rest)
    for k in range(min(n, size), max(0, size - room) - 1, -1):
        for tail in of_size(rest, size - k):
            yield (card,) * k + tail


def _arrange(asked: _Asked, hand: Sequence[Card], table: Sequence[Sequence[Card]],
             as_natural: frozenset[tuple[Card, int]], either: bool = False) -> Arrangement:
    """One search; `as_natural`: wild cards (and how many of each) counted as natural cards;
    `either`: each of those may still serve as a wild card (every wild card costs the same)."""
    situation, goal, judge, later = asked
    ruleset, objective, discard, pure = situation.ruleset, goal.objective, goal.discard, goal.pure_runs_only
    first_meld_done, budget = situation.first_meld_done, situation.budget
    rummy = ruleset.rummy
    assert rummy is not None
    natural_count = dict(as_natural)

    wild_value = ruleset.scoring.wild_value

    def cost(card: Card) -> int:
        if objective == "cards":
            return 1
        if wild_value is not None and card.rank in judge.wild_ranks:
            return wild_value
        return ruleset.scoring.value(card)

    def is_wild(card: Card, seen: Counter[Card]) -> bool:
        if card.rank not in judge.wild_ranks:
            return False
        if natural_count.get(card, 0) > seen[card]:
            seen[card] += 1
            return False
        return True

    # Never melded: a card without a suit that is not wild (a joker where jokers are not
    # wild, a Phase 10 skip), and a card the deck does not hold.
    stuck = [c for c in hand if (c.suit is None and c.rank not in judge.wild_ranks)
             or (c.suit is not None and ruleset.deck.copies(c, 1) == 0) or c in judge.unmeldable]
    seen: Counter[Card] = Counter()
    wild_flags = [is_wild(c, seen) for c in hand]
    wild_cards = sorted((c for c, w in zip(hand, wild_flags, strict=True) if w), key=cost, reverse=True)
    geometry = judge_geometry(judge)
    counts = Counter(geometry.index(c) for c, w in zip(hand, wild_flags, strict=True) if not w and c not in stuck)
    # Sets only: rank by rank, so the cards of a rank are settled before the next rank's.
    by_rank = (lambda u: (geometry.rank_index(u), u)) if not ordered_kind(judge.kinds) else None
    types = sorted(counts, key=by_rank)
    if either:  # cards that may serve as wild cards are settled first, before any meld needs them
        types.sort(key=lambda u: geometry.rank_of(u) not in judge.in_place)
    if any(n > geometry.most for n in counts.values()):  # more copies than the decks in play hold
        raise InvalidPlayError(Problem("hand", "duplicate_card", t("a hand holds too many identical cards")))
    prefix = [0]
    for v in sorted(cost(c) for c in wild_cards):
        prefix.append(prefix[-1] + v)
    # the search's setting up: its fields, and the table's melds read (each judged) for it
    budget.spend(len(hand), SEARCH_STEPS + TABLE_CARD_STEPS * sum(map(len, table)))
    tables = _tables(judge, geometry, table)
    need = not first_meld_done and not judge.rules.first_meld.empty
    # Lay-offs only from the turn after the first meld: none in the turn that makes it.
    no_lay_offs = need and judge.rules.lay_off.allowed == "next_turn"
    search = HandSearch(
        judge=judge,
        geometry=geometry,
        types=types,
        cost_of=[cost(geometry.card(t)) for t in types],
        wild_costs=prefix,
        tables=tables,
        lay_offs_ok=bool(tables) and not no_lay_offs and judge.rules.lay_off.refusal(True, judge.table_is_others) is None,
        lay_offs_allowed=not no_lay_offs and not pure and judge.rules.lay_off.refusal(True, False) is None,
        pure_runs_only=pure,
        need_first_meld=need,
        later=later,
        wilds_unlimited=judge.rules.lay_off.wilds_unlimited,
        hand_size=len(hand),
        budget=budget,
    )
    spare = judge.kinds.get(spare_kind(judge))
    # Spare wild cards go on a set of this plan; not where a set holds at most one card a suit.
    search.spare_wilds_later = search.lay_offs_allowed and judge.rules.lay_off.wilds_unlimited \
        and spare is not None and not spare.distinct_suits
    progress = Progress.of(judge.rules.first_meld) if need else Progress((), (), 0)
    convertible = sum(natural_count.values()) if either else 0
    if either:
        search.as_wild = [geometry.rank_of(t) in judge.in_place for t in types]
        for c in sorted((c for c, n in as_natural for _ in range(n)), key=cost):
            prefix.append(prefix[-1] + cost(c))
    search.prepare([counts[t] for t in types], len(wild_cards) + convertible, progress)
    rest = sum(counts[t] << (geometry.bits * i) for i, t in enumerate(types))
    tstate: tuple[object, ...] = tuple(None for _ in tables)
    # A card that can never be played is the best final discard.
    thrown = next((c for c in reversed(stuck) if c not in judge.bonus_cards), None) if discard else None
    if thrown is not None:
        stuck.remove(thrown)
    search.discard = discard
    start = (rest, len(wild_cards), tstate, progress, 0, 1 if thrown else 0)
    total = search.best(start)
    plan = replay(search, start, list(wild_cards))
    plan = plan._replace(left=tuple(stuck) + plan.left, discard=thrown or plan.discard)
    return limited(ruleset, hand, Arrangement(total + sum(cost(c) for c in stuck), plan), cost, situation.score)


def warm_up(rulesets: Iterable[Ruleset]) -> None:
    """Build the planner's tables and the round judges now (a service calls this at start),
    so that the first request is as fast as the rest."""
    for ruleset in rulesets:
        if ruleset.rummy is None:
            continue
        values = [_place_values(ruleset, objective) for objective in ("points", "cards")]
        for number in range(1, max(1, len(ruleset.rummy.rounds)) + 1):
            # a rank chosen each deal: judges are built per rank, the first when it is used
            rank = ruleset.deck.ranks[0] if ruleset.rummy.round(number).wilds.per_deal else None
            for later in (False, True):
                judge = judge_for(ruleset, number, None, later, rank)
                _masks(judge_geometry(judge))
                _judge_masks(judge)
            run = judge.kinds.get(ordered_kind(judge.kinds))
            for table in values:
                _mask_points(table)
                if run is not None:
                    _dead_points(table, run.min)

