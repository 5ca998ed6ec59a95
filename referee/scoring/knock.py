"""A knock, scored (Gin Rummy): the knocker's melds, the defender's lay-offs on them, the bonuses.

Readings decided here (docs/rule-decisions.md, docs/games/gin-rummy.md): the knocker's melds are
the ones they showed where the round gives them (`melded`); else the arrangement best for the
knocker once the defender has laid off, among every arrangement the knock allows (deadwood
within `max_deadwood`), the least deadwood first where two give the same result. A knocker may
keep a card out of their melds: showing `6H 7H 8H` with `5H` as deadwood, rather than
`5H 6H 7H 8H`, keeps a defender's `3H 4H` off the run, which can be worth more than the 5.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from itertools import combinations
from typing import TYPE_CHECKING

from referee.kinds.table import ordered_kind
from referee.scoring.hand import Deal, HandScore, Part
from referee.values.cards import Card
from referee.values.errors import InvalidPlayError, Problem
from referee.values.i18n import t, tn
from referee.values.violations import listed

if TYPE_CHECKING:
    from referee.checks.judge import Judge
    from referee.planner import Budget
    from referee.rules.ruleset import Knock, Ruleset

Melds = tuple[tuple[Card, ...], ...]


def melded_problems(ruleset: Ruleset, hands: Mapping[str, Sequence[Card]], knocker: str | None,
                    melded: Mapping[str, Sequence[Sequence[Card]]], deal: Deal) -> list[Problem]:
    """What is wrong with the melds a round says the knocker showed: another player's melds
    (the defender's are found from their hand), a group that is no legal meld, cards the
    knocker does not hold."""
    problems: list[Problem] = []
    if knocker is None:  # who knocked is asked for first
        return problems
    for name in melded:
        if name != knocker:
            problems.append(Problem(f"melded.{name}", "unused_field", t(
                "only the knocker's melds are given; {name} did not knock, and their lay-offs are found from "
                "their hand: leave them out", name=name)))
    if knocker not in melded or knocker not in hands:
        return problems
    judge = _judge(ruleset, deal)
    for i, group in enumerate(melded[knocker]):
        meld, found = judge.judge(group)
        if meld is None:
            problems += [Problem(f"melded.{knocker}[{i}]", "invalid_meld", t(
                "meld {n} is not a legal meld: {reason}", n=i + 1, reason=v.message)) for v in found]
    shown = Counter(c for group in melded[knocker] for c in group)
    missing = list((shown - Counter(hands[knocker])).elements())
    if missing:
        problems.append(Problem(f"melded.{knocker}", "not_in_hand", t(
            "{name} does not hold {cards}: the melds shown are cards of the knocker's hand",
            name=knocker, cards=listed(missing, ruleset.deck))))
    return problems


def score_knock(ruleset: Ruleset, hands: Mapping[str, Sequence[Card]], knocker: str,
                deal: Deal) -> dict[str, HandScore]:
    """The knocker's deadwood must be within the limit; the defender lays off on the knocker's
    melds (not on gin); the lower deadwood scores the difference, with the gin or undercut
    bonus. The knocker's melds: those shown (`deal.melded`), else the best for the knocker.
    The winner's parts: `knock` (the difference), or the bonus (`gin`, `undercut`) and the
    difference it counts (`deadwood`)."""
    from referee.planner import (  # the defender's best arrangement, laying off
        least_cost,
        shared_budget,
    )
    budget = shared_budget()  # the request's: the knocker's arrangements and the defender's
    situation = deal.situation(ruleset).but(spent=budget, wild_rank=None)
    knock = ruleset.scoring.knock
    assert knock is not None
    defender = next(n for n in hands if n != knocker)
    mine, theirs = hands[knocker], hands[defender]
    shown = (deal.melded or {}).get(knocker)
    if shown is not None:
        melds: Melds = tuple(tuple(g) for g in shown)
        choices = [(melds, _deadwood(ruleset, _judge(ruleset, deal), _without(mine, melds)))]
        if choices[0][1] > knock.max_deadwood:
            raise InvalidPlayError(_too_much(f"melded.{knocker}", knocker, choices[0][1], knock.max_deadwood))
    else:
        least = least_cost(situation, mine)
        if least > knock.max_deadwood:
            raise InvalidPlayError(_too_much(f"hands.{knocker}", knocker, least, knock.max_deadwood))
        if least == 0 and not knock.lay_off_on_gin:  # gin: nothing is laid off, whatever the melds
            choices = [((), 0)]
        else:
            choices = list(arrangements(ruleset, _judge(ruleset, deal), mine, knock.max_deadwood, budget))
    caught: dict[Melds, int] = {}
    best: tuple[tuple[int, int], int, int] | None = None
    # Nothing laid off is the most the defender can be left with: once a showing's best
    # possible result is no better than one found, none with more deadwood can be better.
    most_left = least_cost(situation, theirs)
    for melds, dead in sorted(choices, key=lambda choice: choice[1]):
        if best is not None and (_knocker_result(knock, dead, most_left), -dead) <= best[0]:
            break
        table = melds if dead or knock.lay_off_on_gin else ()
        key = tuple(sorted(table))
        if key not in caught:
            caught[key] = least_cost(situation, theirs, table)
        result = (_knocker_result(knock, dead, caught[key]), -dead)
        if best is None or result > best[0]:
            best = (result, dead, caught[key])
    assert best is not None
    _, dead, left = best
    won: dict[str, list[Part]] = {knocker: [], defender: []}
    if dead == 0:
        won[knocker] = [Part("gin", knock.gin_bonus), Part("deadwood", left)]
    elif left <= dead:
        won[defender] = [Part("undercut", knock.undercut_bonus), Part("deadwood", dead - left)]
    else:
        won[knocker] = [Part("knock", left - dead)]
    per_card = ruleset.scoring.pennies_per_card
    return {knocker: HandScore.made_of(won[knocker], len(mine), 0, deadwood=dead),
            defender: HandScore.made_of(won[defender], len(theirs), len(theirs) * per_card, deadwood=left)}


def _knocker_result(knock: Knock, dead: int, left: int) -> int:
    """What the hand is worth to the knocker: their points, or less what the defender scores."""
    if dead == 0:
        return knock.gin_bonus + left
    if left <= dead:
        return -(knock.undercut_bonus + dead - left)
    return left - dead


def arrangements(ruleset: Ruleset, judge: Judge, hand: Sequence[Card], most: int,
                 budget: Budget | None = None) -> Iterator[tuple[Melds, int]]:
    """Every way to show `hand` as disjoint legal melds and deadwood of at most `most` points,
    with its deadwood; each group tried counts against `budget` (a 422 past it), and each card of
    a group judged."""
    from referee.planner import judging_steps, shared_budget
    budget = budget or shared_budget()
    cards = tuple(sorted(hand, key=_order))
    legal: dict[tuple[Card, ...], bool] = {}
    least = min((m.min for m in judge.rules.melds), default=3)
    unnatural = judge.unnatural_ranks

    run = judge.kinds.get(ordered_kind(judge.kinds))
    places = {r: i for i, r in enumerate(judge.deck.ranks)}  # the run order
    # the first rank's place above the top rank, where a run may hold it there (an ace high)
    high_first = len(judge.deck.ranks) if run is not None and run.ace != "low" else None

    def could_be(group: tuple[Card, ...]) -> bool:
        """Natural cards alone make a meld only of one rank, or of one suit in a row."""
        if any(c.rank in unnatural for c in group) or len({c.rank for c in group}) == 1:
            return True
        if len({c.suit for c in group}) > 1 or run is None or run.ace == "around":
            return len({c.suit for c in group}) == 1
        if any(c.rank not in places for c in group):
            return True  # a card without a place in the run order (a special card): the judge says
        low = sorted(places[c.rank] for c in group)
        high = sorted(high_first if p == 0 and high_first is not None else p for p in low)
        return any(len(set(ps)) == len(ps) == ps[-1] - ps[0] + 1 for ps in (low, high))

    def is_meld(group: tuple[Card, ...]) -> bool:
        if group not in legal:
            legal[group] = could_be(group) and judged(group)
        return legal[group]

    def judged(group: tuple[Card, ...]) -> bool:
        budget.spend(len(cards), judging_steps(group, judge.in_place))
        return judge.judge(group)[0] is not None

    found: dict[tuple[tuple[Card, ...], int], list[tuple[Melds, int]]] = {}

    def ways(rest: tuple[Card, ...], room: int) -> list[tuple[Melds, int]]:
        if (rest, room) not in found:
            found[rest, room] = list(_ways(rest, room))
        return found[rest, room]

    def _ways(rest: tuple[Card, ...], room: int) -> Iterator[tuple[Melds, int]]:
        if not rest:
            yield (), 0
            return
        first, others = rest[0], rest[1:]
        cost = _deadwood(ruleset, judge, (first,))
        if cost <= room:
            for melds, dead in ways(others, room - cost):
                yield melds, dead + cost
        tried: set[tuple[Card, ...]] = set()
        # A meld holding `first` holds cards of its rank (a set) or its suit (a run) and wild cards.
        near = [k for k, c in enumerate(others) if first.rank in unnatural or c.rank in unnatural
                or c.rank == first.rank or c.suit == first.suit]
        for size in range(max(1, least - 1), len(near) + 1):
            for picked in combinations(near, size):
                budget.spend(len(cards))
                group = (first, *(others[k] for k in picked))
                if group in tried or not is_meld(group):
                    continue
                tried.add(group)
                left = tuple(c for k, c in enumerate(others) if k not in picked)
                for melds, dead in ways(left, room):
                    yield (group, *melds), dead

    yield from ways(cards, most)


def _judge(ruleset: Ruleset, deal: Deal) -> Judge:
    return deal.situation(ruleset).judge(False)


def _deadwood(ruleset: Ruleset, judge: Judge, cards: Sequence[Card]) -> int:
    """The points of cards left out of melds (a wild card `wild_value`, where given)."""
    scoring = ruleset.scoring
    return sum(scoring.wild_value if scoring.wild_value is not None and c.rank in judge.wild_ranks
               else scoring.value(c) for c in cards)


def _without(hand: Sequence[Card], melds: Melds) -> list[Card]:
    return list((Counter(hand) - Counter(c for m in melds for c in m)).elements())


def _too_much(path: str, name: str, points: int, most: int) -> Problem:
    return Problem(path, "cannot_knock", tn(
        "{name} has {n} point of deadwood; a knock needs {most} or less",
        "{name} has {n} points of deadwood; a knock needs {most} or less", points, name=name, most=most))


def _order(card: Card) -> tuple[bool, str, str]:
    return (card.is_joker, card.suit or "", card.rank)
