"""The colour: cards of one suit, of any ranks (Phase 10's seven of one colour). Its judge,
its planner's half, its words, and its part of the ruleset's schema."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, NamedTuple

from referee.kinds.base import (
    INF,
    Judged,
    KindPlanner,
    MeldKind,
    capped,
    commonest_suit,
    kind_schema,
)
from referee.kinds.meld import Meld
from referee.kinds.rule import MeldRule
from referee.kinds.searching import At, Move, Option, Split, Table
from referee.values.cards import FRENCH, Card, DeckSpec
from referee.values.i18n import suit_name, t, tn
from referee.values.meldwords import KindWords
from referee.values.violations import Violation, listed

if TYPE_CHECKING:
    from referee.kinds.geometry import Geometry
    from referee.kinds.searching import KindJudge, Search


class ColorWords(KindWords):
    def none(self) -> str:
        return t("This game has no melds of one colour.")

    def too_few(self, n: int, count: int) -> str:
        return tn("A meld of one colour needs at least {n} card; this one has {count}.",
                  "A meld of one colour needs at least {n} cards; this one has {count}.", n, count=count)

    def too_many(self, n: int, count: int) -> str:
        return tn("A meld of one colour holds at most {n} card; this one has {count}.",
                  "A meld of one colour holds at most {n} cards; this one has {count}.", n, count=count)

    def all_wild(self, cards: str) -> str:
        return t("A meld of one colour may not be made of wild cards only ({cards}).", cards=cards)

    def adding(self, cards: str, message: str) -> str:
        return t("Adding {cards} to the meld of one colour: {message}", cards=cards, message=message)

    def made(self, size: int) -> str:
        return t("{size} cards of one colour", size=size)

    def yes(self) -> str:
        """The referee panel's answer to a legal meld of this kind."""
        return t("Yes: a legal meld of one suit.")

    def yes_with(self) -> str:
        """The same, naming what the wild cards stand for (`{wilds}`, filled in by the page)."""
        return t("Yes: a legal meld of one suit ({wilds}).", wilds="{wilds}")

    def legal(self, cards: str) -> str:
        return t("legal: {cards} is a meld of one colour", cards=cards)

    def is_meld(self, n: int, cards: str) -> str:
        return t("  meld {n}: {cards} is a meld of one colour", n=n, cards=cards)

    def sized(self, n: int, size: int) -> str:
        return tn("{n} meld of {size} cards of one colour", "{n} melds of {size} cards of one colour", n, size=size)

    def count_of(self, count: int, counted: str, size: str) -> str:
        return tn("one meld of {size} cards of one colour", "{count} melds of {size} cards of one colour", count,
                  count=counted, size=size)

    def any(self) -> str:
        return t("any cards of one colour")



class ColorState(NamedTuple):
    """A table meld of one suit that lay-offs change: one of wild cards only takes the suit of
    the first natural laid on it; it counts its cards."""

    suits: frozenset[str]
    size: int


class ColorTable(NamedTuple):
    """A table meld of one suit as the search reads it: its suit (none: wild cards only), and
    whether its size matters (a max)."""

    suits: frozenset[str]
    counted: bool


def _state(table: Table, state: object) -> ColorState:
    """A table meld's state in the search (None until something is laid on it)."""
    return state if isinstance(state, ColorState) else ColorState(table.shape.suits, table.size)


class ColorPlanner(KindPlanner):
    """Cards of one suit (`color`): the card, any of its suit's cards still to place, and wild cards."""

    name = "color"

    def new_melds(self, search: Search, i: int, t: int, counts: list[int], cap: int) -> Iterator[Option]:
        rule = search.judge.rules.meld_rule("color")
        if rule is None:
            return
        geometry = search.geometry
        bits, ranks, suit = geometry.bits, geometry.ranks, t // geometry.ranks
        most = min(capped(_KIND, rule), search.size_cap.get("color", INF))
        fields = sorted(f for u, f in search.field_of.items() if u // ranks == suit and f >= i)
        # (packed, cards, worth toward a first meld's points: its natural cards')
        combos = [(1 << (bits * i), 1, _worth(search, geometry.type_ranks[t], 1))]
        for f in fields:
            worth = _worth(search, geometry.type_ranks[search.types[f]], 1)
            have = counts[f] - (1 if f == i else 0)
            combos = [(p + (k << (bits * f)), n + k, w + k * worth)
                      for p, n, w in combos for k in range(have + 1) if n + k <= most]
            search.spend(len(combos))
        for packed, n, worth in combos:
            for j in range(max(0, rule.min - n), min(cap, most - n) + 1):
                phases = search.phases(j, n + j)
                if phases:
                    yield Option(packed, j, "color", n + j, phases=phases, points=worth)

    def read_table(self, judge: KindJudge, geometry: Geometry, cards: Sequence[Card], meld: Meld) -> Table:
        naturals = meld.naturals()
        rule = judge.rules.meld_rule("color")
        suit = naturals[0].suit if naturals else None  # None: wild cards only, the first natural's suit
        return Table("color", suit=suit, wilds=len(meld.wilds), size=len(cards),
                     most=capped(_KIND, rule) if rule else 10**6,
                     shape=ColorTable(frozenset({suit}) if suit else frozenset(), bool(rule and rule.max is not None)))

    def takes(self, geometry: Geometry, table: Table, t: int) -> bool:
        return table.suit in (geometry.suit_letter(t), None)

    def lay_offs(self, search: Search, at: At, k: int, table: Table) -> Iterator[Move]:
        i, _, _, tstate = at
        one = 1 << (search.geometry.bits * i)
        suit = search.geometry.type_suits[search.types[i]]
        now = _state(table, tstate[k])  # its suit (none yet: wild cards only) and its size
        if (now.suits and suit not in now.suits) or now.size >= table.most:
            return
        if not now.suits and not search.later.wilds_fit(table.wilds, now.size + 1):
            return  # wild cards only, then one natural: the limit binds the meld
        if now.suits and not table.shape.counted:
            yield Option(one, 0, None, 0, k), tstate  # a card of its suit, as it is
            return
        laid = ColorState(frozenset({suit}), now.size + 1)
        yield Option(one, 0, None, 0, k), tstate[:k] + (laid,) + tstate[k + 1:]

    def wild_room(self, search: Search, table: Table, state: object) -> int:
        size = _state(table, state).size
        room = 0
        while room < search.total_wilds and size + room < table.most and \
                search.later.wilds_fit(table.wilds + room + 1, size + room + 1):
            room += 1
        return room


class ColorKind(MeldKind):
    """Cards of one suit, of any ranks (Phase 10's "seven of one colour"); a card may repeat
    where several decks are in play. A wild card stands for the suit."""

    name, plural = "color", "colors"
    words = ColorWords()
    planner = ColorPlanner()
    schema = kind_schema('Cards of one suit, of any ranks (Phase 10\'s seven of one colour); a card may repeat where several decks are in play. A wild card stands for the suit (its "as" is the suit letter).',
              {},
              'this meld of one suit', 'Melds of one suit (melds.color)')

    def judge(self, judge: KindJudge, rule: MeldRule, split: Split, wild_limit: bool) -> Judged:
        cards, naturals, wilds = split
        found = judge.common(rule, cards, naturals, wilds, wild_limit)
        suit = commonest_suit(naturals)
        odd = tuple(c for c in naturals if c.suit != suit)
        if odd:
            found.append(Violation("mixed_suits", tn(
                "A meld of one colour is cards of one colour; {cards} is not {suit}.",
                "A meld of one colour is cards of one colour; {cards} are not {suit}.", len(odd),
                cards=listed(odd, judge.deck), suit=suit_name(suit, judge.deck.suit_named(suit))), odd))
        if found:
            return None, found
        return Meld("color", tuple(cards), tuple((w, suit) for w in wilds)), []

    def shaped(self, naturals: Sequence[Card], deck: DeckSpec = FRENCH) -> bool:
        return len({c.suit for c in naturals}) <= 1


_KIND = ColorKind()  # the entry, for its planner's half: how many cards a meld of it holds


def _worth(search: Search, rank: str, size: int) -> int:
    """A new meld's worth toward a first meld's points, where it asks for points: each card
    (its wild cards standing for its rank) its melded value."""
    return search.judge.ruleset.scoring.melded_value(rank) * size if search.want_points else 0
