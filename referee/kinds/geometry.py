"""A deck's geometry as the planner packs hands: derived once from the deck's named ranks and
suits and the most copies of one card in play, as a chess library derives its bitboards from
named files and ranks.

Card types: a natural card's type is `suit index * ranks + rank index` (ranks in run order,
lowest first). A packed hand gives each type it holds a field of `bits` bits: the count in
the low bits (wide enough for the most copies in play), then a guard bit that stays clear
while no count is taken below zero. Suit masks (the direct path): each suit holds `places`
bits, one a rank, and one more above the top rank for the deck's first rank played high (an
ace, or Remi's 1 after the 13), whatever the deck.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import NamedTuple

from referee.kinds.meld import run_windows
from referee.values.cards import Card, DeckSpec


@dataclass(frozen=True, eq=False)  # one value a deck (see `geometry_for`): compared by identity
class Geometry:
    """Card types, packed fields and suit masks of one deck with some copies of each card."""

    suits: tuple[str, ...]
    order: tuple[str, ...]   # the ranks, lowest first (a run's order)
    copies: int              # the most copies of one natural card in play
    ranks: int = field(init=False)          # ranks a suit, and card types a suit
    places: int = field(init=False)         # bits a suit in a suit mask: the ranks, then the first rank high
    bits: int = field(init=False)           # bits a field in a packed hand (counts, then the guard)
    most: int = field(init=False)           # the largest count a field holds
    rank_at: dict[str, int] = field(init=False)
    suit_at: dict[str, int] = field(init=False)
    place_ranks: tuple[str, ...] = field(init=False)  # the rank at each place of a suit mask
    suit_full: int = field(init=False)      # every place of one suit, at suit 0
    rank_columns: tuple[int, ...] = field(init=False)  # each rank's place in every suit
    lowest_places: int = field(init=False)   # place 0 of every suit
    highest_places: int = field(init=False)  # the last place of every suit
    type_ranks: tuple[str, ...] = field(init=False)  # the rank of each card type
    type_suits: tuple[str, ...] = field(init=False)  # the suit of each card type
    cards: tuple[Card, ...] = field(init=False)       # the card of each card type

    def __post_init__(self) -> None:
        ranks, places = len(self.order), len(self.order) + 1
        count_bits = max(1, self.copies.bit_length())
        every = range(len(self.suits))
        values = {
            "ranks": ranks, "places": places,
            "bits": count_bits + 1, "most": (1 << count_bits) - 1,
            "rank_at": {r: i for i, r in enumerate(self.order)},
            "suit_at": {s: i for i, s in enumerate(self.suits)},
            "place_ranks": self.order + self.order[:1],
            "suit_full": (1 << places) - 1,
            "rank_columns": tuple(sum(1 << (places * s + r) for s in every) for r in range(ranks)),
            "lowest_places": sum(1 << (places * s) for s in every),
            "highest_places": sum(1 << (places * s + places - 1) for s in every),
            "type_ranks": self.order * len(self.suits),
            "type_suits": tuple(s for s in self.suits for _ in self.order),
            "cards": tuple(Card(r, s) for s in self.suits for r in self.order),
        }
        for name, value in values.items():
            object.__setattr__(self, name, value)

    def __repr__(self) -> str:
        return f"Geometry(suits={self.suits!r}, order={self.order!r}, copies={self.copies!r})"

    # ---------------------------------------------------------------- card types
    def index(self, card: Card) -> int:
        """The type of a natural card of this deck (a card without a suit counts as the first suit's)."""
        return self.suit_at[card.suit or self.suits[0]] * self.ranks + self.rank_at[card.rank]

    def card(self, index: int) -> Card:
        return self.cards[index]

    def type_of(self, suit: int, rank: str) -> int:
        """The type of the card of `rank` in the suit of index `suit`."""
        return suit * self.ranks + self.rank_at[rank]

    def rank_of(self, index: int) -> str:
        return self.type_ranks[index]

    def rank_index(self, index: int) -> int:
        return index % self.ranks

    def suit_of(self, index: int) -> int:
        """The suit index of a card type."""
        return index // self.ranks

    def suit_letter(self, index: int) -> str:
        return self.type_suits[index]

    # ---------------------------------------------------------------- runs
    def windows(self, ace: str, length: int) -> tuple[tuple[str, ...], ...]:
        """The run windows of `length` ranks of this deck under the `ace` option."""
        return _windows(ace, length, self.order)

    @property
    def longest_run(self) -> int:
        """The most cards a run holds: each rank once."""
        return self.ranks


@lru_cache(maxsize=4096)
def _windows(ace: str, length: int, order: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    return run_windows(ace, length, order)


def geometry_for(deck: DeckSpec, decks: int) -> Geometry:
    """The geometry of `deck` with `decks` decks in play (one value for equal decks)."""
    most = deck.copies(Card(deck.ranks[0], deck.suits[0]), decks)  # the deck's own count of one card
    return _geometry(tuple(deck.suits), tuple(deck.ranks), most)


@lru_cache(maxsize=64)
def _geometry(suits: tuple[str, ...], order: tuple[str, ...], copies: int) -> Geometry:
    return Geometry(suits, order, copies)


# ---------------------------------------------------------------- suit masks (the planner's direct path)
# A hand mask holds each suit's mask in turn, lowest suit first: `places` bits a suit, a rank a
# bit from the lowest, then the place of the first rank played high. The tables below are indexed by
# one suit's mask; `referee.planner.direct` reads hands through them.

class SuitMasks(NamedTuple):
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
def suit_masks(geometry: Geometry) -> SuitMasks:
    """The deck's suit masks and their tables (built once a deck)."""
    suits, places = len(geometry.suits), geometry.places
    width = (suits - 1).bit_length() + 1  # 2**(width - 1) >= suits: a count and the offset fit a lane
    spread = mask_points(tuple(1 << (width * p) for p in range(places)))
    tops = sum(1 << (width * p + width - 1) for p in range(places))
    offsets = tuple((tops >> (width - 1)) * ((1 << (width - 1)) - n) for n in range(suits + 1))
    return SuitMasks(geometry, places, geometry.suit_full, tuple(range(0, places * suits, places)),
                  suit_tables(geometry.suits, geometry.place_ranks), width, spread, tops, offsets)


@lru_cache(maxsize=16)
def suit_tables(suits: tuple[str, ...], place_ranks: tuple[str, ...]) -> tuple[tuple[tuple[Card, ...], ...], ...]:
    """For each suit, the cards at the bits of every suit mask (lowest place first)."""
    tables = []
    for suit in suits:
        cards = [Card(r, suit) for r in place_ranks]
        table: list[tuple[Card, ...]] = [()] * (1 << len(place_ranks))
        for mask in range(1, 1 << len(place_ranks)):
            low = mask & -mask
            table[mask] = (cards[low.bit_length() - 1],) + table[mask ^ low]
        tables.append(tuple(table))
    return tuple(tables)


def stretches(mask: int) -> list[int]:
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
def outside_stretches(least: int, places: int) -> tuple[int, ...]:
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
def dead_points(values: tuple[int, ...], least: int) -> tuple[int, ...]:
    """For every suit mask, the points of its cards outside stretches of `least` or more
    (`values` by place)."""
    points = mask_points(values)
    return tuple([points[kept] for kept in outside_stretches(least, len(values))])


@lru_cache(maxsize=32)
def mask_points(values: tuple[int, ...]) -> tuple[int, ...]:
    """For every suit mask, the points of the cards at its bits (`values` by place)."""
    table = [0] * (1 << len(values))
    for mask in range(1, 1 << len(values)):
        low = mask & -mask
        table[mask] = table[mask ^ low] + values[low.bit_length() - 1]
    return tuple(table)
