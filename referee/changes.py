"""What a variant changes against the ruleset it extends: each resolved field that differs, with
its old value, its new value and a sentence; and the fields a table usually changes.

Both rulesets are compared as resolved (`Ruleset.document()`), so a variant that writes a
field with the base's own value changes nothing, and one that leaves a field out keeps the
base's. What a ruleset says of itself (`IDENTITY`: its id, name, summary, sources, notes) is
not a rule and is never a change. Objects are compared field by field (`wilds.ranks`), a list
of objects of the same length item by item (`rounds[2].contract`), anything else whole.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from referee.describe import ranks_inwords_of
from referee.loading.overrides import overridden
from referee.loading.shipped import schema
from referee.loading.yamlread import format_path
from referee.rules.ruleset import Ruleset
from referee.values.i18n import N_, t

Path = tuple[str | int, ...]

# What a ruleset says of itself rather than of its rules.
IDENTITY = frozenset({"format", "id", "extends", "name", "summary", "source", "notes"})

# Fields whose values are ranks, written as a table names them (`kings and jokers`).
_RANK_LISTS = frozenset({"wilds.ranks", "dead_ranks", "layout.wilds", "layout.dead_ranks"})

# Each field a table usually changes, as a sentence names it; any other is named by its path.
_LABELS = {
    "wilds.ranks": N_("Wild cards"),
    "wilds.max_per_meld": N_("Most wild cards in one meld"),
    "wilds.min_naturals": N_("Fewest natural cards beside a wild card"),
    "wilds.all_wild": N_("A meld of wild cards only"),
    "dead_ranks": N_("Cards that end the turn"),
    "first_meld.min_points": N_("The first meld's minimum points"),
    "hand_limit.max": N_("Hand limit"),
    "game.end.rounds": N_("Rounds in the game"),
    "game.end.target": N_("The score that ends the game"),
    "game.end.elimination": N_("The score that puts a player out"),
    "game.end.layout_size": N_("The layout that wins the game"),
    "first_meld.points": N_("The first meld's minimum points"),
    "first_meld.sets": N_("Sets of the first meld, by size"),
    "first_meld.runs": N_("Runs of the first meld, by size"),
    "first_meld.melds": N_("Melds of the first meld"),
    "first_meld.pure_runs": N_("Runs without a wild card in the first meld"),
    "first_meld.from_hand_only": N_("The first meld from the hand alone"),
    "first_meld.points_by_score": N_("The first meld's minimum points, by score"),
    "deck.jokers": N_("Jokers in each deck"),
    "deck.decks": N_("Decks"),
    "lay_off.allowed": N_("Laying off"),
    "table.rearrange": N_("The table may be rearranged"),
    "game.winner": N_("The winner"),
    "going_out.final_discard": N_("The last discard when going out"),
    "going_out.whole_hand": N_("Going out with the whole hand at once"),
    "scoring.method": N_("Scoring"),
    "players.min": N_("Fewest players"),
    "players.max": N_("Most players"),
    "hand_size": N_("Cards dealt"),
}
_VALUE_LABEL = N_("Points for {card}")  # scoring.card_values.<rank>
_BONUS_LABEL = N_("Bonus: {bonus}")  # scoring.bonuses.<bonus>
_ROUND_LABEL = N_("Round {round}: {field}")  # rounds[<index>].<field>


@dataclass(frozen=True)
class Change:
    """One resolved field that differs: its path, its base's value (`old`), its value here
    (`new`), and the change in one sentence of the language current when it was found."""

    path: str
    old: Any
    new: Any
    words: str

    def as_dict(self) -> dict[str, Any]:
        return {"path": self.path, "from": self.old, "to": self.new, "words": self.words}


def changes(ruleset: Ruleset, base: Ruleset | None) -> list[Change]:
    """What `ruleset` changes against `base` (the ruleset it extends; None: nothing)."""
    if base is None:
        return []
    old, new = base.document(), ruleset.document()
    keys = [k for k in {**old, **new} if k not in IDENTITY]
    return [Change(format_path(path), was, now, _words(path, was, now)) for key in keys
            for path, was, now in differences(old.get(key), new.get(key), (key,))]


def house_fields(base: Ruleset) -> dict[Path, Any]:
    """The fields a table usually changes (the schema's `x-house-fields`) that a variant of
    `base` may write, each with the base's resolved value (None: the base has none, and a
    variant's `null` keeps it so).

    A field is offered where the schema of the base's family has it. At the top level, what
    every round of the base sets again is left out (a `wilds.ranks` every round gives changes
    nothing there, overrides.py): the field's rest stays, and a field left with nothing goes.
    """
    resolved = base.document()
    family = schema()["$defs"].get(base.family, {})
    found: dict[Path, Any] = {}
    for dotted in schema().get("x-house-fields", []):
        path: Path = tuple(dotted.split("."))
        if not _has_field(family, path):
            continue
        value = written = _at(resolved, path)
        for key in reversed(path):
            written = {key: written}
        covered = list(overridden(written, resolved))
        if any(path[:len(c)] == c for c in covered):
            continue
        for c in covered:
            value = _without(value, c[len(path):])
        found[path] = value
    return found


def _has_field(section: dict[str, Any], path: Path) -> bool:
    """Whether a schema section (`$defs/rummy`) has the field at `path`."""
    node = section
    for key in path:
        node = node.get("properties", {}).get(key)
        if not isinstance(node, dict):
            return False
    return True


def _at(document: Any, path: Path) -> Any:
    for key in path:
        document = document.get(key) if isinstance(document, dict) else None
    return document


def _without(value: Any, path: Path) -> Any:
    """A copy of a mapping without the field at `path` (below it: those emptied go too)."""
    if not path or not isinstance(value, dict) or path[0] not in value:
        return value
    rest = {k: v for k, v in value.items() if k != path[0]}
    inner = _without(value[path[0]], path[1:]) if len(path) > 1 else None
    return rest if inner in (None, {}) else {**rest, path[0]: inner}


def differences(old: Any, new: Any, path: Path) -> Iterator[tuple[Path, Any, Any]]:
    """Each (path, old, new) where two resolved values differ (a field left out is null; a
    mapping given where there was none, or taken away, differs field by field)."""
    if isinstance(old, dict) and isinstance(new, dict | None) or old is None and isinstance(new, dict):
        old, new = old or {}, new or {}
        for key in {**old, **new}:
            yield from differences(old.get(key), new.get(key), (*path, key))
    elif isinstance(old, list) and isinstance(new, list) and len(old) == len(new) \
            and all(isinstance(item, dict) for item in old + new):
        for index, (was, now) in enumerate(zip(old, new)):
            yield from differences(was, now, (*path, index))
    elif old != new:
        yield path, old, new


def _words(path: Path, old: Any, new: Any) -> str:
    field = path[2:] if path[:1] == ("rounds",) and len(path) > 2 else path
    label = _label(field)
    if field is not path:
        label = t(_ROUND_LABEL, round=int(path[1]) + 1, field=label)
    return t("{field}: {new} (was {old})", field=label, new=_shown(field, new), old=_shown(field, old))


def _label(path: Path) -> str:
    if path[:2] == ("scoring", "card_values") and len(path) == 3:
        return t(_VALUE_LABEL, card=str(path[2]))
    if path[:2] == ("scoring", "bonuses") and len(path) == 3:
        return t(_BONUS_LABEL, bonus=str(path[2]).replace("_", " "))
    label = _LABELS.get(format_path(path))
    return t(label) if label else format_path(path)


def _shown(path: Path, value: Any) -> str:
    if value is None or value == [] or value == {}:
        return t("none")
    if isinstance(value, bool):
        return t("yes") if value else t("no")
    if isinstance(value, int):
        return str(value)
    if format_path(path) in _RANK_LISTS and isinstance(value, list) and all(isinstance(r, str) for r in value):
        return ranks_inwords_of(set(value))
    if isinstance(value, str):
        return value
    if isinstance(value, list) and value and all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        return ", ".join(map(str, value))  # the sizes of the first meld's sets: `4, 3`
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
