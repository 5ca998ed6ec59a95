"""Going out and knocking, answered: may this hand go out (or knock), with the plan that does
it, or the words that say why not. One search answers it, run inside the conditions the
ruleset names (`referee.planner.conditions`); what is left here is the search and the words."""

from __future__ import annotations

from collections.abc import Sequence

from referee.checks.judge import Judge
from referee.checks.needwords import requirement_words
from referee.checks.situation import Situation
from referee.planner.arrange import arrange
from referee.planner.conditions import CONDITIONS, Attempt, Melds, laid_down, search
from referee.planner.plan import Arrangement, Goal
from referee.planner.prepared import judge_geometry
from referee.values.cards import Card
from referee.values.errors import InvalidPlayError
from referee.values.i18n import N_, Nn_, tp, tpn
from referee.values.violations import Verdict, Violation, listed


def check_going_out(situation: Situation, hand: Sequence[Card], table: Melds = ()) -> Verdict:
    """Can the whole hand be melded or laid off, leaving at most the discard the rules allow?

    One search answers it, the final discard being a card set aside in it; the situation's
    budget bounds the planning of the whole request (a 422 past it). The conditions the
    ruleset names run around it, in the order of their table."""
    assert situation.ruleset.rummy is not None
    if not situation.first_meld_done:
        situation.contract()
    problems = [p for c in CONDITIONS for p in c.problems(situation, hand, table)]
    if problems:
        raise InvalidPlayError(problems)
    named = [c for c in CONDITIONS if c.named(situation)]
    for condition in named:
        refusal = condition.refuse(situation, hand)
        if refusal is not None:
            return Verdict((refusal,))
    for condition in named:
        situation = condition.situate(situation, hand)
    judge = situation.judge(False)
    impossible = tuple(judge.card_violations([*hand, *(c for meld in table for c in meld)]))
    if impossible:  # not in the deck, or too many copies
        return Verdict(impossible)
    named = [c for c in CONDITIONS if c.named(situation)]
    instead = next((c.search for c in named if c.search is not None), None)
    if instead is not None:
        return instead(situation, hand, table)
    best = search(situation, hand, table)
    attempt = Attempt(situation, hand, table, best, best.plan if best.cost == 0 else None)
    for condition in named:
        condition.after(attempt)
        if attempt.refusal is not None:
            return Verdict((attempt.refusal,))
    if attempt.plan is not None:
        return Verdict((), {"plan": laid_down(situation, attempt.plan).as_dict()})
    return Verdict((_not_out(attempt),))


def _not_out(attempt: Attempt) -> Violation:
    """Why these cards cannot go out, in words: the discard all they lack, the first meld, or
    the cards the best arrangement still leaves."""
    situation, hand, best = attempt.situation, attempt.hand, attempt.best
    judge = situation.judge(False)
    rule = judge.rules.final_discard
    done = situation.first_meld_done
    if rule == "required" and best.cost < _largest_needed(judge, done) and _melds_whole(attempt):
        return Violation("cannot_go_out", tp(
            judge.deck.pieces, N_("Every card of this hand melds, but going out ends with a discard: one card "
                                  "must be left over to discard."),
            N_("Every tile of this hand melds, but going out ends with a discard: one tile must be left over "
               "to discard.")), tuple(hand))
    kept = best.plan.not_played(judge_geometry(judge))
    if not done and not judge.rules.first_meld.empty:
        after = _after_first_meld(attempt)
        said = _first_meld_words(judge, rule, bool(best.plan.melds), hand, after) if after else None
        if said is not None:
            return Violation("cannot_go_out", *said)
    return Violation("cannot_go_out", _left_over(judge, rule, kept), tuple(kept))


def _after_first_meld(attempt: Attempt) -> Arrangement | None:
    """The fewest cards these cards would leave were the first meld made already, to word a
    refusal before it; None past the request's budget (the refusal keeps its plain words)."""
    try:
        return search(attempt.situation.but(first_meld_done=True), attempt.hand, attempt.table)
    except InvalidPlayError:
        return None


def _melds_whole(attempt: Attempt) -> bool:
    """Whether the hand, which cannot go out with a final discard, plays every card without
    one (so the discard is all it lacks); False past the request's budget."""
    situation = attempt.situation
    try:
        return arrange(situation, attempt.hand, attempt.table, Goal("cards")).cost == 0
    except InvalidPlayError:
        return False


def _largest_needed(judge: Judge, first_meld_done: bool) -> int:
    """The most cards one meld may need: where a whole hand melds but for its discard, taking
    the discard out of its meld leaves fewer cards than that."""
    sizes = [rule.min for rule in judge.rules.melds]
    if not first_meld_done:
        sizes += [size for _, asked in judge.rules.first_meld.sized for size in asked]
    return max(sizes, default=0)


def _first_meld_words(judge: Judge, rule: str, made: bool, hand: Sequence[Card],
                      after: Arrangement) -> tuple[str, tuple[Card, ...]] | None:
    """Why a hand cannot go out before its first meld, where the first meld is the reason:
    it cannot be made (`made` False), or what follows it must wait a turn. None: the plain
    words (the cards the best arrangement leaves) say it better."""
    need = requirement_words(judge.rules.first_meld)
    if after.cost == 0:
        if made and judge.rules.lay_off.allowed == "next_turn":
            return tp(judge.deck.pieces, N_("The first meld ({need}) can be made, but the other cards would have "
                                            "to be laid off, and lay-offs start only on the turn after the first "
                                            "meld."),
                      N_("The first meld ({need}) can be made, but the other tiles would have to be laid off, and "
                         "lay-offs start only on the turn after the first meld."), need=need), tuple(hand)
        pieces = judge.deck.pieces
        return (tp(pieces, N_("To go out you must make the first meld ({need}) and play every card in this turn; "
                              "no arrangement of these cards does both."),
                   N_("To go out you must make the first meld ({need}) and play every tile in this turn; no "
                      "arrangement of these tiles does both."), need=need) if rule == "forbidden" else tp(
            pieces, N_("To go out you must make the first meld ({need}) and play every card but one final discard "
                       "in this turn; no arrangement of these cards does both."),
            N_("To go out you must make the first meld ({need}) and play every tile but one final discard in this "
               "turn; no arrangement of these tiles does both."), need=need)), tuple(hand)
    if made:
        return None
    kept = after.plan.not_played(judge_geometry(judge))
    return tpn(judge.deck.pieces, Nn_(
        "These cards cannot make the first meld ({need}); even with it made, the best arrangement would still "
        "leave {n} card ({cards}).", "These cards cannot make the first meld ({need}); even with it made, the "
        "best arrangement would still leave {n} cards ({cards})."), Nn_(
        "These tiles cannot make the first meld ({need}); even with it made, the best arrangement would still "
        "leave {n} tile ({cards}).", "These tiles cannot make the first meld ({need}); even with it made, the "
        "best arrangement would still leave {n} tiles ({cards})."), len(kept), need=need,
        cards=listed(kept, judge.deck)), tuple(kept)


def _left_over(judge: Judge, rule: str, kept: Sequence[Card]) -> str:
    """Why a hand cannot go out: the cards its best arrangement still leaves."""
    said = _LEFT_OVER[(judge.rules.lay_off.refusal(True, False) is None, rule == "forbidden")]
    return tpn(judge.deck.pieces, said[0], said[1], len(kept), cards=listed(kept, judge.deck))


# What a hand's best arrangement leaves, said of cards and of tiles, by (lay-offs allowed,
# going out without a discard).
_LEFT_OVER = {
    (False, True): (
        Nn_("To go out you must meld every card; the best arrangement still leaves {n} card ({cards}).",
            "To go out you must meld every card; the best arrangement still leaves {n} cards ({cards})."),
        Nn_("To go out you must meld every tile; the best arrangement still leaves {n} tile ({cards}).",
            "To go out you must meld every tile; the best arrangement still leaves {n} tiles ({cards}).")),
    (False, False): (
        Nn_("To go out you must meld all but one final discard; the best arrangement still leaves {n} card "
            "({cards}).", "To go out you must meld all but one final discard; the best arrangement still "
            "leaves {n} cards ({cards})."),
        Nn_("To go out you must meld all but one final discard; the best arrangement still leaves {n} tile "
            "({cards}).", "To go out you must meld all but one final discard; the best arrangement still "
            "leaves {n} tiles ({cards}).")),
    (True, True): (
        Nn_("To go out you must meld or lay off every card; the best arrangement still leaves "
            "{n} card ({cards}).", "To go out you must meld or lay off every card; the best "
            "arrangement still leaves {n} cards ({cards})."),
        Nn_("To go out you must meld or lay off every tile; the best arrangement still leaves {n} tile "
            "({cards}).", "To go out you must meld or lay off every tile; the best arrangement still leaves "
            "{n} tiles ({cards}).")),
    (True, False): (
        Nn_("To go out you must meld or lay off all but one final discard; the best arrangement still "
            "leaves {n} card ({cards}).", "To go out you must meld or lay off all but one final discard; "
            "the best arrangement still leaves {n} cards ({cards})."),
        Nn_("To go out you must meld or lay off all but one final discard; the best arrangement still "
            "leaves {n} tile ({cards}).", "To go out you must meld or lay off all but one final discard; "
            "the best arrangement still leaves {n} tiles ({cards})."))}
