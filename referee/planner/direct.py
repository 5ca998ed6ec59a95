"""The exact answer without a search, for a hand with no wild card and no repeated card and
no table to lay off on: each suit a bit mask, sets chosen rank by rank, runs read off tables
of stretches built once (`referee.planner.tables`).

`direct` is the one entry: it finds the round's `_Ready` tables (built once a judge and a way
of counting) and reads the hand through them, so that a hand without a set to choose costs a
lookup a card and one a suit."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from referee.checks.judge import Judge
from referee.planner.plan import Arrangement, Goal, Plan, limited
from referee.planner.tables import _READY, INF, _choices_made, _Ready, _ready
from referee.values.cards import Card

if TYPE_CHECKING:
    from referee.checks.situation import Situation

_new = tuple.__new__  # a named tuple made from its fields at once, without its Python `__new__`
# The most ways of choosing sets read here, one after another; a hand with more (many ranks each
# holding several cards) goes to the search, which its request's budget bounds.
MOST_WAYS = 4096

# A plan's fields after its melds, lay-offs and cards left are written out below as a literal
# (quicker than unpacking them): they are its defaults, no discard, no first meld and no table.
assert Plan()[3:] == (None, (), None, None, False), Plan()


def direct(situation: Situation, judge: Judge, hand: Sequence[Card], table: Sequence[object],
           goal: Goal) -> Arrangement | None:
    """The best arrangement of a hand with no wild card and no repeated card, read off the
    round's tables, with the final discard (`discard` "optional") and the hand limit; None
    when the hand or the rules are outside this case (the search answers then).

    The sets: at most one a rank, every way (`_with_sets`); then in each suit the cards left
    meld exactly when they make a stretch of at least the run minimum."""
    objective, discard, score = goal.objective, goal.discard, situation.score
    ready = _READY.get((judge, objective))
    if ready is None:
        ready = _ready(judge, objective)
    if not ready.holds or (table and not ready.without_table) or (not situation.first_meld_done and ready.first_meld):
        return None
    try:
        counted: int = sum(map(ready.bit_of, hand))  # the hand mask, each rank's cards above it
    except KeyError:
        return None  # a wild card, or one not in the deck
    hand_mask = counted & ready.hand_full
    if hand_mask.bit_count() != len(hand):
        return None  # a repeated card (adding its bit twice carries)
    melds: tuple[tuple[Card, ...], ...] = ()
    if (counted + ready.at_least) & ready.tops:  # a rank holds enough cards for a set
        found = _with_sets(ready, hand_mask, counted)
        if found is None:
            return None
        hand_mask, melds = found
    places, full = ready.places, ready.full
    total = 0
    kept: tuple[Card, ...] = ()
    for suit in ready.suits:  # lowest suit first
        try:
            points, cards, runs = suit[hand_mask & full]
        except KeyError:  # made on first use
            points, cards, runs = ready.suit_made[id(suit)](hand_mask & full)
        hand_mask >>= places
        total += points
        kept += cards
        melds += runs
    if discard and kept or score is not None:
        return _finished(situation, ready, hand, (total, melds, kept), discard)
    return _new(Arrangement, (total, _new(Plan, (melds, (), kept, None, (), None, None, False))))


def _finished(situation: Situation, ready: _Ready, hand: Sequence[Card],
              read: tuple[int, tuple[tuple[Card, ...], ...], tuple[Card, ...]], discard: str | None) -> Arrangement:
    """The answer with the final discard (the costliest card left) and the hand limit: `read`
    is what the tables gave, the points kept, the melds and the cards kept."""
    ruleset, score = situation.ruleset, situation.score
    total, melds, kept = read
    cost = ready.cost
    plan = Plan(melds, (), kept)
    if discard and kept:
        out = max(kept, key=cost.__getitem__)
        at = kept.index(out)
        total -= cost[out]
        plan = Plan(melds, (), kept[:at] + kept[at + 1:], out)
    found = Arrangement(total, plan)
    return found if score is None else limited(ruleset, hand, found, cost.__getitem__, score)


def _with_sets(ready: _Ready, hand_mask: int, counted: int) -> tuple[int, tuple[tuple[Card, ...], ...]] | None:
    """(the cards no set takes, the sets) of a hand where some rank holds enough cards for a
    set: each such rank either makes no set or one of its `_set_choices`, every way, the first
    least costly kept (`_best_way`); None where one rank holds two sets or the ways are too
    many (the general search handles them)."""
    found = _in_runs(ready, hand_mask, counted)
    if found is None:
        return None
    in_runs, near = found
    lane_column, choices_of, shift = ready.lane_column, ready.choices, ready.key_shift
    candidates = (counted + ready.at_least) & ready.tops
    picks: list[tuple[int, ...]] = []  # the ways of the ranks not fixed by neighbours, in rank order
    choices: list[tuple[int, ...]] = []  # those of more than one way
    fixed = 0  # sets every best arrangement makes
    sets: list[int] = []  # those fixed as no card of the rank has a neighbour come first in the plan
    while candidates:
        low = candidates & -candidates
        candidates ^= low
        whole = hand_mask & lane_column[low]
        if whole & in_runs:
            key = whole << shift | (whole & in_runs)
            options = choices_of.get(key) or _choices_made(ready, key, False)  # found once (never none)
            picks.append(options)
            choices.append(options)
            continue
        fixed |= whole  # none in a run of the whole hand: the set is made
        if near is None:  # a card in a run has a neighbour: they were not needed before
            near = _near(ready, hand_mask)
        if whole & near:  # listed in turn
            picks.append((whole,))
        else:  # `_set_choices` is then the set of all the rank's cards alone, listed first
            sets.append(whole)
    hand_mask &= ~fixed
    best = hand_mask  # the cards no set takes, in the best way found
    if choices:
        way = _best_way(ready, hand_mask, choices)
        if way is None:
            return None
        best = way[1]
    taken = (hand_mask ^ best) | fixed
    for options in picks:  # the last option of a rank is all its cards
        if taken & options[-1]:
            sets.append(taken & options[-1])
    return best, tuple(map(ready.cards_of.__getitem__, sets))  # each made on first use (`_Cards`)


def _in_runs(ready: _Ready, hand_mask: int, counted: int) -> tuple[int, int | None] | None:
    """(the cards a set may leave out, those with a same-suit neighbour where found) of a hand
    where some rank holds enough cards for a set; None where one rank holds two sets.

    Where every card costs something, those a set may leave out are the cards in a run of the
    whole hand: leaving any other out of a set only costs more, whatever else is chosen. Else
    they are the cards with a neighbour (`_near`)."""
    if ready.two_sets is not None and (counted + ready.two_sets) & ready.tops:
        return None
    if not ready.by_runs:
        near = _near(ready, hand_mask)
        return near, near
    # ace low: a run is `least` cards at consecutive places of one suit
    shifts = ready.run_shifts
    starts = hand_mask & ready.run_starts
    for k in shifts:
        starts &= hand_mask >> k
    in_runs = starts
    for k in shifts:
        in_runs |= starts << k
    return in_runs, None


def _best_way(ready: _Ready, hand_mask: int, choices: list[tuple[int, ...]]) -> tuple[int, int] | None:
    """(the points kept, the cards no set takes) of the first least costly way of choosing
    among the ranks' `choices` (sets of different ranks never share a card); None past
    `MOST_WAYS` ways (the search answers, within the request's budget)."""
    ways = 1
    for options in choices:
        ways *= len(options)
    if ways > MOST_WAYS:
        return None
    points, floor, places, full = ready.points, ready.floor, ready.places, ready.full
    stop = floor == 0  # no card costs less than nothing: a way is dropped once it costs the best found
    best_total = cap = INF
    best = hand_mask
    if len(choices) == 1:
        prefixes: Sequence[int] = (hand_mask,)
    elif len(choices) == 2:
        prefixes = [hand_mask ^ m for m in choices[0]]
    else:  # every way of the ranks but the last, the last rank's tried in turn below
        prefixes = [hand_mask]
        for options in choices[:-1]:
            prefixes = [rest ^ m for rest in prefixes for m in options]
    last = choices[-1]
    for prefix in prefixes:
        for m in last:
            left = prefix ^ m
            total = points[left & full]
            left >>= places
            while left and total < cap:  # suit by suit, lowest first
                total += points[left & full]
                left >>= places
            if total < best_total:
                best_total, best = total, prefix ^ m
                if total <= floor:  # no way keeps fewer: the first such way is the answer
                    return best_total, best
                if stop:
                    cap = total
    return best_total, best


def _near(ready: _Ready, hand_mask: int) -> int:
    """Cards with a same-suit neighbour in hand: those a set may leave out for a run."""
    if not ready.with_runs:
        return 0
    near = ((hand_mask << 1) & ready.not_lowest) | ((hand_mask >> 1) & ready.not_highest)
    if ready.wrap is not None:  # the first rank played high sits next to the top rank
        top, first_column, top_column = ready.wrap
        near |= ((hand_mask >> top) & first_column) | ((hand_mask << top) & top_column)
    return near


