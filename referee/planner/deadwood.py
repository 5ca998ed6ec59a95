"""The fewest points a hand keeps, without the plan that keeps them (a gin hand's deadwood),
for the direct path's hands: no wild card, no repeated card, no table to lay off on. The
sets are chosen as for the plan (`referee.planner.direct`), and the points read off the
suit tables, without the cards and melds a plan names (nor the order a plan lists them in)."""

from __future__ import annotations

from collections.abc import Sequence

from referee.checks.judge import Judge
from referee.planner.direct import _best_way, _in_runs
from referee.planner.tables import _READY, _choices_made, _ready
from referee.values.cards import Card


def direct_cost(judge: Judge, hand: Sequence[Card], table: Sequence[object], first_meld_done: bool,
                objective: str) -> int | None:
    """The points (or cards, `objective` "cards") that the best arrangement of `hand` keeps,
    as `referee.planner.direct.direct` finds it; None outside that path's hands."""
    ready = _READY.get((judge, objective))
    if ready is None:
        ready = _ready(judge, objective)
    if not ready.holds or (table and not ready.without_table) or (not first_meld_done and ready.first_meld):
        return None
    try:  # as `direct` reads a hand
        counted: int = sum(map(ready.bit_of, hand))
    except KeyError:
        return None
    hand_mask = counted & ready.hand_full
    if hand_mask.bit_count() != len(hand):
        return None
    candidates = (counted + ready.at_least) & ready.tops
    if candidates:  # a rank holds enough cards for a set
        found = _in_runs(ready, hand_mask, counted)
        if found is None:
            return None
        in_runs = found[0]
        lane_column, choices_of, shift = ready.lane_column, ready.largest_first, ready.key_shift
        choices = []  # the ways of each rank whose cards a set may leave out
        while candidates:
            low = candidates & -candidates
            candidates ^= low
            whole = hand_mask & lane_column[low]
            if whole & in_runs:  # its ways, found once (never none)
                key = whole << shift | (whole & in_runs)
                choices.append(choices_of.get(key) or _choices_made(ready, key, True))
            else:  # the set is made
                hand_mask ^= whole
        if choices:
            best = _best_way(ready, hand_mask, choices)
            return None if best is None else best[0]
    points, places, full, total = ready.points, ready.places, ready.full, 0
    while hand_mask:  # suit by suit, lowest first
        total += points[hand_mask & full]
        hand_mask >>= places
    return total
