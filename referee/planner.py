"""The best arrangement of a hand: melds and lay-offs that leave the fewest points (or cards).

An exact, memoised search. Natural cards are taken lowest index first (suit, then rank);
the first remaining card is either kept in hand, put in a new set or run with other
remaining cards and wild cards, or laid off on a meld on the table (a set takes it as it
is; a run grows to a longer window). Wild cards are interchangeable in melds, so the search
only counts them and the most valuable are used first. The same search answers "can I go
out" (fewest cards left) and "what is the least I can be caught with" (fewest points).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from referee.cards import Card
from referee.errors import InvalidPlayError, Problem
from referee.melds import RUN_ORDER, Judge, judge_for, run_windows
from referee.plays import Progress, lay_off_refusal
from referee.ruleset import Ruleset
from referee.violations import Verdict, Violation, listed

SUITS = ("C", "D", "H", "S")
INF = 10**9


def _index(card: Card) -> int:
    return SUITS.index(card.suit or "C") * 13 + RUN_ORDER.index(card.rank)


def _card(index: int) -> Card:
    return Card(RUN_ORDER[index % 13], SUITS[index // 13])


@dataclass(frozen=True)
class Plan:
    """One way to play a hand: new melds, lay-offs on table melds, and what stays in hand."""

    melds: tuple[tuple[Card, ...], ...] = ()
    lay_offs: tuple[tuple[int, tuple[Card, ...]], ...] = ()
    left: tuple[Card, ...] = ()
    discard: Card | None = None

    def as_dict(self) -> dict[str, object]:
        return {
            "melds": [[str(c) for c in m] for m in self.melds],
            "lay_offs": [{"table": t, "cards": [str(c) for c in cards]} for t, cards in self.lay_offs],
            "discard": str(self.discard) if self.discard else None,
            "left": [str(c) for c in self.left],
        }


@dataclass
class _Table:
    """A meld on the table as the search sees it."""

    kind: str
    rank: str | None = None               # sets
    suit: str | None = None               # runs
    window: tuple[str, ...] = ()          # runs: the ranks it covers, in order
    wilds: int = 0
    suits: frozenset[str] = frozenset()   # sets with distinct suits


@dataclass
class _Search:
    judge: Judge
    cost_of: dict[int, int]
    wild_costs: list[int]                 # prefix sums of wild costs, cheapest first
    tables: list[_Table]
    lay_offs_ok: bool
    need_first_meld: bool
    wilds_unlimited: bool
    memo: dict[tuple[object, ...], tuple[int, tuple[object, ...] | None]] = field(default_factory=dict)

    # ---------------------------------------------------------------- moves
    def moves(self, rest: tuple[int, ...], w: int, tstate: tuple[object, ...]
              ) -> Iterator[tuple[str, object, tuple[int, ...], int, tuple[object, ...], int, str | None]]:
        """(move, detail, naturals used, wilds used, new table state, meld size, meld kind)."""
        c = rest[0]
        avail = Counter(rest[1:])
        rules = self.judge.rules
        limit = rules.wilds.max_per_meld
        cap = w if limit is None else min(w, limit)
        set_rule = rules.meld_rule("set")
        if set_rule is not None:
            yield from self._sets(c, avail, cap, set_rule.min, set_rule.distinct_suits)
        run_rule = rules.meld_rule("run")
        if run_rule is not None:
            for window in _windows_with(run_rule.ace, RUN_ORDER[c % 13], run_rule.min):
                for used, wild_n in _fill(window, c, avail, cap, ()):
                    yield "meld", window, used, wild_n, tstate, len(window), "run"
        if self.lay_offs_ok:
            yield from self._lay_offs(c, avail, w, tstate)

    def _sets(self, c: int, avail: Counter[int], cap: int, least: int, distinct: bool
              ) -> Iterator[tuple[str, object, tuple[int, ...], int, tuple[object, ...], int, str | None]]:
        rank = c % 13
        options: list[list[tuple[int, ...]]] = []
        for s in range(4):
            t = s * 13 + rank
            n = avail.get(t, 0)
            most = 0 if distinct and t == c else (min(n, 1) if distinct else n)
            options.append([(t,) * k for k in range(most + 1)])
        for a in options[0]:
            for b in options[1]:
                for d in options[2]:
                    for e in options[3]:
                        used = a + b + d + e
                        base = 1 + len(used)
                        top = cap if not distinct else min(cap, 4 - base)
                        for j in range(max(0, least - base), top + 1):
                            yield "meld", None, used, j, (), base + j, "set"

    def _lay_offs(self, c: int, avail: Counter[int], w: int, tstate: tuple[object, ...]
                  ) -> Iterator[tuple[str, object, tuple[int, ...], int, tuple[object, ...], int, str | None]]:
        rank, suit = RUN_ORDER[c % 13], SUITS[c // 13]
        for i, table in enumerate(self.tables):
            state = tstate[i]
            if table.kind == "set" and table.rank == rank:
                if table.suits or isinstance(state, frozenset):
                    used_suits = state if isinstance(state, frozenset) else table.suits
                    if suit in used_suits:
                        continue
                    new_state = tstate[:i] + (used_suits | {suit},) + tstate[i + 1:]
                    yield "lay_off", i, (), 0, new_state, 0, None
                else:
                    yield "lay_off", i, (), 0, tstate, 0, None
            elif table.kind == "run" and table.suit == suit:
                window = state if isinstance(state, tuple) else table.window
                limit = self.judge.rules.wilds.max_per_meld
                cap = w if limit is None else max(0, min(w, limit - table.wilds))
                rule = self.judge.rules.meld_rule("run")
                ace = rule.ace if rule else "low"
                for grown in _grown(ace, window, rank):
                    added = tuple(r for r in grown if r not in window)
                    for used, wild_n in _fill(added, c, avail, cap, ()):
                        new_state = tstate[:i] + (grown,) + tstate[i + 1:]
                        yield "lay_off", i, used, wild_n, new_state, 0, None

    # ---------------------------------------------------------------- search
    def best(self, rest: tuple[int, ...], w: int, tstate: tuple[object, ...], progress: Progress,
             melded: bool) -> int:
        key = (rest, w, tstate, progress, melded)
        hit = self.memo.get(key)
        if hit is not None:
            return hit[0]
        if not rest:
            result = self._finish(w, progress, melded, tstate)
            self.memo[key] = result
            return result[0]
        c = rest[0]
        best_cost = self.cost_of[c] + self.best(rest[1:], w, tstate, progress, melded)
        best_choice: tuple[object, ...] | None = ("keep", c, rest[1:], w, tstate, progress, melded)
        for move, detail, used, wild_n, new_t, size, kind in self.moves(rest, w, tstate):
            nxt = _minus(rest[1:], used)
            new_p = progress.add(kind, size) if kind else progress
            cost = self.best(nxt, w - wild_n, new_t, new_p, True)
            if cost < best_cost:
                best_cost = cost
                best_choice = (move, detail, c, used, wild_n, nxt, w - wild_n, new_t, new_p, kind)
                if cost == 0:
                    break
        self.memo[key] = (best_cost, best_choice)
        return best_cost

    def _finish(self, w: int, progress: Progress, melded: bool, tstate: tuple[object, ...]
                ) -> tuple[int, tuple[object, ...] | None]:
        """The wild cards left when every natural card is placed: meld them, lay them off, keep them."""
        options: list[tuple[int, tuple[object, ...] | None]] = []
        if not melded or not self.need_first_meld or progress.met:
            options.append((self.wild_costs[w], ("keep_wilds", w)))
        rules = self.judge.rules
        least = min((m.min for m in rules.melds), default=3)
        if w and rules.wilds.all_wild and w >= least:
            kind = "set" if rules.meld_rule("set") else "run"
            p = progress.add(kind, w)
            if not self.need_first_meld or p.met:
                options.append((0, ("wild_meld", w, kind)))
        if w and melded and self.lay_offs_ok and (not self.need_first_meld or progress.met):
            room = self._wild_room(tstate)
            if room is not None:
                taken = min(w, room[1])
                options.append((self.wild_costs[w - taken], ("wild_lay_off", room[0], taken)))
        if not options:
            return INF, None
        return min(options, key=lambda o: o[0])

    def _wild_room(self, tstate: tuple[object, ...]) -> tuple[int, int] | None:
        """A table set that takes more wild cards, and how many."""
        limit = self.judge.rules.wilds.max_per_meld
        for i, table in enumerate(self.tables):
            if table.kind != "set":
                continue
            if self.wilds_unlimited or limit is None:
                return i, INF
            if limit - table.wilds > 0:
                return i, limit - table.wilds
        return None


def _minus(rest: tuple[int, ...], used: tuple[int, ...]) -> tuple[int, ...]:
    if not used:
        return rest
    out = list(rest)
    for u in used:
        out.remove(u)
    return tuple(out)


@lru_cache(maxsize=4096)
def _windows_with(ace: str, rank: str, least: int) -> tuple[tuple[str, ...], ...]:
    return tuple(w for n in range(least, 15) for w in run_windows(ace, n) if rank in w)


@lru_cache(maxsize=4096)
def _grown(ace: str, window: tuple[str, ...], rank: str) -> tuple[tuple[str, ...], ...]:
    """Longer windows that contain `window` (as a contiguous part) and `rank`."""
    out = []
    for n in range(len(window) + 1, 15):
        for w in run_windows(ace, n):
            if rank in w and rank not in window and _contains(w, window):
                out.append(w)
    return tuple(out)


def _contains(big: tuple[str, ...], small: tuple[str, ...]) -> bool:
    k = len(small)
    return any(big[i:i + k] == small for i in range(len(big) - k + 1))


def _fill(positions: tuple[str, ...], c: int, avail: Counter[int], cap: int,
          skip: tuple[str, ...]) -> Iterator[tuple[tuple[int, ...], int]]:
    """Ways to fill run positions (c's rank is c itself): natural cards of c's suit or wilds."""
    suit_base = (c // 13) * 13
    own = RUN_ORDER[c % 13]
    slots = [r for r in positions if r != own and r not in skip]

    def go(i: int, used: tuple[int, ...], wilds: int) -> Iterator[tuple[tuple[int, ...], int]]:
        if wilds > cap:
            return
        if i == len(slots):
            yield used, wilds
            return
        t = suit_base + RUN_ORDER.index(slots[i])
        if avail.get(t, 0) > 0:
            yield from go(i + 1, used + (t,), wilds)
        yield from go(i + 1, used, wilds + 1)

    missing_needed = sum(1 for r in slots if avail.get(suit_base + RUN_ORDER.index(r), 0) == 0)
    if missing_needed > cap:
        return
    yield from go(0, (), 0)


# ---------------------------------------------------------------- the public entry points

def _tables(judge: Judge, table: Sequence[Sequence[Card]]) -> list[_Table]:
    out = []
    for i, cards in enumerate(table):
        meld, found = judge.judge(cards, wild_limit=False)
        if meld is None:
            raise InvalidPlayError([Problem(f"table[{i}]", "invalid_table_meld",
                                            f"table meld {i + 1} is not a legal meld: {v.message}")
                                    for v in found])
        wild_n = len(meld.wilds)
        if meld.kind == "set":
            naturals = [c for c in cards if c.rank not in judge.wild_ranks]
            rank = naturals[0].rank if naturals else None
            rule = judge.rules.meld_rule("set")
            suits = frozenset(c.suit or "" for c in naturals) if rule and rule.distinct_suits else frozenset()
            out.append(_Table("set", rank=rank, wilds=wild_n, suits=suits))
        else:
            placed = {str(c) for c in cards if c.rank not in judge.wild_ranks}
            ranks = [c.rank for c in cards if c.rank not in judge.wild_ranks]
            ranks += [str(stands)[:-1] for _, stands in meld.wilds]
            suit = next((c.suit for c in cards if str(c) in placed), None) or \
                (str(meld.wilds[0][1])[-1] if meld.wilds else None)
            rule = judge.rules.meld_rule("run")
            window = next(w for w in run_windows(rule.ace if rule else "low", len(cards))
                          if set(w) == set(ranks))
            out.append(_Table("run", suit=suit, window=window, wilds=wild_n))
    return out


@dataclass(frozen=True)
class Arrangement:
    cost: int
    plan: Plan


def arrange(ruleset: Ruleset, hand: Sequence[Card], table: Sequence[Sequence[Card]] = (),
            first_meld_done: bool = True, round_number: int = 1, players: int | None = None,
            objective: str = "points", score: int | None = None) -> Arrangement:
    """The arrangement of `hand` that leaves the fewest points (or cards) in hand."""
    judge = judge_for(ruleset, round_number, players)
    rummy = ruleset.rummy
    assert rummy is not None

    def cost(card: Card) -> int:
        return 1 if objective == "cards" else ruleset.scoring.value(card)

    stuck = [c for c in hand if c.is_joker and c.rank not in judge.wild_ranks
             or (not c.is_joker and ruleset.deck.copies(c, 1) == 0)]
    wild_cards = sorted((c for c in hand if c.rank in judge.wild_ranks), key=cost, reverse=True)
    naturals = sorted(_index(c) for c in hand if c not in wild_cards and c not in stuck)
    cheapest = sorted(cost(c) for c in wild_cards)
    prefix = [0]
    for v in cheapest:
        prefix.append(prefix[-1] + v)
    tables = _tables(judge, table)
    search = _Search(
        judge=judge,
        cost_of={i: cost(_card(i)) for i in set(naturals)},
        wild_costs=prefix,
        tables=tables,
        lay_offs_ok=bool(tables) and lay_off_refusal(ruleset, True, True) is None,
        need_first_meld=not first_meld_done and not judge.rules.first_meld.empty,
        wilds_unlimited=rummy.lay_off.wilds_unlimited,
    )
    if first_meld_done or judge.rules.first_meld.empty:
        progress = Progress((), (), 0)
    else:
        progress = Progress.of(judge.rules.first_meld)
    tstate: tuple[object, ...] = tuple(None for _ in tables)
    total = search.best(tuple(naturals), len(wild_cards), tstate, progress, False)
    plan = _replay(search, tuple(naturals), len(wild_cards), tstate, progress, list(wild_cards))
    stuck_cost = sum(cost(c) for c in stuck)
    plan = Plan(plan.melds, plan.lay_offs, tuple(stuck) + plan.left)
    if score is not None and rummy.hand_limit is not None and (plan.melds or plan.lay_offs):
        kept = sum(ruleset.scoring.value(c) for c in plan.left)
        if kept + score > rummy.hand_limit:
            return Arrangement(sum(cost(c) for c in hand), Plan(left=tuple(hand)))
    return Arrangement(total + stuck_cost, plan)


def _replay(search: _Search, rest: tuple[int, ...], w: int, tstate: tuple[object, ...],
            progress: Progress, wilds: list[Card]) -> Plan:
    """Walk the memo from the start state and write the plan down with real cards."""
    melds: list[tuple[Card, ...]] = []
    lay: dict[int, list[Card]] = {}
    left: list[Card] = []
    melded = False
    while True:
        key = (rest, w, tstate, progress, melded)
        cost, choice = search.memo[key]
        if choice is None:
            break
        if choice[0] == "keep":
            _, c, rest, w, tstate, progress, melded = choice  # type: ignore[misc]
            left.append(_card(int(c)))  # type: ignore[call-overload]
            continue
        if choice[0] in ("keep_wilds", "wild_meld", "wild_lay_off"):
            if choice[0] == "wild_meld":
                melds.append(tuple(wilds[:w]))
                del wilds[:w]
            elif choice[0] == "wild_lay_off":
                taken = int(choice[2])  # type: ignore[call-overload]
                lay.setdefault(int(choice[1]), []).extend(wilds[:taken])  # type: ignore[call-overload]
                del wilds[:taken]
            left.extend(wilds)
            break
        move, detail, c, used, wild_n, rest, w, tstate, progress, _kind = choice  # type: ignore[misc]
        cards = [_card(int(c))] + [_card(int(u)) for u in used]  # type: ignore[call-overload,union-attr]
        cards += wilds[:wild_n]
        del wilds[:wild_n]
        melded = True
        if move == "meld":
            melds.append(tuple(cards))
        else:
            lay.setdefault(int(detail), []).extend(cards)  # type: ignore[call-overload]
    return Plan(tuple(melds), tuple(sorted((k, tuple(v)) for k, v in lay.items())), tuple(left))


def check_going_out(ruleset: Ruleset, hand: Sequence[Card], table: Sequence[Sequence[Card]] = (),
                    first_meld_done: bool = True, round_number: int = 1,
                    players: int | None = None) -> Verdict:
    """Can the whole hand be melded or laid off, leaving at most the discard the rules allow?"""
    assert ruleset.rummy is not None
    rule = ruleset.rummy.final_discard
    best = arrange(ruleset, hand, table, first_meld_done, round_number, players, objective="cards")
    plan: Plan | None = None
    if rule != "required" and best.cost == 0:
        plan = best.plan
    elif rule in ("optional", "required") and best.cost == 1:
        plan = Plan(best.plan.melds, best.plan.lay_offs, (), best.plan.left[0])
    elif rule == "required" and best.cost == 0:
        for card in dict.fromkeys(hand):
            rest = list(hand)
            rest.remove(card)
            trial = arrange(ruleset, rest, table, first_meld_done, round_number, players, objective="cards")
            if trial.cost == 0:
                plan = Plan(trial.plan.melds, trial.plan.lay_offs, (), card)
                break
    if plan is None:
        allowed = {"optional": "all but one final discard", "required": "all but one final discard",
                   "forbidden": "every card"}[rule]
        kept = best.plan.left
        return Verdict((Violation(
            "cannot_go_out",
            f"To go out you must meld or lay off {allowed}; the best arrangement still leaves "
            f"{len(kept)} card{'s' if len(kept) != 1 else ''} ({listed(kept)}).", tuple(kept)),))
    return Verdict((), {"plan": plan.as_dict()})
