"""Exact references for the best turn, for the tests and the bench.

`brute_force`: every way of cutting the tiles into melds, each judged by `TileRules`, the rules
of a tile meld written out here from the game's rules (groups, runs, where a 1 may stand, where
a joker stands and what the meld is worth), for small positions; the single-meld check
(`referee.checks.judge.check_meld`) must answer the same of every group of tiles judged. `ilp` (with
`highspy`, from the test extra): the integer programme of Den Hertog & Hulshof (2006) over
every legal meld of the tiles in play, for the larger positions of the bench.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations

from referee.checks.judge import judge_for
from referee.checks.plays import check_meld
from referee.checks.situation import situate
from referee.kinds.table import meld_points
from referee.rules.ruleset import Ruleset
from referee.values.cards import JOKER, Card

Tagged = tuple[Card, bool]  # a tile, and whether it is on the table (it must stay there)


@dataclass(frozen=True)
class TileRules:
    """A tile meld as the game's rules say it, apart from the engine's judge: a group is one
    number in distinct colours, 3 to 4 tiles; a run is one colour, each number once, in the
    deck's order, where `high_first` lets the first number also follow the last (12-13-1),
    never both; a joker is any tile. Worth (a first meld's points): each tile its number, a
    joker the tile it stands for, in a run as far above the natural tiles as the run goes
    (`12R 13R JK`: the joker is 1R where the 1 may follow the 13, else 11R); tiles that make
    both a group and a run are a group."""

    ruleset: Ruleset
    high_first: bool

    @staticmethod
    def of(ruleset: Ruleset) -> TileRules:
        assert ruleset.rummy is not None
        run = ruleset.rummy.round(1).meld_rule("run")
        assert run is None or run.ace in ("low", "low-or-high"), run  # what these rules say
        return TileRules(ruleset, run is not None and run.ace == "low-or-high")

    def worth(self, cards: Sequence[Card]) -> int | None:
        """The meld's worth, or None where the tiles are no meld."""
        assert self.ruleset.rummy is not None
        rules = self.ruleset.rummy.round(1)
        value = self.ruleset.rummy.scoring.melded_value
        naturals = [c for c in cards if c.rank != JOKER]
        numbers = {c.rank for c in naturals}
        colours = [c.suit for c in naturals]
        if not naturals:
            return None
        group = rules.meld_rule("set")
        if group is not None and len(numbers) == 1 and group.min <= len(cards) <= (group.max or len(cards)) and (
                not group.distinct_suits or len(set(colours)) == len(colours)):
            return value(naturals[0].rank) * len(cards)
        run = rules.meld_rule("run")
        if run is None or len(cards) < run.min or len(set(colours)) > 1 or len(numbers) < len(naturals):
            return None
        order = list(self.ruleset.deck.ranks)
        lines = [order, order[1:] + order[:1]] if self.high_first else [order]
        best: tuple[int, list[str]] | None = None
        for line in lines:
            for start in range(len(line) - len(cards) + 1):
                window = line[start:start + len(cards)]
                if numbers <= set(window):
                    below = min(window.index(n) for n in numbers)  # the jokers under the natural tiles
                    if best is None or -below > best[0]:
                        best = (-below, window)
        return sum(value(n) for n in best[1]) if best is not None else None


def _order(tile: Tagged) -> tuple[int, str, str, bool]:
    card, on_table = tile
    return (card.rank == JOKER, card.suit or "", card.rank.zfill(3), not on_table)


def brute_force(ruleset: Ruleset, table: Sequence[Sequence[Card]], hand: Sequence[Card],
                first_meld_done: bool, players: int | None = None) -> tuple[int, int]:
    """The most hand tiles a turn plays and their rack worth, by trying every partition."""
    assert ruleset.rummy is not None
    scoring = ruleset.rummy.scoring
    rules = ruleset.rummy.round(1)
    wild = rules.wilds.ranks
    judge = judge_for(ruleset, 1, players, first_meld_done)
    tile_rules = TileRules.of(ruleset)
    need = 0 if first_meld_done else rules.first_meld.points
    forced0 = tuple(sorted(((c, True) for m in table for c in m), key=_order)) if first_meld_done else ()
    optional0 = tuple(sorted(((c, False) for c in hand), key=_order))
    most = max(len(forced0) + len(optional0), 1)

    @cache
    def legal(cards: tuple[Card, ...]) -> int | None:
        """The meld's points where these cards are one legal meld, else None (the judge agreeing)."""
        points = tile_rules.worth(cards)
        valid = check_meld(situate(ruleset, players=players, first_meld_done=first_meld_done), cards).valid
        assert valid is (points is not None), (cards, valid, points)
        if points is not None and need:
            meld, _ = judge.judge(cards)
            assert meld is not None and meld_points(scoring, meld) == points, (cards, meld, points)
        return points if need or points is None else 0

    @cache
    def best(forced: tuple[Tagged, ...], optional: tuple[Tagged, ...], made: int) -> tuple[int, int] | None:
        if forced:
            pivot, pool = forced[0], forced[1:] + optional
            found = None
        elif optional:
            pivot, pool = optional[0], optional[1:]
            found = best(forced, optional[1:], made)  # the pivot stays in the hand
        else:
            return (0, 0) if made >= need else None
        card = pivot[0]
        near = [t for t in pool if card.rank == JOKER or t[0].rank == JOKER
                or t[0].rank == card.rank or t[0].suit == card.suit]
        tried: set[tuple[Tagged, ...]] = set()
        for size in range(1, min(len(near), most) + 1):
            for combo in combinations(near, size):
                key = tuple(sorted(combo, key=_order))
                if key in tried:
                    continue
                tried.add(key)
                points = legal(tuple(sorted((pivot[0], *(t[0] for t in combo)), key=str)))
                if points is None:
                    continue
                left = Counter(pool)
                left.subtract(combo)
                rest = tuple(sorted(left.elements(), key=_order))
                after = best(tuple(t for t in rest if t[1]), tuple(t for t in rest if not t[1]),
                             min(need, made + points))
                if after is None:
                    continue
                gained = [t[0] for t in (pivot, *combo) if not t[1]]
                value = (after[0] + len(gained), after[1] + sum(scoring.caught_value(c, wild) for c in gained))
                if found is None or value > found:
                    found = value
        return found

    answer = best(forced0, optional0, 0)
    return answer if answer is not None else (0, 0)


class IntegerProgramme:
    """The integer programme of Den Hertog & Hulshof (2006), solved by HiGHS (`highspy`, a
    bench and test tool only): one column a legal meld (0 to `copies` of it on the table) and
    one a tile type played from the hand; one row a tile type, where the melds hold exactly
    the table's tiles and those played. Runs are listed from `min` to `2 * min - 1` tiles, as
    every longer run is cut into those. Built once a game; each position changes bounds only."""

    def __init__(self, ruleset: Ruleset, players: int | None = None) -> None:
        import highspy

        assert ruleset.rummy is not None
        self.highspy = highspy
        self.ruleset = ruleset
        deck = ruleset.deck
        rules = ruleset.rummy.round(1)
        self.need = rules.first_meld.points
        self.scoring = ruleset.rummy.scoring
        self.wild = rules.wilds.ranks
        joker = Card(JOKER)
        self.types = [Card(r, s) for s in deck.suits for r in deck.ranks] + [joker]
        at = {c: i for i, c in enumerate(self.types)}
        jokers = deck.jokers_with(ruleset.decks_in_play(players))
        judge = judge_for(ruleset, 1, players)
        copies = deck.copies(self.types[0], ruleset.decks_in_play(players))
        found: dict[tuple[Card, ...], int] = {}
        sizes = {m.kind: m for m in rules.melds}
        longest = max(m.min for m in rules.melds) * 2 - 1
        tile_rules = TileRules.of(ruleset)
        # the numbers a run follows: in the deck's order, and where the 1 may follow the 13 that order
        # once more beginning at its second number
        lines = [deck.ranks, deck.ranks[1:] + deck.ranks[:1]] if tile_rules.high_first else [deck.ranks]
        for n, rank in enumerate(deck.ranks):
            for size in range(1, len(deck.suits) + 1):
                for suits in combinations(deck.suits, size):
                    for wild in range(jokers + 1):
                        self._try(found, judge, tile_rules, (*(Card(rank, s) for s in suits), *(joker,) * wild))
            for suit in deck.suits:
                for length in range(min(m.min for m in sizes.values()), longest + 1):
                    for line in lines:
                        window = line[n:n + length]
                        if len(window) < length:
                            continue
                        for wild in range(min(jokers, length - 1) + 1):
                            for places in combinations(range(length), wild):
                                cards = tuple(joker if i in places else Card(r, suit) for i, r in enumerate(window))
                                self._try(found, judge, tile_rules, cards)
        self.melds = list(found)
        h = highspy.Highs()
        h.setOptionValue("output_flag", False)
        h.setOptionValue("mip_rel_gap", 0.0)
        rows = len(self.types)
        inf = highspy.kHighsInf
        h.addRows(rows + 1, [0.0] * (rows + 1), [0.0] * rows + [inf], 0, [], [], [])
        for meld, points in found.items():
            count = Counter(at[c] for c in meld)
            index = [*count, rows]
            value = [float(count[i]) for i in count] + [float(points)]
            h.addCol(0.0, 0.0, float(copies), len(index), index, value)
        self.weights = [1e4 + self.scoring.caught_value(c, self.wild) for c in self.types]
        for i, w in enumerate(self.weights):
            h.addCol(w, 0.0, 0.0, 1, [i], [-1.0])
        total = len(self.melds) + len(self.types)
        h.changeColsIntegrality(total, list(range(total)), [highspy.HighsVarType.kInteger] * total)
        h.changeObjectiveSense(highspy.ObjSense.kMaximize)
        self.h = h

    def _try(self, found: dict[tuple[Card, ...], int], judge: object, tile_rules: TileRules,
             cards: tuple[Card, ...]) -> None:
        key = tuple(sorted(cards, key=str))
        if key in found:
            return
        points = tile_rules.worth(key)
        valid = check_meld(situate(self.ruleset, first_meld_done=True), key).valid
        assert valid is (points is not None), (key, valid, points)
        if points is None:
            return
        meld, _ = judge.judge(key)  # type: ignore[attr-defined]
        assert meld_points(self.scoring, meld) == points, (key, points)
        found[key] = points

    def solve(self, table: Sequence[Sequence[Card]], hand: Sequence[Card], first_meld_done: bool) -> tuple[int, int]:
        """The most hand tiles played and their rack worth."""
        at = {c: i for i, c in enumerate(self.types)}
        on_table = Counter(at[c] for m in table for c in m) if first_meld_done else Counter()
        in_hand = Counter(at[c] for c in hand)
        rows = len(self.types)
        h = self.h
        bounds = [float(on_table[i]) for i in range(rows)]
        h.changeRowsBounds(rows, list(range(rows)), bounds, bounds)
        need = 0.0 if first_meld_done else float(self.need)
        h.changeRowsBounds(1, [rows], [need], [self.highspy.kHighsInf])
        first = len(self.melds)
        h.changeColsBounds(rows, list(range(first, first + rows)), [0.0] * rows,
                           [float(in_hand[i]) for i in range(rows)])
        h.run()
        if h.getModelStatus() != self.highspy.HighsModelStatus.kOptimal:
            return (0, 0)
        played = [round(v) for v in h.getSolution().col_value[first:]]
        return sum(played), sum(n * (round(w) - 10_000) for n, w in zip(played, self.weights, strict=True))
