"""The values a round's score is made of: what the deal was beyond the hands (`Deal`), and
one player's result (`HandScore`). Below the scoring of a round and of a knock, which both
build them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from referee.cards import Card


@dataclass(frozen=True)
class HandScore:
    """One player's result of a round: `points` go onto their score. `deadwood` (deadwood
    scoring) and `melded` (melded scoring) show where the points come from."""

    points: int
    cards: int
    pennies: int
    deadwood: int | None = None
    melded: int | None = None
    bonuses: int | None = None  # canastas, red threes, going out (`scoring.bonuses`)

    def as_dict(self) -> dict[str, int]:
        out = {"points": self.points, "cards": self.cards, "pennies": self.pennies}
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
