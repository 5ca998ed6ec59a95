"""A round's `entry` (what the round form asks) against the resolved ruleset it is read from.

The page once read these from the ruleset itself; the expectations here are that reading,
written independently of `referee.scoring.entry`, for every shipped ruleset and round."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from referee.loading.loader import default_library

SHIPPED_IDS = sorted(r.id for r in default_library().all() if r.mahjong is None)  # Mahjong: a hand, no round form


def _expected(ruleset: dict[str, Any], round_: dict[str, Any]) -> dict[str, Any]:
    if ruleset["family"] == "layout":
        return {"ways": ["winner"], "asks": ["completed"] if (ruleset.get("shrink") or {}).get("completed") else []}
    scoring = ruleset.get("scoring") or {}
    bonuses = scoring.get("bonuses") or {}
    melded = scoring.get("method") == "melded_minus_caught"
    knock = bool(scoring.get("knock"))
    asks = [name for name, put in (
        ("wild_rank", bool((round_.get("wilds") or {}).get("per_deal"))),
        ("cards_caught", bool(scoring.get("pennies_per_card"))),
        ("melded", melded),
        ("red_threes", melded and bool(ruleset.get("bonus_cards")) and bool(bonuses)),
        ("concealed", melded and bool(bonuses.get("concealed"))),
        ("morto_taken", melded and "no_morto" in bonuses)) if put]
    ways = (["counts", "cards", "points"] if round_.get("counts")
            else ["cards", "points"] if knock else ["points", "cards"])
    return {"ways": ways, "out": "knock" if knock else "go_out", "out_scores": knock or melded,
            "below_zero": melded, "winner_gains": scoring.get("method") == "winner_gains", "asks": asks}


def test_every_rounds_entry_asks_what_its_ruleset_scores(client: FlaskClient) -> None:
    for ruleset_id in SHIPPED_IDS:
        ruleset = client.get(f"/v1/rulesets/{ruleset_id}").get_json()
        for number in range(1, len(ruleset.get("rounds") or [None]) + 1):
            round_ = client.get(f"/v1/rulesets/{ruleset_id}/rounds/{number}").get_json()
            assert round_["entry"] == _expected(ruleset, round_), (ruleset_id, number)


def test_a_round_entered_the_usual_way_is_taken(client: FlaskClient) -> None:
    """The first way the entry names, with the boxes it says who went out has, is one a game's
    round takes: counts for Canasta, the losers' points alone where the winner gains them."""
    for ruleset_id in ("canasta", "ten-pennies", "rummikub"):
        entry = client.get(f"/v1/rulesets/{ruleset_id}/rounds/1").get_json()["entry"]
        players = ["ann", "bob", "cy", "dee"]
        start: dict[str, Any] = {"ruleset": ruleset_id, "players": players}
        body: dict[str, Any] = {"went_out": "ann"}
        if entry["ways"][0] == "counts":
            start["teams"] = [["ann", "cy"], ["bob", "dee"]]
            body["counts"] = {name: {} for name in players}
            body["counts"]["ann"] = {"natural_canastas": 1, "melded_points": 200}
        else:
            assert entry["ways"][0] == "points"
            typed = players if entry["out_scores"] else players[1:]
            body["points"] = {name: 10 for name in typed}
            if "cards_caught" in entry["asks"]:
                body["cards"] = {name: 2 for name in typed}
        game = client.post("/v1/games", json=start).get_json()
        answer = client.post(f"/v1/games/{game['id']}/rounds", json=body,
                             headers={"Authorization": f"Bearer {game['token']}"})
        assert answer.status_code == 200, (ruleset_id, answer.get_json())
