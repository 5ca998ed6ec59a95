"""Whole games of the rummy family (Contract Rummy, Kalooki, Gin Rummy, Rummy 500, Indian Rummy)
through the HTTP API, on both storages.

Every expected score is worked out here from the rules (docs/games/<id>.md and
docs/rule-decisions.md): card values from the rules' tables, deadwood from an arrangement
worked out by hand in a comment. No number is copied from an answer of the service.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from tests.test_api_games import new_game, standings


def rank(card: str) -> str:
    return "JOKER" if card == "JOKER" else card[:-1]


def valued(table: Mapping[str, int], cards: Iterable[str]) -> int:
    """The cards' total by a rules table keyed by rank (numbers at their face unless listed)."""
    return sum(table[rank(c)] if rank(c) in table else int(rank(c)) for c in cards)


def scores_of(answer: Any) -> dict[str, int]:
    return {p["name"]: p["score"] for p in answer.get_json()["players"]}


def out_of(answer: Any) -> dict[str, bool]:
    return {p["name"]: p["eliminated"] for p in answer.get_json()["players"]}


def post_round(client: Any, gid: str, auth: dict[str, str], body: dict[str, Any]) -> Any:
    r = client.post(f"/v1/games/{gid}/rounds", json=body, headers=auth)
    assert r.status_code == 200, r.get_json()
    return r


def assert_refused_unchanged(client: Any, gid: str, auth: dict[str, str], body: dict[str, Any],
                             status: int, code: str, path: str | None = None) -> None:
    before = client.get(f"/v1/games/{gid}")
    r = client.post(f"/v1/games/{gid}/rounds", json=body, headers=auth)
    errors = r.get_json()["errors"]
    assert r.status_code == status and code in [e["code"] for e in errors], r.get_json()
    if path is not None:
        assert path in [e["path"] for e in errors], errors
    after = client.get(f"/v1/games/{gid}")
    assert after.get_json() == before.get_json() and after.headers["ETag"] == before.headers["ETag"]


# ---------------------------------------------------------------- Contract Rummy

# Bicycle/Parlett: 2-10 face value, J Q K 10, A 15, JOKER 15 (penalty points, lowest wins)
CONTRACT = {"J": 10, "Q": 10, "K": 10, "A": 15, "JOKER": 15}


def test_whole_contract_rummy_game_with_buys(client: Any) -> None:
    players = ["ann", "bob", "cy", "dee"]
    gid, auth, created = new_game(client, "contract-rummy", players)
    assert [p["buys_left"] for p in created["players"]] == [3, 3, 3, 3]
    # Two packs and one joker for four players: two of each card, one JOKER in all.
    deals: list[dict[str, Any]] = [
        {"went_out": "ann", "hands": {"ann": [], "bob": ["7H", "KD", "AS"], "cy": ["JOKER", "2C"],
                                      "dee": ["10S", "10S", "9D"]}},
        {"went_out": "bob", "hands": {"ann": ["4S", "5S", "9D", "2C"], "bob": [], "cy": ["QH", "QH", "3D"],
                                      "dee": ["AS", "JOKER", "KH", "10D", "3C"]}},
        {"went_out": "cy", "hands": {"ann": ["AH", "AD"], "bob": ["8C", "8D", "6S"], "cy": [], "dee": ["2S"]}},
        {"went_out": "dee", "hands": {"ann": ["KC", "QC", "JC"], "bob": ["5H"], "cy": ["9S", "9H", "9C", "4D"],
                                      "dee": []}},
        {"went_out": "ann", "hands": {"ann": [], "bob": ["JOKER", "AC", "AC", "2H"], "cy": ["6H", "7H"],
                                      "dee": ["10H", "JH", "QS", "KS"]}},
        {"went_out": "bob", "hands": {"ann": ["3H"], "bob": [], "cy": ["8S", "8S", "8H", "8H", "8D"],
                                      "dee": ["4C", "4C", "5D"]}},
        {"went_out": "cy", "hands": {"ann": ["2D", "2D"], "bob": ["9H", "10C"], "cy": [],
                                     "dee": ["AS", "AH", "AD", "AC", "JOKER"]}},
    ]
    totals = dict.fromkeys(players, 0)
    for number, deal in enumerate(deals, start=1):
        if number == 1:
            # three buys a deal: bob takes all three, a fourth is refused
            for left in (2, 1, 0):
                r = client.post(f"/v1/games/{gid}/buys", json={"player": "bob"}, headers=auth)
                assert r.status_code == 200, r.get_json()
                assert standings(client, gid)["bob"]["buys_left"] == left
            r = client.post(f"/v1/games/{gid}/buys", json={"player": "bob"}, headers=auth)
            assert r.status_code == 409 and r.get_json()["errors"][0]["code"] == "no_buys_left"
            table = standings(client, gid)
            assert {n: table[n]["buys_left"] for n in players} == {"ann": 3, "bob": 0, "cy": 3, "dee": 3}
        if number == 3:
            for buyer in ("cy", "cy", "dee", "dee", "dee"):
                assert client.post(f"/v1/games/{gid}/buys", json={"player": buyer}, headers=auth).status_code == 200
            r = client.post(f"/v1/games/{gid}/buys", json={"player": "dee"}, headers=auth)
            assert r.status_code == 409 and r.get_json()["errors"][0]["code"] == "no_buys_left"
            table = standings(client, gid)
            assert {n: table[n]["buys_left"] for n in players} == {"ann": 3, "bob": 3, "cy": 1, "dee": 0}
        r = post_round(client, gid, auth, deal)
        for name, hand in deal["hands"].items():
            totals[name] += valued(CONTRACT, hand)
        assert scores_of(r) == totals
        # a new allowance each deal
        assert [p["buys_left"] for p in r.get_json()["players"]] == [3, 3, 3, 3]
        game = client.get(f"/v1/games/{gid}").get_json()
        assert game["status"] == ("finished" if number == 7 else "in_progress")
    # worked by hand: ann 0+20+30+30+0+3+4 = 87, bob 32+0+22+5+47+0+19 = 125,
    # cy 17+23+0+31+13+40+0 = 124, dee 29+53+2+0+40+13+75 = 212
    assert totals == {"ann": 87, "bob": 125, "cy": 124, "dee": 212}
    game = client.get(f"/v1/games/{gid}").get_json()
    assert game["status"] == "finished" and game["winner"] == "ann" and game["round"] == 7
    assert game["pot"] == 0 and all(p["pennies_paid"] == 0 for p in game["players"])  # buys cost no pennies
    late = client.post(f"/v1/games/{gid}/rounds", json=deals[0], headers=auth)
    assert late.status_code == 409
    assert client.post(f"/v1/games/{gid}/buys", json={"player": "ann"}, headers=auth).status_code == 409
    assert client.get(f"/v1/games/{gid}").get_json() == game


# ---------------------------------------------------------------- Kalooki

# Penalties: A 11, 2-9 face value, 10 J Q K 10, JOKER 25; out at 151 (over 150)
KALOOKI = {"A": 11, "10": 10, "J": 10, "Q": 10, "K": 10, "JOKER": 25}


def test_whole_kalooki_game_to_the_last_player_in(client: Any) -> None:
    players = ["ann", "bob", "cy"]
    gid, auth, _ = new_game(client, "kalooki", players)
    totals = dict.fromkeys(players, 0)
    # Two packs and four jokers.
    rounds: list[dict[str, Any]] = [
        # bob 25+11+10+10+9+8 = 73, cy 10+10+5 = 25
        {"went_out": "ann", "hands": {"ann": [], "bob": ["JOKER", "AS", "KD", "QH", "9C", "8C"],
                                      "cy": ["10H", "JH", "5S"]}},
        # ann 4+4 = 8; bob 25+25+11+10+7 = 78, 73+78 = 151: out
        {"went_out": "cy", "hands": {"ann": ["4C", "4D"], "bob": ["JOKER", "JOKER", "AH", "KD", "7S"], "cy": []}},
        # cy 4*25+10+10+5 = 125, 25+125 = 150: still in (over 150 is out)
        {"went_out": "ann", "hands": {"ann": [], "cy": ["JOKER", "JOKER", "JOKER", "JOKER", "10H", "10S", "5C"]}},
        # ann 9: 17
        {"went_out": "cy", "hands": {"ann": ["9S"], "cy": []}},
        # cy 2: 152, out; ann is the last one in
        {"went_out": "ann", "hands": {"ann": [], "cy": ["2C"]}},
    ]
    expected_out = [set(), {"bob"}, {"bob"}, {"bob"}, {"bob", "cy"}]
    for number, (body, gone) in enumerate(zip(rounds, expected_out, strict=True), start=1):
        if number == 3:
            # bob is out, so a round naming him is refused and nothing changes
            assert_refused_unchanged(client, gid, auth, {"went_out": "ann", "hands": {
                "ann": [], "bob": ["3C"], "cy": ["4C"]}}, 422, "eliminated_player", "hands.bob")
        r = post_round(client, gid, auth, body)
        for name, hand in body["hands"].items():
            totals[name] += valued(KALOOKI, hand)
        assert scores_of(r) == totals
        assert out_of(r) == {n: n in gone for n in players}
        assert r.get_json()["status"] == ("finished" if number == len(rounds) else "in_progress")
    assert totals == {"ann": 17, "bob": 151, "cy": 152}
    game = client.get(f"/v1/games/{gid}").get_json()
    assert game["status"] == "finished" and game["winner"] == "ann"
    late = client.post(f"/v1/games/{gid}/rounds", json={"went_out": "ann", "hands": {"ann": []}}, headers=auth)
    assert late.status_code == 409
    assert client.get(f"/v1/games/{gid}").get_json() == game


# ---------------------------------------------------------------- Gin Rummy

# Deadwood: A 1, 2-10 face value, J Q K 10. Knock with 10 or less; gin 25, undercut 25.
GIN = {"A": 1, "J": 10, "Q": 10, "K": 10}


def test_whole_gin_rummy_game(client: Any) -> None:
    gid, auth, _ = new_game(client, "gin-rummy", ["ann", "bob"])
    totals = {"ann": 0, "bob": 0}

    # Round 1, ann knocks. ann: 3C 4C 5C | 8D 8S 8H | 9S 10S JS, deadwood AD = 1 (8S in a run
    # 8S-JS would leave 8D 8H, 16). bob: KH KD KC | 2S 3S 4S; 6C lays off on 3C-5C, QS on 9S-JS;
    # deadwood 7H 5D = 12. ann scores 12 - 1 = 11.
    knock = {"went_out": "ann", "hands": {
        "ann": ["3C", "4C", "5C", "8D", "8S", "8H", "9S", "10S", "JS", "AD"],
        "bob": ["KH", "KD", "KC", "2S", "3S", "4S", "6C", "QS", "7H", "5D"]}}
    r = post_round(client, gid, auth, knock)
    totals["ann"] += valued(GIN, ["7H", "5D"]) - valued(GIN, ["AD"])
    assert scores_of(r) == totals == {"ann": 11, "bob": 0}

    # Round 2, bob knocks and is undercut. bob: AH 2H 3H | 7C 7D 7S | JD QD KD, deadwood 5S = 5.
    # ann: 4C 5C 6C | 9S 9H 9C | 10H JH QH, deadwood 2C = 2 (nothing of hers lays off on bob's
    # melds; 9H 10H JH QH would leave 9S 9C, 18). 2 <= 5: ann scores 25 + 5 - 2 = 28.
    undercut = {"went_out": "bob", "hands": {
        "bob": ["AH", "2H", "3H", "7C", "7D", "7S", "JD", "QD", "KD", "5S"],
        "ann": ["4C", "5C", "6C", "9S", "9H", "9C", "10H", "JH", "QH", "2C"]}}
    r = post_round(client, gid, auth, undercut)
    totals["ann"] += 25 + valued(GIN, ["5S"]) - valued(GIN, ["2C"])
    assert scores_of(r) == totals == {"ann": 39, "bob": 0}

    # A knock with 11: ann AS 2S 3S 4S | 8H 8D 8C, deadwood 6D 3H 2C = 6 + 3 + 2 = 11 > 10.
    too_much = {"went_out": "ann", "hands": {
        "ann": ["AS", "2S", "3S", "4S", "8H", "8D", "8C", "6D", "3H", "2C"],
        "bob": ["KH", "KD", "KC", "QH", "JH", "10H", "9C", "9D", "5C", "6C"]}}
    assert valued(GIN, ["6D", "3H", "2C"]) == 11
    assert_refused_unchanged(client, gid, auth, too_much, 422, "cannot_knock")
    # Only the hand's winner scores (the knocker, or the defender who undercuts): a round that
    # gives both players points is refused, and so is nothing changed.
    assert_refused_unchanged(client, gid, auth, {"went_out": "bob", "points": {"bob": 20, "ann": 5}},
                             422, "out_of_range", "points")

    # Round 3, ann goes gin: AH 2H 3H 4H | 7C 7D 7S | JD QD KD. bob may not lay off on gin (5H
    # on the hearts, 7H on the sevens, 10D on the diamonds): 9C 9H 9S | 2C 3C 4C, deadwood
    # 5H 7H 10D 6S = 5 + 7 + 10 + 6 = 28. ann scores 25 + 28 = 53.
    gin = {"went_out": "ann", "hands": {
        "ann": ["AH", "2H", "3H", "4H", "7C", "7D", "7S", "JD", "QD", "KD"],
        "bob": ["5H", "7H", "9C", "9H", "9S", "2C", "3C", "4C", "10D", "6S"]}}
    r = post_round(client, gid, auth, gin)
    totals["ann"] += 25 + valued(GIN, ["5H", "7H", "10D", "6S"])
    assert scores_of(r) == totals == {"ann": 92, "bob": 0}

    # Round 4, bob knocks with exactly 10: AC 2C 3C | 6H 6D 6S | JS QS KS, deadwood 10H = 10.
    # ann holds no meld (no third K, no three in a suit in a row) and nothing that lays off
    # (4C, 6C, 10S are not hers): 4D 5S 7H 8C 9H KH KD 2D 3S QD = 68. bob scores 68 - 10 = 58.
    ann4 = ["4D", "5S", "7H", "8C", "9H", "KH", "KD", "2D", "3S", "QD"]
    limit = {"went_out": "bob", "hands": {
        "bob": ["AC", "2C", "3C", "6H", "6D", "6S", "JS", "QS", "KS", "10H"], "ann": ann4}}
    r = post_round(client, gid, auth, limit)
    totals["bob"] += valued(GIN, ann4) - valued(GIN, ["10H"])
    assert scores_of(r) == totals == {"ann": 92, "bob": 58}
    assert r.get_json()["status"] == "in_progress"

    # Round 5, bob knocks with 5 (2H 3H 4H | 9C 9D 9S | QH QC QS, deadwood 5C) and ann ties:
    # AD 2D 3D | 6C 7C 8C | KH KD KC, deadwood 5D = 5, nothing to lay off. A tie is an
    # undercut: ann scores 25 + 0, reaching 117: the game ends.
    tie = {"went_out": "bob", "hands": {
        "bob": ["2H", "3H", "4H", "9C", "9D", "9S", "QH", "QC", "QS", "5C"],
        "ann": ["AD", "2D", "3D", "6C", "7C", "8C", "KH", "KD", "KC", "5D"]}}
    r = post_round(client, gid, auth, tie)
    totals["ann"] += 25 + valued(GIN, ["5C"]) - valued(GIN, ["5D"])
    assert scores_of(r) == totals == {"ann": 117, "bob": 58}
    game = client.get(f"/v1/games/{gid}").get_json()
    assert game["status"] == "finished" and game["winner"] == "ann" and game["round"] == 5
    assert client.post(f"/v1/games/{gid}/rounds", json=knock, headers=auth).status_code == 409
    assert client.get(f"/v1/games/{gid}").get_json() == game


# ---------------------------------------------------------------- Rummy 500

# Melded minus caught: A 15 (1 at the bottom of A-2-3 melded), 2-10 face, J Q K 10, JOKER 15.
R500 = {"A": 15, "J": 10, "Q": 10, "K": 10, "JOKER": 15}


def test_whole_rummy_500_game(client: Any) -> None:
    players = ["ann", "bob", "cy"]
    gid, auth, _ = new_game(client, "rummy-500", players)
    totals = dict.fromkeys(players, 0)

    # Round 1 (one pack and two jokers, every card once). ann went out having melded
    # AC 2C 3C (1 + 2 + 3 = 6), KS KH KD (30), 7S 7H JOKER (7 + 7 + 15 = 29): 65.
    # bob melded 9D 10D JD (29) and laid off QD (10): 39, caught AS 5H (20): 19.
    # cy melded nothing, caught JOKER AH 8C = 15 + 15 + 8 = 38: -38.
    r = post_round(client, gid, auth, {
        "went_out": "ann",
        "hands": {"ann": [], "bob": ["AS", "5H"], "cy": ["JOKER", "AH", "8C"]},
        "melded": {"ann": [["AC", "2C", "3C"], ["KS", "KH", "KD"], ["7S", "7H", "JOKER"]],
                   "bob": [["9D", "10D", "JD"], ["QD"]]}})
    totals["ann"] += (1 + 2 + 3) + valued(R500, ["KS", "KH", "KD"]) + valued(R500, ["7S", "7H", "JOKER"])
    totals["bob"] += valued(R500, ["9D", "10D", "JD", "QD"]) - valued(R500, ["AS", "5H"])
    totals["cy"] -= valued(R500, ["JOKER", "AH", "8C"])
    assert scores_of(r) == totals == {"ann": 65, "bob": 19, "cy": -38}

    # Round 2 as points, one of them below 0.
    r = post_round(client, gid, auth, {"went_out": "bob", "points": {"ann": -12, "bob": 40, "cy": 22}})
    totals = {"ann": totals["ann"] - 12, "bob": totals["bob"] + 40, "cy": totals["cy"] + 22}
    assert scores_of(r) == totals == {"ann": 53, "bob": 59, "cy": -16}

    # Round 3. cy went out: AS AH AD AC (60), 10S JS QS KS (40), JOKER QH KH (15 + 20): 135.
    # ann melded 2D 3D 4D (9), caught 9C 9H (18): -9. bob melded 5S 6S 7S (18) and laid off
    # 8S (8), caught a JOKER (15): 11.
    r = post_round(client, gid, auth, {
        "went_out": "cy",
        "hands": {"ann": ["9C", "9H"], "bob": ["JOKER"], "cy": []},
        "melded": {"cy": [["AS", "AH", "AD", "AC"], ["10S", "JS", "QS", "KS"], ["JOKER", "QH", "KH"]],
                   "ann": [["2D", "3D", "4D"]], "bob": [["5S", "6S", "7S"], ["8S"]]}})
    totals["cy"] += valued(R500, ["AS", "AH", "AD", "AC", "10S", "JS", "QS", "KS", "JOKER", "QH", "KH"])
    totals["ann"] += valued(R500, ["2D", "3D", "4D"]) - valued(R500, ["9C", "9H"])
    totals["bob"] += valued(R500, ["5S", "6S", "7S", "8S"]) - valued(R500, ["JOKER"])
    assert scores_of(r) == totals == {"ann": 44, "bob": 70, "cy": 119}

    # Rounds 4 and 5 as points.
    for went_out, points in (("ann", {"ann": 190, "bob": -5, "cy": 160}),
                             ("cy", {"ann": 186, "bob": 60, "cy": 151})):
        r = post_round(client, gid, auth, {"went_out": went_out, "points": points})
        totals = {n: totals[n] + points[n] for n in players}
        assert scores_of(r) == totals
        assert r.get_json()["status"] == "in_progress"
    assert totals == {"ann": 420, "bob": 125, "cy": 430}

    # Round 6: ann and cy both pass 500; the higher total wins although cy led before it.
    # ann went out: KS KH KD KC (40), 10H JH QH (30), AD 2D 3D (6), 9S 9H 9C (27) and a JOKER
    # laid off (15): 118. cy: QS QC QD (30), 5C 6C 7C 8C (26), AS AH AC (45) = 101, caught 4H:
    # 97. bob melded nothing, caught JOKER 2S 3S = 20: -20.
    r = post_round(client, gid, auth, {
        "went_out": "ann",
        "hands": {"ann": [], "bob": ["JOKER", "2S", "3S"], "cy": ["4H"]},
        "melded": {"ann": [["KS", "KH", "KD", "KC"], ["10H", "JH", "QH"], ["AD", "2D", "3D"],
                           ["9S", "9H", "9C"], ["JOKER"]],
                   "cy": [["QS", "QC", "QD"], ["5C", "6C", "7C", "8C"], ["AS", "AH", "AC"]]}})
    totals["ann"] += valued(R500, ["KS", "KH", "KD", "KC", "10H", "JH", "QH"]) + (1 + 2 + 3) \
        + valued(R500, ["9S", "9H", "9C", "JOKER"])
    totals["cy"] += valued(R500, ["QS", "QC", "QD", "5C", "6C", "7C", "8C", "AS", "AH", "AC"]) \
        - valued(R500, ["4H"])
    totals["bob"] -= valued(R500, ["JOKER", "2S", "3S"])
    assert scores_of(r) == totals == {"ann": 538, "bob": 105, "cy": 527}
    game = client.get(f"/v1/games/{gid}").get_json()
    assert game["status"] == "finished" and game["winner"] == "ann" and game["round"] == 6
    late = client.post(f"/v1/games/{gid}/rounds", json={"went_out": "bob", "points": {"ann": 1, "bob": 1, "cy": 1}},
                       headers=auth)
    assert late.status_code == 409
    assert client.get(f"/v1/games/{gid}").get_json() == game


# ---------------------------------------------------------------- Indian Rummy

# Deadwood: A K Q J 10 count 10, 2-9 face value, wild cards (the cut rank, printed jokers) 0;
# melds count only with two sequences, one pure; at most 80; out at 101.
INDIAN = {"A": 10, "K": 10, "Q": 10, "J": 10, "10": 10, "JOKER": 0}


def indian(cards: Iterable[str], wild: str) -> int:
    return sum(0 if rank(c) == wild else valued(INDIAN, [c]) for c in cards)


def test_whole_indian_rummy_game(client: Any) -> None:
    players = ["ann", "bob", "cy"]
    gid, auth, _ = new_game(client, "indian-rummy", players)

    # The cut card's rank is part of every round.
    assert_refused_unchanged(client, gid, auth, {"went_out": "ann", "hands": {
        "ann": [], "bob": ["2C", "9H"], "cy": ["KD"]}}, 422, "missing_field", path="wild_rank")
    totals = dict.fromkeys(players, 0)

    # Round 1, 7s wild, ann declares.
    # bob: 3H 4H 5H (pure), 9S 10S 7C (7C as JS or 8S), QD QC QS; deadwood KH 2C 6D AS
    # = 10 + 2 + 6 + 10 = 28 (7C in a run with QS breaks the queens; nothing else touches).
    bob1 = ["3H", "4H", "5H", "9S", "10S", "7C", "QD", "QC", "QS", "KH", "2C", "6D", "AS"]
    # cy: 8C 9C JOKER and 4D 5D 7S are sequences, but no three natural cards of a suit run
    # (clubs 6 8 9, diamonds 4 5, hearts 2 10 K, spades 3 K): no pure sequence, so every card
    # counts, the wild ones 0: 8+9+0+4+5+0+10+10+10+2+6+10+3 = 77.
    cy1 = ["8C", "9C", "JOKER", "4D", "5D", "7S", "KS", "KH", "KD", "2H", "6C", "10H", "3S"]
    r = post_round(client, gid, auth, {"went_out": "ann", "wild_rank": "7",
                                       "hands": {"ann": [], "bob": bob1, "cy": cy1}})
    totals["bob"] += indian(["KH", "2C", "6D", "AS"], "7")
    totals["cy"] += indian(cy1, "7")
    assert scores_of(r) == totals == {"ann": 0, "bob": 28, "cy": 77}

    # Round 2, 3s wild (none held), bob declares.
    # ann: three sets, no sequence (spades K 10 8 5, hearts K 10 8, diamonds K 10 8, clubs
    # Q 9 6): all count, 30 + 10 + 30 + 9 + 24 + 6 + 5 = 114, at most 80.
    ann2 = ["KS", "KH", "KD", "QC", "10S", "10H", "10D", "9C", "8S", "8H", "8D", "6C", "5S"]
    # cy: a pure 4S 5S 6S and the set 4D 4C 4H, but no second sequence can be made (clubs
    # 2 4 6 9, diamonds 2 4 8, hearts 4 5 9): every card counts, 15 + 12 + 41 = 68.
    cy2 = ["4S", "5S", "6S", "4D", "4C", "4H", "9H", "2C", "2D", "5H", "6C", "8D", "9C"]
    r = post_round(client, gid, auth, {"went_out": "bob", "wild_rank": "3",
                                       "hands": {"ann": ann2, "bob": [], "cy": cy2}})
    assert indian(ann2, "3") == 114
    totals["ann"] += min(80, indian(ann2, "3"))
    totals["cy"] += min(80, indian(cy2, "3"))
    assert scores_of(r) == totals == {"ann": 80, "bob": 28, "cy": 145}
    assert out_of(r) == {"ann": False, "bob": False, "cy": True}

    # Round 3, 5s wild, ann declares; cy is out and left off.
    # bob: 4H 5H 6H is pure (5H in its own place is natural), 9C 10C 5D (5D as 8C or JC),
    # 7S 7D 7C; deadwood KS QD 2C 3D = 10 + 10 + 2 + 3 = 25. (Were 5H wild, no sequence would
    # be pure and all 13 would count: 75.)
    bob3 = ["4H", "5H", "6H", "9C", "10C", "5D", "7S", "7D", "7C", "KS", "QD", "2C", "3D"]
    r = post_round(client, gid, auth, {"went_out": "ann", "wild_rank": "5", "hands": {"ann": [], "bob": bob3}})
    totals["bob"] += indian(["KS", "QD", "2C", "3D"], "5")
    assert scores_of(r) == totals == {"ann": 80, "bob": 53, "cy": 145}
    assert r.get_json()["status"] == "in_progress"

    # Round 4, aces wild (a printed joker was cut), bob declares.
    # ann: 9C 10C JC (pure), 5D 6D AS (AS as 4D or 7D), 3S 3H 3D; deadwood 8H 4S 2C 7C
    # = 8 + 4 + 2 + 7 = 21 (AS as 8C in 7C-JC leaves no pure sequence; AS with 3S 4S breaks
    # the threes and the diamonds). 80 + 21 = 101: out, bob is the last one in.
    ann4 = ["9C", "10C", "JC", "5D", "6D", "AS", "3S", "3H", "3D", "8H", "4S", "2C", "7C"]
    r = post_round(client, gid, auth, {"went_out": "bob", "wild_rank": "A", "hands": {"ann": ann4, "bob": []}})
    totals["ann"] += indian(["8H", "4S", "2C", "7C"], "A")
    assert scores_of(r) == totals == {"ann": 101, "bob": 53, "cy": 145}
    assert out_of(r) == {"ann": True, "bob": False, "cy": True}
    game = client.get(f"/v1/games/{gid}").get_json()
    assert game["status"] == "finished" and game["winner"] == "bob" and game["round"] == 4
    late = client.post(f"/v1/games/{gid}/rounds", json={"went_out": "bob", "wild_rank": "A", "hands": {"bob": []}},
                       headers=auth)
    assert late.status_code == 409
    assert client.get(f"/v1/games/{gid}").get_json() == game
