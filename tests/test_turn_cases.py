"""Rummikub's and Remi's turns as their rules texts tell them (tests/cases/rummikub-turns.yaml):
each `check: turn` row through the turn check, each `check: best` row through the best-turn
search. The table a best turn answers must itself pass the turn check, with exactly the tiles it
says it played (one answer held against the other), and playing more than it found must fail."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from referee.checks.situation import situate
from referee.checks.turns import check_turn
from referee.loading.loader import Library
from referee.tablesolve import best_turn
from referee.values.cards import parse_cards
from referee.values.errors import InvalidPlayError
from tests.conftest import load_cases

ROWS = load_cases("rummikub-turns.yaml")
TURNS = [p for p in ROWS if p.values[0]["check"] == "turn"]
BESTS = [p for p in ROWS if p.values[0]["check"] == "best"]


def _melds(ruleset: Any, groups: list[list[str]]) -> list[tuple[Any, ...]]:
    return [tuple(parse_cards(g, deck=ruleset.deck)) for g in groups]


def test_both_kinds_of_row_are_there() -> None:
    assert len(TURNS) >= 20 and len(BESTS) >= 10


@pytest.mark.parametrize("case", TURNS)
def test_a_turn_of_the_rules_texts(case: dict[str, Any], library: Library) -> None:
    ruleset = library.get(case["ruleset"])
    try:
        verdict = check_turn(situate(ruleset, first_meld_done=case.get("first_meld_done", True)), _melds(ruleset, case["before"]), _melds(ruleset, case["after"]), parse_cards(case["hand"], deck=ruleset.deck))
    except InvalidPlayError as exc:  # a question the game does not ask: its problems, by code
        assert sorted(p.code for p in exc.problems) == sorted(case.get("problems", [])), exc.problems
        return
    assert "problems" not in case, verdict.as_dict()
    assert verdict.valid is case["valid"], verdict.as_dict()
    if "codes" in case:
        assert sorted({v.code for v in verdict.violations}) == sorted(set(case["codes"])), verdict.as_dict()


@pytest.mark.parametrize("case", BESTS)
def test_a_best_turn_of_the_rules_texts(case: dict[str, Any], library: Library) -> None:
    ruleset = library.get(case["ruleset"])
    table, hand = _melds(ruleset, case["table"]), parse_cards(case["hand"], deck=ruleset.deck)
    done = case.get("first_meld_done", True)
    best = best_turn(situate(ruleset, first_meld_done=done), table, hand)
    assert len(best.played) == case["played_count"], best.as_dict()
    if "played_points" in case:
        assert sum(ruleset.scoring.value(c) for c in best.played) == case["played_points"], best.as_dict()
    assert Counter(best.played) + Counter(best.left) == Counter(hand)
    if best.played:  # the answer's table is a legal turn, by the other check
        verdict = check_turn(situate(ruleset, first_meld_done=done), table, best.table, hand)
        assert verdict.valid, verdict.as_dict()
        assert Counter(verdict.extra["played"]) == Counter(str(c) for c in best.played)
    else:
        assert [tuple(m) for m in best.table] == [tuple(m) for m in table]
