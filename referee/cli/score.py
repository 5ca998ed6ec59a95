"""`referee score`: a round's points, cards and pennies for each player's hand."""

from __future__ import annotations

import argparse
import re
from collections.abc import Iterator, Sequence

from referee.checks.situation import round_number
from referee.cli.common import (
    _OPTIONS,
    PIECES_NOUNS,
    YES,
    _cards,
    _count,
    _labelled,
    _pennies_noun,
    _points_noun,
    _ruleset,
)
from referee.scoring.bonuses import check_teams
from referee.scoring.hand import Deal
from referee.scoring.round import score_round
from referee.values.cards import Card, DeckSpec
from referee.values.errors import InvalidPlayError, Problem
from referee.values.i18n import t


def _score(args: argparse.Namespace) -> int:
    """End-of-round points; layout games keep no points, so they are refused."""
    ruleset = _ruleset(args.ruleset)
    if ruleset.rummy is None:
        raise InvalidPlayError(Problem("", "wrong_family", t(
            "{game} is a {family} game: it is won by the layout, not by points, so there is nothing to score "
            "(score is for rummy games)", game=ruleset.local_name, family=ruleset.family)))
    with _labelled("--round"):
        round_number(ruleset, args.round)
    hands = _hands(args.hands, ruleset.deck)
    melded: dict[str, list[tuple[Card, ...]]] | None = None
    if args.melded:
        melded = {}
        for name, group in _named_cards(args.melded, "--melded", ruleset.deck):
            melded.setdefault(name, []).append(group)
    with _labelled(_player_of):
        # The teams are of the players whose hands are given (who went out or melded is one of them).
        teams = check_teams(ruleset, [_names(team) for team in args.team] if args.team else None, list(hands))
        # `--morto-taken=` alone: no side took its morto.
        morto = {name.strip(): True for name in args.morto_taken if name.strip()} if args.morto_taken else None
        scores = score_round(ruleset, hands, args.went_out,
                             deal=Deal(args.round, args.players, args.wild_rank, melded,
                                       _red_threes(args.red_threes) or None, args.concealed, teams, morto))
    pennies = ruleset.scoring.pennies_per_card
    for name, result in scores.items():
        line = f"{name:12} {_count(result.points, 5, _points_noun)}  {_count(result.cards, 3, PIECES_NOUNS[ruleset.deck.pieces])}"
        if pennies:
            line += f"  {_count(result.pennies, 3, _pennies_noun)}"
        if result.deadwood is not None:
            line += "  " + t("deadwood {n}", n=result.deadwood)
        if result.melded is not None:
            line += "  " + t("melded {n}", n=result.melded)
        print(line.rstrip())
    for team in teams or ():
        points = sum(scores[name].points for name in team if name in scores)
        print(f"{' + '.join(team):12} {_count(points, 5, _points_noun)}".rstrip())
    return YES


def _names(team: str) -> list[str]:
    """`--team ann,cy`: the partners' names."""
    return [name.strip() for name in team.split(",") if name.strip()]


def _red_threes(items: Sequence[str]) -> dict[str, int]:
    """`--red-threes ann=2` items: how many bonus cards each player laid face up."""
    counts: dict[str, int] = {}
    for item in items:
        name, sep, n = item.partition("=")
        if not sep or not name.strip() or not n.strip().isdigit():
            raise InvalidPlayError(Problem("--red-threes", "invalid_hand", t(
                '"{item}" should be NAME=N, the red threes that player laid face up', item=item)))
        if name.strip() in counts:
            raise InvalidPlayError(Problem(f"--red-threes {name.strip()}", "duplicate_player",
                                           t("this name is given twice; give each player's count once")))
        counts[name.strip()] = int(n)
    return counts


def _hands(items: Sequence[str], deck: DeckSpec) -> dict[str, tuple[Card, ...]]:
    """`NAME=CARD,CARD...` items by name, read by the ruleset's deck; a name given twice would
    hide one of the hands."""
    hands: dict[str, tuple[Card, ...]] = {}
    for name, cards in _named_cards(items, "", deck):
        if name in hands:
            raise InvalidPlayError(Problem(name, "duplicate_player",
                                           t("this name is given twice; give each player's hand once")))
        hands[name] = cards
    return hands


def _named_cards(items: Sequence[str], option: str, deck: DeckSpec) -> Iterator[tuple[str, tuple[Card, ...]]]:
    """Each `NAME=CARD,CARD...` item as a name and its cards, read by the ruleset's deck
    (`option`: where errors point)."""
    for item in items:
        name, sep, cards = item.partition("=")
        name = name.strip()
        if not sep or not name:
            raise InvalidPlayError(Problem(option, "invalid_hand", t(
                '"{item}" should be NAME=CARD,CARD,... (NAME= for an empty hand)', item=item)))
        yield name, _cards([c for c in cards.split(",") if c.strip()], deck, f"{option} {name}".strip())


def _player_of(path: str) -> str:
    """`hands.ann[2]` → `ann`, `melded.ann[1][0]` → `--melded ann`, `teams[1]` → `--team`: the
    engine's path, as the command line names it."""
    if path.startswith("melded."):
        return "--melded " + re.sub(r"(\[\d+\])+$", "", path.removeprefix("melded."))
    field, dot, name = path.partition(".")
    if dot and field in ("red_threes", "morto_taken"):  # `red_threes.ann` → `--red-threes ann`
        return f"{_OPTIONS[field]} {name}"
    if path.startswith("teams"):  # a team or one of its players
        return "--team"
    return _OPTIONS.get(path) or re.sub(r"\[\d+\]$", "", path.removeprefix("hands."))
