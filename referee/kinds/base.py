"""What a meld kind is: its judge's half (`MeldKind`: its name, its options and their schema,
its words, how it judges cards and grows by a lay-off) and its planner's half (`KindPlanner`:
what the planner's search asks of a kind, met through the `Search` and `KindJudge` Protocols
of `referee.kinds.searching`). A kind's module (`set`, `run`, `color`) holds both halves and
its words; the kinds' table (`referee.kinds.table`) holds one entry a kind. A kind imports
neither the judge nor the planner.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar

from referee.kinds.meld import RUN_ORDER, Meld, counted_points
from referee.kinds.rule import MeldRule
from referee.kinds.searching import At, Move, Option, Split, Table
from referee.kinds.views import MeldValues
from referee.values.cards import FRENCH, JOKER, Card, DeckSpec
from referee.values.i18n import continued
from referee.values.meldwords import KindWords
from referee.values.violations import Violation, listed

if TYPE_CHECKING:
    from referee.kinds.geometry import Geometry
    from referee.kinds.searching import KindJudge, Search

Judged = tuple[Meld | None, list[Violation]]


# ---------------------------------------------------------------- the planner's half

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

    def lay_offs(self, search: Search, at: At, k: int, table: Table) -> Iterator[Move]:
        """Ways the card at `at` (its field, with the cards, wild cards and table states left) is laid
        off on table meld `k`, with the table's new states."""
        raise NotImplementedError

    def forget(self, state: object, w: int) -> object:
        """A table meld's state once every card of its suit is placed (`by_suit` kinds): what
        still matters for the `w` wild cards left; with none left, nothing."""
        return state if w else None

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


def stand_ins(judge: KindJudge, count: int) -> list[Card]:
    """Up to `count` wild cards the decks hold, to judge a meld of a kind planned by its judge
    (the search counts wild cards, all alike): each wild rank in each suit, jokers among them,
    no more copies of one than the decks hold."""
    out: list[Card] = []
    for rank in sorted(judge.rules.wilds.ranks):
        faces = [Card(rank)] if rank == JOKER or rank not in judge.deck.ranks else [Card(rank, s) for s in judge.deck.suits]
        for card in faces:
            out += [card] * judge.deck.copies(card, judge.decks)
    return out[:count]


# ---------------------------------------------------------------- the judge's half

class MeldKind:
    """What the judge asks of a kind of meld: its name, its plural (the first-meld key that
    asks for it, `requirement_key(name)`), the options it reads and their defaults, its words,
    how it judges cards and how a lay-off grows it. Its half for the planner's search is
    `referee.planner.halves`."""

    name = ""
    plural = ""
    one_rank = False  # its melds hold cards of one rank (a set)
    ordered = False   # its melds hold consecutive ranks (a run)
    options: ClassVar[Mapping[str, object]] = MappingProxyType({"min": 3, "max": None})
    words: KindWords = KindWords()
    planner: KindPlanner | None = None  # its half for the planner's search; None: asked of its judge
    # Its part of the ruleset's JSON Schema: its options (`melds.<name>`) and the first meld's
    # requirement of it (`first_meld.<plural>`); the schema is assembled from them.
    schema: ClassVar[Mapping[str, Any]] = MappingProxyType({})

    def judge(self, judge: KindJudge, rule: MeldRule, split: Split, wild_limit: bool) -> Judged:
        """The meld these cards make as this kind, or what is wrong with them."""
        raise NotImplementedError

    def shaped(self, naturals: Sequence[Card], deck: DeckSpec = FRENCH) -> bool:
        """Do these natural cards look like this kind (to report the nearer kind's faults)?
        Two natural cards or more that make a legal meld of this kind always look like it."""
        raise NotImplementedError

    def longest(self, rule: MeldRule) -> int:
        """The most cards a meld of this kind can hold in the rule's deck, whatever its `max`."""
        return 10**6

    def in_order(self, meld: Meld, order: tuple[str, ...] = RUN_ORDER) -> tuple[Card, ...]:
        """The meld's cards in the order a player lays them down (a run: by rank)."""
        return meld.cards

    def ranks_of(self, meld: Meld, order: tuple[str, ...] = RUN_ORDER) -> tuple[str | None, ...]:
        """The rank each place of the meld stands for, in a deck whose ranks run in `order`:
        here its natural cards' ranks, and None for each wild card (it stands for no rank)."""
        return (*(c.rank for c in meld.naturals()), *(None for _ in meld.wilds))

    def points(self, scoring: MeldValues, meld: Meld) -> int:
        """What a meld of this kind is worth melded: each card its `meld_values` worth; a wild
        card the card it stands for (`wilds_count: stands_for`) or its own worth."""
        ranks = self.ranks_of(meld, scoring.run_order)
        if scoring.wilds_count == "stands_for" and all(r is not None for r in ranks):
            return sum(scoring.melded_value(r) for r in ranks if r is not None)
        return counted_points(scoring, meld, False)

    def grow(self, judge: KindJudge, table: Meld, cards: Sequence[Card]) -> Judged:
        """The meld `cards` laid off on `table` make, or what is wrong with it, said of the
        meld on the table (a lay-off comes after the first meld: the later limits hold)."""
        return self._grown(judge, table, cards, True)

    def _grown(self, judge: KindJudge, table: Meld, cards: Sequence[Card], wild_limit: bool) -> Judged:
        combined, found = judge.judge((*table.cards, *cards), kind=self.name, wild_limit=wild_limit)
        if combined is None:
            return None, [Violation(v.code, self.words.adding(listed(cards, judge.deck), continued(v.message)), v.cards)
                          for v in found]
        return combined, []

    def rule(self, spec: Mapping[str, Any], deck: DeckSpec) -> MeldRule:
        """The kind's options as a ruleset document gives them (`melds.<name>`), read into its rule:
        what every kind has, and its own (`own_options`)."""
        return MeldRule(self.name, int(spec.get("min", 3)), max=int(spec["max"]) if spec.get("max") is not None else None,
                        deck_ranks=len(deck.ranks), deck_suits=len(deck.suits), **self.own_options(spec))

    def own_options(self, spec: Mapping[str, Any]) -> dict[str, Any]:
        """The options of the document's `melds.<name>` only this kind has, as `MeldRule` fields."""
        return {}


# What every kind's options have: its fewest and most cards.
_SIZES = {
    "min": {"type": ["integer", "null"], "minimum": 2, "description": "Fewest cards in the meld. At most 52.",
            "maximum": 52},
    "max": {"type": ["integer", "null"], "minimum": 2, "maximum": 52,
            "description": "Most cards in the meld; null: no limit but the deck's. At most 52."},
}


def kind_schema(description: str, own: Mapping[str, Any], each: str, sizes: str) -> Mapping[str, Any]:
    """A kind's part of the ruleset's schema: its options (`melds.<name>`: `min`, `max` and its
    `own`), and the first meld's requirement of it (`first_meld.<plural>`: sizes of `each`
    meld, `sizes` naming them)."""
    return MappingProxyType({
        "options": {"type": ["object", "null"], "description": description, "additionalProperties": False,
                    "properties": {**_SIZES, **own}},
        "requirement": {"type": ["array", "null"], "maxItems": 20,
                        "items": {"type": "integer", "minimum": 1, "maximum": 52,
                                  "description": f"Fewest cards in {each}. At most 52."},
                        "description": f"{sizes} of at least these sizes. At most 20 of them."}})


def capped(kind: MeldKind, rule: MeldRule) -> int:
    """The most cards a meld of `kind` can hold under `rule`: its `max`, within what the kind's
    shape allows in the deck (`MeldKind.longest`)."""
    cap = kind.longest(rule)
    return min(cap, rule.max) if rule.max is not None else cap


def commonest_suit(cards: Sequence[Card]) -> str | None:
    """The suit most of these cards have (a tie: the later suit letter); None for no card."""
    suits = Counter(c.suit for c in cards)
    return max(suits, key=lambda s: (suits[s], s or "")) if suits else None
