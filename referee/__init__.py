"""referee: a rules-as-data referee and score sheet for card games played at a real table."""

from referee.cards import FRENCH, Card, DeckSpec, parse_card, parse_cards
from referee.errors import (
    GameStateError,
    InvalidCardError,
    InvalidPlayError,
    Problem,
    RefereeError,
    RulesetError,
    UnknownRulesetError,
)
from referee.layout import check_placement
from referee.loader import Library, default_library
from referee.melds import check_meld
from referee.planner import arrange, check_going_out
from referee.plays import check_first_meld, check_lay_off
from referee.ruleset import Ruleset
from referee.scoring import score_round
from referee.violations import Verdict, Violation

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
]
