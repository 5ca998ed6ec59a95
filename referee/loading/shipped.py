"""The files the package ships: its rulesets and the ruleset schema, with the schema's validator.

Found in the installed `referee/data/` folder, or in the checkout when run from source.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path as FsPath
from typing import Any

import jsonschema

from referee.kinds.table import KINDS, kinds_schema


def _data_dir(name: str) -> FsPath:
    """The installed `referee/data/<name>` folder, or the checkout's `<name>` when run from source."""
    package = FsPath(__file__).resolve().parent.parent
    installed = package / "data" / name
    return installed if installed.is_dir() else package.parent / name


def builtin_files() -> list[FsPath]:
    return sorted(_data_dir("rulesets").glob("*.yaml"))


SCHEMA_FILE = "ruleset.schema.json"


def schema_file() -> FsPath:
    """Where the ruleset's JSON Schema is installed (the checkout's `schemas/` when run from source)."""
    return _data_dir("schemas") / SCHEMA_FILE


@cache
def schema() -> dict[str, Any]:
    """The ruleset's JSON Schema, the contract, as the package ships it (`schemas/`): the
    assembly of the kinds' parts (`assembled`), written out."""
    text = schema_file().read_text(encoding="utf-8")
    return json.loads(text)  # type: ignore[no-any-return]


def assembled() -> dict[str, Any]:
    """The schema with each kind's part taken from the kinds' table as it is now (a kind
    registered since the process started included)."""
    return kinds_schema(schema())


def validator() -> jsonschema.Draft202012Validator:
    """The schema's stricter form, for a resolved ruleset (everything required, no `null`
    removals), for the kinds of the table as it is now."""
    return _validator(tuple(KINDS))


@cache
def _validator(kinds: tuple[str, ...]) -> jsonschema.Draft202012Validator:
    """The schema's root is the editor's form of a file as written, where a variant gives only
    what changes; both forms share one set of field definitions."""
    root = assembled() if kinds != _SHIPPED else schema()
    resolved = {"$schema": root["$schema"], "$id": root["$id"], "$defs": root["$defs"],
                "$ref": "#/$defs/resolved"}
    return jsonschema.Draft202012Validator(resolved)


_SHIPPED = tuple(KINDS)  # the kinds the package ships, whose parts the file holds


def write_schema(path: FsPath) -> None:
    """Write the assembly out, as the file is kept (`python -m referee.loading.shipped FILE`)."""
    path.write_text(json.dumps(assembled(), indent=2, ensure_ascii=False) + "\n", encoding="utf-8")


if __name__ == "__main__":
    import sys
    write_schema(FsPath(sys.argv[1]))
