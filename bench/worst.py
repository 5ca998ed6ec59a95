"""The planner's worst case, searched for as an attacker would: a hill-climb over hands.

    python bench/worst.py [--seconds 60] [--seed 1]

For each shipped rummy ruleset and round, start from random hands of the largest size its game
can produce (Ten Pennies: 11 dealt and ten buys of three cards, 41; Bing Rummy: 14 dealt and a
draw, 15, with up to six table melds), then change one card at a time, keeping a change when
the going-out check takes more search steps (the budget's count). Steps are the climb's measure
(the machine is noisy; steps are not); the time of the worst hand found is measured afterwards,
best of 3. Prints, per ruleset, the worst hand, its steps, its time, and whether it was answered
or refused (past the budget, about a quarter of a second: docs/engine.md, "The planner").
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from referee.checks.judge import judge_for
from referee.checks.plays import check_meld
from referee.checks.situation import situate
from referee.loading.loader import default_library
from referee.planner import Budget, check_going_out
from referee.rules.ruleset import Ruleset
from referee.values.cards import Card
from referee.values.errors import InvalidPlayError

SIZES = {"bing-rummy": 15}  # otherwise: hand_size + 10 buys of (1 + extra_cards)


def largest_hand(ruleset: Ruleset) -> int:
    assert ruleset.rummy is not None
    base = ruleset.rummy.base.hand_size or 14
    buying = ruleset.rummy.buying
    buys = buying.per_player * (1 + buying.extra_cards) if buying else 1
    return SIZES.get(ruleset.extends or ruleset.id, base + buys)


def states(ruleset: Ruleset, hand: Sequence[Card], table: Sequence[Sequence[Card]], rnd: int,
           done: bool, wild_rank: str | None) -> tuple[int, bool]:
    """Search steps the going-out check spends on this hand, and whether it answered."""
    budget = Budget()
    try:
        check_going_out(situate(ruleset, first_meld_done=done, round=rnd, budget=budget, wild_rank=wild_rank), hand, table)
    except InvalidPlayError:
        return budget.spent, False
    return budget.spent, True


def legal(ruleset: Ruleset, hand: Sequence[Card], table: Sequence[Sequence[Card]], decks: int) -> bool:
    counts = Counter([*hand, *(c for m in table for c in m)])
    return all(n <= ruleset.deck.copies(card, decks) for card, n in counts.items())


def random_table(rng: random.Random, ruleset: Ruleset, rnd: int, deck: list[Card],
                 wild_rank: str | None) -> list[list[Card]]:
    """Up to six legal melds: sets of one rank, runs of one suit, a wild card now and then."""
    order = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    table = []
    for _ in range(rng.randint(0, 6)):
        card = rng.choice([c for c in deck if c.suit])
        size = rng.randint(3, 5)
        if rng.random() < 0.5:
            cards = [Card(card.rank, rng.choice("CDHS")) for _ in range(size)]
        else:
            start = rng.randint(0, 13 - size)
            cards = [Card(r, card.suit) for r in order[start:start + size]]
        if rng.random() < 0.3:
            cards[rng.randrange(size)] = rng.choice(deck)
        if check_meld(situate(ruleset, round=rnd, first_meld_done=True, wild_rank=wild_rank), cards).valid:
            table.append(cards)
    return table


Found = tuple[int, bool, list[Card], list[list[Card]], bool, str | None]


def climb(ruleset: Ruleset, rnd: int, seconds: float, rng: random.Random) -> Found:
    """The hand (and table, first meld done or not, the deal's wild rank where the game
    chooses one) whose going-out check took the most steps."""
    assert ruleset.rummy is not None
    decks = ruleset.decks_in_play(None)
    deck = [c for c in ruleset.deck.cards() for _ in range(decks)]
    size = min(largest_hand(ruleset), len(deck) - 9)
    per_deal = ruleset.rummy.round(rnd).wilds.per_deal
    best: Found | None = None
    stop = time.monotonic() + seconds
    while time.monotonic() < stop:
        wild_rank = rng.choice(ruleset.deck.ranks) if per_deal else None
        judge = judge_for(ruleset, rnd, None, wild_rank=wild_rank)
        wild = judge.wild_ranks
        # Runs make tables worth attacking; sets-only games are attacked through wild cards.
        has_runs = judge.kinds.get("run") is not None
        hand = rng.sample(deck, size)
        if rng.random() < 0.5:  # many wild cards: the planner's hardest ingredient
            hand = [c for c in deck if c.rank in wild][:rng.randint(2, 12)] + hand
            hand = hand[:size]
        table = random_table(rng, ruleset, rnd, deck, wild_rank) if has_runs else []
        done = rng.random() < 0.5
        if not legal(ruleset, hand, table, decks):
            continue
        score, answered = states(ruleset, hand, table, rnd, done, wild_rank)
        for _ in range(60):
            if time.monotonic() > stop or not answered:
                break
            trial = list(hand)
            trial[rng.randrange(len(trial))] = rng.choice(deck)
            if not legal(ruleset, trial, table, decks):
                continue
            got, ok = states(ruleset, trial, table, rnd, done, wild_rank)
            if got > score or not ok:
                hand, score, answered = trial, got, ok
        if best is None or (score, not answered) > (best[0], not best[1]):
            best = (score, answered, hand, table, done, wild_rank)
    assert best is not None
    return best


def timed(ruleset: Ruleset, hand: list[Card], table: list[list[Card]], rnd: int, done: bool,
          wild_rank: str | None) -> float:
    times = []
    for _ in range(3):
        start = time.perf_counter()
        try:
            check_going_out(situate(ruleset, first_meld_done=done, round=rnd, wild_rank=wild_rank), hand, table)
        except InvalidPlayError:
            pass
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60.0, help="climbing time per ruleset")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    rummy = [r for r in sorted(default_library().all(), key=lambda r: r.id) if r.rummy is not None]
    worst_ms = 0.0
    refused = 0
    for ruleset in rummy:
        assert ruleset.rummy is not None
        rounds = range(1, max(1, len(ruleset.rummy.rounds)) + 1)
        per_round = args.seconds / len(rounds)
        found = [(rnd, *climb(ruleset, rnd, per_round, rng)) for rnd in rounds]
        rnd, score, answered, hand, table, done, wild_rank = max(found, key=lambda f: f[1])
        ms = timed(ruleset, hand, table, rnd, done, wild_rank) * 1000
        worst_ms = max(worst_ms, ms)
        refused += sum(1 for f in found if not f[2])
        print(f"{ruleset.id:32} round {rnd}: {len(hand)} cards, {len(table)} table melds, "
              f"first meld {'done' if done else 'not done'}"
              f"{f', {wild_rank} wild this deal' if wild_rank else ''}: {score:,} steps, {ms:.1f} ms, "
              f"{'answered' if answered else 'REFUSED'}")
        print(f"    {' '.join(map(str, hand))}" + (f" | table {[' '.join(map(str, m)) for m in table]}" if table else ""))
    print(f"worst going-out check found: {worst_ms:.1f} ms; hands refused: {refused}")


if __name__ == "__main__":
    main()
