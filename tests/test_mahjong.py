"""Mahjong from YAML (mahjong.md): `wins/check` and `waits/check` of the shipped `riichi`, held to an
independent scorer (the `mahjong` package, tests/mahjong_oracle.py) on random legal hands, to each
other, and to the contract's refusals."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings

from referee.loading.loader import default_library
from referee.scoring.wins import check_waits, check_win, read_win
from tests.mahjong_hands import tenpai_hands, winning_hands
from tests.mahjong_oracle import differences, oracle_waits, oracle_win

RIICHI = default_library().get("riichi")
assert RIICHI.mahjong is not None
RULES = RIICHI.mahjong


def _win(request: dict[str, Any]) -> dict[str, Any]:
    return check_win(RIICHI, read_win(RULES, request))


def _score_differences(request: dict[str, Any]) -> list[str]:
    """Where the engine and the oracle differ on a hand; two readings that score the same
    points and fu may name their fu parts differently (which reading of equal worth is shown is
    the scorer's choice), so a difference in the parts alone is none."""
    expected, answer = oracle_win(request), _win(request)
    found = differences(expected, answer)
    if found and all(d.startswith("fu_parts") for d in found) and expected["score"]["fu"] == answer["score"]["fu"]:
        return []
    return found


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(winning_hands())
def test_every_winning_hand_scores_as_the_oracle_scores_it(request: dict[str, Any]) -> None:
    assert _score_differences(request) == [], request


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tenpai_hands())
def test_the_waits_are_the_oracles_and_each_scores_as_a_win_on_it_does(request: dict[str, Any]) -> None:
    waiting = {k: v for k, v in request.items() if k != "win"}
    answer = check_waits(RIICHI, read_win(RULES, waiting, waiting=True))
    expected = oracle_waits(waiting)
    assert answer["valid"] == expected["valid"]
    assert {w["tile"]: w["scores"] for w in answer.get("waits", [])} == \
        {w["tile"]: w["scores"] for w in expected.get("waits", [])}
    for wait in answer.get("waits", []):
        hand = [*(waiting["hand"] if isinstance(waiting["hand"], list) else [waiting["hand"]]), wait["tile"]]
        won = _win({**waiting, "hand": hand, "win": {"tile": wait["tile"], "self_drawn": False}})
        if [v["code"] for v in won["violations"]] == ["duplicate_card"]:  # every plain five is seen: the red one
            red = f"0{wait['tile'][1]}"
            won = _win({**waiting, "hand": [*hand[:-1], red], "win": {"tile": red, "self_drawn": False}})
        assert won["valid"] == wait["scores"]


# Hands whose score follows from the rules' own arithmetic.
TEXTBOOK = [
    # mahjong.md's example: a pung of green dragons, one dora: 2 han 30 fu, 2,000 from the discarder.
    ({"hand": "123m22m678p789s", "melds": [{"tiles": "666z", "open": True}], "win": {"tile": "9s"},
      "seat_wind": "2z", "dora_indicators": ["6p"]}, {"han": 2, "fu": 30, "points": {"total": 2000, "from_discarder": 2000}}),
    # riichi, menzen tsumo, pinfu, tanyao by a dealer: 4 han 20 fu, 2,600 from each.
    ({"hand": "234m567m234p678s55s", "win": {"tile": "8s", "self_drawn": True}, "riichi": True},
     {"han": 4, "fu": 20, "points": {"total": 7800, "others_pay": 2600}}),
    # seven pairs by discard: 2 han 25 fu, 1,600 from a non-dealer's discard.
    ({"hand": "1122m3344p5566s77z", "win": {"tile": "7z"}, "seat_wind": "3z"},
     {"han": 2, "fu": 25, "points": {"total": 1600, "from_discarder": 1600}}),
    # thirteen orphans by a non-dealer's ron: a yakuman, 32,000; one honba and one stick on the table.
    ({"hand": "19m19p19s1234567z1m", "win": {"tile": "1m"}, "seat_wind": "3z", "honba": 1, "riichi_sticks": 1},
     {"han": 13, "limit": "yakuman", "points": {"total": 33300, "from_discarder": 32300}}),
]


@pytest.mark.parametrize(("request_", "expected"), TEXTBOOK)
def test_textbook_hands(request_: dict[str, Any], expected: dict[str, Any]) -> None:
    score = _win(request_)["score"]
    assert {key: score[key] for key in expected} == expected
    assert sum(p["value"] for p in score["patterns"]) + score["dora"] == score["han"]


@pytest.mark.parametrize(("request_", "code"), [
    ({"hand": "11m456p789s555z", "melds": [{"tiles": "111m"}], "win": {"tile": "5z"}}, "duplicate_card"),
    ({"hand": "11112m", "melds": [{"tiles": "1111m"}], "win": {"tile": "2m"}}, "wrong_tile_count"),
    ({"hand": "123m456p789p111z22z", "win": {"tile": "3s"}}, "not_in_hand"),
    ({"hand": "123m456p789s11z", "melds": [{"tiles": "135m"}], "win": {"tile": "1z"}}, "invalid_meld"),
    ({"hand": "1357m2468p13579s1z", "win": {"tile": "1m"}}, "not_a_winning_shape"),
    ({"hand": "234m567m55s", "melds": [{"tiles": "123p"}, {"tiles": "789s"}], "win": {"tile": "5s"}}, "no_yaku"),
])
def test_broken_rules_are_violations(request_: dict[str, Any], code: str) -> None:
    answer = _win(request_)
    assert answer["valid"] is False and [v["code"] for v in answer["violations"]] == [code]


@pytest.mark.parametrize(("body", "path"), [
    ({"seat_wind": "5z"}, "seat_wind"),
    ({"round_wind": "9m"}, "round_wind"),
    ({"dora_indicators": ["1x"]}, "dora_indicators[0]"),
    ({"riichi": True, "melds": [{"tiles": "123p"}]}, "riichi"),
    ({"flowers": ["1f"]}, "flowers"),
])
def test_refusals_are_422s_naming_the_field(quick_client: Any, body: dict[str, Any], path: str) -> None:
    request_ = {"hand": "123m456p789s11z22z", "win": {"tile": "3m"}, **body}
    if "melds" in body:
        request_["hand"] = "456p789s11z22z"
    answer = quick_client.post("/v1/rulesets/riichi/wins/check", json=request_)
    assert answer.status_code == 422, answer.get_json()
    assert answer.get_json()["errors"][0]["path"] == path


def test_the_service_answers_in_the_request_language_and_refuses_other_families(quick_client: Any) -> None:
    body = {"hand": "234m567m234p678s55s", "win": {"tile": "8s", "self_drawn": True}, "riichi": True}
    english = quick_client.post("/v1/rulesets/riichi/wins/check", json=body).get_json()
    russian = quick_client.post("/v1/rulesets/riichi/wins/check?lang=ru", json=body).get_json()
    assert [p["name"] for p in english["score"]["patterns"]] == [p["name"] for p in russian["score"]["patterns"]]
    assert [p["words"] for p in english["score"]["patterns"]] != [p["words"] for p in russian["score"]["patterns"]]
    assert quick_client.post("/v1/rulesets/bing-rummy/wins/check", json=body).status_code == 422
    assert quick_client.post("/v1/rulesets/riichi/melds/check", json={"cards": ["1m"]}).status_code == 422
    waits = quick_client.post("/v1/rulesets/riichi/waits/check", json={"hand": "1112345678999m"}).get_json()
    assert [w["tile"] for w in waits["waits"]] == [f"{n}m" for n in range(1, 10)]


def test_the_command_line_scores_and_waits_as_the_service_does(capsys: pytest.CaptureFixture[str]) -> None:
    from referee.cli import main
    assert main(["mahjong", "score", "riichi", "123m678p789s22m", "--called", "666z", "--ron", "9s",
                 "--seat-wind", "S", "--round-wind", "E", "--dora", "6p"]) == 0
    out = capsys.readouterr().out
    assert "2 han 30 fu" in out and "2000" in out and "yakuhai" in out
    assert main(["mahjong", "waits", "riichi", "234m567m234p67s55s"]) == 0
    assert capsys.readouterr().out.split() == ["5s", "scores", "8s", "scores"]
    assert main(["mahjong", "score", "riichi", "234m567m55s", "--called", "123p", "--called", "789s", "--ron", "5s"]) == 1
    assert "no_yaku" in capsys.readouterr().out
    assert main(["mahjong", "score", "riichi", "123m", "--seat-wind", "X", "--ron", "1m"]) == 2
    assert main(["check", "riichi", "1m"]) == 2


def test_a_mahjong_ruleset_describes_its_round(quick_client: Any) -> None:
    assert quick_client.get("/v1/rulesets/riichi/rounds/1").get_json()["summary"]
