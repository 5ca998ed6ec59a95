"""A round's rules as the table reads them: the resolved fields, and one line in words.

"Round 3: two sets of four; deuces wild, at most one per set" is what players say across the
table; the words come from the ruleset's fields, never from a game's name."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from referee.checks.canastas import canastas_words
from referee.kinds.table import any_of, table_order, words_of
from referee.loading.rulebuild import round_document
from referee.rules.ruleset import Requirement, RoundRules, Ruleset, WildRule
from referee.scoring.counts import counts_taken
from referee.scoring.entry import round_entry
from referee.values.cards import JOKER
from referee.values.errors import InvalidPlayError, Problem
from referee.values.i18n import (
    N_,
    PIECES,
    SOURCE,
    Nn_,
    current,
    joined,
    local,
    rank_plural,
    t,
    tn,
    tp,
    tpn,
)
from referee.values.meldwords import KindWords

_NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
            "eleven", "twelve", "thirteen")
_RANKS = {"A": "aces", "2": "deuces", "3": "threes", "4": "fours", "5": "fives", "6": "sixes",
          "7": "sevens", "8": "eights", "9": "nines", "10": "tens", "J": "jacks", "Q": "queens",
          "K": "kings", JOKER: "jokers"}
_ORDER = ("2", "A", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", JOKER)


def number(n: int) -> str:
    """A small count in words in English (`two`); in digits in the other languages."""
    if current() != SOURCE:
        return str(n)
    return _NUMBERS[n] if 0 <= n < len(_NUMBERS) else str(n)


def ranks_inwords_of(ranks: frozenset[str] | set[str]) -> str:
    """`deuces, aces and jokers`: wild or dead ranks as the table names them, as the subject of
    a sentence (`doiarii sunt cărți libere`)."""
    english = current() == SOURCE
    names = [(_RANKS.get(r, r) if english else rank_plural(r, definite=True))
             for r in sorted(ranks, key=lambda r: (_ORDER.index(r) if r in _ORDER else len(_ORDER), r))]
    if len(names) == 1:
        return names[0]
    return t("{first} and {second}", first=", ".join(names[:-1]), second=names[-1])


def _count_of(kind: str, count: int, size: int) -> str:
    """`one set of three`, `two runs of four`."""
    return words_of(kind).count_of(count, number(count), number(size))


def requirement_inwords_of(req: Requirement) -> str:
    """`two sets of four`, `one set of three and one run of four`, `three melds`."""
    parts = []
    for kind, sizes in sorted(req.sized, key=lambda pair: table_order(pair[0])):
        if sizes and len(set(sizes)) == 1:
            parts.append(_count_of(kind, len(sizes), sizes[0]))
        else:
            parts += [_count_of(kind, 1, s) for s in sizes]
    counted = sum(len(sizes) for _, sizes in req.sized)
    if req.melds > counted:
        extra = req.melds - counted
        parts.append(tn("{count} more meld", "{count} more melds", extra, count=number(extra)) if counted
                     else tn("{count} meld", "{count} melds", extra, count=number(extra)))
    text = joined(parts)
    if req.pure_runs:
        if any(req.sizes(kind) for kind, _ in req.pure):
            text = tn("{text}, {count} of them without a wild card", "{text}, {count} of them without a wild card",
                      req.pure_runs, text=text, count=number(req.pure_runs))
        else:
            text = joined([text, tn("{count} run without a wild card", "{count} runs without a wild card",
                                    req.pure_runs, count=number(req.pure_runs))])
    if req.points:
        text = tn("{text} worth at least {n} point", "{text} worth at least {n} points", req.points, text=text) if text \
            else tn("melds worth at least {n} point", "melds worth at least {n} points", req.points)
    if req.by_score:  # each minimum from the side's score it starts at; the lowest, below the next
        bands = req.by_score
        steps = [t("{points} points below {score}", points=points, score=bands[1][0]) if i == 0 and len(bands) > 1
                 else t("{points} from {score}", points=points, score=start) for i, (start, points) in enumerate(bands)]
        text = t("melds worth at least {bands}, by the side's score", bands=", ".join(steps))
    if req.exact and text:  # the sizes are exact, not minimums
        return t("exactly {text}", text=text)
    if not req.extra_melds and text:  # the melds asked for and no more, each as long as it may be
        return t("{text}, no other meld", text=text)
    return text


def phases_inwords_of(phases: tuple[Requirement, ...]) -> str:
    """`each player's own phase (1: two sets of three; 2: ...)`."""
    each = [t("{n}: {melds}", n=n, melds=requirement_inwords_of(p)) for n, p in enumerate(phases, 1)]
    return t("each player's own phase ({phases})", phases="; ".join(each))


def wilds_inwords_of(wilds: WildRule, kinds: list[str], pieces: str = PIECES[0]) -> str:
    """`deuces wild, at most one per set`, said of the deck's `pieces`."""
    if not wilds.ranks and not wilds.per_deal:
        return tp(pieces, N_("no wild cards"), N_("no wild tiles"))
    noun = (words_of(kinds[0]) if len(kinds) == 1 else KindWords()).of(pieces)
    named = joined([ranks_inwords_of(wilds.ranks) if wilds.ranks else "",
                    t("the cut card's rank") if wilds.per_deal else ""])
    text = t("{ranks} wild", ranks=named)
    if wilds.natural_in_place:
        text = t("{text} (natural in their own place)", text=text)
    if wilds.max_per_meld is not None:
        text += noun.at_most_per(number(wilds.max_per_meld))
    if wilds.min_naturals:
        text = tn("{text}, beside at least {count} natural card", "{text}, beside at least {count} natural cards",
                  wilds.min_naturals, text=text, count=number(wilds.min_naturals))
    if wilds.later_given:
        if wilds.later_per_cards is not None:
            text += noun.later_per(wilds.later_per_cards, number(wilds.later_per_cards))
        elif wilds.later_max is not None:
            text += noun.later_max(number(wilds.later_max))
    return text


def _any(kinds: list[str]) -> str:
    return any_of(kinds, [words_of(k) for k in kinds])


def round_summary(ruleset: Ruleset, number_: int) -> str:
    """One line in words: what the first meld needs and which cards are wild."""
    if ruleset.layout is not None:
        layout = ruleset.layout
        parts = [t("slots {first}-{last}", first=layout.slots[0], last=layout.slots[-1]) if layout.slots
                 else t("no slots")]
        if layout.wilds:
            parts.append(t("{ranks} wild", ranks=ranks_inwords_of(layout.wilds)))
        if layout.dead_ranks:
            parts.append(t("{ranks} end the turn", ranks=ranks_inwords_of(layout.dead_ranks)))
        return t("Deal {n}: {rules}", n=number_, rules="; ".join(parts))
    assert ruleset.rummy is not None
    rules = ruleset.rummy.round(number_)
    kinds = [m.kind for m in rules.melds]
    first = phases_inwords_of(ruleset.rummy.phases) if ruleset.rummy.per_player \
        else requirement_inwords_of(rules.first_meld)
    parts = [first or _any(kinds), wilds_inwords_of(rules.wilds, kinds, ruleset.deck.pieces)]
    if not rules.later_melds:
        parts.append(t("then lay-offs only"))
    if rules.final_discard == "forbidden" and ruleset.rummy.base.final_discard != "forbidden":
        parts.append(t("out with every card played, no final discard"))  # this round's own way out
    knock = ruleset.scoring.knock
    if knock is not None:
        parts.append(t("knock with {most} or less", most=knock.max_deadwood))
    if not rules.requires.empty and ruleset.rummy.canasta_min is not None:
        need = canastas_words(rules.requires, ruleset.rummy.canasta_min)
        parts.append(t("going out needs {need}", need=need))
    return t("Round {n}: {rules}", n=number_, rules="; ".join(parts))


def summary(ruleset: Ruleset) -> str:
    """The summary in the current language; a ruleset that writes none (a variant that
    changes its base's rules without saying how) is described from its resolved rules."""
    if not ruleset.summary and not ruleset.summaries:
        return game_summary(ruleset)
    return local(ruleset.summaries, ruleset.summary)


def shown_document(ruleset: Ruleset) -> dict[str, Any]:
    """The resolved document as a table in the current language reads it: `name` and
    `summary` are that language's text (the stored document keeps them all)."""
    document = ruleset.document()
    for key, text in (("name", ruleset.local_name), ("summary", summary(ruleset))):
        if isinstance(document.get(key), dict) or key == "summary" and key not in document and text:
            document[key] = text
    return document


def game_summary(ruleset: Ruleset) -> str:
    """The game in one sentence, from its resolved rules: what a ruleset that writes no `summary`
    (a variant that changes its base's rules without saying how) shows (`Two decks; 14 cards
    each; a first meld of three melds; deuces wild; a hand limit of 75 points; out at 101 points.`)."""
    if ruleset.mahjong is not None:
        return ""  # a Mahjong variant's rules are its patterns: `changes` says what it changes
    decks = ruleset.deck.decks.fixed
    parts = [tn("{count} deck", "{count} decks", decks, count=number(decks)) if decks else ""]
    if ruleset.layout is not None:
        layout = ruleset.layout
        parts += [t("slots {first}-{last}", first=layout.slots[0], last=layout.slots[-1]) if layout.slots else "",
                  t("{ranks} wild", ranks=ranks_inwords_of(layout.wilds)) if layout.wilds else "",
                  t("{ranks} end the turn", ranks=ranks_inwords_of(layout.dead_ranks)) if layout.dead_ranks else "",
                  tn("{n} deal", "{n} deals", ruleset.game.deals) if ruleset.game.deals else ""]
    else:
        parts += _rummy_parts(ruleset)
    text = "; ".join(p for p in parts if p)
    return f"{text[:1].upper()}{text[1:]}." if text else ""


def _rummy_parts(ruleset: Ruleset) -> list[str]:
    assert ruleset.rummy is not None
    rummy, end = ruleset.rummy, ruleset.game
    rounds = rummy.rounds or (rummy.base,)
    first, kinds = rounds[0], [m.kind for m in rounds[0].melds]
    same = {"first": all(r.first_meld == first.first_meld for r in rounds),
            "wilds": all(r.wilds == first.wilds for r in rounds),
            "size": all(r.hand_size == first.hand_size and not r.hand_sizes for r in rounds)}
    parts = [tn("{count} round", "{count} rounds", len(rummy.rounds), count=number(len(rummy.rounds)))
             if rummy.rounds else "",
             tpn(ruleset.deck.pieces, Nn_("{n} card each", "{n} cards each"), Nn_("{n} tile each", "{n} tiles each"),
                 first.hand_size) if same["size"] and first.hand_size else ""]
    needs = requirement_inwords_of(first.first_meld) if same["first"] and not rummy.per_player else ""
    parts += [t("a first meld of {melds}", melds=needs) if needs else "",
              phases_inwords_of(rummy.phases) if rummy.per_player else "",
              wilds_inwords_of(first.wilds, kinds, ruleset.deck.pieces) if same["wilds"] else "",
              tn("a hand limit of {n} point", "a hand limit of {n} points", rummy.hand_limit)
              if rummy.hand_limit else "",
              t("knock with {most} or less", most=ruleset.scoring.knock.max_deadwood) if ruleset.scoring.knock else ""]
    if end.elimination:
        parts.append(tn("out at {n} point", "out at {n} points", end.elimination))
    elif end.target:
        parts.append(tn("first to {n} point wins", "first to {n} points wins", end.target))
    elif end.winner == "lowest_score":
        parts.append(t("lowest total wins"))
    return parts


def round_rules(ruleset: Ruleset, number_: int) -> dict[str, Any]:
    """Round `number_`'s resolved rules: the top level with that round's entry applied, its
    number and its summary (in place of the game's). Games without rounds answer their top
    level for any round."""
    document = shown_document(ruleset)
    rounds = document.pop("rounds", None) or []
    if number_ < 1 or (rounds and number_ > len(rounds)):
        raise InvalidPlayError(Problem(
            "number", "unknown_round",
            t("round {number} does not exist: this game has rounds 1-{last}", number=number_, last=len(rounds))
            if rounds else t("rounds are numbered from 1")))
    if ruleset.mahjong is not None:  # every hand is played by the same rules
        return {**document, "round": number_, "summary": summary(ruleset)}
    entry = rounds[number_ - 1] if rounds else None
    resolved = {**document, **{k: v for k, v in round_document(document, entry).items() if v is not None}}
    if entry and entry.get("name"):
        resolved["name"] = f"{document.get('name', ruleset.id)}: {entry['name']}"
    return {**resolved, **filled_rules(ruleset, number_), "round": number_, "summary": round_summary(ruleset, number_)}


def _meld_words(rules: RoundRules) -> dict[str, dict[str, str]]:
    """The referee panel's answer to a legal meld of each kind of the round (its `kind`), and
    of any meld (""), in the kind's own words: `yes`, and `yes_with`, naming the wild cards."""
    words = {m.kind: words_of(m.kind) for m in rules.melds} | {"": KindWords()}
    return {kind: {"yes": said.yes(), "yes_with": said.yes_with()} for kind, said in words.items()}


def filled_rules(ruleset: Ruleset, number_: int) -> dict[str, Any]:
    """The round's rules a client acts on, every default filled in as the engine reads them:
    `lay_off` (when and on whose melds), `pile` (how it is taken, where the game takes one) and
    `has_first_meld` (whether a player's first meld must meet anything this round: a contract,
    melds, points, or each player's own phase); where each player holds a phase, `phase_words`,
    each phase in words (`Phase 2: one set of three and one run of four, no other meld`);
    where a round may be entered by counts, `counts`, the counts it takes for each player
    (`natural_canastas`, ..., `hand_points`); `entry`, what a round's entry asks
    (`referee.scoring.entry`); and `meld_words`, the answer to a legal meld of each kind, in its
    words. Layout games have only `entry`."""
    if ruleset.rummy is None:
        return {"entry": round_entry(ruleset, number_)}
    rules = ruleset.rummy.round(number_)
    filled: dict[str, Any] = {"lay_off": asdict(rules.lay_off),
                              "has_first_meld": ruleset.rummy.per_player or not rules.first_meld.empty,
                              "entry": round_entry(ruleset, number_), "meld_words": _meld_words(rules)}
    if ruleset.rummy.pile is not None:
        filled["pile"] = asdict(ruleset.rummy.pile)
    if ruleset.rummy.per_player:
        filled["phase_words"] = [t("Phase {n}: {melds}", n=n, melds=requirement_inwords_of(phase))
                                 for n, phase in enumerate(ruleset.rummy.phases, 1)]
    if counts_taken(ruleset):
        filled["counts"] = counts_taken(ruleset)
    return filled
