"""The planner's half of the kinds that hold cards of one rank or one suit: sets and colors.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from referee.kinds.meld import Meld
from referee.kinds.searching import FIRST, Move, Option, SetState, Table
from referee.kinds.table import most_of
from referee.planner.kindbase import INF, KindPlanner
from referee.rules.ruleset import MeldRule
from referee.values.cards import Card

if TYPE_CHECKING:
    from referee.kinds.geometry import Geometry
    from referee.kinds.searching import KindJudge, Search


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
        if rule.one_per_rank and any(tb.kind == "set" and tb.rank == rank and tb.size < tb.most for tb in search.tables):
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
            top = min(cap, most - n, most_of(rule) - n)
            counts_j = range(max(0, rule.min - n), top + 1)
            cores = search.spare_wilds_go_on_sets and search.judge.all_wild
            if search.spare_wilds_go_on_sets:  # see moves(): spare wilds go on a set later
                top_spare = min(top, max(0, search.set_min_open - n))
                last = max(top_spare, search.set_min_open) if cores else top_spare
                counts_j = range(max(0, rule.min - n), min(last, search.total_wilds) + 1)
            natural_only = rank in search.judge.going_out_only  # Canasta's black threes
            for j in counts_j:
                phases = search.phases(j, n + j) if j <= top and not (j and natural_only) else 0
                worth = search.set_points(rank, n + j)
                if phases:
                    yield Option(packed, j, "set", n + j, phases=phases, points=worth)
                if cores and j >= rule.min:
                    # Wild cards alone make the set, then these naturals are laid off on it:
                    # toward a first meld it counts as a set of the wild cards.
                    extra = ((FIRST if search.need_first_meld else 0) | search.later_bit) & ~phases
                    if extra:
                        yield Option(packed, j, "set", n + j, phases=extra, core=j,
                                     points=search.set_points(rank, j))

    def read_table(self, judge: KindJudge, geometry: Geometry, cards: Sequence[Card], meld: Meld) -> Table:
        naturals = meld.naturals()
        rule = judge.rules.meld_rule("set")
        distinct = bool(rule and rule.distinct_suits)
        return Table("set", rank=naturals[0].rank if naturals else None, wilds=len(meld.wilds),
                     suits=frozenset(c.suit or "" for c in naturals) if distinct else frozenset(),
                     size=len(cards), distinct=distinct, most=most_of(rule) if rule else 10**6,
                     counted=bool(rule and (rule.distinct_suits or rule.max is not None)))

    def takes(self, geometry: Geometry, table: Table, t: int) -> bool:
        return table.rank in (geometry.rank_of(t), None)

    def takes_as_is(self, table: Table, rank: str) -> bool:
        return table.rank == rank and not table.counted

    def lay_offs(self, search: Search, i: int, k: int, table: Table, rest: int, w: int,
                 tstate: tuple[object, ...]) -> Iterator[Move]:
        t, geometry = search.types[i], search.geometry
        one = 1 << (geometry.bits * i)
        rank, suit = geometry.type_ranks[t], geometry.type_suits[t]
        if table.rank is not None and not table.counted:
            yield Option(one, 0, None, 0, k), tstate  # a card of its rank, as it is
            return
        now = table.set_state(tstate[k])
        if now.rank not in (None, rank) or (table.distinct and suit in now.suits) or now.size >= table.most:
            return
        if now.rank is None and not search.wilds_unlimited and \
                not search.later.wilds_fit(table.wilds, now.size + 1):
            return  # wild cards only, then one natural: the limit binds the set
        laid = SetState(rank, now.suits | {suit} if table.distinct else now.suits, now.size + 1)
        yield Option(one, 0, None, 0, k), tstate[:k] + (laid,) + tstate[k + 1:]

    def wild_room(self, search: Search, table: Table, state: object) -> int:
        later = search.later
        size = table.set_state(state).size
        rummy = search.judge.ruleset.rummy
        if rummy is not None and rummy.canasta_closed_to_wilds and rummy.canasta_min is not None \
                and size >= rummy.canasta_min:
            return 0  # no wild card goes onto a canasta
        if table.counted:
            if table.distinct or search.wilds_unlimited:
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


class ColorPlanner(KindPlanner):
    """Cards of one suit (`color`): the card, any of its suit's cards still to place, and wild cards."""

    name = "color"

    def new_melds(self, search: Search, i: int, t: int, counts: list[int], cap: int) -> Iterator[Option]:
        rule = search.judge.rules.meld_rule("color")
        if rule is None:
            return
        geometry = search.geometry
        bits, ranks, suit = geometry.bits, geometry.ranks, t // geometry.ranks
        most = min(most_of(rule), search.size_cap.get("color", INF))
        fields = sorted(f for u, f in search.field_of.items() if u // ranks == suit and f >= i)
        # (packed, cards, worth toward a first meld's points: its natural cards')
        combos = [(1 << (bits * i), 1, search.set_points(geometry.type_ranks[t], 1))]
        for f in fields:
            worth = search.set_points(geometry.type_ranks[search.types[f]], 1)
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
                     suits=frozenset({suit}) if suit else frozenset(), most=most_of(rule) if rule else 10**6,
                     counted=bool(rule and rule.max is not None))

    def takes(self, geometry: Geometry, table: Table, t: int) -> bool:
        return table.suit in (geometry.suit_letter(t), None)

    def lay_offs(self, search: Search, i: int, k: int, table: Table, rest: int, w: int,
                 tstate: tuple[object, ...]) -> Iterator[Move]:
        one = 1 << (search.geometry.bits * i)
        suit = search.geometry.type_suits[search.types[i]]
        now = table.set_state(tstate[k])  # its suit (none yet: wild cards only) and its size
        if (now.suits and suit not in now.suits) or now.size >= table.most:
            return
        if not now.suits and not search.later.wilds_fit(table.wilds, now.size + 1):
            return  # wild cards only, then one natural: the limit binds the meld
        if now.suits and not table.counted:
            yield Option(one, 0, None, 0, k), tstate  # a card of its suit, as it is
            return
        laid = SetState(None, frozenset({suit}), now.size + 1)
        yield Option(one, 0, None, 0, k), tstate[:k] + (laid,) + tstate[k + 1:]

    def wild_room(self, search: Search, table: Table, state: object) -> int:
        size = table.set_state(state).size
        room = 0
        while room < search.total_wilds and size + room < table.most and \
                search.later.wilds_fit(table.wilds + room + 1, size + room + 1):
            room += 1
        return room
