from __future__ import annotations

from typing import Any

import pytest

from tests.test_api_games import new_game

PROBLEM = "application/problem+json"

JOKER_IN_BING = "🃏 is not in Bing Rummy's deck (two packs, no jokers)"
THREE_5H_IN_BING = "With 2 decks in play there are only 2 of 5♥; these hands hold 3"
TWO_5H_IN_ONE_PACK = "With 1 deck in play there is only 1 of 5♥; these hands hold 2"


def _refused(r: Any, path: str, code: str, message: str) -> None:
    assert r.status_code == 422, r.get_json()
    assert r.content_type.startswith(PROBLEM)
    assert r.get_json()["errors"] == [{"path": path, "code": code, "message": message}]


# ---------------------------------------------------------------- stateless scores

@pytest.mark.parametrize(("ruleset", "body", "path", "code", "message"), [
    pytest.param("bing-rummy", {"went_out": "cy", "hands": {"ann": ["3H", "KD", "JK"], "bob": [], "cy": []}},
                 "hands.ann[2]", "not_in_deck", JOKER_IN_BING, id="joker in Bing"),
    pytest.param("bing-rummy", {"hands": {"ann": ["5H", "KD"], "bob": ["5H"], "cy": ["9S", "5H"]}},
                 "hands.cy[1]", "duplicate_card", THREE_5H_IN_BING, id="three 5H in two packs"),
    pytest.param("ten-pennies", {"players": 2, "hands": {"ann": ["5H"], "bob": ["7C", "5H"]}},
                 "hands.bob[1]", "duplicate_card", TWO_5H_IN_ONE_PACK, id="two 5H, Ten Pennies for two"),
])
def test_scores_refuse_a_card_the_deck_cannot_hold(quick_client: Any, ruleset: str, body: dict[str, Any],
                                                   path: str, code: str, message: str) -> None:
    _refused(quick_client.post(f"/v1/rulesets/{ruleset}/scores", json=body), path, code, message)


@pytest.mark.parametrize(("ruleset", "body"), [
    pytest.param("bing-rummy", {"hands": {"ann": ["5H", "KD"], "bob": ["5H"], "cy": []}}, id="two 5H in two packs"),
    pytest.param("ten-pennies", {"players": 3, "hands": {"ann": ["5H"], "bob": ["7C", "5H"]}},
                 id="two 5H, Ten Pennies for three"),
    pytest.param("ten-pennies", {"hands": {"ann": ["5H"], "bob": ["7C", "5H"]}}, id="two 5H, the most packs"),
])
def test_scores_take_cards_the_decks_hold(quick_client: Any, ruleset: str, body: dict[str, Any]) -> None:
    r = quick_client.post(f"/v1/rulesets/{ruleset}/scores", json=body)
    assert r.status_code == 200, r.get_json()
    assert {n: s["cards"] for n, s in r.get_json()["players"].items()} == \
        {n: len(h) for n, h in body["hands"].items()}


# ---------------------------------------------------------------- the score sheet

@pytest.mark.parametrize(("ruleset", "players", "hands", "path", "code", "message"), [
    pytest.param("bing-rummy", ["ann", "bob", "cy"], {"ann": ["3H", "KD", "JK"], "bob": [], "cy": ["4C"]},
                 "hands.ann[2]", "not_in_deck", JOKER_IN_BING, id="joker in Bing"),
    pytest.param("bing-rummy", ["ann", "bob", "cy"], {"ann": ["5H", "KD"], "bob": [], "cy": ["5H", "5H"]},
                 "hands.cy[1]", "duplicate_card", THREE_5H_IN_BING, id="three 5H in two packs"),
    pytest.param("ten-pennies", ["ann", "bob"], {"ann": ["5H"], "bob": ["7C", "5H"]},
                 "hands.bob[1]", "duplicate_card", TWO_5H_IN_ONE_PACK, id="two 5H, Ten Pennies for two"),
])
def test_refused_round_changes_nothing_stored(client: Any, ruleset: str, players: list[str],
                                              hands: dict[str, list[str]], path: str, code: str,
                                              message: str) -> None:
    gid, auth, _ = new_game(client, ruleset, players)
    first = {"went_out": players[0], "hands": {n: [] if n == players[0] else ["9D"] for n in players}}
    assert client.post(f"/v1/games/{gid}/rounds", json=first, headers=auth).status_code == 200
    before = client.get(f"/v1/games/{gid}")
    body = {"went_out": next((n for n in players if not hands[n]), None), "hands": hands}
    for _retry in range(2):  # a refused write is not remembered under its Idempotency-Key either
        r = client.post(f"/v1/games/{gid}/rounds", json=body, headers=auth | {"Idempotency-Key": "round-2"})
        _refused(r, path, code, message)
    after = client.get(f"/v1/games/{gid}")
    assert after.data == before.data
    assert after.headers["ETag"] == before.headers["ETag"]


def test_a_game_size_fixes_its_decks(client: Any) -> None:
    """Two 5H need two packs: a Ten Pennies game of three has them."""
    gid, auth, _ = new_game(client, "ten-pennies", ["ann", "bob", "cy"])
    body = {"went_out": "cy", "hands": {"ann": ["5H"], "bob": ["7C", "5H"], "cy": []}}
    r = client.post(f"/v1/games/{gid}/rounds", json=body, headers=auth)
    assert r.status_code == 200, r.get_json()
    assert r.get_json()["round"] == 2
    assert r.get_json()["rounds"][0]["hands"] == body["hands"]
