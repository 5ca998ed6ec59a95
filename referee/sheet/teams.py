"""Partners who score together on the score sheet (`teams: {size}`: Canasta, Hand and Foot).

A game names its teams when it starts (`[["ann", "cy"], ["bob", "dee"]]`); a round is still
entered per player, and a team's score is the sum of its players' scores. Nothing here is
stored but the teams themselves: team totals are derived from the players' lines, so undoing
a round gives them back. Where the game's end reads scores (its target, its last round, a
game stopped early), it reads the teams'; the winner is a team, and `winner` names its
players.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol

from referee.rules.ruleset import Ruleset

Teams = list[list[str]]  # each team's players, in the order the game was given them


class Standing(Protocol):
    """What this module reads on a line of the sheet."""

    @property
    def name(self) -> str: ...
    @property
    def score(self) -> int: ...


def totals(players: Sequence[Standing], teams: Teams) -> list[int]:
    """Each team's score: the sum of its players' scores."""
    score = {p.name: p.score for p in players}
    return [sum(score[name] for name in team) for team in teams]


def reached(players: Sequence[Standing], teams: Teams | None, target: int) -> bool:
    """Whether a team's score (without teams, a player's) has reached the game's target."""
    scores = [p.score for p in players] if teams is None else totals(players, teams)
    return any(score >= target for score in scores)


def best(players: Sequence[Standing], teams: Teams, highest: bool) -> list[int]:
    """The teams with the best score (the highest, or the lowest), by their place in `teams`."""
    scores = totals(players, teams)
    top = max(scores) if highest else min(scores)
    return [i for i, total in enumerate(scores) if total == top]


def of_players(teams: Teams, winners: str | Sequence[str]) -> list[int]:
    """The teams of the players who won, by their place in `teams` (a rule that picks a player,
    such as the last one left under the elimination score, picks their team)."""
    named = {winners} if isinstance(winners, str) else set(winners)
    return [i for i, team in enumerate(teams) if named & set(team)]


def winner(ruleset: Ruleset, players: Sequence[Standing], teams: Teams,
           player_winner: str | Sequence[str]) -> tuple[list[str], int | list[int]]:
    """`winner` and `winning_team` of a team game that has ended: the winning team's players
    and its place in `teams`; where teams tie, the players of every tied team and their places.

    Where the game's end reads scores (a target, a number of rounds, a game stopped early),
    the best team score wins (`game.winner`: the highest or the lowest); where its rule picks
    a player (the last left under the elimination score, a layout, a last phase made), that
    player's team wins.
    """
    won = best(players, teams, ruleset.game.winner == "highest_score") if decided_by_score(ruleset) \
        else of_players(teams, player_winner)
    return [name for i in won for name in teams[i]], won[0] if len(won) == 1 else list(won)


def decided_by_score(ruleset: Ruleset) -> bool:
    """Whether a team game is won by its teams' scores; otherwise its rule picks a player (the
    last left under the elimination score, a layout, a last phase made), whose team wins."""
    return ruleset.layout is None and ruleset.game.elimination is None and not (
        ruleset.rummy is not None and ruleset.rummy.per_player)


def round_points(points: Mapping[str, int], teams: Teams | None) -> dict[str, list[int]]:
    """What a round adds to the sheet in a team game: `team_points`, each team's points in it
    (a player left out scored 0); nothing without teams."""
    if teams is None:
        return {}
    return {"team_points": [sum(int(points.get(name, 0)) for name in team) for team in teams]}


def as_dict(players: Sequence[Standing], teams: Teams | None,
            winning_team: int | list[int] | None) -> dict[str, object]:
    """What a team game adds to the game as read: `teams`, each with its players and score, and
    `winning_team`; nothing without teams."""
    if teams is None:
        return {}
    scores = totals(players, teams)
    return {"teams": [{"players": list(team), "score": score} for team, score in zip(teams, scores, strict=True)],
            "winning_team": winning_team}
