"""The shapes the hand generators (tests/mahjong_hands.py) draw winning hands from: a theme a
pattern of mahjong.md's list (or a few of them) is likely to be met by, and its weight.

A theme draws melds and a pair (or the loose tiles of seven pairs, thirteen orphans, the nine
gates) that never hold more than four copies of a tile; whether each meld is called, the
winning tile and the situation are drawn afterwards (tests/mahjong_hands.py).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from tests.mahjong_tiles import TERMINALS_AND_HONOURS

SUITED = list(range(27))
SIMPLES = [k for k in SUITED if k % 9 not in (0, 8)]
TERMINALS = [0, 8, 9, 17, 18, 26]
WINDS = [27, 28, 29, 30]
DRAGONS = [31, 32, 33]
HONOURS = WINDS + DRAGONS
OUTSIDE = sorted(TERMINALS_AND_HONOURS)
GREEN = [19, 20, 21, 23, 25, 32]  # 2s 3s 4s 6s 8s and the green dragon
ALL = SUITED + HONOURS


@dataclass
class Block:
    """A meld of the shape: `chow` (from `first`), `pung` or `kong`; `closed`: it must stay in
    the hand (or be a concealed kong)."""

    kind: str
    first: int
    closed: bool = False

    def kinds(self) -> list[int]:
        if self.kind == "chow":
            return [self.first, self.first + 1, self.first + 2]
        return [self.first] * (4 if self.kind == "kong" else 3)


@dataclass
class Shape:
    """What a theme draws: melds and a pair, or concealed tiles alone (`loose`: seven pairs,
    thirteen orphans, nine gates); `closed`: no called meld; `wins`: the kinds the winning
    tile is taken from when the hand holds one; `winds`: the seat or round wind it needs."""

    blocks: list[Block] = field(default_factory=list)
    pair: int | None = None
    loose: list[int] = field(default_factory=list)
    closed: bool = False
    wins: list[int] = field(default_factory=list)
    winds: dict[str, int] = field(default_factory=dict)
    first_turn: bool = False


def _counts(blocks: list[Block]) -> Counter[int]:
    return Counter(k for b in blocks for k in b.kinds())


def _blocks(
    rng: random.Random,
    kinds: list[int],
    n: int,
    chows: float = 0.5,
    after: list[Block] | None = None,
) -> list[Block]:
    """`after` and `n` melds more of the given kinds: chows where the kinds allow them, else
    pungs (a few kongs), each chosen among those that keep four copies at most."""
    out = list(after or [])
    for _ in range(n):
        used = _counts(out)
        starts = [
            k for k in kinds
            if k < 27 and k % 9 <= 6 and {k + 1, k + 2} <= set(kinds)
            and all(used[k + i] < 4 for i in range(3))
        ]  # fmt: skip
        pungs = [k for k in kinds if used[k] == 0]
        if starts and (rng.random() < chows or not pungs):
            out.append(Block("chow", rng.choice(starts)))
        elif pungs:
            out.append(Block("kong" if rng.random() < 0.1 else "pung", rng.choice(pungs)))
    return out


def _pair(rng: random.Random, blocks: list[Block], kinds: list[int]) -> int:
    """A pair of the given kinds that keeps four copies at most (any kind when none does)."""
    used = _counts(blocks)
    return rng.choice([k for k in kinds if used[k] <= 2] or [k for k in ALL if used[k] <= 2])


def _suit(rng: random.Random) -> list[int]:
    s = rng.randrange(3) * 9
    return list(range(s, s + 9))


def _shape(blocks: list[Block], rng: random.Random, kinds: list[int] = ALL) -> Shape:
    return Shape(blocks, _pair(rng, blocks, kinds))


# ---------------------------------------------------------------- themes


def t_random(rng: random.Random) -> Shape:
    return _shape(_blocks(rng, ALL, 4), rng)


def t_tanyao(rng: random.Random) -> Shape:
    return _shape(_blocks(rng, SIMPLES, 4), rng, SIMPLES)


def t_pinfu(rng: random.Random) -> Shape:
    chows = _blocks(rng, SUITED, 4, chows=1.0)
    wins = [b.first for b in chows if b.first % 9 <= 5] + [
        b.first + 2 for b in chows if b.first % 9 >= 1
    ]
    return Shape(chows, _pair(rng, chows, SUITED + WINDS), closed=True, wins=wins)


def t_iipeikou(rng: random.Random) -> Shape:
    chow = _blocks(rng, SUITED, 1, chows=1.0)[0]
    blocks = _blocks(rng, ALL, 2, after=[chow, Block("chow", chow.first)])
    return Shape(blocks, _pair(rng, blocks, ALL), closed=True)


def t_ryanpeikou(rng: random.Random) -> Shape:
    a, b = _blocks(rng, SUITED, 2, chows=1.0)
    blocks = [a, Block("chow", a.first), b, Block("chow", b.first)]
    return Shape(blocks, _pair(rng, blocks, ALL), closed=True)


def t_yakuhai(rng: random.Random) -> Shape:
    kind = rng.choice(HONOURS)
    winds = {rng.choice(["seat_wind", "round_wind"]): kind} if kind in WINDS else {}
    blocks = _blocks(rng, ALL, 3, after=[Block("pung", kind)])
    return Shape(blocks, _pair(rng, blocks, ALL), winds=winds)


def t_chiitoitsu(rng: random.Random) -> Shape:
    pool = rng.choice([ALL, SIMPLES, OUTSIDE, _suit(rng) + HONOURS, _suit(rng)])
    pairs = rng.sample(pool, 7)
    return Shape(loose=pairs + pairs, closed=True)


def _outside(rng: random.Random, honours: bool) -> Shape:
    kinds = OUTSIDE if honours else TERMINALS
    starts = [k for k in SUITED if k % 9 in (0, 6)]
    n = rng.randint(1, 4)
    blocks = _blocks(
        rng, kinds, 4 - n, 0, after=[Block("chow", rng.choice(starts)) for _ in range(n)]
    )
    pairs = HONOURS if honours and rng.random() < 0.6 else TERMINALS
    return Shape(blocks, _pair(rng, blocks, pairs))


def t_chanta(rng: random.Random) -> Shape:
    return _outside(rng, honours=True)


def t_junchan(rng: random.Random) -> Shape:
    return _outside(rng, honours=False)


def t_ittsu(rng: random.Random) -> Shape:
    s = rng.randrange(3) * 9
    return _shape(_blocks(rng, ALL, 1, after=[Block("chow", s + i) for i in (0, 3, 6)]), rng)


def t_sanshoku(rng: random.Random) -> Shape:
    r = rng.randrange(7)
    return _shape(_blocks(rng, ALL, 1, after=[Block("chow", s + r) for s in (0, 9, 18)]), rng)


def t_sanshoku_doukou(rng: random.Random) -> Shape:
    r = rng.randrange(9)
    return _shape(_blocks(rng, ALL, 1, after=[Block("pung", s + r) for s in (0, 9, 18)]), rng)


def t_sanankou(rng: random.Random) -> Shape:
    pungs = [Block("pung", k, closed=True) for k in rng.sample(ALL, 3)]
    return _shape(_blocks(rng, ALL, 1, after=pungs), rng)


def t_sankantsu(rng: random.Random) -> Shape:
    return _shape(_blocks(rng, ALL, 1, after=[Block("kong", k) for k in rng.sample(ALL, 3)]), rng)


def t_toitoi(rng: random.Random) -> Shape:
    return _shape(_blocks(rng, ALL, 4, chows=0), rng)


def t_honroutou(rng: random.Random) -> Shape:
    return _shape(_blocks(rng, OUTSIDE, 4, chows=0), rng, OUTSIDE)


def t_shousangen(rng: random.Random) -> Shape:
    a, b, pair = rng.sample(DRAGONS, 3)
    others = [k for k in ALL if k != pair]
    return Shape(_blocks(rng, others, 2, after=[Block("pung", a), Block("pung", b)]), pair)


def t_honitsu(rng: random.Random) -> Shape:
    kinds = _suit(rng) + HONOURS
    return _shape(_blocks(rng, kinds, 4), rng, kinds)


def t_chinitsu(rng: random.Random) -> Shape:
    kinds = _suit(rng)
    return _shape(_blocks(rng, kinds, 4), rng, kinds)


def t_kokushi(rng: random.Random) -> Shape:
    return Shape(loose=OUTSIDE + [rng.choice(OUTSIDE)], closed=True)


def t_suuankou(rng: random.Random) -> Shape:
    pungs = [
        Block("kong" if rng.random() < 0.15 else "pung", k, closed=True) for k in rng.sample(ALL, 4)
    ]
    pair = _pair(rng, pungs, ALL)
    return Shape(pungs, pair, closed=True, wins=[pair] if rng.random() < 0.5 else [])


def t_daisangen(rng: random.Random) -> Shape:
    return _shape(_blocks(rng, ALL, 1, after=[Block("pung", d) for d in DRAGONS]), rng)


def t_shousuushii(rng: random.Random) -> Shape:
    *three, pair = rng.sample(WINDS, 4)
    others = [k for k in ALL if k != pair]
    return Shape(_blocks(rng, others, 1, after=[Block("pung", w) for w in three]), pair)


def t_daisuushii(rng: random.Random) -> Shape:
    return Shape([Block("pung", w) for w in WINDS], rng.choice(SUITED + DRAGONS))


def t_tsuuiisou(rng: random.Random) -> Shape:
    kinds = rng.sample(HONOURS, 5)
    if rng.random() < 0.2:
        return Shape(loose=rng.sample(HONOURS, 7) * 2, closed=True)
    return Shape([Block("pung", k) for k in kinds[:4]], kinds[4])


def t_ryuuiisou(rng: random.Random) -> Shape:
    return _shape(_blocks(rng, GREEN, 4, chows=0.4), rng, GREEN)


def t_chinroutou(rng: random.Random) -> Shape:
    kinds = rng.sample(TERMINALS, 5)
    return Shape([Block("pung", k) for k in kinds[:4]], kinds[4])


def t_chuuren(rng: random.Random) -> Shape:
    suit = _suit(rng)
    tiles = [suit[0]] * 3 + suit[1:8] + [suit[8]] * 3 + [rng.choice(suit)]
    return Shape(loose=tiles, closed=True)


def t_suukantsu(rng: random.Random) -> Shape:
    return _shape([Block("kong", k) for k in rng.sample(ALL, 4)], rng)


def t_first_turn(rng: random.Random) -> Shape:
    shape = rng.choice([t_random, t_tanyao, t_chiitoitsu, t_pinfu])(rng)
    for block in shape.blocks:
        block.kind = "pung" if block.kind == "kong" else block.kind
    shape.closed, shape.first_turn = True, True
    return shape


Theme = Callable[[random.Random], Shape]

# Each theme and its weight: the patterns of several hundred in a few thousand hands, each
# yakuman in a few dozen.
THEMES: dict[Theme, float] = {
    t_random: 10, t_tanyao: 6, t_pinfu: 6, t_iipeikou: 3, t_ryanpeikou: 2, t_yakuhai: 6,
    t_chiitoitsu: 4, t_chanta: 3, t_junchan: 3, t_ittsu: 3, t_sanshoku: 3,
    t_sanshoku_doukou: 2, t_sanankou: 3, t_sankantsu: 2, t_toitoi: 3, t_honroutou: 2,
    t_shousangen: 2, t_honitsu: 4, t_chinitsu: 3, t_kokushi: 0.6, t_suuankou: 0.6,
    t_daisangen: 0.6, t_shousuushii: 0.6, t_daisuushii: 0.6, t_tsuuiisou: 0.6, t_ryuuiisou: 0.6,
    t_chinroutou: 0.6, t_chuuren: 0.6, t_suukantsu: 0.6, t_first_turn: 1,
}  # fmt: skip
