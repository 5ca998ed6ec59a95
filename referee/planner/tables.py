"""The direct path's tables for one round's judge and one way of counting (`_Ready`, built
once by `_ready`): each natural card's bit, each suit's answers by suit mask, the points a
suit mask leaves, and each rank's ways to make a set. The masks are the deck's
(`referee.kinds.geometry.Geometry`): a place a rank, and one more for the first rank played high. Entries are made on first use and kept in plain dicts, which the readers
(`referee.planner.direct`, `referee.planner.deadwood`) read by subscript."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from itertools import combinations

from referee.checks.judge import Judge
from referee.kinds.geometry import (
    SuitMasks,
    dead_points,
    geometry_for,
    mask_points,
    outside_stretches,
    stretches,
    suit_masks,
    suit_tables,
)
from referee.kinds.table import one_rank_kind, ordered_kind
from referee.planner.halves import by_masks
from referee.planner.prepared import judge_geometry
from referee.rules.ruleset import Ruleset
from referee.values.cards import Card

INF = 10**9
CARDS_KEPT = 4096  # hand masks' cards kept for each round's judge
# Where the service's start (`arrange.warm_up`) and the tables' tests read the deck's tables.
_masks, _suit_tables, _outside_stretches, _dead_points, _mask_points = (
    suit_masks, suit_tables, outside_stretches, dead_points, mask_points)
SuitAnswer = tuple[int, tuple[Card, ...], tuple[tuple[Card, ...], ...]]


class _Suit:
    """One suit's answers by suit mask, each made on first use (`made`) and kept in `entries`,
    a plain dict (read by subscript, the quickest a dict is read): the points of the cards that
    stay in hand, those cards, and the runs the others make (lowest first). The deck's first
    rank (an ace) is placed high or low as the run rule allows, where it leaves fewer points
    (low on a tie)."""

    __slots__ = ("ace", "cards", "dead", "entries", "high_place", "least", "mask_points")

    def __init__(self, cards: tuple[tuple[Card, ...], ...], values: tuple[int, ...],
                 least: int | None, ace: str, high_place: int) -> None:
        self.cards, self.least, self.ace, self.high_place = cards, least, ace, high_place
        self.mask_points = mask_points(values)
        self.dead = outside_stretches(least, len(values)) if least is not None else None
        self.entries: dict[int, SuitAnswer] = {}

    def made(self, m: int) -> SuitAnswer:
        placed = _placed(m, self.dead, self.mask_points, self.ace, self.high_place)
        kept = self.dead[placed] if self.dead is not None else placed
        runs = tuple(self.cards[run] for run in stretches(placed & ~kept))
        answer = self.entries[m] = (self.mask_points[kept], self.cards[kept], runs)
        return answer


class _Points(dict[int, int]):
    """The points a suit mask leaves in hand, made on first use (`_placed`)."""

    def __init__(self, values: tuple[int, ...], least: int | None, ace: str, high_place: int) -> None:
        super().__init__()
        self.ace, self.high_place, self.mask_points = ace, high_place, mask_points(values)
        self.dead = outside_stretches(least, len(values)) if least is not None else None

    def __missing__(self, m: int) -> int:
        placed = _placed(m, self.dead, self.mask_points, self.ace, self.high_place)
        points = self[m] = self.mask_points[self.dead[placed] if self.dead is not None else placed]
        return points


def _placed(m: int, dead: tuple[int, ...] | None, points: tuple[int, ...], ace: str, high_place: int) -> int:
    """A suit mask with its first rank (place 0, an ace) where it leaves fewer points: moved to
    `high_place` under ace "high", either way under "low-or-high" (low on a tie), never under "low"."""
    if dead is None or ace == "low" or not m & 1:
        return m
    high = (m & ~1) | high_place
    if ace == "high" or points[dead[high]] < points[dead[m]]:
        return high
    return m


class _Cards(dict[int, tuple[Card, ...]]):
    """The cards at a hand mask's bits (lowest suit first), made on first use; a bounded number
    kept (`CARDS_KEPT`), as every hand has a mask of its own."""

    def __init__(self, masks: SuitMasks) -> None:
        super().__init__()
        self.masks = masks

    def __missing__(self, m: int) -> tuple[Card, ...]:
        if len(self) >= CARDS_KEPT:
            self.clear()
        cards = self[m] = self.masks.cards_of(m)
        return cards


def _choices_made(ready: _Ready, key: int, largest_first: bool) -> tuple[int, ...]:
    """`_set_choices` of one rank's cards and those of them a set may leave out, by the one
    number of the two (the cards `key_shift` bits up, then those left out), kept in
    `ready.choices`: smallest first, as a plan tries them; or in `ready.largest_first`, where
    only the points matter (the sets that keep least tend to come first, and the ways after
    them stop sooner: see `_best_way`)."""
    shift = ready.key_shift
    options = _set_choices(key >> shift, key & ((1 << shift) - 1), ready.set_min)
    if largest_first:
        options = ready.largest_first[key] = options[::-1]
    else:
        ready.choices[key] = options
    return options


class _Ready:
    """What the direct path reads for one round's judge and one way of counting (points, or
    "cards": each card 1), built once (`_ready`): whether the path holds, each card's bit,
    the suits' answers, and what choosing sets needs."""

    __slots__ = (
        "at_least",
        "bit_of",
        "by_runs",
        "cards_of",
        "choices",
        "cost",
        "first_meld",
        "floor",
        "full",
        "hand_full",
        "holds",
        "key_shift",
        "lane_column",
        "largest_first",
        "not_highest",
        "not_lowest",
        "places",
        "points",
        "run_shifts",
        "run_starts",
        "set_min",
        "suit_made",
        "suits",
        "tops",
        "two_sets",
        "with_runs",
        "without_table",
        "wrap",
    )
    holds: bool            # the rules are this path's: sets, runs of one suit, no wild cards
    without_table: bool    # a table is no matter: these rules refuse every lay-off
    first_meld: bool       # a first meld is due before melds count: the search answers
    bit_of: Callable[[Card], int]  # a natural card -> its bit in a hand mask, and one in its rank's lane
    #                                above the hand mask (KeyError for any other card)
    hand_full: int         # the hand mask's bits of a sum of `bit_of`; above them, the lanes
    cost: dict[Card, int]  # what each natural card costs left in hand
    places: int            # the bits of one suit in a hand mask
    full: int              # one suit's places
    suits: tuple[dict[int, SuitAnswer], ...]  # each suit's answers by suit mask, lowest suit first
    suit_made: dict[int, Callable[[int], SuitAnswer]]  # by a suit's answers (`id`): the answer made and kept
    by_runs: bool          # a set leaves out only cards in a run of the whole hand (see `_with_sets`)
    run_shifts: tuple[int, ...]  # 1 up to the fewest cards of a run less one (where `by_runs`)
    run_starts: int        # the places where a run of that many may start within its suit
    tops: int              # the top bit of every lane, above the hand mask (0 when no set can be made)
    at_least: int          # added to the lanes: a rank with cards enough for a set sets its top bit
    two_sets: int | None   # the same for two sets of one rank, where the suits allow two
    with_runs: bool        # the round has runs (a set may leave out cards for them)
    not_lowest: int        # every place but each suit's first
    not_highest: int       # every place but each suit's last
    wrap: tuple[int, int, int] | None  # (top rank, first rank's cards, top rank's): a high first rank's neighbour
    lane_column: dict[int, int]  # a lane's top bit -> its rank's cards across the suits
    floor: int | float     # the fewest points a hand can keep (0; card values are never negative)
    set_min: int           # the fewest cards of a set
    choices: dict[int, tuple[int, ...]]  # each rank's ways to make a set, as found (`_choices_made`)
    largest_first: dict[int, tuple[int, ...]]  # the same, the largest set first (only the points matter)
    key_shift: int         # the bits of a hand mask (where `choices` reads a rank's cards)
    points: _Points | tuple[int, ...]  # the points a suit mask leaves in hand
    cards_of: _Cards       # the cards of a hand mask


_READY: dict[tuple[Judge, str], _Ready] = {}


def _ready(judge: Judge, objective: str) -> _Ready:
    """The judge's tables for `objective`, built and kept (a bounded number of rounds)."""
    ready = _Ready()
    rules = judge.rules
    set_rule, run_rule = judge.kinds.get(one_rank_kind(judge.kinds)), judge.kinds.get(ordered_kind(judge.kinds))
    ready.holds = judge.direct_path and by_masks(judge) and (run_rule is None or run_rule.ace != "around")
    ready.without_table = rules.lay_off.refusal(True, judge.table_is_others) is not None
    ready.first_meld = not rules.first_meld.empty
    masks, bits = _judge_masks(judge)
    geometry = masks.geometry
    ready.places, ready.full = masks.places, masks.full
    # Summing the cards' numbers gives the hand mask and, above it, each rank's cards in its
    # lane (`SuitMasks.spread`): the lanes never reach their top bits, and a repeated card's
    # carry shows in the hand mask's bit count.
    lanes_at = masks.places * len(geometry.suits)
    ready.hand_full = (1 << lanes_at) - 1
    lane = {r: 1 << (lanes_at + masks.width * p) for r, p in geometry.rank_at.items()}
    ready.bit_of = {c: bit | lane[c.rank] for c, bit in bits.items()}.__getitem__
    ruleset = judge.ruleset
    ready.cost = {c: 1 if objective == "cards" else ruleset.scoring.value(c) for c in bits}
    values = _place_values(ruleset, objective)
    least = run_rule.min if run_rule is not None else None
    ace = run_rule.ace if run_rule is not None else "low"  # where the first rank stands (`run_windows`)
    high_place = 1 << geometry.ranks
    made = [_Suit(cards, values, least, ace, high_place) for cards in masks.suit_cards]
    ready.suits = tuple(suit.entries for suit in made)
    ready.suit_made = {id(suit.entries): suit.made for suit in made}
    ready.by_runs = least is not None and least >= 2 and ace == "low" and min(values) > 0
    ready.run_shifts = tuple(range(1, least or 0))
    ready.run_starts = sum(1 << (at + p) for at in masks.shifts for p in range(masks.places - (least or 0) + 1))
    # Under ace "low" the table of points outside runs is the one a service builds at start.
    ready.points = dead_points(values, least) if least is not None and ace == "low" else \
        _Points(values, least, ace, high_place)
    suits = len(geometry.suits)
    ready.tops, ready.at_least, ready.two_sets = 0, 0, None
    if set_rule is not None and set_rule.min <= suits:
        ready.tops, ready.at_least = masks.tops << lanes_at, masks.offsets[set_rule.min] << lanes_at
        if 2 * set_rule.min <= suits:
            ready.two_sets = masks.offsets[2 * set_rule.min] << lanes_at
    ready.key_shift = ready.hand_full.bit_length()
    ready.set_min = set_rule.min if set_rule is not None else 0
    ready.choices, ready.largest_first = {}, {}
    ready.with_runs = run_rule is not None
    ready.not_lowest, ready.not_highest = ~geometry.lowest_places, ~geometry.highest_places
    top = geometry.ranks - 1
    ready.wrap = None
    if run_rule is not None and run_rule.ace != "low":
        ready.wrap = (top, geometry.rank_columns[0], geometry.rank_columns[top])
    ready.lane_column = {1 << (lanes_at + masks.width * (p + 1) - 1): geometry.rank_columns[p]
                         for p in range(geometry.ranks)}
    ready.floor = 0 if min(values) >= 0 else -INF
    ready.cards_of = _Cards(masks)
    if len(_READY) >= 1024:  # judges are kept a bounded number too (`judge_for`)
        _READY.clear()
    _READY[judge, objective] = ready
    return ready


@lru_cache(maxsize=256)
def _place_values(ruleset: Ruleset, objective: str) -> tuple[int, ...]:
    """What a card left in hand costs, by place of a suit mask (the deck's ranks, then the first rank high)."""
    places = geometry_for(ruleset.deck, 1).place_ranks
    if objective == "cards":
        return tuple(1 for _ in places)
    return tuple(ruleset.scoring.values.get(r, 0) for r in places)


@lru_cache(maxsize=256)
def _judge_masks(judge: Judge) -> tuple[SuitMasks, dict[Card, int]]:
    """The judge's suit masks, and its deck's natural (not wild) cards each with its bit in them."""
    geometry = judge_geometry(judge)
    bits = {Card(r, suit): 1 << (geometry.places * s + geometry.rank_at[r])
            for s, suit in enumerate(geometry.suits) for r in geometry.order if r not in judge.wild_ranks}
    return suit_masks(geometry), bits


@lru_cache(maxsize=4096)
def _set_choices(full: int, near: int, least: int) -> tuple[int, ...]:
    """The ways to use one rank's cards (`full`) in a set: none, when enough of them can sit
    in runs (`near`: those with a same-suit neighbour in hand), or a set of at least `least`
    that leaves out only cards that can. Smallest first; the last is all the cards."""
    options = tuple(m for m in _sets_within(full, least) if (full ^ m) & near == full ^ m)
    return (0, *options) if near.bit_count() > full.bit_count() - least else options


@lru_cache(maxsize=1024)
def _sets_within(cards: int, least: int) -> tuple[int, ...]:
    """Every set of at least `least` of these cards of one rank (bit masks), smallest first."""
    bits = []
    while cards:
        low = cards & -cards
        bits.append(low)
        cards ^= low
    return tuple(sum(c) for n in range(least, len(bits) + 1) for c in combinations(bits, n))
