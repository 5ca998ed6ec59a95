from __future__ import annotations

from pathlib import Path

import pytest

from referee.cli import main

ROOT = Path(__file__).resolve().parent.parent


def test_rulesets_lists_games_and_variants(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rulesets"]) == 0
    out = capsys.readouterr().out
    for rid in ("ten-pennies", "bing-rummy", "garbage", "garbage-kings-wild"):
        assert rid in out


def test_lint_shipped_rulesets_clean() -> None:
    assert main(["lint", *map(str, sorted((ROOT / "rulesets").glob("*.yaml")))]) == 0


def test_lint_reports_file_line_column(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "v.yaml"
    bad.write_text("format: 1\nid: v\nextends: ten-pennies\nname: V\nfamily: rummy\n"
                   'wilds: {ranks: ["11"]}\n')
    assert main(["lint", str(bad)]) == 1
    assert f"{bad}:6:17: wilds.ranks[0]: " in capsys.readouterr().out


def test_lint_variant_of_a_file_given_beside_it(tmp_path: Path) -> None:
    (tmp_path / "base.yaml").write_text("format: 1\nid: my-base\nfamily: rummy\nname: B\nmelds: {set: {min: 3}}\n")
    (tmp_path / "var.yaml").write_text("format: 1\nid: my-var\nextends: my-base\nfamily: rummy\nname: V\n")
    assert main(["lint", str(tmp_path / "var.yaml"), str(tmp_path / "base.yaml")]) == 0


def test_lint_unreadable_exits_2(tmp_path: Path) -> None:
    assert main(["lint", str(tmp_path / "missing.yaml")]) == 2


def test_check_explains(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "ten-pennies", "8H", "8S", "2C"]) == 0
    assert "2C stands for 8" in capsys.readouterr().out
    assert main(["check", "ten-pennies", "8H", "2S", "2C"]) == 1
    assert "at most 1 wild card" in capsys.readouterr().out


def test_bad_card_is_one_line_no_traceback(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "ten-pennies", "1H", "8S", "8D"]) == 1
    err = capsys.readouterr().err
    assert '"1H" (item 1) is not a card' in err and "Traceback" not in err


def test_score(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "ten-pennies", "ann=3H,KD,JK", "bob="]) == 0
    out = capsys.readouterr().out
    assert "65 points" in out and "3 pennies" in out
