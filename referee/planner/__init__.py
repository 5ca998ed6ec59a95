"""The planner: the best a hand can do (go out, knock, or leave the fewest points), one job a
module: `halves` (each kind's new melds and lay-offs for the search; what a request may spend
is `referee.values.budget`), `prepared` and `search` (the memoised search), `direct` (the exact bit-mask answer
without wild cards) and `tables` (what it reads), `deadwood` (what that answer keeps, without
its plan), `plan` (plans and their replay), `arrange` (the best arrangement, and `least_cost`:
what it keeps), `conditions` (the conditions on going out, a table of entries), `going_out` (the answer to
going out and knocking: the search inside the conditions, and its words), `pile` (taking the
discard pile), `kept_canastas` (going out where the side must hold canastas afterwards)."""

from referee.planner.arrange import arrange, least_cost, warm_up
from referee.planner.going_out import check_going_out
from referee.planner.plan import PLAIN, Arrangement, Goal, Plan
from referee.values.budget import (
    PLAN_BUDGET,
    Budget,
    OverBudget,
    close_budget,
    judging_steps,
    open_budget,
    shared_budget,
)

__all__ = [
    "PLAIN",
    "PLAN_BUDGET",
    "Arrangement",
    "Budget",
    "Goal",
    "OverBudget",
    "Plan",
    "arrange",
    "check_going_out",
    "close_budget",
    "judging_steps",
    "least_cost",
    "open_budget",
    "shared_budget",
    "warm_up",
]
