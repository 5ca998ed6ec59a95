"""Contracts held by each player (`contracts: per_player`, Phase 10): the rules as they bind a
player working on one phase. That phase's requirement is then every round's first meld, so
every check of a first meld, a lay-off or going out reads it as it reads a round's contract.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from referee.rules.ruleset import Ruleset
from referee.values.errors import InvalidPlayError, Problem
from referee.values.i18n import t


def phase_problem(ruleset: Ruleset, phase: int | None, needed: bool = True) -> Problem | None:
    """Why `phase` cannot be sent to this game, or None. `needed`: the question turns on the
    player's contract (a first meld not yet made), so a game of phases must be given one."""
    rummy = ruleset.rummy
    if rummy is None or not rummy.per_player:
        if phase is None:
            return None
        return Problem("phase", "unused_field", t(
            "{game} has no phases held by each player; leave phase out", game=ruleset.local_name))
    last = len(rummy.phases)
    if phase is None:
        if not needed:
            return None
        return Problem("phase", "missing_field", t(
            "{game}: each player works on a phase of their own: give the player's phase (1-{last})",
            game=ruleset.local_name, last=last))
    if isinstance(phase, bool) or not isinstance(phase, int) or not 1 <= phase <= last:
        return Problem("phase", "unknown_phase", t(
            "phase {phase} does not exist: this game has phases 1-{last}", phase=phase, last=last))
    return None


def with_phase(ruleset: Ruleset, phase: int | None, needed: bool = True) -> Ruleset:
    """The rules that bind a player working on `phase` (the ruleset itself without one, or
    when it binds one already); a phase that cannot be is refused (`phase_problem`)."""
    if phase is None and ruleset.rummy is not None and ruleset.rummy.phase is not None:
        return ruleset  # bound to a phase already
    problem = phase_problem(ruleset, phase, needed)
    if problem is not None:
        raise InvalidPlayError(problem)
    return ruleset if phase is None else _bound(ruleset, phase)


@lru_cache(maxsize=256)
def _bound(ruleset: Ruleset, phase: int) -> Ruleset:
    """One ruleset a phase, kept: the engine's caches know a ruleset by its identity."""
    rummy = ruleset.rummy
    assert rummy is not None
    contract = rummy.phases[phase - 1]
    rounds = tuple(replace(r, first_meld=contract) for r in rummy.rounds)
    return replace(ruleset, rummy=replace(rummy, base=replace(rummy.base, first_meld=contract),
                                          rounds=rounds, phase=phase))
