"""Canastas: a side's melds of `canasta.min` cards or more, natural (no wild card stands in
it), semi-clean where the game has them, or mixed, and whether a side's table meets what going
out requires (`going_out.requires`)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from referee.checks.judge import Judge
from referee.rules.ruleset import Canastas, Ruleset
from referee.values.cards import Card
from referee.values.errors import Problem
from referee.values.i18n import joined, t, tn


def canasta_of(judge: Judge, cards: Sequence[Card]) -> str | None:
    """`natural`, `semi_clean` or `mixed` (`Judge.canasta`) where these cards are a legal meld of
    a canasta's size, else None."""
    least = judge.ruleset.rummy.canasta_min if judge.ruleset.rummy is not None else None
    if least is None or len(cards) < least:
        return None
    meld, _ = judge.judge(cards, wild_limit=False)
    return judge.canasta(meld) if meld is not None else None


def counted(judge: Judge, melds: Iterable[Sequence[Card]]) -> tuple[int, int]:
    """The natural and the mixed canastas among these melds, as going out counts them: a
    semi-clean canasta holds a wild card, so it is a mixed one there."""
    found = [canasta_of(judge, m) for m in melds]
    natural = found.count("natural")
    return natural, len(found) - found.count(None) - natural


def requires_met(judge: Judge, melds: Iterable[Sequence[Card]]) -> bool:
    """Do these melds (the side's table after a turn) hold the canastas going out requires?"""
    natural, mixed = counted(judge, melds)
    return judge.rules.requires.met(natural, mixed)


def canastas_words(need: Canastas, least: int) -> str:
    """What going out requires in words: `1 canasta (7 cards or more)`, `1 natural canasta`."""
    parts = []
    if need.natural:
        parts.append(tn("{n} natural canasta", "{n} natural canastas", need.natural))
    if need.mixed:
        parts.append(tn("{n} mixed canasta", "{n} mixed canastas", need.mixed))
    beyond = need.canastas - need.natural - need.mixed
    if beyond > 0 or not parts:
        parts.append(tn("{n} canasta", "{n} canastas", max(beyond, 1)) if not parts else
                     tn("{n} more canasta", "{n} more canastas", beyond))
    return tn("{needed} ({n} card or more)", "{needed} ({n} cards or more)", least, needed=joined(parts))


def morto_unused(ruleset: Ruleset) -> Problem:
    """`morto_taken` sent for a game that has no morto (Buraco's pozzetto)."""
    return Problem("morto_taken", "unused_field", t(
        "{game} has no morto (a second hand a side takes); leave morto_taken out", game=ruleset.local_name))
