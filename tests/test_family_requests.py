"""What a player or an app builder sends the rummy-family games, and what they must get back:
the knock as Gin's way out, scores that refuse hands no table can hold, paths that point at
the card at fault, round summaries that say each game's key rule."""

from __future__ import annotations

from typing import Any

import pytest

from referee.describe import round_summary
from referee.loading.loader import Library
from tests.test_api_games import new_game

KNOCKER = ["3C", "4C", "5C", "8D", "8S", "8H", "9S", "10S", "JS", "AD"]   # deadwood AD: 1
DEFENDER = ["KH", "KD", "KC", "2S", "3S", "4S", "6C", "QS", "7H", "5D"]  # 6C, QS lay off: 12 left


def test_gin_going_out_is_a_knock_with_its_deadwood(quick_client: Any) -> None:
    r = quick_client.post("/v1/rulesets/gin-rummy/going-out/check", json={"hand": [*KNOCKER, "KH"]})
    body = r.get_json()
    assert r.status_code == 200 and body["valid"] is True, body
    assert body["deadwood"] == 1 and body["plan"]["left"] == ["AD"] and body["plan"]["discard"] == "KH"


def test_gin_knock_over_the_limit_is_refused_with_its_deadwood(quick_client: Any) -> None:
    hand = ["QS", "KS", "AS", "7C", "7D", "7S", "2H", "3H", "4H", "5H", "9C"]
    body = quick_client.post("/v1/rulesets/gin-rummy/going-out/check", json={"hand": hand}).get_json()
    assert body["valid"] is False and [v["code"] for v in body["violations"]] == ["cannot_knock"]
    assert "20" in body["violations"][0]["message"]  # QS discarded: AS KS 9C left


@pytest.mark.parametrize(("hands", "at_fault"), [
    ({"k": [], "d": DEFENDER}, ["hands.k"]),
    ({"k": KNOCKER, "d": DEFENDER[:9]}, ["hands.d"]),
    ({"k": [*KNOCKER, "KS"], "d": DEFENDER}, ["hands.k"]),
])
def test_gin_scores_refuse_hands_of_the_wrong_size(quick_client: Any, hands: dict[str, list[str]],
                                                   at_fault: list[str]) -> None:
    r = quick_client.post("/v1/rulesets/gin-rummy/scores", json={"went_out": "k", "hands": hands})
    assert r.status_code == 422, r.get_json()
    errors = r.get_json()["errors"]
    assert [e["path"] for e in errors] == at_fault and {e["code"] for e in errors} == {"wrong_hand_size"}


def test_gin_knock_scores_the_difference_after_lay_offs(quick_client: Any) -> None:
    r = quick_client.post("/v1/rulesets/gin-rummy/scores",
                          json={"went_out": "k", "hands": {"k": KNOCKER, "d": DEFENDER}})
    players = r.get_json()["players"]
    assert (players["k"]["points"], players["d"]["points"]) == (12 - 1, 0)
    assert (players["k"]["deadwood"], players["d"]["deadwood"]) == (1, 12)


def test_a_melded_card_at_fault_is_named_by_its_group_and_place(quick_client: Any) -> None:
    body = {"players": 2, "hands": {"a": ["KD"], "b": []}, "went_out": "b",
            "melded": {"a": [["7S", "7H", "7D"]], "b": [["QD", "KD", "AD"]]}}
    r = quick_client.post("/v1/rulesets/rummy-500/scores", json=body)
    assert r.status_code == 422, r.get_json()
    assert [(e["path"], e["code"]) for e in r.get_json()["errors"]] == [("melded.b[0][1]", "duplicate_card")]


def test_a_wild_rank_is_refused_in_a_points_round_of_a_game_without_one(quick_client: Any) -> None:
    gid, auth, _ = new_game(quick_client, "kalooki", ["A", "B"])
    r = quick_client.post(f"/v1/games/{gid}/rounds", headers=auth,
                          json={"went_out": "A", "points": {"B": 6}, "wild_rank": "7"})
    assert r.status_code == 422 and [e["path"] for e in r.get_json()["errors"]] == ["wild_rank"]
    assert quick_client.get(f"/v1/games/{gid}").get_json()["rounds"] == []


def test_a_points_round_over_the_cap_is_refused(quick_client: Any) -> None:
    gid, auth, _ = new_game(quick_client, "indian-rummy", ["A", "B"])
    r = quick_client.post(f"/v1/games/{gid}/rounds", headers=auth,
                          json={"went_out": "A", "points": {"B": 81}, "wild_rank": "7"})
    assert r.status_code == 422 and [e["path"] for e in r.get_json()["errors"]] == ["points.B"]
    r = quick_client.post(f"/v1/games/{gid}/rounds", headers=auth,
                          json={"went_out": "A", "points": {"B": 80}, "wild_rank": "7"})
    assert r.status_code == 200 and r.get_json()["rounds"][0]["wild_rank"] == "7"


@pytest.mark.parametrize(("ruleset", "score", "status"), [
    ("rummy-500", -20, 201),     # melded scoring: a running total may be below 0
    ("ten-pennies", -20, 422),
    ("gin-rummy", 99, 201),
    ("gin-rummy", 100, 422),     # the target: the game would start over
    ("rummy-500", 500, 422),
])
def test_starting_scores_follow_the_game(quick_client: Any, ruleset: str, score: int, status: int) -> None:
    r = quick_client.post("/v1/games", json={"ruleset": ruleset, "players": ["A", "B"], "scores": {"A": score}})
    assert r.status_code == status, r.get_json()


def test_a_fixed_player_count_reads_as_one_number(quick_client: Any) -> None:
    r = quick_client.post("/v1/rulesets/gin-rummy/melds/check", json={"cards": ["8H", "8S", "8D"], "players": 3})
    assert r.status_code == 422 and "is for 2 players" in r.get_json()["errors"][0]["message"]


@pytest.mark.parametrize(("ruleset", "number", "words"), [
    ("kalooki", 1, "at least 51 points"),
    ("indian-rummy", 1, "two runs of three, one of them without a wild card"),
    ("indian-rummy", 1, "the cut card's rank wild"),
    ("gin-rummy", 1, "knock with 10 or less"),
    ("contract-rummy", 2, "one set of three and one run of four, no other meld"),
    ("contract-rummy-exact-sizes", 2, "exactly one set of three and one run of four"),
    ("contract-rummy", 2, "then lay-offs only"),
    ("contract-rummy", 7, "out with every card played, no final discard"),
])
def test_round_summaries_say_each_games_key_rule(library: Library, ruleset: str, number: int, words: str) -> None:
    assert words in round_summary(library.get(ruleset), number)


@pytest.mark.parametrize(("written", "card"), [("q", "QS"), ("Q", "QS"), (" q ", "QS"), ("t", "10S"), ("T", "10S"),
                                               ("10", "10S"), ("a", "AS")])
def test_the_wild_rank_is_written_as_cards_write_ranks(quick_client: Any, written: str, card: str) -> None:
    r = quick_client.post("/v1/rulesets/indian-rummy/melds/check",
                          json={"wild_rank": written, "cards": ["5H", "6H", card]})
    body = r.get_json()
    assert r.status_code == 200 and body["valid"] is True and body["wilds"][0]["card"] == card, body


@pytest.mark.parametrize("joker", ["JK", "joker", "*"])
def test_a_joker_as_the_wild_rank_says_what_to_send(quick_client: Any, joker: str) -> None:
    r = quick_client.post("/v1/rulesets/indian-rummy/melds/check", json={"wild_rank": joker, "cards": ["5H", "6H", "7H"]})
    errors = r.get_json()["errors"]
    assert r.status_code == 422 and [(e["path"], e["code"]) for e in errors] == [("wild_rank", "unknown_rank")]
    assert '"A"' in errors[0]["message"], errors


@pytest.mark.parametrize(("ruleset", "body", "words"), [
    ("bing-rummy", {"players": 2, "went_out": "a", "hands": {"a": [], "b": ["KS"], "c": ["2C"]}},
     "names 3 players, but the table has 2"),
    ("bing-rummy", {"players": 2, "went_out": "c", "hands": {"a": ["3D"], "b": ["KS"]}},  # who went out sits too
     "names 3 players, but the table has 2"),
    # The bound is the request's table, not the game's: Kalooki seats 2-6.
    ("kalooki", {"players": 2, "went_out": "a", "hands": {"a": ["5H"], "b": ["6H"], "c": ["7H"]}},
     "names 3 players, but the table has 2"),
    ("kalooki", {"went_out": "a", "hands": {name: ["5H"] for name in "abcdefg"}},
     "names 7 players, but Kalooki seats at most 6"),
    ("gin-rummy", {"went_out": "a", "hands": {"a": KNOCKER, "b": DEFENDER, "c": DEFENDER}},
     "names 3 players, but Gin Rummy seats at most 2"),
])
def test_scores_refuse_more_players_than_the_table_seats(quick_client: Any, ruleset: str,
                                                         body: dict[str, Any], words: str) -> None:
    r = quick_client.post(f"/v1/rulesets/{ruleset}/scores", json=body)
    assert r.status_code == 422
    seats = [e["message"] for e in r.get_json()["errors"] if (e["path"], e["code"]) == ("hands", "player_count")]
    assert len(seats) == 1 and words in seats[0], r.get_json()


@pytest.mark.parametrize(("ruleset", "body", "words", "cards"), [
    # Short of the 51, and even with it made KC 9D 7S would be left (one of them the discard), by suit
    ("kalooki", {"first_meld_done": False, "hand": ["2H", "3H", "4H", "5C", "5D", "5S", "7S", "9D", "KC"]},
     ["cannot make the first meld (melds worth at least 51 points)", "still leave 3 cards (K♣, 9♦, 7♠)"],
     ["KC", "9D", "7S"]),
    # 60 points make the 51, but 8H could only be laid off, and that waits a turn
    ("kalooki", {"first_meld_done": False, "hand": ["KH", "KD", "KS", "QC", "QD", "QS", "8H", "2C"],
                 "table": [["5H", "6H", "7H"]]},
     ["can be made", "lay-offs start only on the turn after the first meld"], None),
    # a pure sequence and two sets, but no second sequence: the declaration is what is missing
    ("indian-rummy", {"wild_rank": "A", "hand": ["3H", "4H", "5H", "6H", "7D", "8D", "QD", "QC", "QS", "2C", "2D",
                                                 "2H", "2S", "KS"]},
     ["cannot make the first meld (2 runs of 3, 1 of them without a wild card)"], None),
])
def test_a_refusal_before_the_first_meld_says_what_stands_in_the_way(
        quick_client: Any, ruleset: str, body: dict[str, Any], words: list[str], cards: list[str] | None) -> None:
    answer = quick_client.post(f"/v1/rulesets/{ruleset}/going-out/check", json=body).get_json()
    assert answer["valid"] is False and [v["code"] for v in answer["violations"]] == ["cannot_go_out"], answer
    message = answer["violations"][0]["message"]
    assert all(w in message for w in words) and "lay off every" not in message, message
    if cards is not None:
        assert answer["violations"][0]["cards"] == cards
