"""referee/loading/overrides.py: round fields a variant sets at the top level that every round sets again."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from referee.loading.loader import Library
from referee.loading.overrides import overridden, overridden_findings

ROUNDS = [{"wilds": {"ranks": ["2"], "max_per_meld": 1}, "first_meld": {"sets": [3]}},
          {"wilds": {"ranks": ["2", "A"]}, "first_meld": {"sets": [4]}, "hand_size": 9}]


@pytest.mark.parametrize("written, found", [
    ({"wilds": {"ranks": ["K"]}}, [("wilds",)]),                      # every round names its ranks
    ({"wilds": {"ranks": ["K"], "all_wild": True}}, [("wilds", "ranks")]),  # all_wild still counts
    ({"wilds": {"max_per_meld": 2}}, []),                              # round 2 keeps the top level's
    ({"first_meld": {"melds": 3}}, [("first_meld",)]),                 # a round's requirement is whole
    ({"hand_size": 10}, []),                                           # round 1 deals the top level's
    ({"deck": {"jokers": 2}, "name": "V"}, []),                        # not a round field
    ({"wilds": None}, []),
])
def test_what_every_round_sets_again(written: dict[str, Any], found: list[tuple[str, ...]]) -> None:
    assert list(overridden(written, {"rounds": ROUNDS})) == found


def test_a_game_without_rounds_overrides_nothing() -> None:
    assert list(overridden({"wilds": {"ranks": ["K"]}}, {"rounds": []})) == []
    assert list(overridden({"wilds": {"ranks": ["K"]}}, {})) == []


VARIANT = "format: 1\nid: tp-jokers\nextends: ten-pennies\nfamily: rummy\nname: TP\nwilds:\n  ranks: [\"2\", JOKER]\n"


def test_the_finding_is_at_the_variant_key_and_names_the_rounds(library: Library) -> None:
    lib = library.copy(as_written=True)
    _ruleset, source, resolved = lib.load(VARIANT, file="v.yaml")
    [problem] = overridden_findings(source, resolved)
    assert (problem.path, problem.code, problem.line, problem.column, problem.file) == ("wilds", "meaning", 6, 1, "v.yaml")
    assert problem.message == ("every round gives its own wilds (rounds 1-7), so the top-level one changes nothing: "
                               "set it in the rounds that should have it")


def test_a_game_file_keeps_its_top_level(library: Library) -> None:
    """Ten Pennies' own top-level wilds are what a variant that replaces `rounds` plays with."""
    lib = library.copy(as_written=True)
    shipped = Path(__file__).resolve().parents[1] / "rulesets" / "ten-pennies.yaml"
    text = shipped.read_text(encoding="utf-8").replace("id: ten-pennies", "id: tp-copy")
    _ruleset, source, resolved = lib.load(text, file="tp.yaml")
    assert list(overridden(source.data, resolved)) and overridden_findings(source, resolved) == []  # type: ignore[arg-type]
