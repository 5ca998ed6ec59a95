"""The meld kinds, as a table: one entry a kind (`referee.kinds.set`, `run`, `color`), each
holding its judge, its planner's half, its words and its part of the ruleset's schema. The
judge (`referee.checks.judge`) asks `KINDS[kind]`; the planner asks each entry's `planner`
(`referee.planner.halves`), and asks the judge of a kind that has none. A new kind is a new
module and one entry here (`register`, for a kind defined elsewhere).
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from referee.kinds.base import MeldKind, capped
from referee.kinds.color import ColorKind
from referee.kinds.meld import RUN_ORDER, Meld
from referee.kinds.rule import MeldRule
from referee.kinds.run import RunKind
from referee.kinds.set import SetKind
from referee.kinds.views import MeldValues
from referee.values.i18n import t
from referee.values.meldwords import KindWords

KINDS: dict[str, MeldKind] = {kind.name: kind for kind in (SetKind(), RunKind(), ColorKind())}


def register(kind: MeldKind) -> None:
    """Add a kind to the table (after the shipped ones)."""
    KINDS[kind.name] = kind


def unregister(name: str) -> None:
    KINDS.pop(name, None)


def most_of(rule: MeldRule) -> int:
    """The most cards a meld of the rule's kind can hold: its `max`, within what the kind's
    shape allows in the deck (`MeldKind.longest`)."""
    return capped(KINDS.get(rule.kind, MeldKind()), rule)


def one_rank_kind(kinds: Iterable[str]) -> str:
    """The first of these kinds whose melds hold one rank (`MeldKind.one_rank`), or ""."""
    return next((k for k in kinds if k in KINDS and KINDS[k].one_rank), "")


def ordered_kind(kinds: Iterable[str]) -> str:
    """The first of these kinds whose melds hold consecutive ranks (`MeldKind.ordered`), or ""."""
    return next((k for k in kinds if k in KINDS and KINDS[k].ordered), "")


def meld_ranks(meld: Meld, order: tuple[str, ...] = RUN_ORDER) -> tuple[str | None, ...]:
    """The rank each place of a meld stands for, as its kind reads it (`MeldKind.ranks_of`)."""
    return KINDS[meld.kind].ranks_of(meld, order)


def meld_points(scoring: MeldValues, meld: Meld) -> int:
    """What a meld is worth melded (a first meld's points threshold, melded scores), as its
    kind counts it (`MeldKind.points`). A meld of wild cards only stands for no card: its
    wild cards count their own worth."""
    return KINDS[meld.kind].points(scoring, meld)


def words_of(kind: str) -> KindWords:
    """A kind's words; the words for any meld where the table has no such kind."""
    return KINDS[kind].words if kind in KINDS else KindWords()


def table_order(kind: str) -> int:
    """Where a kind stands in the table (sets first); a kind it lacks, last."""
    return list(KINDS).index(kind) if kind in KINDS else len(KINDS)


def words_named(kind: str) -> KindWords:
    """A kind's words by its name; the words for any meld for a kind the table lacks."""
    return words_of(kind)


def any_of(kinds: Sequence[str], words: Sequence[KindWords]) -> str:
    """`any run or set`: what a first meld may be where it asks for nothing in particular."""
    if list(kinds) == ["run", "set"]:
        return t("any run or set")
    return words[0].any() if len(words) == 1 else t("any meld")


def kinds_schema(schema: Mapping[str, Any], kinds: Iterable[MeldKind] | None = None) -> dict[str, Any]:
    """The ruleset's JSON Schema with each kind's part (its options under `melds`, the first
    meld's requirement of it under `first_meld`) taken from the kinds' entries, in the table's
    order; a kind without a part of its own (`MeldKind.schema` empty) is not in it.
    `schemas/ruleset.schema.json` is this, written out, for the shipped kinds."""
    out = copy.deepcopy(dict(schema))
    defs = out["$defs"]
    entries = [k for k in (KINDS.values() if kinds is None else kinds) if k.schema]
    written = set(defs["melds"]["properties"])  # the kinds whose parts the schema holds
    defs["melds"]["properties"] = {k.name: copy.deepcopy(dict(k.schema["options"])) for k in entries}
    others = {p: v for p, v in defs["first_meld"]["properties"].items()
              if p not in {KINDS[n].plural for n in written if n in KINDS}}
    defs["first_meld"]["properties"] = {**{k.plural: copy.deepcopy(dict(k.schema["requirement"])) for k in entries},
                                        **others}
    return out
