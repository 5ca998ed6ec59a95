"""What every command shares: the exit codes, reading rulesets, cards and counts from the
command line (errors labelled by the option they came from), and the words for cards and counts.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path

from referee.checks.situation import FIELDS, Situation, situate
from referee.loading.loader import default_library
from referee.rules.ruleset import Ruleset
from referee.values.cards import Card, DeckSpec, parse_card, parse_cards, parse_groups
from referee.values.errors import (
    RefereeError,
    RulesetError,
    UnknownRulesetError,
)
from referee.values.i18n import did_you_mean, t, tn

YES, NO, UNUSABLE = 0, 1, 2
BROKEN_PIPE = 128 + 13  # what a shell reports for a command stopped by SIGPIPE
RULESET_FILES = (".yaml", ".yml", ".json")


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


def _cards(tokens: Sequence[str], deck: DeckSpec, label: str = "") -> tuple[Card, ...]:
    """CARD tokens read by the ruleset's deck; every bad card is reported at once, under `label`."""
    with _labelled(label):
        return parse_cards(tokens, deck=deck)


def _groups(args: Sequence[str], name: str, deck: DeckSpec) -> list[tuple[Card, ...]]:
    """MELD arguments, each the cards of one meld joined by commas, read by the ruleset's deck;
    every bad card is reported at once, under `name` and the meld's number (`meld 2`, `--table 1`)."""
    with _labelled(lambda path: _numbered(path, name)):
        return parse_groups([arg.split(",") for arg in args], "", deck)


def _numbered(path: str, name: str) -> str:
    """`[1][2]` → `meld 2`: the engine's path of a card in a group, as the command line names it."""
    found = re.match(r"\[(\d+)\]", path)
    return f"{name} {int(found[1]) + 1}" if found else name


def _situation(ruleset: Ruleset, args: argparse.Namespace, check: str = "") -> Situation:
    """The situation a question's options describe, built and checked by the engine; a problem
    is named by the option it came from (`--round`, `--players`, `--wild-rank`, `--phase`)."""
    given = {name: getattr(args, name) for name in FIELDS if getattr(args, name, None) is not None}
    with _labelled(lambda path: _OPTIONS.get(path, path)):
        return situate(ruleset, check, **given)


def _shown(cards: Sequence[Card], deck: DeckSpec) -> str:
    """Cards as the command line's sentences name them, as the page's chips show them, with the
    deck's symbols: `8♥ 8♠ 2♣`, `Q★`."""
    return " ".join(map(deck.face, cards))


def _faced(deck: DeckSpec, *texts: str) -> str:
    """Cards an answer gives in the deck's notation (`8H`, `QX`), as a sentence names them (`8♥`, `Q★`)."""
    return _shown([parse_card(text, deck=deck) for text in texts], deck)


# A count and its noun in the plural form for `n`; `count` is the number as shown, right-aligned.
def _points_noun(n: int, count: str) -> str:
    return tn("{count} point", "{count} points", n, count=count)


def _cards_noun(n: int, count: str) -> str:
    return tn("{count} card", "{count} cards", n, count=count)


def _tiles_noun(n: int, count: str) -> str:
    return tn("{count} tile", "{count} tiles", n, count=count)


# The noun that counts a hand's pieces, by what the deck calls them (`deck.pieces`).
PIECES_NOUNS: dict[str, Callable[[int, str], str]] = {"cards": _cards_noun, "tiles": _tiles_noun}


def _pennies_noun(n: int, count: str) -> str:
    return tn("{count} penny", "{count} pennies", n, count=count)


def _count(n: int, width: int, noun: Callable[[int, str], str]) -> str:
    """`  1 card ` / `  3 cards`: a count and its noun, padded so the columns line up."""
    widest = max(len(noun(k, " " * width)) for k in (1, 2, 5, 20))  # every plural form
    return f"{noun(n, f'{n:{width}}'):{widest}}"


# The request fields of the HTTP API that are options here.
_OPTIONS = {"wild_rank": "--wild-rank", "went_out": "--went-out", "players": "--players", "round": "--round",
            "phase": "--phase", "score": "--score", "teams": "--team", "red_threes": "--red-threes",
            "concealed": "--concealed", "morto_taken": "--morto-taken", "foot_taken": "--foot-not-taken",
            # Mahjong's (`referee mahjong`)
            "hand": "HAND", "win.tile": "--ron/--tsumo", "seat_wind": "--seat-wind", "round_wind": "--round-wind",
            "riichi": "--riichi", "flowers": "--flower", "dora_indicators": "--dora",
            "ura_dora_indicators": "--ura-dora", "kita": "--kita"}
