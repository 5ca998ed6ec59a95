"""Marshmallow schemas: they parse every request and describe the API in OpenAPI."""

from __future__ import annotations

import re
from typing import Any, ClassVar, TypeVar

from marshmallow import Schema, ValidationError, fields, pre_load, validate, validates_schema

from api import bounds
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


def melded_field() -> fields.Dict:
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


def counts_field() -> fields.Dict:
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
    counts = counts_field()
    melded = melded_field()
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
