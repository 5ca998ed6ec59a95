"""The points a round entered as numbers can give a player, read from the ruleset alone.

A hand is bounded by every card in play at the table, not by the cards dealt (hands grow by
buys, piles picked up and tiles drawn). Each card counts in every way the game may count it
(caught or melded, at its rank's value or as a wild card, an ace low), and where the game pays
bonuses they add on. The numbers are a bounded subset sum, held as one bit mask (`Reach`);
where that mask would be too wide to build quickly (a deck of thousands of cards worth up to
1,000 each), their least, most and common step (`Hull`), which holds every one of them. A
number outside them is `impossible_points` (`points_problems`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache
from math import gcd
from typing import Protocol, Self, TypeVar

from referee.rules.ruleset import Knock, Ruleset
from referee.scoring.hand import Deal
from referee.values.cards import Card
from referee.values.errors import Problem
from referee.values.i18n import N_, t, tp

# A bit mask is built where its width times the numbers added to it stays under this (about
# 25 ms of shifts); past it the hull answers.
WORK = 100_000_000


class Numbers(Protocol):
    """A set of whole numbers as the search below builds it."""

    def __contains__(self, n: object) -> bool: ...
    def __iter__(self) -> Iterator[int]: ...
    def __or__(self, other: Self) -> Self: ...
    def __add__(self, other: Self) -> Self: ...
    def shifted(self, by: int) -> Self: ...
    def between(self, least: int, most: int) -> Self: ...
    def negated(self) -> Self: ...
    @property
    def least(self) -> int: ...
    @property
    def most(self) -> int: ...
    @property
    def step(self) -> int: ...


N = TypeVar("N", bound=Numbers)


@dataclass(frozen=True)
class Reach:
    """A set of whole numbers as a bit mask: bit i stands for `low + i`. `Reach(0)` is empty."""

    bits: int
    low: int = 0

    @classmethod
    def of(cls, numbers: Iterable[int]) -> Reach:
        found = set(numbers)
        low = min(found, default=0)
        return cls(sum(1 << (n - low) for n in found), low)

    def __contains__(self, n: object) -> bool:
        return isinstance(n, int) and n >= self.low and (self.bits >> (n - self.low)) & 1 == 1

    def __iter__(self) -> Iterator[int]:
        rest = self.bits
        while rest:
            lowest = rest & -rest
            yield self.low + lowest.bit_length() - 1
            rest ^= lowest

    def __or__(self, other: Reach) -> Reach:
        low = min(self.low, other.low)
        return Reach((self.bits << (self.low - low)) | (other.bits << (other.low - low)), low)

    def __add__(self, other: Reach) -> Reach:
        """Every sum of a number of each."""
        few, many = sorted((self, other), key=lambda r: r.bits.bit_count())
        bits = 0
        for n in few:
            bits |= many.bits << (n - few.low)
        return Reach(bits, self.low + other.low)

    def shifted(self, by: int) -> Reach:
        return Reach(self.bits, self.low + by)

    def between(self, least: int, most: int) -> Reach:
        """The numbers from `least` to `most`."""
        start = max(least, self.low)
        if most < start:
            return Reach(0)
        return Reach((self.bits >> (start - self.low)) & ((1 << (most - start + 1)) - 1), start)

    def negated(self) -> Reach:
        return Reach.of(-n for n in self)

    @property
    def least(self) -> int:
        return self.low + (self.bits & -self.bits).bit_length() - 1

    @property
    def most(self) -> int:
        return self.low + self.bits.bit_length() - 1

    @property
    def step(self) -> int:
        """The greatest common divisor of the gaps between the numbers (0 for one number)."""
        found = 0
        for n in self:
            found = gcd(found, n - self.least)
            if found == 1:
                break
        return found


@dataclass(frozen=True)
class Hull:
    """Every number from `least` to `most` that is `least` plus a multiple of `step`: what a set
    is known to lie within, built in constant time a step. Empty where `least > most`."""

    least: int
    most: int
    step: int = 0

    @classmethod
    def of(cls, numbers: Iterable[int]) -> Hull:
        found = sorted(set(numbers))
        if not found:
            return cls(1, 0)
        step = 0
        for n in found:
            step = gcd(step, n - found[0])
        return cls(found[0], found[-1], step)

    @property
    def empty(self) -> bool:
        return self.least > self.most

    def __contains__(self, n: object) -> bool:
        return isinstance(n, int) and self.least <= n <= self.most and (
            n == self.least if self.step == 0 else (n - self.least) % self.step == 0)

    def __iter__(self) -> Iterator[int]:
        return iter(range(self.least, self.most + 1, self.step or 1))

    def __or__(self, other: Hull) -> Hull:
        if self.empty or other.empty:
            return other if self.empty else self
        return Hull(min(self.least, other.least), max(self.most, other.most),
                    gcd(self.step, other.step, other.least - self.least))

    def __add__(self, other: Hull) -> Hull:
        if self.empty or other.empty:
            return Hull(1, 0)
        return Hull(self.least + other.least, self.most + other.most, gcd(self.step, other.step))

    def shifted(self, by: int) -> Hull:
        return Hull(self.least + by, self.most + by, self.step)

    def between(self, least: int, most: int) -> Hull:
        step = self.step or 1
        first = self.least + max(0, -((self.least - least) // step)) * step
        last = self.least + (min(most, self.most) - self.least) // step * step
        return Hull(first, last, self.step) if first <= last and not self.empty else Hull(1, 0)

    def negated(self) -> Hull:
        return Hull(-self.most, -self.least, self.step)


@dataclass(frozen=True)
class _Table:
    """The cards in play at a table, and what the game may count each one."""

    ruleset: Ruleset
    wilds: frozenset[str]  # the ranks wild in the round, the deal's included
    deal_wild: bool        # the deal makes a rank wild and the round does not say which
    decks: int

    def cards(self) -> list[tuple[Card, int]]:
        deck = self.ruleset.deck
        return [(card, deck.copies(card, self.decks)) for card in sorted(deck.distinct(), key=str)]

    def caught(self, card: Card) -> frozenset[int]:
        """What the card may cost left in hand: as the round prices it, and where the deal's
        wild rank is not known, as a wild card too."""
        scoring = self.ruleset.scoring
        found = {scoring.caught_value(card, self.wilds)}
        if self.deal_wild:
            found.add(scoring.caught_value(card, self.wilds | {card.rank}))
        return frozenset(found)

    def melded(self, card: Card) -> frozenset[int]:
        """What the card may be worth melded: its rank's melded value, an ace low, and a wild
        card the card it stands for where wild cards count so; nothing for a card never melded."""
        rummy, scoring = self.ruleset.rummy, self.ruleset.scoring
        if rummy is not None and card in rummy.bonus_cards | rummy.never_melded:
            return frozenset()
        wild = card.rank in self.wilds or self.deal_wild
        ranks = set(self.ruleset.deck.ranks) if scoring.wilds_count == "stands_for" and wild else {card.rank}
        found = {scoring.melded_value(rank) for rank in ranks}
        if scoring.low_ace is not None and "A" in ranks:
            found.add(scoring.low_ace)
        return frozenset(found) | {scoring.melded_value(card.rank)}

    def melded_or_caught(self, card: Card) -> frozenset[int]:
        return self.melded(card) | {-value for value in self.caught(card)}

    def bonus_cards(self) -> int:
        rummy = self.ruleset.rummy
        return sum(self.ruleset.deck.copies(c, self.decks) for c in rummy.bonus_cards) if rummy else 0


def _repeated(total: N, one: N, times: int) -> N:
    """`total` and `times` numbers of `one` added to it."""
    for _ in range(times):
        total = total + one
    return total


def _summed(table: _Table, values: Callable[[Card], frozenset[int]], of: Callable[[Iterable[int]], N]) -> N:
    """Every total of the cards in play, each counted at one of `values` or left out."""
    groups: Counter[frozenset[int]] = Counter()
    for card, copies in table.cards():
        groups[values(card) | {0}] += copies
    total = of([0])
    for options, copies in groups.items():
        total = _repeated(total, of(options), copies)
    return total


# ---------------------------------------------------------------- a method's numbers

def _held(table: _Table, of: Callable[[Iterable[int]], N]) -> N:
    """The cards caught in hand (`caught`), or a rack (`winner_gains`: a loser's points are
    typed as what the rack holds)."""
    return _summed(table, table.caught, of)


def _deadwood(table: _Table, of: Callable[[Iterable[int]], N]) -> N:
    """Deadwood, at most `scoring.cap`; or what a knock gives."""
    held = _held(table, of)
    knock, cap = table.ruleset.scoring.knock, table.ruleset.scoring.cap
    if knock is not None:
        return _knocked(held, knock, of)
    return held if cap is None or held.most < cap else held.between(0, cap) | of([cap])


def _knocked(held: N, knock: Knock, of: Callable[[Iterable[int]], N]) -> N:
    """What the winner of a knock may score (the other scores 0): the defender's deadwood less
    the knocker's (at most `max_deadwood`), gin's bonus and the defender's deadwood, or the
    undercut's bonus and the knocker's deadwood less the defender's."""
    low = held.between(1, knock.max_deadwood)
    found = of([0]) | held.shifted(knock.gin_bonus)
    for dead in low:
        found = found | held.shifted(-dead).between(1, held.most)
    undercuts = (low + (low | of([0])).negated()).between(0, knock.max_deadwood)
    return found | undercuts.shifted(knock.undercut_bonus)


def _melded_minus_caught(table: _Table, of: Callable[[Iterable[int]], N]) -> N:
    """The cards melded less those caught, and the bonuses."""
    return _bonuses(table, _summed(table, table.melded_or_caught, of), of)


class _Method(Protocol):
    def __call__(self, table: _Table, of: Callable[[Iterable[int]], N]) -> N: ...


_METHODS: dict[str, _Method] = {"caught": _held, "deadwood": _deadwood, "melded_minus_caught": _melded_minus_caught,
                                "winner_gains": _held}


# ---------------------------------------------------------------- bonuses

def _canastas(table: _Table, total: N, of: Callable[[Iterable[int]], N]) -> N:
    """Canastas of any kind the game pays for, as many as the cards in play make (none in a
    game without `canasta.min`, where no meld is one)."""
    rummy = table.ruleset.rummy
    least = rummy.canasta_min if rummy is not None else None
    paid = {value for name, value in table.ruleset.scoring.bonuses.items() if name.endswith("_canasta")}
    made = sum(copies for _, copies in table.cards()) // least if least else 0
    return _repeated(total, of(paid | {0}), made)


def _bonus_cards(table: _Table, total: N, of: Callable[[Iterable[int]], N]) -> N:
    """Bonus cards laid face up (red threes): each at `red_three`, or where a side holds every
    one in play at its share of `all_red_threes`; against a side that melded nothing where the
    game says so."""
    scoring = table.ruleset.scoring
    in_play = table.bonus_cards()
    each = {scoring.bonuses.get("red_three", 0), scoring.bonuses.get("all_red_threes", 0) // max(1, in_play)}
    signs = (1, -1) if scoring.bonus_cards_unmelded == "against" else (1,)
    return _repeated(total, of({0} | {sign * value for value in each for sign in signs}), in_play)


# A bonus the table does not name is paid once or not at all (going out, concealed, no morto).
_BONUSES = {"red_three": _bonus_cards, "all_red_threes": _bonus_cards}


def _bonuses(table: _Table, total: N, of: Callable[[Iterable[int]], N]) -> N:
    """`total` and the bonuses the game pays, each added as often as it may be paid."""
    done = set()
    bonuses = table.ruleset.scoring.bonuses
    for name in sorted(bonuses):
        add = _canastas if name.endswith("_canasta") else _BONUSES.get(name)
        if add is None:
            total = total + of([0, bonuses[name]])
        elif add not in done:
            done.add(add)
            total = add(table, total, of)
    return total


def reachable(ruleset: Ruleset, deal: Deal) -> Reach | Hull:
    """Every number a player's points may be in a round (for `winner_gains`, what a rack may
    hold): `deal` gives the round, the table's size and the deal's wild rank."""
    return _reachable(ruleset, deal.round_number, deal.players, deal.wild_rank)


def hull_of(ruleset: Ruleset, deal: Deal) -> Hull:
    """What `reachable` is known to lie within: its least, its most and their common step, found
    in a few operations a card however wide the numbers."""
    table = _table(ruleset, deal.round_number, deal.players, deal.wild_rank)
    return _METHODS[ruleset.scoring.method](table, Hull.of)


@lru_cache(maxsize=256)
def _reachable(ruleset: Ruleset, round_number: int, players: int | None, wild_rank: str | None) -> Reach | Hull:
    table = _table(ruleset, round_number, players, wild_rank)
    knock = ruleset.scoring.knock
    # numbers added one at a time: each card (and as many canastas), each deadwood a knock subtracts
    return _built(table, _METHODS[ruleset.scoring.method], knock.max_deadwood if knock is not None else 0)


def _built(table: _Table, method: _Method, beyond: int = 0) -> Reach | Hull:
    """The numbers `method` gives as a bit mask, or their hull where the mask is too wide to
    build quickly: its width times the numbers added (two a card in play, and `beyond`)."""
    hull = method(table, Hull.of)
    if (hull.most - hull.least) * (2 * sum(copies for _, copies in table.cards()) + beyond) > WORK:
        return hull
    return method(table, Reach.of)


# ---------------------------------------------------------------- cards counted, not named

def _melded_cards(table: _Table, of: Callable[[Iterable[int]], N]) -> N:
    """The cards a player melded, each at a value the game may give it melded."""
    return _summed(table, table.melded, of)


def card_sums(ruleset: Ruleset, deal: Deal, melded: bool) -> Reach | Hull:
    """Every total the cards in play may be worth melded (`melded`) or caught in hand: what a
    round entered by counts may give as a player's `melded_points` or `hand_points`."""
    return _card_sums(ruleset, melded, deal.round_number, deal.players, deal.wild_rank)


@lru_cache(maxsize=256)
def _card_sums(ruleset: Ruleset, melded: bool, round_number: int, players: int | None,
               wild_rank: str | None) -> Reach | Hull:
    return _built(_table(ruleset, round_number, players, wild_rank), _melded_cards if melded else _held)


def melded_worth(ruleset: Ruleset, deal: Deal) -> dict[Card, tuple[int, int]]:
    """Each card in play that may be melded: its copies and the least it may be worth melded."""
    table = _table(ruleset, deal.round_number, deal.players, deal.wild_rank)
    return {card: (copies, min(worth)) for card, copies in table.cards() if (worth := table.melded(card))}


def _table(ruleset: Ruleset, round_number: int, players: int | None, wild_rank: str | None) -> _Table:
    assert ruleset.rummy is not None
    rules = ruleset.rummy.round(round_number)
    wilds = rules.wilds.ranks | ({ruleset.deck.rank_named(wild_rank)} if wild_rank is not None else set())
    return _Table(ruleset, frozenset(wilds), rules.wilds.per_deal and wild_rank is None,
                  ruleset.decks_in_play(players))


# ---------------------------------------------------------------- refusals

def points_problems(ruleset: Ruleset, points: Mapping[str, int], deal: Deal) -> list[Problem]:
    """An `impossible_points` problem at `points.<name>` for each number no round can give."""
    reach = reachable(ruleset, deal)
    return [Problem(f"points.{name}", "impossible_points", _why(ruleset, deal, reach, name, value))
            for name, value in points.items() if value not in reach]


def _why(ruleset: Ruleset, deal: Deal, reach: Reach | Hull, name: str, points: int) -> str:
    """Why no round gives `points`: past the most or the least, off the step of every value, or
    no sum of the values."""
    game = ruleset.local_name
    pieces = ruleset.deck.pieces
    if points > reach.most:
        return tp(pieces, N_("{name}: no hand in {game} is worth {points}: the most a hand can be worth, every card "
                             "in play counted, is {most}"),
                  N_("{name}: no rack in {game} is worth {points}: the most a rack can be worth, every tile in play "
                     "counted, is {most}"), name=name, game=game, points=points, most=reach.most)
    if points < reach.least:
        return tp(pieces, N_("{name}: no hand in {game} is worth {points}: the least a hand can be worth, every card "
                             "in play caught, is {least}"),
                  N_("{name}: no rack in {game} is worth {points}: the least a rack can be worth, every tile in play "
                     "caught, is {least}"), name=name, game=game, points=points, least=reach.least)
    step = reach.step
    if step > 1 and (points - reach.least) % step and ruleset.scoring.bonuses:
        return t("{name}: no hand in {game} is worth {points}: its cards and bonuses are all worth multiples of "
                 "{step}", name=name, game=game, points=points, step=step)
    table = _table(ruleset, deal.round_number, deal.players, deal.wild_rank)
    values = ", ".join(map(str, sorted({v for card, _ in table.cards() for v in table.caught(card) if v})))
    if step > 1 and (points - reach.least) % step:
        return t("{name}: no hand in {game} is worth {points}: its cards are worth {values}, so a hand's points are "
                 "a multiple of {step}", name=name, game=game, points=points, values=values, step=step)
    return t("{name}: no hand in {game} is worth {points}: no combination of its cards' values ({values}) makes it",
             name=name, game=game, points=points, values=values)
