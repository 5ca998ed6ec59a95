"""Random legal Riichi hands in the request shape of mahjong.md's `wins/check` and
`waits/check`, for the oracle's tests and the benches.

A hand is drawn as a shape (four melds and a pair, seven pairs, thirteen orphans, or the nine
gates' tiles) from a theme, weighted so that every pattern of mahjong.md's list is met
(`THEMES`); then each meld is called or kept concealed (a kong declared open or concealed), a
winning tile is taken from the concealed tiles, and the situation is drawn so that it could
happen at a table: riichi only on a closed hand, ippatsu only after riichi, the last tile, a
replacement tile after a kong of the hand's own, a robbed kong only of a tile nobody else can
hold, the first turn only on a self-draw before any call. No tile shows more than four copies
(hand, melds and dora indicators together); where the ruleset has red fives, a suit shows one
at most, and one whenever all four fives of the suit are shown.

`winning_hands()` and `tenpai_hands()` are hypothesis strategies (one generator: the draws of a
hypothesis `Random`); `sample_hands(n, seed)` and `sample_tenpai(n, seed)` are the same draws
from a seeded `random.Random`, for benches.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import Any

from hypothesis import strategies as st

from tests.mahjong_oracle import RIICHI_SHIPPED, Options
from tests.mahjong_themes import ALL, THEMES, WINDS, Shape, t_sanshoku
from tests.mahjong_tiles import FIVES, Tile

LEFT_OUT = frozenset(range(1, 8))  # 2m-8m, which three players leave out
NORTH = 30
NOT_FOR_THREE = frozenset({t_sanshoku})  # three chows of one rank in every suit: no 2m-8m, no such hand

# ---------------------------------------------------------------- a hand from a shape


def _legal(shape: Shape, options: Options) -> bool:
    if not shape.loose and len(shape.blocks) != 4:
        return False
    counts = Counter(shape.loose)
    for block in shape.blocks:
        counts.update(block.kinds())
    if shape.pair is not None:
        counts[shape.pair] += 2
    return all(n <= 4 for n in counts.values()) and not (options.three_player and set(counts) & LEFT_OUT)


def _draw_shape(rng: random.Random, options: Options) -> Shape:
    themes = [theme for theme in THEMES if not (options.three_player and theme in NOT_FOR_THREE)]
    theme = rng.choices(themes, [THEMES[theme] for theme in themes])[0]
    while True:  # the same theme again, so that its weight is its share
        shape = theme(rng)
        if _legal(shape, options):
            return shape


@dataclass
class _Hand:
    hand: list[Tile]
    melds: list[tuple[list[Tile], bool]]
    win: int  # the winning tile's place in `hand`


def _lay_out(rng: random.Random, shape: Shape, options: Options) -> _Hand:
    hand = [Tile(k) for k in shape.loose]
    melds: list[tuple[list[Tile], bool]] = []
    calls = 0.0 if shape.closed or rng.random() < 0.45 else rng.choice([0.3, 0.6, 1.0])
    for block in shape.blocks:
        tiles = [Tile(k) for k in block.kinds()]
        called = not block.closed and rng.random() < calls and not (options.three_player and block.kind == "chow")
        if block.kind == "kong" and not shape.first_turn:
            melds.append((tiles, called))
        elif called:
            melds.append((tiles, True))
        else:
            hand.extend(tiles[:3])
    if shape.pair is not None:
        hand += [Tile(shape.pair)] * 2
    preferred = [i for i, t in enumerate(hand) if t.kind in shape.wins]
    return _Hand(hand, melds, rng.choice(preferred or range(len(hand))))


def _indicators(rng: random.Random, shown: Counter[int], n: int, options: Options) -> list[Tile]:
    out = []
    for _ in range(n):
        kind = rng.choice([k for k in ALL if shown[k] < 4 and not (options.three_player and k in LEFT_OUT)])
        shown[kind] += 1
        out.append(Tile(kind))
    return out


def _redden(rng: random.Random, tiles: list[list[Tile]], options: Options) -> None:
    """Makes one five of a suit red (always where the four fives of the suit are all shown)."""
    if not options.red_fives:
        return
    for five in FIVES:
        places = [(group, i) for group in tiles for i, t in enumerate(group) if t.kind == five]
        if places and (len(places) == 4 or rng.random() < 0.4):
            group, i = rng.choice(places)
            group[i] = Tile(five, red=True)


def _situation(rng: random.Random, shape: Shape, laid: _Hand) -> dict[str, Any]:
    called = any(is_open for _, is_open in laid.melds)
    kongs = sum(len(tiles) == 4 for tiles, _ in laid.melds)
    tsumo = shape.first_turn or rng.random() < 0.5
    riichi = not called and not shape.first_turn and rng.random() < 0.5
    double = riichi and rng.random() < 0.1
    last = not shape.first_turn and rng.random() < 0.08
    win_kind = laid.hand[laid.win].kind
    shown = sum(t.kind == win_kind for t in laid.hand) + sum(
        t.kind == win_kind for tiles, _ in laid.melds for t in tiles
    )
    after_kong = tsumo and kongs > 0 and not last and rng.random() < 0.3
    robbing = not tsumo and not last and shown == 1 and rng.random() < 0.3
    seat = rng.choice(WINDS) if not shape.first_turn else rng.choice([27, 27, 28, 29, 30])
    situation = {
        "seat_wind": seat,
        "round_wind": rng.choices(WINDS, [6, 3, 0.5, 0.5])[0],
        "riichi": riichi and (not double or rng.random() < 0.5),
        "double_riichi": double,
        "ippatsu": riichi and not after_kong and rng.random() < 0.25,
        "last_tile": last,
        "after_kong": after_kong,
        "robbing_kong": robbing,
        "first_turn": shape.first_turn,
        "self_drawn": tsumo,
        "honba": 0 if rng.random() < 0.6 else rng.randint(1, 4),
        "riichi_sticks": int(riichi) + (0 if rng.random() < 0.6 else rng.randint(1, 2)),
    }
    situation.update(shape.winds)
    return situation


def draw_win(rng: random.Random, options: Options = RIICHI_SHIPPED) -> dict[str, Any]:
    """One legal winning hand as a `wins/check` request."""
    shape = _draw_shape(rng, options)
    laid = _lay_out(rng, shape, options)
    situation = _situation(rng, shape, laid)
    shown = Counter(t.kind for t in laid.hand) + Counter(t.kind for m, _ in laid.melds for t in m)
    kongs = sum(len(tiles) == 4 for tiles, _ in laid.melds)
    dora = _indicators(rng, shown, 1 + kongs, options)
    ura = (
        _indicators(rng, shown, len(dora), options)
        if situation["riichi"] or situation["double_riichi"]
        else []
    )
    if situation["robbing_kong"] and shown[laid.hand[laid.win].kind] > 1:
        situation["robbing_kong"] = False  # an indicator shows another copy of the robbed tile
    _redden(rng, [laid.hand, *[m for m, _ in laid.melds], dora, ura], options)
    win = laid.hand[laid.win]
    hand = list(laid.hand)
    rng.shuffle(hand)
    flags = {k: v for k, v in situation.items() if isinstance(v, bool) and k != "self_drawn"}
    kita = {"kita": rng.randint(0, 4 - shown[NORTH])} if options.three_player else {}
    return {
        **kita,
        "hand": [str(t) for t in hand],
        "melds": [{"tiles": [str(t) for t in m], "open": o} for m, o in laid.melds],
        "win": {"tile": str(win), "self_drawn": situation["self_drawn"]},
        "seat_wind": str(Tile(situation["seat_wind"])),
        "round_wind": str(Tile(situation["round_wind"])),
        **flags,
        "dora_indicators": [str(t) for t in dora],
        "ura_dora_indicators": [str(t) for t in ura],
        "honba": situation["honba"],
        "riichi_sticks": situation["riichi_sticks"],
    }


def draw_tenpai(rng: random.Random, options: Options = RIICHI_SHIPPED) -> dict[str, Any]:
    """One tenpai hand as a `waits/check` request: a winning hand without its winning tile (the
    situation kept, less what only a win can have: the kong, the robbed kong, the first turn)."""
    request = draw_win(rng, options)
    hand = list(request.pop("hand"))
    hand.remove(request.pop("win")["tile"])
    for name in ("after_kong", "robbing_kong", "first_turn"):
        request[name] = False
    return {"hand": hand, **request}


def winning_hands(options: Options = RIICHI_SHIPPED) -> st.SearchStrategy[dict[str, Any]]:
    """Legal winning hands (`wins/check` requests) under `options`."""
    return st.randoms(use_true_random=False).map(lambda rng: draw_win(rng, options))


def tenpai_hands(options: Options = RIICHI_SHIPPED) -> st.SearchStrategy[dict[str, Any]]:
    """Legal tenpai hands (`waits/check` requests) under `options`."""
    return st.randoms(use_true_random=False).map(lambda rng: draw_tenpai(rng, options))


def sample_hands(n: int, seed: int, options: Options = RIICHI_SHIPPED) -> list[dict[str, Any]]:
    """`n` winning hands, the same for the same seed (benches, and the coverage test)."""
    rng = random.Random(seed)
    return [draw_win(rng, options) for _ in range(n)]


def sample_tenpai(n: int, seed: int, options: Options = RIICHI_SHIPPED) -> list[dict[str, Any]]:
    """`n` tenpai hands, the same for the same seed."""
    rng = random.Random(seed)
    return [draw_tenpai(rng, options) for _ in range(n)]
