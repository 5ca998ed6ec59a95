"""What one request may spend on searching: a count of search steps, shared by every search the
request makes (`open_budget` ... `close_budget`).

The bound is a count, not a clock, so the same request gets the same answer on every machine
and under any load. A step is a unit of the searches' work, each piece weighed by what it costs
(measured with `bench/overshoot.py`; docs/engine.md, "The planner", has the table): the states
and moves of the planner's search, the states of the tile search, the setting up of a search, a
choice of cards judged whole as a meld (`judging_steps`), and the like. `PLAN_BUDGET` steps cost
at most about a quarter of a second of CPU time on the 2-core build machine; past them the
request is a 422 naming the field that makes the position large, rather than a process held."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from contextvars import ContextVar
from typing import NoReturn

from referee.values.cards import Card
from referee.values.errors import InvalidPlayError, Problem
from referee.values.i18n import PIECES, Nn_, tpn

PLAN_BUDGET = 80_000  # search steps in one request
# What each piece of work costs in steps (a move of the planner's search, a state of the tile search: 1)
STATE_STEPS = 2       # a state of the planner's search, besides the moves it tries
OPTIONS_A_STEP = 16   # new melds a state of the planner's search passes over (they do not fit what is left)
SEARCH_STEPS = 40     # setting up one search of a hand (its fields, its options)
TABLE_CARD_STEPS = 4  # and each card of the table's melds it reads (each meld judged)
WINDOW_STEPS = 20     # a part of a new run judged alone (what it is worth toward a first meld's points)
PAIRS_A_STEP = 7      # pairs of cards read together: by the judge of a choice judged whole, for a shape
_OPEN: ContextVar[Budget | None] = ContextVar("referee_planning_budget", default=None)


class OverBudget(InvalidPlayError):
    """The request's steps are spent: a 422 naming the hand (a search that knows better, as the
    tile search does where the table makes the position large, names that field instead)."""


class Budget:
    """What one request may spend on searching, in steps, across every search it makes. Past
    it, the check is a 422 (`OverBudget`)."""

    def __init__(self, steps: int | None = None) -> None:
        self.steps = PLAN_BUDGET if steps is None else steps
        self.spent = 0
        self.pieces = PIECES[0]  # what the refusal calls the hand's pieces (`deck.pieces`)

    def spend(self, hand_size: int, steps: int = 1) -> None:
        """Count `steps` more; refuse once past the budget."""
        self.spent += steps
        if self.spent > self.steps:
            self.refuse(hand_size, self.pieces)

    @staticmethod
    def refuse(hand_size: int, pieces: str = PIECES[0]) -> NoReturn:
        raise OverBudget(Problem("hand", "hand_too_large", tpn(
            pieces, Nn_("this hand ({n} card) is too large to plan in reasonable time; the referee plans "
                        "hands of the sizes dealt in play", "this hand ({n} cards) is too large to plan in "
                        "reasonable time; the referee plans hands of the sizes dealt in play"),
            Nn_("this rack ({n} tile) is too large to plan in reasonable time; the referee plans racks of the "
                "sizes dealt in play", "this rack ({n} tiles) is too large to plan in reasonable time; the "
                "referee plans racks of the sizes dealt in play"), hand_size)))


def judging_steps(cards: Sequence[Card], in_place: frozenset[str]) -> int:
    """What judging a choice of cards whole as one meld costs (a canasta made this turn, a
    knocker's meld): the judge reads them pair by pair, once for each way of counting the wild
    cards that may stand for themselves (`in_place`: those of each such card from none to all)."""
    ways = 1
    for n in Counter(c for c in cards if c.rank in in_place).values():
        ways *= n + 1
    return 1 + len(cards) ** 2 * ways // PAIRS_A_STEP


def open_budget(steps: int | None = None) -> Budget:
    """A budget that every search in this context shares until `close_budget` (the service
    opens one for each request): a request that plans many hands spends it once."""
    budget = Budget(steps)
    _OPEN.set(budget)
    return budget


def close_budget() -> None:
    _OPEN.set(None)


def shared_budget(pieces: str = PIECES[0]) -> Budget:
    """The budget open in this context, else a new one; its refusal names the `pieces` of the
    deck being planned (`deck.pieces`)."""
    budget = _OPEN.get() or Budget()
    budget.pieces = pieces
    return budget

