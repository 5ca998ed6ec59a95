"""Mahjong's checks: does this hand win, and for what (`check_win`); what is it waiting on
(`check_waits`). Both read a request's fields as mahjong.md names them (`read_win`), refusing
with the field's path what cannot be judged (a wind that is no wind, riichi with an open hand,
a field the ruleset does not use), and answer broken rules as violations.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any, NamedTuple

from referee.checks.mahjong.arrange import Arrangement, Group, arrangements, called_group
from referee.checks.mahjong.conditions import reading as read_as
from referee.rules.mahjong import MahjongRules
from referee.rules.ruleset import Ruleset
from referee.scoring.mahjong import (
    Found,
    FuPart,
    dora_count,
    faan_points,
    found_patterns,
    fu_parts,
    han_points,
    payments,
    rounded_fu,
)
from referee.values.errors import InvalidPlayError, Problem
from referee.values.i18n import N_, t, tn
from referee.values.tiles import Tiles, TileSet, counts_of, read_tile, read_tiles, refusal_code

FLAGS = ("riichi", "double_riichi", "ippatsu", "last_tile", "after_kong", "robbing_kong", "first_turn")
WIN_FIELDS = frozenset({"hand", "melds", "win", "seat_wind", "round_wind", "dora_indicators", "ura_dora_indicators",
                        "honba", "riichi_sticks", "flowers", "kita", "discards", *FLAGS})


class WinAsk(NamedTuple):
    """A hand as a request gives it: the concealed tiles, the melds, the winning tile and how it
    came, the winds, the flags, the dora indicators, the sticks."""

    hand: Tiles
    melds: tuple[tuple[Tiles, bool], ...]   # each meld's tiles, and whether it is open
    tile: int | None
    self_drawn: bool
    seat: int
    round: int
    flags: frozenset[str]
    dora: Tiles                             # the indicators turned up
    ura: Tiles
    counts: tuple[int, int]                 # honba, riichi sticks
    discards: tuple[int, ...] = ()          # the player's own discards (furiten)
    flowers: tuple[int, ...] = ()           # the flowers and seasons laid aside
    kita: tuple[int, ...] = ()              # the tiles set aside as dora (three-player Riichi's north)


def mahjong_rules(ruleset: Ruleset) -> MahjongRules:
    if ruleset.mahjong is None:
        raise InvalidPlayError(Problem("", "wrong_family", t(
            '"{id}" is a {family} game; this check is for {wanted} games', id=ruleset.id, family=ruleset.family,
            wanted="mahjong")))
    return ruleset.mahjong


def read_win(rules: MahjongRules, fields: Mapping[str, Any], *, waiting: bool = False) -> WinAsk:
    """The request's fields read and checked (`waiting`: a 13-tile hand with no winning tile)."""
    tiles = rules.tiles
    if "flowers" in fields and not tiles.flowers:
        raise InvalidPlayError(Problem("flowers", "unused_field", t("this game has no flowers; leave flowers out")))
    for name in ("dora_indicators", "ura_dora_indicators"):
        if fields.get(name) and not rules.dora:
            raise InvalidPlayError(Problem(name, "unused_field", t("this game plays no dora; leave {field} out",
                                                                    field=name)))
    flowers = read_tiles(list(fields.get("flowers") or []), "flowers", tiles).flowers
    kita = _kita(rules, fields)
    hand = read_tiles(fields.get("hand", []), "hand", tiles)
    melds = tuple(_meld(tiles, m, f"melds[{i}]") for i, m in enumerate(fields.get("melds") or []))
    win = fields.get("win") or {}
    tile = None if waiting else _one(tiles, win.get("tile"), "win.tile")
    flags = frozenset(name for name in FLAGS if fields.get(name))
    if "double_riichi" in flags:
        flags |= {"riichi"}
    if flags & {"riichi", "ippatsu"} and any(is_open for _, is_open in melds):
        raise InvalidPlayError(Problem("riichi", "invalid_field", t("riichi is declared with a concealed hand; "
                                                                     "this hand has an open meld")))
    return WinAsk(hand, melds, tile, bool(win.get("self_drawn")), _wind(rules, fields, "seat_wind"),
                  _wind(rules, fields, "round_wind"), flags,
                  _indicators(tiles, fields, "dora_indicators"), _indicators(tiles, fields, "ura_dora_indicators"),
                  (int(fields.get("honba") or 0), int(fields.get("riichi_sticks") or 0)),
                  tuple(_one(tiles, d, f"discards[{i}]") for i, d in enumerate(fields.get("discards") or [])),
                  flowers, kita)


def _kita(rules: MahjongRules, fields: Mapping[str, Any]) -> tuple[int, ...]:
    """The tiles set aside as dora: `kita` counts them."""
    if "kita" not in fields:
        return ()
    if rules.kita is None:
        raise InvalidPlayError(Problem("kita", "unused_field", t("this game sets no tile aside as a dora; leave kita out")))
    count = fields["kita"]
    if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= rules.tiles.copies:
        raise InvalidPlayError(Problem("kita", "invalid_field", t("kita counts the tiles set aside: 0 to {most}",
                                                                  most=rules.tiles.copies)))
    return (rules.kita,) * count


def _indicators(tiles: TileSet, fields: Mapping[str, Any], name: str) -> Tiles:
    found = read_tiles(list(fields.get(name) or []), name, tiles)
    if found.flowers:
        raise InvalidPlayError(Problem(name, "unknown_card", t("{token} is a flower, not a tile of the hand",
                                                               token=f"{found.flowers[0]}f")))
    return found


def _one(tiles: TileSet, token: object, path: str) -> int:
    found = read_tile(token, tiles)
    if isinstance(found, str) or found[0] == "flower":
        raise InvalidPlayError(Problem(path, refusal_code(token, tiles), found if isinstance(found, str) else
                                       t("{token} is a flower, not a tile of the hand", token=str(token))))
    return found[1]


def _wind(rules: MahjongRules, fields: Mapping[str, Any], name: str) -> int:
    tile = _one(rules.tiles, fields.get(name) or "1z", name)
    if tile not in rules.groups.get("winds", frozenset()):
        raise InvalidPlayError(Problem(name, "not_a_wind", t("{token} is not a wind: east 1z, south 2z, west 3z, "
                                                             "north 4z", token=str(fields.get(name)))))
    return tile


def _meld(tiles: TileSet, meld: object, path: str) -> tuple[Tiles, bool]:
    if not isinstance(meld, Mapping):
        raise InvalidPlayError(Problem(path, "invalid_type", t("a meld is an object holding its tiles and whether it is open")))
    return read_tiles(meld.get("tiles", []), f"{path}.tiles", tiles), bool(meld.get("open", True))


_NOT_CALLED = {"chow": N_("meld {n} is a chow called from a discard, which this game does not allow"),
               "pung": N_("meld {n} is a pung called from a discard, which this game does not allow"),
               "kong": N_("meld {n} is a kong called from a discard, which this game does not allow")}


class Judged(NamedTuple):
    violations: list[tuple[str, str]]       # (code, sentence)
    score: dict[str, Any] | None


def check_win(ruleset: Ruleset, ask: WinAsk) -> dict[str, Any]:
    """The answer to `wins/check`: valid, violations, and the best reading's score."""
    judged = judge_win(mahjong_rules(ruleset), ask)
    answer: dict[str, Any] = {"valid": not judged.violations,
                              "violations": [{"code": c, "message": m, "cards": []} for c, m in judged.violations]}
    if judged.score is not None and not judged.violations:
        answer["score"] = judged.score
    return answer


def judge_win(rules: MahjongRules, ask: WinAsk) -> Judged:
    found = _readings(rules, ask)
    if isinstance(found, Judged):
        return found
    best = max((_score(rules, ask, reading) for reading in found), key=lambda scored: scored.key)
    if best.enough:
        return Judged([], best.answer(rules))
    code = "no_yaku" if rules.method == "han_fu" else "below_minimum_faan"
    return Judged([(code, t("this hand has no pattern that scores") if code == "no_yaku" else
                    t("this hand is worth fewer faan than the table's minimum"))], None)


def _readings(rules: MahjongRules, ask: WinAsk) -> list[Arrangement] | Judged:
    """Every way the tiles read as a winning hand, or why they cannot win at all."""
    tiles = rules.tiles
    called: list[Group] = []
    for i, (meld, is_open) in enumerate(ask.melds):
        group = called_group(tiles, meld.tiles, concealed=not is_open)
        if group is None:
            return Judged([("invalid_meld", t("meld {n} is no pung, kong or chow", n=i + 1))], None)
        if group.called and group.kind not in rules.calls:
            return Judged([("invalid_meld", t(_NOT_CALLED[group.kind], n=i + 1))], None)
        called.append(group)
    problem = _counted(rules, ask)
    if problem is not None:
        return Judged([problem], None)
    assert ask.tile is not None
    counts = counts_of(ask.hand.tiles, tiles.size)
    readings = arrangements(tiles, counts, tuple(called), (ask.tile, ask.self_drawn), rules.shapes)
    if not readings:
        return Judged([("not_a_winning_shape", t("these tiles make no winning hand"))], None)
    if not ask.self_drawn and _furiten(rules, ask, counts, tuple(called)):
        return Judged([("furiten", t("this hand waits on a tile its player discarded: it may not win by a discard"))],
                      None)
    return readings


def _counted(rules: MahjongRules, ask: WinAsk) -> tuple[str, str] | None:
    tiles = rules.tiles
    held = len(ask.hand.tiles) + 3 * len(ask.melds)
    if held != 14:
        return "wrong_tile_count", tn("a winning hand holds 14 tiles (a kong counting 3); this one holds {n}",
                                      "a winning hand holds 14 tiles (a kong counting 3); this one holds {n}", held)
    if ask.tile not in ask.hand.tiles:
        return "not_in_hand", t("the winning tile {tile} is not in the hand", tile=tiles.names[ask.tile or 0])
    counts = counts_of(_seen(ask), tiles.size)
    reds = counts_of([*ask.hand.reds, *(r for meld, _ in ask.melds for r in meld.reds), *ask.dora.reds, *ask.ura.reds],
                     tiles.size)
    over = [tiles.names[i] for i, c in enumerate(counts) if c > tiles.copies] if max(counts) > tiles.copies else []
    over += [f"{flower}f" for flower in set(ask.flowers) if ask.flowers.count(flower) > 1]
    over += [f"0{tiles.suit_of[i]}" for i, c in enumerate(reds) if c > tiles.red_fives.get(tiles.suit_of[i], 0)] \
        if max(reds) else []
    plain_over = [tiles.names[i] for i in tiles.fives
                  if counts[i] - reds[i] > tiles.copies - tiles.red_fives.get(tiles.suit_of[i], 0)]
    if over or plain_over:
        return "duplicate_card", tn("there is only {n} of each tile; this hand holds more of {tiles}",
                                    "there are only {n} of each tile; this hand holds more of {tiles}",
                                    tiles.copies, tiles=", ".join(dict.fromkeys(over + plain_over)))
    return None


def _furiten(rules: MahjongRules, ask: WinAsk, counts: list[int], called: tuple[Group, ...]) -> bool:
    """Does the hand, before its winning tile, wait on a tile its player discarded?"""
    assert ask.tile is not None
    counts = list(counts)
    counts[ask.tile] -= 1
    for tile in set(ask.discards):
        counts[tile] += 1
        waits = bool(arrangements(rules.tiles, counts, called, (tile, False), rules.shapes))
        counts[tile] -= 1
        if waits:
            return True
    return False


def _seen(ask: WinAsk) -> list[int]:
    """Every tile the request shows: the hand, the melds, and the dora indicators turned up (a
    tile of the wall too, so no hand may hold a fifth copy beside one), and the tiles set aside."""
    return [*ask.hand.tiles, *(t for meld, _ in ask.melds for t in meld.tiles), *ask.dora.tiles, *ask.ura.tiles,
            *ask.kita]


class Scored(NamedTuple):
    """A reading's score, as the best reading is chosen by (`key`) and then worded (`answer`)."""

    key: tuple[int, int, int]               # points, han (or faan), fu
    enough: bool                            # worth what a win needs
    arrangement: Arrangement
    found: list[Found]
    dora: int
    parts: list[FuPart]
    figures: dict[str, Any]                 # han, fu, faan, limit, points

    def answer(self, rules: MahjongRules) -> dict[str, Any]:
        names = rules.tiles.names
        return {**self.figures,
                "patterns": [{"name": f.name, "value": f.value,
                              **({"tiles": [names[x] for x in f.tiles]} if f.tiles else {}), "words": f.words()}
                             for f in self.found],
                "dora": self.dora,
                "arrangement": [[names[x] for x in g.tiles()] for g in self.arrangement.groups],
                "fu_parts": [{"item": p.item, "fu": p.fu} for p in self.parts]}


def _score(rules: MahjongRules, ask: WinAsk, arrangement: Arrangement) -> Scored:
    flags = ask.flags | ({"self_drawn"} if ask.self_drawn else set()) | \
        ({"dealer"} if ask.seat == min(rules.groups.get("winds", {ask.seat})) else set())
    reading = read_as(rules, arrangement, frozenset(flags), (ask.seat, ask.round), (ask.flowers, ask.tile or -1))
    found = found_patterns(reading)
    value = sum(f.value for f in found)
    toward = sum(f.value for f in found if f.pattern.toward_minimum)  # what counts toward the minimum
    yakuman = sum(f.yakuman for f in found)
    dora = 0
    if rules.dora and not yakuman:
        held = [*reading.tiles, *ask.kita] if ask.kita else reading.tiles  # a tile set aside is a dora too
        dora = dora_count(rules, held, ask.dora.tiles) + ask.hand.red + sum(m.red for m, _ in ask.melds) + len(ask.kita)
        if rules.ura_dora and "riichi" in flags:
            dora += dora_count(rules, held, ask.ura.tiles)
    if rules.method == "faan":
        assert rules.faan is not None
        limit, points = faan_points(rules, value, ask.self_drawn)
        return Scored((points["total"], value, 0), toward >= rules.faan.minimum, arrangement, found, dora, [],
                      {"han": None, "fu": None, "faan": min(value, rules.faan.maximum), "limit": limit,
                       "points": points})
    parts = fu_parts(reading)
    fu = rounded_fu(reading, parts)
    han = value + dora
    limit, base = han_points(rules, han, fu, yakuman)
    honba, sticks = ask.counts
    points = payments(rules, base, ("dealer" in flags, ask.self_drawn, honba, sticks))
    return Scored((points["total"], han, fu), toward >= rules.minimum_han, arrangement, found, dora, parts,
                  {"han": han, "fu": fu, "faan": None, "limit": limit, "points": points})


def check_waits(ruleset: Ruleset, ask: WinAsk) -> dict[str, Any]:
    """The answer to `waits/check`: each tile that completes the hand, and whether winning on it
    by a discard would score."""
    rules = mahjong_rules(ruleset)
    tiles = rules.tiles
    held = len(ask.hand.tiles) + 3 * len(ask.melds)
    if held != 13:
        return {"valid": False, "violations": [{"code": "wrong_tile_count", "message": tn(
            "a waiting hand holds 13 tiles (a kong counting 3); this one holds {n}",
            "a waiting hand holds 13 tiles (a kong counting 3); this one holds {n}", held), "cards": []}]}
    every = counts_of(_seen(ask), tiles.size)
    waits = []
    for tile in _near(rules, ask.hand.tiles):
        if every[tile] >= tiles.copies:
            continue
        trial = ask._replace(hand=replace(ask.hand, tiles=(*ask.hand.tiles, tile)), tile=tile, self_drawn=False)
        found = _readings(rules, trial)
        if isinstance(found, Judged) and found.violations[0][0] == "duplicate_card":  # the plain fives seen: the red one
            trial = trial._replace(hand=replace(trial.hand, reds=(*trial.hand.reds, tile)))
            found = _readings(rules, trial)
        if not isinstance(found, Judged):  # it wins: whether any reading scores
            waits.append({"tile": tiles.names[tile], "scores": any(_score(rules, trial, r).enough for r in found)})
    if not waits:
        return {"valid": False, "violations": [{"code": "not_tenpai", "message": t(
            "no tile completes this hand"), "cards": []}], "waits": []}
    return {"valid": True, "violations": [], "waits": waits}


def _near(rules: MahjongRules, held: Iterable[int]) -> list[int]:
    """The tiles that may complete a hand of these concealed tiles: the winning tile joins a pair,
    a pung or a chow with a tile held, so it is one held or of a held tile's suit within two
    ranks of it (an honour: itself); thirteen orphans waits on any terminal or honour."""
    tiles = rules.tiles
    near = set()
    for tile in set(held):
        near.add(tile)
        if not tiles.honour(tile):
            near.update(other for other in range(tile - 2, tile + 3) if 0 <= other < tiles.size
                        and tiles.suit_of[other] == tiles.suit_of[tile] and tiles.played(other))
    if "thirteen_orphans" in rules.shapes:
        near.update(tiles.orphans)
    return sorted(near)


def win_answer(ruleset: Ruleset, fields: Mapping[str, Any]) -> dict[str, Any]:
    """`wins/check`'s answer to a request's fields, as the service gives it."""
    return check_win(ruleset, read_win(mahjong_rules(ruleset), fields))


def waits_answer(ruleset: Ruleset, fields: Mapping[str, Any]) -> dict[str, Any]:
    """`waits/check`'s answer to a request's fields, as the service gives it."""
    return check_waits(ruleset, read_win(mahjong_rules(ruleset), fields, waiting=True))
