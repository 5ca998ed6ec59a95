"""The best turn on a rearranged table (referee.tablesolve): exact against a brute force over
every partition into melds, legal by the single-meld check, and bounded."""

from __future__ import annotations

import gc
import os
from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, reject, settings
from hypothesis import strategies as st

from referee.checks.judge import judge_for
from referee.checks.plays import check_meld
from referee.checks.situation import situate
from referee.kinds.table import meld_points
from referee.loading.loader import default_library
from referee.rules.ruleset import Ruleset
from referee.tablesolve import MOST_IN_HAND, MOST_ON_TABLE, BestTurn, best_turn
from referee.values.budget import Budget, OverBudget
from referee.values.cards import JOKER, Card, parse_cards
from referee.values.errors import InvalidPlayError
from tests.tilesolve_reference import TileRules, brute_force


@pytest.fixture(scope="module")
def rk() -> Ruleset:
    return default_library().get("rummikub")


def tiles(ruleset: Ruleset, text: str) -> tuple[Card, ...]:
    return parse_cards(text.split(), deck=ruleset.deck)


def melds(ruleset: Ruleset, *texts: str) -> list[tuple[Card, ...]]:
    return [tiles(ruleset, t) for t in texts]


def assert_legal(ruleset: Ruleset, table: Sequence[Sequence[Card]], hand: Sequence[Card],
                 first_meld_done: bool, answer: BestTurn) -> None:
    """The answer's table is legal, keeps the table, and adds exactly the played tiles."""
    for meld in answer.table:
        assert check_meld(situate(ruleset, first_meld_done=first_meld_done), meld).valid, meld
    before = Counter(c for m in table for c in m)
    after = Counter(c for m in answer.table for c in m)
    assert after == before + Counter(answer.played)
    assert Counter(answer.played) + Counter(answer.left) == Counter(hand)
    if not first_meld_done:
        assert [tuple(m) for m in answer.table[:len(table)]] == [tuple(m) for m in table]
        new = answer.table[len(table):]
        if answer.played:
            assert ruleset.rummy is not None
            judge = judge_for(ruleset, 1, None)
            worth = 0
            for meld in new:
                found, _ = judge.judge(meld)
                assert found is not None
                worth += meld_points(ruleset.rummy.scoring, found)
            assert worth >= ruleset.rummy.round(1).first_meld.points
        else:
            assert not new


def rack_points(ruleset: Ruleset, cards: Sequence[Card]) -> int:
    assert ruleset.rummy is not None
    wild = ruleset.rummy.round(1).wilds.ranks
    return sum(ruleset.rummy.scoring.caught_value(c, wild) for c in cards)


# ---------------------------------------------------------------- positions read by hand

@pytest.mark.parametrize(("table", "hand", "played"), [
    # a lay-off at each end, and a group grown
    (["1K 2K 3K", "5R 5B 5O"], "4K 5K", "4K 5K"),
    # the run is cut in two to make room for a group of sevens
    (["4B 5B 6B 7B 8B 9B 10B"], "7R 7K", "7R 7K"),
    # nothing fits
    (["1K 2K 3K"], "9R 11O", ""),
    # a joker on the table freed: 5O takes its place, and the joker goes on with 13R 13O
    (["5K 5B JK"], "5O 13R 13O", "5O 13R 13O"),
])
def test_best_turn_after_the_first_meld(rk: Ruleset, table: list[str], hand: str, played: str) -> None:
    before, rack = melds(rk, *table), tiles(rk, hand)
    answer = best_turn(situate(rk, first_meld_done=True), before, rack)
    assert Counter(answer.played) == Counter(tiles(rk, played))
    assert_legal(rk, before, rack, True, answer)
    assert answer.points == rack_points(rk, answer.played)


def test_the_tie_goes_to_the_most_points(rk: Ruleset) -> None:
    """Equal counts: the tens outweigh the twos."""
    rack = tiles(rk, "2K 2B 2R 10K 10B 10R")
    answer = best_turn(situate(rk, first_meld_done=True), [], rack)
    assert len(answer.played) == 6
    answer = best_turn(situate(rk, first_meld_done=True), melds(rk, "2O 3O 4O"), tiles(rk, "2K 2B 10K 10B 10R"))
    assert Counter(answer.played) == Counter(tiles(rk, "10K 10B 10R"))  # the 2O holds its run together
    answer = best_turn(situate(rk, first_meld_done=True), melds(rk, "2O 3O 4O 5O"), tiles(rk, "2K 2B 10K 10B 10R"))
    assert Counter(answer.played) == Counter(tiles(rk, "10K 10B 10R 2K 2B"))
    answer = best_turn(situate(rk, first_meld_done=True), [], tiles(rk, "2K 2B 2R 10K 10B 11K"))
    assert Counter(answer.played) == Counter(tiles(rk, "2K 2B 2R"))


def test_the_first_meld_comes_from_the_hand_and_reaches_thirty(rk: Ruleset) -> None:
    table = melds(rk, "1K 2K 3K")
    rack = tiles(rk, "4K 5K 6K 9B 10B 11B")  # 15 alone is short; with 30 from the blues, 45
    answer = best_turn(situate(rk, first_meld_done=False), table, rack)
    assert Counter(answer.played) == Counter(rack)
    assert_legal(rk, table, rack, False, answer)
    short = tiles(rk, "4K 5K 6K 1B 2B 3B 4K")
    answer = best_turn(situate(rk, first_meld_done=False), table, short)  # 21: no first meld, though the 4K would fit on the table
    assert answer.played == () and answer.left == short and answer.table == tuple(table)


def test_a_joker_in_the_first_meld_counts_as_the_tile_it_stands_for(rk: Ruleset) -> None:
    rack = tiles(rk, "12K 13K JK")  # 11 + 12 + 13 = 36
    answer = best_turn(situate(rk, first_meld_done=False), [], rack)
    assert Counter(answer.played) == Counter(rack)
    assert best_turn(situate(rk, first_meld_done=False), [], tiles(rk, "2K 3K JK")).played == ()  # at most 2 + 3 + 4


def test_one_natural_tile_and_two_jokers_count_as_a_group(rk: Ruleset) -> None:
    """The judge reads 9B JK JK as a group (27), not as the run 9-10-11 (30): short of 30."""
    assert best_turn(situate(rk, first_meld_done=False), [], tiles(rk, "9B JK JK")).played == ()
    assert len(best_turn(situate(rk, first_meld_done=False), [], tiles(rk, "11B JK JK")).played) == 3  # 33 as a group
    assert len(best_turn(situate(rk, first_meld_done=True), [], tiles(rk, "9B JK JK")).played) == 3


def test_the_answer_in_the_spec_shape(rk: Ruleset) -> None:
    answer = best_turn(situate(rk, first_meld_done=True), melds(rk, "1K 2K 3K"), tiles(rk, "4K 9R"))
    body = answer.as_dict()
    assert body == {"played": ["4K"], "table": [["1K", "2K", "3K", "4K"]], "left": ["9R"]}


# ---------------------------------------------------------------- bad input and bounds

def test_a_position_too_large_is_refused(rk: Ruleset) -> None:
    every = [c for c in rk.deck.full(4) if c.rank != JOKER]
    runs = [tuple(every[i:i + 13]) for i in range(0, 65, 13)]  # 65 tiles in 5 runs
    with pytest.raises(InvalidPlayError) as info:
        best_turn(situate(rk, first_meld_done=True), runs, ())
    assert info.value.problems[0].code == "table_too_large" and info.value.problems[0].path == "table"
    assert MOST_ON_TABLE < 65
    with pytest.raises(InvalidPlayError) as info:
        best_turn(situate(rk, first_meld_done=True), [], every[:MOST_IN_HAND + 1])
    assert info.value.problems[0].code == "hand_too_large"


def test_the_budget_refuses_rather_than_runs_on(rk: Ruleset) -> None:
    with pytest.raises(InvalidPlayError) as info:
        best_turn(situate(rk, first_meld_done=True, budget=Budget(10)), melds(rk, "1K 2K 3K"), tiles(rk, "4K 5K 6R"))
    assert info.value.problems[0].code == "hand_too_large"


@pytest.mark.parametrize(("table", "hand", "first_meld_done", "code", "path"), [
    (["1K 2K 3K 4K 5K 6K", "9B 9O 9R"], "4B 7K", True, "table_too_large", "table"),  # 9 tiles to place, 2 in hand
    (["1K 2K 3K"], "4B 7K 8K 9K 10K 5O", True, "hand_too_large", "hand"),
    (["1K 2K 3K"], "4B 7K 8K", True, "hand_too_large", "hand"),  # as many: the hand is named
    (["1K 2K 3K 4K 5K 6K", "9B 9O 9R"], "4B 7K", False, "hand_too_large", "hand"),  # the table is not searched
])
def test_a_refusal_names_the_field_that_makes_the_position_large(rk: Ruleset, table: list[str], hand: str,
                                                                 first_meld_done: bool, code: str, path: str) -> None:
    """Past the budget, the table is named where the search places more of its tiles than of the
    hand's, else the hand."""
    with pytest.raises(InvalidPlayError) as info:
        best_turn(situate(rk, first_meld_done=first_meld_done, budget=Budget(50)), melds(rk, *table), tiles(rk, hand))
    assert [(p.code, p.path) for p in info.value.problems] == [(code, path)]
    assert str(len(tiles(rk, " ".join(table)) if path == "table" else tiles(rk, hand))) in info.value.problems[0].message


def test_a_search_keeps_no_memo_past_its_turn(rk: Ruleset, monkeypatch: pytest.MonkeyPatch) -> None:
    """Answered or refused, each search's memo is emptied once its turn is found: its recursive
    functions hold it in a cycle that only the collector would free, long after the request."""
    import referee.tablesolve.best as solving
    from referee.tablesolve.search import TileSearch

    made: list[TileSearch] = []

    class Kept(TileSearch):
        def __init__(self, *args: Any) -> None:
            super().__init__(*args)
            made.append(self)

    monkeypatch.setattr(solving, "TileSearch", Kept)
    table, hand = melds(rk, *SLOW_TAIL[0][0]), tiles(rk, SLOW_TAIL[0][1])
    assert best_turn(situate(rk, first_meld_done=True), table, hand).played
    with pytest.raises(InvalidPlayError):
        best_turn(situate(rk, first_meld_done=True, budget=Budget(200)), table, hand)
    assert len(made) == 2 and all(not search.memo for search in made)


def _runs(colour: str, first: int, last: int) -> str:
    return " ".join(f"{n}{colour}" for n in range(first, last + 1))


# The flood's body: the largest table the search takes, a rack of 35 with both jokers, each rack
# tile free to join it (about 690,000 steps, two seconds, to settle exactly).
LARGEST = ([_runs(c, 1, 13) for c in "KBOR"] + [_runs("K", 1, 4), _runs("B", 1, 4)],
           f"{_runs('O', 1, 13)} {_runs('R', 1, 13)} {_runs('K', 5, 11)} JK JK")


@pytest.mark.timed
def test_the_largest_position_is_refused_quickly_naming_the_table(rk: Ruleset) -> None:
    import time

    table, hand = melds(rk, *LARGEST[0]), tiles(rk, LARGEST[1])
    assert (sum(map(len, table)), len(hand)) == (MOST_ON_TABLE, 35)
    budget = Budget()
    started = time.thread_time()
    with pytest.raises(InvalidPlayError) as info:
        best_turn(situate(rk, first_meld_done=True, budget=budget), table, hand)
    spent = time.thread_time() - started
    assert [(p.code, p.path) for p in info.value.problems] == [("table_too_large", "table")]
    assert budget.spent > budget.steps and spent < 0.6, spent  # the bound costs about a quarter of a second


@pytest.mark.parametrize(("table", "hand", "code", "path"), [
    (["1K 2K 3K", "1K 2K 3K"], "1K", "duplicate_card", "hand"),
    (["1K 2K 3K", "1K 2K 3K", "1K 2K 3K"], "", "duplicate_card", "table"),
    (["1K 2K 4K"], "9R", "not_consecutive", "table[0]"),
    (["5K 5K 5B"], "9R", "repeated_suit", "table[0]"),
])
def test_tiles_the_set_cannot_hold_and_illegal_melds_are_refused(
        rk: Ruleset, table: list[str], hand: str, code: str, path: str) -> None:
    with pytest.raises(InvalidPlayError) as info:
        best_turn(situate(rk, first_meld_done=True), melds(rk, *table), tiles(rk, hand))
    assert (info.value.problems[0].code, info.value.problems[0].path) == (code, path)


def test_a_first_meld_the_search_cannot_read_is_refused() -> None:
    """A first meld that may use the table's tiles: the search reads only one from the hand."""
    library = default_library().copy()
    variant, _, _ = library.load("format: 1\nid: rk-table-first\nextends: rummikub\nname: Test\nfamily: rummy\n"
                           "first_meld: {points: 30, from_hand_only: false}\n")
    hand = tiles(variant, "10K 11K 12K")
    with pytest.raises(InvalidPlayError) as info:
        best_turn(situate(variant, first_meld_done=False), [], hand)
    assert info.value.problems[0].code == "best_turn_unsupported"
    assert len(best_turn(situate(variant, first_meld_done=True), [], hand).played) == 3


def test_a_game_without_a_rearranged_table_is_refused() -> None:
    with pytest.raises(InvalidPlayError) as info:
        best_turn(situate(default_library().get("bing-rummy"), first_meld_done=True), [], parse_cards(["3H", "4H", "5H"]))
    assert info.value.problems[0].code == "table_not_rearranged"  # as the turn check refuses it


# ---------------------------------------------------------------- agreement with the brute force

COLOURS = ("K", "B", "O", "R")


@st.composite
def positions(draw: st.DrawFn) -> tuple[list[tuple[Card, ...]], tuple[Card, ...], int]:
    """A table of legal melds and a hand, from the tiles one set holds, among few numbers so
    that the tiles meet; 0-2 jokers in all."""
    low = draw(st.integers(1, 9))
    numbers = list(range(low, low + 5))
    pool = Counter({Card(str(n), s): 2 for n in numbers for s in COLOURS})
    jokers = draw(st.integers(0, 2))
    table: list[tuple[Card, ...]] = []
    for _ in range(draw(st.integers(0, 2))):
        if draw(st.booleans()):
            n = draw(st.sampled_from(numbers))
            suits = draw(st.lists(st.sampled_from(COLOURS), min_size=3, max_size=4, unique=True))
            meld = [Card(str(n), s) for s in suits]
        else:
            s = draw(st.sampled_from(COLOURS))
            start = draw(st.integers(low, low + 2))
            meld = [Card(str(n), s) for n in range(start, draw(st.integers(start + 2, low + 4)) + 1)]
        if any(pool[c] < meld.count(c) for c in meld):
            continue
        pool.subtract(meld)
        if jokers and draw(st.booleans()):
            at = draw(st.integers(0, len(meld) - 1))
            pool[meld[at]] += 1
            meld[at] = Card(JOKER)
            jokers -= 1
        table.append(tuple(meld))
    left = sorted(pool.elements())
    hand = draw(st.lists(st.sampled_from(left), max_size=8)) if left else []
    hand = [c for c, n in Counter(hand).items() for _ in range(min(n, pool[c]))]
    hand += [Card(JOKER)] * jokers if draw(st.booleans()) else []
    return table, tuple(hand), jokers


@settings(max_examples=int(os.environ.get("TILES_EXAMPLES", "150")), suppress_health_check=[HealthCheck.too_slow])
@given(positions(), st.booleans())
def test_the_best_turn_equals_the_brute_force(rk: Ruleset, position: tuple[list[tuple[Card, ...]],
                                              tuple[Card, ...], int], first_meld_done: bool) -> None:
    table, hand, _ = position
    answer = best_turn(situate(rk, first_meld_done=first_meld_done), table, hand)
    assert (len(answer.played), answer.points) == brute_force(rk, table, hand, first_meld_done), (table, hand)
    assert answer.points == rack_points(rk, answer.played)
    assert_legal(rk, table, hand, first_meld_done, answer)


# ---------------------------------------------------------------- the 1 after the 13 (`run.first_rank_high`)

def _variant(text: str) -> Ruleset:
    library = default_library().copy()
    ruleset, _, _ = library.load("format: 1\nfamily: rummy\nname: Test\n" + text)
    return ruleset


# The same tiles three ways: Rummikub (the 1 low only), Rummikub whose 1 may follow the 13, and
# Remi (its etalare of 45) whose 1 may follow the 13, without its throw at the end of a turn (the
# brute force plays every tile it can).
HIGH_FIRST = {
    "rummikub": default_library().get("rummikub"),
    "rummikub-1-after-13": _variant("id: rk-high\nextends: rummikub\nmelds: {run: {first_rank_high: true}}\n"),
    "remi-no-throw": _variant("id: remi-free\nextends: remi\ngoing_out: {final_discard: optional}\n"
                              "melds: {run: {first_rank_high: true}}\n"),
}


def test_the_references_read_the_option_from_the_rules() -> None:
    assert [TileRules.of(r).high_first for r in HIGH_FIRST.values()] == [False, True, True]
    remi = TileRules.of(HIGH_FIRST["remi-no-throw"])
    worth = {text: remi.worth(tiles(remi.ruleset, text)) for text in (
        "12R 13R 1R", "11B 12B 13B 1B", "13R 1R 2R", "1R 2R 3R", "12R 13R JK", "JK 13R 1R", "11R JK 13R 1R")}
    assert worth == {"12R 13R 1R": 26, "11B 12B 13B 1B": 37, "13R 1R 2R": None, "1R 2R 3R": 6,
                     "12R 13R JK": 26, "JK 13R 1R": 26, "11R JK 13R 1R": 37}
    assert TileRules.of(HIGH_FIRST["rummikub"]).worth(tiles(remi.ruleset, "12R 13R 1R")) is None


def test_a_best_turn_plays_the_1_after_the_13() -> None:
    remi = HIGH_FIRST["remi-no-throw"]
    answer = best_turn(situate(remi, first_meld_done=True), melds(remi, "11B 12B 13B"), tiles(remi, "1B 9K"))
    assert answer.played == tiles(remi, "1B") and answer.left == tiles(remi, "9K")
    assert answer.table == (tiles(remi, "11B 12B 13B 1B"),)
    rk = default_library().get("rummikub")
    assert best_turn(situate(rk, first_meld_done=True), melds(rk, "11B 12B 13B"), tiles(rk, "1B 9K")).played == ()
    # the etalare: 13K 13B 13R (39) and 12O 13O 1O (26) open at 45
    rack = tiles(remi, "12O 13O 1O 13K 13B 13R 5K")
    answer = best_turn(situate(remi, first_meld_done=False), [], rack)
    assert answer.left == tiles(remi, "5K")
    assert_legal(remi, [], rack, False, answer)
    assert Counter(best_turn(situate(rk, first_meld_done=False), [], rack).played) == Counter(tiles(rk, "13K 13B 13R 13O"))  # 52 alone


def test_a_run_from_the_1_low_to_the_1_high_is_cut_in_two() -> None:
    """Both 1s of a colour in one run of 14 is no run: the answer cuts it."""
    remi = HIGH_FIRST["remi-no-throw"]
    rack = tiles(remi, "1R 2R 3R 4R 5R 6R 7R 8R 9R 10R 11R 12R 13R 1R")
    for done in (True, False):
        answer = best_turn(situate(remi, first_meld_done=done), [], rack)
        assert len(answer.played) == 14 and all(len(m) <= 13 for m in answer.table)
        assert_legal(remi, [], rack, done, answer)


def test_a_joker_above_the_13_counts_as_the_1() -> None:
    """The judge reads 12O 13O JK as 12-13-1 (26, the joker above the tiles), not 11-12-13 (36):
    with 3K 3B 3R (9) it is 35, short of Remi's 45; 11O 12O 13O JK is 11-12-13-1, 37, and 46."""
    remi = HIGH_FIRST["remi-no-throw"]
    assert best_turn(situate(remi, first_meld_done=False), [], tiles(remi, "12O 13O JK 3K 3B 3R 9R")).played == ()
    rack = tiles(remi, "11O 12O 13O JK 3K 3B 3R 9R")
    answer = best_turn(situate(remi, first_meld_done=False), [], rack)
    assert answer.left == tiles(remi, "9R")
    assert_legal(remi, [], rack, False, answer)


@st.composite
def positions_at_the_top(draw: st.DrawFn, rules: TileRules) -> tuple[list[tuple[Card, ...]], tuple[Card, ...]]:
    """As `positions`, among five numbers that go on past the 13 to the 1 (10-13 then 1, up to
    13 then 1-4), so that 12-13-1 and 11-12-13-1 meet 1-2-3; a table run drawn along them is
    kept where the rules make it a run."""
    low = draw(st.integers(10, 13))
    numbers = [(low - 1 + i) % 13 + 1 for i in range(5)]
    pool = Counter({Card(str(n), s): 2 for n in numbers for s in COLOURS})
    jokers = draw(st.integers(0, 2))
    table: list[tuple[Card, ...]] = []
    for _ in range(draw(st.integers(0, 2))):
        if draw(st.booleans()):
            n = draw(st.sampled_from(numbers))
            meld = [Card(str(n), s) for s in draw(st.lists(st.sampled_from(COLOURS), min_size=3, max_size=4,
                                                           unique=True))]
        else:
            s = draw(st.sampled_from(COLOURS))
            start = draw(st.integers(0, 2))
            meld = [Card(str(n), s) for n in numbers[start:draw(st.integers(start + 3, 5))]]
        if any(pool[c] < meld.count(c) for c in meld) or rules.worth(meld) is None:
            continue
        pool.subtract(meld)
        if jokers and draw(st.booleans()):
            at = draw(st.integers(0, len(meld) - 1))
            pool[meld[at]] += 1
            meld[at] = Card(JOKER)
            jokers -= 1
        table.append(tuple(meld))
    left = sorted(pool.elements())
    hand = draw(st.lists(st.sampled_from(left), max_size=8)) if left else []
    hand = [c for c, n in Counter(hand).items() for _ in range(min(n, pool[c]))]
    hand += [Card(JOKER)] * jokers if draw(st.booleans()) else []
    return table, tuple(hand)


@pytest.mark.parametrize("rid", list(HIGH_FIRST))
@settings(max_examples=int(os.environ.get("TILES_EXAMPLES", "150")), deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), first_meld_done=st.booleans())
def test_the_best_turn_at_the_top_equals_the_brute_force(rid: str, data: st.DataObject,
                                                          first_meld_done: bool) -> None:
    ruleset = HIGH_FIRST[rid]
    table, hand = data.draw(positions_at_the_top(TileRules.of(ruleset)))
    answer = best_turn(situate(ruleset, first_meld_done=first_meld_done), table, hand)
    assert (len(answer.played), answer.points) == brute_force(ruleset, table, hand, first_meld_done), (table, hand)
    assert answer.points == rack_points(ruleset, answer.played)
    assert_legal(ruleset, table, hand, first_meld_done, answer)


# ---------------------------------------------------------------- agreement with the integer programme

@st.composite
def larger_positions(draw: st.DrawFn, rules: TileRules | None = None) -> tuple[list[tuple[Card, ...]], tuple[Card, ...]]:
    """Tables of up to eight melds over every number, and hands of up to 14 tiles; with `rules`,
    a table run may also end with the 1 after the 13, where the rules make it a run."""
    line = [*range(1, 14), 1] if rules is not None else list(range(1, 14))
    pool = Counter({Card(str(n), s): 2 for n in range(1, 14) for s in COLOURS})
    jokers = 2
    table: list[tuple[Card, ...]] = []
    for _ in range(draw(st.integers(0, 8))):
        if draw(st.booleans()):
            n = draw(st.integers(1, 13))
            meld = [Card(str(n), s) for s in draw(st.lists(st.sampled_from(COLOURS), min_size=3, max_size=4,
                                                           unique=True))]
        else:
            s = draw(st.sampled_from(COLOURS))
            start = draw(st.integers(0, len(line) - 3))
            meld = [Card(str(n), s) for n in line[start:draw(st.integers(start + 3, min(len(line), start + 6)))]]
        if any(pool[c] < meld.count(c) for c in meld) or (rules is not None and rules.worth(meld) is None):
            continue
        pool.subtract(meld)
        if jokers and draw(st.integers(0, 3)) == 0:
            at = draw(st.integers(0, len(meld) - 1))
            pool[meld[at]] += 1
            meld[at] = Card(JOKER)
            jokers -= 1
        table.append(tuple(meld))
    hand = draw(st.lists(st.sampled_from(sorted(pool.elements())), max_size=14))
    hand = [c for c, n in Counter(hand).items() for _ in range(min(n, pool[c]))]
    hand += [Card(JOKER)] * draw(st.integers(0, jokers))
    return table, tuple(hand)


@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow])
@given(larger_positions(), st.booleans())
def test_the_best_turn_equals_the_integer_programme(rk: Ruleset, position: tuple[list[tuple[Card, ...]],
                                                    tuple[Card, ...]], first_meld_done: bool) -> None:
    pytest.importorskip("highspy")
    from tests.tilesolve_reference import IntegerProgramme

    programme = _programme(rk, IntegerProgramme)
    table, hand = position
    answer = best_turn(situate(rk, first_meld_done=first_meld_done), table, hand)
    assert (len(answer.played), answer.points) == programme.solve(table, hand, first_meld_done)
    assert_legal(rk, table, hand, first_meld_done, answer)


@pytest.mark.parametrize("rid", ["rummikub-1-after-13", "remi-no-throw"])
@settings(max_examples=int(os.environ.get("TILES_ILP_EXAMPLES", "40")), deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), first_meld_done=st.booleans())
def test_the_best_turn_with_the_1_after_the_13_equals_the_integer_programme(
        rid: str, data: st.DataObject, first_meld_done: bool) -> None:
    pytest.importorskip("highspy")
    from tests.tilesolve_reference import IntegerProgramme

    ruleset = HIGH_FIRST[rid]
    table, hand = data.draw(larger_positions(TileRules.of(ruleset)))
    try:
        answer = best_turn(situate(ruleset, first_meld_done=first_meld_done), table, hand)
    except OverBudget:
        # A table of eight melds whose runs turn the corner, rebuilt around a few tiles, may
        # outgrow the search's bound: the service then answers so (a 422, never a stall), and
        # there is no turn to hold to the programme.
        event("over the search's budget")
        reject()
    assert (len(answer.played), answer.points) == _programme(ruleset, IntegerProgramme).solve(table, hand,
                                                                                              first_meld_done)
    assert_legal(ruleset, table, hand, first_meld_done, answer)


_PROGRAMMES: dict[str, object] = {}


def _programme(ruleset: Ruleset, build: type) -> Any:
    if ruleset.id not in _PROGRAMMES:
        _PROGRAMMES[ruleset.id] = build(ruleset)
    return _PROGRAMMES[ruleset.id]


def test_a_game_that_ends_every_turn_with_a_discard_keeps_one_tile_back() -> None:
    remi = default_library().get("remi")
    table = [tiles(remi, "1R 2R 3R")]
    best = best_turn(situate(remi, first_meld_done=True), table, tiles(remi, "4R 5R"))
    assert best.played == tuple(tiles(remi, "4R")) and best.left == tuple(tiles(remi, "5R"))
    rummikub = default_library().get("rummikub")  # no discard: both go
    assert len(best_turn(situate(rummikub, first_meld_done=True), [tiles(rummikub, "1R 2R 3R")], tiles(rummikub, "4R 5R")).played) == 2
    best = best_turn(situate(remi, first_meld_done=True), table, tiles(remi, "4R 5R 13K"))  # the tile that fits nothing is kept
    assert best.left == tuple(tiles(remi, "13K"))


# The slowest positions of bench/tiles.py's simulated games (its --worst): tables that hold both jokers.
SLOW_TAIL = [
    (["2B 2O 2R", "3K 4K 5K 6K", "4O JK 6O", "4R 5R 6R 7R 8R", "5R 6R 7R 8R", "6B 7B 8B 9B", "8O 9O 10O",
      "12K 12B JK", "13K 13B 13O 13R", "11R 12R 13R"], "4K 11K 2O 3B 5B 11K 6K 4O 1K 6B 8B 7O"),
    (["4B 4O 4R", "1K 2K 3K 4K", "6K 6B 6R", "7B 8B 9B", "7R 8R 9R", "10K 10B 10O", "7O JK 9O 10O",
      "11B 11O 11R", "12K 12B 12O", "13K 13B 13O", "JK 12K 13K", "11R 12R 13R"], "2O 7K 4R 2B 1R 9R 9K 8O"),
    (["4K 4O 4R", "3B 4B 5B", "6O 7O JK 9O", "7R 8R 9R", "11R JK 13R"],
     "3O 4K 10K 12B 1B 5R 11B 2O 4B 5K 13K 2R 3R"),
]


@pytest.mark.parametrize(("table", "hand"), SLOW_TAIL)
def test_the_slow_tail_agrees_with_the_integer_programme(rk: Ruleset, table: list[str], hand: str) -> None:
    pytest.importorskip("highspy")
    from tests.tilesolve_reference import IntegerProgramme

    position, rack = melds(rk, *table), tiles(rk, hand)
    answer = best_turn(situate(rk, first_meld_done=True), position, rack)
    assert (len(answer.played), answer.points) == _programme(rk, IntegerProgramme).solve(position, rack, True)
    assert_legal(rk, position, rack, True, answer)


def test_the_collector_is_held_back_only_while_a_turn_is_searched(rk: Ruleset) -> None:
    table, hand = melds(rk, *SLOW_TAIL[0][0]), tiles(rk, SLOW_TAIL[0][1])
    assert gc.isenabled()
    best_turn(situate(rk, first_meld_done=True), table, hand)
    assert gc.isenabled()
    with pytest.raises(InvalidPlayError):
        best_turn(situate(rk, first_meld_done=True, budget=Budget(10)), table, hand)
    assert gc.isenabled()  # a refusal in the middle of the search turns it back on too
    gc.disable()
    try:
        best_turn(situate(rk, first_meld_done=True), table, hand)
        assert not gc.isenabled()  # a caller that turned it off keeps it off
    finally:
        gc.enable()
