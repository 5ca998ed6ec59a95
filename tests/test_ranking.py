"""The standings at a glance (`referee.sheet.ranking`) and what ends the game (`referee.sheet.ending`): for each
kind of game the order it is won in, the ranks, how far each line is behind, and the end in words;
then a property over random rounds of several games."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from referee.loading.loader import Library
from referee.sheet.standings import Seats, Sheet, replay, start
from referee.values.i18n import language

TEAMS = [["ann", "cy"], ["bob", "dee"]]
SEATS = ["ann", "bob", "cy", "dee"]
BING_PAIRS = ("format: 1\nid: bing-pairs-ranked\nextends: bing-rummy\nname: Bing in pairs\nfamily: rummy\n"
              "teams: {size: 2}\nplayers: {min: 4, max: 4}\n")
SHORT_TURN_UP = ("format: 1\nid: garbage-short-turn-up\nextends: garbage-turn-up\nname: Short, turning up\n"
                 "family: layout\nshrink: {winner: 2, completed: 1}\ngame: {end: {layout_size: 6}}\n")


@pytest.fixture(scope="module")
def games(library: Library) -> Library:
    lib = library.copy()
    for text in (BING_PAIRS, SHORT_TURN_UP):
        lib.add(lib.load(text))
    return lib


def rummy(went_out: str | None, points: dict[str, int], made: list[str] | None = None) -> dict[str, Any]:
    """A round as the ledger keeps it (the sheet's own checks still apply)."""
    return {"type": "round", "went_out": went_out, "points": points} | ({} if made is None else {"phases_made": made})


def layout(winner: str, completed: list[str] | None = None) -> dict[str, Any]:
    return {"type": "round", "winner": winner, "completed": completed or []}


def lines(sheet: Sheet) -> list[tuple[str, int, int, int]]:
    """Each line as (who, score, rank, behind); a team is its players joined by `+`."""
    game: dict[str, Any] = sheet.as_dict()
    return [("+".join(s.get("players") or [s["name"]]), s["score"], s["rank"], s["behind"])
            for s in game["standings"]]


def ends(sheet: Sheet) -> dict[str, Any]:
    return sheet.as_dict()["ends"]  # type: ignore[return-value]


# ---------------------------------------------------------------- each kind of game

def test_a_lowest_score_game_leads_with_the_lowest_and_goes_on_until_the_table_ends_it(games: Library) -> None:
    remi = games.get("remi")
    sheet = replay(remi, Seats(["ann", "bob", "cy"], {"ann": 40}), [rummy("bob", {"ann": 15, "cy": 72})])
    assert lines(sheet) == [("bob", 0, 1, 0), ("ann", 55, 2, 55), ("cy", 72, 3, 72)]
    assert ends(sheet) == {"words": "The game goes on until the table ends it.", "target": None, "rounds_left": None}


def test_canasta_teams_lead_with_the_highest_total_and_the_target_names_the_nearest(games: Library) -> None:
    canasta = games.get("canasta")
    # Bob + Dee lead 1455 to 1425: listed first, Ann + Cy 30 behind
    sheet = start(canasta, SEATS, {"ann": 700, "bob": 700, "cy": 725, "dee": 755}, teams=TEAMS)
    assert lines(sheet) == [("bob+dee", 1455, 1, 0), ("ann+cy", 1425, 2, 30)]
    assert sheet.as_dict()["standings"][0] == {"players": ["bob", "dee"], "score": 1455, "rank": 1, "behind": 0}
    assert ends(sheet) == {"words": "Nearest the target of 5000: bob + dee, 3545 points to go.", "target": 5000,
                           "rounds_left": None}
    sheet.apply(rummy("ann", {"ann": 3000, "bob": 100, "cy": 600, "dee": -50}))
    assert lines(sheet) == [("ann+cy", 5025, 1, 0), ("bob+dee", 1505, 2, 3520)]
    assert ends(sheet)["words"] == "ann + cy won."


def test_bing_puts_the_eliminated_last_and_names_who_is_nearest_elimination(games: Library) -> None:
    bing = games.get("bing-rummy")
    sheet = replay(bing, Seats(["A", "B", "C", "D"], {"A": 31, "B": 5, "C": 19, "D": 47}), [rummy("C", {"A": 58, "B": 6, "D": 29})])
    assert lines(sheet) == [("B", 11, 1, 0), ("C", 19, 2, 8), ("D", 76, 3, 65), ("A", 89, 4, 78)]
    assert ends(sheet) == {"words": "Nearest elimination at 76: C, 57 points from it.", "target": 76,
                           "rounds_left": None}
    sheet.apply(rummy("B", {"C": 60}))  # C is 79: out, and B the last one in
    assert sheet.winner == "B"
    assert [line[:3] for line in lines(sheet)] == [("B", 11, 1), ("D", 76, 2), ("C", 79, 3), ("A", 89, 4)]
    assert ends(sheet)["words"] == "B won."


def test_a_player_who_buys_back_is_ranked_with_those_still_in(games: Library) -> None:
    bing = games.get("bing-rummy")
    sheet = replay(bing, Seats(["A", "B", "C"], None), [rummy("C", {"A": 80, "B": 30})])
    assert [line[0] for line in lines(sheet)] == ["C", "B", "A"]
    sheet.apply({"type": "buy_back", "player": "A"})  # at the highest score still in, 30: tied with B
    assert [line[1:3] for line in lines(sheet)] == [(0, 1), (30, 2), (30, 2)]


def test_phase_10_leads_with_the_most_phases_then_the_lowest_score(games: Library) -> None:
    phase10 = games.get("phase-10")
    sheet = replay(phase10, Seats(["ann", "bob", "cy"], None), [
        rummy("bob", {"ann": 5, "cy": 50}, ["bob", "cy"]),
        rummy("cy", {"ann": 10, "bob": 60}, ["cy", "bob"]),
        rummy("ann", {"bob": 15, "cy": 20}, ["ann"])])
    game: dict[str, Any] = sheet.as_dict()
    # bob and cy made two phases (cy 70, bob 75), ann one: behind counts phases
    assert game["standings"] == [
        {"name": "cy", "score": 70, "rank": 1, "behind": 0, "phases_left": 8},
        {"name": "bob", "score": 75, "rank": 2, "behind": 0, "phases_left": 8},
        {"name": "ann", "score": 15, "rank": 3, "behind": 1, "phases_left": 9}]
    assert game["ends"] == {"words": "Nearest the end: bob and cy, 8 phases to go.", "target": None,
                            "rounds_left": None}


def test_phase_10_finished_names_the_lowest_of_those_who_made_the_last_phase(games: Library) -> None:
    short = games.get("phase-10-first-five")
    made = [rummy("bob", {"ann": 30, "cy": 5}, ["bob", "ann"]) for _ in range(5)]
    sheet = replay(short, Seats(["ann", "bob", "cy"], None), made)
    assert sheet.status == "finished" and sheet.winner == "bob"
    assert [line[:4] for line in lines(sheet)] == [("bob", 0, 1, 0), ("ann", 150, 2, 0), ("cy", 25, 3, 5)]
    assert ends(sheet)["words"] == "bob won."


def test_garbage_leads_with_the_smallest_layout_and_counts_cards_to_go(games: Library) -> None:
    garbage = games.get("garbage")
    sheet = replay(garbage, Seats(["ann", "bob", "cy"], None), [layout("bob"), layout("bob"), layout("cy")])
    game: dict[str, Any] = sheet.as_dict()
    assert [(s["name"], s["layout_size"], s["rank"], s["behind"]) for s in game["standings"]] == [
        ("bob", 8, 1, 0), ("cy", 9, 2, 1), ("ann", 10, 3, 2)]
    assert game["ends"] == {"words": "Nearest the end: bob, 8 cards to go.", "target": None, "rounds_left": None}


def test_a_layout_game_that_ends_at_a_size_ranks_all_who_reached_it_first(games: Library) -> None:
    short = games.get("garbage-short-game")  # ends at a layout of 6
    sheet = replay(short, Seats(["ann", "bob"], None), [layout("ann")] * 4)
    assert sheet.winner == "ann"
    assert [(s["name"], s["rank"], s["behind"]) for s in sheet.as_dict()["standings"]] == [  # type: ignore[attr-defined]
        ("ann", 1, 0), ("bob", 2, 4)]


def test_layouts_that_reach_the_end_size_in_one_hand_share_the_win_and_the_rank(games: Library) -> None:
    short = games.get("garbage-short-turn-up")  # the winner shrinks by 2, a loser who completed by 1
    sheet = replay(short, Seats(["ann", "bob", "cy"], None), [
        layout("ann", ["bob"]), layout("bob", ["ann"]), layout("ann", ["bob"])])
    assert sheet.winner == ["ann", "bob"]
    assert [(s["name"], s["layout_size"], s["rank"], s["behind"])
            for s in sheet.as_dict()["standings"]] == [  # type: ignore[attr-defined]
        ("ann", 5, 1, 0), ("bob", 6, 1, 0), ("cy", 10, 3, 4)]
    assert ends(sheet)["words"] == "ann and bob share the win."


def test_a_game_of_fixed_rounds_counts_the_rounds_left(games: Library) -> None:
    crowns = games.get("five-crowns")
    sheet = start(crowns, ["ann", "bob"])
    assert ends(sheet) == {"words": "11 rounds left to play.", "target": None, "rounds_left": 11}
    for _ in range(10):
        sheet.apply(rummy("ann", {"bob": 5}))
    assert ends(sheet) == {"words": "1 round left to play.", "target": None, "rounds_left": 1}
    sheet.apply(rummy("bob", {"ann": 5}))
    assert lines(sheet) == [("ann", 5, 1, 0), ("bob", 50, 2, 45)]
    assert ends(sheet) == {"words": "ann won.", "target": None, "rounds_left": 0}


def test_ten_deals_of_garbage_count_deals_as_rounds(games: Library) -> None:
    deals = games.get("garbage-ten-deals")
    sheet = replay(deals, Seats(["ann", "bob"], None), [layout("bob")] * 3)
    assert ends(sheet) == {"words": "7 rounds left to play.", "target": None, "rounds_left": 7}


def test_ties_share_a_rank_and_the_next_rank_counts_everyone_above(games: Library) -> None:
    tp = games.get("ten-pennies")
    sheet = replay(tp, Seats(["ann", "bob", "cy", "dee"], None), [rummy("ann", {"bob": 5, "cy": 10, "dee": 5}),
                                                            rummy("bob", {"ann": 5, "cy": 0, "dee": 10})])
    assert lines(sheet) == [("ann", 5, 1, 0), ("bob", 5, 1, 0), ("cy", 10, 3, 5), ("dee", 15, 4, 10)]
    sheet.apply({"type": "finish"})
    assert sheet.winner == ["ann", "bob"]
    assert ends(sheet) == {"words": "ann and bob share the win.", "target": None, "rounds_left": 0}


def test_a_team_game_won_by_a_player_ranks_each_team_by_its_best_player(games: Library) -> None:
    pairs = games.get("bing-pairs-ranked")
    sheet = start(pairs, SEATS, {"ann": 70, "cy": 0, "bob": 30, "dee": 30}, teams=TEAMS)
    # ann + cy hold the lowest score still in (cy's 0), though their total is the higher
    assert lines(sheet) == [("ann+cy", 70, 1, 0), ("bob+dee", 60, 2, 30)]
    sheet.apply(rummy("ann", {"bob": 50, "cy": 80, "dee": 50}))  # cy, bob and dee out: ann is the last in
    assert sheet.winning_team == 0 and lines(sheet)[0][:3] == ("ann+cy", 150, 1)


@pytest.mark.parametrize(("code", "words"), [
    ("ru", "Ближе всех к выбыванию при 76: C, до него 57 очков."),
    ("sv", "Närmast att åka ut vid 76: C, 57 poäng därifrån."),
    ("ro", "Cel mai aproape de eliminarea la 76: C, la 57 de puncte distanță."),
])
def test_the_end_is_said_in_the_tables_language(games: Library, code: str, words: str) -> None:
    bing = games.get("bing-rummy")
    sheet = replay(bing, Seats(["A", "B", "C"], {"C": 19}), [rummy("B", {"A": 6, "C": 0})])
    with language(code):
        assert ends(sheet)["words"] == words


# ---------------------------------------------------------------- a property over random games

def _reads(game: dict[str, Any], winner: str, end_size: int | None) -> Callable[[dict[str, Any]], tuple[int, ...]]:
    """How the game's winner reads a line of the standings, better first, from the answer alone:
    the players still in before those out, then the most phases made, then the rule's measure. A
    team stands by its total, or where the last player standing wins, by its best player."""
    players = {p["name"]: p for p in game["players"]}

    def rule(score: int, size: int) -> int:
        return {"highest_score": -score, "first_to_size": max(size, end_size or 0),
                "smallest_layout": size}.get(winner, score)

    def player(name: str) -> tuple[int, ...]:
        p = players[name]
        return (int(p["eliminated"]), -(p.get("phases_completed") or 0), rule(p["score"], p["layout_size"] or 0))

    def measure(line: dict[str, Any]) -> tuple[int, ...]:
        if "name" in line:
            return player(line["name"])
        if winner == "last_standing":
            return min(player(n) for n in line["players"])
        return (0, 0, rule(line["score"], 0))
    return measure


GAMES = {  # ruleset: (players, teams)
    "ten-pennies": (["a", "b", "c"], None),
    "bing-rummy": (["a", "b", "c", "d"], None),
    "rummy-500": (["a", "b", "c"], None),
    "canasta": (SEATS, TEAMS),
    "phase-10-first-five": (["a", "b", "c"], None),
    "garbage-short-game": (["a", "b", "c"], None),
    "garbage-ten-deals": (["a", "b"], None),
    "garbage-short-turn-up": (["a", "b", "c"], None),
    "rummikub": (["a", "b", "c"], None),
    "bing-pairs-ranked": (SEATS, TEAMS),
}


@st.composite
def ledgers(draw: st.DrawFn) -> tuple[str, list[dict[str, Any]]]:
    """A game and up to 20 steps: rounds (who went out, each other player's points, phases
    made), a buy-back now and then, and sometimes the table ending the game."""
    ruleset = draw(st.sampled_from(sorted(GAMES)))
    names = GAMES[ruleset][0]
    steps: list[dict[str, Any]] = []
    for _ in range(draw(st.integers(0, 20))):
        kind = draw(st.sampled_from(["round"] * 16 + ["buy_back"] * 3 + ["finish"]))
        who = draw(st.sampled_from(names))
        points = {n: 5 * draw(st.integers(-4 if ruleset in ("canasta", "rummy-500") else 0, 12)) for n in names}
        made = [who] + [n for n in names if n != who and draw(st.booleans())]
        steps.append({"kind": kind, "who": who, "points": points, "made": made})
    return ruleset, steps


def _record(sheet: Sheet, step: dict[str, Any]) -> dict[str, Any]:
    still_in = {p.name for p in sheet.active()}
    kinds: dict[str, Callable[[], dict[str, Any]]] = {
        "finish": lambda: {"type": "finish"},
        "buy_back": lambda: {"type": "buy_back", "player": step["who"]},
        "round": lambda: layout(step["who"], step["made"][1:]) if sheet.ruleset.layout else rummy(
            step["who"], {n: v for n, v in step["points"].items() if n in still_in and n != step["who"]},
            step["made"] if sheet.ruleset.rummy and sheet.ruleset.rummy.per_player else None),
    }
    return kinds[step["kind"]]()


def _check(sheet: Sheet) -> None:
    game: dict[str, Any] = sheet.as_dict()
    ruleset, standings = sheet.ruleset, game["standings"]
    reads = _reads(game, ruleset.game.winner if ruleset.rummy is None or not ruleset.rummy.per_player
                   else "phases", ruleset.game.layout_size)
    keys = [reads(line) for line in standings]
    assert keys == sorted(keys), "sorted the way the game is won"
    assert standings[0]["rank"] == 1 and standings[0]["behind"] == 0
    for i, line in enumerate(standings):
        assert line["rank"] == 1 + sum(k < keys[i] for k in keys), "competition ranking, ties sharing"
        assert line["behind"] >= 0
    lines_named = [tuple(s.get("players") or [s["name"]]) for s in standings]
    assert sorted(lines_named) == sorted(tuple(t) for t in (sheet.teams or [[p.name] for p in sheet.players]))
    game_end = ruleset.game
    fixed = game_end.rounds if game_end.rounds is not None else game_end.deals
    assert game["ends"]["target"] == (game_end.target if game_end.target is not None else game_end.elimination)
    assert game["ends"]["rounds_left"] == (None if fixed is None else
                                           fixed - len(sheet.rounds) if sheet.status == "in_progress" else 0)
    if sheet.status == "finished":
        winners = {sheet.winner} if isinstance(sheet.winner, str) else set(sheet.winner or [])
        first = {n for line, name in zip(standings, lines_named, strict=True) if line["rank"] == 1 for n in name}
        assert first == winners, "the winner is rank 1, and only the winner"


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ledgers())
def test_standings_follow_the_way_the_game_is_won(games: Library, drawn: tuple[str, list[dict[str, Any]]]) -> None:
    ruleset_id, steps = drawn
    names, teams = GAMES[ruleset_id]
    sheet = start(games.get(ruleset_id), names, teams=teams)
    _check(sheet)
    for step in steps:
        if sheet.status != "in_progress":
            break
        try:
            sheet.apply(_record(sheet, step))
        except ValueError:
            continue  # a step the sheet refuses (a buy-back of a player still in) changes nothing
        _check(sheet)
    event(f"{ruleset_id}: {sheet.status}")
