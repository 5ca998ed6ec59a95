from __future__ import annotations

from typing import Any

import pytest

PROBLEM = "application/problem+json"


def post(client: Any, path: str, body: object) -> Any:
    return client.post(f"/v1/rulesets/{path}", json=body)


@pytest.mark.parametrize(("path", "body", "extra"), [
    ("ten-pennies/melds/check", {"round": 1, "cards": ["8H", "8S", "2C"]},
     {"kind": "set", "wilds": [{"card": "2C", "as": "8"}]}),
    ("bing-rummy/melds/check", {"cards": ["5D", "6D", "2C"]}, {"kind": "run", "wilds": [{"card": "2C", "as": "7D"}]}),
    ("ten-pennies/first-meld/check", {"round": 1, "melds": [["8H", "8S", "2C"], ["9H", "9S", "9D"]]}, {}),
    ("bing-rummy/first-meld/check", {"melds": [["KD", "KH", "KC"], ["8C", "9C", "10C"], ["3H", "3S", "3D"]],
                                     "hand": ["QH", "2C"], "score": 63}, {}),
    ("ten-pennies/lay-offs/check", {"round": 2, "meld": ["8H", "8S", "8D"], "cards": ["2C", "8C"]}, {}),
    ("bing-rummy/going-out/check", {"hand": ["5D", "4D", "9H"], "table": [["6D", "7D", "8D"], ["9S", "9C", "9D"]]}, {}),
    ("garbage/placements/check", {"layout": ["down", "2H", "JS"], "card": "JD"},
     {"slots": [1], "ends_turn": False, "completes_layout": True}),
    ("canasta/pile/check", {"top": "KH", "hand": ["KS", "KD", "2C", "9S"], "first_meld_done": False, "score": 0},
     {"meld": ["KH", "KS", "KD", "2C"]}),
    ("hand-and-foot/pile/check", {"top": "KH", "hand": ["KS", "KD", "2C", "9S"], "first_meld_done": False,
                                  "score": 0, "round": 1}, {"meld": ["KH", "KS", "KD", "2C"]}),
    ("canasta/pile/check", {"top": "8H", "hand": ["4C"], "table": [["8C", "8D", "8S"]], "pile_size": 2},
     {"lay_off": 0}),
    ("buraco-semipulito/melds/check", {"cards": ["3H", "4H", "5H", "6H", "7H", "8H", "9H", "JK"]},
     {"kind": "run", "canasta": "semi_clean"}),
])
def test_valid_checks(quick_client: Any, path: str, body: dict[str, Any], extra: dict[str, Any]) -> None:
    r = post(quick_client, path, body)
    assert r.status_code == 200, r.get_json()
    data = r.get_json()
    assert data["valid"] is True and data["violations"] == []
    for key, value in extra.items():
        assert data[key] == value


@pytest.mark.parametrize(("path", "body", "codes"), [
    ("ten-pennies/melds/check", {"round": 1, "cards": ["8H", "2S", "2C"]}, ["too_many_wilds"]),
    ("ten-pennies/melds/check", {"round": 1, "cards": ["8H", "8H", "8H"], "players": 4}, ["duplicate_card"]),
    ("ten-pennies/first-meld/check", {"round": 3, "melds": [["8H", "8S", "2C"]]}, ["requirement_not_met"]),
    ("bing-rummy/first-meld/check", {"melds": [["KD", "KH", "KC"], ["8C", "9C", "10C"], ["3H", "3S", "3D"]],
                                     "hand": ["QH", "3C"], "score": 63}, ["hand_limit_exceeded"]),
    ("ten-pennies/lay-offs/check", {"meld": ["8H", "8S", "8D"], "cards": ["8C"], "first_meld_done": False},
     ["lay_off_not_allowed"]),
    ("bing-rummy/going-out/check", {"hand": ["KS", "4D"]}, ["cannot_go_out"]),
    ("garbage/placements/check", {"layout": ["down"] * 10, "card": "QS"}, ["dead_card"]),
    ("garbage/placements/check", {"layout": ["down"] * 9, "card": "10S"}, ["slot_not_in_layout"]),
    ("garbage/placements/check", {"layout": ["AS", "down"], "card": "AD"}, ["slot_taken"]),
    ("canasta/pile/check", {"top": "8H", "hand": ["4C"], "table": [["8C", "8D", "8S"]], "pile_size": 1},
     ["cannot_take_pile"]),
])
def test_rule_breaks_answer_200_with_violations(quick_client: Any, path: str, body: dict[str, Any],
                                                codes: list[str]) -> None:
    r = post(quick_client, path, body)
    assert r.status_code == 200
    data = r.get_json()
    assert data["valid"] is False
    assert [v["code"] for v in data["violations"]] == codes
    assert all(v["message"] and isinstance(v["cards"], list) for v in data["violations"])


def test_spec_violation_example(quick_client: Any) -> None:
    r = post(quick_client, "ten-pennies/melds/check", {"round": 1, "cards": ["8H", "2S", "2C"]})
    assert r.get_json()["violations"] == [{
        "code": "too_many_wilds",
        "message": "Round 1 allows at most 1 wild card in a meld; this set has 2 (2♠, 2♣).",
        "cards": ["2S", "2C"]}]


def test_scores_example(quick_client: Any) -> None:
    r = post(quick_client, "ten-pennies/scores",
             {"round": 1, "went_out": "cy", "hands": {"ann": ["3H", "KD", "JK"], "bob": [], "cy": []}})
    assert r.status_code == 200
    assert r.get_json()["players"]["ann"] == {"points": 65, "cards": 3, "pennies": 3, "breakdown": [
        {"item": "caught", "words": "cards left in hand", "cards": ["3H", "KD", "JK"], "points": 65}]}


@pytest.mark.parametrize(("path", "body", "error_path", "code"), [
    ("ten-pennies/melds/check", {"round": 1, "cards": ["8H", "8S", "1H"]}, "cards[2]", "unknown_card"),
    ("ten-pennies/melds/check", {"cards": "8H"}, "cards", "invalid_type"),
    ("ten-pennies/melds/check", {}, "cards", "required"),
    ("ten-pennies/melds/check", {"cards": ["8H"], "round": 0}, "round", "unknown_round"),
    ("ten-pennies/scores", {"round": 0, "went_out": "a", "hands": {"a": [], "b": ["5C"]}}, "round", "unknown_round"),
    ("ten-pennies/melds/check", {"cards": ["8H"], "round": -3}, "round", "unknown_round"),
    ("bing-rummy/melds/check", {"cards": ["8H"], "round": 0}, "round", "unknown_round"),
    ("garbage/placements/check", {"layout": ["down"] * 10, "card": "5H", "round": 0}, "round", "unknown_round"),
    ("ten-pennies/melds/check", {"cards": ["8H"], "round": 8}, "round", "unknown_round"),
    ("ten-pennies/melds/check", {"cards": ["8H"], "colour": 1}, "colour", "unknown_field"),
    ("ten-pennies/melds/check", {"cards": ["8H"], "players": 12}, "players", "player_count"),
    ("ten-pennies/first-meld/check", {"melds": [["8H"], ["XX"]]}, "melds[1][0]", "unknown_card"),
    ("bing-rummy/going-out/check", {"hand": ["8H"], "table": [["8H", "9S"]]}, "table[0]", "invalid_table_meld"),
    ("garbage/placements/check", {"layout": ["down", "down", "5H"], "card": "3C"}, "layout[2]", "invalid_layout"),
    ("garbage/placements/check", {"layout": ["down"] * 11, "card": "3C"}, "layout", "invalid_layout"),
    ("garbage/placements/check", {"layout": ["down"], "card": "1C"}, "card", "unknown_card"),
    ("garbage/melds/check", {"cards": ["8H"]}, "", "wrong_family"),
    ("ten-pennies/placements/check", {"layout": ["down"], "card": "AC"}, "", "wrong_family"),
    ("ten-pennies/scores", {"hands": {"ann": ["ZZ"]}}, "hands.ann[0]", "unknown_card"),
    ("ten-pennies/scores", {"went_out": "cy", "hands": {"cy": ["8H"]}}, "hands.cy", "hand_not_empty"),
    ("canasta/pile/check", {"top": "8H", "hand": ["8S", "8D"], "pile_size": 0}, "pile_size", "out_of_range"),
    ("canasta/pile/check", {"top": "8H", "hand": ["8S", "8D"], "pile_size": 109}, "pile_size", "out_of_range"),
    ("canasta/pile/check", {"top": "8H", "hand": ["8S", "8D"], "pile_size": "ten"}, "pile_size", "invalid_type"),
])
def test_malformed_input_is_422_problem_json(quick_client: Any, path: str, body: dict[str, Any],
                                              error_path: str, code: str) -> None:
    r = post(quick_client, path, body)
    assert r.status_code == 422, r.get_json()
    assert r.content_type.startswith(PROBLEM)
    data = r.get_json()
    assert data["status"] == 422 and data["type"].startswith("https://") and data["title"]
    assert {"path": error_path, "code": code} in [{"path": e["path"], "code": e["code"]} for e in data["errors"]]


def test_spec_unknown_card_message(quick_client: Any) -> None:
    r = post(quick_client, "ten-pennies/melds/check", {"round": 1, "cards": ["8H", "8S", "1H"]})
    assert r.get_json()["errors"][0]["message"] == \
        '"1H" (item 3) is not a card: rank "1" is not one of A 2-10 J Q K'


@pytest.mark.parametrize(("method", "path", "kwargs", "status"), [
    ("post", "/v1/rulesets/ten-pennies/melds/check", {"data": "{nope", "content_type": "application/json"}, 400),
    ("post", "/v1/rulesets/ten-pennies/melds/check", {"data": "", "content_type": "application/json"}, 400),
    ("post", "/v1/rulesets/ten-pennies/melds/check", {"data": "cards=8H", "content_type": "text/plain"}, 415),
    ("post", "/v1/rulesets/ten-pennies/melds/check", {"data": "{}"}, 415),
    ("post", "/v1/rulesets/ten-pennies/melds/check",
     {"data": '{"cards": ["' + "8H" * 600_000 + '"]}', "content_type": "application/json"}, 413),
    ("post", "/v1/rulesets/nope/melds/check", {"json": {"cards": ["8H"]}}, 404),
    ("get", "/v1/no-such-thing", {}, 404),
    ("put", "/v1/rulesets/ten-pennies/melds/check", {"json": {}}, 405),
    ("delete", "/v1/rulesets", {}, 405),
])
def test_http_errors_are_problem_json(quick_client: Any, method: str, path: str, kwargs: dict[str, Any],
                                      status: int) -> None:
    r = getattr(quick_client, method)(path, **kwargs)
    assert r.status_code == status
    assert r.content_type.startswith(PROBLEM)
    body = r.get_json()
    assert body["status"] == status and body["title"] and body["detail"]


def test_healthz_and_docs(quick_client: Any) -> None:
    assert quick_client.get("/healthz").status_code == 200
    page = quick_client.get("/docs")
    assert page.status_code == 200 and b"swagger-ui" in page.data
    assert b"https://" not in page.data.split(b"<body")[0]  # assets come from the service
    with quick_client.get("/docs/swagger-ui-bundle.js") as asset:
        assert asset.status_code == 200 and len(asset.get_data()) > 100_000


def test_openapi_document_validates(quick_client: Any) -> None:
    from openapi_spec_validator import validate

    r = quick_client.get("/v1/openapi.json")
    assert r.status_code == 200
    document = r.get_json()
    validate(document)
    assert "/v1/rulesets/{ruleset_id}/melds/check" in document["paths"]
    assert "/v1/games/{game_id}/rounds/last" in document["paths"]


def test_a_hand_too_large_to_plan_is_422(quick_client: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from referee.values import budget as planner

    monkeypatch.setattr(planner, "PLAN_BUDGET", 5)
    r = post(quick_client, "bing-rummy/going-out/check",
             {"hand": ["3H", "4H", "5S", "6S", "7D", "8D", "9C", "10C", "JH", "QH", "KS", "2C", "2D", "2H"]})
    assert r.status_code == 422 and r.get_json()["errors"][0]["path"] == "hand"
