"""The score sheet as a ledger: standings are derived by replaying its records in order.

Records are plain JSON-ready mappings, so storage keeps them as they are:
`{"type": "round", ...}`, `{"type": "buy", "player": ...}`, `{"type": "buy_back", ...}`,
`{"type": "undo"}`. Undo removes the last round and every write after it. No game name
appears here: everything is read from the ruleset (end by rounds, by elimination, by
layout size or by deals; buys; buy-ins and buy-backs; shrinking layouts).
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from referee.cards import parse_named
from referee.errors import GameStateError, InvalidPlayError, Problem
from referee.ruleset import Ruleset
from referee.scoring import deck_problems, score_hand

Record = dict[str, Any]


@dataclass
class Player:
    """One line of the sheet. `pennies_paid` counts pennies (cards caught, buys); stakes
    (the buy-in and buy-backs) go into the pot but are not pennies."""

    name: str
    score: int = 0
    eliminated: bool = False
    buy_backs: int = 0
    pennies_paid: int = 0
    buys_left: int | None = None
    layout_size: int | None = None

    def as_dict(self) -> dict[str, object]:
        return {"name": self.name, "score": self.score, "eliminated": self.eliminated,
                "buy_backs": self.buy_backs, "pennies_paid": self.pennies_paid,
                "buys_left": self.buys_left, "layout_size": self.layout_size}


@dataclass
class Sheet:
    """The standings of one game after some records."""

    ruleset: Ruleset
    players: list[Player]
    pot: int = 0
    rounds: list[dict[str, Any]] = field(default_factory=list)
    status: str = "in_progress"
    winner: str | list[str] | None = None
    first_player: str | None = None
    index: dict[str, Player] = field(default_factory=dict, repr=False, compare=False)

    # ---------------------------------------------------------------- reading
    @property
    def round(self) -> int:
        """The round being played now (1-based); after the end, the last round played."""
        return len(self.rounds) + (1 if self.status == "in_progress" else 0)

    def player(self, name: object, path: str) -> Player:
        if len(self.index) != len(self.players):
            self.index = {p.name: p for p in self.players}
        found = self.index.get(name) if isinstance(name, str) else None
        if found is None:
            raise InvalidPlayError(Problem(path, "unknown_player", f'"{name}" is not a player in this game'))
        return found

    def active(self) -> list[Player]:
        return [p for p in self.players if not p.eliminated]

    def as_dict(self) -> dict[str, object]:
        return {"ruleset": self.ruleset.id, "status": self.status, "round": self.round,
                "players": [p.as_dict() for p in self.players], "pot": self.pot,
                "winner": self.winner, "first_player": self.first_player,
                "rounds": list(self.rounds)}  # each round's mapping is built once and not changed

    # ---------------------------------------------------------------- writing
    def apply(self, record: Mapping[str, Any]) -> None:
        """Apply one ledger record; raises without changing anything when it is refused."""
        trial = copy.copy(self)
        trial.players = copy.deepcopy(self.players)
        trial.index = {}
        trial.rounds = list(self.rounds)
        trial._apply(record)
        self.__dict__.update(trial.__dict__)

    def _apply(self, record: Mapping[str, Any]) -> None:
        handler = _HANDLERS.get(str(record.get("type")))
        if handler is None:
            raise InvalidPlayError(Problem("type", "unknown_record", f"unknown record {record.get('type')!r}"))
        handler(self, record)

    def _open(self) -> None:
        if self.status != "in_progress":
            raise GameStateError(Problem("", "game_finished", "This game is finished; it takes no more writes."))


def start(ruleset: Ruleset, names: Sequence[str], scores: Mapping[str, int] | None = None) -> Sheet:
    """A new sheet: buy-ins in the pot, starting scores, full layouts, the buys allowance."""
    problems = []
    if len(set(names)) != len(names):
        problems.append(Problem("players", "duplicate_player", "each player's name must be different"))
    if not ruleset.players_min <= len(names) <= ruleset.players_max:
        problems.append(Problem("players", "player_count",
                                f"{ruleset.name} is for {ruleset.players_min}-{ruleset.players_max} players; "
                                f"this game has {len(names)}"))
    for name in scores or {}:
        if name not in names:
            problems.append(Problem(f"scores.{name}", "unknown_player", f'"{name}" is not a player in this game'))
    if problems:
        raise InvalidPlayError(problems)
    buys = ruleset.rummy.buying.per_player if ruleset.rummy and ruleset.rummy.buying else None
    size = len(ruleset.layout.slots) if ruleset.layout else None
    players = [Player(n, int((scores or {}).get(n, 0)), buys_left=buys,
                      layout_size=size) for n in names]
    sheet = Sheet(ruleset, players, pot=ruleset.buy_in * len(names), first_player=names[0])
    _eliminate(sheet)
    return sheet


def replay(ruleset: Ruleset, names: Sequence[str], scores: Mapping[str, int] | None,
           records: Iterable[Mapping[str, Any]]) -> Sheet:
    """The standings after a ledger: undo records take back the last round and what followed."""
    kept: list[Mapping[str, Any]] = []
    for record in records:
        if record.get("type") == "undo":
            last = max((i for i, r in enumerate(kept) if r.get("type") == "round"), default=None)
            if last is not None:
                del kept[last:]
        else:
            kept.append(record)
    sheet = start(ruleset, names, scores)
    for record in kept:
        sheet._apply(record)  # the ledger holds only records that were accepted
    return sheet


def can_undo(records: Iterable[Mapping[str, Any]]) -> bool:
    depth = 0
    for record in records:
        if record.get("type") == "round":
            depth += 1
        elif record.get("type") == "undo":
            depth = max(0, depth - 1)
    return depth > 0


# ---------------------------------------------------------------- record handlers

def _round(sheet: Sheet, record: Mapping[str, Any]) -> None:
    sheet._open()
    (_layout_round if sheet.ruleset.layout else _rummy_round)(sheet, record)
    sheet.rounds.append({k: v for k, v in record.items() if k != "type"} | {"number": len(sheet.rounds) + 1})
    _finish(sheet)


def _rummy_round(sheet: Sheet, record: Mapping[str, Any]) -> None:
    points: Mapping[str, int] = record.get("points") or {}
    cards: Mapping[str, int] = record.get("cards") or {}
    went_out = record.get("went_out")
    problems: list[Problem] = []
    if went_out is not None:
        p = sheet.player(went_out, "went_out")
        if p.eliminated:
            problems.append(Problem("went_out", "eliminated_player", f"{went_out} is out of the game"))
        if points.get(went_out, 0) != 0:
            problems.append(Problem(f"points.{went_out}", "hand_not_empty",
                                    f"{went_out} went out, so they are caught with nothing"))
    for name in points:
        p = sheet.player(name, f"points.{name}")
        if p.eliminated:
            problems.append(Problem(f"points.{name}", "eliminated_player", f"{name} is out of the game"))
    for p in sheet.active():
        if p.name not in points and p.name != went_out:
            problems.append(Problem("points", "missing_player", f"no result for {p.name}, who is still in"))
    if problems:
        raise InvalidPlayError(problems)
    per_card = sheet.ruleset.scoring.pennies_per_card
    for name, value in points.items():
        p = sheet.player(name, name)
        p.score += int(value)
        pennies = int(cards.get(name, 0)) * per_card
        p.pennies_paid += pennies
        sheet.pot += pennies
    _eliminate(sheet)


def _layout_round(sheet: Sheet, record: Mapping[str, Any]) -> None:
    rules = sheet.ruleset.layout
    assert rules is not None
    winner = sheet.player(record.get("winner"), "winner")
    completed = [sheet.player(n, f"completed[{i}]") for i, n in enumerate(record.get("completed") or [])]
    if winner in completed:
        raise InvalidPlayError(Problem("completed", "winner_in_completed",
                                       "the hand's winner is not listed among the others who completed"))
    winner.layout_size = max(0, (winner.layout_size or 0) - rules.shrink_winner)
    for p in completed:
        p.layout_size = max(0, (p.layout_size or 0) - rules.shrink_completed)
    if rules.first_player == "rotate":
        sheet.first_player = sheet.players[(len(sheet.rounds) + 1) % len(sheet.players)].name
    else:
        sheet.first_player = winner.name


def _eliminate(sheet: Sheet) -> None:
    limit = sheet.ruleset.game.elimination
    if limit is None:
        return
    for p in sheet.players:
        if p.score >= limit:
            p.eliminated = True


def _lowest(players: Sequence[Player]) -> str | list[str]:
    low = min(p.score for p in players)
    best = [p.name for p in players if p.score == low]
    return best[0] if len(best) == 1 else best


def _finish(sheet: Sheet) -> None:
    """Decide whether the game has ended, and who won, after a round."""
    game = sheet.ruleset.game
    if game.rounds is not None and len(sheet.rounds) >= game.rounds:
        sheet.status, sheet.winner = "finished", _lowest(sheet.active() or sheet.players)
    elif game.elimination is not None and len(sheet.active()) <= 1:
        sheet.status = "finished"
        sheet.winner = sheet.active()[0].name if sheet.active() else _lowest(sheet.players)
    elif game.layout_size is not None:
        done = [p.name for p in sheet.players if (p.layout_size or 0) <= game.layout_size]
        if done:
            sheet.status, sheet.winner = "finished", done[0] if len(done) == 1 else done
    elif game.deals is not None and len(sheet.rounds) >= game.deals:
        low = min(p.layout_size or 0 for p in sheet.players)
        best = [p.name for p in sheet.players if p.layout_size == low]
        sheet.status, sheet.winner = "finished", best[0] if len(best) == 1 else best


def _buy(sheet: Sheet, record: Mapping[str, Any]) -> None:
    sheet._open()
    buying = sheet.ruleset.rummy.buying if sheet.ruleset.rummy else None
    if buying is None:
        raise InvalidPlayError(Problem("player", "no_buying", f"{sheet.ruleset.name} has no buying"))
    p = sheet.player(record.get("player"), "player")
    if p.eliminated:
        raise InvalidPlayError(Problem("player", "eliminated_player", f"{p.name} is out of the game"))
    if not p.buys_left:
        raise GameStateError(Problem("player", "no_buys_left", f"{p.name} has no buys left"))
    p.buys_left -= 1
    p.pennies_paid += buying.cost
    sheet.pot += buying.cost


def _buy_back(sheet: Sheet, record: Mapping[str, Any]) -> None:
    sheet._open()
    if sheet.ruleset.game.buy_back is None:
        raise InvalidPlayError(Problem("player", "no_buy_back", f"{sheet.ruleset.name} has no buy-backs"))
    p = sheet.player(record.get("player"), "player")
    if not p.eliminated:
        raise GameStateError(Problem("player", "not_eliminated", f"{p.name} is still in the game"))
    still_in = sheet.active()
    p.score = max(q.score for q in still_in)
    p.eliminated = False
    p.buy_backs += 1
    sheet.pot += sheet.ruleset.buy_back_cost


_HANDLERS = {"round": _round, "buy": _buy, "buy_back": _buy_back}


def round_record(ruleset: Ruleset, body: Mapping[str, Any], players: int | None = None) -> Record:
    """A ledger record from a round as a table enters it: hands are scored by the engine.

    `players` (the game's size) fixes the decks in play, so hands holding a card those
    decks cannot hold are refused here, before any record exists (see `deck_problems`).
    """
    if ruleset.layout is not None:
        if not body.get("winner"):
            raise InvalidPlayError(Problem("winner", "missing_field", "a layout game's round names its winner"))
        return {"type": "round", "winner": body["winner"], "completed": list(body.get("completed") or [])}
    went_out = body.get("went_out")
    if body.get("hands") is not None:
        hands = parse_named(body["hands"], "hands")
        problems: list[Problem] = []
        if went_out is not None and hands.get(went_out):
            problems.append(Problem(f"hands.{went_out}", "hand_not_empty",
                                    f"{went_out} went out, so their hand must be empty"))
        problems += deck_problems(ruleset, hands, players)
        if problems:
            raise InvalidPlayError(problems)
        scored = {name: score_hand(ruleset, cards) for name, cards in hands.items()}
        return {"type": "round", "went_out": went_out,
                "points": {n: s.points for n, s in scored.items()},
                "cards": {n: s.cards for n, s in scored.items()},
                "hands": {n: [str(c) for c in cards] for n, cards in hands.items()}}
    if body.get("points") is None:
        raise InvalidPlayError(Problem("points", "missing_field", "give the round's hands or points"))
    record: Record = {"type": "round", "went_out": went_out, "points": dict(body["points"])}
    if body.get("cards") is not None:
        record["cards"] = dict(body["cards"])
    return record
