"""The schemas of the answers: the checks' verdicts, melds, plans and scores, and a problem (RFC 9457), as
OpenAPI shows them."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from api.schemas import Dict, List
from referee.kinds.table import KINDS


class Violation(Schema):
    code = fields.String(required=True, metadata={"example": "too_many_wilds"})
    message = fields.String(required=True)
    cards = List(fields.String(), required=True, metadata={"description": "the cards at fault"})
    path = fields.String(metadata={"description": "where a check has places (turns/check): the place at fault "
                                                  "in the request, such as `after[2]`; absent elsewhere",
                                   "example": "after[2]"})


class WildUse(Schema):
    card = fields.String(required=True, metadata={"example": "2C"})
    as_ = fields.String(data_key="as", attribute="as", allow_none=True, required=True, metadata={
        "description": "what the wild stands for: a rank in a set, rank and suit in a run (the rank alone in a run of "
        "any suits), the suit letter in a meld of one suit (color); null in a meld of wild cards only",
        "example": "8H"})


class CheckResult(Schema):
    valid = fields.Boolean(required=True, metadata={"description": "true exactly when `violations` is empty"})
    violations = List(fields.Nested(Violation), required=True)


class PileResult(CheckResult):
    meld = List(fields.String(), metadata={"description": "when valid by a meld: the top card and the hand's cards "
                                                          "that meld it", "example": ["7H", "7S", "7D"]})
    lay_off = fields.Integer(metadata={"description": "when valid by a lay-off: the index in `table` of the side's "
                                                     "meld the top card goes on"})
    whole = fields.Boolean(metadata={"description": "where the whole pile may be taken at any turn (pile.take: "
                                                    "always, Buraco): true"})


MELD_KINDS = list(KINDS)  # the kinds of meld the engine judges, from its table
KINDS_SAID = ", ".join(MELD_KINDS)


class Meld(Schema):
    kind = fields.String(required=True, validate=validate.OneOf(MELD_KINDS))
    canasta = fields.String(validate=validate.OneOf(["natural", "mixed", "semi_clean"]), metadata={
        "description": "games with canastas (`canasta.min`), when the meld is one: natural or mixed; "
                       "semi_clean where the game has them (`canasta.semi_clean`: its natural cards alone make "
                       "a canasta)"})
    wilds = List(fields.Nested(WildUse), required=True)


class MeldResult(CheckResult):
    kind = fields.String(validate=validate.OneOf(MELD_KINDS),
                         metadata={"description": f"when valid: the meld's kind ({KINDS_SAID})"})
    wilds = List(fields.Nested(WildUse), metadata={"description": "when valid: what each wild stands for"})
    canasta = fields.String(validate=validate.OneOf(["natural", "mixed", "semi_clean"]), metadata={
        "description": "games with canastas (`canasta.min`), when the meld is one: natural (no wild card stands "
                       "in it) or mixed; semi_clean where the game has them (`canasta.semi_clean`, Buraco's "
                       "burraco semipulito: its natural cards alone make a canasta)"})


class FirstMeldAnswer(Schema):
    valid = fields.Boolean(required=True, metadata={"description": "this meld is legal on its own"})
    kind = fields.String(required=True, allow_none=True, validate=validate.OneOf(MELD_KINDS),
                         metadata={"description": f"the meld's kind ({KINDS_SAID}); null when the meld is not legal"})
    wilds = List(fields.Nested(WildUse), required=True)


class FirstMeldResult(CheckResult):
    melds = List(fields.Nested(FirstMeldAnswer), metadata={
        "description": "one entry a meld sent, in order: whether it is legal, its kind and wilds"})


class LaidOffMeld(Meld):
    cards = List(fields.String(), required=True, metadata={"description": "the meld with the cards added"})


class LayOffResult(CheckResult):
    meld = fields.Nested(LaidOffMeld, metadata={"description": "when the cards fit: the meld they make"})


class LayOff(Schema):
    table = fields.Integer(required=True, metadata={"description": "0-based index into `table`"})
    cards = List(fields.String(), required=True)


class OwnLayOff(Schema):
    meld = fields.Integer(required=True, metadata={"description": "0-based index into the plan's `melds`"})
    cards = List(fields.String(), required=True)


class Plan(Schema):
    """The steps in play order; each passes the single checks."""

    melds = List(List(fields.String()), required=True, metadata={"description": "melds to lay down"})
    first_meld = List(fields.Integer(), required=True, allow_none=True, metadata={
        "description": "indexes of `melds` that make the first meld, when this turn makes it; else null"})
    own_lay_offs = List(fields.Nested(OwnLayOff), required=True, metadata={
        "description": "cards laid on the plan's own melds, after those melds are laid"})
    lay_offs = List(fields.Nested(LayOff), required=True)
    discard = fields.String(required=True, allow_none=True, metadata={"description": "the card to discard, if any"})
    left = List(fields.String(), required=True, metadata={"description": "cards neither melded nor laid off"})
    table = List(List(fields.String()), metadata={
        "description": "games whose table may be rebuilt (table.rearrange): the whole table after the turn, each "
                       "meld legal, as turns/best answers it; turns/check accepts it, with the table and the hand "
                       "sent, as the turn that plays every card but the discard. Where the turn rebuilds melds, `melds` are the melds it "
                       "makes or changes and there are no lay-offs",
        "example": [["3B", "4B", "5B"], ["5B", "6B", "7B"]]})
    rebuilt = fields.Boolean(metadata={
        "description": "beside `table`: true where the turn rebuilds the table's melds (read `table`, the table "
                       "after the turn; `melds` are the melds it makes or changes), false where it only lays "
                       "down and lays off"})


class GoingOutResult(CheckResult):
    plan = fields.Nested(Plan, metadata={"description": "when valid: one legal way to go out (in a game "
                                                        "with a knock: to knock, `left` its deadwood)"})
    deadwood = fields.Integer(metadata={"description": "games with a knock (scoring.knock), when valid: "
                                                       "the points of the deadwood left"})


class PlacementResult(CheckResult):
    slots = List(fields.Integer(), required=True, metadata={"description": "1-based slots it may go to"})
    ends_turn = fields.Boolean(required=True, metadata={"description": "true when it cannot be placed"})
    completes_layout = fields.Boolean(required=True)


class Part(Schema):
    """One part of a player's points in a round; a round's parts add up to the points."""

    item = fields.String(required=True, metadata={
        "description": "what the points are for: `caught` (cards left in hand), `melded`, `going_out`, "
                       "`concealed`, `natural_canasta`, `mixed_canasta`, `semi_clean_canasta`, `red_threes`, "
                       "`all_red_threes`, `no_morto`, `deadwood`, `cap` (what a cap on deadwood takes off), "
                       "`knock`, `gin`, `undercut`, `winner_gains`, `lowest_rack` (where nobody went out and the "
                       "winner gains the racks, the lowest rack, which each rack paid is counted above), "
                       "`entered` (a round entered as points: the number typed, with the sheet's sign); Mahjong: "
                       "`win`, `honba`, `riichi_sticks` (the sticks on the table taken), `riichi_bet` (a stick "
                       "paid), `noten` (a drawn hand's tenpai payments), `uma` and `oka` (the game's end)",
        "example": "natural_canasta"})
    words = fields.String(metadata={"description": "the item in words, in the answer's language (a score "
                                                   "sheet's line)", "example": "natural canastas"})
    count = fields.Integer(metadata={"description": "canastas and bonus cards: how many", "example": 1})
    cards = List(fields.String(), metadata={"description": "`caught` and `deadwood`: the cards counted",
                                            "example": ["9C"]})
    points = fields.Integer(required=True, metadata={"example": 500})


class HandScore(Schema):
    points = fields.Integer(required=True, metadata={
        "description": "what goes onto the player's score this round (negative where melded "
                       "scoring leaves less melded than caught; where the winner gains the others' "
                       "racks, scoring.method winner_gains, the gain and the racks have the sheet's "
                       "signs: each rack negative where the highest total wins, the gain negative "
                       "where the lowest does)"})
    cards = fields.Integer(required=True)
    pennies = fields.Integer(required=True)
    deadwood = fields.Integer(metadata={
        "description": "deadwood scoring: the points outside the best arrangement of the hand"})
    melded = fields.Integer(metadata={"description": "melded scoring: what the player's melded cards are worth"})
    bonuses = fields.Integer(metadata={"description": "games with scoring.bonuses: the player's canastas, bonus "
                                                      "cards and going out (part of points)"})
    breakdown = List(fields.Nested(Part), required=True, metadata={
        "description": "what the points are made of, a part each (their points add up to `points`; a part worth "
                       "nothing and naming no cards is left out)"})


class TeamScore(Schema):
    players = List(fields.String(), required=True)
    score = fields.Integer(required=True, metadata={"description": "the team's points this hand"})


class ScoreResult(Schema):
    players = Dict(keys=fields.String(), values=fields.Nested(HandScore), required=True)
    teams = List(fields.Nested(TeamScore), metadata={"description": "when teams were given: each team's points"})

class ProblemItem(Schema):
    """One located problem of a problem answer (or of a ruleset validation)."""

    path = fields.String(required=True, metadata={"description": "where: a field path, `\"\"` for the whole",
                                                  "example": "cards[2]"})
    code = fields.String(required=True, metadata={"example": "unknown_card"})
    message = fields.String(required=True)
    line = fields.Integer(metadata={"description": "rulesets: 1-based line in the source"})
    column = fields.Integer(metadata={"description": "rulesets: 1-based column in the source"})
    file = fields.String(metadata={"description": "rulesets: the file at fault"})


class Problem(Schema):
    """An RFC 9457 problem answer (`application/problem+json`)."""

    type = fields.String(required=True, metadata={"example": "https://referee.example/problems/invalid-request"})
    title = fields.String(required=True, metadata={"example": "Invalid request"})
    status = fields.Integer(required=True, metadata={"example": 422})
    detail = fields.String(required=True, metadata={"example": "2 problems in the request"})
    errors = List(fields.Nested(ProblemItem))
