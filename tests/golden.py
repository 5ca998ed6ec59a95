"""The golden dump: the JSON answer of every check, to prove that a change of the engine's shape
moved no answer (docs/engine.md says what it asks, and how).

    python -m tests.golden dump OUT.json.gz [--hands 10000 | --per-unit K] [--seed N] [--no-tables]
    python -m tests.golden dump NEW.json.gz --like OLD.json.gz
    python -m tests.golden compare OLD.json.gz NEW.json.gz [--strict]

Each record is a request and the whole answer a client gets, asked in English of the service's
own app through Flask's test client: the HTTP contract is what may not move, and it stays put
while the modules behind it are cut and renamed.
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import re
import shutil
import sys
import tempfile
import time
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
CASES = ROOT / "tests" / "cases"
FORMAT = 1
SHOWN = 20
Request = tuple[str, str, dict[str, Any]]  # record id, path under /v1/rulesets/, body

# ---------------------------------------------------------------- asking the service


class Service:
    """The service's app on a throwaway SQLite file, with the tests' own variants stored."""

    def __init__(self, variants: Iterable[str] = ()) -> None:
        from api import create_app

        self._dir = tempfile.mkdtemp(prefix="golden-")
        url = f"sqlite:///{self._dir}/referee.db"
        self.app = create_app({"TESTING": True, "DATABASE_URL": url})
        self.client = self.app.test_client()
        for text in variants:
            r = self.client.post("/v1/rulesets", data=text, content_type="application/yaml")
            if r.status_code != 201:
                raise SystemExit(f"a test variant was refused ({r.status_code}): "
                                 f"{r.get_data(as_text=True)}")

    def get(self, path: str) -> Any:
        return self.client.get(f"/v1{path}", headers={"Accept-Language": "en"}).get_json()

    def ask(self, rid: str, path: str, body: dict[str, Any]) -> dict[str, Any]:
        r = self.client.post(f"/v1/rulesets/{path}", json=body, headers={"Accept-Language": "en"})
        answer = {"status": r.status_code, "type": r.content_type, "body": r.get_json(silent=True)}
        return {"id": rid, "request": {"path": path, "body": body}, "answer": answer}

    def close(self) -> None:
        self.app.extensions["referee.store"].engine.dispose()
        shutil.rmtree(self._dir, ignore_errors=True)


# ---------------------------------------------------------------- the case tables

_FIELDS = {  # a case's check: the path, and the request fields with the tests' defaults
    "meld": ("melds/check", {"cards": None, "first_meld_done": False, "hand": None, "score": None}),
    "first-meld": ("first-meld/check", {"melds": None, "hand": [], "score": 0}),
    "lay-off": ("lay-offs/check", {"meld": None, "cards": None, "first_meld_done": True,
                                   "others_meld": False, "hand": None, "score": None}),
    "going-out": ("going-out/check", {"hand": None, "table": [], "first_meld_done": True, "score": None,
                                      "foot_taken": None, "morto_taken": None}),
    "pile": ("pile/check", {"top": None, "hand": None, "frozen": False, "first_meld_done": True, "score": 0,
                            "table": [], "pile_size": None}),
    "hand": ("hands/check", {"hand": None, "score": 0, "first_meld_done": True}),
    "placement": ("placements/check", {"layout": None, "card": None}),
    "turn": ("turns/check", {"before": None, "after": None, "hand": None, "first_meld_done": True}),
    "best": ("turns/best", {"table": None, "hand": None, "first_meld_done": True}),
    "scores": ("scores", {"hands": None, "went_out": None, "melded": None, "red_threes": None,
                          "concealed": None, "teams": None, "morto_taken": None}),
}
_COMMON = {"round": 1, "players": None, "wild_rank": None}


def case_requests() -> Iterator[Request]:
    """Every row of tests/cases/*.yaml as the request the service is asked, read as the tests
    read it (tests/test_plays.py, test_melds.py): a row's `check`, or `play` for a meld."""
    from tests.conftest import read_yaml

    for path in sorted(CASES.glob("*.yaml")):
        rows = read_yaml(path) or []
        for row in rows:
            check = row.get("check", "meld")
            if check == "meld" and "play" in row:
                row = {**row, "cards": row["play"]}
            endpoint, fields = _FIELDS[check]
            body = {}
            for key, default in {**_COMMON, **fields}.items():
                value = row.get(key, default)
                if value is not None and not (check == "placement" and key == "round"):
                    body[key] = str(value) if key == "wild_rank" else value
            yield f"cases/{path.name} {row['description']}", f"{row['ruleset']}/{endpoint}", body


_PATH = re.compile(r"^(?:/v1/rulesets/)?([a-z0-9-]+/(?:[a-z-]+/check|scores|turns/best))$")  # pile/check too


class _Tables:
    """A pytest plugin that keeps, of every collected test, the check request its parameters
    name `path` (under /v1/rulesets/) and `body` (tests/test_api_checks.py's tables). Tables
    of other shapes, which name the path in the test's code or ask the engine directly, are
    not read: their tests, and the random hands, cover those questions."""

    def __init__(self) -> None:
        self.found: list[Request] = []

    def pytest_collection_modifyitems(self, items: list[Any]) -> None:
        for item in items:
            params = getattr(getattr(item, "callspec", None), "params", {})
            path, body = params.get("path"), params.get("body")
            match = _PATH.match(path) if isinstance(path, str) else None
            if match and isinstance(body, dict):  # named by content: rows may be inserted
                test = item.nodeid.split("[")[0]
                text = json.dumps(body, sort_keys=True, ensure_ascii=False)
                self.found.append((f"tables/{test} {match.group(1)} {text}", match.group(1), body))


def table_requests() -> list[Request]:
    """The check requests of the tests' parametrize tables, found by collecting tests/."""
    import contextlib
    import io

    import pytest

    tables = _Tables()
    with contextlib.redirect_stdout(io.StringIO()):
        code = pytest.main(["--collect-only", "-q", "-p", "no:cacheprovider", str(ROOT / "tests")],
                           plugins=[tables])
    if code != 0:
        raise SystemExit(f"collecting the tests failed (pytest exit {code})")
    return sorted({r[0]: r for r in tables.found}.values(), key=lambda r: r[0])


def variants_for_tests() -> list[str]:
    """The rulesets that exist only for the tests (tests/conftest.py), which the tables name."""
    from tests.conftest import TEST_VARIANTS

    return list(TEST_VARIANTS)


# ---------------------------------------------------------------- seeded random hands

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
SUITS = ["C", "D", "H", "S"]


class Game:
    """What the random hands need to know of a shipped ruleset, read from its public JSON."""

    def __init__(self, rid: str, rules: dict[str, Any]) -> None:
        self.id, self.family = rid, rules["family"]
        deck = rules.get("deck") or {}
        self.jokers = bool(deck.get("jokers") or deck.get("jokers_per_table"))
        self.copies = 1 if deck.get("decks", 1) == 1 else 2
        self.players = (rules["players"]["min"], rules["players"]["max"])
        self.hand_limit = bool(rules.get("hand_limit"))
        self.per_deal = bool((rules.get("wilds") or {}).get("per_deal"))
        self.melded = (rules.get("scoring") or {}).get("method") == "melded_minus_caught"
        self.knock = bool((rules.get("scoring") or {}).get("knock"))
        top = rules.get("hand_size")
        rounds = rules.get("rounds") or [{}]
        self.sizes = [_sizes(r.get("hand_size", top)) for r in rounds]
        self.kinds = [sorted(r.get("melds", rules.get("melds")) or ["set"]) for r in rounds]
        self.slot_ranks = (rules.get("layout") or {}).get("slots", [])

    def units(self) -> list[tuple[Game, int]]:
        return [(self, n) for n in range(1, len(self.sizes) + 1)]


def _sizes(size: Any) -> list[int]:
    """A round's dealt sizes: one number, or one per player count."""
    if isinstance(size, dict):
        return sorted(set(size.values()))
    return [size if isinstance(size, int) else 7]


def games(service: Service) -> list[Game]:
    listed = service.get("/rulesets")["rulesets"]
    ids = sorted(r["id"] for r in listed if r["builtin"])
    return [Game(rid, service.get(f"/rulesets/{rid}")) for rid in ids]


class Draw:
    """One hand's random draws: cards from a shoe, near melds, the deal's context."""

    def __init__(self, game: Game, rnd: int, rng: random.Random) -> None:
        self.game, self.round, self.rng = game, rnd, rng
        ranks = RANKS
        if rng.random() < 0.5:  # dense: five adjacent ranks, so melds and choices abound
            start = rng.randint(0, len(RANKS) - 5)
            ranks = RANKS[start:start + 5]
        self.shoe = [r + s for r in ranks for s in SUITS] * game.copies
        self.shoe += ["JK"] * (2 if game.jokers else 0)
        rng.shuffle(self.shoe)
        self.dealt = rng.choice(game.sizes[rnd - 1])

    def take(self, n: int) -> list[str]:
        n = min(n, len(self.shoe))
        taken, self.shoe = self.shoe[:n], self.shoe[n:]
        return taken

    def near_meld(self) -> list[str]:
        """A set or a run as players lay them, sometimes with a wild-looking card in it."""
        rng, size = self.rng, self.rng.randint(3, 5)
        if rng.random() < 0.5:
            rank = rng.choice(RANKS)
            meld = [rank + rng.choice(SUITS) for _ in range(size)]
        else:
            suit, start = rng.choice(SUITS), rng.randint(0, len(RANKS) - size + 1)
            meld = [(RANKS + ["A"])[start + j] + suit for j in range(size)]
        if rng.random() < 0.3:
            meld[rng.randrange(size)] = rng.choice(["JK", "2" + rng.choice(SUITS)])
        return meld

    def table_meld(self) -> list[str]:
        """A natural meld of one of the round's kinds, as a table holds: a set of distinct
        suits or a run."""
        rng = self.rng
        if rng.choice(self.game.kinds[self.round - 1]) == "set":
            rank = rng.choice(RANKS)
            return [rank + s for s in rng.sample(SUITS, rng.randint(3, 4))]
        size = rng.randint(3, 5)
        suit, start = rng.choice(SUITS), rng.randint(0, len(RANKS) - size)
        return [RANKS[start + j] + suit for j in range(size)]

    def layout(self) -> list[str]:
        """A player's slots: face down, or the slot's rank face up (now and then a card that
        does not belong there)."""
        rng, out = self.rng, []
        for rank in self.game.slot_ranks[:rng.randint(1, len(self.game.slot_ranks))]:
            roll = rng.random()
            out.append("down" if roll < 0.6 else rank + rng.choice(SUITS) if roll < 0.97
                       else rng.choice(self.shoe))
        return out

    def context(self, body: dict[str, Any]) -> dict[str, Any]:
        """The round, sometimes the player count, and the wild rank where each deal names one."""
        out = {"round": self.round, **body}
        if self.rng.random() < 0.3:
            out["players"] = self.rng.randint(*self.game.players)
        if self.game.per_deal:
            out["wild_rank"] = self.rng.choice(RANKS)
        return out


def hand_requests(game: Game, rnd: int, k: int, rng: random.Random) -> Iterator[Request]:
    """The checks one random hand is asked: melds, a first meld, a lay-off, the hand limit,
    going out (the round's sizes, with and without table melds, first meld done or not),
    and the round's scores; or placements in a layout game."""
    d = Draw(game, rnd, rng)
    key = f"hands/{game.id} r{rnd} #{k}"
    if game.family == "layout":
        for i in range(3):
            body = {"layout": d.layout(), "card": d.take(1)[0]}
            yield f"{key} placement {i}", f"{game.id}/placements/check", body
        return
    rid, hand = game.id, d.take(d.dealt + 1)
    for i, group in enumerate((rng.sample(hand, min(len(hand), rng.randint(3, 5))), d.near_meld())):
        body = {"cards": group, "first_meld_done": rng.random() < 0.5}
        if game.hand_limit:
            body |= {"hand": rng.sample(hand, rng.randint(0, 3)), "score": rng.randint(0, 80)}
        yield f"{key} meld {i}", f"{rid}/melds/check", d.context(body)
    melds = [d.near_meld() for _ in range(rng.randint(1, 3))]
    yield f"{key} first-meld", f"{rid}/first-meld/check", d.context(
        {"melds": melds, "hand": rng.sample(hand, rng.randint(0, 4)), "score": rng.randint(0, 80)})
    yield f"{key} lay-off", f"{rid}/lay-offs/check", d.context(
        {"meld": d.near_meld(), "cards": rng.sample(hand, rng.randint(1, 2)),
         "first_meld_done": rng.random() < 0.8, "others_meld": rng.random() < 0.5})
    if game.hand_limit:
        yield f"{key} hand", f"{rid}/hands/check", d.context(
            {"hand": rng.sample(hand, rng.randint(1, 6)), "score": rng.randint(0, 100),
             "first_meld_done": rng.random() < 0.8})
    table = [d.table_meld() for _ in range(rng.randint(1, 3))]
    context = d.context({})
    for size in (d.dealt, d.dealt + 1):
        for on_table in (False, True):
            for done in (False, True):
                yield (f"{key} going-out {size} table={on_table} first_meld_done={done}",
                       f"{rid}/going-out/check",
                       {**context, "hand": hand[:size], "table": table if on_table else [],
                        "first_meld_done": done})
    yield f"{key} scores", f"{rid}/scores", d.context(_scores_body(game, d))


def _scores_body(game: Game, d: Draw) -> dict[str, Any]:
    """A round's end: one player out, the others caught with cards (a knock: every hand whole)."""
    rng = d.rng
    names = [f"p{i}" for i in range(rng.randint(game.players[0], min(game.players[1], 4)))]
    out = rng.choice(names)
    hands = {n: d.take(d.dealt if game.knock or n != out and game.per_deal
                       else 0 if n == out else rng.randint(0, d.dealt)) for n in names}
    body: dict[str, Any] = {"went_out": out, "hands": hands}
    if game.melded:
        body["melded"] = {n: [d.near_meld() for _ in range(rng.randint(0, 2))] for n in names}
    return body


def units(service: Service) -> list[tuple[Game, int]]:
    """Every (shipped ruleset, round), in order of id."""
    return [u for g in games(service) for u in g.units()]


def per_unit(hands: int, service: Service) -> int:
    """Hands for each (shipped ruleset, round), so that about `hands` are drawn in all."""
    return -(-hands // len(units(service)))


def random_requests(service: Service, each: int, seed: int) -> Iterator[Request]:
    """`each` random hands for every (shipped ruleset, round). Each hand draws from its own
    generator, named by the seed, the ruleset, the round and the hand's number, so a record's
    request stays the same when rulesets are added or the engine changes."""
    for game, rnd in units(service):
        for k in range(each):
            yield from hand_requests(game, rnd, k, random.Random(f"{seed}:{game.id}:{rnd}:{k}"))


# ---------------------------------------------------------------- dump and compare


def records(each: int, seed: int, tables: bool = True) -> Iterator[dict[str, Any]]:
    """Every record of a dump: the case tables, the tests' tables, then the random hands."""
    found = table_requests() if tables else []
    service = Service(variants_for_tests())
    try:
        for rid, path, body in [*case_requests(), *found, *random_requests(service, each, seed)]:
            yield service.ask(rid, path, body)
    finally:
        service.close()


def _line(record: dict[str, Any]) -> str:
    return json.dumps(record, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def dump(out: Path, each: int, seed: int, tables: bool = True) -> tuple[int, int]:
    """Write the dump: a JSON document with one record a line, gzipped with no name or time.
    `each` is the number of random hands for every (shipped ruleset, round). Answers the
    number of records, and of those refused as too large to plan (they hang on the budget of
    search steps, so a change of the search may move them)."""
    count = too_large = 0
    with open(out, "wb") as raw, gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0) as gz:
        head = {"format": FORMAT, "per_unit": each, "seed": seed, "tables": tables}
        gz.write((json.dumps(head, sort_keys=True)[:-1] + ',"records":[\n').encode())
        seen: set[str] = set()
        for record in records(each, seed, tables):
            if record["id"] in seen:
                raise SystemExit(f"two records share the id {record['id']!r}")
            seen.add(record["id"])
            line = _line(record)
            gz.write(((",\n" if count else "") + line).encode())
            count += 1
            too_large += '"hand_too_large"' in line or '"table_too_large"' in line
        gz.write(b"\n]}\n")
    return count, too_large


def load(path: Path) -> dict[str, Any]:
    with gzip.open(path, "rt", encoding="utf-8") as f:
        return json.load(f)  # type: ignore[no-any-return]


def differences(old: dict[str, Any], new: dict[str, Any]) -> list[dict[str, Any]]:
    """The records that moved, in the old dump's order, then those only the new dump has:
    each with its `change` (changed, missing: only in the old dump, added: only in the new)."""
    before = {r["id"]: r for r in old["records"]}
    after = {r["id"]: r for r in new["records"]}
    out = []
    for rid in [*before, *(k for k in after if k not in before)]:
        a, b = before.get(rid), after.get(rid)
        if a and b and (a["request"], a["answer"]) == (b["request"], b["answer"]):
            continue
        change = "missing" if b is None else "added" if a is None else "changed"
        out.append({"id": rid, "change": change, "request": (a or b or {})["request"],
                    "new_request": b["request"] if a and b and a["request"] != b["request"]
                    else None,
                    "old": a and a["answer"], "new": b and b["answer"]})
    return out


def head(document: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in document.items() if k != "records"}


def compare(old_path: Path, new_path: Path, strict: bool = False) -> int:
    """Print the first records that differ and the counts; 1 when any old record moved or is
    missing (with `strict`, also when the new dump asks questions the old one did not)."""
    old, new = load(old_path), load(new_path)
    if head(old) != head(new):
        print(f"the dumps were made differently: {head(old)} and {head(new)} "
              f"(make the new one with --like {old_path})")
        return 1
    diff = differences(old, new)
    shown = [d for d in diff if strict or d["change"] != "added"]
    for d in shown[:SHOWN]:
        print(f"--- {d['change']}: {d['id']}\nrequest: {_line(d['request'])}")
        if d["new_request"] is not None:
            print(f"new request: {_line(d['new_request'])}")
        print(f"old: {'(none)' if d['old'] is None else _line(d['old'])}")
        print(f"new: {'(none)' if d['new'] is None else _line(d['new'])}")
    counts = {c: sum(d["change"] == c for d in diff) for c in ("changed", "missing", "added")}
    moved = counts["changed"] + counts["missing"]
    print(f"{moved} of {len(old['records'])} records differ ({counts['changed']} changed, "
          f"{counts['missing']} missing); {counts['added']} only in the new dump" if diff
          else f"identical: {len(old['records'])} records")
    return 1 if moved or strict and counts["added"] else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.golden",
                                     description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    d = sub.add_parser("dump", help="write every check's answer")
    d.add_argument("out", type=Path)
    d.add_argument("--hands", type=int, default=10_000, help="random hands in all (default 10000)")
    d.add_argument("--per-unit", type=int,
                   help="random hands for each shipped ruleset and round instead")
    d.add_argument("--seed", type=int, default=20261201)
    d.add_argument("--no-tables", action="store_true",
                   help="leave out the tests' parametrize tables")
    d.add_argument("--like", type=Path,
                   help="make it as this older dump was made (hands, seed, tables)")
    c = sub.add_parser("compare", help="print the records that differ; exit 1 when any do")
    c.add_argument("old", type=Path)
    c.add_argument("new", type=Path)
    c.add_argument("--strict", action="store_true", help="records only in the new dump differ too")
    args = parser.parse_args(argv)
    if args.command == "compare":
        return compare(args.old, args.new, args.strict)
    each, seed, tables = args.per_unit, args.seed, not args.no_tables
    if args.like is not None:
        like = head(load(args.like))
        each, seed, tables = like["per_unit"], like["seed"], like["tables"]
    if each is None:
        service = Service()
        each = per_unit(args.hands, service)
        service.close()
    started = time.perf_counter()
    count, too_large = dump(args.out, each, seed, tables)
    print(f"{count} records written to {args.out} ({each} random hands for each shipped ruleset "
          f"and round, seed {seed}) in {time.perf_counter() - started:.0f} s; {too_large} refused "
          f"as too large to plan")
    return 0


if __name__ == "__main__":
    sys.exit(main())
