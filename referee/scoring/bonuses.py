"""The bonuses of a hand where the game names them (`scoring.bonuses`: Canasta, Hand and
Foot, Buraco): each canasta a player melded, the bonus cards they laid face up (Canasta's red
threes: against a side that melded nothing where `scoring.bonus_cards_unmelded: against`, all
of them in play to one side counted as one bigger bonus), and going out (concealed instead, where the player melded every card in that
turn). Partners are a side (`Deal.teams`); without teams each player is one."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from referee.checks.canastas import canasta_of, canastas_words, morto_unused
from referee.checks.judge import Judge
from referee.rules.ruleset import Ruleset
from referee.rules.teams import team_problems
from referee.scoring.hand import Deal, Part
from referee.values.cards import Card
from referee.values.errors import InvalidPlayError, Problem
from referee.values.i18n import continued, t, tn
from referee.values.violations import listed


def sides(names: Sequence[str], deal: Deal) -> dict[str, tuple[str, ...]]:
    """Each player's side: their team, or themselves alone."""
    out: dict[str, tuple[str, ...]] = {name: (name,) for name in names}
    for team in deal.teams or ():
        for name in team:
            out[name] = tuple(team)
    return out


def bonus_problems(ruleset: Ruleset, everyone: Sequence[str], went_out: str | None, deal: Deal,
                   melds: bool = True) -> list[Problem]:
    """Counts that cannot be: more bonus cards than the decks hold, a count for no player, a
    concealed going out without one who went out, or by one who laid cards off; and (`melds`)
    a side's melds that are no legal melds, or a going out without what it needs."""
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
            judge = deal.situation(ruleset).judge(True)
            laid = [i for i, group in enumerate((deal.melded or {}).get(went_out, ()))
                    if judge.judge(group, wild_limit=False)[0] is None]
            if laid:
                problems.append(Problem(f"melded.{went_out}[{laid[0]}]", "not_concealed", t(
                    "{name} went out concealed, melding every card in one turn, so each of their groups is a "
                    "meld of their own, none laid off", name=went_out)))
    morto = "no_morto" in ruleset.scoring.bonuses
    if deal.morto_taken is not None and not morto:
        problems.append(morto_unused(ruleset))
    elif morto and deal.morto_taken is None:
        problems.append(Problem("morto_taken", "missing_field", t(
            "{game} scores a side that never took its morto: give morto_taken, who took one", game=ruleset.local_name)))
    for name in deal.morto_taken or {}:
        if name not in everyone:
            problems.append(Problem(f"morto_taken.{name}", "unknown_player", t(
                '"{name}" is not one of the players in hands', name=name)))
    if not melds:  # cards the decks cannot hold: the melds wait until those are right
        return problems
    judge = deal.situation(ruleset).judge(True)
    melded = deal.melded or {}
    side_of = sides(everyone, deal)
    for side in dict.fromkeys(side_of.values()):
        for _, cards, path in side_melds(judge, melded, side):
            meld, found = judge.judge(cards)
            if meld is None:
                problems += [Problem(path, "invalid_meld", t("{cards}: {message}", cards=listed(cards, judge.deck),
                                                             message=continued(v.message))) for v in found[:1]]
    return problems + going_out_problems(ruleset, went_out, melded_tallies(ruleset, everyone, deal), deal)


def going_out_problems(ruleset: Ruleset, went_out: str | None, tallies: Mapping[str, Tally],
                       deal: Deal) -> list[Problem]:
    """A going out the side could not make: before it took its morto (`going_out.after_morto`),
    or without the canastas going out needs (`going_out.requires`; a semi-clean canasta counts
    as mixed there), read from each player's `Tally`."""
    side_of = sides(list(tallies), deal)
    if went_out is None or went_out not in side_of:
        return []
    rules = deal.situation(ruleset).judge(True).rules
    side = [tallies[p] for p in side_of[went_out] if p in tallies]
    problems = []
    if rules.after_morto and deal.morto_taken is not None \
            and not any(deal.morto_taken.get(p) for p in side_of[went_out]):
        problems.append(Problem("went_out", "cannot_go_out", t(
            "{name} went out, but the side never took its morto: a side goes out only after taking it",
            name=went_out)))
    natural = sum(tally.canastas.get("natural", 0) for tally in side)
    every = sum(sum(tally.canastas.values()) for tally in side)
    if not rules.requires.met(natural, every - natural):
        least = ruleset.rummy.canasta_min if ruleset.rummy is not None else None
        problems.append(Problem("went_out", "cannot_go_out", t(
            "{name} went out, but the side's melds do not hold what going out needs: {need}",
            name=went_out, need=canastas_words(rules.requires, least or 0))))
    return problems


def side_melds(judge: Judge, melded: Mapping[str, Sequence[Sequence[Card]]],
               side: Sequence[str]) -> list[tuple[str, tuple[Card, ...], str]]:
    """A side's melds after the hand, each with the player it counts for and the path of its
    first group. Where a side holds one set of a rank (`melds.set.one_per_rank`), its open
    groups of a rank (every partner's, lay-offs included) are one meld, counted for the player
    who holds most of it; a full set (`max`) and a group of several ranks (a run) stand alone.
    Elsewhere each group is a meld."""
    rule = next((m for m in judge.rules.melds if m.one_per_rank), None)
    groups = [(p, i, tuple(g)) for p in side for i, g in enumerate(melded.get(p, ()))]
    if rule is None:
        return [(p, g, f"melded.{p}[{i}]") for p, i, g in groups]
    merged: dict[object, list[tuple[str, int, tuple[Card, ...]]]] = {}
    for p, i, g in groups:
        ranks = {c.rank for c in g if c.rank not in judge.wild_ranks and c not in judge.unmeldable}
        full = rule.max is not None and len(g) >= rule.max
        one_rank = len(ranks) == 1 and not full  # a group of several ranks (a run) is no set
        merged.setdefault(ranks.pop() if one_rank else (p, i), []).append((p, i, g))
    out = []
    for parts in merged.values():
        cards = tuple(c for _, _, g in parts for c in g)
        held = Counter(p for p, _, g in parts for _ in g)
        owner = max(side, key=lambda p: held[p])
        out.append((owner, cards, f"melded.{parts[0][0]}[{parts[0][1]}]"))
    return out


@dataclass(frozen=True)
class Tally:
    """What a player's bonuses are paid on: their canastas by kind (`natural`, `mixed`,
    `semi_clean`: a canasta counts for one partner, who laid it), the bonus cards they laid
    face up, and whether they melded any card."""

    canastas: Mapping[str, int]
    bonus_cards: int = 0
    melded: bool = False


def melded_tallies(ruleset: Ruleset, everyone: Sequence[str], deal: Deal) -> dict[str, Tally]:
    """Each player's `Tally` from the cards melded (`Deal.melded`, a side's melds as
    `side_melds` reads them) and the bonus cards counted (`Deal.red_threes`)."""
    judge = deal.situation(ruleset).judge(True)
    melded: Mapping[str, Sequence[Sequence[Card]]] = deal.melded or {}
    side_of = sides(everyone, deal)
    canastas: dict[str, Counter[str]] = {name: Counter() for name in everyone}
    for side in dict.fromkeys(side_of.values()):
        for owner, cards, _ in side_melds(judge, melded, side):
            kind = canasta_of(judge, cards)
            if kind is not None:
                canastas[owner][kind] += 1
    counts = deal.red_threes or {}
    return {name: Tally(canastas[name], counts.get(name, 0), bool(melded.get(name))) for name in everyone}


@dataclass(frozen=True)
class _Seat:
    """One player at the end of the hand, as each bonus reads them."""

    ruleset: Ruleset
    name: str
    tallies: Mapping[str, Tally]
    side: tuple[str, ...]
    went_out: str | None
    deal: Deal

    @property
    def tally(self) -> Tally:
        return self.tallies[self.name]

    @property
    def bonuses(self) -> Mapping[str, int]:
        return self.ruleset.scoring.bonuses


def _canastas(seat: _Seat) -> list[Part]:
    """Each kind of canasta the player laid, with its count, the biggest bonus first."""
    return sorted((Part(f"{kind}_canasta", n * seat.bonuses.get(f"{kind}_canasta", 0), count=n)
                   for kind, n in seat.tally.canastas.items() if n), key=lambda p: (-p.points, p.item))


def _bonus_cards(seat: _Seat) -> list[Part]:
    """The bonus cards the player laid face up (`red_threes`; `all_red_threes` where the side
    holds every one in play), against a side that melded nothing where the game says so."""
    held = seat.tally.bonus_cards
    if not held:
        return []
    rummy = seat.ruleset.rummy
    assert rummy is not None
    in_play = sum(seat.ruleset.deck.copies(c, seat.ruleset.decks_in_play(seat.deal.players)) for c in rummy.bonus_cards)
    side_held = sum(seat.tallies[p].bonus_cards for p in seat.side if p in seat.tallies)
    item, each = "red_threes", seat.bonuses.get("red_three", 0)
    if in_play and side_held == in_play and "all_red_threes" in seat.bonuses:
        item, each = "all_red_threes", seat.bonuses["all_red_threes"] // in_play
    against = seat.ruleset.scoring.bonus_cards_unmelded == "against" and not any(
        seat.tallies[p].melded for p in seat.side if p in seat.tallies)
    return [Part(item, -held * each if against else held * each, count=held)]


def _going_out(seat: _Seat) -> list[Part]:
    """`going_out`, or `concealed` where the player melded every card in that one turn."""
    if seat.name != seat.went_out:
        return []
    item = "concealed" if seat.deal.concealed else "going_out"
    return [Part(item, seat.bonuses.get(item, 0))]


def _no_morto(seat: _Seat) -> list[Part]:
    """`no_morto`: the side never took its morto, once, for its first player."""
    taken = any((seat.deal.morto_taken or {}).get(p) for p in seat.side)
    if "no_morto" not in seat.bonuses or seat.name != seat.side[0] or taken:
        return []
    return [Part("no_morto", seat.bonuses["no_morto"])]


# The bonuses of a hand, in the order a breakdown gives them: a new kind of bonus is an entry.
BONUSES: tuple[Callable[[_Seat], list[Part]], ...] = (_canastas, _bonus_cards, _going_out, _no_morto)


def paid_bonuses(ruleset: Ruleset, tallies: Mapping[str, Tally], went_out: str | None,
                 deal: Deal) -> dict[str, list[Part]]:
    """Each player's bonuses for the hand, a part each (`BONUSES`), from what each player's
    `Tally` holds, however it was entered (problems already refused)."""
    side_of = sides(list(tallies), deal)
    return {name: [part for bonus in BONUSES
                   for part in bonus(_Seat(ruleset, name, tallies, side_of[name], went_out, deal))]
            for name in tallies}


def bonus_parts(ruleset: Ruleset, everyone: Sequence[str], went_out: str | None, deal: Deal) -> dict[str, list[Part]]:
    """Each player's bonuses for the hand from the cards melded, a part each (problems already
    refused by `bonus_problems`): their canastas of each kind (`natural_canasta`, ... with the
    count), their bonus cards (`red_threes`, or `all_red_threes` where the side holds every one
    in play), `going_out` or `concealed`, and `no_morto`."""
    return paid_bonuses(ruleset, melded_tallies(ruleset, everyone, deal), went_out, deal)


def check_teams(ruleset: Ruleset, teams: Sequence[Sequence[str]] | None, names: Sequence[str],
                required: bool = True) -> tuple[tuple[str, ...], ...] | None:
    """The partners as given, checked against the players named (`names`) and the game's team
    size (`referee.rules.teams`); every problem raised at once. None where none are given and none
    are needed (`required` false: a score of one hand may leave them out)."""
    if teams is None and not required:
        return None
    problems = team_problems(ruleset, names, None if teams is None else [list(team) for team in teams])
    if problems:
        raise InvalidPlayError(problems)
    return tuple(tuple(team) for team in teams) if teams is not None else None
