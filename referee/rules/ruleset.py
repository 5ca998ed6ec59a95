"""The immutable, typed ruleset the engine reads; built once from a validated document.

Nothing downstream of the loader sees the raw mapping: every field a rule needs is a
typed attribute here. `Ruleset.document` keeps the resolved document, frozen as JSON text,
for the API to show it back.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field, replace
from typing import Any

from referee.kinds.rule import MeldRule
from referee.rules.contract import Counted, Progress, Requirement, Sized, kind_asked
from referee.rules.mahjong import MahjongRules
from referee.values.cards import RANKS, Card, DeckSpec
from referee.values.errors import InvalidPlayError, Problem
from referee.values.i18n import N_, PIECES, local, t, tn, tp

# The first-meld requirement lives in `referee.rules.contract`, a kind's options (`MeldRule`) with
# the kinds (`referee.kinds.rule`); both are read from here too.
__all__ = ["Buying", "Canastas", "Counted", "GameEnd", "Knock", "LayOffRule", "LayoutRules", "MeldRule", "PileRule", "Progress",
           "Requirement", "RoundRules", "Ruleset", "RummyRules", "Scoring", "Sized", "WildRule", "kind_asked",
           "requirement_key"]


@dataclass(frozen=True)
class WildRule:
    """Which ranks are wild and how many wild cards a meld may hold.

    `max_per_meld` limits the melds of a player's first meld; `later_max` or `later_per_cards`
    (from `wilds.after_first_meld`) the melds made after it, when `later_given`."""

    ranks: frozenset[str] = frozenset()
    max_per_meld: int | None = None
    all_wild: bool = True
    later_given: bool = False
    later_max: int | None = None
    later_per_cards: int | None = None
    natural_in_place: bool = False  # a wild card standing for itself counts as natural
    per_deal: bool = False          # a rank chosen each deal (sent as `wild_rank`) is wild too
    fixed_when_melded: bool = False  # a wild card in a run keeps the card it was melded as
    min_naturals: int = 0           # fewest natural cards in a meld that holds a wild card
    no_more_than_naturals: bool = False  # a meld never holds more wild cards than natural ones

    def with_rank(self, rank: str | None) -> WildRule:
        """These rules with the deal's chosen rank wild as well."""
        if rank is None or rank in self.ranks:
            return self
        return replace(self, ranks=self.ranks | {rank})

    def is_wild(self, card: Card) -> bool:
        return card.rank in self.ranks

    def limit(self, size: int, first_meld_done: bool) -> int | None:
        """Most wild cards a meld of `size` cards may hold; None: no limit."""
        if not first_meld_done or not self.later_given:
            return self.max_per_meld
        if self.later_per_cards is not None:
            return size // self.later_per_cards
        return self.later_max


def requirement_key(kind: str) -> str:
    """The first-meld key that asks for melds of a kind: the kind's plural (`sets`, `runs`,
    `colors`), its name and an s."""
    return f"{kind}s"


@dataclass(frozen=True)
class RoundRules:
    """The rules in force in one round: base fields with that round's overrides merged in."""

    number: int
    hand_size: int | None
    melds: tuple[MeldRule, ...]
    wilds: WildRule
    first_meld: Requirement
    lay_off: LayOffRule
    final_discard: str
    later_melds: bool = True  # new melds after the first meld (False: lay-offs only)
    hand_sizes: tuple[tuple[int, int], ...] = ()  # hand size by player count, when it varies
    whole_hand: bool = False  # every meld shown at once when going out, none laid down before
    requires: Canastas = field(default_factory=lambda: Canastas())  # on the side's table to go out
    concealed_minimum: bool = True  # going out before the first meld still meets its minimum
    from_foot: bool = False         # a player goes out only from their second hand (Hand and Foot's foot)
    after_morto: bool = False       # a side goes out only once it has taken its morto (Buraco's pozzetto)
    discard_wild: bool = True       # the final discard may be a wild card

    def dealt(self, players: int | None) -> tuple[int, ...]:
        """The sizes of hand dealt to each player: at `players` where the size varies with
        them, else every size it may be; none where the game sets no size."""
        if self.hand_sizes:
            return tuple(sorted({size for count, size in self.hand_sizes if players in (None, count)}))
        return (self.hand_size,) if self.hand_size is not None else ()

    def meld_rule(self, kind: str) -> MeldRule | None:
        return next((m for m in self.melds if m.kind == kind), None)

    @property
    def label(self) -> str:
        return t("Round {n}", n=self.number) if self.number else t("This game")

    def said(self, in_round: str, in_game: str, /, **values: object) -> str:
        """A sentence about these rules, translated: `in_round` (round `{round}`) in a game of
        rounds, else `in_game`. Two sentences, not a label before one, so that each language
        shapes both its own way ("В раунде 2 ...", "В этой игре ...")."""
        return t(in_round, round=self.number, **values) if self.number else t(in_game, **values)


@dataclass(frozen=True)
class Canastas:
    """Canastas a side must hold on the table to go out (`going_out.requires`): any, natural
    (without a wild card) and mixed (holding one)."""

    canastas: int = 0
    natural: int = 0
    mixed: int = 0

    @property
    def empty(self) -> bool:
        return not (self.canastas or self.natural or self.mixed)

    def met(self, natural: int, mixed: int) -> bool:
        """Do so many natural and mixed canastas meet it?"""
        return natural >= self.natural and mixed >= self.mixed and natural + mixed >= self.canastas


@dataclass(frozen=True)
class PileRule:
    """Taking the discard pile: `meld` (the top card melded at once with the hand's cards) or
    `always`; a frozen pile needs `frozen_naturals` natural cards of the top card's rank."""

    take: str = "meld"
    frozen_naturals: int = 2
    unfrozen_wild: bool = True
    always_frozen: bool = False  # taken only as a frozen pile is: a natural pair (Hand and Foot)
    single_takes_single: bool = True  # a player holding one card may take a pile of one (Canasta: no)


@dataclass(frozen=True)
class LayOffRule:
    allowed: str = "after_first_meld"
    others_melds: bool = True
    wilds_unlimited: bool = False

    def refusal(self, first_meld_done: bool, others_meld: bool, pieces: str = PIECES[0]) -> str | None:
        """Why a lay-off is not allowed at all right now, or None; said of the deck's `pieces`."""
        if self.allowed == "never":
            return tp(pieces, N_("This game does not allow laying off cards on melds."),
                      N_("This game does not allow laying off tiles on melds."))
        if self.allowed == "after_first_meld" and not first_meld_done:
            return tp(pieces, N_("You may lay off cards only after your first meld."),
                      N_("You may lay off tiles only after your first meld."))
        if self.allowed == "next_turn" and not first_meld_done:
            return tp(pieces, N_("You may lay off cards only from the turn after your first meld."),
                      N_("You may lay off tiles only from the turn after your first meld."))
        if others_meld and not self.others_melds:
            return tp(pieces, N_("In this game cards may be laid off only on your own melds."),
                      N_("In this game tiles may be laid off only on your own melds."))
        return None


@dataclass(frozen=True)
class Knock:
    """Gin Rummy's knock: the most deadwood to knock with, and the bonuses."""

    max_deadwood: int = 10
    gin_bonus: int = 25
    undercut_bonus: int = 25
    lay_off_on_gin: bool = False


@dataclass(frozen=True)
class Scoring:
    """How a round is scored. `method`: `caught` (the points of the cards each player is
    caught with), `deadwood` (of the cards outside the best arrangement of the hand),
    `melded_minus_caught` (the cards a player melded, less those caught) or `winner_gains`
    (each loser's rack counts against them, and the winner gains the total)."""

    values: Mapping[str, int] = field(default_factory=dict)
    pennies_per_card: int = 0
    method: str = "caught"
    meld_values: Mapping[str, int] | None = None
    low_ace: int | None = None     # a melded ace placed low in a run
    wilds_count: str = "own"       # melded wild cards: their own value, or `stands_for`
    cap: int | None = None         # the most a hand can cost
    knock: Knock | None = None
    wild_value: int | None = None  # a wild card caught in hand (else its rank's value)
    unmet_first_meld: str = "count_all"  # deadwood short of the first meld: every card, or all
                                         # but pure runs (`except_pure_runs`)
    run_order: tuple[str, ...] = RANKS  # the deck's ranks, in the order a run follows
    wild_rank_value: int | None = None  # a natural card of a rank wild in the round, caught in hand
    bonuses: Mapping[str, int] = field(default_factory=dict)  # `scoring.bonuses` (Canasta's)

    by_card: Mapping[Card, int] = field(default_factory=dict)  # `card_values` keyed by a card (`3H`)
    bonus_cards_unmelded: str = "count"  # a side that melded nothing: its bonus cards `count` or go `against` it

    def value(self, card: Card) -> int:
        if self.by_card and card in self.by_card:
            return self.by_card[card]
        return self.values.get(card.rank, 0)

    def caught_value(self, card: Card, wild_ranks: AbstractSet[str] = frozenset()) -> int:
        """What this card costs caught in hand in a round whose wild ranks are `wild_ranks`.

        A card of a wild rank that is not a joker costs `wild_rank_value` where given (Five
        Crowns' 20, whatever the rank); any other wild card `wild_value` where given; every
        other card its rank's value, so a joker keeps `card_values.JOKER`."""
        if card.rank in wild_ranks:
            if self.wild_rank_value is not None and not card.is_joker:
                return self.wild_rank_value
            if self.wild_value is not None:
                return self.wild_value
        return self.value(card)

    def hand_points(self, cards: Iterable[Card], wild_ranks: AbstractSet[str] = frozenset()) -> int:
        """What these cards are worth caught in hand (`card_values`); with the round's
        `wild_ranks`, its wild cards at `caught_value`."""
        return sum(self.caught_value(c, wild_ranks) for c in cards)

    def melded_value(self, rank: str) -> int:
        """What a card of this rank is worth melded (`meld_values`, else `card_values`)."""
        table = self.meld_values if self.meld_values is not None else self.values
        return table.get(rank, 0)

    def run_value(self, window: tuple[str, ...]) -> int:
        """The melded worth of a run over these ranks: an ace low counts `low_ace`."""
        total = sum(self.melded_value(r) for r in window)
        if self.low_ace is not None and window and window[0] == "A" and len(window) > 1 and window[1] == "2":
            total += self.low_ace - self.melded_value("A")
        return total


@dataclass(frozen=True)
class Buying:
    per_player: int
    cost: int = 1
    extra_cards: int = 0
    per: str = "game"  # the allowance lasts the game, or is given again each round


@dataclass(frozen=True)
class GameEnd:
    rounds: int | None = None
    elimination: int | None = None
    layout_size: int | None = None
    deals: int | None = None
    winner: str = "lowest_score"
    buy_back: str | None = None
    target: int | None = None  # the game ends when a score reaches it


@dataclass(frozen=True)
class RummyRules:
    rounds: tuple[RoundRules, ...]
    base: RoundRules
    lay_off: LayOffRule
    final_discard: str
    hand_limit: int | None
    scoring: Scoring
    buying: Buying | None
    contracts: str = "per_round"  # `per_player`: each player works through `phases` in order
    phases: tuple[Requirement, ...] = ()
    phase: int | None = None  # the phase these rules bind a player to (`referee.rules.phases`)
    rearrange: bool = False  # after the first meld a turn may rebuild the table (`table.rearrange`)
    canasta_min: int | None = None  # a meld of this many cards or more is a canasta (`canasta.min`)
    canasta_closed_to_wilds: bool = False  # no wild card goes onto a canasta (`canasta.closed_to_wilds`)
    canasta_semi_clean: bool = False  # a mixed canasta whose natural cards alone make one is semi-clean
    bonus_cards: frozenset[Card] = frozenset()  # never melded; each scores `bonuses.red_three`
    never_melded: frozenset[Card] = frozenset()  # cards never melded, and no bonus (Hand and Foot's black threes)
    going_out_only: frozenset[str] = frozenset()  # ranks melded only going out, without wild cards
    pile: PileRule | None = None

    @property
    def per_player(self) -> bool:
        return self.contracts == "per_player"

    def round(self, number: int) -> RoundRules:
        """The rules of round `number` (1-based); games without rounds use the base rules."""
        if not self.rounds:
            return self.base
        if not 1 <= number <= len(self.rounds):
            raise InvalidPlayError(Problem(
                "round", "unknown_round",
                t("round {number} does not exist: this game has rounds 1-{last}", number=number,
                  last=len(self.rounds))))
        return self.rounds[number - 1]


@dataclass(frozen=True)
class LayoutRules:
    slots: tuple[str, ...]
    rows: int
    wilds: frozenset[str]
    dead_ranks: frozenset[str]
    shrink_winner: int
    shrink_completed: int
    first_player: str
    free_draws: int
    last_turn: bool

    def slot_of(self, rank: str) -> int | None:
        """The 1-based slot that takes this rank, or None."""
        return self.slots.index(rank) + 1 if rank in self.slots else None


@dataclass(frozen=True, eq=False)
class Ruleset:
    """One game or variant, resolved. Compared and hashed by identity: each load is one value.

    `name` and `summary` are the English (or only) texts; `names` and `summaries` hold the texts
    by language where the file gives them (`name: {en: ..., ru: ...}`); `local_name` picks the
    current language's (the summary in words is `describe.summary`)."""

    id: str
    name: str
    family: str
    extends: str | None
    summary: str
    source: str | None
    players_min: int
    players_max: int
    deck: DeckSpec
    buy_in: int
    buy_back_cost: int
    game: GameEnd
    scoring: Scoring
    rummy: RummyRules | None
    layout: LayoutRules | None
    teams: int | None = None  # players in each team where partners score together (`teams.size`)
    mahjong: MahjongRules | None = None  # a Mahjong game's rules (`family: mahjong`)
    document_json: str = field(repr=False, compare=False, default="{}")
    builtin: bool = field(compare=False, default=False)
    names: Mapping[str, str] = field(repr=False, compare=False, default_factory=dict)
    summaries: Mapping[str, str] = field(repr=False, compare=False, default_factory=dict)

    def document(self) -> dict[str, Any]:
        """A fresh copy of the resolved document (variants merged), texts in every language."""
        return json.loads(self.document_json)  # type: ignore[no-any-return]

    @property
    def local_name(self) -> str:
        """The name in the current language, else the English (or only) one."""
        return local(self.names, self.name)

    def decks_in_play(self, players: int | None) -> int:
        """Decks at a table of `players`; without a count, the most the ruleset can use."""
        if players is not None:
            return self.deck.decks.for_players(players)
        return max(self.deck.decks.for_players(n)
                   for n in range(self.players_min, self.players_max + 1))

    def cards_in_play(self, players: int | None) -> int:
        """Cards at a table of `players`; without a count, the most at any table the game seats."""
        tables = [players] if players is not None else range(self.players_min, self.players_max + 1)
        return max(self.deck.size(self.deck.decks.for_players(n)) for n in tables)

    @property
    def players_words(self) -> str:
        """`2-8 players`, or `2 players` where the count is fixed."""
        if self.players_min == self.players_max:
            return tn("{n} player", "{n} players", self.players_min)
        return t("{low}-{high} players", low=self.players_min, high=self.players_max)

    def summary_row(self) -> dict[str, object]:
        return {"id": self.id, "name": self.local_name, "family": self.family,
                "extends": self.extends, "builtin": self.builtin}


# ---------------------------------------------------------------- building from a document
