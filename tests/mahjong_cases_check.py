"""Run the Riichi case tables through the `mahjong` package (2.1.0) and print each disagreement.

    python tests/mahjong_cases_check.py [FILE.yaml ...]

A script, not a test: the tables (tests/cases/mahjong/riichi-*.yaml) are written from the rules
texts (docs/games/riichi.md), and this is a second opinion on their arithmetic. Each row's
ruleset is read as the package's options (RULESETS); only what a row's `expect` states is
compared, and only what the package can answer (it does not know `duplicate_card`,
`wrong_tile_count`, `invalid_meld` or `furiten`, so those rows are counted as not checked).
A row whose comment says `# package:` records a disagreement already read against the texts
(docs/games/riichi.md, "Where programs and texts differ"); it is still printed, marked known.
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path
from typing import Any

import yaml
from mahjong.agari import Agari
from mahjong.constants import FIVE_RED_MAN, FIVE_RED_PIN, FIVE_RED_SOU
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
from mahjong.meld import Meld

CASES = Path(__file__).parent / "cases" / "mahjong"

# The shipped reading and each variant proposed in docs/games/riichi.md, as the package's options.
SHIPPED = {"has_open_tanyao": True, "has_aka_dora": True, "has_double_yakuman": False,
           "kazoe_limit": HandConstants.KAZOE_SANBAIMAN, "kiriage": False,
           "fu_for_open_pinfu": True, "fu_for_pinfu_tsumo": False}
RULESETS: dict[str, dict[str, Any]] = {
    "riichi": {},
    "riichi-no-open-tanyao": {"has_open_tanyao": False},
    "riichi-kiriage": {"kiriage": True},
    "riichi-double-yakuman": {"has_double_yakuman": True},
    "riichi-counted-yakuman": {"kazoe_limit": HandConstants.KAZOE_LIMITED},
    "riichi-no-pinfu-tsumo": {"fu_for_pinfu_tsumo": True},
    "riichi-open-pinfu-20": {"fu_for_open_pinfu": False},
    "riichi-no-red-fives": {"has_aka_dora": False},
}

# The package's yaku names (YakuConfig attributes) as mahjong.md names the patterns.
NAMES = {
    "riichi": "riichi", "daburu_riichi": "double_riichi", "ippatsu": "ippatsu",
    "tsumo": "menzen_tsumo", "pinfu": "pinfu", "tanyao": "tanyao", "iipeiko": "iipeikou",
    "haitei": "haitei_raoyue", "houtei": "houtei_raoyui", "rinshan": "rinshan_kaihou",
    "chankan": "chankan", "chiitoitsu": "chiitoitsu", "chantai": "chanta", "ittsu": "ittsu",
    "sanshoku": "sanshoku", "sanshoku_douko": "sanshoku_doukou", "sanankou": "sanankou",
    "sankantsu": "sankantsu", "toitoi": "toitoi", "honroto": "honroutou",
    "shosangen": "shousangen", "honitsu": "honitsu", "junchan": "junchan",
    "ryanpeiko": "ryanpeikou", "chinitsu": "chinitsu", "kokushi": "kokushi_musou",
    "daburu_kokushi": "kokushi_musou", "suuankou": "suuankou", "suuankou_tanki": "suuankou",
    "daisangen": "daisangen", "shosuushi": "shousuushii", "daisuushi": "daisuushii",
    "tsuisou": "tsuuiisou", "ryuisou": "ryuuiisou", "chinroto": "chinroutou",
    "chuuren_poutou": "chuuren_poutou", "daburu_chuuren_poutou": "chuuren_poutou",
    "suukantsu": "suukantsu", "tenhou": "tenhou", "chiihou": "chiihou",
}
YAKUHAI = ("haku", "hatsu", "chun", "seat_wind_", "round_wind_")
DORA = ("dora", "aka_dora", "ura_dora")
LIMITS = {"mangan": "mangan", "haneman": "haneman", "baiman": "baiman",
          "sanbaiman": "sanbaiman", "kazoe sanbaiman": "sanbaiman", "yakuman": "yakuman",
          "kazoe yakuman": "yakuman", "2x yakuman": "double_yakuman"}
ERRORS = {HandCalculator.ERR_NO_YAKU: "no_yaku",
          HandCalculator.ERR_HAND_NOT_WINNING: "not_a_winning_shape",
          HandCalculator.ERR_NO_WINNING_TILE: "not_in_hand"}
UNCHECKED = {"not_in_deck", "duplicate_card", "wrong_tile_count", "invalid_meld", "furiten", "unused_field"}
RED = {"m": FIVE_RED_MAN, "p": FIVE_RED_PIN, "s": FIVE_RED_SOU}
SUIT_BASE = {"m": 0, "p": 9, "s": 18, "z": 27}
NAMES_ATTR = {type(y).__name__: attr for attr, y in vars(HandConfig().yaku).items()}


# ---- tiles ------------------------------------------------------------------------------------

def index34(tile: str) -> int:
    """The package's 34-format index of an MPSZ tile (a red five is a five)."""
    rank, suit = int(tile[0]) or 5, tile[1].lower()
    return SUIT_BASE[suit] + rank - 1


class Wall:
    """Hands out distinct 136-format copies, the red five only for `0m 0p 0s`."""

    def __init__(self) -> None:
        self.used: set[int] = set()

    def take(self, tile: str) -> int:
        if tile[0] == "0":
            copy = RED[tile[1].lower()]
            if copy in self.used:
                raise ValueError(f"a second {tile}")
            self.used.add(copy)
            return copy
        base = index34(tile) * 4
        for copy in range(base, base + 4):
            if copy not in self.used and copy not in RED.values():
                self.used.add(copy)
                return copy
        red = base
        if red in RED.values() and red not in self.used:
            # a fourth plain five where the ruleset has no red fives
            self.used.add(red)
            return red
        raise ValueError(f"a fifth {tile}")


def tiles_of(request: dict[str, Any]) -> list[str]:
    hand = request["hand"]
    return list(hand) if isinstance(hand, list) else split(hand)


def split(compact: str) -> list[str]:
    """'123m11z' -> ['1m', '2m', '3m', '1z', '1z']."""
    out: list[str] = []
    digits = ""
    for ch in compact:
        if ch.isdigit():
            digits += ch
        else:
            out += [d + ch for d in digits]
            digits = ""
    return out


# ---- one row ---------------------------------------------------------------------------------

def options(ruleset: str) -> OptionalRules:
    return OptionalRules(**{**SHIPPED, **RULESETS[ruleset]})


def config(request: dict[str, Any], ruleset: str) -> HandConfig:
    win = request["win"]
    tsumo = bool(win.get("self_drawn"))
    seat = index34(request.get("seat_wind", "1z"))
    dealer = seat == 27
    first = bool(request.get("first_turn")) and tsumo
    last = bool(request.get("last_tile"))
    return HandConfig(
        is_tsumo=tsumo, is_riichi=bool(request.get("riichi") or request.get("double_riichi")),
        is_daburu_riichi=bool(request.get("double_riichi")),
        is_ippatsu=bool(request.get("ippatsu")), is_rinshan=bool(request.get("after_kong")),
        is_chankan=bool(request.get("robbing_kong")), is_haitei=last and tsumo,
        is_houtei=last and not tsumo, is_tenhou=first and dealer,
        is_chiihou=first and not dealer, player_wind=seat,
        round_wind=index34(request.get("round_wind", "1z")),
        tsumi_number=int(request.get("honba", 0)),
        kyoutaku_number=int(request.get("riichi_sticks", 0)), options=options(ruleset))


def evaluate(request: dict[str, Any], ruleset: str) -> dict[str, Any]:
    """The package's answer in the shape of a row's `expect`."""
    wall = Wall()
    melds = []
    tiles: list[int] = []
    for meld in request.get("melds", []):
        ids = [wall.take(t) for t in meld["tiles"]]
        kind = Meld.KAN if len(ids) == 4 else (
            Meld.PON if len({index34(t) for t in meld["tiles"]}) == 1 else Meld.CHI)
        melds.append(Meld(meld_type=kind, tiles=ids, opened=meld.get("open", True)))
        tiles += ids
    hand = [wall.take(t) for t in tiles_of(request)]
    tiles += hand
    win = request["win"]["tile"]
    win_id = next((i for i, t in zip(hand, tiles_of(request)) if t == win), None)
    if win_id is None:
        return {"valid": False, "codes": ["not_in_hand"]}
    dora = [wall.take(t) for t in request.get("dora_indicators", [])]
    ura = [wall.take(t) for t in request.get("ura_dora_indicators", [])]
    result = HandCalculator.estimate_hand_value(
        tiles, win_id, melds=melds, dora_indicators=dora, config=config(request, ruleset),
        ura_dora_indicators=ura)
    if result.error:
        return {"valid": False, "codes": [ERRORS.get(result.error, result.error)]}
    patterns: Counter[str] = Counter()
    dora_han = 0
    for yaku in result.yaku or []:
        attr = NAMES_ATTR[type(yaku).__name__]
        value = yaku.han_open if result.is_open_hand else yaku.han_closed
        if attr in DORA:
            dora_han += value
        elif attr.startswith(YAKUHAI):
            patterns["yakuhai"] += value
        else:
            patterns[NAMES.get(attr, attr)] += value
    cost = result.cost
    assert cost is not None
    level = cost["yaku_level"]
    return {"valid": True, "han": result.han, "fu": result.fu, "patterns": dict(patterns),
            "dora": dora_han, "limit": LIMITS.get(level) if level else None,
            "points": points(cost, request)}


def points(cost: Any, request: dict[str, Any]) -> dict[str, int]:
    main = cost["main"] + cost["main_bonus"]
    extra = cost["additional"] + cost["additional_bonus"]
    total = int(cost["total"])
    if not request["win"].get("self_drawn"):
        return {"total": total, "from_discarder": main}
    if index34(request.get("seat_wind", "1z")) == 27:
        return {"total": total, "others_pay": main}
    return {"total": total, "dealer_pays": main, "others_pay": extra}


def waits(request: dict[str, Any], ruleset: str) -> dict[str, Any]:
    """Every tile that completes the 13 tiles, and whether a discard of it would score."""
    held = tiles_of(request) + [t for m in request.get("melds", []) for t in m["tiles"]]
    counts = Counter(index34(t) for t in held)
    found: dict[str, bool] = {}
    for i in range(34):
        if counts[i] >= 4:
            continue
        tile = f"{i % 9 + 1}{'mpsz'[i // 9]}"
        closed = Counter(index34(t) for t in tiles_of(request))
        closed[i] += 1
        shape = [closed[k] for k in range(34)]
        if not Agari.is_agari(shape):
            continue
        row = {**request, "hand": [*tiles_of(request), tile], "win": {"tile": tile}}
        found[tile] = evaluate(row, ruleset).get("valid", False)
    if not found:
        return {"valid": False, "codes": ["not_tenpai"]}
    return {"valid": True, "waits": found}


# ---- comparing -------------------------------------------------------------------------------

def differences(expect: dict[str, Any], got: dict[str, Any]) -> list[str]:
    out = []
    for key, want in expect.items():
        if key not in got:
            continue
        have = got[key]
        if key == "codes":
            if set(want) & UNCHECKED:
                continue
            want, have = sorted(want), sorted(have)
        if key == "patterns" and isinstance(have, dict):
            have = {k: v for k, v in have.items()}
        if want != have:
            out.append(f"{key}: rows say {want!r}, package says {have!r}")
    return out


def main(paths: list[str]) -> int:
    files = [Path(p) for p in paths] or sorted(CASES.glob("riichi-*.yaml"))
    agree = differ = unchecked = 0
    for path in files:
        text = path.read_text()
        rows = yaml.safe_load(text) or []
        for n, row in enumerate(rows, 1):
            expect = row["expect"]
            if set(expect.get("codes", [])) & UNCHECKED or "status" in expect:
                unchecked += 1
                continue
            try:
                if row["check"] == "waits":
                    got = waits(row["request"], row["ruleset"])
                else:
                    got = evaluate(row["request"], row["ruleset"])
            except ValueError as error:
                unchecked += 1
                print(f"{path.name} #{n} {row['description']}: not asked ({error})")
                continue
            found = differences(expect, got)
            if not found:
                agree += 1
                continue
            differ += 1
            known = " (known: see the row's comment)" if row.get("package") else ""
            print(f"{path.name} #{n} {row['description']}{known}")
            for line in found:
                print(f"    {line}")
    print(f"{agree} agree, {differ} differ, {unchecked} not checked")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
