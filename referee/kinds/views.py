"""What a kind reads of the rules it is judged by, as `Protocol`s: the kinds sit below the rules
(`referee.rules`), which meet these shapes, so a kind knows the few fields it asks and not the
whole ruleset."""

from __future__ import annotations

from typing import Protocol

from referee.kinds.rule import MeldRule


class MeldValues(Protocol):
    """What a meld is worth melded (`referee.rules.ruleset.Scoring`)."""

    @property
    def low_ace(self) -> int | None: ...          # an ace melded low in a run
    @property
    def wilds_count(self) -> str: ...             # `own` or `stands_for`
    @property
    def run_order(self) -> tuple[str, ...]: ...   # the deck's ranks in a run's order

    def melded_value(self, rank: str) -> int: ...

    def run_value(self, window: tuple[str, ...]) -> int: ...


class WildsView(Protocol):
    @property
    def ranks(self) -> frozenset[str]: ...
    @property
    def all_wild(self) -> bool: ...
    @property
    def fixed_when_melded(self) -> bool: ...


class LayOffView(Protocol):
    @property
    def wilds_unlimited(self) -> bool: ...


class RoundView(Protocol):
    """A round's rules as a kind reads them (`referee.rules.ruleset.RoundRules`)."""

    @property
    def wilds(self) -> WildsView: ...
    @property
    def lay_off(self) -> LayOffView: ...

    def meld_rule(self, kind: str) -> MeldRule | None: ...


class CanastaView(Protocol):
    @property
    def canasta_min(self) -> int | None: ...
    @property
    def canasta_closed_to_wilds(self) -> bool: ...


class RulesetView(Protocol):
    """A ruleset as a kind reads it (`referee.rules.ruleset.Ruleset`)."""

    @property
    def scoring(self) -> MeldValues: ...
    @property
    def rummy(self) -> CanastaView | None: ...
