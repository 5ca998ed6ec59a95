"""What ends a game, at a glance: the score that ends it, the rounds still to play, and one
sentence in the table's language.

`target` is the score that ends the game: `game.end.target`, else the elimination score (Bing
Rummy's 76), else none. `rounds_left` counts the rounds still to play where the game has a
fixed number of them (`game.end.rounds`, or a layout game's `deals`), 0 once it is over, else
none. The sentence is the first of `SENTENCES` that has something to say: who won, once the
game is over; else who is nearest its end (the most phases made, the target, the elimination
score, a layout's end size); else the rounds left; else that the table ends the game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from referee.sheet import mahjong_table
from referee.sheet import phases as sheet_phases
from referee.sheet.ranking import Ledger as RankedLedger
from referee.sheet.ranking import Standing
from referee.values.i18n import joined, t, tn


class Ledger(RankedLedger, Protocol):
    """What this module reads of a sheet."""

    @property
    def status(self) -> str: ...
    @property
    def winner(self) -> str | list[str] | None: ...
    @property
    def rounds(self) -> Sequence[object]: ...


@dataclass(frozen=True)
class Ends:
    words: str
    target: int | None
    rounds_left: int | None

    def as_dict(self) -> dict[str, object]:
        return {"words": self.words, "target": self.target, "rounds_left": self.rounds_left}


def target(sheet: Ledger) -> int | None:
    """The score that ends the game: its target, else the score that puts a player out."""
    game = sheet.ruleset.game
    return game.target if game.target is not None else game.elimination


def rounds_left(sheet: Ledger) -> int | None:
    """The rounds still to play in a game of a fixed number of them (0 once it is over)."""
    game = sheet.ruleset.game
    fixed = game.rounds if game.rounds is not None else game.deals
    if fixed is None:
        return None
    return max(0, fixed - len(sheet.rounds)) if sheet.status == "in_progress" else 0


Sentence = Callable[[Ledger, Sequence[Standing]], "str | None"]


def _won(sheet: Ledger, lines: Sequence[Standing]) -> str | None:
    """Who won a finished game (a team game: the winning teams)."""
    if sheet.status == "in_progress" or sheet.winner is None:
        return None
    named = {sheet.winner} if isinstance(sheet.winner, str) else set(sheet.winner)
    won = [line.label for line in lines if named & set(line.names)]
    if len(won) == 1:
        return t("{names} won.", names=won[0])
    return t("{names} share the win.", names=joined(won))


def _nearest(values: dict[str, int], highest: bool) -> tuple[str, int]:
    """The names holding the highest (or lowest) value, joined, and that value."""
    best = max(values.values()) if highest else min(values.values())
    return joined([name for name, value in values.items() if value == best]), best


def _phases(sheet: Ledger, lines: Sequence[Standing]) -> str | None:
    """Where each player holds a phase: who has made the most, and how many are left to them."""
    last = sheet_phases.last_phase(sheet.ruleset)
    if last is None:
        return None
    names, most = _nearest({p.name: p.phases_completed or 0 for p in sheet.players}, highest=True)
    return tn("Nearest the end: {names}, {n} phase to go.", "Nearest the end: {names}, {n} phases to go.",
              last - most, names=names)


def _target(sheet: Ledger, lines: Sequence[Standing]) -> str | None:
    """Where a score reaching the target ends the game: the highest score (a team's in a team game)."""
    goal = sheet.ruleset.game.target
    if goal is None:
        return None
    names, most = _nearest({line.label: line.score for line in lines}, highest=True)
    return tn("Nearest the target of {target}: {names}, {n} point to go.",
              "Nearest the target of {target}: {names}, {n} points to go.", goal - most, target=goal, names=names)


def _elimination(sheet: Ledger, lines: Sequence[Standing]) -> str | None:
    """Where a player at the elimination score is out: the highest score among those still in."""
    limit = sheet.ruleset.game.elimination
    still_in = {p.name: p.score for p in sheet.players if not p.eliminated}
    if limit is None or not still_in:
        return None
    names, most = _nearest(still_in, highest=True)
    return tn("Nearest elimination at {limit}: {names}, {n} point from it.",
              "Nearest elimination at {limit}: {names}, {n} points from it.", limit - most, limit=limit, names=names)


def _layout(sheet: Ledger, lines: Sequence[Standing]) -> str | None:
    """Where a layout shrunk to a size ends the game: the smallest layout, and the cards to go."""
    size = sheet.ruleset.game.layout_size
    if size is None:
        return None
    names, least = _nearest({p.name: p.layout_size or 0 for p in sheet.players}, highest=False)
    return tn("Nearest the end: {names}, {n} card to go.", "Nearest the end: {names}, {n} cards to go.",
              max(0, least - size), names=names)


def _rounds(sheet: Ledger, lines: Sequence[Standing]) -> str | None:
    left = rounds_left(sheet)
    if left is None:
        return None
    return tn("{n} round left to play.", "{n} rounds left to play.", left)


def _hands(sheet: Ledger, lines: Sequence[Standing]) -> str | None:
    """A Mahjong game: its last hand."""
    rules = sheet.ruleset.mahjong
    return None if rules is None else mahjong_table.end_words(rules, len(sheet.players))


SENTENCES: tuple[Sentence, ...] = (_won, _phases, _target, _elimination, _layout, _rounds, _hands)


def ends(sheet: Ledger, lines: Sequence[Standing]) -> Ends:
    """What ends the game, `lines` its standings (`ranking.standings`)."""
    said = (sentence(sheet, lines) for sentence in SENTENCES)
    words = next((s for s in said if s is not None), None)
    return Ends(words if words is not None else t("The game goes on until the table ends it."),
                target(sheet), rounds_left(sheet))
