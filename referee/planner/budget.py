"""What one request may spend on planning: search states and CPU seconds, shared by every
search the request makes (`open_budget` ... `close_budget`)."""

from __future__ import annotations

import time
from contextvars import ContextVar

from referee.errors import InvalidPlayError, Problem
from referee.i18n import PIECES, Nn_, tpn

PLAN_BUDGET = 400_000  # search states in one request
PLAN_SECONDS = 2.0     # and CPU seconds: past either, the request is refused rather than a worker held
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
        self.pieces = PIECES[0]  # what the refusal calls the hand's pieces (`deck.pieces`)

    def spend(self, hand_size: int) -> None:
        """Count one more search state; refuse past the budget."""
        self.spent += 1
        if self.spent > self.states:
            self.refuse(hand_size, self.pieces)
        self.check(hand_size)

    def check(self, hand_size: int) -> None:
        """Refuse once the CPU time is spent."""
        now = time.monotonic()
        if now < self._look:
            return
        left = self.seconds - (time.thread_time() - self.started)
        if left <= 0:
            self.refuse(hand_size, self.pieces)
        self._look = now + left

    def used(self) -> float:
        """CPU seconds spent since the budget was opened."""
        return time.thread_time() - self.started

    @staticmethod
    def refuse(hand_size: int, pieces: str = PIECES[0]) -> None:
        raise InvalidPlayError(Problem("hand", "hand_too_large", tpn(
            pieces, Nn_("this hand ({n} card) is too large to plan in reasonable time; the referee plans "
                        "hands of the sizes dealt in play", "this hand ({n} cards) is too large to plan in "
                        "reasonable time; the referee plans hands of the sizes dealt in play"),
            Nn_("this rack ({n} tile) is too large to plan in reasonable time; the referee plans racks of the "
                "sizes dealt in play", "this rack ({n} tiles) is too large to plan in reasonable time; the "
                "referee plans racks of the sizes dealt in play"), hand_size)))


def open_budget(states: int | None = None, seconds: float | None = None) -> Budget:
    """A budget that every search in this context shares until `close_budget` (the service
    opens one for each request): a request that plans many hands spends it once."""
    budget = Budget(states, seconds)
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

