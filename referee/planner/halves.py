"""The planner's half of each meld kind: the new melds of the kind a hand's card may start,
a table meld read as the search sees it, the ways a card is laid off on it, and the wild cards
it still takes. One class a kind, registered by the kind's name in `PLANNERS`; a kind that
registers none is planned by asking its judge (`JudgedPlanner`, for small hands), so a new kind
needs only its entry in `referee.kinds.table` to be found by going out, and an entry here to be fast.

The classes (`sets`: sets and colors; `runs`; `judged`: the fallback; `kindbase`: what they
share) meet the search through the `Search` Protocol of `referee.kinds.searching` alone.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from referee.planner.judged import JudgedPlanner
from referee.planner.kindbase import KindPlanner
from referee.planner.runs import RunPlanner
from referee.planner.sets import ColorPlanner, SetPlanner

if TYPE_CHECKING:
    from referee.kinds.searching import KindJudge

__all__ = ["PLANNERS", "ColorPlanner", "JudgedPlanner", "KindPlanner", "RunPlanner", "SetPlanner",
           "by_masks", "planner_of", "spare_kind"]

PLANNERS: dict[str, KindPlanner] = {"set": SetPlanner(), "run": RunPlanner(), "color": ColorPlanner()}


def planner_of(kind: str) -> KindPlanner:
    """The planner half of a kind: its own, else the one that asks the kind's judge."""
    found = PLANNERS.get(kind)
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
