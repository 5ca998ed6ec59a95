"""Marshmallow schemas: they parse every request and describe the API in OpenAPI."""

from __future__ import annotations

from marshmallow import Schema, ValidationError, fields, validate


class RoundMixin(Schema):
    round = fields.Integer(load_default=1, validate=validate.Range(min=1, max=1000),
                           metadata={"description": "1-based round; ignored by games without rounds"})
    players = fields.Integer(validate=validate.Range(min=1, max=100),
                             metadata={"description": "players at the table: fixes the decks in play"})


def cards(required: bool = True, **kw: object) -> fields.List:
    """A list of cards as in cards.md (parsed by the engine, which names any bad one)."""
    return fields.List(fields.String(validate=validate.Length(max=12)), required=required,
                       validate=validate.Length(max=200), **kw)  # type: ignore[arg-type]


def _score(**kw: object) -> fields.Integer:
    return fields.Integer(validate=validate.Range(min=0, max=100_000),  # type: ignore[arg-type]
                          metadata={"description": "the player's game score: feeds hand_limit"}, **kw)


def _hand_after() -> fields.List:
    return cards(required=False, metadata={
        "description": "the cards the player still holds after this play: feeds hand_limit"})


class MeldCheck(RoundMixin):
    cards = cards()
    first_meld_done = fields.Boolean(load_default=False, metadata={
        "description": "judge a meld made after the player's first meld (wilds.after_first_meld)"})
    hand = _hand_after()
    score = _score()


class FirstMeldCheck(RoundMixin):
    melds = fields.List(cards(), required=True, validate=validate.Length(min=1, max=30))
    hand = cards(required=False, load_default=list)
    score = fields.Integer(load_default=0, validate=validate.Range(min=0, max=100_000))


class LayOffCheck(RoundMixin):
    meld = cards()
    cards = cards()
    first_meld_done = fields.Boolean(load_default=True)
    others_meld = fields.Boolean(load_default=False,
                                 metadata={"description": "the meld belongs to another player"})
    hand = _hand_after()
    score = _score()


class HandCheck(RoundMixin):
    hand = cards(metadata={"description": "the cards held after a draw or a discard"})
    score = _score(load_default=0)
    first_meld_done = fields.Boolean(load_default=True, metadata={
        "description": "the player has melded this round (the hand limit binds held hands only then)"})


class GoingOutCheck(RoundMixin):
    hand = cards()
    table = fields.List(cards(), load_default=list, validate=validate.Length(max=40))
    first_meld_done = fields.Boolean(load_default=True)


class PlacementCheck(RoundMixin):
    layout = fields.List(fields.String(validate=validate.Length(max=12)), required=True,
                         validate=validate.Length(max=40))
    card = fields.String(required=True, validate=validate.Length(max=12))


class Violation(Schema):
    code = fields.String(required=True)
    message = fields.String(required=True)
    cards = fields.List(fields.String())


class WildUse(Schema):
    card = fields.String()
    as_ = fields.String(data_key="as", attribute="as", allow_none=True)


class CheckResult(Schema):
    valid = fields.Boolean(required=True)
    violations = fields.List(fields.Nested(Violation), required=True)


class MeldResult(CheckResult):
    kind = fields.String()
    wilds = fields.List(fields.Nested(WildUse))


class FirstMeldResult(CheckResult):
    melds = fields.List(fields.Dict())


class LayOffResult(CheckResult):
    meld = fields.Dict()


class GoingOutResult(CheckResult):
    plan = fields.Dict(metadata={"description": "melds, lay_offs (table index and cards), discard"})


class PlacementResult(CheckResult):
    slots = fields.List(fields.Integer())
    ends_turn = fields.Boolean()
    completes_layout = fields.Boolean()


def _player_name(value: str) -> None:
    if not 1 <= len(value) <= 40 or not value.isprintable():
        raise ValidationError("A player's name is 1-40 printable characters.")


class ScoreRequest(RoundMixin):
    went_out = fields.String(allow_none=True, load_default=None)
    hands = fields.Dict(keys=fields.String(validate=_player_name), values=cards(), required=True,
                        validate=validate.Length(min=1, max=20))


class HandScore(Schema):
    points = fields.Integer()
    cards = fields.Integer()
    pennies = fields.Integer()


class ScoreResult(Schema):
    players = fields.Dict(keys=fields.String(), values=fields.Nested(HandScore))


class RulesetSummary(Schema):
    id = fields.String()
    name = fields.String()
    family = fields.String()
    extends = fields.String(allow_none=True)
    builtin = fields.Boolean()


class RulesetList(Schema):
    rulesets = fields.List(fields.Nested(RulesetSummary))


class ValidateResult(Schema):
    valid = fields.Boolean()
    errors = fields.List(fields.Dict())


class GameCreate(Schema):
    ruleset = fields.String(required=True, validate=validate.Length(min=1, max=64))
    players = fields.List(fields.String(validate=_player_name), required=True,
                          validate=validate.Length(min=1, max=20),
                          metadata={"description": "the players' names in seating order (clockwise)"})
    scores = fields.Dict(keys=fields.String(), values=fields.Integer(validate=validate.Range(min=0, max=100_000)),
                         load_default=dict, metadata={
                             "description": "starting scores above 0 by player; each under the elimination "
                                            "score where the ruleset has one"})
    dealer = fields.String(load_default=None, metadata={
        "description": "the player who deals round 1 (default the first player)"})


class RoundWrite(Schema):
    """A round as the table enters it. A field the game does not use is a 422 naming it."""

    went_out = fields.String(allow_none=True, metadata={
        "description": "rummy: the player who went out (may be left out of hands and points)"})
    hands = fields.Dict(keys=fields.String(), values=cards(), metadata={
        "description": "rummy: each player's cards caught in hand, scored here (not with points)"})
    points = fields.Dict(keys=fields.String(), values=fields.Integer(validate=validate.Range(min=0, max=100_000)),
                         metadata={"description": "rummy: each player's points, when the hands are not given"})
    cards = fields.Dict(keys=fields.String(), values=fields.Integer(validate=validate.Range(min=0, max=1000)),
                        metadata={"description": "rummy, with points: how many cards each of those players was "
                                                 "caught with; required for each where the ruleset charges "
                                                 "pennies per card"})
    winner = fields.String(metadata={"description": "layout games: the hand's winner"})
    completed = fields.List(fields.String(), validate=validate.Length(max=20), metadata={
        "description": "layout games: other players who completed their layout"})


class PlayerWrite(Schema):
    player = fields.String(required=True)


class PlayerStanding(Schema):
    name = fields.String()
    score = fields.Integer()
    eliminated = fields.Boolean()
    buy_backs = fields.Integer()
    pennies_paid = fields.Integer()
    buys_left = fields.Integer(allow_none=True)
    layout_size = fields.Integer(allow_none=True)


class Entry(Schema):
    """One entry of the sheet, in the order entered: what `DELETE .../entries/last` takes back."""

    kind = fields.String(validate=validate.OneOf(["round", "buy", "buy_back"]))
    number = fields.Integer(metadata={"description": "rounds: the round's number"})
    player = fields.String(metadata={"description": "buys and buy-backs: who"})


class Game(Schema):
    id = fields.String()
    ruleset = fields.String()
    status = fields.String()
    round = fields.Integer()
    dealer = fields.String(metadata={
        "description": "who deals the current round: clockwise in seating order each round, skipping "
                       "eliminated players"})
    players = fields.List(fields.Nested(PlayerStanding))
    pot = fields.Integer()
    winner = fields.Raw(allow_none=True, metadata={"description": "a name, a list of names, or null"})
    first_player = fields.String(allow_none=True)
    rounds = fields.List(fields.Dict())
    entries = fields.List(fields.Nested(Entry))


class GameCreated(Game):
    token = fields.String()
