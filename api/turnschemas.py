"""The schemas of a turn on a table that may be rearranged (`turns/check`)."""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields, pre_load, validate

from api import bounds
from api.answerschemas import CheckResult, FirstMeldAnswer
from api.schemas import Boolean, List, RoundMixin, cards

TABLE_MELDS = 60  # melds on a table: more than 106 tiles can make, in melds of three or more


def table(description: str, example: list[list[str]]) -> List[list[str | None]]:
    return List(cards(), required=True, validate=validate.Length(max=TABLE_MELDS),
                metadata={"description": description, "example": example})


class TurnCheck(RoundMixin):
    CARDS = (("before", 2), ("hand", 1))  # the tiles there are; `after` holds them again
    before = table("the melds on the table when the turn began",
                   [["1R", "2R", "3R", "4R", "5R", "6R"], ["9K", "9B", "JK"]])
    after = table("the melds on the table when the turn ends: every tile of `before` and the tiles "
                  "played from `hand`, in legal melds",
                  [["1R", "2R", "3R"], ["4R", "5R", "6R", "7R"], ["9K", "9B", "JK"]])
    hand = cards(example=["7R", "12O"], metadata={
        "description": "the player's tiles when the turn began (those played and those kept)"})
    first_meld_done = Boolean(load_default=True, metadata={
        "description": "the player made their first meld on an earlier turn; while false, the table "
                       "must stay as it was and the melds added must meet first_meld from the hand alone"})

    @pre_load
    def _count(self, data: Any, **kwargs: Any) -> Any:
        """The table and the hand are counted together, the table after the turn by itself:
        it holds the same tiles again."""
        bounds.count(data, self.CARDS)
        bounds.count(data, (("after", 2),))
        return data


class TurnResult(CheckResult):
    played = List(fields.String(), required=True, metadata={
        "description": "the tiles of `hand` that the turn put on the table", "example": ["7R"]})
    melds = List(fields.Nested(FirstMeldAnswer), required=True, metadata={
        "description": "one entry a meld of `after`, in order: whether it is legal, its kind and what each "
                       "joker stands for"})


class TurnBest(RoundMixin):
    CARDS = (("table", 2), ("hand", 1))
    table = table("the melds on the table before the turn", [["1R", "2R", "3R"], ["9K", "9B", "9O"]])
    hand = cards(example=["4R", "9R", "12O"], metadata={"description": "the player's tiles"})
    first_meld_done = Boolean(load_default=True, metadata={
        "description": "the player made their first meld on an earlier turn; while false, the best turn is "
                       "the best first meld from the hand alone, the table untouched"})


class BestResult(Schema):
    played = List(fields.String(), required=True, metadata={
        "description": "the tiles of `hand` the best turn plays: the most it can, ties broken by their worth "
                       "on a rack; empty when none can be played", "example": ["4R", "9R"]})
    table = List(List(fields.String()), required=True, metadata={
        "description": "one legal table after that turn: every tile of `table` and those played",
        "example": [["1R", "2R", "3R", "4R"], ["9K", "9B", "9O", "9R"]]})
    left = List(fields.String(), required=True, metadata={
        "description": "the tiles of `hand` left on the rack", "example": ["12O"]})
