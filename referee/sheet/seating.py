"""Who may sit down to a new game: names that can be read aloud, a player count the ruleset
plays, starting scores and a dealer that fit, teams the ruleset seats."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from referee.checks.situation import players_problem
from referee.rules.ruleset import Ruleset
from referee.rules.teams import team_problems
from referee.sheet import teams as sheet_teams
from referee.values.errors import Problem
from referee.values.i18n import t


def seating_problems(ruleset: Ruleset, names: Sequence[str], scores: Mapping[str, int] | None,
                     dealer: str | None, teams: sheet_teams.Teams | None) -> list[Problem]:
    """What no table can start with: a repeated name, a player count the ruleset does not play,
    a score or a dealer for someone who is not a player, a starting score that would put the
    player out at once, and teams the ruleset does not seat (`sheet.teams`)."""
    problems = _same_names(names)
    seats = players_problem(ruleset, len(names), seated=True)
    if seats is not None:
        problems.append(seats)
    limit = ruleset.game.elimination
    for name, score in (scores or {}).items():
        if name not in names:
            problems.append(Problem(f"scores.{name}", "unknown_player", t('"{name}" is not a player in this game',
                                                                            name=name)))
        elif int(score) < 0 and ruleset.scoring.method != "melded_minus_caught":
            problems.append(Problem(f"scores.{name}", "out_of_range",
                                    t("{name}: a starting score is 0 or more in {game}", name=name, game=ruleset.local_name)))
        elif ruleset.game.target is not None and int(score) >= ruleset.game.target:
            problems.append(Problem(f"scores.{name}", "out_of_range",
                                    t("{name} would start at the end: {game} ends when a score reaches {target}, "
                                      "so a starting score is under it", name=name, game=ruleset.local_name,
                                      target=ruleset.game.target)))
        elif limit is not None and int(score) >= limit:
            problems.append(Problem(f"scores.{name}", "out_of_range",
                                    t("{name} would start out of the game: {game} puts a player out at {limit}, "
                                      "so a starting score is under {limit}", name=name, game=ruleset.local_name,
                                      limit=limit)))
    if dealer is not None and dealer not in names:
        problems.append(Problem("dealer", "unknown_player",
                                t('the dealer "{name}" is not a player in this game', name=dealer)))
    problems += team_problems(ruleset, names, teams, scores)
    return problems


def _same_names(names: Sequence[str]) -> list[Problem]:
    """A name given twice, or differing only by case from an earlier one (a sheet with "Ann" and
    "ann" cannot be read aloud): one problem at each later one, naming both."""
    problems: list[Problem] = []
    first: dict[str, str] = {}
    for i, name in enumerate(names):
        key = name.casefold()
        if key not in first:
            first[key] = name
            continue
        other = first[key]
        words = (t('each player\'s name must be different: "{name}" is given twice', name=name) if other == name
                 else t('each player\'s name must be different: "{name}" and "{other}" differ only by case',
                        name=name, other=other))
        problems.append(Problem(f"players[{i}]", "duplicate_player", words))
    return problems
