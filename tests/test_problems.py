"""api/problems.py: the fields a request may give, for the "did you mean" of an unknown one."""

from __future__ import annotations

from typing import Any

import pytest

from api import answerschemas, schemas
from api.problems import _fields_at


@pytest.mark.parametrize("schema, keys, expected", [
    (schemas.MeldCheck(), [], {"cards", "first_meld_done", "round", "players", "hand", "score", "wild_rank"}),
    (answerschemas.GoingOutResult(), ["plan"], {"melds", "first_meld", "lay_offs", "own_lay_offs", "left", "discard",
                                          "table", "rebuilt"}),
    (answerschemas.GoingOutResult(), ["plan", "lay_offs", "0"], {"table", "cards"}),
    (answerschemas.ScoreResult(), ["players", "ann"], {"points", "cards", "pennies", "deadwood", "melded", "bonuses",
                                                 "breakdown"}),
    (schemas.MeldCheck(), ["cards", "0"], None),   # a card is no mapping of fields
    (schemas.MeldCheck(), ["colour"], None),       # no such field to look into
])
def test_the_fields_known_at_a_place(schema: Any, keys: list[str], expected: set[str] | None) -> None:
    known = _fields_at(schema, keys)
    assert (None if known is None else set(known)) == expected


@pytest.mark.parametrize("lang, body, path, said", [
    ("en", {"cards": ["8H"], "frist_meld_done": True}, "frist_meld_done",
     '"frist_meld_done" is not a field here; did you mean "first_meld_done"?'),
    ("en", {"cards": ["8H"], "colour": 1}, "colour", '"colour" is not a field here'),
    ("ru", {"cards": ["8H"], "hnd": []}, "hnd", "«hand»"),
    ("sv", {"cards": ["8H"], "hnd": []}, "hnd", "”hand”"),
])
def test_an_unknown_field_is_told_the_nearest(quick_client: Any, lang: str, body: dict[str, Any], path: str,
                                              said: str) -> None:
    answer = quick_client.post(f"/v1/rulesets/ten-pennies/melds/check?lang={lang}", json=body)
    problem = answer.get_json()["errors"]
    assert answer.status_code == 422 and [p["path"] for p in problem] == [path]
    assert problem[0]["code"] == "unknown_field" and said in problem[0]["message"]
    assert path in problem[0]["message"]


def test_a_game_body_is_told_the_nearest_field(quick_client: Any) -> None:
    answer = quick_client.post("/v1/games", json={"ruleset": "bing-rummy", "players": ["a", "b"], "delaer": "a"})
    assert answer.status_code == 422
    assert answer.get_json()["errors"][0]["message"] == '"delaer" is not a field here; did you mean "dealer"?'


def test_a_long_unknown_name_is_said_once(quick_client: Any) -> None:
    name = "first_meld_done" + "x" * 5000
    answer = quick_client.post("/v1/rulesets/ten-pennies/melds/check", json={"cards": ["8H"], name: True})
    [problem] = answer.get_json()["errors"]
    assert problem["path"] == name and len(problem["message"]) < 200 and "…" in problem["message"]


def test_many_unknown_fields_are_each_named(quick_client: Any) -> None:
    body = {"cards": ["8H"], **{f"hnd{i}": 1 for i in range(60)}}
    errors = quick_client.post("/v1/rulesets/ten-pennies/melds/check", json=body).get_json()["errors"]
    assert {e["code"] for e in errors} == {"unknown_field"}
    named = [e for e in errors if e["message"].startswith(f'"{e["path"]}" is not a field here')]
    assert len(named) == min(len(errors), 50)
