"""A round's rules as the table reads them: the resolved fields, and one line in words.

"Round 3: two sets of four; deuces wild, at most one per set" is what players say across the
table; the words come from the ruleset's fields, never from a game's name."""

from __future__ import annotations

from typing import Any

from referee.cards import JOKER
from referee.errors import InvalidPlayError, Problem
from referee.ruleset import Requirement, Ruleset, WildRule, round_document

_NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
            "eleven", "twelve", "thirteen")
_RANKS = {"A": "aces", "2": "deuces", "3": "threes", "4": "fours", "5": "fives", "6": "sixes",
          "7": "sevens", "8": "eights", "9": "nines", "10": "tens", "J": "jacks", "Q": "queens",
          "K": "kings", JOKER: "jokers"}
_ORDER = ("2", "A", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", JOKER)


def number(n: int) -> str:
    return _NUMBERS[n] if 0 <= n < len(_NUMBERS) else str(n)


def ranks_in_words(ranks: frozenset[str] | set[str]) -> str:
    names = [_RANKS.get(r, r) for r in sorted(ranks, key=lambda r: _ORDER.index(r) if r in _ORDER else 99)]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def requirement_in_words(req: Requirement) -> str:
    """`two sets of four`, `a set of three and a run of four`, `three melds`."""
    parts = []
    for noun, sizes in (("set", req.sets), ("run", req.runs)):
        if sizes and len(set(sizes)) == 1:
            many = len(sizes) != 1
            parts.append(f"{number(len(sizes)) if many else 'one'} {noun}{'s' if many else ''} "
                         f"of {number(sizes[0])}")
        else:
            parts += [f"one {noun} of {number(s)}" for s in sizes]
    counted = len(req.sets) + len(req.runs)
    if req.melds > counted:
        extra = req.melds - counted
        parts.append(f"{number(extra)} {'more ' if counted else ''}meld{'s' if extra != 1 else ''}")
    text = " and ".join(parts)
    if req.pure_runs:
        pure = "one" if req.pure_runs == 1 else number(req.pure_runs)
        text += f", {pure} of them without a wild card" if req.runs else \
            f"{' and ' if text else ''}{pure} run{'s' if req.pure_runs != 1 else ''} without a wild card"
    if req.points:
        text += f"{' worth' if text else 'melds worth'} at least {req.points} points"
    if (req.exact or not req.extra_melds) and text:
        return f"exactly {text}"
    return text


def wilds_in_words(wilds: WildRule, kinds: list[str]) -> str:
    if not wilds.ranks and not wilds.per_deal:
        return "no wild cards"
    noun = kinds[0] if len(kinds) == 1 else "meld"
    named = ranks_in_words(wilds.ranks) if wilds.ranks else ""
    if wilds.per_deal:
        named += f"{' and ' if named else ''}the cut card's rank"
    text = f"{named} wild"
    if wilds.natural_in_place:
        text += " (natural in their own place)"
    if wilds.max_per_meld is not None:
        text += f", at most {number(wilds.max_per_meld)} per {noun}"
    if wilds.later_given:
        if wilds.later_per_cards is not None:
            text += f" (later {noun}s: one per {number(wilds.later_per_cards)} cards)"
        elif wilds.later_max is not None:
            text += f" (later {noun}s: at most {number(wilds.later_max)})"
    return text


def round_summary(ruleset: Ruleset, number_: int) -> str:
    """One line in words: what the first meld needs and which cards are wild."""
    if ruleset.layout is not None:
        layout = ruleset.layout
        parts = [f"slots {layout.slots[0]}-{layout.slots[-1]}" if layout.slots else "no slots"]
        if layout.wilds:
            parts.append(f"{ranks_in_words(layout.wilds)} wild")
        if layout.dead_ranks:
            parts.append(f"{ranks_in_words(layout.dead_ranks)} end the turn")
        return f"Deal {number_}: " + "; ".join(parts)
    assert ruleset.rummy is not None
    rules = ruleset.rummy.round(number_)
    kinds = [m.kind for m in rules.melds]
    first = requirement_in_words(rules.first_meld)
    parts = [first or f"any {' or '.join(kinds) or 'meld'}", wilds_in_words(rules.wilds, kinds)]
    if not rules.later_melds:
        parts.append("then lay-offs only")
    knock = ruleset.scoring.knock
    if knock is not None:
        parts.append(f"knock with {knock.max_deadwood} or less")
    return f"Round {number_}: " + "; ".join(parts)


def round_rules(ruleset: Ruleset, number_: int) -> dict[str, Any]:
    """Round `number_`'s resolved rules: the top level with that round's entry applied, its
    number and its summary (in place of the game's). Games without rounds answer their top
    level for any round."""
    document = ruleset.document()
    rounds = document.pop("rounds", None) or []
    if number_ < 1 or (rounds and number_ > len(rounds)):
        raise InvalidPlayError(Problem(
            "number", "unknown_round",
            f"round {number_} does not exist: this game has rounds 1-{len(rounds)}" if rounds
            else "rounds are numbered from 1"))
    entry = rounds[number_ - 1] if rounds else None
    resolved = {**document, **{k: v for k, v in round_document(document, entry).items() if v is not None}}
    if entry and entry.get("name"):
        resolved["name"] = f"{document.get('name', ruleset.id)}: {entry['name']}"
    return {**resolved, "round": number_, "summary": round_summary(ruleset, number_)}
