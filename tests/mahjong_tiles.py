"""Mahjong tiles in the notation of mahjong.md (MPSZ: `1m`..`9m`, `0m` a red five, `1z`..`7z`
with the aliases E S W N Wh Gr Rd, any case; compact strings such as `"123m456p11z"`), read into
the 34 kinds the `mahjong` package counts in (0-8 man, 9-17 pin, 18-26 sou, 27-33 honours), for
the oracle (tests/mahjong_oracle.py) and the hand generators (tests/mahjong_hands.py).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

SUITS = "mpsz"
ALIASES = {"e": 27, "s": 28, "w": 29, "n": 30, "wh": 31, "gr": 32, "rd": 33}
FIVES = (4, 13, 22)  # 5m 5p 5s in the package's 34 kinds (0-8 m, 9-17 p, 18-26 s, 27-33 z)
TERMINALS_AND_HONOURS = frozenset([0, 8, 9, 17, 18, 26, *range(27, 34)])
_COMPACT = re.compile(r"\s*(?:(\d+)([mpsz])|(wh|gr|rd|e|s|w|n))\s*,?", re.IGNORECASE)


@dataclass(frozen=True, order=True)
class Tile:
    """One tile: its kind in the package's 34 (`kind // 9` the suit) and whether it is a red five."""

    kind: int
    red: bool = False

    @classmethod
    def parse(cls, text: str) -> Tile:
        """One tile in MPSZ (`5m`, `0p`, `7z`) or an alias (`E`, `Wh`), any case."""
        tiles = parse_tiles(text)
        if len(tiles) != 1:
            raise ValueError(f"not one tile: {text!r}")
        return tiles[0]

    def __str__(self) -> str:
        if self.kind >= 27:
            return f"{self.kind - 26}z"
        return f"{0 if self.red else self.kind % 9 + 1}{SUITS[self.kind // 9]}"

    def __repr__(self) -> str:
        return f"Tile.parse({str(self)!r})"


def _tile(rank: int, suit: str) -> Tile:
    if suit == "z":
        if not 1 <= rank <= 7:
            raise ValueError(f"no honour tile {rank}z")
        return Tile(26 + rank)
    if rank == 0:
        return Tile(SUITS.index(suit) * 9 + 4, red=True)
    return Tile(SUITS.index(suit) * 9 + rank - 1)


def parse_tiles(value: str | Sequence[str]) -> list[Tile]:
    """A compact string (`"123m456p11z"`) or a list of single tiles, read as tiles in order."""
    if not isinstance(value, str):
        return [Tile.parse(item) for item in value]
    tiles: list[Tile] = []
    at = 0
    while at < len(value):
        found = _COMPACT.match(value, at)
        if not found or found.end() == at:
            raise ValueError(f"not a tile at {value[at:]!r}")
        digits, suit, alias = found.groups()
        if alias:
            tiles.append(Tile(ALIASES[alias.lower()]))
        else:
            tiles.extend(_tile(int(d), suit.lower()) for d in digits)
        at = found.end()
    return tiles
