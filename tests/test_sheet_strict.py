"""The score sheet refuses what it would not use: a 422 naming the field, and nothing stored."""

from __future__ import annotations

from typing import Any

import pytest

from tests.test_api_games import new_game

# (ruleset, players, a round the game takes, a round it must refuse, the path named, the code)
REFUSED_ROUNDS = [
    pytest.param("bing-rummy", ["A", "B", "C"], {"went_out": "A", "points": {"B": 5, "C": 9}},
                 {"went_out": "A", "hands": {"B": ["5H"], "C": ["9S"]}, "points": {"B": 50, "C": 1}},
                 "points", "unused_field", id="bing: hands and points"),
    pytest.param("ten-pennies", ["A", "B"], {"went_out": "A", "points": {"B": 5}, "cards": {"B": 1}},
                 {"went_out": "A", "hands": {"B": ["5H"]}, "cards": {"B": 7}},
                 "cards", "unused_field", id="ten pennies: hands and cards"),
    pytest.param("garbage", ["A", "B"], {"winner": "A"}, {"winner": "B", "points": {"A": 3}},
                 "points", "unused_field", id="garbage: points"),
    pytest.param("garbage", ["A", "B"], {"winner": "A"}, {"winner": "B", "hands": {"A": ["3H"]}},
                 "hands", "unused_field", id="garbage: hands"),
    pytest.param("garbage", ["A", "B"], {"winner": "A"}, {"winner": "B", "went_out": "B"},
                 "went_out", "unused_field", id="garbage: went_out"),
    pytest.param("garbage", ["A", "B"], {"winner": "A"}, {"winner": "B", "went_out": None},
                 "went_out", "unused_field", id="garbage: went_out null"),
    pytest.param("garbage", ["A", "B"], {"winner": "A"}, {"winner": "B", "cards": {"A": 2}},
                 "cards", "unused_field", id="garbage: cards"),
    pytest.param("bing-rummy", ["A", "B", "C"], {"went_out": "A", "points": {"B": 5, "C": 9}},
                 {"went_out": "A", "points": {"B": 5, "C": 9}, "completed": ["B"]},
                 "completed", "unused_field", id="bing: completed"),
    pytest.param("ten-pennies", ["A", "B"], {"went_out": "A", "points": {"B": 5}, "cards": {"B": 1}},
                 {"went_out": "A", "points": {"B": 5}, "cards": {"B": 1}, "winner": "A"},
                 "winner", "unused_field", id="ten pennies: winner"),
    pytest.param("ten-pennies", ["A", "B"], {"went_out": "A", "points": {"B": 5}, "cards": {"B": 1}},
                 {"went_out": "A", "points": {"B": 5}, "cards": {"B": 1}, "completed": []},
                 "completed", "unused_field", id="ten pennies: completed, empty"),
    pytest.param("ten-pennies", ["A", "B", "C"], {"went_out": "A", "points": {"B": 5, "C": 10}, "cards": {"B": 1, "C": 1}},
                 {"went_out": "A", "points": {"B": 5, "C": 30}},
                 "cards.C", "missing_field", id="ten pennies: points without cards"),
    pytest.param("ten-pennies", ["A", "B", "C"], {"went_out": "A", "points": {"B": 5, "C": 10}, "cards": {"B": 1, "C": 1}},
                 {"went_out": "A", "points": {"B": 5, "C": 30}, "cards": {"B": 1, "C": 0}},
                 "cards.C", "out_of_range", id="ten pennies: points held in 0 cards"),
    pytest.param("ten-pennies", ["A", "B", "C"], {"went_out": "A", "points": {"B": 5, "C": 10}, "cards": {"B": 1, "C": 1}},
                 {"went_out": "A", "points": {"B": 5, "C": None}, "cards": {"B": 1, "C": 1}},
                 "points.C", "null", id="ten pennies: a blank points box"),
    pytest.param("ten-pennies", ["A", "B", "C"], {"went_out": "A", "points": {"B": 5, "C": 10}, "cards": {"B": 1, "C": 1}},
                 {"went_out": "A", "points": {"B": 5, "C": ""}, "cards": {"B": 1, "C": 1}},
                 "points.C", "invalid_type", id="ten pennies: points as an empty string"),
    pytest.param("ten-pennies", ["A", "B", "C"], {"went_out": "A", "points": {"B": 5, "C": 10}, "cards": {"B": 1, "C": 1}},
                 {"went_out": "A", "points": {"B": 5, "C": 3}, "cards": {"B": 1, "C": None}},
                 "cards.C", "null", id="ten pennies: a blank card count"),
    pytest.param("bing-rummy", ["A", "B", "C"], {"went_out": "A", "points": {"B": 5, "C": 9}},
                 {"went_out": "A", "points": {"B": 5, "C": None}},
                 "points.C", "null", id="bing: a blank points box"),
    pytest.param("ten-pennies", ["A", "B", "C"], {"went_out": "A", "points": {"B": 5, "C": 10}, "cards": {"B": 1, "C": 1}},
                 {"went_out": "A", "points": {"B": 5, "C": 30}, "cards": {"B": 1}},
                 "cards.C", "missing_field", id="ten pennies: cards missing for one player"),
    pytest.param("ten-pennies", ["A", "B", "C"], {"went_out": "A", "points": {"B": 5, "C": 10}, "cards": {"B": 1, "C": 1}},
                 {"went_out": "A", "points": {"B": 5, "C": 30}, "cards": {"B": 1, "C": 3, "zed": 4}},
                 "cards.zed", "unused_field", id="ten pennies: cards for someone without points"),
    pytest.param("ten-pennies", ["A", "B", "C"], {"went_out": "A", "points": {"B": 5, "C": 10}, "cards": {"B": 1, "C": 1}},
                 {"went_out": "A", "points": {"B": 5, "C": 30}, "cards": {"A": 2, "B": 1, "C": 3}},
                 "cards.A", "hand_not_empty", id="ten pennies: cards for the player who went out"),
]


@pytest.mark.parametrize(("ruleset", "players", "first", "body", "path", "code"), REFUSED_ROUNDS)
def test_a_round_with_a_field_the_game_does_not_use_is_refused(
        client: Any, ruleset: str, players: list[str], first: dict[str, Any], body: dict[str, Any],
        path: str, code: str) -> None:
    gid, auth, _ = new_game(client, ruleset, players)
    assert client.post(f"/v1/games/{gid}/rounds", json=first, headers=auth).status_code == 200
    before = client.get(f"/v1/games/{gid}")
    r = client.post(f"/v1/games/{gid}/rounds", json=body, headers=auth | {"Idempotency-Key": "refused"})
    assert r.status_code == 422, r.get_json()
    assert (path, code) in [(e["path"], e["code"]) for e in r.get_json()["errors"]]
    after = client.get(f"/v1/games/{gid}")
    assert after.get_json() == before.get_json() and after.headers["ETag"] == before.headers["ETag"]
    # nothing was remembered for the key either: the corrected round is taken under it
    fixed = client.post(f"/v1/games/{gid}/rounds", json=first, headers=auth | {"Idempotency-Key": "refused"})
    assert fixed.status_code == 200


def test_ten_pennies_points_with_cards_keep_the_pennies(client: Any) -> None:
    gid, auth, _ = new_game(client, "ten-pennies", ["A", "B", "C"])
    r = client.post(f"/v1/games/{gid}/rounds",
                    json={"went_out": "A", "points": {"A": 0, "B": 5, "C": 30}, "cards": {"A": 0, "B": 1, "C": 3}},
                    headers=auth)
    assert r.status_code == 200, r.get_json()
    assert r.get_json()["pot"] == 4
    assert [p["pennies_paid"] for p in r.get_json()["players"]] == [0, 1, 3]


def test_bing_takes_cards_with_points_without_needing_them(client: Any) -> None:
    """Bing charges nothing per card: `cards` is optional there (kept as entered)."""
    gid, auth, _ = new_game(client, "bing-rummy", ["A", "B", "C"])
    r = client.post(f"/v1/games/{gid}/rounds", json={"went_out": "A", "points": {"B": 5, "C": 0}, "cards": {"C": 2}},
                    headers=auth)
    assert r.status_code == 200 and r.get_json()["pot"] == 75


@pytest.mark.parametrize(("body", "path", "code"), [
    pytest.param({"scores": {"A": 76}}, "scores.A", "out_of_range", id="at the elimination score"),
    pytest.param({"scores": {"B": 5, "C": 90}}, "scores.C", "out_of_range", id="over it"),
    pytest.param({"scores": {"zed": 4}}, "scores.zed", "unknown_player", id="not a player"),
    pytest.param({"dealer": "zed"}, "dealer", "unknown_player", id="a dealer who is not a player"),
])
def test_a_bing_game_cannot_start_with_what_no_table_has(client: Any, body: dict[str, Any], path: str,
                                                         code: str) -> None:
    r = client.post("/v1/games", json={"ruleset": "bing-rummy", "players": ["A", "B", "C"]} | body)
    assert r.status_code == 422, r.get_json()
    assert (path, code) in [(e["path"], e["code"]) for e in r.get_json()["errors"]]


def test_a_bing_game_may_start_just_under_the_elimination_score(client: Any) -> None:
    _, _, body = new_game(client, "bing-rummy", ["A", "B"], scores={"A": 75})
    assert [(p["score"], p["eliminated"]) for p in body["players"]] == [(75, False), (0, False)]
