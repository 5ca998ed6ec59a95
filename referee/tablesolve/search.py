"""The best turn as a dynamic programme over tile numbers (after van Rijn, Takes & Vis, 2015).

The search goes number by number, lowest first, and within a number colour by colour. Its
state: for each colour, the runs of that colour being built (one slot a copy of the tile:
empty, 1 .. `run_min - 1` tiles, or complete), the counts of tiles the colours so far give to
groups at this number, the jokers used, and before the first meld the meld points made (up to
the requirement). At each colour it chooses how many of the tile's copies are played (those on
the table always; those in the hand as it likes), how many of them go to groups, and how many
jokers stand in its runs; at the end of a number, how many jokers join its groups, which must
then form legal groups. A run being built takes a tile at every number until it is complete;
at the end every run is complete. Choices that cannot end well are cut early: groups that the
colours left cannot complete, runs that the tiles ahead cannot finish. Where the first number
may also follow the last, a place after the top number takes the first number's tiles that
each colour set aside for it at the first number (see `TileSearch`).

The value is lexicographic, packed in one integer: hand tiles played, then their worth on the
rack (a joker at its rack value, so the tie rule does not depend on where it stands). A state
is packed in one integer too, as the memo's key.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from itertools import combinations_with_replacement

from referee.tablesolve.shape import TileShape
from referee.values.budget import SEARCH_STEPS, Budget

NONE = -(1 << 62)   # no legal table from this state
WEIGHT = 1 << 24    # one tile played outweighs any points
_SPEND = 64         # states counted against the budget at a time
_STEPS = 80         # what they cost in steps: a state here is a step and a quarter (its choices at a colour)
_DEAD = (NONE, None)  # the memo's entry for a state with no legal table, shared
CHOICES_KEPT = 50_000  # a shape's choices at one colour kept across positions, at most

# A choice at one colour: the slot state after it, naturals to groups, hand tiles played, jokers in
# runs, and the tiles set aside for the high place (at the first number; taken back there, as less than 0).
ColourChoice = tuple[int, int, int, int, int]


@dataclass(frozen=True)
class Counts:
    """The tiles of one position by type (`Geometry` types), and its jokers."""

    table: tuple[int, ...]
    hand: tuple[int, ...]
    table_jokers: int
    hand_jokers: int


class TileSearch:
    """One position's search: `best()` its value, `steps()` the choices that reach it.

    Where the first number may also follow the last (`TileShape.high_first`), the search has
    one place more, after the top number, whose tiles are the first number's: at the first
    number each colour sets some of its tiles aside for that place (`high` in a choice), the
    count kept in the state (above the slots) until the place takes them into its runs."""

    def __init__(self, shape: TileShape, counts: Counts, need: int, budget: Budget, hand_size: int) -> None:
        self.shape = shape
        self.counts = counts
        self.need = need           # meld points still to make (0: none asked)
        self.budget = budget
        self.hand_size = hand_size
        self.jokers = counts.table_jokers + counts.hand_jokers
        self.suits = shape.suits
        self.ranks = shape.ranks
        self.places = shape.places  # the numbers, then the first number played high
        geometry = shape.geometry
        order = geometry.order + geometry.order[:self.places - self.ranks]
        self.kinds = [[geometry.type_of(c, rank) for c in range(self.suits)] for rank in order]
        # the tiles of each place and colour on the table and in the hand (none at the high place:
        # its tiles are the first number's, set aside there)
        self.on_table = [[counts.table[k] if v < self.ranks else 0 for k in row] for v, row in enumerate(self.kinds)]
        self.in_hand = [[counts.hand[k] if v < self.ranks else 0 for k in row] for v, row in enumerate(self.kinds)]
        # the group keys: the counts the colours so far give to groups, largest first
        self.group_keys = [tuple(sorted((n for n in key if n), reverse=True))
                           for size in range(self.suits + 1)
                           for key in combinations_with_replacement(range(geometry.copies + 1), size)]
        self.group_keys = list(dict.fromkeys(self.group_keys))
        self.memo: dict[int, tuple[int, object]] = {}

    # ---------------------------------------------------------------- the programme
    def best(self) -> int:
        """The best value; `NONE` when no legal table holds the table's tiles."""
        shape, counts, budget = self.shape, self.counts, self.budget
        budget.spend(self.hand_size, SEARCH_STEPS)
        suits, ranks, places, jokers, need = self.suits, self.ranks, self.places, self.jokers, self.need
        on_tables, in_hands, kinds = self.on_table, self.in_hand, self.kinds
        table_jokers, hand_size = counts.table_jokers, self.hand_size
        copies = shape.geometry.copies
        group_keys = self.group_keys
        group_at = {key: i for i, key in enumerate(group_keys)}
        n_groups, n_slots, n_used, n_points = len(group_keys), len(shape.slot_states), jokers + 1, need + 1
        place = [n_slots ** c for c in range(suits)]
        # above the slots, the tiles each colour set aside for the high place (0 to `copies`)
        kept = copies + 1 if places > ranks else 1
        high_place = [n_slots ** suits * kept ** c for c in range(suits)]
        n_profile = n_slots ** suits * kept ** suits
        joined = [[group_at[tuple(sorted((*key, g), reverse=True))] if g and len(key) < suits else i
                   for g in range(copies + 1)] for i, key in enumerate(group_keys)]
        fits = [[shape.fits(key, wild) for wild in range(jokers + 1)] for key in group_keys]
        fitting = [tuple(wild for wild, ok in enumerate(row) if ok) for row in fits]  # the jokers that close them
        closed, needs, rack = shape.closed, shape.needs, shape.rack
        melded = shape.melded + shape.melded[:places - ranks]
        own = shape.joker_melded
        top = shape.run_min or 1
        every = [[on_tables[v][c] + in_hands[v][c] for c in range(suits)] for v in range(ranks)]
        every += [every[0]] * (places - ranks)  # at most the first number's tiles are set aside
        # past the top place no tile, and no joker, continues a run
        ahead = [[tuple(every[v + k][c] if v + k < places else -places * suits for k in range(1, top))
                  for c in range(suits)] for v in range(places)]
        # the jokers a colour's tiles set aside need at least: each ends a run of its own, which holds
        # the numbers below the high place, a tile of the colour or a joker at each
        owing = [[sum(max(0, a - every[ranks - k][c]) for k in range(1, top)) for a in range(copies + 1)]
                 for c in range(suits)]
        # the most a colour may set aside: its first number's tiles, that runs of it can reach the high place with
        aside_most = [max((a for a in range(min(copies, every[0][c]) + 1) if owing[c][a] <= jokers), default=0)
                      if places > ranks else 0 for c in range(suits)]
        # a joker begins a run at the first number only where the search reads none as begun by one
        # (`TileShape.leading`): every slot is empty there
        first_jokers = 0 if shape.led else copies
        end_value = (WEIGHT + shape.joker_rack)
        memo = self.memo
        options = shape.choices
        complete: dict[tuple[int, int, int, int], bool] = {}
        # this position's choices at a colour, by number, colour, its slots and the jokers left
        chosen: dict[int, tuple[ColourChoice, ...]] = {}
        spent = [0]

        def completable(v: int, c: int, g: int, left: int) -> bool:
            key = (v, c, g, left)
            got = complete.get(key)
            if got is None:
                if c == suits:
                    got = any(fits[g][:left + 1])
                else:
                    most = every[v][c]
                    got = any(completable(v, c + 1, joined[g][n], left) for n in range(most + 1))
                complete[key] = got
            return got

        def choices(key: tuple[int, int, int, int, tuple[int, ...], int, int]) -> tuple[ColourChoice, ...]:
            """A colour's choices at a number, by its slots' code, its tiles on the table and in the
            hand, the jokers left, the tiles of the numbers ahead, how many it may set aside and
            how many jokers may stand in it."""
            code, on_table, in_hand, left, near, high, wilds = key
            got = options.get(key)
            if got is None:
                out = []
                for played in range(in_hand, -1, -1):
                    naturals = on_table + played
                    for grouped in range(naturals + 1):
                        for aside in range(min(high, naturals - grouped) + 1):
                            # a joker in a run beside a natural twin in a group: swapped, the same
                            # table; so jokers stand in this colour's runs only when no twin is grouped
                            for wild in range(min(left, wilds) + 1 if not grouped else 1):
                                for after in shape.grown(code, naturals - grouped - aside, wild):
                                    if all(not n or n <= have + left - wild for n, have in zip(needs[after], near)):
                                        out.append((after, grouped, played, wild, aside))
                if len(options) >= CHOICES_KEPT:
                    options.clear()
                got = options[key] = tuple(out)
            return got

        def set_aside(code: int, naturals: int, left: int, near: tuple[int, ...]) -> tuple[ColourChoice, ...]:
            """At the high place: the tiles set aside all go into runs, with jokers as chosen."""
            key = (code, -1 - naturals, 0, left, near, 0, 0)
            got = options.get(key)
            if got is None:
                got = options[key] = tuple(
                    (after, 0, 0, wild, -naturals) for wild in range(min(left, copies) + 1)
                    for after in shape.grown(code, naturals, wild)
                    if all(not n or n <= have + left - wild for n, have in zip(needs[after], near)))
            return got

        def value(v: int, c: int, profile: int, g: int, counted: tuple[int, int]) -> int:
            """The best value from number `v`, colour `c`, with the slots' `profile`, the group
            key `g`, and `counted`: the jokers used and the first meld's points made so far."""
            used, points = counted
            key = ((((v * (suits + 1) + c) * n_profile + profile) * n_groups + g) * n_used + used) * n_points + points
            got = memo.get(key)
            if got is not None:
                return got[0]
            spent[0] += 1
            if spent[0] == _SPEND:
                spent[0] = 0
                budget.spend(hand_size, _STEPS)  # a state at a time costs more than the bound saves
            best: int = NONE
            choice: object = None
            if v == places:
                if used >= table_jokers and points >= need and all(
                        (profile // place[s]) % n_slots in closed for s in range(suits)):
                    best = (used - table_jokers) * end_value
            else:
                kind = kinds[v][c]
                on_table = on_tables[v][c]
                worth = WEIGHT + rack[kind]
                joker_points = melded[v] if own is None else own
                left = jokers - used
                code = (profile // place[c]) % n_slots
                base = profile - code * place[c]
                joins = joined[g]
                last = c == suits - 1  # the number's groups close here, and the next number begins
                row = (v * (suits + 1) + c + 1) * n_profile if not last else ((v + 1) * (suits + 1)) * n_profile
                if v < ranks:
                    at = ((v * suits + c) * n_slots + code) * n_used + left
                    here = chosen.get(at)
                    if here is None:
                        here = chosen[at] = choices((code, on_table, in_hands[v][c], left, ahead[v][c],
                                                     aside_most[c] if v == 0 else 0, first_jokers if v == 0 else copies))
                    if v == 0 and places > ranks:  # the jokers the colours' tiles set aside owe, within those left
                        owed = sum(owing[s][(profile // high_place[s]) % kept] for s in range(c))
                        here = tuple(o for o in here if owed + owing[c][o[4]] <= left - o[3])
                else:  # the high place
                    here = set_aside(code, (profile // high_place[c]) % kept, left, ahead[v][c])
                for option in here:
                    after, grouped, played, wild, high = option
                    shared = joins[grouped]
                    made = min(need, points + (on_table + played) * melded[v] + wild * joker_points) if need else 0
                    child = base + after * place[c] + high * high_place[c]
                    now = used + wild
                    if last:
                        for extra in fitting[shared]:
                            if extra > jokers - now:
                                break
                            closed_made = min(need, made + extra * joker_points) if need else 0
                            got = memo.get((((row + child) * n_groups * n_used) + now + extra) * n_points + closed_made)
                            found = got[0] if got is not None else value(v + 1, 0, child, 0, (now + extra, closed_made))
                            if found > NONE:
                                found += played * worth
                                if found > best:
                                    best, choice = found, (*option, extra)
                        continue
                    # tiles given to this number's groups (key 0: none yet) that the colours left cannot complete
                    if shared and not completable(v, c + 1, shared, left - wild):
                        continue
                    got = memo.get((((row + child) * n_groups + shared) * n_used + now) * n_points + made)
                    found = got[0] if got is not None else value(v, c + 1, child, shared, (now, made))
                    if found > NONE:
                        found += played * worth
                        if found > best:
                            best, choice = found, option
            memo[key] = (best, choice) if best > NONE else _DEAD
            return best

        self._walk = (suits, n_profile, n_groups, n_used, n_points, place, n_slots, joined, melded, own, high_place)
        try:
            found = value(0, 0, 0, 0, (0, 0))
            if spent[0]:  # the states not yet counted
                budget.spend(hand_size, spent[0] * _STEPS // _SPEND)
        except BaseException:
            memo.clear()  # a refusal's traceback keeps this frame: nothing of the search with it
            raise
        finally:
            complete.clear()
            chosen.clear()
        return found

    def drop(self) -> None:
        """Free the memo once the way back is read: the recursive functions of `best` hold it
        in a cycle that only the collector would free, long after the request."""
        self.memo.clear()

    # ---------------------------------------------------------------- the way back
    def steps(self) -> list[tuple[int, int, object]]:
        """The choices of the best value, in order: (place, colour or `suits` for the groups
        closing a number, the choice)."""
        suits, n_profile, n_groups, n_used, n_points, place, n_slots, joined, melded, own, high_place = self._walk
        v = c = profile = g = used = points = 0
        out: list[tuple[int, int, object]] = []
        while v < self.places:
            key = ((((v * (suits + 1) + c) * n_profile + profile) * n_groups + g) * n_used + used) * n_points + points
            choice = self.memo[key][1]
            joker_points = melded[v] if own is None else own
            after, grouped, played, wild, high, *closing = _colour_choice(choice)
            out.append((v, c, (after, grouped, played, wild, high)))
            naturals = self.on_table[v][c] + played
            points = min(self.need, points + naturals * melded[v] + wild * joker_points) if self.need else 0
            code = (profile // place[c]) % n_slots
            profile += (after - code) * place[c] + high * high_place[c]
            g = joined[g][grouped]
            c, used = c + 1, used + wild
            if closing:  # the last colour: the number's groups take these jokers
                out.append((v, suits, closing[0]))
                points = min(self.need, points + closing[0] * joker_points) if self.need else 0
                v, c, g, used = v + 1, 0, 0, used + closing[0]
        return out


@contextmanager
def collector_paused() -> Iterator[None]:
    """The cyclic collector held back while positions are searched: the memo's thousands of
    tuples would start it again and again, and now and then it walks every object of the
    process. A search makes no cycles; its memo is freed by reference counts once the answer is
    built, before the collector runs again, so little is left for it to walk."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()


def colour_choice(choice: object) -> ColourChoice:
    assert isinstance(choice, tuple) and len(choice) == 5
    return choice


def _colour_choice(choice: object) -> tuple[int, ...]:
    """A colour's choice as the memo keeps it: with the jokers its number's groups take, at the last colour."""
    assert isinstance(choice, tuple) and len(choice) in (5, 6)
    return choice


def played_value(value: int) -> tuple[int, int]:
    """The tiles played and their points, from a packed value."""
    return value // WEIGHT, value % WEIGHT


def type_counts(size: int, kinds: Sequence[int]) -> tuple[int, ...]:
    out = [0] * size
    for k in kinds:
        out[k] += 1
    return tuple(out)
