"""Round fields a variant sets at the top level that every round of the game sets again.

A round's entry is applied over the top level (`first_meld` and `melds` whole, other mappings
key by key), so a top-level value that every round gives its own of changes nothing: a
`wilds: {ranks: [...]}` in a Ten Pennies variant, whose seven rounds each name their wild
ranks. Lint says so at the variant's key. A game's own file is left alone: there the top level
is what a variant that replaces or removes `rounds` plays with.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from referee.loading.rulebuild import ROUND_FIELDS, ROUND_REPLACES
from referee.loading.yamlread import Document, Path, format_path
from referee.values.errors import Problem
from referee.values.i18n import t

_ABSENT = object()


def overridden(written: Mapping[str, Any], resolved: Mapping[str, Any]) -> Iterator[Path]:
    """The top-level paths `written` sets (its highest ones) that every round of `resolved` sets again."""
    rounds = resolved.get("rounds")
    if not isinstance(rounds, list) or not rounds:
        return
    entries = [entry if isinstance(entry, Mapping) else {} for entry in rounds]
    for key in ROUND_FIELDS:
        if key in written and written[key] is not None:
            yield from _covered((key,), written[key], [e.get(key, _ABSENT) for e in entries],
                                key in ROUND_REPLACES)[1]


def _covered(path: Path, top: object, values: Sequence[object], whole: bool) -> tuple[bool, list[Path]]:
    """Whether every round's value replaces `top` at `path`, and the paths below it that are."""
    given = all(v is not _ABSENT for v in values)
    if given and (whole or not isinstance(top, Mapping) or not all(isinstance(v, Mapping) for v in values)):
        return True, [path]
    if not isinstance(top, Mapping) or not top:
        return False, []
    found: list[Path] = []
    every = True
    for key, value in top.items():
        below = [v.get(key, _ABSENT) if isinstance(v, Mapping) else _ABSENT for v in values]
        full, paths = _covered(path + (key,), value, below, False)
        every = every and full
        found += paths
    return (True, [path]) if every else (False, found)


def overridden_findings(doc: Document, resolved: Mapping[str, Any]) -> list[Problem]:
    """Lint's findings for a variant (`doc` as its author wrote it): each top-level round field
    every round sets again, at the field's key, naming the rounds."""
    if not isinstance(doc.data, Mapping) or not doc.data.get("extends"):
        return []
    last = len(resolved.get("rounds") or [])
    problems = []
    for path in overridden(doc.data, resolved):
        field = format_path(path)
        line, column = doc.position(path, key=True)
        # "rounds 1-7" is a range, not a count: one sentence for a single round, one for several
        message = t("round 1 gives its own {field}, so the top-level one changes nothing: set it in the round",
                    field=field) if last == 1 else t(
            "every round gives its own {field} (rounds 1-{last}), so the top-level one changes nothing: "
            "set it in the rounds that should have it", field=field, last=last)
        problems.append(Problem(field, "meaning", message, line, column, doc.file))
    return problems
