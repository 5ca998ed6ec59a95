"""Riichi scoring speed and agreement: a `wins/check` and a `waits/check` callable timed side by
side with the oracle (the `mahjong` package, tests/mahjong_oracle.py) on the same hands.

    python bench/mahjong.py [--hands 2000] [--waits 300] [--seed 36]
                            [--wins MODULE:CALLABLE] [--waits-check MODULE:CALLABLE]

The hands are tests/mahjong_hands.py's seeded samples: legal winning hands weighted to meet every
pattern of mahjong.md's list, and tenpai hands (a winning hand less its winning tile). Each
callable takes a request dict and answers as `POST /rulesets/riichi/wins/check` (or
`waits/check`) would. Each hand is asked of both in turn, so that both meet the same load.
Printed for each: mean, median and p99 microseconds a hand and hands a second, the ratio of
the means (the callable's over the oracle's), and how many answers agree with the oracle's
(validity and codes, han, fu, limit, patterns, dora, points; waits and whether each scores),
with the first few that do not.

The default callables are the engine's, on the shipped `riichi`; `--wins
tests.mahjong_oracle:oracle_win` times the package against itself.
"""

from __future__ import annotations

import argparse
import importlib
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

# This file's own folder leaves the path: run as a script, it would stand for the package it is
# named after.
HERE = Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != HERE]
sys.path.insert(0, str(HERE.parent))

from referee.loading.loader import default_library
from referee.scoring.wins import waits_answer, win_answer
from tests.mahjong_hands import sample_hands, sample_tenpai
from tests.mahjong_oracle import differences, oracle_waits, oracle_win

Check = Callable[[dict[str, Any]], dict[str, Any]]
ORACLE_WINS = "tests.mahjong_oracle:oracle_win"
ORACLE_WAITS = "tests.mahjong_oracle:oracle_waits"
ENGINE_WINS = "bench.mahjong:engine_win"
ENGINE_WAITS = "bench.mahjong:engine_waits"


RIICHI = default_library().get("riichi")  # read once, as the service reads it at start


def engine_win(request: dict[str, Any]) -> dict[str, Any]:
    """The engine's `wins/check` of the shipped `riichi`."""
    return win_answer(RIICHI, request)


def engine_waits(request: dict[str, Any]) -> dict[str, Any]:
    return waits_answer(RIICHI, {k: v for k, v in request.items() if k != "win"})


def load(path: str) -> Check:
    """The callable at `module:name`."""
    module, _, name = path.partition(":")
    check: Check = getattr(importlib.import_module(module), name)
    return check


def timed(check: Check, request: dict[str, Any]) -> tuple[dict[str, Any], float]:
    started = time.perf_counter()
    answer = check(request)
    return answer, time.perf_counter() - started


def wait_differences(expected: dict[str, Any], answer: dict[str, Any]) -> list[str]:
    mine = (expected["valid"], [(w["tile"], w["scores"]) for w in expected["waits"]])
    theirs = (answer.get("valid"), [(w["tile"], w["scores"]) for w in answer.get("waits", [])])
    return [] if mine == theirs else [f"{mine!r} != {theirs!r}"]


def compare(
    title: str,
    requests: list[dict[str, Any]],
    checks: tuple[Check, Check],
    differ: Callable[[dict[str, Any], dict[str, Any]], list[str]],
) -> None:
    """Times the oracle and the callable on each request in turn, and prints both."""
    oracle, other = checks
    times: tuple[list[float], list[float]] = ([], [])
    disagree: list[tuple[dict[str, Any], list[str]]] = []
    for request in requests:
        expected, spent = timed(oracle, request)
        times[0].append(spent)
        answer, spent = timed(other, request)
        times[1].append(spent)
        diffs = differ(expected, answer)
        if diffs:
            disagree.append((request, diffs))
    print(f"\n{title}: {len(requests)} hands")
    for name, each in zip(("oracle", "checked"), times, strict=True):
        ordered = sorted(each)
        p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
        print(
            f"  {name:8} mean {statistics.fmean(each) * 1e6:8.0f} us  median "
            f"{statistics.median(each) * 1e6:8.0f} us  p99 {p99 * 1e6:8.0f} us  "
            f"{len(each) / sum(each):8.0f} hands/s"
        )
    ratio = statistics.fmean(times[1]) / statistics.fmean(times[0])
    print(f"  ratio (checked / oracle): {ratio:.2f}")
    print(f"  agree: {len(requests) - len(disagree)} of {len(requests)}")
    for request, diffs in disagree[:5]:
        print(f"    {request}\n      {'; '.join(diffs)}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=2000, help="winning hands")
    parser.add_argument("--waits", type=int, default=300, help="tenpai hands")
    parser.add_argument("--seed", type=int, default=36)
    parser.add_argument("--wins", default=ENGINE_WINS, help="the wins/check callable (default: the engine's)")
    parser.add_argument("--waits-check", default=ENGINE_WAITS, help="the waits/check callable (default: the engine's)")
    args = parser.parse_args(argv)
    if args.wins == ORACLE_WINS and args.waits_check == ORACLE_WAITS:
        print("No engine given: the package is timed against itself (pass --wins, --waits-check).")
    compare(
        "wins/check",
        sample_hands(args.hands, args.seed),
        (oracle_win, load(args.wins)),
        differences,
    )
    compare(
        "waits/check",
        sample_tenpai(args.waits, args.seed),
        (oracle_waits, load(args.waits_check)),
        wait_differences,
    )


if __name__ == "__main__":
    main()
