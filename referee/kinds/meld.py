"""A meld as the referee reads it, and the run windows and points every kind shares.

Readings decided here (docs/rule-decisions.md): a meld of wild cards only stands for no card,
so its wild cards count their own worth; an ace low in a run counts `scoring.low_ace`.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import NamedTuple

from referee.kinds.views import MeldValues
from referee.values.cards import RANKS, Card

RUN_ORDER = RANKS  # the French deck's; a ruleset's deck gives its own (`DeckSpec.ranks`)


class Meld(NamedTuple):
    """A legal meld: its kind, its cards, and what each wild card stands for."""

    kind: str
    cards: tuple[Card, ...]
    wilds: tuple[tuple[Card, str | None], ...] = ()

    def as_dict(self) -> dict[str, object]:
        if not self.wilds:
            return {"kind": self.kind, "wilds": []}
        return {"kind": self.kind, "wilds": [{"card": str(c), "as": stands} for c, stands in self.wilds]}

    @property
    def pure(self) -> bool:
        """No wild card stands in it for another card."""
        return not self.wilds

    def naturals(self) -> list[Card]:
        """Its cards that are not standing in as wild cards."""
        wild = Counter(w for w, _ in self.wilds)
        out = []
        for card in self.cards:
            if wild[card]:
                wild[card] -= 1
            else:
                out.append(card)
        return out


def run_ranks(meld: Meld, order: tuple[str, ...] = RUN_ORDER) -> tuple[str, ...]:
    """A run's ranks in order, from its natural cards and what its wild cards stand for."""
    placed = [c.rank for c in meld.naturals()]
    placed += [stood_rank(s, order) for _, s in meld.wilds]
    for window in run_windows("around", len(placed), order) + run_windows("high", len(placed), order):
        if sorted(window) == sorted(placed):
            return tuple(window)
    return tuple(placed)


def run_in_order(meld: Meld, order: tuple[str, ...] = RUN_ORDER) -> tuple[Card, ...]:
    """A run's cards as a player lays it down, lowest rank first, each wild card in the place
    it stands for (the cards as they came where the run's reading leaves a place open)."""
    naturals: dict[str, list[Card]] = {}
    for card in meld.naturals():
        naturals.setdefault(card.rank, []).append(card)
    wilds: dict[str, list[Card]] = {}
    for card, stands in meld.wilds:
        wilds.setdefault(stood_rank(stands, order), []).append(card)
    out = []
    for rank in run_ranks(meld, order):
        pool = naturals.get(rank) or wilds.get(rank)
        if not pool:
            return meld.cards
        out.append(pool.pop())
    return tuple(out) if len(out) == len(meld.cards) else meld.cards


def stood_rank(stands: str | None, order: tuple[str, ...] = RUN_ORDER) -> str:
    """The rank a run's wild card stands for, in a deck whose ranks are `order`: its `as` is a
    rank and suit (`7H`), or in a run of any suits the rank alone (`7`)."""
    if not stands:
        return ""
    return stands if stands in order else stands[:-1]


def counted_points(scoring: MeldValues, meld: Meld, low_ace: bool) -> int:
    """What a meld is worth counting its cards one by one: each natural card its `meld_values`
    worth (an ace `low_ace` where `low_ace` is asked and the scoring has one), each wild card
    its own worth."""
    total = sum(scoring.melded_value(w.rank) for w, _ in meld.wilds)
    for card in meld.naturals():
        value = scoring.melded_value(card.rank)
        if card.rank == "A" and low_ace and scoring.low_ace is not None:
            value = scoring.low_ace
        total += value
    return total


@lru_cache(maxsize=256)
def run_windows(ace: str, length: int, order: tuple[str, ...] = RUN_ORDER) -> tuple[tuple[str, ...], ...]:
    """Every sequence of `length` consecutive ranks a run may use under the `ace` option, in a
    deck whose ranks run in `order` (the French deck's by default). The option places the
    deck's first rank: first (`low`), after the last (`high`), at either end but never both
    (`low-or-high`), or anywhere round the corner (`around`). A ruleset's `run.ace` (a deck
    whose first rank is A), `run.around` and `run.first_rank_high` (any deck) are read into it
    (`referee.loading.rulebuild`)."""
    top = len(order)
    low = order
    high = order[1:] + order[:1]
    out: list[tuple[str, ...]] = []
    if ace == "around":
        if length <= top:
            out = [tuple(low[(s + i) % top] for i in range(length)) for s in range(top)]
    else:
        sequences = {"low": [low], "high": [high], "low-or-high": [low, high]}[ace]
        for seq in sequences:
            out += [seq[s:s + length] for s in range(len(seq) - length + 1)]
    unique: list[tuple[str, ...]] = []
    for w in out:
        if w not in unique:
            unique.append(w)
    return tuple(unique)
