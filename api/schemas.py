"""Marshmallow schemas: they parse every request and describe the API in OpenAPI."""

from __future__ import annotations

import re
from typing import Any, ClassVar, TypeVar

from marshmallow import Schema, ValidationError, fields, pre_load, validate, validates_schema

from api import bounds
from referee.kinds.table import KINDS
from referee.loading.loader import MAX_ID
from referee.values.cards import rank_named
from referee.values.i18n import N_

# cards.md: rank then suit (any case, also T for ten and the suits' symbols), or a card with no
# suit: a joker or a deck's special card; surrounding blanks are ignored. One pattern for every
# ruleset, so it admits the notation of each deck cards.md lists; which cards a ruleset's deck
# holds is the engine's to say (a 422 naming the deck's ranks and suits). The pattern documents
# the notation rather than enforcing it.
NOTATION_RANKS = ("A", *map(str, range(1, 14)), "J", "Q", "K", "T")
NOTATION_SUITS = ("C", "D", "H", "S", "X", "R", "B", "G", "Y", "K", "O", "♣", "♦", "♥", "♠", "★")
NOTATION_UNSUITED = ("JK", "JOKER", "*", "W", "SK")


def _any_case(text: str) -> str:
    """A regular expression for `text` in any case (JSON Schema patterns take no flags)."""
    return "".join(f"[{c.upper()}{c.lower()}]" if c.upper() != c.lower() else re.escape(c) for c in text)


def _notation_pattern() -> str:
    ranks = "|".join(_any_case(r) for r in sorted(NOTATION_RANKS, key=len, reverse=True))
    suits = "".join(dict.fromkeys(x for c in NOTATION_SUITS for x in (c.upper(), c.lower())))
    unsuited = "|".join(_any_case(u) for u in NOTATION_UNSUITED)
    return rf"^\s*(?:(?:{ranks})[{suits}]|{unsuited})\s*$"


CARD_PATTERN = _notation_pattern()
CARD_DESCRIPTION = ("A card as in cards.md, read by the deck of the ruleset it is sent to: rank then suit, "
                    "any case, e.g. `8H`, `10S`, `qd`, `A♠`; a joker is `JK`, `JOKER` or `*`. The French deck "
                    "has the ranks A 2-10 J Q K (T for ten) and the suits C D H S (♣ ♦ ♥ ♠); another "
                    "deck names its own ranks, suits (with their symbols) and special cards (`QX` or `Q★`, "
                    "`12G`, `W`, `SK`, `13K`), and `GET /v1/rulesets/{id}` lists them under `deck`. The "
                    "pattern admits the notation of every deck cards.md lists; a card the ruleset's deck "
                    "cannot hold is a 422 naming that deck's ranks and suits. Answers write cards with the "
                    "deck's letters and ranks (`10S`, `QX`), and the joker `JK`.")
# "Printable" is Python's str.isprintable(): no JSON Schema pattern says exactly that (a narrower
# one would call good names bad), so the document gives the length and the rule in words.
NAME_DESCRIPTION = ("A player's name: 1-40 printable characters (no control, format or line "
                    "separator characters), unique in a game.")


def _length_first(field: fields.Field[Any], value: object) -> None:
    """A collection's Length, judged before its items: a list longer than allowed is one
    problem at the list, its items never read one by one."""
    if isinstance(value, (list, dict)):
        for validator in field.validators:
            if isinstance(validator, validate.Length):
                validator(value)


_T = TypeVar("_T")


class List(fields.List[_T]):
    """A list whose length is judged before its items."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        _length_first(self, value)
        return super()._deserialize(value, attr, data, **kwargs)


class Dict(fields.Dict):
    """A mapping whose size is judged before its keys and values."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        _length_first(self, value)
        return super()._deserialize(value, attr, data, **kwargs)  # type: ignore[no-untyped-call]  # unannotated in marshmallow


class Boolean(fields.Boolean):
    """JSON `true` or `false` only (marshmallow would also take 0, 1, "yes"...): what the document says."""

    def _deserialize(self, value: object, attr: str | None, data: object, **kwargs: object) -> bool:
        if not isinstance(value, bool):
            raise self.make_error("invalid", input=value)
        return value


# Raised in English, as marshmallow's own sentences are; the problem handler translates both.
NAME_RULE = N_("A player's name is 1-40 printable characters.")


def _player_name(value: str) -> None:
    if not 1 <= len(value) <= 40 or not value.isprintable():
        raise ValidationError(NAME_RULE)


def card(**kw: object) -> fields.String:
    """One card as in cards.md."""
    metadata = {"description": CARD_DESCRIPTION, "pattern": CARD_PATTERN, "example": "8H"}
    metadata.update(kw.pop("metadata", {}))  # type: ignore[call-overload]
    return fields.String(validate=validate.Length(max=12), metadata=metadata, **kw)  # type: ignore[arg-type]


def name(**kw: object) -> fields.String:
    """A player's name (1-40 printable characters)."""
    metadata = {"description": NAME_DESCRIPTION, "minLength": 1, "maxLength": 40, "example": "ann"}
    metadata.update(kw.pop("metadata", {}))  # type: ignore[call-overload]
    return fields.String(validate=_player_name, metadata=metadata, **kw)  # type: ignore[arg-type]


class Counted(Schema):
    """A body whose cards (and players) are counted against the table before any is read."""

    CARDS: ClassVar[tuple[tuple[str, int], ...]] = ()  # fields holding cards, and the lists each nests
    BY_PLAYER: ClassVar[tuple[str, ...]] = ()  # of those, mappings by player
    SEATED: ClassVar[tuple[str, ...]] = ()     # mappings by player counted against the seats

    @pre_load
    def _count(self, data: Any, **kwargs: Any) -> Any:
        bounds.count(data, self.CARDS, self.BY_PLAYER, self.SEATED)
        return data


class RoundMixin(Counted):
    # No lower bound here: round 0 (or below) is told the rounds there are by the engine
    # (`unknown_round`); the document still says the first round is 1.
    round = fields.Integer(strict=True, load_default=1, validate=validate.Range(max=1000),
                           metadata={"description": "1-based round (0 and below are `unknown_round`); "
                                                    "ignored by games without rounds",
                                     "minimum": 1})
    players = fields.Integer(strict=True, validate=validate.Range(min=1, max=100),
                             metadata={"description": "players at the table: fixes the decks in play"})


# As cards write their ranks (T is 10, any case), in every deck cards.md lists.
RANK_PATTERN = rf"^\s*({'|'.join(_any_case(r) for r in sorted(NOTATION_RANKS, key=len, reverse=True))})\s*$"


class Rank(fields.String):
    """A rank as the card notation writes it (`10`, `T`, `q`), read as the deck names it (`Q`)."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        text = super()._deserialize(value, attr, data, **kwargs)
        return rank_named(text) if text is not None else None


def wild_rank(**kw: object) -> fields.String:
    return Rank(allow_none=True, validate=validate.Length(max=5), **kw, metadata={  # type: ignore[arg-type]
        "description": "the deal's wild rank, where the ruleset makes one each deal (wilds.per_deal: "
                       "the cut card's rank, written as in card notation: 10 or T, any case); refused "
                       "where it does not",
        "pattern": RANK_PATTERN, "example": "7"})


class WildRankMixin(RoundMixin):
    wild_rank = wild_rank(load_default=None)


def cards(required: bool = True, example: list[str] | None = None, **kw: object) -> fields.List[str]:
    """A list of cards as in cards.md (parsed by the engine, which names any bad one)."""
    metadata: dict[str, object] = {"example": example or ["8H", "8S", "2C"]}
    metadata.update(kw.pop("metadata", {}))  # type: ignore[call-overload]
    return List(card(), required=required, validate=validate.Length(max=200),
                       metadata=metadata, **kw)  # type: ignore[arg-type]


def _score(**kw: object) -> fields.Integer:
    return fields.Integer(strict=True, validate=validate.Range(min=-100_000, max=100_000),
                          metadata={"description": "the player's game score (the side's, where partners score "
                                                   "together; below zero where the game's totals can be): feeds "
                                                   "hand_limit and first_meld.points_by_score",
                                    "example": 63}, **kw)  # type: ignore[arg-type]


def _hand_after() -> fields.List[str]:
    return cards(required=False, example=["KH", "3C"], metadata={
        "description": "the cards the player still holds after this play (not counting the cards "
                       "played): with `score`, feeds hand_limit; without it the hand limit is not judged"})


def _melded() -> fields.Dict:
    return Dict(keys=name(), values=List(cards(), validate=validate.Length(max=30)),
                       validate=validate.Length(max=20), metadata={
                           "description": "melded scoring (scoring.method: melded_minus_caught): the cards "
                                          "each player melded or laid off, in groups; a group that is a meld "
                                          "by itself counts as that meld (an ace low in A-2-3 at low_ace). A "
                                          "knock (scoring.knock): the melds the knocker showed, cards of their "
                                          "hand; without them the arrangement best for the knocker is scored",
                           "example": {"ann": [["7S", "7H", "7D"], ["AC", "2C", "3C"], ["JK"]]}})


def _count(description: str, most: int = 100) -> fields.Integer:
    return fields.Integer(strict=True, validate=validate.Range(min=0, max=most),
                          metadata={"description": description})


class PlayerCounts(Schema):
    """One player's counts, as a paper score pad asks for them; a count left out is 0."""

    natural_canastas = _count("canastas without a wild card (clean) the player laid")
    mixed_canastas = _count("canastas holding a wild card (dirty) the player laid")
    semi_clean_canastas = _count("where the ruleset has semi-clean canastas (`canasta.semi_clean`, "
                                 "buraco-semipulito): those the player laid; refused elsewhere")
    red_threes = _count("games that pay for bonus cards (Canasta's and Hand and Foot's red threes): how many "
                        "the player laid face up; refused elsewhere (Buraco)")
    melded_points = _count("the card points of everything the player melded, canastas included", 100_000)
    hand_points = _count("the card points of the cards left in the player's hand", 100_000)


def _counts() -> fields.Dict:
    return Dict(keys=name(), values=fields.Nested(PlayerCounts), validate=validate.Length(max=20), metadata={
        "description": "games with `scoring.bonuses` (Canasta, Hand and Foot, Buraco): each player's counts "
                       "instead of their cards, as a paper score pad asks for them; every player of the round is "
                       "given (a canasta is counted once, by the partner who laid it). The referee adds the "
                       "bonuses the ruleset gives and refuses what the rules cannot allow, each at "
                       "`counts.<name>.<field>` (a going out without what it needs at `went_out`). One of "
                       "`hands`, `counts` and `points`; refused (`unused_field`) in a game without bonuses",
        "maxProperties": 20,
        "example": {"ann": {"natural_canastas": 1, "mixed_canastas": 1, "red_threes": 1, "melded_points": 175,
                            "hand_points": 0},
                    "bob": {"melded_points": 60, "hand_points": 25}}})


class MeldCheck(WildRankMixin):
    CARDS = (("cards", 1), ("hand", 1))
    cards = cards(metadata={"description": "the cards of one meld"})
    first_meld_done = Boolean(load_default=False, metadata={
        "description": "judge a meld made after the player's first meld (wilds.after_first_meld)"})
    hand = _hand_after()
    score = _score()


def phase(description: str) -> fields.Integer:
    return fields.Integer(strict=True, allow_none=True, load_default=None,
                          validate=validate.Range(min=-1_000_000, max=1_000_000), metadata={
                              "description": description, "example": 8})


class FirstMeldCheck(WildRankMixin):
    CARDS = (("melds", 2), ("hand", 1))
    phase = phase("the player's phase (1-based), where each player holds a contract of their own "
                  "(contracts: per_player, Phase 10): the melds must make it. Required there, refused "
                  "elsewhere")
    melds = List(cards(), required=True, validate=validate.Length(min=1, max=30),
                        metadata={"description": "the melds laid down together as the first meld",
                                  "example": [["8H", "8S", "8D"], ["3C", "4C", "5C"]]})
    hand = cards(required=False, load_default=list, example=["KH", "3C"], metadata={
        "description": "the cards left in the player's hand after melding: feeds hand_limit"})
    score = fields.Integer(strict=True, load_default=0, validate=validate.Range(min=-100_000, max=100_000),
                           metadata={"description": "the player's game score (the side's, where partners score "
                                                    "together; below zero where the game's totals can be): feeds "
                                                    "hand_limit and first_meld.points_by_score", "example": 63})


class LayOffCheck(WildRankMixin):
    CARDS = (("meld", 1), ("cards", 1), ("hand", 1))
    meld = cards(metadata={"description": "the meld on the table", "example": ["8H", "8S", "8D"]})
    cards = cards(metadata={"description": "the cards added to it", "example": ["2C", "8C"]})
    first_meld_done = Boolean(load_default=True, metadata={
        "description": "the player has made their first meld"})
    others_meld = Boolean(load_default=False,
                                 metadata={"description": "the meld belongs to another player"})
    hand = _hand_after()
    score = _score()


class HandCheck(RoundMixin):
    CARDS = (("hand", 1),)
    hand = cards(example=["KH", "3C"], metadata={
        "description": "the whole hand the player holds after a draw or a discard, judged against "
                       "hand_limit"})
    score = _score(load_default=0)
    first_meld_done = Boolean(load_default=True, metadata={
        "description": "the player has melded this round (the hand limit binds held hands only then)"})


class GoingOutCheck(WildRankMixin):
    CARDS = (("hand", 1), ("table", 2))
    phase = phase("the player's phase (1-based), where each player holds a contract of their own "
                  "(contracts: per_player): going out makes it first. Required there while "
                  "first_meld_done is false, refused elsewhere")
    hand = cards(example=["8H", "8S", "8D", "5C"], metadata={
        "description": "the whole hand the player would go out with"})
    table = List(cards(), load_default=list, validate=validate.Length(max=40), metadata={
        "description": "the melds on the table that cards may be laid off on",
        "example": [["3C", "4C", "5C"]]})
    first_meld_done = Boolean(load_default=True, metadata={
        "description": "the player has made their first meld"})
    score = _score(load_default=None, allow_none=True)
    morto_taken = Boolean(load_default=True, metadata={
        "description": "games where a side goes out only after taking its morto (going_out.after_morto, Buraco): "
                       "the side has taken it; false is never out"})
    foot_taken = Boolean(load_default=True, metadata={
        "description": "games that go out from a second hand (going_out.from_foot, Hand and Foot): the player "
                       "plays from their foot; false is never out"})


class PileCheck(RoundMixin):
    CARDS = (("hand", 1), ("table", 2))
    top = card(required=True, metadata={"description": "the top card of the discard pile", "example": "7H"})
    hand = cards(example=["7S", "7D", "KH"], metadata={"description": "the player's hand before taking the pile"})
    frozen = Boolean(load_default=False, metadata={
        "description": "the pile is frozen (Canasta: a wild card or a red three in it); before the side's "
                       "first meld it is frozen for them whatever this says"})
    first_meld_done = Boolean(load_default=True, metadata={"description": "the player's side has made its first meld"})
    score = _score(load_default=0)
    table = List(cards(), load_default=list, validate=validate.Length(max=40), metadata={
        "description": "the side's melds on the table, which the top card may be laid off on where the pile "
                       "is not frozen", "example": [["7C", "7H", "2C"]]})
    pile_size = fields.Integer(strict=True, load_default=None, allow_none=True,
                               validate=validate.Range(min=1, max=100_000), metadata={
        "description": "the cards in the pile, the top one included; more than the decks in play hold is a 422. "
                       "Where the game says so (pile.single_takes_single: false, Canasta) a player holding one "
                       "card may not take a pile of one; left out, the size is not judged", "example": 12})


LAYOUT_SLOT_PATTERN = r"^\s*[dD][oO][wW][nN]\s*$|" + CARD_PATTERN


class PlacementCheck(RoundMixin):
    layout = List(
        fields.String(validate=validate.Length(max=12), metadata={
            "description": '`"down"` for a face-down slot, or the face-up card in it',
            "pattern": LAYOUT_SLOT_PATTERN, "example": "down"}),
        required=True, validate=validate.Length(max=40), metadata={
            "description": "the player's slots in order; its length is the player's layout size",
            "example": ["down", "AH", "JS", "down", "down", "down", "down", "down", "down", "down"]})
    card = card(required=True, metadata={"description": "the card to place", "example": "7H"})


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


class ScoreRequest(WildRankMixin):
    CARDS = (("hands", 1), ("melded", 2))
    BY_PLAYER = ("hands", "melded")
    SEATED = ("hands", "melded", "counts")
    went_out = name(allow_none=True, load_default=None, metadata={
        "description": "the player who went out (their hand must be empty)", "example": "cy"})
    hands = Dict(keys=name(), values=cards(),
                        validate=validate.Length(min=1, max=20), metadata={
                            "description": "each player's cards caught in hand (at least one player); required "
                                           "unless `counts` are given",
                            "minProperties": 1, "maxProperties": 20,
                            "example": {"ann": ["3H", "KD", "JK"], "bob": [], "cy": []}})
    counts = _counts()
    melded = _melded()
    red_threes = Dict(keys=name(), values=fields.Integer(strict=True, validate=validate.Range(min=0, max=20)),
                      validate=validate.Length(max=20), metadata={
                          "description": "games with bonus cards (bonus_cards: Canasta's red threes): how many each "
                                         "player laid face up this hand", "maxProperties": 20, "example": {"ann": 1}})
    morto_taken = Dict(keys=name(), values=fields.Boolean(), validate=validate.Length(max=20), metadata={
        "description": "games with a morto (scoring.bonuses.no_morto, Buraco): the players who took their side's "
                       "morto this hand (`{\"ann\": true}`); a side none of whose players did scores no_morto",
        "maxProperties": 20, "example": {"ann": True}})
    concealed = Boolean(load_default=False, metadata={
        "description": "games with a concealed bonus (scoring.bonuses.concealed): the player who went out melded "
                       "every card in that one turn, having melded nothing before"})
    teams = List(List(name(), validate=validate.Length(min=1, max=6)), validate=validate.Length(max=6),
                 load_default=None, allow_none=True, metadata={
                     "description": "games with teams: the partners, so that bonuses that depend on a side (red "
                                    "threes against a side that melded nothing) and each team's total are found",
                     "example": [["ann", "cy"], ["bob", "dee"]]})

    @validates_schema(skip_on_field_errors=False, pass_original=True)
    def _hands_or_counts(self, data: dict[str, Any], original: Any, **kwargs: Any) -> None:
        """`hands` is required where `counts` are not given, as it was before counts were."""
        if isinstance(original, dict) and "hands" not in original and "counts" not in original:
            raise ValidationError({"hands": ["Missing data for required field."]})


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


class RulesetSummary(Schema):
    id = fields.String(required=True)
    name = fields.String(required=True)
    family = fields.String(required=True, validate=validate.OneOf(["rummy", "layout", "mahjong"]))
    extends = fields.String(allow_none=True, required=True)
    builtin = fields.Boolean(required=True)


class RulesetList(Schema):
    rulesets = List(fields.Nested(RulesetSummary), required=True)


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


class Change(Schema):
    """One resolved field a variant changes against its base."""

    path = fields.String(required=True, metadata={"example": "wilds.ranks"})
    from_ = fields.Raw(required=True, allow_none=True, data_key="from", attribute="from",
                       metadata={"description": "the base's value (null: none)", "example": ["J"]})
    to = fields.Raw(required=True, allow_none=True, metadata={"description": "the variant's value (null: none)",
                                                              "example": ["K"]})
    words = fields.String(required=True, metadata={"description": "the change in a sentence, in the "
                                                                  "request's language",
                                                   "example": "Wild cards: kings (was jacks)"})


class RulesetChanges(Schema):
    extends = fields.String(required=True, allow_none=True, metadata={"description": "the base's id, or null"})
    changes = List(fields.Nested(Change), required=True)


class ValidateResult(Schema):
    valid = fields.Boolean(required=True)
    errors = List(fields.Nested(ProblemItem), required=True,
                  metadata={"description": "the first 50 problems found"})
    count = fields.Integer(metadata={
        "description": "how many problems were found, given when more than 50 were (past 200 "
                       "schema errors a file is read no further)"})
    resolved = fields.Dict(metadata={"description": "a valid ruleset: its resolved form, as "
                                                    "`GET /v1/rulesets/{id}` would answer it once stored"})
    changes = List(fields.Nested(Change), metadata={
        "description": "a valid ruleset: what it changes against the ruleset it extends (as "
                       "`GET /v1/rulesets/{id}/changes` answers them)"})


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
    melded = _melded()
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
    counts = _counts()


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
                                                   "paid), `several_winners`"})


class GameCreated(Game):
    token = fields.String(required=True, metadata={
        "description": "the game's token for `Authorization: Bearer`, shown this once"})
