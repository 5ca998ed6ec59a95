"""The editor schema accepts every file and example as written; the loader's form stays strict."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

from referee.loading.loader import Library
from referee.loading.shipped import schema
from referee.values.errors import RulesetError

ROOT = Path(__file__).resolve().parent.parent


def _examples() -> list[Any]:
    """Every shipped ruleset, and every ```yaml block of README.md and docs/*.md, as written."""
    found = [pytest.param(p.read_text(encoding="utf-8"), id=f"rulesets/{p.name}")
             for p in sorted((ROOT / "rulesets").glob("*.yaml"))]
    for md in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        blocks = re.findall(r"^```yaml\n(.*?)^```", md.read_text(encoding="utf-8"), re.DOTALL | re.MULTILINE)
        found += [pytest.param(b, id=f"{md.name}#{i}") for i, b in enumerate(blocks)]
    return found


EXAMPLES = _examples()


def _editor_errors(doc: object) -> list[str]:
    return [f"{list(e.absolute_path)}: {e.message}"
            for e in jsonschema.Draft202012Validator(schema()).iter_errors(doc)]


def test_the_examples_are_found() -> None:
    ids = {p.id for p in EXAMPLES}
    assert len([i for i in ids if i.startswith("rulesets/")]) >= 14
    assert "README.md#0" in ids and "rulesets.md#1" in ids


@pytest.mark.parametrize("text", EXAMPLES)
def test_the_editor_schema_accepts_it_as_written(text: str) -> None:
    assert _editor_errors(yaml.safe_load(text)) == []


@pytest.mark.parametrize("text", EXAMPLES)
def test_the_loader_loads_it(library: Library, text: str) -> None:
    doc = yaml.safe_load(text)
    lib = library.copy()
    if doc["id"] in lib:  # a shipped file: load it under another id
        text = text.replace(f"id: {doc['id']}\n", f"id: {doc['id']}-again\n", 1)
    assert lib.load(text, "example.yaml")[0].id


VARIANT = "format: 1\nid: v\nextends: garbage\nfamily: layout\n"


@pytest.mark.parametrize("extra", [
    "",                                              # nothing repeated from the base
    "game: {end: {layout_size: null, deals: 10}}\n",  # null removes; two keys as written
    "shrink: {completed: null}\n",
    "first_player: null\n",
])
def test_a_variant_need_not_repeat_its_base(extra: str) -> None:
    assert _editor_errors(yaml.safe_load(VARIANT + extra)) == []


@pytest.mark.parametrize(("text", "words"), [
    ("format: 1\nid: b\nfamily: layout\nname: B\n", "'layout' is a required property"),
    ("format: 1\nid: b\nfamily: rummy\nname: B\n", "'melds' is a required property"),
    ("format: 1\nid: b\nfamily: rummy\nname: B\nmelds: {set: {min: 3}}\nhand_size: null\n", "should not be valid"),
    ("format: 1\nid: b\nfamily: layout\nname: B\nlayout: {slots: [A]}\ngame: {end: {layout_size: 1, deals: 2}}\n",
     "too many properties"),
    (VARIANT + "first_player: nobody\n", "is not one of"),
    (VARIANT + "colour: red\n", "Additional properties"),
])
def test_the_editor_schema_still_refuses(text: str, words: str) -> None:
    errors = _editor_errors(yaml.safe_load(text))
    assert any(words in e for e in errors), errors


def test_the_loader_refuses_a_resolved_ruleset_that_lacks_what_it_needs(library: Library) -> None:
    with pytest.raises(RulesetError) as info:
        library.load(VARIANT + "name: V\nlayout: null\n", "v.yaml")
    assert [(p.path, p.code) for p in info.value.problems] == [("layout", "required")]
    with pytest.raises(RulesetError) as info:
        library.load("format: 1\nid: b\nfamily: rummy\nname: B\nmelds: {set: {min: 3}}\nhand_size: null\n", "b.yaml")
    assert [(p.path, p.line) for p in info.value.problems] == [("hand_size", 6)]
    assert "only in a variant" in info.value.problems[0].message
