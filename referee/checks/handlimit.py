"""The hand limit (Bing Rummy): points left in hand plus the player's score stay at or under a maximum.

It binds every meld and lay-off, and, once the player has melded, the hand they hold after
each draw and discard (docs/rule-decisions.md)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from referee.rules.ruleset import Ruleset
from referee.values.cards import Card
from referee.values.i18n import tn
from referee.values.violations import Verdict, Violation, listed

if TYPE_CHECKING:
    from referee.checks.situation import Situation


def hand_limit_violation(ruleset: Ruleset, hand: Sequence[Card] | None, score: int | None,
                         doing: str = "meld") -> list[Violation]:
    """The violation when `hand` (the cards held after a play) and `score` pass the limit;
    `doing` names the play in the sentence ("meld", "lay off", or "hold" for a held hand).

    Nothing to judge without a hand, or in a game without a limit."""
    limit = ruleset.rummy.hand_limit if ruleset.rummy is not None else None
    if limit is None or hand is None:
        return []
    score = score or 0
    left = ruleset.scoring.hand_points(hand)
    if left + score <= limit:
        return []
    room = max(0, limit - score)
    values = {"score": score, "left": left, "cards": listed(hand, ruleset.deck)}
    if doing == "hold":
        sentence = tn("At {score} you may hold at most {n} point after a draw or a discard; "
                      "this hand holds {left} ({cards}).",
                      "At {score} you may hold at most {n} points after a draw or a discard; "
                      "this hand holds {left} ({cards}).", room, **values)
    elif doing == "lay off":
        sentence = tn("At {score} you may lay off only if {n} point or fewer stay in hand; "
                      "{left} would stay ({cards}).",
                      "At {score} you may lay off only if {n} points or fewer stay in hand; "
                      "{left} would stay ({cards}).", room, **values)
    else:
        sentence = tn("At {score} you may meld only if {n} point or fewer stay in hand; "
                      "{left} would stay ({cards}).",
                      "At {score} you may meld only if {n} points or fewer stay in hand; "
                      "{left} would stay ({cards}).", room, **values)
    return [Violation("hand_limit_exceeded", sentence, tuple(hand))]


def check_hand(situation: Situation, hand: Sequence[Card]) -> Verdict:
    """Does a hand held after a draw or a discard honour the hand limit?

    Before the player's first meld the limit does not bind a held hand."""
    if not situation.first_meld_done:
        return Verdict()
    return Verdict(tuple(hand_limit_violation(situation.ruleset, hand, situation.score, "hold")))
