"""May a player take the discard pile (games that take it: Canasta)? The top card must be
melded at once: with natural cards of its rank from the hand (a frozen pile: `pile.frozen_naturals`
of them, no wild card), or, where the pile is not frozen, with one natural and a wild card, or
laid off on a meld of the side's. Before the side's first meld the pile is frozen for it, and
the top card's meld, with every card of the hand melded with it (more of its rank, wild cards
within the limits) and other melds of the hand, must meet the first meld's minimum (at the
side's score). A wild card or a card melded only going out (Canasta's black three) on top
stops the pile; where `pile.single_takes_single` is false, a player holding one card may not
take a pile of one."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from referee.checks.judge import Judge
from referee.checks.plays import check_lay_off
from referee.checks.situation import Situation
from referee.kinds.table import KINDS
from referee.planner import arrange
from referee.values.cards import Card
from referee.values.errors import InvalidPlayError, Problem
from referee.values.i18n import decks_in_play, t, tn
from referee.values.violations import Verdict, Violation


@dataclass(frozen=True)
class Pile:
    """The discard pile as a check is told of it: its top card, whether it is frozen, and how
    many cards it holds, the top one included (None: not said, and not judged)."""

    top: Card
    frozen: bool = False
    size: int | None = None


def check_pile(situation: Situation, pile: Pile, hand: Sequence[Card], table: Sequence[Sequence[Card]] = ()) -> Verdict:
    """May the pile be taken? A valid answer names the meld (`meld`: before the side's first
    meld, with the cards melded with the top card to reach the minimum) or the side's meld the
    top card is laid off on (`lay_off`). A pile's size no decks hold is a 422 at `pile_size`."""
    ruleset, first_meld_done = situation.ruleset, situation.first_meld_done
    rummy = ruleset.rummy
    assert rummy is not None
    rule = rummy.pile
    if rule is None:  # a 422: the question has no answer in this game
        raise InvalidPlayError(Problem("", "no_pile_rules", t(
            "{game} has no rules for taking the discard pile (pile); ask its plays with the other checks",
            game=ruleset.local_name)))
    judge = situation.judge()
    _check_size(judge, pile.size)
    top = pile.top
    impossible = judge.card_violations([top, *hand, *(c for m in table for c in m)])
    if impossible:
        return Verdict(tuple(impossible))
    judge.table_melds(table)  # the side's melds, each legal
    if rule.take == "always":
        return Verdict((), {"whole": True})
    if top.rank in judge.wild_ranks or top.rank in judge.going_out_only or top in judge.unmeldable:
        return Verdict((Violation("pile_stopped", t(
            "{card} on top stops the pile: it cannot be taken this turn.", card=judge.deck.face(top)), (top,)),))
    if not rule.single_takes_single and pile.size == 1 and len(hand) == 1:
        return Verdict((Violation("cannot_take_pile", t(
            "Holding a single card, you may not take a pile of a single card ({card}): you would go out by "
            "taking it.", card=judge.deck.face(top)), (top,)),))
    frozen = pile.frozen or not first_meld_done or rule.always_frozen
    if not frozen:
        for k, meld in enumerate(table):
            if check_lay_off(situation.but(first_meld_done=True, others_meld=False), meld, [top]).valid:
                return Verdict((), {"lay_off": k})
    same = [c for c in hand if c.rank == top.rank and c not in judge.unmeldable]
    wilds = [c for c in hand if c.rank in judge.wild_ranks]
    least = rule.frozen_naturals if frozen else 1
    need = judge.rules.first_meld
    shown: list[Card] | None = None
    for k in range(len(same), least - 1, -1):
        for j in range(0 if frozen else min(len(wilds), 3), -1, -1):
            if frozen and j:
                continue
            if not frozen and k < rule.frozen_naturals and (j == 0 or not rule.unfrozen_wild):
                continue
            cards = [top, *same[:k], *wilds[:j]]
            if judge.judge(cards)[0] is None:
                continue
            if first_meld_done or need.empty:
                return Verdict((), {"meld": [str(c) for c in cards]})
            grown = _first_meld(situation, judge, hand, cards, need.points)
            if grown is not None:
                return Verdict((), {"meld": [str(c) for c in grown]})
            shown = shown or cards
    if shown is not None:
        return Verdict((Violation("requirement_not_met", tn(
            "Taking the pile, the top card and your other melds must be worth at least {n} point; these "
            "cards fall short.", "Taking the pile, the top card and your other melds must be worth at "
            "least {n} points; these cards fall short.", need.points), tuple(shown)),))
    if rule.always_frozen:
        return Verdict((Violation("cannot_take_pile", tn(
            "Taking the pile needs {n} natural card of the top card's rank ({card}) in your hand.",
            "Taking the pile needs {n} natural cards of the top card's rank ({card}) in your hand.",
            rule.frozen_naturals, card=judge.deck.face(top)), (top,)),))
    if frozen:
        return Verdict((Violation("cannot_take_pile", tn(
            "The pile is frozen: taking it needs {n} natural card of the top card's rank ({card}) in your hand.",
            "The pile is frozen: taking it needs {n} natural cards of the top card's rank ({card}) in your hand.",
            rule.frozen_naturals, card=judge.deck.face(top)), (top,)),))
    return Verdict((Violation("cannot_take_pile", t(
        "No meld of your side takes {card}, and your hand cannot meld it: that takes two natural cards of its rank "
        "from your hand, or one and a wild card.", card=judge.deck.face(top)), (top,)),))


def _check_size(judge: Judge, size: int | None) -> None:
    """A 422 at `pile_size` for a pile of no card, or of more cards than the decks in play hold."""
    if size is None:
        return
    most = sum(judge.deck.copies(c, judge.decks) for c in judge.deck.distinct())
    if size < 1:
        raise InvalidPlayError(Problem("pile_size", "out_of_range", t(
            "pile_size counts the cards of the pile, the top one included: 1 or more")))
    if size > most:
        raise InvalidPlayError(Problem("pile_size", "out_of_range", tn(
            "{decks} there is {n} card in all, fewer than a pile of {count}",
            "{decks} there are {n} cards in all, fewer than a pile of {count}", most,
            decks=decks_in_play(judge.decks), count=size)))


def _first_meld(situation: Situation, judge: Judge, hand: Sequence[Card], meld_cards: Sequence[Card],
                points: int) -> list[Card] | None:
    """The top card's meld as the best play of the rest of the hand grows it, where that meld and
    the rest's other melds reach `points`; else None. The meld is put on the planner's table, so
    that the rest may add cards to it (more of its rank, wild cards within the limits) but start
    no other meld of its rank where the side holds one; what the planner leaves in hand is the
    fewest points it can, so what it plays is the most."""
    meld, _ = judge.judge(meld_cards)
    assert meld is not None
    ruleset = situation.ruleset
    worth = KINDS[meld.kind].points(ruleset.scoring, meld)
    if worth >= points:
        return list(meld_cards)
    rest = list(hand)
    for c in meld_cards[1:]:
        rest.remove(c)
    rest = [c for c in rest if c.rank not in judge.going_out_only and c not in judge.unmeldable]
    on_table = situation.but(round_number=judge.rules.number or 1, wild_rank=None, first_meld_done=True)
    best = arrange(on_table, rest, (tuple(meld_cards),))
    if worth + ruleset.scoring.hand_points(rest) - best.cost < points:
        return None
    return [*meld_cards, *(c for k, cards in best.plan.lay_offs if k == 0 for c in cards)]
