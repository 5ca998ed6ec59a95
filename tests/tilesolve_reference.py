"""Exact references for the best turn, for the tests and the bench.

`brute_force`: every way of cutting the tiles into melds, each judged by the single-meld check
(`referee.melds.check_meld`) alone, for small positions. `ilp` (with `highspy`, where it is
installed): the integer programme of Den Hertog & Hulshof (2006) over every legal meld of the
tiles in play, for the larger positions of the bench.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations

from referee.cards import JOKER, Card
from referee.kinds import meld_points
from referee.melds import check_meld, judge_for
from referee.ruleset import Ruleset

Tagged = tuple[Card, bool]  # a tile, and whether it is on the table (it must stay there)


def _order(tile: Tagged) -> tuple[int, str, str, bool]:
    card, on_table = tile
    return (card.rank == JOKER, card.suit or "", card.rank.zfill(3), not on_table)


def brute_force(ruleset: Ruleset, table: Sequence[Sequence[Card]], hand: Sequence[Card],
                first_meld_done: bool, players: int | None = None) -> tuple[int, int]:
    """The most hand tiles a turn plays and their rack worth, by trying every partition."""
    assert ruleset.rummy is not None
    scoring = ruleset.rummy.scoring
    rules = ruleset.rummy.round(1)
    wild = rules.wilds.ranks
    judge = judge_for(ruleset, 1, players, first_meld_done)
    need = 0 if first_meld_done else rules.first_meld.points
    forced0 = tuple(sorted(((c, True) for m in table for c in m), key=_order)) if first_meld_done else ()
    optional0 = tuple(sorted(((c, False) for c in hand), key=_order))
    most = max(len(forced0) + len(optional0), 1)

    @lru_cache(maxsize=None)
    def legal(cards: tuple[Card, ...]) -> int | None:
        """The meld's points where these cards are one legal meld, else None."""
        if not check_meld(ruleset, cards, players=players, first_meld_done=first_meld_done).valid:
            return None
        if not need:
            return 0
        meld, _ = judge.judge(cards)
        assert meld is not None
        return meld_points(scoring, meld)

    @lru_cache(maxsize=None)
    def best(forced: tuple[Tagged, ...], optional: tuple[Tagged, ...], made: int) -> tuple[int, int] | None:
        if forced:
            pivot, pool = forced[0], forced[1:] + optional
            found = None
        elif optional:
            pivot, pool = optional[0], optional[1:]
            found = best(forced, optional[1:], made)  # the pivot stays in the hand
        else:
            return (0, 0) if made >= need else None
        card = pivot[0]
        near = [t for t in pool if card.rank == JOKER or t[0].rank == JOKER
                or t[0].rank == card.rank or t[0].suit == card.suit]
        tried: set[tuple[Tagged, ...]] = set()
        for size in range(1, min(len(near), most) + 1):
            for combo in combinations(near, size):
                key = tuple(sorted(combo, key=_order))
                if key in tried:
                    continue
                tried.add(key)
                points = legal(tuple(sorted((pivot[0], *(t[0] for t in combo)), key=str)))
                if points is None:
                    continue
                left = Counter(pool)
                left.subtract(combo)
                rest = tuple(sorted(left.elements(), key=_order))
                after = best(tuple(t for t in rest if t[1]), tuple(t for t in rest if not t[1]),
                             min(need, made + points))
                if after is None:
                    continue
                gained = [t[0] for t in (pivot, *combo) if not t[1]]
                value = (after[0] + len(gained), after[1] + sum(scoring.caught_value(c, wild) for c in gained))
                if found is None or value > found:
                    found = value
        return found

    answer = best(forced0, optional0, 0)
    return answer if answer is not None else (0, 0)
