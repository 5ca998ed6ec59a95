"""A round entered as the table counts it, as a paper score pad asks for it (games that pay
`scoring.bonuses` on melded scoring: Canasta, Hand and Foot, Buraco): each player's canastas
of each kind, the bonus cards they laid face up, and the card points they melded and were
left with in hand. The bonuses are paid by the table a round entered card by card is paid by
(`teamscore.BONUSES`); what the rules cannot allow is refused, each problem at its field
(`counts.<name>.<field>`, a going out at `went_out`)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from referee.rules.ruleset import Ruleset
from referee.scoring.bonuses import Tally, bonus_problems, going_out_problems, paid_bonuses, sides
from referee.scoring.hand import Deal, HandScore, Part
from referee.scoring.reachable import Hull, Reach, card_sums, melded_worth
from referee.values.errors import InvalidPlayError, Problem
from referee.values.i18n import N_, joined, t, tn

Counts = Mapping[str, Mapping[str, int]]  # by player: {"natural_canastas": 1, "melded_points": 175, ...}


def takes_counts(ruleset: Ruleset) -> bool:
    """Whether a round of this game may be entered by counts: it pays bonuses on melded scoring."""
    return bool(ruleset.scoring.bonuses) and ruleset.scoring.method == "melded_minus_caught"


def _has_canastas(ruleset: Ruleset) -> bool:
    return ruleset.rummy is not None and ruleset.rummy.canasta_min is not None


def _has_semi_clean(ruleset: Ruleset) -> bool:
    return ruleset.rummy is not None and ruleset.rummy.canasta_semi_clean


def _pays_bonus_cards(ruleset: Ruleset) -> bool:
    paid = {"red_three", "all_red_threes"} & set(ruleset.scoring.bonuses)
    return ruleset.rummy is not None and bool(ruleset.rummy.bonus_cards) and bool(paid)


@dataclass(frozen=True)
class Count:
    """One count a table enters for a player: its field, when a game has a use for it (and the
    sentence where it has none), and the kind of canasta it counts."""

    field: str
    used: Callable[[Ruleset], bool] = lambda _: True
    unused: str = ""
    canasta: str | None = None


NO_CANASTAS = N_("{game} has no canastas; leave {field} out")

COUNTS = (
    Count("natural_canastas", _has_canastas, NO_CANASTAS, "natural"),
    Count("mixed_canastas", _has_canastas, NO_CANASTAS, "mixed"),
    Count("semi_clean_canastas", _has_semi_clean, N_("{game} has no semi-clean canastas; leave {field} out"),
          "semi_clean"),
    Count("red_threes", _pays_bonus_cards, N_("{game} has no bonus cards laid face up; leave red_threes out")),
    Count("melded_points"),
    Count("hand_points"),
)


def counts_taken(ruleset: Ruleset) -> list[str]:
    """The counts a round of this game takes for each player, in the score pad's order; none
    where a round may not be entered by counts."""
    return [c.field for c in COUNTS if c.used(ruleset)] if takes_counts(ruleset) else []


def score_counts(ruleset: Ruleset, counts: Counts, went_out: str | None, deal: Deal) -> dict[str, HandScore]:
    """Each player's result from their counts: the bonuses their counts and the round earn, the
    points melded, and those left in hand taken off. Every problem is raised at once."""
    problems = count_problems(ruleset, counts, went_out, deal)
    if problems:
        raise InvalidPlayError(problems)
    entered = _entered(ruleset, counts)
    bonuses = paid_bonuses(ruleset, _tallies(entered), went_out, deal)
    return {name: _scored(bonuses[name], mine) for name, mine in entered.items()}


def _scored(bonuses: list[Part], mine: Mapping[str, int]) -> HandScore:
    parts = [*bonuses, Part("melded", mine["melded_points"]), Part("caught", -mine["hand_points"])]
    return HandScore.made_of(parts, 0, 0, melded=mine["melded_points"], bonuses=sum(p.points for p in bonuses))


def _entered(ruleset: Ruleset, counts: Counts) -> dict[str, dict[str, int]]:
    """Every count the game uses for each player, 0 where left out (counts it has no use for
    are left out)."""
    return {name: {c.field: int(mine.get(c.field, 0)) for c in COUNTS if c.used(ruleset)} for name, mine in
            counts.items()}


def _canastas(mine: Mapping[str, int]) -> dict[str, int]:
    return {c.canasta: mine.get(c.field, 0) for c in COUNTS if c.canasta is not None}


def _tallies(entered: Mapping[str, Mapping[str, int]]) -> dict[str, Tally]:
    """What each player's bonuses are paid on; a player melded something where they counted
    melded points or a canasta."""
    return {name: Tally(_canastas(mine), mine.get("red_threes", 0),
                        bool(mine["melded_points"] or any(_canastas(mine).values())))
            for name, mine in entered.items()}


# ---------------------------------------------------------------- what the rules allow

def count_problems(ruleset: Ruleset, counts: Counts, went_out: str | None, deal: Deal) -> list[Problem]:
    """Every problem of a round entered by counts, one at a field at most: counts the game has
    no use for, who went out without counts or with cards in hand, more canastas or bonus cards
    than the cards in play make, points no cards make or too few for the canastas counted, and
    what the bonuses refuse (`concealed`, `morto_taken`) and a going out the side could not make."""
    entered = _entered(ruleset, counts)
    out = went_out if went_out in entered else None
    problems = [Problem(f"counts.{name}.{c.field}", "unused_field", t(c.unused, game=ruleset.local_name,
                                                                       field=c.field))
                for name, mine in counts.items() for c in COUNTS if c.field in mine and not c.used(ruleset)]
    problems += _went_out_problems(entered, went_out)
    problems += _canasta_supply(ruleset, entered, deal) + _bonus_card_supply(ruleset, entered, deal)
    problems += [p for name, mine in entered.items() for p in _points_problems(ruleset, name, mine, deal)]
    problems += _canasta_points_problems(ruleset, entered, deal)
    problems += bonus_problems(ruleset, list(entered), went_out, deal, melds=False)
    problems += going_out_problems(ruleset, out, _tallies(entered), deal)
    return _first_at_each_field(problems)


def _went_out_problems(entered: Mapping[str, Mapping[str, int]], went_out: str | None) -> list[Problem]:
    """Who went out is counted (their canastas and melded cards score), with nothing in hand."""
    if went_out is None:
        return []
    if went_out not in entered:
        return [Problem(f"counts.{went_out}", "missing_field", t(
            "give the counts of {name}, who went out: their canastas and melded cards score", name=went_out))]
    if entered[went_out]["hand_points"]:
        return [Problem(f"counts.{went_out}.hand_points", "hand_not_empty",
                        t("{name} went out, so their hand must be empty", name=went_out))]
    return []


@dataclass(frozen=True)
class _Meldable:
    """The cards in play that may be melded, each at the least it may be worth melded, lowest
    first: natural cards and wild cards, and whether a wild card may stand as a natural one in
    its own place (`wilds.natural_in_place`)."""

    natural: tuple[int, ...]
    wild: tuple[int, ...]
    wild_as_natural: bool
    size: int  # `canasta.min`

    @classmethod
    def at(cls, ruleset: Ruleset, deal: Deal) -> _Meldable:
        assert ruleset.rummy is not None
        wilds = ruleset.rummy.round(deal.round_number).wilds.with_rank(deal.wild_rank)
        natural: list[int] = []
        wild: list[int] = []
        for card, (copies, worth) in melded_worth(ruleset, deal).items():
            (wild if wilds.is_wild(card) else natural).extend([worth] * copies)
        return cls(tuple(sorted(natural)), tuple(sorted(wild)), wilds.natural_in_place,
                   ruleset.rummy.canasta_min or 0)

    def least(self, canastas: Mapping[str, int]) -> int | None:
        """The least the cards of these canastas may be worth melded, or None where the cards in
        play cannot make them: `size` cards a canasta, a wild card in a mixed or semi-clean one,
        `size` natural cards in a natural or semi-clean one; the cheapest cards that do it."""
        natural, mixed, semi = (canastas.get(kind, 0) for kind in ("natural", "mixed", "semi_clean"))
        wild_needed, natural_needed, rest = mixed + semi, (natural + semi) * self.size, mixed * (self.size - 1)
        spare = self.wild[wild_needed:]
        pool = tuple(sorted(self.natural + spare)) if self.wild_as_natural else self.natural
        left = pool[natural_needed:] if self.wild_as_natural else tuple(sorted(pool[natural_needed:] + spare))
        if wild_needed > len(self.wild) or natural_needed > len(pool) or rest > len(left):
            return None
        return sum(self.wild[:wild_needed]) + sum(pool[:natural_needed]) + sum(left[:rest])


def _canasta_supply(ruleset: Ruleset, entered: Mapping[str, Mapping[str, int]], deal: Deal) -> list[Problem]:
    """More canastas than the cards in play make, named at the count that passes them (players
    and kinds in the order given)."""
    if not _has_canastas(ruleset):
        return []
    meldable = _Meldable.at(ruleset, deal)
    so_far: Counter[str] = Counter()
    for name, mine in entered.items():
        for count in (c for c in COUNTS if c.canasta is not None and mine.get(c.field)):
            so_far[count.canasta or ""] += mine[count.field]
            if meldable.least(so_far) is None:
                total = sum(so_far.values())
                return [Problem(f"counts.{name}.{count.field}", "too_many_canastas", tn(
                    "{name}: with theirs, the canastas counted in this round come to {n}; the cards in play cannot "
                    "make so many", "{name}: with theirs, the canastas counted in this round come to {n}; the cards "
                    "in play cannot make so many",
                    total, name=name))]
    return []


def _bonus_card_supply(ruleset: Ruleset, entered: Mapping[str, Mapping[str, int]], deal: Deal) -> list[Problem]:
    """More bonus cards than the decks in play hold, named at the player whose count passes them."""
    rummy = ruleset.rummy
    in_play = sum(ruleset.deck.copies(c, ruleset.decks_in_play(deal.players)) for c in rummy.bonus_cards) if rummy \
        else 0
    so_far = 0
    for name, mine in entered.items():
        so_far += mine.get("red_threes", 0)
        if so_far > in_play:
            return [Problem(f"counts.{name}.red_threes", "too_many_bonus_cards", tn(
                "the decks in play hold {n} bonus card; this round counts {count}",
                "the decks in play hold {n} bonus cards; this round counts {count}", in_play,
                count=sum(m.get("red_threes", 0) for m in entered.values())))]
    return []


# Why no cards make a number: the first reason that holds, given the number and the totals the
# cards may make.
_REASONS: tuple[tuple[Callable[[int, Reach | Hull], bool], str], ...] = (
    (lambda n, sums: n > sums.most,
     N_("{name}: no cards in {game} add up to {points}: every card in play together is worth {most}")),
    (lambda n, sums: sums.step > 1 and (n - sums.least) % sums.step != 0,
     N_("{name}: no cards in {game} add up to {points}: its cards are all worth multiples of {step}")),
    (lambda n, sums: True,
     N_("{name}: no cards in {game} add up to {points}: no combination of its cards' values makes it")),
)


def _points_problems(ruleset: Ruleset, name: str, mine: Mapping[str, int], deal: Deal) -> list[Problem]:
    """Melded or hand points no cards in play make."""
    problems = []
    for field, melded in (("melded_points", True), ("hand_points", False)):
        sums = card_sums(ruleset, deal, melded)
        if mine[field] not in sums:
            why = next(sentence for holds, sentence in _REASONS if holds(mine[field], sums))
            problems.append(Problem(f"counts.{name}.{field}", "impossible_points", t(
                why, name=name, game=ruleset.local_name, points=mine[field], most=sums.most, step=sums.step)))
    return problems


def _canasta_points_problems(ruleset: Ruleset, entered: Mapping[str, Mapping[str, int]],
                             deal: Deal) -> list[Problem]:
    """A side whose melded points are fewer than the least the cards of its canastas are worth
    (partners add to each other's melds, and a canasta is counted by one of them), named at the
    melded points of its first player who counted one."""
    if not _has_canastas(ruleset):
        return []
    meldable = _Meldable.at(ruleset, deal)
    problems = []
    for side in dict.fromkeys(sides(list(entered), deal).values()):
        counted = [name for name in side if name in entered]
        canastas: Counter[str] = Counter()
        for name in counted:
            canastas.update(_canastas(entered[name]))
        least = meldable.least(canastas)
        points = sum(entered[name]["melded_points"] for name in counted)
        if least is None or points >= least:  # more canastas than the cards make is said by the supply
            continue
        at = next(name for name in counted if any(_canastas(entered[name]).values()))
        problems.append(Problem(f"counts.{at}.melded_points", "impossible_points", tn(
            "{side}: the cards of {n} canasta are worth at least {least} melded, but their melded_points come to "
            "{points}", "{side}: the cards of {n} canastas are worth at least {least} melded, but their "
            "melded_points come to {points}", sum(canastas.values()), side=joined(counted), least=least,
            points=points)))
    return problems


def _first_at_each_field(problems: list[Problem]) -> list[Problem]:
    """One problem a field: the first found there."""
    first: dict[str, Problem] = {}
    for problem in problems:
        first.setdefault(problem.path, problem)
    return [p for p in problems if first[p.path] is p]
