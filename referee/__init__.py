"""referee: a rules-as-data referee and score sheet for card games played at a real table."""

from referee.checks.layout import check_placement
from referee.checks.plays import check_first_meld, check_lay_off, check_meld
from referee.checks.situation import Situation, situate
from referee.loading.loader import Library, default_library
from referee.planner import arrange, check_going_out
from referee.rules.ruleset import Ruleset
from referee.scoring.round import score_round
from referee.values.cards import FRENCH, Card, DeckSpec, parse_card, parse_cards
from referee.values.errors import (
    GameStateError,
    InvalidCardError,
    InvalidPlayError,
    Problem,
    RefereeError,
    RulesetError,
    UnknownRulesetError,
)
from referee.values.violations import Verdict, Violation

__all__ = [
    "FRENCH",
    "Card",
    "DeckSpec",
    "GameStateError",
    "InvalidCardError",
    "InvalidPlayError",
    "Library",
    "Problem",
    "RefereeError",
    "Ruleset",
    "RulesetError",
    "Situation",
    "UnknownRulesetError",
    "Verdict",
    "Violation",
    "arrange",
    "check_first_meld",
    "check_going_out",
    "check_lay_off",
    "check_meld",
    "check_placement",
    "default_library",
    "parse_card",
    "parse_cards",
    "score_round",
    "situate",
]
