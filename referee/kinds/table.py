"""The meld kinds, as a table: each kind judges its melds, reading its options by its own
name. The judge (`referee.checks.judge`) asks `KINDS[kind]`; the planner's half of each kind (its
new melds, a table meld read for the search, its lay-offs) is `referee.planner.halves`. A new
kind is a new entry here; the planner finds its melds by asking its judge until it has a half
of its own there.

The kinds meet the judge through the `KindJudge` Protocol of `referee.kinds.searching`, so they
import neither the judge nor the planner.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, ClassVar

from referee.kinds.meld import (
    RUN_ORDER,
    Meld,
    counted_points,
    run_in_order,
    run_ranks,
    run_windows,
    stood_rank,
)
from referee.kinds.words import ColorWords, KindWords, RunWords, SetWords
from referee.rules.ruleset import MeldRule, Scoring
from referee.values.cards import FRENCH, Card, DeckSpec, parse_card
from referee.values.i18n import N_, continued, rank_plural, suit_name, t, tn
from referee.values.violations import Violation, listed

if TYPE_CHECKING:
    from referee.kinds.searching import KindJudge

Judged = tuple[Meld | None, list[Violation]]


# ---------------------------------------------------------------- the kinds

class MeldKind:
    """What the judge asks of a kind of meld: its name, its plural (the first-meld key that
    asks for it, `requirement_key(name)`), the options it reads and their defaults, its words,
    how it judges cards and how a lay-off grows it. Its half for the planner's search is
    `referee.planner.halves`."""

    name = ""
    plural = ""
    one_rank = False  # its melds hold cards of one rank (a set)
    ordered = False   # its melds hold consecutive ranks (a run)
    options: ClassVar[Mapping[str, object]] = MappingProxyType({"min": 3, "max": None})
    words: KindWords = KindWords()

    def judge(self, judge: KindJudge, rule: MeldRule, cards: Sequence[Card], naturals: Sequence[Card],
              wilds: Sequence[Card], wild_limit: bool) -> Judged:
        """The meld these cards make as this kind, or what is wrong with them."""
        raise NotImplementedError

    def shaped(self, naturals: Sequence[Card], deck: DeckSpec = FRENCH) -> bool:
        """Do these natural cards look like this kind (to report the nearer kind's faults)?
        Two natural cards or more that make a legal meld of this kind always look like it."""
        raise NotImplementedError

    def longest(self, rule: MeldRule) -> int:
        """The most cards a meld of this kind can hold in the rule's deck, whatever its `max`."""
        return 10**6

    def in_order(self, meld: Meld, order: tuple[str, ...] = RUN_ORDER) -> tuple[Card, ...]:
        """The meld's cards in the order a player lays them down (a run: by rank)."""
        return meld.cards

    def ranks_of(self, meld: Meld, order: tuple[str, ...] = RUN_ORDER) -> tuple[str | None, ...]:
        """The rank each place of the meld stands for, in a deck whose ranks run in `order`:
        here its natural cards' ranks, and None for each wild card (it stands for no rank)."""
        return (*(c.rank for c in meld.naturals()), *(None for _ in meld.wilds))

    def points(self, scoring: Scoring, meld: Meld) -> int:
        """What a meld of this kind is worth melded: each card its `meld_values` worth; a wild
        card the card it stands for (`wilds_count: stands_for`) or its own worth."""
        ranks = self.ranks_of(meld, scoring.run_order)
        if scoring.wilds_count == "stands_for" and all(r is not None for r in ranks):
            return sum(scoring.melded_value(r) for r in ranks if r is not None)
        return counted_points(scoring, meld, False)

    def grow(self, judge: KindJudge, table: Meld, cards: Sequence[Card]) -> Judged:
        """The meld `cards` laid off on `table` make, or what is wrong with it, said of the
        meld on the table (a lay-off comes after the first meld: the later limits hold)."""
        return self._grown(judge, table, cards, True)

    def _grown(self, judge: KindJudge, table: Meld, cards: Sequence[Card], wild_limit: bool) -> Judged:
        combined, found = judge.judge((*table.cards, *cards), kind=self.name, wild_limit=wild_limit)
        if combined is None:
            return None, [Violation(v.code, self.words.adding(listed(cards, judge.deck), continued(v.message)), v.cards)
                          for v in found]
        return combined, []

class SetKind(MeldKind):
    name, plural = "set", "sets"
    one_rank = True
    options = MappingProxyType({"min": 3, "max": None, "distinct_suits": False, "one_per_rank": False})
    words = SetWords()

    def judge(self, judge: KindJudge, rule: MeldRule, cards: Sequence[Card], naturals: Sequence[Card],
              wilds: Sequence[Card], wild_limit: bool) -> Judged:
        found = judge.common(rule, cards, naturals, wilds, wild_limit)
        rank = naturals[0].rank if naturals else None
        odd = tuple([c for c in naturals if c.rank != rank])
        if 2 * len(odd) >= len(naturals) > 0:  # the first card's rank is not more than half
            rank = _commonest_rank(naturals, judge.deck)
            odd = tuple([c for c in naturals if c.rank != rank])
        words = self.words.of(judge.deck.pieces)
        if odd:
            found.append(Violation("mixed_ranks", words.mixed_ranks(listed(odd, judge.deck), len(odd),
                                                                    rank_plural(rank)), odd))
        if rule.distinct_suits:
            suits = Counter(c.suit for c in naturals)
            repeated = tuple(c for c in naturals if suits[c.suit] > 1)
            if repeated or len(cards) > len(judge.deck.suits):
                found.append(Violation("repeated_suit", words.repeated_suit(listed(repeated, judge.deck))
                                       if repeated else words.suits_full(len(judge.deck.suits), len(cards)),
                                       repeated or tuple(cards)))
        if found:
            return None, found
        return Meld("set", tuple(cards), tuple((w, rank) for w in wilds)), []

    def shaped(self, naturals: Sequence[Card], deck: DeckSpec = FRENCH) -> bool:
        return len({c.rank for c in naturals}) <= 1

    def longest(self, rule: MeldRule) -> int:
        """A set of distinct suits holds one card a suit."""
        return rule.deck_suits if rule.distinct_suits else 10**6

    def ranks_of(self, meld: Meld, order: tuple[str, ...] = RUN_ORDER) -> tuple[str | None, ...]:
        """A set's rank in each place (None: wild cards only, standing for no rank)."""
        naturals = meld.naturals()
        stands = next((s for _, s in meld.wilds if s), None)
        return ((naturals[0].rank if naturals else stands),) * len(meld.cards)

    def grow(self, judge: KindJudge, table: Meld, cards: Sequence[Card]) -> Judged:
        # `lay_off.wilds_unlimited`: wild cards go onto a set beyond the limit per meld
        return self._grown(judge, table, cards, not judge.rules.lay_off.wilds_unlimited)

class RunKind(MeldKind):
    name, plural = "run", "runs"
    ordered = True
    options = MappingProxyType({"min": 3, "max": None, "ace": "low", "around": False, "first_rank_high": False,
                                "suits": "same"})
    words = RunWords()

    def judge(self, judge: KindJudge, rule: MeldRule, cards: Sequence[Card], naturals: Sequence[Card],
              wilds: Sequence[Card], wild_limit: bool) -> Judged:
        found = judge.common(rule, cards, naturals, wilds, wild_limit)
        suit = _commonest_suit(naturals) if rule.suits == "same" else None  # `any`: no suit to hold
        odd = tuple(c for c in naturals if c.suit != suit) if rule.suits == "same" else ()
        words = self.words.of(judge.deck.pieces)
        if odd:
            found.append(Violation("mixed_suits", words.mixed_suits(
                listed(odd, judge.deck), len(odd), suit_name(suit, judge.deck.suit_named(suit))), odd))
        same = [c for c in naturals if c.suit == suit or rule.suits == "any"]
        doubled = tuple(c for c in same if Counter(x.rank for x in same)[c.rank] > 1)
        if doubled:
            found.append(Violation("not_consecutive", words.repeated_rank(listed(doubled, judge.deck)), doubled))
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
        natural cards; a run of wild cards only takes the deck's last suit. A wild card stands
        for a rank and the run's suit; in a run of any suits (`suits: any`) for a rank alone,
        and any card of that rank is in its own place."""
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

    def longest(self, rule: MeldRule) -> int:
        """A run holds each rank of the deck once."""
        return rule.deck_ranks

    def ranks_of(self, meld: Meld, order: tuple[str, ...] = RUN_ORDER) -> tuple[str | None, ...]:
        """A run's ranks in order."""
        return run_ranks(meld, order)

    def in_order(self, meld: Meld, order: tuple[str, ...] = RUN_ORDER) -> tuple[Card, ...]:
        return run_in_order(meld, order)

    def points(self, scoring: Scoring, meld: Meld) -> int:
        """A run's worth: as `MeldKind.points`, but a run the wild cards stand in whole counts
        by `run_value`, and an ace low in it `low_ace`."""
        ranks = run_ranks(meld, scoring.run_order)
        if scoring.wilds_count == "stands_for":
            return scoring.run_value(ranks)
        return counted_points(scoring, meld, len(ranks) > 1 and ranks[0] == "A" and ranks[1] == "2")

    def grow(self, judge: KindJudge, table: Meld, cards: Sequence[Card]) -> Judged:
        combined, found = self._grown(judge, table, cards, True)
        if combined is not None and judge.rules.wilds.fixed_when_melded and held_places(judge, table):
            return _around_fixed_wilds(judge, table, cards)
        return combined, found

    def shaped(self, naturals: Sequence[Card], deck: DeckSpec = FRENCH) -> bool:
        ranks = {c.rank for c in naturals}
        if len(ranks) <= 1:
            return False
        places = [deck.rank_places.get(r, 99) for r in ranks]
        # distinct ranks in a stretch short enough to be one run (ace low): it looks like a run
        stretch = len(ranks) == len(naturals) and max(places) - min(places) < len(naturals) + 2
        return len({c.suit for c in naturals}) <= 1 or stretch


class ColorKind(MeldKind):
    """Cards of one suit, of any ranks (Phase 10's "seven of one colour"); a card may repeat
    where several decks are in play. A wild card stands for the suit."""

    name, plural = "color", "colors"
    words = ColorWords()

    def judge(self, judge: KindJudge, rule: MeldRule, cards: Sequence[Card], naturals: Sequence[Card],
              wilds: Sequence[Card], wild_limit: bool) -> Judged:
        found = judge.common(rule, cards, naturals, wilds, wild_limit)
        suit = _commonest_suit(naturals)
        odd = tuple(c for c in naturals if c.suit != suit)
        if odd:
            found.append(Violation("mixed_suits", tn(
                "A meld of one colour is cards of one colour; {cards} is not {suit}.",
                "A meld of one colour is cards of one colour; {cards} are not {suit}.", len(odd),
                cards=listed(odd, judge.deck), suit=suit_name(suit, judge.deck.suit_named(suit))), odd))
        if found:
            return None, found
        return Meld("color", tuple(cards), tuple((w, suit) for w in wilds)), []

    def shaped(self, naturals: Sequence[Card], deck: DeckSpec = FRENCH) -> bool:
        return len({c.suit for c in naturals}) <= 1


KINDS: dict[str, MeldKind] = {"set": SetKind(), "run": RunKind(), "color": ColorKind()}


def most_of(rule: MeldRule) -> int:
    """The most cards a meld of the rule's kind can hold: its `max`, within what the kind's
    shape allows in the deck (`MeldKind.longest`)."""
    cap = (KINDS[rule.kind] if rule.kind in KINDS else MeldKind()).longest(rule)
    return min(cap, rule.max) if rule.max is not None else cap


def one_rank_kind(kinds: Iterable[str]) -> str:
    """The first of these kinds whose melds hold one rank (`MeldKind.one_rank`), or ""."""
    return next((k for k in kinds if k in KINDS and KINDS[k].one_rank), "")


def ordered_kind(kinds: Iterable[str]) -> str:
    """The first of these kinds whose melds hold consecutive ranks (`MeldKind.ordered`), or ""."""
    return next((k for k in kinds if k in KINDS and KINDS[k].ordered), "")


def meld_ranks(meld: Meld, order: tuple[str, ...] = RUN_ORDER) -> tuple[str | None, ...]:
    """The rank each place of a meld stands for, as its kind reads it (`MeldKind.ranks_of`)."""
    return KINDS[meld.kind].ranks_of(meld, order)


def meld_points(scoring: Scoring, meld: Meld) -> int:
    """What a meld is worth melded (a first meld's points threshold, melded scores), as its
    kind counts it (`MeldKind.points`). A meld of wild cards only stands for no card: its
    wild cards count their own worth."""
    return KINDS[meld.kind].points(scoring, meld)


def words_of(kind: str) -> KindWords:
    """A kind's words; the words for any meld where the table has no such kind."""
    return KINDS[kind].words if kind in KINDS else KindWords()


def table_order(kind: str) -> int:
    """Where a kind stands in the table (sets first); a kind it lacks, last."""
    return list(KINDS).index(kind) if kind in KINDS else len(KINDS)


# ---------------------------------------------------------------- helpers

def _commonest_suit(cards: Sequence[Card]) -> str | None:
    """The suit most of these cards have (a tie: the later suit letter); None for no card."""
    suits = Counter(c.suit for c in cards)
    return max(suits, key=lambda s: (suits[s], s or "")) if suits else None


def held_places(judge: KindJudge, meld: Meld) -> list[tuple[Card, Card]]:
    """A run's wild cards that stand for a card, and that card (`wilds.fixed_when_melded`
    keeps them there); a run of wild cards only stands for none. In a run of any suits a wild
    card stands for a rank: its card is of the first suit that leaves the cards distinct."""
    out = []
    for wild, stands in meld.wilds:
        if not stands:
            continue
        rank = stood_rank(stands, judge.deck.ranks)
        if rank != stands:
            out.append((wild, parse_card(stands, deck=judge.deck)))
            continue
        suit = next((s for s in judge.deck.suits if Card(rank, s) not in meld.cards), judge.deck.suits[0])
        out.append((wild, Card(rank, suit)))
    return out


def _around_fixed_wilds(judge: KindJudge, table: Meld, cards: Sequence[Card]) -> Judged:
    """The run `cards` make laid on `table` with its wild cards kept where they were melded
    (`wilds.fixed_when_melded`): the cards are judged with each such wild card's place
    taken by the card it stands for. None and the refusal where they cannot fit around it."""
    held = held_places(judge, table)
    wild_cards = [w for w, _ in held]
    stand_ins = [c for _, c in held]
    deck = judge.deck
    refusal = Violation("not_consecutive", RunKind.words.of(deck.pieces).fixed_wild(
        listed(cards, deck), listed(wild_cards, deck), listed(stand_ins, deck)), tuple(cards))
    taken = set(stand_ins)
    if any(c in taken for c in cards):  # a natural card where a wild card stands
        return None, [refusal]
    fixed = list(table.cards)
    for wild in wild_cards:
        fixed.remove(wild)
    placed, _ = judge.judge([*fixed, *stand_ins, *cards], kind="run", wild_limit=False)
    if placed is None:
        return None, [refusal]
    window = list(run_ranks(placed, deck.ranks))
    wilds = sorted([*table.wilds, *placed.wilds], key=lambda w: window.index(stood_rank(w[1], deck.ranks)))
    return Meld("run", (*table.cards, *cards), tuple(wilds)), []


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


# A run's order in a deck without an ace first whose first rank may follow its last (`first_rank_high`)
_ORDER_WITH_FIRST_HIGH = {"low-or-high": N_("{ranks}, and {first} after {last}")}


def _not_consecutive(rule: MeldRule, deck: DeckSpec, cards: Sequence[Card], wilds: int) -> str:
    """Why cards of one suit make no run with `wilds` wild cards: where the ace may stand, or
    in a deck without an ace first, the order its ranks run in."""
    shown = listed(cards, deck)
    words = RunKind.words.of(deck.pieces)
    if deck.ranks[0] != "A":
        order = t(_ORDER_WITH_FIRST_HIGH[rule.ace], ranks=deck.ranks_text, first=deck.ranks[0], last=deck.ranks[-1]) \
            if rule.ace in _ORDER_WITH_FIRST_HIGH else deck.ranks_text
        return words.not_consecutive(shown, wilds, order)
    return words.not_consecutive_ace(shown, wilds, ace_words(rule.ace))
