"""The Mahjong oracle (tests/mahjong_oracle.py) and its hand generators (tests/mahjong_hands.py),
tested on their own before any engine is held to them.

The textbook hands' values follow from the scoring arithmetic of the rules texts (base points
fu x 2^(2+han), x4 from the discarder or x6 for the dealer, rounded up to the hundred; a
self-draw's shares x1 and x2, or x2 each for the dealer; mangan 2000 base; 300 a honba and 1000
a riichi stick), worked out in each case's comment.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from mahjong.hand_calculating.yaku_config import YakuConfig

from tests.mahjong_hands import sample_hands, sample_tenpai, tenpai_hands, winning_hands
from tests.mahjong_names import PATTERNS, YAKU_PATTERNS
from tests.mahjong_oracle import RIICHI_SHIPPED, Options, differences, oracle_waits, oracle_win
from tests.mahjong_tiles import Tile, parse_tiles


def codes(answer: dict[str, Any]) -> list[str]:
    return [v["code"] for v in answer["violations"]]


# ---------------------------------------------------------------- tiles


@pytest.mark.parametrize(
    ("text", "tiles"),
    [
        ("123m", ["1m", "2m", "3m"]),
        ("11z E s W n wh GR Rd", ["1z", "1z", "1z", "2z", "3z", "4z", "5z", "6z", "7z"]),
        ("0m55P0s", ["0m", "5p", "5p", "0s"]),
        ("123m456p789s11z", ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "1z", "1z"]),
    ],
)
def test_notation(text: str, tiles: list[str]) -> None:
    assert [str(t) for t in parse_tiles(text)] == tiles


@pytest.mark.parametrize("text", ["8z", "0z", "1x", "m", "12"])
def test_not_a_tile(text: str) -> None:
    with pytest.raises(ValueError):
        parse_tiles(text)


def test_every_tile_prints_and_reads_back() -> None:
    tiles = [Tile(k) for k in range(34)] + [Tile(k, red=True) for k in (4, 13, 22)]
    assert [Tile.parse(str(t)) for t in tiles] == tiles
    assert eval(repr(Tile(31)), {"Tile": Tile}) == Tile(31)


# ---------------------------------------------------------------- textbook hands

SPEC_EXAMPLE = {
    "hand": ["1m", "2m", "3m", "2m", "2m", "6p", "7p", "8p", "7s", "8s", "9s"],
    "melds": [{"tiles": ["6z", "6z", "6z"], "open": True}],
    "win": {"tile": "9s", "self_drawn": False},
    "seat_wind": "2z",
    "round_wind": "1z",
    "dora_indicators": ["6p"],
}


def test_the_contracts_example() -> None:
    # Green dragons called, 6p shows 7p as dora: 2 han; 20 + 4 (open honour pung) -> 30 fu;
    # 30 x 2^4 x 4 = 1920 -> 2000 from the discarder.
    score = oracle_win(SPEC_EXAMPLE)["score"]
    assert (score["han"], score["fu"], score["limit"]) == (2, 30, None)
    assert score["patterns"] == {"yakuhai": 1} and score["dora"] == 1
    assert score["fu_parts"] == [{"item": "base", "fu": 20}, {"item": "open_pung_honour", "fu": 4}]
    assert score["points"] == {"total": 2000, "from_discarder": 2000}


def test_honba_and_sticks() -> None:
    # The same 2000, with 2 honba (600 from the discarder) and 3 sticks on the table.
    score = oracle_win({**SPEC_EXAMPLE, "honba": 2, "riichi_sticks": 3})["score"]
    assert score["points"] == {"total": 5600, "from_discarder": 2600}


PINFU = {"hand": "234789m12345666p", "win": {"tile": "6p", "self_drawn": True}, "riichi": True}


def test_riichi_pinfu_tsumo() -> None:
    # Riichi, self-draw, pinfu: 3 han 20 fu; 20 x 2^5 = 640: the dealer 1280 -> 1300, the
    # others 640 -> 700 each.
    score = oracle_win({**PINFU, "seat_wind": "S"})["score"]
    assert score["patterns"] == {"riichi": 1, "menzen_tsumo": 1, "pinfu": 1}
    assert (score["han"], score["fu"]) == (3, 20)
    assert score["points"] == {"total": 2700, "dealer_pays": 1300, "others_pay": 700}
    # The dealer's: 1280 -> 1300 from each of three, with a honba (100 each) and a stick.
    score = oracle_win({**PINFU, "seat_wind": "E", "honba": 1, "riichi_sticks": 1})["score"]
    assert score["points"] == {"total": 5200, "others_pay": 1400}


def test_pinfu_tsumo_fu_variant() -> None:
    # Where a self-draw takes its 2 fu, the hand has fu beyond the base and is no pinfu:
    # riichi and self-draw, 20 + 2 -> 30 fu.
    score = oracle_win({**PINFU, "seat_wind": "S"}, Options(pinfu_tsumo_fu=True))["score"]
    assert "pinfu" not in score["patterns"] and (score["han"], score["fu"]) == (2, 30)


KIRIAGE = {
    "hand": "234456m345p678s88p",
    "win": {"tile": "4m", "self_drawn": False},
    "seat_wind": "S",
    "riichi": True,
    "dora_indicators": ["7s"],
}


def test_kiriage_mangan() -> None:
    # Riichi, pinfu, tanyao and the 8s: 4 han; closed ron 30 fu: 30 x 2^6 x 4 = 7680 -> 7700,
    # or a mangan's 8000 where the table rounds 4 han 30 fu up.
    score = oracle_win(KIRIAGE)["score"]
    assert (score["han"], score["fu"], score["limit"]) == (4, 30, None)
    assert score["fu_parts"] == [{"item": "base", "fu": 20}, {"item": "concealed_ron", "fu": 10}]
    assert score["points"]["from_discarder"] == 7700
    score = oracle_win(KIRIAGE, Options(kiriage_mangan=True))["score"]
    assert (score["limit"], score["points"]["from_discarder"]) == ("mangan", 8000)


OPEN_TANYAO = {
    "hand": "234m567p88s345s",
    "melds": [{"tiles": ["6s", "7s", "8s"], "open": True}],
    "win": {"tile": "5s", "self_drawn": False},
    "seat_wind": "W",
}


def test_open_tanyao_and_open_pinfu_fu() -> None:
    # Tanyao open, no fu: 30 fu as shipped (1 han: 30 x 8 x 4 = 960 -> 1000), 20 where the
    # table plays it so (640 -> 700); no yaku at all where open tanyao is not allowed.
    score = oracle_win(OPEN_TANYAO)["score"]
    assert (score["patterns"], score["fu"], score["points"]["from_discarder"]) == (
        {"tanyao": 1},
        30,
        1000,
    )
    score = oracle_win(OPEN_TANYAO, Options(open_pinfu_30_fu=False))["score"]
    assert (score["fu"], score["points"]["from_discarder"]) == (20, 700)
    assert codes(oracle_win(OPEN_TANYAO, Options(open_tanyao=False))) == ["no_yaku"]


def test_seven_pairs() -> None:
    # Seven pairs won by discard: 2 han 25 fu, 25 x 2^4 x 4 = 1600; no fu parts.
    score = oracle_win({"hand": "1199m3377p2255s66z", "win": {"tile": "6z"}, "seat_wind": "N"})[
        "score"
    ]
    assert (score["han"], score["fu"], score["fu_parts"]) == (2, 25, [])
    assert score["points"]["from_discarder"] == 1600


def test_mangan_and_yakuman() -> None:
    # A closed full flush of chows won two-sided: full flush 6 and pinfu 1, a haneman (3000 base,
    # 12000 from the discarder); one more dora han makes a baiman (4000 base, 16000).
    flush = {"hand": "123345567789m22m", "win": {"tile": "9m"}, "seat_wind": "S"}
    score = oracle_win(flush)["score"]
    assert (score["patterns"], score["han"], score["limit"]) == (
        {"chinitsu": 6, "pinfu": 1},
        7,
        "haneman",
    )
    assert score["points"]["from_discarder"] == 12000
    score = oracle_win({**flush, "dora_indicators": ["3m"]})["score"]
    assert (score["han"], score["limit"], score["points"]["from_discarder"]) == (8, "baiman", 16000)
    kokushi = {"hand": "19m19p19s1234567z1m", "win": {"tile": "1m"}}
    score = oracle_win(kokushi)["score"]
    assert (score["han"], score["limit"], score["patterns"]) == (
        13,
        "yakuman",
        {"kokushi_musou": 13},
    )
    assert score["points"] == {"total": 48000, "from_discarder": 48000}
    score = oracle_win({**kokushi, "seat_wind": "S"}, Options(double_yakuman=True))["score"]
    assert (score["han"], score["limit"], score["points"]["from_discarder"]) == (
        26,
        "double_yakuman",
        64000,
    )


def test_several_yakuman_count_once_as_shipped() -> None:
    # All honours and big dragons (the white dragons called: no four concealed pungs): one
    # yakuman as shipped (no double yakuman), two where yakuman add up.
    hand = {
        "hand": "666777z111z22z",
        "melds": [{"tiles": "555z", "open": True}],
        "win": {"tile": "2z", "self_drawn": True},
    }
    score = oracle_win(hand)["score"]
    assert {"tsuuiisou", "daisangen"} <= set(score["patterns"])
    assert (score["han"], score["limit"], score["points"]["total"]) == (13, "yakuman", 48000)
    score = oracle_win(hand, Options(double_yakuman=True))["score"]
    assert (score["han"], score["limit"], score["points"]["total"]) == (26, "double_yakuman", 96000)


def test_double_riichi_is_two_han_in_all() -> None:
    for riichi in (True, False):
        request = {**PINFU, "seat_wind": "S", "riichi": riichi, "double_riichi": True}
        patterns = oracle_win(request)["score"]["patterns"]
        assert patterns["double_riichi"] == 2 and "riichi" not in patterns


def test_every_dora_apart() -> None:
    # The 0m is red (1) and a 5m (indicator 4m: 1); the ura indicator 1p makes both 2p dora (2).
    request = {**KIRIAGE, "hand": "234406m345p678s22p", "dora_indicators": ["4m"]}
    request["ura_dora_indicators"] = ["1p"]
    score = oracle_win(request)["score"]
    assert score["dora"] == 4 and score["han"] == sum(score["patterns"].values()) + 4
    score = oracle_win({**request, "riichi": False})["score"]  # no ura dora without riichi
    assert score["dora"] == 2


@pytest.mark.parametrize(
    ("change", "code"),
    [
        ({"hand": "234456m345p678s8p"}, "wrong_tile_count"),
        ({"hand": "11111m345p678s88p"}, "duplicate_card"),
        ({"hand": "234406m345p678s0m8p"}, "duplicate_card"),
        ({"win": {"tile": "9s"}}, "not_in_hand"),
        ({"hand": "234m345p678s88p", "melds": [{"tiles": "245m", "open": True}]}, "invalid_meld"),
        ({"hand": "234m345p678s88p", "melds": [{"tiles": "456m", "open": False}]}, "invalid_meld"),
        ({"hand": "123456m345p678s12z", "win": {"tile": "1z"}}, "not_a_winning_shape"),
        ({"riichi": False, "dora_indicators": []}, None),
        ({"discards": ["7m"]}, "furiten"),
    ],
)
def test_violations(change: dict[str, Any], code: str | None) -> None:
    answer = oracle_win({**KIRIAGE, **change})
    if code is None:
        # Pinfu and tanyao are yaku enough without riichi; the violations are empty when valid.
        assert answer["valid"] and answer["violations"] == []
    else:
        assert not answer["valid"] and code in codes(answer) and answer["score"] is None


def test_no_yaku() -> None:
    request = {**OPEN_TANYAO, "hand": "234m567p88s123s", "win": {"tile": "3s", "self_drawn": False}}
    assert codes(oracle_win(request)) == ["no_yaku"]


def test_waits() -> None:
    answer = oracle_waits({"hand": "234789m1234566p", "riichi": True})
    assert answer["valid"] and answer["waits"] == [
        {"tile": "3p", "scores": True},
        {"tile": "6p", "scores": True},
    ]
    # Open, without a yaku on either tile: still tenpai, and neither scores by discard.
    answer = oracle_waits({"hand": "123m567p88s45s", "melds": [{"tiles": "678s"}]})
    assert answer["valid"] and answer["waits"] == [
        {"tile": "3s", "scores": False},
        {"tile": "6s", "scores": False},
    ]
    # Waiting on a fifth 1m only is no wait; a hand two tiles away is not tenpai either.
    for hand in ("1111m234567p789s", "1357m2468p13579s"):
        assert codes(oracle_waits({"hand": hand})) == ["not_tenpai"]
    assert codes(oracle_waits({"hand": "234789m123456p"})) == ["wrong_tile_count"]


# ---------------------------------------------------------------- names


def test_every_pattern_is_mapped() -> None:
    assert {p for p in YAKU_PATTERNS.values() if p} == set(PATTERNS)
    package = {type(yaku).__name__ for yaku in vars(YakuConfig()).values()}
    assert set(YAKU_PATTERNS) <= package


# ---------------------------------------------------------------- the generators


def check_legal(request: dict[str, Any], size: int, options: Options = RIICHI_SHIPPED) -> None:
    hand = parse_tiles(request["hand"])
    melds = [(parse_tiles(m["tiles"]), m["open"]) for m in request["melds"]]
    assert len(hand) + 3 * len(melds) == size
    shown = hand + [t for m, _ in melds for t in m]
    shown += parse_tiles(request["dora_indicators"]) + parse_tiles(request["ura_dora_indicators"])
    assert max(Counter(t.kind for t in shown).values()) <= 4
    reds = Counter(t.kind for t in shown if t.red)
    assert all(n == 1 for n in reds.values()) and (options.red_fives or not reds)
    called = any(is_open for _, is_open in melds)
    assert not (called and (request["riichi"] or request["double_riichi"]))
    assert not request["ippatsu"] or request["riichi"] or request["double_riichi"]
    assert bool(request["ura_dora_indicators"]) == (request["riichi"] or request["double_riichi"])
    if size == 14:
        win = Tile.parse(request["win"]["tile"])
        assert win in hand
        tsumo = request["win"]["self_drawn"]
        assert not request["after_kong"] or (tsumo and any(len(m) == 4 for m, _ in melds))
        assert not request["robbing_kong"] or (
            not tsumo and sum(t.kind == win.kind for t in shown) == 1
        )
        assert not request["first_turn"] or (tsumo and not melds)


@settings(max_examples=100)
@given(winning_hands())
def test_winning_hands_are_legal_and_win(request: dict[str, Any]) -> None:
    check_legal(request, 14)
    answer = oracle_win(request)
    assert answer["valid"] or codes(answer) == ["no_yaku"]
    shuffled = {**request, "hand": random.Random(0).sample(request["hand"], len(request["hand"]))}
    assert differences(answer, oracle_win(shuffled)) == []


@settings(max_examples=25)
@given(winning_hands(Options(red_fives=False, double_yakuman=True)))
def test_hands_without_red_fives(request: dict[str, Any]) -> None:
    check_legal(request, 14, Options(red_fives=False))


@settings(max_examples=40)
@given(tenpai_hands())
def test_tenpai_hands_wait_on_their_winning_tile(request: dict[str, Any]) -> None:
    check_legal(request, 13)
    answer = oracle_waits(request)
    assert answer["valid"]
    assert [w["tile"] for w in answer["waits"]] == sorted(
        {w["tile"] for w in answer["waits"]}, key=lambda t: Tile.parse(t)
    )


def test_tenpai_sample_holds_the_removed_tile() -> None:
    wins = sample_hands(60, 7)
    for win, tenpai in zip(wins, sample_tenpai(60, 7), strict=True):
        won = Tile.parse(win["win"]["tile"]).kind
        assert won in [Tile.parse(w["tile"]).kind for w in oracle_waits(tenpai)["waits"]]


def test_samples_are_repeatable() -> None:
    assert sample_hands(50, 3) == sample_hands(50, 3) != sample_hands(50, 4)


def test_the_generators_reach_every_pattern() -> None:
    reached: Counter[str] = Counter()
    for request in sample_hands(3000, 36):
        answer = oracle_win(request)
        if answer["valid"]:
            reached.update(answer["score"]["patterns"])
    assert {p: reached[p] for p in PATTERNS if not reached[p]} == {}
