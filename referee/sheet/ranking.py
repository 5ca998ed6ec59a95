"""The standings at a glance: the sheet's players (a team game's teams) in the order the game is
won, each with its rank and how far it is behind the leader.

The order is read from the ruleset, never from a game's name. `game.winner` picks one entry of
`ORDERS`: the key it sorts by, smaller first, whose first part is the measure the game is raced
on (a score, a layout's size, the phases made). Where each player holds a phase
(`contracts: per_player`) the entry is `phases`, whatever `game.winner` says, as the sheet's
winner reads it (`sheet.phases`). Before any key, a player out of the game
(`game.end.elimination`) comes after every player still in; in games without elimination
nobody is out, so that part changes nothing.

`behind` is the difference from the leader in the key's first part: points in a game of scores,
a layout's cards in a layout game, phases where each player holds one (players on the leader's
phase read 0 and are ordered by score). Ties share a rank and the next rank counts everyone
above it (standard competition ranking: 1, 1, 3).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from referee.rules.ruleset import GameEnd, Ruleset
from referee.sheet import phases as sheet_phases
from referee.sheet import teams as sheet_teams


class Line(Protocol):
    """What this module reads on a line of the sheet."""

    @property
    def name(self) -> str: ...
    @property
    def score(self) -> int: ...
    @property
    def eliminated(self) -> bool: ...
    @property
    def layout_size(self) -> int | None: ...
    @property
    def phases_completed(self) -> int | None: ...


class Ledger(Protocol):
    """What this module reads of a sheet."""

    @property
    def ruleset(self) -> Ruleset: ...
    @property
    def players(self) -> Sequence[Line]: ...
    @property
    def teams(self) -> sheet_teams.Teams | None: ...


@dataclass(frozen=True)
class Measure:
    """What the order reads of a player or a team: its score, whether it is out of the game, its
    layout's size and its phases made (0 where the game has none)."""

    score: int
    out: bool = False
    layout: int = 0
    phases: int = 0

    @classmethod
    def of(cls, line: Line) -> Measure:
        return cls(line.score, line.eliminated, line.layout_size or 0, line.phases_completed or 0)


Key = Callable[[Measure, GameEnd], tuple[int, ...]]


def _lowest_score(m: Measure, game: GameEnd) -> tuple[int, ...]:
    return (m.score,)


def _highest_score(m: Measure, game: GameEnd) -> tuple[int, ...]:
    return (-m.score,)


def _first_to_size(m: Measure, game: GameEnd) -> tuple[int, ...]:
    """A layout at or under the size that ends the game has reached it: all such are alike."""
    return (max(m.layout, game.layout_size or 0),)


def _smallest_layout(m: Measure, game: GameEnd) -> tuple[int, ...]:
    return (m.layout,)


def _phases(m: Measure, game: GameEnd) -> tuple[int, ...]:
    """The most phases made, then the lowest score (`sheet_phases.winner_at_end`)."""
    return (-m.phases, m.score)


ORDERS: dict[str, Key] = {
    "lowest_score": _lowest_score,
    "highest_score": _highest_score,
    "last_standing": _lowest_score,  # the eliminated come last, before any key
    "first_to_size": _first_to_size,
    "smallest_layout": _smallest_layout,
    "phases": _phases,
}


@dataclass(frozen=True)
class Standing:
    """One line of the standings: a player, or a team (`names` its players, `team` true)."""

    names: tuple[str, ...]
    team: bool
    score: int
    rank: int
    behind: int
    phases_left: int | None = None  # where each player holds a phase
    layout_size: int | None = None  # layout games

    @property
    def label(self) -> str:
        """The name, or a team's players as the CSV sheet heads its column (`ann + cy`)."""
        return " + ".join(self.names)

    def as_dict(self) -> dict[str, object]:
        who: dict[str, object] = {"players": list(self.names)} if self.team else {"name": self.names[0]}
        held = {k: v for k, v in (("phases_left", self.phases_left), ("layout_size", self.layout_size))
                if v is not None}
        return who | {"score": self.score, "rank": self.rank, "behind": self.behind} | held


@dataclass(frozen=True)
class _Entrant:
    names: tuple[str, ...]
    team: bool
    score: int  # shown: a team's is the sum of its players'
    measure: Measure  # what the order reads


def order_of(ruleset: Ruleset) -> Key:
    """The key a ruleset's sheet is sorted by, out players last, smaller first."""
    race = "phases" if sheet_phases.last_phase(ruleset) is not None else ruleset.game.winner
    key = ORDERS.get(race, _lowest_score)
    return lambda m, game: (int(m.out), *key(m, game))


def _entrants(sheet: Ledger, key: Key) -> list[_Entrant]:
    """The players, or in a team game the teams: a team is measured by its total where the game
    is won by teams' scores, else by its best player (whose rule picks the winner)."""
    if sheet.teams is None:
        return [_Entrant((p.name,), False, p.score, Measure.of(p)) for p in sheet.players]
    game = sheet.ruleset.game
    by_name = {p.name: Measure.of(p) for p in sheet.players}
    totals = sheet_teams.totals(sheet.players, sheet.teams)
    by_score = sheet_teams.decided_by_score(sheet.ruleset)
    return [_Entrant(tuple(team), True, total, Measure(total) if by_score else
                     min((by_name[n] for n in team), key=lambda m: key(m, game)))
            for team, total in zip(sheet.teams, totals, strict=True)]


def standings(sheet: Ledger) -> list[Standing]:
    """The sheet's players (or teams) in the order the game is won; ties keep seating order."""
    ruleset, key = sheet.ruleset, order_of(sheet.ruleset)
    game, last = ruleset.game, sheet_phases.last_phase(ruleset)
    entrants = sorted(_entrants(sheet, key), key=lambda e: key(e.measure, game))
    keys = [key(e.measure, game) for e in entrants]
    lines: list[Standing] = []
    for i, (entrant, own) in enumerate(zip(entrants, keys, strict=True)):
        rank = lines[-1].rank if i and own == keys[i - 1] else i + 1
        # the first part after "out" is the measure raced on
        lines.append(Standing(entrant.names, entrant.team, entrant.score, rank, own[1] - keys[0][1],
                              None if last is None else last - entrant.measure.phases,
                              None if ruleset.layout is None else entrant.measure.layout))
    return lines
