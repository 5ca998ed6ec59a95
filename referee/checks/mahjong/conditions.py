"""The small language a Mahjong pattern's `when` is written in: one entry a condition.

A pattern holds when every condition of its `when` holds of the reading (`Reading`: the
arrangement, the winning tile and the situation). Each condition reads one thing and knows no
pattern: `all: simple` (every tile a simple), `melds: {chow: 4}`, `pungs_of: {dragons: 3}`,
`flag: riichi`, ... A pattern's `per` names a counter (`COUNTERS`) whose findings each score the
pattern once, with the tiles they name (a pung of dragons).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

from referee.checks.mahjong.arrange import CHOW, KONG, PAIR, PUNG, Arrangement, Group
from referee.rules.mahjong import MahjongRules


class Reading(NamedTuple):
    """What a pattern is judged on: one arrangement of the hand, and the situation (`reading`
    builds it, with what the conditions read again and again worked out once)."""

    rules: MahjongRules
    arrangement: Arrangement
    flags: frozenset[str]     # riichi, ippatsu, self_drawn, dealer, last_tile, after_kong, ...
    seat: int                 # the seat wind's tile
    round: int                # the round wind's tile
    tiles: tuple[int, ...]    # every tile of every group
    concealed: bool           # no meld was called from another player (a declared kong keeps it so)
    valued: tuple[int, ...]   # the tiles whose pungs pay: the dragons, the seat and the round wind
    kinds: frozenset[int]     # the tiles held, each once
    flowers: tuple[int, ...] = ()  # the flowers and seasons laid aside (1-8)
    win: int = -1             # the winning tile

    @property
    def groups(self) -> tuple[Group, ...]:
        return self.arrangement.groups

    def is_a(self, tile: int, kind: str) -> bool:
        """`tile` is of the class or named group `kind`."""
        return tile in self.members(kind)

    def members(self, kind: str) -> frozenset[int]:
        """The tiles of the class or named group `kind`."""
        members = self.rules.tiles.classes.get(kind)
        if members is not None:
            return members
        return frozenset(self.valued) if kind == "valued" else self.rules.groups.get(kind, frozenset())


def reading(rules: MahjongRules, arrangement: Arrangement, flags: frozenset[str], winds: tuple[int, int],
            held: tuple[tuple[int, ...], int] = ((), -1)) -> Reading:
    """The reading of an arrangement in a situation; `winds` are the seat's and the round's,
    `held` the flowers laid aside and the winning tile."""
    seat, round_ = winds
    tiles = tuple(tile for group in arrangement.groups for tile in group.tiles())
    return Reading(rules, arrangement, flags, seat, round_, tiles, not any(g.called for g in arrangement.groups),
                   (*sorted(rules.groups.get("dragons", frozenset())), seat, round_), frozenset(tiles), *held)


def _seat_flowers(reading: Reading) -> list[tuple[int, ...]]:
    """The flowers and seasons of the winner's seat (the seat's place among the winds: east 1f
    and 5f, south 2f and 6f, ...), one finding each."""
    winds = sorted(reading.rules.groups.get("winds", frozenset()))
    if reading.seat not in winds:
        return []
    place = winds.index(reading.seat) + 1
    return [() for flower in reading.flowers if (flower - 1) % len(winds) + 1 == place]


def _pungs(reading: Reading) -> list[Group]:
    return [g for g in reading.groups if g.kind in (PUNG, KONG)]


def _kinds(reading: Reading, kinds: Mapping[str, int]) -> bool:
    count = Counter("pung" if g.kind == KONG else g.kind for g in reading.groups if g.kind != PAIR)
    count["kong"] = sum(g.kind == KONG for g in reading.groups)
    return all(count[kind] == n for kind, n in kinds.items())


def _pair(reading: Reading) -> Group | None:
    pairs = [g for g in reading.groups if g.kind == PAIR]
    return pairs[0] if len(pairs) == 1 else None


def _plain_pair(reading: Reading, wanted: str) -> bool:
    pair = _pair(reading)
    return pair is not None and (pair.tile not in reading.valued) == (wanted == "plain")


def _suits(reading: Reading) -> int:
    tiles = reading.rules.tiles
    return len({tiles.suit_of[t] for t in reading.kinds - tiles.classes["honour"]})


def _twin_chows(reading: Reading) -> int:
    chows = Counter(g.tile for g in reading.groups if g.kind == CHOW)
    return sum(n // 2 for n in chows.values())


def _across_suits(reading: Reading, kinds: tuple[str, ...]) -> int:
    """The most suits holding a group of `kinds` at the same rank."""
    tiles = reading.rules.tiles
    by_rank: dict[int, set[str]] = {}
    for g in reading.groups:
        if g.kind in kinds and not tiles.honour(g.tile):
            by_rank.setdefault(tiles.rank_of[g.tile], set()).add(tiles.suit_of[g.tile])
    return max((len(suits) for suits in by_rank.values()), default=0)


def _straight(reading: Reading) -> bool:
    tiles = reading.rules.tiles
    starts = {(tiles.suit_of[g.tile], tiles.rank_of[g.tile]) for g in reading.groups if g.kind == CHOW}
    return any({(suit, 1), (suit, 4), (suit, 7)} <= starts for suit, _ in starts)


def _nine_gates(reading: Reading, want: object) -> bool:
    """One suit, concealed, 1112345678999 and one more of the suit (`pure`: the hand before the
    winning tile was 1112345678999 exactly, the nine-sided wait)."""
    tiles = reading.rules.tiles
    held = list(reading.tiles)
    if not reading.concealed or _suits(reading) != 1 or any(tiles.honour(t) for t in held):
        return not want
    needed = {1: 3, 9: 3, **{r: 1 for r in range(2, 9)}}
    if want == "pure" and reading.win in held:
        held.remove(reading.win)
        return Counter(tiles.rank_of[t] for t in held) == needed
    count = Counter(tiles.rank_of[t] for t in held)
    return all(count[r] >= n for r, n in needed.items()) == bool(want)


CONDITIONS: dict[str, Callable[[Reading, Any], bool]] = {
    "flag": lambda r, name: name in r.flags,
    "not_flag": lambda r, name: name not in r.flags,
    "self_drawn": lambda r, want: ("self_drawn" in r.flags) == bool(want),
    "dealer": lambda r, want: ("dealer" in r.flags) == bool(want),
    "concealed": lambda r, want: r.concealed == bool(want),
    "shape": lambda r, shape: r.arrangement.shape == shape,
    "melds": _kinds,
    "pair": _plain_pair,
    "wait": lambda r, wait: r.arrangement.wait == wait,
    "all": lambda r, kind: r.kinds <= r.members(kind),
    "any": lambda r, kind: not r.kinds.isdisjoint(r.members(kind)),
    "none": lambda r, kind: r.kinds.isdisjoint(r.members(kind)),
    "suits": lambda r, n: _suits(r) == n,
    "every_set": lambda r, kind: all(any(r.is_a(t, kind) for t in g.tiles()) for g in r.groups),
    "some": lambda r, kind: any(g.kind == kind for g in r.groups),
    "twin_chows": lambda r, n: _twin_chows(r) >= n,
    "same_chows_in_suits": lambda r, n: _across_suits(r, (CHOW,)) >= n,
    "same_pungs_in_suits": lambda r, n: _across_suits(r, (PUNG, KONG)) >= n,
    "straight": lambda r, want: _straight(r) == bool(want),
    "concealed_pungs": lambda r, n: sum(g.concealed for g in _pungs(r)) >= n,
    "kongs": lambda r, n: sum(g.kind == KONG for g in r.groups) >= n,
    "pungs_of": lambda r, wanted: all(sum(r.is_a(g.tile, kind) for g in _pungs(r)) >= n
                                      for kind, n in wanted.items()),
    "pair_of": lambda r, kind: (pair := _pair(r)) is not None and r.is_a(pair.tile, kind),
    "nine_gates": _nine_gates,
    "flowers": lambda r, n: len(r.flowers) == n,
}

# Counters for a pattern's `per`: each finding scores the pattern once, with its tiles.
COUNTERS: dict[str, Callable[[Reading], list[tuple[int, ...]]]] = {
    "valued_pungs": lambda r: [g.tiles() for g in _pungs(r) for v in r.valued if g.tile == v],
    "dragon_pungs": lambda r: [g.tiles() for g in _pungs(r) if r.is_a(g.tile, "dragons")],
    "seat_wind_pungs": lambda r: [g.tiles() for g in _pungs(r) if g.tile == r.seat],
    "round_wind_pungs": lambda r: [g.tiles() for g in _pungs(r) if g.tile == r.round],
    "seat_flowers": _seat_flowers,
}


def holds(reading: Reading, when: Mapping[str, Any]) -> bool:
    """Does every condition of `when` hold of the reading? (A loop: asked some 40 times a reading.)"""
    for name, arg in when.items():
        if not CONDITIONS[name](reading, arg):
            return False
    return True
