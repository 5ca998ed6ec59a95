"""The meld kinds, as a table: each kind judges its melds, enumerates new ones for the
planner, reads one on the table, and extends it by lay-offs. The judge (`referee.melds`) and
the planner (`referee.planner`) ask `KINDS[kind]`; a new kind is a new entry here.

The kinds meet the judge and the planner's search through the two small Protocols of
`referee.searching` (which also holds the values the search is made of: `Option`, `Table` and
the states of table melds), so they import neither.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from functools import lru_cache
from itertools import combinations
from types import MappingProxyType
from typing import TYPE_CHECKING, ClassVar

from referee.cards import JOKER, Card
from referee.i18n import continued, joined, rank_plural, suit_name, t, tn
from referee.kindwords import ColorWords, KindWords, RunWords, SetWords
from referee.meld import RUN_ORDER, Meld, run_windows, stood_rank
from referee.ruleset import MeldRule, Requirement
from referee.searching import (
    FIELD,
    FIRST,
    SUITS,
    B,
    Move,
    Option,
    RunLength,
    RunState,
    SetState,
    Table,
)
from referee.violations import Violation, listed

if TYPE_CHECKING:
    from referee.searching import KindJudge, Search

INF = 10**9
_RANK_AT = {r: i for i, r in enumerate(RUN_ORDER)}

Judged = tuple[Meld | None, list[Violation]]


# ---------------------------------------------------------------- the kinds

class MeldKind:
    """What the judge and the planner ask of a kind of meld: its name, its plural (the
    first-meld key that asks for it, `requirement_key(name)`), the options it reads and their
    defaults, its words, how it judges cards and how a lay-off grows it; then its planner half."""

    name = ""
    plural = ""
    options: ClassVar[Mapping[str, object]] = MappingProxyType({"min": 3, "max": None})
    words: KindWords = KindWords()

    def judge(self, judge: KindJudge, rule: MeldRule, cards: Sequence[Card], naturals: Sequence[Card],
              wilds: Sequence[Card], wild_limit: bool) -> Judged:
        """The meld these cards make as this kind, or what is wrong with them."""
        raise NotImplementedError

    def shaped(self, naturals: Sequence[Card]) -> bool:
        """Do these natural cards look like this kind (to report the nearer kind's faults)?
        Two natural cards or more that make a legal meld of this kind always look like it."""
        raise NotImplementedError

    def grow(self, judge: KindJudge, table: Meld, cards: Sequence[Card]) -> Judged:
        """The meld `cards` laid off on `table` make, or what is wrong with it, said of the
        meld on the table (a lay-off comes after the first meld: the later limits hold)."""
        return self._grown(judge, table, cards, True)

    def _grown(self, judge: KindJudge, table: Meld, cards: Sequence[Card], wild_limit: bool) -> Judged:
        combined, found = judge.judge((*table.cards, *cards), kind=self.name, wild_limit=wild_limit)
        if combined is None:
            return None, [Violation(v.code, self.words.adding(listed(cards), continued(v.message)), v.cards)
                          for v in found]
        return combined, []

    def new_melds(self, search: Search, i: int, t: int, counts: list[int], cap: int) -> Iterator[Option]:
        """New melds of this kind that hold card field `i` (of type `t`) and higher fields."""
        raise NotImplementedError

    def read_table(self, judge: KindJudge, cards: Sequence[Card], meld: Meld) -> Table:
        raise NotImplementedError

    def takes(self, table: Table, t: int) -> bool:
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


class SetKind(MeldKind):
    name, plural = "set", "sets"
    options = MappingProxyType({"min": 3, "max": None, "distinct_suits": False})
    words = SetWords()

    def judge(self, judge: KindJudge, rule: MeldRule, cards: Sequence[Card], naturals: Sequence[Card],
              wilds: Sequence[Card], wild_limit: bool) -> Judged:
        found = judge.common(rule, cards, naturals, wilds, wild_limit)
        rank = naturals[0].rank if naturals else None
        odd = tuple([c for c in naturals if c.rank != rank])
        if 2 * len(odd) >= len(naturals) > 0:  # the first card's rank is not more than half
            rank = _commonest_rank(naturals)
            odd = tuple([c for c in naturals if c.rank != rank])
        if odd:
            found.append(Violation("mixed_ranks", tn(
                "A set is cards of one rank; {cards} is not {rank}.",
                "A set is cards of one rank; {cards} are not {rank}.", len(odd),
                cards=listed(odd), rank=rank_plural(rank)), odd))
        if rule.distinct_suits:
            suits = Counter(c.suit for c in naturals)
            repeated = tuple(c for c in naturals if suits[c.suit] > 1)
            if repeated or len(cards) > len(judge.deck.suits):
                found.append(Violation("repeated_suit", t(
                    "In this game a set holds each suit at most once; {cards} repeat a suit.",
                    cards=listed(repeated)) if repeated else tn(
                    "In this game a set holds each suit at most once, so at most {n} card; this one has {count}.",
                    "In this game a set holds each suit at most once, so at most {n} cards; this one has {count}.",
                    len(judge.deck.suits), count=len(cards)),
                    repeated or tuple(cards)))
        if found:
            return None, found
        return Meld("set", tuple(cards), tuple((w, rank) for w in wilds)), []

    def shaped(self, naturals: Sequence[Card]) -> bool:
        return len({c.rank for c in naturals}) <= 1

    def grow(self, judge: KindJudge, table: Meld, cards: Sequence[Card]) -> Judged:
        # `lay_off.wilds_unlimited`: wild cards go onto a set beyond the limit per meld
        return self._grown(judge, table, cards, not judge.rules.lay_off.wilds_unlimited)

    def new_melds(self, search: Search, i: int, t: int, counts: list[int], cap: int) -> Iterator[Option]:
        rule = search.judge.rules.meld_rule("set")
        if rule is None:
            return
        field_of = search.field_of
        most = search.size_cap["set"]
        rank = t % 13
        choices: list[list[tuple[int, int]]] = []   # per suit: (packed, cards)
        for s in range(4):
            u = s * 13 + rank
            f = field_of.get(u)
            if f is None or f < i:
                continue
            have = counts[f] - (1 if f == i else 0)
            top = min(have, 1) if rule.distinct_suits else have
            if rule.distinct_suits and f == i:
                top = 0
            choices.append([(k << (B * f), k) for k in range(top + 1)])
        combos: list[tuple[int, int]] = [(1 << (B * i), 1)]
        for options in choices:
            combos = [(p + q, n + m) for p, n in combos for q, m in options]
        for packed, n in combos:
            if n > most:
                continue
            top = min(cap, most - n, rule.most - n)
            counts_j = range(max(0, rule.min - n), top + 1)
            cores = search.spare_wilds_go_on_sets and search.judge.all_wild
            if search.spare_wilds_go_on_sets:  # see moves(): spare wilds go on a set later
                top_spare = min(top, max(0, search.set_min_open - n))
                last = max(top_spare, search.set_min_open) if cores else top_spare
                counts_j = range(max(0, rule.min - n), min(last, search.total_wilds) + 1)
            for j in counts_j:
                phases = search.phases(j, n + j) if j <= top else 0
                worth = search.set_points(RUN_ORDER[rank], n + j)
                if phases:
                    yield Option(packed, j, "set", n + j, phases=phases, points=worth)
                if cores and j >= rule.min:
                    # Wild cards alone make the set, then these naturals are laid off on it:
                    # toward a first meld it counts as a set of the wild cards.
                    extra = ((FIRST if search.need_first_meld else 0) | search.later_bit) & ~phases
                    if extra:
                        yield Option(packed, j, "set", n + j, phases=extra, core=j,
                                     points=search.set_points(RUN_ORDER[rank], j))

    def read_table(self, judge: KindJudge, cards: Sequence[Card], meld: Meld) -> Table:
        naturals = meld.naturals()
        rule = judge.rules.meld_rule("set")
        distinct = bool(rule and rule.distinct_suits)
        return Table("set", rank=naturals[0].rank if naturals else None, wilds=len(meld.wilds),
                     suits=frozenset(c.suit or "" for c in naturals) if distinct else frozenset(),
                     size=len(cards), distinct=distinct, most=rule.most if rule else 10**6,
                     counted=bool(rule and (rule.distinct_suits or rule.max is not None)))

    def takes(self, table: Table, t: int) -> bool:
        return table.rank in (RUN_ORDER[t % 13], None)

    def takes_as_is(self, table: Table, rank: str) -> bool:
        return table.rank == rank and not table.counted

    def lay_offs(self, search: Search, i: int, k: int, table: Table, rest: int, w: int,
                 tstate: tuple[object, ...]) -> Iterator[Move]:
        t = search.types[i]
        one = 1 << (B * i)
        rank, suit = RUN_ORDER[t % 13], SUITS[t // 13]
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
        while later.wilds_fit(table.wilds + room + 1, size + room + 1) and room < 4 * search.judge.decks:
            room += 1
        return room


class RunKind(MeldKind):
    name, plural = "run", "runs"
    options = MappingProxyType({"min": 3, "max": None, "ace": "low", "suits": "same"})
    words = RunWords()

    def judge(self, judge: KindJudge, rule: MeldRule, cards: Sequence[Card], naturals: Sequence[Card],
              wilds: Sequence[Card], wild_limit: bool) -> Judged:
        found = judge.common(rule, cards, naturals, wilds, wild_limit)
        suit = _commonest_suit(naturals) if rule.suits == "same" else None  # `any`: no suit to hold
        odd = tuple(c for c in naturals if c.suit != suit) if rule.suits == "same" else ()
        if odd:
            found.append(Violation("mixed_suits", tn(
                "A run is cards of one suit; {cards} is not {suit}.",
                "A run is cards of one suit; {cards} are not {suit}.", len(odd),
                cards=listed(odd), suit=suit_name(suit)), odd))
        same = [c for c in naturals if c.suit == suit or rule.suits == "any"]
        doubled = tuple(c for c in same if Counter(x.rank for x in same)[c.rank] > 1)
        if doubled:
            found.append(Violation("not_consecutive", t(
                "A run holds each rank once; {cards} repeat a rank.", cards=listed(doubled)), doubled))
        if found:
            return None, found
        placed = self._place(rule, cards, same, wilds, suit)
        if placed is None:
            ace = ace_words(rule.ace)
            return None, [Violation("not_consecutive", tn(
                "{cards} cannot make one run of consecutive ranks with {n} wild card (ace {ace}).",
                "{cards} cannot make one run of consecutive ranks with {n} wild cards (ace {ace}).",
                len(wilds), cards=listed(same), ace=ace) if wilds else t(
                "{cards} cannot make one run of consecutive ranks (ace {ace}).", cards=listed(same), ace=ace),
                tuple(same))]
        return placed, []

    @staticmethod
    def _place(rule: MeldRule, cards: Sequence[Card], naturals: Sequence[Card],
               wilds: Sequence[Card], suit: str | None) -> Meld | None:
        """The run with each wild card placed: in its own place when it can, then above the
        natural cards. A wild card stands for a rank and the run's suit; in a run of any suits
        (`suits: any`) for a rank alone, and any card of that rank is in its own place."""
        have = {c.rank for c in naturals}
        best: tuple[tuple[int, int], Meld] | None = None
        target_suit = suit or (wilds[0].suit if wilds and wilds[0].suit else "S")
        if rule.suits == "any":
            target_suit = ""
        for window in run_windows(rule.ace, len(naturals) + len(wilds)):
            if not have <= set(window):
                continue
            missing = [r for r in window if r not in have]
            pool = list(wilds)
            stands: list[tuple[Card, str | None]] = []
            for r in list(missing):
                own = next((w for w in pool if w.rank == r and w.suit == (target_suit or w.suit)), None)
                if own is not None:
                    pool.remove(own)
                    missing.remove(r)
                    stands.append((own, f"{r}{target_suit}"))
            stands += [(w, f"{r}{target_suit}") for w, r in zip(pool, missing, strict=True)]
            lowest = min((window.index(r) for r in have), default=0)
            score = (len(stands) - len(pool), -sum(1 for r in missing if window.index(r) < lowest))
            if best is None or score > best[0]:
                order = {r: i for i, r in enumerate(window)}
                ordered = sorted(stands, key=lambda s: order[stood_rank(s[1])])
                best = (score, Meld("run", tuple(cards), tuple(ordered)))
        return best[1] if best else None

    def grow(self, judge: KindJudge, table: Meld, cards: Sequence[Card]) -> Judged:
        combined, found = self._grown(judge, table, cards, True)
        if combined is not None and judge.rules.wilds.fixed_when_melded and held_places(judge, table):
            return _around_fixed_wilds(judge, table, cards)
        return combined, found

    def shaped(self, naturals: Sequence[Card]) -> bool:
        ranks = {c.rank for c in naturals}
        if len(ranks) <= 1:
            return False
        places = [_RANK_POS.get(r, 99) for r in ranks]
        # distinct ranks in a stretch short enough to be one run (ace low): it looks like a run
        stretch = len(ranks) == len(naturals) and max(places) - min(places) < len(naturals) + 2
        return len({c.suit for c in naturals}) <= 1 or stretch

    def new_melds(self, search: Search, i: int, t: int, counts: list[int], cap: int) -> Iterator[Option]:
        rule = search.judge.rules.meld_rule("run")
        if rule is None:
            return
        # A run holds at most the suit's cards still to place (this one and higher) and the wild cards.
        suit = t // 13
        reach = sum(1 for u, f in search.field_of.items() if u // 13 == suit and f >= i) + cap
        for window in _windows_with(rule.ace, RUN_ORDER[t % 13], rule.min, min(search.size_cap["run"], reach)):
            worth = search.run_points(window)
            for packed, wild_n in _fill(window, t, i, search.field_of, cap):
                phases = search.phases(wild_n, len(window))
                if not phases:
                    continue
                if search.openings and phases & FIRST:
                    # Toward a first meld's points, part of the run may be laid down first, worth
                    # more, and the rest laid off on it (its wild cards move): the best such part.
                    ranks = frozenset(RUN_ORDER[search.types[f] % 13] for f in range(len(search.types))
                                      if (packed >> (B * f)) & FIELD)
                    found = _opening(search.judge, rule, ranks, wild_n, len(window))
                    if found is not None and found[0] > worth:
                        yield Option(packed, wild_n, "run", len(window), phases=phases, points=found[0],
                                     opening=found[1], opening_wilds=found[2])
                        continue
                yield Option(packed, wild_n, "run", len(window), phases=phases, points=worth)

    def read_table(self, judge: KindJudge, cards: Sequence[Card], meld: Meld) -> Table:
        naturals = meld.naturals()
        placed = {str(c) for c in naturals}
        ranks = [c.rank for c in naturals] + [str(stands)[:-1] for _, stands in meld.wilds]
        suit = next((c.suit for c in cards if str(c) in placed), None)  # None: wild cards only
        rule = judge.rules.meld_rule("run")
        window = next(w for w in run_windows(rule.ace if rule else "low", len(cards)) if set(w) == set(ranks))
        held = frozenset(str(stands)[:-1] for _, stands in meld.wilds if stands) \
            if judge.rules.wilds.fixed_when_melded else frozenset()
        return Table("run", suit=suit, window=window, wilds=len(meld.wilds), size=len(cards),
                     most=rule.most if rule else 13, naturals=frozenset(c.rank for c in naturals), held=held)

    def takes(self, table: Table, t: int) -> bool:
        return table.suit in (SUITS[t // 13], None)

    def lay_offs(self, search: Search, i: int, k: int, table: Table, rest: int, w: int,
                 tstate: tuple[object, ...]) -> Iterator[Move]:
        run = table.run_state(tstate[k])
        if run.suit not in (None, SUITS[search.types[i] // 13]):
            return
        guard, later = search.guard, search.later
        grown_by = search.extension_cache.get((i, k, run))
        for opt in self._extensions(search, i, k, run) if grown_by is None else grown_by:
            grown = opt.grows_to
            assert grown is not None
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
        t = search.types[i]
        own = RUN_ORDER[t % 13]
        out: list[Option] = []
        taken = run.naturals | run.held  # natural cards, and wild cards kept where they were melded
        if own in taken:
            search.extension_cache[key] = out
            return out
        rule = search.judge.rules.meld_rule("run")
        ace = rule.ace if rule else "low"
        most_add = rule.min - 1 if rule and search.judge.rules.wilds.all_wild else 14
        run_wilds = run.length - len(taken)  # the wild cards free to move
        suit_base = (t // 13) * 13
        field_of = search.field_of
        seen: set[tuple[int, int, frozenset[str], int]] = set()
        for length in range(run.length + 1, min(rule.most if rule else 13, run.length + 2 * most_add) + 1):
            for window in run_windows(ace, length):
                if own not in window or not taken <= set(window):
                    continue
                empty = [r for r in window if r not in taken and r != own]
                fillable = [(r, field_of[u]) for r in empty
                            if (u := suit_base + _RANK_AT[r]) in field_of and field_of[u] > i]
                to_fill = len(empty) - run_wilds  # places the hand fills, with cards or wilds
                for n in range(min(len(fillable), to_fill) + 1):
                    for chosen in combinations(fillable, n):
                        packed = (1 << (B * i)) + sum(1 << (B * f) for _, f in chosen)
                        naturals = run.naturals | {own} | {r for r, _ in chosen}
                        seen_key = (packed, to_fill - n, naturals, length)
                        if seen_key not in seen:
                            seen.add(seen_key)
                            out.append(Option(packed, to_fill - n, None, 0, k,
                                              RunState(naturals, length, SUITS[t // 13], run.held)))
        search.extension_cache[key] = out
        return out

    def wild_room(self, search: Search, table: Table, state: object) -> int:
        if isinstance(state, RunLength):
            length, wilds = state
        else:
            run = table.run_state(state)
            length, wilds = run.length, run.length - len(run.naturals)
        room = 0
        while length + room < min(13, table.most) and search.later.wilds_fit(wilds + room + 1, length + room + 1):
            room += 1
        return room


class ColorKind(MeldKind):
    """Cards of one suit, of any ranks (Phase 10's "seven of one colour"); a card may repeat
    where several decks are in play. A wild card stands for the suit."""

    name, plural = "color", "colors"
    words = ColorWords()

    def judge(self, judge: KindJudge, rule: MeldRule, cards: Sequence[Card], naturals: Sequence[Card],
              wilds: Sequence[Card], wild_limit: bool) -> Judged:
        found = judge.common(rule, cards, naturals, wilds, wild_limit)
        suit = _commonest_suit(naturals)
        odd = tuple(c for c in naturals if c.suit != suit)
        if odd:
            found.append(Violation("mixed_suits", tn(
                "A meld of one suit is cards of one suit; {cards} is not {suit}.",
                "A meld of one suit is cards of one suit; {cards} are not {suit}.", len(odd),
                cards=listed(odd), suit=suit_name(suit)), odd))
        if found:
            return None, found
        return Meld("color", tuple(cards), tuple((w, suit) for w in wilds)), []

    def shaped(self, naturals: Sequence[Card]) -> bool:
        return len({c.suit for c in naturals}) <= 1


KINDS: dict[str, MeldKind] = {"set": SetKind(), "run": RunKind(), "color": ColorKind()}


def words_of(kind: str) -> KindWords:
    """A kind's words; the words for any meld where the table has no such kind."""
    return KINDS[kind].words if kind in KINDS else KindWords()


def requirement_words(req: Requirement) -> str:
    """A first meld's requirement in words, each kind's sizes in its own (`2 sets of 3 and 1
    run of 4`, `1 set of 4 and 1 set of 3` where the sizes differ), in the table's order."""
    parts = []
    for kind in sorted((k for k, _ in req.sized), key=table_order):
        sizes = req.sizes(kind)
        words = words_of(kind)
        counts = [(len(sizes), sizes[0])] if len(set(sizes)) == 1 else [(1, size) for size in sizes]
        parts.append(joined([words.sized(n, size) for n, size in counts]))
    if req.melds:
        parts.append(tn("{n} meld", "{n} melds", req.melds))
    pure, runs = req.pure_of("run"), req.sizes("run")
    if pure and not runs:
        parts.append(tn("{n} run without a wild card", "{n} runs without a wild card", pure))
    text = joined(parts)
    if pure and runs:
        text = tn("{text}, {n} of them without a wild card", "{text}, {n} of them without a wild card",
                  pure, text=text)
    if req.points:
        text = tn("{text} worth at least {n} point", "{text} worth at least {n} points", req.points, text=text) \
            if text else tn("melds worth at least {n} point", "melds worth at least {n} points", req.points)
    return text or t("nothing")


def table_order(kind: str) -> int:
    """Where a kind stands in the table (sets first); a kind it lacks, last."""
    return list(KINDS).index(kind) if kind in KINDS else len(KINDS)


# ---------------------------------------------------------------- helpers

def _opening(judge: KindJudge, rule: MeldRule, ranks: frozenset[str], wilds: int,
             size: int) -> tuple[int, frozenset[str], int] | None:
    """The run worth most that part of a run (natural `ranks`, `wilds` wild cards) makes when
    laid down alone, as the judge reads it: its points, its natural ranks and wild cards."""
    return _opening_cached(judge, rule, ranks, wilds, size)


@lru_cache(maxsize=8192)
def _opening_cached(judge: KindJudge, rule: MeldRule, ranks: frozenset[str], wilds: int,
                    size: int) -> tuple[int, frozenset[str], int] | None:
    from referee.meld import meld_points  # values of a placed meld
    best: tuple[int, frozenset[str], int] | None = None
    stand_in = Card(JOKER)
    for length in range(rule.min, size + 1):
        for window in run_windows(rule.ace, length):
            part = ranks & frozenset(window)
            extra = length - len(part)
            if not part or extra > wilds or (part == ranks and extra == wilds):
                continue
            naturals = [Card(r, "C") for r in part]
            placed = RunKind._place(rule, naturals + [stand_in] * extra, naturals, [stand_in] * extra, "C")
            if placed is None or _read_as_other_kind(judge, naturals, [stand_in] * extra):
                continue
            worth = meld_points(judge.ruleset.scoring, placed)
            if best is None or worth > best[0]:
                best = (worth, part, extra)
    return best


def _read_as_other_kind(judge: KindJudge, naturals: list[Card], wilds: list[Card]) -> bool:
    """Would the table read these cards as a kind judged before runs (one natural card and
    wild cards make a set as well)? Then nothing can be laid off on them as on a run."""
    for kind in judge.kind_order:
        if kind == "run":
            return False
        meld, _ = KINDS[kind].judge(judge, judge.kinds[kind], naturals + wilds, naturals, wilds, True)
        if meld is not None:
            return True
    return False


@lru_cache(maxsize=4096)
def _windows_with(ace: str, rank: str, least: int, most: int) -> tuple[tuple[str, ...], ...]:
    return tuple(w for n in range(least, min(most, 14) + 1) for w in run_windows(ace, n) if rank in w)


def _fill(positions: tuple[str, ...], t: int, i: int, field_of: dict[int, int],
          cap: int) -> Iterator[tuple[int, int]]:
    """Ways to fill run positions: card type `t` (field `i`) takes its own rank; each other
    rank takes a natural card of the suit with a higher type, or a wild card."""
    suit_base = (t // 13) * 13
    own = RUN_ORDER[t % 13]
    fields: list[int | None] = []
    for r in positions:
        if r == own:
            continue
        u = suit_base + _RANK_AT[r]
        f = field_of.get(u)
        fields.append(f if f is not None and f > i else None)
    if sum(1 for f in fields if f is None) > cap:
        return
    start = 1 << (B * i)

    def go(k: int, packed: int, wilds: int) -> Iterator[tuple[int, int]]:
        if wilds > cap:
            return
        if k == len(fields):
            yield packed, wilds
            return
        f = fields[k]
        if f is not None:
            yield from go(k + 1, packed + (1 << (B * f)), wilds)
        yield from go(k + 1, packed, wilds + 1)

    yield from go(0, start, 0)


_RANK_POS = {r: i for i, r in enumerate(RUN_ORDER)}


def _commonest_suit(cards: Sequence[Card]) -> str | None:
    """The suit most of these cards have (a tie: the later suit letter); None for no card."""
    suits = Counter(c.suit for c in cards)
    return max(suits, key=lambda s: (suits[s], s or "")) if suits else None


def held_places(judge: KindJudge, meld: Meld) -> list[tuple[Card, Card]]:
    """A run's wild cards that stand for a card, and that card (`wilds.fixed_when_melded`
    keeps them there); a run of wild cards only stands for none. In a run of any suits a wild
    card stands for a rank: its card is of the first suit that leaves the cards distinct."""
    out = []
    for wild, stands in meld.wilds:
        if not stands:
            continue
        rank = stood_rank(stands)
        if rank != stands:
            out.append((wild, Card.parse(stands)))
            continue
        suit = next((s for s in judge.deck.suits if Card(rank, s) not in meld.cards), judge.deck.suits[0])
        out.append((wild, Card(rank, suit)))
    return out


def _around_fixed_wilds(judge: KindJudge, table: Meld, cards: Sequence[Card]) -> Judged:
    """The run `cards` make laid on `table` with its wild cards kept where they were melded
    (`wilds.fixed_when_melded`): the cards are judged with each such wild card's place
    taken by the card it stands for. None and the refusal where they cannot fit around it."""
    held = held_places(judge, table)
    wild_cards = [w for w, _ in held]
    stand_ins = [c for _, c in held]
    refusal = Violation("not_consecutive", t(
        "Adding {cards} to the run: in this game a wild card stays the card it was melded as ({wilds} for "
        "{stands}), and these cards do not fit around it.", cards=listed(cards), wilds=listed(wild_cards),
        stands=listed(stand_ins)), tuple(cards))
    taken = set(stand_ins)
    if any(c in taken for c in cards):  # a natural card where a wild card stands
        return None, [refusal]
    fixed = list(table.cards)
    for wild in wild_cards:
        fixed.remove(wild)
    placed, _ = judge.judge([*fixed, *stand_ins, *cards], kind="run", wild_limit=False)
    if placed is None:
        return None, [refusal]
    window = [r for r in placed.ranks() if r is not None]
    wilds = sorted([*table.wilds, *placed.wilds], key=lambda w: window.index(stood_rank(w[1])))
    return Meld("run", (*table.cards, *cards), tuple(wilds)), []


def _commonest_rank(cards: Sequence[Card]) -> str | None:
    """The rank most of these cards have; a tie goes to the lower rank."""
    ranks: dict[str, int] = {}
    for c in cards:
        ranks[c.rank] = ranks.get(c.rank, 0) + 1
    rank, most = None, 0
    for r, n in ranks.items():
        if n > most or (n == most and _RANK_POS.get(r, 99) < _RANK_POS.get(rank or "", 99)):
            rank, most = r, n
    return rank


def ace_words(ace: str) -> str:
    """Where a run's ace may stand, in words: low, high, low or high, around."""
    return {"low": t("low"), "high": t("high"), "low-or-high": t("low or high"), "around": t("around")}[ace]
