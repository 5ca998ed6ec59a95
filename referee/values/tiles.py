"""Mahjong tiles as small values, read in the notation players use (MPSZ: `1m`, `5z`, `0p` a red
five), from a tile set that is data (a ruleset's `tiles`).

A tile is an index into its set (the suited tiles suit by suit, then the honours): a hand is a
list of counts, one a tile. A red five is a five that also counts a dora: it is read as its
five, and the hand keeps how many red fives it holds beside the counts.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property

from referee.values.errors import InvalidCardError, Problem
from referee.values.i18n import t

# Other names players write honours by (mahjong.md): the winds, then the dragons.
HONOUR_NAMES = {"E": 1, "S": 2, "W": 3, "N": 4, "WH": 5, "GR": 6, "RD": 7}
_COMPACT = re.compile(r"^(?:[0-9]+[a-zA-Z])+$")
_GROUP = re.compile(r"([0-9]+)([a-zA-Z])")
RED = "0"  # the rank a red five is written with
RED_RANK = 5  # the rank a red five stands for


@dataclass(frozen=True)
class TileSet:
    """The tiles of a game: `suits` (letter, number of ranks) in order, the honours' letter
    among them, `copies` of each, the suits whose fives may be red (`red_fives`: how many of a
    suit's fives are red), `flowers` (tiles set aside, written `1f`...), and the tiles a suit
    leaves out (`without`: three-player Riichi plays no 2m-8m)."""

    suits: tuple[tuple[str, int], ...] = (("m", 9), ("p", 9), ("s", 9), ("z", 7))
    honours: str = "z"
    copies: int = 4
    red_fives: Mapping[str, int] = field(default_factory=dict, compare=False, hash=False)
    flowers: int = 0
    without: frozenset[str] = frozenset()

    @cached_property
    def reads(self) -> dict[str, tuple[str, int]]:
        """Tokens already read as tiles (`read_tile`)."""
        return {}

    @cached_property
    def names(self) -> tuple[str, ...]:
        """Each tile's written form, by index."""
        return tuple(f"{rank}{letter}" for letter, count in self.suits for rank in range(1, count + 1))

    @cached_property
    def index(self) -> dict[str, int]:
        return {name: i for i, name in enumerate(self.names)}

    @cached_property
    def suit_of(self) -> tuple[str, ...]:
        return tuple(letter for letter, count in self.suits for _ in range(count))

    @cached_property
    def rank_of(self) -> tuple[int, ...]:
        return tuple(rank for _, count in self.suits for rank in range(1, count + 1))

    @property
    def size(self) -> int:
        return len(self.names)

    @cached_property
    def classes(self) -> dict[str, frozenset[int]]:
        """The tiles of each class the patterns name: simple, terminal, honour, terminal_or_honour."""
        honours = frozenset(i for i in range(self.size) if self.suit_of[i] == self.honours)
        last = dict(self.suits)
        terminals = frozenset(i for i in range(self.size) if i not in honours
                              and self.rank_of[i] in (1, last[self.suit_of[i]]))
        simples = frozenset(range(self.size)) - honours - terminals
        return {"simple": simples, "terminal": terminals, "honour": honours,
                "terminal_or_honour": honours | terminals}

    @cached_property
    def orphans(self) -> tuple[int, ...]:
        """The terminals and honours, in order (thirteen orphans holds one of each)."""
        return tuple(sorted(self.classes["terminal_or_honour"]))

    @cached_property
    def fives(self) -> tuple[int, ...]:
        """The fives of the numbered suits (a red five stands for one)."""
        return tuple(i for i in range(self.size) if self.rank_of[i] == RED_RANK and not self.honour(i))

    def honour(self, tile: int) -> bool:
        return tile in self.classes["honour"]

    def terminal(self, tile: int) -> bool:
        """A 1 or a 9 (the first or last rank) of a numbered suit."""
        return tile in self.classes["terminal"]

    def simple(self, tile: int) -> bool:
        return tile in self.classes["simple"]

    def tile(self, rank: int, suit: str) -> int:
        return self.index[f"{rank}{suit}"]

    @cached_property
    def left_out(self) -> frozenset[int]:
        """The indices of the tiles the set leaves out."""
        return frozenset(self.index[name] for name in self.without if name in self.index)

    def played(self, tile: int) -> bool:
        """Whether the set holds this tile."""
        return tile not in self.left_out


@dataclass(frozen=True)
class Tiles:
    """Tiles read from a request: their indices in order (a red five as its five), the red fives
    among them (their fives' indices), flowers."""

    tiles: tuple[int, ...]
    reds: tuple[int, ...] = ()
    flowers: tuple[int, ...] = ()

    @property
    def red(self) -> int:
        return len(self.reds)


def read_tiles(value: object, path: str, tiles: TileSet) -> Tiles:
    """A list of tile tokens or one compact string (`"123m456p11z"`), read by `tiles`; every bad
    token is reported at once, each at its path."""
    tokens: list[object]
    if isinstance(value, str):
        text = value.replace(" ", "")
        if not _COMPACT.match(text):
            raise InvalidCardError(Problem(path, "unknown_card", t(
                '"{text}" is not written as tiles: ranks then a suit letter, such as 123m456p11z', text=value[:40])))
        tokens = [f"{digit}{letter}" for digits, letter in _GROUP.findall(text) for digit in digits]
    elif isinstance(value, list):
        tokens = list(value)
    else:
        raise InvalidCardError(Problem(path, "unknown_card", t("tiles are a list, or one compact string such as 123m")))
    found: list[int] = []
    flowers: list[int] = []
    reds: list[int] = []
    problems: list[Problem] = []
    for i, token in enumerate(tokens):
        read = read_tile(token, tiles)
        if isinstance(read, str):
            problems.append(Problem(f"{path}[{i}]", refusal_code(token, tiles), read))
        elif read[0] == "flower":
            flowers.append(read[1])
        else:
            found.append(read[1])
            if read[0] == "red":
                reds.append(read[1])
    if problems:
        raise InvalidCardError(problems)
    return Tiles(tuple(found), tuple(reds), tuple(flowers))


READS_KEPT = 1024  # tokens read kept by a tile set, at most: a hand's tokens are few and repeat


def read_tile(token: object, tiles: TileSet) -> tuple[str, int] | str:
    """(`tile`, `red` or `flower`, and its index or flower number), or why the token is none.
    A token read as a tile is kept by the set (a refusal is worded in the request's language,
    so it is not)."""
    if not isinstance(token, str):
        return t("a tile is written as text, such as 5m or 1z")
    kept = tiles.reads.get(token)
    if kept is not None:
        return kept
    found = _read_tile(token, tiles)
    if not isinstance(found, str) and len(tiles.reads) < READS_KEPT:
        tiles.reads[token] = found
    return found


def _read_tile(token: str, tiles: TileSet) -> tuple[str, int] | str:
    text = token.strip()
    upper = text.upper()
    if upper in HONOUR_NAMES and HONOUR_NAMES[upper] <= dict(tiles.suits).get(tiles.honours, 0):
        return "tile", tiles.tile(HONOUR_NAMES[upper], tiles.honours)
    if len(text) == 2 and text[1].lower() == "f" and text[0].isdigit():
        number = int(text[0])
        if 1 <= number <= tiles.flowers:
            return "flower", number
        return t("{token} is a flower or season, which this game does not use", token=text) if not tiles.flowers \
            else t("{token} is not a flower: flowers are 1f-{last}f", token=text, last=tiles.flowers)
    name = text[:-1] + text[-1:].lower()
    if name in tiles.without:
        return t("{token} is not among this game's tiles", token=name)
    if name in tiles.index:
        return "tile", tiles.index[name]
    if text[:1] == RED and len(text) == 2 and tiles.red_fives.get(text[1].lower()):
        return "red", tiles.tile(5, text[1].lower())
    if text[:1] == RED and len(text) == 2:
        return t("{token} is a red five, which this game does not use", token=text)
    return t("{token} is not a tile: write a rank then a suit letter ({suits}), such as 5m",
             token=text[:12], suits=" ".join(letter for letter, _ in tiles.suits))


def refusal_code(token: object, tiles: TileSet) -> str:
    """The code of a token that names no tile of the set: a red five the set lacks, or a tile it
    leaves out, is `not_in_deck` (a tile, but not of this game), anything else `unknown_card`."""
    if not isinstance(token, str):
        return "unknown_card"
    text = token.strip()
    red = len(text) == 2 and text[0] == RED and text[1].lower() in "mps"
    return "not_in_deck" if red or text[:-1] + text[-1:].lower() in tiles.without else "unknown_card"


def counts_of(tiles: Iterable[int], size: int) -> list[int]:
    """How many of each tile, by index."""
    counts = [0] * size
    for tile in tiles:
        counts[tile] += 1
    return counts
