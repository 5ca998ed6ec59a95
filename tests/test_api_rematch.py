"""The table goes on to a new game (`POST /v1/games/{id}/rematch`): the same players, teams and
ruleset, the next seat dealing; the old game names it (`rematch`), so every phone following the
old one learns of the new one; once, with its token for the phone that asked; no undo takes it
back. On SQLite and PostgreSQL."""

from __future__ import annotations

from typing import Any

BURRACO = {"ruleset": "canasta", "players": ["Ann", "Bob", "Cy", "Dee"], "teams": [["Ann", "Cy"], ["Bob", "Dee"]],
           "dealer": "Dee"}


def _auth(token: str, **more: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}", **more}


def test_a_rematch_seats_the_table_again_and_the_old_game_names_it(client: Any) -> None:
    old = client.post("/v1/games", json=BURRACO).get_json()
    before = client.get(f"/v1/games/{old['id']}")
    assert before.get_json()["rematch"] is None
    answer = client.post(f"/v1/games/{old['id']}/rematch", headers=_auth(old["token"]))
    assert answer.status_code == 201, answer.get_json()
    new = answer.get_json()
    assert answer.headers["Location"].endswith(f"/v1/games/{new['id']}") and new["token"] and new["token"] != old["token"]
    assert (new["ruleset"], [p["name"] for p in new["players"]]) == ("canasta", BURRACO["players"])
    assert [t["players"] for t in new["teams"]] == BURRACO["teams"]
    assert new["dealer"] == old["next_dealer"] == "Dee"               # no deal played: the same first dealer
    assert new["rounds"] == [] and new["rematch"] is None
    after = client.get(f"/v1/games/{old['id']}")
    assert after.get_json()["rematch"] == new["id"]
    assert after.headers["ETag"] != before.headers["ETag"]             # followers see the change
    # The new game is the table's: its own token writes to it, the old one does not.
    assert client.post(f"/v1/games/{new['id']}/finish", headers=_auth(old["token"])).status_code == 401
    assert client.post(f"/v1/games/{new['id']}/finish", headers=_auth(new["token"])).status_code == 200


def test_one_rematch_a_game_and_no_undo_takes_it_back(client: Any) -> None:
    old = client.post("/v1/games", json={"ruleset": "ten-pennies", "players": ["Ann", "Bob"]}).get_json()
    first = client.post(f"/v1/games/{old['id']}/rematch", headers=_auth(old["token"])).get_json()
    again = client.post(f"/v1/games/{old['id']}/rematch", headers=_auth(old["token"]))
    assert again.status_code == 409 and again.get_json()["errors"][0]["code"] == "rematch_started"
    undo = client.delete(f"/v1/games/{old['id']}/entries/last", headers=_auth(old["token"]))
    assert undo.status_code == 409 and undo.get_json()["errors"][0]["code"] == "nothing_to_undo"
    assert client.get(f"/v1/games/{old['id']}").get_json()["rematch"] == first["id"]


def test_a_rematch_asked_again_with_its_key_is_answered_as_before(client: Any) -> None:
    old = client.post("/v1/games", json={"ruleset": "ten-pennies", "players": ["Ann", "Bob"]}).get_json()
    headers = _auth(old["token"], **{"Idempotency-Key": "rematch-1"})
    first = client.post(f"/v1/games/{old['id']}/rematch", headers=headers)
    second = client.post(f"/v1/games/{old['id']}/rematch", headers=headers)
    assert (first.status_code, second.status_code) == (201, 201)
    assert second.get_json() == first.get_json()                     # the same game, its token again


def test_a_rematch_needs_the_games_token_and_a_game(client: Any) -> None:
    old = client.post("/v1/games", json={"ruleset": "ten-pennies", "players": ["Ann", "Bob"]}).get_json()
    assert client.post(f"/v1/games/{old['id']}/rematch").status_code == 401
    assert client.post(f"/v1/games/{old['id']}/rematch", headers=_auth("not-it")).status_code == 401
    assert client.post("/v1/games/no-such-game/rematch", headers=_auth(old["token"])).status_code == 404
    assert client.get(f"/v1/games/{old['id']}").get_json()["rematch"] is None
