"""A first meld's requirement and a player's progress towards it: what a contract asks of
each meld kind (by the kind's name), and what is still open as melds are counted."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple


def kind_asked(key: str) -> str:
    """The meld kind a first-meld key of sizes asks for (`colors` -> `color`)."""
    return key.removesuffix("s")


Sized = tuple[tuple[str, tuple[int, ...]], ...]   # (kind, sizes largest first) for each kind asked
Counted = tuple[tuple[str, int], ...]             # (kind, how many)


@dataclass(frozen=True)
class Requirement:
    """What a first meld must contain: melds of each kind of at least these sizes (`sized`),
    or N melds; `pure` melds of a kind without a wild card; melds worth `points` together (by
    `scoring.meld_values`). `extra_melds: False`: no meld beyond those asked. A kind is named
    here and read by its entry in `referee.kinds.table`, which has the words for it."""

    sized: Sized = ()
    melds: int = 0
    exact: bool = False
    points: int = 0
    pure: Counted = ()
    extra_melds: bool = True
    from_hand_only: bool = False  # made of the player's own cards alone, the table untouched
    by_score: tuple[tuple[int, int], ...] = ()  # (score from, points): `points` by the player's score

    def points_for(self, score: int | None) -> int:
        """The points needed at this score (the side's, where partners score together): the
        last row of `by_score` at or below it (the first row below them all), else `points`."""
        if not self.by_score:
            return self.points
        at = 0 if score is None else score
        found = self.by_score[0][1]
        for start, points in self.by_score:
            if start <= at:
                found = points
        return found

    def sizes(self, kind: str) -> tuple[int, ...]:
        """The sizes asked for of one kind, largest first."""
        return next((sizes for k, sizes in self.sized if k == kind), ())

    def pure_of(self, kind: str) -> int:
        return next((n for k, n in self.pure if k == kind), 0)

    @property
    def pure_runs(self) -> int:
        return sum(n for _, n in self.pure)

    @property
    def empty(self) -> bool:
        return not self.sized and self.melds == 0 and not self.points and not self.pure and not self.by_score

    @property
    def count(self) -> int:
        """How many melds it asks for at least."""
        return max(sum(len(sizes) for _, sizes in self.sized), self.melds, self.pure_runs)


class Progress(NamedTuple):
    """Which parts of a first-meld requirement are still open: sizes by kind (largest first),
    melds without a wild card by kind, a count of melds, points. A named tuple: the planner
    hashes one in every memo key."""

    open: Sized
    pure: Counted
    melds: int
    exact: bool = False
    points: int = 0
    extra: bool = True  # may a meld that fills nothing open be part of it

    @classmethod
    def of(cls, req: Requirement) -> Progress:
        return cls(req.sized, req.pure, req.melds, req.exact, req.points, req.extra_melds)

    def sizes(self, kind: str) -> tuple[int, ...]:
        return next((sizes for k, sizes in self.open if k == kind), ())

    def add(self, kind: str, size: int, points: int = 0, pure: bool = False) -> Progress | None:
        """Count one meld: it fills the largest open requirement of its kind it is big enough
        for, and one of its kind's melds without a wild card when it is pure. None: a meld
        that fills nothing, where the first meld may hold no extra meld."""
        opened = self.open
        for i, (k, sizes) in enumerate(opened):
            if k == kind:
                left = _fill(sizes, size, self.exact)
                if left != sizes:
                    opened = opened[:i] + (((k, left),) if left else ()) + opened[i + 1:]
                break
        pure_left = self.pure
        if pure:
            for i, (k, n) in enumerate(pure_left):
                if k == kind:
                    pure_left = pure_left[:i] + (((k, n - 1),) if n > 1 else ()) + pure_left[i + 1:]
                    break
        if not self.extra and opened == self.open and not self.melds and pure_left == self.pure:
            return None
        return Progress(opened, pure_left, max(0, self.melds - 1), self.exact, max(0, self.points - points),
                        self.extra)

    @property
    def met(self) -> bool:
        return not self.open and self.melds == 0 and self.points <= 0 and not self.pure


def _fill(open_sizes: tuple[int, ...], size: int, exact: bool) -> tuple[int, ...]:
    for i, need in enumerate(open_sizes):
        if need == size or (need <= size and not exact):
            return open_sizes[:i] + open_sizes[i + 1:]
    return open_sizes
