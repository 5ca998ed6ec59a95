"""The set: cards of one rank (and wild cards standing for it), each of a different suit
where `distinct_suits` says so; a side holds one set of a rank where `one_per_rank` says so.
Its judge, its planner's half, its words, and its part of the ruleset's schema."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, NamedTuple

from referee.kinds.base import INF, Judged, KindPlanner, MeldKind, capped, kind_schema
from referee.kinds.meld import RUN_ORDER, Meld
from referee.kinds.rule import MeldRule
from referee.kinds.searching import FIRST, At, Move, Option, Split, Table
from referee.values.cards import FRENCH, Card, DeckSpec
from referee.values.i18n import N_, Nn_, rank_plural, t, tn, tp, tpn
from referee.values.meldwords import KindWords
from referee.values.violations import Violation, listed

if TYPE_CHECKING:
    from referee.kinds.geometry import Geometry
    from referee.kinds.searching import KindJudge, Search


class SetWords(KindWords):
    def none(self) -> str:
        return t("This game has no sets.")

    def too_few(self, n: int, count: int) -> str:
        return tpn(self.pieces, Nn_("A set needs at least {n} card; this one has {count}.",
                                    "A set needs at least {n} cards; this one has {count}."),
                   Nn_("A set needs at least {n} tile; this one has {count}.",
                       "A set needs at least {n} tiles; this one has {count}."), n, count=count)

    def never_reaches(self, most: int, least: int) -> str:
        return tpn(self.pieces, Nn_("a set of at most {n} card can never reach its minimum of {least}",
                                    "a set of at most {n} cards can never reach its minimum of {least}"),
                   Nn_("a set of at most {n} tile can never reach its minimum of {least}",
                       "a set of at most {n} tiles can never reach its minimum of {least}"), most, least=least)

    def too_many(self, n: int, count: int) -> str:
        return tpn(self.pieces, Nn_("A set holds at most {n} card; this one has {count}.",
                                    "A set holds at most {n} cards; this one has {count}."),
                   Nn_("A set holds at most {n} tile; this one has {count}.",
                       "A set holds at most {n} tiles; this one has {count}."), n, count=count)

    def all_wild(self, cards: str) -> str:
        return tp(self.pieces, N_("A set may not be made of wild cards only ({cards})."),
                  N_("A set may not be made of wild tiles only ({cards})."), cards=cards)

    def per_cards(self, per: int, size: int, count: int, cards: str) -> str:
        return tpn(self.pieces, Nn_("After the first meld a meld may hold one wild card for every {n} card; "
                                    "this set of {size} has {count} ({cards}).",
                                    "After the first meld a meld may hold one wild card for every {n} cards; "
                                    "this set of {size} has {count} ({cards})."),
                   Nn_("After the first meld a meld may hold one wild tile for every {n} tile; "
                       "this set of {size} has {count} ({cards}).",
                       "After the first meld a meld may hold one wild tile for every {n} tiles; "
                       "this set of {size} has {count} ({cards})."), per, size=size, count=count, cards=cards)

    def at_most(self, label: str, n: int, count: int, cards: str, later: bool) -> str:
        if later:
            return tpn(self.pieces, Nn_("{label} allows after the first meld at most {n} wild card in a meld; "
                                        "this set has {count} ({cards}).",
                                        "{label} allows after the first meld at most {n} wild cards in a meld; "
                                        "this set has {count} ({cards})."),
                       Nn_("{label} allows after the first meld at most {n} wild tile in a meld; "
                           "this set has {count} ({cards}).",
                           "{label} allows after the first meld at most {n} wild tiles in a meld; "
                           "this set has {count} ({cards})."), n, label=label, count=count, cards=cards)
        return tpn(self.pieces, Nn_("{label} allows at most {n} wild card in a meld; this set has {count} ({cards}).",
                                    "{label} allows at most {n} wild cards in a meld; this set has {count} "
                                    "({cards})."),
                   Nn_("{label} allows at most {n} wild tile in a meld; this set has {count} ({cards}).",
                       "{label} allows at most {n} wild tiles in a meld; this set has {count} ({cards})."),
                   n, label=label, count=count, cards=cards)

    def adding(self, cards: str, message: str) -> str:
        return t("Adding {cards} to the set: {message}", cards=cards, message=message)

    def made(self, size: int) -> str:
        return t("a set of {size}", size=size)

    def yes(self) -> str:
        """The referee panel's answer to a legal meld of this kind."""
        return t("Yes: a legal set.")

    def yes_with(self) -> str:
        """The same, naming what the wild cards stand for (`{wilds}`, filled in by the page)."""
        return t("Yes: a legal set ({wilds}).", wilds="{wilds}")

    def legal(self, cards: str) -> str:
        return t("legal: {cards} is a set", cards=cards)

    def is_meld(self, n: int, cards: str) -> str:
        return t("  meld {n}: {cards} is a set", n=n, cards=cards)

    def sized(self, n: int, size: int) -> str:
        return tn("{n} set of {size}", "{n} sets of {size}", n, size=size)

    def count_of(self, count: int, counted: str, size: str) -> str:
        return tn("one set of {size}", "{count} sets of {size}", count, count=counted, size=size)

    def at_most_per(self, count: str) -> str:
        return t(", at most {count} per set", count=count)

    def later_max(self, count: str) -> str:
        return t(" (later sets: at most {count})", count=count)

    def later_per(self, per: int, count: str) -> str:
        return tpn(self.pieces, Nn_(" (later sets: one per {count} card)", " (later sets: one per {count} cards)"),
                   Nn_(" (later sets: one per {count} tile)", " (later sets: one per {count} tiles)"), per,
                   count=count)

    def any(self) -> str:
        return t("any set")

    def mixed_ranks(self, cards: str, n: int, rank: str) -> str:
        """Natural cards of another rank than the set's (`n` of them)."""
        return tpn(self.pieces, Nn_("A set is cards of one rank; {cards} is not {rank}.",
                                    "A set is cards of one rank; {cards} are not {rank}."),
                   Nn_("A set is tiles of one number; {cards} is not {rank}.",
                       "A set is tiles of one number; {cards} are not {rank}."), n, cards=cards, rank=rank)

    def repeated_suit(self, cards: str) -> str:
        """A set of distinct suits with a suit twice (`distinct_suits`)."""
        return tp(self.pieces, N_("In this game a set holds each suit at most once; {cards} repeat a suit."),
                  N_("In this game a set holds each colour at most once; {cards} repeat a colour."), cards=cards)

    def suits_full(self, n: int, count: int) -> str:
        """A set of distinct suits longer than the deck has suits (`n`)."""
        return tpn(self.pieces, Nn_("In this game a set holds each suit at most once, so at most {n} card; this "
                                    "one has {count}.", "In this game a set holds each suit at most once, so at "
                                    "most {n} cards; this one has {count}."),
                   Nn_("In this game a set holds each colour at most once, so at most {n} tile; this one has "
                       "{count}.", "In this game a set holds each colour at most once, so at most {n} tiles; "
                       "this one has {count}."), n, count=count)


class SetState(NamedTuple):
    """A table set that lay-offs change: one of wild cards only takes the rank of the first
    natural laid on it; one of distinct suits counts its suits and cards."""

    rank: str | None
    suits: frozenset[str]
    size: int


class SetTable(NamedTuple):
    """A table set as the search reads it: its rank (None: wild cards only), its suits where they
    must differ, whether they must, and whether its size matters (distinct suits, or a max)."""

    rank: str | None
    suits: frozenset[str]
    distinct: bool
    counted: bool


def _state(table: Table, state: object) -> SetState:
    """A table set's state in the search (None until something is laid on it)."""
    return state if isinstance(state, SetState) else SetState(table.shape.rank, table.shape.suits, table.size)


class SetPlanner(KindPlanner):
    name = "set"
    spare_wilds = True

    def by_masks(self, rule: MeldRule) -> bool:
        return True

    def new_melds(self, search: Search, i: int, t: int, counts: list[int], cap: int) -> Iterator[Option]:
        rule = search.judge.rules.meld_rule("set")
        if rule is None:
            return
        field_of = search.field_of
        most = search.size_cap["set"]
        geometry = search.geometry
        bits, ranks, rank = geometry.bits, geometry.ranks, geometry.type_ranks[t]
        if rule.one_per_rank and any(tb.kind == self.name and tb.shape.rank == rank and tb.size < tb.most for tb in search.tables):
            return  # the side's open set of this rank takes these cards as lay-offs
        choices: list[list[tuple[int, int]]] = []   # per suit: (packed, cards)
        for u in range(t % ranks, ranks * len(geometry.suits), ranks):  # this rank in each suit
            f = field_of.get(u)
            if f is None or f < i:
                continue
            have = counts[f] - (1 if f == i else 0)
            top = min(have, 1) if rule.distinct_suits else have
            if rule.distinct_suits and f == i:
                top = 0
            choices.append([(k << (bits * f), k) for k in range(top + 1)])
        combos: list[tuple[int, int]] = [(1 << (bits * i), 1)]
        for options in choices:
            combos = [(p + q, n + m) for p, n in combos for q, m in options]
        for packed, n in combos:
            if n > most:
                continue
            top = min(cap, most - n, capped(_KIND, rule) - n)
            counts_j = range(max(0, rule.min - n), top + 1)
            cores = search.spare_wilds_later and search.judge.all_wild
            if search.spare_wilds_later:  # see moves(): spare wilds go on a set later
                top_spare = min(top, max(0, search.spare_min_open - n))
                last = max(top_spare, search.spare_min_open) if cores else top_spare
                counts_j = range(max(0, rule.min - n), min(last, search.total_wilds) + 1)
            natural_only = rank in search.judge.going_out_only  # Canasta's black threes
            for j in counts_j:
                phases = search.phases(j, n + j) if j <= top and not (j and natural_only) else 0
                worth = _worth(search, rank, n + j)
                if phases:
                    yield Option(packed, j, "set", n + j, phases=phases, points=worth)
                if cores and j >= rule.min:
                    # Wild cards alone make the set, then these naturals are laid off on it:
                    # toward a first meld it counts as a set of the wild cards.
                    extra = ((FIRST if search.need_first_meld else 0) | search.later_bit) & ~phases
                    if extra:
                        yield Option(packed, j, "set", n + j, phases=extra, core=j,
                                     points=_worth(search, rank, j))

    def read_table(self, judge: KindJudge, geometry: Geometry, cards: Sequence[Card], meld: Meld) -> Table:
        naturals = meld.naturals()
        rule = judge.rules.meld_rule("set")
        distinct = bool(rule and rule.distinct_suits)
        shape = SetTable(naturals[0].rank if naturals else None,
                         frozenset(c.suit or "" for c in naturals) if distinct else frozenset(), distinct,
                         bool(rule and (rule.distinct_suits or rule.max is not None)))
        return Table("set", wilds=len(meld.wilds), size=len(cards), most=capped(_KIND, rule) if rule else 10**6,
                     shape=shape)

    def takes(self, geometry: Geometry, table: Table, t: int) -> bool:
        return table.shape.rank in (geometry.rank_of(t), None)

    def takes_as_is(self, table: Table, rank: str) -> bool:
        return table.shape.rank == rank and not table.shape.counted

    def lay_offs(self, search: Search, at: At, k: int, table: Table) -> Iterator[Move]:
        i, _, _, tstate = at
        t, geometry = search.types[i], search.geometry
        one = 1 << (geometry.bits * i)
        rank, suit = geometry.type_ranks[t], geometry.type_suits[t]
        if table.shape.rank is not None and not table.shape.counted:
            yield Option(one, 0, None, 0, k), tstate  # a card of its rank, as it is
            return
        now = _state(table, tstate[k])
        if now.rank not in (None, rank) or (table.shape.distinct and suit in now.suits) or now.size >= table.most:
            return
        if now.rank is None and not search.wilds_unlimited and \
                not search.later.wilds_fit(table.wilds, now.size + 1):
            return  # wild cards only, then one natural: the limit binds the set
        laid = SetState(rank, now.suits | {suit} if table.shape.distinct else now.suits, now.size + 1)
        yield Option(one, 0, None, 0, k), tstate[:k] + (laid,) + tstate[k + 1:]

    def wild_room(self, search: Search, table: Table, state: object) -> int:
        later = search.later
        size = _state(table, state).size
        rummy = search.judge.ruleset.rummy
        if rummy is not None and rummy.canasta_closed_to_wilds and rummy.canasta_min is not None \
                and size >= rummy.canasta_min:
            return 0  # no wild card goes onto a canasta
        if table.shape.counted:
            if table.shape.distinct or search.wilds_unlimited:
                return max(0, table.most - size)
            room = 0
            while room < table.most - size and later.wilds_fit(table.wilds + room + 1, size + room + 1):
                room += 1
            return room
        if search.wilds_unlimited or later.wild_limit(INF) is None:
            return INF
        room = 0
        while later.wilds_fit(table.wilds + room + 1, size + room + 1) and room < len(search.geometry.suits) * search.geometry.copies:
            room += 1
        return room


class SetKind(MeldKind):
    name, plural = "set", "sets"
    one_rank = True
    options = MappingProxyType({"min": 3, "max": None, "distinct_suits": False, "one_per_rank": False})
    words = SetWords()
    planner = SetPlanner()
    schema = kind_schema('The set meld and its limits.',
              {'distinct_suits': {'type': ['boolean', 'null'],
                                  'description': 'Cards of a set must be of different suits.'},
               'one_per_rank': {'type': ['boolean', 'null'],
                                'description': 'A side holds one open set of a rank (Canasta): more cards of '
                                               'that rank go onto it, never into a second set; where sets have a '
                                               'max, a full set is closed and a new one may start. Going out '
                                               'plans so. Default false.'}},
              'this set', 'Sets')

    def own_options(self, spec: Mapping[str, Any]) -> dict[str, Any]:
        return {"distinct_suits": bool(spec.get("distinct_suits", False)),
                "one_per_rank": bool(spec.get("one_per_rank", False))}

    def judge(self, judge: KindJudge, rule: MeldRule, split: Split, wild_limit: bool) -> Judged:
        cards, naturals, wilds = split
        found = judge.common(rule, cards, naturals, wilds, wild_limit)
        rank = naturals[0].rank if naturals else None
        odd = tuple([c for c in naturals if c.rank != rank])
        if 2 * len(odd) >= len(naturals) > 0:  # the first card's rank is not more than half
            rank = _commonest_rank(naturals, judge.deck)
            odd = tuple([c for c in naturals if c.rank != rank])
        words = self.words.of(judge.deck.pieces)
        if odd:
            found.append(Violation("mixed_ranks", words.mixed_ranks(listed(odd, judge.deck), len(odd),
                                                                    rank_plural(rank)), odd))
        if rule.distinct_suits:
            suits = Counter(c.suit for c in naturals)
            repeated = tuple(c for c in naturals if suits[c.suit] > 1)
            if repeated or len(cards) > len(judge.deck.suits):
                found.append(Violation("repeated_suit", words.repeated_suit(listed(repeated, judge.deck))
                                       if repeated else words.suits_full(len(judge.deck.suits), len(cards)),
                                       repeated or tuple(cards)))
        if found:
            return None, found
        return Meld("set", tuple(cards), tuple((w, rank) for w in wilds)), []

    def shaped(self, naturals: Sequence[Card], deck: DeckSpec = FRENCH) -> bool:
        return len({c.rank for c in naturals}) <= 1

    def longest(self, rule: MeldRule) -> int:
        """A set of distinct suits holds one card a suit."""
        return rule.deck_suits if rule.distinct_suits else 10**6

    def ranks_of(self, meld: Meld, order: tuple[str, ...] = RUN_ORDER) -> tuple[str | None, ...]:
        """A set's rank in each place (None: wild cards only, standing for no rank)."""
        naturals = meld.naturals()
        stands = next((s for _, s in meld.wilds if s), None)
        return ((naturals[0].rank if naturals else stands),) * len(meld.cards)

    def grow(self, judge: KindJudge, table: Meld, cards: Sequence[Card]) -> Judged:
        # `lay_off.wilds_unlimited`: wild cards go onto a set beyond the limit per meld
        return self._grown(judge, table, cards, not judge.rules.lay_off.wilds_unlimited)


def _commonest_rank(cards: Sequence[Card], deck: DeckSpec = FRENCH) -> str | None:
    """The rank most of these cards have; a tie goes to the lower rank in the deck's order."""
    ranks: dict[str, int] = {}
    for c in cards:
        ranks[c.rank] = ranks.get(c.rank, 0) + 1
    places = deck.rank_places
    rank, most = None, 0
    for r, n in ranks.items():
        if n > most or (n == most and places.get(r, 99) < places.get(rank or "", 99)):
            rank, most = r, n
    return rank


_KIND = SetKind()  # the entry, for its planner's half: how many cards a meld of it holds


def _worth(search: Search, rank: str, size: int) -> int:
    """A new meld's worth toward a first meld's points, where it asks for points: each card
    (its wild cards standing for its rank) its melded value."""
    return search.judge.ruleset.scoring.melded_value(rank) * size if search.want_points else 0
