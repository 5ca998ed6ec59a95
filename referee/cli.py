"""The `referee` command: lint, rulesets, check, score, serve (see spec/cli.md)."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from referee.cards import parse_cards
from referee.errors import RefereeError
from referee.loader import Library, default_library, order_for_loading
from referee.melds import check_meld
from referee.scoring import score_round


def _lint(args: argparse.Namespace) -> int:
    paths = [Path(p) for p in args.files]
    unreadable = [p for p in paths if not p.is_file()]
    for p in unreadable:
        print(f"{p}: cannot read the file", file=sys.stderr)
    if unreadable:
        return 2
    library = default_library().copy()
    problems = 0
    for path in order_for_loading(paths):
        try:
            raw = path.read_bytes()
        except OSError as exc:
            print(f"{path}: cannot read the file ({exc.strerror})", file=sys.stderr)
            return 2
        try:
            library.add(library.load(raw, file=str(path)))
        except RefereeError as exc:
            for problem in exc.problems:
                problems += 1
                where = f"{problem.file or path}:{problem.line or 1}:{problem.column or 1}"
                print(f"{where}: {problem.path or '(document)'}: {problem.message}")
    return 1 if problems else 0


def _rulesets(args: argparse.Namespace) -> int:
    for r in sorted(default_library().all(), key=lambda r: r.id):
        base = f" (extends {r.extends})" if r.extends else ""
        print(f"{r.id:32} {r.family:7} {r.name}{base}")
    return 0


def _ruleset(library: Library, name: str) -> object:
    path = Path(name)
    if path.suffix in (".yaml", ".yml", ".json") and path.is_file():
        return library.add(library.load(path.read_bytes(), file=str(path)))
    return library.get(name)


def _check(args: argparse.Namespace) -> int:
    ruleset = _ruleset(default_library().copy(), args.ruleset)
    cards = parse_cards(args.cards)
    verdict = check_meld(ruleset, cards, args.round)  # type: ignore[arg-type]
    shown = " ".join(str(c) for c in cards)
    if verdict.valid:
        wilds: list[dict[str, str | None]] = verdict.extra.get("wilds") or []  # type: ignore[assignment]
        stands = "".join(f"; {w['card']} stands for {w['as'] or 'any rank'}" for w in wilds)
        print(f"legal: {shown} is a {verdict.extra['kind']}{stands}")
        return 0
    print(f"not legal: {shown}")
    for v in verdict.violations:
        print(f"  - {v.message} [{v.code}]")
    return 1


def _score(args: argparse.Namespace) -> int:
    ruleset = _ruleset(default_library().copy(), args.ruleset)
    hands = {}
    for item in args.hands:
        name, sep, cards = item.partition("=")
        if not sep or not name:
            raise RefereeError(f'"{item}" should be NAME=CARD,CARD,...')
        hands[name] = parse_cards([c for c in cards.split(",") if c.strip()], f"hands.{name}")
    for name, result in score_round(ruleset, hands).items():  # type: ignore[arg-type]
        print(f"{name:12} {result.points:5} points  {result.cards:3} cards  {result.pennies:3} pennies")
    return 0


def _serve(args: argparse.Namespace) -> int:
    from api.serve import run

    return int(run(host=args.host, port=args.port, database=args.database, workers=args.workers))


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="referee", description="A rules-as-data referee for card games.")
    sub = top.add_subparsers(dest="command", required=True)
    p = sub.add_parser("serve", help="run the HTTP service")
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=8000)
    p.add_argument("--database", default=os.environ.get("REFEREE_DATABASE_URL"),
                   help="database URL (default: SQLite file referee.db here)")
    p.add_argument("--workers", type=int, default=2)
    p.set_defaults(run=_serve)
    p = sub.add_parser("lint", help="check ruleset files")
    p.add_argument("files", nargs="+", metavar="FILE")
    p.set_defaults(run=_lint)
    p = sub.add_parser("rulesets", help="list the rulesets the referee knows")
    p.set_defaults(run=_rulesets)
    p = sub.add_parser("check", help="check one meld")
    p.add_argument("ruleset", help="a ruleset id or a ruleset file")
    p.add_argument("--round", type=int, default=1)
    p.add_argument("cards", nargs="+", metavar="CARD")
    p.set_defaults(run=_check)
    p = sub.add_parser("score", help="end-of-round points and pennies")
    p.add_argument("ruleset", help="a ruleset id or a ruleset file")
    p.add_argument("--round", type=int, default=1)
    p.add_argument("hands", nargs="+", metavar="NAME=CARD,CARD...")
    p.set_defaults(run=_score)
    return top


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        return int(args.run(args))
    except RefereeError as exc:
        for p in exc.problems:
            print(f"referee: {p.located()}", file=sys.stderr)
        return 2 if args.command == "lint" else 1
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
