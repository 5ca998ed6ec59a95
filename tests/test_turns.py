"""A turn on a table that may be rearranged (Rummikub): the engine's check and its route."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.checks.plays import check_meld
from referee.checks.situation import situate
from referee.checks.turns import check_turn
from referee.loading.loader import Library
from referee.rules.ruleset import Ruleset
from referee.values.cards import Card, parse_cards, parse_groups
from referee.values.errors import InvalidPlayError
from referee.values.violations import Verdict

URL = "/v1/rulesets/rummikub/turns/check"
COLOURS = "KBOR"


@pytest.fixture(scope="module")
def rk(library: Library) -> Ruleset:
    return library.get("rummikub")


def _turn(ruleset: Ruleset, before: list[list[str]], after: list[list[str]], hand: list[str],
          first_meld_done: bool = True) -> Verdict:
    deck = ruleset.deck
    return check_turn(situate(ruleset, first_meld_done=first_meld_done), parse_groups(before, "before", deck), parse_groups(after, "after", deck), parse_cards(hand, "hand", deck))


def _codes(verdict: Verdict) -> list[str]:
    return [v.code for v in verdict.violations]


# ---------------------------------------------------------------- legal turns


def test_splitting_a_run_and_adding_a_tile_is_legal(rk: Ruleset) -> None:
    verdict = _turn(rk, [["1R", "2R", "3R", "4R", "5R", "6R"], ["9K", "9B", "9O"]],
                    [["1R", "2R", "3R"], ["4R", "5R", "6R", "7R"], ["9K", "9B", "9O"]], ["7R", "12O"])
    assert verdict.valid, verdict
    answer = verdict.as_dict()
    assert answer["played"] == ["7R"]
    assert [m["kind"] for m in answer["melds"]] == ["run", "run", "set"]  # type: ignore[index]


def test_a_fourth_tile_taken_from_a_group_into_a_new_run_is_legal(rk: Ruleset) -> None:
    verdict = _turn(rk, [["5K", "5B", "5O", "5R"]], [["5K", "5B", "5O"], ["4R", "5R", "6R"]], ["4R", "6R", "1K"])
    assert verdict.valid, verdict
    assert verdict.as_dict()["played"] == ["4R", "6R"]


def test_a_joker_freed_and_played_again_is_legal(rk: Ruleset) -> None:
    verdict = _turn(rk, [["5R", "JK", "7R"]], [["5R", "6R", "7R"], ["JK", "9K", "9B"]], ["6R", "9K", "9B"])
    assert verdict.valid, verdict
    melds = verdict.as_dict()["melds"]
    assert melds[1]["wilds"] == [{"card": "JK", "as": "9"}]  # type: ignore[index]


def test_the_order_of_melds_and_tiles_does_not_matter(rk: Ruleset) -> None:
    before = [["1R", "2R", "3R", "4R", "5R", "6R"], ["9K", "9B", "9O"]]
    after = [["9O", "9K", "9B"], ["7R", "5R", "4R", "6R"], ["3R", "1R", "2R"]]
    assert _turn(rk, before[::-1], after, ["12O", "7R"]).valid


# ---------------------------------------------------------------- each code


def test_a_tile_of_the_table_left_out_is_missing(rk: Ruleset) -> None:
    verdict = _turn(rk, [["1R", "2R", "3R", "4R"]], [["2R", "3R", "4R", "5R"]], ["5R"])
    assert _codes(verdict) == ["cards_missing"]
    assert [str(c) for c in verdict.violations[0].cards] == ["1R"]
    assert "1R is missing" in verdict.violations[0].message


def test_a_joker_freed_and_kept_is_refused_and_said_so(rk: Ruleset) -> None:
    verdict = _turn(rk, [["5R", "JK", "7R"]], [["5R", "6R", "7R"]], ["6R", "9B"])
    assert _codes(verdict) == ["cards_missing"]
    violation = verdict.violations[0]
    assert violation.cards == (Card("JOKER"),)
    assert "joker taken from the table must be played again in the same turn" in violation.message.lower()


def test_a_joker_and_tiles_missing_are_named_together(rk: Ruleset) -> None:
    verdict = _turn(rk, [["5R", "JK", "7R"], ["1K", "2K", "3K"]], [["5R", "6R", "7R"]], ["6R"])
    assert _codes(verdict) == ["cards_missing"]
    assert sorted(map(str, verdict.violations[0].cards)) == ["1K", "2K", "3K", "JK"]
    assert "a joker taken from a meld must be played again" in verdict.violations[0].message


def test_a_tile_from_nowhere_is_not_in_hand(rk: Ruleset) -> None:
    verdict = _turn(rk, [["1K", "2K", "3K"]], [["1K", "2K", "3K", "4K"], ["8O", "9O", "10O"]], ["8O", "9O", "10O"])
    assert _codes(verdict) == ["not_in_hand"]
    assert [str(c) for c in verdict.violations[0].cards] == ["4K"]
    assert verdict.valid is False and verdict.as_dict()["played"] == ["10O", "8O", "9O"]


def test_a_second_copy_not_held_is_not_in_hand(rk: Ruleset) -> None:
    verdict = _turn(rk, [["1K", "2K", "3K"]], [["1K", "2K", "3K"], ["3K", "4K", "5K"]], ["4K", "5K"])
    assert _codes(verdict) == ["not_in_hand"]
    assert [str(c) for c in verdict.violations[0].cards] == ["3K"]


def test_a_table_rebuilt_without_a_tile_from_the_hand_plays_nothing(rk: Ruleset) -> None:
    before = [["1R", "2R", "3R", "4R", "5R", "6R"]]
    verdict = _turn(rk, before, [["1R", "2R", "3R"], ["4R", "5R", "6R"]], ["9B"])
    assert _codes(verdict) == ["nothing_played"]
    assert verdict.violations[0].cards == ()


def test_a_bad_meld_is_named_by_its_place_in_after(rk: Ruleset) -> None:
    verdict = _turn(rk, [["1R", "2R", "3R"]], [["1R", "2R", "3R"], ["8O", "9O"], ["7K", "7B", "7K"]],
                    ["8O", "9O", "7K", "7B", "7K"])
    found = [(v.code, v.path) for v in verdict.violations]
    assert ("too_few_cards", "after[1]") in found
    assert {path for _, path in found} == {"after[1]", "after[2]"}
    assert all(v.message.startswith(("Meld 2:", "Meld 3:")) for v in verdict.violations)
    assert verdict.as_dict()["violations"][0]["path"] == "after[1]"  # type: ignore[index]


def test_a_violation_elsewhere_has_no_path(rk: Ruleset) -> None:
    answer = check_meld(situate(rk), parse_cards(["8O", "9O"], deck=rk.deck)).as_dict()
    assert answer["violations"] and all("path" not in v for v in answer["violations"])  # type: ignore[union-attr]


# ---------------------------------------------------------------- before the first meld


def test_a_first_meld_of_thirty_from_the_hand_is_legal(rk: Ruleset) -> None:
    verdict = _turn(rk, [["1K", "2K", "3K"]], [["1K", "2K", "3K"], ["10R", "JK", "12R"]], ["10R", "12R", "JK", "4B"],
                    first_meld_done=False)
    assert verdict.valid, verdict  # 10 + 11 (the joker as the tile it stands for) + 12


def test_a_first_meld_under_thirty_is_refused(rk: Ruleset) -> None:
    verdict = _turn(rk, [], [["9R", "10R"], ["2K", "2B", "2O"], ["3K", "4K", "5K"]],
                    ["9R", "10R", "2K", "2B", "2O", "3K", "4K", "5K"], first_meld_done=False)
    assert sorted(_codes(verdict)) == ["requirement_not_met", "too_few_cards"]
    requirement = next(v for v in verdict.violations if v.code == "requirement_not_met")
    assert "30" in requirement.message and "18" in requirement.message  # the legal ones: 6 + 12


def test_a_first_meld_touching_the_table_is_refused(rk: Ruleset) -> None:
    before = [["1K", "2K", "3K"], ["7B", "7O", "7R"]]
    verdict = _turn(rk, before, [["1K", "2K", "3K", "4K"], ["7B", "7O", "7R"], ["11O", "12O", "13O"]],
                    ["4K", "11O", "12O", "13O"], first_meld_done=False)
    assert _codes(verdict) == ["table_changed_before_first_meld"]
    assert verdict.violations[0].path == "before[0]"
    assert verdict.valid is False
    assert _turn(rk, before, [["1K", "2K", "3K", "4K"], ["7B", "7O", "7R"], ["11O", "12O", "13O"]],
                 ["4K", "11O", "12O", "13O"]).valid  # after the first meld the same turn is legal


def test_a_joker_may_not_be_freed_before_the_first_meld(rk: Ruleset) -> None:
    verdict = _turn(rk, [["5R", "JK", "7R"]], [["5R", "6R", "7R"], ["JK", "12K", "13K", "11K"]],
                    ["6R", "11K", "12K", "13K"], first_meld_done=False)
    assert _codes(verdict) == ["table_changed_before_first_meld"]


# ---------------------------------------------------------------- what cannot be judged


def test_a_game_whose_table_is_fixed_cannot_be_judged(tp: Ruleset) -> None:
    with pytest.raises(InvalidPlayError) as caught:
        check_turn(situate(tp, first_meld_done=True), [], [], ())
    assert [p.code for p in caught.value.problems] == ["table_not_rearranged"]
    assert "Ten Pennies" in caught.value.problems[0].message


def test_more_copies_than_the_set_holds_cannot_be_judged(rk: Ruleset) -> None:
    with pytest.raises(InvalidPlayError) as caught:
        _turn(rk, [["5R", "5B", "5O"], ["4R", "5R", "6R"]], [], ["5R", "JK", "JK", "JK"])
    assert [(p.path, p.code) for p in caught.value.problems] == [("hand[0]", "duplicate_card"),
                                                                 ("hand[3]", "duplicate_card")]


# ---------------------------------------------------------------- an oracle: turns built by legal moves

def _free(used: Counter[str], tiles: list[str]) -> bool:
    return all(used[t] + n <= 2 for t, n in Counter(tiles).items())


def _meld(rng: random.Random, used: Counter[str]) -> list[str] | None:
    """A random legal meld of natural tiles the set still holds (None when the one drawn is not)."""
    if rng.random() < 0.5:
        colour, start = rng.choice(COLOURS), rng.randint(1, 11)
        tiles = [f"{n}{colour}" for n in range(start, min(13, start + rng.randint(2, 6)) + 1)]
    else:
        number = rng.randint(1, 13)
        tiles = [f"{number}{c}" for c in rng.sample(COLOURS, rng.choice((3, 4)))]
    if not _free(used, tiles):
        return None
    used.update(tiles)
    return tiles


def _run_of(tiles: list[str]) -> bool:
    return len({t[-1] for t in tiles}) == 1 and "JK" not in tiles


def _legal_turn(seed: int) -> tuple[list[list[str]], list[list[str]], list[str]]:
    """A legal table, a hand, and the table after a turn of legal moves: new melds from the
    hand, runs grown at their top, long runs split, jokers freed by their tile and played again."""
    rng = random.Random(seed)
    used: Counter[str] = Counter()
    before = [m for m in (_meld(rng, used) for _ in range(rng.randint(0, 8))) if m]
    stand_ins: dict[int, tuple[int, str]] = {}  # meld -> (place, the tile the joker stands for)
    for _ in range(rng.randint(0, 2)):
        i = rng.randrange(len(before)) if before else None
        if i is None or i in stand_ins:
            continue
        place = rng.randrange(len(before[i]))
        stand_ins[i] = (place, before[i][place])
        used[before[i][place]] -= 1
        before[i][place] = "JK"
    hand_melds = []
    while len(hand_melds) < rng.randint(1, 3):  # at least one meld from the hand: the set has room
        meld = _meld(rng, used)
        if meld:
            hand_melds.append(meld)
    after = [list(m) for m in before]
    hand = [t for m in hand_melds for t in m]
    for i, (place, tile) in stand_ins.items():  # free the joker with its tile, play it in a new meld
        takers = [m for m in hand_melds if _run_of(m) and len(m) < 13 or len(m) == 3 and not _run_of(m)]
        if takers and _free(used, [tile]) and rng.random() < 0.7:
            used[tile] += 1
            hand.append(tile)
            after[i][place] = tile
            rng.choice(takers).append("JK")
    for meld in after:
        top = int(meld[-1][:-1]) + 1 if _run_of(meld) else 14
        tile = f"{top}{meld[-1][-1]}"
        if top <= 13 and _free(used, [tile]) and rng.random() < 0.5:
            used[tile] += 1
            hand.append(tile)
            meld.append(tile)
    for meld in list(after):
        if _run_of(meld) and len(meld) >= 6 and rng.random() < 0.5:
            cut = rng.randint(3, len(meld) - 3)
            after.remove(meld)
            after += [meld[:cut], meld[cut:]]
    after += hand_melds
    while rng.random() < 0.5:  # tiles kept on the rack
        tile = f"{rng.randint(1, 13)}{rng.choice(COLOURS)}"
        if _free(used, [tile]):
            used[tile] += 1
            hand.append(tile)
    for meld in after:
        rng.shuffle(meld)
    rng.shuffle(after)
    rng.shuffle(hand)
    return before, after, hand


@settings(max_examples=80, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), drop=st.integers(0, 200))
def test_a_turn_of_legal_moves_is_legal_and_losing_a_tile_is_missing(rk: Ruleset, seed: int, drop: int) -> None:
    before, after, hand = _legal_turn(seed)
    verdict = _turn(rk, before, after, hand)
    assert verdict.valid, (before, after, hand, verdict)
    tiles = [t for meld in before for t in meld]
    if not tiles:
        return
    lost = tiles[drop % len(tiles)]
    shorter = [list(m) for m in after]
    holder = next(m for m in shorter if lost in m)
    holder.remove(lost)
    broken = _turn(rk, before, [m for m in shorter if m], hand)
    missing = [str(c) for v in broken.violations if v.code == "cards_missing" for c in v.cards]
    played = verdict.as_dict()["played"]
    if lost in played:  # copies are alike: the one left counts as the table's, the hand's is not played
        assert missing == [] and Counter(played) - Counter(broken.as_dict()["played"]) == Counter([lost])
    else:
        assert missing == [lost], broken


# ---------------------------------------------------------------- the route


def test_the_route_answers_a_turn(quick_client: Any) -> None:
    body = {"before": [["1R", "2R", "3R", "4R", "5R", "6R"]], "after": [["1R", "2R", "3R"], ["4R", "5R", "6R", "7R"]],
            "hand": ["7R"]}
    answer = quick_client.post(URL, json=body)
    assert answer.status_code == 200
    assert answer.get_json() == {"valid": True, "violations": [], "played": ["7R"], "melds": [
        {"valid": True, "kind": "run", "wilds": []}, {"valid": True, "kind": "run", "wilds": []}]}
    refused = quick_client.post(URL, json={**body, "first_meld_done": False}).get_json()
    assert [(v["code"], v.get("path")) for v in refused["violations"]] == [
        ("table_changed_before_first_meld", "before[0]")]


def test_a_bad_meld_is_located_in_the_answer(quick_client: Any) -> None:
    answer = quick_client.post(URL, json={"before": [], "after": [["8O", "9O"]], "hand": ["8O", "9O"]}).get_json()
    assert [(v["code"], v["path"], v["cards"]) for v in answer["violations"]] == [
        ("too_few_cards", "after[0]", ["8O", "9O"])]


@pytest.mark.parametrize(("body", "path", "code"), [
    ({"before": [], "after": [["1R", "2R", "14R"]], "hand": ["1R"]}, "after[0][2]", "unknown_card"),
    ({"before": [["5H", "5R", "5B"]], "after": [], "hand": []}, "before[0][0]", "unknown_card"),
    ({"before": [["5R", "5B", "5O"], ["4R", "5R", "6R"]], "after": [], "hand": ["5R"]}, "hand[0]", "duplicate_card"),
    ({"before": [], "after": [], "hand": [], "players": 9}, "players", "player_count"),
    ({"before": [], "after": [["1R"] * 60] * 2, "hand": []}, "after", "too_many_cards"),
    ({"before": [["1R"] * 100], "after": [], "hand": ["1R"] * 10}, "hand", "too_many_cards"),
    ({"before": [[]] * 61, "after": [], "hand": []}, "before", "out_of_range"),
    ({"before": [], "hand": []}, "after", "required"),
    ({"before": [], "after": [], "hand": [], "first_meld_done": 1}, "first_meld_done", "invalid_type"),
])
def test_what_cannot_be_judged_is_a_small_422_naming_the_field(quick_client: Any, body: dict[str, Any], path: str,
                                                              code: str) -> None:
    answer = quick_client.post(URL, json=body)
    assert answer.status_code == 422, answer.get_json()
    assert (path, code) in [(e["path"], e["code"]) for e in answer.get_json()["errors"]]
    assert len(answer.get_data()) < 2048


def test_a_full_table_with_its_hand_is_within_the_bounds(quick_client: Any) -> None:
    runs = [[f"{n}{c}" for n in range(1, 14)] for c in COLOURS]
    answer = quick_client.post(URL, json={"before": runs + runs, "after": runs + runs + [["JK", "JK", "5R"]],
                                          "hand": ["JK", "JK", "5R"]})
    assert answer.status_code == 422  # 5R thrice: two on the table, one in the hand
    answer = quick_client.post(URL, json={"before": runs + runs[:3], "after": runs + runs, "hand": runs[3]})
    assert answer.status_code == 200 and answer.get_json()["valid"]


@pytest.mark.parametrize(("ruleset", "code"), [("ten-pennies", "table_not_rearranged"), ("garbage", "wrong_family"),
                                                ("nope", None)])
def test_other_games_are_refused(quick_client: Any, ruleset: str, code: str | None) -> None:
    answer = quick_client.post(f"/v1/rulesets/{ruleset}/turns/check", json={"before": [], "after": [], "hand": []})
    assert answer.status_code == (404 if code is None else 422)
    if code is not None:
        assert [e["code"] for e in answer.get_json()["errors"]] == [code]


# ---------------------------------------------------------------- going out by rebuilding the table


@pytest.mark.parametrize(("ruleset", "body"), [
    ("rummikub", {"hand": ["5B"], "table": [["3B", "4B", "5B", "6B", "7B"]]}),
    ("rummikub", {"hand": ["4B", "6B", "7B"], "table": [["5B", "5R", "5K", "5O"]]}),
    ("remi", {"hand": ["5B", "13K"], "table": [["3B", "4B", "5B", "6B", "7B"]], "first_meld_done": True}),
    ("rummikub", {"hand": ["8B"], "table": [["5B", "6B", "7B"]]}),  # a lay-off: the plan carries the table too
])
def test_going_out_by_a_rebuild_is_a_turn_the_turn_check_accepts(quick_client: Any, ruleset: str,
                                                                 body: dict[str, Any]) -> None:
    """Across the endpoints: the going-out plan's table, asked of turns/check from the same table
    and hand, is a legal turn that plays every tile but the plan's discard; and turns/best
    plays as many."""
    root = f"/v1/rulesets/{ruleset}"
    out = quick_client.post(f"{root}/going-out/check", json=body).get_json()
    assert out["valid"], out
    plan = out["plan"]
    turn = quick_client.post(f"{root}/turns/check", json={
        "before": body["table"], "after": plan["table"], "hand": body["hand"], "first_meld_done": True}).get_json()
    assert turn["valid"], (plan, turn)
    kept = [plan["discard"]] if plan["discard"] else []
    assert sorted(turn["played"] + kept) == sorted(body["hand"]) and plan["left"] == []
    best = quick_client.post(f"{root}/turns/best", json={**body, "first_meld_done": True}).get_json()
    assert len(best["played"]) == len(turn["played"]), best


def test_going_out_on_a_rebuilt_table_names_a_tile_the_set_cannot_hold(quick_client: Any) -> None:
    for body, path in (({"hand": ["9B", "9B"], "table": [["9B", "10B", "11B"]]}, "hand"),
                       ({"hand": ["5R"], "table": [["4K", "5K", "6K"], ["4K", "5K", "6K"], ["4K", "4B", "4R"]]},
                        "table")):
        answer = quick_client.post("/v1/rulesets/rummikub/going-out/check", json=body)
        assert answer.status_code == 422, answer.get_json()
        errors = answer.get_json()["errors"]
        tile = "9B" if path == "hand" else "4K"
        assert [(e["path"], e["code"]) for e in errors] == [(path, "duplicate_card")] and tile in errors[0]["message"]
