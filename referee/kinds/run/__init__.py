"""The run: consecutive ranks of one suit (or of any suits, `suits: any`), the ace where
`ace` puts it. Its judge and its part of the ruleset's schema; its words are `words`, its
planner's half `planning`."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from referee.kinds.base import Judged, MeldKind, commonest_suit, kind_schema
from referee.kinds.meld import (
    RUN_ORDER,
    Meld,
    run_in_order,
    run_ranks,
    stood_rank,
)
from referee.kinds.rule import MeldRule
from referee.kinds.run.placing import place, worth
from referee.kinds.run.planning import RunPlanner
from referee.kinds.run.words import RunWords
from referee.kinds.searching import Split
from referee.kinds.views import MeldValues
from referee.values.cards import FRENCH, Card, DeckSpec, parse_card
from referee.values.i18n import N_, suit_name, t
from referee.values.violations import Violation, listed

if TYPE_CHECKING:
    from referee.kinds.searching import KindJudge

# `first_rank_high`: the deck's first rank may also follow its last, as an ace played high
# does; where it already may (`high`, `low-or-high`, `around`), the option changes nothing.
_FIRST_RANK_HIGH = {"low": "low-or-high"}


class RunKind(MeldKind):
    name, plural = "run", "runs"
    ordered = True
    options = MappingProxyType({"min": 3, "max": None, "ace": "low", "around": False, "first_rank_high": False,
                                "suits": "same"})
    words = RunWords()
    planner = RunPlanner()
    schema = kind_schema('The run meld and its limits.',
              {'ace': {'type': ['string', 'null'],
                       'enum': ['low', 'high', 'low-or-high', 'around', None],
                       'description': 'Where the ace goes in a run: low (A-2-3), high (Q-K-A), either end, or '
                                      'around the corner (K-A-2). Only for a deck whose first rank is A.'},
               'around': {'type': ['boolean', 'null'],
                          'description': "A run may turn the corner, from the deck's last rank to its first (K-3 "
                                         'in ranks 3 to K); in a deck whose first rank is A, the same as ace: '
                                         'around. Default false.'},
               'first_rank_high': {'type': ['boolean', 'null'],
                                   'description': "In any deck, the deck's first rank may also follow its last, "
                                                  'at one end of a run only: 12-13-1 and 11-12-13-1 in ranks 1 '
                                                  'to 13, never 13-1-2 (that needs around). With an ace first, '
                                                  'the same as ace: low-or-high where ace is low. Default '
                                                  'false.'},
               'suits': {'type': ['string', 'null'],
                         'enum': ['same', 'any', None],
                         'description': "same (default): a run's cards are of one suit; any: consecutive ranks "
                                        'of any suits, and a wild card stands for a rank alone (its "as" is the '
                                        'rank).'}},
              'this run', 'Runs')

    def own_options(self, spec: Mapping[str, Any]) -> dict[str, Any]:
        ace = "around" if spec.get("around") else str(spec.get("ace") or "low")
        ace = _FIRST_RANK_HIGH.get(ace, ace) if spec.get("first_rank_high") else ace
        return {"ace": ace, "suits": str(spec.get("suits", "same"))}

    def judge(self, judge: KindJudge, rule: MeldRule, split: Split, wild_limit: bool) -> Judged:
        cards, naturals, wilds = split
        found = judge.common(rule, cards, naturals, wilds, wild_limit)
        suit = commonest_suit(naturals) if rule.suits == "same" else None  # `any`: no suit to hold
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
        placed = place(rule, Split(cards, same, wilds), suit, judge.deck)
        if placed is None:
            return None, [Violation("not_consecutive", _not_consecutive(rule, judge.deck, same, len(wilds)),
                                    tuple(same))]
        return placed, []

    def longest(self, rule: MeldRule) -> int:
        """A run holds each rank of the deck once."""
        return rule.deck_ranks

    def ranks_of(self, meld: Meld, order: tuple[str, ...] = RUN_ORDER) -> tuple[str | None, ...]:
        """A run's ranks in order."""
        return run_ranks(meld, order)

    def in_order(self, meld: Meld, order: tuple[str, ...] = RUN_ORDER) -> tuple[Card, ...]:
        return run_in_order(meld, order)

    def points(self, scoring: MeldValues, meld: Meld) -> int:
        return worth(scoring, meld)

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
