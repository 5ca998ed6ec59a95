"""The planner's half of a kind that registers none: every choice of cards asked of the kind's
judge, within the budget (small hands).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from referee.kinds.base import KindPlanner
from referee.kinds.base import stand_ins as _stand_ins
from referee.kinds.meld import Meld
from referee.kinds.searching import FIRST, At, Move, Option, Table
from referee.kinds.table import meld_points, most_of
from referee.values.budget import judging_steps
from referee.values.cards import Card

if TYPE_CHECKING:
    from referee.kinds.geometry import Geometry
    from referee.kinds.searching import KindJudge, Search


class JudgedPlanner(KindPlanner):
    """The planner half of a kind that registers none: its new melds are found by asking the
    kind's judge of every choice of the cards still to place that holds the card, with each
    number of wild cards. Small hands afford it: each choice built is a step of the planner's
    budget, and each judged as `judging_steps` says. Nothing is laid off on a table meld of the kind."""

    def __init__(self, name: str) -> None:
        self.name = name

    def new_melds(self, search: Search, i: int, t: int, counts: list[int], cap: int) -> Iterator[Option]:
        rule = search.judge.rules.meld_rule(self.name)
        if rule is None:
            return
        geometry = search.geometry
        bits, most = geometry.bits, min(most_of(rule), sum(counts[i:]) + cap)
        combos: list[tuple[int, list[Card]]] = [(1 << (bits * i), [geometry.card(t)])]
        for f in range(i, len(search.types)):
            card = geometry.card(search.types[f])
            have = counts[f] - (1 if f == i else 0)
            combos = [(p + (k << (bits * f)), cards + [card] * k)
                      for p, cards in combos for k in range(have + 1) if len(cards) + k <= most]
            search.spend(len(combos))
        stand_ins = _stand_ins(search.judge, cap)
        for packed, naturals in combos:
            for j in range(min(len(stand_ins), most - len(naturals)) + 1):
                cards = naturals + stand_ins[:j]
                search.spend(2 * judging_steps(cards, search.judge.in_place))  # by two judges
                first = search.judge.judge(cards, kind=self.name)[0] if search.need_first_meld else None
                later = search.later.judge(cards, kind=self.name)[0] if search.later_bit else None
                phases = (FIRST if first is not None else 0) | (search.later_bit if later is not None else 0)
                placed = first or later
                if placed is not None:
                    yield Option(packed, j, self.name, len(cards), phases=phases,
                                 points=meld_points(search.judge.ruleset.scoring, placed) if search.want_points else 0)

    def read_table(self, judge: KindJudge, geometry: Geometry, cards: Sequence[Card], meld: Meld) -> Table:
        return Table(self.name, wilds=len(meld.wilds), size=len(cards))

    def takes(self, geometry: Geometry, table: Table, t: int) -> bool:
        return False

    def lay_offs(self, search: Search, at: At, k: int, table: Table) -> Iterator[Move]:
        """Nothing is laid off on a meld of a kind planned by its judge."""
        return iter(())

    def wild_room(self, search: Search, table: Table, state: object) -> int:
        return 0
