"""Cards as small frozen values, the notation of cards.md, and deck composition."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any, NamedTuple, TypeVar

from referee.values.errors import InvalidCardError, Problem
from referee.values.i18n import N_, quoted, tp

T = TypeVar("T")

RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS: tuple[str, ...] = ("C", "D", "H", "S")
JOKER = "JOKER"

_RANK_ALIASES = {r: r for r in RANKS} | {"T": "10"}
_SUIT_ALIASES = {s: s for s in SUITS} | {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}
CARDS_READ_KEPT = 1024  # tokens read as cards, kept per notation
JOKER_TOKENS = frozenset({"JK", "JOKER", "*"})


class Card(NamedTuple):
    """One playing card. A joker is `Card("JOKER", None)`, a real value, not `None`.

    A named tuple: immutable, ordered, and hashed in C, which the planner relies on.
    """

    rank: str
    suit: str | None = None

    @property
    def is_joker(self) -> bool:
        return self.rank == JOKER

    @classmethod
    def parse(cls, token: str, position: int | None = None) -> Card:
        """Read one card in the notation of cards.md (`8H`, `10S`, `TS`, `qd`, `A♠`, `JK`)."""
        return parse_card(token, position)

    def __str__(self) -> str:
        return self.rank + self.suit if self.suit else ("JK" if self.rank == JOKER else self.rank)

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


def rank_named(text: str) -> str:
    """The rank a text names as the French deck writes ranks (`T` is 10, any case); a text
    that names none is given back as it is, for the caller to refuse. A ruleset's deck reads
    its own ranks: `DeckSpec.rank_named`."""
    return _RANK_ALIASES.get(text.strip().upper(), text)


def texts(cards: Iterable[Card]) -> list[str]:
    """The cards as the notation writes them, as `str(card)` does; without a method call a
    card, for the answers every check builds."""
    return [c[0] + c[1] if c[1] else ("JK" if c[0] == JOKER else c[0]) for c in cards]


# How the table's page shows a card on its chips (api/static/cards.js `cardFace`), and so how
# every sentence names one: the rank, then the suit's sign; a joker is the joker's sign.
SUIT_SIGNS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
JOKER_FACE = "🃏"


def face(card: Card) -> str:
    """A card as a sentence names it, as the page's chips show it: `10♠`, `8♥`, `🃏`. Answers'
    `cards` fields, codes and paths keep the notation (`10S`)."""
    if card[1] is None:
        return JOKER_FACE
    return card[0] + SUIT_SIGNS.get(card[1], card[1])


def faces(cards: Iterable[Card], deck: DeckSpec | None = None) -> str:
    """Cards as a sentence lists them: `8♥, 8♠, 2♣`; in a deck's own faces where one is given (`Q★`)."""
    return ", ".join(map(face if deck is None else deck.face, cards))


def shown_token(token: object) -> str:
    """A token as an error names it: text in quotes, anything else as Python writes it."""
    return quoted(token) if isinstance(token, str) else repr(token)


def _card_error(token: object, position: int | None, reason: str, pieces: str) -> InvalidCardError:
    path = f"[{position}]" if position is not None else ""
    message = tp(pieces, N_("{token} (item {item}) is not a card: {reason}"),
                 N_("{token} (item {item}) is not a tile: {reason}"), token=shown_token(token), item=position + 1,
                 reason=reason) if position is not None else \
        tp(pieces, N_("{token} is not a card: {reason}"), N_("{token} is not a tile: {reason}"),
           token=shown_token(token), reason=reason)
    return InvalidCardError(Problem(path, "unknown_card", message))


def read_card(token: object, deck: DeckSpec | None = None) -> Card | str:
    """The card a token names in the notation of cards.md, or why it names none. Without a
    deck, or with a deck written in the French notation, any French card is read (a deck
    that lacks it says `not_in_deck` later); another deck reads its own ranks, suits and
    special cards, and a token it cannot hold names them."""
    notation = FRENCH if deck is None or deck.french_notation else deck
    if type(token) is str:
        known = notation.cards_read.get(token)
        if known is not None:
            return known
    found = _read_card(token, notation, (deck or FRENCH).pieces)
    if type(found) is Card and type(token) is str and len(notation.cards_read) < CARDS_READ_KEPT:
        notation.cards_read[token] = found
    return found


def _read_card(token: object, notation: DeckSpec, pieces: str) -> Card | str:
    if not isinstance(token, str):
        return tp(pieces, N_("a card is written as text, such as 8H or JK"),
                  N_("a tile is written as text, such as {card} or JK"), card=notation.example)
    text = token.strip().upper()
    if text in JOKER_TOKENS:
        return Card(JOKER, None)
    special = notation.special_names.get(text)
    if special is not None:
        return Card(special, None)
    if len(text) < 2:
        return tp(pieces, N_("a card is a rank then a suit, such as {card}"),
                  N_("a tile is written as its number then its colour, such as {card}"), card=notation.example)
    rank_text, suit_text = text[:-1], text[-1]
    rank = notation.rank_aliases.get(rank_text)
    suit = notation.suit_aliases.get(suit_text)
    if rank is None:
        return tp(pieces, N_('rank "{rank}" is not one of {ranks}'), N_('number "{rank}" is not one of {ranks}'),
                  rank=rank_text, ranks=notation.ranks_text)
    if suit is None:
        return tp(pieces, N_('suit "{suit}" is not one of {suits}'), N_('colour "{suit}" is not one of {suits}'),
                  suit=suit_text, suits=" ".join(notation.suits))
    return Card(rank, suit)


def parse_card(token: object, position: int | None = None, deck: DeckSpec | None = None) -> Card:
    """Read one card; `InvalidCardError` names the token and its 1-based item number."""
    found = read_card(token, deck)
    if isinstance(found, Card):
        return found
    raise _card_error(token, position, found, (deck or FRENCH).pieces)


def parse_cards(tokens: Iterable[object], path: str = "", deck: DeckSpec | None = None) -> tuple[Card, ...]:
    """Read a list of cards; every bad token is reported at once, each with its path."""
    cards: list[Card] = []
    problems: list[Problem] = []
    for i, token in enumerate(tokens):
        try:
            cards.append(parse_card(token, i, deck))
        except InvalidCardError as exc:
            problems.extend(Problem(f"{path}[{i}]", p.code, p.message) for p in exc.problems)
    if problems:
        raise InvalidCardError(problems)
    return tuple(cards)


def parse_groups(groups: Iterable[Iterable[object]], path: str,
                 deck: DeckSpec | None = None) -> list[tuple[Card, ...]]:
    """Read a list of card lists (melds on the table); every bad token reported at once."""
    out: list[tuple[Card, ...]] = []
    problems: list[Problem] = []
    for i, group in enumerate(groups):
        try:
            out.append(parse_cards(group, f"{path}[{i}]", deck))
        except InvalidCardError as exc:
            problems += exc.problems
    if problems:
        raise InvalidCardError(problems)
    return out


def parse_named(hands: Mapping[str, Iterable[object]], path: str,
                deck: DeckSpec | None = None) -> dict[str, tuple[Card, ...]]:
    """Read cards by player name (`hands.ann[2]` in errors); every bad token reported at once."""
    return _by_name(hands, path, parse_cards, deck)


def parse_named_groups(groups: Mapping[str, Iterable[Iterable[object]]], path: str,
                       deck: DeckSpec | None = None) -> dict[str, list[tuple[Card, ...]]]:
    """Read groups of cards by player name (`melded.ann[1][0]` in errors), every bad token at once."""
    return _by_name(groups, path, parse_groups, deck)


def _by_name(items: Mapping[str, Any], path: str, parse: Callable[[Any, str, DeckSpec | None], T],
             deck: DeckSpec | None) -> dict[str, T]:
    out: dict[str, T] = {}
    problems: list[Problem] = []
    for name, item in items.items():
        try:
            out[name] = parse(item, f"{path}.{name}", deck)
        except InvalidCardError as exc:
            problems += exc.problems
    if problems:
        raise InvalidCardError(problems)
    return out


def parse_card_at(token: object, path: str, deck: DeckSpec | None = None) -> Card:
    """Read one card whose errors carry `path` (such as `card`)."""
    try:
        return parse_card(token, None, deck)
    except InvalidCardError as exc:
        raise InvalidCardError([Problem(path, p.code, p.message) for p in exc.problems]) from None


@dataclass(frozen=True)
class DeckCount:
    """How many decks are in play for a number of players: fixed, per N players, or a table."""

    fixed: int | None = None
    players_per_deck: int | None = None
    table: tuple[tuple[int, int], ...] = ()

    @classmethod
    def from_data(cls, data: object) -> DeckCount:
        if isinstance(data, int):
            return cls(fixed=data)
        if isinstance(data, Mapping) and "players_per_deck" in data:
            return cls(players_per_deck=int(data["players_per_deck"]))
        if isinstance(data, Mapping):
            return cls(table=tuple(sorted((int(k), int(v)) for k, v in data.items())))
        return cls(fixed=1)

    def for_players(self, players: int) -> int:
        """Decks in play at a table of `players`; a table past its last row keeps that row."""
        if self.fixed is not None:
            return self.fixed
        if self.players_per_deck is not None:
            return max(1, math.ceil(players / self.players_per_deck))
        decks = self.table[0][1] if self.table else 1
        for count, n in self.table:
            if players >= count:
                decks = n
        return decks


@dataclass(frozen=True)
class DeckSpec:
    """The cards of one deck and how many decks a table uses: ranks in run order (lowest
    first), suits (each a letter, a symbol and a name), copies of each natural card in one
    deck, jokers and other special cards (no suit) per deck. Every field defaults to the
    French deck's (`FRENCH`)."""

    ranks: tuple[str, ...] = RANKS
    suits: tuple[str, ...] = SUITS
    jokers: int = 0
    decks: DeckCount = DeckCount(fixed=1)
    # Jokers for the whole table instead of per deck: (packs in play, jokers) rows, the
    # last row at or below the packs in play counting; `((0, n),)` for n whatever the packs.
    table_jokers: tuple[tuple[int, int], ...] | None = None
    symbols: tuple[str, ...] = ("♣", "♦", "♥", "♠")          # one a suit, in the order of `suits`
    suit_names: tuple[str, ...] = ("clubs", "diamonds", "hearts", "spades")
    copies_per_deck: int = 1                                  # of each natural card, in one deck
    specials: tuple[tuple[str, int], ...] = ()                # (name, cards per deck): Phase 10's W, SK
    aliases: tuple[tuple[str, str], ...] = ()                 # (other letter, suit letter): Rummikub's Y for O
    pieces: str = "cards"                                     # what sentences call them: cards | tiles

    # ---- the notation this deck reads and writes
    @cached_property
    def french_notation(self) -> bool:
        """Is the deck written with French ranks and suits (perhaps fewer), so any French card
        is read and one it lacks is `not_in_deck`?"""
        return (set(self.ranks) <= set(RANKS) and set(self.suits) <= set(SUITS) and not self.specials
                and not self.aliases and all(SUIT_SIGNS.get(s) == y for s, y in zip(self.suits, self.symbols)))

    @cached_property
    def rank_aliases(self) -> dict[str, str]:
        names = {r.upper(): r for r in self.ranks}
        if "10" in self.ranks and "T" not in names:
            names["T"] = "10"
        return names

    @cached_property
    def suit_aliases(self) -> dict[str, str]:
        letters = {s.upper(): s for s in self.suits}
        letters |= {y.upper(): s for s, y in zip(self.suits, self.symbols) if y}
        return letters | {a.upper(): s for a, s in self.aliases}

    @cached_property
    def special_names(self) -> dict[str, str]:
        return {name.upper(): name for name, _ in self.specials}

    @cached_property
    def cards_read(self) -> dict[str, Card]:
        """Tokens this notation has read as cards, kept (up to `CARDS_READ_KEPT`): a request
        names the same few dozen cards again and again."""
        return {}

    def rank_named(self, text: str) -> str:
        """The rank of this deck a text names (any case; `T` is 10 where the deck has a 10);
        a text that names none is given back as it is, for the caller to refuse."""
        return self.rank_aliases.get(text.strip().upper(), text)

    # ---- each natural card's bit in a suit mask (the fast judge's and the planner's)
    @cached_property
    def _mask_order(self) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The ranks and suits the masks are laid out by: the French deck's for a deck written
        in its notation (a deck of fewer French cards keeps each card's place), else the deck's."""
        return (RANKS, SUITS) if self.french_notation else (self.ranks, self.suits)

    @property
    def mask_width(self) -> int:
        """Bits a suit takes: one a rank, and one above the top rank for the first rank played high."""
        return len(self._mask_order[0]) + 1

    @cached_property
    def rank_places(self) -> dict[str, int]:
        """Each rank's bit within its suit's mask, lowest rank first: its place in the run order."""
        return {r: i for i, r in enumerate(self._mask_order[0])}

    @cached_property
    def suit_places(self) -> dict[str, int]:
        """Each suit's place among the masks."""
        return {s: i for i, s in enumerate(self._mask_order[1]) if s in self.suits}

    @cached_property
    def ranks_text(self) -> str:
        """The ranks as an error lists them: `A 2-10 J Q K`, `3-10 J Q K`, `1-12`."""
        return ranks_text(self.ranks)

    @property
    def example(self) -> str:
        """A card of the deck to show how cards are written."""
        if self.french_notation:
            return "8H"
        return f"{self.ranks[len(self.ranks) // 2]}{self.suits[-1]}"

    def suit_named(self, suit: str | None) -> str | None:
        """The name this deck gives a suit letter (`stars` for Five Crowns' X), or None."""
        return dict(zip(self.suits, self.suit_names, strict=False)).get(suit or "")

    def face(self, card: Card) -> str:
        """A card as a sentence names it in this deck: `Q★`, `10♠`, `W`, `🃏`."""
        if card[1] is None:
            return JOKER_FACE if card[0] == JOKER else card[0]
        at = self.suits.index(card[1]) if card[1] in self.suits else -1
        return card[0] + (self.symbols[at] if 0 <= at < len(self.symbols) and self.symbols[at] else card[1])

    def as_dict(self) -> dict[str, object]:
        """The deck as the spec writes it, every field given: what a client draws its cards from."""
        return {"ranks": list(self.ranks),
                "suits": [{"letter": s, "symbol": y, "name": n}
                          for s, y, n in zip(self.suits, self.symbols, self.suit_names)],
                "copies": self.copies_per_deck, "jokers": self.jokers,
                "specials": dict(self.specials), "pieces": self.pieces}

    # ---- the cards
    def jokers_with(self, decks: int) -> int:
        """How many jokers are on the table with `decks` decks in play."""
        if self.table_jokers is None:
            return self.jokers * decks
        count = self.table_jokers[0][1]
        for packs, n in self.table_jokers:
            if decks >= packs:
                count = n
        return count

    def size(self, decks: int) -> int:
        """How many cards are on the table with `decks` decks in play (`len(full(players))`,
        counted from the deck's description, never built)."""
        per_deck = len(self.ranks) * len(self.suits) * self.copies_per_deck + sum(n for _, n in self.specials)
        return per_deck * decks + self.jokers_with(decks)

    def _naturals(self) -> tuple[Card, ...]:
        return tuple(Card(r, s) for r in self.ranks for s in self.suits) * self.copies_per_deck

    def _special_cards(self, decks: int) -> tuple[Card, ...]:
        return tuple(Card(name) for name, n in self.specials for _ in range(n * decks))

    def cards(self) -> tuple[Card, ...]:
        """One deck, in rank-major order, special cards then jokers last."""
        return self._naturals() + self._special_cards(1) + tuple(Card(JOKER) for _ in range(self.jokers))

    def full(self, players: int) -> tuple[Card, ...]:
        """Every card at a table of `players`."""
        decks = self.decks.for_players(players)
        return self._naturals() * decks + self._special_cards(decks) + \
            tuple(Card(JOKER) for _ in range(self.jokers_with(decks)))

    @property
    def has_jokers(self) -> bool:
        return self.jokers > 0 if self.table_jokers is None else any(n for _, n in self.table_jokers)

    def holds(self, card: Card) -> bool:
        """Whether this deck has the card at all; no card of the deck is built to answer."""
        if card.is_joker:
            return self.has_jokers
        if card.suit is None:
            return any(name == card.rank and n > 0 for name, n in self.specials)
        return card.rank in self.ranks and card.suit in self.suits

    def distinct(self) -> frozenset[Card]:
        """Each different card of the deck once (a joker once, however many there are)."""
        naturals = {Card(r, s) for r in self.ranks for s in self.suits}
        specials = {Card(name) for name, n in self.specials if n > 0}
        return frozenset(naturals | specials | ({Card(JOKER)} if self.has_jokers else set()))

    def copies(self, card: Card, decks: int) -> int:
        """How many of this exact card exist with `decks` decks in play (0: not in the deck).

        Arithmetic on the deck's description: never builds its cards, whatever the counts.
        """
        if not self.holds(card):
            return 0
        if card.is_joker:
            return self.jokers_with(decks)
        if card.suit is None:
            return decks * next(n for name, n in self.specials if name == card.rank)
        return decks * self.copies_per_deck


FRENCH = DeckSpec()


def ranks_text(ranks: Sequence[str]) -> str:
    """Ranks as a sentence lists them, a stretch of three or more numbers in a row written
    first-last: `A 2-10 J Q K`."""
    parts: list[str] = []
    i = 0
    while i < len(ranks):
        j = i
        while j + 1 < len(ranks) and ranks[j].isdigit() and ranks[j + 1].isdigit() and \
                int(ranks[j + 1]) == int(ranks[j]) + 1:
            j += 1
        parts.append(f"{ranks[i]}-{ranks[j]}" if j - i >= 2 else " ".join(ranks[i:j + 1]))
        i = j + 1
    return " ".join(parts)
