"""May a player take the discard pile (games that take it: Canasta)? The top card must be
melded at once: with natural cards of its rank from the hand (a frozen pile: `pile.frozen_naturals`
of them, no wild card), or, where the pile is not frozen, with one natural and a wild card, or
laid off on a meld of the side's. Before the side's first meld the pile is frozen for it, and
the meld the top card makes, with other melds of the hand, must meet the first meld's minimum
(at the side's score). A wild card or a card melded only going out (Canasta's black three) on
top stops the pile."""

from __future__ import annotations

from collections.abc import Sequence

from referee.byscore import with_score
from referee.cards import Card
from referee.errors import InvalidPlayError, Problem
from referee.i18n import t, tn
from referee.kinds import KINDS
from referee.melds import Judge, judge_for
from referee.planner import least_cost
from referee.plays import check_lay_off
from referee.ruleset import Ruleset
from referee.violations import Verdict, Violation


def check_pile(ruleset: Ruleset, top: Card, hand: Sequence[Card], frozen: bool, first_meld_done: bool,
               score: int | None, table: Sequence[Sequence[Card]] = (), round_number: int = 1,
               players: int | None = None) -> Verdict:
    """May the pile be taken? A valid answer names the meld (`meld`) or the side's meld the top
    card is laid off on (`lay_off`)."""
    rummy = ruleset.rummy
    assert rummy is not None
    rule = rummy.pile
    if rule is None:  # a 422: the question has no answer in this game
        raise InvalidPlayError(Problem("", "no_pile_rules", t(
            "{game} has no rules for taking the discard pile (pile); ask its plays with the other checks",
            game=ruleset.local_name)))
    ruleset = with_score(ruleset, score)
    judge = judge_for(ruleset, round_number, players, first_meld_done)
    impossible = judge.card_violations([top, *hand, *(c for m in table for c in m)])
    if impossible:
        return Verdict(tuple(impossible))
    judge.table_melds(table)  # the side's melds, each legal
    if rule.take == "always":
        return Verdict((), {"whole": True})
    if top.rank in judge.wild_ranks or top.rank in judge.going_out_only or top in judge.unmeldable:
        return Verdict((Violation("pile_stopped", t(
            "{card} on top stops the pile: it cannot be taken this turn.", card=judge.deck.face(top)), (top,)),))
    frozen = frozen or not first_meld_done or rule.always_frozen
    if not frozen:
        for k, meld in enumerate(table):
            if check_lay_off(ruleset, meld, [top], True, False, round_number, players).valid:
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
            if first_meld_done or need.empty or _meets(ruleset, judge, hand, cards, need.points):
                return Verdict((), {"meld": [str(c) for c in cards]})
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


def _meets(ruleset: Ruleset, judge: Judge, hand: Sequence[Card], meld_cards: Sequence[Card], points: int) -> bool:
    """Do this meld and the best other melds of the hand reach `points`? (The planner finds the
    fewest points the rest can keep; what it melds is the rest less that.)"""
    meld, _ = judge.judge(meld_cards)
    assert meld is not None
    worth = KINDS[meld.kind].points(ruleset.scoring, meld)
    if worth >= points:
        return True
    rest = list(hand)
    for c in meld_cards[1:]:
        rest.remove(c)
    rest = [c for c in rest if c.rank not in judge.going_out_only and c not in judge.unmeldable]
    kept = least_cost(ruleset, rest, (), True, judge.rules.number or 1, None, objective="points")
    return worth + ruleset.scoring.hand_points(rest) - kept >= points
