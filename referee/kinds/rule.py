"""A kind's options in a game: the meld kind and what its entry reads of the ruleset document
(`MeldKind.rule`), bounded by the game's deck. The rules (`referee.rules.ruleset`) hold one for
each kind a round allows."""

from __future__ import annotations

from dataclasses import dataclass

from referee.values.cards import RANKS, SUITS


@dataclass(frozen=True)
class MeldRule:
    """One meld kind that exists in a game (a name of `referee.kinds.table.KINDS`) and its options;
    each kind reads the options it has (`ace` and `suits` a run's, `distinct_suits` a set's)."""

    kind: str
    min: int = 3
    ace: str = "low"        # where the deck's first rank stands in a run (`referee.kinds.meld.run_windows`)
    distinct_suits: bool = False
    max: int | None = None  # the most cards a meld of this kind may hold; None: no limit
    deck_ranks: int = len(RANKS)  # ranks and suits in the game's deck, which bound a meld of a
    deck_suits: int = len(SUITS)  # kind (`referee.kinds.table.most_of`)
    suits: str = "same"     # `same`: the meld's cards are of one suit; `any`: of any suits
    one_per_rank: bool = False  # a side holds one set of a rank; more cards of it go onto that set
