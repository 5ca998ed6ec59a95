"""The schemas of a game: its start, a round written, and the game as read, as OpenAPI shows them."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from api.answerschemas import Part
from api.schemas import Counted, Dict, List, cards, counts_field, melded_field, name, wild_rank
from referee.loading.loader import MAX_ID


class GameCreate(Schema):
    ruleset = fields.String(required=True, validate=validate.Length(min=1, max=MAX_ID),
                            metadata={"description": "a ruleset id", "example": "bing-rummy"})
    players = List(name(), required=True, validate=validate.Length(min=1, max=20), metadata={
        "description": "the players' names in seating order (clockwise), unique; how many the "
                       "ruleset allows is in its `players`", "example": ["A", "B", "C", "D"]})
    scores = Dict(keys=name(), values=fields.Integer(strict=True,
                                                     validate=validate.Range(min=-100_000, max=100_000)),
                  load_default=dict, validate=validate.Length(max=20), metadata={
                             "description": "starting scores by player: 0 or more (below 0 only where melded "
                                            "cards score); each under the elimination score or the target "
                                            "where the ruleset has one", "example": {"A": 31}})
    dealer = name(load_default=None, metadata={
        "description": "the player who deals round 1 (default the first player)", "example": "B"})
    teams = List(List(name(), validate=validate.Length(max=20)), load_default=None,
                 validate=validate.Length(max=20), metadata={
                     "description": "where the ruleset has teams (`teams.size`: partners who score together), "
                                    "required: each team's players, every player in one team, each team of "
                                    "the ruleset's size; `players` still gives the seating. Refused where "
                                    "the ruleset has no teams",
                     "example": [["A", "C"], ["B", "D"]]})


class RummyRound(Counted):
    """A round as the table enters it, the fields of every family but Mahjong's (`api.tileschemas.RoundWrite`
    adds those). A field the game does not use is a 422 naming it."""

    CARDS = (("hands", 1), ("melded", 2))
    BY_PLAYER = ("hands", "melded")

    went_out = name(allow_none=True, metadata={
        "description": "rummy: the player who went out (may be left out of hands and points)"})
    hands = Dict(keys=name(), values=cards(), validate=validate.Length(max=20), metadata={
        "description": "rummy: each player's cards caught in hand, scored here (not with points)",
        "example": {"A": ["3H", "KD"], "B": []}})
    points = Dict(keys=name(), values=fields.Integer(strict=True, validate=validate.Range(min=-100_000,
                                                                                         max=100_000)),
                  validate=validate.Length(max=20), metadata={"description": "rummy: each player's points, when the hands are not given "
                                                  "(below 0 only where melded cards score)",
                                   "example": {"A": 58, "B": 6}})
    cards = Dict(keys=name(), values=fields.Integer(strict=True, validate=validate.Range(min=0, max=1000)),
                 validate=validate.Length(max=20), metadata={"description": "rummy, with points: how many cards each of those players was "
                                                 "caught with; required for each where the ruleset charges "
                                                 "pennies per card"})
    melded = melded_field()
    wild_rank = wild_rank()
    winner = name(metadata={"description": "layout games: the hand's winner"})
    completed = List(name(), validate=validate.Length(max=20), metadata={
        "description": "layout games: other players who completed their layout"})
    phases_made = List(name(), validate=validate.Length(max=20), metadata={
        "description": "games where each player holds a phase (`contracts: per_player`): who made their phase "
                       "this hand, each moving on one; left out, nobody did. Who went out is among them. "
                       "Elsewhere a 422 `unused_field`", "example": ["ann", "cy"]})
    red_threes = Dict(keys=name(), values=fields.Integer(strict=True, validate=validate.Range(min=0, max=20)),
                      validate=validate.Length(max=20), metadata={
                          "description": "games with bonus cards (Canasta's red threes), with `hands`: how many each "
                                         "player laid face up this hand", "maxProperties": 20, "example": {"ann": 1}})
    concealed = fields.Boolean(metadata={
        "description": "games with a concealed bonus, with `hands` or `counts`: the player who went out melded "
                       "every card in that one turn, having melded nothing before"})
    morto_taken = Dict(keys=name(), values=fields.Boolean(), validate=validate.Length(max=20), metadata={
        "description": "games with a morto (Buraco), with `hands` or `counts`: the players who took their side's "
                       "morto", "maxProperties": 20, "example": {"ann": True}})
    counts = counts_field()


class PlayerWrite(Schema):
    player = name(required=True, metadata={"description": "the player who buys or buys back"})


class PlayerStanding(Schema):
    name = fields.String(required=True)
    score = fields.Integer(required=True)
    eliminated = fields.Boolean(required=True)
    buy_backs = fields.Integer(required=True)
    pennies_paid = fields.Integer(required=True)
    buys_left = fields.Integer(allow_none=True, required=True, metadata={"description": "null: no buying"})
    layout_size = fields.Integer(allow_none=True, required=True, metadata={"description": "layout games only"})
    phase = fields.Integer(metadata={"description": "games where each player holds a phase only: the phase the "
                                                    "player works on (1 at the start; the last once made)"})
    phases_completed = fields.Integer(metadata={"description": "games where each player holds a phase only: how "
                                                               "many phases the player has made"})


class Entry(Schema):
    """One entry of the sheet, in the order entered: what `DELETE .../entries/last` takes back."""

    kind = fields.String(required=True, validate=validate.OneOf(["round", "buy", "buy_back", "finish"]))
    number = fields.Integer(metadata={"description": "rounds: the round's number"})
    player = fields.String(metadata={"description": "buys and buy-backs: who"})
    breakdown = Dict(keys=fields.String(), values=List(fields.Nested(Part)), metadata={
        "description": "a Mahjong game finished by the table: the end's reckoning (riichi sticks, uma, oka) by player"})


class RoundPlayed(Schema):
    """A round as stored: rummy rounds give `went_out`, `points` and (when known) `cards` and
    `hands`; layout rounds give `winner` and `completed`."""

    number = fields.Integer(required=True)
    went_out = fields.String(allow_none=True)
    points = Dict(keys=fields.String(), values=fields.Integer())
    cards = Dict(keys=fields.String(), values=fields.Integer(), allow_none=True)
    hands = Dict(keys=fields.String(), values=List(fields.String()))
    winner = fields.String()
    completed = List(fields.String())
    melded = Dict(keys=fields.String(), values=List(List(fields.String())),
                         metadata={"description": "melded scoring: the groups each player melded"})
    wild_rank = fields.String(metadata={"description": "the deal's wild rank, where the game has one"})
    red_threes = Dict(keys=fields.String(), values=fields.Integer(), metadata={
        "description": "games with bonus cards: how many each player laid face up"})
    concealed = fields.Boolean(metadata={"description": "games with a concealed bonus: who went out did so concealed"})
    morto_taken = Dict(keys=fields.String(), values=fields.Boolean(), metadata={
        "description": "games with a morto: the players who took their side's morto"})
    phases_made = List(fields.String(), metadata={
        "description": "games where each player holds a phase: who made their phase this hand"})
    counts = Dict(keys=fields.String(), values=Dict(keys=fields.String(), values=fields.Integer()), metadata={
        "description": "a round entered as the table counts it: each player's counts as entered",
        "example": {"ann": {"natural_canastas": 1, "melded_points": 175, "hand_points": 0}}})
    riichi = List(fields.String(), metadata={"description": "Mahjong: who declared riichi this hand"})
    win = fields.Dict(metadata={"description": "Mahjong: the win as entered (winner, from, han, fu, yakuman or faan); "
                                                "one entered by its tiles adds the tiles, the figures scored and "
                                                "`score` (patterns with their words, dora, arrangement, fu_parts)"})
    wins = List(fields.Dict(), metadata={"description": "Mahjong: several wins off one discard, each as `win`"})
    draw = fields.Dict(metadata={"description": "Mahjong: a drawn hand, `{\"tenpai\": [...]}`"})
    hand = fields.String(metadata={"description": "Mahjong: the hand's name, `East 2, 1 honba`"})
    honba = fields.Integer(metadata={"description": "Mahjong: the honba on the table during the hand"})
    dealer = fields.String(metadata={"description": "Mahjong: who dealt the hand"})
    round_wind = fields.String(metadata={"description": "Mahjong: the hand's round wind, as a tile (1z east)"})
    standing = Dict(keys=fields.String(), values=fields.Integer(), required=True, metadata={
        "description": "each player's score (layout games: layout size) right after this round"})
    team_points = List(fields.Integer(), metadata={
        "description": "team games only: each team's points in this round (the sum of its players'), "
                       "in the order of the game's `teams`"})
    breakdown = Dict(keys=fields.String(), values=List(fields.Nested(Part)), metadata={
        "description": "rummy rounds: what each player's points in the round are made of, as a scores answer "
                       "gives them (their points add up to the player's `points`); a round stored before the "
                       "sheet kept them gives the cards caught where the game scores those, else the points as "
                       "one `entered` part"})
    reckoning = Dict(keys=fields.String(), values=List(fields.Nested(Part)), metadata={
        "description": "Mahjong, the hand that ends the game: the end's reckoning by player (the riichi sticks "
                       "left, the uma, the oka), apart from the hand's own `points`; `standing` holds both"})


class TeamStanding(Schema):
    """One team of a team game: its players and its score, the sum of theirs."""

    players = List(fields.String(), required=True)
    score = fields.Integer(required=True, metadata={"description": "the sum of the team's players' scores"})


class Standing(Schema):
    """One line of the standings at a glance: a player, or in a team game a team."""

    name = fields.String(metadata={"description": "the player (absent for a team)"})
    players = List(fields.String(), metadata={"description": "team games: the team's players (instead of `name`)"})
    score = fields.Integer(required=True, metadata={"description": "the score (a team's: the sum of its players')"})
    rank = fields.Integer(required=True, metadata={
        "description": "1 for the leader; tied lines share a rank and the next counts everyone above it (1, 1, 3)"})
    behind = fields.Integer(required=True, metadata={
        "description": "how far from the leader, 0 for the leader: points in a game of scores, cards of the layout "
                       "in a layout game, phases where each player holds one"})
    phases_left = fields.Integer(metadata={
        "description": "games where each player holds a phase only: the phases still to make"})
    layout_size = fields.Integer(metadata={"description": "layout games only: the layout's size"})


class Ends(Schema):
    """What ends the game."""

    words = fields.String(required=True, metadata={
        "description": "one sentence in the request's language: who won, who is nearest the end, or the rounds "
                       "left"})
    target = fields.Integer(allow_none=True, required=True, metadata={
        "description": "the score that ends the game (its target, or the score that puts a player out), or null"})
    rounds_left = fields.Integer(allow_none=True, required=True, metadata={
        "description": "the rounds still to play where the game has a fixed number of them (0 once over), or null"})


class Game(Schema):
    id = fields.String(required=True)
    ruleset = fields.String(required=True)
    status = fields.String(required=True, validate=validate.OneOf(["in_progress", "finished"]))
    round = fields.Integer(required=True, metadata={
        "description": "the round being played (1-based); after the end, the last round played"})
    dealer = fields.String(required=True, allow_none=True, metadata={
        "description": "who deals the current round: clockwise in seating order each round, skipping "
                       "eliminated players (Mahjong: the deal passes as the ruleset says)"})
    next_dealer = fields.String(required=True, allow_none=True, metadata={
        "description": "who deals first in a rematch (a new game of the same players, teams and ruleset): the "
                       "seat after the last round's dealer in seating order, none skipped; before any round, "
                       "the first dealer"})
    players = List(fields.Nested(PlayerStanding), required=True)
    pot = fields.Integer(required=True, metadata={"description": "pennies in the pot; Mahjong: the riichi sticks on "
                                                                 "the table, in points"})
    winner = fields.Raw(allow_none=True, required=True, metadata={
        "description": "a name, a list of names when tied, or null. In a team game, the players of the "
                       "winning team (of every tied team), always a list; `winning_team` says which team",
        "anyOf": [{"type": "string", "nullable": True}, {"type": "array", "items": {"type": "string"}}]})
    teams = List(fields.Nested(TeamStanding), metadata={
        "description": "team games only: each team, in the order the game was started with, and its score"})
    winning_team = fields.Raw(allow_none=True, metadata={
        "description": "team games only: the winning team's place in `teams` (0-based), a list of places "
                       "when teams tie, or null while the game goes on",
        "anyOf": [{"type": "integer", "nullable": True}, {"type": "array", "items": {"type": "integer"}}]})
    first_player = fields.String(allow_none=True, required=True, metadata={
        "description": "layout games: who plays first this hand"})
    reckoning = fields.Dict(allow_none=True, metadata={
        "description": "Mahjong, once the game is reckoned: the end's `points` and `breakdown` by player (the "
                       "riichi sticks left, the uma, the oka), whether the last hand or the table ended it; null "
                       "before"})
    rematch = fields.String(allow_none=True, required=True, metadata={
        "description": "the game the table went on to (`POST /v1/games/{id}/rematch`), its id; null until then",
        "example": None})
    rounds = List(fields.Nested(RoundPlayed), required=True)
    entries = List(fields.Nested(Entry), required=True)
    standings = List(fields.Nested(Standing), required=True, metadata={
        "description": "the players (in a team game, the teams) in the order the game is won, the leader first"})
    ends = fields.Nested(Ends, required=True)
    hand = fields.String(metadata={"description": "Mahjong: the hand being played (after the end, the last one "
                                                  "played, its honba and winds as they were), `East 2, 1 honba`",
                                   "example": "East 2, 1 honba"})
    honba = fields.Integer(metadata={"description": "Mahjong: the honba on the table"})
    round_wind = fields.String(metadata={"description": "Mahjong: the round wind, as a tile (1z east)"})
    seat_winds = Dict(keys=fields.String(), values=fields.String(), metadata={
        "description": "Mahjong: each player's seat wind as a tile, the dealer's 1z", "example": {"ann": "1z"}})
    mahjong = fields.Dict(metadata={"description": "Mahjong: what the table pays, for a page's form: `scoring` "
                                                   "(han_fu or faan), `riichi` (sticks are paid), `honba` (honba are "
                                                   "paid), `several_winners`, `starting_points` (what each player "
                                                   "started with)"})


class GameCreated(Game):
    token = fields.String(required=True, metadata={
        "description": "the game's token for `Authorization: Bearer`, shown this once"})
