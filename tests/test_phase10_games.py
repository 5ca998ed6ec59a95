"""Phase 10 on the score sheet: each player's phase, read from the rounds entered.

Whole games go through the service (SQLite and PostgreSQL): phases advance for those who
made theirs, the game ends after the hand in which someone makes the last phase, undo gives
phases back, and a round that cannot be is a 422 that changes nothing.
"""

from __future__ import annotations

import csv
import io
from typing import Any

import pytest

PLAYERS = ["ann", "bob", "cy"]


def new_game(client: Any, players: list[str] = PLAYERS, ruleset: str = "phase-10") -> tuple[str, dict[str, str],
                                                                                             dict[str, Any]]:
    r = client.post("/v1/games", json={"ruleset": ruleset, "players": players})
    assert r.status_code == 201, r.get_json()
    body = r.get_json()
    return f"/v1/games/{body['id']}", {"Authorization": f"Bearer {body['token']}"}, body


def post_round(client: Any, url: str, auth: dict[str, str], body: dict[str, Any]) -> dict[str, Any]:
    r = client.post(f"{url}/rounds", json=body, headers=auth)
    assert r.status_code == 200, r.get_json()
    return r.get_json()  # type: ignore[no-any-return]


def phases(game: dict[str, Any]) -> dict[str, tuple[int, int]]:
    return {p["name"]: (p["phase"], p["phases_completed"]) for p in game["players"]}


def scores(game: dict[str, Any]) -> dict[str, int]:
    return {p["name"]: p["score"] for p in game["players"]}


def play_to(client: Any, url: str, auth: dict[str, str], made: list[str], hands: int) -> None:
    """`hands` hands in which the players `made` make their phase, the first of them going out;
    the others score 10 each hand."""
    others = [n for n in PLAYERS if n not in made]
    for _ in range(hands):
        post_round(client, url, auth, {"went_out": made[0], "phases_made": made,
                                       "points": {n: 0 for n in made[1:]} | {n: 10 for n in others}})


def test_a_new_game_starts_everyone_on_phase_1(client: Any) -> None:
    url, _, body = new_game(client)
    assert phases(body) == {n: (1, 0) for n in PLAYERS}
    assert client.get(url).get_json()["players"] == body["players"]


def test_phases_advance_for_those_who_made_theirs_and_the_others_stay(client: Any) -> None:
    url, auth, _ = new_game(client)
    game = post_round(client, url, auth, {"went_out": "ann", "phases_made": ["ann", "cy"],
                                          "hands": {"bob": ["7R", "W"], "cy": ["SK", "12B"]}})
    assert phases(game) == {"ann": (2, 1), "bob": (1, 0), "cy": (2, 1)}
    assert scores(game) == {"ann": 0, "bob": 5 + 25, "cy": 15 + 10}
    assert game["rounds"][0]["phases_made"] == ["ann", "cy"]
    game = post_round(client, url, auth, {"went_out": "bob", "phases_made": ["bob"],
                                          "points": {"ann": 20, "cy": 5}})
    assert phases(game) == {"ann": (2, 1), "bob": (2, 1), "cy": (2, 1)}
    assert game["status"] == "in_progress" and game["winner"] is None and game["round"] == 3
    assert client.get(url).get_json() == game


def test_a_hand_nobody_made_a_phase_in_moves_nobody(client: Any) -> None:
    url, auth, _ = new_game(client)
    game = post_round(client, url, auth, {"points": {"ann": 50, "bob": 5, "cy": 0}})
    assert phases(game) == {n: (1, 0) for n in PLAYERS}
    assert game["rounds"][0]["phases_made"] == []


def test_two_players_make_phase_10_in_the_same_hand_and_the_lower_score_wins(client: Any) -> None:
    url, auth, _ = new_game(client)
    play_to(client, url, auth, ["ann", "bob"], 9)
    game = client.get(url).get_json()
    assert phases(game) == {"ann": (10, 9), "bob": (10, 9), "cy": (1, 0)}
    assert game["status"] == "in_progress"
    # cy has the lowest score of all but has not made phase 10: the lower of ann and bob wins
    game = post_round(client, url, auth, {"went_out": "bob", "phases_made": ["ann", "bob"],
                                          "points": {"ann": 5, "cy": 0}})
    assert phases(game) == {"ann": (10, 10), "bob": (10, 10), "cy": (1, 0)}
    assert scores(game) == {"ann": 5, "bob": 0, "cy": 90}
    assert game["status"] == "finished" and game["winner"] == "bob"
    r = client.post(f"{url}/rounds", json={"went_out": "ann", "phases_made": ["ann"], "points": {"bob": 0, "cy": 0}},
                    headers=auth)
    assert r.status_code == 409
    assert client.get(url).get_json() == game


def test_who_went_out_does_not_win_over_a_lower_score_that_made_phase_10(client: Any) -> None:
    url, auth, _ = new_game(client)
    post_round(client, url, auth, {"went_out": "bob", "phases_made": ["bob", "ann"], "points": {"ann": 20, "cy": 10}})
    play_to(client, url, auth, ["ann", "bob"], 8)
    game = post_round(client, url, auth, {"went_out": "ann", "phases_made": ["ann", "bob"],
                                          "points": {"bob": 5, "cy": 0}})
    assert scores(game) == {"ann": 20, "bob": 5, "cy": 90}
    assert game["status"] == "finished" and game["winner"] == "bob"


def test_a_tie_among_those_who_made_phase_10_shares(client: Any) -> None:
    url, auth, _ = new_game(client)
    play_to(client, url, auth, ["ann", "bob"], 9)
    game = post_round(client, url, auth, {"went_out": "ann", "phases_made": ["ann", "bob", "cy"],
                                          "points": {"bob": 0, "cy": 0}})
    assert scores(game)["ann"] == scores(game)["bob"] == 0
    assert game["status"] == "finished" and game["winner"] == ["ann", "bob"]
    assert phases(game)["cy"] == (2, 1)


def test_undo_gives_phases_back_and_reopens_a_finished_game(client: Any) -> None:
    url, auth, _ = new_game(client)
    play_to(client, url, auth, ["ann", "bob"], 9)
    before = client.get(url).get_json()
    post_round(client, url, auth, {"went_out": "bob", "phases_made": ["ann", "bob"], "points": {"ann": 5, "cy": 0}})
    r = client.delete(f"{url}/rounds/last", headers=auth)
    assert r.status_code == 200
    assert r.get_json() == before
    assert phases(r.get_json()) == {"ann": (10, 9), "bob": (10, 9), "cy": (1, 0)}
    post_round(client, url, auth, {"went_out": "cy", "phases_made": ["cy"], "points": {"ann": 5, "bob": 5}})
    r = client.delete(f"{url}/entries/last", headers=auth)
    assert r.status_code == 200
    assert phases(r.get_json()) == phases(before)
    assert r.get_json()["status"] == "in_progress"


def test_a_game_stopped_early_goes_to_the_most_phases_then_the_lowest_score(client: Any) -> None:
    url, auth, _ = new_game(client, ["ann", "bob", "cy", "dee"])
    post_round(client, url, auth, {"went_out": "ann", "phases_made": ["ann", "bob", "cy"],
                                   "points": {"bob": 30, "cy": 10, "dee": 0}})
    post_round(client, url, auth, {"went_out": "bob", "phases_made": ["bob", "cy"],
                                   "points": {"ann": 0, "cy": 20, "dee": 0}})
    r = client.post(f"{url}/finish", headers=auth)
    assert r.status_code == 200
    game = r.get_json()
    # bob and cy made two phases each, at 30 each: they share; ann (one phase) and dee (none) lead on score
    assert scores(game) == {"ann": 0, "bob": 30, "cy": 30, "dee": 0}
    assert game["status"] == "finished" and game["winner"] == ["bob", "cy"]


def test_a_game_stopped_early_with_one_leader(client: Any) -> None:
    url, auth, _ = new_game(client)
    post_round(client, url, auth, {"went_out": "bob", "phases_made": ["bob", "cy"], "points": {"ann": 0, "cy": 40}})
    game = client.post(f"{url}/finish", headers=auth).get_json()
    assert game["winner"] == "bob"


BAD_ROUNDS = [
    ("a stranger", {"went_out": "ann", "phases_made": ["ann", "zed"], "points": {"bob": 5, "cy": 5}},
     "phases_made[1]", "unknown_player"),
    ("a name twice", {"went_out": "ann", "phases_made": ["ann", "bob", "bob"], "points": {"bob": 5, "cy": 5}},
     "phases_made[2]", "duplicate_player"),
    ("out without the phase", {"went_out": "ann", "phases_made": ["bob"], "points": {"bob": 5, "cy": 5}},
     "went_out", "phase_not_made"),
    ("out, phases_made left out", {"went_out": "cy", "points": {"ann": 5, "bob": 5}}, "went_out", "phase_not_made"),
    ("not a list", {"went_out": "ann", "phases_made": "ann", "points": {"bob": 5, "cy": 5}}, "phases_made", None),
    ("a name that cannot be", {"went_out": "ann", "phases_made": ["ann", ""], "points": {"bob": 5, "cy": 5}},
     "phases_made[1]", "invalid"),
    ("a French card", {"went_out": "ann", "phases_made": ["ann"], "hands": {"bob": ["KH"], "cy": []}},
     "hands.bob[0]", None),
]


@pytest.mark.parametrize(("body", "path", "code"), [case[1:] for case in BAD_ROUNDS],
                         ids=[case[0] for case in BAD_ROUNDS])
def test_a_round_that_cannot_be_is_a_422_and_changes_nothing(quick_client: Any, body: dict[str, Any], path: str,
                                                            code: str | None) -> None:
    url, auth, _ = new_game(quick_client)
    post_round(quick_client, url, auth, {"went_out": "bob", "phases_made": ["bob"], "points": {"ann": 5, "cy": 5}})
    before = quick_client.get(url)
    r = quick_client.post(f"{url}/rounds", json=body, headers=auth)
    assert r.status_code == 422, r.get_json()
    problems = r.get_json()["errors"]
    assert path in [p["path"] for p in problems], problems
    if code is not None:
        assert code in [p["code"] for p in problems if p["path"] == path]
    after = quick_client.get(url)
    assert after.get_json() == before.get_json() and after.headers["ETag"] == before.headers["ETag"]


def test_phases_made_in_a_game_without_phases_is_an_unused_field(quick_client: Any) -> None:
    url, auth, _ = new_game(quick_client, ruleset="ten-pennies")
    before = quick_client.get(url).get_json()
    r = quick_client.post(f"{url}/rounds", json={"went_out": "ann", "phases_made": ["ann"],
                                                 "points": {"bob": 5, "cy": 10}, "cards": {"bob": 1, "cy": 1}},
                          headers=auth)
    assert r.status_code == 422
    assert [(p["path"], p["code"]) for p in r.get_json()["errors"]] == [("phases_made", "unused_field")]
    assert quick_client.get(url).get_json() == before


def test_games_without_phases_read_as_before(quick_client: Any) -> None:
    url, auth, body = new_game(quick_client, ruleset="ten-pennies")
    assert all(set(p) == {"name", "score", "eliminated", "buy_backs", "pennies_paid", "buys_left", "layout_size"}
               for p in body["players"])
    game = post_round(quick_client, url, auth, {"went_out": "ann", "hands": {"bob": ["3H"], "cy": []}})
    assert "phases_made" not in game["rounds"][0]
    sheet = quick_client.get(url, headers={"Accept": "text/csv"}).get_data(as_text=True)
    assert [row[0] for row in csv.reader(io.StringIO(sheet))] == ["Round", "1", "Total"]


def test_the_csv_sheet_gives_each_players_phase_above_the_totals(quick_client: Any) -> None:
    url, auth, _ = new_game(quick_client)
    post_round(quick_client, url, auth, {"went_out": "ann", "phases_made": ["ann", "cy"], "points": {"bob": 30,
                                                                                                     "cy": 25}})
    post_round(quick_client, url, auth, {"went_out": "ann", "phases_made": ["ann"], "points": {"bob": 10, "cy": 5}})
    rows = list(csv.reader(io.StringIO(quick_client.get(url, headers={"Accept": "text/csv"}).get_data(as_text=True))))
    assert rows == [["Round", *PLAYERS], ["1", "0", "30", "25"], ["2", "0", "10", "5"], ["Phase", "3", "1", "2"],
                    ["Total", "0", "40", "30"]]


SHORT = """format: 1
id: phase-10-two
name: Two phases
extends: phase-10
phases:
  - {sets: [3, 3], extra_melds: false}
  - {runs: [7], extra_melds: false}
"""


def test_a_shorter_list_of_phases_ends_at_its_own_last_phase(client: Any) -> None:
    assert client.post("/v1/rulesets", data=SHORT, content_type="application/yaml").status_code == 201
    url, auth, _ = new_game(client, ruleset="phase-10-two")
    game = post_round(client, url, auth, {"went_out": "ann", "phases_made": ["ann"], "points": {"bob": 5, "cy": 5}})
    assert phases(game)["ann"] == (2, 1) and game["status"] == "in_progress"
    game = post_round(client, url, auth, {"went_out": "ann", "phases_made": ["ann", "bob"],
                                          "points": {"bob": 5, "cy": 5}})
    assert phases(game) == {"ann": (2, 2), "bob": (2, 1), "cy": (1, 0)}
    assert game["status"] == "finished" and game["winner"] == "ann"
