"""The `referee` command: lint, rulesets, new-variant, changes, check, first-meld, going-out, score, mahjong, schema, serve
(see spec/cli.md). This module holds the parser and `main`; each command is a module of its own.

Exit codes: 0 the answer is yes (a legal play, clean files), 1 it is no (an illegal play,
lint problems), 2 the input could not be used. Every `RefereeError` and `OSError` reaches
`main`, which prints it as one line on stderr; anything else is a bug and keeps its traceback.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from dataclasses import replace
from importlib.metadata import PackageNotFoundError, version
from typing import NoReturn

from referee.cli.check import _check, _first_meld, _going_out
from referee.cli.common import _OPTIONS, BROKEN_PIPE, UNUSABLE
from referee.cli.helptext import HELP
from referee.cli.lint import _lint
from referee.cli.mahjong import _mahjong_score, _mahjong_waits, add_mahjong
from referee.cli.rulesets import _rulesets
from referee.cli.schema import _schema
from referee.cli.score import _score
from referee.cli.serve import _serve
from referee.cli.variants import _changes, _new_variant
from referee.values.errors import Problem, RefereeError
from referee.values.i18n import LANGUAGES, choose, set_language

__all__ = ["main", "parser"]


def _whole(text: str) -> int:
    """argparse type for `--score`: a whole number (below zero where a game's totals are:
    Canasta's side score), as the API's `score` takes it."""
    try:
        number = int(text)
    except ValueError:
        number = -200_000
    if not -100_000 <= number <= 100_000:
        raise argparse.ArgumentTypeError(f'"{text}" should be a whole number, such as 63 (or -50)')
    return number


def _positive(text: str) -> int:
    """argparse type for `--round` and `--players`: a whole number from 1."""
    try:
        number = int(text)
    except ValueError:
        number = 0
    if number < 1:
        raise argparse.ArgumentTypeError(f'"{text}" should be a whole number from 1, such as 3')
    return number


def _as_option(problem: Problem) -> Problem:
    """A problem about a request field, named by the option that gives it on the command line."""
    option = _OPTIONS.get(problem.path)
    return replace(problem, path=option) if option else problem


class _Parser(argparse.ArgumentParser):
    """argparse whose usage errors are one line, like every other error of the command."""

    def error(self, message: str) -> NoReturn:
        self.exit(UNUSABLE, f"{self.prog}: {message} (see {self.prog} --help)\n")


def _package_version() -> str:
    try:
        return version("referee")
    except PackageNotFoundError:  # run from a checkout that was never installed
        return "unknown (not installed)"


def _command(sub: argparse._SubParsersAction[_Parser], name: str) -> _Parser:
    summary, epilog = HELP[name]
    return sub.add_parser(name, help=summary, description=summary[0].upper() + summary[1:] + ".",
                          epilog=epilog, formatter_class=argparse.RawDescriptionHelpFormatter)


def _ruleset_argument(p: _Parser) -> None:
    p.add_argument("ruleset", metavar="RULESET",
                   help="a ruleset id (`referee rulesets` lists them) or a ruleset file (.yaml)")


def _round_and_players(p: _Parser) -> None:
    p.add_argument("--round", type=_positive, default=1, metavar="N",
                   help="the round being played (default 1); in games whose rounds differ, "
                        "such as Ten Pennies, it picks that round's wild cards")
    p.add_argument("--players", type=_positive, metavar="N",
                   help="players at the table (default: the most the game allows); it sets how "
                        "many decks, so how many identical cards, are in play")
    _wild_rank_argument(p)


def _wild_rank_argument(p: _Parser) -> None:
    p.add_argument("--wild-rank", dest="wild_rank", metavar="RANK",
                   help="the deal's wild rank, in games that make one rank wild each deal "
                        "(such as Indian Rummy's cut card)")


def _phase_argument(p: _Parser) -> None:
    p.add_argument("--phase", type=_positive, metavar="N",
                   help="the player's phase, in games where each player works on a phase of their "
                        "own (Phase 10): the first meld must make it")


def parser() -> argparse.ArgumentParser:
    top = _Parser(prog="referee", description="A rules-as-data referee for card games.",
                  epilog="`referee COMMAND --help` shows an example of each command.")
    top.add_argument("--version", action="version", version=f"referee {_package_version()}")
    top.add_argument("--lang", metavar="LANG", choices=LANGUAGES,
                     help=f"the language of the referee's sentences ({', '.join(LANGUAGES)}; default: "
                          "from LANGUAGE, LC_ALL, LC_MESSAGES or LANG, else en)")
    sub = top.add_subparsers(dest="command", required=True, metavar="COMMAND")
    p = _command(sub, "serve")
    p.add_argument("--host", help="the address to listen on (default: 127.0.0.1; with --lan, every "
                                  "IPv4 address of the machine, 0.0.0.0)")
    p.add_argument("--port", type=int, default=8000)
    p.add_argument("--lan", action="store_true",
                   help="listen on the machine's network so the table's phones can join; prints the "
                        "address a phone opens and its QR code")
    p.add_argument("--database", default=os.environ.get("REFEREE_DATABASE_URL"),
                   help="database URL (default: SQLite file referee.db here)")
    p.add_argument("--workers", type=_positive, default=2)
    p.add_argument("--certfile", metavar="FILE",
                   help="serve HTTPS with this certificate (PEM; with --keyfile): phones may then install "
                        "the page and open kept games offline")
    p.add_argument("--keyfile", metavar="FILE", help="the certificate's private key (PEM; with --certfile)")
    p.set_defaults(run=_serve)
    p = _command(sub, "lint")
    p.add_argument("files", nargs="+", metavar="FILE")
    p.set_defaults(run=_lint)
    _command(sub, "rulesets").set_defaults(run=_rulesets)
    p = _command(sub, "new-variant")
    p.add_argument("base", metavar="BASE",
                   help="the ruleset the variant extends: a ruleset id (`referee rulesets` lists them) or a "
                        "ruleset file (.yaml)")
    p.add_argument("id", metavar="ID", help="the variant's id, such as garbage-ours: it writes ID.yaml here")
    p.set_defaults(run=_new_variant)
    p = _command(sub, "changes")
    p.add_argument("file", metavar="FILE", help="a variant's file (.yaml)")
    p.set_defaults(run=_changes)
    p = _command(sub, "check")
    _ruleset_argument(p)
    _round_and_players(p)
    p.add_argument("--layout", metavar="SLOT,SLOT...",
                   help='layout games: your slots from the first, each "down" or the card face up '
                        "there (default: every slot face down)")
    p.add_argument("cards", nargs="+", metavar="CARD",
                   help="a card (see below); several may also be joined by commas")
    p.set_defaults(run=_check)
    p = _command(sub, "first-meld")
    _ruleset_argument(p)
    _round_and_players(p)
    p.add_argument("--hand", default="", metavar="CARD,CARD...",
                   help="the cards left in hand after the first meld (default: none); "
                        "feeds the hand limit")
    p.add_argument("--score", type=_whole, default=0, metavar="N",
                   help="the player's game score, the side's where partners score together (default 0); feeds "
                        "the hand limit and a first meld's minimum by score (Canasta)")
    _phase_argument(p)
    p.add_argument("melds", nargs="+", metavar="MELD",
                   help="the cards of one meld joined by commas, such as 8H,8S,2C")
    p.set_defaults(run=_first_meld)
    p = _command(sub, "going-out")
    _ruleset_argument(p)
    _round_and_players(p)
    p.add_argument("--table", action="append", default=[], metavar="MELD",
                   help="a meld on the table, its cards joined by commas; give one --table "
                        "for each meld")
    done = p.add_mutually_exclusive_group()
    done.add_argument("--first-meld-done", dest="first_meld_done", action="store_true",
                      default=True, help="the player has made their first meld (the default)")
    done.add_argument("--first-meld-not-done", dest="first_meld_done", action="store_false",
                      help="the player has not: going out must make the first meld too")
    _phase_argument(p)
    p.add_argument("--score", type=_whole, metavar="N",
                   help="the player's game score, the side's where partners score together; feeds the hand "
                        "limit and a first meld's minimum by score (Canasta)")
    p.add_argument("--foot-not-taken", dest="foot_taken", action="store_false",
                   help="games that go out from a second hand (Hand and Foot): the player has not picked up "
                        "their foot yet, so cannot go out")
    p.add_argument("--morto-not-taken", dest="morto_taken", action="store_false",
                   help="games where a side goes out only after taking its morto (Buraco): the side has not "
                        "taken it yet, so cannot go out")
    p.add_argument("cards", nargs="+", metavar="CARD",
                   help="a card of the hand (see below); several may also be joined by commas")
    p.set_defaults(run=_going_out)
    p = _command(sub, "score")
    _ruleset_argument(p)
    p.add_argument("--round", type=_positive, default=1, metavar="N",
                   help="the round being scored (default 1); refused when the game has no such round")
    _wild_rank_argument(p)
    p.add_argument("--went-out", dest="went_out", metavar="NAME",
                   help="the player who went out (in Gin Rummy: who knocked, with their hand given)")
    p.add_argument("--players", type=_positive, metavar="N",
                   help="players at the table (default: the most the game allows); it sets how "
                        "many decks, so how many identical cards, are in play")
    p.add_argument("--melded", action="append", default=[], metavar="NAME=CARD,CARD...",
                   help="games that score melded cards (Rummy 500): one group a player melded or "
                        "laid off; give the option once for each group")
    p.add_argument("--team", action="append", default=[], metavar="NAME,NAME...",
                   help="games with teams (Canasta, Hand and Foot, Buraco, where they are required): the "
                        "partners of one team; give the option once for each team")
    p.add_argument("--red-threes", dest="red_threes", action="append", default=[], metavar="NAME=N",
                   help="games with bonus cards (Canasta's red threes): how many a player laid face up")
    p.add_argument("--concealed", action="store_true",
                   help="games with a concealed bonus: who went out melded every card in that one turn")
    p.add_argument("--morto-taken", dest="morto_taken", action="append", default=[], metavar="NAME",
                   help="games with a morto (Buraco, where it is required): a player who took their side's "
                        "morto; a side none of whose players did scores the penalty (--morto-taken= alone: "
                        "no side took it)")
    p.add_argument("hands", nargs="+", metavar="NAME=CARD,CARD...",
                   help="a player and the cards left in their hand (see below for CARD)")
    p.set_defaults(run=_score)
    mahjong = _command(sub, "mahjong")
    hands = mahjong.add_subparsers(dest="mahjong_command", required=True, metavar="score|waits")
    p = hands.add_parser("score", help="score a winning hand, as wins/check does")
    add_mahjong(p)
    won = p.add_mutually_exclusive_group()
    won.add_argument("--ron", metavar="TILE", help="the winning tile, won off a discard")
    won.add_argument("--tsumo", metavar="TILE", help="the winning tile, self-drawn")
    p.set_defaults(run=_mahjong_score)
    p = hands.add_parser("waits", help="the tiles a hand of 13 waits on, as waits/check does")
    add_mahjong(p)
    p.set_defaults(run=_mahjong_waits)
    _command(sub, "schema").set_defaults(run=_schema)
    return top


def _os_message(exc: OSError) -> str:
    where = f"{exc.filename}: " if exc.filename else ""
    return f"{where}{exc.strerror or exc}"


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; its exit code (argparse's own exits, for --help and usage errors, too)."""
    try:
        args = parser().parse_args(argv)
    except SystemExit as exc:  # argparse has printed the help, the version or a usage error
        return int(exc.code or 0)
    prog = f"referee {args.command}"
    set_language(args.lang or choose(_environment_languages()))
    try:
        return int(args.run(args))
    except RefereeError as exc:
        print(f"{prog}: {'; '.join(_as_option(p).located() for p in exc.problems)}", file=sys.stderr)
    except BrokenPipeError:
        # The reader left (`referee schema | head`): nothing more can be said on stdout.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return BROKEN_PIPE
    except OSError as exc:
        print(f"{prog}: {_os_message(exc)}", file=sys.stderr)
    except KeyboardInterrupt:
        return 130
    return UNUSABLE


def _environment_languages() -> list[str]:
    """The languages the environment asks for, as gettext reads them (`sv_SE.UTF-8`, `ru:en`)."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name)
        if value and value not in ("C", "POSIX"):
            return value.split(":")
    return []


if __name__ == "__main__":
    sys.exit(main())
