"""The planner's half of each meld kind, found by the kind's entry: the new melds of the kind a
hand's card may start, a table meld read as the search sees it, the ways a card is laid off on
it, and the wild cards it still takes. Each kind's module holds its half (`MeldKind.planner`,
meeting the search through the `Search` Protocol of `referee.kinds.searching` alone); a kind
that has none is planned by asking its judge (`JudgedPlanner`, for small hands), so a new kind
needs only its entry in `referee.kinds.table` to be found by going out, and a half to be fast.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from referee.kinds.base import KindPlanner
from referee.kinds.table import KINDS
from referee.planner.judged import JudgedPlanner

if TYPE_CHECKING:
    from referee.kinds.searching import KindJudge

__all__ = ["JudgedPlanner", "KindPlanner", "by_masks", "planner_of", "spare_kind"]


def planner_of(kind: str) -> KindPlanner:
    """The planner half of a kind: its own, else the one that asks the kind's judge."""
    entry = KINDS.get(kind)
    found = entry.planner if entry is not None else None
    return found if found is not None else _judged(kind)


@lru_cache(maxsize=64)
def _judged(kind: str) -> KindPlanner:
    return JudgedPlanner(kind)


def spare_kind(judge: KindJudge) -> str:
    """The round's kind spare wild cards go on later (`KindPlanner.spare_wilds`), or ""."""
    return next((k for k in judge.kind_order if planner_of(k).spare_wilds), "")


def by_masks(judge: KindJudge) -> bool:
    """Does the direct bit-mask path plan every kind of this round (sets, runs of one suit)?"""
    return all(planner_of(kind).by_masks(rule) for kind, rule in judge.kinds.items())
