"""The files the package ships: its rulesets and the ruleset schema, with the schema's validator.

Found in the installed `referee/data/` folder, or in the checkout when run from source.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path as FsPath
from typing import Any

import jsonschema


def _data_dir(name: str) -> FsPath:
    """The installed `referee/data/<name>` folder, or the checkout's `<name>` when run from source."""
    package = FsPath(__file__).resolve().parent.parent
    installed = package / "data" / name
    return installed if installed.is_dir() else package.parent / name


def builtin_files() -> list[FsPath]:
    return sorted(_data_dir("rulesets").glob("*.yaml"))


@cache
def schema() -> dict[str, Any]:
    text = (_data_dir("schemas") / "ruleset.schema.json").read_text(encoding="utf-8")
    return json.loads(text)  # type: ignore[no-any-return]


@cache
def validator() -> jsonschema.Draft202012Validator:
    """The schema's stricter form, for a resolved ruleset: everything required, no `null` removals.

    The schema's root is the editor's form of a file as written, where a variant gives only
    what changes; both forms share one set of field definitions.
    """
    root = schema()
    resolved = {"$schema": root["$schema"], "$id": root["$id"], "$defs": root["$defs"],
                "$ref": "#/$defs/resolved"}
    return jsonschema.Draft202012Validator(resolved)
