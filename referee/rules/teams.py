"""Teams as a game names them (`teams: {size}`: Canasta, Hand and Foot): which players sit
together, checked against the players of the game and the ruleset's team size."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from referee.rules.ruleset import Ruleset
from referee.values.errors import Problem
from referee.values.i18n import t, tn


def team_problems(ruleset: Ruleset, names: Sequence[str], teams: object,
             scores: Mapping[str, int] | None = None) -> list[Problem]:
    """What keeps `teams` from seating the players `names` in a game of `ruleset`.

    Teams are required where the ruleset has them and refused where it has none; each team
    has the ruleset's size, names players of the game only, and every player is in exactly
    one. A team whose starting scores already reach the game's target is refused too.
    """
    size = ruleset.teams
    if size is None:
        return [] if teams is None else [Problem("teams", "unused_field", t(
            '{game} is not played in teams: leave out "teams"', game=ruleset.local_name))]
    if not isinstance(teams, list):
        return [Problem("teams", "missing_field", tn(
            '{game} is played in teams of {n}: name each team\'s players in "teams"',
            '{game} is played in teams of {n}: name each team\'s players in "teams"', size,
            game=ruleset.local_name))]
    found: list[Problem] = []
    placed: set[str] = set()
    for i, team in enumerate(teams):
        if len(team) != size:
            found.append(Problem(f"teams[{i}]", "player_count", tn(
                "a team in {game} has {n} player, but this one has {count}",
                "a team in {game} has {n} players, but this one has {count}", size,
                game=ruleset.local_name, count=len(team))))
        for j, name in enumerate(team):
            if name not in names:
                found.append(Problem(f"teams[{i}][{j}]", "unknown_player",
                                     t('"{name}" is not a player in this game', name=name)))
            elif name in placed:
                found.append(Problem(f"teams[{i}][{j}]", "duplicate_player",
                                     t('"{name}" is named in the teams more than once', name=name)))
            placed.add(name)
    found += [Problem("teams", "missing_player", t("{name} is in no team: each player plays in one", name=name))
              for name in names if name not in placed]
    if not found and len(teams) < 2:
        found.append(Problem("teams", "player_count", t("a game in teams has two teams or more")))
    target = ruleset.game.target
    if not found and target is not None:
        found += [Problem(f"teams[{i}]", "out_of_range", t(
            "this team would start at the end: {game} ends when a team's score reaches {target}, so the "
            "team's starting scores add up to less", game=ruleset.local_name, target=target))
                  for i, team in enumerate(teams) if sum(int((scores or {}).get(n, 0)) for n in team) >= target]
    return found
