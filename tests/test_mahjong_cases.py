"""The Mahjong rules texts' worked examples (tests/cases/mahjong/, each row naming its source in
docs/games/riichi.md and docs/games/hong-kong.md), asked of the engine as `wins/check` and
`waits/check` answer them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from referee.loading.loader import default_library
from referee.scoring.wins import check_waits, check_win, read_win
from referee.values.errors import RefereeError

CASES = Path(__file__).resolve().parent / "cases" / "mahjong"
LIBRARY = default_library()
ROWS = [(path.name, row) for path in sorted(CASES.glob("*.yaml"))
        for row in yaml.safe_load(path.read_text(encoding="utf-8"))]


def _answer(row: dict[str, Any]) -> dict[str, Any]:
    ruleset = LIBRARY.get(row["ruleset"])
    assert ruleset.mahjong is not None
    waiting = row["check"] == "waits"
    try:
        ask = read_win(ruleset.mahjong, row["request"], waiting=waiting)
    except RefereeError as exc:
        return {"valid": False, "refused": [p.code for p in exc.problems]}
    return check_waits(ruleset, ask) if waiting else check_win(ruleset, ask)


def _shown(answer: dict[str, Any], expect: dict[str, Any]) -> dict[str, Any]:
    """The answer in the row's terms: only the fields the row states."""
    score = answer.get("score") or {}
    if "status" in expect:  # refused before it is judged: a 422 naming the field
        return {"status": 422 if "refused" in answer else 200, "codes": answer.get("refused", [])}
    shown: dict[str, Any] = {"valid": answer["valid"]}
    for field in expect:
        if field == "codes":
            shown["codes"] = answer.get("refused") or [v["code"] for v in answer.get("violations", [])]
        elif field == "patterns":
            values: dict[str, int] = {}
            for p in score.get("patterns", []):
                values[p["name"]] = values.get(p["name"], 0) + p["value"]
            shown["patterns"] = values
        elif field == "waits":
            shown["waits"] = {w["tile"]: w["scores"] for w in answer.get("waits", [])}
        elif field != "valid":
            shown[field] = score.get(field)
    return shown


@pytest.mark.parametrize(("name", "row"), ROWS, ids=[f"{n}:{i}" for i, (n, _) in enumerate(ROWS)])
def test_the_rules_texts_examples(name: str, row: dict[str, Any]) -> None:
    if row["ruleset"] not in LIBRARY:
        pytest.skip(f"{row['ruleset']} is not shipped yet")
    assert _shown(_answer(row), row["expect"]) == row["expect"], row["description"]
