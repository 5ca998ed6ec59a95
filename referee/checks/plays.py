"""Judging plays against a round's rules: one meld, a first meld, a lay-off."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from itertools import product
from typing import TYPE_CHECKING

from referee.checks.handlimit import hand_limit_violation
from referee.checks.judge import Judge, Meld, meld_points
from referee.checks.needwords import requirement_words
from referee.kinds.table import KINDS
from referee.rules.ruleset import Progress, Requirement, Ruleset
from referee.values.cards import Card
from referee.values.i18n import N_, continued, t, tn
from referee.values.violations import Verdict, Violation, listed

_new = tuple.__new__  # a verdict made without its checks: the quickest answer of the commonest meld

if TYPE_CHECKING:
    from referee.checks.situation import Situation


def _made(melds: Sequence[Meld]) -> str:
    if not melds:
        return t("no melds")
    return ", ".join(KINDS[m.kind].words.made(len(m.cards)) for m in melds)


def _duplicates_across(judge: Judge, groups: Sequence[Sequence[Card]]) -> Iterator[Violation]:
    everything = [c for g in groups for c in g]
    for v in judge.card_violations(everything):
        if v.code == "duplicate_card":
            yield v


def check_first_meld(situation: Situation, melds: Sequence[Sequence[Card]], hand: Sequence[Card] = ()) -> Verdict:
    """Are the melds legal, and do they meet the round's first-meld requirement and hand limit?
    Where each player holds a contract, the requirement is the player's phase."""
    situation.contract()
    ruleset = situation.ruleset
    judge = situation.judge(False)
    rules = judge.rules
    violations: list[Violation] = list(_duplicates_across(judge, [*melds, hand]))
    violations += judge.going_out_only_violation([c for m in melds for c in m])
    readings: list[list[Meld]] = []  # the legal readings of each legal meld sent (a set, a run)
    legal: list[int] = []
    for i, cards in enumerate(melds):
        meld, found = judge.judge(cards)
        if meld is not None:
            others = (judge.judge(cards, kind=other)[0] for other in judge.kind_order if other != meld.kind)
            readings.append([meld, *(m for m in others if m is not None)])
            legal.append(i)
        # A card repeated within one meld is repeated across them all: reported once, above.
        violations += [Violation(v.code, t("Meld {n}: {message}", n=i + 1, message=continued(v.message)), v.cards)
                       for v in found
                       if v.code != "duplicate_card"]
    violations += _second_sets(judge, [r[0] for r in readings])
    need = rules.first_meld
    # Cards that make either kind count as the kind the requirement needs (the first reading
    # that meets it; else the one the judge reports).
    made, progress, points = _count(ruleset, need, [r[0] for r in readings])
    if not progress or not progress.met:
        for choice in product(*readings):
            tried = _count(ruleset, need, list(choice))
            if tried[1] is not None and tried[1].met:
                made, progress, points = tried
                break
    by_index = dict(zip(legal, made, strict=True))
    answers: list[dict[str, object]] = [by_index[i].as_dict() | {"valid": True} if i in by_index
               else {"kind": None, "wilds": [], "valid": False} for i in range(len(melds))]
    phase = ruleset.rummy.phase if ruleset.rummy is not None else None
    if not need.extra_melds and len(melds) > need.count and phase is not None:
        violations.append(Violation("too_many_melds", tn(
            "Phase {phase} is exactly {need}; {n} meld was sent.", "Phase {phase} is exactly {need}; {n} melds were sent.",
            len(melds), phase=phase, need=requirement_words(need)), tuple(c for m in melds for c in m)))
    elif not need.extra_melds and len(melds) > need.count:
        sentence = tn("Round {round}'s first meld is exactly {need}; {n} meld was sent.",
                      "Round {round}'s first meld is exactly {need}; {n} melds were sent.", len(melds),
                      round=rules.number, need=requirement_words(need)) if rules.number else \
            tn("This game's first meld is exactly {need}; {n} meld was sent.",
               "This game's first meld is exactly {need}; {n} melds were sent.", len(melds), need=requirement_words(need))
        violations.append(Violation("too_many_melds", sentence, tuple(c for m in melds for c in m)))
    elif progress is None or not progress.met:
        # Melds of the wrong kinds within the contract's count: what the contract asks, and
        # what was sent (a set and a run where deal 1 asks for two sets), not one too many.
        if not made:
            sent = t("none of these melds is legal") if melds else t("no meld was sent")
        elif len(made) < len(melds):
            sent = t("the legal ones make {melds}", melds=_made(made))
        else:
            sent = t("these melds make {melds}", melds=_made(made))
        if need.points and made:
            sent = tn("{melds}, worth {n} point", "{melds}, worth {n} points", points, melds=sent)
        said = t("Phase {phase} needs {need}; {sent}.", phase=phase, need=requirement_words(need), sent=sent) \
            if phase is not None else rules.said(
                N_("Round {round}'s first meld needs {need}; {sent}."), N_("This game's first meld needs {need}; {sent}."),
                need=requirement_words(rules.first_meld), sent=sent)
        violations.append(Violation("requirement_not_met", said, tuple(c for m in melds for c in m)))
    violations += hand_limit_violation(ruleset, hand, situation.score)
    return Verdict(tuple(violations), {"melds": answers})


def _second_sets(judge: Judge, melds: Sequence[Meld]) -> list[Violation]:
    """Two melds of one rank where a side holds one set of a rank (`melds.set.one_per_rank`)."""
    seen: dict[tuple[str, str], Meld] = {}
    found = []
    for meld in melds:
        naturals = meld.naturals()
        if not judge.kinds[meld.kind].one_per_rank or not naturals:
            continue
        key = (meld.kind, naturals[0].rank)
        if key in seen:
            found.append(Violation("one_set_per_rank", t(
                "A side holds one meld of each rank: these cards ({cards}) go into the other meld of their rank.",
                cards=listed(meld.cards, judge.deck)), tuple(meld.cards)))
        seen.setdefault(key, meld)
    return found


def _count(ruleset: Ruleset, need: Requirement, made: list[Meld]) -> tuple[list[Meld], Progress | None, int]:
    """The requirement's progress after these melds, counted in the order that fills it most
    (pure runs, then larger), and their points; None: a meld beyond an exact contract."""
    progress: Progress | None = Progress.of(need)
    points = 0
    for meld in sorted(made, key=lambda m: (not m.pure, -len(m.cards))):
        worth = meld_points(ruleset.scoring, meld) if need.points else 0
        points += worth
        if progress is not None:
            progress = progress.add(meld.kind, len(meld.cards), worth, meld.pure)
    return made, progress, points


def check_lay_off(situation: Situation, meld: Sequence[Card], cards: Sequence[Card],
                  hand: Sequence[Card] | None = None) -> Verdict:
    """May these cards be added to this meld on the table? `hand` (the cards left after it)
    and the situation's score feed the hand limit. Lay-offs come after a first meld, so the
    meld grows under the limits for later melds (`wilds.after_first_meld`)."""
    ruleset, done = situation.ruleset, situation.first_meld_done
    judge = situation.judge(True)
    violations: list[Violation] = hand_limit_violation(ruleset, hand, situation.score, "lay off")
    refusal = judge.rules.lay_off.refusal(done, situation.others_meld, ruleset.deck.pieces)
    if refusal and not done and ruleset.rummy is not None and ruleset.rummy.per_player:
        refusal = t("In {game} a player lays cards off (hits) only once their own phase is down.",
                    game=ruleset.local_name)
    if refusal:
        violations.insert(0, Violation("lay_off_not_allowed", refusal, tuple(cards)))
    table, found = judge.judge(meld, wild_limit=False)
    if table is None:
        violations += [Violation(v.code, t("The meld on the table: {message}", message=continued(v.message)), v.cards)
                       for v in found]
        return Verdict(tuple(violations))
    rummy = ruleset.rummy
    wild = [c for c in cards if c.rank in judge.wild_ranks]
    if rummy is not None and rummy.canasta_closed_to_wilds and rummy.canasta_min is not None \
            and len(meld) >= rummy.canasta_min and wild:
        violations.append(Violation("too_many_wilds", tn(
            "{cards} is wild, and no wild card goes onto a canasta.", "{cards} are wild, and no wild card goes onto "
            "a canasta.", len(wild), cards=listed(wild, judge.deck)), tuple(wild)))
        return Verdict(tuple(violations))
    combined, found = KINDS[table.kind].grow(judge, table, cards)
    if combined is None:
        violations += found
        return Verdict(tuple(violations))
    return Verdict(tuple(violations), {"meld": judge.described(combined) | {"cards": [str(c) for c in combined.cards]}}
                   if not violations else {})


def check_meld(situation: Situation, cards: Iterable[Card], hand: Sequence[Card] | None = None) -> Verdict:
    """Is this one legal meld? A valid answer adds `kind` and what each wild stands for.

    The situation's `first_meld_done` judges a meld made after the player's first meld; `hand`
    (the cards left after it) and its `score` feed the hand limit."""
    judge = situation.judge()
    cards = cards if isinstance(cards, (tuple, list)) else tuple(cards)
    meld = judge.fast_set(cards)
    if meld is not None and hand is None and judge.later_melds:  # the common case, first
        return _new(Verdict, ((), judge.described(meld)))
    limit = hand_limit_violation(situation.ruleset, hand, situation.score) if hand is not None else []
    if situation.first_meld_done and not judge.later_melds:
        limit.insert(0, Violation("no_new_melds", judge.rules.said(
            N_("Round {round}: after the first meld no new meld may be made, only cards laid off."),
            N_("This game: after the first meld no new meld may be made, only cards laid off.")), tuple(cards)))
    limit = judge.going_out_only_violation(cards) + limit
    if meld is None:
        meld, violations = judge.judge(cards, fast_tried=True)
        if meld is None:
            return Verdict(tuple(violations + limit))
    if limit:
        return Verdict(tuple(limit), meld.as_dict())
    return Verdict((), judge.described(meld))
