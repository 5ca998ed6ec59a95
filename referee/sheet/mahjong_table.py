"""A Mahjong table on the score sheet (mahjong.md, "The score sheet"): the dealer, the round
wind, the honba and the sticks on the table, and the points each hand passes.

A hand's record (`mahjong_entry`) is applied in the ruleset's order: the riichi declared pay
their sticks into the pot; each win is paid as the ruleset pays it (by the discarder, or by
every other player on a self-draw; the dealer's share apart), the first winner in turn from
the discarder taking the honba and the sticks; a drawn hand passes the noten payments. Then
the dealer deals again or the deal passes (`game.dealer_repeats`), the honba are counted, the
round wind moves on when the deal has gone round, and the game ends after its last wind or when
a player falls below zero (`game.ends_below_zero`), reckoned with the uma and the oka. Every
movement is a part of the hand's `breakdown`; the points and the sticks always sum to the
start. No game name appears here: every figure is the ruleset's.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from referee.rules.mahjong import MahjongRules
from referee.scoring.mahjong import faan_points, han_points, payments
from referee.values.errors import InvalidPlayError, Problem
from referee.values.i18n import N_, t, tn

WIND_WORDS = (N_("East"), N_("South"), N_("West"), N_("North"))
LIMIT_YAKUMAN = {"yakuman": 1, "double_yakuman": 2}


@dataclass
class Table:
    """Where the game stands: the first dealer's seat and the dealer's, the round wind (its
    place in the game's winds) and the honba."""

    first: int
    dealer: int
    wind: int = 0
    honba: int = 0


class Ledger(Protocol):
    """What this module reads and writes of a sheet."""

    players: list[Any]
    pot: int
    status: str
    winner: str | list[str] | None
    table: Table | None

    def player(self, name: object, path: str) -> Any: ...


@dataclass
class Moves:
    """The points a hand passes, part by part, by player."""

    parts: dict[str, list[dict[str, Any]]] = field(default_factory=dict)

    def add(self, name: str, item: str, points: int) -> None:
        """`points` to `name` for `item`, added to the part of that item where there is one."""
        if not points:
            return
        parts = self.parts.setdefault(name, [])
        same = next((p for p in parts if p["item"] == item), None)
        if same is None:
            parts.append({"item": item, "points": points})
        else:
            same["points"] += points

    def share(self, names: Sequence[str], item: str, points: int) -> None:
        """`points` shared among `names`, the odd points to the first."""
        if points and names:
            each, odd = divmod(points, len(names))
            for i, name in enumerate(names):
                self.add(name, item, each + (odd if i == 0 else 0))

    def points(self, names: Sequence[str]) -> dict[str, int]:
        return {n: sum(p["points"] for p in self.parts.get(n, [])) for n in names}

    def apply(self, sheet: Ledger) -> None:
        for name, parts in self.parts.items():
            sheet.player(name, name).score += sum(p["points"] for p in parts)


def seat_winds(rules: MahjongRules, names: Sequence[str], table: Table) -> dict[str, str]:
    """Each player's seat wind as a tile: the dealer's is east, then round the table."""
    winds = sorted(rules.groups.get("winds", ()))
    return {name: rules.tiles.names[winds[(i - table.dealer) % len(names) % len(winds)]] for i, name in enumerate(names)}


def round_wind(rules: MahjongRules, table: Table) -> str:
    winds = rules.game.winds
    return rules.tiles.names[winds[min(table.wind, len(winds) - 1)]]


def hand_name(rules: MahjongRules, players: int, table: Table) -> str:
    """"East 2, 1 honba": the round wind, the dealer's turn in it, the honba where they are paid."""
    winds = sorted(rules.groups.get("winds", ()))
    tile = rules.game.winds[min(table.wind, len(rules.game.winds) - 1)]
    place = winds.index(tile) if tile in winds else 0
    name = t("{wind} {n}", wind=t(WIND_WORDS[place % len(WIND_WORDS)]), n=(table.dealer - table.first) % players + 1)
    if table.honba and rules.payments.honba:
        return tn("{hand}, {n} honba", "{hand}, {n} honba", table.honba, hand=name)
    return name


def opening(names: Sequence[str], dealer: str | None) -> Table:
    seat = list(names).index(dealer) if dealer is not None and dealer in names else 0
    return Table(seat, seat)


def game_fields(rules: MahjongRules, sheet: Ledger, rounds: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """What a Mahjong game reads beside its players' scores: the hand now (after the end, the last
    one played), its honba, the winds, and what the table pays that a page asks for."""
    table = sheet.table
    assert table is not None
    names = [p.name for p in sheet.players]
    if sheet.status != "in_progress" and rounds:  # over: the table as it sat for the last hand
        last = rounds[-1]
        return {"hand": last["hand"], "honba": last["honba"], "round_wind": last["round_wind"],
                "seat_winds": seat_winds(rules, names, Table(table.first, names.index(last["dealer"]))),
                "mahjong": _pays(rules)}
    return {"hand": hand_name(rules, len(names), table), "honba": table.honba,
            "round_wind": round_wind(rules, table), "seat_winds": seat_winds(rules, names, table),
            "mahjong": _pays(rules)}


def _pays(rules: MahjongRules) -> dict[str, Any]:
    """What the table pays, as a page's form asks it, and what each player started with."""
    return {"scoring": rules.method, "riichi": bool(rules.payments.riichi_stick),
            "honba": bool(rules.payments.honba), "several_winners": rules.game.several_winners,
            "starting_points": rules.game.starting_points}


def end_reckoning(rounds: Sequence[Mapping[str, Any]], entries: Sequence[Mapping[str, Any]]) -> dict[str, Any] | None:
    """The end's reckoning, once the game is reckoned: kept with the hand that ended it, or with the
    table's end (`finish`); its `points` and `breakdown` by player. None before the end."""
    parts = next((r["reckoning"] for r in rounds if r.get("reckoning")), None) or \
        next((e["breakdown"] for e in entries if e.get("kind") == "finish" and e.get("breakdown")), None)
    if parts is None:
        return None
    return {"points": {name: sum(p["points"] for p in items) for name, items in parts.items()}, "breakdown": parts}


def end_words(rules: MahjongRules, players: int) -> str:
    """What ends the game, in a sentence: its last hand, and a player below zero where that ends it."""
    last = Table(0, players - 1, len(rules.game.winds) - 1)
    if rules.game.ends_below_zero:
        return t("The game ends after {hand}, or when a player falls below zero.", hand=hand_name(rules, players, last))
    return t("The game ends after {hand}.", hand=hand_name(rules, players, last))


def play(rules: MahjongRules, sheet: Ledger, record: Mapping[str, Any]) -> dict[str, Any]:
    """Apply one hand's record; what the round adds to the sheet: the hand's name, its honba,
    its dealer, the points passed and their breakdown, and where the hand ends the game, the
    end's reckoning apart (`reckoning`: the sticks left, the uma and the oka, by player)."""
    table = sheet.table
    assert table is not None
    names = [p.name for p in sheet.players]
    shown = {"hand": hand_name(rules, len(names), table), "honba": table.honba, "dealer": names[table.dealer],
             "round_wind": round_wind(rules, table)}
    moves = Moves()
    _riichi(rules, sheet, record.get("riichi") or [], moves)
    wins = [record["win"]] if record.get("win") is not None else list(record.get("wins") or [])
    repeat = _wins(rules, sheet, wins, moves) if wins else _draw(rules, sheet, record, moves)
    moves.apply(sheet)
    table.honba = table.honba + 1 if repeat or not wins else 0
    _advance(rules, sheet, table, repeat)
    played = shown | {"points": moves.points(names), "breakdown": {n: moves.parts.get(n, []) for n in names}}
    if sheet.status == "finished":
        end = reckon(rules, sheet)
        played["reckoning"] = {n: end.parts.get(n, []) for n in names}
    return played


def _riichi(rules: MahjongRules, sheet: Ledger, declared: Sequence[str], moves: Moves) -> None:
    stick = rules.payments.riichi_stick
    for i, player in enumerate(_players(sheet, declared, "riichi")):
        name = player.name
        if player.score < stick:
            raise InvalidPlayError(Problem(f"riichi[{i}]", "out_of_range", t(
                "{name} has {points} points: riichi takes a stick of {stick}", name=name, points=player.score,
                stick=stick)))
        moves.add(name, "riichi_bet", -stick)
        sheet.pot += stick


def _players(sheet: Ledger, names: Sequence[str], path: str) -> list[Any]:
    """The players a list names, each a player of the game and named once (`path[i]` at fault)."""
    for i, name in enumerate(names):
        if name in names[:i]:
            sheet.player(name, f"{path}[{i}]")
            raise InvalidPlayError(Problem(f"{path}[{i}]", "duplicate_player", t('"{name}" is given twice', name=name)))
    return [sheet.player(name, f"{path}[{i}]") for i, name in enumerate(names)]


def _paid(rules: MahjongRules, win: Mapping[str, Any], dealer: bool) -> dict[str, int]:
    """What a win is paid, as wins/check's `points` (no honba, no sticks)."""
    self_drawn = win.get("from") is None
    if rules.method == "faan":
        return faan_points(rules, int(win.get("faan") or 0), self_drawn)[1]
    yakuman = int(win.get("yakuman") or LIMIT_YAKUMAN.get(str(win.get("limit")), 0))
    base = han_points(rules, int(win.get("han") or 0), int(win.get("fu") or 0), yakuman)[1]
    return payments(rules, base, (dealer, self_drawn, 0, 0))


def _wins(rules: MahjongRules, sheet: Ledger, wins: list[Mapping[str, Any]], moves: Moves) -> bool:
    """Pay each win; the first winner in turn from the discarder takes the honba and the sticks.
    Whether the dealer deals again."""
    table = sheet.table
    assert table is not None
    names = [p.name for p in sheet.players]
    seats = {name: i for i, name in enumerate(names)}
    for i, win in enumerate(wins):
        path = "win" if len(wins) == 1 else f"wins[{i}]"
        sheet.player(win.get("winner"), f"{path}.winner")
        if win.get("from") is not None:
            sheet.player(win["from"], f"{path}.from")
            if win["from"] == win["winner"]:
                raise InvalidPlayError(Problem(f"{path}.from", "invalid_field", t(
                    "a player does not win off their own discard: leave from out for a self-draw")))
    winners = [win["winner"] for win in wins]
    if len(set(winners)) < len(winners):
        raise InvalidPlayError(Problem("wins", "duplicate_player", t("each winner wins once in a hand")))
    start = seats[wins[0]["from"]] if wins[0].get("from") is not None else seats[winners[0]]
    ordered = sorted(wins, key=lambda win: (seats[win["winner"]] - start) % len(names))
    for n, win in enumerate(ordered):
        _pay(rules, sheet, win, moves, first=n == 0)
    return "win" in rules.game.dealer_repeats and names[table.dealer] in winners


def _pay(rules: MahjongRules, sheet: Ledger, win: Mapping[str, Any], moves: Moves, *, first: bool) -> None:
    table = sheet.table
    assert table is not None
    names = [p.name for p in sheet.players]
    winner, dealer = win["winner"], names[table.dealer]
    paid = _paid(rules, win, winner == dealer)
    others = [n for n in names if n != winner]
    honba = table.honba * rules.payments.honba if first else 0
    if win.get("from") is not None:
        payers = {win["from"]: paid["from_discarder"]} | {n: paid["others_pay"] for n in others
                                                            if n != win["from"] and "others_pay" in paid}
        honba_from = {win["from"]: honba}
    else:
        payers = {n: paid["dealer_pays"] if n == dealer and "dealer_pays" in paid else paid["others_pay"] for n in others}
        honba_from = {n: honba // len(others) for n in others}
    for name, points in payers.items():
        moves.add(name, "win", -points)
    moves.add(winner, "win", sum(payers.values()))
    for name, points in honba_from.items():
        moves.add(name, "honba", -points)
    moves.add(winner, "honba", sum(honba_from.values()))
    if first:
        moves.add(winner, "riichi_sticks", sheet.pot)
        sheet.pot = 0


def _draw(rules: MahjongRules, sheet: Ledger, record: Mapping[str, Any], moves: Moves) -> bool:
    """A drawn hand: those not tenpai pay those tenpai. Whether the dealer deals again."""
    table = sheet.table
    assert table is not None
    names = [p.name for p in sheet.players]
    tenpai = list((record.get("draw") or {}).get("tenpai") or [])
    _players(sheet, tenpai, "draw.tenpai")
    missing = [name for name in record.get("riichi") or [] if name not in tenpai]
    if missing:
        raise InvalidPlayError(Problem("draw.tenpai", "missing_player", t(
            "{name} declared riichi, so is tenpai: list them among the tenpai", name=missing[0])))
    payment, noten = rules.game.noten_payment, [n for n in names if n not in tenpai]
    if payment and tenpai and noten:
        each = payment // len(noten)
        for name in noten:
            moves.add(name, "noten", -each)
        moves.share(tenpai, "noten", each * len(noten))
    repeats = rules.game.dealer_repeats
    return "draw" in repeats or ("tenpai" in repeats and names[table.dealer] in tenpai)


def _advance(rules: MahjongRules, sheet: Ledger, table: Table, repeat: bool) -> None:
    """The next hand: the deal passed unless the dealer deals again, the round wind moved on
    once the deal has gone round; the end of the game."""
    if not repeat:
        table.dealer = (table.dealer + 1) % len(sheet.players)
        if table.dealer == table.first:
            table.wind += 1
    below = rules.game.ends_below_zero and any(p.score < 0 for p in sheet.players)
    if below or table.wind >= len(rules.game.winds):
        sheet.status = "finished"


def reckon(rules: MahjongRules, sheet: Ledger) -> Moves:
    """The game's end, applied: the sticks left go to the first, then the uma by place and the
    oka, each shared by players tied; the winner is the first (a list when tied)."""
    end = Moves()
    order = sorted(sheet.players, key=lambda p: -p.score)
    places = [[p.name for p in order if p.score == score] for score in dict.fromkeys(p.score for p in order)]
    end.share(places[0], "riichi_sticks", sheet.pot)
    sheet.pot = 0
    game, at = rules.game, 0
    for tied in places:
        end.share(tied, "uma", sum(game.uma[at:at + len(tied)]))
        at += len(tied)
    if game.return_points is not None:
        back = game.return_points - game.starting_points
        for p in sheet.players:
            end.add(p.name, "oka", -back)
        end.share(places[0], "oka", back * len(sheet.players))
    end.apply(sheet)
    sheet.status = "finished"
    top = max(p.score for p in sheet.players)
    best = [p.name for p in sheet.players if p.score == top]
    sheet.winner = best[0] if len(best) == 1 else best
    return end
