"""The values a round's score is made of: what the deal was beyond the hands (`Deal`), one
player's result (`HandScore`) and the parts it adds up from (`Part`). Below the scoring of a
round and of a knock, which both build them."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from referee.checks.situation import Situation
from referee.rules.ruleset import Ruleset
from referee.values.budget import shared_budget
from referee.values.cards import Card
from referee.values.i18n import N_, tp

# Each item of a breakdown in words, as a score sheet's line names it: said of cards, and of
# tiles (`deck.pieces`). An item without words here is shown by its name.
PART_WORDS: dict[str, tuple[str, str]] = {
    "caught": (N_("cards left in hand"), N_("tiles left on the rack")),
    "melded": (N_("cards melded"), N_("tiles melded")),
    "going_out": (N_("going out"), N_("going out")),
    "concealed": (N_("going out concealed"), N_("going out concealed")),
    "natural_canasta": (N_("natural canastas"), N_("natural canastas")),
    "mixed_canasta": (N_("mixed canastas"), N_("mixed canastas")),
    "semi_clean_canasta": (N_("semi-clean canastas"), N_("semi-clean canastas")),
    "red_threes": (N_("red threes"), N_("red threes")),
    "all_red_threes": (N_("all four red threes"), N_("all four red threes")),
    "no_morto": (N_("morto not taken"), N_("morto not taken")),
    "deadwood": (N_("deadwood"), N_("deadwood")),
    "cap": (N_("the cap on a hand"), N_("the cap on a rack")),
    "knock": (N_("the knock"), N_("the knock")),
    "gin": (N_("gin"), N_("gin")),
    "undercut": (N_("undercut"), N_("undercut")),
    "winner_gains": (N_("the others' hands gained"), N_("the others' racks gained")),
    "lowest_rack": (N_("the lowest hand, not paid"), N_("the lowest rack, not paid")),
    "entered": (N_("points entered"), N_("points entered")),
    "win": (N_("the win"), N_("the win")),
    "honba": (N_("honba"), N_("honba")),
    "riichi_sticks": (N_("riichi sticks taken"), N_("riichi sticks taken")),
    "riichi_bet": (N_("riichi stick paid"), N_("riichi stick paid")),
    "noten": (N_("tenpai payments"), N_("tenpai payments")),
    "uma": (N_("uma"), N_("uma")),
    "oka": (N_("oka"), N_("oka")),
}


def worded(parts: Iterable[Mapping[str, object]], pieces: str) -> list[dict[str, object]]:
    """A breakdown as an answer gives it: each part with `words`, its item in the current
    language (a record keeps the parts without them, whatever language wrote it)."""
    out = []
    for part in parts:
        item = str(part["item"])
        cards, tiles = PART_WORDS.get(item, (item, item))
        out.append({**part, "words": tp(pieces, cards, tiles) if item in PART_WORDS else item})
    return out


@dataclass(frozen=True)
class Part:
    """One part of a player's points in a round, as a round's `breakdown` names it: the item
    (`caught`, `melded`, `natural_canasta`, `gin`...), its points, and where it has them the
    cards it counts or how many of a thing it pays for."""

    item: str
    points: int
    count: int | None = None
    cards: tuple[Card, ...] | None = None

    def as_dict(self) -> dict[str, object]:
        out: dict[str, object] = {"item": self.item}
        if self.count is not None:
            out["count"] = self.count
        if self.cards is not None:
            out["cards"] = [str(c) for c in self.cards]
        return out | {"points": self.points}


def counted(parts: Iterable[Part]) -> tuple[Part, ...]:
    """The parts a breakdown shows: those worth points or naming cards (a hand caught empty,
    a bonus not won, are left out)."""
    return tuple(p for p in parts if p.points or p.cards)


@dataclass(frozen=True)
class HandScore:
    """One player's result of a round: `points` go onto their score, and `breakdown` holds
    the parts they are made of (made with `made_of`, they always add up to the points).
    `deadwood` (deadwood scoring) and `melded` (melded scoring) show where the points come
    from."""

    points: int
    cards: int
    pennies: int
    deadwood: int | None = None
    melded: int | None = None
    bonuses: int | None = None  # canastas, red threes, going out (`scoring.bonuses`)
    breakdown: tuple[Part, ...] = ()

    @classmethod
    def made_of(cls, parts: Iterable[Part], cards: int, pennies: int, **counted_too: int | None) -> HandScore:
        """A result whose points are the sum of `parts`; `counted_too` gives the counts shown
        beside them where the game has them (`deadwood`, `melded`, `bonuses`)."""
        shown = counted(parts)
        return cls(sum(p.points for p in shown), cards, pennies, breakdown=shown, **counted_too)

    def as_dict(self) -> dict[str, object]:
        out: dict[str, object] = {"points": self.points, "cards": self.cards, "pennies": self.pennies,
                                  "breakdown": [p.as_dict() for p in self.breakdown]}
        if self.bonuses is not None:
            out["bonuses"] = self.bonuses
        if self.deadwood is not None:
            out["deadwood"] = self.deadwood
        if self.melded is not None:
            out["melded"] = self.melded
        return out


@dataclass(frozen=True)
class Deal:
    """What a round's score needs beyond the hands: the round, the table's size, the deal's
    wild rank, and the cards each player melded (melded scoring)."""

    round_number: int = 1
    players: int | None = None
    wild_rank: str | None = None
    melded: Mapping[str, Sequence[Sequence[Card]]] | None = None
    red_threes: Mapping[str, int] | None = None  # bonus cards each player laid face up
    concealed: bool = False                      # who went out melded every card in that one turn
    teams: tuple[tuple[str, ...], ...] | None = None  # partners, where they score together
    morto_taken: Mapping[str, bool] | None = None  # who took their side's morto (Buraco's pozzetto)

    def situation(self, ruleset: Ruleset, first_meld_done: bool = True) -> Situation:
        """The situation a hand of this deal is planned in, with the request's budget."""
        return Situation(ruleset, self.round_number, self.players, self.wild_rank, first_meld_done=first_meld_done,
                         spent=shared_budget(ruleset.deck.pieces))
