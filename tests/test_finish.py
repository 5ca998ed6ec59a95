"""POST /v1/games/{id}/finish: a game played for a fixed time ends now."""

from __future__ import annotations

from typing import Any

from tests.test_api_games import new_game


def test_a_layout_game_ends_with_the_smallest_layout(client: Any) -> None:
    gid, auth, _ = new_game(client, "garbage-ten-deals", ["ann", "bob", "cy"])
    for winner in ("bob", "cy", "bob"):
        assert client.post(f"/v1/games/{gid}/rounds", json={"winner": winner}, headers=auth).status_code == 200
    assert client.post(f"/v1/games/{gid}/finish", headers={}).status_code == 401
    ended = client.post(f"/v1/games/{gid}/finish", headers=auth)
    body = ended.get_json()
    assert ended.status_code == 200 and body["status"] == "finished" and body["winner"] == "bob"
    assert body["entries"][-1] == {"kind": "finish"}
    again = client.post(f"/v1/games/{gid}/finish", headers=auth)
    assert again.status_code == 409
    assert client.post(f"/v1/games/{gid}/rounds", json={"winner": "ann"}, headers=auth).status_code == 409


def test_a_rummy_game_ends_with_the_lowest_score_ties_sharing(client: Any) -> None:
    gid, auth, _ = new_game(client, "ten-pennies", ["ann", "bob", "cy"])
    body = client.post(f"/v1/games/{gid}/rounds", headers=auth, json={
        "went_out": "cy", "points": {"ann": 10, "bob": 10}, "cards": {"ann": 1, "bob": 1}}).get_json()
    assert body["status"] == "in_progress"
    ended = client.post(f"/v1/games/{gid}/finish", headers=auth, json={}).get_json()
    assert ended["winner"] == "cy"
    undone = client.delete(f"/v1/games/{gid}/entries/last", headers=auth).get_json()
    assert undone["status"] == "in_progress" and undone["winner"] is None
    tied = new_game(client, "bing-rummy", ["ann", "bob"])
    assert client.post(f"/v1/games/{tied[0]}/finish", headers=tied[1]).get_json()["winner"] == ["ann", "bob"]
