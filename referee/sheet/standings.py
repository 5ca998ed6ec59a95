"""The score sheet as a ledger: standings are derived by replaying its records in order.

Records are plain JSON-ready mappings, so storage keeps them as they are:
`{"type": "round", ...}`, `{"type": "buy", "player": ...}`, `{"type": "buy_back", ...}`,
`{"type": "undo"}` and `{"type": "undo_entry"}`. `undo` removes the last round and every
write after it; `undo_entry` removes the last entry only. No game name appears here:
everything is read from the ruleset (end by rounds, by elimination, by layout size, by deals
or by a last phase made; buys; buy-ins and buy-backs; shrinking layouts; pennies per card
caught; partners who score together, `sheet.teams`). The sheet as read adds its standings in the
order the game is won (`ranking`) and what ends it (`ending`).
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from referee.rules.ruleset import Ruleset
from referee.scoring.hand import worded
from referee.sheet import ending, mahjong_table, ranking
from referee.sheet import phases as sheet_phases
from referee.sheet import teams as sheet_teams
from referee.sheet.mahjong_entry import worded_wins
from referee.sheet.records import stored_breakdown
from referee.sheet.seating import seating_problems
from referee.sheet.undo import kept
from referee.values.errors import GameStateError, InvalidPlayError, Problem
from referee.values.i18n import t


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
    phase: int | None = None  # contracts held by each player: the phase worked on, and those made
    phases_completed: int | None = None

    def as_dict(self) -> dict[str, object]:
        held = {} if self.phase is None else {"phase": self.phase, "phases_completed": self.phases_completed}
        return {"name": self.name, "score": self.score, "eliminated": self.eliminated,
                "buy_backs": self.buy_backs, "pennies_paid": self.pennies_paid,
                "buys_left": self.buys_left, "layout_size": self.layout_size} | held


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
    first_dealer: str | None = None
    dealt: str | None = None  # who dealt the last round played
    entries: list[dict[str, Any]] = field(default_factory=list)
    teams: sheet_teams.Teams | None = None  # partners who score together, where the ruleset has teams
    winning_team: int | list[int] | None = None
    table: mahjong_table.Table | None = None  # a Mahjong game's dealer, round wind and honba
    rematch: str | None = None  # the game the table went on to: its id
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
            raise InvalidPlayError(Problem(path, "unknown_player", t('"{name}" is not a player in this game', name=name)))
        return found

    def active(self) -> list[Player]:
        return [p for p in self.players if not p.eliminated]

    @property
    def dealer(self) -> str | None:
        """Who deals the round being played (after the end, who dealt the last one).

        The deal passes clockwise, to the next player in seating order who is still in, so
        a player who bought back before the next deal takes their turn.
        """
        if self.table is not None:
            return self.rounds[-1]["dealer"] if self.status != "in_progress" and self.rounds else \
                self.players[self.table.dealer].name
        if self.dealt is None:
            return self.first_dealer
        if self.status != "in_progress":
            return self.dealt
        seats = [p.name for p in self.players]
        at = seats.index(self.dealt)
        following = self.players[at + 1:] + self.players[:at + 1]
        return next((p.name for p in following if not p.eliminated), self.dealt)

    @property
    def next_dealer(self) -> str | None:
        """Who deals first in a rematch (a new game of the same players): the seat after the
        last round's dealer, clockwise; every player is in again, so none is skipped. Before
        any round is played, the game's first dealer."""
        if self.dealt is None:
            return self.first_dealer
        seats = [p.name for p in self.players]
        return seats[(seats.index(self.dealt) + 1) % len(seats)]

    def as_dict(self) -> dict[str, object]:
        lines = ranking.standings(self)
        # each round's and entry's mapping is built once and not changed
        rounds, entries = [self._worded(r) for r in self.rounds], [self._worded(e) for e in self.entries]
        return {"ruleset": self.ruleset.id, "status": self.status, "round": self.round,
                "dealer": self.dealer, "next_dealer": self.next_dealer, "players": [p.as_dict() for p in self.players], "pot": self.pot,
                "winner": self.winner, "first_player": self.first_player, "rematch": self.rematch,
                "rounds": rounds, "entries": entries,
                "standings": [line.as_dict() for line in lines], "ends": ending.ends(self, lines).as_dict()} | \
            sheet_teams.as_dict(self.players, self.teams, self.winning_team) | \
            (mahjong_table.game_fields(self.ruleset.mahjong, self, self.rounds)
             | {"reckoning": mahjong_table.end_reckoning(rounds, entries)} if self.ruleset.mahjong else {})

    def _worded(self, played: dict[str, Any]) -> dict[str, Any]:
        """A round (or an entry that reckons the end) as the game answers it: its breakdown's
        parts each with its words."""
        if "breakdown" not in played:
            return played
        if self.ruleset.mahjong is not None:
            played = worded_wins(self.ruleset.mahjong, played)
        pieces = self.ruleset.deck.pieces
        return played | {key: {name: worded(parts, pieces) for name, parts in played[key].items()}
                         for key in ("breakdown", "reckoning") if key in played}

    # ---------------------------------------------------------------- writing
    def apply(self, record: Mapping[str, Any]) -> None:
        """Apply one ledger record; raises without changing anything when it is refused."""
        trial = copy.copy(self)
        trial.players = copy.deepcopy(self.players)
        trial.index = {}
        trial.rounds = list(self.rounds)
        trial.entries = list(self.entries)
        trial.table = copy.copy(self.table)
        trial._apply(record)
        self.__dict__.update(trial.__dict__)

    def _apply(self, record: Mapping[str, Any]) -> None:
        handler = _HANDLERS.get(str(record.get("type")))
        if handler is None:
            raise InvalidPlayError(Problem("type", "unknown_record", t("unknown record {type}", type=repr(record.get("type")))))
        handler(self, record)

    def _open(self) -> None:
        if self.status != "in_progress":
            raise GameStateError(Problem("", "game_finished", t("This game is finished; it takes no more writes.")))


def start(ruleset: Ruleset, names: Sequence[str], scores: Mapping[str, int] | None = None,
          dealer: str | None = None, teams: sheet_teams.Teams | None = None) -> Sheet:
    """A new sheet: buy-ins in the pot, starting scores, full layouts, the buys allowance.

    Refuses what no table can start with: a repeated name, a player count the ruleset does
    not play, a score or a dealer for someone who is not a player, a starting score that
    would put the player out at once, and teams the ruleset does not seat (`sheet.teams`).
    `dealer` deals round 1 (default the first player); a Mahjong game's players start with the
    ruleset's points.
    """
    problems = seating_problems(ruleset, names, scores, dealer, teams)
    if problems:
        raise InvalidPlayError(problems)
    return _opening(ruleset, names, scores, dealer, teams)


def _opening(ruleset: Ruleset, names: Sequence[str], scores: Mapping[str, int] | None,
             dealer: str | None, teams: sheet_teams.Teams | None = None) -> Sheet:
    buys = ruleset.rummy.buying.per_player if ruleset.rummy and ruleset.rummy.buying else None
    size = len(ruleset.layout.slots) if ruleset.layout else None
    held = sheet_phases.last_phase(ruleset) is not None
    start = ruleset.mahjong.game.starting_points if ruleset.mahjong else 0
    players = [Player(n, int((scores or {}).get(n, start)), buys_left=buys, layout_size=size,
                      phase=1 if held else None, phases_completed=0 if held else None) for n in names]
    sheet = Sheet(ruleset, players, pot=ruleset.buy_in * len(names), first_player=names[0],
                  first_dealer=dealer if dealer is not None else names[0], teams=teams,
                  table=mahjong_table.opening(names, dealer) if ruleset.mahjong else None)
    _eliminate(sheet)
    return sheet


class Seats(NamedTuple):
    """A game's start as it was stored: the players in their order, the scores they started
    with (None: 0), the first dealer, the teams."""

    names: Sequence[str]
    scores: Mapping[str, int] | None = None
    dealer: str | None = None
    teams: sheet_teams.Teams | None = None


def replay(ruleset: Ruleset, seats: Seats, records: Iterable[Mapping[str, Any]]) -> Sheet:
    """The standings after a ledger: undo records take back what they name.

    The game's start is not judged again: it was judged when the game was created, and a
    stored game must stay readable.
    """
    sheet = _opening(ruleset, seats.names, seats.scores, seats.dealer, seats.teams)
    for record in kept(records):
        sheet._apply(record)  # the ledger holds only records that were accepted
    return sheet


# ---------------------------------------------------------------- record handlers

def _round(sheet: Sheet, record: Mapping[str, Any]) -> None:
    sheet._open()
    dealer = sheet.dealer
    play = _mahjong_round if sheet.ruleset.mahjong else _layout_round if sheet.ruleset.layout else _rummy_round
    shown = play(sheet, record) or {}
    number = len(sheet.rounds) + 1
    standing = {p.name: (p.layout_size or 0) if sheet.ruleset.layout else p.score for p in sheet.players}
    sheet.rounds.append({k: v for k, v in record.items() if k != "type"} | {"number": number, "standing": standing}
                        | sheet_teams.round_points(record.get("points") or {}, sheet.teams)
                        | stored_breakdown(sheet.ruleset, record) | shown)
    sheet.entries.append({"kind": "round", "number": number})
    sheet.dealt = dealer
    _finish(sheet)


def _mahjong_round(sheet: Sheet, record: Mapping[str, Any]) -> dict[str, Any]:
    assert sheet.ruleset.mahjong is not None
    return mahjong_table.play(sheet.ruleset.mahjong, sheet, record)


def _rummy_round(sheet: Sheet, record: Mapping[str, Any]) -> None:
    points: Mapping[str, int] = record.get("points") or {}
    cards: Mapping[str, int] = record.get("cards") or {}
    went_out = record.get("went_out")
    problems: list[Problem] = []
    scores_out = _scores_going_out(sheet.ruleset)
    if went_out is not None:
        p = sheet.player(went_out, "went_out")
        if p.eliminated:
            problems.append(Problem("went_out", "eliminated_player", t("{name} is out of the game", name=went_out)))
        if points.get(went_out, 0) != 0 and not scores_out:
            problems.append(Problem(f"points.{went_out}", "hand_not_empty",
                                    t("{name} went out, so they are caught with nothing", name=went_out)))
    given = next((f for f in ("hands", "counts") if record.get(f) is not None), "points")  # the field it came in
    for name in points:
        p = sheet.player(name, f"{given}.{name}")
        if p.eliminated:
            problems.append(Problem(f"{given}.{name}", "eliminated_player", t("{name} is out of the game", name=name)))
    for p in sheet.active():
        if p.name not in points and p.name != went_out:
            problems.append(Problem(f"{given}.{p.name}", _MISSING.get(given, "missing_player"),
                                    t("no result for {name}, who is still in", name=p.name)))
    last, made = sheet_phases.last_phase(sheet.ruleset), record.get("phases_made") or []
    problems += sheet_phases.made_problems(sheet.players, made, went_out) if last is not None else []
    if problems:
        raise InvalidPlayError(problems)
    sheet_phases.advance(sheet.players, made, last or 0)
    per_card = sheet.ruleset.scoring.pennies_per_card
    for name, value in points.items():
        p = sheet.player(name, name)
        p.score += int(value)
        pennies = int(cards.get(name, 0)) * per_card
        p.pennies_paid += pennies
        sheet.pot += pennies
    _eliminate(sheet)
    buying = sheet.ruleset.rummy.buying if sheet.ruleset.rummy else None
    if buying is not None and buying.per == "round":  # a new allowance for the next round
        for p in sheet.players:
            p.buys_left = buying.per_player


# The code of a player still in whom a round leaves out, by the field it came in (the counts of
# every player are a field of the round; hands and points name the players who have them).
_MISSING = {"counts": "missing_field"}


def _scores_going_out(ruleset: Ruleset) -> bool:
    """Whether the player who went out may score in the round: a knock, melded cards, or the
    others' racks gained (winner_gains)."""
    return ruleset.scoring.knock is not None or ruleset.scoring.method in ("melded_minus_caught", "winner_gains")


def _layout_round(sheet: Sheet, record: Mapping[str, Any]) -> None:
    rules = sheet.ruleset.layout
    assert rules is not None
    winner = sheet.player(record.get("winner"), "winner")
    completed = [sheet.player(n, f"completed[{i}]") for i, n in enumerate(record.get("completed") or [])]
    if winner in completed:
        raise InvalidPlayError(Problem("completed", "winner_in_completed",
                                       t("the hand's winner is not listed among the others who completed")))
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


def _lowest(players: Sequence[Player], highest: bool = False) -> str | list[str]:
    """The player with the lowest score (the highest, where the highest wins); ties share."""
    low = max(p.score for p in players) if highest else min(p.score for p in players)
    best = [p.name for p in players if p.score == low]
    return best[0] if len(best) == 1 else best


def _finish(sheet: Sheet) -> None:
    """Decide whether the game has ended, and who won, after a round."""
    game = sheet.ruleset.game
    highest = game.winner == "highest_score"
    last = sheet_phases.last_phase(sheet.ruleset)
    if last is not None:
        sheet.winner = sheet_phases.winner_at_end(sheet.players, last)
        sheet.status = "in_progress" if sheet.winner is None else "finished"
    elif game.rounds is not None and len(sheet.rounds) >= game.rounds:
        sheet.status, sheet.winner = "finished", _lowest(sheet.active() or sheet.players, highest)
    elif game.target is not None and sheet_teams.reached(sheet.players, sheet.teams, game.target):
        sheet.status, sheet.winner = "finished", _lowest(sheet.players, highest)
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
    _team_won(sheet)


def _team_won(sheet: Sheet) -> None:
    """In a team game that has ended, the winner is a team (see `sheet_teams.winner`)."""
    if sheet.teams is not None and sheet.status == "finished" and sheet.winner is not None:
        sheet.winner, sheet.winning_team = sheet_teams.winner(sheet.ruleset, sheet.players, sheet.teams, sheet.winner)


def _buy(sheet: Sheet, record: Mapping[str, Any]) -> None:
    sheet._open()
    buying = sheet.ruleset.rummy.buying if sheet.ruleset.rummy else None
    if buying is None:
        raise InvalidPlayError(Problem("player", "no_buying", t("{game} has no buying", game=sheet.ruleset.local_name)))
    p = sheet.player(record.get("player"), "player")
    if p.eliminated:
        raise InvalidPlayError(Problem("player", "eliminated_player", t("{name} is out of the game", name=p.name)))
    if not p.buys_left:
        raise GameStateError(Problem("player", "no_buys_left", t("{name} has no buys left", name=p.name)))
    p.buys_left -= 1
    p.pennies_paid += buying.cost
    sheet.pot += buying.cost
    sheet.entries.append({"kind": "buy", "player": p.name})


def _buy_back(sheet: Sheet, record: Mapping[str, Any]) -> None:
    sheet._open()
    if sheet.ruleset.game.buy_back is None:
        raise InvalidPlayError(Problem("player", "no_buy_back", t("{game} has no buy-backs", game=sheet.ruleset.local_name)))
    p = sheet.player(record.get("player"), "player")
    if not p.eliminated:
        raise GameStateError(Problem("player", "not_eliminated", t("{name} is still in the game", name=p.name)))
    still_in = sheet.active()
    p.score = max(q.score for q in still_in)
    p.eliminated = False
    p.buy_backs += 1
    sheet.pot += sheet.ruleset.buy_back_cost
    sheet.entries.append({"kind": "buy_back", "player": p.name})


def _end_now(sheet: Sheet, record: Mapping[str, Any]) -> None:
    """The table ends the game now (played for a fixed time): the winner as at a normal end,
    the lowest score among the players still in, or the smallest layout; ties share."""
    sheet._open()
    if sheet.ruleset.mahjong is not None:
        end = mahjong_table.reckon(sheet.ruleset.mahjong, sheet)
        sheet.entries.append({"kind": "finish", "breakdown": {p.name: end.parts.get(p.name, []) for p in sheet.players}})
        return
    if sheet.ruleset.layout is not None:
        low = min(p.layout_size or 0 for p in sheet.players)
        best = [p.name for p in sheet.players if (p.layout_size or 0) == low]
        sheet.winner = best[0] if len(best) == 1 else best
    elif sheet_phases.last_phase(sheet.ruleset) is not None:
        sheet.winner = sheet_phases.winner_when_stopped(sheet.players)
    else:
        sheet.winner = _lowest(sheet.active() or sheet.players, sheet.ruleset.game.winner == "highest_score")
    sheet.status = "finished"
    _team_won(sheet)
    sheet.entries.append({"kind": "finish"})


def _rematch(sheet: Sheet, record: Mapping[str, Any]) -> None:
    """The table went on to another game (any time, the game over or not): the first one named stands."""
    if sheet.rematch is not None:
        raise GameStateError(Problem("", "rematch_started", t("This game's rematch has started already.")))
    sheet.rematch = str(record["game"])


_HANDLERS = {"round": _round, "buy": _buy, "buy_back": _buy_back, "finish": _end_now, "rematch": _rematch}
