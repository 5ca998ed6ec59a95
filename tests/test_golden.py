from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

import pytest

from tests import golden
from tests.conftest import read_yaml


@pytest.fixture(scope="module")
def service() -> Any:
    s = golden.Service()
    yield s
    s.close()


def test_every_case_row_is_asked_once() -> None:
    rows = [(p.name, row) for p in sorted(golden.CASES.glob("*.yaml"))
            for row in read_yaml(p)]
    asked = list(golden.case_requests())
    assert len(asked) == len(rows) > 300
    assert len({rid for rid, _, _ in asked}) == len(asked)
    for (name, row), (rid, path, body) in zip(rows, asked, strict=True):
        assert rid == f"cases/{name} {row['description']}"
        assert path.startswith(f"{row['ruleset']}/")
        assert all(value is not None for value in body.values())


@pytest.mark.parametrize(("text", "path"), [
    ("ten-pennies/melds/check", "ten-pennies/melds/check"),
    ("/v1/rulesets/garbage/placements/check", "garbage/placements/check"),
    ("bing-rummy/scores", "bing-rummy/scores"),
    ("/v1/games", None),
    ("ten-pennies/melds/check?lang=ru", None),
])
def test_table_paths(text: str, path: str | None) -> None:
    match = golden._PATH.match(text)
    assert (match.group(1) if match else None) == path


def test_random_hands_ask_every_shipped_ruleset_every_check(service: Any) -> None:
    asked = list(golden.random_requests(service, 1, 7))
    listed = {r["id"] for r in service.get("/rulesets")["rulesets"] if r["builtin"]}
    assert {path.split("/")[0] for _, path, _ in asked} == listed
    checks = {(path.split("/")[0], path.split("/", 1)[1]) for _, path, _ in asked}
    for check in ("melds/check", "first-meld/check", "lay-offs/check", "going-out/check", "scores"):
        assert ("kalooki", check) in checks
    assert ("bing-rummy", "hands/check") in checks and ("kalooki", "hands/check") not in checks
    assert ("garbage", "placements/check") in checks
    assert len({rid for rid, _, _ in asked}) == len(asked)


def test_random_hands_depend_on_the_seed_alone(service: Any) -> None:
    first = list(golden.random_requests(service, 2, 7))
    assert first == list(golden.random_requests(service, 2, 7))
    assert first != list(golden.random_requests(service, 2, 8))
    # A hand's request does not depend on how many hands are drawn for each round.
    assert set(map(str, golden.random_requests(service, 1, 7))) < set(map(str, first))


def _rewrite(source: Path, target: Path, change: Any) -> None:
    document = golden.load(source)
    change(document["records"])
    with gzip.open(target, "wt", encoding="utf-8") as f:
        json.dump(document, f)


def test_dump_is_byte_identical_and_compare_finds_what_moved(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    a, b, c = tmp_path / "a.json.gz", tmp_path / "b.json.gz", tmp_path / "c.json.gz"
    count, too_large = golden.dump(a, 0, 7, tables=False)
    assert golden.dump(b, 0, 7, tables=False) == (count, too_large)
    assert a.read_bytes() == b.read_bytes()
    assert golden.compare(a, b) == 0
    assert "identical" in capsys.readouterr().out

    def alter(records: list[dict[str, Any]]) -> None:
        records[5]["answer"]["body"]["valid"] = not records[5]["answer"]["body"]["valid"]

    _rewrite(a, c, alter)
    assert golden.compare(a, c) == 1
    out = capsys.readouterr().out
    assert f"changed: {golden.load(a)['records'][5]['id']}" in out and "1 of" in out

    _rewrite(a, c, lambda records: records.pop())
    assert golden.compare(a, c) == 1
    assert "1 missing" in capsys.readouterr().out
    assert golden.compare(c, a) == 0  # a question only the new dump asks moved no answer
    assert golden.compare(c, a, strict=True) == 1
