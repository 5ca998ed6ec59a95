"""Where a run's wild cards stand, and what a run is worth: read by the run's judge and by its
planner's half alike."""

from __future__ import annotations

from referee.kinds.meld import Meld, counted_points, run_ranks, run_windows, stood_rank
from referee.kinds.rule import MeldRule
from referee.kinds.searching import Split
from referee.kinds.views import MeldValues
from referee.values.cards import FRENCH, Card, DeckSpec


def place(rule: MeldRule, split: Split, suit: str | None, deck: DeckSpec = FRENCH) -> Meld | None:
    """The run with each wild card placed: in its own place when it can, then above the
    natural cards; a run of wild cards only takes the deck's last suit. A wild card stands
    for a rank and the run's suit; in a run of any suits (`suits: any`) for a rank alone,
    and any card of that rank is in its own place."""
    cards, naturals, wilds = split
    have = {c.rank for c in naturals}
    best: tuple[tuple[int, int], Meld] | None = None
    target_suit = suit or (wilds[0].suit if wilds and wilds[0].suit else deck.suits[-1])
    if rule.suits == "any":
        target_suit = ""
    for window in run_windows(rule.ace, len(naturals) + len(wilds), deck.ranks):
        if not have <= set(window):
            continue
        missing = [r for r in window if r not in have]
        pool = list(wilds)
        stands: list[tuple[Card, str | None]] = []
        for r in list(missing):
            own = next((w for w in pool if w.rank == r and w.suit == (target_suit or w.suit)), None)
            if own is not None:
                pool.remove(own)
                missing.remove(r)
                stands.append((own, f"{r}{target_suit}"))
        stands += [(w, f"{r}{target_suit}") for w, r in zip(pool, missing, strict=True)]
        lowest = min((window.index(r) for r in have), default=0)
        score = (len(stands) - len(pool), -sum(1 for r in missing if window.index(r) < lowest))
        if best is None or score > best[0]:
            order = {r: i for i, r in enumerate(window)}
            ordered = sorted(stands, key=lambda s: order[stood_rank(s[1], deck.ranks)])
            best = (score, Meld("run", tuple(cards), tuple(ordered)))
    return best[1] if best else None


def worth(scoring: MeldValues, meld: Meld) -> int:
    """A run's worth: as `MeldKind.points`, but a run the wild cards stand in whole counts
    by `run_value`, and an ace low in it `low_ace`."""
    ranks = run_ranks(meld, scoring.run_order)
    if scoring.wilds_count == "stands_for":
        return scoring.run_value(ranks)
    return counted_points(scoring, meld, len(ranks) > 1 and ranks[0] == "A" and ranks[1] == "2")
