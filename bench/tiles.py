"""Rummikub's best turn (`referee.tablesolve.best_turn`), timed on positions from simulated
games, and checked against an exact reference.

    python bench/tiles.py [--games 60] [--seed 20261201] [--no-ilp] [--brute 0] [--worst 10] [--ruleset remi]

Three players are dealt 14 tiles each; in turn each plays the best turn the solver finds (its
first meld once it can reach 30) or draws a tile. Every position a player meets is kept while
the table holds at most 40 tiles and the rack at most 20 (0-2 jokers, as the set has). Printed:
mean, median, p99 and worst milliseconds of `best_turn` after the first meld (goal: p99 under
20 ms) and for first melds apart, and of the going-out check on the same positions (a rack
that cannot go out by melds and lay-offs asks for a rebuild; goal: p99 under 20 ms), on the wall clock and in CPU time of the thread (on a loaded
machine the wall clock also counts the time other work holds the cores); then agreement with the reference, with the count of positions
compared: the integer programme of Den Hertog & Hulshof (2006) solved by HiGHS (`highspy`, a
bench tool only: `pip install highspy`; skipped when missing), timed on the same positions, and
the brute force over partitions on the positions small enough for it (`--brute N`: at most N).
`--worst N` prints the N slowest positions after the first meld, each timed again, with their
jokers, so that the slow tail can be looked at (and pasted into a test). `--ruleset` plays
another game of the same tiles (`remi`: its first meld of 45, a throw every turn, and the 1 that
may follow the 13), on the same simulated games.

Anchors: mjpieters/rummikub-solver (the same integer programme) reports a mean per move on
simulated three-player games of 2.8 ms with GLPK, 8.6 ms with CBC, 12 ms with HiGHS and 41 ms
with SCIP, first melds excluded.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from referee.checks.situation import situate
from referee.loading.loader import default_library
from referee.planner import check_going_out
from referee.rules.ruleset import Ruleset
from referee.tablesolve import best_turn
from referee.values.cards import JOKER, Card

Position = tuple[list[tuple[Card, ...]], tuple[Card, ...], bool]

MOST_TABLE, MOST_RACK = 40, 20


Timings = tuple[list[float], list[float]]  # wall-clock seconds, and CPU seconds of the thread


def simulate(ruleset: Ruleset, rng: random.Random, games: int) -> tuple[list[Position], Timings, Timings]:
    """The positions of `games` games, and the times of their best turns (later turns, first melds)."""
    positions: list[Position] = []
    later: Timings = ([], [])
    first: Timings = ([], [])
    for _ in range(games):
        pool = list(ruleset.deck.full(3))
        rng.shuffle(pool)
        racks = [[pool.pop() for _ in range(14)] for _ in range(3)]
        done = [False] * 3
        table: list[tuple[Card, ...]] = []
        player = 0
        while pool:
            rack = racks[player]
            size = sum(len(m) for m in table)
            if size > MOST_TABLE or len(rack) > MOST_RACK:
                break
            position = (list(table), tuple(rack), done[player])
            started, cpu = time.perf_counter(), time.thread_time()
            answer = best_turn(situate(ruleset, first_meld_done=done[player]), table, rack)
            wall, spent = (later if done[player] else first)
            wall.append(time.perf_counter() - started)
            spent.append(time.thread_time() - cpu)
            positions.append(position)
            if answer.played:
                table = [tuple(m) for m in answer.table]
                racks[player] = list(answer.left)
                done[player] = True
                if not answer.left:
                    break
            else:
                rack.append(pool.pop())
            player = (player + 1) % 3
    return positions, later, first


def spread(times: Sequence[float], goal: str = " (goal: p99 < 20 ms)") -> str:
    ordered = sorted(times)
    if not ordered:
        return "none"
    p99 = ordered[max(0, int(len(ordered) * 0.99) - 1)]
    return (f"mean {statistics.fmean(ordered) * 1e3:.2f} ms, median {statistics.median(ordered) * 1e3:.2f} ms, "
            f"p99 {p99 * 1e3:.2f} ms, max {ordered[-1] * 1e3:.1f} ms{goal}")


def solved(ruleset: Ruleset, position: Position) -> tuple[int, int]:
    table, rack, done = position
    answer = best_turn(situate(ruleset, first_meld_done=done), table, rack)
    return len(answer.played), answer.points


def worst(ruleset: Ruleset, positions: list[Position], times: Sequence[float], most: int) -> None:
    """The slowest positions after the first meld (CPU time), each timed again (the best of three)."""
    later = [p for p in positions if p[2]]
    print(f"the {min(most, len(later))} slowest positions after the first meld (CPU ms: in the run, best of 3 again):")
    for spent, position in sorted(zip(times, later, strict=True), key=lambda pair: -pair[0])[:most]:
        again = []
        for _ in range(3):
            cpu = time.thread_time()
            best_turn(situate(ruleset, first_meld_done=position[2]), position[0], position[1])
            again.append(time.thread_time() - cpu)
        table, rack, _ = position
        jokers = (sum(c.rank == JOKER for m in table for c in m), sum(c.rank == JOKER for c in rack))
        print(f"  {spent * 1e3:6.2f} {min(again) * 1e3:6.2f}  jokers on the table {jokers[0]}, in the rack {jokers[1]}; "
              f"table {' | '.join(' '.join(map(str, m)) for m in table)}; rack {' '.join(map(str, rack))}")


def going_out(ruleset: Ruleset, positions: list[Position]) -> None:
    """`check_going_out` on the same positions after the first meld: where the rack cannot go
    out by melds and lay-offs, it asks the best turn for a rebuild."""
    later = [p for p in positions if p[2]]
    wall: list[float] = []
    cpu: list[float] = []
    out = 0
    for table, rack, _ in later:
        started, spent = time.perf_counter(), time.thread_time()
        out += check_going_out(situate(ruleset, first_meld_done=True), rack, table).valid
        wall.append(time.perf_counter() - started)
        cpu.append(time.thread_time() - spent)
    print(f"going-out check, the same {len(later):,} positions ({out} go out):")
    print(f"  wall clock: {spread(wall)}")
    print(f"  CPU time of the thread: {spread(cpu, '')}")


def against_ilp(ruleset: Ruleset, positions: list[Position]) -> None:
    try:
        from tests.tilesolve_reference import IntegerProgramme
        programme = IntegerProgramme(ruleset)
    except ImportError:
        print("integer programme: highspy not installed (pip install highspy), comparison skipped")
        return
    differ = 0
    times: list[float] = []
    cpu: list[float] = []
    for position in positions:
        started, spent = time.perf_counter(), time.process_time()  # HiGHS may use more threads
        reference = programme.solve(*position)
        if position[2]:
            times.append(time.perf_counter() - started)
            cpu.append(time.process_time() - spent)
        if reference != solved(ruleset, position):
            differ += 1
            print(f"  differs: {position!r}: programme {reference}, solver {solved(ruleset, position)}")
    print(f"integer programme (HiGHS): {len(positions):,} positions compared, {differ} differ")
    print(f"  its own time after the first meld, on the same positions: wall clock {spread(times, '')}")
    print(f"  CPU time of the process: {spread(cpu, '')}")


def against_brute_force(ruleset: Ruleset, positions: list[Position], most: int) -> None:
    from tests.tilesolve_reference import brute_force

    small = [p for p in positions if (sum(len(m) for m in p[0]) if p[2] else 0) + len(p[1]) <= 14][:most]
    differ = sum(brute_force(ruleset, *p) != solved(ruleset, p) for p in small)
    print(f"brute force over partitions: {len(small):,} positions compared (at most 14 tiles), {differ} differ")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--seed", type=int, default=20261201, help="draws other games (p99 moves with them)")
    parser.add_argument("--no-ilp", action="store_true")
    parser.add_argument("--brute", type=int, default=50, help="the most positions the brute force checks")
    parser.add_argument("--worst", type=int, default=0, help="print this many of the slowest positions")
    parser.add_argument("--ruleset", default="rummikub", help="a game of tiles whose table may be rearranged")
    args = parser.parse_args()
    ruleset = default_library().get(args.ruleset)
    best_turn(situate(ruleset, first_meld_done=True), [], ())  # the tables the search derives once
    positions, later, first = simulate(ruleset, random.Random(args.seed), args.games)
    tables = [sum(len(m) for m in p[0]) for p in positions if p[2]]
    print(f"best turn, {len(later[0]):,} positions after the first meld from {args.games} three-player games "
          f"(tables up to {max(tables, default=0)} tiles, racks up to {max(len(p[1]) for p in positions)}):")
    print(f"  wall clock: {spread(later[0])}")
    print(f"  CPU time of the thread (what other work on the machine does not add): {spread(later[1], '')}")
    print(f"best first meld, {len(first[0]):,} positions: wall clock {spread(first[0], '')}")
    print(f"  CPU time: {spread(first[1], '')}")
    going_out(ruleset, positions)
    if args.worst:
        worst(ruleset, positions, later[1], args.worst)
    if not args.no_ilp:
        against_ilp(ruleset, positions)
    if args.brute:
        against_brute_force(ruleset, positions, args.brute)


if __name__ == "__main__":
    main()
