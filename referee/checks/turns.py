"""Judging a turn on a table that may be rearranged (`table.rearrange`: Rummikub, Remi).

A turn is the table before it, the table after it and the player's hand. Readings decided
here (docs/engine.md, "Turns on a table that may be rearranged"): tiles are counted as
multisets, so which of two identical tiles moved does not matter; a joker freed from a meld
is a tile of the table like any other and must be on the table again at the end of the turn;
before the first meld the table's melds are compared as multisets of melds (their order and
the order of tiles inside them do not matter).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence

from referee.checks.judge import Judge
from referee.checks.plays import check_first_meld
from referee.checks.situation import Situation
from referee.rules.ruleset import Ruleset
from referee.values.cards import JOKER, Card
from referee.values.errors import InvalidPlayError, Problem
from referee.values.i18n import continued, t, tn
from referee.values.violations import Verdict, Violation, listed

# What the first meld's own check says about the requirement; its sentences about each meld
# are said here, at the meld's place in `after`.
_REQUIREMENT_CODES = frozenset({"requirement_not_met", "too_many_melds"})

Melds = Sequence[Sequence[Card]]


def check_turn(situation: Situation, before: Melds, after: Melds, hand: Sequence[Card]) -> Verdict:
    """Is this turn legal: every meld of `after` legal, `after` holding every tile of `before`
    plus at least one tile of `hand` and nothing else (and, where every turn ends with a
    discard, not every tile of it), and before the first meld `before` untouched and the new
    melds meeting the first meld from the hand alone?

    Raises `InvalidPlayError` for what cannot be judged: a game whose table may not be
    rearranged, or more copies of a tile in `before` and `hand` than the set holds. A valid
    answer adds `played` (the hand's tiles played) and `melds` (each meld of `after`: its kind
    and what each joker stands for)."""
    ruleset = situation.ruleset
    refuse_fixed_table(ruleset)
    judge = situation.judge()
    _refuse_impossible_tiles(judge, before, hand)
    on_table, held = _count(before), Counter(hand)
    laid = _count(after)
    missing = on_table - laid
    added = laid - on_table
    invented = added - held
    played = added - invented
    violations = list(_missing(judge, missing))
    if invented:
        violations.append(Violation("not_in_hand", tn(
            "{cards} is neither on the table before the turn nor in the player's hand.",
            "{cards} are neither on the table before the turn nor in the player's hand.",
            invented.total(), cards=listed(_tiles(invented), judge.deck)), _tiles(invented)))
    if not played:
        violations.append(Violation("nothing_played", t(
            "A turn that changes the table plays at least one tile from the hand; none was played "
            "(a player who cannot play draws a tile instead)."), ()))
    if played and played == held and judge.rules.final_discard == "required":
        violations.append(Violation("no_discard_left", t(
            "{game} ends every turn with a discard: one tile of the hand must be kept back to discard.",
            game=ruleset.local_name), _tiles(played)))
    answers: list[dict[str, object]] = []
    for i, cards in enumerate(after):
        meld, found = judge.judge(cards)
        answers.append(meld.as_dict() | {"valid": True} if meld is not None
                       else {"kind": None, "wilds": [], "valid": False})
        violations += [Violation(v.code, t("Meld {n}: {message}", n=i + 1, message=continued(v.message)), v.cards,
                                 f"after[{i}]")
                       for v in found if v.code != "duplicate_card"]  # copies are counted above
    if not situation.first_meld_done:
        violations += _first_meld(situation, before, after, hand, played)
    return Verdict(tuple(violations), {"played": [str(c) for c in _tiles(played)], "melds": answers})


def refuse_fixed_table(ruleset: Ruleset) -> None:
    """A 422 for a game whose table may not be rearranged: its turns are asked play by play."""
    if ruleset.rummy is None or not ruleset.rummy.rearrange:
        raise InvalidPlayError(Problem("", "table_not_rearranged", t(
            "{game} does not let a turn rebuild the table's melds (table.rearrange); check its plays "
            "one by one with melds/check and lay-offs/check", game=ruleset.local_name)))


def _refuse_impossible_tiles(judge: Judge, before: Melds, hand: Sequence[Card]) -> None:
    """More copies of a tile on the table and in the hand than the set holds: no table can
    show it, so it is refused at the place of each copy past those the set has."""
    places = [(f"before[{i}][{j}]", c) for i, meld in enumerate(before) for j, c in enumerate(meld)]
    places += [(f"hand[{k}]", c) for k, c in enumerate(hand)]
    found = {v.cards[0]: v for v in judge.card_violations([c for _, c in places]) if v.code == "duplicate_card"}
    if not found:
        return
    seen: Counter[Card] = Counter()
    problems = []
    for path, card in places:
        seen[card] += 1
        if card in found and seen[card] > judge.deck.copies(card, judge.decks):
            problems.append(Problem(path, "duplicate_card", found[card].message))
    raise InvalidPlayError(problems)


def _count(melds: Melds) -> Counter[Card]:
    return Counter(c for meld in melds for c in meld)


def _tiles(counted: Counter[Card]) -> tuple[Card, ...]:
    """The tiles of a count, each as often as counted, in a steady order (as the notation sorts)."""
    return tuple(sorted(counted.elements(), key=str))


def _missing(judge: Judge, missing: Counter[Card]) -> Iterator[Violation]:
    if not missing:
        return
    jokers = missing[Card(JOKER)]
    tiles = _tiles(missing)
    shown = listed(tiles, judge.deck)
    if jokers and jokers == missing.total():
        yield Violation("cards_missing", tn(
            "A joker taken from the table must be played again in the same turn; it is missing from "
            "the table after the turn ({cards}).",
            "Jokers taken from the table must be played again in the same turn; {n} are missing from "
            "the table after the turn ({cards}).", jokers, cards=shown), tiles)
    elif jokers:
        yield Violation("cards_missing", tn(
            "Every tile on the table stays on it: {cards} is missing after the turn (a joker taken "
            "from a meld must be played again in the same turn).",
            "Every tile on the table stays on it: {cards} are missing after the turn (a joker taken "
            "from a meld must be played again in the same turn).", len(tiles), cards=shown), tiles)
    else:
        yield Violation("cards_missing", tn(
            "Every tile on the table stays on it: {cards} is missing after the turn.",
            "Every tile on the table stays on it: {cards} are missing after the turn.", len(tiles), cards=shown),
            tiles)


def _first_meld(situation: Situation, before: Melds, after: Melds, hand: Sequence[Card],
                played: Counter[Card]) -> list[Violation]:
    """Before the first meld: the table's melds stay as they are, and the melds added are a
    first meld from the hand alone."""
    violations = []
    unmatched = Counter(_key(m) for m in after)
    for i, meld in enumerate(before):
        key = _key(meld)
        if unmatched[key]:
            unmatched[key] -= 1
            continue
        violations.append(Violation("table_changed_before_first_meld", t(
            "Meld {n} on the table was changed, but the table may be touched only after the player's "
            "first meld; this turn may only add melds of the player's own tiles.", n=i + 1), tuple(meld),
            f"before[{i}]"))
    new = []
    for meld in after:
        key = _key(meld)
        if unmatched[key]:
            unmatched[key] -= 1
            new.append(tuple(meld))
    if violations or not played:
        return violations  # the table was changed, or nothing played: there is no first meld to judge
    left = list(hand)
    for card in played.elements():
        left.remove(card)
    found = check_first_meld(situation.but(score=0), new, left)
    return violations + [v for v in found.violations if v.code in _REQUIREMENT_CODES]


def _key(meld: Sequence[Card]) -> tuple[str, ...]:
    return tuple(sorted(map(str, meld)))
