"""Random rounds of every shipped rummy game, as a table would score them: hands dealt from
the cards in play, the sizes the game insists on, melds that are legal melds where melded
cards score, a knocker who can knock. For the properties of a round's points
(`tests/test_breakdown.py`, `tests/test_reachable.py`)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace

from hypothesis import reject
from hypothesis import strategies as st

from referee.checks.judge import judge_for
from referee.loading.loader import default_library
from referee.rules.ruleset import Ruleset
from referee.scoring.hand import Deal, HandScore
from referee.scoring.round import score_round
from referee.values.cards import Card
from referee.values.errors import InvalidPlayError

SHIPPED = [r for r in default_library().all() if r.rummy is not None]


class Games(tuple[Ruleset, ...]):
    """Rulesets to draw rounds of, shown by their ids (a strategy shows its arguments, and a
    ruleset's repr is long)."""

    def __repr__(self) -> str:
        return f"Games({', '.join(r.id for r in self)})"


@dataclass(frozen=True)
class Round:
    """A round as `score_round` takes it."""

    ruleset: Ruleset
    hands: dict[str, tuple[Card, ...]]
    went_out: str | None
    deal: Deal

    def scored(self) -> dict[str, HandScore]:
        return score_round(self.ruleset, self.hands, self.went_out, deal=self.deal)


@st.composite
def rounds(draw: st.DrawFn, rulesets: Sequence[Ruleset] = SHIPPED) -> Round:
    """A round of one of `rulesets` that `score_round` scores (a drawn round it refuses, such
    as a going out without the canastas it needs, is tried again without who went out)."""
    ruleset = draw(st.sampled_from(rulesets))
    rummy = ruleset.rummy
    assert rummy is not None
    players = draw(st.integers(ruleset.players_min, min(ruleset.players_max, 4)))
    number = draw(st.integers(1, len(rummy.rounds) or 1))
    rng = draw(st.randoms(use_true_random=False))
    pool = list(ruleset.deck.full(players))
    rng.shuffle(pool)
    names = [f"p{i}" for i in range(players)]
    rules = rummy.round(number)
    wild_rank = rng.choice(ruleset.deck.ranks) if rules.wilds.per_deal else None
    deal = Deal(number, players, wild_rank)
    if ruleset.scoring.knock is not None:
        return _knock(ruleset, names, pool, rng, deal)
    went_out = rng.choice([None, *names])
    sizes = rules.dealt(players) if rules.whole_hand else range(9)
    hands = {name: tuple(pool.pop() for _ in range(0 if name == went_out else rng.choice(sizes))) for name in names}
    if ruleset.scoring.method == "melded_minus_caught":
        deal = _melded(ruleset, names, pool, rng, deal)
    found = Round(ruleset, hands, went_out, deal)
    for attempt in (found, replace(found, went_out=None, deal=replace(deal, concealed=False))):
        try:
            attempt.scored()
        except InvalidPlayError:
            continue
        return attempt
    reject()


def _knock(ruleset: Ruleset, names: list[str], pool: list[Card], rng: random.Random, deal: Deal) -> Round:
    """A knock: the knocker holds three runs of three and one card (deadwood of one card, within
    any limit of ten), the defender ten cards of the rest."""
    deck = ruleset.deck
    knocker, defender = names
    mine: list[Card] = []
    for suit in rng.sample(list(deck.suits), 3):
        start = rng.randrange(len(deck.ranks) - 2)
        mine += [Card(rank, suit) for rank in deck.ranks[start:start + 3]]
    rest = [c for c in pool if c not in mine]
    mine.append(rest.pop())
    theirs = [rest.pop() for _ in range(len(mine))]
    return Round(ruleset, {knocker: tuple(mine), defender: tuple(theirs)}, knocker, deal)


def _melded(ruleset: Ruleset, names: list[str], pool: list[Card], rng: random.Random, deal: Deal) -> Deal:
    """Melds of one rank each (natural cards, now and then a wild card), bonus cards laid face
    up, who took a morto, partners where the game has teams."""
    rummy = ruleset.rummy
    assert rummy is not None
    judge = judge_for(ruleset, deal.round_number, deal.players, True, deal.wild_rank)
    wild = [c for c in pool if c.rank in judge.wild_ranks]
    banned = rummy.bonus_cards | rummy.never_melded
    melded: dict[str, list[tuple[Card, ...]]] = {}
    for name in names:
        ranks = rng.sample(list(ruleset.deck.ranks), rng.randrange(4))
        for rank in ranks:
            natural = [c for c in pool if c.rank == rank and c not in banned and c.rank not in judge.wild_ranks]
            group = natural[:rng.randrange(3, 9)] + wild[:rng.randrange(2)]
            if len(group) >= 3 and judge.judge(group, wild_limit=False)[0] is not None:
                melded.setdefault(name, []).append(tuple(group))
                for card in group:
                    pool.remove(card)
                    if card in wild:
                        wild.remove(card)
    in_play = sum(ruleset.deck.copies(c, ruleset.decks_in_play(deal.players)) for c in rummy.bonus_cards)
    red_threes = {name: n for name in names if (n := rng.randrange(in_play + 1)) and rng.random() < 0.3}
    while sum(red_threes.values()) > in_play:
        red_threes.popitem()
    size = ruleset.teams
    teams = tuple(tuple(names[i::len(names) // size]) for i in range(len(names) // size)) \
        if size and len(names) % size == 0 and rng.random() < 0.7 else None
    morto = {name: rng.random() < 0.5 for name in names} if "no_morto" in ruleset.scoring.bonuses else None
    return replace(deal, melded=melded, red_threes=red_threes or None, concealed=rng.random() < 0.2,
                   teams=teams, morto_taken=morto)
