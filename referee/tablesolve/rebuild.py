"""One legal table from the search's choices: runs followed slot by slot, groups built at the
end of each number from the tiles given to them."""

from __future__ import annotations

from collections import Counter
from itertools import product

from referee.tablesolve.search import TileSearch, colour_choice
from referee.tablesolve.shape import Mark, TileShape
from referee.values.cards import JOKER, Card

_JOKER = Card(JOKER)


def rebuilt(search: TileSearch) -> tuple[list[tuple[Card, ...]], Counter[Card]]:
    """The melds of the search's best value, and the hand tiles they play."""
    shape = search.shape
    geometry = shape.geometry
    slots: list[list[list[Card]]] = [[[] for _ in range(geometry.copies)] for _ in range(shape.suits)]
    grouped = [0] * shape.suits
    melds: list[tuple[Card, ...]] = []
    played: Counter[Card] = Counter()
    for v, c, choice in search.steps():
        if c == shape.suits:
            assert isinstance(choice, int)
            found = shape.groups(tuple(grouped), choice)
            assert found is not None
            rank = geometry.rank_of(search.kinds[v][0])
            for natural, wild in found:
                melds.append((*(Card(rank, geometry.suits[s]) for s, n in enumerate(natural) for _ in range(n)),
                              *(_JOKER,) * wild))
            grouped = [0] * shape.suits
            continue
        code, to_groups, from_hand, wild, aside = colour_choice(choice)
        card = geometry.card(search.kinds[v][c])
        naturals = search.on_table[v][c] + from_hand - to_groups - aside  # the set-aside come back as less than 0
        played[card] += from_hand
        grouped[c] = to_groups
        runs = slots[c]
        taking = _taking(shape, runs, shape.slot_states[code], naturals, wild)
        for i, run in enumerate(runs):
            took = taking[i]
            if took != "-":
                run.append(card if took == "N" else _JOKER)
            elif run:
                melds += _cut(shape, run)
                run.clear()
    melds += [m for colour in slots for run in colour if run for m in _cut(shape, run)]
    played[_JOKER] = max(0, sum(c == _JOKER for meld in melds for c in meld) - search.counts.table_jokers)
    return melds, +played


def _cut(shape: TileShape, run: list[Card]) -> list[tuple[Card, ...]]:
    """A run as melds: one, or two where it holds the first number at both ends (from it low to
    it high, one place more than the numbers): cut where each part keeps the least tiles of a
    run and two natural tiles (one natural tile with jokers reads as a group). The search lets
    no joker begin such a run before the first meld (`TileShape.leading`), so each part reads
    as it counted it."""
    if len(run) <= shape.ranks:
        return [tuple(run)]
    least = shape.run_min or 1
    cut = next(k for k in range(least, len(run) - least + 1)
               if min(_naturals(run[:k]), _naturals(run[k:])) >= 2)
    return [tuple(run[:cut]), tuple(run[cut:])]


def _naturals(run: list[Card]) -> int:
    return sum(c != _JOKER for c in run)


def _mark(shape: TileShape, run: list[Card]) -> Mark:
    top = shape.run_min or 1
    naturals = min(2, _naturals(run)) if shape.tracked else 0
    led = int(shape.led and bool(run) and run[0] == _JOKER)
    return (min(len(run), top), naturals if run else 0, led)


def _taking(shape: TileShape, runs: list[list[Card]], target: tuple[Mark, ...], naturals: int,
            jokers: int) -> tuple[str, ...]:
    """What each slot takes at this number (`N` a natural tile, `J` a joker, `-` nothing) so
    that the slot states become `target`."""
    marks = [_mark(shape, run) for run in runs]
    for took in product("NJ-", repeat=len(runs)):
        if took.count("N") != naturals or took.count("J") != jokers:
            continue
        after = [shape.step(m, t) for m, t in zip(marks, took, strict=True)]
        if None not in after and tuple(sorted(a for a in after if a is not None)) == target:
            return took
    raise AssertionError("the search chose slot states its runs cannot reach")
