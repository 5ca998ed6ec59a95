"""An independent scorer for Riichi hands: the `mahjong` package (PyPI, 2.1.0), read through the
request and answer shapes of mahjong.md's `wins/check` and `waits/check`.

The engine never imports this; tests and benches hold the engine's answers to it. What is read
here and not by the package: the tiles' notation (MPSZ, `0m` red fives, the aliases E S W N
Wh Gr Rd, compact strings), the checks on the tiles themselves (`wrong_tile_count`,
`duplicate_card`, `not_in_hand`, `invalid_meld`, `furiten`), and the answer's shape. Everything
the rules score (the best reading, yaku, fu, dora, limits, payments) is the package's.

Readings chosen where the package or the contract leaves a choice (each one a place to look when
the engine disagrees):
- `duplicate_card` counts the dora and ura dora indicators too: they are tiles of the same set.
- A winning tile `5m` is in a hand that holds only `0m` (and the reverse): the same tile kind.
- A declared meld with `"open": false` that is not a kong is `invalid_meld` (only a kong is
  declared concealed).
- With `double_yakuman` off, a hand counts one yakuman whatever it holds (`han` 13; the package
  alone would add two yakuman patterns together): its `patterns` still name every yakuman found.
- A yakuman hand counts no dora (the package's reading): its `dora` is 0.
- A closed hand won by discard has the base 20 and `concealed_ron` 10 as two fu parts (the
  package writes one base of 30).
- An open hand won by self-draw always takes the self-draw's 2 fu (the package gives them only
  to a hand with fu besides: with `open_pinfu_30_fu` off it scores such a hand at 20 fu).
- Refusals of the package that the contract has no code for (riichi on an open hand, ippatsu
  without riichi, robbing a kong on a self-draw, ...) are answered with the package's own code.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
from mahjong.hand_calculating.hand_response import HandResponse
from mahjong.hand_calculating.scores import ScoresCalculator, ScoresResult
from mahjong.meld import Meld
from mahjong.shanten import Shanten

from tests.mahjong_names import ERRORS, FU_PARTS, LIMITS, YAKU_PATTERNS
from tests.mahjong_tiles import FIVES, Tile, parse_tiles

# ---------------------------------------------------------------- options


@dataclass(frozen=True)
class Options:
    """The points Riichi's tables disagree on, each read into the package's `OptionalRules`.

    `counted_yakuman`: what 13 han or more without a yakuman scores (`yakuman`, `sanbaiman`, or
    `none`: no cap). `double_yakuman`: a double-yakuman pattern scores two, and yakuman add up;
    off, every hand counts one yakuman at most. `pinfu_tsumo_fu`: a self-drawn all-chow hand takes
    the 2 fu of the self-draw (in the package, and the tables that play so, it is then no pinfu).
    `open_pinfu_30_fu`: an open hand with no fu won by discard is scored at 30 fu, not 20.
    `three_player`: sanma, as the package plays it: no 2m-8m (a 1m indicator names 9m), a
    self-draw paid by the two others alone, a honba 200 on a discard and 100 from each on a
    self-draw, and norths set aside (`kita`) counted as dora.
    """

    open_tanyao: bool = True
    red_fives: bool = True
    kiriage_mangan: bool = False
    double_yakuman: bool = False
    counted_yakuman: Literal["yakuman", "sanbaiman", "none"] = "sanbaiman"
    pinfu_tsumo_fu: bool = False
    open_pinfu_30_fu: bool = True
    three_player: bool = False

    def rules(self) -> OptionalRules:
        kazoe = {
            "yakuman": HandConstants.KAZOE_LIMITED,
            "sanbaiman": HandConstants.KAZOE_SANBAIMAN,
            "none": HandConstants.KAZOE_NO_LIMIT,
        }[self.counted_yakuman]
        return OptionalRules(
            has_open_tanyao=self.open_tanyao,
            has_aka_dora=self.red_fives,
            has_double_yakuman=self.double_yakuman,
            kazoe_limit=kazoe,
            kiriage=self.kiriage_mangan,
            fu_for_open_pinfu=self.open_pinfu_30_fu,
            fu_for_pinfu_tsumo=self.pinfu_tsumo_fu,
            is_three_player=self.three_player,
        )


# What mahjong.md says `riichi` ships. It says nothing of counted yakuman: the World Riichi
# Championship rules (which the major leagues agreed on) score 13 han or more as sanbaiman.
RIICHI_SHIPPED = Options()
# What `riichi-sanma` plays: the shipped rules, for three.
SANMA = Options(three_player=True)

# ---------------------------------------------------------------- the request


# The fields of a Riichi request (mahjong.md); another one (`flowers`) is the engine's 422.
FIELDS = frozenset([
    "hand", "melds", "win", "seat_wind", "round_wind", "riichi", "double_riichi", "ippatsu",
    "last_tile", "after_kong", "robbing_kong", "first_turn", "dora_indicators",
    "ura_dora_indicators", "honba", "riichi_sticks", "discards", "kita",
])  # fmt: skip


@dataclass(frozen=True)
class Request:
    """A request read: tiles as `Tile`s, melds as (tiles, open), and the situation's fields."""

    hand: tuple[Tile, ...]
    melds: tuple[tuple[tuple[Tile, ...], bool], ...]
    fields: dict[str, Any]
    win: Tile | None
    self_drawn: bool

    @classmethod
    def read(cls, request: dict[str, Any]) -> Request:
        unused = set(request) - FIELDS
        if unused:
            raise ValueError(f"unused_field: {sorted(unused)}")
        melds = tuple(
            (tuple(parse_tiles(m["tiles"])), bool(m.get("open", True)))
            for m in request.get("melds", [])
        )
        win = request.get("win")
        return cls(
            hand=tuple(parse_tiles(request["hand"])),
            melds=melds,
            fields=request,
            win=Tile.parse(win["tile"]) if win else None,
            self_drawn=bool(win and win.get("self_drawn", False)),
        )

    def flag(self, name: str) -> bool:
        return bool(self.fields.get(name, False))

    def indicators(self, name: str) -> list[Tile]:
        return parse_tiles(self.fields.get(name, []))

    def wind(self, name: str) -> int:
        kind = Tile.parse(self.fields.get(name, "1z")).kind
        if not 27 <= kind <= 30:
            raise ValueError(f"{name} is not a wind")
        return kind

    def all_tiles(self) -> list[Tile]:
        """Every tile the request shows: hand, melds, dora and ura dora indicators, and the
        norths set aside (`kita`)."""
        tiles = list(self.hand)
        for meld, _ in self.melds:
            tiles.extend(meld)
        kita = [Tile(30)] * int(self.fields.get("kita", 0))
        return tiles + self.indicators("dora_indicators") + self.indicators("ura_dora_indicators") + kita


def meld_kind(tiles: Sequence[Tile]) -> str | None:
    """`pung`, `kong` or `chow` for the tiles of a meld, None for anything else."""
    kinds = sorted(t.kind for t in tiles)
    if len(kinds) in (3, 4) and len(set(kinds)) == 1:
        return "pung" if len(kinds) == 3 else "kong"
    suited = kinds[0] < 27 and kinds[0] // 9 == kinds[-1] // 9
    if len(kinds) == 3 and suited and kinds == list(range(kinds[0], kinds[0] + 3)):
        return "chow"
    return None


def tile_violations(req: Request, options: Options, size: int) -> list[str]:
    """The codes the tiles earn before any scoring (`size`: 14 for a win, 13 for waits)."""
    codes = []
    if len(req.hand) + 3 * len(req.melds) != size:
        codes.append("wrong_tile_count")
    shown = req.all_tiles()
    kinds = Counter(t.kind for t in shown)
    reds = Counter(t.kind for t in shown if t.red)
    if not options.red_fives and reds:
        raise ValueError("this ruleset has no red fives")
    # Where a suit has a red five it holds three plain fives beside it (mahjong.md).
    plain_fives = Counter(t.kind for t in shown if not t.red and t.kind < 27 and t.kind % 9 == 4)
    if any(n > 4 for n in kinds.values()) or any(n > 1 for n in reds.values()) \
            or (options.red_fives and any(n > 3 for n in plain_fives.values())):
        codes.append("duplicate_card")
    if req.win is not None and all(t.kind != req.win.kind for t in req.hand):
        codes.append("not_in_hand")
    for tiles, is_open in req.melds:
        kind = meld_kind(tiles)
        if kind is None or (not is_open and kind != "kong"):
            codes.append("invalid_meld")
            break
    return codes


class _Copies:
    """Hands out the package's 136 tile ids: a red five is copy 0 of its kind, plain fives 1-3."""

    def __init__(self) -> None:
        self.used: Counter[int] = Counter()

    def take(self, tile: Tile) -> int:
        if tile.red:
            return tile.kind * 4
        first = 1 if tile.kind in FIVES else 0
        copy = first + self.used[tile.kind]
        self.used[tile.kind] += 1
        return tile.kind * 4 + copy % 4


def _package_melds(req: Request, copies: _Copies) -> tuple[list[Meld], list[int]]:
    melds, ids = [], []
    types = {"pung": Meld.PON, "kong": Meld.KAN, "chow": Meld.CHI}
    for tiles, is_open in req.melds:
        meld_ids = [copies.take(t) for t in tiles]
        melds.append(Meld(types[meld_kind(tiles) or "chow"], meld_ids, opened=is_open))
        ids.extend(meld_ids)
    return melds, ids


def _config(req: Request, options: Options, self_drawn: bool) -> HandConfig:
    last = req.flag("last_tile")
    first = req.flag("first_turn") and self_drawn
    dealer = req.wind("seat_wind") == 27
    return HandConfig(
        is_tsumo=self_drawn,
        is_riichi=req.flag("riichi") or req.flag("double_riichi"),
        is_daburu_riichi=req.flag("double_riichi"),
        is_ippatsu=req.flag("ippatsu"),
        is_rinshan=req.flag("after_kong"),
        is_chankan=req.flag("robbing_kong"),
        is_haitei=last and self_drawn,
        is_houtei=last and not self_drawn,
        is_tenhou=first and dealer,
        is_chiihou=first and not dealer,
        player_wind=req.wind("seat_wind"),
        round_wind=req.wind("round_wind"),
        tsumi_number=int(req.fields.get("honba", 0)),
        kyoutaku_number=int(req.fields.get("riichi_sticks", 0)),
        options=options.rules(),
        num_nuki_dora=int(req.fields.get("kita", 0)),
    )


def _estimate(req: Request, options: Options, win: Tile, self_drawn: bool) -> HandResponse:
    copies = _Copies()
    melds, meld_ids = _package_melds(req, copies)
    hand_ids = [copies.take(t) for t in req.hand]
    exact = [i for t, i in zip(req.hand, hand_ids, strict=True) if t == win]
    win_id = (exact or [i for i in hand_ids if i // 4 == win.kind] or [win.kind * 4])[0]
    return HandCalculator.estimate_hand_value(
        hand_ids + meld_ids,
        win_id,
        melds=melds,
        dora_indicators=[t.kind * 4 for t in req.indicators("dora_indicators")],
        ura_dora_indicators=[t.kind * 4 for t in req.indicators("ura_dora_indicators")],
        config=_config(req, options, self_drawn),
    )


# ---------------------------------------------------------------- the answer


def _points(cost: ScoresResult, self_drawn: bool, dealer: bool) -> dict[str, int]:
    main = cost["main"] + cost["main_bonus"]
    if not self_drawn:
        return {"total": cost["total"], "from_discarder": main}
    others = cost["additional"] + cost["additional_bonus"]
    if dealer:
        return {"total": cost["total"], "others_pay": others}
    return {"total": cost["total"], "dealer_pays": main, "others_pay": others}


def _fu_parts(response: HandResponse, closed_ron: bool) -> list[dict[str, Any]]:
    parts: list[dict[str, Any]] = [
        {"item": FU_PARTS[d["reason"]], "fu": d["fu"]} for d in response.fu_details or []
    ]
    base = [p for p in parts if p["item"] == "base"]
    rest = [p for p in parts if p["item"] != "base"]
    if closed_ron and base:
        base = [{"item": "base", "fu": 20}, {"item": "concealed_ron", "fu": base[0]["fu"] - 20}]
    return base + rest


def _score(req: Request, options: Options, response: HandResponse) -> dict[str, Any]:
    assert response.cost is not None and response.han is not None and response.yaku
    patterns: dict[str, int] = {}
    dora = 0
    for yaku in response.yaku:
        name = YAKU_PATTERNS[type(yaku).__name__]
        value = yaku.han_open if response.is_open_hand and yaku.han_open else yaku.han_closed
        if name is None:
            dora += value
        else:
            patterns[name] = patterns.get(name, 0) + value
    han, cost = response.han, response.cost
    yakuman = any(y.is_yakuman for y in response.yaku)
    config = _config(req, options, req.self_drawn)
    closed_ron = not response.is_open_hand and not req.self_drawn
    parts = [] if "chiitoitsu" in patterns else _fu_parts(response, closed_ron)
    fu = response.fu or 0
    if response.is_open_hand and req.self_drawn and all(p["item"] != "self_draw" for p in parts):
        # The package gives an open hand's self-draw its 2 fu only when the hand has fu besides
        # (else it adds the open all-chow hand's 2, or none where that option is off); the rules
        # deny the self-draw's fu to pinfu alone, a closed hand.
        parts = [p for p in parts if p["item"] != "open_pinfu"] + [{"item": "self_draw", "fu": 2}]
        fu = -(-sum(p["fu"] for p in parts) // 10) * 10
        cost = ScoresCalculator.calculate_scores(han, fu, config, yakuman)
    if yakuman and not options.double_yakuman and han > 13:
        han, cost = 13, ScoresCalculator.calculate_scores(13, fu, config, True)
    return {
        "han": han,
        "fu": fu,
        "faan": None,
        "limit": LIMITS[cost["yaku_level"]],
        "patterns": patterns,
        "dora": dora,
        "fu_parts": parts,
        "points": _points(cost, req.self_drawn, config.is_dealer),
    }


def _refused(*codes: str) -> dict[str, Any]:
    return {"valid": False, "violations": [{"code": c} for c in codes], "score": None}


def oracle_win(request: dict[str, Any], options: Options = RIICHI_SHIPPED) -> dict[str, Any]:
    """The package's answer to a `wins/check` request, in mahjong.md's answer shape.

    `score` holds `han`, `fu`, `faan` (None), `limit`, `patterns` (name -> han, `yakuhai`
    summed over its pungs), `dora`, `fu_parts` and `points`; it is None when not valid.
    """
    req = Request.read(request)
    assert req.win is not None, "a wins/check request names its winning tile"
    codes = tile_violations(req, options, 14)
    if codes:
        return _refused(*codes)
    if not req.self_drawn and "discards" in request:
        waits = _wait_kinds(_without(req, req.win))
        if any(t.kind in waits for t in parse_tiles(request["discards"])):
            return _refused("furiten")
    response = _estimate(req, options, req.win, req.self_drawn)
    if response.error:
        return _refused(ERRORS.get(response.error, response.error))
    return {"valid": True, "violations": [], "score": _score(req, options, response)}


def _without(req: Request, tile: Tile) -> Request:
    hand = list(req.hand)
    hand.remove(next(t for t in hand if t.kind == tile.kind))
    return Request(tuple(hand), req.melds, req.fields, None, False)


def _wait_kinds(req: Request) -> list[int]:
    """The kinds that complete the hand's shape (the package's shanten, then each tile tried),
    leaving out a kind of which the hand and its melds already hold all four."""
    concealed = [0] * 34
    for t in req.hand:
        concealed[t.kind] += 1
    if Shanten.calculate_shanten(concealed, use_chiitoitsu=not req.melds) != 0:
        return []
    held = Counter(t.kind for t in req.all_tiles())
    waits = []
    for kind in range(34):
        if held[kind] >= 4 or concealed[kind] == 4:
            continue
        concealed[kind] += 1
        if Shanten.calculate_shanten(concealed, use_chiitoitsu=not req.melds) == -1:
            waits.append(kind)
        concealed[kind] -= 1
    return waits


def oracle_waits(request: dict[str, Any], options: Options = RIICHI_SHIPPED) -> dict[str, Any]:
    """The package's answer to a `waits/check` request: `valid` (tenpai) and `waits`, each tile
    with whether winning on it by discard scores in the situation given."""
    req = Request.read(request)
    codes = tile_violations(req, options, 13)
    if codes:
        return {"valid": False, "violations": [{"code": c} for c in codes], "waits": []}
    waits = []
    for kind in _wait_kinds(req):
        tile = Tile(kind)
        won = Request(req.hand + (tile,), req.melds, req.fields, tile, False)
        response = _estimate(won, options, tile, False)
        waits.append({"tile": str(tile), "scores": response.error is None})
    if not waits:
        return {"valid": False, "violations": [{"code": "not_tenpai"}], "waits": []}
    return {"valid": True, "violations": [], "waits": waits}


def differences(expected: dict[str, Any], answer: dict[str, Any]) -> list[str]:
    """The fields of a `wins/check` answer that differ from the oracle's, each `field: a != b`
    (validity and codes; then han, fu, limit, patterns, dora, points; fu parts as a multiset)."""
    diffs = []
    codes = sorted(v["code"] for v in expected["violations"])
    got = sorted(v["code"] for v in answer.get("violations", []))
    if expected["valid"] != answer.get("valid") or codes != got:
        return [f"valid/codes: {expected['valid']} {codes} != {answer.get('valid')} {got}"]
    if not expected["valid"]:
        return []
    mine, theirs = expected["score"], answer.get("score") or {}
    limit_hand = mine.get("limit") in ("yakuman", "double_yakuman")
    for field in ("han", "fu", "limit", "patterns", "dora", "points"):
        a, b = mine.get(field), theirs.get(field)
        if field == "patterns" and isinstance(b, list):
            b = _pattern_values(b)
            if limit_hand and isinstance(a, dict) and sum(b.values()) == mine.get("han"):
                # Where fewer yakuman count than the hand holds, the package lists them all and
                # caps the han; the engine lists those it counts (values that add up to the han).
                a = {name: value for name, value in a.items() if name in b}
        if field == "fu" and limit_hand:
            continue  # a limit hand's fu changes nothing
        if a != b:
            diffs.append(f"{field}: {a!r} != {b!r}")
    if "fu_parts" in theirs and not limit_hand and _multiset(mine["fu_parts"]) != _multiset(theirs["fu_parts"]):
        diffs.append(f"fu_parts: {mine['fu_parts']!r} != {theirs['fu_parts']!r}")
    return diffs


def _pattern_values(patterns: list[dict[str, Any]]) -> dict[str, int]:
    values: dict[str, int] = {}
    for p in patterns:
        values[p["name"]] = values.get(p["name"], 0) + p["value"]
    return values


def _multiset(parts: list[dict[str, Any]]) -> Counter[tuple[str, int]]:
    # The package names a pung of terminals as of honours (its `terminal_pon`); the engine tells them apart.
    return Counter((p["item"].replace("_terminal", "_honour"), p["fu"]) for p in parts)
