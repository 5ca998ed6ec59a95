"""A deck's geometry as the planner packs hands: derived once from the deck's named ranks and
suits and the most copies of one card in play, as a chess library derives its bitboards from
named files and ranks.

Card types: a natural card's type is `suit index * ranks + rank index` (ranks in run order,
lowest first). A packed hand gives each type it holds a field of `bits` bits: the count in
the low bits (wide enough for the most copies in play), then a guard bit that stays clear
while no count is taken below zero. Suit masks (the direct path): each suit holds `places`
bits, one a rank, and one more for an ace placed above the top rank where the deck's first
rank is A.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from referee.cards import Card, DeckSpec
from referee.meld import run_windows


@dataclass(frozen=True, eq=False)  # one value a deck (see `geometry_for`): compared by identity
class Geometry:
    """Card types, packed fields and suit masks of one deck with some copies of each card."""

    suits: tuple[str, ...]
    order: tuple[str, ...]   # the ranks, lowest first (a run's order)
    copies: int              # the most copies of one natural card in play
    ranks: int = field(init=False)          # ranks a suit, and card types a suit
    places: int = field(init=False)         # bits a suit in a suit mask
    high_ace: bool = field(init=False)      # a place above the top rank for the first rank, A
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
        ranks, places = len(self.order), len(self.order) + (self.order[0] == "A")
        count_bits = max(1, self.copies.bit_length())
        every = range(len(self.suits))
        values = {
            "ranks": ranks, "places": places, "high_ace": places > ranks,
            "bits": count_bits + 1, "most": (1 << count_bits) - 1,
            "rank_at": {r: i for i, r in enumerate(self.order)},
            "suit_at": {s: i for i, s in enumerate(self.suits)},
            "place_ranks": self.order + self.order[:places - ranks],
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
