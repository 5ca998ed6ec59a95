"""What a round's points are made of (`breakdown`): each scoring method's parts, which always
add up to the player's points, in the scores answer and in each round of a game."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings

from referee.loading.loader import Library
from referee.scoring.hand import Deal, HandScore
from referee.scoring.round import score_round
from referee.sheet.records import round_record
from referee.sheet.standings import Seats, replay
from referee.values.cards import parse_named, parse_named_groups
from tests.rounds import Round, rounds
from tests.test_api_games import new_game

# The items the service names (docs/service.md); a part is one of them.
ITEMS = {"caught", "melded", "going_out", "concealed", "natural_canasta", "mixed_canasta", "semi_clean_canasta",
         "red_threes", "all_red_threes", "no_morto", "deadwood", "cap", "knock", "gin", "undercut",
         "winner_gains", "lowest_rack", "entered"}


def _parts(score: HandScore) -> list[tuple[Any, ...]]:
    return [(p.item, p.count, None if p.cards is None else " ".join(map(str, p.cards)), p.points)
            for p in score.breakdown]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(rounds())
def test_the_parts_add_up_to_the_points_in_every_game(found: Round) -> None:
    for name, score in found.scored().items():
        assert sum(p.points for p in score.breakdown) == score.points, (found.ruleset.id, name, score)
        assert {p.item for p in score.breakdown} <= ITEMS
        assert all(p.points or p.cards for p in score.breakdown)  # nothing worth nothing is shown
        caught = [p for p in score.breakdown if p.item == "caught"]
        if found.ruleset.scoring.method in ("caught", "melded_minus_caught"):
            # the cards caught are the hand, each once
            assert sorted(c for p in caught for c in p.cards or ()) == sorted(found.hands.get(name, ()))


def _score(library: Library, ruleset_id: str, hands: dict[str, list[str]], went_out: str | None = None,
           **deal: Any) -> dict[str, HandScore]:
    ruleset = library.get(ruleset_id)
    melded = deal.pop("melded", None)
    groups = parse_named_groups(melded, "melded", ruleset.deck) if melded is not None else None
    return score_round(ruleset, parse_named(hands, "hands", ruleset.deck), went_out,
                       deal=Deal(melded=groups, **deal))


def test_a_canasta_hand_reads_as_the_spec_writes_it(library: Library) -> None:
    # seven kings (70, a natural canasta), three aces (60), three queens (30) and three fives (15)
    melded = {"ann": [["KH", "KH", "KS", "KS", "KD", "KD", "KC"], ["AH", "AS", "AD"], ["QH", "QS", "QD"],
                      ["5H", "5S", "5D"]]}
    scored = _score(library, "canasta", {"ann": ["9C"], "bob": ["4C"]}, None, melded=melded)
    assert _parts(scored["ann"]) == [("natural_canasta", 1, None, 500), ("melded", None, None, 175),
                                     ("caught", None, "9C", -10)]
    assert scored["ann"].points == 665
    assert _parts(scored["bob"]) == [("caught", None, "4C", -5)]


def test_canastas_red_threes_and_going_out_are_parts_of_their_own(library: Library) -> None:
    melded = {"ann": [["8H", "8S", "8D", "8C", "8H", "8S", "2D"], ["9H", "9S", "9D", "9C", "9H", "9S", "9D"]]}
    scored = _score(library, "canasta", {"ann": [], "bob": ["5C"]}, "ann", melded=melded,
                    red_threes={"ann": 2, "bob": 1})
    assert _parts(scored["ann"]) == [("natural_canasta", 1, None, 500), ("mixed_canasta", 1, None, 300),
                                     ("red_threes", 2, None, 200), ("going_out", None, None, 100),
                                     ("melded", None, None, 150)]
    # bob melded nothing: his red three counts against him
    assert _parts(scored["bob"]) == [("red_threes", 1, None, -100), ("caught", None, "5C", -5)]


def test_all_four_red_threes_are_one_part(library: Library) -> None:
    scored = _score(library, "canasta", {"ann": ["5C"]}, None, melded={"ann": [["8H", "8S", "8D"]]},
                    red_threes={"ann": 4})
    assert _parts(scored["ann"])[0] == ("all_red_threes", 4, None, 800)


def test_a_side_without_its_morto_pays_once(library: Library) -> None:
    scored = _score(library, "buraco", {"ann": ["5C"], "bob": [], "cy": [], "dee": []}, None,
                    teams=(("ann", "cy"), ("bob", "dee")), morto_taken={"bob": True})
    assert _parts(scored["ann"]) == [("no_morto", None, None, -100), ("caught", None, "5C", -5)]
    assert _parts(scored["cy"]) == [] and _parts(scored["bob"]) == []


@pytest.mark.parametrize(("knocker", "defender", "mine", "theirs"), [
    # gin: the bonus, and the defender's deadwood
    (["AH", "2H", "3H", "4S", "5S", "6S", "7D", "8D", "9D", "10D"], ["KC", "QC", "2C", "5D", "7H", "9H", "JH", "3C", "4C", "6C"],
     [("gin", None, None, 25), ("deadwood", None, None, 57)], []),
    # a knock won: the difference (the knocker's 2 against 59)
    (["AH", "2H", "3H", "4S", "5S", "6S", "7D", "8D", "9D", "2D"], ["KC", "QC", "2C", "5D", "7H", "9H", "JH", "3C", "4C", "6C"],
     [("knock", None, None, 55)], []),
    # an undercut: the defender's bonus, and the difference
    (["AH", "2H", "3H", "4S", "5S", "6S", "7D", "8D", "9D", "10C"], ["KC", "KD", "KS", "QC", "QD", "QS", "JC", "JD", "JS", "5H"],
     [], [("undercut", None, None, 25), ("deadwood", None, None, 5)]),
])
def test_a_knock_gives_the_winner_its_parts(library: Library, knocker: list[str], defender: list[str],
                                            mine: list[tuple[Any, ...]], theirs: list[tuple[Any, ...]]) -> None:
    scored = _score(library, "gin-rummy", {"ann": knocker, "bob": defender}, "ann")
    assert (_parts(scored["ann"]), _parts(scored["bob"])) == (mine, theirs)


def test_deadwood_names_its_cards_and_a_cap_takes_off_the_rest(library: Library) -> None:
    hand = ["KH", "KS", "QD", "QC", "8H", "7S", "3C", "4D", "AS", "2S", "9H", "9D", "10S"]
    scored = _score(library, "indian-rummy", {"ann": hand}, None, wild_rank="5")
    (dead, cap) = scored["ann"].breakdown
    assert (dead.item, sorted(map(str, dead.cards or ())), dead.points) == ("deadwood", sorted(hand), 102)
    assert (cap.item, cap.points, scored["ann"].points) == ("cap", -22, 80)


def test_the_winner_gains_the_racks_and_the_lowest_rack_is_given_back(library: Library) -> None:
    went_out = _score(library, "rummikub", {"ann": ["3R", "12K", "JK"], "bob": ["1B"], "cy": []}, "cy")
    assert [_parts(went_out[n]) for n in ("ann", "bob", "cy")] == [
        [("caught", None, "3R 12K JK", -45)], [("caught", None, "1B", -1)], [("winner_gains", None, None, 46)]]
    ran_out = _score(library, "rummikub", {"ann": ["10K"], "bob": ["1B", "3B"], "cy": ["7O"]})
    assert [_parts(ran_out[n]) for n in ("ann", "bob", "cy")] == [
        [("caught", None, "10K", -10), ("lowest_rack", None, None, 4)], [("winner_gains", None, None, 9)],
        [("caught", None, "7O", -7), ("lowest_rack", None, None, 4)]]


# ---------------------------------------------------------------- the service

def test_the_scores_answer_gives_each_players_breakdown(quick_client: Any) -> None:
    r = quick_client.post("/v1/rulesets/ten-pennies/scores",
                          json={"round": 1, "went_out": "cy", "hands": {"ann": ["3H", "KD", "JK"], "bob": [], "cy": []}})
    players = r.get_json()["players"]
    assert players["ann"]["breakdown"] == [{"item": "caught", "words": "cards left in hand", "cards": ["3H", "KD", "JK"],
                                            "points": 65}]
    swedish = quick_client.post("/v1/rulesets/ten-pennies/scores?lang=sv", json={
        "round": 1, "went_out": "cy", "hands": {"ann": ["3H", "KD", "JK"], "bob": [], "cy": []}}).get_json()
    assert swedish["players"]["ann"]["breakdown"][0]["words"] == "kort kvar på handen"
    assert players["bob"]["breakdown"] == players["cy"]["breakdown"] == []


def test_each_round_of_a_game_gives_its_breakdown(client: Any) -> None:
    gid, auth, _ = new_game(client, "rummikub", ["ann", "bob", "cy"])
    by_hands = client.post(f"/v1/games/{gid}/rounds", json={"went_out": "cy", "hands": {"ann": ["3R", "JK"], "bob": ["1B"]}},
                           headers=auth)
    assert by_hands.status_code == 200, by_hands.get_json()
    by_points = client.post(f"/v1/games/{gid}/rounds", json={"went_out": "ann", "points": {"bob": 24, "cy": 3}},
                            headers=auth)
    assert by_points.status_code == 200, by_points.get_json()
    first, second = client.get(f"/v1/games/{gid}").get_json()["rounds"]
    assert first["breakdown"] == {
        "ann": [{"item": "caught", "words": "tiles left on the rack", "cards": ["3R", "JK"], "points": -33}],
        "bob": [{"item": "caught", "words": "tiles left on the rack", "cards": ["1B"], "points": -1}],
        "cy": [{"item": "winner_gains", "words": "the others' racks gained", "points": 34}]}
    # the numbers typed, with the sheet's signs (the highest total wins, so a rack is minus)
    assert second["breakdown"] == {"bob": [{"item": "entered", "words": "points entered", "points": -24}],
                                   "cy": [{"item": "entered", "words": "points entered", "points": -3}],
                                   "ann": [{"item": "winner_gains", "words": "the others' racks gained", "points": 27}]}
    for played in (first, second):
        assert {n: sum(p["points"] for p in parts) for n, parts in played["breakdown"].items()} == played["points"]


def test_a_round_stored_before_breakdowns_tells_what_its_record_can(library: Library) -> None:
    bing, canasta = library.get("bing-rummy"), library.get("canasta")
    kept = round_record(bing, {"went_out": "A", "hands": {"B": ["5H", "KD"], "C": []}}, 3)
    old = {k: v for k, v in kept.items() if k != "breakdown"}
    typed = {k: v for k, v in round_record(bing, {"went_out": "A", "points": {"B": 12, "C": 0}}, 3).items()
             if k != "breakdown"}
    sheet = replay(bing, Seats(["A", "B", "C"], None), [old, typed])
    assert [r["breakdown"] for r in sheet.rounds] == [
        {"B": [{"item": "caught", "cards": ["5H", "KD"], "points": 15}], "C": []},
        {"B": [{"item": "entered", "points": 12}], "C": []}]
    # melded scoring cannot be told from the record: each player's points as typed
    record = round_record(canasta, {"hands": {"ann": [], "bob": ["5C"]}, "melded": {"ann": [["8H", "8S", "8D"]]}}, 4)
    sheet = replay(canasta, Seats(["ann", "bob"], None), [{k: v for k, v in record.items() if k != "breakdown"}])
    assert sheet.rounds[0]["breakdown"] == {"ann": [{"item": "entered", "points": 30}],
                                            "bob": [{"item": "entered", "points": -5}]}
