"""One legal table from the search's choices: runs followed slot by slot, groups built at the
end of each number from the tiles given to them."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from referee.cards import JOKER, Card
from referee.tablesolve.search import TileSearch, colour_choice

_JOKER = Card(JOKER)


def rebuilt(search: TileSearch) -> tuple[list[tuple[Card, ...]], Counter[Card]]:
    """The melds of the search's best value, and the hand tiles they play."""
    shape = search.shape
    geometry = shape.geometry
    top = shape.run_min or 1
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
        taking = _taking(runs, shape.slot_states[code], naturals - to_groups + wild, top)
        tiles = [card] * (naturals - to_groups) + [_JOKER] * wild
        for i, run in enumerate(runs):
            if i in taking:
                run.append(tiles.pop())
            elif run:
                melds.append(tuple(run))
                run.clear()
    melds.extend(tuple(run) for colour in slots for run in colour if run)
    played[_JOKER] = max(0, sum(c == _JOKER for meld in melds for c in meld) - search.counts.table_jokers)
    return melds, +played


def _taking(runs: list[list[Card]], target: tuple[int, ...], tiles: int, top: int) -> frozenset[int]:
    """The slots that take a tile of this number so that the slot states become `target`."""
    for chosen in combinations(range(len(runs)), tiles):
        if any(0 < len(run) < top and i not in chosen for i, run in enumerate(runs)):
            continue
        after = sorted(min(len(run) + 1, top) if i in chosen else 0 for i, run in enumerate(runs))
        if tuple(after) == target:
            return frozenset(chosen)
    raise AssertionError("the search chose slot states its runs cannot reach")
