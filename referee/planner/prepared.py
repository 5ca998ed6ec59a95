"""What one search knows before it walks: the hand's card fields, the table melds, the rules
as the walk reads them, and the new melds each field may start (made when first asked)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache

from referee.checks.judge import Judge
from referee.kinds.geometry import Geometry, geometry_for
from referee.kinds.searching import FIRST, LATER, Option, Table
from referee.kinds.table import most_of
from referee.planner.halves import planner_of, spare_kind
from referee.rules.ruleset import Progress
from referee.values.budget import Budget

INF = 10**9


@lru_cache(maxsize=256)
def judge_geometry(judge: Judge) -> Geometry:
    """The geometry of a judge's deck with its decks in play (a judge is built once a round)."""
    return geometry_for(judge.deck, judge.decks)


@dataclass
class Prepared:
    """A search's fields and precomputed options; `prepare` fills them once the hand is read."""

    judge: Judge
    geometry: Geometry                    # the deck's card types and packed fields
    types: list[int]                      # card type (`Geometry.index`) of each packed field
    cost_of: list[int]                    # cost of one card of each field
    wild_costs: list[int]                 # prefix sums of wild costs, cheapest first
    tables: list[Table]
    lay_offs_ok: bool                     # lay-offs on the table's melds
    lay_offs_allowed: bool                # lay-offs at all (also on this plan's own melds)
    need_first_meld: bool
    wilds_unlimited: bool
    later: Judge                          # judges melds made after the first meld
    guard: int = 0
    bits: int = 0                         # bits a packed field (`Geometry.bits`)
    as_wild: list[bool] = field(default_factory=list)  # fields whose cards may serve as wild cards
    openings: bool = False                # runs may count a part laid down first (see prepare)
    pure_runs_only: bool = False          # melds are runs without a wild card, nothing else
    want_points: bool = False
    options: list[list[Option] | None] = field(default_factory=list)
    counts: list[int] = field(default_factory=list)
    cap: int = 0
    free: list[bool] = field(default_factory=list)   # a table set takes this card as it is
    memo: dict[tuple[object, ...], tuple[int, tuple[object, ...] | None]] = field(default_factory=dict)
    spare_wilds_later: bool = False  # any number of wilds may be laid off on a set
    size_cap: dict[str, int] = field(default_factory=dict)
    total_wilds: int = 0
    spare_kind: str = ""                  # the kind spare wild cards go on later (`spare_wilds`), if any
    spare_min: int = 0                      # its minimum, and the most an open first meld asks of it
    spare_min_open: int = 0
    hand_size: int = 0
    budget: Budget = field(default_factory=Budget)
    discard: str | None = None            # going out: "optional" or "required" final discard
    may_discard: list[bool] = field(default_factory=list)  # per field: may be the final discard
    rank_fields: list[int] = field(default_factory=list)   # per field: its rank's fields, packed (one set a rank)
    whole_rank_kind: str = ""             # the kind of which a side holds one meld a rank (`one_per_rank`)
    whole_rank_max: int = 10**9           # and its most cards: a full one may leave cards for another
    field_of: dict[int, int] = field(default_factory=dict)
    tables_for: list[list[int]] = field(default_factory=list)   # table melds each field may join
    run_suit: list[int] = field(default_factory=list)           # suit of each table meld `by_suit`, else -1
    runs_below: list[tuple[int, ...]] = field(default_factory=list)  # per field: table runs of lower suits
    forgets: list[Callable[[object, int], object]] = field(default_factory=list)  # per table meld: its kind's `forget`
    extension_cache: dict[tuple[object, ...], list[Option]] = field(default_factory=dict)
    room_cache: dict[tuple[int, object], int] = field(default_factory=dict)  # wild cards a table meld takes, by state
    pure_windows: tuple[int, ...] = ()    # the smallest runs without a wild card the hand holds

    # ---------------------------------------------------------------- precomputed options
    def prepare(self, counts: list[int], total_wilds: int, requirement: Progress) -> None:
        geometry = self.geometry
        bits = self.bits = geometry.bits
        self.guard = sum((1 << (bits - 1)) << (bits * i) for i in range(len(self.types)))
        rules = self.judge.rules
        self.want_points = requirement.points > 0
        # A run's part may count toward the points, the rest laid off in the same turn, where
        # own lay-offs follow the first meld at once, no wild-card limit binds them, and wild
        # cards may move (the rest laid off may move them).
        self.openings = (self.want_points and self.need_first_meld and self.lay_offs_allowed
                         and self.judge.limit is None and self.later.limit is None
                         and self.later.per_cards is None and not rules.wilds.fixed_when_melded)
        first, later = rules.wilds.max_per_meld, self.later.limit
        if self.later.per_cards is not None or first is None or later is None:
            cap = total_wilds
        else:
            cap = min(total_wilds, max(first, later) if self.need_first_meld else later)
        if self.pure_runs_only:
            cap = 0
        self.field_of = {t: i for i, t in enumerate(self.types)}
        self.run_suit = [geometry.suit_at[tb.suit] if planner_of(tb.kind).by_suit and tb.suit else -1
                         for tb in self.tables]
        below = [tuple(k for k, s in enumerate(self.run_suit) if 0 <= s < suit)
                 for suit in range(len(geometry.suits))]
        self.runs_below = [below[geometry.suit_of(t)] for t in self.types]
        self.forgets = [planner_of(tb.kind).forget for tb in self.tables]
        self.total_wilds = total_wilds
        self.spare_kind = spare_kind(self.judge)
        spare_rule = rules.meld_rule(self.spare_kind) if self.spare_kind else None
        self.spare_min = spare_rule.min if spare_rule is not None else 0
        self.spare_min_open = max(self.spare_min, *requirement.sizes(self.spare_kind), 0)
        for kind in self.judge.kind_order:
            rule = rules.meld_rule(kind)
            if rule is not None:
                self.size_cap[kind] = min(most_of(rule), self._longest(rule.min, requirement.sizes(kind)))
        self.counts, self.cap = counts, cap
        self.options = [None] * len(self.types)  # each field's, made when the search first needs them
        wild_ok = rules.discard_wild
        self.whole_rank_kind = next((m.kind for m in rules.melds if m.one_per_rank), "")
        whole = rules.meld_rule(self.whole_rank_kind) if self.whole_rank_kind else None
        self.whole_rank_max = whole.max if whole is not None and whole.max is not None else 10**9
        full = geometry.most
        for card_type in self.types:  # a new meld of such a kind takes every card of its rank still to place
            rank = geometry.rank_of(card_type)
            self.rank_fields.append(sum(full << (geometry.bits * f) for f, u in enumerate(self.types)
                                        if geometry.rank_of(u) == rank) if self.whole_rank_kind else 0)
        for card_type in self.types:
            rank = geometry.rank_of(card_type)
            self.may_discard.append(wild_ok or rank not in self.judge.wild_ranks)  # a 2 in its place too
            self.free.append(self.lay_offs_ok and not self.need_first_meld and any(
                planner_of(tb.kind).takes_as_is(tb, rank) for tb in self.tables))
            self.tables_for.append([k for k, tb in enumerate(self.tables)
                                    if planner_of(tb.kind).takes(geometry, tb, card_type)]
                                   if self.lay_offs_ok else [])
        # Every meld without a wild card a first meld counts holds one of the shortest such melds.
        windows: set[int] = set()
        for kind, _ in requirement.pure:
            pure_rule = rules.meld_rule(kind)
            if pure_rule is not None:
                windows |= planner_of(kind).pure_windows(self, pure_rule)
        self.pure_windows = tuple(windows)

    def options_of(self, i: int) -> list[Option]:
        """The new melds field `i`'s card may start, most cards first."""
        opts = self.options[i]
        if opts is None:
            seen: set[tuple[int, int, str, int, int, int]] = set()
            opts = []
            kinds = self.judge.kind_order
            for kind in [k for k in kinds if planner_of(k).pure_counts] if self.pure_runs_only else kinds:
                for opt in planner_of(kind).new_melds(self, i, self.types[i], self.counts, self.cap):
                    self._add(opts, seen, opt)
            opts.sort(key=lambda o: (-o.size + o.wilds, o.wilds))
            self.options[i] = opts
        return opts

    def pure_run_left(self, rest: int) -> bool:
        """Do the cards still to place hold a run without a wild card?"""
        guard = self.guard
        return any(((rest | guard) - p) & guard == guard for p in self.pure_windows)

    @staticmethod
    def _add(opts: list[Option], seen: set[tuple[int, int, str, int, int, int]], opt: Option) -> None:
        key = (opt.packed, opt.wilds, opt.kind or "", opt.size, opt.core, opt.points)
        if key not in seen:
            seen.add(key)
            opts.append(opt)

    def spend(self, steps: int = 1) -> None:
        """Count steps of enumerating melds against the request's budget."""
        self.budget.spend(self.hand_size, steps)

    def _longest(self, least: int, open_sizes: tuple[int, ...]) -> int:
        """The longest meld worth trying: one of twice the minimum splits into two legal melds
        (when all-wild melds are allowed), and one of a first-meld size and the minimum splits
        into that size and a legal meld. Else the places of a suit (a longer set splits into
        two sets that hold a natural card each)."""
        if not self.judge.rules.wilds.all_wild:
            return self.geometry.places
        # A first-meld meld of size s plus a remainder too short to stand alone: s + least - 1.
        return max([2 * least - 1, *(s + least - 1 for s in open_sizes)])

    @property
    def wild_discard(self) -> bool:
        """May a wild card be the final discard (`going_out.discard_wild`)?"""
        return self.judge.rules.discard_wild

    def phases(self, wilds: int, size: int) -> int:
        """When a new meld of `size` cards holding `wilds` wild cards (and a natural) is legal."""
        if wilds and (size - wilds < self.judge.min_naturals or (self.judge.no_more_than_naturals and 2 * wilds > size)):
            return 0  # too few natural cards beside its wild cards (Canasta's two; Hand and Foot's as many)
        first = self.need_first_meld and (self.judge.limit is None or wilds <= self.judge.limit)
        return (FIRST if first else 0) | (self.later_bit if self.later.wilds_fit(wilds, size) else 0)

    @property
    def later_bit(self) -> int:
        """LATER where new melds may follow the first meld, else nothing."""
        return LATER if self.judge.rules.later_melds else 0

