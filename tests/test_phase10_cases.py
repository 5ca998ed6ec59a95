"""Phase 10's whole games as its rules texts tell them (tests/cases/phase-10-games.yaml),
played through the stored score sheet: after each round, each player's phase, the running
scores and whether the game is over; at the end, the winners; and the rounds the sheet must
refuse, which change nothing. The table was written from the rules, apart from the code.

A player who has made every phase is written there as one past the last (11); the sheet
keeps them on the last phase and counts it made (`phases_completed`)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.conftest import load_cases

GAMES = load_cases("phase-10-games.yaml")


def _phases(game: dict[str, Any], last: int) -> dict[str, int]:
    """Each player's phase as the table writes it (one past the last once every phase is made)."""
    return {p["name"]: p["phase"] + (p["phases_completed"] == last) for p in game["players"]}


def _body(entry: dict[str, Any]) -> dict[str, Any]:
    body = {k: v for k, v in entry.items() if k in ("phases_made", "went_out", "points", "hands")}
    if "points" in body and body.get("went_out") in body["points"] and body["points"][body["went_out"]] == 0:
        body["points"] = {n: v for n, v in body["points"].items() if n != body["went_out"]}
    return body


@pytest.mark.parametrize("case", GAMES)
def test_a_whole_game_of_the_rules_texts(case: dict[str, Any], client: Any) -> None:
    made = client.post("/v1/games", json={"ruleset": case["ruleset"], "players": case["players"]})
    assert made.status_code == 201, made.get_json()
    url, auth = f"/v1/games/{made.get_json()['id']}", {"Authorization": f"Bearer {made.get_json()['token']}"}
    last = len(client.get(f"/v1/rulesets/{case['ruleset']}").get_json()["phases"])
    refused = {r["after_round"]: r for r in case.get("rejected", [])}
    for n, entry in enumerate(case["rounds"], 1):
        if n - 1 in refused:
            _refused(client, url, auth, refused.pop(n - 1))
        answer = client.post(f"{url}/rounds", json=_body(entry), headers=auth)
        assert answer.status_code == 200, (n, answer.get_json())
        game = answer.get_json()
        after = entry["after"]
        assert _phases(game, last) == after["phase"], n
        assert {p["name"]: p["score"] for p in game["players"]} == after["scores"], n
        assert (game["status"] == "finished") is after["over"], n
    if len(case["rounds"]) in refused:
        _refused(client, url, auth, refused.pop(len(case["rounds"])))
    assert not refused
    winner = client.get(url).get_json()["winner"]
    assert sorted(winner if isinstance(winner, list) else [winner]) == sorted(case["winners"])


def _refused(client: Any, url: str, auth: dict[str, str], rejected: dict[str, Any]) -> None:
    before = client.get(url)
    answer = client.post(f"{url}/rounds", json=_body(rejected["round"]), headers=auth)
    assert answer.status_code == rejected["status"], answer.get_json()
    assert any(e["path"].split("[")[0] == rejected["field"] for e in answer.get_json()["errors"]), answer.get_json()
    after = client.get(url)
    assert after.get_json() == before.get_json() and after.headers["ETag"] == before.headers["ETag"]
