"""A first meld whose points depend on the player's score (`first_meld.points_by_score`,
Canasta's minimum by the side's score): the rules as they bind a player at one score. The
minimum found is then the first meld's plain `points`, so every check reads it as it reads a
fixed minimum.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from referee.rules.ruleset import RoundRules, Ruleset


@lru_cache(maxsize=256)
def scored(ruleset: Ruleset) -> bool:
    """Does the first meld's minimum depend on the score?"""
    rummy = ruleset.rummy
    return rummy is not None and any(r.first_meld.by_score for r in (rummy.base, *rummy.rounds))


def with_score(ruleset: Ruleset, score: int | None) -> Ruleset:
    """The rules at this score (none given: 0); the ruleset itself where the minimum is fixed."""
    if not scored(ruleset):
        return ruleset
    assert ruleset.rummy is not None
    at = 0 if score is None else score
    rows = {row for r in (ruleset.rummy.base, *ruleset.rummy.rounds) for row in r.first_meld.by_score}
    # One ruleset for each row of the table, kept: the engine's caches know a ruleset by its identity.
    step = max((start for start, _ in rows if start <= at), default=min(start for start, _ in rows))
    return _bound(ruleset, step)


@lru_cache(maxsize=256)
def _bound(ruleset: Ruleset, score: int) -> Ruleset:
    rummy = ruleset.rummy
    assert rummy is not None

    def fixed(rules: RoundRules) -> RoundRules:
        req = rules.first_meld
        return replace(rules, first_meld=replace(req, points=req.points_for(score), by_score=()))

    return replace(ruleset, rummy=replace(rummy, base=fixed(rummy.base), rounds=tuple(fixed(r) for r in rummy.rounds)))
