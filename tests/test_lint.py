"""`referee lint`: problems at the author's own lines, as written, with exact lines and exit codes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from referee.cli import main


def lint(capsys: pytest.CaptureFixture[str], *files: Path) -> tuple[int, list[str], list[str]]:
    code = main(["lint", *map(str, files)])
    out, err = capsys.readouterr()
    return code, out.splitlines(), err.splitlines()


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_a_clean_file_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = write(tmp_path, "short.yaml", "format: 1\nid: short\nextends: garbage\nfamily: layout\n"
                                      "game: {end: {layout_size: null, deals: 10}, winner: smallest_layout}\n")
    assert lint(capsys, f) == (0, [f"{f}: no problems"], [])


def test_a_family_that_differs_from_the_base_is_the_one_problem(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = write(tmp_path, "v.yaml", "format: 1\nid: v\nextends: garbage\nfamily: rummy\nname: V\n")
    assert lint(capsys, f) == (1, [
        (f'{f}:4:9: family: "rummy" differs from the family of the base "garbage", "layout": '
        "a variant keeps its base's family")], [])


def test_files_that_extend_each_other_are_a_cycle(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    a = write(tmp_path, "a.yaml", "format: 1\nid: a\nextends: b\nfamily: rummy\nname: A\n")
    b = write(tmp_path, "b.yaml", "format: 1\nid: b\nfamily: rummy\nextends: a\nname: B\n")
    code, out, err = lint(capsys, a, b)
    assert (code, err) == (1, [])
    assert sorted(out) == [f"{a}:3:10: extends: the bases form a cycle: a -> b -> a",
                           f"{b}:4:10: extends: the bases form a cycle: b -> a -> b"]


@pytest.mark.parametrize(("text", "line"), [
    ("format: 1\nid: s\nfamily: rummy\nname: [x\nhand_size: 3\n",
     "5:10: the list opened with [ on line 4 is not closed with ], or two of its items lack a comma"),
    ('format: 1\nid: s\nname: "Unclosed\nfamily: rummy\n', ("3:7: this quoted text is never closed: "
     "end it with the same quote it starts with")),
    ("format: 1\nid: s\n\tfamily: rummy\n", "3:1: a tab: YAML indents with spaces only"),
    ("format: 1\nid: s\nname: a: b\n", ("3:8: a colon and a space inside a value start a mapping here: "
     "put the value in quotes")),
    # a key indented under one that has its value: its indentation, not quotes
    ("format: 1\nid: s\nname: S\n  summary: Ours.\n", ('4:3: "summary" is indented more than "name" on line 3, '
     'which has its value on that line: line "summary" up with "name" (column 1) to make it the next key')),
    ("format: 1\nid: s\nmelds:\n  set: {min: 3}\n   run: {min: 3}\n", ('5:4: "run" is indented more than "set" '
     'on line 4, which has its value on that line: line "run" up with "set" (column 3) to make it the next key')),
    ("format: 1\nid: s\nwilds:\n  ranks: [\"2\"]\n   max_per_meld: 1\n", ('5:4: "max_per_meld" is indented more '
     'than "ranks" on line 4, which has its value on that line: line "max_per_meld" up with "ranks" (column 3) '
     'to make it the next key')),
    # one space too few: between two levels, in line with no key
    ("format: 1\nid: s\nmelds:\n  set: {min: 3}\n run: {min: 3}\n", ('5:2: "run" starts in column 2, in line '
     'with no key above it: "set" on line 4 starts in column 3; the keys of one mapping start in the same column')),
    ("format: 1\nid: s\ngame:\n  end:\n    elimination: 101\n   winner: lowest_score\n", ('6:4: "winner" starts '
     'in column 4, in line with no key above it: "elimination" on line 5 starts in column 5; the keys of one '
     'mapping start in the same column')),
    # in a list item, the item's first key is the key above
    ("format: 1\nid: s\nrounds:\n  - hand_size: 6\n     name: A\n", ('5:6: "name" is indented more than '
     '"hand_size" on line 4, which has its value on that line: line "name" up with "hand_size" (column 5) to make '
     'it the next key')),
    # a list above: not a question of key columns, the general words stand
    ("format: 1\nid: s\nrounds:\n  - hand_size: 6\n   name: A\n", ("5:4: this line does not line up with the ones "
     "before it: check its indentation, and do not mix list items (-) with keys at one level")),
])
def test_yaml_that_cannot_be_read_is_a_sentence_and_exit_2(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, line: str) -> None:
    f = write(tmp_path, "s.yaml", text)
    assert lint(capsys, f) == (2, [], [f"{f}:{line}"])


def test_unreadable_yaml_beside_a_clean_file_is_still_exit_2(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = write(tmp_path, "bad.yaml", "a: [1\n")
    good = write(tmp_path, "good.yaml", "format: 1\nid: good\nextends: garbage\nfamily: layout\n")
    code, out, err = lint(capsys, bad, good)
    assert (code, out, len(err)) == (2, [f"{good}: no problems"], 1)


def test_rounds_patch_keys_are_shown_as_written(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = write(tmp_path, "r.yaml", "format: 1\nid: r\nextends: ten-pennies\nfamily: rummy\n"
                                  'rounds:\n  "3": {wilds: {ranks: ["11"]}}\n')
    assert lint(capsys, f) == (1, [
        f'{f}:6:25: rounds["3"].wilds.ranks[0]: "11" is not a rank: use one of A 2 3 4 5 6 7 8 9 10 J Q K JOKER'],
        [])


@pytest.mark.parametrize(("extra", "line"), [
    ("game: {winer: lowest_score}\n", '6:8: game.winer: "winer" is not a field here; did you mean "winner"?'),
    ("hand_sise: 10\n", '6:1: hand_sise: "hand_sise" is not a field here; did you mean "hand_size"?'),
    ("colour: red\n", '6:1: colour: "colour" is not a field here'),
])
def test_unknown_fields_get_the_closest_name(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], extra: str, line: str) -> None:
    f = write(tmp_path, "x.yaml", "format: 1\nid: x\nextends: ten-pennies\nfamily: rummy\nname: X\n" + extra)
    assert lint(capsys, f) == (1, [f"{f}:{line}"], [])


def test_an_unknown_base_gets_the_closest_id(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = write(tmp_path, "w.yaml", "format: 1\nid: w\nextends: ten-penies\nfamily: rummy\n")
    assert lint(capsys, f) == (1, [
        f'{f}:3:10: extends: the base ruleset "ten-penies" does not exist; did you mean "ten-pennies"?'], [])


def test_what_the_base_brings_is_placed_at_the_extends_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = write(tmp_path, "d.yaml", "format: 1\nid: d\nextends: garbage\nfamily: layout\n"
                                  'deck: {ranks: [A, "2", "3", "4", "5", "6", "7", "8", "9", "10", J]}\n')
    code, out, _ = lint(capsys, f)
    assert code == 1 and out == [
        f'{f}:3:10: dead_ranks[0]: the dead rank "Q" is not in the deck (inherited from "garbage")',
        f'{f}:3:10: dead_ranks[1]: the dead rank "K" is not in the deck (inherited from "garbage")']


def test_the_whole_hand_shown_at_once_needs_a_hand_size(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = """format: 1
id: show-all
name: Show all
family: rummy
players: {min: 2, max: 4}
deck: {jokers: 0, decks: 1}
melds:
  set: {min: 3}
  run: {min: 3}
going_out:
  final_discard: required
  whole_hand: true
"""
    code, out, _ = lint(capsys, write(tmp_path, "show-all.yaml", text))
    assert code == 1 and any("going_out.whole_hand" in line and "hand_size" in line for line in out), out
    code, out, _ = lint(capsys, write(tmp_path, "show-all.yaml", text.replace("melds:", "hand_size: 10\nmelds:")))
    assert code == 0, out


@pytest.mark.parametrize(("rounds", "at"), [
    ("rounds: [{hand_size: 7}, {hand_size: 8}]\n", None),                        # each round sizes its hand
    ("rounds: [{hand_size: 7}, {}]\n", "going_out.whole_hand"),                  # the second does not
    ("rounds: [{hand_size: 7}, {going_out: {whole_hand: true}}]\n", "rounds[1].going_out.whole_hand"),
])
def test_the_whole_hand_finding_stands_where_it_is_written(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                           rounds: str, at: str | None) -> None:
    text = ("format: 1\nid: by-round\nname: By round\nfamily: rummy\nplayers: {min: 2, max: 4}\n"
            "deck: {jokers: 0, decks: 1}\nmelds: {set: {min: 3}, run: {min: 3}}\n")
    text += "going_out: {whole_hand: true}\n" if at != "rounds[1].going_out.whole_hand" else ""
    code, out, _ = lint(capsys, write(tmp_path, "by-round.yaml", text + rounds))
    found = [line for line in out if "hand_size" in line]
    assert (code, bool(found)) == ((0, False) if at is None else (1, True)), out
    if at is not None:
        assert all(at in line for line in found) and len(found) == 1, out


def test_a_top_level_field_every_round_sets_again_is_a_finding(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    f = write(tmp_path, "tp.yaml", "format: 1\nid: tp-jokers\nextends: ten-pennies\nfamily: rummy\nname: TP\n"
                                   "wilds:\n  ranks: [\"2\", JOKER]\nhand_size: 10\n")
    assert lint(capsys, f) == (1, [(f"{f}:6:1: wilds: every round gives its own wilds (rounds 1-7), so the top-level "
                                   "one changes nothing: set it in the rounds that should have it")], [])
    fixed = write(tmp_path, "tp2.yaml", "format: 1\nid: tp-jokers-2\nextends: ten-pennies\nfamily: rummy\n"
                                        "name: TP\nrounds:\n  \"1\": {wilds: {ranks: [\"2\", JOKER]}}\n")
    assert lint(capsys, fixed) == (0, [f"{fixed}: no problems"], [])


# A misspelt key is one problem: its own message, naming the field meant. What it alone breaks
# (a mapping's count of fields, the field it misspells said to be missing, the forms a value
# may take) is not said again. (variant of, written, path and message of the one problem)
MISSPELT = [
    ("garbage", "game: {end: {layout_sise: 6}}\n", "game.end.layout_sise", 'did you mean "layout_size"?'),
    ("rummy-500", "game: {end: {targt: 300}}\n", "game.end.targt", 'did you mean "target"?'),
    ("rummy-500", "hand_limit: {mx: 75}\n", "hand_limit.mx", 'did you mean "max"?'),
    ("ten-pennies", "deck: {decks: {players_per_dek: 3}}\n", "deck.decks.players_per_dek",
     'did you mean "players_per_deck"?'),
    ("contract-rummy", 'rounds: {"2": {first_meld: {set: [3]}}}\n', 'rounds["2"].first_meld.set',
     'did you mean "sets"?'),
    ("rummy-500", "melds: {set: {mn: 3}}\n", "melds.set.mn", 'did you mean "min"?'),
    ("garbage", "wildz: {ranks: [K]}\n", "wildz", 'did you mean "wilds"?'),
]


@pytest.mark.parametrize("base, written, path, meant", MISSPELT)
def test_a_misspelt_key_is_one_problem_naming_the_field_meant(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], base: str, written: str, path: str, meant: str) -> None:
    f = write(tmp_path, "v.yaml", f"format: 1\nid: v\nextends: {base}\nname: V\n{written}")
    code, out, err = lint(capsys, f)
    assert (code, err, len(out)) == (1, [], 1), out
    assert out[0].startswith(f"{f}:5:") and f": {path}: " in out[0] and out[0].endswith(meant)


def test_a_misspelt_key_of_a_complete_ruleset_is_one_problem(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = write(tmp_path, "g.yaml", "format: 1\nid: g\nfamily: layout\nname: G\nlayout: {slots: [A, '2', '3']}\n"
                                  "game: {end: {layout_sise: 1}}\n")
    code, out, _ = lint(capsys, f)
    assert (code, out) == (1, [(f'{f}:6:14: game.end.layout_sise: "layout_sise" is not a field here; '
                                'did you mean "layout_size"?')])


def test_a_misspelt_key_beside_a_real_fault_keeps_the_fault(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Two ways to end the game, one misspelt: spelt as meant, two ways are still one too many.
    f = write(tmp_path, "v.yaml", "format: 1\nid: v\nextends: garbage\nname: V\n"
                                  "game: {end: {deals: 5, layout_sise: 6}}\n")
    code, out, _ = lint(capsys, f)
    assert code == 1 and [line.split(": ")[1] for line in out] == ["game.end", "game.end.layout_sise"], out
    assert "give only 1 of these fields" in out[0]


def test_an_unknown_key_like_no_field_keeps_the_missing_one(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = write(tmp_path, "v.yaml", "format: 1\nid: v\nextends: rummy-500\nname: V\nhand_limit: {zzzzz: 75}\n")
    code, out, _ = lint(capsys, f)
    assert code == 1 and sorted(line.split(": ", 2)[1:] for line in out) == [
        ["hand_limit.max", '"max" is required here'], ["hand_limit.zzzzz", '"zzzzz" is not a field here']]


def test_the_service_validates_a_misspelt_key_as_lint_does(client: Any) -> None:
    for base, written, path, meant in MISSPELT:
        r = client.post("/v1/rulesets/validate", data=f"format: 1\nid: v\nextends: {base}\nname: V\n{written}",
                        content_type="application/yaml")
        errors = r.get_json()["errors"]
        # the service names the resolved ruleset's paths (`rounds[1]`), lint the file's (`rounds["2"]`)
        assert r.status_code == 200 and [e["path"].split(".")[-1] for e in errors] == [path.split(".")[-1]], errors
        assert errors[0]["message"].endswith(meant) and errors[0]["code"] == "unknown_field"
