"""The rules of a Mahjong game as the engine reads them: its tile set, the shapes a hand wins
by, its patterns (yaku or faan) with their conditions and values, and how a hand is paid.

Every value here comes from the ruleset's YAML (`family: mahjong`); no pattern is named in
Python. A pattern's `when` is a mapping of conditions (referee.checks.mahjong.conditions holds
what each condition means); its value is han or faan, closed and open (None: the pattern
does not count in an open hand), or a number of yakuman.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from referee.values.tiles import TileSet


@dataclass(frozen=True)
class Pattern:
    """One scoring pattern: its `name`, its words by language, its value closed and open (None:
    not counted open), or `yakuman` (how many limit hands it is worth), its conditions, the
    counter that multiplies its value (`per`), the patterns it replaces, its worth where further
    conditions hold (`raised`: a double yakuman on a wider wait), and whether it counts toward
    the minimum a win needs."""

    name: str
    words: Mapping[str, str]
    closed: int | None
    open: int | None
    yakuman: int
    when: Mapping[str, Any]
    per: str | None = None
    excludes: tuple[str, ...] = ()
    raised: Pattern | None = None       # the pattern's worth where more conditions hold too
    toward_minimum: bool = True         # its value counts toward the han or faan a win needs


@dataclass(frozen=True)
class FuRules:
    """Riichi's minipoints, as the table's rules give them."""

    base: int = 20
    seven_pairs: int = 25
    closed_ron: int = 10
    self_draw: int = 2
    pinfu_self_draw: bool = False       # does a pinfu hand won by self-draw take the self-draw fu
    open_no_fu: int = 30                # an open hand with no fu of its own, won by discard
    waits: Mapping[str, int] = field(default_factory=lambda: {"edge": 2, "closed": 2, "pair": 2})
    pair: Mapping[str, int] = field(default_factory=lambda: {"dragon": 2, "seat_wind": 2, "round_wind": 2})
    pung: Mapping[str, int] = field(default_factory=lambda: {"simple": 2, "terminal_or_honour": 4})
    closed_factor: int = 2
    kong_factor: int = 4
    round_to: int = 10


@dataclass(frozen=True)
class Limit:
    """A named limit: reached at `han` (or more), worth `base` points."""

    name: str
    han: int
    base: int


@dataclass(frozen=True)
class Payments:
    """How a win is paid, in multiples of the hand's base points, rounded up to `round_to`."""

    ron_dealer: int = 6
    ron_other: int = 4
    tsumo_dealer_pays: int = 2
    tsumo_others_pay: int = 1
    tsumo_by_dealer: int = 2
    round_to: int = 100
    honba: int = 300
    riichi_stick: int = 1000


@dataclass(frozen=True)
class FaanTable:
    """Hong Kong: the points a hand of so many faan is worth (faan as keys), capped at the
    table's maximum."""

    points: Mapping[int, int]
    minimum: int
    maximum: int
    discarder_pays_all: bool = True


@dataclass(frozen=True)
class TableGame:
    """A Mahjong game's course on the score sheet: the points each player starts with, the
    round winds played (tiles: 1z east), when the dealer deals again (`win`: the dealer won,
    `tenpai`: a drawn hand with the dealer tenpai, `draw`: any drawn hand), whether a player
    below zero ends the game, what the players who were not tenpai pay at a drawn hand in all,
    and the final reckoning: each player gives back `return_points` less the start (the oka,
    taken by the first) and the uma by place."""

    starting_points: int = 25000
    several_winners: bool = False                  # several players may win off one discard
    winds: tuple[int, ...] = ()                    # the round winds in order, as tiles
    dealer_repeats: frozenset[str] = frozenset({"win", "tenpai"})
    ends_below_zero: bool = True
    noten_payment: int = 3000
    return_points: int | None = None
    uma: tuple[int, ...] = ()


@dataclass(frozen=True)
class MahjongRules:
    tiles: TileSet
    groups: Mapping[str, frozenset[int]]          # named tile groups the conditions read (dragons, ...)
    shapes: tuple[str, ...]                        # melds, seven_pairs, thirteen_orphans
    patterns: tuple[Pattern, ...]
    method: str                                    # han_fu or faan
    minimum_han: int = 1                           # han from patterns (dora aside) a win needs
    fu: FuRules = FuRules()
    limits: tuple[Limit, ...] = ()
    kiriage: bool = False                          # 4 han 30 fu and 3 han 60 fu are a mangan
    counted_yakuman: bool = True                   # 13 han or more is a yakuman
    most_yakuman: int = 1                          # 2 where double yakuman is counted
    payments: Payments = Payments()
    faan: FaanTable | None = None
    dora: bool = True
    ura_dora: bool = True
    game: TableGame = TableGame()
    calls: frozenset[str] = frozenset({"chow", "pung", "kong"})  # the melds called from a discard
    kita: int | None = None                        # a tile set aside as a dora (three-player Riichi's north)
    seats: int = 4                                 # the players a hand is paid among

    def pattern(self, name: str) -> Pattern | None:
        return next((p for p in self.patterns if p.name == name), None)
