"""The exact answer without a search, for a hand with no wild card and no repeated card and
no table to lay off on: each suit a bit mask, sets chosen rank by rank, runs read off tables
of stretches built once."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations, product

from referee.cards import Card
from referee.melds import RUN_ORDER, Judge
from referee.planner.plan import Arrangement, Plan, limited
from referee.ruleset import Ruleset
from referee.searching import SUITS

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
    """What a card left in hand costs, by run place (A, 2, ... K, then a high A)."""
    places = RUN_ORDER + ("A",)
    if objective == "cards":
        return tuple(1 for _ in places)
    return tuple(ruleset.scoring.values.get(r, 0) for r in places)


def _without_wilds(judge: Judge, hand: Sequence[Card], values: tuple[int, ...],
                   first_meld_done: bool) -> Arrangement | None:
    """The exact answer, directly, for a hand with no wild card and no repeated card, and no
    table to lay off on: choose at most one set per rank (every way), then in each suit the
    cards left meld exactly when they make a stretch of at least the run minimum.

    Each suit is a 14-bit mask (ace at bit 0, or 13 when high); two tables, built once, give
    the cards outside long enough stretches and their points. None when the hand or the rules
    are outside this case."""
    rules = judge.rules
    if not first_meld_done and not rules.first_meld.empty:
        return None
    set_rule, run_rule = judge.kinds.get("set"), judge.kinds.get("run")
    if run_rule is not None and run_rule.ace == "around":
        return None
    bits = list(map(judge.natural_bits.get, hand))
    if None in bits:
        return None  # a wild card, or one not in the deck
    hand_mask: int = sum(bits)  # type: ignore[arg-type]
    if hand_mask.bit_count() != len(bits):
        return None  # a repeated card (adding its bit twice carries)
    choices: list[tuple[int, ...]] = []
    fixed = 0  # sets every best arrangement makes
    if set_rule is not None:
        least = set_rule.min
        # A card a set leaves out must be able to sit in a run (a same-suit neighbour in hand):
        # otherwise putting it in the set too is never worse.
        near = 0
        if run_rule is not None:
            near = (hand_mask << 1) | (hand_mask >> 1)
            if run_rule.ace != "low":  # an ace placed high sits next to the king (bit 0 and 12)
                near |= ((hand_mask >> 12) & _RANK_COLUMNS[0]) | ((hand_mask << 12) & _RANK_COLUMNS[12])
        at_least = _ranks_with(hand_mask)  # ranks (as 14-bit masks) holding at least n cards
        if 2 * least <= 4 and at_least[2 * least]:
            return None  # two sets of one rank: the general search handles it
        candidates = at_least[least] if least <= 4 else 0
        while candidates:
            low = candidates & -candidates
            candidates ^= low
            full = hand_mask & _RANK_COLUMNS[low.bit_length() - 1]
            options = _set_choices(full, full & near, least)
            if options == (full,):
                fixed |= full
            else:
                choices.append(options)
    hand_mask &= ~fixed
    points = _mask_points(values)
    dead = _outside_stretches(run_rule.min) if run_rule is not None else None
    ace = run_rule.ace if run_rule is not None else "low"

    def suit_cost(m: int) -> tuple[int, int]:
        """(points left, the mask with the ace placed) for one suit's cards."""
        if dead is None:
            return points[m], m
        high = (m & ~1) | (1 << 13) if m & 1 else m
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
            total = left[rest & 0x3FFF] + left[(rest >> 14) & 0x3FFF] + left[(rest >> 28) & 0x3FFF] + left[rest >> 42]
            if total < best_total:
                best_total, best_combo = total, taken
    else:
        for combo in product(*choices):
            taken = sum(combo)
            rest = hand_mask & ~taken
            total = 0
            for s in range(4):
                m = (rest >> (14 * s)) & 0x3FFF
                if m:
                    total += suit_cost(m)[0]
            if total < best_total:
                best_total, best_combo = total, taken
    melds: list[tuple[Card, ...]] = []
    ranks_fixed = _ranks_with(fixed)[1] if fixed else 0
    while ranks_fixed:
        low = ranks_fixed & -ranks_fixed
        ranks_fixed ^= low
        melds.append(_cards_of(fixed & _RANK_COLUMNS[low.bit_length() - 1]))
    for options in choices:  # the last option of a rank is all its cards
        if best_combo & options[-1]:
            melds.append(_cards_of(best_combo & options[-1]))
    kept_all = 0
    rest = hand_mask & ~best_combo
    for s in range(4):
        m = (rest >> (14 * s)) & 0x3FFF
        if not m:
            continue
        placed = suit_cost(m)[1] if ace != "low" else m
        kept = dead[placed] if dead is not None else placed
        kept_all |= kept << (14 * s)
        if placed != kept:
            melds += [_cards_of(run << (14 * s)) for run in _stretches(placed & ~kept)]
    return Arrangement(best_total, Plan(tuple(melds), (), _cards_of(kept_all)))




_BIT_CARD = [Card(RUN_ORDER[place % 13], suit) for suit in SUITS for place in range(14)]
_RANK_COLUMNS = [sum(1 << (14 * s + r) for s in range(4)) for r in range(13)]


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
    bits = [1 << place for place in range(56) if cards >> place & 1]
    return tuple(sum(c) for n in range(least, len(bits) + 1) for c in combinations(bits, n))


def _ranks_with(mask: int) -> tuple[int, int, int, int, int]:
    """For n = 0..4, the ranks (bits of a 14-bit mask) holding at least n of the four suits'
    cards in `mask`: the four suit masks added bit by bit, like a small adder."""
    s0, s1, s2, s3 = mask & 0x3FFF, (mask >> 14) & 0x3FFF, (mask >> 28) & 0x3FFF, mask >> 42
    low_pair, high_pair = s0 ^ s1, s2 ^ s3          # ones digits of s0+s1 and s2+s3
    low_two, high_two = s0 & s1, s2 & s3            # twos digits
    ones = low_pair ^ high_pair
    carry = low_pair & high_pair
    twos = low_two ^ high_two ^ carry
    fours = (low_two & high_two) | (carry & (low_two ^ high_two))
    return (0x3FFF, ones | twos | fours, twos | fours, fours | (twos & ones), fours)


def _cards_of(mask: int) -> tuple[Card, ...]:
    """The cards at the bits of a mask over (suit * 14 + place); place 13 is a high ace."""
    clubs, diamonds, hearts, spades = _suit_cards()
    return (clubs[mask & 0x3FFF] + diamonds[(mask >> 14) & 0x3FFF] + hearts[(mask >> 28) & 0x3FFF]
            + spades[mask >> 42])


@lru_cache(maxsize=1)
def _suit_cards() -> tuple[tuple[tuple[Card, ...], ...], ...]:
    """For each suit, the cards of every 14-bit mask, lowest place first (built once)."""
    tables = []
    for s in range(4):
        table: list[tuple[Card, ...]] = [()] * (1 << 14)
        for mask in range(1, 1 << 14):
            low = mask & -mask
            table[mask] = (_BIT_CARD[14 * s + low.bit_length() - 1],) + table[mask ^ low]
        tables.append(tuple(table))
    return tuple(tables)


def _stretches(mask: int) -> list[int]:
    """The maximal stretches of consecutive bits in a 14-bit mask, each as a mask."""
    out = []
    while mask:
        run = nxt = mask & -mask
        while mask & (nxt := nxt << 1):
            run |= nxt
        out.append(run)
        mask &= ~run
    return out


@lru_cache(maxsize=8)
def _outside_stretches(least: int) -> tuple[int, ...]:
    """For every 14-bit mask, the bits that are not in a stretch of `least` or more."""
    table = []
    for mask in range(1 << 14):
        kept, length = 0, 0
        for place in range(15):
            if place < 14 and mask >> place & 1:
                length += 1
                continue
            if 0 < length < least:
                kept |= ((1 << length) - 1) << (place - length)
            length = 0
        table.append(kept)
    return tuple(table)


@lru_cache(maxsize=32)
def _dead_points(values: tuple[int, ...], least: int) -> tuple[int, ...]:
    """For every 14-bit mask, the points of its cards outside stretches of `least` or more."""
    points = _mask_points(values)
    return tuple([points[kept] for kept in _outside_stretches(least)])


@lru_cache(maxsize=32)
def _mask_points(values: tuple[int, ...]) -> tuple[int, ...]:
    """For every 14-bit mask, the points of the cards at its bits (`values` by place)."""
    table = [0] * (1 << 14)
    for mask in range(1, 1 << 14):
        low = mask & -mask
        table[mask] = table[mask ^ low] + values[low.bit_length() - 1]
    return tuple(table)

