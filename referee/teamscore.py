"""The bonuses of a hand where the game names them (`scoring.bonuses`: Canasta, Hand and
Foot, Buraco): each canasta a player melded, the bonus cards they laid face up (Canasta's red
threes: against a side that melded nothing where `scoring.bonus_cards_unmelded: against`, all
of them in play to one side counted as one bigger bonus), and going out (concealed instead, where the player melded every card in that
turn). Partners are a side (`Deal.teams`); without teams each player is one."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from referee.canastas import canasta_of
from referee.cards import Card
from referee.errors import InvalidPlayError, Problem
from referee.handscore import Deal
from referee.i18n import t, tn
from referee.melds import judge_for
from referee.ruleset import Ruleset
from referee.teams import team_problems


def sides(names: Sequence[str], deal: Deal) -> dict[str, tuple[str, ...]]:
    """Each player's side: their team, or themselves alone."""
    out = {name: (name,) for name in names}
    for team in deal.teams or ():
        for name in team:
            out[name] = tuple(team)
    return out


def bonus_problems(ruleset: Ruleset, everyone: Sequence[str], went_out: str | None, deal: Deal) -> list[Problem]:
    """Counts that cannot be: more bonus cards than the decks hold, a count for no player, a
    concealed going out without one who went out, or by one who laid cards off."""
    problems: list[Problem] = []
    rummy = ruleset.rummy
    bonus_cards = rummy.bonus_cards if rummy is not None else frozenset()
    counts = deal.red_threes or {}
    if counts and not bonus_cards:
        problems.append(Problem("red_threes", "unused_field", t(
            "{game} has no bonus cards laid face up; leave red_threes out", game=ruleset.local_name)))
        return problems
    for name in counts:
        if name not in everyone:
            problems.append(Problem(f"red_threes.{name}", "unknown_player", t(
                '"{name}" is not one of the players in hands', name=name)))
    in_play = sum(ruleset.deck.copies(c, ruleset.decks_in_play(deal.players)) for c in bonus_cards)
    if bonus_cards and sum(counts.values()) > in_play:
        problems.append(Problem("red_threes", "too_many_bonus_cards", tn(
            "the decks in play hold {n} bonus card; this round counts {count}",
            "the decks in play hold {n} bonus cards; this round counts {count}", in_play,
            count=sum(counts.values()))))
    if deal.concealed:
        if not ruleset.scoring.bonuses.get("concealed"):
            problems.append(Problem("concealed", "unused_field", t(
                "{game} has no bonus for going out concealed; leave concealed out", game=ruleset.local_name)))
        elif went_out is None:
            problems.append(Problem("concealed", "missing_field", t(
                "concealed names how the player who went out did it: give went_out")))
        else:
            judge = judge_for(ruleset, deal.round_number, deal.players, True, deal.wild_rank)
            laid = [i for i, group in enumerate((deal.melded or {}).get(went_out, ()))
                    if judge.judge(group, wild_limit=False)[0] is None]
            if laid:
                problems.append(Problem(f"melded.{went_out}[{laid[0]}]", "not_concealed", t(
                    "{name} went out concealed, melding every card in one turn, so each of their groups is a "
                    "meld of their own, none laid off", name=went_out)))
    return problems


def bonus_points(ruleset: Ruleset, everyone: Sequence[str], went_out: str | None, deal: Deal) -> dict[str, int]:
    """Each player's bonuses for the hand (problems already refused by `bonus_problems`)."""
    bonuses = ruleset.scoring.bonuses
    rummy = ruleset.rummy
    assert rummy is not None
    judge = judge_for(ruleset, deal.round_number, deal.players, True, deal.wild_rank)
    melded: Mapping[str, Sequence[Sequence[Card]]] = deal.melded or {}
    side_of = sides(everyone, deal)
    counts = deal.red_threes or {}
    in_play = sum(ruleset.deck.copies(c, ruleset.decks_in_play(deal.players)) for c in rummy.bonus_cards)
    out = {}
    for name in everyone:
        points = 0
        for group in melded.get(name, ()):
            kind = canasta_of(judge, group)
            if kind is not None:
                points += bonuses.get(f"{kind}_canasta", 0)
        side = side_of[name]
        held = counts.get(name, 0)
        if held:
            side_held = sum(counts.get(p, 0) for p in side)
            each = bonuses.get("red_three", 0)
            if in_play and side_held == in_play and "all_red_threes" in bonuses:
                each = bonuses["all_red_threes"] // in_play
            against = ruleset.scoring.bonus_cards_unmelded == "against" and not any(melded.get(p) for p in side)
            points += -held * each if against else held * each
        if name == went_out:
            points += bonuses.get("concealed", 0) if deal.concealed else bonuses.get("going_out", 0)
        out[name] = points
    return out


def check_teams(ruleset: Ruleset, teams: Sequence[Sequence[str]] | None, names: Sequence[str],
                required: bool = True) -> tuple[tuple[str, ...], ...] | None:
    """The partners as given, checked against the players named (`names`) and the game's team
    size (`referee.teams`); every problem raised at once. None where none are given and none
    are needed (`required` false: a score of one hand may leave them out)."""
    if teams is None and not required:
        return None
    problems = team_problems(ruleset, names, None if teams is None else [list(team) for team in teams])
    if problems:
        raise InvalidPlayError(problems)
    return tuple(tuple(team) for team in teams) if teams is not None else None
