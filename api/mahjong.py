"""Mahjong's checks (mahjong.md): does this hand win and for what, and what is it waiting on."""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields, validate

from api.answerschemas import Violation
from api.blueprint import Blueprint
from api.checks import _game
from api.problems import answers
from api.schemas import List
from api.searches import searches
from api.tileschemas import Meld, one_tile, tile_list
from referee.scoring.wins import check_waits, check_win, mahjong_rules, read_win

blp = Blueprint("mahjong", __name__, url_prefix="/v1/rulesets", answers_as_built=True,
                description="Mahjong: the score of a winning hand, and the waits of a hand one tile from winning.")

_ANSWERS = answers(blp, (404, "No such ruleset."), 400, 408, 413, 415, (
    422, ("Input that cannot be judged: a tile the ruleset's set cannot hold, a seat or round wind that is no "
          "wind, riichi with an open hand, a field the ruleset does not use, a ruleset of another family, or a "
          "body the schema refuses.")))

class Win(Schema):
    tile = one_tile(required=True)
    self_drawn = fields.Boolean(load_default=False)


class MahjongHand(Schema):
    hand = tile_list(required=True)
    melds = List(fields.Nested(Meld), load_default=list, validate=validate.Length(max=4))
    seat_wind = one_tile(load_default="1z")
    round_wind = one_tile(load_default="1z")
    dora_indicators = List(one_tile(), load_default=list, validate=validate.Length(max=10))
    ura_dora_indicators = List(one_tile(), load_default=list, validate=validate.Length(max=10))
    honba = fields.Integer(strict=True, load_default=0, validate=validate.Range(min=0, max=100))
    riichi_sticks = fields.Integer(strict=True, load_default=0, validate=validate.Range(min=0, max=100))
    flowers = List(one_tile(), validate=validate.Length(max=8))
    kita = fields.Integer(strict=True, validate=validate.Range(min=0, max=8), metadata={
        "description": "where the ruleset sets a tile aside as a dora (three-player Riichi's north, scoring.kita): "
                       "how many the player set aside"})
    discards = List(one_tile(), validate=validate.Length(max=40))
    riichi = fields.Boolean(load_default=False)
    double_riichi = fields.Boolean(load_default=False, metadata={"description": "riichi on the first turn: 2 han"})
    ippatsu = fields.Boolean(load_default=False)
    last_tile = fields.Boolean(load_default=False, metadata={"description": "won on the last tile of the wall"})
    after_kong = fields.Boolean(load_default=False, metadata={"description": "won on the tile drawn after a kong"})
    robbing_kong = fields.Boolean(load_default=False)
    first_turn = fields.Boolean(load_default=False, metadata={"description": "won on the first turn, no call made"})


class MahjongWin(MahjongHand):
    win = fields.Nested(Win, required=True)


class MahjongWinResult(Schema):
    valid = fields.Boolean(required=True)
    violations = List(fields.Nested(Violation), required=True)
    score = fields.Dict(metadata={"description": "when valid: han, fu (or faan), limit, patterns, dora, "
                                                 "arrangement, fu_parts and points (mahjong.md)"})


class Wait(Schema):
    tile = fields.String(required=True)
    scores = fields.Boolean(required=True)


class MahjongWaitsResult(Schema):
    valid = fields.Boolean(required=True)
    violations = List(fields.Nested(Violation), required=True)
    waits = List(fields.Nested(Wait))


@blp.route("/<string:ruleset_id>/wins/check", methods=["POST"])
@blp.arguments(MahjongWin())
@blp.response(200, MahjongWinResult)
@_ANSWERS
def wins_check(args: dict[str, Any], ruleset_id: str) -> dict[str, object]:
    """Does this hand win, and for what? The best reading's patterns, fu, dora and points."""
    ruleset = _game(ruleset_id, "mahjong")
    return check_win(ruleset, read_win(mahjong_rules(ruleset), args))


@blp.route("/<string:ruleset_id>/waits/check", methods=["POST"])
@blp.arguments(MahjongHand())
@blp.response(200, MahjongWaitsResult)
@_ANSWERS
@searches(blp)
def waits_check(args: dict[str, Any], ruleset_id: str) -> dict[str, object]:
    """What is this hand of 13 tiles waiting on, and would each winning tile score?"""
    ruleset = _game(ruleset_id, "mahjong")
    return check_waits(ruleset, read_win(mahjong_rules(ruleset), args, waiting=True))
