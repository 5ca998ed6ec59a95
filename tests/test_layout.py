from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.checks.layout import Layout, check_placement, placement
from referee.loading.loader import Library
from referee.rules.ruleset import Ruleset
from referee.values.cards import RANKS, SUITS, Card, parse_card
from referee.values.errors import InvalidPlayError

D = "down"


@pytest.mark.parametrize(("layout", "card", "slots", "ends", "completes", "codes"), [
    ([D] * 10, "7H", [7], False, False, []),
    ([D] * 10, "QS", [], True, False, ["dead_card"]),
    ([D] * 10, "KD", [], True, False, ["dead_card"]),
    ([D, D, D, "4H"] + [D] * 6, "4C", [], True, False, ["slot_taken"]),
    ([D, D, "JS"] + [D] * 7, "3D", [3], False, False, []),
    ([D] * 9, "10H", [], True, False, ["slot_not_in_layout"]),
    ([D], "AH", [1], False, True, []),
    ([D], "JC", [1], False, True, []),
    ([D], "2C", [], True, False, ["slot_not_in_layout"]),
    ([D, "2S", D], "JD", [1, 3], False, False, []),
    (["AS", "2S", D], "3H", [3], False, True, []),
    (["AS", "JS", "3S"], "2H", [2], False, True, []),
    (["AS", "JS"], "JH", [], True, False, ["slot_taken"]),
])
def test_garbage_placements(garbage: Ruleset, layout: list[str], card: str, slots: list[int],
                            ends: bool, completes: bool, codes: list[str]) -> None:
    verdict = check_placement(garbage, layout, parse_card(card))
    assert verdict.extra == {"slots": slots, "ends_turn": ends, "completes_layout": completes}
    assert [v.code for v in verdict.violations] == codes
    assert verdict.valid is (not codes)


@pytest.mark.parametrize(("rid", "card", "ends"), [
    ("garbage-kings-wild", "KS", False), ("garbage-kings-wild", "JS", True),
    ("garbage-kings-wild", "QS", True), ("garbage-picture-cards-wild", "QS", False),
    ("garbage-jokers-wild", "JK", False), ("garbage", "JK", True),
])
def test_variant_wilds(library: Library, rid: str, card: str, ends: bool) -> None:
    verdict = check_placement(library.get(rid), [D] * 10, parse_card(card))
    assert verdict.extra["ends_turn"] is ends


@pytest.mark.parametrize(("layout", "path"), [
    ([D, D, "5H"], "layout[2]"),
    ([D] * 11, "layout"),
    ([], "layout"),
    ([D, "1H"], "layout[1]"),
    (["QS"], "layout[0]"),
])
def test_impossible_layouts_name_the_slot(garbage: Ruleset, layout: list[str], path: str) -> None:
    with pytest.raises(InvalidPlayError) as info:
        check_placement(garbage, layout, parse_card("7H"))
    assert info.value.problems[0].path == path


def test_placements_only_for_layout_games(library: Library) -> None:
    with pytest.raises(InvalidPlayError):
        check_placement(library.get("ten-pennies"), [D], parse_card("AH"))


ALL = [Card(r, s) for r in RANKS for s in SUITS]


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 10), st.lists(st.sampled_from(ALL), max_size=60))
def test_legal_placements_never_misfile_and_never_grow(garbage: Ruleset, size: int, draws: list[Card]) -> None:
    rules = garbage.layout
    assert rules is not None
    layout = Layout(tuple([None] * size))
    for card in draws:
        found = placement(rules, layout, card)
        if found.ends_turn:
            assert not found.slots
            continue
        layout, _ = layout.place(found.slots[0], card)
        assert layout.size == size
        for i, c in enumerate(layout.slots):
            assert c is None or c.rank == rules.slots[i] or c.rank in rules.wilds
