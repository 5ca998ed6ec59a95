"""`referee check`, `first-meld` and `going-out`: one play of a hand against the rules."""

from __future__ import annotations

import argparse
from collections.abc import Iterator, Sequence
from typing import Any, cast

from referee.checks.layout import DOWN, check_placement
from referee.checks.needwords import requirement_words
from referee.checks.plays import check_first_meld, check_meld
from referee.checks.situation import Situation
from referee.cli.common import (
    _OPTIONS,
    NO,
    YES,
    _card_tokens,
    _cards,
    _count,
    _faced,
    _groups,
    _labelled,
    _points_noun,
    _ruleset,
    _shown,
    _situation,
)
from referee.kinds.table import KINDS
from referee.planner import check_going_out
from referee.rules.ruleset import LayoutRules, Ruleset
from referee.values.cards import Card, DeckSpec, read_card
from referee.values.errors import InvalidPlayError, Problem
from referee.values.i18n import N_, suit_name, t, tn, tp
from referee.values.violations import Verdict

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


def _check(args: argparse.Namespace) -> int:
    """One meld in a rummy game, one placement in a layout game."""
    ruleset = _ruleset(args.ruleset)
    if ruleset.mahjong is not None:
        raise InvalidPlayError(Problem("", "wrong_family", t(
            "{game} is a Mahjong game: `referee mahjong score` and `referee mahjong waits` judge its hands",
            game=ruleset.local_name)))
    situation = _situation(ruleset, args)
    if ruleset.layout is not None:
        return _check_placement(ruleset, ruleset.layout, args)
    if args.layout is not None:
        raise InvalidPlayError(Problem("--layout", "wrong_family", t(
            "{game} is a {family} game: --layout is for layout games; give the cards of one meld",
            game=ruleset.local_name, family=ruleset.family)))
    cards = _cards(_card_tokens(args.cards), ruleset.deck)
    verdict = check_meld(situation, cards)
    shown = _shown(cards, ruleset.deck)
    if verdict.valid:
        print(KINDS[str(verdict.extra["kind"])].words.legal(shown)
              + _stands(verdict.extra.get("wilds"), ruleset.deck))
        return YES
    return _not_legal(shown, verdict)


def _stands(wilds: object, deck: DeckSpec) -> str:
    """`; 2♣ stands for 8` for each wild card of a meld's answer (`Meld.as_dict()["wilds"]`),
    cards shown with the deck's symbols; a meld of one suit's wild card stands for its suit."""
    said = []
    for wild in cast("list[dict[str, str | None]]", wilds or []):
        stands = read_card(wild["as"], deck) if wild["as"] else None  # a run's card, or a set's rank
        what = deck.face(stands) if isinstance(stands, Card) else \
            suit_name(wild["as"], deck.suit_named(wild["as"])) if wild["as"] in deck.suits else wild["as"] or t("any rank")
        said.append(t("; {card} stands for {what}", card=_faced(deck, str(wild["card"])), what=what))
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
    cards = _cards(_card_tokens(args.cards), ruleset.deck)
    if len(cards) != 1:
        raise InvalidPlayError(Problem("", "one_card", t(
            "{game} is a layout game: check one drawn card at a time (got {count}: {cards})",
            game=ruleset.local_name, count=len(cards), cards=_shown(cards, ruleset.deck))))
    card = cards[0]
    tokens = _card_tokens([args.layout]) if args.layout is not None else [DOWN] * len(rules.slots)
    with _labelled("--layout"):
        verdict = check_placement(ruleset, tokens, card)
    answer = _placement_answer(card, verdict, ruleset.deck)
    if args.layout is None:
        print(tn("  (on a fresh layout, all {n} slots face down; give --layout for yours)",
                 "  (on a fresh layout, all {n} slots face down; give --layout for yours)", len(rules.slots)))
    return answer


def _placement_answer(card: Card, verdict: Verdict, deck: DeckSpec) -> int:
    face = deck.face
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


def _rummy_table(args: argparse.Namespace, refusal: str, check: str) -> tuple[Ruleset, Situation]:
    """The rummy ruleset a question names, and the situation its options describe for `check`."""
    ruleset = _ruleset(args.ruleset)
    _rummy_only(ruleset, refusal)
    return ruleset, _situation(ruleset, args, check)


def _first_meld(args: argparse.Namespace) -> int:
    """The melds laid down together as a player's first meld, and the hand left after them."""
    ruleset, situation = _rummy_table(args, NO_FIRST_MELD, "first-meld")
    melds = _groups(args.melds, "meld", ruleset.deck)
    hand = _cards([c for c in args.hand.split(",") if c.strip()], ruleset.deck, "--hand")
    with _labelled(lambda path: _OPTIONS.get(path, path)):
        verdict = check_first_meld(situation, melds, hand)
    shown = t("first meld {melds}", melds=" + ".join(_shown(m, ruleset.deck) for m in melds))
    if not verdict.valid:
        return _not_legal(shown, verdict)
    rules = situation.rules
    game = t("{game} round {n}", game=ruleset.local_name, n=rules.number) if rules.number else ruleset.local_name
    if args.phase is not None:
        game = t("{game}, phase {n}", game=ruleset.local_name, n=args.phase)
    print(t("legal: {play} makes the first meld of {game} ({needs})", play=shown, game=game,
            needs=requirement_words(rules.first_meld)))
    answers = cast("list[dict[str, object]]", verdict.extra["melds"])
    for i, (cards, answer) in enumerate(zip(melds, answers, strict=True)):
        print(KINDS[str(answer["kind"])].words.is_meld(i + 1, _shown(cards, ruleset.deck))
              + _stands(answer["wilds"], ruleset.deck))
    return YES


def _going_out(args: argparse.Namespace) -> int:
    """Whether the whole hand can be melded or laid off; a yes comes with the steps that do it."""
    ruleset, situation = _rummy_table(args, NO_GOING_OUT, "going-out")
    table = _groups(args.table, "--table", ruleset.deck)
    hand = _cards(_card_tokens(args.cards), ruleset.deck)
    named = {**_OPTIONS, "morto_taken": "--morto-not-taken"}
    with _labelled(lambda path: "--table" if path.startswith("table") else named.get(path, "")):
        verdict = check_going_out(situation, hand, table)
    knock = ruleset.scoring.knock is not None  # a hand ends by knocking, deadwood and all
    shown = t("knocking with {cards}", cards=_shown(hand, ruleset.deck)) if knock else \
        t("going out with {cards}", cards=_shown(hand, ruleset.deck))
    if not verdict.valid:
        refused = _not_legal(shown, verdict)
        if args.phase is None and ruleset.rummy is not None and ruleset.rummy.per_player:
            print(t("(judged with the phase already down; a phase not yet down is asked with --phase N "
                    "--first-meld-not-done)"))
        return refused
    print(t("legal: {play}", play=shown))
    plan = cast("dict[str, object]", verdict.extra["plan"])
    for step in _steps(plan, table, ruleset.deck):
        print(f"  {step}")
    if knock:
        left = cast("list[str]", plan["left"])
        deadwood = cast(int, verdict.extra["deadwood"])
        print(t("  deadwood: {cards}, {points}", cards=_faced(ruleset.deck, *left) or t("none (gin)"),
                points=_count(deadwood, 0, _points_noun).strip()))
    return YES


def _steps(plan: dict[str, object], table: Sequence[Sequence[Card]], deck: DeckSpec) -> Iterator[str]:
    """A going-out plan in play order, one sentence a step, cards shown with the deck's symbols;
    new melds are numbered as laid down.

    The plan is the API's (`Plan.as_dict`): `first_meld` and `own_lay_offs` index `melds`."""
    melds = cast("list[list[str]]", plan["melds"])
    if plan.get("rebuilt"):
        after = cast("list[list[str]]", plan["table"])
        yield t("rebuild the table as: {melds}", melds=" | ".join(_faced(deck, *m) for m in after))
        yield t("discard {card}", card=_faced(deck, str(plan["discard"]))) if plan["discard"] else \
            _no_discard(deck)
        return
    first = cast("list[int] | None", plan["first_meld"]) or []
    order = first + [i for i in range(len(melds)) if i not in first]
    number = {index: n + 1 for n, index in enumerate(order)}
    for index in order:
        step = t("meld {n}: {cards}", n=number[index], cards=_faced(deck, *melds[index]))
        yield (step + t(" (part of the first meld)")) if index in first else step
    for own in cast("list[dict[str, Any]]", plan["own_lay_offs"]):
        yield t("lay off {cards} on meld {n}", cards=_faced(deck, *own["cards"]), n=number[own["meld"]])
    for lay in cast("list[dict[str, Any]]", plan["lay_offs"]):
        on = lay["table"]
        yield t("lay off {cards} on table meld {n} ({meld})", cards=_faced(deck, *lay["cards"]), n=on + 1,
                meld=_shown(table[on], deck))
    if plan["discard"]:
        yield t("discard {card}", card=_faced(deck, str(plan["discard"])))
    else:
        yield _no_discard(deck)


def _no_discard(deck: DeckSpec) -> str:
    return tp(deck.pieces, N_("no discard: every card is melded or laid off"),
              N_("no discard: every tile is melded or laid off"))
