"""The memoised search: the fewest points (or cards) the cards still to place can leave.

Natural cards are taken lowest field first (suit, then rank); the first remaining card is
either kept in hand, put in a new meld with other remaining cards and wild cards, or laid off
on a meld on the table. Wild cards are interchangeable in melds, so the search only counts
them and the most valuable are used first. The memo keeps each state's best choice, which
`referee.planner.plan.replay` walks to write the plan down.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

from referee.kinds.searching import FIRST, LATER, Option
from referee.kinds.table import most_of
from referee.planner.halves import planner_of
from referee.planner.prepared import INF, Prepared
from referee.rules.ruleset import Progress
from referee.values.budget import OPTIONS_A_STEP, STATE_STEPS

DISCARD = object()     # a choice in the memo: this card is the final discard
AS_WILD = object()     # a choice in the memo: this card, natural in its own place, serves as a wild


# A state of the search: the cards left (packed), the wild cards left, the table melds' states,
# the first meld's progress, what is melded, and whether the final discard is set aside.
State = tuple[int, int, tuple[object, ...], Progress, int, int]


@dataclass
class HandSearch(Prepared):
    """The walk over the states of one hand; `memo` holds each state's cost and choice."""

    # ---------------------------------------------------------------- moves at a state
    def moves(self, i: int, rest: int, w: int, tstate: tuple[object, ...],
              progress: Progress) -> Iterator[tuple[Option, tuple[object, ...]]]:
        guard = self.guard
        met = progress.met
        # Spare wild cards can be laid off on a set later, so a set takes only the wild cards
        # it needs: to reach the meld minimum, or an open first-meld size.
        spare = self.spare_wilds_later
        spare_least = self.spare_min if met else max(self.spare_min, *progress.sizes(self.spare_kind), 0)
        for opt in self.options_of(i):
            if opt.wilds > w or ((rest | guard) - opt.packed) & guard != guard:
                continue
            if met and opt.size > self.size_cap.get(opt.kind or "", 0):
                continue
            if opt.kind == self.whole_rank_kind and opt.size < self.whole_rank_max \
                    and (rest - opt.packed) & self.rank_fields[i]:
                continue  # one open meld a rank: no card of it left for a second one
            if spare and opt.kind == self.spare_kind and opt.wilds and opt.size > spare_least and not opt.core:
                continue
            yield opt, tstate
        if self.lay_offs_ok:
            for k in self.tables_for[i]:
                table = self.tables[k]
                yield from planner_of(table.kind).lay_offs(self, (i, rest, w, tstate), k, table)

    # ---------------------------------------------------------------- search
    def best(self, key: State) -> int:
        """Fewest points (or cards) the remaining cards can leave, from the state `key`: the
        cards left (`rest`, packed), the wild cards left (`w`), the table melds' states, the
        first meld's progress, `melded` (0 nothing played yet, 1 something played, 2 a meld of
        the kind spare wild cards go on is among the plan's new melds) and `d` (1 once a card
        is set aside as the final discard, going out only)."""
        rest, w, tstate, progress, melded, d = key
        tstate_in = tstate
        hit = self.memo.get(key)
        if hit is not None:
            return hit[0]
        self.budget.spend(self.hand_size, STATE_STEPS)
        if not rest:
            result = self._finish(w, progress, melded, tstate, d)
            if w and self.discard and not d and self.wild_discard:  # a wild card as the final discard
                cost = self.best((0, w - 1, tstate, progress, melded, 1))
                if cost < result[0]:
                    result = (cost, (DISCARD, -1, (0, w - 1, tstate, progress, melded, 1)))
            self.memo[key] = result
            return result[0]
        i = ((rest & -rest).bit_length() - 1) // self.bits
        below = self.runs_below[i]
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
        tried = 0
        for opt, new_t in () if hopeless else self.moves(i, rest, w, tstate, progress):
            tried += 1
            new_p = progress
            if opt.kind and not open_requirement and not opt.phases & LATER and not progress.extra:
                continue  # not a later meld, and an exact first meld takes no extra meld
            if opt.kind and open_requirement and opt.phases & FIRST:
                size = opt.core or (len(opt.opening) + opt.opening_wilds if opt.opening else opt.size)
                added = _added(progress, opt.kind, size, opt.points, not opt.wilds)
                if added is None and not opt.phases & LATER:
                    continue  # fills nothing, and the first meld takes no extra meld
                new_p = added or progress
            new_m = 2 if opt.kind == self.spare_kind or melded == 2 else 1
            state: State = (rest - opt.packed, w - opt.wilds, new_t, new_p, new_m, d)
            cost = self.best(state)
            if cost < best_cost:
                best_cost = cost
                best_choice = (opt, i, state)
                if cost == 0:
                    break
        # a step a move tried, a table meld looked at, and so many of the new melds passed over
        self.budget.spend(self.hand_size, tried + len(self.tables_for[i]) + len(self.options[i] or ()) // OPTIONS_A_STEP)
        nxt = rest - (1 << (self.bits * i))
        convertible = bool(self.as_wild) and self.as_wild[i]
        if convertible and best_cost:  # natural in its own place, or a wild
            cost = self.best((nxt, w + 1, tstate, progress, melded, d))
            if cost < best_cost:
                best_cost, best_choice = cost, (AS_WILD, i, (nxt, w + 1, tstate, progress, melded, d))
            # Kept or thrown, it does as well as a wild card (they cost the same): no more to try.
            self.memo[key] = (best_cost, best_choice)
            if tstate is not tstate_in:
                self.memo[(rest, w, tstate_in, progress, melded, d)] = (best_cost, best_choice)
            return best_cost
        if self.discard and not d and best_cost and self.may_discard[i]:  # this card as the final discard
            cost = self.best((nxt, w, tstate, progress, melded, 1))
            if cost < best_cost:
                best_cost, best_choice = cost, (DISCARD, i, (nxt, w, tstate, progress, melded, 1))
        if not self.free[i] and best_cost > self.cost_of[i]:
            cost = self.cost_of[i] + self.best((nxt, w, tstate, progress, melded, d))
            if cost < best_cost:
                best_cost, best_choice = cost, (None, i, (nxt, w, tstate, progress, melded, d))
        self.memo[key] = (best_cost, best_choice)
        if tstate is not tstate_in:
            self.memo[(rest, w, tstate_in, progress, melded, d)] = (best_cost, best_choice)
        return best_cost

    def _forget(self, tstate: tuple[object, ...], below: tuple[int, ...], w: int) -> tuple[object, ...]:
        """Table melds `below`, of suits whose cards are all placed: what each kind still needs
        of their states for the `w` wild cards left (`KindPlanner.forget`)."""
        out: list[object] | None = None
        forgets = self.forgets
        for k in below:
            v = tstate[k]
            if v is not None:
                kept = forgets[k](v, w)
                if kept is not v:
                    if out is None:
                        out = list(tstate)
                    out[k] = kept
        return tstate if out is None else tuple(out)

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
        for kind in self.judge.kind_order:  # sets first, as the judge reads wild cards alone
            rule = rules.meld_rule(kind)
            if rule is None:
                continue
            most = most_of(rule)
            if not self.need_first_meld or progress.met:
                if not rules.later_melds:
                    return None
                sizes: list[int] = [w] if rule.min <= w <= most else []
            else:
                if any(sizes for other, sizes in progress.open if other != kind):
                    continue  # another kind is still owed
                sizes = [max(s, rule.min) for s in progress.sizes(kind)]
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
                    room = cache[(k, tstate[k])] = planner_of(table.kind).wild_room(self, table, tstate[k])
                rooms.append((k, room))
        if melded == 2 and self.spare_wilds_later:
            rooms.append((-1, INF))
        return rooms


@lru_cache(maxsize=1 << 16)
def _added(progress: Progress, kind: str, size: int, points: int, pure: bool) -> Progress | None:
    """`progress.add(...)`, remembered: the search asks the same few questions many times."""
    return progress.add(kind, size, points, pure)
