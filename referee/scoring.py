"""End-of-round arithmetic: points and pennies for the cards caught in each hand."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from referee.cards import Card
from referee.errors import InvalidPlayError, Problem
from referee.ruleset import Ruleset, Scoring


def hand_points(scoring: Scoring, cards: Iterable[Card]) -> int:
    return sum(scoring.value(c) for c in cards)


@dataclass(frozen=True)
class HandScore:
    points: int
    cards: int
    pennies: int

    def as_dict(self) -> dict[str, int]:
        return {"points": self.points, "cards": self.cards, "pennies": self.pennies}


def score_hand(ruleset: Ruleset, cards: Sequence[Card]) -> HandScore:
    scoring = ruleset.scoring
    return HandScore(hand_points(scoring, cards), len(cards), len(cards) * scoring.pennies_per_card)


def score_round(ruleset: Ruleset, hands: Mapping[str, Sequence[Card]],
                went_out: str | None = None) -> dict[str, HandScore]:
    """Each player's points, cards and pennies; the one who went out must hold nothing."""
    if went_out is not None:
        if went_out not in hands:
            raise InvalidPlayError(Problem("went_out", "unknown_player",
                                           f'"{went_out}" is not one of the players in hands'))
        if hands[went_out]:
            raise InvalidPlayError(Problem(f"hands.{went_out}", "hand_not_empty",
                                           f"{went_out} went out, so their hand must be empty"))
    return {name: score_hand(ruleset, cards) for name, cards in hands.items()}
