"""Rounds entered as the table counts them (`referee.scoring.counts`): each player's canastas, red
threes, melded and hand points, scored with the bonuses a round entered card by card earns, and
refused, at the field at fault, where the rules cannot allow them."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings

from referee.checks.canastas import canasta_of
from referee.checks.judge import judge_for
from referee.loading.loader import Library
from referee.scoring.bonuses import side_melds, sides
from referee.scoring.counts import score_counts
from referee.scoring.hand import Deal, HandScore
from referee.scoring.reachable import card_sums
from referee.scoring.round import melded_points, round_wild_ranks
from referee.values.errors import InvalidPlayError
from tests.rounds import SHIPPED, Games, Round, rounds
from tests.test_api_games import new_game

COUNTED = Games(r for r in SHIPPED if r.scoring.bonuses)
TEAMS = [["ann", "cy"], ["bob", "dee"]]

# The spec's example (http-api.md, "Rounds entered as the table counts them"), with the others'.
EXAMPLE = {"went_out": "ann", "concealed": False, "counts": {
    "ann": {"natural_canastas": 1, "mixed_canastas": 1, "red_threes": 1, "melded_points": 175, "hand_points": 0},
    "bob": {"melded_points": 60, "hand_points": 25},
    "cy": {"melded_points": 20, "hand_points": 35},
    "dee": {"hand_points": 0}}}


# ---------------------------------------------------------------- the same round, card by card

def counted_from_cards(found: Round) -> dict[str, dict[str, int]]:
    """The counts a table writes down for a round it could enter card by card: each side's
    melds as the table sees them (a side's groups of a rank one meld where it holds one set a
    rank), each canasta counted once by the partner it counts for, the red threes laid face up
    where the game pays for them, and the points of the cards melded and left in hand."""
    ruleset, deal = found.ruleset, found.deal
    assert ruleset.rummy is not None
    judge = judge_for(ruleset, deal.round_number, deal.players, True, deal.wild_rank)
    melded = deal.melded or {}
    everyone = list({**{name: () for name in melded}, **found.hands})
    kinds: dict[str, Counter[str]] = {name: Counter() for name in everyone}
    for side in dict.fromkeys(sides(everyone, deal).values()):
        for owner, cards, _ in side_melds(judge, melded, side):
            kind = canasta_of(judge, cards)
            if kind is not None:
                kinds[owner][f"{kind}_canastas"] += 1
    pays_red_threes = bool({"red_three", "all_red_threes"} & set(ruleset.scoring.bonuses))
    wilds = round_wild_ranks(ruleset, deal.round_number)
    return {name: {**kinds[name],
                   **({"red_threes": (deal.red_threes or {}).get(name, 0)} if pays_red_threes else {}),
                   "melded_points": melded_points(ruleset, melded.get(name, ()), deal),
                   "hand_points": ruleset.scoring.hand_points(found.hands.get(name, ()), wilds)}
            for name in everyone}


def _parts(score: HandScore) -> list[tuple[str, int | None, int]]:
    """A breakdown without the cards caught (counts name none)."""
    return [(p.item, p.count, p.points) for p in score.breakdown]


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(rounds(COUNTED))
def test_a_round_by_counts_scores_as_the_same_round_card_by_card(found: Round) -> None:
    by_cards = found.scored()
    counts = counted_from_cards(found)
    by_counts = score_counts(found.ruleset, counts, found.went_out, replace(found.deal, melded=None, red_threes=None))
    assert set(by_counts) == set(by_cards)
    for name, score in by_cards.items():
        assert by_counts[name].points == score.points, (found.ruleset.id, name, counts[name])
        assert _parts(by_counts[name]) == _parts(score), (found.ruleset.id, name, counts[name])
        assert sum(p.points for p in by_counts[name].breakdown) == by_counts[name].points


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(rounds(COUNTED))
def test_a_count_one_over_what_cards_make_is_refused_where_the_cards_make_none(found: Round) -> None:
    """Melded and hand points are held to the sums the cards in play make: a number just past
    the most, or off their step, is refused at its field."""
    counts = counted_from_cards(found)
    name = next(iter(counts))
    deal = replace(found.deal, melded=None, red_threes=None)
    for field, melded in (("melded_points", True), ("hand_points", False)):
        sums = card_sums(found.ruleset, deal, melded)
        for wrong in (sums.most + 5, counts[name][field] + 1):
            if wrong in sums or (field == "hand_points" and name == found.went_out):
                continue
            with pytest.raises(InvalidPlayError) as refused:
                score_counts(found.ruleset, {**counts, name: {**counts[name], field: wrong}}, found.went_out, deal)
            assert (f"counts.{name}.{field}", "impossible_points") in {(p.path, p.code) for p in refused.value.problems}


# ---------------------------------------------------------------- the engine's answers

def _score(library: Library, ruleset_id: str, counts: dict[str, dict[str, int]], went_out: str | None = None,
           **deal: Any) -> dict[str, HandScore]:
    return score_counts(library.get(ruleset_id), counts, went_out, Deal(players=4, **deal))


def _refused(library: Library, ruleset_id: str, counts: dict[str, dict[str, int]], went_out: str | None = None,
             **deal: Any) -> set[tuple[str, str]]:
    with pytest.raises(InvalidPlayError) as refused:
        _score(library, ruleset_id, counts, went_out, **deal)
    return {(p.path, p.code) for p in refused.value.problems}


def test_the_spec_example_reads_its_bonuses(library: Library) -> None:
    scored = _score(library, "canasta", EXAMPLE["counts"], "ann", teams=tuple(map(tuple, TEAMS)))
    assert _parts(scored["ann"]) == [("natural_canasta", 1, 500), ("mixed_canasta", 1, 300), ("red_threes", 1, 100),
                                     ("going_out", None, 100), ("melded", None, 175)]
    assert scored["ann"].points == 1175
    assert _parts(scored["bob"]) == [("melded", None, 60), ("caught", None, -25)]
    assert scored["dee"].points == 0 and scored["dee"].breakdown == ()


def test_red_threes_count_against_a_side_that_melded_nothing_and_all_four_are_one_bonus(library: Library) -> None:
    teams = tuple(map(tuple, TEAMS))
    counts = {"ann": {"natural_canastas": 1, "melded_points": 70}, "cy": {"red_threes": 4},
              "bob": {"red_threes": 0, "hand_points": 10}, "dee": {}}
    assert _parts(_score(library, "canasta", counts, teams=teams)["cy"]) == [("all_red_threes", 4, 800)]
    counts = {**counts, "cy": {"red_threes": 1}, "bob": {"red_threes": 2, "hand_points": 10}}
    scored = _score(library, "canasta", counts, teams=teams)
    assert _parts(scored["bob"]) == [("red_threes", 2, -200), ("caught", None, -10)]  # bob's side melded nothing
    assert _parts(scored["cy"]) == [("red_threes", 1, 100)]  # cy's partner melded


def test_going_out_concealed_is_its_bonus_instead_of_going_out(library: Library) -> None:
    counts = {"ann": {"mixed_canastas": 1, "melded_points": 90}, "bob": {"hand_points": 40}}
    assert _parts(_score(library, "canasta", counts, "ann", concealed=True)["ann"]) == [
        ("mixed_canasta", 1, 300), ("concealed", None, 200), ("melded", None, 90)]
    assert _refused(library, "canasta", counts, None, concealed=True) == {("concealed", "missing_field")}


def test_the_least_a_canasta_s_cards_are_worth(library: Library) -> None:
    # Canasta: seven fives are 35; a mixed canasta holds a deuce (20) and six fives (30)
    counts = {"ann": {"natural_canastas": 1, "mixed_canastas": 1, "melded_points": 85}}
    assert _score(library, "canasta", counts)["ann"].points == 885
    refused = _refused(library, "canasta", {"ann": {**counts["ann"], "melded_points": 80}})
    assert refused == {("counts.ann.melded_points", "impossible_points")}
    # Buraco: a semi-clean burraco is seven natural cards (35) and a wild card (a deuce, 20)
    semi = {"ann": {"semi_clean_canastas": 1, "melded_points": 55}}
    assert _parts(_score(library, "buraco-semipulito", semi, morto_taken={"ann": True})["ann"]) == [
        ("semi_clean_canasta", 1, 150), ("melded", None, 55)]
    assert _refused(library, "buraco-semipulito", {"ann": {**semi["ann"], "melded_points": 50}},
                    morto_taken={"ann": True}) == {("counts.ann.melded_points", "impossible_points")}


@pytest.mark.parametrize(("ruleset", "counts", "went_out", "deal", "found"), [
    # more canastas than the cards in play make: Canasta's 92 natural cards make 13 of seven
    ("canasta", {"ann": {"natural_canastas": 7, "melded_points": 1000},
                 "bob": {"natural_canastas": 7, "melded_points": 1000}}, None, {},
     ("counts.bob.natural_canastas", "too_many_canastas")),
    # a mixed canasta holds a wild card: two packs hold twelve
    ("canasta", {"ann": {"mixed_canastas": 13, "melded_points": 1100}}, None, {},
     ("counts.ann.mixed_canastas", "too_many_canastas")),
    ("canasta", {"ann": {"red_threes": 3}, "bob": {"red_threes": 2}}, None, {},
     ("counts.bob.red_threes", "too_many_bonus_cards")),
    # Canasta's cards are worth multiples of 5, and 1180 in all melded
    ("canasta", {"ann": {"melded_points": 62}}, None, {}, ("counts.ann.melded_points", "impossible_points")),
    ("canasta", {"ann": {"melded_points": 1185}}, None, {}, ("counts.ann.melded_points", "impossible_points")),
    ("canasta", {"ann": {"hand_points": 12}}, None, {}, ("counts.ann.hand_points", "impossible_points")),
    ("canasta", {"ann": {"natural_canastas": 1, "melded_points": 30}}, None, {},
     ("counts.ann.melded_points", "impossible_points")),
    ("canasta", {"ann": {"melded_points": 50}}, "ann", {}, ("went_out", "cannot_go_out")),
    ("canasta", {"ann": {"natural_canastas": 1, "melded_points": 70, "hand_points": 10}}, "ann", {},
     ("counts.ann.hand_points", "hand_not_empty")),
    ("canasta", {"ann": {"melded_points": 50}}, "bob", {}, ("counts.bob", "missing_field")),
    ("canasta", {"ann": {"semi_clean_canastas": 1, "melded_points": 70}}, None, {},
     ("counts.ann.semi_clean_canastas", "unused_field")),
    ("buraco", {"ann": {"red_threes": 1}}, None, {"morto_taken": {}}, ("counts.ann.red_threes", "unused_field")),
    ("hand-and-foot-red-three-penalty", {"ann": {"red_threes": 1}}, None, {},
     ("counts.ann.red_threes", "unused_field")),
    # Buraco closes with a clean burraco, after the side took its pozzetto
    ("buraco", {"ann": {"mixed_canastas": 2, "melded_points": 120}}, "ann", {"morto_taken": {"ann": True}},
     ("went_out", "cannot_go_out")),
    ("buraco", {"ann": {"natural_canastas": 1, "melded_points": 70}}, "ann", {"morto_taken": {"ann": False}},
     ("went_out", "cannot_go_out")),
    ("buraco", {"ann": {"melded_points": 70}}, None, {}, ("morto_taken", "missing_field")),
    # Hand and Foot goes out with two clean books and two dirty ones
    ("hand-and-foot", {"ann": {"natural_canastas": 2, "mixed_canastas": 1, "melded_points": 200}}, "ann", {},
     ("went_out", "cannot_go_out")),
])
def test_what_the_rules_cannot_allow_is_refused_at_its_field(library: Library, ruleset: str,
                                                             counts: dict[str, dict[str, int]], went_out: str | None,
                                                             deal: dict[str, Any], found: tuple[str, str]) -> None:
    assert found in _refused(library, ruleset, counts, went_out, **deal)


def test_a_partner_s_melded_cards_count_toward_the_side_s_canastas(library: Library) -> None:
    # cy laid three of the seven fives of ann's canasta: 20 and 15, 35 between them
    teams = tuple(map(tuple, TEAMS))
    counts = {"ann": {"natural_canastas": 1, "melded_points": 20}, "cy": {"melded_points": 15}, "bob": {}, "dee": {}}
    assert _score(library, "canasta", counts, teams=teams)["ann"].points == 520
    assert _refused(library, "canasta", {**counts, "cy": {"melded_points": 10}}, teams=teams) == {
        ("counts.ann.melded_points", "impossible_points")}
    assert _refused(library, "canasta", counts) == {("counts.ann.melded_points", "impossible_points")}  # no partner


def test_a_side_s_canastas_go_out_together_and_each_is_paid_to_who_laid_it(library: Library) -> None:
    teams = tuple(map(tuple, TEAMS))
    counts = {"ann": {"natural_canastas": 2, "melded_points": 150}, "cy": {"mixed_canastas": 2, "melded_points": 200},
              "bob": {"hand_points": 60}, "dee": {"hand_points": 5}}
    scored = _score(library, "hand-and-foot", counts, "ann", teams=teams)
    assert [p.item for p in scored["ann"].breakdown] == ["natural_canasta", "going_out", "melded"]
    assert scored["ann"].points == 1000 + 100 + 150 and scored["cy"].points == 600 + 200
    assert ("went_out", "cannot_go_out") in _refused(library, "hand-and-foot", counts, "ann")  # no partner


def test_a_side_that_never_took_its_morto_pays_once(library: Library) -> None:
    teams = tuple(map(tuple, TEAMS))
    counts = {"ann": {"natural_canastas": 1, "melded_points": 90}, "cy": {"hand_points": 10},
              "bob": {"melded_points": 45, "hand_points": 35}, "dee": {}}
    scored = _score(library, "buraco", counts, "ann", teams=teams, morto_taken={"cy": True})
    assert _parts(scored["ann"]) == [("natural_canasta", 1, 200), ("going_out", None, 100), ("melded", None, 90)]
    assert _parts(scored["bob"]) == [("no_morto", None, -100), ("melded", None, 45), ("caught", None, -35)]
    assert scored["dee"].breakdown == ()


# ---------------------------------------------------------------- the service

def _post(client: Any, url: str, auth: dict[str, str], body: dict[str, Any]) -> Any:
    return client.post(f"{url}/rounds", json=body, headers=auth)


def test_the_spec_example_is_stored_with_its_counts_and_undone(client: Any) -> None:
    game_id, auth, _ = new_game(client, "canasta", ["ann", "bob", "cy", "dee"], teams=TEAMS)
    url = f"/v1/games/{game_id}"
    r = _post(client, url, auth, EXAMPLE)
    assert r.status_code == 200, r.get_json()
    game = r.get_json()
    played = game["rounds"][0]
    assert played["points"] == {"ann": 1175, "bob": 35, "cy": -15, "dee": 0}
    assert played["counts"] == EXAMPLE["counts"]
    assert played["breakdown"]["ann"][0] == {"item": "natural_canasta", "words": "natural canastas", "count": 1,
                                             "points": 500}
    assert all(sum(p["points"] for p in parts) == played["points"][n] for n, parts in played["breakdown"].items())
    assert [t["score"] for t in game["teams"]] == [1160, 35]
    assert client.get(url).get_json()["rounds"][0]["counts"] == EXAMPLE["counts"]  # replayed from the ledger
    csv = client.get(url, headers={"Accept": "text/csv"}).get_data(as_text=True).splitlines()
    assert csv[1] == "1,1175,35,-15,0,1160,35"
    r = client.delete(f"{url}/rounds/last", headers=auth)
    assert r.status_code == 200 and r.get_json()["rounds"] == [] and r.get_json()["teams"][0]["score"] == 0


@pytest.mark.parametrize(("ruleset", "change", "path", "code"), [
    ("canasta", {"points": {"ann": 100}}, "points", "unused_field"),
    ("canasta", {"hands": {"ann": []}}, "counts", "unused_field"),
    ("canasta", {"red_threes": {"ann": 1}}, "red_threes", "unused_field"),
    ("canasta", {"counts": {"ann": EXAMPLE["counts"]["ann"]}}, "counts.bob", "missing_field"),
    ("canasta", {"counts": {**EXAMPLE["counts"], "eve": {}}}, "counts.eve", "unknown_player"),
    ("canasta", {"counts": {**EXAMPLE["counts"], "bob": {"melded_points": 61}}}, "counts.bob.melded_points",
     "impossible_points"),
    ("canasta", {"counts": {**EXAMPLE["counts"], "bob": {"blue_fours": 1}}}, "counts.bob.blue_fours",
     "unknown_field"),
    ("canasta", {"counts": {**EXAMPLE["counts"], "bob": {"hand_points": -5}}}, "counts.bob.hand_points",
     "out_of_range"),
    ("buraco", {"morto_taken": {"ann": True}}, "counts.ann.red_threes", "unused_field"),
    ("ten-pennies", {}, "counts", "unused_field"),
])
def test_a_refused_round_by_counts_names_its_field_and_stores_nothing(client: Any, ruleset: str,
                                                                      change: dict[str, Any], path: str,
                                                                      code: str) -> None:
    players = ["ann", "bob", "cy", "dee"]
    extra = {"teams": TEAMS} if ruleset != "ten-pennies" else {}
    game_id, auth, _ = new_game(client, ruleset, players, **extra)
    r = _post(client, f"/v1/games/{game_id}", auth, {**EXAMPLE, **change})
    assert r.status_code == 422 and r.headers["Content-Type"] == "application/problem+json"
    assert (path, code) in {(e["path"], e["code"]) for e in r.get_json()["errors"]}, r.get_json()
    assert client.get(f"/v1/games/{game_id}").get_json()["rounds"] == []


def test_refusals_are_said_in_each_language(quick_client: Any) -> None:
    # ann and cy melded 30 between them, and ann counted a canasta: seven cards, 35 at least
    body = {"counts": {**EXAMPLE["counts"], "ann": {"natural_canastas": 1, "melded_points": 30},
                       "cy": {"hand_points": 35}}, "teams": TEAMS}
    said = {lang: quick_client.post(f"/v1/rulesets/canasta/scores?lang={lang}", json=body).get_json()["errors"][0]
            for lang in ("en", "ru", "sv", "ro")}
    assert {e["path"] for e in said.values()} == {"counts.ann.melded_points"}
    assert len({e["message"] for e in said.values()}) == 4 and "35" in said["ru"]["message"]
    assert all("worth at least" not in said[lang]["message"] for lang in ("ru", "sv", "ro"))


def test_hand_and_foot_and_buraco_rounds_by_counts(client: Any) -> None:
    game_id, auth, _ = new_game(client, "hand-and-foot", ["ann", "bob", "cy", "dee"], teams=TEAMS)
    body = {"went_out": "cy", "counts": {
        "ann": {"natural_canastas": 1, "mixed_canastas": 1, "red_threes": 2, "melded_points": 180},
        "cy": {"natural_canastas": 1, "mixed_canastas": 1, "melded_points": 150},
        "bob": {"natural_canastas": 1, "melded_points": 95, "hand_points": 45}, "dee": {"hand_points": 120}}}
    r = _post(client, f"/v1/games/{game_id}", auth, body)
    assert r.status_code == 200, r.get_json()
    assert r.get_json()["rounds"][0]["points"] == {"ann": 1180, "cy": 1050, "bob": 550, "dee": -120}
    game_id, auth, _ = new_game(client, "buraco-semipulito", ["ann", "bob", "cy", "dee"], teams=TEAMS)
    body = {"went_out": "ann", "morto_taken": {"ann": True}, "counts": {
        "ann": {"semi_clean_canastas": 1, "melded_points": 80}, "cy": {"melded_points": 25, "hand_points": 15},
        "bob": {"hand_points": 30}, "dee": {"melded_points": 30, "hand_points": 10}}}
    r = _post(client, f"/v1/games/{game_id}", auth, body)
    assert r.status_code == 200, r.get_json()
    played = r.get_json()["rounds"][0]
    assert played["points"] == {"ann": 330, "cy": 10, "bob": -130, "dee": 20}
    assert played["breakdown"]["bob"] == [{"item": "no_morto", "words": "morto not taken", "points": -100},
                                          {"item": "caught", "words": "cards left in hand", "points": -30}]


def test_the_stateless_scores_take_counts(quick_client: Any) -> None:
    r = quick_client.post("/v1/rulesets/canasta/scores", json={**EXAMPLE, "teams": TEAMS})
    assert r.status_code == 200, r.get_json()
    answer = r.get_json()
    assert answer["players"]["ann"]["points"] == 1175 and answer["players"]["ann"]["bonuses"] == 1000
    assert answer["players"]["ann"]["cards"] == 0 and answer["teams"][0]["score"] == 1160
    r = quick_client.post("/v1/rulesets/canasta/scores", json={"went_out": "ann", "hands": {"ann": []},
                                                               "counts": EXAMPLE["counts"]})
    assert r.status_code == 422 and r.get_json()["errors"][0]["path"] == "counts"
    r = quick_client.post("/v1/rulesets/rummy-500/scores", json={"counts": {"ann": {"melded_points": 5}}})
    assert r.status_code == 422 and r.get_json()["errors"][0]["path"] == "counts"
    r = quick_client.post("/v1/rulesets/canasta/scores", json={"round": 1})
    assert r.status_code == 422 and r.get_json()["errors"][0] == {
        "path": "hands", "code": "required", "message": "Missing data for required field."}
