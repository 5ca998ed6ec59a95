from __future__ import annotations

import json
import subprocess
import sys
import time
from dataclasses import fields
from pathlib import Path

import jsonschema
import pytest
import yaml

from referee.loading.loader import Library
from referee.loading.shipped import builtin_files, schema
from referee.values.errors import RulesetError, UnknownRulesetError
from referee.values.i18n import LANGUAGES, SOURCE
from referee.values.merge import apply_variant, merge_patch

ROOT = Path(__file__).resolve().parent.parent
HEADER = "format: 1\nid: {id}\nfamily: rummy\nname: X\nmelds: {{set: {{min: 3}}}}\n"


def problems(library: Library, text: str, file: str = "f.yaml") -> list[tuple[str, int | None, str]]:
    with pytest.raises(RulesetError) as info:
        library.load(text, file)
    return [(p.path, p.line, p.message) for p in info.value.problems]


def test_every_shipped_ruleset_loads(library: Library) -> None:
    ids = {r.id for r in library.all()}
    assert {"ten-pennies", "bing-rummy", "garbage"} <= ids
    assert len([r for r in library.all() if r.extends]) >= 5
    for path in builtin_files():
        text = path.read_text(encoding="utf-8")
        assert text.startswith("# yaml-language-server: $schema=../schemas/ruleset.schema.json")
        assert "source" in yaml.safe_load(text) or yaml.safe_load(text).get("extends")


def test_every_shipped_ruleset_passes_every_check_a_posted_one_does(library: Library) -> None:
    """At start the shipped files skip the JSON Schema (referee/loading/loader.py): here each is loaded
    as a posted file is, every check made, and builds the ruleset the library holds."""
    for path in builtin_files():
        posted, _, _ = library.copy().load(path.read_bytes(), path.name)
        held = library.get(posted.id)
        assert [f.name for f in fields(posted) if getattr(posted, f.name) != getattr(held, f.name)] == ["builtin"]


def test_every_shipped_name_and_summary_is_written_in_every_language(library: Library) -> None:
    """Each shipped file writes its `name` and `summary` in every language the referee speaks (a
    variant replaces its base's texts whole, so none is inherited); a translated summary is not
    the English copied, and a variant is not called what its base is called in any language."""
    for path in builtin_files():
        written = yaml.safe_load(path.read_text(encoding="utf-8"))
        ruleset = library.get(written["id"])
        for field, texts, english in (("name", ruleset.names, ruleset.name),
                                      ("summary", ruleset.summaries, ruleset.summary)):
            assert sorted(written[field]) == sorted(LANGUAGES), f"{path.name}: {field}"
            assert texts == written[field] and texts[SOURCE] == english
            assert all(text.strip() for text in texts.values()), f"{path.name}: {field}"
        copied = [code for code in LANGUAGES if code != SOURCE and ruleset.summaries[code] == ruleset.summary]
        assert not copied, f"{path.name}: the summary in {copied} is the English one"
        if ruleset.extends:
            base = library.get(ruleset.extends)
            same = [code for code in LANGUAGES if ruleset.names[code] == base.names[code]]
            assert not same, f"{path.name}: named as {ruleset.extends} is in {same}"


def test_variant_error_points_into_the_variant_file(library: Library) -> None:
    text = ("format: 1\nid: my-variant\nextends: ten-pennies\nname: Mine\nfamily: rummy\n"
            'rounds:\n  "3": {wilds: {ranks: ["11"]}}\n')
    found = problems(library, text)
    assert ("rounds[2].wilds.ranks[0]", 7, '"11" is not a rank: use one of A 2 3 4 5 6 7 8 9 10 J Q K JOKER') \
        in found


def test_every_problem_at_once_with_lines(library: Library) -> None:
    text = HEADER.format(id="x") + (
        'wilds: {ranks: ["11", 2]}\n'           # line 6
        "players: {min: 9, max: 3}\n"           # line 7
        'scoring: {card_values: {"3-9": 5, "8-K": 1}}\n'  # line 8
        "first_meld: {runs: [3]}\n"             # line 9
        "colour: red\n")                        # line 10
    found = {(path, line) for path, line, _ in problems(library, text)}
    assert ("wilds.ranks[0]", 6) in found
    assert ("wilds.ranks[1]", 6) in found
    assert ("players.min", 7) in found
    assert ('scoring.card_values["8-K"]', 8) in found
    assert ("scoring.card_values", 8) in found   # A and 2 have no value
    assert ("first_meld.runs", 9) in found
    assert ("colour", 10) in found


@pytest.mark.parametrize(("extra", "path", "words"), [
    ('wilds: {ranks: [JOKER]}\n', "wilds.ranks[0]", "not in the deck (this deck has no jokers)"),
    ("first_meld: {runs: [4]}\n", "first_meld.runs", "this game has no runs"),
    ('scoring: {card_values: {"A-9": 5, "5-K": 10}}\n', 'scoring.card_values["5-K"]', "already gives"),
    ('scoring: {card_values: {"A-9": 5}}\n', "scoring.card_values", "no value for 10, J, Q, K"),
    ("players: {min: 5, max: 4}\n", "players.min", "is more than max"),
    ("hand_size: eleven\n", "hand_size", "\"eleven\" should be a number of cards (1-60) or a table of cards by player count"),
    ("deck: {ranks: [A, 2]}\n", "deck.ranks[1]", 'quote numeric ranks'),
])
def test_each_meaning_and_type_error(library: Library, extra: str, path: str, words: str) -> None:
    found = problems(library, HEADER.format(id="x") + extra)
    assert any(p == path and line == 6 and words in msg for p, line, msg in found), found


@pytest.mark.parametrize(("canasta", "words"), [
    ("canasta: {min: 7}\n", "add canasta: {semi_clean: true}"),
    ("", "add canasta: {min: 7}"),
])
def test_a_semi_clean_bonus_needs_semi_clean_canastas(library: Library, canasta: str, words: str) -> None:
    text = HEADER.format(id="x") + canasta + "scoring: {method: melded_minus_caught, bonuses: {semi_clean_canasta: 150}}\n"
    found = problems(library, text)
    assert any(p == "scoring.bonuses.semi_clean_canasta" and words in msg for p, _, msg in found), found
    ruleset, _, _ = library.load(HEADER.format(id="x") + "canasta: {min: 7, semi_clean: true}\n"
                                 "scoring: {method: melded_minus_caught, bonuses: {semi_clean_canasta: 150}}\n")
    assert ruleset.rummy is not None and ruleset.rummy.canasta_semi_clean
    assert ruleset.scoring.bonuses["semi_clean_canasta"] == 150


def test_layout_slot_not_in_deck(library: Library) -> None:
    text = ("format: 1\nid: g\nfamily: layout\nname: G\ndeck: {ranks: [A, \"2\", \"3\"]}\n"
            "layout: {slots: [A, \"2\", \"9\"]}\n")
    assert ("layout.slots[2]", 6, 'the slot rank "9" is not in the deck') in problems(library, text)


def test_missing_base_and_cycles(library: Library) -> None:
    found = problems(library, "format: 1\nid: v\nextends: nowhere\nname: V\nfamily: rummy\n")
    assert found[0][0] == "extends" and "does not exist" in found[0][2] and found[0][1] == 3
    lib = library.copy()
    lib.add(lib.load("format: 1\nid: a\nextends: ten-pennies\nname: A\nfamily: rummy\n"))
    with pytest.raises(RulesetError, match="cycle|itself"):
        lib.load("format: 1\nid: ten-pennies\nextends: a\nname: B\nfamily: rummy\n")
    with pytest.raises(RulesetError, match="itself"):
        lib.load("format: 1\nid: z\nextends: z\nname: Z\nfamily: rummy\n")


def test_unknown_round_in_rounds_patch(library: Library) -> None:
    text = 'format: 1\nid: v\nextends: ten-pennies\nname: V\nfamily: rummy\nrounds:\n  "9": {hand_size: 3}\n'
    found = problems(library, text)
    assert found[0][0] == 'rounds["9"]' and found[0][1] == 7


def test_unknown_ruleset_id(library: Library) -> None:
    with pytest.raises(UnknownRulesetError):
        library.get("nope")


# ---------------------------------------------------------------- hostile documents

HOSTILE = {
    "python tag": '!!python/object/apply:os.system ["echo owned"]\n',
    "custom tag": "a: !foo bar\n",
    "billion laughs": "".join(
        f"{c}: &{c} [" + ",".join([f"*{p}"] * 9 if p else ['"lol"'] * 9) + "]\n"
        for p, c in zip(["", *"abcdefgh"], "abcdefghi")),
    "deep nesting": "[" * 5000 + "]" * 5000,
    "deep block nesting": "a:\n" + "".join(" " * i + "b:\n" for i in range(1, 200)),
    "oversize": "x: \"" + "a" * 300_000 + "\"\n",
    "not utf-8": b"format: 1\nid: \xff\xfe\n",
    "two documents": "a: 1\n---\nb: 2\n",
    "duplicate key": "format: 1\nformat: 1\n",
    "not a mapping": "- 1\n- 2\n",
    "syntax": "a: [1, 2\n",
}


@pytest.mark.timed
@pytest.mark.parametrize("name", HOSTILE)
def test_hostile_documents_are_refused_fast(library: Library, name: str) -> None:
    started = time.perf_counter()
    with pytest.raises(RulesetError) as info:
        library.load(HOSTILE[name], "evil.yaml")
    assert time.perf_counter() - started < 1.0
    assert info.value.problems and all(p.message for p in info.value.problems)


def test_object_tags_are_never_executed(tmp_path: Path, library: Library) -> None:
    marker = tmp_path / "owned"
    with pytest.raises(RulesetError, match="not allowed"):
        library.load(f'!!python/object/apply:os.system ["touch {marker}"]\n')
    assert not marker.exists()


# ---------------------------------------------------------------- merge patch

@pytest.mark.parametrize(("target", "patch", "result"), [
    ({"a": 1, "b": 2}, {"b": 3}, {"a": 1, "b": 3}),
    ({"a": 1, "b": 2}, {"b": None}, {"a": 1}),
    ({"a": {"x": 1, "y": 2}}, {"a": {"y": None, "z": 3}}, {"a": {"x": 1, "z": 3}}),
    ({"a": [1, 2]}, {"a": [3]}, {"a": [3]}),
    ({"a": 1}, {"a": {"b": 1}}, {"a": {"b": 1}}),
    ({"a": {"b": 1}}, {"a": 5}, {"a": 5}),
])
def test_merge_patch(target: object, patch: object, result: object) -> None:
    assert merge_patch(target, patch) == result


def test_rounds_mapping_patches_one_round(library: Library) -> None:
    base = library.get("ten-pennies").document()
    merged = apply_variant(base, {"id": "v", "rounds": {"1": {"wilds": {"ranks": ["2", "JOKER"]}}}})
    assert merged["rounds"][0]["wilds"] == {"ranks": ["2", "JOKER"], "max_per_meld": 1}
    assert merged["rounds"][1:] == base["rounds"][1:]
    early = library.get("ten-pennies-jokers-early")
    assert early.rummy and "JOKER" in early.rummy.round(1).wilds.ranks
    assert early.rummy.round(1).wilds.max_per_meld == 1


def test_rounds_list_replaces_whole(library: Library) -> None:
    base = library.get("ten-pennies").document()
    merged = apply_variant(base, {"rounds": [{"first_meld": {"sets": [3]}}]})
    assert len(merged["rounds"]) == 1


# ---------------------------------------------------------------- the schema and the spec

def _spec_examples() -> list[dict[str, object]]:
    spec = (ROOT.parent / "shared" / "spec" / "ruleset-format.md")
    if not spec.exists():
        pytest.skip("shared/spec is not beside the checkout")
    blocks = [yaml.safe_load(b.split("```", 1)[0]) for b in spec.read_text().split("```yaml")[1:]]
    common, rummy, layout = blocks[0], blocks[1], blocks[2]
    rummy_doc = {**common, **rummy}
    layout_doc = {**common, **layout, "id": "garbage-like", "name": "G"}
    layout_doc["deck"] = {"jokers": 0, "decks": 1}
    return [rummy_doc, layout_doc]


def test_schema_accepts_the_spec_examples() -> None:
    validator = jsonschema.Draft202012Validator(schema())
    for doc in _spec_examples():
        errors = list(validator.iter_errors(doc))
        assert not errors, [e.message for e in errors]


def test_spec_variants_resolve(library: Library) -> None:
    for text in (("id: garbage-kings-wild-2\nextends: garbage\nname: Garbage, kings wild\n"
                  "wilds: {ranks: [K]}\ndead_ranks: [J, Q]\nformat: 1\nfamily: layout\n"),
                 ('id: tp-early\nextends: ten-pennies\nrounds:\n  "1": {wilds: {ranks: ["2", JOKER]}}\n'
                  "format: 1\nfamily: rummy\nname: E\n")):
        assert library.load(text)[0].extends in ("garbage", "ten-pennies")


@pytest.mark.parametrize(("field", "bad"), [
    ("format", 2), ("id", "Bad Id"), ("name", 5), ("family", "poker"), ("players", {"min": "2"}),
    ("hand_size", "11"), ("melds", {"set": {"min": "3"}}), ("wilds", {"ranks": [2]}),
    ("wilds", {"max_per_meld": "1"}), ("first_meld", {"sets": "3,3"}), ("lay_off", {"allowed": "sometimes"}),
    ("going_out", {"final_discard": "maybe"}), ("hand_limit", {"max": "75"}),
    ("scoring", {"card_values": {"3-9": "5"}}), ("buying", {"per_player": -1}),
    ("stakes", {"buy_in": "25"}), ("game", {"end": {"rounds": 0}}), ("deck", {"jokers": -1}),
    ("deck", {"decks": "two"}), ("rounds", "seven"), ("extends", 3),
])
def test_schema_rejects_wrong_types(library: Library, field: str, bad: object) -> None:
    doc = library.get("ten-pennies").document()
    doc[field] = bad
    errors = list(jsonschema.Draft202012Validator(schema()).iter_errors(doc))
    assert errors
    with pytest.raises(RulesetError):
        library.load(json.dumps(doc | {"id": "t"} if field != "id" else doc))


def test_every_schema_property_is_described() -> None:
    def walk(node: object, where: str) -> None:
        if isinstance(node, dict):
            for name, sub in (node.get("properties") or {}).items():
                assert "description" in sub or "$ref" in sub, f"{where}.{name}"
            for key, sub in node.items():
                if key != "if":  # a branch condition, not a field
                    walk(sub, f"{where}.{key}")
        elif isinstance(node, list):
            for i, sub in enumerate(node):
                walk(sub, f"{where}[{i}]")
    walk(schema(), "$")


# A text by language (`name: {en: ..., ru: ...}`) is free text under each language's key.
FREE_TEXT = {"id", "name", "summary", "source", "notes", "extends", *LANGUAGES}


def test_every_text_field_but_free_text_is_a_choice_with_an_enum() -> None:
    """A text field an editor cannot complete is one of the few free-text fields."""
    def walk(node: object, where: str) -> None:
        if isinstance(node, dict):
            for name, sub in (node.get("properties") or {}).items():
                types = sub.get("type")
                if "string" in (types if isinstance(types, list) else [types]) and name not in FREE_TEXT:
                    assert "enum" in sub, f"{where}.{name} is text without an enum"
            for key, sub in node.items():
                if key != "if":
                    walk(sub, f"{where}.{key}")
        elif isinstance(node, list):
            for i, sub in enumerate(node):
                walk(sub, f"{where}[{i}]")
    walk(schema(), "$")
    family = schema()["$defs"]["common"]["properties"]["family"]
    assert family["enum"] == ["rummy", "layout", "mahjong"] and family["description"]


def test_importing_referee_never_imports_flask() -> None:
    code = "import sys, referee, referee.cli; print(any(m.split('.')[0] in ('flask', 'marshmallow') for m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert out.stdout.strip() == "False"


@pytest.mark.parametrize(("first_meld", "refused"), [
    ("{colors: [4]}", False), ("{sets: [3]}", False), ("{points: 30}", False), ("{exact: true}", True),
])
def test_no_later_melds_needs_a_first_meld_of_any_kind(library: Library, first_meld: str, refused: bool) -> None:
    text = ("format: 1\nid: x\nfamily: rummy\nname: X\nmelds: {set: {min: 3}, color: {min: 4}}\n"
            f"later_melds: false\nfirst_meld: {first_meld}\n")
    said = "nobody could ever meld"
    if refused:
        assert any(p == "later_melds" and said in m for p, _, m in problems(library, text))
    else:
        assert library.copy().load(text, "f.yaml")[0].id == "x"
