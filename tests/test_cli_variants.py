"""`referee new-variant` and `referee changes`: a variant started from its base changes nothing,
field by field; what a variant changes, one line a field; refusals with exit 2."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from referee.changes import changes, house_fields
from referee.cli import main
from referee.cli.variants import variant_text
from referee.loading import yamlread
from referee.loading.loader import default_library
from referee.loading.overrides import overridden_findings
from referee.loading.shipped import schema

# Every shipped ruleset and every field a file started from it offers.
OFFERED = [(ruleset.id, ".".join(map(str, path))) for ruleset in default_library().all()
           for path in house_fields(ruleset)]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, list[str], list[str]]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out.splitlines(), err.splitlines()


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def uncommented(text: str, field: str) -> str:
    """The file with one commented field, and the lines it sits under, made YAML again."""
    target = tuple(field.split("."))
    stack: list[tuple[int, str]] = []
    out = []
    for line in text.splitlines():
        body = line[2:] if line.startswith("# ") else None
        key = re.match(r"( *)'?([\w-]+)'?:( |$)", body or "")
        if body is not None and key:
            indent = len(key[1])
            while stack and stack[-1][0] >= indent:
                stack.pop()
            stack.append((indent, key[2]))
        at = tuple(k for _, k in stack)
        related = bool(stack) and (at[:len(target)] == target or target[:len(at)] == at)
        out.append(body if body is not None and related else line)
    return "\n".join(out) + "\n"


def test_the_first_base_gives_fields_of_its_family() -> None:
    assert OFFERED and {"garbage", "ten-pennies"} <= {rid for rid, _ in OFFERED}
    assert ("garbage", "dead_ranks") in OFFERED and ("garbage", "first_meld") not in OFFERED
    assert ("rummy-500", "scoring.card_values") in OFFERED and ("rummy-500", "dead_ranks") not in OFFERED
    # every round of Ten Pennies sets its first meld: a top-level one would change nothing
    assert ("ten-pennies", "first_meld") not in OFFERED and ("ten-pennies", "rounds") in OFFERED


@pytest.mark.parametrize("ruleset_id", sorted(default_library().ids()))
def test_a_new_variant_of_every_shipped_ruleset_lints_clean(
        here: Path, capsys: pytest.CaptureFixture[str], ruleset_id: str) -> None:
    code, out, err = run(capsys, "new-variant", ruleset_id, "ours")
    assert (code, err) == (0, []) and "ours.yaml" in out[0]
    text = (here / "ours.yaml").read_text(encoding="utf-8")
    assert text.splitlines()[1:5] == ["format: 1", "id: ours", f"extends: {ruleset_id}",
                                      'name: "' + default_library().get(ruleset_id).local_name + ', house rules"']
    assert run(capsys, "lint", "ours.yaml") == (0, ["ours.yaml: no problems"], [])
    assert run(capsys, "changes", "ours.yaml") == (0, [f"ours.yaml changes nothing of {ruleset_id}"], [])


@pytest.mark.parametrize("ruleset_id, field", OFFERED)
def test_each_field_uncommented_loads_and_changes_nothing(ruleset_id: str, field: str) -> None:
    base = default_library().get(ruleset_id)
    text = uncommented(variant_text(base, "ours"), field)
    library = default_library().copy(as_written=True)
    ruleset, source, resolved = library.load(text, file="ours.yaml")
    written: Any = source.data
    for key in field.split("."):
        assert isinstance(written, dict) and key in written, (field, text)
        written = written[key]
    assert set(source.data) - {"format", "id", "extends", "name"} == {field.split(".")[0]}
    assert changes(ruleset, base) == []
    assert overridden_findings(source, resolved) == []


def test_the_schema_line_points_to_the_installed_schema(here: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run(capsys, "new-variant", "garbage", "ours")
    first = (here / "ours.yaml").read_text(encoding="utf-8").splitlines()[0]
    prefix = "# yaml-language-server: $schema="
    assert first.startswith(prefix)
    schema_path = Path(first.removeprefix(prefix))
    assert schema_path.is_absolute() and json.loads(schema_path.read_text(encoding="utf-8")) == schema()


def test_a_file_there_already_is_left_as_it_is(here: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (here / "ours.yaml").write_text("mine\n", encoding="utf-8")
    code, out, err = run(capsys, "new-variant", "garbage", "ours")
    assert (code, out) == (2, []) and len(err) == 1 and "ours.yaml is there already" in err[0]
    assert (here / "ours.yaml").read_text(encoding="utf-8") == "mine\n"


@pytest.mark.parametrize("argv, said", [
    (["garbag", "ours"], 'No ruleset "garbag"; did you mean "garbage"?'),
    (["garbage", "Our_Garbage"], '"Our_Garbage" cannot be a ruleset id'),
    (["garbage", "x" * 65], "cannot be a ruleset id"),
    (["garbage", "garbage"], '"garbage" is the id of the base'),
])
def test_an_unknown_base_or_an_unusable_id_is_exit_2(
        here: Path, capsys: pytest.CaptureFixture[str], argv: list[str], said: str) -> None:
    code, out, err = run(capsys, "new-variant", *argv)
    assert (code, out, len(err)) == (2, [], 1) and said in err[0]
    assert list(here.iterdir()) == []


def write(where: Path, name: str, text: str) -> Path:
    path = where / name
    path.write_text(text, encoding="utf-8")
    return path


def test_changes_says_each_change_in_a_line(here: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write(here, "ours.yaml", "id: ours\nextends: garbage\nname: Ours\nwilds: {ranks: [K]}\ndead_ranks: [Q]\n"
                             "game: {end: {layout_size: 3}}\n")
    code, out, err = run(capsys, "changes", "ours.yaml")
    assert (code, err) == (0, [])
    assert sorted(out) == ["Cards that end the turn: queens (was queens and kings)",
                           "The layout that wins the game: 3 (was 0)", "Wild cards: kings (was jacks)"]


def test_a_mapping_given_where_the_base_has_none_changes_field_by_field(
        here: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write(here, "ours.yaml", "id: ours\nextends: rummy-500\nname: Ours\nhand_limit: {max: 40}\n"
                             "scoring: {bonuses: {going_out: 10}}\n")
    assert run(capsys, "changes", "ours.yaml") == (
        0, ["Bonus: going out: 10 (was none)", "Hand limit: 40 (was none)"], [])


def test_changes_speaks_the_language_asked(here: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write(here, "ours.yaml", "id: ours\nextends: garbage\nname: Ours\nwilds: {ranks: [K]}\n")
    english = run(capsys, "changes", "ours.yaml")[1]
    for code in ("ru", "sv", "ro"):
        said = run(capsys, "--lang", code, "changes", "ours.yaml")[1]
        assert len(said) == len(english) == 1 and said != english, code


def test_a_file_with_problems_is_exit_2_with_lint_s_lines(here: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write(here, "ours.yaml", "id: ours\nextends: garbage\nname: Ours\ngame: {end: {layout_sise: 6}}\nwilds: 3\n")
    code, out, err = run(capsys, "changes", "ours.yaml")
    linted = run(capsys, "lint", "ours.yaml")
    assert (code, out) == (2, []) and linted[0] == 1 and err == linted[1] and len(err) == 2


def test_a_file_that_extends_nothing_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    shipped = Path(__file__).resolve().parent.parent / "rulesets" / "garbage.yaml"
    code, out, err = run(capsys, "changes", str(shipped))
    assert (code, err) == (0, []) and out == [(f"{shipped} extends no ruleset: it is a game of its own, "
                                              "with nothing to compare it to")]


@pytest.mark.parametrize("name", ["missing.yaml", "."])
def test_a_file_that_cannot_be_read_is_exit_2(here: Path, capsys: pytest.CaptureFixture[str], name: str) -> None:
    code, out, err = run(capsys, "changes", name)
    assert (code, out, len(err)) == (2, [], 1) and err[0].startswith(f"{name}: cannot read the file")


def test_a_base_beside_the_file_is_read_before_the_shipped_one(
        here: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # ours.yaml extends garbage-kings-wild, which the file beside it makes a variant of its own
    write(here, "garbage-kings-wild.yaml", "id: garbage-kings-wild\nextends: garbage\nname: K\n"
                                           "wilds: {ranks: [Q]}\n")
    write(here, "ours.yaml", "id: ours\nextends: garbage-kings-wild\nname: Ours\nwilds: {ranks: [K]}\n")
    assert run(capsys, "changes", "ours.yaml") == (0, ["Wild cards: kings (was queens)"], [])
    write(here, "garbage-kings-wild.yaml", "id: garbage-kings-wild\nextends: garbage\nname: K\nwildz: 1\n")
    code, out, err = run(capsys, "changes", "ours.yaml")
    assert (code, out) == (2, []) and err == [("garbage-kings-wild.yaml:4:1: wildz: \"wildz\" is not a field here; "
                                              'did you mean "wilds"?')]


def test_a_variant_of_a_file_beside_it(here: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write(here, "table.yaml", "id: table\nextends: garbage\nname: Table\nwilds: {ranks: [K]}\n")
    assert run(capsys, "new-variant", "table.yaml", "ours")[0] == 0
    text = (here / "ours.yaml").read_text(encoding="utf-8")
    assert "extends: table\n" in text and "# wilds:\n#   ranks: [K]\n" in text
    (here / "ours.yaml").write_text(uncommented(text, "wilds").replace("[K]", "[K, J]"), encoding="utf-8")
    assert run(capsys, "changes", "ours.yaml") == (0, ["Wild cards: jacks and kings (was kings)"], [])
    assert yamlread.read((here / "ours.yaml").read_bytes()).data["wilds"] == {"ranks": ["K", "J"]}
