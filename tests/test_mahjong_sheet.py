"""A Mahjong game's score sheet in the engine (mahjong.md, "The score sheet").

Each hand's payments are checked against the `mahjong` package's score calculator (an
independent reading of the same payment tables, honba and sticks); whole games of random
hands keep the sheet's invariant (the points and the sticks on the table sum to the start at
every hand) and follow the dealer, the winds and the end as an obvious reference replays them.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mahjong.constants import EAST
from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
from mahjong.hand_calculating.scores import ScoresCalculator

from referee.loading.loader import Library
from referee.rules.ruleset import Ruleset
from referee.sheet.mahjong_entry import hand_record
from referee.sheet.mahjong_table import round_wind, seat_winds
from referee.sheet.standings import Sheet, start
from referee.values.errors import InvalidPlayError

NAMES = ["ann", "bob", "cy", "dee"]
LIBRARY = Library.builtin()


def _game(ruleset_id: str, dealer: str | None = None) -> Sheet:
    return start(LIBRARY.get(ruleset_id), NAMES, dealer=dealer)


def enter(sheet: Sheet, body: dict[str, Any]) -> dict[str, Any]:
    """One hand entered as the service enters it: the record made with the game's winds, then applied."""
    ruleset: Ruleset = sheet.ruleset
    assert ruleset.mahjong is not None and sheet.table is not None
    record = hand_record(ruleset, body, seat_winds(ruleset.mahjong, NAMES, sheet.table),
                         round_wind(ruleset.mahjong, sheet.table))
    sheet.apply(record)
    return sheet.rounds[-1]


def _total(sheet: Sheet) -> int:
    return sum(p.score for p in sheet.players) + sheet.pot


# ---------------------------------------------------------------- one hand against the package

HAN_FU = [(han, fu) for han in range(1, 5) for fu in (30, 40, 50, 60, 70, 80, 90, 100, 110)] + \
    [(2, 25), (3, 25), (4, 25), (2, 20), (3, 20), (4, 20)] + [(han, 30) for han in range(5, 14)]


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(HAN_FU), st.sampled_from(NAMES), st.sampled_from(NAMES), st.booleans(),
       st.integers(0, 4), st.sampled_from([[], ["ann"], ["bob", "cy"]]))
def test_a_win_is_paid_as_the_package_pays_it(figures: tuple[int, int], winner: str, discarder: str,
                                              self_drawn: bool, honba: int, riichi: list[str]) -> None:
    han, fu = figures
    sheet = _game("riichi")
    for _ in range(honba):  # drawn hands with the dealer tenpai: the honba build up, the dealer stays
        enter(sheet, {"draw": {"tenpai": NAMES}})
    if winner == discarder or fu == 20:  # 20 fu: a concealed all-chow hand, self-drawn only
        self_drawn = True
    sticks = len(riichi)
    played = enter(sheet, {"win": {"winner": winner, "from": None if self_drawn else discarder, "han": han, "fu": fu},
                           "riichi": riichi})
    config = HandConfig(is_tsumo=self_drawn, tsumi_number=honba, kyoutaku_number=sticks,
                        player_wind=EAST if winner == "ann" else EAST + 1, round_wind=EAST,
                        options=OptionalRules(kazoe_limit=HandConstants.KAZOE_SANBAIMAN))
    paid = ScoresCalculator().calculate_scores(han, fu, config)
    def moved(name: str) -> int:  # the hand's own payments (the end's reckoning is apart)
        return int(played["points"][name])
    gained = moved(winner) + (1000 if winner in riichi else 0)
    assert gained == paid["total"]
    for name in NAMES:
        if name == winner:
            continue
        lost = -moved(name) - (1000 if name in riichi else 0)
        if not self_drawn:
            expected = paid["main"] + paid["main_bonus"] if name == discarder else 0
        elif name == "ann":  # the dealer pays the main share of a self-draw
            expected = paid["main"] + paid["main_bonus"]
        else:
            expected = (paid["additional"] + paid["additional_bonus"]) if winner != "ann" else \
                paid["main"] + paid["main_bonus"]
        assert lost == expected, (name, played["breakdown"])
    assert sum(moved(n) for n in NAMES) == 0 and sheet.pot == 0  # the winner takes every stick
    assert _total(sheet) == 100000


# ---------------------------------------------------------------- whole games against a reference

def _reference(hands: list[dict[str, Any]]) -> list[tuple[str, int, int, bool]]:
    """The dealer, round wind and honba before each hand, and whether the game has ended after
    it, as the rules say them plainly: the dealer stays on a win of their own or when tenpai at
    a draw, adding a honba; a draw adds a honba; any other win clears them; the deal goes round
    East then South. (Whether a player fell below zero is the sheet's to say: see the caller.)"""
    dealer, wind, honba, out = 0, 0, 0, []
    for hand in hands:
        winners = [w["winner"] for w in ([hand["win"]] if "win" in hand else hand.get("wins", []))]
        stays = NAMES[dealer] in winners if winners else NAMES[dealer] in hand["draw"]["tenpai"]
        out.append((NAMES[dealer], wind, honba, False))
        honba = honba + 1 if stays or not winners else 0
        if not stays:
            dealer = (dealer + 1) % 4
            wind += dealer == 0
        out[-1] = (*out[-1][:3], wind >= 2)
    return out


WIN = st.fixed_dictionaries({"winner": st.sampled_from(NAMES), "from": st.sampled_from([None, *NAMES]),
                             "han": st.integers(1, 6), "fu": st.sampled_from([30, 40, 50])})
HAND = st.one_of(st.fixed_dictionaries({"win": WIN}),
                 st.fixed_dictionaries({"draw": st.fixed_dictionaries({"tenpai": st.lists(
                     st.sampled_from(NAMES), unique=True)})}))


@settings(max_examples=60, deadline=None)
@given(st.lists(HAND, min_size=1, max_size=30), st.lists(st.sampled_from(NAMES), max_size=2, unique=True))
def test_a_game_keeps_its_sum_dealer_and_winds(hands: list[dict[str, Any]], riichi: list[str]) -> None:
    sheet = _game("riichi")
    expected = _reference(hands)
    for hand, (dealer, wind, honba, ends) in zip(hands, expected, strict=False):
        if sheet.status != "in_progress":
            break
        if "win" in hand and hand["win"]["from"] == hand["win"]["winner"]:
            hand = {"win": {**hand["win"], "from": None}}
        body = dict(hand)
        if "draw" in hand:  # who declared riichi is tenpai at a drawn hand
            body["riichi"] = [n for n in riichi if n in hand["draw"]["tenpai"]]
        assert (sheet.dealer, sheet.table.wind if sheet.table else None, sheet.table.honba if sheet.table else None) \
            == (dealer, wind, honba)
        before, pot = {p.name: p.score for p in sheet.players}, sheet.pot
        try:
            played = enter(sheet, body)
        except InvalidPlayError as exc:  # a riichi stick its player cannot pay: refused, nothing changes
            assert {p.code for p in exc.problems} <= {"out_of_range"}
            break
        assert played["hand"].startswith(("East ", "South "))
        reckoned = sum(part["points"] for parts in (played.get("reckoning") or {}).values() for part in parts)
        assert sum(played["points"].values()) + reckoned == pot - sheet.pot  # what left the players is on the table
        assert _total(sheet) == 100000
        kept = {n: before[n] + played["points"][n] for n in NAMES}  # the scores before the reckoning
        assert (sheet.status == "finished") == (ends or min(kept.values()) < 0)
        if sheet.status == "finished":
            assert sheet.pot == 0
            top = max(p.score for p in sheet.players)
            winner = [p.name for p in sheet.players if p.score == top]
            assert sheet.winner == (winner[0] if len(winner) == 1 else winner)


def test_uma_and_oka_reckon_the_end() -> None:
    """25000 start, 30000 returned: each gives back 5000, the first takes 20000; uma 15/5/-5/-15."""
    sheet = _game("riichi")
    enter(sheet, {"win": {"winner": "bob", "from": "cy", "yakuman": 1}, "riichi": ["ann"]})  # bob 57000, cy -7000
    assert sheet.status == "finished"  # cy fell below zero
    final = {p.name: p.score for p in sheet.players}
    raw = {"ann": 24000, "bob": 25000 + 32000 + 1000, "cy": 25000 - 32000, "dee": 25000}
    uma = {"bob": 15000, "dee": 5000, "ann": -5000, "cy": -15000}
    oka = {"bob": 15000, "ann": -5000, "cy": -5000, "dee": -5000}
    assert final == {n: raw[n] + uma[n] + oka[n] for n in NAMES}
    assert sum(final.values()) == 100000 and sheet.winner == "bob"


def test_tied_places_share_their_uma() -> None:
    sheet = _game("riichi-no-oka")
    sheet.apply({"type": "finish"})
    assert {p.name: p.score for p in sheet.players} == {n: 30000 for n in NAMES}  # (15+5-5-15)/4 each
    assert sheet.winner == NAMES


@pytest.mark.parametrize(("tenpai", "paid"), [
    (["ann"], {"ann": 3000, "bob": -1000, "cy": -1000, "dee": -1000}),
    (["ann", "cy"], {"ann": 1500, "bob": -1500, "cy": 1500, "dee": -1500}),
    (["ann", "bob", "cy"], {"ann": 1000, "bob": 1000, "cy": 1000, "dee": -3000}),
    ([], {n: 0 for n in NAMES}), (NAMES, {n: 0 for n in NAMES})])
def test_noten_payments(tenpai: list[str], paid: dict[str, int]) -> None:
    """3000 in all from those not tenpai to those tenpai (WRC)."""
    assert enter(_game("riichi"), {"draw": {"tenpai": tenpai}})["points"] == paid


def test_several_winners_off_one_discard() -> None:
    """The first in turn from the discarder (cy, then dee, then ann) takes the honba and the sticks."""
    sheet = _game("riichi-double-ron")
    enter(sheet, {"draw": {"tenpai": ["ann"]}, "riichi": ["ann"]})  # 1 honba, 1000 on the table
    played = enter(sheet, {"wins": [{"winner": "ann", "from": "bob", "han": 1, "fu": 30},
                                    {"winner": "cy", "from": "bob", "han": 1, "fu": 30}]})
    assert played["breakdown"]["cy"] == [{"item": "win", "points": 1000}, {"item": "honba", "points": 300},
                                         {"item": "riichi_sticks", "points": 1000}]
    assert played["points"]["ann"] == 1500 and played["points"]["bob"] == -2800
    assert sheet.dealer == "ann" and sheet.table is not None and sheet.table.honba == 2  # the dealer won: repeats


def test_hong_kong_pays_by_faan() -> None:
    """The discarder pays for the table (4 x the faan's points); a self-draw, 2 x from each."""
    sheet = _game("hong-kong")
    assert enter(sheet, {"win": {"winner": "bob", "from": "cy", "faan": 3}})["points"] == \
        {"ann": 0, "bob": 32, "cy": -32, "dee": 0}
    assert enter(sheet, {"draw": {"tenpai": []}})["hand"] == "East 2"  # no honba named where none are paid
    assert sheet.dealer == "bob"  # the dealer deals again after a drawn hand
    assert enter(sheet, {"win": {"winner": "dee", "faan": 10}})["points"] == \
        {"ann": -256, "bob": -256, "cy": -256, "dee": 768}
    with pytest.raises(InvalidPlayError) as refused:
        enter(sheet, {"draw": {"tenpai": []}, "riichi": ["ann"]})
    assert refused.value.problems[0].path == "riichi"


def test_a_win_by_tiles_is_scored_with_the_seat_wind() -> None:
    """bob is south in East 1: a pung of south is his seat wind's yakuhai; in East 2 cy is south, dee west."""
    sheet = _game("riichi")
    hand = {"hand": "123m456p789s55m", "tile": "5m", "melds": [{"tiles": "222z"}]}
    played = enter(sheet, {"win": {"winner": "bob", "from": "ann", **hand}})
    assert [(p["name"], p["value"]) for p in played["win"]["score"]["patterns"]] == [("yakuhai", 1)]
    assert played["points"]["bob"] == 1000  # 20 + 4 (an open pung of honours) + 2 (a single wait): 30 fu, 1 han
    with pytest.raises(InvalidPlayError) as refused:
        enter(sheet, {"win": {"winner": "dee", "from": "ann", **hand}})
    assert refused.value.problems[0].code == "no_yaku" and refused.value.problems[0].path == "win.hand"
    assert enter(sheet, {"win": {"winner": "cy", "from": "ann", **hand}})["points"]["cy"] == 1000


def test_the_schema_names_every_condition_and_no_other() -> None:
    """A pattern's `when` is checked against the conditions the engine has (a misspelt one is a
    schema problem, not a check that cannot run)."""
    import json
    from pathlib import Path

    from referee.checks.mahjong.conditions import CONDITIONS

    schema = json.loads((Path(__file__).resolve().parent.parent / "schemas" / "ruleset.schema.json").read_text())
    when = schema["$defs"]["mahjong"]["properties"]["patterns"]["additionalProperties"]["properties"]["when"]
    assert set(when["propertyNames"]["enum"]) == set(CONDITIONS)


@pytest.mark.parametrize(("patch", "path", "code"), [
    ({"game": {"winds": ["9q"]}}, "game.winds[0]", "schema"),
    ({"game": {"winds": ["5z"]}}, "game.winds[0]", "meaning"),
    ({"game": {"uma": [1000, -500]}}, "game.uma", "meaning"),
    ({"game": {"uma": [1, 1, 1, 1, -4]}}, "game.uma", "meaning"),
    ({"patterns": {"tanyao": {"when": {"simples": True}}}}, "patterns.tanyao.when", "schema"),
    ({"patterns": {"kokushi_musou": {"raised": {"yakuman": 2, "when": {"waits": "pair"}}}}},
     "patterns.kokushi_musou.raised.when", "schema"),
])
def test_a_house_mahjong_file_that_cannot_play_is_refused(patch: dict[str, Any], path: str, code: str) -> None:
    problems = Library.builtin().validate(json.dumps({"id": "house", "extends": "riichi", **patch}))
    assert (path, code) in {(p.path, p.code) for p in problems}


def test_three_players_where_a_house_seats_three() -> None:
    """A house variant for three (players 3, an uma of three places): the deal goes round three
    seats, a self-draw is paid by the two others, and the game ends after South 3."""
    library = Library.builtin().copy()
    ruleset = library.load(json.dumps({"id": "riichi-three", "extends": "riichi", "players": {"min": 3, "max": 3},
                                       "game": {"uma": [15000, 0, -15000]}}))[0]
    names = ["ann", "bob", "cy"]
    sheet = start(ruleset, names)
    assert ruleset.mahjong is not None and sheet.table is not None
    seen = []
    while sheet.status == "in_progress":
        seen.append(sheet.as_dict()["hand"])
        dealer = sheet.dealer
        other = next(n for n in names if n != dealer)
        winds = seat_winds(ruleset.mahjong, names, sheet.table)
        assert winds[dealer] == "1z" and sorted(winds.values()) == ["1z", "2z", "3z"]
        record = hand_record(ruleset, {"win": {"winner": other, "han": 1, "fu": 30}}, winds,
                             round_wind(ruleset.mahjong, sheet.table))
        sheet.apply(record)
        played = sheet.rounds[-1]
        payers = [n for n in names if n != other]
        assert all(played["points"][n] < 0 for n in payers) and played["points"][other] > 0
        assert sum(p.score for p in sheet.players) + sheet.pot == 75000
    assert seen == ["East 1", "East 2", "East 3", "South 1", "South 2", "South 3"]
