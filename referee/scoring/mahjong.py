"""A Mahjong hand's score from its ruleset's data: the patterns a reading holds, its fu, its
dora, its limit and what each player pays.

Riichi (`method: han_fu`): han from the patterns and the dora, fu from the groups, the wait and
how the hand was won; base points fu x 2^(2 + han), capped by the limits; the payments are
multiples of the base. Hong Kong (`method: faan`): faan from the patterns, points from the
faan table, capped at the table's maximum.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import NamedTuple

from referee.checks.mahjong.arrange import KONG, PAIR, PUNG, Group
from referee.checks.mahjong.conditions import COUNTERS, Reading, holds
from referee.rules.mahjong import MahjongRules, Pattern
from referee.values.i18n import local


class Found(NamedTuple):
    """A pattern a reading holds: its name, value (han, faan, or 13 a yakuman), the tiles it
    names (a counted pung), and whether it is a limit hand."""

    name: str
    value: int
    tiles: tuple[int, ...]
    yakuman: int
    pattern: Pattern

    def words(self) -> str:
        return local(self.pattern.words, self.pattern.words.get("en", self.name))


def found_patterns(reading: Reading) -> list[Found]:
    """The patterns the reading holds, those others replace left out; a limit hand's only."""
    out: list[Found] = []
    limit = reading.rules.faan.maximum if reading.rules.faan is not None else 13  # what a limit hand is worth
    for found in reading.rules.patterns:
        value = found.closed if reading.concealed else found.open
        if value is None or not holds(reading, found.when):
            continue
        pattern = found.raised if found.raised is not None and holds(reading, found.raised.when) else found
        raised = pattern.closed if reading.concealed else pattern.open
        worth = limit * pattern.yakuman if pattern.yakuman else value if raised is None else raised
        finds = COUNTERS[pattern.per](reading) if pattern.per else [()]
        out += [Found(pattern.name, worth, tiles, pattern.yakuman, pattern) for tiles in finds]
    names = {f.name for f in out}
    replaced = {name for f in out for name in f.pattern.excludes if f.name in names}
    out = [f for f in out if f.name not in replaced]
    if any(f.yakuman for f in out):
        out = _counted_limits([f for f in out if f.yakuman], reading.rules.most_yakuman)
    return out


def _counted_limits(found: list[Found], most: int) -> list[Found]:
    """The limit hands counted, in the ruleset's order, up to `most` yakuman in all."""
    kept, count = [], 0
    for f in found:
        if count + f.yakuman <= most:
            kept.append(f)
            count += f.yakuman
    return kept


class FuPart(NamedTuple):
    item: str
    fu: int


def fu_parts(reading: Reading) -> list[FuPart]:
    """The fu of a reading before rounding: none for a hand not read as melds and a pair (seven
    pairs score their fixed fu, `rounded_fu`)."""
    rules, arrangement = reading.rules.fu, reading.arrangement
    if arrangement.shape != "melds":
        return []
    parts = [FuPart("base", rules.base)]
    parts += [part for group in reading.groups for part in _group_fu(reading, group)]
    if rules.waits.get(arrangement.wait):
        parts.append(FuPart(WAIT_ITEMS.get(arrangement.wait, f"{arrangement.wait}_wait"), rules.waits[arrangement.wait]))
    self_drawn = "self_drawn" in reading.flags
    plain = len(parts) == 1  # no fu but the base: all chows, a plain pair, a two-sided wait
    if self_drawn and not (plain and reading.concealed and not rules.pinfu_self_draw):
        parts.append(FuPart("self_draw", rules.self_draw))
    if not self_drawn and reading.concealed:
        parts.append(FuPart("concealed_ron", rules.closed_ron))
    if not self_drawn and not reading.concealed and plain:  # an open hand of nothing but the base
        parts.append(FuPart("open_pinfu", rules.open_no_fu - rules.base))
    return parts


# A wait's fu part as answers name it (a pair wait: `single_wait`).
WAIT_ITEMS = {"edge": "edge_wait", "closed": "closed_wait", "pair": "single_wait"}


def _group_fu(reading: Reading, group: Group) -> Iterable[FuPart]:
    rules, tiles = reading.rules.fu, reading.rules.tiles
    if group.kind == PAIR:
        fu = sum(rules.pair.get(reason, 0) for reason, held in (
            ("dragon", group.tile in reading.rules.groups.get("dragons", frozenset())),
            ("seat_wind", group.tile == reading.seat), ("round_wind", group.tile == reading.round)) if held)
        if fu:
            yield FuPart("value_pair" if fu <= max(rules.pair.values(), default=0) else "double_value_pair", fu)
    elif group.kind in (PUNG, KONG):
        end = "simple" if tiles.simple(group.tile) else "terminal_or_honour"
        fu = rules.pung[end] * (rules.closed_factor if group.concealed else 1) * \
            (rules.kong_factor if group.kind == KONG else 1)
        word = "simple" if end == "simple" else "honour" if tiles.honour(group.tile) else "terminal"
        yield FuPart(f"{'concealed' if group.concealed else 'open'}_{group.kind}_{word}", fu)


def rounded_fu(reading: Reading, parts: list[FuPart]) -> int:
    """The fu as scored: the parts rounded up (seven pairs: their fixed fu; thirteen orphans: 0)."""
    shape = reading.arrangement.shape
    if shape != "melds":
        return reading.rules.fu.seven_pairs if shape == "seven_pairs" else 0
    step = reading.rules.fu.round_to
    return step * math.ceil(sum(p.fu for p in parts) / step)


def dora_count(rules: MahjongRules, held: Sequence[int], indicators: Iterable[int]) -> int:
    """How many dora `held` holds for these indicators (each indicator names the tile after it)."""
    return sum(held.count(_next(rules, indicator)) for indicator in indicators)


def _next(rules: MahjongRules, tile: int) -> int:
    for cycle in ("winds", "dragons"):
        group = sorted(rules.groups.get(cycle, frozenset()))
        if tile in group:
            return group[(group.index(tile) + 1) % len(group)]
    tiles = rules.tiles
    last = dict(tiles.suits)[tiles.suit_of[tile]]
    following = tile + 1 if tiles.rank_of[tile] < last else tile - last + 1
    return following if tiles.played(following) else _next(rules, following)  # a tile left out is passed over


def han_points(rules: MahjongRules, han: int, fu: int, yakuman: int) -> tuple[str | None, int]:
    """(the limit reached or None, the base points) of a hand of `han` and `fu`."""
    limits = sorted(rules.limits, key=lambda lim: lim.han)
    if yakuman:
        top = next(lim for lim in reversed(limits) if lim.name == "yakuman")
        counted = min(yakuman, rules.most_yakuman)
        return ("double_yakuman" if counted >= 2 else "yakuman"), top.base * counted
    reached = [lim for lim in limits if han >= lim.han and (lim.name != "yakuman" or rules.counted_yakuman)]
    if reached:
        return reached[-1].name, reached[-1].base
    base = fu * 2 ** (2 + han)
    first = limits[0] if limits else None
    if first is not None and (base >= first.base or (rules.kiriage and (han, fu) in ((4, 30), (3, 60)))):
        return first.name, first.base
    return None, base


def payments(rules: MahjongRules, base: int, situation: tuple[bool, bool, int, int]) -> dict[str, int]:
    """What the winner receives: `situation` is (dealer, self-drawn, honba, riichi sticks)."""
    dealer, self_drawn, honba, sticks = situation
    pay = rules.payments

    def up(value: float) -> int:
        return int(pay.round_to * math.ceil(value / pay.round_to))

    extra = sticks * pay.riichi_stick
    if not self_drawn:
        paid = up(base * (pay.ron_dealer if dealer else pay.ron_other)) + honba * pay.honba
        return {"total": paid + extra, "from_discarder": paid}
    payers = rules.seats - 1  # fewer than three at the table: the absent player's share is not paid
    each_honba = honba * pay.honba // payers
    if dealer:
        others = up(base * pay.tsumo_by_dealer) + each_honba
        return {"total": payers * others + extra, "others_pay": others}
    by_dealer = up(base * pay.tsumo_dealer_pays) + each_honba
    others = up(base * pay.tsumo_others_pay) + each_honba
    return {"total": by_dealer + (payers - 1) * others + extra, "dealer_pays": by_dealer, "others_pay": others}


def faan_points(rules: MahjongRules, faan: int, self_drawn: bool) -> tuple[str | None, dict[str, int]]:
    """Hong Kong: the limit (`maximum`) and the points a hand of `faan` is paid."""
    table = rules.faan
    assert table is not None
    capped = min(faan, table.maximum)
    worth = table.points.get(capped) or max((v for k, v in table.points.items() if k <= capped), default=0)
    limit = "maximum" if faan >= table.maximum else None
    others = rules.seats - 2  # the players neither winning nor discarding
    if self_drawn:
        return limit, {"total": (rules.seats - 1) * 2 * worth, "others_pay": 2 * worth}
    total = 2 * worth + others * worth
    if table.discarder_pays_all:
        return limit, {"total": total, "from_discarder": total}
    return limit, {"total": total, "from_discarder": 2 * worth, "others_pay": worth}
