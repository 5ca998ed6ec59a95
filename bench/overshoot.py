"""How far past its CPU bound the planner goes, on the largest legal tables and hands.

    python bench/overshoot.py [--seed 5] [--hands 6]

Each shipped rummy game is extended to the schema's bounds (8 decks of 8 jokers, 12 players,
hands of 60) and asked whether random hands (with 0 to 64 jokers, and in Indian Rummy many
cards of the wild rank) can go out, in random rounds, before and after the first meld. Prints
each check's CPU time (`time.thread_time`) and verdict, then the worst: a refusal should come
within a little of `PLAN_SECONDS`.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

# bench/ holds http.py, which must not shadow the standard library's `http`: the checkout
# takes the script folder's place on the path.
sys.path[0] = str(Path(__file__).resolve().parent.parent)

from referee.cards import parse_cards
from referee.errors import RefereeError
from referee.loader import default_library
from referee.planner import PLAN_SECONDS, check_going_out

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
BASES = ["kalooki", "rummy-500", "indian-rummy", "ten-pennies", "contract-rummy"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--hands", type=int, default=6, help="hands per game")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    library = default_library().copy()
    worst: list[tuple[float, str]] = []
    for base in BASES:
        ruleset = library.load(f"format: 1\nid: big-{base}\nextends: {base}\nfamily: rummy\nname: X\n"
                               "players: {min: 2, max: 12}\ndeck: {jokers: 8, decks: 8}\nhand_size: 60\n")[0]
        assert ruleset.rummy is not None
        rounds = len(ruleset.rummy.rounds) or 1
        wild_rank = "5" if base == "indian-rummy" else None
        size = 61 if ruleset.rummy.round(1).whole_hand else 60
        for _ in range(args.hands):
            jokers = rng.choice([0, 4, 8, 16, 32, 64])
            fives = rng.choice([0, 8, 24]) if wild_rank else 0
            hand = (["JK"] * jokers + [f"5{rng.choice('CDHS')}" for _ in range(fives)]
                    + [rng.choice(RANKS) + rng.choice("CDHS") for _ in range(size)])[:size]
            rnd, done = rng.randint(1, rounds), rng.random() < 0.5
            started = time.thread_time()
            try:
                verdict = check_going_out(ruleset, parse_cards(hand), [], done, rnd, 12, wild_rank=wild_rank)
                said = "valid" if verdict.valid else verdict.violations[0].code
            except RefereeError as error:
                said = error.problems[0].code
            cpu = time.thread_time() - started
            line = f"{base:15} jokers {jokers:2} round {rnd} first meld done {done!s:5} {cpu:6.3f} s CPU  {said}"
            print(line, flush=True)
            worst.append((cpu, line))
    cpu, line = max(worst)
    print(f"worst: {cpu:.3f} s CPU, {cpu - PLAN_SECONDS:+.3f} s past the {PLAN_SECONDS} s bound ({line.split()[0]})")


if __name__ == "__main__":
    main()
