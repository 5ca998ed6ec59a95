from __future__ import annotations

import pytest

from referee.loading.loader import Library
from referee.rules.ruleset import Ruleset
from referee.sheet.records import round_record
from referee.sheet.standings import Seats, replay, start
from referee.sheet.undo import check_undo
from referee.values.errors import GameStateError, InvalidPlayError


def scores(sheet: object) -> dict[str, int]:
    return {p.name: p.score for p in sheet.players}  # type: ignore[attr-defined]


def test_bing_worked_example(bing: Ruleset) -> None:
    record = round_record(bing, {"went_out": "C", "points": {"A": 58, "B": 6, "D": 29}})
    names, start_scores = ["A", "B", "C", "D"], {"A": 31, "B": 5, "C": 19, "D": 47}
    sheet = replay(bing, Seats(names, start_scores), [record])
    assert scores(sheet) == {"A": 89, "B": 11, "C": 19, "D": 76}
    assert [p.eliminated for p in sheet.players] == [True, False, False, True]
    backs = [record, {"type": "buy_back", "player": "A"}, {"type": "buy_back", "player": "D"}]
    sheet = replay(bing, Seats(names, start_scores), backs)
    assert scores(sheet) == {"A": 19, "B": 11, "C": 19, "D": 19}
    assert sheet.pot == 25 * 6 and sheet.status == "in_progress"


def test_bing_last_standing_wins(bing: Ruleset) -> None:
    record = round_record(bing, {"went_out": "B", "points": {"A": 80}})
    sheet = replay(bing, Seats(["A", "B"], None), [record])
    assert sheet.status == "finished" and sheet.winner == "B"
    with pytest.raises(GameStateError):
        sheet.apply({"type": "buy_back", "player": "A"})


def test_hands_are_scored_by_the_engine(tp: Ruleset) -> None:
    record = round_record(tp, {"went_out": "cy", "hands": {"ann": ["3H", "KD", "JK"], "bob": ["2C"], "cy": []}})
    sheet = replay(tp, Seats(["ann", "bob", "cy"], None), [record])
    assert scores(sheet) == {"ann": 65, "bob": 20, "cy": 0}
    assert sheet.pot == 4 and sheet.players[0].pennies_paid == 3


def test_ten_pennies_ends_after_seven_rounds_ties_share(tp: Ruleset) -> None:
    rounds = [round_record(tp, {"went_out": "a", "points": {"b": 10, "c": 10}, "cards": {"b": 1, "c": 1}})
              for _ in range(3)]
    rounds += [round_record(tp, {"went_out": "b", "points": {"a": 15, "c": 10}, "cards": {"a": 2, "c": 1}})
               for _ in range(2)]
    rounds += [round_record(tp, {"went_out": "c", "points": {"a": 0, "b": 0}, "cards": {"a": 0, "b": 0}})
               for _ in range(2)]
    sheet = replay(tp, Seats(["a", "b", "c"], None), rounds)
    assert sheet.status == "finished" and sheet.winner == ["a", "b"]
    with pytest.raises(GameStateError):
        sheet.apply(rounds[0])


def test_buys_run_out(tp: Ruleset) -> None:
    sheet = start(tp, ["a", "b"])
    for _ in range(10):
        sheet.apply({"type": "buy", "player": "a"})
    assert sheet.players[0].buys_left == 0 and sheet.pot == 10
    with pytest.raises(GameStateError):
        sheet.apply({"type": "buy", "player": "a"})
    assert sheet.pot == 10


@pytest.mark.parametrize(("body", "code", "path"), [
    ({"went_out": "zed", "points": {"a": 5, "b": 5}, "cards": {"a": 1, "b": 1}}, "unknown_player", "went_out"),
    ({"went_out": "c", "points": {"a": 5}, "cards": {"a": 1}}, "missing_player", "points.b"),
    ({"went_out": "c", "hands": {"a": ["3H"]}}, "missing_player", "hands.b"),
    ({"went_out": "c", "points": {"a": 5, "b": 10, "c": 5}, "cards": {"a": 1, "b": 1, "c": 0}}, "hand_not_empty",
     "points.c"),
])
def test_refused_rounds_change_nothing(tp: Ruleset, body: dict[str, object], code: str, path: str) -> None:
    sheet = start(tp, ["a", "b", "c"])
    before = sheet.as_dict()
    with pytest.raises(InvalidPlayError) as info:
        sheet.apply(round_record(tp, body))
    assert (info.value.problems[0].code, info.value.problems[0].path) == (code, path)
    assert sheet.as_dict() == before


def test_undo_takes_back_the_last_round_and_what_followed(tp: Ruleset) -> None:
    r1 = round_record(tp, {"went_out": "a", "points": {"b": 10}, "cards": {"b": 1}})
    r2 = round_record(tp, {"went_out": "b", "points": {"a": 20}, "cards": {"a": 2}})
    sheet = replay(tp, Seats(["a", "b"], None), [r1, r2, {"type": "buy", "player": "a"}, {"type": "undo"}])
    assert scores(sheet) == {"a": 0, "b": 10} and sheet.round == 2 and sheet.pot == 1


def test_garbage_game_to_its_end(garbage: Ruleset) -> None:
    records = [{"type": "round", "winner": "ann", "completed": []} for _ in range(10)]
    sheet = replay(garbage, Seats(["ann", "bob"], None), records[:9])
    assert [p.layout_size for p in sheet.players] == [1, 10] and sheet.status == "in_progress"
    assert sheet.first_player == "ann"
    sheet.apply(records[9])
    assert sheet.status == "finished" and sheet.winner == "ann"


def test_layout_variants(library: Library) -> None:
    short = library.get("garbage-short-game")
    sheet = replay(short, Seats(["a", "b"], None), [{"type": "round", "winner": "a"}] * 4)
    assert sheet.status == "finished" and sheet.winner == "a"
    turn_up = library.get("garbage-turn-up")
    sheet = replay(turn_up, Seats(["a", "b", "c"], None), [{"type": "round", "winner": "a", "completed": ["b"]}])
    assert [p.layout_size for p in sheet.players] == [9, 9, 10]
    rotate = library.get("garbage-rotating-first-player")
    sheet = replay(rotate, Seats(["a", "b", "c"], None), [{"type": "round", "winner": "c"}])
    assert sheet.first_player == "b"
    deals = library.get("garbage-ten-deals")
    sheet = replay(deals, Seats(["a", "b"], None), [{"type": "round", "winner": "b"}] * 10)
    assert sheet.status == "finished" and sheet.winner == "b"


def test_undo_entry_takes_back_the_last_entry_only(tp: Ruleset) -> None:
    r1 = round_record(tp, {"went_out": "a", "points": {"b": 10}, "cards": {"b": 1}})
    buy = {"type": "buy", "player": "a"}
    sheet = replay(tp, Seats(["a", "b"], None), [r1, buy, buy, {"type": "undo_entry"}])
    assert sheet.entries == [{"kind": "round", "number": 1}, {"kind": "buy", "player": "a"}]
    assert sheet.pot == 2 and sheet.players[0].buys_left == 9
    sheet = replay(tp, Seats(["a", "b"], None), [r1, buy, {"type": "undo"}, {"type": "undo_entry"}, {"type": "undo_entry"}])
    assert sheet.entries == [] and sheet.pot == 0


@pytest.mark.parametrize(("ledger", "undo", "refused"), [
    ([], {"type": "undo_entry"}, True),
    ([], {"type": "undo"}, True),
    ([{"type": "buy", "player": "a"}], {"type": "undo_entry"}, False),
    ([{"type": "buy", "player": "a"}], {"type": "undo"}, True),
    ([{"type": "buy", "player": "a"}, {"type": "undo_entry"}], {"type": "undo_entry"}, True),
])
def test_an_undo_with_nothing_to_take_back_is_refused(ledger: list[dict[str, object]], undo: dict[str, object],
                                                      refused: bool) -> None:
    if refused:
        with pytest.raises(GameStateError):
            check_undo(ledger, undo)
    else:
        check_undo(ledger, undo)


def test_the_deal_passes_clockwise_skipping_players_who_are_out(bing: Ruleset) -> None:
    sheet = start(bing, ["A", "B", "C", "D"], {"C": 70}, dealer="B")
    assert sheet.dealer == "B"
    sheet.apply(round_record(bing, {"went_out": "A", "points": {"B": 2, "C": 20, "D": 2}}))
    assert sheet.dealer == "D"
    sheet.apply(round_record(bing, {"went_out": "A", "points": {"B": 2, "D": 2}}))
    assert sheet.dealer == "A"
    sheet.apply(round_record(bing, {"went_out": "A", "points": {"B": 80, "D": 80}}))
    assert sheet.status == "finished" and sheet.dealer == "A"  # who dealt the last round


@pytest.mark.parametrize(("scores", "dealer", "path"), [
    ({"A": 76}, None, "scores.A"),
    ({"zed": 1}, None, "scores.zed"),
    ({}, "zed", "dealer"),
])
def test_a_game_cannot_start_with_what_no_table_has(bing: Ruleset, scores: dict[str, int], dealer: str | None,
                                                     path: str) -> None:
    with pytest.raises(InvalidPlayError) as info:
        start(bing, ["A", "B"], scores, dealer)
    assert [p.path for p in info.value.problems] == [path]


def test_a_stored_game_replays_even_if_its_start_would_now_be_refused(bing: Ruleset) -> None:
    sheet = replay(bing, Seats(["A", "B", "C"], {"A": 80}), [])
    assert [p.eliminated for p in sheet.players] == [True, False, False]
