"""Points no hand can make (`impossible_points`): a round entered as points is checked against
every card in play and the game's bonuses, read from the ruleset."""

from __future__ import annotations

import time
from itertools import product
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.loading.loader import Library
from referee.scoring.hand import Deal
from referee.scoring.reachable import Hull, Reach, hull_of, reachable
from referee.sheet.records import round_record
from referee.values.errors import InvalidPlayError
from tests.rounds import SHIPPED, Round, rounds
from tests.test_api_games import new_game

# ---------------------------------------------------------------- the set of numbers


numbers = st.sets(st.integers(-40, 40), min_size=1, max_size=8)


@given(numbers, numbers)
def test_a_reach_holds_the_sums_and_the_union_of_its_numbers(a: set[int], b: set[int]) -> None:
    ra, rb = Reach.of(a), Reach.of(b)
    assert set(ra) == a and all(n in ra for n in a) and not any(n in ra for n in range(-90, 90) if n not in a)
    assert set(ra + rb) == {x + y for x, y in product(a, b)}
    assert set(ra | rb) == a | b
    assert (ra.least, ra.most) == (min(a), max(a))
    assert set(ra.between(-5, 12)) == {n for n in a if -5 <= n <= 12}
    assert all((n - min(a)) % ra.step == 0 for n in a) if ra.step else len(a) == 1


@given(numbers, numbers, st.integers(-50, 50), st.integers(-50, 50))
def test_a_hull_holds_every_number_of_the_set_it_stands_for(a: set[int], b: set[int], low: int, high: int) -> None:
    ha, hb = Hull.of(a), Hull.of(b)
    ra, rb = Reach.of(a), Reach.of(b)
    for hull, reach in ((ha, ra), (ha + hb, ra + rb), (ha | hb, ra | rb), (ha.negated(), ra.negated()),
                        (ha.shifted(low), ra.shifted(low))):
        assert all(n in hull for n in reach) and (hull.least, hull.most) == (reach.least, reach.most)
    assert all(n in ha.between(low, high) for n in ra.between(low, high))


@pytest.mark.parametrize("ruleset_id", [r.id for r in SHIPPED])
def test_a_shipped_game_gets_its_exact_numbers_within_their_hull(library: Library, ruleset_id: str) -> None:
    ruleset = library.get(ruleset_id)
    for players in {ruleset.players_min, ruleset.players_max}:
        reach = reachable(ruleset, Deal(1, players))
        hull = hull_of(ruleset, Deal(1, players))
        assert isinstance(reach, Reach) and (hull.least, hull.most) == (reach.least, reach.most)
        assert all(n in hull for n in reach)


def test_a_deck_too_wide_to_list_is_answered_by_its_hull_at_once(library: Library) -> None:
    wide = library.copy().load("format: 1\nid: wide\nextends: phase-10\nname: Wide\ndeck: {copies: 8, decks: 8}\n"
                               'scoring:\n  card_values: {"1-9": 1000, "10-12": 1000, SK: 995, W: 990}\n')[0]
    started = time.process_time()
    reach = reachable(wide, Deal(1, 6))
    assert time.process_time() - started < 1
    assert isinstance(reach, Hull) and reach.step == 5 and reach.most == 3072 * 1000 + 32 * 995 + 64 * 990
    assert _refused(wide, {"bob": 7}, "ann", players=6) == [("points.bob", "impossible_points")]
    assert _refused(wide, {"bob": 1985}, "ann", players=6) == []


# ---------------------------------------------------------------- refused and accepted

def _refused(ruleset: Any, points: dict[str, int], went_out: str | None = None, players: int = 2,
             **body: Any) -> list[tuple[str, str]]:
    try:
        round_record(ruleset, {"went_out": went_out, "points": points, **body}, players)
    except InvalidPlayError as exc:
        return [(p.path, p.code) for p in exc.problems]
    return []


def test_phase_10_refuses_7_and_takes_its_cards_sums(library: Library) -> None:
    phase10 = library.get("phase-10")
    assert _refused(phase10, {"bob": 7}, "ann") == [("points.bob", "impossible_points")]
    for points in (0, 5, 10, 15, 25, 30, 860):
        assert _refused(phase10, {"bob": points}, "ann") == [], points
    # one deck of 108 cards: 860 points at most
    assert _refused(phase10, {"bob": 865}, "ann") == [("points.bob", "impossible_points")]


def test_canasta_takes_fives_and_refuses_the_rest(library: Library) -> None:
    canasta = library.get("canasta")
    everyone = {"ann": 0, "bob": 0, "cy": 0, "dee": 0}
    for points in (5, -5, 1995, -2380, 100, 9780):
        assert _refused(canasta, everyone | {"ann": points}, players=4) == [], points
    for points in (7, -3, 1993, 9785, -2385):
        assert _refused(canasta, everyone | {"ann": points}, players=4) == [("points.ann", "impossible_points")], points


def test_more_than_every_card_in_play_is_refused_by_the_decks_at_the_table(library: Library) -> None:
    tp = library.get("ten-pennies")  # a pack for two players, two for three or four: 560 a pack
    assert _refused(tp, {"bob": 560}, "ann", cards={"bob": 54}) == []
    assert _refused(tp, {"bob": 565}, "ann", cards={"bob": 54}) == [("points.bob", "impossible_points")]
    assert _refused(tp, {"bob": 565, "cy": 0}, "ann", players=3, cards={"bob": 54, "cy": 0}) == []


def test_the_sentence_says_why(library: Library) -> None:
    phase10, tp = library.get("phase-10"), library.get("ten-pennies")
    with pytest.raises(InvalidPlayError) as refused:
        round_record(phase10, {"went_out": "ann", "points": {"bob": 7}}, 2)
    assert refused.value.problems[0].message == (
        "bob: no hand in Phase 10 is worth 7: its cards are worth 5, 10, 15, 25, so a hand's points are a "
        "multiple of 5")
    with pytest.raises(InvalidPlayError) as refused:
        round_record(tp, {"went_out": "ann", "points": {"bob": 565}, "cards": {"bob": 60}}, 2)
    assert refused.value.problems[0].message.endswith("the most a hand can be worth, every card in play counted, "
                                                      "is 560")


def test_a_rack_is_typed_as_what_it_holds(library: Library) -> None:
    rummikub = library.get("rummikub")
    assert _refused(rummikub, {"bob": 24}, "ann") == []
    assert _refused(rummikub, {"bob": -24}, "ann") == [("points.bob", "out_of_range")]  # never minus
    assert _refused(rummikub, {"bob": 789}, "ann") == [("points.bob", "impossible_points")]  # 106 tiles: 788


def test_below_zero_stays_out_of_range_where_no_card_is(library: Library) -> None:
    assert _refused(library.get("bing-rummy"), {"bob": -4}, "ann") == [("points.bob", "out_of_range")]
    rummy500 = library.get("rummy-500")  # melded less caught: a pack's cards caught, -426 at the least
    assert _refused(rummy500, {"bob": -426}, "ann") == []
    assert _refused(rummy500, {"bob": -427}, "ann") == [("points.bob", "impossible_points")]


def test_a_knock_game_takes_what_a_knock_can_give(library: Library) -> None:
    gin = library.get("gin-rummy")
    for points in (0, 1, 25, 26, 365):  # a point's difference, an undercut's bonus, gin on every other card
        assert _refused(gin, {"ann": points, "bob": 0}, "ann") == [], points
    assert _refused(gin, {"ann": 366, "bob": 0}, "ann") == [("points.ann", "impossible_points")]


def test_a_wild_card_counts_as_the_round_makes_it(library: Library) -> None:
    five = library.get("five-crowns")  # round 1: threes wild, 20 each; jokers 50
    reach = reachable(five, Deal(1, 2))
    assert 20 in reach and 50 in reach and reach.most == 1350
    # Indian Rummy's deal names its wild rank; without it, any card may be one (and count 0)
    indian = library.get("indian-rummy")
    assert reachable(indian, Deal(1, 2, "5")).most == reachable(indian, Deal(1, 2)).most == 80


def test_a_refused_round_stores_nothing(client: Any) -> None:
    gid, auth, _ = new_game(client, "phase-10", ["ann", "bob"])
    before = client.get(f"/v1/games/{gid}")
    r = client.post(f"/v1/games/{gid}/rounds", json={"went_out": "ann", "phases_made": ["ann"], "points": {"bob": 7}},
                    headers=auth)
    assert r.status_code == 422 and r.mimetype == "application/problem+json"
    assert [(e["path"], e["code"]) for e in r.get_json()["errors"]] == [("points.bob", "impossible_points")]
    after = client.get(f"/v1/games/{gid}")
    assert after.get_json() == before.get_json() and after.headers["ETag"] == before.headers["ETag"]
    r = client.post(f"/v1/games/{gid}/rounds", json={"went_out": "ann", "phases_made": ["ann"], "points": {"bob": 30}},
                    headers=auth)
    assert r.status_code == 200 and r.get_json()["rounds"][0]["points"] == {"bob": 30}


# ---------------------------------------------------------------- what scoring makes is never refused

@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(rounds())
def test_points_a_hand_scores_are_never_refused_when_typed(found: Round) -> None:
    ruleset, deal = found.ruleset, found.deal
    reach = reachable(ruleset, Deal(deal.round_number, deal.players, deal.wild_rank))
    scored = found.scored()
    if ruleset.scoring.method == "winner_gains":  # a rack is typed as what it holds
        typed = {name: ruleset.scoring.hand_points(cards, ruleset.rummy.round(deal.round_number).wilds.ranks)
                 for name, cards in found.hands.items()}
    else:
        typed = {name: score.points for name, score in scored.items()}
    assert all(points in reach for points in typed.values()), (ruleset.id, typed)
