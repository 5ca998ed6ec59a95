"""A rule broken by a play: a code from the spec, the cards at fault, and a sentence."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import NamedTuple

from referee.values.cards import Card, DeckSpec, faces, texts


class Violation(NamedTuple):
    """A rule broken by a play: a code from the spec, a sentence, and the cards at fault;
    `path` names the place at fault in the request where a check has places (`after[2]`)."""

    code: str
    message: str
    cards: tuple[Card, ...] = ()
    path: str | None = None

    def as_dict(self) -> dict[str, object]:
        if self.path is None:
            return {"code": self.code, "message": self.message, "cards": texts(self.cards)}
        return {"code": self.code, "message": self.message, "cards": texts(self.cards), "path": self.path}


class Verdict(NamedTuple):
    """The answer of a check: legal exactly when no violation was found, plus what it adds."""

    violations: tuple[Violation, ...] = ()
    extra: Mapping[str, object] = MappingProxyType({})

    @property
    def valid(self) -> bool:
        return not self.violations

    def as_dict(self) -> dict[str, object]:
        if not self.violations:
            return {"valid": True, "violations": [], **self.extra}
        violations = [v.as_dict() for v in self.violations]
        if not self.extra:  # a refusal: nothing to add (unpacking even an empty mapping costs)
            return {"valid": False, "violations": violations}
        return {"valid": False, "violations": violations, **self.extra}


def listed(cards: Iterable[Card], deck: DeckSpec | None = None) -> str:
    """Cards as a sentence names them, as the page's chips show them: `8♥, 8♠, 2♣`; a game's
    deck names its own cards (`Q★`)."""
    return faces(cards, deck)


def plural(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"
