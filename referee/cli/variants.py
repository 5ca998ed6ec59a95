"""`referee new-variant BASE ID` and `referee changes FILE`: a house variant started from its
base, and what a variant changes against it.

`new-variant` writes `ID.yaml` in the current folder: the `$schema` line (the installed
schema's path, so an editor checks the file offline against the schema of this very
referee), `id`, `extends`, a `name`, and each field a table usually changes
(`changes.house_fields`) as comments holding the base's value. Uncommenting one, with the
lines it sits under, changes nothing until its value is edited.

`changes FILE` reads the base of `extends` from the shipped library, or from the file
`BASE.yaml` beside FILE when there is one (and that one's base likewise), as lint does when
given both files.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import textwrap
from pathlib import Path
from typing import Any

import yaml

from referee.changes import changes, house_fields
from referee.cli.common import UNUSABLE, YES, _ruleset
from referee.cli.lint import problem_line, unreadable
from referee.loading import yamlread
from referee.loading.loader import default_library
from referee.loading.shipped import schema, schema_file
from referee.rules.ruleset import Ruleset
from referee.values.errors import Problem, RefereeError, RulesetError
from referee.values.i18n import t

# ---------------------------------------------------------------- new-variant


def _new_variant(args: argparse.Namespace) -> int:
    base = _ruleset(args.base)
    _check_id(args.id, base)
    path = Path(f"{args.id}.yaml")
    try:
        with path.open("x", encoding="utf-8") as out:
            out.write(variant_text(base, args.id))
    except FileExistsError:
        raise RefereeError(Problem("", "file_exists", t(
            "{file} is there already and is left as it is: give another ID, or move the file away",
            file=path))) from None
    print(t("wrote {file}, a variant of {base}: uncomment the fields your table changes, then "
            "`referee changes {file}` says what it changes", file=path, base=base.id))
    return YES


def _check_id(new_id: str, base: Ruleset) -> None:
    """An ID the schema takes for a ruleset's id, other than the base's own."""
    rule = schema()["$defs"]["common"]["properties"]["id"]
    if not re.fullmatch(rule["pattern"].strip("^$"), new_id) or len(new_id) > rule["maxLength"]:
        raise RefereeError(Problem("ID", "invalid_id", t(
            '"{id}" cannot be a ruleset id: write lower-case letters, digits and hyphens (at most {most}), '
            "such as {example}", id=new_id, most=rule["maxLength"], example=f"{base.id}-ours")))
    if new_id == base.id:
        raise RefereeError(Problem("ID", "invalid_id", t(
            '"{id}" is the id of the base: a variant needs an id of its own, such as {example}',
            id=new_id, example=f"{base.id}-ours")))


def variant_text(base: Ruleset, new_id: str) -> str:
    """The file `new-variant` writes: a variant of `base` that changes nothing yet."""
    name = t("{base}, house rules", base=base.local_name)
    lines = [f"# yaml-language-server: $schema={schema_file().resolve()}", "format: 1", f"id: {new_id}",
             f"extends: {base.id}", f"name: {json.dumps(name, ensure_ascii=False)}"]
    fields = house_fields(base)
    if fields:
        words = t("Each field below holds the value of {base}: uncomment one with the lines it sits under, "
                  "then change it.", base=base.id)
        if None in fields.values():
            words += " " + t("null: {base} has none.", base=base.id)
        lines += ["", *("# " + line for line in textwrap.wrap(words, 94))]
        lines += ["# " + line for line in _fields_yaml(fields).splitlines()]
    return "\n".join(lines) + "\n"


def _fields_yaml(fields: dict[tuple[str | int, ...], Any]) -> str:
    """The fields as one YAML mapping, each under its parents (`scoring:` holds `card_values`
    and `bonuses`); collections of plain values on one line, as the shipped files write them."""
    tree: dict[str, Any] = {}
    for path, value in fields.items():
        node = tree
        for key in path[:-1]:
            node = node.setdefault(str(key), {})
        node[str(path[-1])] = _as_written(path, value)
    return yaml.dump(tree, Dumper=_Dumper, default_flow_style=None, sort_keys=False, allow_unicode=True,
                     width=96)


class _OneLine(dict[str, Any]):
    """A mapping written on one line (`'2': {first_meld: {sets: [4]}}`): a round of `rounds`."""


class _Dumper(yaml.SafeDumper):
    pass


_Dumper.add_representer(_OneLine, lambda dumper, data: dumper.represent_mapping(
    "tag:yaml.org,2002:map", data.items(), flow_style=True))


def _as_written(path: tuple[str | int, ...], value: Any) -> Any:
    """A base's value as a variant writes it to change nothing: `rounds` as a patch of each
    round by its number, which the author then trims to the rounds that change; no `null` in a
    mapping, which in a variant removes (a field left out keeps the base's)."""
    if path == ("rounds",) and isinstance(value, list):
        return {str(n): _OneLine(_kept(entry)) for n, entry in enumerate(value, 1)}
    return _kept(value)


def _kept(value: Any) -> Any:
    if isinstance(value, dict):
        return {key: _kept(item) for key, item in value.items() if item is not None}
    return value


# ---------------------------------------------------------------- changes


def _changes(args: argparse.Namespace) -> int:
    path = Path(args.file)
    why = unreadable(path)
    if why is not None:
        print(why, file=sys.stderr)
        return UNUSABLE
    library = default_library().copy(as_written=True)
    try:
        for file in [*_bases_beside(path), path]:
            loaded = library.load(file.read_bytes(), file=str(file))  # an OSError names the file
            library.add(loaded)
    except RulesetError as exc:
        for problem in exc.problems:
            print(problem_line(problem, file), file=sys.stderr)
        return UNUSABLE
    ruleset = loaded[0]
    if ruleset.extends is None:
        print(t("{file} extends no ruleset: it is a game of its own, with nothing to compare it to", file=path))
        return YES
    found = changes(ruleset, library.get(ruleset.extends))
    for change in found:
        print(change.words)
    if not found:
        print(t("{file} changes nothing of {base}", file=path, base=ruleset.extends))
    return YES


def _bases_beside(path: Path) -> list[Path]:
    """The files `BASE.yaml` beside `path` that its `extends` chain names, the first base first."""
    found: list[Path] = []
    current = path
    while (base := _extends(current)) is not None:
        beside = path.parent / f"{base}.yaml"
        if not beside.is_file() or beside.resolve() in {p.resolve() for p in [path, *found]}:
            break
        found.append(beside)
        current = beside
    return found[::-1]


def _extends(path: Path) -> str | None:
    """The `extends` of a ruleset file, or None (none, or a file the loader will report)."""
    try:
        data = yamlread.read(path.read_bytes(), str(path)).data
    except (yamlread.YamlError, OSError):
        return None
    base = data.get("extends") if isinstance(data, dict) else None
    return base if isinstance(base, str) else None

