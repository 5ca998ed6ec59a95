"""Scoring by `winner_gains` (Rummikub): each loser's rack counts against them, the winner gains the total."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.loading.loader import Library
from referee.rules.ruleset import Ruleset
from referee.scoring.round import score_round
from referee.values.cards import parse_named
from referee.values.errors import InvalidPlayError

ROOT = Path(__file__).resolve().parent.parent
GAINS_ID = "rummikub-penalties"


def _gains_text() -> str:
    """Rummikub as shipped, uploaded under another id with a sheet of penalties: the lowest total
    wins, so the same rounds are written with the other signs."""
    text = (ROOT / "rulesets" / "rummikub.yaml").read_text(encoding="utf-8")
    assert "id: rummikub\n" in text and "  method: winner_gains" in text and "  winner: highest_score " in text
    return text.replace("id: rummikub\n", f"id: {GAINS_ID}\n").replace("  winner: highest_score ",
                                                                         "  winner: lowest_score ")


@pytest.fixture(scope="module")
def gains(library: Library) -> Ruleset:
    return library.get("rummikub")


def _points(ruleset: Ruleset, hands: dict[str, list[str]], went_out: str | None) -> dict[str, int]:
    scored = score_round(ruleset, parse_named(hands, "hands", ruleset.deck), went_out)
    return {name: s.points for name, s in scored.items()}


def test_the_winner_gains_what_the_losers_hold(gains: Ruleset) -> None:
    hands = {"ann": ["3R", "12K", "JK"], "bob": ["1B"], "cy": []}
    assert _points(gains, hands, "cy") == {"ann": -45, "bob": -1, "cy": 46}  # a joker on a rack costs 30


def test_when_the_tiles_run_out_the_lowest_rack_gains_the_differences(gains: Ruleset) -> None:
    hands = {"ann": ["10K"], "bob": ["1B", "3B"], "cy": ["7O"]}
    assert _points(gains, hands, None) == {"ann": -6, "bob": 9, "cy": -3}


def test_racks_tied_lowest_share_the_gain(gains: Ruleset) -> None:
    hands = {"ann": ["4K"], "bob": ["1B", "3B"], "cy": ["9O"]}
    assert _points(gains, hands, None) == {"ann": 2, "bob": 2, "cy": -5}


def test_who_went_out_still_holds_nothing(gains: Ruleset) -> None:
    with pytest.raises(InvalidPlayError) as caught:
        _points(gains, {"ann": ["4K"], "bob": ["5K"]}, "ann")
    assert [(p.path, p.code) for p in caught.value.problems] == [("hands.ann", "hand_not_empty")]


def test_the_shipped_rulesets_score_so(library: Library) -> None:
    """Rummikub and Remi by the Sabra rules gain the racks on the rule book's sheet, where the
    highest total wins; Remi counts each rack against its holder, and the lowest total wins."""
    for rid in ("rummikub", "remi-sabra"):
        assert library.get(rid).game.winner == "highest_score"
        assert _points(library.get(rid), {"ann": ["3R", "JK"], "cy": []}, "cy") == {"ann": -33, "cy": 33}
    assert library.get("remi").game.winner == "lowest_score"
    assert _points(library.get("remi"), {"ann": ["3R", "JK"], "cy": []}, "cy") == {"ann": 33, "cy": 0}


tiles = st.lists(st.sampled_from(["1K", "5B", "9O", "13R", "JK", "7K"]), max_size=4)


@settings(max_examples=60, deadline=None)
@given(hands=st.dictionaries(st.sampled_from(["a", "b", "c", "d"]), tiles, min_size=2, max_size=4),
       out=st.booleans())
def test_the_points_sum_to_nothing_lost_but_odd_shares(gains: Ruleset, hands: dict[str, list[str]],
                                                       out: bool) -> None:
    went_out = next(iter(hands)) if out else None
    if went_out is not None:
        hands[went_out] = []
    try:
        points = _points(gains, hands, went_out)
    except InvalidPlayError:
        return  # more jokers or copies than the set holds
    winners = [n for n, p in points.items() if p >= 0 and (n == went_out or went_out is None)]
    losses = sum(p for n, p in points.items() if n not in winners)
    assert all(p <= 0 for n, p in points.items() if n not in winners)
    assert 0 <= -losses - sum(points[n] for n in winners) < len(winners)
    assert max(points.values()) == max(points[n] for n in winners)  # the highest score is the winner's


# ---------------------------------------------------------------- the service: scores and stored rounds


@pytest.fixture
def uploaded(client: Any) -> Any:
    answer = client.post("/v1/rulesets", data=_gains_text(), content_type="application/yaml")
    assert answer.status_code == 201, answer.get_json()
    return client


def test_scores_use_winner_gains(uploaded: Any) -> None:
    answer = uploaded.post(f"/v1/rulesets/{GAINS_ID}/scores",
                           json={"went_out": "cy", "hands": {"ann": ["3R", "12K", "JK"], "bob": ["1B"], "cy": []}})
    assert answer.status_code == 200, answer.get_json()
    assert {n: p["points"] for n, p in answer.get_json()["players"].items()} == {"ann": 45, "bob": 1, "cy": -46}
    shipped = uploaded.post("/v1/rulesets/rummikub/scores",
                            json={"went_out": "cy", "hands": {"ann": ["3R", "12K", "JK"], "bob": ["1B"], "cy": []}})
    assert {n: p["points"] for n, p in shipped.get_json()["players"].items()} == {"ann": -45, "bob": -1, "cy": 46}


def test_a_stored_round_on_a_penalty_sheet_puts_the_winner_below_zero(uploaded: Any) -> None:
    made = uploaded.post("/v1/games", json={"ruleset": GAINS_ID, "players": ["ann", "bob", "cy"]}).get_json()
    auth = {"Authorization": f"Bearer {made['token']}"}
    answer = uploaded.post(f"/v1/games/{made['id']}/rounds", headers=auth,
                           json={"went_out": "cy", "hands": {"ann": ["3R", "12K"], "bob": ["1B"], "cy": []}})
    assert answer.status_code in (200, 201), answer.get_json()
    scores = {p["name"]: p["score"] for p in answer.get_json()["players"]}
    assert scores == {"ann": 15, "bob": 1, "cy": -16}


def test_a_stored_round_that_leaves_out_the_winner_s_empty_rack_still_gains(uploaded: Any) -> None:
    made = uploaded.post("/v1/games", json={"ruleset": "rummikub", "players": ["ann", "bob", "cy"]}).get_json()
    auth = {"Authorization": f"Bearer {made['token']}"}
    answer = uploaded.post(f"/v1/games/{made['id']}/rounds", headers=auth,
                           json={"went_out": "ann", "hands": {"bob": ["13K", "9O"], "cy": ["6R"]}})
    assert answer.status_code == 200, answer.get_json()
    assert {p["name"]: p["score"] for p in answer.get_json()["players"]} == {"ann": 28, "bob": -22, "cy": -6}


@pytest.mark.parametrize(("ruleset", "sign"), [("rummikub", 1), (GAINS_ID, -1)])
def test_racks_typed_as_points_are_written_with_the_sheet_s_signs_and_its_best_total_wins(
        uploaded: Any, ruleset: str, sign: int) -> None:
    """A loser's rack is typed as its value (24, never -24); the sheet writes it with its own sign,
    the winner's gain with the other, and the game's winner is the best total the sheet names."""
    made = uploaded.post("/v1/games", json={"ruleset": ruleset, "players": ["ann", "bob", "cy"]}).get_json()
    auth = {"Authorization": f"Bearer {made['token']}"}
    for went_out, racks in (("ann", {"bob": 24, "cy": 31}), ("bob", {"ann": 17, "cy": 5})):
        answer = uploaded.post(f"/v1/games/{made['id']}/rounds", headers=auth,
                               json={"went_out": went_out, "points": racks})
        assert answer.status_code == 200, answer.get_json()
    scores = {p["name"]: p["score"] for p in answer.get_json()["players"]}
    assert scores == {"ann": sign * (55 - 17), "bob": sign * (-24 + 22), "cy": sign * (-31 - 5)}
    assert uploaded.post(f"/v1/games/{made['id']}/finish", headers=auth, json={}).get_json()["winner"] == "ann"
