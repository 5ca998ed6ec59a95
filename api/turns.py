"""Turns on a table that may be rearranged: the whole table before and after one turn."""

from __future__ import annotations

from typing import Any

from api import turnschemas
from api.blueprint import Blueprint
from api.checks import _game, _situation  # the same ruleset and situation as every check
from api.problems import answers
from api.searches import searches
from referee.checks.turns import check_turn
from referee.tablesolve import best_turn
from referee.values.cards import parse_cards, parse_groups

blp = Blueprint("turns", __name__, url_prefix="/v1/rulesets", answers_as_built=True,
                description="Turns of games whose table may be rearranged (table.rearrange).")

_ANSWERS = answers(blp, (404, "No such ruleset."), 400, 408, 413, 415, (
    422, ("Input that cannot be judged: a tile the ruleset's set cannot hold, more copies of a tile in "
          "`before` and `hand` than the set holds (each extra copy named), a game whose table may not be "
          "rearranged (`table_not_rearranged`), a player count outside the ruleset's range, a ruleset of "
          "the other family, or a body the schema refuses.")))
# Both judge whole tables and hands (the best turn searches them): they wait their turn (api/serve.py).
_SEARCHES = searches(blp)


@blp.route("/<string:ruleset_id>/turns/check", methods=["POST"])
@blp.arguments(turnschemas.TurnCheck())
@blp.response(200, turnschemas.TurnResult)
@_ANSWERS
@_SEARCHES
def turns_check(args: dict[str, Any], ruleset_id: str) -> dict[str, object]:
    """Is this turn legal: the table after it, from the table before it and the hand?"""
    ruleset = _game(ruleset_id, "rummy")
    deck = ruleset.deck
    before = parse_groups(args["before"], "before", deck)
    after = parse_groups(args["after"], "after", deck)
    hand = parse_cards(args["hand"], "hand", deck)
    return check_turn(_situation(ruleset, args), before, after, hand).as_dict()


@blp.route("/<string:ruleset_id>/turns/best", methods=["POST"])
@blp.arguments(turnschemas.TurnBest())
@blp.response(200, turnschemas.BestResult)
@_ANSWERS
@_SEARCHES
def turns_best(args: dict[str, Any], ruleset_id: str) -> dict[str, object]:
    """What could I have played: the most tiles this turn can play, and one legal table that does it."""
    ruleset = _game(ruleset_id, "rummy")
    deck = ruleset.deck
    table = parse_groups(args["table"], "table", deck)
    hand = parse_cards(args["hand"], "hand", deck)
    return best_turn(_situation(ruleset, args), table, hand).as_dict()
