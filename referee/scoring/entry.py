"""What a round's entry asks of the table, as the engine reads the ruleset.

A client that enters rounds (the page's round form) asks these of the service rather than
reading the ruleset's scoring methods and bonuses itself: the ways a round may be entered,
the first the usual one, how going out is named, and the questions the round puts beside each
player's points or cards. It is the `entry` of `GET /v1/rulesets/{id}/rounds/{n}`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from referee.rules.ruleset import RoundRules, Ruleset, RummyRules
from referee.scoring.counts import counts_taken


class Ask(NamedTuple):
    """One question a round's entry puts, and when the game puts it."""

    name: str
    put: Callable[[RummyRules, RoundRules], bool]


def _melded(rummy: RummyRules) -> bool:
    return rummy.scoring.method == "melded_minus_caught"


# The questions a round's entry puts, in the form's order; a game puts those whose test holds.
ASKS: tuple[Ask, ...] = (
    # the rank wild in this deal besides the fixed ones (the cut card)
    Ask("wild_rank", lambda rummy, rules: rules.wilds.per_deal),
    # how many cards each player was caught with, where each costs a penny
    Ask("cards_caught", lambda rummy, rules: rummy.scoring.pennies_per_card > 0),
    # the cards each player melded, a meld at a time, where melded cards score
    Ask("melded", lambda rummy, rules: _melded(rummy)),
    # the bonus cards (red threes) each player laid face up
    Ask("red_threes", lambda rummy, rules: _melded(rummy) and bool(rummy.bonus_cards) and bool(rummy.scoring.bonuses)),
    # whether who went out did so concealed, where that earns a bonus
    Ask("concealed", lambda rummy, rules: _melded(rummy) and bool(rummy.scoring.bonuses.get("concealed"))),
    # which sides took their second hand (the morto, the pozzetto), where not taking it costs
    Ask("morto_taken", lambda rummy, rules: _melded(rummy) and "no_morto" in rummy.scoring.bonuses),
)


def _ways(ruleset: Ruleset, rummy: RummyRules) -> list[str]:
    """The ways a round may be entered, the usual one first: counts where the game takes them,
    the cards where a knock shows every hand, else the points."""
    if counts_taken(ruleset):
        return ["counts", "cards", "points"]
    return ["cards", "points"] if rummy.scoring.knock is not None else ["points", "cards"]


def round_entry(ruleset: Ruleset, number_: int) -> dict[str, Any]:
    """What round `number_`'s entry asks: `ways` (`counts`, `cards`, `points`; the first the
    usual one), `out` (`knock` where a player knocks, else `go_out`), `out_scores` (whether who
    went out has points of their own to enter), `below_zero` (whether a player's points may be
    below zero), `winner_gains` (whether who went out gains the others' points, so that theirs
    are all the table enters) and `asks`, the questions put beside the players' points or cards.
    A layout game is entered by its winner, and asks who else completed their layout."""
    if ruleset.rummy is None:
        layout = ruleset.layout
        completed = layout is not None and layout.shrink_completed > 0
        return {"ways": ["winner"], "asks": ["completed"] if completed else []}
    rummy = ruleset.rummy
    rules = rummy.round(number_)
    knock = rummy.scoring.knock is not None
    return {"ways": _ways(ruleset, rummy), "out": "knock" if knock else "go_out",
            "out_scores": knock or _melded(rummy), "below_zero": _melded(rummy),
            "winner_gains": rummy.scoring.method == "winner_gains",
            "asks": [ask.name for ask in ASKS if ask.put(rummy, rules)]}
