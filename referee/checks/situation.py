"""The situation a check judges, built once from a request's fields and validated there: the
ruleset as it binds this request (its round, the table's players, the deal's wild rank, the
player's phase, the side's score) and the player's state (first meld made, foot or morto taken).

The service and the command line hand their fields to `situate`; what does not fit the game
is one `InvalidPlayError` naming each field at fault (a 422 over HTTP, exit 2 on the command
line). Every check, the planner and scoring read the one value it returns.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from referee.checks.judge import Judge, judge_for
from referee.rules.byscore import with_score
from referee.rules.phases import phase_problem, with_phase
from referee.rules.ruleset import RoundRules, Ruleset
from referee.values.budget import Budget, shared_budget
from referee.values.errors import InvalidPlayError, Problem
from referee.values.i18n import t


class Situation(NamedTuple):
    """What one check judges, besides the cards: see the module. (A named tuple: made for every
    request, it costs a tenth of a frozen dataclass.)"""

    ruleset: Ruleset  # as it binds: the player's phase and the side's score applied
    round_number: int = 1
    players: int | None = None
    wild_rank: str | None = None
    phase: int | None = None
    score: int | None = None  # the player's (the side's) score, for the hand limit and the first meld
    first_meld_done: bool = False
    others_meld: bool = False  # another player has melded (lay-offs that wait for it)
    foot_taken: bool = True
    morto_taken: bool = True
    spent: Budget | None = None  # the request's search steps; None: the budget open in this context

    @property
    def budget(self) -> Budget:
        """The request's budget, shared by every search the check makes."""
        return self.spent if self.spent is not None else shared_budget(self.ruleset.deck.pieces)

    @property
    def rules(self) -> RoundRules:
        return self.judge(False).rules

    def judge(self, later: bool | None = None) -> Judge:
        """The round's judge (cached by the rules it reads); `later` judges melds made after the
        player's first meld, and is the player's own state unless given."""
        later = self.first_meld_done if later is None else later
        return judge_for(self.ruleset, self.round_number, self.players, later, self.wild_rank)

    def but(self, **changes: Any) -> Situation:
        """The same situation with some of its fields changed."""
        return self._replace(**changes)

    def contract(self) -> None:
        """Refuse a situation that turns on the player's contract (a first meld still to make)
        where each player holds a phase of their own and none was given."""
        rummy = self.ruleset.rummy
        if rummy is not None and rummy.phase is not None:
            return  # the ruleset is bound to a phase already
        problem = phase_problem(self.ruleset, self.phase)
        if problem is not None:
            raise InvalidPlayError(problem)


# The request fields a situation is built from, as the HTTP API names them.
FIELDS = frozenset({"round", "players", "wild_rank", "phase", "score", "first_meld_done", "others_meld",
                     "foot_taken", "morto_taken"})


# The checks that turn on the player's contract (where each player holds a phase) while their
# first meld is still to make, as the HTTP API names them.
CONTRACT_CHECKS = frozenset({"first-meld", "going-out"})


_GIVEN = FIELDS | {"budget"}  # what `situate` is told: the request's fields, and a budget of its own


def situate(ruleset: Ruleset, check: str = "", /, **fields: Any) -> Situation:
    """The situation of a request's fields (each named as the HTTP API names it; `round` is 1,
    `first_meld_done` false, the foot and the morto taken where not given; `budget`, the request's
    search steps, is the one open in this context where not given). Refuses a round the
    game does not have, a player count outside its range, a phase that cannot be. The deal's wild
    rank is checked with the round's judge, the first time the check judges a card. `check` names
    the check asked (`going-out`): one of `CONTRACT_CHECKS` refuses a missing phase here, before
    any card is read, as the check itself would."""
    if not fields.keys() <= _GIVEN:
        raise TypeError(f"not a field of a situation: {sorted(fields.keys() - _GIVEN)}")
    get = fields.get
    number = get("round", 1)
    if number != 1 or ruleset.rummy is None:
        round_number(ruleset, number)
    players, phase, score = get("players"), get("phase"), get("score")
    if players is not None:
        player_count(ruleset, players)
    if phase is not None or (ruleset.rummy is not None and ruleset.rummy.per_player):
        problem = phase_problem(ruleset, phase, needed=False)
        if problem is not None:
            raise InvalidPlayError(problem)
    if ruleset.rummy is not None:
        if phase is not None:
            ruleset = with_phase(ruleset, phase)
        ruleset = with_score(ruleset, score)
    situation = Situation(ruleset, number, players, get("wild_rank"), phase, score,
                          bool(get("first_meld_done", False)), bool(get("others_meld", False)),
                          bool(get("foot_taken", True)), bool(get("morto_taken", True)),
                          get("budget") or shared_budget(ruleset.deck.pieces))
    if check in CONTRACT_CHECKS and not situation.first_meld_done:
        situation.contract()
    return situation


def round_number(ruleset: Ruleset, number: int) -> int:
    """`number`, refused where the game has numbered rounds and not this one; a game whose rules
    are the same every deal takes any round from 1."""
    if ruleset.rummy is not None and ruleset.rummy.rounds:
        ruleset.rummy.round(number)  # raises for a round the game does not have
    elif number < 1:
        raise InvalidPlayError(Problem("round", "unknown_round", t("rounds are numbered from 1")))
    return number


def player_count(ruleset: Ruleset, players: int | None) -> int | None:
    """`players` (None: not said), refused outside the game's range."""
    problem = players_problem(ruleset, players)
    if problem is not None:
        raise InvalidPlayError(problem)
    return players


def players_problem(ruleset: Ruleset, players: int | None, *, seated: bool = False) -> Problem | None:
    """Why a table of `players` cannot play this game, or None (the one check of a player
    count); `seated`: the players are a game's, named, and the sentence counts them."""
    if players is None or ruleset.players_min <= players <= ruleset.players_max:
        return None
    if seated:
        return Problem("players", "player_count", t("{game} is for {players}; this game has {count}",
                                                    game=ruleset.local_name, players=ruleset.players_words,
                                                    count=players))
    return Problem("players", "player_count", t("{game} is for {players}", game=ruleset.local_name,
                                                players=ruleset.players_words))
