"""The request shapes of Mahjong (mahjong.md): tiles, melds, and a hand as the score sheet takes it."""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields, validate

from api.gameschemas import RummyRound
from api.schemas import List, name

TILE = {"description": "a tile in MPSZ notation (mahjong.md): 5m, 0p (a red five), 1z or E", "example": "5m"}
TILES = {"description": "tiles, as a list or one compact string (`123m456p11z`)",
         "oneOf": [{"type": "array", "items": {"type": "string"}, "maxItems": 40},
                   {"type": "string", "maxLength": 80}], "example": ["1m", "2m", "3m"]}


class TileList(fields.Field[Any]):
    """A list of tiles or one compact string; read by the ruleset's tile set in the engine."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if isinstance(value, str) and len(value) <= 80:
            return value
        if isinstance(value, list) and len(value) <= 40:
            return value
        raise self.make_error("validator_failed")  # "Invalid value.", as marshmallow words it


def tile_list(**kw: Any) -> TileList:
    return TileList(**({"metadata": TILES} | kw))


def one_tile(**kw: Any) -> fields.String:
    kw.setdefault("metadata", TILE)
    return fields.String(validate=validate.Length(max=8), **kw)


class Meld(Schema):
    tiles = tile_list(required=True)
    open = fields.Boolean(load_default=True, metadata={"description": "false: a concealed kong"})


def _count(low: int, high: int, text: str) -> fields.Integer:
    return fields.Integer(strict=True, validate=validate.Range(min=low, max=high), metadata={"description": text})


class HandWin(Schema):
    """One win of a hand: the winner, off whom (null or absent: a self-draw), and either its
    figures (han and fu, a number of yakuman, or faan) or its tiles, which the referee scores with
    the game's winds and the hand's riichi."""

    winner = name(required=True, metadata={"description": "who won"})
    from_ = name(data_key="from", attribute="from", allow_none=True, metadata={"description": "who discarded the winning tile; null or "
                                                                            "absent: a self-draw"})
    han = _count(1, 100, "han_fu games: the hand's han, dora counted")
    fu = _count(20, 200, "han_fu games: the hand's fu, rounded as scored; not needed from the first limit's han")
    yakuman = _count(1, 6, "han_fu games: a limit hand of this many yakuman, in place of han and fu")
    faan = _count(0, 100, "faan games (hong-kong): the hand's faan")
    hand = tile_list(metadata={**TILES, "description": "the tiles in place of the figures: every concealed tile, the "
                                                       "winning one included, scored as wins/check scores them"})
    melds = List(fields.Nested(Meld), validate=validate.Length(max=4))
    tile = one_tile(metadata={**TILE, "description": "with the tiles: the winning tile"})
    dora_indicators = List(one_tile(), validate=validate.Length(max=10))
    ura_dora_indicators = List(one_tile(), validate=validate.Length(max=10))
    flowers = List(one_tile(), validate=validate.Length(max=8))
    kita = fields.Integer(strict=True, validate=validate.Range(min=0, max=8), metadata={
        "description": "with the tiles, where the ruleset sets a tile aside as a dora: how many the winner set aside"})
    riichi = fields.Boolean(metadata={"description": "with the tiles: must agree with the hand's `riichi`"})
    double_riichi = fields.Boolean()
    ippatsu = fields.Boolean()
    last_tile = fields.Boolean()
    after_kong = fields.Boolean()
    robbing_kong = fields.Boolean()
    first_turn = fields.Boolean()


class HandDraw(Schema):
    tenpai = List(name(), validate=validate.Length(max=8), metadata={
        "description": "the players tenpai when the wall ran out", "example": ["ann", "cy"]})


class RoundWrite(RummyRound):
    """A round as the table enters it; a Mahjong hand is a `win`, `wins` or a `draw`, with the
    `riichi` declared. A field the game does not use is a 422 naming it."""

    win = fields.Nested(HandWin, metadata={"description": "Mahjong: the hand's win"})
    wins = List(fields.Nested(HandWin), validate=validate.Length(min=1, max=8), metadata={
        "description": "Mahjong, where the ruleset lets several players win off one discard: each win"})
    draw = fields.Nested(HandDraw, metadata={"description": "Mahjong: a drawn hand"})
    riichi = List(name(), validate=validate.Length(max=8), metadata={
        "description": "Mahjong: the players who declared riichi this hand, each paying a stick into the pot",
        "example": ["ann"]})
