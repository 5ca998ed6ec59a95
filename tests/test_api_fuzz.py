"""Arbitrary JSON to every path: never a 5xx, and every error is problem JSON."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

# Text includes what no database or answer can hold: NUL, and half of a UTF-16 pair.
hostile_text = st.text(st.characters(codec=None, categories=["L", "N", "Cc", "Cs", "Zs"]), max_size=8)
json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats(allow_nan=False) | hostile_text
    | st.sampled_from(["8H", "2C", "JK", "down", "ann", "garbage", "10S", "QD", "ab\x00cd", "\ud800"]),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(
        st.sampled_from(["cards", "round", "players", "melds", "hand", "score", "meld", "first_meld_done",
                         "table", "layout", "card", "went_out", "before", "after", "hands", "points", "winner", "player",
                         "ruleset", "scores", "format", "id", "family", "name", "x", "\ud800", "x\x00"]),
        inner, max_size=5),
    max_leaves=12)

PATHS = [
    "/v1/rulesets/{r}/melds/check", "/v1/rulesets/{r}/first-meld/check", "/v1/rulesets/{r}/lay-offs/check",
    "/v1/rulesets/{r}/going-out/check", "/v1/rulesets/{r}/placements/check", "/v1/rulesets/{r}/scores",
    "/v1/rulesets/{r}/turns/check", "/v1/rulesets/{r}/turns/best",
    "/v1/rulesets/validate", "/v1/rulesets", "/v1/games", "/v1/games/{g}/rounds", "/v1/games/{g}/buys",
    "/v1/games/{g}/buy-backs",
]


@pytest.fixture(scope="module")
def game(quick_client: Any) -> tuple[str, dict[str, str]]:
    r = quick_client.post("/v1/games", json={"ruleset": "ten-pennies", "players": ["ann", "bob"]})
    body = r.get_json()
    return body["id"], {"Authorization": f"Bearer {body['token']}"}


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(path=st.sampled_from(PATHS), ruleset=st.sampled_from(["ten-pennies", "bing-rummy", "garbage", "rummikub", "nope"]),
       body=json_values)
def test_arbitrary_json_never_breaks_the_service(quick_client: Any, game: tuple[str, dict[str, str]],
                                                 path: str, ruleset: str, body: object) -> None:
    game_id, auth = game
    url = path.format(r=ruleset, g=game_id)
    r = quick_client.post(url, data=json.dumps(body), content_type="application/json", headers=auth)
    assert r.status_code < 500, (url, body, r.get_data(as_text=True))
    assert len(r.get_data()) < 16 * 1024
    if r.status_code >= 400:
        problem = r.get_json()
        assert r.content_type.startswith("application/problem+json")
        assert problem["status"] == r.status_code and problem["title"]
        for error in problem.get("errors", []):
            assert {"path", "code", "message"} <= set(error)
