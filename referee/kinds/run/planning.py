"""The run's half for the planner's search (of one suit or of any suits): new runs, table runs grown by
lay-offs, and the part of a run laid down first toward a first meld's points.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache
from itertools import combinations, product
from typing import TYPE_CHECKING, NamedTuple, cast

from referee.kinds.base import KindPlanner
from referee.kinds.meld import Meld, stood_rank
from referee.kinds.rule import MeldRule
from referee.kinds.run.placing import place
from referee.kinds.run.placing import worth as run_worth
from referee.kinds.searching import FIRST, At, Move, Option, Split, Table
from referee.values.budget import WINDOW_STEPS
from referee.values.cards import JOKER, Card

if TYPE_CHECKING:
    from referee.kinds.geometry import Geometry
    from referee.kinds.searching import KindJudge, Search


class RunState(NamedTuple):
    """A table run as the search grows it: the ranks its natural cards hold, and its length.
    Its wild cards fill the other places of any window that fits, so they may move."""

    naturals: frozenset[str]
    length: int
    suit: str | None = None  # a run of wild cards only takes the suit of its first natural
    held: frozenset[str] = frozenset()  # ranks its wild cards keep (`wilds.fixed_when_melded`)


class RunLength(NamedTuple):
    """A table run whose suit is finished: only its length and wild cards still matter."""

    length: int
    wilds: int


class RunTable(NamedTuple):
    """A table run as the search reads it: the ranks of its natural cards, and the ranks its wild
    cards keep where they were melded (`wilds.fixed_when_melded`)."""

    naturals: frozenset[str]
    held: frozenset[str]


def _state(table: Table, state: object) -> RunState:
    """A table run's state in the search (None until something is laid on it)."""
    if type(state) is RunState:
        return state
    if table.first_state is None:
        table.first_state = RunState(table.shape.naturals, table.size, table.suit, table.shape.held)
    return table.first_state  # type: ignore[return-value]


class RunPlanner(KindPlanner):
    name = "run"
    pure_counts = True
    by_suit = True

    def by_masks(self, rule: MeldRule) -> bool:
        return rule.suits == "same"

    def pure_windows(self, search: Search, rule: MeldRule) -> set[int]:
        geometry, bits, field_of = search.geometry, search.geometry.bits, search.field_of
        windows: set[int] = set()
        for window in geometry.windows(rule.ace, rule.min):
            if rule.suits == "any":  # a card of each rank, of any suits
                held = [[f for suit in range(len(geometry.suits))
                         if (f := field_of.get(geometry.type_of(suit, r))) is not None] for r in window]
                windows.update(sum(1 << (bits * f) for f in fields) for fields in product(*held))
                continue
            for suit in range(len(geometry.suits)):
                fields = [field_of.get(geometry.type_of(suit, r)) for r in window]
                if all(f is not None for f in fields):
                    windows.add(sum(1 << (bits * f) for f in fields if f is not None))
        return windows

    def new_melds(self, search: Search, i: int, t: int, counts: list[int], cap: int) -> Iterator[Option]:
        rule = search.judge.rules.meld_rule("run")
        if rule is None:
            return
        if rule.suits == "any":
            yield from self._any_suit(search, rule, i, t, cap)
            return
        # A run holds at most the suit's cards still to place (this one and higher) and the wild cards.
        geometry = search.geometry
        ranks = geometry.ranks
        suit = t // ranks
        reach = sum(1 for u, f in search.field_of.items() if u // ranks == suit and f >= i) + cap
        windows = _windows_with(geometry, rule.ace, geometry.type_ranks[t], rule.min,
                                min(search.size_cap["run"], reach))
        for window in windows:
            worth = _worth(search, window)
            for packed, wild_n in _fill(search, window, t, i, cap):
                search.spend()
                phases = search.phases(wild_n, len(window))
                if not phases:
                    continue
                points, held = worth, None
                if wild_n and worth:
                    # its wild cards stand where the judge reads them, not where this window put
                    # them: above the natural cards as far as the run goes (Remi's 12 and 13 with
                    # a joker are 12-13-1, worth 26, never 11-12-13)
                    held = _held(search, packed)
                    points = _read_worth(search.judge, rule, held, wild_n)
                if search.openings and phases & FIRST:
                    # Toward a first meld's points, part of the run may be laid down first, worth
                    # more, and the rest laid off on it (its wild cards move): the best such part.
                    found = _opening(search, rule, held or _held(search, packed), wild_n, len(window))
                    if found is not None and found[0] > points:
                        yield Option(packed, wild_n, "run", len(window), phases=phases, points=found[0],
                                     opening=found[1], opening_wilds=found[2])
                        continue
                yield Option(packed, wild_n, "run", len(window), phases=phases, points=points)

    @staticmethod
    def _any_suit(search: Search, rule: MeldRule, i: int, t: int, cap: int) -> Iterator[Option]:
        """New runs of any suits (`suits: any`) that hold field `i`: each other rank of a
        window is a card of that rank still to place, of any suit, or a wild card."""
        geometry = search.geometry
        own = geometry.type_ranks[t]
        by_rank: dict[str, list[int]] = {}
        for u, f in search.field_of.items():
            if f > i:
                by_rank.setdefault(geometry.type_ranks[u], []).append(f)
        reach = len(by_rank.keys() - {own}) + 1 + cap
        for window in _windows_with(geometry, rule.ace, own, rule.min, min(search.size_cap["run"], reach)):
            worth = _worth(search, window)
            places = [sorted(by_rank.get(r, ())) for r in window if r != own]
            for packed, wild_n in _fill_any(places, 1 << (geometry.bits * i), geometry.bits, cap):
                search.spend(2)  # each way of filling a window (they multiply with the suits), and its making
                phases = search.phases(wild_n, len(window))
                if phases:
                    yield Option(packed, wild_n, "run", len(window), phases=phases, points=worth)

    def read_table(self, judge: KindJudge, geometry: Geometry, cards: Sequence[Card], meld: Meld) -> Table:
        naturals = meld.naturals()
        placed = {str(c) for c in naturals}
        order = geometry.order
        rule = judge.rules.meld_rule("run")
        # None: wild cards only (the first natural laid on it gives the suit), or a run of any suits
        suit = None if rule and rule.suits == "any" else next((c.suit for c in cards if str(c) in placed), None)
        held = frozenset(stood_rank(stands, order) for _, stands in meld.wilds if stands) \
            if judge.rules.wilds.fixed_when_melded else frozenset()
        return Table("run", suit=suit, wilds=len(meld.wilds), size=len(cards),
                     most=_longest(rule) if rule else geometry.longest_run,
                     shape=RunTable(frozenset(c.rank for c in naturals), held))

    def takes(self, geometry: Geometry, table: Table, t: int) -> bool:
        return table.suit in (geometry.suit_letter(t), None)

    def lay_offs(self, search: Search, at: At, k: int, table: Table) -> Iterator[Move]:
        i, rest, w, tstate = at
        run = _state(table, tstate[k])
        if run.suit not in (None, search.geometry.type_suits[search.types[i]]):
            return
        guard, later = search.guard, search.later
        grown_by = search.extension_cache.get((i, k, run))
        for opt in self._extensions(search, i, k, run) if grown_by is None else grown_by:
            grown = cast(RunState, opt.grows_to)  # a run's option grows it to a run's state
            if opt.wilds <= w and ((rest | guard) - opt.packed) & guard == guard and (
                    later.wilds_fit(grown.length - len(grown.naturals), grown.length)):
                yield opt, tstate[:k] + (grown,) + tstate[k + 1:]

    @staticmethod
    def _extensions(search: Search, i: int, k: int, run: RunState) -> list[Option]:
        """Ways card field `i` (with higher cards of its suit and wild cards) lengthens table
        run `k`: every window that holds the run's natural ranks and the card's, its other
        places filled by the run's wild cards, hand cards or new wild cards (cached)."""
        key = (i, k, run)
        hit = search.extension_cache.get(key)
        if hit is not None:
            return hit
        t, geometry = search.types[i], search.geometry
        bits, own, suit = geometry.bits, geometry.type_ranks[t], geometry.suit_of(t)
        suit_base, rank_at = suit * geometry.ranks, geometry.rank_at
        out: list[Option] = []
        taken = run.naturals | run.held  # natural cards, and wild cards kept where they were melded
        if own in taken:
            search.extension_cache[key] = out
            return out
        rule = search.judge.rules.meld_rule("run")
        any_suit = bool(rule and rule.suits == "any")
        ace = rule.ace if rule else "low"
        most_add = rule.min - 1 if rule and search.judge.rules.wilds.all_wild else geometry.places
        run_wilds = run.length - len(taken)  # the wild cards free to move
        field_of = search.field_of
        seen: set[tuple[int, int, frozenset[str], int]] = set()
        longest = _longest(rule) if rule else geometry.longest_run
        for length in range(run.length + 1, min(longest, run.length + 2 * most_add) + 1):
            for window in geometry.windows(ace, length):
                if own not in window or not taken <= set(window):
                    continue
                empty = [r for r in window if r not in taken and r != own]
                fillable = [(r, field_of[u]) for r in empty
                            if (u := suit_base + rank_at[r]) in field_of and field_of[u] > i] if not any_suit \
                    else [(r, f) for r in empty for u, f in field_of.items() if f > i and geometry.type_ranks[u] == r]
                to_fill = len(empty) - run_wilds  # places the hand fills, with cards or wilds
                for n in range(min(len(fillable), to_fill) + 1):
                    for chosen in combinations(fillable, n):
                        if any_suit and len({r for r, _ in chosen}) < n:
                            continue  # two cards for one place
                        packed = (1 << (bits * i)) + sum(1 << (bits * f) for _, f in chosen)
                        naturals = run.naturals | {own} | {r for r, _ in chosen}
                        seen_key = (packed, to_fill - n, naturals, length)
                        if seen_key not in seen:
                            seen.add(seen_key)
                            out.append(Option(packed, to_fill - n, None, 0, k,
                                              RunState(naturals, length, None if any_suit else geometry.suits[suit],
                                                       run.held)))
        search.extension_cache[key] = out
        return out

    def forget(self, state: object, w: int) -> object:
        """A grown run of a suit whose cards are all placed: only its length and wild cards
        still matter while wild cards are left to lay off."""
        if not w or not isinstance(state, RunState):
            return state if w else None
        return RunLength(state.length, state.length - len(state.naturals))

    def wild_room(self, search: Search, table: Table, state: object) -> int:
        if isinstance(state, RunLength):
            length, wilds = state
        else:
            run = _state(table, state)
            length, wilds = run.length, run.length - len(run.naturals)
        room = 0
        while length + room < min(search.geometry.longest_run, table.most) and search.later.wilds_fit(wilds + room + 1, length + room + 1):
            room += 1
        return room


def _fill_any(places: list[list[int]], start: int, bits: int, cap: int) -> Iterator[tuple[int, int]]:
    """Ways to fill the places of a run of any suits: each takes one of its fields (cards of
    its rank, of any suit) or a wild card; at most `cap` wild cards."""
    def go(k: int, packed: int, wilds: int) -> Iterator[tuple[int, int]]:
        if wilds > cap:
            return
        if k == len(places):
            yield packed, wilds
            return
        for f in places[k]:
            yield from go(k + 1, packed + (1 << (bits * f)), wilds)
        yield from go(k + 1, packed, wilds + 1)

    yield from go(0, start, 0)


def _held(search: Search, packed: int) -> frozenset[str]:
    """The ranks of the natural cards packed in an option."""
    geometry = search.geometry
    return frozenset(geometry.type_ranks[search.types[f]] for f in range(len(search.types))
                     if (packed >> (geometry.bits * f)) & geometry.most)


@lru_cache(maxsize=8192)
def _read_worth(judge: KindJudge, rule: MeldRule, ranks: frozenset[str], wilds: int) -> int:
    """What a run of natural cards of these ranks (one suit) and `wilds` wild cards is worth as
    the judge reads it: each wild card where the judge places it (`referee.kinds.run.placing.place`)."""
    suit = judge.deck.suits[0]
    naturals = [Card(r, suit) for r in ranks]
    stand_ins = [Card(JOKER)] * wilds
    placed = place(rule, Split(naturals + stand_ins, naturals, stand_ins), suit, judge.deck)
    assert placed is not None  # the window that packed them holds them
    return run_worth(judge.ruleset.scoring, placed)


Opening = tuple[int, frozenset[str], int]
# Kept across requests, a bounded number: each answer, and the parts judged to find it.
_OPENINGS: dict[tuple[object, ...], tuple[Opening | None, int]] = {}
OPENINGS_KEPT = 8192


def _opening(search: Search, rule: MeldRule, ranks: frozenset[str], wilds: int, size: int) -> Opening | None:
    """The run worth most that part of a run (natural `ranks`, `wilds` wild cards) makes when
    laid down alone, as the judge reads it: its points, its natural ranks and wild cards. Each
    part judged is `WINDOW_STEPS` of the request's budget, also when the answer was kept (the
    same request spends the same steps whatever the process asked before)."""
    key = (search.judge, search.geometry, rule, ranks, wilds, size)
    kept = _OPENINGS.get(key)
    if kept is not None:
        search.spend(WINDOW_STEPS * kept[1])
        return kept[0]
    found, judged = _opening_made(search, rule, ranks, wilds, size)
    if len(_OPENINGS) >= OPENINGS_KEPT:
        _OPENINGS.clear()
    _OPENINGS[key] = (found, judged)
    return found


def _opening_made(search: Search, rule: MeldRule, ranks: frozenset[str], wilds: int,
                  size: int) -> tuple[Opening | None, int]:
    judge, geometry = search.judge, search.geometry
    best: Opening | None = None
    judged = 0
    stand_in = Card(JOKER)
    suit = geometry.suits[0]
    for length in range(rule.min, size + 1):
        for window in geometry.windows(rule.ace, length):
            part = ranks & frozenset(window)
            extra = length - len(part)
            if not part or extra > wilds or (part == ranks and extra == wilds):
                continue
            search.spend(WINDOW_STEPS)
            judged += 1
            naturals = [Card(r, suit) for r in part]
            placed = place(rule, Split(naturals + [stand_in] * extra, naturals, [stand_in] * extra), suit, judge.deck)
            if placed is None or _read_as_other_kind(judge, naturals, [stand_in] * extra):
                continue
            worth = run_worth(judge.ruleset.scoring, placed)
            if best is None or worth > best[0]:
                best = (worth, part, extra)
    return best, judged


def _read_as_other_kind(judge: KindJudge, naturals: list[Card], wilds: list[Card]) -> bool:
    """Would the table read these cards as a kind judged before runs (one natural card and
    wild cards make a set as well)? Then nothing can be laid off on them as on a run."""
    for kind in judge.kind_order:
        if kind == "run":
            return False
        if judge.judge_as(kind, Split(naturals + wilds, naturals, wilds)) is not None:
            return True
    return False


@lru_cache(maxsize=4096)
def _windows_with(geometry: Geometry, ace: str, rank: str, least: int,
                  most: int) -> tuple[tuple[str, ...], ...]:
    """The run windows of `least` to `most` ranks that hold `rank`."""
    return tuple(w for n in range(least, min(most, geometry.longest_run) + 1)
                 for w in geometry.windows(ace, n) if rank in w)


def _fill(search: Search, positions: tuple[str, ...], t: int, i: int, cap: int) -> Iterator[tuple[int, int]]:
    """Ways to fill run positions: card type `t` (field `i`) takes its own rank; each other
    rank takes a natural card of the suit with a higher type, or a wild card."""
    geometry, field_of = search.geometry, search.field_of
    own, bits, rank_at = geometry.type_ranks[t], geometry.bits, geometry.rank_at
    suit_base = t - rank_at[own]  # the type of the suit's lowest rank
    fields: list[int | None] = []
    for r in positions:
        if r == own:
            continue
        f = field_of.get(suit_base + rank_at[r])
        fields.append(f if f is not None and f > i else None)
    if sum(1 for f in fields if f is None) > cap:
        return
    yield from _fill_any([[f] if f is not None else [] for f in fields], 1 << (bits * i), bits, cap)


def _longest(rule: MeldRule) -> int:
    """The most cards a run can hold: each rank of the deck once, within its `max`."""
    return min(rule.deck_ranks, rule.max) if rule.max is not None else rule.deck_ranks


def _worth(search: Search, window: tuple[str, ...]) -> int:
    """A new run's worth toward a first meld's points, where it asks for points."""
    return search.judge.ruleset.scoring.run_value(window) if search.want_points else 0
