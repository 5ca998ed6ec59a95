"""The exact answer without a search, for a hand with no wild card and no repeated card and
no table to lay off on: each suit a bit mask, sets chosen rank by rank, runs read off tables
of stretches built once. The masks are the deck's (`referee.geometry.Geometry`): a place a
rank, and one more for a high ace where the deck's first rank is A."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations, product
from typing import NamedTuple

from referee.cards import Card
from referee.geometry import Geometry, geometry_for
from referee.kinds import one_rank_kind, ordered_kind
from referee.melds import Judge
from referee.planner.plan import Arrangement, Plan, limited
from referee.planner.prepared import judge_geometry
from referee.ruleset import Ruleset

INF = 10**9


def _direct(ruleset: Ruleset, judge: Judge, hand: Sequence[Card], first_meld_done: bool, objective: str,
            score: int | None, discard: str | None) -> Arrangement | None:
    """The answer of `_without_wilds`, with the final discard and the hand limit, or None."""
    direct = _without_wilds(judge, hand, _place_values(ruleset, objective), first_meld_done)
    if direct is None:
        return None

    def cost(card: Card) -> int:  # no wild card here
        return 1 if objective == "cards" else ruleset.scoring.value(card)

    if discard and direct.plan.left:  # the costliest card left is the discard
        out = max(direct.plan.left, key=cost)
        left = list(direct.plan.left)
        left.remove(out)
        direct = Arrangement(direct.cost - cost(out), direct.plan._replace(left=tuple(left), discard=out))
    return direct if score is None else limited(ruleset, hand, direct, cost, score)


@lru_cache(maxsize=256)
def _place_values(ruleset: Ruleset, objective: str) -> tuple[int, ...]:
    """What a card left in hand costs, by place of a suit mask (the deck's ranks, then a high A)."""
    places = geometry_for(ruleset.deck, 1).place_ranks
    if objective == "cards":
        return tuple(1 for _ in places)
    return tuple(ruleset.scoring.values.get(r, 0) for r in places)


@lru_cache(maxsize=256)
def _judge_masks(judge: Judge) -> tuple[_Masks, dict[Card, int]]:
    """The judge's suit masks, and its deck's natural (not wild) cards each with its bit in them."""
    geometry = judge_geometry(judge)
    bits = {Card(r, suit): 1 << (geometry.places * s + geometry.rank_at[r])
            for s, suit in enumerate(geometry.suits) for r in geometry.order if r not in judge.wild_ranks}
    return _masks(geometry), bits


def _without_wilds(judge: Judge, hand: Sequence[Card], values: tuple[int, ...],
                   first_meld_done: bool) -> Arrangement | None:
    """The exact answer, directly, for a hand with no wild card and no repeated card, and no
    table to lay off on: choose at most one set per rank (every way), then in each suit the
    cards left meld exactly when they make a stretch of at least the run minimum.

    Each suit is a mask of `geometry.places` bits (a rank a bit, lowest first, and a high ace
    after the top rank); two tables, built once, give the cards outside long enough stretches
    and their points. None when the hand or the rules are outside this case."""
    rules = judge.rules
    if not first_meld_done and not rules.first_meld.empty:
        return None
    set_rule, run_rule = judge.kinds.get(one_rank_kind(judge.kinds)), judge.kinds.get(ordered_kind(judge.kinds))
    if run_rule is not None and run_rule.ace == "around":
        return None
    masks, natural_bits = _judge_masks(judge)
    bits = list(map(natural_bits.get, hand))
    if None in bits:
        return None  # a wild card, or one not in the deck
    hand_mask: int = sum(bits)  # type: ignore[arg-type]
    if hand_mask.bit_count() != len(bits):
        return None  # a repeated card (adding its bit twice carries)
    geometry = masks.geometry
    suits, columns = len(geometry.suits), geometry.rank_columns
    choices: list[tuple[int, ...]] = []
    fixed = 0  # sets every best arrangement makes
    fixed_ranks: list[int] = []
    if set_rule is not None:
        least = set_rule.min
        # A card a set leaves out must be able to sit in a run (a same-suit neighbour in hand):
        # otherwise putting it in the set too is never worse.
        near = 0
        if run_rule is not None:
            near = ((hand_mask << 1) & ~geometry.lowest_places) | ((hand_mask >> 1) & ~geometry.highest_places)
            if run_rule.ace != "low" and geometry.high_ace:  # a high ace sits next to the top rank
                top = geometry.ranks - 1
                near |= ((hand_mask >> top) & columns[0]) | ((hand_mask << top) & columns[top])
        counts = masks.counts(hand_mask)  # each rank's cards, one lane a rank
        if 2 * least <= suits and masks.holding(counts, 2 * least):
            return None  # two sets of one rank: the general search handles it
        candidates = masks.holding(counts, least) if least <= suits else 0
        while candidates:
            low = candidates & -candidates
            candidates ^= low
            rank = low.bit_length() // masks.width - 1
            full = hand_mask & columns[rank]
            options = _set_choices(full, full & near, least)
            if options == (full,):
                fixed |= full
                fixed_ranks.append(rank)
            else:
                choices.append(options)
    hand_mask &= ~fixed
    points = _mask_points(values)
    dead = _outside_stretches(run_rule.min, geometry.places) if run_rule is not None else None
    # The ace option reads only a deck whose first rank is A (see `referee.meld.run_windows`).
    ace = run_rule.ace if run_rule is not None and geometry.high_ace else "low"
    high_place = 1 << geometry.ranks
    shifts, suit_full, cards_of = masks.shifts, masks.full, masks.cards_of

    def suit_cost(m: int) -> tuple[int, int]:
        """(points left, the mask with the ace placed) for one suit's cards."""
        if dead is None:
            return points[m], m
        high = (m & ~1) | high_place if m & 1 else m
        if ace == "low" or high == m:
            return points[dead[m]], m
        if ace == "high":
            return points[dead[high]], high
        low_cost, high_cost = points[dead[m]], points[dead[high]]
        return (low_cost, m) if low_cost <= high_cost else (high_cost, high)

    best_total, best_combo = INF, 0
    if run_rule is not None and ace == "low":  # the common case, inlined
        left = _dead_points(values, run_rule.min)  # points outside runs, by suit mask
        takens = [0]
        for options in choices:  # sets of different ranks never share a card
            takens = [taken | m for taken in takens for m in options]
        places = masks.places
        for taken in takens:
            rest = hand_mask & ~taken
            total = 0
            while rest:  # suit by suit, lowest first
                total += left[rest & suit_full]
                rest >>= places
            if total < best_total:
                best_total, best_combo = total, taken
    else:
        for combo in product(*choices):
            taken = sum(combo)
            rest = hand_mask & ~taken
            total = 0
            for shift in shifts:
                m = (rest >> shift) & suit_full
                if m:
                    total += suit_cost(m)[0]
            if total < best_total:
                best_total, best_combo = total, taken
    melds: list[tuple[Card, ...]] = []
    for rank in fixed_ranks:
        melds.append(cards_of(fixed & columns[rank]))
    for options in choices:  # the last option of a rank is all its cards
        if best_combo & options[-1]:
            melds.append(cards_of(best_combo & options[-1]))
    kept_cards: tuple[Card, ...] = ()
    rest = hand_mask & ~best_combo
    for shift, suit_cards in zip(shifts, masks.suit_cards, strict=True):
        m = (rest >> shift) & suit_full
        if not m:
            continue
        placed = suit_cost(m)[1] if ace != "low" else m
        kept = dead[placed] if dead is not None else placed
        kept_cards += suit_cards[kept]
        if placed != kept:
            melds += [suit_cards[run] for run in _stretches(placed & ~kept)]
    return Arrangement(best_total, Plan(tuple(melds), (), kept_cards))


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


class _Masks(NamedTuple):
    """A deck's suit masks, read: the cards at a hand mask's bits, and each rank's cards across
    the suits. To count, each suit mask is spread to one lane of `width` bits a rank and the
    suits added; a rank holds n cards or more exactly when adding 2**(width - 1) - n to its
    lane sets the lane's top bit (no lane overflows)."""

    geometry: Geometry
    places: int
    full: int                # one suit's places
    shifts: tuple[int, ...]  # where each suit's mask starts in a hand mask
    suit_cards: tuple[tuple[tuple[Card, ...], ...], ...]  # per suit, the cards of every suit mask
    width: int
    spread: tuple[int, ...]  # every suit mask, its bits spread one a lane
    tops: int                # the top bit of every lane
    offsets: tuple[int, ...]  # for n, 2**(width - 1) - n in every lane

    def cards_of(self, mask: int) -> tuple[Card, ...]:
        """The cards at the bits of a mask over (suit * places + place), lowest suit first."""
        full, places = self.full, self.places
        out: tuple[Card, ...] = ()
        for table in self.suit_cards:
            if not mask:
                break
            out += table[mask & full]
            mask >>= places
        return out

    def counts(self, mask: int) -> int:
        """Each rank's cards in `mask`, one lane a rank."""
        spread, full, total = self.spread, self.full, 0
        for shift in self.shifts:
            total += spread[(mask >> shift) & full]
        return total

    def holding(self, counts: int, n: int) -> int:
        """The lanes (their top bits) of the ranks holding at least n cards (0 < n <= suits)."""
        return (counts + self.offsets[n]) & self.tops


@lru_cache(maxsize=16)
def _masks(geometry: Geometry) -> _Masks:
    """The deck's suit masks and their tables (built once a deck)."""
    suits, places = len(geometry.suits), geometry.places
    width = (suits - 1).bit_length() + 1  # 2**(width - 1) >= suits: a count and the offset fit a lane
    spread = _mask_points(tuple(1 << (width * p) for p in range(places)))
    tops = sum(1 << (width * p + width - 1) for p in range(places))
    offsets = tuple((tops >> (width - 1)) * ((1 << (width - 1)) - n) for n in range(suits + 1))
    return _Masks(geometry, places, geometry.suit_full, tuple(range(0, places * suits, places)),
                  _suit_tables(geometry.suits, geometry.place_ranks), width, spread, tops, offsets)


@lru_cache(maxsize=16)
def _suit_tables(suits: tuple[str, ...], place_ranks: tuple[str, ...]) -> tuple[tuple[tuple[Card, ...], ...], ...]:
    tables = []
    for suit in suits:
        cards = [Card(r, suit) for r in place_ranks]
        table: list[tuple[Card, ...]] = [()] * (1 << len(place_ranks))
        for mask in range(1, 1 << len(place_ranks)):
            low = mask & -mask
            table[mask] = (cards[low.bit_length() - 1],) + table[mask ^ low]
        tables.append(tuple(table))
    return tuple(tables)


def _stretches(mask: int) -> list[int]:
    """The maximal stretches of consecutive bits in a suit mask, each as a mask."""
    out = []
    while mask:
        run = nxt = mask & -mask
        while mask & (nxt := nxt << 1):
            run |= nxt
        out.append(run)
        mask &= ~run
    return out


@lru_cache(maxsize=8)
def _outside_stretches(least: int, places: int) -> tuple[int, ...]:
    """For every mask of `places` bits, the bits that are not in a stretch of `least` or more."""
    table = []
    for mask in range(1 << places):
        kept, length = 0, 0
        for place in range(places + 1):
            if place < places and mask >> place & 1:
                length += 1
                continue
            if 0 < length < least:
                kept |= ((1 << length) - 1) << (place - length)
            length = 0
        table.append(kept)
    return tuple(table)


@lru_cache(maxsize=32)
def _dead_points(values: tuple[int, ...], least: int) -> tuple[int, ...]:
    """For every suit mask, the points of its cards outside stretches of `least` or more
    (`values` by place)."""
    points = _mask_points(values)
    return tuple([points[kept] for kept in _outside_stretches(least, len(values))])


@lru_cache(maxsize=32)
def _mask_points(values: tuple[int, ...]) -> tuple[int, ...]:
    """For every suit mask, the points of the cards at its bits (`values` by place)."""
    table = [0] * (1 << len(values))
    for mask in range(1, 1 << len(values)):
        low = mask & -mask
        table[mask] = table[mask ^ low] + values[low.bit_length() - 1]
    return tuple(table)
