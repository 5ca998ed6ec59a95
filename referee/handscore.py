"""The values a round's score is made of: what the deal was beyond the hands (`Deal`), one
player's result (`HandScore`) and the parts it adds up from (`Part`). Below the scoring of a
round and of a knock, which both build them."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from referee.cards import Card


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
    def made_of(cls, parts: Iterable[Part], cards: int, pennies: int, *, deadwood: int | None = None,
                melded: int | None = None, bonuses: int | None = None) -> HandScore:
        """A result whose points are the sum of `parts`."""
        shown = counted(parts)
        return cls(sum(p.points for p in shown), cards, pennies, deadwood, melded, bonuses, shown)

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
