"""Run the Riichi case tables through the Mahjong oracle and print each disagreement.

    python tests/mahjong_cases_check.py [FILE.yaml ...]

A script, not a test: the tables (tests/cases/mahjong/riichi-*.yaml) are written from the rules
texts (docs/games/riichi.md), and the oracle (tests/mahjong_oracle.py, the `mahjong` package
2.1.0 read in mahjong.md's shapes) is a second opinion on their arithmetic. Each row's ruleset
is read as the oracle's options (RULESETS); only what a row's `expect` states is compared. A
row refused before it is checked (`expect.status`, a 422) or whose code the oracle does not
know (`not_in_deck`, `unused_field`) is counted as not checked. A row with a `package` field
records a disagreement already read against the texts (docs/games/riichi.md, "Where programs
and texts differ"); it is still printed, marked known.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.mahjong_oracle import Options, oracle_waits, oracle_win

CASES = Path(__file__).parent / "cases" / "mahjong"

# The shipped reading and each variant proposed in docs/games/riichi.md, as the oracle's options.
RULESETS: dict[str, Options] = {
    "riichi": Options(),
    "riichi-no-open-tanyao": Options(open_tanyao=False),
    "riichi-no-red-fives": Options(red_fives=False),
    "riichi-kiriage": Options(kiriage_mangan=True),
    "riichi-double-yakuman": Options(double_yakuman=True),
    "riichi-counted-yakuman": Options(counted_yakuman="yakuman"),
    "riichi-no-pinfu-tsumo": Options(pinfu_tsumo_fu=True),
    "riichi-open-pinfu-20": Options(open_pinfu_30_fu=False),
}
UNCHECKED = {"not_in_deck", "unused_field"}


def answer(row: dict[str, Any]) -> dict[str, Any]:
    """The oracle's answer flattened to the shape of a row's `expect`."""
    options = RULESETS[row["ruleset"]]
    if row["check"] == "waits":
        got = oracle_waits(row["request"], options)
        flat: dict[str, Any] = {"valid": got["valid"]}
        flat["codes"] = [v["code"] for v in got["violations"]]
        flat["waits"] = {w["tile"]: w["scores"] for w in got["waits"]}
        return flat
    got = oracle_win(row["request"], options)
    flat = {"valid": got["valid"], "codes": [v["code"] for v in got["violations"]]}
    flat.update({k: v for k, v in (got["score"] or {}).items() if k != "fu_parts"})
    return flat


def differences(expect: dict[str, Any], got: dict[str, Any]) -> list[str]:
    out = []
    for key, want in expect.items():
        have = got.get(key)
        if key == "codes":
            want, have = sorted(want), sorted(have or [])
        if want != have:
            out.append(f"{key}: rows say {want!r}, the oracle says {have!r}")
    return out


def main(paths: list[str]) -> int:
    files = [Path(p) for p in paths] or sorted(CASES.glob("riichi-*.yaml"))
    agree = differ = unchecked = 0
    for path in files:
        for n, row in enumerate(yaml.safe_load(path.read_text()) or [], 1):
            expect = row["expect"]
            if "status" in expect or set(expect.get("codes", [])) & UNCHECKED:
                unchecked += 1
                continue
            found = differences(expect, answer(row))
            if not found:
                agree += 1
                continue
            differ += 1
            known = " (known: see the row's `package`)" if row.get("package") else ""
            print(f"{path.name} #{n} {row['description']}{known}")
            for line in found:
                print(f"    {line}")
    print(f"{agree} agree, {differ} differ, {unchecked} not checked")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
