"""The best arrangement of a hand: melds and lay-offs that leave the fewest points (or cards).

An exact, memoised search. Natural cards are taken lowest index first (suit, then rank);
the first remaining card is either kept in hand, put in a new set or run with other
remaining cards and wild cards, or laid off on a meld on the table (a set takes it as it
is; a run grows to a longer window). Wild cards are interchangeable in melds, so the search
only counts them and the most valuable are used first. The same search answers "can I go
out" (fewest cards left) and "what is the least I can be caught with" (fewest points).
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextvars import ContextVar
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations, product
from typing import NamedTuple

from referee.cards import Card
from referee.errors import InvalidPlayError, Problem
from referee.i18n import t, tn
from referee.kinds import KINDS
from referee.meld import run_windows
from referee.melds import RUN_ORDER, Judge, judge_for
from referee.ruleset import Progress, Ruleset
from referee.searching import FIELD, FIRST, LATER, SUITS, B, Option, RunLength, RunState, Table
from referee.violations import Verdict, Violation, listed

INF = 10**9
PLAN_BUDGET = 400_000  # search states in one request
PLAN_SECONDS = 2.0     # and CPU seconds: past either, the request is refused rather than a worker held
DISCARD = object()     # a choice in the memo: this card is the final discard
AS_WILD = object()     # a choice in the memo: this card, natural in its own place, serves as a wild
_OPEN: ContextVar[Budget | None] = ContextVar("referee_planning_budget", default=None)


class Budget:
    """What one request may spend on planning, in search states and in CPU time of the thread
    that plans (`time.thread_time`: waiting for other threads costs nothing), across every
    search it makes. Past it, the check is a 422 naming the hand.

    The bound is looked at on every state and between the costly steps that are not states:
    a thread spends no more CPU time than the wall clock passes, so the CPU clock (a system
    call) is read only once the wall clock (read from memory) has passed the time left."""

    def __init__(self, states: int | None = None, seconds: float | None = None) -> None:
        self.states = PLAN_BUDGET if states is None else states
        self.seconds = PLAN_SECONDS if seconds is None else seconds
        self.started = time.thread_time()
        self.spent = 0
        self._look = time.monotonic()  # the wall clock's time to read the CPU clock again

    def spend(self, hand_size: int) -> None:
        """Count one more search state; refuse past the budget."""
        self.spent += 1
        if self.spent > self.states:
            self.refuse(hand_size)
        self.check(hand_size)

    def check(self, hand_size: int) -> None:
        """Refuse once the CPU time is spent."""
        now = time.monotonic()
        if now < self._look:
            return
        left = self.seconds - (time.thread_time() - self.started)
        if left <= 0:
            self.refuse(hand_size)
        self._look = now + left

    def used(self) -> float:
        """CPU seconds spent since the budget was opened."""
        return time.thread_time() - self.started

    @staticmethod
    def refuse(hand_size: int) -> None:
        raise InvalidPlayError(Problem(
            "hand", "hand_too_large",
            tn("this hand ({n} card) is too large to plan in reasonable time; the referee plans "
               "hands of the sizes dealt in play", "this hand ({n} cards) is too large to plan in "
               "reasonable time; the referee plans hands of the sizes dealt in play", hand_size)))


def open_budget(states: int | None = None, seconds: float | None = None) -> Budget:
    """A budget that every search in this context shares until `close_budget` (the service
    opens one for each request): a request that plans many hands spends it once."""
    budget = Budget(states, seconds)
    _OPEN.set(budget)
    return budget


def close_budget() -> None:
    _OPEN.set(None)


def shared_budget() -> Budget:
    """The budget open in this context, else a new one."""
    return _OPEN.get() or Budget()


def _index(card: Card) -> int:
    return SUITS.index(card.suit or "C") * 13 + RUN_ORDER.index(card.rank)


def _card(index: int) -> Card:
    return Card(RUN_ORDER[index % 13], SUITS[index // 13])


class Plan(NamedTuple):
    """One way to play a hand: new melds, lay-offs on table melds, and what stays in hand."""

    melds: tuple[tuple[Card, ...], ...] = ()
    lay_offs: tuple[tuple[int, tuple[Card, ...]], ...] = ()
    left: tuple[Card, ...] = ()
    discard: Card | None = None
    own_lay_offs: tuple[tuple[int, tuple[Card, ...]], ...] = ()  # onto this plan's melds, by index
    first_meld: tuple[int, ...] | None = None  # the melds that make the first meld, when made here

    def not_played(self) -> tuple[Card, ...]:
        """The cards this plan neither melds nor lays off (those left and the discard), as a
        player sorts a hand to read it: by suit, then rank, jokers last."""
        cards = self.left + ((self.discard,) if self.discard else ())
        return tuple(sorted(cards, key=lambda c: (c.is_joker, 0 if c.is_joker else _index(c))))

    def as_dict(self) -> dict[str, object]:
        """In play order: the first meld (`first_meld` indexes `melds`), the other melds,
        lay-offs on the plan's own melds (`own_lay_offs`, `meld` an index of `melds`) and on
        the table's (`lay_offs`), then the discard. Each step replays through the checks."""
        return {
            "melds": [[str(c) for c in m] for m in self.melds],
            "lay_offs": [{"table": t, "cards": [str(c) for c in cards]} for t, cards in self.lay_offs],
            "own_lay_offs": [{"meld": m, "cards": [str(c) for c in cards]} for m, cards in self.own_lay_offs],
            "first_meld": list(self.first_meld) if self.first_meld is not None else None,
            "discard": str(self.discard) if self.discard else None,
            "left": [str(c) for c in self.left],
        }


@dataclass
class _Search:
    judge: Judge
    types: list[int]                      # card type (suit*13 + rank) of each packed field
    cost_of: list[int]                    # cost of one card of each field
    wild_costs: list[int]                 # prefix sums of wild costs, cheapest first
    tables: list[Table]
    lay_offs_ok: bool                     # lay-offs on the table's melds
    lay_offs_allowed: bool                # lay-offs at all (also on this plan's own melds)
    need_first_meld: bool
    wilds_unlimited: bool
    later: Judge                          # judges melds made after the first meld
    guard: int = 0
    as_wild: list[bool] = field(default_factory=list)  # fields whose cards may serve as wild cards
    openings: bool = False                # runs may count a part laid down first (see prepare)
    pure_runs_only: bool = False          # melds are runs without a wild card, nothing else
    want_points: bool = False
    options: list[list[Option] | None] = field(default_factory=list)
    counts: list[int] = field(default_factory=list)
    cap: int = 0
    free: list[bool] = field(default_factory=list)   # a table set takes this card as it is
    memo: dict[tuple[object, ...], tuple[int, tuple[object, ...] | None]] = field(default_factory=dict)
    spare_wilds_go_on_sets: bool = False  # any number of wilds may be laid off on a set
    size_cap: dict[str, int] = field(default_factory=dict)
    total_wilds: int = 0
    set_min: int = 0                      # the set minimum, and the most an open first meld asks
    set_min_open: int = 0
    hand_size: int = 0
    budget: Budget = field(default_factory=Budget)
    discard: str | None = None            # going out: "optional" or "required" final discard
    field_of: dict[int, int] = field(default_factory=dict)
    tables_for: list[list[int]] = field(default_factory=list)   # table melds each field may join
    run_suit: list[int] = field(default_factory=list)           # suit of each table run, else -1
    runs_below: list[tuple[int, ...]] = field(default_factory=list)  # per suit: table runs of lower suits
    extension_cache: dict[tuple[object, ...], list[Option]] = field(default_factory=dict)
    room_cache: dict[tuple[int, object], int] = field(default_factory=dict)  # wild cards a table meld takes, by state
    pure_windows: tuple[int, ...] = ()    # the smallest runs without a wild card the hand holds

    # ---------------------------------------------------------------- precomputed options
    def prepare(self, counts: list[int], total_wilds: int, requirement: Progress) -> None:
        self.guard = sum((1 << (B - 1)) << (B * i) for i in range(len(self.types)))
        rules = self.judge.rules
        self.want_points = requirement.points > 0
        # A run's part may count toward the points, the rest laid off in the same turn, where
        # own lay-offs follow the first meld at once, no wild-card limit binds them, and wild
        # cards may move (the rest laid off may move them).
        self.openings = (self.want_points and self.need_first_meld and self.lay_offs_allowed
                         and self.judge.limit is None and self.later.limit is None
                         and self.later.per_cards is None and not rules.wilds.fixed_when_melded)
        first, later = rules.wilds.max_per_meld, self.later.limit
        if self.later.per_cards is not None or first is None or later is None:
            cap = total_wilds
        else:
            cap = min(total_wilds, max(first, later) if self.need_first_meld else later)
        if self.pure_runs_only:
            cap = 0
        self.field_of = {t: i for i, t in enumerate(self.types)}
        self.run_suit = [SUITS.index(tb.suit) if tb.kind == "run" and tb.suit else -1
                         for tb in self.tables]
        self.runs_below = [tuple(k for k, s in enumerate(self.run_suit) if 0 <= s < suit)
                           for suit in range(len(SUITS))]
        self.total_wilds = total_wilds
        set_rule = rules.meld_rule("set")
        self.set_min = set_rule.min if set_rule is not None else 0
        self.set_min_open = max(self.set_min, *requirement.sets, 0)
        for kind, sizes in (("set", requirement.sets), ("run", requirement.runs)):
            rule = rules.meld_rule(kind)
            if rule is not None:
                self.size_cap[kind] = min(rule.most, self._longest(rule.min, sizes))
        self.counts, self.cap = counts, cap
        self.options = [None] * len(self.types)  # each field's, made when the search first needs them
        for card_type in self.types:
            rank = RUN_ORDER[card_type % 13]
            self.free.append(self.lay_offs_ok and not self.need_first_meld and any(
                KINDS[tb.kind].takes_as_is(tb, rank) for tb in self.tables))
            self.tables_for.append([k for k, tb in enumerate(self.tables) if KINDS[tb.kind].takes(tb, card_type)]
                                   if self.lay_offs_ok else [])
        run_rule = rules.meld_rule("run")
        if requirement.pure and run_rule is not None:
            # Every run without a wild card holds one of the shortest such runs.
            windows: set[int] = set()
            for suit in range(len(SUITS)):
                for window in run_windows(run_rule.ace, run_rule.min):
                    fields = [self.field_of.get(suit * 13 + RUN_ORDER.index(r)) for r in window]
                    if all(f is not None for f in fields):
                        windows.add(sum(1 << (B * f) for f in fields if f is not None))
            self.pure_windows = tuple(windows)

    def options_of(self, i: int) -> list[Option]:
        """The new melds field `i`'s card may start, most cards first."""
        opts = self.options[i]
        if opts is None:
            seen: set[tuple[int, int, str, int, int, int]] = set()
            opts = []
            for kind in ["run"] if self.pure_runs_only else self.judge.kind_order:
                for opt in KINDS[kind].new_melds(self, i, self.types[i], self.counts, self.cap):
                    self._add(opts, seen, opt)
            opts.sort(key=lambda o: (-o.size + o.wilds, o.wilds))
            self.options[i] = opts
        return opts

    def pure_run_left(self, rest: int) -> bool:
        """Do the cards still to place hold a run without a wild card?"""
        guard = self.guard
        return any(((rest | guard) - p) & guard == guard for p in self.pure_windows)

    @staticmethod
    def _add(opts: list[Option], seen: set[tuple[int, int, str, int, int, int]], opt: Option) -> None:
        key = (opt.packed, opt.wilds, opt.kind or "", opt.size, opt.core, opt.points)
        if key not in seen:
            seen.add(key)
            opts.append(opt)

    def set_points(self, rank: str, size: int) -> int:
        """A new set's worth toward a first meld's points (its wild cards stand for its rank)."""
        return self.judge.ruleset.scoring.melded_value(rank) * size if self.want_points else 0

    def run_points(self, window: tuple[str, ...]) -> int:
        """A new run's worth toward a first meld's points."""
        return self.judge.ruleset.scoring.run_value(window) if self.want_points else 0

    def _longest(self, least: int, open_sizes: tuple[int, ...]) -> int:
        """The longest meld worth trying: one of twice the minimum splits into two legal melds
        (when all-wild melds are allowed), and one of a first-meld size and the minimum splits
        into that size and a legal meld."""
        if not self.judge.rules.wilds.all_wild:
            return 14
        # A first-meld meld of size s plus a remainder too short to stand alone: s + least - 1.
        return max([2 * least - 1, *(s + least - 1 for s in open_sizes)])

    def phases(self, wilds: int, size: int) -> int:
        """When a new meld of `size` cards holding `wilds` wild cards (and a natural) is legal."""
        first = self.need_first_meld and (self.judge.limit is None or wilds <= self.judge.limit)
        return (FIRST if first else 0) | (self.later_bit if self.later.wilds_fit(wilds, size) else 0)

    @property
    def later_bit(self) -> int:
        """LATER where new melds may follow the first meld, else nothing."""
        return LATER if self.judge.rules.later_melds else 0

    # ---------------------------------------------------------------- moves at a state
    def moves(self, i: int, rest: int, w: int, tstate: tuple[object, ...],
              progress: Progress) -> Iterator[tuple[Option, tuple[object, ...]]]:
        guard = self.guard
        met = progress.met
        cap_set = self.size_cap.get("set", 0) if met else 99
        cap_run = self.size_cap.get("run", 0) if met else 99
        # Spare wild cards can be laid off on a set later, so a set takes only the wild cards
        # it needs: to reach the meld minimum, or an open first-meld size.
        spare = self.spare_wilds_go_on_sets
        set_min = self.set_min if met else max(self.set_min, *progress.sets, 0)
        for opt in self.options_of(i):
            if opt.wilds > w or ((rest | guard) - opt.packed) & guard != guard:
                continue
            if met and opt.size > (cap_set if opt.kind == "set" else cap_run):
                continue
            if spare and opt.kind == "set" and opt.wilds and opt.size > set_min and not opt.core:
                continue
            yield opt, tstate
        if self.lay_offs_ok:
            for k in self.tables_for[i]:
                table = self.tables[k]
                yield from KINDS[table.kind].lay_offs(self, i, k, table, rest, w, tstate)

    # ---------------------------------------------------------------- search
    def best(self, rest: int, w: int, tstate: tuple[object, ...], progress: Progress,
             melded: int, d: int) -> int:
        """Fewest points (or cards) the remaining cards can leave. `melded`: 0 nothing played
        yet, 1 something played, 2 a set is among the plan's new melds; `d`: 1 once a card is
        set aside as the final discard (going out only)."""
        key = (rest, w, tstate, progress, melded, d)
        tstate_in = tstate
        hit = self.memo.get(key)
        if hit is not None:
            return hit[0]
        self.budget.spend(self.hand_size)
        if not rest:
            result = self._finish(w, progress, melded, tstate, d)
            if w and self.discard and not d:  # a wild card as the final discard
                cost = self.best(0, w - 1, tstate, progress, melded, 1)
                if cost < result[0]:
                    result = (cost, (DISCARD, -1, (0, w - 1, tstate, progress, melded, 1)))
            self.memo[key] = result
            return result[0]
        i = ((rest & -rest).bit_length() - 1) // B
        below = self.runs_below[self.types[i] // 13]
        if below:
            tstate = self._forget(tstate, below, w)
            key = (rest, w, tstate, progress, melded, d)
            hit = self.memo.get(key)
            if hit is not None:
                self.memo[(rest, w, tstate_in, progress, melded, d)] = hit
                return hit[0]
        best_cost = INF
        best_choice: tuple[object, ...] | None = None
        open_requirement = not progress.met
        # A first meld that still owes a run without a wild card, and no such run left: nothing
        # played can be part of it, and what is played already is lost.
        hopeless = progress.pure and self.need_first_meld and not self.pure_run_left(rest)
        if hopeless and melded:
            self.memo[key] = (INF, None)
            if tstate is not tstate_in:
                self.memo[(rest, w, tstate_in, progress, melded, d)] = (INF, None)
            return INF
        # Plays first: a hand that goes out then needs no look at keeping or discarding.
        for opt, new_t in () if hopeless else self.moves(i, rest, w, tstate, progress):
            new_p = progress
            if opt.kind and not open_requirement and not opt.phases & LATER and not progress.extra:
                continue  # not a later meld, and an exact first meld takes no extra meld
            if opt.kind and open_requirement and opt.phases & FIRST:
                size = opt.core or (len(opt.opening) + opt.opening_wilds if opt.opening else opt.size)
                added = _added(progress, opt.kind, size, opt.points, opt.kind == "run" and not opt.wilds)
                if added is None and not opt.phases & LATER:
                    continue  # fills nothing, and the first meld takes no extra meld
                new_p = added or progress
            new_m = 2 if opt.kind == "set" or melded == 2 else 1
            state = (rest - opt.packed, w - opt.wilds, new_t, new_p, new_m, d)
            cost = self.best(*state)
            if cost < best_cost:
                best_cost = cost
                best_choice = (opt, i, state)
                if cost == 0:
                    break
        nxt = rest - (1 << (B * i))
        convertible = bool(self.as_wild) and self.as_wild[i]
        if convertible and best_cost:  # natural in its own place, or a wild
            cost = self.best(nxt, w + 1, tstate, progress, melded, d)
            if cost < best_cost:
                best_cost, best_choice = cost, (AS_WILD, i, (nxt, w + 1, tstate, progress, melded, d))
            # Kept or thrown, it does as well as a wild card (they cost the same): no more to try.
            self.memo[key] = (best_cost, best_choice)
            if tstate is not tstate_in:
                self.memo[(rest, w, tstate_in, progress, melded, d)] = (best_cost, best_choice)
            return best_cost
        if self.discard and not d and best_cost:  # this card as the final discard
            cost = self.best(nxt, w, tstate, progress, melded, 1)
            if cost < best_cost:
                best_cost, best_choice = cost, (DISCARD, i, (nxt, w, tstate, progress, melded, 1))
        if not self.free[i] and best_cost > self.cost_of[i]:
            cost = self.cost_of[i] + self.best(nxt, w, tstate, progress, melded, d)
            if cost < best_cost:
                best_cost, best_choice = cost, (None, i, (nxt, w, tstate, progress, melded, d))
        self.memo[key] = (best_cost, best_choice)
        if tstate is not tstate_in:
            self.memo[(rest, w, tstate_in, progress, melded, d)] = (best_cost, best_choice)
        return best_cost

    @staticmethod
    def _forget(tstate: tuple[object, ...], below: tuple[int, ...], w: int) -> tuple[object, ...]:
        """Table runs `below`, of suits whose cards are all placed: only the length of a grown
        window still matters (for the `w` wild cards left), and with none left, nothing."""
        for k in below:
            v = tstate[k]
            if v is not None and (not w or type(v) is RunState):
                out = list(tstate)
                for j in below:
                    out[j] = _forgotten(out[j], w)
                return tuple(out)
        return tstate

    def _finish(self, w: int, progress: Progress, melded: int, tstate: tuple[object, ...], d: int
                ) -> tuple[int, tuple[object, ...] | None]:
        """The wild cards left when every natural card is placed: meld them, lay them off, keep them."""
        if self.discard == "required" and not d:
            return INF, None  # going out needs a final discard, and none was set aside
        options: list[tuple[int, tuple[object, ...] | None]] = []
        need, met = self.need_first_meld, progress.met
        if not melded or not need or met:
            options.append((self.wild_costs[w], ("keep_wilds", w)))
        if not w:
            return min(options, key=lambda o: o[0]) if options else (INF, None)
        wild_melds = None if self.pure_runs_only else self._wild_melds(w, progress)
        if wild_melds is not None:
            options.append((0, ("wild_meld", wild_melds[1], wild_melds[0])))
        if self.lay_offs_allowed and (not need or met):  # lay-offs come after a first meld
            rooms = self._wild_rooms(tstate, melded)
            placed: list[tuple[int, int]] = []
            free = w
            for target, room in rooms:
                if free and room:
                    placed.append((target, min(free, room)))
                    free -= min(free, room)
            if placed:
                options.append((self.wild_costs[free], ("wild_lay_off", tuple(placed))))
        if not options:
            return INF, None
        return min(options, key=lambda o: o[0])

    def _wild_melds(self, w: int, progress: Progress) -> tuple[str, tuple[int, ...]] | None:
        """All-wild melds that take all `w` wild cards (and complete the first meld when it is
        still open): their kind and sizes, or None."""
        rules = self.judge.rules
        if not rules.wilds.all_wild or progress.points > 0 or progress.pure:
            return None  # a meld of wild cards only is worth no points and is never pure
        set_rule, run_rule = rules.meld_rule("set"), rules.meld_rule("run")
        for kind, rule, most in (("set", set_rule, set_rule.most if set_rule else INF),
                                 ("run", run_rule, run_rule.most if run_rule else 13)):
            if rule is None:
                continue
            if not self.need_first_meld or progress.met:
                if not rules.later_melds:
                    return None
                sizes: list[int] = [w] if rule.min <= w <= most else []
            else:
                if (progress.runs if kind == "set" else progress.sets):
                    continue  # the other kind is still owed
                sizes = [max(s, rule.min) for s in (progress.sets if kind == "set" else progress.runs)]
                sizes += [rule.min] * max(0, progress.melds - len(sizes))
                spare = w - sum(sizes)
                if spare < 0 or not sizes:
                    continue
                if spare and (progress.exact or sizes[0] + spare > most):
                    if spare < rule.min or not progress.extra:
                        continue
                    sizes.append(spare)
                else:
                    sizes[0] += spare
                if any(s > most for s in sizes):
                    continue
            if sizes:
                return kind, tuple(sizes)
        return None

    def _wild_rooms(self, tstate: tuple[object, ...], melded: int) -> list[tuple[int, int]]:
        """Melds that take more wild cards, and how many each: table melds by index, then -1
        for a set of this plan's own (when spare wild cards may go on sets)."""
        rooms: list[tuple[int, int]] = []
        if self.lay_offs_ok:
            cache = self.room_cache
            for k, table in enumerate(self.tables):
                room = cache.get((k, tstate[k]))
                if room is None:
                    room = cache[(k, tstate[k])] = KINDS[table.kind].wild_room(self, table, tstate[k])
                rooms.append((k, room))
        if melded == 2 and self.spare_wilds_go_on_sets:
            rooms.append((-1, INF))
        return rooms


@lru_cache(maxsize=1 << 16)
def _added(progress: Progress, kind: str, size: int, points: int, pure: bool) -> Progress | None:
    """`progress.add(...)`, remembered: the search asks the same few questions many times."""
    return progress.add(kind, size, points, pure)


def _forgotten(state: object, w: int) -> object:
    """What a finished suit's table run keeps in the search state: its length and wild cards
    while wild cards are left to lay off, else nothing."""
    if not w or not isinstance(state, RunState):
        return state if w else None
    return RunLength(state.length, state.length - len(state.naturals))


# ---------------------------------------------------------------- the public entry points

def _tables(judge: Judge, table: Sequence[Sequence[Card]]) -> list[Table]:
    out = []
    for i, cards in enumerate(table):
        meld, found = judge.judge(cards, wild_limit=False)
        if meld is None:
            raise InvalidPlayError([Problem(f"table[{i}]", "invalid_table_meld",
                                            t("table meld {n} is not a legal meld: {reason}",
                                              n=i + 1, reason=v.message))
                                    for v in found])
        out.append(KINDS[meld.kind].read_table(judge, cards, meld))
    return out


class Arrangement(NamedTuple):
    """The fewest points (or cards) a hand can be left with, and a plan that leaves them."""

    cost: int
    plan: Plan


def arrange(ruleset: Ruleset, hand: Sequence[Card], table: Sequence[Sequence[Card]] = (),
            first_meld_done: bool = True, round_number: int = 1, players: int | None = None,
            objective: str = "points", score: int | None = None, discard: str | None = None,
            budget: Budget | None = None, wild_rank: str | None = None,
            pure_runs_only: bool = False) -> Arrangement:
    """The arrangement of `hand` that leaves the fewest points (or cards) in hand.

    `pure_runs_only`: the melds are runs without a wild card (a wild card in its own place
    natural, where the game says so), and nothing else is played.

    `discard` ("optional" or "required", going out only): one card left over may be set aside
    as the final discard, and is not counted; "required" insists on one. `budget` is the
    request's, shared by every search it makes. Where a wild card standing for itself counts
    as natural (`wilds.natural_in_place`), each way of counting such cards natural is searched."""
    judge = judge_for(ruleset, round_number, players, wild_rank=wild_rank)
    if judge.direct_path and not pure_runs_only and discard != "required" and (
            not table or judge.rules.lay_off.refusal(True, True) is not None):
        direct = _direct(ruleset, judge, hand, first_meld_done, objective, score, discard)
        if direct is not None:
            return direct
    later = judge_for(ruleset, round_number, players, True, wild_rank)
    budget = budget or shared_budget()
    if pure_runs_only:
        natural = Counter(c for c in hand if c.rank in judge.in_place)
        return _arrange(ruleset, judge, later, hand, (), True, objective, score, None, budget,
                        frozenset(natural.items()), pure=True)
    if not judge.in_place:
        return _arrange(ruleset, judge, later, hand, table, first_meld_done, objective, score, discard,
                        budget, frozenset())
    in_place = [c for c in hand if c.rank in judge.in_place]
    if objective == "cards" or ruleset.scoring.wild_value is not None:
        # Every wild card costs the same: one search, where each such card is natural or wild.
        return _arrange(ruleset, judge, later, hand, table, first_meld_done, objective, score, discard,
                        budget, frozenset(Counter(in_place).items()), either=True)
    best: Arrangement | None = None
    for group in _sub_multisets(sorted(Counter(in_place).items(), key=lambda item: str(item[0]))):
        budget.check(len(hand))
        found = _arrange(ruleset, judge, later, hand, table, first_meld_done, objective, score, discard,
                         budget, frozenset(Counter(group).items()))
        if best is None or found.cost < best.cost:
            best = found
        if best.cost == 0:
            break
    assert best is not None
    return best


def _sub_multisets(counts: Sequence[tuple[Card, int]]) -> Iterator[tuple[Card, ...]]:
    """Every choice of some of these cards (each card up to its count), the largest first;
    made one at a time, so that the budget stops them as it stops a search."""
    for size in range(sum(n for _, n in counts), -1, -1):
        yield from _of_size(counts, size)


def _of_size(counts: Sequence[tuple[Card, int]], size: int) -> Iterator[tuple[Card, ...]]:
    if not counts:
        if not size:
            yield ()
        return
    (card, n), rest = counts[0], counts[1:]
    room = sum(m for _, m in rest)
    for k in range(min(n, size), max(0, size - room) - 1, -1):
        for tail in _of_size(rest, size - k):
            yield (card,) * k + tail


def _arrange(ruleset: Ruleset, judge: Judge, later: Judge, hand: Sequence[Card],
             table: Sequence[Sequence[Card]],
             first_meld_done: bool, objective: str, score: int | None, discard: str | None,
             budget: Budget, as_natural: frozenset[tuple[Card, int]], either: bool = False,
             pure: bool = False) -> Arrangement:
    """One search; `as_natural`: wild cards (and how many of each) counted as natural cards;
    `either`: each of those may still serve as a wild card (every wild card costs the same)."""
    rummy = ruleset.rummy
    assert rummy is not None
    natural_count = dict(as_natural)

    wild_value = ruleset.scoring.wild_value

    def cost(card: Card) -> int:
        if objective == "cards":
            return 1
        if wild_value is not None and card.rank in judge.wild_ranks:
            return wild_value
        return ruleset.scoring.value(card)

    def is_wild(card: Card, seen: Counter[Card]) -> bool:
        if card.rank not in judge.wild_ranks:
            return False
        if natural_count.get(card, 0) > seen[card]:
            seen[card] += 1
            return False
        return True

    stuck = [c for c in hand if (c.is_joker and c.rank not in judge.wild_ranks)
             or (not c.is_joker and ruleset.deck.copies(c, 1) == 0)]
    seen: Counter[Card] = Counter()
    wild_flags = [is_wild(c, seen) for c in hand]
    wild_cards = sorted((c for c, w in zip(hand, wild_flags, strict=True) if w), key=cost, reverse=True)
    counts = Counter(_index(c) for c, w in zip(hand, wild_flags, strict=True) if not w and c not in stuck)
    # Sets only: rank by rank, so the cards of a rank are settled before the next rank's.
    types = sorted(counts, key=(lambda u: (u % 13, u)) if judge.rules.meld_rule("run") is None else None)
    if either:  # cards that may serve as wild cards are settled first, before any meld needs them
        types.sort(key=lambda u: RUN_ORDER[u % 13] not in judge.in_place)
    if any(n > FIELD for n in counts.values()):
        raise InvalidPlayError(Problem("hand", "duplicate_card", t("a hand holds too many identical cards")))
    prefix = [0]
    for v in sorted(cost(c) for c in wild_cards):
        prefix.append(prefix[-1] + v)
    tables = _tables(judge, table)
    need = not first_meld_done and not judge.rules.first_meld.empty
    # Lay-offs only from the turn after the first meld: none in the turn that makes it.
    no_lay_offs = need and judge.rules.lay_off.allowed == "next_turn"
    search = _Search(
        judge=judge,
        types=types,
        cost_of=[cost(_card(t)) for t in types],
        wild_costs=prefix,
        tables=tables,
        lay_offs_ok=bool(tables) and not no_lay_offs and judge.rules.lay_off.refusal(True, True) is None,
        lay_offs_allowed=not no_lay_offs and not pure and judge.rules.lay_off.refusal(True, False) is None,
        pure_runs_only=pure,
        need_first_meld=need,
        later=later,
        wilds_unlimited=judge.rules.lay_off.wilds_unlimited,
        hand_size=len(hand),
        budget=budget,
    )
    set_rule = judge.rules.meld_rule("set")
    # Spare wild cards go on a set of this plan; not where a set holds at most one card a suit.
    search.spare_wilds_go_on_sets = search.lay_offs_allowed and judge.rules.lay_off.wilds_unlimited \
        and set_rule is not None and not set_rule.distinct_suits
    progress = Progress.of(judge.rules.first_meld) if need else Progress((), (), 0)
    convertible = sum(natural_count.values()) if either else 0
    if either:
        search.as_wild = [RUN_ORDER[t % 13] in judge.in_place for t in types]
        for c in sorted((c for c, n in as_natural for _ in range(n)), key=cost):
            prefix.append(prefix[-1] + cost(c))
    search.prepare([counts[t] for t in types], len(wild_cards) + convertible, progress)
    rest = sum(counts[t] << (B * i) for i, t in enumerate(types))
    tstate: tuple[object, ...] = tuple(None for _ in tables)
    # A card that can never be played is the best final discard.
    thrown = stuck.pop() if discard and stuck else None
    search.discard = discard
    start = (rest, len(wild_cards), tstate, progress, 0, 1 if thrown else 0)
    total = search.best(*start)
    plan = _replay(search, start, list(wild_cards))
    plan = plan._replace(left=tuple(stuck) + plan.left, discard=thrown or plan.discard)
    return _limited(ruleset, hand, Arrangement(total + sum(cost(c) for c in stuck), plan), cost, score)


def _direct(ruleset: Ruleset, judge: Judge, hand: Sequence[Card], first_meld_done: bool, objective: str,
            score: int | None, discard: str | None) -> Arrangement | None:
    """The answer of `_without_wilds`, with the final discard and the hand limit, or None."""
    direct = _without_wilds(judge, hand, _place_values(ruleset, objective), first_meld_done)
    if direct is None:
        return None

    def cost(card: Card) -> int:  # no wild card here
        return 1 if objective == "cards" else ruleset.scoring.value(card)

    if discard and direct.plan.left:  # the costliest card left is the discard
        out = max(direct.plan.left, key=cost)
        left = list(direct.plan.left)
        left.remove(out)
        direct = Arrangement(direct.cost - cost(out), direct.plan._replace(left=tuple(left), discard=out))
    return direct if score is None else _limited(ruleset, hand, direct, cost, score)


def _limited(ruleset: Ruleset, hand: Sequence[Card], found: Arrangement, cost: Callable[[Card], int],
             score: int | None) -> Arrangement:
    """The hand limit: when the best plan keeps too much for the player's score, nothing is melded."""
    limit = ruleset.rummy.hand_limit if ruleset.rummy else None
    plan = found.plan
    if (score is not None and limit is not None and (plan.melds or plan.lay_offs)
            and sum(ruleset.scoring.value(c) for c in plan.left) + score > limit):
        return Arrangement(sum(cost(c) for c in hand), Plan(left=tuple(hand)))
    return found


@lru_cache(maxsize=256)
def _place_values(ruleset: Ruleset, objective: str) -> tuple[int, ...]:
    """What a card left in hand costs, by run place (A, 2, ... K, then a high A)."""
    places = RUN_ORDER + ("A",)
    if objective == "cards":
        return tuple(1 for _ in places)
    return tuple(ruleset.scoring.values.get(r, 0) for r in places)


def _without_wilds(judge: Judge, hand: Sequence[Card], values: tuple[int, ...],
                   first_meld_done: bool) -> Arrangement | None:
    """The exact answer, directly, for a hand with no wild card and no repeated card, and no
    table to lay off on: choose at most one set per rank (every way), then in each suit the
    cards left meld exactly when they make a stretch of at least the run minimum.

    Each suit is a 14-bit mask (ace at bit 0, or 13 when high); two tables, built once, give
    the cards outside long enough stretches and their points. None when the hand or the rules
    are outside this case."""
    rules = judge.rules
    if not first_meld_done and not rules.first_meld.empty:
        return None
    set_rule, run_rule = judge.kinds.get("set"), judge.kinds.get("run")
    if run_rule is not None and run_rule.ace == "around":
        return None
    bits = list(map(judge.natural_bits.get, hand))
    if None in bits:
        return None  # a wild card, or one not in the deck
    hand_mask: int = sum(bits)  # type: ignore[arg-type]
    if hand_mask.bit_count() != len(bits):
        return None  # a repeated card (adding its bit twice carries)
    choices: list[tuple[int, ...]] = []
    fixed = 0  # sets every best arrangement makes
    if set_rule is not None:
        least = set_rule.min
        # A card a set leaves out must be able to sit in a run (a same-suit neighbour in hand):
        # otherwise putting it in the set too is never worse.
        near = 0
        if run_rule is not None:
            near = (hand_mask << 1) | (hand_mask >> 1)
            if run_rule.ace != "low":  # an ace placed high sits next to the king (bit 0 and 12)
                near |= ((hand_mask >> 12) & _RANK_COLUMNS[0]) | ((hand_mask << 12) & _RANK_COLUMNS[12])
        at_least = _ranks_with(hand_mask)  # ranks (as 14-bit masks) holding at least n cards
        if 2 * least <= 4 and at_least[2 * least]:
            return None  # two sets of one rank: the general search handles it
        candidates = at_least[least] if least <= 4 else 0
        while candidates:
            low = candidates & -candidates
            candidates ^= low
            full = hand_mask & _RANK_COLUMNS[low.bit_length() - 1]
            options = _set_choices(full, full & near, least)
            if options == (full,):
                fixed |= full
            else:
                choices.append(options)
    hand_mask &= ~fixed
    points = _mask_points(values)
    dead = _outside_stretches(run_rule.min) if run_rule is not None else None
    ace = run_rule.ace if run_rule is not None else "low"

    def suit_cost(m: int) -> tuple[int, int]:
        """(points left, the mask with the ace placed) for one suit's cards."""
        if dead is None:
            return points[m], m
        high = (m & ~1) | (1 << 13) if m & 1 else m
        if ace == "low" or high == m:
            return points[dead[m]], m
        if ace == "high":
            return points[dead[high]], high
        low_cost, high_cost = points[dead[m]], points[dead[high]]
        return (low_cost, m) if low_cost <= high_cost else (high_cost, high)

    best_total, best_combo = INF, 0
    if run_rule is not None and ace == "low":  # the common case, inlined
        left = _dead_points(values, run_rule.min)  # points outside runs, by suit mask
        takens = [0]
        for options in choices:  # sets of different ranks never share a card
            takens = [taken | m for taken in takens for m in options]
        for taken in takens:
            rest = hand_mask & ~taken
            total = left[rest & 0x3FFF] + left[(rest >> 14) & 0x3FFF] + left[(rest >> 28) & 0x3FFF] + left[rest >> 42]
            if total < best_total:
                best_total, best_combo = total, taken
    else:
        for combo in product(*choices):
            taken = sum(combo)
            rest = hand_mask & ~taken
            total = 0
            for s in range(4):
                m = (rest >> (14 * s)) & 0x3FFF
                if m:
                    total += suit_cost(m)[0]
            if total < best_total:
                best_total, best_combo = total, taken
    melds: list[tuple[Card, ...]] = []
    ranks_fixed = _ranks_with(fixed)[1] if fixed else 0
    while ranks_fixed:
        low = ranks_fixed & -ranks_fixed
        ranks_fixed ^= low
        melds.append(_cards_of(fixed & _RANK_COLUMNS[low.bit_length() - 1]))
    for options in choices:  # the last option of a rank is all its cards
        if best_combo & options[-1]:
            melds.append(_cards_of(best_combo & options[-1]))
    kept_all = 0
    rest = hand_mask & ~best_combo
    for s in range(4):
        m = (rest >> (14 * s)) & 0x3FFF
        if not m:
            continue
        placed = suit_cost(m)[1] if ace != "low" else m
        kept = dead[placed] if dead is not None else placed
        kept_all |= kept << (14 * s)
        if placed != kept:
            melds += [_cards_of(run << (14 * s)) for run in _stretches(placed & ~kept)]
    return Arrangement(best_total, Plan(tuple(melds), (), _cards_of(kept_all)))




_BIT_CARD = [Card(RUN_ORDER[place % 13], suit) for suit in SUITS for place in range(14)]
_RANK_COLUMNS = [sum(1 << (14 * s + r) for s in range(4)) for r in range(13)]


@lru_cache(maxsize=4096)
def _set_choices(full: int, near: int, least: int) -> tuple[int, ...]:
    """The ways to use one rank's cards (`full`) in a set: none, when enough of them can sit
    in runs (`near`: those with a same-suit neighbour in hand), or a set of at least `least`
    that leaves out only cards that can. Smallest first; the last is all the cards."""
    options = tuple(m for m in _sets_within(full, least) if (full ^ m) & near == full ^ m)
    return (0, *options) if near.bit_count() > full.bit_count() - least else options


@lru_cache(maxsize=1024)
def _sets_within(cards: int, least: int) -> tuple[int, ...]:
    """Every set of at least `least` of these cards of one rank (bit masks), smallest first."""
    bits = [1 << place for place in range(56) if cards >> place & 1]
    return tuple(sum(c) for n in range(least, len(bits) + 1) for c in combinations(bits, n))


def _ranks_with(mask: int) -> tuple[int, int, int, int, int]:
    """For n = 0..4, the ranks (bits of a 14-bit mask) holding at least n of the four suits'
    cards in `mask`: the four suit masks added bit by bit, like a small adder."""
    s0, s1, s2, s3 = mask & 0x3FFF, (mask >> 14) & 0x3FFF, (mask >> 28) & 0x3FFF, mask >> 42
    low_pair, high_pair = s0 ^ s1, s2 ^ s3          # ones digits of s0+s1 and s2+s3
    low_two, high_two = s0 & s1, s2 & s3            # twos digits
    ones = low_pair ^ high_pair
    carry = low_pair & high_pair
    twos = low_two ^ high_two ^ carry
    fours = (low_two & high_two) | (carry & (low_two ^ high_two))
    return (0x3FFF, ones | twos | fours, twos | fours, fours | (twos & ones), fours)


def _cards_of(mask: int) -> tuple[Card, ...]:
    """The cards at the bits of a mask over (suit * 14 + place); place 13 is a high ace."""
    clubs, diamonds, hearts, spades = _suit_cards()
    return (clubs[mask & 0x3FFF] + diamonds[(mask >> 14) & 0x3FFF] + hearts[(mask >> 28) & 0x3FFF]
            + spades[mask >> 42])


@lru_cache(maxsize=1)
def _suit_cards() -> tuple[tuple[tuple[Card, ...], ...], ...]:
    """For each suit, the cards of every 14-bit mask, lowest place first (built once)."""
    tables = []
    for s in range(4):
        table: list[tuple[Card, ...]] = [()] * (1 << 14)
        for mask in range(1, 1 << 14):
            low = mask & -mask
            table[mask] = (_BIT_CARD[14 * s + low.bit_length() - 1],) + table[mask ^ low]
        tables.append(tuple(table))
    return tuple(tables)


def _stretches(mask: int) -> list[int]:
    """The maximal stretches of consecutive bits in a 14-bit mask, each as a mask."""
    out = []
    while mask:
        run = nxt = mask & -mask
        while mask & (nxt := nxt << 1):
            run |= nxt
        out.append(run)
        mask &= ~run
    return out


@lru_cache(maxsize=8)
def _outside_stretches(least: int) -> tuple[int, ...]:
    """For every 14-bit mask, the bits that are not in a stretch of `least` or more."""
    table = []
    for mask in range(1 << 14):
        kept, length = 0, 0
        for place in range(15):
            if place < 14 and mask >> place & 1:
                length += 1
                continue
            if 0 < length < least:
                kept |= ((1 << length) - 1) << (place - length)
            length = 0
        table.append(kept)
    return tuple(table)


@lru_cache(maxsize=32)
def _dead_points(values: tuple[int, ...], least: int) -> tuple[int, ...]:
    """For every 14-bit mask, the points of its cards outside stretches of `least` or more."""
    points = _mask_points(values)
    return tuple([points[kept] for kept in _outside_stretches(least)])


@lru_cache(maxsize=32)
def _mask_points(values: tuple[int, ...]) -> tuple[int, ...]:
    """For every 14-bit mask, the points of the cards at its bits (`values` by place)."""
    table = [0] * (1 << 14)
    for mask in range(1, 1 << 14):
        low = mask & -mask
        table[mask] = table[mask ^ low] + values[low.bit_length() - 1]
    return tuple(table)


def _unpack(search: _Search, packed: int) -> list[Card]:
    cards = []
    for i, card_type in enumerate(search.types):
        cards += [_card(card_type)] * ((packed >> (B * i)) & FIELD)
    return cards


def _replay(search: _Search, state: tuple[object, ...], wilds: list[Card]) -> Plan:
    """Walk the memo from the start state and write the plan down with real cards, each
    step one the checks accept: wild cards or naturals laid on a meld of this plan are
    lay-offs on it, not part of it."""
    melds: list[tuple[Card, ...]] = []
    kinds: list[str] = []
    first: list[int] = []
    lay: dict[int, list[Card]] = {}
    own: dict[int, list[Card]] = {}
    left: list[Card] = []
    discard: Card | None = None
    while True:
        _cost, choice = search.memo[state]
        if choice is None:
            break
        progress = state[3]
        assert isinstance(progress, Progress)
        if isinstance(choice[0], str):
            what = choice[0]
            if what == "wild_meld":
                for size in choice[1]:  # type: ignore[attr-defined]
                    if search.need_first_meld and not progress.met:
                        first.append(len(melds))
                    melds.append(tuple(wilds[:size]))
                    kinds.append(str(choice[2]))
                    del wilds[:size]
            elif what == "wild_lay_off":
                for target, taken in choice[1]:  # type: ignore[attr-defined]
                    if target < 0:  # onto the plan's own first set
                        own.setdefault(kinds.index("set"), []).extend(wilds[:taken])
                    else:
                        lay.setdefault(target, []).extend(wilds[:taken])
                    del wilds[:taken]
            left.extend(wilds)
            break
        opt, i, state = choice  # type: ignore[assignment]
        if opt is AS_WILD:
            wilds.append(_card(search.types[int(i)]))  # type: ignore[call-overload]
            continue
        if opt is DISCARD:
            discard = _card(search.types[int(i)]) if int(i) >= 0 else wilds.pop()  # type: ignore[call-overload]
            continue
        if opt is None:
            left.append(_card(search.types[int(i)]))  # type: ignore[call-overload]
            continue
        assert isinstance(opt, Option)
        naturals = _unpack(search, opt.packed)
        used = wilds[:opt.wilds]
        del wilds[:opt.wilds]
        if opt.kind is None:
            lay.setdefault(opt.table, []).extend(naturals + used)
            continue
        if state[3] != progress or (search.need_first_meld and opt.phases == FIRST):
            first.append(len(melds))
        if opt.core:  # wild cards alone make the meld; the naturals are laid off on it
            own.setdefault(len(melds), []).extend(naturals)
            melds.append(tuple(used))
        elif opt.opening is not None and state[3] != progress:  # part first, the rest laid off
            laid = [c for c in naturals if c.rank in opt.opening] + used[:opt.opening_wilds]
            own.setdefault(len(melds), []).extend(
                [c for c in naturals if c.rank not in opt.opening] + used[opt.opening_wilds:])
            melds.append(tuple(laid))
        else:
            melds.append(tuple(naturals + used))
        kinds.append(opt.kind)
    return Plan(tuple(melds), tuple(sorted((k, tuple(v)) for k, v in lay.items())), tuple(left), discard,
                tuple(sorted((k, tuple(v)) for k, v in own.items())),
                tuple(first) if search.need_first_meld and melds else None)


def warm_up(rulesets: Iterable[Ruleset]) -> None:
    """Build the planner's tables and the round judges now (a service calls this at start),
    so that the first request is as fast as the rest."""
    _suit_cards()
    for ruleset in rulesets:
        if ruleset.rummy is None:
            continue
        values = [_place_values(ruleset, objective) for objective in ("points", "cards")]
        for number in range(1, max(1, len(ruleset.rummy.rounds)) + 1):
            # a rank chosen each deal: judges are built per rank, the first when it is used
            rank = ruleset.deck.ranks[0] if ruleset.rummy.round(number).wilds.per_deal else None
            for later in (False, True):
                judge = judge_for(ruleset, number, None, later, rank)
            run = judge.kinds.get("run")
            for table in values:
                _mask_points(table)
                if run is not None:
                    _dead_points(table, run.min)


def check_going_out(ruleset: Ruleset, hand: Sequence[Card], table: Sequence[Sequence[Card]] = (),
                    first_meld_done: bool = True, round_number: int = 1,
                    players: int | None = None, *, budget: Budget | None = None,
                    wild_rank: str | None = None) -> Verdict:
    """Can the whole hand be melded or laid off, leaving at most the discard the rules allow?

    One search answers it, the final discard being a card set aside in it; `budget` bounds
    the planning of the whole request (a 422 past it)."""
    assert ruleset.rummy is not None
    budget = budget or shared_budget()
    judge = judge_for(ruleset, round_number, players, wild_rank=wild_rank)
    if judge.rules.whole_hand:  # a declaration or a knock: the first meld is always asked
        problems = _whole_hand_problems(ruleset, judge, hand, table, players)
        if problems:
            raise InvalidPlayError(problems)
        first_meld_done = False
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
    plan = best.plan if best.cost == 0 else None
    if plan is not None and not first_meld_done and not judge.rules.first_meld.empty and not plan.melds:
        # Only a discard: a player who has not made the first meld cannot go out by it.
        return Verdict((Violation(
            "cannot_go_out",
            t("To go out you must first make the first meld ({need}).", need=judge.rules.first_meld.describe()),
            tuple(hand)),))
    if plan is None:
        kept = best.plan.not_played()
        if not first_meld_done and not judge.rules.first_meld.empty:
            after = _after_first_meld(ruleset, hand, table, round_number, players,
                                      None if rule == "forbidden" else rule, budget, wild_rank)
            said = _first_meld_words(judge, rule, bool(best.plan.melds), hand, after) if after else None
            if said is not None:
                return Verdict((Violation("cannot_go_out", *said),))
        return Verdict((Violation("cannot_go_out", _left_over(judge, rule, kept), tuple(kept)),))
    return Verdict((), {"plan": plan.as_dict()})


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


def _first_meld_words(judge: Judge, rule: str, made: bool, hand: Sequence[Card],
                      after: Arrangement) -> tuple[str, tuple[Card, ...]] | None:
    """Why a hand cannot go out before its first meld, where the first meld is the reason:
    it cannot be made (`made` False), or what follows it must wait a turn. None: the plain
    words (the cards the best arrangement leaves) say it better."""
    need = judge.rules.first_meld.describe()
    if after.cost == 0:
        if made and judge.rules.lay_off.allowed == "next_turn":
            return t("The first meld ({need}) can be made, but the other cards would have to be laid off, and "
                     "lay-offs start only on the turn after the first meld.", need=need), tuple(hand)
        return (t("To go out you must make the first meld ({need}) and play every card in this turn; no "
                  "arrangement of these cards does both.", need=need) if rule == "forbidden" else t(
            "To go out you must make the first meld ({need}) and play every card but one final discard "
            "in this turn; no arrangement of these cards does both.", need=need)), tuple(hand)
    if made:
        return None
    kept = after.plan.not_played()
    return tn("These cards cannot make the first meld ({need}); even with it made, the best arrangement would "
              "still leave {n} card ({cards}).", "These cards cannot make the first meld ({need}); even with it "
              "made, the best arrangement would still leave {n} cards ({cards}).", len(kept), need=need,
              cards=listed(kept)), tuple(kept)


def _left_over(judge: Judge, rule: str, kept: Sequence[Card]) -> str:
    """Why a hand cannot go out: the cards its best arrangement still leaves."""
    values = {"cards": listed(kept)}
    if judge.rules.lay_off.refusal(True, False) is not None:  # a game without lay-offs
        return tn("To go out you must meld every card; the best arrangement still leaves {n} card ({cards}).",
                  "To go out you must meld every card; the best arrangement still leaves {n} cards ({cards}).",
                  len(kept), **values) if rule == "forbidden" else tn(
            "To go out you must meld all but one final discard; the best arrangement still leaves {n} card "
            "({cards}).", "To go out you must meld all but one final discard; the best arrangement still "
            "leaves {n} cards ({cards}).", len(kept), **values)
    return tn("To go out you must meld or lay off every card; the best arrangement still leaves "
              "{n} card ({cards}).", "To go out you must meld or lay off every card; the best "
              "arrangement still leaves {n} cards ({cards}).", len(kept), **values) \
        if rule == "forbidden" else tn(
        "To go out you must meld or lay off all but one final discard; the best arrangement still "
        "leaves {n} card ({cards}).", "To go out you must meld or lay off all but one final discard; "
        "the best arrangement still leaves {n} cards ({cards}).", len(kept), **values)


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
        problems.append(Problem("hand", "wrong_hand_size", tn(
            "the hand holds {n} card; {game} goes out with the whole hand after the draw, {size} cards",
            "the hand holds {n} cards; {game} goes out with the whole hand after the draw, {size} cards",
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
                "{cost} ({cards}).", most=most, cost=best.cost, cards=listed(left)), tuple(left)),))
    return Verdict((), {"plan": best.plan.as_dict(), "deadwood": best.cost})
