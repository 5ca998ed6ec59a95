"""The exact answer without a search, for a hand with no wild card and no repeated card and
no table to lay off on: each suit a bit mask, sets chosen rank by rank, runs read off tables
of stretches built once. The masks are the deck's (`referee.geometry.Geometry`): a place a
rank, and one more for a high ace where the deck's first rank is A.

`direct` is the one entry: it finds the round's `_Ready` tables (built once a judge and a way
of counting) and reads the hand through them, so that a hand without a set to choose costs a
lookup a card and one a suit."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from itertools import combinations

from referee.cards import Card
from referee.geometry import (
    SuitMasks,
    dead_points,
    geometry_for,
    mask_points,
    outside_stretches,
    stretches,
    suit_masks,
    suit_tables,
)
from referee.kinds import one_rank_kind, ordered_kind
from referee.melds import Judge
from referee.planner.kinds import by_masks
from referee.planner.plan import Arrangement, Plan, limited
from referee.planner.prepared import judge_geometry
from referee.ruleset import Ruleset

INF = 10**9
# Where the service's start (`arrange.warm_up`) and the tables' tests read the deck's tables.
_masks, _suit_tables, _outside_stretches, _dead_points, _mask_points = (
    suit_masks, suit_tables, outside_stretches, dead_points, mask_points)
SuitAnswer = tuple[int, tuple[Card, ...], tuple[tuple[Card, ...], ...]]
_new = tuple.__new__  # a named tuple made from its fields at once, without its Python `__new__`
# The most ways of choosing sets read here, one after another; a hand with more (many ranks each
# holding several cards) goes to the search, which its request's budget bounds.
MOST_WAYS = 4096

# A plan's fields after its melds, lay-offs and cards left are written out below as a literal
# (quicker than unpacking them): they are its defaults, no discard and no first meld.
assert Plan()[3:] == (None, (), None), Plan()


def direct(ruleset: Ruleset, judge: Judge, hand: Sequence[Card], table: Sequence[object],
           first_meld_done: bool, objective: str, score: int | None, discard: str | None) -> Arrangement | None:
    """The best arrangement of a hand with no wild card and no repeated card, read off the
    round's tables, with the final discard (`discard` "optional") and the hand limit; None
    when the hand or the rules are outside this case (the search answers then).

    The sets: at most one a rank, every way (`_with_sets`); then in each suit the cards left
    meld exactly when they make a stretch of at least the run minimum."""
    ready = _READY.get((judge, objective))
    if ready is None:
        ready = _ready(judge, objective)
    if not ready.holds or (table and not ready.without_table) or (not first_meld_done and ready.first_meld):
        return None
    try:
        counted: int = sum(map(ready.bit_of, hand))  # the hand mask, each rank's cards above it
    except KeyError:
        return None  # a wild card, or one not in the deck
    hand_mask = counted & ready.hand_full
    if hand_mask.bit_count() != len(hand):
        return None  # a repeated card (adding its bit twice carries)
    melds: tuple[tuple[Card, ...], ...] = ()
    if (counted + ready.at_least) & ready.tops:  # a rank holds enough cards for a set
        found = _with_sets(ready, hand_mask, counted)
        if found is None:
            return None
        hand_mask, melds = found
    places, full = ready.places, ready.full
    total = 0
    kept: tuple[Card, ...] = ()
    for suit in ready.suits:  # lowest suit first
        points, cards, runs = suit[hand_mask & full]
        hand_mask >>= places
        total += points
        kept += cards
        melds += runs
    if discard and kept or score is not None:
        return _finished(ruleset, ready, hand, total, melds, kept, score, discard)
    return _new(Arrangement, (total, _new(Plan, (melds, (), kept, None, (), None))))


def _finished(ruleset: Ruleset, ready: _Ready, hand: Sequence[Card], total: int,
              melds: tuple[tuple[Card, ...], ...], kept: tuple[Card, ...], score: int | None,
              discard: str | None) -> Arrangement:
    """The answer with the final discard (the costliest card left) and the hand limit."""
    cost = ready.cost
    plan = Plan(melds, (), kept)
    if discard and kept:
        out = max(kept, key=cost.__getitem__)
        at = kept.index(out)
        total -= cost[out]
        plan = Plan(melds, (), kept[:at] + kept[at + 1:], out)
    found = Arrangement(total, plan)
    return found if score is None else limited(ruleset, hand, found, cost.__getitem__, score)


def _with_sets(ready: _Ready, hand_mask: int, counted: int) -> tuple[int, tuple[tuple[Card, ...], ...]] | None:
    """(the cards no set takes, the sets) of a hand where some rank holds enough cards for a
    set: each such rank either makes no set or one of its `_set_choices`, every way, the first
    least costly kept (`_best_way`); None where one rank holds two sets or the ways are too
    many (the general search handles them)."""
    found = _in_runs(ready, hand_mask, counted)
    if found is None:
        return None
    in_runs, near = found
    lane_column, choices_of, shift = ready.lane_column, ready.choices, ready.key_shift
    candidates = (counted + ready.at_least) & ready.tops
    picks: list[tuple[int, ...]] = []  # the ways of the ranks not fixed by neighbours, in rank order
    choices: list[tuple[int, ...]] = []  # those of more than one way
    fixed = 0  # sets every best arrangement makes
    sets: list[int] = []  # those fixed as no card of the rank has a neighbour come first in the plan
    while candidates:
        low = candidates & -candidates
        candidates ^= low
        whole = hand_mask & lane_column[low]
        if whole & in_runs:
            options = choices_of[whole << shift | (whole & in_runs)]
            picks.append(options)
            choices.append(options)
            continue
        fixed |= whole  # none in a run of the whole hand: the set is made
        if near is None:  # a card in a run has a neighbour: they were not needed before
            near = _near(ready, hand_mask)
        if whole & near:  # listed in turn
            picks.append((whole,))
        else:  # `_set_choices` is then the set of all the rank's cards alone, listed first
            sets.append(whole)
    hand_mask &= ~fixed
    best = hand_mask  # the cards no set takes, in the best way found
    if choices:
        way = _best_way(ready, hand_mask, choices)
        if way is None:
            return None
        best = way[1]
    taken = (hand_mask ^ best) | fixed
    for options in picks:  # the last option of a rank is all its cards
        if taken & options[-1]:
            sets.append(taken & options[-1])
    return best, tuple(map(ready.cards_of.__getitem__, sets))  # each made on first use (`_Cards`)


def _in_runs(ready: _Ready, hand_mask: int, counted: int) -> tuple[int, int | None] | None:
    """(the cards a set may leave out, those with a same-suit neighbour where found) of a hand
    where some rank holds enough cards for a set; None where one rank holds two sets.

    Where every card costs something, those a set may leave out are the cards in a run of the
    whole hand: leaving any other out of a set only costs more, whatever else is chosen. Else
    they are the cards with a neighbour (`_near`)."""
    if ready.two_sets is not None and (counted + ready.two_sets) & ready.tops:
        return None
    if not ready.by_runs:
        near = _near(ready, hand_mask)
        return near, near
    # ace low: a run is `least` cards at consecutive places of one suit
    shifts = ready.run_shifts
    starts = hand_mask & ready.run_starts
    for k in shifts:
        starts &= hand_mask >> k
    in_runs = starts
    for k in shifts:
        in_runs |= starts << k
    return in_runs, None


def _best_way(ready: _Ready, hand_mask: int, choices: list[tuple[int, ...]]) -> tuple[int, int] | None:
    """(the points kept, the cards no set takes) of the first least costly way of choosing
    among the ranks' `choices` (sets of different ranks never share a card); None past
    `MOST_WAYS` ways (the search answers, within the request's budget)."""
    ways = 1
    for options in choices:
        ways *= len(options)
    if ways > MOST_WAYS:
        return None
    points, floor, places, full = ready.points, ready.floor, ready.places, ready.full
    stop = floor == 0  # no card costs less than nothing: a way is dropped once it costs the best found
    best_total = cap = INF
    best = hand_mask
    if len(choices) == 1:
        prefixes: Sequence[int] = (hand_mask,)
    elif len(choices) == 2:
        prefixes = [hand_mask ^ m for m in choices[0]]
    else:  # every way of the ranks but the last, the last rank's tried in turn below
        prefixes = [hand_mask]
        for options in choices[:-1]:
            prefixes = [rest ^ m for rest in prefixes for m in options]
    last = choices[-1]
    for prefix in prefixes:
        for m in last:
            left = prefix ^ m
            total = points[left & full]
            left >>= places
            while left and total < cap:  # suit by suit, lowest first
                total += points[left & full]
                left >>= places
            if total < best_total:
                best_total, best = total, prefix ^ m
                if total <= floor:  # no way keeps fewer: the first such way is the answer
                    return best_total, best
                if stop:
                    cap = total
    return best_total, best


def _near(ready: _Ready, hand_mask: int) -> int:
    """Cards with a same-suit neighbour in hand: those a set may leave out for a run."""
    if not ready.with_runs:
        return 0
    near = ((hand_mask << 1) & ready.not_lowest) | ((hand_mask >> 1) & ready.not_highest)
    if ready.wrap is not None:  # a high ace sits next to the top rank
        top, first_column, top_column = ready.wrap
        near |= ((hand_mask >> top) & first_column) | ((hand_mask << top) & top_column)
    return near


class _Suit(dict[int, SuitAnswer]):
    """One suit's answers by suit mask, each made on first use: the points of the cards that
    stay in hand, those cards, and the runs the others make (lowest first). The ace is placed
    high or low as the run rule allows, where it leaves fewer points (low on a tie)."""

    def __init__(self, cards: tuple[tuple[Card, ...], ...], values: tuple[int, ...],
                 least: int | None, ace: str, high_place: int) -> None:
        super().__init__()
        self.cards, self.least, self.ace, self.high_place = cards, least, ace, high_place
        self.mask_points = mask_points(values)
        self.dead = outside_stretches(least, len(values)) if least is not None else None

    def __missing__(self, m: int) -> SuitAnswer:
        placed = _placed(m, self.dead, self.mask_points, self.ace, self.high_place)
        kept = self.dead[placed] if self.dead is not None else placed
        runs = tuple(self.cards[run] for run in stretches(placed & ~kept))
        answer = self[m] = (self.mask_points[kept], self.cards[kept], runs)
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
    """A suit mask with its ace (place 0) where it leaves fewer points: moved to `high_place`
    under ace "high", either way under "either" (low on a tie), never under "low"."""
    if dead is None or ace == "low" or not m & 1:
        return m
    high = (m & ~1) | high_place
    if ace == "high" or points[dead[high]] < points[dead[m]]:
        return high
    return m


class _Cards(dict[int, tuple[Card, ...]]):
    """The cards at a hand mask's bits (lowest suit first), made on first use."""

    def __init__(self, masks: SuitMasks) -> None:
        super().__init__()
        self.masks = masks

    def __missing__(self, m: int) -> tuple[Card, ...]:
        cards = self[m] = self.masks.cards_of(m)
        return cards


class _Choices(dict[int, tuple[int, ...]]):
    """`_set_choices` of one rank's cards and those of them a set may leave out, by the one
    number of the two: the cards `shift` bits up, then those left out. Smallest first, as a plan
tries them; `largest_first` where only the points matter (the sets that keep least tend to
come first, and the ways after them stop sooner: see `_best_way`)."""

    def __init__(self, least: int, shift: int, largest_first: bool = False) -> None:
        super().__init__()
        self.least, self.shift, self.largest_first = least, shift, largest_first

    def __missing__(self, key: int) -> tuple[int, ...]:
        options = _set_choices(key >> self.shift, key & ((1 << self.shift) - 1), self.least)
        self[key] = options = options[::-1] if self.largest_first else options
        return options


class _Ready:
    """What the direct path reads for one round's judge and one way of counting (points, or
    "cards": each card 1), built once (`_ready`): whether the path holds, each card's bit,
    the suits' answers, and what choosing sets needs."""

    __slots__ = ("at_least", "bit_of", "by_runs", "cards_of", "choices", "cost", "first_meld", "floor",
                 "full", "hand_full", "holds", "key_shift", "lane_column", "largest_first", "not_highest", "not_lowest",
                 "places", "points", "run_shifts", "run_starts", "suits", "tops", "two_sets", "with_runs",
                 "without_table", "wrap")
    holds: bool            # the rules are this path's: sets, runs of one suit, no wild cards
    without_table: bool    # a table is no matter: these rules refuse every lay-off
    first_meld: bool       # a first meld is due before melds count: the search answers
    bit_of: Callable[[Card], int]  # a natural card -> its bit in a hand mask, and one in its rank's lane
    #                                above the hand mask (KeyError for any other card)
    hand_full: int         # the hand mask's bits of a sum of `bit_of`; above them, the lanes
    cost: dict[Card, int]  # what each natural card costs left in hand
    places: int            # the bits of one suit in a hand mask
    full: int              # one suit's places
    suits: tuple[_Suit, ...]  # each suit's answers by suit mask, lowest suit first
    by_runs: bool          # a set leaves out only cards in a run of the whole hand (see `_with_sets`)
    run_shifts: tuple[int, ...]  # 1 up to the fewest cards of a run less one (where `by_runs`)
    run_starts: int        # the places where a run of that many may start within its suit
    tops: int              # the top bit of every lane, above the hand mask (0 when no set can be made)
    at_least: int          # added to the lanes: a rank with cards enough for a set sets its top bit
    two_sets: int | None   # the same for two sets of one rank, where the suits allow two
    with_runs: bool        # the round has runs (a set may leave out cards for them)
    not_lowest: int        # every place but each suit's first
    not_highest: int       # every place but each suit's last
    wrap: tuple[int, int, int] | None  # (top rank, first rank's cards, top rank's): a high ace's neighbour
    lane_column: dict[int, int]  # a lane's top bit -> its rank's cards across the suits
    floor: int | float     # the fewest points a hand can keep (0; card values are never negative)
    choices: _Choices      # each rank's ways to make a set
    largest_first: _Choices  # the same, the largest set first (where only the points matter)
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
    # The ace option reads only a deck whose first rank is A (see `referee.meld.run_windows`).
    ace = run_rule.ace if run_rule is not None and geometry.high_ace else "low"
    high_place = 1 << geometry.ranks
    ready.suits = tuple(_Suit(cards, values, least, ace, high_place) for cards in masks.suit_cards)
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
    ready.choices = _Choices(set_rule.min if set_rule is not None else 0, ready.key_shift)
    ready.largest_first = _Choices(ready.choices.least, ready.key_shift, largest_first=True)
    ready.with_runs = run_rule is not None
    ready.not_lowest, ready.not_highest = ~geometry.lowest_places, ~geometry.highest_places
    top = geometry.ranks - 1
    ready.wrap = None
    if run_rule is not None and run_rule.ace != "low" and geometry.high_ace:
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
    """What a card left in hand costs, by place of a suit mask (the deck's ranks, then a high A)."""
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
