"""A rule broken by a play: a code from the spec, the cards at fault, and a sentence."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from referee.cards import Card


@dataclass(frozen=True)
class Violation:
    code: str
    message: str
    cards: tuple[Card, ...] = ()

    def as_dict(self) -> dict[str, object]:
        return {"code": self.code, "message": self.message, "cards": [str(c) for c in self.cards]}


@dataclass(frozen=True)
class Verdict:
    """The answer of a check: legal exactly when no violation was found, plus what it adds."""

    violations: tuple[Violation, ...] = ()
    extra: dict[str, object] = field(default_factory=dict)

    @property
    def valid(self) -> bool:
        return not self.violations

    def as_dict(self) -> dict[str, object]:
        return {"valid": self.valid, "violations": [v.as_dict() for v in self.violations], **self.extra}


def listed(cards: Iterable[Card]) -> str:
    return ", ".join(str(c) for c in cards)


def plural(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"
