"""What the planner's search asks of a kind of meld (`KindPlanner`), and what the kinds' planner
halves share.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from referee.kinds.meld import Meld
from referee.kinds.searching import Move, Option, Table
from referee.rules.ruleset import MeldRule
from referee.values.cards import JOKER, Card

if TYPE_CHECKING:
    from referee.kinds.geometry import Geometry
    from referee.kinds.searching import KindJudge, Search


INF = 10**9


class KindPlanner:
    """What the planner's search asks of a kind of meld."""

    name = ""
    # Spare wild cards may be laid off on this kind's melds later, any number of them where
    # `lay_off.wilds_unlimited` (a new meld of it takes only the wild cards it needs).
    spare_wilds = False
    # Its melds without a wild card count where nothing else does (`except_pure_runs`), and a
    # first meld's `pure_` count of it is met by a hand's shortest such melds (`pure_windows`).
    pure_counts = False
    # Its table melds hold one suit, which the search forgets once that suit's cards are placed.
    by_suit = False

    def new_melds(self, search: Search, i: int, t: int, counts: list[int], cap: int) -> Iterator[Option]:
        """New melds of this kind that hold card field `i` (of type `t`) and higher fields."""
        raise NotImplementedError

    def read_table(self, judge: KindJudge, geometry: Geometry, cards: Sequence[Card], meld: Meld) -> Table:
        """The table meld `meld` (made of `cards`) as the search sees it."""
        raise NotImplementedError

    def takes(self, geometry: Geometry, table: Table, t: int) -> bool:
        """May a card of type `t` ever be laid off on this table meld?"""
        raise NotImplementedError

    def takes_as_is(self, table: Table, rank: str) -> bool:
        """Does this table meld take any card of `rank` without changing (so the search need
        not remember it)?"""
        return False

    def lay_offs(self, search: Search, i: int, k: int, table: Table, rest: int, w: int,
                 tstate: tuple[object, ...]) -> Iterator[Move]:
        """Ways card field `i` is laid off on table meld `k`, with the table's new states."""
        raise NotImplementedError

    def wild_room(self, search: Search, table: Table, state: object) -> int:
        """How many more wild cards the table meld takes in this state."""
        raise NotImplementedError

    def pure_windows(self, search: Search, rule: MeldRule) -> set[int]:
        """The packed card fields of each shortest meld of this kind without a wild card the
        hand holds (every such meld holds one of them); none for a kind without `pure_counts`."""
        return set()

    def by_masks(self, rule: MeldRule) -> bool:
        """Does the direct bit-mask path (`referee.planner.direct`) plan melds of this kind?"""
        return False


def _stand_ins(judge: KindJudge, count: int) -> list[Card]:
    """Up to `count` wild cards the decks hold, to judge a meld of a kind planned by its judge
    (the search counts wild cards, all alike): each wild rank in each suit, jokers among them,
    no more copies of one than the decks hold."""
    out: list[Card] = []
    for rank in sorted(judge.rules.wilds.ranks):
        faces = [Card(rank)] if rank == JOKER or rank not in judge.deck.ranks else [Card(rank, s) for s in judge.deck.suits]
        for card in faces:
            out += [card] * judge.deck.copies(card, judge.decks)
    return out[:count]
