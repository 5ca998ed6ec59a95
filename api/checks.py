"""Stateless checks and scores: a play against the rules answers 200 with `valid`."""

from __future__ import annotations

from typing import Any, cast

from api import answerschemas, schemas
from api.blueprint import Blueprint
from api.problems import answers
from api.rulesets import catalog
from api.searches import searches
from referee.checks.handlimit import check_hand
from referee.checks.layout import check_placement
from referee.checks.plays import check_first_meld, check_lay_off, check_meld
from referee.checks.situation import FIELDS, Situation, player_count, round_number, situate
from referee.planner import check_going_out
from referee.planner.pile import Pile, check_pile
from referee.rules.ruleset import Ruleset
from referee.scoring.bonuses import check_teams
from referee.scoring.counts import score_counts, takes_counts
from referee.scoring.hand import Deal, HandScore, worded
from referee.scoring.round import score_round
from referee.values.cards import (
    Card,
    parse_card_at,
    parse_cards,
    parse_groups,
    parse_named,
    parse_named_groups,
)
from referee.values.errors import InvalidPlayError, Problem
from referee.values.i18n import t

blp = Blueprint("checks", __name__, url_prefix="/v1/rulesets", answers_as_built=True,
                description="Stateless checks of plays, and end-of-round scores.")

# A play against the rules is a 200 with `valid: false`; these are what cannot be judged.
_ANSWERS = answers(blp, (404, "No such ruleset."), 400, 408, 413, 415, (
    422, ("Input that cannot be judged: a card the ruleset's deck cannot hold (the error names its ranks "
         "and suits), a round the game does not have, "
         "a player count outside the ruleset's range, a ruleset of the other family, or a body "
         "the schema refuses.")))

# Checks that may search wait for one of a few places per server process (api/serve.py).
_SEARCHES = searches(blp)


def _game(ruleset_id: str, family: str) -> Ruleset:
    ruleset = catalog().get(ruleset_id)
    if ruleset.family != family:
        raise InvalidPlayError(Problem("", "wrong_family", t(
            '"{id}" is a {family} game; this check is for {wanted} games', id=ruleset.id, family=ruleset.family,
            wanted=family)))
    return ruleset


def _situation(ruleset: Ruleset, args: dict[str, Any], check: str = "") -> Situation:
    """The situation the request's fields describe, built and checked by the engine for `check`."""
    return situate(ruleset, check, **{name: args[name] for name in FIELDS if name in args})


@blp.route("/<string:ruleset_id>/melds/check", methods=["POST"])
@blp.arguments(schemas.MeldCheck())
@blp.response(200, answerschemas.MeldResult)
@_ANSWERS
def melds_check(args: dict[str, Any], ruleset_id: str) -> dict[str, object]:
    """Is this one legal meld? A valid answer adds the kind and what each wild stands for."""
    ruleset = _game(ruleset_id, "rummy")
    cards = parse_cards(args["cards"], "cards", ruleset.deck)
    return check_meld(_situation(ruleset, args), cards, _hand_after(ruleset, args)).as_dict()


def _melded(ruleset: Ruleset, groups: dict[str, list[list[str]]] | None) -> dict[str, list[tuple[Card, ...]]] | None:
    """The optional `melded` groups by player (melded scoring), read by the ruleset's deck."""
    return parse_named_groups(groups, "melded", ruleset.deck) if groups is not None else None


def _hand_after(ruleset: Ruleset, args: dict[str, Any]) -> tuple[Card, ...] | None:
    """The optional `hand` left after a play, for the hand limit, read by the ruleset's deck."""
    return parse_cards(args["hand"], "hand", ruleset.deck) if args.get("hand") is not None else None


@blp.route("/<string:ruleset_id>/first-meld/check", methods=["POST"])
@blp.arguments(schemas.FirstMeldCheck())
@blp.response(200, answerschemas.FirstMeldResult)
@_ANSWERS
@_SEARCHES
def first_meld_check(args: dict[str, Any], ruleset_id: str) -> dict[str, object]:
    """Are the melds legal, and do they meet the round's first-meld requirement and hand limit?"""
    ruleset = _game(ruleset_id, "rummy")
    situation = _situation(ruleset, args, "first-meld")
    melds = parse_groups(args["melds"], "melds", ruleset.deck)
    hand = parse_cards(args["hand"], "hand", ruleset.deck)
    return check_first_meld(situation, melds, hand).as_dict()


@blp.route("/<string:ruleset_id>/lay-offs/check", methods=["POST"])
@blp.arguments(schemas.LayOffCheck())
@blp.response(200, answerschemas.LayOffResult)
@_ANSWERS
@_SEARCHES
def lay_offs_check(args: dict[str, Any], ruleset_id: str) -> dict[str, object]:
    """May these cards be added to this meld on the table?"""
    ruleset = _game(ruleset_id, "rummy")
    meld = parse_cards(args["meld"], "meld", ruleset.deck)
    cards = parse_cards(args["cards"], "cards", ruleset.deck)
    return check_lay_off(_situation(ruleset, args), meld, cards, _hand_after(ruleset, args)).as_dict()


@blp.route("/<string:ruleset_id>/hands/check", methods=["POST"])
@blp.arguments(schemas.HandCheck())
@blp.response(200, answerschemas.CheckResult)
@_ANSWERS
def hands_check(args: dict[str, Any], ruleset_id: str) -> dict[str, object]:
    """Does the hand held after a draw or a discard honour the hand limit?"""
    ruleset = _game(ruleset_id, "rummy")
    situation = _situation(ruleset, args)
    return check_hand(situation, parse_cards(args["hand"], "hand", ruleset.deck)).as_dict()


@blp.route("/<string:ruleset_id>/going-out/check", methods=["POST"])
@blp.arguments(schemas.GoingOutCheck())
@blp.response(200, answerschemas.GoingOutResult)
@_ANSWERS
@_SEARCHES
def going_out_check(args: dict[str, Any], ruleset_id: str) -> dict[str, object]:
    """Can the whole hand be melded or laid off? The answer adds one plan that does it."""
    ruleset = _game(ruleset_id, "rummy")
    situation = _situation(ruleset, args, "going-out")
    hand = parse_cards(args["hand"], "hand", ruleset.deck)
    table = parse_groups(args["table"], "table", ruleset.deck)
    return check_going_out(situation, hand, table).as_dict()


@blp.route("/<string:ruleset_id>/pile/check", methods=["POST"])
@blp.arguments(schemas.PileCheck())
@blp.response(200, answerschemas.PileResult)
@_ANSWERS
@_SEARCHES
def pile_check(args: dict[str, Any], ruleset_id: str) -> dict[str, object]:
    """May the player take the discard pile (games that take it: Canasta)?"""
    ruleset = _game(ruleset_id, "rummy")
    hand = parse_cards(args["hand"], "hand", ruleset.deck)
    table = parse_groups(args["table"], "table", ruleset.deck)
    top = parse_card_at(args["top"], "top", ruleset.deck)
    pile = Pile(top, args["frozen"], args["pile_size"])
    return check_pile(_situation(ruleset, args), pile, hand, table).as_dict()


@blp.route("/<string:ruleset_id>/placements/check", methods=["POST"])
@blp.arguments(schemas.PlacementCheck())
@blp.response(200, answerschemas.PlacementResult)
@_ANSWERS
def placements_check(args: dict[str, Any], ruleset_id: str) -> dict[str, object]:
    """Layout games: where may this card go, does it end the turn, does it complete the layout?"""
    ruleset = _game(ruleset_id, "layout")
    _situation(ruleset, args)
    card = parse_card_at(args["card"], "card", ruleset.deck)
    return check_placement(ruleset, args["layout"], card).as_dict()


def _worded(score: HandScore, ruleset: Ruleset) -> dict[str, object]:
    """A player's score as the answer gives it: its breakdown's parts each with its words."""
    out = score.as_dict()
    return out | {"breakdown": worded(cast("list[dict[str, object]]", out["breakdown"]), ruleset.deck.pieces)}


@blp.route("/<string:ruleset_id>/scores", methods=["POST"])
@blp.arguments(schemas.ScoreRequest())
@blp.response(200, answerschemas.ScoreResult)
@_ANSWERS
@_SEARCHES
def scores(args: dict[str, Any], ruleset_id: str) -> dict[str, object]:
    """End-of-round points, cards and pennies for each hand; in a game with bonuses, for each
    player's counts instead (`counts`: canastas, red threes, melded and hand points)."""
    ruleset = _game(ruleset_id, "rummy")
    rnd = round_number(ruleset, args.get("round", 1))
    if args.get("hands") is None:
        return _counted(ruleset, args, rnd)
    if args.get("counts") is not None:
        raise InvalidPlayError(Problem("counts", "unused_field", t(
            '"{name}" would be ignored: the hands are scored here, so give the hands or the {name}, not both',
            name="counts")))
    hands = parse_named(args["hands"], "hands", ruleset.deck)
    players = player_count(ruleset, args.get("players"))
    melded = _melded(ruleset, args.get("melded"))
    # The teams are of the players whose hands are given (who went out or melded is one of them).
    teams = check_teams(ruleset, args.get("teams"), list(hands))
    result = score_round(ruleset, hands, args.get("went_out"), players,
                         deal=Deal(rnd, players, args["wild_rank"], melded, args.get("red_threes"),
                                   args["concealed"], teams, args.get("morto_taken")))
    return _scored(ruleset, result, teams)


# Fields a scores request entered by counts leaves to the hands (the counts carry the red threes).
_NOT_WITH_COUNTS = ("melded", "red_threes", "wild_rank")


def _counted(ruleset: Ruleset, args: dict[str, Any], rnd: int) -> dict[str, object]:
    """The scores of a round entered by counts (`referee.scoring.counts`); `cards` and `pennies` are 0,
    the counts naming no cards."""
    problems = [Problem(name, "unused_field", t(
        '"{name}" would be ignored: the counts are scored here, so give the counts or the {name}, not both',
        name=name)) for name in _NOT_WITH_COUNTS if args.get(name) is not None]
    if not takes_counts(ruleset):
        problems.append(Problem("counts", "unused_field", t('{game} does not use "{name}" in a round: {why}', game=(
            ruleset.local_name), name="counts", why=t("it scores no bonuses"))))
    if problems:
        raise InvalidPlayError(problems)
    players = player_count(ruleset, args.get("players"))
    teams = check_teams(ruleset, args.get("teams"), list(args["counts"]))
    result = score_counts(ruleset, args["counts"], args.get("went_out"),
                          Deal(rnd, players, concealed=args["concealed"], teams=teams,
                               morto_taken=args.get("morto_taken")))
    return _scored(ruleset, result, teams)


def _scored(ruleset: Ruleset, result: dict[str, HandScore],
            teams: tuple[tuple[str, ...], ...] | None) -> dict[str, object]:
    out: dict[str, object] = {"players": {name: _worded(s, ruleset) for name, s in result.items()}}
    if teams is not None:
        out["teams"] = [{"players": list(team), "score": sum(result[p].points for p in team if p in result)}
                        for team in teams]
    return out
