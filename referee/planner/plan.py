"""Plans: what a hand plays and what it keeps, the best one's cost, and the replay that
writes a finished search's choices down as real cards, each step one the checks accept."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from referee.kinds.geometry import Geometry
from referee.kinds.searching import FIRST, Option
from referee.planner.search import AS_WILD, DISCARD, HandSearch
from referee.rules.ruleset import Progress, Ruleset
from referee.values.cards import Card


class Plan(NamedTuple):
    """One way to play a hand: new melds, lay-offs on table melds, and what stays in hand."""

    melds: tuple[tuple[Card, ...], ...] = ()
    lay_offs: tuple[tuple[int, tuple[Card, ...]], ...] = ()
    left: tuple[Card, ...] = ()
    discard: Card | None = None
    own_lay_offs: tuple[tuple[int, tuple[Card, ...]], ...] = ()  # onto this plan's melds, by index
    first_meld: tuple[int, ...] | None = None  # the melds that make the first meld, when made here
    table: tuple[tuple[Card, ...], ...] | None = None  # the table after the turn, where it may be rebuilt
    rebuilt: bool = False  # the turn rebuilds the table's melds (`table` is then the way to read it)

    def not_played(self, geometry: Geometry) -> tuple[Card, ...]:
        """The cards this plan neither melds nor lays off (those left and the discard), as a
        player sorts a hand to read it: by suit, then rank (the deck's orders), cards without a
        suit (jokers, a Phase 10 wild or skip) last, by name."""
        cards = self.left + ((self.discard,) if self.discard else ())
        return tuple(sorted(cards, key=lambda c: (c.suit is None, c.rank if c.suit is None else "",
                                                  0 if c.suit is None else geometry.index(c))))

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
        } | ({} if self.table is None else {"table": [[str(c) for c in m] for m in self.table],
                                            "rebuilt": self.rebuilt})

    def with_table(self, before: Sequence[Sequence[Card]]) -> Plan:
        """The plan carrying the table after it is played on `before`: each table meld with its
        lay-offs, then the new melds with theirs (a table that may be rebuilt is answered so)."""
        grown = [list(m) for m in before] + [list(m) for m in self.melds]
        for t, cards in self.lay_offs:
            grown[t] += cards
        for m, cards in self.own_lay_offs:
            grown[len(before) + m] += cards
        return self._replace(table=tuple(tuple(m) for m in grown))


class Arrangement(NamedTuple):
    """The fewest points (or cards) a hand can be left with, and a plan that leaves them."""

    cost: int
    plan: Plan


def limited(ruleset: Ruleset, hand: Sequence[Card], found: Arrangement, cost: Callable[[Card], int],
             score: int | None) -> Arrangement:
    """The hand limit: when the best plan keeps too much for the player's score, nothing is melded."""
    limit = ruleset.rummy.hand_limit if ruleset.rummy else None
    plan = found.plan
    if (score is not None and limit is not None and (plan.melds or plan.lay_offs)
            and sum(ruleset.scoring.value(c) for c in plan.left) + score > limit):
        return Arrangement(sum(cost(c) for c in hand), Plan(left=tuple(hand)))
    return found


def _unpack(search: HandSearch, packed: int) -> list[Card]:
    cards = []
    geometry = search.geometry
    for i, card_type in enumerate(search.types):
        cards += [geometry.cards[card_type]] * ((packed >> (geometry.bits * i)) & geometry.most)
    return cards


def replay(search: HandSearch, state: tuple[object, ...], wilds: list[Card]) -> Plan:
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
                        own.setdefault(kinds.index(search.spare_kind), []).extend(wilds[:taken])
                    else:
                        lay.setdefault(target, []).extend(wilds[:taken])
                    del wilds[:taken]
            left.extend(wilds)
            break
        opt, i, state = choice  # type: ignore[assignment]
        if opt is AS_WILD:
            wilds.append(search.geometry.cards[search.types[int(i)]])  # type: ignore[call-overload]
            continue
        if opt is DISCARD:
            discard = search.geometry.cards[search.types[int(i)]] if int(i) >= 0 else wilds.pop()  # type: ignore[call-overload]
            continue
        if opt is None:
            left.append(search.geometry.cards[search.types[int(i)]])  # type: ignore[call-overload]
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


@dataclass(frozen=True)
class Goal:
    """What a search is asked for: the fewest points or cards (`objective`), a final discard
    set aside (`discard`: "optional", "required" insists on one, going out only), or runs
    without a wild card alone (`pure_runs_only`: a wild card in its own place natural, where
    the game says so, and nothing else played)."""

    objective: str = "points"
    discard: str | None = None
    pure_runs_only: bool = False


PLAIN = Goal()
PURE_RUNS = Goal(pure_runs_only=True)
