"""Partners who score together (`teams: {size}`): the teams a game starts with, team totals, the
game's end and winner read from them, undo, storage on SQLite and PostgreSQL, the CSV sheet.

The rulesets are variants made here: rummy-500 for two pairs (the highest team score wins at
500), a lowest-wins one, ten-pennies by rounds, and Bing Rummy by elimination.
"""

from __future__ import annotations

import csv
import io
from typing import Any

import pytest

from referee.loading.loader import Library
from referee.rules.ruleset import Ruleset
from referee.sheet import teams as sheet_teams
from referee.sheet.records import round_record
from referee.sheet.standings import Seats, Sheet, replay, start
from referee.sheet.undo import check_undo
from referee.values.errors import InvalidPlayError
from tests.test_phase10_games import post_round

PAIRS = ("format: 1\nid: rummy-500-pairs\nextends: rummy-500\nname: Rummy 500 in pairs\nfamily: rummy\n"
         "teams: {size: 2}\nplayers: {min: 4, max: 4}\ngame: {end: {target: 500}}\n")
VARIANTS = {
    "rummy-500-pairs": PAIRS,
    "low-pairs": "format: 1\nid: low-pairs\nextends: ten-pennies\nname: Low pairs\nfamily: rummy\n"
                 "teams: {size: 2}\nplayers: {min: 4, max: 4}\ngame: {end: {rounds: null, target: 100}}\n",
    "ten-pennies-pairs": "format: 1\nid: ten-pennies-pairs\nextends: ten-pennies\nname: Ten pennies in pairs\n"
                         "family: rummy\nteams: {size: 2}\nplayers: {min: 4, max: 6}\n",
    "bing-pairs": "format: 1\nid: bing-pairs\nextends: bing-rummy\nname: Bing in pairs\nfamily: rummy\n"
                  "teams: {size: 2}\nplayers: {min: 4, max: 4}\n",
    "pairs-of-three": "format: 1\nid: pairs-of-three\nextends: rummy-500\nname: Threes\nfamily: rummy\n"
                      "teams: {size: 3}\nplayers: {min: 6, max: 6}\n",
}
PLAYERS = ["ann", "bob", "cy", "dee"]
TEAMS = [["ann", "cy"], ["bob", "dee"]]


@pytest.fixture(scope="module")
def teams_library(library: Library) -> Library:
    lib = library.copy()
    for text in VARIANTS.values():
        lib.add(lib.load(text))
    return lib


@pytest.fixture(scope="module")
def pairs(teams_library: Library) -> Ruleset:
    return teams_library.get("rummy-500-pairs")


def points(ruleset: Ruleset, went_out: str | None, given: dict[str, int]) -> dict[str, Any]:
    return round_record(ruleset, {"went_out": went_out, "points": given}, 4)


def team_scores(sheet: Sheet) -> list[int]:
    return [team["score"] for team in sheet.as_dict()["teams"]]  # type: ignore[index]


# ---------------------------------------------------------------- the engine

def test_a_team_scores_the_sum_of_its_players_and_each_round_gives_team_points(pairs: Ruleset) -> None:
    sheet = start(pairs, PLAYERS, teams=TEAMS)
    assert sheet.as_dict()["teams"] == [{"players": ["ann", "cy"], "score": 0}, {"players": ["bob", "dee"], "score": 0}]
    sheet.apply(points(pairs, "ann", {"ann": 120, "bob": -35, "cy": 40, "dee": 15}))
    sheet.apply(points(pairs, "dee", {"ann": -10, "bob": 60, "cy": 5, "dee": 90}))
    assert team_scores(sheet) == [155, 130]
    assert [r["team_points"] for r in sheet.rounds] == [[160, -20], [-5, 150]]
    assert sheet.status == "in_progress" and sheet.winner is None and sheet.as_dict()["winning_team"] is None


def test_the_target_is_a_teams_score_not_a_players(pairs: Ruleset) -> None:
    # ann alone passes 500, but her team does not: the game goes on (a pack's cards are worth
    # 426 at most, so it takes her two hands)
    sheet = start(pairs, PLAYERS, teams=TEAMS)
    for _ in range(2):
        sheet.apply(points(pairs, "ann", {"ann": 260, "bob": 5, "cy": -50, "dee": 5}))
    assert team_scores(sheet) == [420, 20] and sheet.status == "in_progress"
    # two players under 500 whose sum reaches it end the game; the higher team wins
    sheet = start(pairs, PLAYERS, teams=TEAMS)
    sheet.apply(points(pairs, "bob", {"ann": 10, "bob": 300, "cy": 20, "dee": 250}))
    assert team_scores(sheet) == [30, 550]
    assert sheet.status == "finished"
    assert (sheet.winner, sheet.winning_team) == (["bob", "dee"], 1)


def test_teams_that_tie_share_the_win(pairs: Ruleset) -> None:
    sheet = start(pairs, PLAYERS, teams=TEAMS)
    sheet.apply(points(pairs, "ann", {"ann": 300, "bob": 250, "cy": 200, "dee": 250}))
    assert sheet.status == "finished"
    assert (sheet.winner, sheet.winning_team) == (["ann", "cy", "bob", "dee"], [0, 1])


def test_where_the_lowest_score_wins_the_lowest_team_wins(teams_library: Library) -> None:
    low = teams_library.get("low-pairs")
    assert low.game.winner == "lowest_score" and low.game.target == 100

    def caught(went_out: str, given: dict[str, int]) -> dict[str, Any]:
        return round_record(low, {"went_out": went_out, "points": given, "cards": {n: 1 for n in given}}, 4)

    sheet = start(low, PLAYERS, teams=[["ann", "bob"], ["cy", "dee"]])
    sheet.apply(caught("ann", {"bob": 90, "cy": 30, "dee": 40}))
    assert sheet.status == "in_progress"  # no team has 100 yet: ann + bob is 90
    sheet.apply(caught("cy", {"ann": 5, "bob": 10, "dee": 0}))
    assert team_scores(sheet) == [105, 70]
    assert (sheet.status, sheet.winner, sheet.winning_team) == ("finished", ["cy", "dee"], 1)


def test_a_game_by_rounds_and_a_game_stopped_early_go_to_the_best_team(teams_library: Library) -> None:
    tp = teams_library.get("ten-pennies-pairs")
    rounds = [round_record(tp, {"went_out": "ann", "points": {"bob": 10, "cy": 30, "dee": 5},
                                "cards": {"bob": 1, "cy": 3, "dee": 1}}, 4, n) for n in range(1, 8)]
    sheet = replay(tp, Seats(PLAYERS, teams=TEAMS), rounds)
    assert team_scores(sheet) == [210, 105]
    assert (sheet.status, sheet.winner, sheet.winning_team) == ("finished", ["bob", "dee"], 1)
    stopped = replay(tp, Seats(PLAYERS, teams=TEAMS), [*rounds[:2], {"type": "finish"}])
    assert (stopped.status, stopped.winner, stopped.winning_team) == ("finished", ["bob", "dee"], 1)


def test_where_the_rule_picks_a_player_their_team_wins(teams_library: Library) -> None:
    bing = teams_library.get("bing-pairs")
    limit = bing.game.elimination
    assert limit is not None
    sheet = start(bing, PLAYERS, teams=TEAMS)
    # everyone but dee goes out of the game: the last one standing is dee, so dee's team wins
    sheet.apply(round_record(bing, {"went_out": "dee", "points": {"ann": limit, "bob": limit, "cy": limit}}, 4))
    assert (sheet.status, sheet.winner, sheet.winning_team) == ("finished", ["bob", "dee"], 1)


def test_undo_gives_team_totals_back_and_reopens_the_game(pairs: Ruleset) -> None:
    first = points(pairs, "ann", {"ann": 200, "bob": 0, "cy": 100, "dee": 0})
    ledger = [first, first]
    assert replay(pairs, Seats(PLAYERS, teams=TEAMS), ledger).status == "finished"
    check_undo(ledger, {"type": "undo"})
    sheet = replay(pairs, Seats(PLAYERS, teams=TEAMS), [*ledger, {"type": "undo"}])
    assert team_scores(sheet) == [300, 0] and sheet.status == "in_progress" and sheet.winning_team is None
    sheet = replay(pairs, Seats(PLAYERS, teams=TEAMS), [*ledger, {"type": "undo_entry"}, {"type": "undo_entry"}])
    assert team_scores(sheet) == [0, 0] and sheet.rounds == []


@pytest.mark.parametrize(("teams", "expected"), [
    pytest.param(None, [("teams", "missing_field")], id="no teams"),
    pytest.param([["ann", "ann"], ["bob", "dee"]], [("teams[0][1]", "duplicate_player"), ("teams", "missing_player")],
                 id="a player twice in a team"),
    pytest.param([["ann", "cy"], ["cy", "dee"]], [("teams[1][0]", "duplicate_player"), ("teams", "missing_player")],
                 id="a player in two teams"),
    pytest.param([["ann", "cy"], ["bob", "zed"]], [("teams[1][1]", "unknown_player"), ("teams", "missing_player")],
                 id="a name that is not a player"),
    pytest.param([["ann", "cy", "bob"], ["dee"]], [("teams[0]", "player_count"), ("teams[1]", "player_count")],
                 id="teams of the wrong size"),
    pytest.param([["ann", "cy"]], [("teams", "missing_player"), ("teams", "missing_player")],
                 id="players in no team"),
])
def test_teams_that_cannot_seat_the_table_are_refused(pairs: Ruleset, teams: Any,
                                                     expected: list[tuple[str, str]]) -> None:
    with pytest.raises(InvalidPlayError) as caught:
        start(pairs, PLAYERS, teams=teams)
    assert [(p.path, p.code) for p in caught.value.problems] == expected


def test_the_refusals_name_the_game_the_size_and_the_player(pairs: Ruleset) -> None:
    with pytest.raises(InvalidPlayError) as caught:
        start(pairs, PLAYERS, teams=[["ann", "cy", "bob"], ["dee"]])
    words = [p.message for p in caught.value.problems]
    assert words[0] == "a team in Rummy 500 in pairs has 2 players, but this one has 3"
    assert words[1].endswith("this one has 1")
    with pytest.raises(InvalidPlayError) as caught:
        start(pairs, PLAYERS, teams=[["ann", "cy"]])
    assert [p.message for p in caught.value.problems] == [
        "bob is in no team: each player plays in one", "dee is in no team: each player plays in one"]


def test_teams_for_a_game_without_them_are_refused(tp: Ruleset) -> None:
    with pytest.raises(InvalidPlayError) as caught:
        start(tp, PLAYERS, teams=TEAMS)
    assert [(p.path, p.code) for p in caught.value.problems] == [("teams", "unused_field")]
    assert start(tp, PLAYERS).as_dict().keys().isdisjoint({"teams", "winning_team"})


def test_a_team_that_would_start_at_the_target_is_refused(pairs: Ruleset) -> None:
    with pytest.raises(InvalidPlayError) as caught:
        start(pairs, PLAYERS, {"bob": 300, "dee": 200}, teams=TEAMS)
    assert [(p.path, p.code) for p in caught.value.problems] == [("teams[1]", "out_of_range")]
    assert team_scores(start(pairs, PLAYERS, {"bob": 300, "dee": 199}, teams=TEAMS)) == [0, 499]


def test_teams_of_three(teams_library: Library) -> None:
    threes = teams_library.get("pairs-of-three")
    six = ["a", "b", "c", "d", "e", "f"]
    sheet = start(threes, six, teams=[["a", "c", "e"], ["b", "d", "f"]])
    sheet.apply(round_record(threes, {"went_out": "a", "points": dict(zip(six, [100, 1, 200, 2, 300, 3], strict=True))}, 6))
    assert team_scores(sheet) == [600, 6] and sheet.winner == ["a", "c", "e"]


def test_winner_of_players_maps_a_tie_of_players_to_their_teams() -> None:
    assert sheet_teams.of_players(TEAMS, "cy") == [0]
    assert sheet_teams.of_players(TEAMS, ["dee", "ann"]) == [0, 1]


# ---------------------------------------------------------------- the service

def upload(client: Any, *ids: str) -> None:
    for ruleset_id in ids:
        r = client.post("/v1/rulesets", data=VARIANTS[ruleset_id], headers={"Content-Type": "application/yaml"})
        assert r.status_code == 201, r.get_json()


def new_game(client: Any, ruleset: str = "rummy-500-pairs", **extra: Any) -> tuple[str, dict[str, str], Any]:
    r = client.post("/v1/games", json={"ruleset": ruleset, "players": PLAYERS, "teams": TEAMS, **extra})
    assert r.status_code == 201, r.get_json()
    body = r.get_json()
    return f"/v1/games/{body['id']}", {"Authorization": f"Bearer {body['token']}"}, body




def sheet_rows(client: Any, url: str) -> list[list[str]]:
    r = client.get(url, headers={"Accept": "text/csv"})
    assert r.status_code == 200
    return list(csv.reader(io.StringIO(r.get_data(as_text=True))))


def test_a_team_game_through_the_service(client: Any, app: Any) -> None:
    upload(client, "rummy-500-pairs")
    url, auth, body = new_game(client)
    assert body["teams"] == [{"players": ["ann", "cy"], "score": 0}, {"players": ["bob", "dee"], "score": 0}]
    assert body["winner"] is None and body["winning_team"] is None
    game = post_round(client, url, auth, {"went_out": "ann", "points": {"ann": 150, "bob": -20, "cy": 70, "dee": 35}})
    assert [t["score"] for t in game["teams"]] == [220, 15]
    assert game["rounds"][0]["team_points"] == [220, 15]
    # hands are scored per player as elsewhere, and added up per team
    game = post_round(client, url, auth, {"went_out": "bob", "hands": {"ann": ["KH"], "cy": ["3D", "4D"], "dee": []},
                                          "melded": {"bob": [["7S", "7H", "7D"]], "dee": [["AC", "2C", "3C"]]}})
    by_player = {p["name"]: p["score"] for p in game["players"]}
    assert [t["score"] for t in game["teams"]] == [by_player["ann"] + by_player["cy"], by_player["bob"] + by_player["dee"]]
    assert game["rounds"][1]["team_points"] == [-17, 21 + 6]
    game = post_round(client, url, auth, {"went_out": "cy", "points": {"ann": 200, "bob": 0, "cy": 150, "dee": 0}})
    assert game["status"] == "finished"
    assert (game["winner"], game["winning_team"]) == (["ann", "cy"], 0)
    rows = sheet_rows(client, url)
    assert rows[0] == ["Round", "ann", "bob", "cy", "dee", "ann + cy", "bob + dee"]
    assert rows[1] == ["1", "150", "-20", "70", "35", "220", "15"]
    assert rows[-1] == ["Total", *(str(by) for by in [p["score"] for p in game["players"]]),
                        *(str(t["score"]) for t in game["teams"])]
    # undo: the last round, then the last entry; the game reopens and the totals come back
    game = client.delete(f"{url}/rounds/last", headers=auth).get_json()
    assert game["status"] == "in_progress" and game["winner"] is None and game["winning_team"] is None
    assert [t["score"] for t in game["teams"]] == [220 - 17, 15 + 27]
    game = client.delete(f"{url}/entries/last", headers=auth).get_json()
    assert [t["score"] for t in game["teams"]] == [220, 15] and len(sheet_rows(client, url)) == 3
    # the teams are stored with the game: another app on the same database reads them
    from api import create_app

    other = create_app({"TESTING": True, "DATABASE_URL": app.config["DATABASE_URL"]})
    try:
        again = other.test_client().get(url).get_json()
    finally:
        other.extensions["referee.store"].engine.dispose()
    assert again["teams"] == game["teams"] and again["players"] == game["players"]


def test_a_morto_named_for_a_game_without_one_is_a_422_and_stores_nothing(client: Any) -> None:
    """`morto_taken` (Buraco's pozzetto) is refused where the game has no morto, as `teams`
    and `red_threes` are: in a stateless score and in a stored round."""
    body = {"hands": {"ann": [], "bob": ["4H"]}, "went_out": "ann", "morto_taken": {"ann": True}}
    r = client.post("/v1/rulesets/ten-pennies/scores", json=body)
    assert r.status_code == 422 and [(e["path"], e["code"]) for e in r.get_json()["errors"]] == [
        ("morto_taken", "unused_field")], r.get_json()
    r = client.post("/v1/games", json={"ruleset": "ten-pennies", "players": ["ann", "bob"]})
    game = r.get_json()
    url, auth = f"/v1/games/{game['id']}", {"Authorization": f"Bearer {game['token']}"}
    r = client.post(f"{url}/rounds", json=body, headers=auth)
    assert r.status_code == 422 and r.get_json()["errors"][0]["path"] == "morto_taken", r.get_json()
    assert client.get(url).get_json()["rounds"] == []


@pytest.mark.parametrize(("ruleset", "field"), [("buraco", "foot_taken"), ("ten-pennies", "morto_taken"),
                                               ("hand-and-foot", "morto_taken")])
def test_a_foot_or_morto_not_taken_in_a_game_without_one_is_a_422(client: Any, ruleset: str, field: str) -> None:
    """false is never out where the game has a foot (or a morto); elsewhere it is refused, not
    read as saying nothing."""
    body = {"hand": ["8H", "8S", "8D", "5C"]}
    assert client.post(f"/v1/rulesets/{ruleset}/going-out/check", json={**body, field: True}).status_code == 200
    r = client.post(f"/v1/rulesets/{ruleset}/going-out/check", json={**body, field: False})
    assert r.status_code == 422 and [(e["path"], e["code"]) for e in r.get_json()["errors"]] == [
        (field, "unused_field")], r.get_json()


def _games_stored(app: Any) -> int:
    import sqlalchemy as sa

    with app.extensions["referee.store"].engine.connect() as conn:
        return int(conn.execute(sa.text("SELECT count(*) FROM games")).scalar_one())


@pytest.mark.parametrize(("ruleset", "teams", "expected"), [
    pytest.param("rummy-500-pairs", None, [("teams", "missing_field")], id="no teams"),
    pytest.param("rummy-500-pairs", [["ann", "ann"], ["bob", "dee"]],
                 [("teams[0][1]", "duplicate_player"), ("teams", "missing_player")], id="a name twice"),
    pytest.param("rummy-500-pairs", [["ann", "cy"], ["zed", "dee"]],
                 [("teams[1][0]", "unknown_player"), ("teams", "missing_player")], id="not a player"),
    pytest.param("rummy-500-pairs", [["ann", "cy", "bob", "dee"]], [("teams[0]", "player_count")],
                 id="a team of the wrong size"),
    pytest.param("rummy-500-pairs", [["ann", "cy"], ["bob"]], [("teams[1]", "player_count"), ("teams", "missing_player")],
                 id="a player in no team"),
    pytest.param("rummy-500-pairs", [["ann", "cy"], ["bob", 7]], [("teams[1][1]", "invalid_type")],
                 id="a name that is not a string"),
    pytest.param("rummy-500-pairs", "ann+cy", [("teams", "invalid_type")], id="not a list"),
    pytest.param("rummy-500", TEAMS, [("teams", "unused_field")], id="a game without teams"),
])
def test_bad_teams_are_a_422_naming_the_field_and_nothing_is_stored(client: Any, app: Any, ruleset: str, teams: Any,
                                                                    expected: list[tuple[str, str]]) -> None:
    upload(client, "rummy-500-pairs")
    before = _games_stored(app)
    body = {"ruleset": ruleset, "players": PLAYERS} | ({} if teams is None else {"teams": teams})
    r = client.post("/v1/games", json=body)
    assert r.status_code == 422, r.get_json()
    assert [(e["path"], e["code"]) for e in r.get_json()["errors"]] == expected
    assert _games_stored(app) == before


def test_a_game_without_teams_reads_as_before(client: Any) -> None:
    r = client.post("/v1/games", json={"ruleset": "rummy-500", "players": ["ann", "bob"]})
    game = r.get_json()
    assert r.status_code == 201 and "teams" not in game and "winning_team" not in game
    assert sheet_rows(client, f"/v1/games/{game['id']}") == [["Round", "ann", "bob"], ["Total", "0", "0"]]


def test_a_database_made_before_teams_still_serves_and_takes_team_games(empty_database_url: str) -> None:
    """Migration 0003 on a database at 0002: its games read as before, and team games are stored."""
    from importlib import resources

    from alembic import command
    from alembic.config import Config

    from api import create_app
    from api.storage import make_engine

    engine = make_engine(empty_database_url)
    cfg = Config()
    cfg.set_main_option("script_location", str(resources.files("api") / "migrations"))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "0002")
    engine.dispose()
    app = create_app({"TESTING": True, "DATABASE_URL": empty_database_url})
    try:
        client = app.test_client()
        upload(client, "rummy-500-pairs")
        url, auth, _ = new_game(client)
        post_round(client, url, auth, {"went_out": "ann", "points": {"ann": 10, "bob": 20, "cy": 30, "dee": 40}})
        assert [t["score"] for t in client.get(url).get_json()["teams"]] == [40, 60]
        plain = client.post("/v1/games", json={"ruleset": "rummy-500", "players": ["ann", "bob"]}).get_json()
        assert "teams" not in client.get(f"/v1/games/{plain['id']}").get_json()
    finally:
        app.extensions["referee.store"].engine.dispose()


def test_the_openapi_document_describes_teams(quick_client: Any) -> None:
    schemas = quick_client.get("/v1/openapi.json").get_json()["components"]["schemas"]
    assert schemas["GameCreate"]["properties"]["teams"]["type"] == "array"
    assert schemas["GameCreate"]["properties"]["teams"]["items"]["type"] == "array"
    assert {"teams", "winning_team"} <= set(schemas["Game"]["properties"])
    assert "team_points" in schemas["RoundPlayed"]["properties"]
    assert {"players", "score"} <= set(schemas["TeamStanding"]["required"])
    assert "winning_team" in schemas["Game"]["properties"]["winner"]["description"]


def test_a_canasta_hand_is_scored_per_player_with_its_bonuses_and_added_up_per_team(client: Any) -> None:
    """A stored Canasta round: melded cards, canastas, red threes and going out per player,
    each team's total their sum; counts that cannot be are a 422 that stores nothing."""
    url, auth, _ = new_game(client, "canasta")
    hand = {"went_out": "ann", "hands": {"ann": [], "bob": ["4C"], "cy": ["8D"], "dee": ["AH", "JK"]},
            "melded": {"ann": [["KH", "KS", "KD", "KC", "KH", "KS", "KD"]], "cy": [["5H", "5S", "5D"]],
                       "bob": [["9H", "9S", "2C"]]}, "red_threes": {"ann": 1}}
    game = post_round(client, url, auth, hand)
    # ann: kings 70 + natural canasta 500 + going out 100 + a red three 100; cy: fives 15 - an eight 10
    assert {p["name"]: p["score"] for p in game["players"]} == {"ann": 770, "cy": 5, "bob": 35, "dee": -70}
    assert [t["score"] for t in game["teams"]] == [775, -35]
    assert game["rounds"][0]["red_threes"] == {"ann": 1}
    for wrong, code in (({"red_threes": {"ann": 3, "dee": 2}}, "too_many_bonus_cards"),
                        ({"concealed": True, "melded": {**hand["melded"], "ann": [["KH", "KS", "KD"], ["KC"]]}},
                         "not_concealed")):
        r = client.post(f"{url}/rounds", json={**hand, **wrong}, headers=auth)
        assert r.status_code == 422 and code in {e["code"] for e in r.get_json()["errors"]}, r.get_json()
    assert [t["score"] for t in client.get(url).get_json()["teams"]] == [775, -35]
    r = client.post(f"{url}/rounds", json={"went_out": "ann", "points": {"bob": 5, "cy": 0, "dee": 0},
                                           "red_threes": {"ann": 1}}, headers=auth)
    assert r.status_code == 422 and r.get_json()["errors"][0]["path"] == "red_threes"
