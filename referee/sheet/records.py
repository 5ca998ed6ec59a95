"""A round as a table enters it, turned into a record of the score sheet's ledger.

The checks of the entry itself live here: the fields the game uses, hands scored by the
engine, points and the card counts pennies hang on, the wild rank of the deal. What the
records add up to is `standings`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from referee.checks.judge import wild_rank_problem
from referee.rules.ruleset import Ruleset
from referee.scoring.counts import score_counts, takes_counts
from referee.scoring.hand import Deal, Part, counted
from referee.scoring.reachable import points_problems
from referee.scoring.round import gain_sign, score_round, winner_gains_parts
from referee.values.cards import parse_named, parse_named_groups
from referee.values.errors import InvalidPlayError, Problem
from referee.values.i18n import t, tn

Record = dict[str, Any]  # a ledger entry, JSON-ready: {"type": "round", ...}


_LAYOUT_FIELDS = ("winner", "completed")
_MAHJONG_FIELDS = ("win", "wins", "draw", "riichi")
_RUMMY_FIELDS = ("went_out", "hands", "points", "cards", "melded", "wild_rank", "counts")
# Fields a round entered by counts leaves to the other ways of entering one.
_NOT_WITH_COUNTS = ("points", "cards", "melded", "red_threes", "wild_rank")


def _unused(ruleset: Ruleset, body: Mapping[str, Any], names: Sequence[str], why: str) -> list[Problem]:
    return [Problem(name, "unused_field", t('{game} does not use "{name}" in a round: {why}', game=ruleset.local_name,
                                            name=name, why=why))
            for name in names if name in body]


def round_record(ruleset: Ruleset, body: Mapping[str, Any], players: int | None = None,
                 round_number: int = 1, teams: Sequence[Sequence[str]] | None = None) -> Record:
    """A ledger record from a round as a table enters it (see `_record`). Where each player
    holds their own phase, the record names who made theirs (`phases_made`, none when not
    given); elsewhere `phases_made` is a field the game does not use."""
    held = ruleset.rummy is not None and ruleset.rummy.per_player
    unused = [] if held else _unused(ruleset, body, ("phases_made",), t("it has no phases held by each player"))
    unused += _unused(ruleset, body, _MAHJONG_FIELDS, t("it is no Mahjong game"))
    try:
        record = _record(ruleset, body, players, round_number, teams)
    except InvalidPlayError as exc:
        raise InvalidPlayError(unused + exc.problems) from None
    if unused:
        raise InvalidPlayError(unused)
    return record | {"phases_made": list(body.get("phases_made") or [])} if held else record


def _record(ruleset: Ruleset, body: Mapping[str, Any], players: int | None, round_number: int,
            teams: Sequence[Sequence[str]] | None = None) -> Record:
    """A ledger record from a round as a table enters it: hands are scored by the engine.

    `players` (the game's size) fixes the decks in play, so hands holding a card those
    decks cannot hold are refused here, before any record exists (see `deck_problems`).
    A field the game does not use is refused rather than dropped (even when null or empty),
    and where the ruleset charges pennies per card caught, a round given as `points` must
    say how many cards each of those players was caught with.
    """
    if ruleset.layout is not None:
        problems = _unused(ruleset, body, _RUMMY_FIELDS, t("a layout game's round names its winner"))
        if not body.get("winner"):
            problems.append(Problem("winner", "missing_field", t("a layout game's round names its winner")))
        if problems:
            raise InvalidPlayError(problems)
        return {"type": "round", "winner": body["winner"], "completed": list(body.get("completed") or [])}
    problems = _unused(ruleset, body, _LAYOUT_FIELDS, t("a round gives each player's hand or points"))
    went_out = body.get("went_out")
    if body.get("hands") is not None:
        problems += [Problem(name, "unused_field", t('"{name}" would be ignored: the hands are scored here, '
                                                     'so give the hands or the {name}, not both', name=name))
                     for name in ("points", "cards", "counts") if name in body]
        if problems:
            raise InvalidPlayError(problems)
        hands = parse_named(body["hands"], "hands", ruleset.deck)
        melded = parse_named_groups(body["melded"], "melded", ruleset.deck) if body.get("melded") is not None \
            else None
        if problems:
            raise InvalidPlayError(problems)
        rules_round = round_number if ruleset.rummy and ruleset.rummy.rounds else 1
        # Who went out may be left out of hands (their hand is empty); where the winner gains the
        # others' racks, they are the winner all the same.
        named = went_out in hands or went_out in (melded or {}) or (
            went_out is not None and ruleset.scoring.method == "winner_gains")
        scored = score_round(ruleset, {**({str(went_out): ()} if named and went_out not in hands else {}), **hands},
                             went_out if named else None,
                             players, deal=Deal(rules_round, players, body.get("wild_rank"), melded,
                                                body.get("red_threes"), bool(body.get("concealed")),
                                                tuple(tuple(team) for team in teams) if teams else None,
                                                body.get("morto_taken")))
        scored_record: Record = {"type": "round", "went_out": went_out,
                                 "points": {n: s.points for n, s in scored.items()},
                                 "cards": {n: s.cards for n, s in scored.items()},
                                 "hands": {n: [str(c) for c in cards] for n, cards in hands.items()},
                                 "breakdown": {n: [p.as_dict() for p in s.breakdown] for n, s in scored.items()}}
        if melded is not None:
            scored_record["melded"] = {n: [[str(c) for c in g] for g in groups] for n, groups in melded.items()}
        if body.get("wild_rank") is not None:
            scored_record["wild_rank"] = body["wild_rank"]
        if body.get("red_threes"):
            scored_record["red_threes"] = dict(body["red_threes"])
        if body.get("concealed"):
            scored_record["concealed"] = True
        if body.get("morto_taken") is not None:
            scored_record["morto_taken"] = dict(body["morto_taken"])
        return scored_record
    if body.get("counts") is not None or ("counts" in body and not takes_counts(ruleset)):
        teams_given = tuple(tuple(team) for team in teams) if teams else None
        return _counted(ruleset, body, Deal(round_number if ruleset.rummy and ruleset.rummy.rounds else 1, players,
                                            concealed=bool(body.get("concealed")), teams=teams_given,
                                            morto_taken=body.get("morto_taken")), problems)
    if body.get("points") is None:
        problems.append(Problem("points", "missing_field", t("give the round's hands or points")))
        raise InvalidPlayError(problems)
    points: Mapping[str, int] = body["points"]
    cards: Mapping[str, int] | None = body.get("cards")
    problems += _card_counts(ruleset, points, cards, went_out)
    melded_scored = ruleset.scoring.method == "melded_minus_caught"
    problems += _unused(ruleset, body, ("melded",), t("melded cards are scored from hands, not with points")
                        if melded_scored else t("it does not score melded cards"))
    problems += _unused(ruleset, body, ("red_threes", "concealed", "morto_taken"), t("bonuses are scored from hands, not with points")
                        if ruleset.scoring.bonuses else t("it scores no bonuses"))
    gains = ruleset.scoring.method == "winner_gains"
    if not melded_scored:
        problems += [Problem(f"points.{n}", "out_of_range", t("{name}: points are 0 or more in {game}", name=n,
                                                              game=ruleset.local_name))
                     for n, v in points.items() if v < 0 and not (gains and n == went_out)]
    scorers = [n for n, v in points.items() if v > 0]
    if ruleset.scoring.knock is not None and len(scorers) > 1:  # the knocker or the defender, not both
        problems.append(Problem("points", "out_of_range", t(
            "only the winner of a hand scores in {game}, but points are given to {names}", game=ruleset.local_name,
            names=", ".join(scorers))))
    cap = ruleset.scoring.cap
    if cap is not None:
        problems += [Problem(f"points.{n}", "out_of_range", t("{name}: a hand costs at most {cap} in {game}", name=n,
                                                              cap=cap, game=ruleset.local_name))
                     for n, v in points.items() if v > cap]
    if body.get("wild_rank") is not None and ruleset.rummy is not None:
        found = wild_rank_problem(ruleset, ruleset.rummy.round(round_number if ruleset.rummy.rounds else 1),
                                  body["wild_rank"])
        if found is not None:
            problems.append(found)
    if gains and went_out is not None and points.get(went_out):
        problems.append(Problem(f"points.{went_out}", "out_of_range", t(
            "{name} went out and gains the others' racks in {game}: leave {name} out of points", name=went_out,
            game=ruleset.local_name)))
    if ruleset.rummy is not None:  # numbers no hand can make, where nothing else is wrong with them
        flagged = {p.path for p in problems}
        problems += points_problems(ruleset, {n: v for n, v in points.items() if f"points.{n}" not in flagged},
                                    Deal(round_number if ruleset.rummy.rounds else 1, players, body.get("wild_rank")))
    if problems:
        raise InvalidPlayError(problems)
    entered = {n: Part("entered", v) for n, v in points.items()}
    parts = winner_gains_parts({**entered, **({went_out: Part("entered", 0)} if went_out is not None else {})},
                               went_out, gain_sign(ruleset)) if gains else {n: counted([p]) for n, p in entered.items()}
    record: Record = {"type": "round", "went_out": went_out,
                      "points": {n: sum(p.points for p in found) for n, found in parts.items()},
                      "breakdown": {n: [p.as_dict() for p in found] for n, found in parts.items()}}
    if body.get("wild_rank") is not None:
        record["wild_rank"] = body["wild_rank"]
    if cards is not None:
        record["cards"] = dict(cards)
    return record


def _counted(ruleset: Ruleset, body: Mapping[str, Any], deal: Deal, problems: list[Problem]) -> Record:
    """A round entered as the table counts it (`referee.scoring.counts`): scored here, its counts kept.
    `counts` is one of the three ways with `hands` and `points`, and carries the red threes."""
    problems = problems + [Problem(name, "unused_field", t(
        '"{name}" would be ignored: the counts are scored here, so give the counts or the {name}, not both',
        name=name)) for name in _NOT_WITH_COUNTS if name in body]
    if not takes_counts(ruleset):
        raise InvalidPlayError(problems + _unused(ruleset, body, ("counts",), t("it scores no bonuses")))
    went_out = body.get("went_out")
    try:
        scored = score_counts(ruleset, body["counts"], went_out, deal)
    except InvalidPlayError as exc:
        raise InvalidPlayError(problems + exc.problems) from None
    if problems:
        raise InvalidPlayError(problems)
    record: Record = {"type": "round", "went_out": went_out, "points": {n: s.points for n, s in scored.items()},
                      "counts": {n: dict(mine) for n, mine in body["counts"].items()},
                      "breakdown": {n: [p.as_dict() for p in s.breakdown] for n, s in scored.items()}}
    if body.get("concealed"):
        record["concealed"] = True
    if body.get("morto_taken") is not None:
        record["morto_taken"] = dict(body["morto_taken"])
    return record


def stored_breakdown(ruleset: Ruleset, record: Mapping[str, Any]) -> Record:
    """`{"breakdown": ...}`, what each player's points in a rummy round were made of, to add to
    the round as a game shows it (nothing for a layout round, which has no points). A record
    keeps its breakdown; one written before records kept it tells what it can: the hand caught
    where the game scores the cards caught, else each player's points as one `entered` part."""
    if "breakdown" in record or "points" not in record:
        return {}  # kept with the record, or a layout round
    hands: Mapping[str, list[str]] | None = record.get("hands")
    caught = hands is not None and ruleset.scoring.method == "caught"
    parts = {name: {"item": "caught", "cards": list((hands or {}).get(name, [])), "points": points} if caught
             else {"item": "entered", "points": points} for name, points in record["points"].items()}
    return {"breakdown": {name: [part] if part["points"] or part.get("cards") else []
                          for name, part in parts.items()}}


def _card_counts(ruleset: Ruleset, points: Mapping[str, int], cards: Mapping[str, int] | None,
                 went_out: object) -> list[Problem]:
    """What is wrong with a points round's `cards`: missing where pennies hang on them, or
    naming a player the round gives no points."""
    problems: list[Problem] = []
    per_card = ruleset.scoring.pennies_per_card
    charge = tn("{game} charges {n} penny per card caught", "{game} charges {n} pennies per card caught",
                per_card, game=ruleset.local_name)
    given = cards or {}
    for name, value in points.items():
        if not per_card or name == went_out:  # who went out holds no cards
            continue
        if name not in given:
            problems.append(Problem(f"cards.{name}", "missing_field",
                                    t("{charge}: how many cards was {name} caught with?", charge=charge, name=name)))
        elif given[name] == 0 and value:
            problems.append(Problem(f"cards.{name}", "out_of_range", t(
                "{name} has {points} points in 0 cards: how many cards was {name} caught with?", name=name,
                points=value)))
    for name, count in given.items():
        if name == went_out and count:
            problems.append(Problem(f"cards.{name}", "hand_not_empty",
                                    t("{name} went out, so they are caught with nothing", name=name)))
        elif name not in points and name != went_out:
            problems.append(Problem(f"cards.{name}", "unused_field",
                                    t('"{name}" has no points in this round, so no cards to count', name=name)))
    return problems
