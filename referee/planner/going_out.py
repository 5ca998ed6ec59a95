"""Going out and knocking, answered: may this hand go out (or knock), with the plan that does
it, or the words that say why not."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import lru_cache

from referee.checks.canastas import canastas_words, morto_unused
from referee.checks.judge import Judge, judge_for
from referee.kinds.needwords import requirement_words
from referee.kinds.table import KINDS
from referee.planner.arrange import arrange
from referee.planner.kept_canastas import with_canastas
from referee.planner.plan import Arrangement, Plan
from referee.planner.prepared import judge_geometry
from referee.rules.byscore import with_score
from referee.rules.phases import with_phase
from referee.rules.ruleset import Ruleset
from referee.tablesolve.best import check_tiles, going_out_turn
from referee.values.budget import Budget, shared_budget
from referee.values.cards import Card
from referee.values.errors import InvalidPlayError, Problem
from referee.values.i18n import N_, Nn_, t, tp, tpn
from referee.values.violations import Verdict, Violation, listed


def check_going_out(ruleset: Ruleset, hand: Sequence[Card], table: Sequence[Sequence[Card]] = (),
                    first_meld_done: bool = True, round_number: int = 1,
                    players: int | None = None, *, budget: Budget | None = None,
                    wild_rank: str | None = None, phase: int | None = None, score: int | None = None,
                    foot_taken: bool = True, morto_taken: bool = True) -> Verdict:
    """Can the whole hand be melded or laid off, leaving at most the discard the rules allow?

    One search answers it, the final discard being a card set aside in it; `budget` bounds
    the planning of the whole request (a 422 past it). Where each player holds a contract,
    the first meld is the player's `phase`, needed while it is not made; where its minimum
    depends on the score, `score` (the side's) gives it. Where the side must hold canastas
    afterwards (`going_out.requires`), a way out must leave them on its table."""
    assert ruleset.rummy is not None
    ruleset = with_score(with_phase(ruleset, phase, needed=not first_meld_done), score)
    budget = budget or shared_budget(ruleset.deck.pieces)
    judge = judge_for(ruleset, round_number, players, wild_rank=wild_rank)
    if ruleset.teams is not None and table and not first_meld_done:
        raise InvalidPlayError(Problem("table", "unused_field", t(
            "the side has melds on the table, so its first meld is made: send first_meld_done true, or leave "
            "table out")))
    # false is never out where the game has one; where it has none, the field says nothing
    unused = [] if foot_taken or judge.rules.from_foot else [Problem("foot_taken", "unused_field", t(
        "{game} has no foot (a second hand a player goes out from); leave foot_taken out", game=ruleset.local_name))]
    if not morto_taken and not judge.rules.after_morto:
        unused.append(morto_unused(ruleset))
    if unused:
        raise InvalidPlayError(unused)
    if judge.rules.from_foot and not foot_taken:
        return Verdict((Violation("cannot_go_out", t(
            "In {game} a player goes out from their foot: play out the hand first, then pick up the foot.",
            game=ruleset.local_name), tuple(hand)),))
    if judge.rules.after_morto and not morto_taken:
        return Verdict((Violation("cannot_go_out", t(
            "In {game} a side goes out only once it has taken its morto (the second hand it was dealt).",
            game=ruleset.local_name), tuple(hand)),))
    if judge.rules.whole_hand:  # a declaration or a knock: the first meld is always asked
        problems = _whole_hand_problems(ruleset, judge, hand, table, players)
        if problems:
            raise InvalidPlayError(problems)
        first_meld_done = False
    if not first_meld_done and not judge.rules.concealed_minimum and judge.rules.first_meld.points \
            and not judge.rules.first_meld.sized:
        first_meld_done = True  # going out concealed, all in one turn: no minimum (Canasta)
    rearrange = ruleset.rummy is not None and ruleset.rummy.rearrange
    if rearrange:
        check_tiles(ruleset, table, hand, players)  # a 422 naming the tile, as a turn's checks give it
    everything = list(hand) + [c for meld in table for c in meld]
    impossible = tuple(judge.card_violations(everything))  # not in the deck, or too many copies
    if impossible:
        return Verdict(impossible)
    rule = judge.rules.final_discard
    knock = ruleset.scoring.knock
    if knock is not None:
        return _knock(ruleset, hand, table, first_meld_done, round_number, players, knock.max_deadwood,
                      None if rule == "forbidden" else rule, budget, wild_rank)
    best = arrange(ruleset, hand, table, first_meld_done, round_number, players, objective="cards",
                   discard=None if rule == "forbidden" else rule, budget=budget, wild_rank=wild_rank)
    if not judge.rules.requires.empty and best.cost == 0:
        def plan_out(rules: Ruleset, cards: Sequence[Card], melds: Sequence[Sequence[Card]], done: bool) -> Arrangement:
            return arrange(rules, cards, melds, done, round_number, players, objective="cards",
                           discard=None if rule == "forbidden" else rule, budget=budget, wild_rank=wild_rank)

        out = with_canastas(ruleset, judge, hand, table, first_meld_done, plan_out, budget, best)
        if out is None:
            need = canastas_words(judge.rules.requires, (ruleset.rummy.canasta_min if ruleset.rummy else None) or 0)
            return Verdict((Violation("cannot_go_out", t(
                "To go out your side must hold {need} on the table afterwards; no way of playing these cards "
                "out does that.", need=need), tuple(hand)),))
        best = out
    plan = best.plan if best.cost == 0 else None
    if plan is not None and not first_meld_done and not judge.rules.first_meld.empty and not plan.melds:
        # Only a discard: a player who has not made the first meld cannot go out by it.
        return Verdict((Violation(
            "cannot_go_out",
            t("To go out you must first make the first meld ({need}).", need=requirement_words(judge.rules.first_meld)),
            tuple(hand)),))
    if plan is None and rearrange and first_meld_done:
        plan = _out_by_rebuilding(ruleset, judge, hand, table, players, budget)
    if plan is not None and rearrange:
        return Verdict((), {"plan": _laid_down(judge, plan if plan.table else plan.with_table(table)).as_dict()})
    if plan is None and not judge.rules.discard_wild and rule != "forbidden" and _out_by_wild_discard(
            ruleset, hand, table, first_meld_done, round_number, players, rule, budget, wild_rank):
        return Verdict((Violation("cannot_go_out", tp(
            judge.deck.pieces, N_("These cards go out only by discarding a wild card last, and the last discard may "
                                  "not be a wild card."),
            N_("These tiles go out only by discarding a wild tile last, and the last discard may not be a wild tile.")),
            tuple(c for c in hand if c.rank in judge.wild_ranks)),))
    if plan is None:
        if rule == "required" and best.cost < _largest_needed(judge, first_meld_done) and _melds_whole(
                ruleset, hand, table, first_meld_done, round_number, players, budget, wild_rank):
            return Verdict((Violation("cannot_go_out", tp(
                judge.deck.pieces, N_("Every card of this hand melds, but going out ends with a discard: one card "
                                      "must be left over to discard."),
                N_("Every tile of this hand melds, but going out ends with a discard: one tile must be left over "
                   "to discard.")), tuple(hand)),))
        kept = best.plan.not_played(judge_geometry(judge))
        if not first_meld_done and not judge.rules.first_meld.empty:
            after = _after_first_meld(ruleset, hand, table, round_number, players,
                                      None if rule == "forbidden" else rule, budget, wild_rank)
            said = _first_meld_words(judge, rule, bool(best.plan.melds), hand, after) if after else None
            if said is not None:
                return Verdict((Violation("cannot_go_out", *said),))
        return Verdict((Violation("cannot_go_out", _left_over(judge, rule, kept), tuple(kept)),))
    return Verdict((), {"plan": _laid_down(judge, plan).as_dict()})


def _after_first_meld(ruleset: Ruleset, hand: Sequence[Card], table: Sequence[Sequence[Card]],
                      round_number: int, players: int | None, discard: str | None,
                      budget: Budget | None, wild_rank: str | None) -> Arrangement | None:
    """The fewest cards these cards would leave were the first meld made already, to word a
    refusal before it; None past the request's budget (the refusal keeps its plain words)."""
    try:
        return arrange(ruleset, hand, table, True, round_number, players, objective="cards",
                       discard=discard, budget=budget, wild_rank=wild_rank)
    except InvalidPlayError:
        return None


def _laid_down(judge: Judge, plan: Plan) -> Plan:
    """The plan with each new meld's cards (and each meld of the table after it, where it
    carries one) in the order a player lays them down (a run by rank, each wild card in its
    place), as its kind reads the meld."""
    def in_order(melds: Sequence[Sequence[Card]]) -> tuple[tuple[Card, ...], ...]:
        out = []
        for cards in melds:
            meld, _ = judge.judge(cards, wild_limit=False)
            out.append(tuple(KINDS[meld.kind].in_order(meld, judge.deck.ranks)) if meld is not None else tuple(cards))
        return tuple(out)

    return plan._replace(melds=in_order(plan.melds), table=None if plan.table is None else in_order(plan.table))


# The discards a way out that rebuilds the table may end with, by `going_out.final_discard`:
# none, one of the hand's tiles (`discardable`), or either.
_LAST_DISCARDS: dict[str, Callable[[list[Card]], list[Card | None]]] = {
    "forbidden": lambda discardable: [None],
    "required": lambda discardable: [*discardable],
    "optional": lambda discardable: [None, *discardable],
}


def _out_by_rebuilding(ruleset: Ruleset, judge: Judge, hand: Sequence[Card], table: Sequence[Sequence[Card]],
                       players: int | None, budget: Budget) -> Plan | None:
    """Where the table may be rebuilt: a turn that rebuilds it and plays the whole hand but the
    discard the rules ask for, as a plan carrying the table after it (the melds it makes or
    changes as its `melds`); None where none does."""
    value = ruleset.scoring.value
    discardable = sorted({c for c in hand if judge.rules.discard_wild or c.rank not in judge.unnatural_ranks},
                         key=lambda c: (value(c), str(c)))
    turn = going_out_turn(ruleset, table, hand, _LAST_DISCARDS[judge.rules.final_discard](discardable),
                          players, budget)
    if turn is None:
        return None
    before = Counter(tuple(sorted(map(str, m))) for m in table)
    changed = [m for m in turn.table if not _kept(before, m)]
    return Plan(melds=tuple(changed), discard=turn.left[0] if turn.left else None, table=turn.table, rebuilt=True)


def _kept(before: Counter[tuple[str, ...]], meld: Sequence[Card]) -> bool:
    """Whether `meld` stands on the table as it stood before the turn (each such meld once)."""
    key = tuple(sorted(map(str, meld)))
    if before[key]:
        before[key] -= 1
        return True
    return False


def _out_by_wild_discard(ruleset: Ruleset, hand: Sequence[Card], table: Sequence[Sequence[Card]],
                         first_meld_done: bool, round_number: int, players: int | None, rule: str,
                         budget: Budget | None, wild_rank: str | None) -> bool:
    """Where the last discard may not be a wild card (`going_out.discard_wild`), would these
    cards go out were it allowed? False past the request's budget."""
    rummy = ruleset.rummy
    assert rummy is not None
    allowed = _wild_discard_allowed(ruleset)
    try:
        return arrange(allowed, hand, table, first_meld_done, round_number, players, objective="cards",
                       discard=rule, budget=budget, wild_rank=wild_rank).cost == 0
    except InvalidPlayError:
        return False


@lru_cache(maxsize=64)
def _wild_discard_allowed(ruleset: Ruleset) -> Ruleset:
    rummy = ruleset.rummy
    assert rummy is not None
    return replace(ruleset, rummy=replace(rummy, base=replace(rummy.base, discard_wild=True),
                                          rounds=tuple(replace(r, discard_wild=True) for r in rummy.rounds)))


def _largest_needed(judge: Judge, first_meld_done: bool) -> int:
    """The most cards one meld may need: where a whole hand melds but for its discard, taking
    the discard out of its meld leaves fewer cards than that."""
    sizes = [rule.min for rule in judge.rules.melds]
    if not first_meld_done:
        sizes += [size for _, asked in judge.rules.first_meld.sized for size in asked]
    return max(sizes, default=0)


def _melds_whole(ruleset: Ruleset, hand: Sequence[Card], table: Sequence[Sequence[Card]], first_meld_done: bool,
                 round_number: int, players: int | None, budget: Budget | None, wild_rank: str | None) -> bool:
    """Whether the hand, which cannot go out with a final discard, plays every card without
    one (so the discard is all it lacks); False past the request's budget."""
    try:
        return arrange(ruleset, hand, table, first_meld_done, round_number, players, objective="cards",
                       discard=None, budget=budget, wild_rank=wild_rank).cost == 0
    except InvalidPlayError:
        return False


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


def _whole_hand_problems(ruleset: Ruleset, judge: Judge, hand: Sequence[Card],
                         table: Sequence[Sequence[Card]], players: int | None) -> list[Problem]:
    """A game that shows every meld at once when going out: no meld is on the table before it,
    and the hand is the whole hand after the draw."""
    problems = []
    if table:
        problems.append(Problem("table", "unused_field", t(
            "{game} shows every meld at once when going out, so no meld is on the table before it; "
            "leave table out", game=ruleset.local_name)))
    sizes = [size + 1 for size in judge.rules.dealt(players)]
    if sizes and len(hand) not in sizes:
        problems.append(Problem("hand", "wrong_hand_size", tpn(
            judge.deck.pieces,
            Nn_("the hand holds {n} card; {game} goes out with the whole hand after the draw, {size} cards",
                "the hand holds {n} cards; {game} goes out with the whole hand after the draw, {size} cards"),
            Nn_("the hand holds {n} tile; {game} goes out with the whole hand after the draw, {size} tiles",
                "the hand holds {n} tiles; {game} goes out with the whole hand after the draw, {size} tiles"),
            len(hand), game=ruleset.local_name, size=", ".join(map(str, sizes)))))
    return problems


def _knock(ruleset: Ruleset, hand: Sequence[Card], table: Sequence[Sequence[Card]], first_meld_done: bool,
           round_number: int, players: int | None, most: int, discard: str | None,
           budget: Budget | None, wild_rank: str | None) -> Verdict:
    """Games that end a hand by knocking (Gin Rummy): may this hand knock, its deadwood (the
    points outside the best arrangement, after the discard) at most `most`?"""
    best = arrange(ruleset, hand, table, first_meld_done, round_number, players, objective="points",
                   discard=discard, budget=budget, wild_rank=wild_rank)
    if best.cost > most:
        left = best.plan.left
        return Verdict((Violation(
            "cannot_knock",
            t("To knock, your deadwood must be {most} or less; the best arrangement still leaves "
                "{cost} ({cards}).", most=most, cost=best.cost, cards=listed(left, ruleset.deck)), tuple(left)),))
    judge = judge_for(ruleset, round_number, players, wild_rank=wild_rank)
    return Verdict((), {"plan": _laid_down(judge, best.plan).as_dict(), "deadwood": best.cost})
