"""The conditions on going out, as a table: each entry is one condition with neutral defaults
(no problem, no refusal, the situation as it is, the plain search, nothing after it), and
`check_going_out` runs the entries a ruleset names around its one search. A game with a
condition of its own adds an entry here; nothing else changes.

The hooks, in the order they run:
- `problems`: fields that cannot be judged (a 422), asked of every entry, named or not (a
  field sent for a condition the game does not have is one of them);
- `refuse`: a refusal before any search (the foot not yet taken);
- `situate`: the situation the search asks (a declaration always makes the first meld);
- `search`: an answer in place of the plain search (a knock), from the first entry that has one;
- `after`: what follows the search's best arrangement: a refusal, or a plan found another way.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

from referee.checks.canastas import canastas_words, morto_unused
from referee.checks.needwords import requirement_words
from referee.checks.situation import Situation
from referee.kinds.table import KINDS
from referee.planner.arrange import arrange
from referee.planner.kept_canastas import with_canastas
from referee.planner.plan import Arrangement, Goal, Plan
from referee.rules.ruleset import Ruleset
from referee.tablesolve.best import check_tiles, going_out_turn
from referee.values.cards import Card
from referee.values.errors import InvalidPlayError, Problem
from referee.values.i18n import N_, Nn_, t, tp, tpn
from referee.values.violations import Verdict, Violation, listed

Melds = Sequence[Sequence[Card]]


@dataclass
class Attempt:
    """One going out as the search left it: the situation it asked, the cards, the best
    arrangement, the plan that goes out (None: none yet), and a refusal once one is found."""

    situation: Situation
    hand: Sequence[Card]
    table: Melds
    best: Arrangement
    plan: Plan | None = None
    refusal: Violation | None = None


def search(situation: Situation, hand: Sequence[Card], table: Melds, objective: str = "cards") -> Arrangement:
    """The plain search: the best arrangement going out, with the final discard the rules allow."""
    rule = situation.rules.final_discard
    return arrange(situation, hand, table, Goal(objective, None if rule == "forbidden" else rule))


def _none(*_: object) -> list[Problem]:
    return []


def _never(*_: object) -> Violation | None:
    return None


def _same(situation: Situation, _: Sequence[Card]) -> Situation:
    return situation


def _nothing(_: Attempt) -> None:
    return None


@dataclass(frozen=True)
class Condition:
    """One condition on going out; see the module for its hooks."""

    name: str
    named: Callable[[Situation], bool]
    problems: Callable[[Situation, Sequence[Card], Melds], list[Problem]] = _none
    refuse: Callable[[Situation, Sequence[Card]], Violation | None] = _never
    situate: Callable[[Situation, Sequence[Card]], Situation] = _same
    search: Callable[[Situation, Sequence[Card], Melds], Verdict] | None = None
    after: Callable[[Attempt], None] = _nothing


def _out(situation: Situation, hand: Sequence[Card], sentence: str) -> Violation:
    return Violation("cannot_go_out", t(sentence, game=situation.ruleset.local_name), tuple(hand))


# ---------------------------------------------------------------- the side's melds (teams)

def _side_problems(situation: Situation, hand: Sequence[Card], table: Melds) -> list[Problem]:
    if situation.ruleset.teams is not None and table and not situation.first_meld_done:
        return [Problem("table", "unused_field", t(
            "the side has melds on the table, so its first meld is made: send first_meld_done true, or leave "
            "table out"))]
    return []


# ---------------------------------------------------------------- the foot and the morto

def _foot_problems(situation: Situation, hand: Sequence[Card], table: Melds) -> list[Problem]:
    # false is never out where the game has one; where it has none, the field says nothing
    if situation.foot_taken or situation.rules.from_foot:
        return []
    return [Problem("foot_taken", "unused_field", t(
        "{game} has no foot (a second hand a player goes out from); leave foot_taken out",
        game=situation.ruleset.local_name))]


def _morto_problems(situation: Situation, hand: Sequence[Card], table: Melds) -> list[Problem]:
    return [] if situation.morto_taken or situation.rules.after_morto else [morto_unused(situation.ruleset)]


def _foot_refusal(situation: Situation, hand: Sequence[Card]) -> Violation | None:
    return None if situation.foot_taken else _out(situation, hand, N_(
        "In {game} a player goes out from their foot: play out the hand first, then pick up the foot."))


def _morto_refusal(situation: Situation, hand: Sequence[Card]) -> Violation | None:
    return None if situation.morto_taken else _out(situation, hand, N_(
        "In {game} a side goes out only once it has taken its morto (the second hand it was dealt)."))


# ---------------------------------------------------------------- the whole hand at once

def _whole_hand_problems(situation: Situation, hand: Sequence[Card], table: Melds) -> list[Problem]:
    """A game that shows every meld at once when going out: no meld is on the table before it,
    and the hand is the whole hand after the draw."""
    if not situation.rules.whole_hand:
        return []
    ruleset, problems = situation.ruleset, []
    if table:
        problems.append(Problem("table", "unused_field", t(
            "{game} shows every meld at once when going out, so no meld is on the table before it; "
            "leave table out", game=ruleset.local_name)))
    sizes = [size + 1 for size in situation.rules.dealt(situation.players)]
    if sizes and len(hand) not in sizes:
        problems.append(Problem("hand", "wrong_hand_size", tpn(
            ruleset.deck.pieces,
            Nn_("the hand holds {n} card; {game} goes out with the whole hand after the draw, {size} cards",
                "the hand holds {n} cards; {game} goes out with the whole hand after the draw, {size} cards"),
            Nn_("the hand holds {n} tile; {game} goes out with the whole hand after the draw, {size} tiles",
                "the hand holds {n} tiles; {game} goes out with the whole hand after the draw, {size} tiles"),
            len(hand), game=ruleset.local_name, size=", ".join(map(str, sizes)))))
    return problems


def _first_meld_asked(situation: Situation, hand: Sequence[Card]) -> Situation:
    return situation.but(first_meld_done=False)  # a declaration or a knock: the first meld is always asked


def _concealed(situation: Situation) -> bool:
    """Going out concealed, all in one turn, needs no minimum (Canasta)."""
    need = situation.rules.first_meld
    return not situation.rules.concealed_minimum and bool(need.points) and not need.sized


def _no_minimum(situation: Situation, hand: Sequence[Card]) -> Situation:
    return situation if situation.first_meld_done else situation.but(first_meld_done=True)


# ---------------------------------------------------------------- the knock

def _knock(situation: Situation, hand: Sequence[Card], table: Melds) -> Verdict:
    """Games that end a hand by knocking (Gin Rummy): may this hand knock, its deadwood (the
    points outside the best arrangement, after the discard) at most the ruleset's?"""
    knock = situation.ruleset.scoring.knock
    assert knock is not None
    best = search(situation, hand, table, objective="points")
    if best.cost > knock.max_deadwood:
        left = best.plan.left
        return Verdict((Violation("cannot_knock", t(
            "To knock, your deadwood must be {most} or less; the best arrangement still leaves {cost} ({cards}).",
            most=knock.max_deadwood, cost=best.cost, cards=listed(left, situation.ruleset.deck)), tuple(left)),))
    return Verdict((), {"plan": laid_down(situation, best.plan).as_dict(), "deadwood": best.cost})


# ---------------------------------------------------------------- the canastas required

def _canastas_after(attempt: Attempt) -> None:
    situation = attempt.situation
    if attempt.best.cost != 0:
        return

    out = with_canastas(situation, attempt.hand, attempt.table, search, attempt.best)
    if out is None:
        rummy = situation.ruleset.rummy
        need = canastas_words(situation.rules.requires, (rummy.canasta_min if rummy else None) or 0)
        attempt.refusal = Violation("cannot_go_out", t(
            "To go out your side must hold {need} on the table afterwards; no way of playing these cards "
            "out does that.", need=need), tuple(attempt.hand))
    else:
        attempt.best, attempt.plan = out, out.plan


# ---------------------------------------------------------------- the first meld, made by a discard alone

def _first_meld_after(attempt: Attempt) -> None:
    """Only a discard: a player who has not made the first meld cannot go out by it."""
    plan, situation = attempt.plan, attempt.situation
    if plan is not None and not situation.first_meld_done and not plan.melds:
        attempt.refusal = Violation("cannot_go_out", t(
            "To go out you must first make the first meld ({need}).",
            need=requirement_words(situation.rules.first_meld)), tuple(attempt.hand))


# ---------------------------------------------------------------- the table rebuilt (Rummikub, Remi)

def _rearranged(situation: Situation) -> bool:
    return situation.ruleset.rummy is not None and situation.ruleset.rummy.rearrange


def _tile_problems(situation: Situation, hand: Sequence[Card], table: Melds) -> list[Problem]:
    if _rearranged(situation):
        check_tiles(situation, table, hand)  # a 422 naming the tile, as a turn's checks give it
    return []


# The discards a way out that rebuilds the table may end with, by `going_out.final_discard`:
# none, one of the hand's tiles (`discardable`), or either.
_LAST_DISCARDS: dict[str, Callable[[list[Card]], list[Card | None]]] = {
    "forbidden": lambda discardable: [None],
    "required": lambda discardable: [*discardable],
    "optional": lambda discardable: [None, *discardable],
}


def _rebuild_after(attempt: Attempt) -> None:
    """Where the table may be rebuilt: a turn that rebuilds it and plays the whole hand but the
    discard the rules ask for, as a plan carrying the table after it (the melds it makes or
    changes as its `melds`)."""
    situation, hand, table = attempt.situation, attempt.hand, attempt.table
    if attempt.plan is None and situation.first_meld_done:
        judge, value = situation.judge(False), situation.ruleset.scoring.value
        discardable = sorted({c for c in hand if judge.rules.discard_wild or c.rank not in judge.unnatural_ranks},
                             key=lambda c: (value(c), str(c)))
        turn = going_out_turn(situation, table, hand, _LAST_DISCARDS[judge.rules.final_discard](discardable))
        if turn is not None:
            before = Counter(tuple(sorted(map(str, m))) for m in table)
            changed = [m for m in turn.table if not _kept(before, m)]
            attempt.plan = Plan(melds=tuple(changed), discard=turn.left[0] if turn.left else None, table=turn.table,
                                rebuilt=True)
    if attempt.plan is not None and not attempt.plan.table:
        attempt.plan = attempt.plan.with_table(table)


def _kept(before: Counter[tuple[str, ...]], meld: Sequence[Card]) -> bool:
    """Whether `meld` stands on the table as it stood before the turn (each such meld once)."""
    key = tuple(sorted(map(str, meld)))
    if before[key]:
        before[key] -= 1
        return True
    return False


# ---------------------------------------------------------------- the wild last discard

def _wild_discard_after(attempt: Attempt) -> None:
    """Where the last discard may not be a wild card: these cards would go out were it allowed."""
    situation = attempt.situation
    if attempt.plan is not None or situation.rules.final_discard == "forbidden":
        return
    try:
        out = search(situation.but(ruleset=_wild_discard_allowed(situation.ruleset)), attempt.hand,
                     attempt.table).cost == 0
    except InvalidPlayError:
        out = False  # past the request's budget
    if out:
        judge = situation.judge(False)
        attempt.refusal = Violation("cannot_go_out", tp(
            judge.deck.pieces, N_("These cards go out only by discarding a wild card last, and the last discard may "
                                  "not be a wild card."),
            N_("These tiles go out only by discarding a wild tile last, and the last discard may not be a wild tile.")),
            tuple(c for c in attempt.hand if c.rank in judge.wild_ranks))


@lru_cache(maxsize=64)
def _wild_discard_allowed(ruleset: Ruleset) -> Ruleset:
    rummy = ruleset.rummy
    assert rummy is not None
    return replace(ruleset, rummy=replace(rummy, base=replace(rummy.base, discard_wild=True),
                                          rounds=tuple(replace(r, discard_wild=True) for r in rummy.rounds)))


# ---------------------------------------------------------------- the table

CONDITIONS: tuple[Condition, ...] = (
    Condition("side", lambda s: s.ruleset.teams is not None, problems=_side_problems),
    Condition("foot", lambda s: s.rules.from_foot, problems=_foot_problems, refuse=_foot_refusal),
    Condition("morto", lambda s: s.rules.after_morto, problems=_morto_problems, refuse=_morto_refusal),
    Condition("whole_hand", lambda s: s.rules.whole_hand, problems=_whole_hand_problems, situate=_first_meld_asked),
    Condition("concealed", _concealed, situate=_no_minimum),
    Condition("rebuild", _rearranged, problems=_tile_problems, after=_rebuild_after),
    Condition("knock", lambda s: s.ruleset.scoring.knock is not None, search=_knock),
    Condition("canastas", lambda s: not s.rules.requires.empty, after=_canastas_after),
    Condition("first_meld", lambda s: not s.first_meld_done and not s.rules.first_meld.empty,
              after=_first_meld_after),
    Condition("wild_discard", lambda s: not s.rules.discard_wild, after=_wild_discard_after),
)


def laid_down(situation: Situation, plan: Plan) -> Plan:
    """The plan with each new meld's cards (and each meld of the table after it, where it
    carries one) in the order a player lays them down (a run by rank, each wild card in its
    place), as its kind reads the meld."""
    judge = situation.judge(False)

    def in_order(melds: Melds) -> tuple[tuple[Card, ...], ...]:
        out = []
        for cards in melds:
            meld, _ = judge.judge(cards, wild_limit=False)
            out.append(tuple(KINDS[meld.kind].in_order(meld, judge.deck.ranks)) if meld is not None else tuple(cards))
        return tuple(out)

    return plan._replace(melds=in_order(plan.melds), table=None if plan.table is None else in_order(plan.table))
