"""One legal table from the search's choices: runs followed slot by slot, groups built at the
end of each number from the tiles given to them."""

from __future__ import annotations

from collections import Counter
from itertools import product

from referee.cards import JOKER, Card
from referee.tablesolve.search import TileSearch, colour_choice
from referee.tablesolve.shape import Mark, TileShape

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
            rank = geometry.order[v]
            for natural, wild in found:
                melds.append((*(Card(rank, geometry.suits[s]) for s, n in enumerate(natural) for _ in range(n)),
                              *(_JOKER,) * wild))
            grouped = [0] * shape.suits
            continue
        code, to_groups, from_hand, wild = colour_choice(choice)
        kind = geometry.type_of(c, geometry.order[v])
        card = geometry.card(kind)
        naturals = search.counts.table[kind] + from_hand
        played[card] += from_hand
        grouped[c] = to_groups
        runs = slots[c]
        taking = _taking(shape, runs, shape.slot_states[code], naturals - to_groups, wild)
        for i, run in enumerate(runs):
            took = taking[i]
            if took != "-":
                run.append(card if took == "N" else _JOKER)
            elif run:
                melds.append(tuple(run))
                run.clear()
    melds.extend(tuple(run) for colour in slots for run in colour if run)
    played[_JOKER] = max(0, sum(c == _JOKER for meld in melds for c in meld) - search.counts.table_jokers)
    return melds, +played


def _mark(shape: TileShape, run: list[Card]) -> Mark:
    top = shape.run_min or 1
    naturals = min(2, sum(c != _JOKER for c in run)) if shape.tracked else 0
    return (min(len(run), top), naturals if run else 0)


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
