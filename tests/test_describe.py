"""A round's rules in words and as resolved fields: GET /rulesets/{id}/rounds/{n}."""

from __future__ import annotations

from typing import Any

import pytest

from referee.describe import round_summary
from referee.loader import Library

# The round table of the Ten Pennies rules text: first meld, wilds per set, wild ranks.
TEN_PENNIES = [
    (1, "two sets of three", "one", "deuces"),
    (2, "one set of four", "one", "deuces"),
    (3, "two sets of four", "one", "deuces"),
    (4, "one set of five", "two", "deuces"),
    (5, "two sets of five", "two", "deuces, aces and jokers"),
    (6, "one set of six", "two", "deuces, aces and jokers"),
    (7, "one set of seven", "three", "deuces, aces and jokers"),
]


@pytest.mark.parametrize("rnd, first, per_set, wild", TEN_PENNIES)
def test_ten_pennies_rounds_in_words(library: Library, rnd: int, first: str, per_set: str, wild: str) -> None:
    summary = round_summary(library.get("ten-pennies"), rnd)
    assert summary.startswith(f"Round {rnd}: {first}; {wild} wild, at most {per_set} per set")


def test_other_games_in_words(library: Library) -> None:
    assert round_summary(library.get("bing-rummy"), 1) == "Round 1: three melds; deuces wild"
    assert round_summary(library.get("garbage-kings-wild"), 2) == \
        "Deal 2: slots A-10; kings wild; jacks and queens end the turn"


def test_a_round_through_the_api(quick_client: Any) -> None:
    body = quick_client.get("/v1/rulesets/ten-pennies/rounds/3").get_json()
    assert body["round"] == 3 and body["first_meld"] == {"sets": [4, 4]}
    assert body["wilds"]["max_per_meld"] == 1 and body["wilds"]["after_first_meld"] == {"per_cards": 3}
    assert "rounds" not in body and body["summary"].startswith("Round 3: two sets of four; deuces wild")
    assert quick_client.get("/v1/rulesets/no-such-game/rounds/1").status_code == 404
    bing = quick_client.get("/v1/rulesets/bing-rummy/rounds/5").get_json()
    assert bing["round"] == 5 and bing["first_meld"] == {"melds": 3}


def test_the_schema_is_served(quick_client: Any) -> None:
    from referee.loader import schema

    answer = quick_client.get("/v1/schemas/ruleset.json")
    assert answer.status_code == 200 and answer.get_json() == schema()


@pytest.mark.parametrize("address, told", [
    ("/v1/rulesets/ten-pennies/rounds/8", "round 8 does not exist: this game has rounds 1-7"),
    ("/v1/rulesets/ten-pennies/rounds/0", "round 0 does not exist: this game has rounds 1-7"),
    ("/v1/rulesets/gin-rummy/rounds/0", "rounds are numbered from 1"),
])
def test_a_round_the_game_does_not_have_is_not_found(quick_client: Any, address: str, told: str) -> None:
    missing = quick_client.get(address)
    problem = missing.get_json()
    assert missing.status_code == 404 and problem["detail"] == told
    assert problem["errors"] == [{"path": "number", "code": "unknown_round", "message": told}]


@pytest.mark.parametrize("lang, told", [("ru", "раунды 1–7"), ("sv", "1–7")])
def test_round_zero_in_a_body_is_told_the_rounds(quick_client: Any, lang: str, told: str) -> None:
    answer = quick_client.post(f"/v1/rulesets/ten-pennies/melds/check?lang={lang}",
                               json={"round": 0, "cards": ["8H", "8S", "8D"]})
    problem = answer.get_json()["errors"][0]
    assert answer.status_code == 422 and problem["code"] == "unknown_round" and told in problem["message"]
    assert "1000" not in problem["message"]
