"""A Mahjong game's score sheet over HTTP (mahjong.md, "The score sheet"), on SQLite and PostgreSQL:
hands entered by figures and by tiles, riichi, a drawn hand, undo, the CSV, the live event,
and every refusal a 422 that names its field and stores nothing."""

from __future__ import annotations

import csv
import io
import json
from typing import Any

import pytest

NAMES = ["ann", "bob", "cy", "dee"]


def _start(client: Any, ruleset: str = "riichi") -> tuple[str, dict[str, str], dict[str, Any]]:
    answer = client.post("/v1/games", json={"ruleset": ruleset, "players": NAMES})
    assert answer.status_code == 201, answer.get_json()
    game = answer.get_json()
    return game["id"], {"Authorization": f"Bearer {game['token']}"}, game


def _hand(client: Any, game_id: str, auth: dict[str, str], body: dict[str, Any], status: int = 200) -> Any:
    answer = client.post(f"/v1/games/{game_id}/rounds", json=body, headers=auth)
    assert answer.status_code == status, answer.get_json()
    return answer


def test_a_hanchan_kept_hand_by_hand(client: Any) -> None:
    game_id, auth, game = _start(client)
    assert (game["hand"], game["honba"], game["pot"], game["dealer"]) == ("East 1", 0, 0, "ann")
    assert game["seat_winds"] == {"ann": "1z", "bob": "2z", "cy": "3z", "dee": "4z"} and game["round_wind"] == "1z"
    assert [p["score"] for p in game["players"]] == [25000] * 4
    # ann, the dealer, wins 3 han 40 fu off bob with riichi: 7700 and her own stick back
    game = _hand(client, game_id, auth, {"win": {"winner": "ann", "from": "bob", "han": 3, "fu": 40},
                                         "riichi": ["ann"]}).get_json()
    assert game["rounds"][-1]["points"] == {"ann": 7700, "bob": -7700, "cy": 0, "dee": 0}
    assert (game["hand"], game["honba"], game["dealer"]) == ("East 1, 1 honba", 1, "ann")
    # a drawn hand, cy tenpai with riichi: the stick stays on the table; ann noten, the deal passes
    game = _hand(client, game_id, auth, {"draw": {"tenpai": ["cy"]}, "riichi": ["cy"]}).get_json()
    assert game["rounds"][-1]["points"] == {"ann": -1000, "bob": -1000, "cy": 2000, "dee": -1000}
    assert (game["hand"], game["pot"], game["dealer"]) == ("East 2, 2 honba", 1000, "bob")
    assert game["seat_winds"]["bob"] == "1z"
    # dee self-draws by tiles, riichi: riichi, menzen tsumo, pinfu, tanyao... scored here
    tiles = {"hand": "234m456p678s22s345m", "tile": "5m", "dora_indicators": ["9m"]}
    game = _hand(client, game_id, auth, {"win": {"winner": "dee", **tiles}, "riichi": ["dee"]}).get_json()
    played = game["rounds"][-1]
    names = {p["name"] for p in played["win"]["score"]["patterns"]}
    assert {"riichi", "menzen_tsumo", "pinfu", "tanyao"} <= names
    assert all(p["words"] for p in played["win"]["score"]["patterns"])
    assert played["breakdown"]["dee"][-1] == {"item": "riichi_sticks", "points": 2000, "words": "riichi sticks taken"}
    assert sum(played["points"].values()) == 1000  # the stick on the table before the hand: taken by dee
    assert game["pot"] == 0 and game["hand"] == "East 3" and game["dealer"] == "cy"
    assert sum(p["score"] for p in game["players"]) + game["pot"] == 100000
    # the CSV: the start, a row a hand named as the table says it, totals; each column adds up
    sheet = client.get(f"/v1/games/{game_id}", headers={"Accept": "text/csv"})
    rows = list(csv.reader(io.StringIO(sheet.get_data(as_text=True))))
    assert rows[0] == ["Hand", *NAMES] and len(rows) == 1 + 1 + 3 + 1
    assert [row[0] for row in rows[1:-1]] == ["Start", *(r["hand"] for r in game["rounds"])]
    assert [int(x) for x in rows[1][1:]] == [25000] * 4
    assert [int(x) for x in rows[-1][1:]] == [p["score"] for p in game["players"]]
    assert [sum(int(row[i]) for row in rows[1:-1]) for i in range(1, 5)] == [p["score"] for p in game["players"]]
    # undo takes the last hand back, dealer, winds and sticks with it
    undone = client.delete(f"/v1/games/{game_id}/rounds/last", headers=auth).get_json()
    assert (undone["hand"], undone["pot"], undone["dealer"]) == ("East 2, 2 honba", 1000, "bob")
    # the live event is the game as read
    stream = client.get(f"/v1/games/{game_id}/events").get_data(as_text=True)
    data = json.loads(next(line[6:] for line in stream.splitlines() if line.startswith("data: ")))
    assert data["hand"] == "East 2, 2 honba"


def test_the_end_is_reckoned_with_uma_and_oka(client: Any) -> None:
    game_id, auth, _ = _start(client)
    game = _hand(client, game_id, auth, {"win": {"winner": "bob", "from": "cy", "yakuman": 1}}).get_json()
    assert game["status"] == "finished" and game["winner"] == "bob"  # cy fell below zero
    # bob 57000, ann and dee 25000 (tied: their uma of +5000 and -5000 shared), cy -7000; the oka to bob
    assert [(s["name"], s["rank"], s["score"]) for s in game["standings"]] == [
        ("bob", 1, 57000 + 15000 + 15000), ("ann", 2, 20000), ("dee", 2, 20000), ("cy", 4, -7000 - 15000 - 5000)]
    assert (game["hand"], game["dealer"], game["round_wind"]) == ("East 1", "ann", "1z")  # as the last hand sat
    assert game["seat_winds"]["ann"] == "1z"
    last = game["rounds"][-1]
    assert {part["item"] for parts in last["breakdown"].values() for part in parts} == {"win"}  # the hand's own
    assert {part["item"] for parts in last["reckoning"].values() for part in parts} == {"uma", "oka"}  # the end's, apart
    assert all(part["words"] for parts in last["reckoning"].values() for part in parts)
    assert last["points"]["bob"] == 32000 and last["standing"]["bob"] == 57000 + 15000 + 15000
    rows = list(csv.reader(io.StringIO(client.get(f"/v1/games/{game_id}", headers={"Accept": "text/csv"})
                                       .get_data(as_text=True))))
    assert [row[0] for row in rows] == ["Hand", "Start", "East 1", "End", "Total"]
    assert [sum(int(row[i]) for row in rows[1:-1]) for i in range(1, 5)] == [p["score"] for p in game["players"]]
    assert sum(p["score"] for p in game["players"]) == 100000
    _hand(client, game_id, auth, {"draw": {"tenpai": []}}, 409)


def test_a_game_the_table_ends_shows_its_reckoning_in_the_csv(client: Any) -> None:
    game_id, auth, _ = _start(client)
    _hand(client, game_id, auth, {"win": {"winner": "bob", "from": "cy", "han": 3, "fu": 30}})
    assert client.post(f"/v1/games/{game_id}/finish", headers=auth, json={}).status_code == 200
    game = client.get(f"/v1/games/{game_id}").get_json()
    rows = list(csv.reader(io.StringIO(client.get(f"/v1/games/{game_id}", headers={"Accept": "text/csv"})
                                       .get_data(as_text=True))))
    assert [row[0] for row in rows] == ["Hand", "Start", "East 1", "End", "Total"]
    reckoned = next(e["breakdown"] for e in game["entries"] if e["kind"] == "finish")
    assert game["reckoning"]["breakdown"] == reckoned
    assert [int(x) for x in rows[3][1:]] == [sum(p["points"] for p in reckoned.get(n, [])) for n in NAMES]
    assert [sum(int(row[i]) for row in rows[1:-1]) for i in range(1, 5)] == [p["score"] for p in game["players"]]


@pytest.mark.parametrize(("ruleset", "body", "path", "code"), [
    ("riichi", {"wins": [{"winner": "ann", "from": "bob", "han": 1, "fu": 30}]}, "wins", "unused_field"),
    ("riichi", {"win": {"winner": "ann", "from": "bob", "han": 2}}, "win.fu", "missing_field"),
    ("riichi", {"win": {"winner": "ann", "from": "bob", "han": 2, "fu": 35}}, "win.fu", "out_of_range"),
    ("riichi", {"win": {"winner": "eve", "from": "bob", "han": 2, "fu": 30}}, "win.winner", "unknown_player"),
    ("riichi", {"win": {"winner": "ann", "from": "bob", "han": 2, "fu": 20}}, "win.fu", "out_of_range"),
    ("riichi", {"win": {"winner": "ann", "han": 1, "fu": 25}}, "win.han", "out_of_range"),
    ("riichi", {"win": {"winner": "ann", "from": "ann", "han": 2, "fu": 30}}, "win.from", "invalid_field"),
    ("riichi", {"win": {"winner": "ann", "from": "bob", "faan": 3}}, "win.faan", "unused_field"),
    ("riichi", {"draw": {"tenpai": []}, "riichi": ["ann"]}, "draw.tenpai", "missing_player"),
    ("riichi", {"draw": {"tenpai": []}, "win": {"winner": "ann", "han": 5}}, "draw", "unused_field"),
    ("riichi", {"points": {"ann": 3}}, "points", "unused_field"),
    ("riichi", {"win": {"winner": "ann", "from": "bob", "hand": "123m456p789s22z55m", "tile": "5m"}},
     "win.hand", "wrong_tile_count"),
    ("riichi", {"win": {"winner": "ann", "from": "bob", "hand": "123m456p789s11z55m", "tile": "5m",
                        "riichi": True}}, "win.riichi", "invalid_field"),
    ("riichi", {"win": {"winner": "ann", "han": 2, "fu": 30, "tile": "5m"}}, "win.tile", "unused_field"),
    ("hong-kong", {"win": {"winner": "ann", "from": "bob", "faan": 1}}, "win.faan", "out_of_range"),
    ("hong-kong", {"draw": {"tenpai": []}, "riichi": ["ann"]}, "riichi", "unused_field"),
    ("hong-kong", {"win": {"winner": "ann", "from": "bob", "han": 3, "fu": 30}}, "win.faan", "missing_field"),
])
def test_a_refused_hand_names_its_field_and_stores_nothing(client: Any, ruleset: str, body: dict[str, Any],
                                                           path: str, code: str) -> None:
    game_id, auth, _ = _start(client, ruleset)
    before = client.get(f"/v1/games/{game_id}")
    answer = _hand(client, game_id, auth, body, 422)
    assert (path, code) in {(e["path"], e["code"]) for e in answer.get_json()["errors"]}
    assert len(answer.get_data()) < 4000
    after = client.get(f"/v1/games/{game_id}")
    assert after.headers["ETag"] == before.headers["ETag"] and after.get_json() == before.get_json()


def test_riichi_needs_a_stick_to_pay(client: Any) -> None:
    created = client.post("/v1/games", json={"ruleset": "riichi", "players": NAMES, "scores": {"ann": 900}}).get_json()
    answer = _hand(client, created["id"], {"Authorization": f"Bearer {created['token']}"},
                   {"draw": {"tenpai": ["ann"]}, "riichi": ["ann"]}, 422)
    assert answer.get_json()["errors"][0]["path"] == "riichi[0]"


def test_a_mahjong_field_in_a_rummy_round_is_refused(client: Any) -> None:
    created = client.post("/v1/games", json={"ruleset": "ten-pennies", "players": ["ann", "bob"]}).get_json()
    answer = client.post(f"/v1/games/{created['id']}/rounds", headers={"Authorization": f"Bearer {created['token']}"},
                         json={"went_out": "ann", "points": {"bob": 5}, "cards": {"bob": 2}, "riichi": ["ann"]})
    assert answer.status_code == 422
    assert [e["path"] for e in answer.get_json()["errors"]] == ["riichi"]


def test_riichi_seats_four(client: Any) -> None:
    answer = client.post("/v1/games", json={"ruleset": "riichi", "players": NAMES[:3]})
    assert answer.status_code == 422 and answer.get_json()["errors"][0]["code"] == "player_count"
