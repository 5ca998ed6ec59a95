"""A reference referee for one rummy turn: slow, obvious, and built on the single-play checks only.

It answers what `referee.planner` answers (can this hand go out; what is the fewest points it
can be caught with) by trying every way to play the turn, and it asks nothing of the planner:
whether a play is legal is decided only by `check_meld`, `check_first_meld` and
`check_lay_off`, which define what is legal. See tests/test_oracle.py for the reading of a
turn it implements.

The central answer is `Oracle.leftovers`: every multiset of cards that some legal turn can
leave in hand. Going out and the fewest points are read off that set. Each group of a first
meld is first tried alone with `check_meld` (a first meld is legal melds, so one that is not
cannot be part of it); `check_first_meld` then judges the groups together. A meld grown by
lay-offs is judged again from its plain cards: where wild cards stay the card they were melded
as (`wilds.fixed_when_melded`), that reading (each wild card where it must stand, else above the
natural cards) keeps every wild card of the meld where it stood before, so a chain of lay-offs
is judged as the table sees it. A first meld's group keeps the kind it was counted as (2B JK JK
counted as the run 2-3-4 takes no 2 laid off as on a set; docs/rule-decisions.md). Every check is
asked with its arguments in one canonical order and its answer cached, so a hand of nine
cards and three table melds takes milliseconds, rarely a second; the turns of one hand are
found once for every answer asked of it. Where the round allows no lay-off at all
(`lay_off.allowed: never`) no batch is tried: `check_lay_off` refuses every one there, which
tests/test_oracle.py checks on each lay-off it deals.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from typing import cast

from referee.checks.plays import check_first_meld, check_lay_off, check_meld
from referee.checks.situation import situate
from referee.rules.ruleset import Ruleset
from referee.values.cards import Card

Cards = tuple[Card, ...]
# A meld on the table: its cards, whether it is another player's, and the kind it keeps (the kind
# a first meld counted it as: "run" for 2B JK JK counted as 2-3-4; None: any reading of its cards).
TableMeld = tuple[Cards, bool, str | None]


def _order(card: Card) -> tuple[str, str]:
    return (card.rank, card.suit or "")


def norm(cards: Iterable[Card]) -> Cards:
    """A multiset of cards as one canonical tuple, so that equal multisets are equal keys."""
    return tuple(sorted(cards, key=_order))


def minus(cards: Cards, taken: Cards) -> Cards:
    """The multiset `cards` without `taken`; both canonical (`norm`), `taken` part of `cards`."""
    rest, i = [], 0
    for card in cards:
        if i < len(taken) and taken[i] == card:
            i += 1
        else:
            rest.append(card)
    assert i == len(taken), "took a card that is not there"
    return tuple(rest)


def contains(cards: Cards, part: Cards) -> bool:
    """Is the multiset `part` inside the multiset `cards`? Both canonical (`norm`)."""
    i = 0
    for card in cards:
        if i < len(part) and part[i] == card:
            i += 1
    return i == len(part)


def sub_multisets(cards: Sequence[Card]) -> Iterator[Cards]:
    """Every sub-multiset of `cards` (the empty one first), each once."""
    counts = sorted(Counter(cards).items(), key=lambda item: _order(item[0]))
    for taken in itertools.product(*(range(n + 1) for _, n in counts)):
        yield tuple(c for (c, _), k in zip(counts, taken, strict=True) for _ in range(k))


class Oracle:
    """Every legal turn of one round of one ruleset, found by enumeration; each check is cached."""

    def __init__(self, ruleset: Ruleset, round_number: int = 1, players: int | None = None,
                 wild_rank: str | None = None) -> None:
        assert ruleset.rummy is not None
        self.ruleset = ruleset
        self.round_number = round_number
        self.players = players
        self.wild_rank = wild_rank  # the deal's wild rank, where the game has one
        rules = ruleset.rummy.round(round_number)
        self.wild_ranks = rules.wilds.ranks | ({wild_rank} if wild_rank else set())
        # Lay-offs only from the turn after the first meld: none in the turn that makes it; and
        # none at all in a game that never allows one (check_lay_off refuses every batch).
        self.lay_offs = rules.lay_off.allowed != "never"
        self.lay_offs_with_first_meld = rules.lay_off.allowed != "next_turn"
        self._melds: dict[tuple[Cards, bool], bool] = {}
        self._first: dict[tuple[Cards, ...], dict[Cards, str] | None] = {}
        self._lay_off_checks: dict[tuple[Cards, Cards, bool, str | None], bool] = {}
        self._growths: dict[tuple[Cards, bool, Cards, str | None], frozenset[Cards]] = {}
        self._groupings: dict[tuple[Cards, bool], frozenset[tuple[Cards, ...]]] = {}
        self._laid_off: dict[tuple[Cards, tuple[TableMeld, ...]], frozenset[Cards]] = {}
        self._leftovers: dict[tuple[Cards, tuple[Cards, ...], bool], frozenset[Cards]] = {}

    # ------------------------------------------------------------ the single checks, cached

    def meld_ok(self, cards: Sequence[Card], later: bool) -> bool:
        """One legal meld; `later`: made after the player's first meld."""
        key = (norm(cards), later)
        if key not in self._melds:
            self._melds[key] = check_meld(situate(self.ruleset, round=self.round_number, players=self.players, first_meld_done=later, wild_rank=self.wild_rank), key[0]).valid
        return self._melds[key]

    def first_meld_ok(self, groups: Sequence[Sequence[Card]]) -> bool:
        """These groups, laid together, are a legal first meld."""
        return self.first_meld_kinds(groups) is not None

    def first_meld_kinds(self, groups: Sequence[Sequence[Card]]) -> dict[Cards, str] | None:
        """The kind each group was counted as, where these groups laid together are a legal first
        meld (a group that reads as either kind counts as the one the requirement needs); None
        where they are not."""
        key = tuple(sorted(norm(g) for g in groups))
        if key not in self._first:
            verdict = check_first_meld(situate(self.ruleset, score=0, round=self.round_number, players=self.players, wild_rank=self.wild_rank), [list(g) for g in key])
            answers = cast("list[dict[str, object]]", verdict.extra.get("melds", []))
            self._first[key] = {g: str(a["kind"]) for g, a in zip(key, answers, strict=True)} \
                if verdict.valid else None
        return self._first[key]

    def lay_off_ok(self, meld: Sequence[Card], batch: Sequence[Card], others: bool, kind: str | None = None) -> bool:
        """`batch` may be laid off on `meld` by a player whose first meld is down; `kind`: the
        meld stays of that kind (a first meld counted it so)."""
        key = (norm(meld), norm(batch), others, kind)
        if key not in self._lay_off_checks:
            verdict = check_lay_off(situate(self.ruleset, first_meld_done=True, others_meld=others, round=self.round_number, players=self.players, wild_rank=self.wild_rank), key[0], key[1])
            grown = verdict.extra.get("meld") if verdict.valid else None
            self._lay_off_checks[key] = verdict.valid and (kind is None or (
                isinstance(grown, dict) and grown.get("kind") == kind))
        return self._lay_off_checks[key]

    # ------------------------------------------------------------ building blocks of a turn

    def growths(self, meld: Cards, others: bool, available: Cards, kind: str | None = None) -> frozenset[Cards]:
        """Every multiset of `available` cards that can be laid off on `meld`, in one batch or
        several batches one after another (each judged on the meld as it is by then); the
        empty multiset included. All canonical (`norm`)."""
        key = (meld, others, available, kind)
        if key not in self._growths:
            reached: set[Cards] = {()}
            todo: list[Cards] = [()]
            while todo:
                added = todo.pop()
                now = norm((*meld, *added))
                for batch in sub_multisets(minus(available, added)):
                    grown = norm((*added, *batch))
                    # A multiset already reached needs no second way to reach it.
                    if grown not in reached and self.lay_off_ok(now, batch, others, kind):
                        reached.add(grown)
                        todo.append(grown)
            self._growths[key] = frozenset(reached)
        return self._growths[key]

    def groupings(self, pool: Cards, later: bool) -> frozenset[tuple[Cards, ...]]:
        """Every collection of disjoint groups of `pool`'s cards, each a legal meld on its own
        (`later`: as made after the first meld); the empty collection included."""
        key = (pool, later)
        if key not in self._groupings:
            found: set[tuple[Cards, ...]] = {()}
            if pool:
                lowest, rest = pool[0], pool[1:]
                # The lowest card is in no group...
                found |= self.groupings(rest, later)
                # ...or it is in a group with some of the others.
                for others in sub_multisets(rest):
                    group = (lowest, *others)
                    if self.meld_ok(group, later):
                        for more in self.groupings(minus(rest, others), later):
                            found.add(tuple(sorted((group, *more))))
            self._groupings[key] = frozenset(found)
        return self._groupings[key]

    def laid_off(self, held: Cards, melds: tuple[TableMeld, ...],
                 everything: Cards) -> frozenset[Cards]:
        """What can stay in hand when cards `held` are laid off on `melds`: on the first meld
        any multiset of them that can be laid off on it, then the same on the other melds.

        `everything` is the hand the turn started with: what can be laid off on a meld is
        found once from all of it, then kept to the cards still held (a chain of lay-offs
        needs only its own cards, so the answer is the same)."""
        if not melds:
            return frozenset({held})
        key = (held, melds)
        if key not in self._laid_off:
            meld, others, kind = melds[0]
            kept: set[Cards] = set()
            available = everything if others else minus(everything, meld)
            for added in self.growths(meld, others, available, kind):
                if contains(held, added):
                    kept |= self.laid_off(minus(held, added), melds[1:], everything)
            self._laid_off[key] = frozenset(kept)
        return self._laid_off[key]

    def after_first_meld(self, held: Cards, melds: tuple[TableMeld, ...],
                         everything: Cards, lay_offs: bool = True) -> frozenset[Cards]:
        """What can stay in hand once the first meld is down, `melds` on the table: new melds
        (each legal as a later meld), then lay-offs on any meld, the new ones included
        (`lay_offs` false: none this turn)."""
        kept: set[Cards] = set()
        for groups in self.groupings(held, later=True):
            rest = minus(held, norm(c for g in groups for c in g))
            if not (lay_offs and self.lay_offs):
                kept.add(rest)
                continue
            # The new melds first: the table's melds then end every key the same way.
            kept |= self.laid_off(rest, (*((g, False, None) for g in groups), *melds), everything)
        return frozenset(kept)

    # ------------------------------------------------------------ answers

    def leftovers(self, hand: Sequence[Card], table: Sequence[Sequence[Card]] = (),
                  first_meld_done: bool = True) -> frozenset[Cards]:
        """Every multiset of cards that some legal turn leaves in hand (playing nothing
        included)."""
        key = (norm(hand), tuple(norm(m) for m in table), first_meld_done)
        if key not in self._leftovers:
            self._leftovers[key] = self._turns(*key)
        return self._leftovers[key]

    def _turns(self, everything: Cards, table: tuple[Cards, ...], first_meld_done: bool) -> frozenset[Cards]:
        on_table = tuple((m, True, None) for m in table)
        if first_meld_done:
            return self.after_first_meld(everything, on_table, everything)
        kept: set[Cards] = {everything}
        for groups in self.groupings(everything, later=False):
            kinds = self.first_meld_kinds(groups)
            if kinds is not None:
                rest = minus(everything, norm(c for g in groups for c in g))
                first = tuple((g, False, kinds.get(norm(g))) for g in groups)
                kept |= self.after_first_meld(rest, (*first, *on_table), everything, self.lay_offs_with_first_meld)
        return frozenset(kept)

    def points(self, cards: Iterable[Card]) -> int:
        """What cards left in hand cost: `scoring.value`, a wild card `scoring.wild_value` where given."""
        scoring = self.ruleset.scoring
        return sum(scoring.wild_value if scoring.wild_value is not None and c.rank in self.wild_ranks
                   else scoring.value(c) for c in cards)

    def fewest_points(self, hand: Sequence[Card], table: Sequence[Sequence[Card]] = (),
                      first_meld_done: bool = True) -> int:
        """The fewest points the hand can be caught with after one legal turn."""
        return min(self.points(kept) for kept in self.leftovers(hand, table, first_meld_done))

    def can_go_out(self, hand: Sequence[Card], table: Sequence[Sequence[Card]] = (),
                   first_meld_done: bool = True) -> bool:
        """Can a legal turn leave nothing in hand, or only the final discard, as the rules allow?"""
        assert self.ruleset.rummy is not None
        rule = self.ruleset.rummy.round(self.round_number).final_discard
        # Going out needs a first meld: before it, a turn that plays nothing is no way out.
        no_first_meld = self.ruleset.rummy.round(self.round_number).first_meld.empty
        nothing_played = () if first_meld_done or no_first_meld else (norm(hand),)
        sizes = {len(kept) for kept in self.leftovers(hand, table, first_meld_done)
                 if kept not in nothing_played}
        return (0 in sizes and rule != "required") or (1 in sizes and rule != "forbidden")

    def can_knock(self, hand: Sequence[Card], table: Sequence[Sequence[Card]], first_meld_done: bool,
                  most: int) -> bool:
        """Games with a knock: can a legal turn, after the final discard the rules ask for,
        leave at most `most` points in hand?"""
        assert self.ruleset.rummy is not None
        rule = self.ruleset.rummy.round(self.round_number).final_discard
        everything = norm(hand)
        held = [everything] if rule != "required" else []
        if rule != "forbidden":
            held += [minus(everything, (card,)) for card in sorted(set(everything), key=_order)]
        return any(self.fewest_points(h, table, first_meld_done) <= most for h in held)

    def fewest_points_pure_runs(self, hand: Sequence[Card]) -> int:
        """The fewest points left when the only melds are runs without a wild card (as
        `check_meld` reads them: kind run, no wild card standing in)."""
        def pure_run(group: Cards) -> bool:
            verdict = check_meld(situate(self.ruleset, round=self.round_number, players=self.players, first_meld_done=True, wild_rank=self.wild_rank), group)
            return verdict.valid and verdict.extra.get("kind") == "run" and not verdict.extra.get("wilds")

        best: dict[Cards, int] = {}

        def left(pool: Cards) -> int:
            if pool not in best:
                if not pool:
                    return 0
                lowest, rest = pool[0], pool[1:]
                found = self.points((lowest,)) + left(rest)
                for others in sub_multisets(rest):
                    group = (lowest, *others)
                    if len(group) >= 3 and pure_run(group):
                        found = min(found, left(minus(rest, others)))
                best[pool] = found
            return best[pool]

        return left(norm(hand))

