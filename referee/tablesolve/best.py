"""The best turn on a table that may be rearranged: the most hand tiles this turn can play,
then the most points, with one legal table that plays them.

After the first meld every tile on the table stays on it, in melds that may all be rebuilt;
before it, the new melds come from the hand alone, worth the first meld's points together,
and the table is returned as it was with the new melds after it. The tie between equal
counts is the tiles' worth left on a rack (`scoring.card_values`): a joker counts its own
value there (30 in Rummikub), wherever it stands.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from referee.checks.plays import check_meld
from referee.checks.situation import Situation
from referee.checks.turns import refuse_fixed_table
from referee.rules.ruleset import Ruleset
from referee.tablesolve.rebuild import rebuilt
from referee.tablesolve.search import (
    NONE,
    Counts,
    TileSearch,
    collector_paused,
    played_value,
    type_counts,
)
from referee.tablesolve.shape import TileShape, shape_of, unsupported
from referee.values.budget import Budget, OverBudget
from referee.values.cards import JOKER, Card, texts
from referee.values.errors import InvalidPlayError, Problem
from referee.values.i18n import tn

MOST_ON_TABLE = 60  # tiles on the table the search takes
MOST_IN_HAND = 40   # tiles in the hand


@dataclass(frozen=True)
class BestTurn:
    """The answer: the hand tiles played, the table after the turn, the hand tiles left."""

    played: tuple[Card, ...]
    table: tuple[tuple[Card, ...], ...]
    left: tuple[Card, ...]
    points: int = 0  # the played tiles' worth on a rack (the tie rule)

    def as_dict(self) -> dict[str, object]:
        return {"played": texts(self.played), "table": [texts(m) for m in self.table], "left": texts(self.left)}


class _Position(NamedTuple):
    """What every search of one request's position shares: the set's shape, the table (its
    melds and its tiles), whether the first meld is made and the points it needs, the budget,
    and the request's hand size (as a refusal names it)."""

    shape: TileShape
    table: Sequence[Sequence[Card]]
    on_table: Sequence[Card]
    first_meld_done: bool
    points_needed: int
    budget: Budget
    hand_size: int


def best_turn(situation: Situation, table: Sequence[Sequence[Card]], hand: Sequence[Card]) -> BestTurn:
    """The best turn for `hand` at `table` (see the module); a 422 for a position too large,
    tiles the set cannot hold, a table meld that is not legal, or past the request's budget."""
    ruleset, players, first_meld_done, budget = (situation.ruleset, situation.players, situation.first_meld_done,
                                                  situation.budget)
    refuse_fixed_table(ruleset)
    assert ruleset.rummy is not None
    rules = ruleset.rummy.round(1)
    shape = shape_of(ruleset, rules, players)
    on_table = [c for meld in table for c in meld]
    _bounded(on_table, hand, ruleset.deck.pieces)
    check_tiles(situation, table, hand)
    requirement = rules.first_meld
    if not first_meld_done and (requirement.sized or requirement.melds or requirement.pure
                                or not requirement.extra_melds or not requirement.from_hand_only):
        raise unsupported(ruleset)
    try:
        with collector_paused():
            position = _Position(shape, table, on_table, first_meld_done, requirement.points, budget, len(hand))
            found = _solved(position, hand)
            if rules.final_discard == "required" and hand and not found.left:
                found = _keeping_one_back(ruleset, position, hand)
    except OverBudget as spent:
        raise _too_large(spent, len(on_table) if first_meld_done else 0, len(hand)) from None
    return found


def going_out_turn(situation: Situation, table: Sequence[Sequence[Card]], hand: Sequence[Card],
                   discards: Sequence[Card | None]) -> BestTurn | None:
    """A turn after the first meld that rebuilds the table and plays every tile of `hand` but
    one of `discards` (None: no discard): that turn, its `left` the discard, or None where no
    such turn exists.

    The whole hand is searched first: the most tiles a turn plays bound every way out, so where
    it leaves two tiles or more none exists, and where it leaves one of `discards` (or none, and
    None is one) that is the way. Only where it plays them all but a discard is needed are the
    discards tried, in the order given, each a search of the hand without it."""
    ruleset, budget = situation.ruleset, situation.budget
    refuse_fixed_table(ruleset)
    assert ruleset.rummy is not None
    shape = shape_of(ruleset, ruleset.rummy.round(1), situation.players)
    on_table = [c for meld in table for c in meld]
    _bounded(on_table, hand, ruleset.deck.pieces)
    try:
        with collector_paused():
            position = _Position(shape, table, on_table, True, 0, budget, len(hand))
            whole = _solved(position, hand)
            if len(whole.left) > 1:
                return None
            if whole.played and (whole.left[0] if whole.left else None) in discards:
                return whole
            for discard in discards:
                if discard is None or whole.left == (discard,):
                    continue  # the whole hand's search answered these
                rest = list(hand)
                rest.remove(discard)
                turn = _solved(position, rest)
                if not turn.left and turn.played:
                    return BestTurn(turn.played, turn.table, (discard,), turn.points)
    except OverBudget as spent:
        raise _too_large(spent, len(on_table), len(hand)) from None
    return None


def _keeping_one_back(ruleset: Ruleset, position: _Position, hand: Sequence[Card]) -> BestTurn:
    """Every turn ends with a discard, and the best turn played the whole hand: the best turn
    that keeps one tile back. Keeping back tile t plays at most the others, worth the whole
    hand less t; so the tiles are tried cheapest first, and the first that lets all the others
    be played is the answer (none cheaper is left to try)."""
    value = ruleset.scoring.value
    best: BestTurn | None = None
    for card in sorted(dict.fromkeys(hand), key=value):
        if best is not None and len(best.played) == len(hand) - 1:
            break  # the most a kept tile allows, and no cheaper tile is left
        rest = list(hand)
        rest.remove(card)
        turn = _solved(position, rest)
        turn = BestTurn(turn.played, turn.table, (*turn.left, card), turn.points)
        if best is None or (len(turn.played), turn.points) > (len(best.played), best.points):
            best = turn
    assert best is not None
    return best if best.played else BestTurn((), tuple(tuple(m) for m in position.table), tuple(hand))


def _solved(position: _Position, hand: Sequence[Card]) -> BestTurn:
    """The best turn with every hand tile free to play."""
    shape, table, on_table, first_meld_done, points_needed, budget, hand_size = position
    counts = _counts(shape, on_table if first_meld_done else [], hand)
    need = 0 if first_meld_done else points_needed
    if need and shape.run_min is not None and shape.group_min is not None and shape.jokers >= shape.run_min - 1:
        shape = shape.tracking()  # a run of one natural tile and jokers is worth a group's points
    if need and shape.high_first and counts.hand_jokers:
        shape = shape.leading()  # a joker below a run's tiles that could stand above them counts where the judge reads it
    search = TileSearch(shape, counts, need, budget, hand_size)
    value = search.best()
    unchanged = BestTurn((), tuple(tuple(m) for m in table), tuple(hand))
    if value <= NONE or value == 0:
        search.drop()
        return unchanged
    melds, played = rebuilt(search)
    search.drop()
    _, points = played_value(value)
    if not first_meld_done:
        melds = [tuple(m) for m in table] + melds
    left: Counter[Card] = Counter(played)
    kept = []
    taken = []
    for card in hand:
        if left[card]:
            left[card] -= 1
            taken.append(card)
        else:
            kept.append(card)
    return BestTurn(tuple(taken), tuple(melds), tuple(kept), points)


def _bounded(on_table: Sequence[Card], hand: Sequence[Card], pieces: str) -> None:
    if len(on_table) > MOST_ON_TABLE:
        raise InvalidPlayError(Problem("table", "table_too_large", tn(
            "this table holds {n} tile; the referee finds the best turn on tables of at most {most}",
            "this table holds {n} tiles; the referee finds the best turn on tables of at most {most}",
            len(on_table), most=MOST_ON_TABLE)))
    if len(hand) > MOST_IN_HAND:
        Budget.refuse(len(hand), pieces)


def _too_large(spent: OverBudget, table_tiles: int, hand_tiles: int) -> OverBudget:
    """The refusal of a search past the budget, naming the field that makes the position large:
    the table where the search places more of its tiles than the hand's (before the first meld
    it places none), else the hand."""
    if table_tiles <= hand_tiles:
        return spent
    return OverBudget(Problem("table", "table_too_large", tn(
        "this table ({n} tile) makes the position too large to settle exactly in reasonable time; "
        "the referee settles the positions met in play",
        "this table ({n} tiles) makes the position too large to settle exactly in reasonable time; "
        "the referee settles the positions met in play", table_tiles)))


def check_tiles(situation: Situation, table: Sequence[Sequence[Card]], hand: Sequence[Card]) -> None:
    """Tiles the set cannot hold (or holds fewer of), then each table meld, as 422s."""
    on_table = situation.but(round_number=1, wild_rank=None, first_meld_done=True)
    judge = on_table.judge()
    found = judge.card_violations([*(c for meld in table for c in meld), *hand])
    if found:
        in_hand = set(hand)
        raise InvalidPlayError([Problem("hand" if in_hand.intersection(v.cards) else "table", v.code, v.message)
                                for v in found])
    for i, meld in enumerate(table):
        verdict = check_meld(on_table, meld)
        if not verdict.valid:
            raise InvalidPlayError([Problem(f"table[{i}]", v.code, v.message) for v in verdict.violations])


def _counts(shape: TileShape, on_table: Sequence[Card], hand: Sequence[Card]) -> Counts:
    geometry = shape.geometry
    size = geometry.ranks * len(geometry.suits)
    return Counts(
        table=type_counts(size, [geometry.index(c) for c in on_table if c.rank != JOKER]),
        hand=type_counts(size, [geometry.index(c) for c in hand if c.rank != JOKER]),
        table_jokers=sum(c.rank == JOKER for c in on_table),
        hand_jokers=sum(c.rank == JOKER for c in hand))
