"""Going out where the table may be rebuilt (`table.rearrange`: Rummikub, Remi) agrees with the
best turn: on positions met in simulated games, `check_going_out` says yes exactly when
`best_turn` plays every tile of the rack but the discard the game asks for, and its plan's
table is a turn `check_turn` accepts.

The games: three players dealt 14 tiles each; in turn each plays the best turn (its first meld
once it can) or draws a tile, and where every turn ends with a discard (Remi) throws its
costliest tile left. Beside each position met after the first meld, two more are asked: the
tiles that position's best turn played (with, in Remi, one tile more to throw), which go out
by that turn, and those tiles with one more from the pool, which often do not.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.checks.situation import situate
from referee.checks.turns import check_turn
from referee.loading.loader import Library
from referee.planner import check_going_out
from referee.rules.ruleset import Ruleset
from referee.tablesolve import best_turn
from referee.values.budget import OverBudget
from referee.values.cards import Card, parse_cards

REBUILT = ("rummikub", "rummikub-first-meld-50", "remi", "remi-sabra")
MOST_TABLE, MOST_RACK = 40, 20  # the realistic positions of bench/tiles.py

Position = tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]


def _game(ruleset: Ruleset, rng: random.Random) -> Iterator[Position]:
    """The positions after the first meld that one simulated game meets, and beside each the
    racks its best turn suggests (see the module)."""
    assert ruleset.rummy is not None
    throws = ruleset.rummy.final_discard == "required"
    value = ruleset.scoring.value
    pool = list(ruleset.deck.full(3))
    rng.shuffle(pool)
    racks = [[pool.pop() for _ in range(14)] for _ in range(3)]
    done = [False] * 3
    table: tuple[tuple[Card, ...], ...] = ()
    player = 0
    while pool and sum(map(len, table)) <= MOST_TABLE and len(racks[player]) <= MOST_RACK:
        rack = racks[player]
        try:
            answer = best_turn(situate(ruleset, first_meld_done=done[player]), table, rack)
        except OverBudget:
            return  # a table past the tile search's budget (a 422): the game is not played further
        if done[player]:
            yield table, tuple(rack)
            if answer.played:
                extra = (answer.left[0],) if throws and answer.left else ()
                yield table, (*answer.played, *extra)
                yield table, (*answer.played, *extra, pool[-1])
        if answer.played:
            table = tuple(tuple(m) for m in answer.table)
            left = list(answer.left)
            done[player] = True
            if throws and left:
                left.remove(max(left, key=value))
            racks[player] = left
            if not left:
                return
        else:
            rack.append(pool.pop())
        player = (player + 1) % 3


def out_by_best_turn(ruleset: Ruleset, table: Sequence[Sequence[Card]], rack: Sequence[Card]) -> bool:
    """The oracle: the best turn leaves no tile, or only the one a discard needs (a rack of one
    tile goes out by throwing it)."""
    assert ruleset.rummy is not None
    throws = ruleset.rummy.final_discard == "required"
    return len(best_turn(situate(ruleset, first_meld_done=True), table, rack).left) == (1 if throws else 0)


@pytest.mark.parametrize("rid", REBUILT)
def test_going_out_on_a_rebuilt_table_agrees_with_the_best_turn(library: Library, rid: str) -> None:
    ruleset = library.get(rid)

    @settings(max_examples=4, deadline=None)
    @given(seed=st.integers(0, 2**32 - 1))
    def agrees(seed: int) -> None:
        for table, rack in _game(ruleset, random.Random(seed)):
            try:
                verdict = check_going_out(situate(ruleset, first_meld_done=True), rack, table)
            except OverBudget:
                continue  # a 422 naming the table: a position past the tile search's budget (docs/engine.md)
            assert verdict.valid is out_by_best_turn(ruleset, table, rack), (table, rack, verdict.as_dict())
            if verdict.valid:
                _assert_plan_is_a_legal_turn(ruleset, table, rack, verdict.extra["plan"])

    agrees()


def _assert_plan_is_a_legal_turn(ruleset: Ruleset, table: Sequence[Sequence[Card]], rack: Sequence[Card],
                                 plan: object) -> None:
    """The plan carries the table after the turn; that turn, asked of `check_turn` from the whole
    rack, is legal and plays every tile but the discard."""
    assert isinstance(plan, dict) and "table" in plan, plan
    after = [parse_cards(m, deck=ruleset.deck) for m in plan["table"]]
    if [str(plan["discard"])] == [str(c) for c in rack]:  # a rack of one tile, thrown: the table stays
        assert Counter(map(str, (c for m in after for c in m))) == Counter(map(str, (c for m in table for c in m)))
        return
    turn = check_turn(situate(ruleset, first_meld_done=True), table, after, rack)
    assert turn.valid, (plan, turn.as_dict())
    played = Counter(str(c) for c in rack)
    if plan["discard"] is not None:
        played[plan["discard"]] -= 1
    assert Counter(turn.extra["played"]) == +played, (plan, turn.as_dict())
