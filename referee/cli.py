"""The `referee` command: lint, rulesets, check, first-meld, going-out, score, schema, serve
(see spec/cli.md).

Exit codes: 0 the answer is yes (a legal play, clean files), 1 it is no (an illegal play,
lint problems), 2 the input could not be used. Every `RefereeError` and `OSError` reaches
`main`, which prints it as one line on stderr; anything else is a bug and keeps its traceback.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import replace
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any, NoReturn, cast

from referee import yamlread
from referee.cards import Card, face, parse_card, parse_cards, parse_groups, read_card
from referee.errors import (
    InvalidPlayError,
    Problem,
    RefereeError,
    RulesetError,
    UnknownRulesetError,
)
from referee.handscore import Deal
from referee.i18n import LANGUAGES, N_, choose, did_you_mean, set_language, t, tn
from referee.layout import DOWN, check_placement
from referee.loader import Library, default_library, extends_cycles, order_for_loading, schema
from referee.melds import check_meld
from referee.overrides import overridden_findings
from referee.planner import check_going_out
from referee.plays import check_first_meld
from referee.ruleset import LayoutRules, Ruleset
from referee.scoring import score_round
from referee.violations import Verdict
from referee.yamlread import Document

YES, NO, UNUSABLE = 0, 1, 2
BROKEN_PIPE = 128 + 13  # what a shell reports for a command stopped by SIGPIPE
RULESET_FILES = (".yaml", ".yml", ".json")

# ---------------------------------------------------------------- reading the input


@contextmanager
def _labelled(label: str | Callable[[str], str]) -> Iterator[None]:
    """Errors raised inside shown under `label` (or `label(path)`), a name the command line uses.

    The engine's paths (`[0]`, `hands.ann[2]`, `round`) are JSON paths of the HTTP API;
    on the command line the option or player they came from says more.
    """
    try:
        yield
    except RefereeError as exc:
        relabel = label if callable(label) else lambda _: label
        # Problems that differed only in their path now read the same: say each once.
        shown = dict.fromkeys(replace(p, path=relabel(p.path)) for p in exc.problems)
        raise type(exc)(list(shown)) from None


def _ruleset(name: str) -> Ruleset:
    """A shipped ruleset by id, or a ruleset file (which may extend a shipped one)."""
    if Path(name).suffix not in RULESET_FILES:
        try:
            return default_library().get(name)
        except UnknownRulesetError:
            close = did_you_mean(name, default_library().ids())
            if close:  # a shipped id is close: say which
                raise UnknownRulesetError(t('No ruleset "{id}"', id=name) + close) from None
            raise UnknownRulesetError(t(
                'no ruleset is called "{name}": `referee rulesets` lists them, or give a ruleset file (.yaml)',
                name=name)) from None
    library = default_library().copy()
    raw = Path(name).read_bytes()  # an OSError names the file
    try:
        return library.add(library.load(raw, file=name))
    except RulesetError as exc:
        first = exc.problems[0]
        raise RulesetError(t(
            "{file} is not a usable ruleset: {problem} (`referee lint {file}` lists every problem)",
            file=name, problem=first.located())) from None


def _card_tokens(args: Sequence[str]) -> list[str]:
    """CARD arguments, each of which may also hold several cards joined by commas (as in score)."""
    return [piece for arg in args for piece in arg.split(",")]


def _cards(tokens: Sequence[str], label: str = "") -> tuple[Card, ...]:
    with _labelled(label):
        return parse_cards(tokens)


def _groups(args: Sequence[str], name: str) -> list[tuple[Card, ...]]:
    """MELD arguments, each the cards of one meld joined by commas; every bad card is reported
    at once, under `name` and the meld's number (`meld 2`, `--table 1`)."""
    with _labelled(lambda path: _numbered(path, name)):
        return parse_groups([arg.split(",") for arg in args], "")


def _numbered(path: str, name: str) -> str:
    """`[1][2]` → `meld 2`: the engine's path of a card in a group, as the command line names it."""
    found = re.match(r"\[(\d+)\]", path)
    return f"{name} {int(found[1]) + 1}" if found else name


# What a layout game, whose turns have no melds, is told when asked a rummy question.
NO_FIRST_MELD = N_("{game} is a {family} game: it has no melds, so there is no first meld to judge (first meld "
                   "is for rummy games; `referee check` places a card)")
NO_GOING_OUT = N_("{game} is a {family} game: it has no melds, so there is no going out to judge (going out "
                  "is for rummy games; `referee check` places a card)")


def _rummy_only(ruleset: Ruleset, refusal: str) -> None:
    """Refuse a layout game with `refusal` (`NO_FIRST_MELD`, `NO_GOING_OUT`)."""
    if ruleset.rummy is None:
        raise InvalidPlayError(Problem("", "wrong_family", t(refusal, game=ruleset.local_name,
                                                             family=ruleset.family)))


def _players(ruleset: Ruleset, players: int | None) -> int | None:
    """The `--players` count, refused when the game is not for that many."""
    if players is not None and not ruleset.players_min <= players <= ruleset.players_max:
        raise InvalidPlayError(Problem("--players", "player_count", t(
            "{game} is for {players}, not {count}", game=ruleset.local_name, players=ruleset.players_words,
            count=players)))
    return players


def _round(ruleset: Ruleset, number: int) -> int:
    """The `--round` number, refused when the game has numbered rounds and not this one.

    Games whose rules are the same every deal (Bing Rummy, layout games) take any round.
    """
    if ruleset.rummy is not None:
        with _labelled("--round"):
            ruleset.rummy.round(number)
    return number


def _whole(text: str) -> int:
    """argparse type for `--score`: a whole number from 0."""
    try:
        number = int(text)
    except ValueError:
        number = -1
    if number < 0:
        raise argparse.ArgumentTypeError(f'"{text}" should be a whole number from 0, such as 63')
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


# ---------------------------------------------------------------- check


def _check(args: argparse.Namespace) -> int:
    """One meld in a rummy game, one placement in a layout game."""
    ruleset = _ruleset(args.ruleset)
    _round(ruleset, args.round)
    players = _players(ruleset, args.players)
    if ruleset.layout is not None:
        return _check_placement(ruleset, ruleset.layout, args)
    if args.layout is not None:
        raise InvalidPlayError(Problem("--layout", "wrong_family", t(
            "{game} is a {family} game: --layout is for layout games; give the cards of one meld",
            game=ruleset.local_name, family=ruleset.family)))
    cards = _cards(_card_tokens(args.cards))
    verdict = check_meld(ruleset, cards, args.round, players, wild_rank=args.wild_rank)
    shown = _shown(cards)
    if verdict.valid:
        print(t(_LEGAL_MELD[str(verdict.extra["kind"])], cards=shown) + _stands(verdict.extra.get("wilds")))
        return YES
    return _not_legal(shown, verdict)


_LEGAL_MELD = {"set": N_("legal: {cards} is a set"), "run": N_("legal: {cards} is a run")}
_IS_MELD = {"set": N_("  meld {n}: {cards} is a set"), "run": N_("  meld {n}: {cards} is a run")}


def _stands(wilds: object) -> str:
    """`; 2♣ stands for 8` for each wild card of a meld's answer (`Meld.as_dict()["wilds"]`)."""
    said = []
    for wild in cast("list[dict[str, str | None]]", wilds or []):
        stands = read_card(wild["as"]) if wild["as"] else None  # a run's card, or a set's rank
        said.append(t("; {card} stands for {what}", card=_faced(str(wild["card"])),
                      what=face(stands) if isinstance(stands, Card) else wild["as"] or t("any rank")))
    return "".join(said)


def _not_legal(shown: str, verdict: Verdict) -> int:
    print(t("not legal: {play}", play=shown))
    for v in verdict.violations:
        print(f"  - {v.message} [{v.code}]")
    return NO


def _check_placement(ruleset: Ruleset, rules: LayoutRules, args: argparse.Namespace) -> int:
    """Where a drawn card may go; without `--layout`, on a fresh layout (every slot face down).

    A fresh layout is what a player has at the start of a game, and the question "where does
    this card go" has the same answer on any layout whose slot is still face down.
    """
    cards = _cards(_card_tokens(args.cards))
    if len(cards) != 1:
        raise InvalidPlayError(Problem("", "one_card", t(
            "{game} is a layout game: check one drawn card at a time (got {count}: {cards})",
            game=ruleset.local_name, count=len(cards), cards=_shown(cards))))
    card = cards[0]
    tokens = _card_tokens([args.layout]) if args.layout is not None else [DOWN] * len(rules.slots)
    with _labelled("--layout"):
        verdict = check_placement(ruleset, tokens, card)
    answer = _placement_answer(card, verdict)
    if args.layout is None:
        print(tn("  (on a fresh layout, all {n} slots face down; give --layout for yours)",
                 "  (on a fresh layout, all {n} slots face down; give --layout for yours)", len(rules.slots)))
    return answer


def _placement_answer(card: Card, verdict: Verdict) -> int:
    if not verdict.valid:
        return _not_legal(face(card), verdict)
    slots: list[int] = verdict.extra["slots"]  # type: ignore[assignment]
    then = t("it completes the layout") if verdict.extra["completes_layout"] else t("the turn goes on")
    if len(slots) == 1:
        print(t("legal: {card} goes in slot {slot}; {then}", card=face(card), slot=slots[0], then=then))
    else:
        print(t("legal: {card} goes in any of slots {slots}; {then}", card=face(card), slots=", ".join(map(str, slots)),
                then=then))
    return YES


# ---------------------------------------------------------------- first-meld, going-out


def _rummy_table(args: argparse.Namespace, refusal: str) -> tuple[Ruleset, int | None]:
    """The rummy ruleset a question names, its round checked, and the players at the table."""
    ruleset = _ruleset(args.ruleset)
    _rummy_only(ruleset, refusal)
    _round(ruleset, args.round)
    return ruleset, _players(ruleset, args.players)


def _first_meld(args: argparse.Namespace) -> int:
    """The melds laid down together as a player's first meld, and the hand left after them."""
    ruleset, players = _rummy_table(args, NO_FIRST_MELD)
    melds = _groups(args.melds, "meld")
    hand = _cards([c for c in args.hand.split(",") if c.strip()], "--hand")
    verdict = check_first_meld(ruleset, melds, hand, args.score, args.round, players, wild_rank=args.wild_rank)
    shown = t("first meld {melds}", melds=" + ".join(_shown(m) for m in melds))
    if not verdict.valid:
        return _not_legal(shown, verdict)
    assert ruleset.rummy is not None
    rules = ruleset.rummy.round(args.round)
    game = t("{game} round {n}", game=ruleset.local_name, n=rules.number) if rules.number else ruleset.local_name
    print(t("legal: {play} makes the first meld of {game} ({needs})", play=shown, game=game,
            needs=rules.first_meld.describe()))
    answers = cast("list[dict[str, object]]", verdict.extra["melds"])
    for i, (cards, answer) in enumerate(zip(melds, answers, strict=True)):
        print(t(_IS_MELD[str(answer["kind"])], n=i + 1, cards=_shown(cards)) + _stands(answer["wilds"]))
    return YES


def _going_out(args: argparse.Namespace) -> int:
    """Whether the whole hand can be melded or laid off; a yes comes with the steps that do it."""
    ruleset, players = _rummy_table(args, NO_GOING_OUT)
    table = _groups(args.table, "--table")
    hand = _cards(_card_tokens(args.cards))
    with _labelled(lambda path: "--table" if path.startswith("table") else ""):
        verdict = check_going_out(ruleset, hand, table, args.first_meld_done, args.round, players,
                                  wild_rank=args.wild_rank)
    knock = ruleset.scoring.knock is not None  # a hand ends by knocking, deadwood and all
    shown = t("knocking with {cards}", cards=_shown(hand)) if knock else \
        t("going out with {cards}", cards=_shown(hand))
    if not verdict.valid:
        return _not_legal(shown, verdict)
    print(t("legal: {play}", play=shown))
    plan = cast("dict[str, object]", verdict.extra["plan"])
    for step in _steps(plan, table):
        print(f"  {step}")
    if knock:
        left = cast("list[str]", plan["left"])
        deadwood = cast(int, verdict.extra["deadwood"])
        print(t("  deadwood: {cards}, {points}", cards=_faced(*left) or t("none (gin)"),
                points=_count(deadwood, 0, _points_noun).strip()))
    return YES


def _steps(plan: dict[str, object], table: Sequence[Sequence[Card]]) -> Iterator[str]:
    """A going-out plan in play order, one sentence a step; new melds are numbered as laid down.

    The plan is the API's (`Plan.as_dict`): `first_meld` and `own_lay_offs` index `melds`."""
    melds = cast("list[list[str]]", plan["melds"])
    first = cast("list[int] | None", plan["first_meld"]) or []
    order = first + [i for i in range(len(melds)) if i not in first]
    number = {index: n + 1 for n, index in enumerate(order)}
    for index in order:
        step = t("meld {n}: {cards}", n=number[index], cards=_faced(*melds[index]))
        yield (step + t(" (part of the first meld)")) if index in first else step
    for own in cast("list[dict[str, Any]]", plan["own_lay_offs"]):
        yield t("lay off {cards} on meld {n}", cards=_faced(*own["cards"]), n=number[own["meld"]])
    for lay in cast("list[dict[str, Any]]", plan["lay_offs"]):
        on = lay["table"]
        yield t("lay off {cards} on table meld {n} ({meld})", cards=_faced(*lay["cards"]), n=on + 1,
                meld=_shown(table[on]))
    if plan["discard"]:
        yield t("discard {card}", card=_faced(str(plan["discard"])))
    else:
        yield t("no discard: every card is melded or laid off")


def _shown(cards: Sequence[Card]) -> str:
    """Cards as the command line's sentences name them, as the page's chips show them: `8♥ 8♠ 2♣`."""
    return " ".join(map(face, cards))


def _faced(*texts: str) -> str:
    """Cards an answer gives in the notation (`8H`), as a sentence names them (`8♥`)."""
    return _shown([parse_card(text) for text in texts])


# ---------------------------------------------------------------- score


def _score(args: argparse.Namespace) -> int:
    """End-of-round points; layout games keep no points, so they are refused."""
    ruleset = _ruleset(args.ruleset)
    if ruleset.rummy is None:
        raise InvalidPlayError(Problem("", "wrong_family", t(
            "{game} is a {family} game: it is won by the layout, not by points, so there is nothing to score "
            "(score is for rummy games)", game=ruleset.local_name, family=ruleset.family)))
    _round(ruleset, args.round)
    hands = _hands(args.hands)
    melded: dict[str, list[tuple[Card, ...]]] | None = None
    if args.melded:
        melded = {}
        for name, group in _named_cards(args.melded, "--melded"):
            melded.setdefault(name, []).append(group)
    with _labelled(_player_of):
        scores = score_round(ruleset, hands, args.went_out,
                             deal=Deal(args.round, args.players, args.wild_rank, melded))
    pennies = ruleset.scoring.pennies_per_card
    for name, result in scores.items():
        line = f"{name:12} {_count(result.points, 5, _points_noun)}  {_count(result.cards, 3, _cards_noun)}"
        if pennies:
            line += f"  {_count(result.pennies, 3, _pennies_noun)}"
        if result.deadwood is not None:
            line += "  " + t("deadwood {n}", n=result.deadwood)
        if result.melded is not None:
            line += "  " + t("melded {n}", n=result.melded)
        print(line.rstrip())
    return YES


# A count and its noun in the plural form for `n`; `count` is the number as shown, right-aligned.
def _points_noun(n: int, count: str) -> str:
    return tn("{count} point", "{count} points", n, count=count)


def _cards_noun(n: int, count: str) -> str:
    return tn("{count} card", "{count} cards", n, count=count)


def _pennies_noun(n: int, count: str) -> str:
    return tn("{count} penny", "{count} pennies", n, count=count)


def _count(n: int, width: int, noun: Callable[[int, str], str]) -> str:
    """`  1 card ` / `  3 cards`: a count and its noun, padded so the columns line up."""
    widest = max(len(noun(k, " " * width)) for k in (1, 2, 5, 20))  # every plural form
    return f"{noun(n, f'{n:{width}}'):{widest}}"


def _hands(items: Sequence[str]) -> dict[str, tuple[Card, ...]]:
    """`NAME=CARD,CARD...` items by name; a name given twice would hide one of the hands."""
    hands: dict[str, tuple[Card, ...]] = {}
    for name, cards in _named_cards(items, ""):
        if name in hands:
            raise InvalidPlayError(Problem(name, "duplicate_player",
                                           t("this name is given twice; give each player's hand once")))
        hands[name] = cards
    return hands


def _named_cards(items: Sequence[str], option: str) -> Iterator[tuple[str, tuple[Card, ...]]]:
    """Each `NAME=CARD,CARD...` item as a name and its cards (`option`: where errors point)."""
    for item in items:
        name, sep, cards = item.partition("=")
        name = name.strip()
        if not sep or not name:
            raise InvalidPlayError(Problem(option, "invalid_hand", t(
                '"{item}" should be NAME=CARD,CARD,... (NAME= for an empty hand)', item=item)))
        yield name, _cards([c for c in cards.split(",") if c.strip()], f"{option} {name}".strip())


# The request fields of the HTTP API that are options here.
_OPTIONS = {"wild_rank": "--wild-rank", "went_out": "--went-out", "players": "--players", "round": "--round"}


def _as_option(problem: Problem) -> Problem:
    """A problem about a request field, named by the option that gives it on the command line."""
    option = _OPTIONS.get(problem.path)
    return replace(problem, path=option) if option else problem


def _player_of(path: str) -> str:
    """`hands.ann[2]` → `ann`, `melded.ann[1][0]` → `--melded ann`: the engine's path of a
    card, as the command line names it."""
    if path.startswith("melded."):
        return "--melded " + re.sub(r"(\[\d+\])+$", "", path.removeprefix("melded."))
    return _OPTIONS.get(path) or re.sub(r"\[\d+\]$", "", path.removeprefix("hands."))


# ---------------------------------------------------------------- lint, rulesets, schema, serve


def _lint(args: argparse.Namespace) -> int:
    """Lint each file as its author wrote it; YAML that cannot be read makes the exit 2."""
    paths = [Path(p) for p in args.files]
    unreadable = [(p, why) for p in paths if (why := _unreadable(p)) is not None]
    for _path, why in unreadable:
        print(why, file=sys.stderr)
    if unreadable:
        return UNUSABLE
    documents: dict[Path, Document] = {}
    for path in paths:
        try:
            documents[path] = yamlread.read(path.read_bytes(), str(path))  # an OSError names the file
        except yamlread.YamlError as exc:
            for problem in exc.problems:
                print(f"{path}:{problem.line or 1}:{problem.column or 1}: {problem.message}", file=sys.stderr)
    cycles = extends_cycles(documents.values())
    library = default_library().copy(as_written=True)
    problems = 0
    for path in order_for_loading(documents):
        cycle = cycles.get(str(path))
        if cycle is not None:
            print(f"{path}:{cycle.line}:{cycle.column}: {cycle.path}: {cycle.message}")
            problems += 1
            continue
        found = _lint_one(library, path, path.read_bytes())
        if not found:
            print(t("{file}: no problems", file=path))
        problems += found
    return UNUSABLE if len(documents) < len(paths) else NO if problems else YES


def _lint_one(library: Library, path: Path, raw: bytes) -> int:
    """Print each problem of one file as FILE:LINE:COLUMN: path: message; the count found."""
    try:
        _ruleset, source, resolved = loaded = library.load(raw, file=str(path))
        library.add(loaded)
    except RefereeError as exc:
        problems = exc.problems
    else:  # it loads; what it sets in vain is still a finding for its author
        problems = overridden_findings(source, resolved)
    for problem in problems:
        where = f"{problem.file or path}:{problem.line or 1}:{problem.column or 1}"
        print(f"{where}: {problem.path or t('(document)')}: {problem.message}")
    return len(problems)


def _rulesets(args: argparse.Namespace) -> int:
    for r in sorted(default_library().all(), key=lambda r: r.id):
        base = t(" (extends {base})", base=r.extends) if r.extends else ""
        print(f"{r.id:32} {r.family:7} {r.local_name}{base}")
    return YES


def _schema(args: argparse.Namespace) -> int:
    """The schema the loader validates with, found where the loader finds it (installed or not)."""
    print(json.dumps(schema(), indent=2, ensure_ascii=False))
    return YES


def _serve(args: argparse.Namespace) -> int:
    from sqlalchemy.exc import SQLAlchemyError

    from api.serve import run

    host, told = args.host or "127.0.0.1", []
    if args.lan:
        from api import lan

        host = args.host or lan.LAN_HOST
        url = lan.public_url(args.port, args.host)
        os.environ["REFEREE_PUBLIC_URL"] = url  # the page's share links and QR code name it
        told = lan.phone_lines(url)
    try:
        return int(run(host=host, port=args.port, database=args.database, workers=args.workers,
                       also_say=told))
    except SQLAlchemyError as exc:
        reason = str(exc).splitlines()[0]
        raise RefereeError(Problem("--database", "database", t("cannot use the database: {reason}",
                                                                reason=reason))) from None


# ---------------------------------------------------------------- the parser

CARD_NOTATION = """\
CARD is a rank then a suit, in any case: 8H 10S TS qd A♠; a joker is JK (or JOKER, *).
  ranks A 2 3 4 5 6 7 8 9 10 J Q K (T for ten), suits C D H S (or ♣ ♦ ♥ ♠)
"""

HELP = {
    "serve": ("run the HTTP service", """\
example:
  referee serve --port 8080 --database postgresql://referee@db.example/referee
  referee serve --lan        # phones on the same network join: prints the address and a QR code

It prints the address it listens on once it listens; the API's documentation is at /docs there.
A port already in use is one line on stderr and exit 2, with nothing created.
"""),
    "lint": ("check ruleset files", """\
example:
  referee lint our-house-rules.yaml

Give a variant together with the file of its base when the base is not shipped.
Each problem is printed as FILE:LINE:COLUMN: path: message.

exit status: 0 clean, 1 problems found, 2 a file could not be read
"""),
    "rulesets": ("list the rulesets the referee knows", """\
example:
  referee rulesets
"""),
    "check": ("check one meld (rummy games) or one placement (layout games)", """\
examples:
  referee check ten-pennies 8H 8S 2C
  referee check ten-pennies --round 5 7D 7S AH 2C
  referee check bing-rummy --players 4 5H,6H,7H
  referee check garbage 5D
  referee check garbage --layout down,2H,down,down,JS,down,down,down,down,down 5D

Rummy games check one meld: give its cards. Layout games check where one drawn card
may go: give that card, and your slots with --layout (from the first slot on, each
"down" or the card face up there); without --layout the layout is a fresh one, every
slot of the game face down.

""" + CARD_NOTATION + """
exit status: 0 legal, 1 not legal (the reasons are printed), 2 the input could not be
used (an unknown ruleset, a bad card, a round the game does not have, a bad --layout)
"""),
    "first-meld": ("check a first meld: its melds, the round's requirement, the hand limit", """\
examples:
  referee first-meld ten-pennies 8H,8S,2C 9H,9S,9D
  referee first-meld ten-pennies --round 2 7D,7S,7H,2C
  referee first-meld bing-rummy --hand KH,3C --score 40 3H,4H,5H 9C,9D,9S JC,QC,KC

Give each meld as its cards joined by commas, the melds apart by spaces; they are judged
as laid down together. --hand is what stays in hand after them and --score the player's
game score, which together feed a hand limit (Bing Rummy). Layout games have no melds
and are refused.

""" + CARD_NOTATION + """
exit status: 0 legal, 1 not legal (the reasons are printed), 2 the input could not be
used (an unknown ruleset, a bad card, a round the game does not have, a layout game)
"""),
    "going-out": ("can this hand go out? a yes prints the steps that do it", """\
examples:
  referee going-out ten-pennies --round 2 --first-meld-not-done 3H 3S 3D 2C 9D
  referee going-out bing-rummy 5D 4D 9H --table 6D,7D,8D --table 9S,9C,9D
  referee going-out ten-pennies 8H,8S,8D,5C

Give the whole hand; each --table is one meld on the table (its cards joined by
commas) that cards may be laid off on. The player has made their first meld unless
--first-meld-not-done says not. The steps are in play order: the first meld, the other
new melds, lay-offs on them and on the table's melds, then the discard. Layout games
have no melds and are refused.

""" + CARD_NOTATION + """
exit status: 0 the hand can go out, 1 it cannot (the reason is printed), 2 the input
could not be used (an unknown ruleset, a bad card, an illegal --table meld, a layout game)
"""),
    "score": ("end-of-round points and pennies (rummy games)", """\
examples:
  referee score ten-pennies ann=3H,KD,JK bob=
  referee score ten-pennies --round 7 ann=2C,AS bob=9D cleo=

Give each player once, as NAME=CARD,CARD,... with the cards left in their hand
(NAME= for a player who went out). Layout games keep no points and are refused.

""" + CARD_NOTATION + """
exit status: 0 scored, 2 the input could not be used (an unknown ruleset, a bad card,
a card the game's decks cannot hold, a name given twice, a layout game)
"""),
    "schema": ("print the ruleset JSON Schema", """\
example:
  referee schema > ruleset.schema.json

For an editor that cannot reach the service: point the yaml-language-server comment
at the saved file.
"""),
}


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
    p.set_defaults(run=_serve)
    p = _command(sub, "lint")
    p.add_argument("files", nargs="+", metavar="FILE")
    p.set_defaults(run=_lint)
    _command(sub, "rulesets").set_defaults(run=_rulesets)
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
                   help="the player's game score (default 0); feeds the hand limit")
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
    p.add_argument("hands", nargs="+", metavar="NAME=CARD,CARD...",
                   help="a player and the cards left in their hand (see below for CARD)")
    p.set_defaults(run=_score)
    _command(sub, "schema").set_defaults(run=_schema)
    return top


def _unreadable(path: Path) -> str | None:
    """Why a file to lint cannot be read (it is missing, a directory, not ours to read), or None."""
    if path.is_dir():
        return t("{file}: cannot read the file: it is a directory", file=path)
    if not path.exists():
        return t("{file}: cannot read the file: there is no such file", file=path)
    if not path.is_file():
        return t("{file}: cannot read the file: it is not a regular file", file=path)
    try:
        path.open("rb").close()
    except PermissionError:
        return t("{file}: cannot read the file: permission denied", file=path)
    except OSError:
        return t("{file}: cannot read the file", file=path)
    return None


# ---------------------------------------------------------------- main


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
