"""The errors the referee raises; every one is a `RefereeError` and so a `ValueError`.

A rule broken by a play is not an error: checks answer with `Violation`s instead.
Errors are for input that cannot be judged at all: a token that is not a card, a ruleset
that does not load, a layout that cannot exist.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.values.i18n import t


@dataclass(frozen=True)
class Problem:
    """One thing wrong with an input: where (a JSON-style path), a code, and a sentence."""

    path: str
    code: str
    message: str
    line: int | None = None
    column: int | None = None
    file: str | None = None

    def located(self) -> str:
        """`path: message`, with the line and column when they are known."""
        where = t(" (line {line}, column {column})", line=self.line, column=self.column) \
            if self.line is not None else ""
        prefix = f"{self.path}: " if self.path else ""
        return f"{prefix}{self.message}{where}"

    def as_dict(self) -> dict[str, object]:
        out: dict[str, object] = {"path": self.path, "code": self.code, "message": self.message}
        if self.line is not None:
            out["line"] = self.line
            out["column"] = self.column
        if self.file is not None:
            out["file"] = self.file
        return out


class RefereeError(ValueError):
    """Base of every error the engine raises. Carries one or more `Problem`s."""

    code = "invalid"

    def __init__(self, problems: list[Problem] | Problem | str) -> None:
        if isinstance(problems, str):
            problems = [Problem("", self.code, problems)]
        elif isinstance(problems, Problem):
            problems = [problems]
        self.problems: list[Problem] = list(problems)
        super().__init__("; ".join(p.located() for p in self.problems))


class InvalidCardError(RefereeError):
    """A token that is not a card in the notation of cards.md."""

    code = "unknown_card"


class RulesetError(RefereeError):
    """A ruleset that cannot be loaded: unsafe YAML, schema, `extends` or meaning."""

    code = "invalid_ruleset"


class UnknownRulesetError(RefereeError):
    """A ruleset id that names no known ruleset."""

    code = "unknown_ruleset"


class InvalidPlayError(RefereeError):
    """Input that is well-formed but cannot exist at a table (a layout no deal can make)."""

    code = "invalid_play"


class GameStateError(RefereeError):
    """A score-sheet write that the state of the game refuses (finished, no buys left...)."""

    code = "conflict"
