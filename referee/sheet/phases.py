"""Contracts held by each player on the score sheet (`contracts: per_player`, Phase 10).

Each player works on one phase at a time (1 at the start) and moves on one phase by making
it; a round names who made theirs (`phases_made`). Nothing here is stored: phases are
derived by replaying the rounds, so undoing a round restores them. The game ends after the
round in which someone makes the last phase; the lowest score among those who made it wins.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from referee.rules.ruleset import Ruleset
from referee.values.errors import Problem
from referee.values.i18n import t


class Standing(Protocol):
    """What this module reads and moves on a line of the sheet."""

    name: str
    score: int
    phase: int | None
    phases_completed: int | None


def last_phase(ruleset: Ruleset) -> int | None:
    """How many phases each player works through, or None where the contract is the round's."""
    rummy = ruleset.rummy
    return len(rummy.phases) if rummy is not None and rummy.per_player else None


def made_problems(players: Sequence[Standing], made: object, went_out: object) -> list[Problem]:
    """What is wrong with a round's `phases_made`: a name not in the game or given twice, and a
    player who went out without making their phase (going out needs one's phase laid down)."""
    problems: list[Problem] = []
    names = {p.name for p in players}
    seen: set[object] = set()
    for i, name in enumerate(made if isinstance(made, list) else []):
        if name not in names:
            problems.append(Problem(f"phases_made[{i}]", "unknown_player",
                                    t('"{name}" is not a player in this game', name=name)))
        elif name in seen:
            problems.append(Problem(f"phases_made[{i}]", "duplicate_player",
                                    t('"{name}" is named twice in phases_made', name=name)))
        seen.add(name)
    if went_out in names and went_out not in seen:
        problems.append(Problem("went_out", "phase_not_made", t(
            "{name} went out, so {name} made their phase: name {name} in phases_made too (one cannot "
            "go out without laying down one's phase)", name=went_out)))
    return problems


def advance(players: Sequence[Standing], made: Sequence[str], last: int) -> None:
    """Each player named moves on one phase; nobody moves past the last."""
    for p in players:
        if p.name in made and p.phases_completed is not None and p.phases_completed < last:
            p.phases_completed += 1
            p.phase = min(p.phases_completed + 1, last)


def _lowest(players: Sequence[Standing]) -> str | list[str]:
    low = min(p.score for p in players)
    best = [p.name for p in players if p.score == low]
    return best[0] if len(best) == 1 else best


def winner_at_end(players: Sequence[Standing], last: int) -> str | list[str] | None:
    """After a round: the lowest score among those who have made the last phase (ties share),
    or None while nobody has."""
    done = [p for p in players if p.phases_completed == last]
    return _lowest(done) if done else None


def winner_when_stopped(players: Sequence[Standing]) -> str | list[str]:
    """A game stopped early: the most phases made, then the lowest score; ties share."""
    most = max(p.phases_completed or 0 for p in players)
    return _lowest([p for p in players if (p.phases_completed or 0) == most])
