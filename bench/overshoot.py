"""What the search bound costs: each search endpoint's costliest bodies, asked of the app.

    python bench/overshoot.py [--seed 5] [--tries 3] [--json OUT]

Asks the service's own app (Flask's test client, a throwaway SQLite file) what a client may send
to each endpoint that searches, at the largest sizes it takes: each shipped rummy game stretched
to the schema's bounds (8 decks with 8 jokers, 12 players, hands of 60; without jokers where the
game gives them no value), hands dealt from those decks beside tables of legal melds, with few
or many wild cards; twelve hands to score; Rummikub tables of up to 60 tiles with racks of 14 to
40 and both jokers, for the best turn and the turn check. Each body is timed in CPU time of the
thread and the steps of its budget are read. Prints each endpoint's costliest body (CPU, status,
code, steps) and the worst of all: the goal is that no body costs more than about 250 ms, the
bound (`PLAN_BUDGET` steps) included. `--json OUT` writes each endpoint's costliest body and the
rulesets it needs; `bench/flood.py` finds them the same way.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

# bench/ holds http.py, which must not shadow the standard library's `http`: the checkout
# takes the script folder's place on the path.
sys.path[0] = str(Path(__file__).resolve().parent.parent)

from referee.checks.plays import check_meld
from referee.checks.situation import situate
from referee.loading.loader import default_library
from referee.planner import PLAN_BUDGET
from referee.rules.ruleset import Ruleset
from referee.values.cards import JOKER, Card

BIG = ("format: 1\nid: big-{base}\nextends: {base}\nfamily: rummy\nname: Big {base}\n"
       "players: {{min: 2, max: {players}}}\ndeck: {{{jokers}decks: 8}}\nhand_size: 60\n")
PLAYERS = 12
Body = dict[str, Any]
Asked = tuple[str, Body]  # a path under /v1/rulesets/, and a body


def stretched(library: Any) -> dict[str, tuple[str, Ruleset]]:
    """Each shipped rummy game at the schema's bounds (not the tile games: their set is fixed):
    its uploaded id -> (its YAML, its ruleset)."""
    out = {}
    for ruleset in sorted(default_library().all(), key=lambda r: r.id):
        if ruleset.rummy is None or ruleset.rummy.rearrange:
            continue
        for jokers, players in (("jokers: 8, ", PLAYERS), ("", PLAYERS), ("", 2)):  # a knock is for two
            text = BIG.format(base=ruleset.id, jokers=jokers, players=players)
            try:
                out[f"big-{ruleset.id}"] = (text, library.load(text)[0])
                break
            except ValueError:
                continue
    return out


def texts(cards: Any) -> list[str]:
    return [str(c) for c in cards]


def dealt(rng: random.Random, ruleset: Ruleset, wilds: int, wild_rank: str | None = None) -> list[Card]:
    """The decks in play for twelve, shuffled, with `wilds` wild cards first (as many as there are)."""
    pool = list(ruleset.deck.full(ruleset.decks_in_play(PLAYERS)))
    rng.shuffle(pool)
    assert ruleset.rummy is not None
    wild_ranks = ruleset.rummy.round(1).wilds.ranks | {wild_rank}
    wild = [c for c in pool if c.rank in wild_ranks][:wilds]
    taken = set(map(id, wild))
    return wild + [c for c in pool if id(c) not in taken]


def melds_from(rng: random.Random, ruleset: Ruleset, pool: list[Card], most: int,
               wild_rank: str | None = None) -> list[list[Card]]:
    """Up to `most` legal melds taken from the front of `pool` (sets of one rank, runs of one suit)."""
    order = list(ruleset.deck.ranks)
    found: list[list[Card]] = []
    for _ in range(most * 6):
        if len(found) == most:
            break
        card = rng.choice([c for c in pool[:200] if c.suit])
        size = rng.randint(3, 5)
        if rng.random() < 0.5:
            wanted = [Card(card.rank, rng.choice(ruleset.deck.suits)) for _ in range(size)]
        else:
            start = rng.randint(0, max(0, len(order) - size))
            wanted = [Card(r, card.suit) for r in order[start:start + size]]
        if all(wanted.count(c) <= pool.count(c) for c in wanted) and check_meld(situate(ruleset, round=1, players=PLAYERS, first_meld_done=True, wild_rank=wild_rank), wanted).valid:
            for c in wanted:
                pool.remove(c)
            found.append(wanted)
    return found


def card_bodies(rng: random.Random, rid: str, ruleset: Ruleset) -> Iterator[tuple[str, Asked]]:
    """(endpoint, what is asked) for the card games' searches."""
    assert ruleset.rummy is not None
    rounds = max(1, len(ruleset.rummy.rounds))
    per_deal = ruleset.rummy.round(1).wilds.per_deal
    players = min(PLAYERS, ruleset.players_max)
    for wilds in (0, 4, 16):
        wild_rank = "5" if per_deal else None
        pool = dealt(rng, ruleset, wilds, wild_rank)
        hand, rest = pool[:60], pool[60:]
        table = melds_from(rng, ruleset, rest, rng.choice([0, 8, 40]), wild_rank)
        number = rng.randint(1, rounds)
        common: Body = {"round": number, "players": players}
        held = ruleset.rummy.round(number).hand_size or 60  # where the round deals a size, hands of it
        held = min(held, len(pool) // players)
        deal: Body = {"wild_rank": wild_rank} if wild_rank else {}
        done = rng.random() < 0.5 or bool(table and ruleset.teams)  # a side with melds down has melded
        phase: Body = {"phase": 1} if ruleset.rummy.per_player else {}  # a contract of each player's own
        teams = {"teams": [[f"p{k}", f"p{k + 1}"] for k in range(0, players, 2)]} if ruleset.teams else {}
        yield "going-out/check", (f"{rid}/going-out/check", {
            **common, **deal, **(phase if not done else {}), "hand": texts(hand), "table": [texts(m) for m in table],
            "first_meld_done": done})
        # the longest melds a body holds (200 cards), their wild cards first: each judged whole
        chunks = [pool[:200], pool[200:400]] if wilds else [hand[i:i + 10] for i in range(0, 60, 10)] + table[:24]
        yield "first-meld/check", (f"{rid}/first-meld/check", {
            **common, **deal, **phase, "melds": [texts(m) for m in chunks], "hand": texts(pool[400:460])})
        yield "lay-offs/check", (f"{rid}/lay-offs/check", {
            **common, **deal, "meld": texts(table[0] if table else hand[:3]), "cards": texts(pool[:200]),
            "hand": texts(pool[200:260]), "first_meld_done": True})
        yield "scores", (f"{rid}/scores", {
            **common, **deal, **teams, **({"went_out": "p0"} if ruleset.scoring.knock else {}),
            "hands": {f"p{k}": texts(pool[k * held:(k + 1) * held]) for k in range(players)}})
        if ruleset.rummy.pile is not None:
            yield "pile/check", (f"{rid}/pile/check", {
                **common, "hand": texts(hand), "top": str(rest[0]), "table": [texts(m) for m in table],
                "first_meld_done": done, "frozen": rng.random() < 0.3})


def _runs(colour: str, first: int, last: int) -> list[str]:
    return [f"{n}{colour}" for n in range(first, last + 1)]


# The largest table the search takes, and a rack of 35 with both jokers free to join it.
LARGEST = ([_runs(c, 1, 13) for c in "KBOR"] + [_runs("K", 1, 4), _runs("B", 1, 4)],
           _runs("O", 1, 13) + _runs("R", 1, 13) + _runs("K", 5, 11) + ["JK", "JK"])


def tile_bodies(rng: random.Random, rummikub: Ruleset) -> Iterator[tuple[str, Asked]]:
    """(endpoint, what is asked) for the best turn and the turn check, on Rummikub's tiles."""
    positions = [(LARGEST[0], LARGEST[1])]
    for size, rack in ((60, 35), (60, 40), (60, 14), (40, 40), (20, 40)):
        pool = dealt(rng, rummikub, 0)
        jokers = [c for c in pool if c.rank == JOKER]
        naturals = [c for c in pool if c.rank != JOKER]
        table: list[list[Card]] = []
        while sum(map(len, table)) < size - 5:
            got = melds_from(rng, rummikub, naturals, 1)
            if not got:
                break
            table += got
        positions.append(([texts(m) for m in table], texts(naturals[:rack - 2] + jokers)))
    for table, hand in positions:
        for done in (True, False):
            yield "turns/best", ("rummikub/turns/best", {"table": table, "hand": hand, "first_meld_done": done})
        after = [*table, *(hand[i:i + 3] for i in range(0, len(hand), 3))]
        yield "turns/check", ("rummikub/turns/check", {"before": table, "after": after, "hand": hand})


class Asker:
    """The service's app on a throwaway SQLite file, the stretched rulesets uploaded; each ask
    timed in CPU time of the thread, with the steps its budget spent."""

    def __init__(self, uploads: list[str]) -> None:
        import api
        from api import create_app

        self._dir = tempfile.mkdtemp(prefix="overshoot-")
        self.app = create_app({"DATABASE_URL": f"sqlite:///{self._dir}/referee.db"})
        self.client = self.app.test_client()
        self.budgets: list[Any] = []
        opened = api.open_budget

        def recorded(*args: Any) -> Any:
            budget = opened(*args)
            self.budgets.append(budget)
            return budget
        api.open_budget = recorded  # type: ignore[attr-defined]
        for text in uploads:
            r = self.client.post("/v1/rulesets", data=text, content_type="application/yaml")
            assert r.status_code == 201, r.get_json()

    def ask(self, asked: Asked) -> tuple[float, int, str, int]:
        """CPU seconds, status, the first error's code (or `valid`/`invalid`), steps spent."""
        path, body = asked
        self.budgets.clear()
        started = time.thread_time()
        r = self.client.post(f"/v1/rulesets/{path}", json=body)
        cpu = time.thread_time() - started
        answer = r.get_json() or {}
        said = (answer.get("errors") or [{}])[0].get("code", "") if r.status_code != 200 else \
            ("valid" if answer.get("valid", True) else "invalid")
        steps = self.budgets[-1].spent if self.budgets else 0
        return cpu, r.status_code, f"{r.status_code} {said}", steps

    def close(self) -> None:
        self.app.extensions["referee.store"].engine.dispose()
        shutil.rmtree(self._dir, ignore_errors=True)


Found = dict[str, tuple[float, str, int, Asked]]  # endpoint -> (CPU, what was said, steps, asked)


def costliest(seed: int, tries: int, say: Callable[[str], None] = lambda line: None) -> tuple[Found, list[str]]:
    """Each search endpoint's costliest body of those tried, and the YAML of the rulesets they need."""
    rng = random.Random(seed)
    library = default_library().copy()
    games = stretched(library)
    asker = Asker([text for text, _ in games.values()])
    found: Found = {}
    try:
        def tried(bodies: Iterator[tuple[str, Asked]]) -> None:
            for endpoint, asked in bodies:
                cpu, _, said, steps = asker.ask(asked)
                say(f"{cpu * 1e3:8.1f} ms  {steps:7,} steps  {said:28} {asked[0]}")
                if endpoint not in found or cpu > found[endpoint][0]:
                    found[endpoint] = (cpu, said, steps, asked)

        for _ in range(tries):
            for rid, (_, ruleset) in games.items():
                tried(card_bodies(rng, rid, ruleset))
            tried(tile_bodies(rng, default_library().get("rummikub")))
    finally:
        asker.close()
    needed = {asked[0].split("/")[0] for *_, asked in found.values()}
    return found, [text for rid, (text, _) in games.items() if rid in needed]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--tries", type=int, default=3, help="rounds of bodies for every game")
    parser.add_argument("--json", type=Path, help="write each endpoint's costliest body here")
    parser.add_argument("--quiet", action="store_true", help="print the costliest bodies only")
    args = parser.parse_args()
    found, uploads = costliest(args.seed, args.tries, (lambda line: None) if args.quiet else print)
    print(f"each search endpoint's costliest body (bound: {PLAN_BUDGET:,} steps):")
    for endpoint, (cpu, said, steps, asked) in sorted(found.items(), key=lambda item: -item[1][0]):
        print(f"  {endpoint:18} {cpu * 1e3:8.1f} ms CPU  {steps:7,} steps  {said:28} {asked[0]}")
    worst = max(found.values(), key=lambda f: f[0])
    print(f"worst: {worst[0] * 1e3:.1f} ms CPU ({worst[3][0]}; goal: at most about 250 ms)")
    if args.json:
        args.json.write_text(json.dumps({"rulesets": uploads, "bodies": {
            endpoint: {"path": asked[0], "body": asked[1], "cpu_ms": round(cpu * 1e3, 1), "said": said}
            for endpoint, (cpu, said, _, asked) in found.items()}}, indent=1))


if __name__ == "__main__":
    main()
