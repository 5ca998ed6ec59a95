"""The exact answer without a search, for a hand with no wild card and no repeated card and
no table to lay off on: each suit a bit mask, sets chosen rank by rank, runs read off tables
of stretches built once. The masks are the deck's (`referee.geometry.Geometry`): a place a
rank, and one more for a high ace where the deck's first rank is A."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations, product

from referee.cards import Card
from referee.geometry import Geometry, geometry_for
from referee.melds import Judge
from referee.planner.plan import Arrangement, Plan, limited
from referee.ruleset import Ruleset

INF = 10**9


def _direct(ruleset: Ruleset, judge: Judge, hand: Sequence[Card], first_meld_done: bool, objective: str,
            score: int | None, discard: str | None) -> Arrangement | None:
    """The answer of `_without_wilds`, with the final discard and the hand limit, or None."""
    geometry = geometry_for(judge.deck, judge.decks)
    direct = _without_wilds(judge, geometry, hand, _place_values(ruleset, objective), first_meld_done)
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
def _natural_bits(geometry: Geometry, wild_ranks: frozenset[str]) -> dict[Card, int]:
    """The deck's natural (not wild) cards, each with its bit in the suit masks."""
    return {Card(r, suit): 1 << (geometry.places * s + geometry.rank_at[r])
            for s, suit in enumerate(geometry.suits) for r in geometry.order if r not in wild_ranks}


def _without_wilds(judge: Judge, geometry: Geometry, hand: Sequence[Card], values: tuple[int, ...],
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
    set_rule, run_rule = judge.kinds.get("set"), judge.kinds.get("run")
    if run_rule is not None and run_rule.ace == "around":
        return None
    bits = list(map(_natural_bits(geometry, frozenset(judge.wild_ranks)).get, hand))
    if None in bits:
        return None  # a wild card, or one not in the deck
    hand_mask: int = sum(bits)  # type: ignore[arg-type]
    if hand_mask.bit_count() != len(bits):
        return None  # a repeated card (adding its bit twice carries)
    suits, columns = len(geometry.suits), geometry.rank_columns
    choices: list[tuple[int, ...]] = []
    fixed = 0  # sets every best arrangement makes
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
        at_least = _ranks_with(geometry, hand_mask)  # ranks (as suit masks) holding at least n cards
        if 2 * least <= suits and at_least[2 * least]:
            return None  # two sets of one rank: the general search handles it
        candidates = at_least[least] if least <= suits else 0
        while candidates:
            low = candidates & -candidates
            candidates ^= low
            full = hand_mask & columns[low.bit_length() - 1]
            options = _set_choices(full, full & near, least)
            if options == (full,):
                fixed |= full
            else:
                choices.append(options)
    hand_mask &= ~fixed
    points = _mask_points(values)
    dead = _outside_stretches(run_rule.min, geometry.places) if run_rule is not None else None
    # The ace option reads only a deck whose first rank is A (see `referee.meld.run_windows`).
    ace = run_rule.ace if run_rule is not None and geometry.high_ace else "low"
    high_place = 1 << geometry.ranks
    shifts = [geometry.places * s for s in range(suits)]
    suit_full = geometry.suit_full

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
        for taken in takens:
            rest = hand_mask & ~taken
            total = sum([left[(rest >> shift) & suit_full] for shift in shifts])
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
    ranks_fixed = _ranks_with(geometry, fixed)[1] if fixed else 0
    while ranks_fixed:
        low = ranks_fixed & -ranks_fixed
        ranks_fixed ^= low
        melds.append(_cards_of(geometry, fixed & columns[low.bit_length() - 1]))
    for options in choices:  # the last option of a rank is all its cards
        if best_combo & options[-1]:
            melds.append(_cards_of(geometry, best_combo & options[-1]))
    kept_all = 0
    rest = hand_mask & ~best_combo
    for shift in shifts:
        m = (rest >> shift) & suit_full
        if not m:
            continue
        placed = suit_cost(m)[1] if ace != "low" else m
        kept = dead[placed] if dead is not None else placed
        kept_all |= kept << shift
        if placed != kept:
            melds += [_cards_of(geometry, run << shift) for run in _stretches(placed & ~kept)]
    return Arrangement(best_total, Plan(tuple(melds), (), _cards_of(geometry, kept_all)))


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


def _ranks_with(geometry: Geometry, mask: int) -> tuple[int, ...]:
    """For n = 0 .. the number of suits, the ranks (bits of a suit mask) holding at least n
    cards of `mask`: the suit masks added bit by bit, like a small adder, then each count
    compared with n from its highest bit down."""
    places, full = geometry.places, geometry.suit_full
    planes: list[int] = []  # planes[j]: bit j of each rank's count
    for shift in range(0, places * len(geometry.suits), places):
        carry = (mask >> shift) & full
        for j, plane in enumerate(planes):
            if not carry:
                break
            planes[j], carry = plane ^ carry, plane & carry
        if carry:
            planes.append(carry)
    out = [full]
    for n in range(1, len(geometry.suits) + 1):
        if n >> len(planes):
            out.append(0)  # more than any count reaches
            continue
        above, equal = 0, full
        for j in range(len(planes) - 1, -1, -1):
            if n >> j & 1:
                equal &= planes[j]
            else:
                above |= equal & planes[j]
                equal &= ~planes[j]
        out.append(above | equal)
    return tuple(out)


def _cards_of(geometry: Geometry, mask: int) -> tuple[Card, ...]:
    """The cards at the bits of a mask over (suit * places + place); the last place of a suit
    is a high ace where the deck has one."""
    places, full = geometry.places, geometry.suit_full
    out: tuple[Card, ...] = ()
    for s, table in enumerate(_suit_cards(geometry)):
        out += table[(mask >> (places * s)) & full]
    return out


def _suit_cards(geometry: Geometry) -> tuple[tuple[tuple[Card, ...], ...], ...]:
    """For each suit, the cards of every suit mask, lowest place first (built once a deck)."""
    return _suit_tables(geometry.suits, geometry.place_ranks)


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
