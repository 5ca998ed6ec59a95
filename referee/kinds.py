"""The meld kinds, as a table: each kind judges its melds, reading its options by its own
name. The judge (`referee.melds`) asks `KINDS[kind]`; the planner's half of each kind (its
new melds, a table meld read for the search, its lay-offs) is `referee.planner.kinds`. A new
kind is a new entry in both tables.

The kinds meet the judge through the `KindJudge` Protocol of `referee.searching`, so they
import neither the judge nor the planner.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

from referee.cards import FRENCH, Card, DeckSpec
from referee.i18n import rank_plural, suit_name, t, tn
from referee.meld import Meld, run_windows
from referee.ruleset import MeldRule
from referee.violations import Violation, listed

if TYPE_CHECKING:
    from referee.searching import KindJudge

Judged = tuple[Meld | None, list[Violation]]


# ---------------------------------------------------------------- the kinds

class MeldKind:
    """What the judge asks of a kind of meld."""

    name = ""

    def judge(self, judge: KindJudge, rule: MeldRule, cards: Sequence[Card], naturals: Sequence[Card],
              wilds: Sequence[Card], wild_limit: bool) -> Judged:
        """The meld these cards make as this kind, or what is wrong with them."""
        raise NotImplementedError

    def shaped(self, naturals: Sequence[Card], deck: DeckSpec = FRENCH) -> bool:
        """Do these natural cards look like this kind (to report the nearer kind's faults)?
        Two natural cards or more that make a legal meld of this kind always look like it."""
        raise NotImplementedError

class SetKind(MeldKind):
    name = "set"

    def judge(self, judge: KindJudge, rule: MeldRule, cards: Sequence[Card], naturals: Sequence[Card],
              wilds: Sequence[Card], wild_limit: bool) -> Judged:
        found = judge.common(rule, cards, naturals, wilds, wild_limit)
        rank = naturals[0].rank if naturals else None
        odd = tuple([c for c in naturals if c.rank != rank])
        if 2 * len(odd) >= len(naturals) > 0:  # the first card's rank is not more than half
            rank = _commonest_rank(naturals, judge.deck)
            odd = tuple([c for c in naturals if c.rank != rank])
        if odd:
            found.append(Violation("mixed_ranks", tn(
                "A set is cards of one rank; {cards} is not {rank}.",
                "A set is cards of one rank; {cards} are not {rank}.", len(odd),
                cards=listed(odd, judge.deck), rank=rank_plural(rank)), odd))
        if rule.distinct_suits:
            suits = Counter(c.suit for c in naturals)
            repeated = tuple(c for c in naturals if suits[c.suit] > 1)
            if repeated or len(cards) > len(judge.deck.suits):
                found.append(Violation("repeated_suit", t(
                    "In this game a set holds each suit at most once; {cards} repeat a suit.",
                    cards=listed(repeated, judge.deck)) if repeated else tn(
                    "In this game a set holds each suit at most once, so at most {n} card; this one has {count}.",
                    "In this game a set holds each suit at most once, so at most {n} cards; this one has {count}.",
                    len(judge.deck.suits), count=len(cards)),
                    repeated or tuple(cards)))
        if found:
            return None, found
        return Meld("set", tuple(cards), tuple((w, rank) for w in wilds)), []

    def shaped(self, naturals: Sequence[Card], deck: DeckSpec = FRENCH) -> bool:
        return len({c.rank for c in naturals}) <= 1


class RunKind(MeldKind):
    name = "run"

    def judge(self, judge: KindJudge, rule: MeldRule, cards: Sequence[Card], naturals: Sequence[Card],
              wilds: Sequence[Card], wild_limit: bool) -> Judged:
        found = judge.common(rule, cards, naturals, wilds, wild_limit)
        suits = Counter(c.suit for c in naturals)
        suit = max(suits, key=lambda s: (suits[s], s or "")) if suits else None
        odd = tuple(c for c in naturals if c.suit != suit)
        if odd:
            found.append(Violation("mixed_suits", tn(
                "A run is cards of one suit; {cards} is not {suit}.",
                "A run is cards of one suit; {cards} are not {suit}.", len(odd),
                cards=listed(odd, judge.deck), suit=suit_name(suit, judge.deck.suit_named(suit))), odd))
        same = [c for c in naturals if c.suit == suit]
        doubled = tuple(c for c in same if Counter(x.rank for x in same)[c.rank] > 1)
        if doubled:
            found.append(Violation("not_consecutive", t(
                "A run holds each rank once; {cards} repeat a rank.", cards=listed(doubled, judge.deck)), doubled))
        if found:
            return None, found
        placed = self._place(rule, cards, same, wilds, suit, judge.deck)
        if placed is None:
            return None, [Violation("not_consecutive", _not_consecutive(rule, judge.deck, same, len(wilds)),
                                    tuple(same))]
        return placed, []

    @staticmethod
    def _place(rule: MeldRule, cards: Sequence[Card], naturals: Sequence[Card],
               wilds: Sequence[Card], suit: str | None, deck: DeckSpec = FRENCH) -> Meld | None:
        """The run with each wild card placed: in its own place when it can, then above the
        natural cards; a run of wild cards only takes the deck's last suit."""
        have = {c.rank for c in naturals}
        best: tuple[tuple[int, int], Meld] | None = None
        target_suit = suit or (wilds[0].suit if wilds and wilds[0].suit else deck.suits[-1])
        for window in run_windows(rule.ace, len(naturals) + len(wilds), deck.ranks):
            if not have <= set(window):
                continue
            missing = [r for r in window if r not in have]
            pool = list(wilds)
            stands: list[tuple[Card, str | None]] = []
            for r in list(missing):
                own = next((w for w in pool if w.rank == r and w.suit == target_suit), None)
                if own is not None:
                    pool.remove(own)
                    missing.remove(r)
                    stands.append((own, f"{r}{target_suit}"))
            stands += [(w, f"{r}{target_suit}") for w, r in zip(pool, missing, strict=True)]
            lowest = min((window.index(r) for r in have), default=0)
            score = (len(stands) - len(pool), -sum(1 for r in missing if window.index(r) < lowest))
            if best is None or score > best[0]:
                order = {r: i for i, r in enumerate(window)}
                ordered = sorted(stands, key=lambda s: order[(s[1] or "")[:-1]])
                best = (score, Meld("run", tuple(cards), tuple(ordered)))
        return best[1] if best else None

    def shaped(self, naturals: Sequence[Card], deck: DeckSpec = FRENCH) -> bool:
        ranks = {c.rank for c in naturals}
        if len(ranks) <= 1:
            return False
        places = [deck.rank_places.get(r, 99) for r in ranks]
        # distinct ranks in a stretch short enough to be one run (ace low): it looks like a run
        stretch = len(ranks) == len(naturals) and max(places) - min(places) < len(naturals) + 2
        return len({c.suit for c in naturals}) <= 1 or stretch


KINDS: dict[str, MeldKind] = {"set": SetKind(), "run": RunKind()}


# ---------------------------------------------------------------- helpers

def _commonest_rank(cards: Sequence[Card], deck: DeckSpec = FRENCH) -> str | None:
    """The rank most of these cards have; a tie goes to the lower rank in the deck's order."""
    ranks: dict[str, int] = {}
    for c in cards:
        ranks[c.rank] = ranks.get(c.rank, 0) + 1
    places = deck.rank_places
    rank, most = None, 0
    for r, n in ranks.items():
        if n > most or (n == most and places.get(r, 99) < places.get(rank or "", 99)):
            rank, most = r, n
    return rank


def ace_words(ace: str) -> str:
    """Where a run's ace may stand, in words: low, high, low or high, around."""
    return {"low": t("low"), "high": t("high"), "low-or-high": t("low or high"), "around": t("around")}[ace]


def _not_consecutive(rule: MeldRule, deck: DeckSpec, cards: Sequence[Card], wilds: int) -> str:
    """Why cards of one suit make no run with `wilds` wild cards: where the ace may stand, or
    in a deck without an ace first, the order its ranks run in."""
    shown = listed(cards, deck)
    if deck.ranks[0] != "A":
        return tn("{cards} cannot make one run of consecutive ranks with {n} wild card (ranks in order {order}).",
                  "{cards} cannot make one run of consecutive ranks with {n} wild cards (ranks in order {order}).",
                  wilds, cards=shown, order=deck.ranks_text) if wilds else \
            t("{cards} cannot make one run of consecutive ranks (ranks in order {order}).", cards=shown,
              order=deck.ranks_text)
    ace = ace_words(rule.ace)
    return tn("{cards} cannot make one run of consecutive ranks with {n} wild card (ace {ace}).",
              "{cards} cannot make one run of consecutive ranks with {n} wild cards (ace {ace}).",
              wilds, cards=shown, ace=ace) if wilds else \
        t("{cards} cannot make one run of consecutive ranks (ace {ace}).", cards=shown, ace=ace)
