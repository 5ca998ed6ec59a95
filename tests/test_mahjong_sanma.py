"""Riichi for three (`riichi-sanma`): a set without 2m-8m, no chow called, norths set aside as
dora, and a self-draw paid by the two others alone. `wins/check` and `waits/check` are held to
the `mahjong` package playing three (its `is_three_player`, `num_nuki_dora`) on random legal
hands; the sheet's payments to its score calculator; whole games to the sheet's invariant."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mahjong.constants import EAST
from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
from mahjong.hand_calculating.scores import ScoresCalculator

from referee.loading.loader import default_library
from referee.scoring.wins import check_waits, check_win, read_win
from referee.sheet.mahjong_entry import hand_record
from referee.sheet.mahjong_table import round_wind, seat_winds
from referee.sheet.standings import Sheet, start
from tests.mahjong_hands import tenpai_hands, winning_hands
from tests.mahjong_oracle import SANMA, differences, oracle_waits, oracle_win

LIBRARY = default_library()
SANMA_RULESET = LIBRARY.get("riichi-sanma")
assert SANMA_RULESET.mahjong is not None
RULES = SANMA_RULESET.mahjong
NAMES = ["ann", "bob", "cy"]
# A hand for three is drawn from a Random until it holds no 2m-8m: many draws for one input.
LARGE = [HealthCheck.too_slow, HealthCheck.large_base_example, HealthCheck.data_too_large]


def _win(request: dict[str, Any]) -> dict[str, Any]:
    return check_win(SANMA_RULESET, read_win(RULES, request))


@settings(max_examples=120, deadline=None, suppress_health_check=LARGE)
@given(winning_hands(SANMA))
def test_every_hand_for_three_scores_as_the_oracle_scores_it(request: dict[str, Any]) -> None:
    expected, answer = oracle_win(request, SANMA), _win(request)
    found = differences(expected, answer)
    if found and all(d.startswith("fu_parts") for d in found) and expected["score"]["fu"] == answer["score"]["fu"]:
        found = []  # two readings of equal fu and points may name their parts differently
    assert found == [], request


@settings(max_examples=25, deadline=None, suppress_health_check=LARGE)
@given(tenpai_hands(SANMA))
def test_the_waits_for_three_are_the_oracles(request: dict[str, Any]) -> None:
    waiting = {k: v for k, v in request.items() if k != "win"}
    answer = check_waits(SANMA_RULESET, read_win(RULES, waiting, waiting=True))
    expected = oracle_waits(waiting, SANMA)
    assert {w["tile"]: w["scores"] for w in answer.get("waits", [])} == \
        {w["tile"]: w["scores"] for w in expected.get("waits", [])}
    assert all(not 2 <= int(w["tile"][0]) <= 8 for w in answer.get("waits", []) if w["tile"][1] == "m")


@pytest.mark.parametrize(("body", "path", "code"), [
    ({"hand": "123p456p789p555m99s"}, "hand[9]", "not_in_deck"),
    ({"kita": 5}, "kita", "invalid_field"),
    ({"dora_indicators": ["2m"]}, "dora_indicators[0]", "not_in_deck"),
])
def test_refusals_for_three_name_the_field(quick_client: Any, body: dict[str, Any], path: str, code: str) -> None:
    request = {"hand": "123p456p789p234s99s", "win": {"tile": "4s"}, **body}
    answer = quick_client.post("/v1/rulesets/riichi-sanma/wins/check", json=request)
    assert answer.status_code == 422, answer.get_json()
    assert (answer.get_json()["errors"][0]["path"], answer.get_json()["errors"][0]["code"]) == (path, code)


def test_four_players_set_nothing_aside(quick_client: Any) -> None:
    answer = quick_client.post("/v1/rulesets/riichi/wins/check",
                               json={"hand": "123p456p789p234s99s", "win": {"tile": "4s"}, "kita": 1})
    assert answer.status_code == 422 and answer.get_json()["errors"][0]["path"] == "kita"


def test_the_service_and_the_command_line_count_the_norths_alike(quick_client: Any,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    from referee.cli import main
    body = {"hand": "123p456p789p234s99s", "win": {"tile": "4s", "self_drawn": True}, "kita": 2,
            "seat_wind": "2z", "dora_indicators": ["3z"]}
    score = quick_client.post("/v1/rulesets/riichi-sanma/wins/check", json=body).get_json()["score"]
    assert score["dora"] == 4 and score["points"] == {"total": 12000, "dealer_pays": 8000, "others_pay": 4000}
    assert main(["mahjong", "score", "riichi-sanma", "123p456p789p234s99s", "--tsumo", "4s", "--kita", "2",
                 "--seat-wind", "S", "--dora", "W"]) == 0
    out = capsys.readouterr().out
    assert "dora: 4" in out and "total 12000" in out


# ---------------------------------------------------------------- the sheet for three

def _enter(sheet: Sheet, body: dict[str, Any]) -> dict[str, Any]:
    assert sheet.table is not None
    sheet.apply(hand_record(SANMA_RULESET, body, seat_winds(RULES, NAMES, sheet.table), round_wind(RULES, sheet.table)))
    return sheet.rounds[-1]


HAN_FU = [(han, fu) for han in range(1, 5) for fu in (30, 40, 70, 110)] + [(han, 30) for han in range(5, 14)]


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(HAN_FU), st.sampled_from(NAMES), st.sampled_from(NAMES), st.booleans(), st.integers(0, 3))
def test_a_win_for_three_is_paid_as_the_package_pays_it(figures: tuple[int, int], winner: str, discarder: str,
                                                        self_drawn: bool, honba: int) -> None:
    han, fu = figures
    sheet = start(SANMA_RULESET, NAMES)
    for _ in range(honba):  # drawn hands with every player tenpai: the honba build up
        _enter(sheet, {"draw": {"tenpai": NAMES}})
    self_drawn = self_drawn or winner == discarder
    played = _enter(sheet, {"win": {"winner": winner, "from": None if self_drawn else discarder, "han": han, "fu": fu}})
    config = HandConfig(is_tsumo=self_drawn, tsumi_number=honba, player_wind=EAST if winner == "ann" else EAST + 1,
                        round_wind=EAST, options=OptionalRules(kazoe_limit=HandConstants.KAZOE_SANBAIMAN,
                                                               is_three_player=True))
    paid = ScoresCalculator().calculate_scores(han, fu, config)

    def moved(name: str) -> int:  # the hand's own payments (the end's reckoning is apart)
        return int(played["points"][name])
    assert moved(winner) == paid["total"]
    for name in NAMES:
        if name == winner:
            continue
        if not self_drawn:
            expected = paid["main"] + paid["main_bonus"] if name == discarder else 0
        elif name == "ann" or winner == "ann":  # the dealer pays the main share, or is paid it by each
            expected = paid["main"] + paid["main_bonus"]
        else:
            expected = paid["additional"] + paid["additional_bonus"]
        assert -moved(name) == expected, (name, played["breakdown"])
    assert sum(p.score for p in sheet.players) + sheet.pot == 105000


@pytest.mark.parametrize(("tenpai", "paid"), [
    (["ann"], {"ann": 2000, "bob": -1000, "cy": -1000}),
    (["ann", "cy"], {"ann": 1000, "bob": -2000, "cy": 1000}),
    ([], {n: 0 for n in NAMES})])
def test_noten_payments_for_three(tenpai: list[str], paid: dict[str, int]) -> None:
    """1000 from each player not tenpai, shared by those tenpai (riichi-sanma's noten_payment 2000)."""
    assert _enter(start(SANMA_RULESET, NAMES), {"draw": {"tenpai": tenpai}})["points"] == paid


def test_a_game_for_three_goes_round_three_seats_and_reckons_its_end() -> None:
    """35000 each, 40000 returned: each gives back 5000, the first takes 15000; uma 15/0/-15."""
    sheet = start(SANMA_RULESET, NAMES)
    seen = []
    while sheet.status == "in_progress":
        seen.append(sheet.as_dict()["hand"])
        dealer = sheet.dealer
        other = NAMES[(NAMES.index(dealer) + 1) % 3]
        _enter(sheet, {"win": {"winner": other, "from": dealer, "han": 1, "fu": 30}})
        assert sum(p.score for p in sheet.players) + sheet.pot == 105000
    assert seen == ["East 1", "East 2", "East 3", "South 1", "South 2", "South 3"]
    # Each won 1000 twice from the dealer before them and paid it twice: 35000 each, tied.
    assert {p.name: p.score for p in sheet.players} == {n: 35000 for n in NAMES}  # (15+0-15)/3 and oka shared
    assert sum(p.score for p in sheet.players) == 105000
