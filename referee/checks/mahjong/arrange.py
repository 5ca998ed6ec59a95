"""Every way to read a Mahjong hand as one of its ruleset's winning shapes.

A hand is the concealed tiles (the winning one among them) and the melds already called or
declared. Each reading (`Arrangement`) says its groups (chows, pungs, kongs, pairs), the
shape it makes, which group the winning tile completed and so how the hand waited on it. The
same tiles may read several ways; scoring takes the way that scores most.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple

from referee.values.tiles import TileSet

CHOW, PUNG, KONG, PAIR, SINGLE = "chow", "pung", "kong", "pair", "single"  # a single: thirteen orphans


class Group(NamedTuple):
    """A meld or the pair: its kind, its first tile, whether it was called from another player
    (`called`), and whether it stays concealed (a pung completed by another's discard does not)."""

    kind: str
    tile: int
    called: bool = False
    concealed: bool = True

    def tiles(self) -> tuple[int, ...]:
        if self.kind == CHOW:
            return (self.tile, self.tile + 1, self.tile + 2)
        return (self.tile,) * {PUNG: 3, KONG: 4, PAIR: 2, SINGLE: 1}[self.kind]


class Arrangement(NamedTuple):
    """One reading of a winning hand: its groups, its shape, the group the winning tile
    completed (-1: none of them alone, thirteen orphans) and the wait that makes."""

    groups: tuple[Group, ...]
    shape: str
    winning: int
    wait: str


def chow_starts(tiles: TileSet, tile: int) -> bool:
    """Can a chow start at `tile` (three ranks in a row of one numbered suit)?"""
    if tiles.honour(tile) or tile + 2 >= tiles.size:
        return False
    suit = tiles.suit_of[tile]
    return tiles.suit_of[tile + 2] == suit and tiles.rank_of[tile + 2] == tiles.rank_of[tile] + 2


def called_group(tiles: TileSet, found: tuple[int, ...], concealed: bool) -> Group | None:
    """The group a called or declared meld makes, or None where it is no pung, kong or chow."""
    ordered = sorted(found)
    same = len(set(ordered)) == 1
    if len(ordered) == 4 and same:
        return Group(KONG, ordered[0], called=not concealed, concealed=concealed)
    if concealed:  # only a kong is declared from the hand
        return None
    if len(ordered) == 3 and same:
        return Group(PUNG, ordered[0], called=True, concealed=False)
    if len(ordered) == 3 and ordered == [ordered[0], ordered[0] + 1, ordered[0] + 2] \
            and chow_starts(tiles, ordered[0]):
        return Group(CHOW, ordered[0], called=True, concealed=False)
    return None


def arrangements(tiles: TileSet, counts: list[int], called: tuple[Group, ...], win: tuple[int, bool],
                 shapes: tuple[str, ...]) -> list[Arrangement]:
    """Every reading of the concealed `counts` (the winning tile among them) with the `called`
    melds, as each of `shapes`; `win` is the winning tile and whether it was self-drawn."""
    found: dict[Arrangement, None] = {}
    for shape in shapes:
        for groups in SHAPES[shape](tiles, counts, called):
            for reading in _placed(tiles, groups, shape, win):
                found.setdefault(reading)
    return list(found)


def _melds_and_pair(tiles: TileSet, counts: list[int], called: tuple[Group, ...]) -> Iterator[tuple[Group, ...]]:
    seen: set[tuple[Group, ...]] = set()
    for pair in range(tiles.size):
        if counts[pair] < 2:
            continue
        counts[pair] -= 2
        for melds in _melds(tiles, counts, 0):
            groups = (*called, *sorted(melds), Group(PAIR, pair))
            if groups not in seen:
                seen.add(groups)
                yield groups
        counts[pair] += 2


def _melds(tiles: TileSet, counts: list[int], start: int) -> Iterator[list[Group]]:
    """Every split of `counts` into pungs and chows (counts restored after each)."""
    first = next((i for i in range(start, tiles.size) if counts[i]), None)
    if first is None:
        yield []
        return
    if counts[first] >= 3:
        counts[first] -= 3
        for rest in _melds(tiles, counts, first):
            yield [Group(PUNG, first), *rest]
        counts[first] += 3
    if chow_starts(tiles, first) and counts[first + 1] and counts[first + 2]:
        for tile in (first, first + 1, first + 2):
            counts[tile] -= 1
        for rest in _melds(tiles, counts, first):
            yield [Group(CHOW, first), *rest]
        for tile in (first, first + 1, first + 2):
            counts[tile] += 1


def _seven_pairs(tiles: TileSet, counts: list[int], called: tuple[Group, ...]) -> Iterator[tuple[Group, ...]]:
    if not called and sum(counts) == 14 and all(c in (0, 2) for c in counts):
        yield tuple(Group(PAIR, tile) for tile, c in enumerate(counts) if c == 2)


def _thirteen_orphans(tiles: TileSet, counts: list[int], called: tuple[Group, ...]) -> Iterator[tuple[Group, ...]]:
    orphans = tiles.orphans
    if called or sum(counts) != 14 or sum(counts[t] for t in orphans) != 14:
        return
    if all(counts[t] >= 1 for t in orphans) and sum(counts[t] == 2 for t in orphans) == 1:
        pair = next(t for t in orphans if counts[t] == 2)
        yield (*(Group(SINGLE, t) for t in orphans if t != pair), Group(PAIR, pair))


SHAPES = {"melds": _melds_and_pair, "seven_pairs": _seven_pairs, "thirteen_orphans": _thirteen_orphans}


def _placed(tiles: TileSet, groups: tuple[Group, ...], shape: str, win: tuple[int, bool]) -> Iterator[Arrangement]:
    """The readings of `groups` with the winning tile in each concealed group that holds it."""
    tile, self_drawn = win
    if shape == "thirteen_orphans":
        yield Arrangement(groups, shape, -1, "pair" if groups[-1].tile == tile else "orphans")
        return
    for i, group in enumerate(groups):
        if group.called or group.kind == KONG or tile not in group.tiles():
            continue
        wait = _wait(tiles, group, tile)
        if wait == "pung" and not self_drawn:  # completed by a discard: an open pung
            group = group._replace(concealed=False)
        yield Arrangement((*groups[:i], group, *groups[i + 1:]), shape, i, wait)


def _wait(tiles: TileSet, group: Group, tile: int) -> str:
    if group.kind == PAIR:
        return "pair"
    if group.kind == PUNG:
        return "pung"
    if tile == group.tile + 1:
        return "closed"
    rank = tiles.rank_of[group.tile]
    last = dict(tiles.suits)[tiles.suit_of[group.tile]]
    if (tile == group.tile + 2 and rank == 1) or (tile == group.tile and rank + 2 == last):
        return "edge"
    return "two_sided"
