"""A tile game's shape as the value-by-value search reads it, derived once from the ruleset:
colours and numbers from the deck, the copies of each tile, the jokers, and the two meld kinds
the search knows (one number in several colours, and one colour in consecutive numbers) with
their sizes and whether the first number may also follow the last (Remi's 12-13-1), read
through each kind's entry in `referee.kinds.table`, never by its name.

Nothing here is the French deck's: a five-colour or 1-20 set is the same code with other tables.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import lru_cache

from referee.kinds.geometry import Geometry, geometry_for
from referee.kinds.meld import run_windows
from referee.kinds.table import KINDS
from referee.rules.ruleset import MeldRule, RoundRules, Ruleset
from referee.values.cards import JOKER, Card
from referee.values.errors import InvalidPlayError, Problem
from referee.values.i18n import t

# A group: the count of natural tiles of each colour in it, and its jokers.
Group = tuple[tuple[int, ...], int]
# A slot of runs being built: its tiles (up to the run's least), where counted its natural tiles
# (up to 2), and where marked whether it began with a joker (1) (see `TileShape.leading`).
Mark = tuple[int, int, int]


@dataclass(frozen=True, eq=False)
class TileShape:
    """What the search needs of one game: its geometry, its kinds' sizes, its tiles' worth."""

    geometry: Geometry
    jokers: int                 # jokers in play
    run_min: int | None         # the least tiles in a run (None: the game has no runs)
    group_min: int | None       # the least tiles in a group (None: the game has no groups)
    group_max: int              # the most tiles in a group
    group_distinct: bool        # a group holds each colour at most once
    rack: tuple[int, ...]       # each tile type's worth left on a rack (the tie's points)
    joker_rack: int             # a joker's worth left on a rack
    melded: tuple[int, ...]     # each number's worth melded (a first meld's points)
    joker_melded: int | None    # a joker's own worth melded; None: it counts as the tile it stands for
    high_first: bool = False    # the first number may also follow the last, never both (`run.first_rank_high`)
    tracked: bool = False       # slots count their natural tiles too (see `tracking`)
    led: bool = False           # slots mark a run begun by a joker (see `leading`)
    # runs of one colour being built: a multiset of slots, each a `Mark`
    slot_states: tuple[tuple[Mark, ...], ...] = field(init=False)
    slot_code: dict[tuple[Mark, ...], int] = field(init=False)
    closed: frozenset[int] = field(init=False)   # slot states where every run may end
    needs: tuple[tuple[int, ...], ...] = field(init=False)  # a state's runs still short k+1 tiles or more
    # the search's choices at one colour, kept across positions (see `TileSearch`)
    choices: dict[tuple[int, int, int, int, tuple[int, ...], int, int], tuple[tuple[int, int, int, int, int], ...]] = (
        field(init=False, default_factory=dict))

    def __post_init__(self) -> None:
        top = self.run_min or 1
        marks = [(0, 0, 0)] + [(n, k, j) for n in range(1, top + 1)
                               for k in (range(min(n, 2) + 1) if self.tracked else (0,))
                               for j in ((0, 1) if self.led else (0,))]
        states = _multisets(self.geometry.copies, tuple(marks))
        object.__setattr__(self, "slot_states", states)
        object.__setattr__(self, "slot_code", {s: i for i, s in enumerate(states)})
        object.__setattr__(self, "closed", frozenset(
            i for i, s in enumerate(states) if all(n == 0 or self.may_end(n, k) for n, k, _ in s)))
        object.__setattr__(self, "needs", tuple(
            tuple(sum(1 for n, k, _ in s if n and self.short(n, k) > j) for j in range(top - 1)) for s in states))

    def may_end(self, tiles: int, naturals: int) -> bool:
        """Whether a run of this many tiles, so many natural, is complete."""
        return tiles == (self.run_min or 1) and (not self.tracked or naturals >= 2)

    def short(self, tiles: int, naturals: int) -> int:
        """The tiles a run being built still needs at least."""
        return max((self.run_min or 1) - tiles, (2 - naturals) if self.tracked else 0)

    def tracking(self) -> TileShape:
        """This shape with slots that count their natural tiles, so that no run is made of one
        natural tile and jokers: the judge reads such a meld as a group (`referee.checks.judge`: the
        set is reported when either kind fits), and before the first meld its points are the
        group's. A meld of those tiles is a legal group too, so nothing else changes."""
        return _tracking(self)

    def leading(self) -> TileShape:
        """This shape with slots that mark a run begun by a joker, which then goes on to the
        top place (after the last number, where the first may follow it) and begins above the
        first number. The judge reads a run's jokers above its natural tiles as far as they
        go (`12R 13R JK`: the joker is the 1 after the 13), so before the first meld a joker
        counted below them where the run could go higher would be worth what the judge does
        not count. The same tiles with the jokers above are a run the search also makes, so
        nothing else changes."""
        return _leading(self)

    @property
    def suits(self) -> int:
        return len(self.geometry.suits)

    @property
    def ranks(self) -> int:
        return self.geometry.ranks

    @property
    def places(self) -> int:
        """The places a run's tiles stand at: the numbers, then the first number played high."""
        return self.geometry.ranks + self.high_first

    def grown(self, code: int, naturals: int, jokers: int) -> tuple[int, ...]:
        """The slot states these natural tiles and jokers of one number can lead to from the
        state `code`: each run being built takes one; a complete run takes one or ends; an
        empty slot may start one."""
        return _grown(self, code, naturals, jokers)

    def step(self, mark: Mark, took: str) -> Mark | None:
        """A slot after it takes a natural tile (`N`), a joker (`J`) or nothing (`-`); None
        where it cannot (a run being built must take a tile, and one begun by a joker goes on
        to the top place)."""
        n, k, j = mark
        top = self.run_min or 1
        if took == "-":
            return (0, 0, 0) if n == 0 or (self.may_end(n, k) and not j) else None
        return (min(n + 1, top), min(k + 1, 2) if self.tracked and took == "N" else k,
                j if n else int(self.led and took == "J"))

    def groups(self, counts: tuple[int, ...], jokers: int) -> tuple[Group, ...] | None:
        """Groups of one number holding exactly these natural tiles of each colour and these
        jokers, or None when none can."""
        if not any(counts) and not jokers:
            return ()
        if self.group_min is None:
            return None
        return _groups(self, counts, jokers)

    def fits(self, counts: tuple[int, ...], jokers: int) -> bool:
        """Whether groups can hold these counts of colours' tiles (any order) and jokers."""
        if not counts:
            return jokers == 0
        return self.group_min is not None and _sorted_groups(self, counts, jokers) is not None


def _multisets(copies: int, marks: tuple[Mark, ...]) -> tuple[tuple[Mark, ...], ...]:
    out: list[tuple[Mark, ...]] = []

    def build(prefix: tuple[Mark, ...], low: int) -> None:
        if len(prefix) == copies:
            out.append(prefix)
            return
        for i in range(low, len(marks)):
            build((*prefix, marks[i]), i)

    build((), 0)
    return tuple(out)


@lru_cache(maxsize=64)
def _tracking(shape: TileShape) -> TileShape:
    return replace(shape, tracked=True)


@lru_cache(maxsize=64)
def _leading(shape: TileShape) -> TileShape:
    return replace(shape, led=True)


@lru_cache(maxsize=8192)
def _grown(shape: TileShape, code: int, naturals: int, jokers: int) -> tuple[int, ...]:
    state = shape.slot_states[code]
    found: set[int] = set()
    if shape.run_min is None and naturals + jokers:
        return ()

    def place(i: int, natural: int, wild: int, made: tuple[Mark, ...]) -> None:
        if i == len(state):
            if natural == wild == 0:
                found.add(shape.slot_code[tuple(sorted(made))])
            return
        for took, n, w in (("N", 1, 0), ("J", 0, 1), ("-", 0, 0)):
            if n <= natural and w <= wild:
                after = shape.step(state[i], took)
                if after is not None:
                    place(i + 1, natural - n, wild - w, (*made, after))

    place(0, naturals, jokers, ())
    return tuple(sorted(found))


def _groups(shape: TileShape, counts: tuple[int, ...], jokers: int) -> tuple[Group, ...] | None:
    order = sorted(range(len(counts)), key=lambda c: -counts[c])
    found = _sorted_groups(shape, tuple(counts[c] for c in order), jokers)
    if found is None:
        return None
    back: list[Group] = []
    for natural, wild in found:
        real = [0] * len(counts)
        for place, n in enumerate(natural):
            real[order[place]] = n
        back.append((tuple(real), wild))
    return tuple(back)


@lru_cache(maxsize=8192)
def _sorted_groups(shape: TileShape, counts: tuple[int, ...], jokers: int) -> tuple[Group, ...] | None:
    """Groups for counts of colours (colours are alike here, so one answer serves every order)."""
    if not any(counts):
        return () if jokers == 0 else None  # a group of jokers alone: the deck has too few (see `shape_of`)
    first = next(c for c, n in enumerate(counts) if n)
    least, most = shape.group_min or 0, shape.group_max
    each = 1 if shape.group_distinct else max(counts)
    choices: list[tuple[int, ...]] = []

    def pick(c: int, taken: tuple[int, ...]) -> None:
        if c == len(counts):
            choices.append(taken)
            return
        low = 1 if c == first else 0
        for n in range(low, min(counts[c], each) + 1 if c >= first else 1):
            pick(c + 1, (*taken, n))

    pick(0, ())
    for taken in choices:
        size = sum(taken)
        for wild in range(max(0, least - size), min(jokers, most - size) + 1):
            rest = _sorted_groups(shape, tuple(n - k for n, k in zip(counts, taken, strict=True)), jokers - wild)
            if rest is not None:
                return ((taken, wild), *rest)
    return None


def unsupported(ruleset: Ruleset) -> InvalidPlayError:
    return InvalidPlayError(Problem("", "best_turn_unsupported", t(
        "{game}: the best turn is found for games of tiles whose table may be rearranged, with "
        "groups of one number, runs of one colour and jokers that stand for any tile; this game's "
        "melds are not of that shape", game=ruleset.local_name)))


def _read_kinds(ruleset: Ruleset, rules: RoundRules) -> tuple[MeldRule | None, MeldRule | None]:
    group = run = None
    for rule in rules.melds:
        kind = KINDS.get(rule.kind)
        if kind is not None and kind.one_rank and group is None:
            group = rule
        elif kind is not None and kind.ordered and run is None and rule.suits == "same" and rule.max is None:
            run = rule  # its windows are read by `_high_first`
        else:
            raise unsupported(ruleset)
    return group, run


def _high_first(ruleset: Ruleset, rule: MeldRule) -> bool:
    """Whether the run's first number may also follow its last: the windows the search reads
    are the plain slices of the deck's order, with or without one more that ends with the first
    number (the run option's windows, `referee.kinds.meld.run_windows`); any other (runs that turn the
    corner, or a first number only ever high) is a 422."""
    order = tuple(ruleset.deck.ranks)
    plain = [tuple(order[s:s + n] for s in range(len(order) - n + 1)) for n in range(rule.min, len(order) + 1)]
    read = [run_windows(rule.ace, n, order) for n in range(rule.min, len(order) + 1)]
    if read == plain:
        return False
    if read != [(*p, (*order[len(order) - n + 1:], order[0])) for n, p in enumerate(plain, rule.min)]:
        raise unsupported(ruleset)
    return True


@lru_cache(maxsize=64)
def shape_of(ruleset: Ruleset, rules: RoundRules, players: int | None) -> TileShape:
    """The shape of this round's rules (one value for equal rules), or a 422 where the search cannot answer for them
    (another kind of meld, runs that turn the corner or have a longest size, wild cards other
    than jokers or limited per meld, or enough jokers to make a meld of jokers alone)."""
    assert ruleset.rummy is not None
    deck = ruleset.deck
    decks = ruleset.decks_in_play(players)
    wilds = rules.wilds
    jokers = deck.jokers_with(decks) if deck.has_jokers else 0
    group, run = _read_kinds(ruleset, rules)
    least = min((r.min for r in (group, run) if r is not None), default=0)
    high_first = run is not None and _high_first(ruleset, run)
    if (not ruleset.rummy.rearrange or wilds.ranks - {JOKER} or wilds.max_per_meld is not None
            or wilds.later_given or wilds.per_deal or deck.specials
            or (jokers and JOKER not in wilds.ranks) or (jokers >= least and wilds.all_wild)
            or (high_first and run is not None and len(deck.ranks) + 1 < 2 * max(run.min, jokers + 2))):
        # the last: a run from the first number low to it high is cut in two runs (`rebuild`)
        raise unsupported(ruleset)
    geometry = geometry_for(deck, decks)
    scoring = ruleset.rummy.scoring
    stands_for = scoring.wilds_count == "stands_for"
    group_max = len(deck.suits) if group is not None and group.distinct_suits else 10**6
    if group is not None and group.max is not None:
        group_max = min(group_max, group.max)
    joker = Card(JOKER)
    return TileShape(
        geometry=geometry, jokers=jokers,
        run_min=run.min if run is not None else None,
        group_min=group.min if group is not None else None,
        group_max=group_max,
        group_distinct=group.distinct_suits if group is not None else True,
        rack=tuple(scoring.caught_value(c, wilds.ranks) for c in geometry.cards),
        joker_rack=scoring.caught_value(joker, wilds.ranks),
        melded=tuple(scoring.melded_value(r) for r in geometry.order),
        joker_melded=None if stands_for else scoring.melded_value(JOKER),
        high_first=high_first)
