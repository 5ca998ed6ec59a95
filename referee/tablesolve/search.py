"""The best turn as a dynamic programme over tile numbers (after van Rijn, Takes & Vis, 2015).

The search goes number by number, lowest first, and within a number colour by colour. Its
state: for each colour, the runs of that colour being built (one slot a copy of the tile:
empty, 1 .. `run_min - 1` tiles, or complete), the count of each colour's tiles given to
groups at this number so far, the jokers used, and before the first meld the meld points
made (up to the requirement). At each colour it chooses how many of the tile's copies are
played (those on the table always; those in the hand as it likes), how many of them go to
groups, and how many jokers stand in its runs; at the end of a number, how many jokers join
its groups, which must then form legal groups. A run being built must take a tile at every
number until it is complete; at the end every run is complete.

The value is lexicographic, packed in one integer: hand tiles played, then their worth on
the rack (a joker at its rack value, so the tie rule does not depend on where it stands).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from referee.planner.budget import Budget
from referee.tablesolve.shape import TileShape

NONE = -(1 << 62)   # no legal table from this state
WEIGHT = 1 << 24    # one tile played outweighs any points

# A choice at one colour: the slot state after it, naturals to groups, hand tiles played, jokers in runs.
ColourChoice = tuple[int, int, int, int]


@dataclass(frozen=True)
class Counts:
    """The tiles of one position by type (`Geometry` types), and its jokers."""

    table: tuple[int, ...]
    hand: tuple[int, ...]
    table_jokers: int
    hand_jokers: int


class TileSearch:
    """One position's search: `best()` its value, `steps()` the choices that reach it."""

    def __init__(self, shape: TileShape, counts: Counts, need: int, budget: Budget, hand_size: int) -> None:
        self.shape = shape
        self.counts = counts
        self.need = need           # meld points still to make (0: none asked)
        self.budget = budget
        self.hand_size = hand_size
        self.jokers = counts.table_jokers + counts.hand_jokers
        self.memo: dict[tuple[int, int, tuple[int, ...], tuple[int, ...], int, int], tuple[int, object]] = {}
        self.suits = shape.suits
        self.ranks = shape.ranks
        self._options: dict[tuple[int, int, int, int], tuple[ColourChoice, ...]] = {}
        self._complete: dict[tuple[int, int, tuple[int, ...], int], bool] = {}
        geometry = shape.geometry
        self.kinds = [[geometry.type_of(c, rank) for c in range(self.suits)] for rank in geometry.order]
        every = [[counts.table[k] + counts.hand[k] for k in row] for row in self.kinds]
        top = shape.run_min or 1
        # for each number and colour: the tiles of that colour at each of the next numbers
        self.ahead = [[tuple(every[v + k][c] if v + k < self.ranks else 0 for k in range(1, top))
                       for c in range(self.suits)] for v in range(self.ranks)]
        self.start = (0, 0, (0,) * self.suits, (), 0, 0)

    def best(self) -> int:
        return self._value(*self.start)

    # ---------------------------------------------------------------- the programme
    def _value(self, v: int, c: int, slots: tuple[int, ...], groups: tuple[int, ...], used: int, points: int) -> int:
        key = (v, c, slots, groups, used, points)
        got = self.memo.get(key)
        if got is not None:
            return got[0]
        self.budget.spend(self.hand_size)
        if v == self.ranks:
            found: tuple[int, object] = (self._end(slots, used, points), None)
        elif c == self.suits:
            found = self._close_number(v, slots, groups, used, points)
        else:
            found = self._colour(v, c, slots, groups, used, points)
        self.memo[key] = found
        return found[0]

    def _end(self, slots: tuple[int, ...], used: int, points: int) -> int:
        counts = self.counts
        if used < counts.table_jokers or points < self.need or not all(s in self.shape.closed for s in slots):
            return NONE
        return (used - counts.table_jokers) * (WEIGHT + self.shape.joker_rack)

    def _close_number(self, v: int, slots: tuple[int, ...], groups: tuple[int, ...], used: int,
                      points: int) -> tuple[int, object]:
        best, choice = NONE, None
        for wild in range(self.jokers - used + 1):
            if not self.shape.fits(groups, wild):
                continue
            made = min(self.need, points + wild * self._joker_points(v)) if self.need else 0
            value = self._value(v + 1, 0, slots, (), used + wild, made)
            if value > best:
                best, choice = value, wild
        return best, choice

    def _colour(self, v: int, c: int, slots: tuple[int, ...], groups: tuple[int, ...], used: int,
                points: int) -> tuple[int, object]:
        shape = self.shape
        kind = self.kinds[v][c]
        on_table, in_hand = self.counts.table[kind], self.counts.hand[kind]
        worth = WEIGHT + shape.rack[kind]
        melded = shape.melded[v]
        joker_points = self._joker_points(v)
        ahead = self.ahead[v][c]
        needs = shape.needs
        left = self.jokers - used
        best, choice = NONE, None
        for option in self._choices(slots[c], on_table, in_hand, left):
            code, grouped, played, wild = option
            if any(need > have + left - wild for need, have in zip(needs[code], ahead)):
                continue  # a run of this colour cannot be completed by the tiles ahead
            shared = _with(groups, grouped) if grouped else groups
            if shared and not self._completable(v, c + 1, shared, left - wild):
                continue
            made = min(self.need, points + (on_table + played) * melded + wild * joker_points) if self.need else 0
            after = (*slots[:c], code, *slots[c + 1:])
            value = self._value(v, c + 1, after, shared, used + wild, made)
            if value > NONE:
                value += played * worth
                if value > best:
                    best, choice = value, option
        return best, choice

    def _completable(self, v: int, c: int, groups: tuple[int, ...], jokers: int) -> bool:
        """Whether the colours from `c` on can add tiles of number `v` to groups so that the
        groups can be formed."""
        key = (v, c, groups, jokers)
        got = self._complete.get(key)
        if got is not None:
            return got
        if c == self.suits:
            found = any(self.shape.fits(groups, wild) for wild in range(jokers + 1))
        else:
            kind = self.kinds[v][c]
            most = self.counts.table[kind] + self.counts.hand[kind]
            found = any(self._completable(v, c + 1, _with(groups, g) if g else groups, jokers)
                        for g in range(most + 1))
        self._complete[key] = found
        return found

    def _joker_points(self, v: int) -> int:
        own = self.shape.joker_melded
        return self.shape.melded[v] if own is None else own

    def _choices(self, code: int, on_table: int, in_hand: int, jokers: int) -> tuple[ColourChoice, ...]:
        """Every choice at one colour of one number from the slot state `code`."""
        key = (code, on_table, in_hand, jokers)
        got = self._options.get(key)
        if got is not None:
            return got
        out: list[ColourChoice] = []
        copies = len(self.shape.slot_states[code])
        for played in range(in_hand, -1, -1):
            naturals = on_table + played
            for grouped in range(naturals + 1):
                for wild in range(min(jokers, copies) + 1):
                    for after in self.shape.grown(code, naturals - grouped + wild):
                        out.append((after, grouped, played, wild))
        found = tuple(out)
        self._options[key] = found
        return found

    # ---------------------------------------------------------------- the way back
    def steps(self) -> list[tuple[int, int, tuple[int, ...], object]]:
        """The choices of the best value, in order: (number, colour or `suits` for the groups
        closing a number, the slot states before, the choice)."""
        state = self.start
        out: list[tuple[int, int, tuple[int, ...], object]] = []
        while state[0] < self.ranks:
            v, c, slots, groups, used, points = state
            choice = self.memo[state][1]
            out.append((v, c, slots, choice))
            if c == self.suits:
                assert isinstance(choice, int)
                made = min(self.need, points + choice * self._joker_points(v)) if self.need else 0
                state = (v + 1, 0, slots, (), used + choice, made)
            else:
                code, grouped, played, wild = colour_choice(choice)
                kind = self.shape.geometry.type_of(c, self.shape.geometry.order[v])
                naturals = self.counts.table[kind] + played
                made = min(self.need, points + naturals * self.shape.melded[v]
                           + wild * self._joker_points(v)) if self.need else 0
                state = (v, c + 1, (*slots[:c], code, *slots[c + 1:]),
                         _with(groups, grouped) if grouped else groups, used + wild, made)
        return out


def _with(groups: tuple[int, ...], count: int) -> tuple[int, ...]:
    """The counts of tiles the colours so far give to groups, largest first, with one more."""
    return tuple(sorted((*groups, count), reverse=True))


def colour_choice(choice: object) -> ColourChoice:
    assert isinstance(choice, tuple) and len(choice) == 4
    return choice


def played_value(value: int) -> tuple[int, int]:
    """The tiles played and their points, from a packed value."""
    return value // WEIGHT, value % WEIGHT


def type_counts(size: int, kinds: Sequence[int]) -> tuple[int, ...]:
    out = [0] * size
    for k in kinds:
        out[k] += 1
    return tuple(out)
