"""End-of-round arithmetic: points and pennies for the cards caught in each hand."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import replace

from referee.checks.canastas import morto_unused
from referee.rules.ruleset import Ruleset
from referee.scoring.bonuses import bonus_parts, bonus_problems
from referee.scoring.hand import Deal, HandScore, Part, counted
from referee.values.cards import FRENCH, Card, DeckSpec, rank_named
from referee.values.errors import InvalidPlayError, Problem
from referee.values.i18n import SOURCE, Nn_, current, decks_in_play, t, tn, tpn


def score_hand(ruleset: Ruleset, cards: Sequence[Card], wild_ranks: AbstractSet[str] = frozenset()) -> HandScore:
    """The points, cards and pennies of one hand caught in a round whose wild ranks are
    `wild_ranks` (they price a wild card by `scoring.wild_rank_value` and `wild_value`)."""
    scoring = ruleset.scoring
    caught = Part("caught", scoring.hand_points(cards, wild_ranks), cards=tuple(cards))
    return HandScore.made_of([caught], len(cards), len(cards) * scoring.pennies_per_card)


def round_wild_ranks(ruleset: Ruleset, round_number: int) -> frozenset[str]:
    """The ranks wild in this round of the game (none in a layout game)."""
    return ruleset.rummy.round(round_number).wilds.ranks if ruleset.rummy is not None else frozenset()


def score_round(ruleset: Ruleset, hands: Mapping[str, Sequence[Card]],
                went_out: str | None = None, players: int | None = None, *,
                deal: Deal | None = None) -> dict[str, HandScore]:
    """Each player's points, cards and pennies by the ruleset's `scoring.method`.

    `players` (the table's size) fixes the decks in play; without it, the most the ruleset
    can use. Every problem (who went out, cards the deck cannot hold) is raised at once.
    """
    deal = deal or Deal(players=players)
    if deal.players is None and players is not None:
        deal = replace(deal, players=players)
    method = ruleset.scoring.method
    knock = ruleset.scoring.knock
    problems = list(_went_out_problems(hands, went_out, empty=knock is None))
    problems += _seat_problems(ruleset, hands, went_out, deal)
    melded = (deal.melded or {}) if knock is None else {}  # a knocker's melds are cards of their hand
    groups = {f"{n}+{g}": group for n, m in melded.items() for g, group in enumerate(m)}
    held = deck_problems(ruleset, {**hands, **groups}, deal.players)
    problems += _method_problems(ruleset, hands, went_out, deal, cards_held=not held)
    problems += held
    if problems:
        raise InvalidPlayError([_melded_path(p) for p in problems])
    if method == "deadwood":
        return _deadwood(ruleset, hands, went_out, deal)
    if method == "melded_minus_caught":
        return _melded_minus_caught(ruleset, hands, went_out, deal)
    if method == "winner_gains":
        return _winner_gains(ruleset, hands, went_out, deal)
    wild_ranks = round_wild_ranks(ruleset, deal.round_number)
    return {name: score_hand(ruleset, cards, wild_ranks) for name, cards in hands.items()}


def _seat_problems(ruleset: Ruleset, hands: Mapping[str, Sequence[Card]], went_out: str | None,
                   deal: Deal) -> list[Problem]:
    """More players named in the round than sit at the table (`players`), or than the game
    seats."""
    named = len(set(hands) | ({went_out} if went_out is not None else set()) | set(deal.melded or {}))
    found = seat_problem(ruleset, "hands", named, deal.players)
    return [] if found is None else [found]


def seat_problem(ruleset: Ruleset, path: str, named: int, players: int | None) -> Problem | None:
    """`named` players in a round at a table of `players` (the request's), or, without it, of
    the most the game seats: the problem at `path` where they do not fit, else None."""
    if named <= (players if players is not None else ruleset.players_max):
        return None
    if players is not None:
        return Problem(path, "player_count", tn(
            "this round names {count} players, but the table has {n}", "this round names {count} players, but the "
            "table has {n}", players, count=named))
    return Problem(path, "player_count", tn(
        "this round names {count} players, but {game} seats at most {n}", "this round names {count} players, "
        "but {game} seats at most {n}", ruleset.players_max, count=named, game=ruleset.local_name))


def _melded_path(problem: Problem) -> Problem:
    """`hands.ann+1[3]` (a card of a melded group, counted with the hands) → `melded.ann[1][3]`."""
    head, bracket, rest = problem.path.partition("[")
    name, plus, group = head.partition("+")
    if head.startswith("hands.") and plus:
        return Problem(f"melded.{name[6:]}[{group}]{bracket}{rest}", problem.code, problem.message)
    return problem


def _method_problems(ruleset: Ruleset, hands: Mapping[str, Sequence[Card]], went_out: str | None,
                     deal: Deal, cards_held: bool = True) -> list[Problem]:
    """What the scoring method finds wrong; `cards_held`: every card can be held (the melds are
    judged only then)."""
    from referee.checks.judge import wild_rank_problem  # the judge of melds, which scoring feeds
    problems: list[Problem] = []
    method, knock = ruleset.scoring.method, ruleset.scoring.knock
    if ruleset.rummy is not None and method == "deadwood":
        found = wild_rank_problem(ruleset, ruleset.rummy.round(deal.round_number), deal.wild_rank)
        if found is not None:
            problems.append(found)
    elif deal.wild_rank is not None:
        problems.append(Problem("wild_rank", "unused_field",
                                t("{game} scores hands without a wild rank; leave it out", game=ruleset.local_name)))
    if method == "melded_minus_caught" and ruleset.scoring.bonuses:
        everyone = list({**{name: () for name in deal.melded or {}}, **hands})
        problems += bonus_problems(ruleset, everyone, went_out, deal, melds=cards_held)
    else:
        if deal.red_threes or deal.concealed:
            problems.append(Problem("red_threes" if deal.red_threes else "concealed", "unused_field", t(
                "{game} scores no bonuses; leave red_threes and concealed out", game=ruleset.local_name)))
        if deal.morto_taken is not None:
            problems.append(morto_unused(ruleset))
    if method == "melded_minus_caught":
        for name in deal.melded or {}:
            if name not in hands and name != went_out:
                problems.append(Problem(f"melded.{name}", "unknown_player",
                                        t('"{name}" is not one of the players in hands, nor the one who went out',
                                          name=name)))
    elif deal.melded is not None and knock is not None:
        from referee.scoring.knock import melded_problems  # the melds a knocker showed
        problems += melded_problems(ruleset, hands, went_out, deal.melded, deal)
    elif deal.melded is not None:
        problems.append(Problem("melded", "unused_field",
                                t("{game} does not score melded cards; leave them out", game=ruleset.local_name)))
    if knock is not None:
        if went_out is None:
            problems.append(Problem("went_out", "missing_field", t("name the player who knocked")))
        if len(hands) != 2:
            problems.append(Problem("hands", "player_count", t("a knock is scored between two hands")))
        size = ruleset.rummy.round(deal.round_number).hand_size if ruleset.rummy else None
        for name, cards in hands.items() if size is not None else ():
            if len(cards) != size:
                problems.append(Problem(f"hands.{name}", "wrong_hand_size",
                                        tn("{name} holds {n} card; after the knock and its discard each "
                                           "player holds {size}", "{name} holds {n} cards; after the knock and "
                                           "its discard each player holds {size}", len(cards), name=name,
                                           size=size)))
    elif ruleset.rummy is not None and ruleset.rummy.round(deal.round_number).whole_hand:
        # Nothing is melded before the show: each hand but the winner's is the whole hand dealt.
        sizes = ruleset.rummy.round(deal.round_number).dealt(deal.players)
        for name, cards in hands.items() if sizes else ():
            if name != went_out and len(cards) not in sizes:
                problems.append(Problem(f"hands.{name}", "wrong_hand_size", tpn(
                    ruleset.deck.pieces,
                    Nn_("{name} holds {n} card; after the show each other player holds the whole hand, {size}",
                        "{name} holds {n} cards; after the show each other player holds the whole hand, {size}"),
                    Nn_("{name} holds {n} tile; after the show each other player holds the whole rack, {size}",
                        "{name} holds {n} tiles; after the show each other player holds the whole rack, {size}"),
                    len(cards), name=name, size=", ".join(map(str, sizes)))))
    return problems


def _deadwood(ruleset: Ruleset, hands: Mapping[str, Sequence[Card]], went_out: str | None,
              deal: Deal) -> dict[str, HandScore]:
    """Deadwood: what is left outside the best arrangement of each hand (with a first meld to
    make, melds count only when they make it), capped by `scoring.cap`; or a knock."""
    from referee.planner import Arrangement, arrange  # the planner finds the best arrangement
    from referee.planner.plan import PURE_RUNS
    scoring = ruleset.scoring
    if scoring.knock is not None and went_out is not None:
        from referee.scoring.knock import (
            score_knock,  # the knocker's melds and the defender's lay-offs
        )
        return score_knock(ruleset, hands, went_out, deal)
    out = {}
    wild_ranks = round_wild_ranks(ruleset, deal.round_number) | (
        {rank_named(deal.wild_rank)} if deal.wild_rank is not None else set())

    def priced(best: Arrangement) -> tuple[int, tuple[Card, ...]]:
        """The points of the cards the arrangement leaves out, and those cards."""
        plan = best.plan
        left = plan.left + ((plan.discard,) if plan.discard else ())
        if scoring.wild_rank_value is None:
            return best.cost, left
        # The search prices every wild card alike; the cards it leaves out are priced again
        # here, a natural card of a wild rank at `wild_rank_value`.
        return scoring.hand_points(left, wild_ranks), left

    for name, cards in hands.items():
        cost, left = priced(arrange(deal.situation(ruleset, first_meld_done=False), cards))
        if scoring.unmet_first_meld == "except_pure_runs":  # short of the first meld, pure runs still count
            cost, left = min((cost, left), priced(arrange(deal.situation(ruleset), cards, (), PURE_RUNS)),
                             key=lambda found: found[0])
        parts = [Part("deadwood", cost, cards=left)]
        if scoring.cap is not None and cost > scoring.cap:  # what the cap takes off
            parts.append(Part("cap", scoring.cap - cost))
        out[name] = HandScore.made_of(parts, len(cards), len(cards) * scoring.pennies_per_card, deadwood=cost)
    return out


def melded_points(ruleset: Ruleset, groups: Sequence[Sequence[Card]], deal: Deal) -> int:
    """What a player's melded cards are worth: a group that is a meld by itself counts as that
    meld (an ace low in A-2-3 at `low_ace`); other groups (cards laid off) card by card."""
    from referee.checks.judge import meld_points
    judge = deal.situation(ruleset).judge(True)
    total = 0
    for group in groups:
        meld, _ = judge.judge(group, wild_limit=False)
        if meld is not None:
            total += meld_points(ruleset.scoring, meld)
        else:
            total += sum(ruleset.scoring.melded_value(c.rank) for c in group)
    return total


def _melded_minus_caught(ruleset: Ruleset, hands: Mapping[str, Sequence[Card]], went_out: str | None,
                         deal: Deal) -> dict[str, HandScore]:
    out = {}
    scoring = ruleset.scoring
    wild_ranks = round_wild_ranks(ruleset, deal.round_number)
    everyone = {**{name: () for name in deal.melded or {}}, **hands}  # who went out may have no hand
    bonus = bonus_parts(ruleset, list(everyone), went_out, deal) if scoring.bonuses else None
    for name, cards in everyone.items():
        melded = melded_points(ruleset, (deal.melded or {}).get(name, ()), deal)
        caught = scoring.hand_points(cards, wild_ranks)
        extra = bonus[name] if bonus is not None else []
        parts = [*extra, Part("melded", melded), Part("caught", -caught, cards=tuple(cards))]
        out[name] = HandScore.made_of(parts, len(cards), len(cards) * scoring.pennies_per_card, melded=melded,
                                      bonuses=sum(p.points for p in extra) if bonus is not None else None)
    return out


def _winner_gains(ruleset: Ruleset, hands: Mapping[str, Sequence[Card]], went_out: str | None,
                  deal: Deal) -> dict[str, HandScore]:
    """Each loser's rack counts against them and the winner gains the total (Rummikub). Where
    nobody went out (the tiles ran out), the lowest rack wins: each other player pays what their
    rack holds above it, and the winner gains that; players tied on the lowest rack share the
    gain, each its whole part (odd points are lost). The signs are the sheet's (`gain_sign`)."""
    scoring = ruleset.scoring
    wild_ranks = round_wild_ranks(ruleset, deal.round_number)
    racks = {name: Part("caught", scoring.hand_points(cards, wild_ranks), cards=tuple(cards))
             for name, cards in hands.items()}
    parts = winner_gains_parts(racks, went_out, gain_sign(ruleset))
    return {name: HandScore.made_of(parts[name], len(cards), len(cards) * scoring.pennies_per_card)
            for name, cards in hands.items()}


# How a sheet that ranks by `game.winner` writes a gain: the rule book's sheet, where the highest
# total wins, writes the winner's gain plus and each rack minus; a sheet of penalties, where the
# lowest wins, the reverse.
GAIN_SIGNS = {"highest_score": 1, "lowest_score": -1}


def gain_sign(ruleset: Ruleset) -> int:
    """The sign of a winner's gain on the ruleset's sheet (a rack paid has the other)."""
    return GAIN_SIGNS.get(ruleset.game.winner, -1)


def winner_gains_parts(racks: Mapping[str, Part], went_out: str | None, sign: int) -> dict[str, tuple[Part, ...]]:
    """Each player's parts where the winner gains the others' racks (`winner_gains`), from each
    rack as a part worth what it holds (`caught` with its cards, or `entered` as typed): the
    player who went out gains the others' total (`winner_gains`); where nobody did, the lowest
    racks win and each other player pays what their rack holds above them (the rack, and the
    lowest rack given back: `lowest_rack`), shared by the winners. A gain is written with
    `sign`, a rack paid with the other."""
    if went_out is not None:
        winners, floor = {went_out}, 0
    else:
        floor = min((rack.points for rack in racks.values()), default=0)
        winners = {name for name, rack in racks.items() if rack.points == floor}
    paid = {name: rack.points - floor for name, rack in racks.items() if name not in winners}
    gain = sum(paid.values()) // max(1, len(winners))
    return {name: counted([Part("winner_gains", sign * gain)] if name in winners else
                          [replace(rack, points=-sign * rack.points), Part("lowest_rack", sign * floor)])
            for name, rack in racks.items()}


def _went_out_problems(hands: Mapping[str, Sequence[Card]], went_out: str | None,
                       empty: bool = True) -> Iterator[Problem]:
    if went_out is None:
        return
    if went_out not in hands:
        yield Problem("went_out", "unknown_player", t('"{name}" is not one of the players in hands', name=went_out))
    elif hands[went_out] and empty:
        yield Problem(f"hands.{went_out}", "hand_not_empty",
                      t("{name} went out, so their hand must be empty", name=went_out))


# ---------------------------------------------------------------- cards the deck cannot hold

def deck_problems(ruleset: Ruleset, hands: Mapping[str, Sequence[Card]], players: int | None = None,
                  path: str = "hands") -> list[Problem]:
    """One problem per card that the decks in play cannot hold, at its place (`hands.ann[2]`).

    Copies are counted across all the hands of the round together. When a card is held
    more often than the decks have it, the copies read after the last one they can hold
    (hands in order, then cards in order) are the ones named.
    """
    deck = ruleset.deck
    decks = ruleset.decks_in_play(players)
    held = Counter(card for cards in hands.values() for card in cards)
    seen: Counter[Card] = Counter()
    problems: list[Problem] = []
    for name, cards in hands.items():
        for i, card in enumerate(cards):
            have = deck.copies(card, decks)
            seen[card] += 1
            if have == 0:
                problems.append(Problem(f"{path}.{name}[{i}]", "not_in_deck",
                                        t("{card} is not in {possessive} deck ({deck})", card=deck.face(card),
                                          possessive=_possessive(ruleset.name), game=ruleset.local_name,
                                          deck=_deck_words(deck, decks))))
            elif seen[card] > have:
                problems.append(Problem(f"{path}.{name}[{i}]", "duplicate_card", tpn(
                    deck.pieces, Nn_("{decks} there is only {n} of {card}; these hands hold {count}",
                                     "{decks} there are only {n} of {card}; these hands hold {count}"),
                    Nn_("{decks} there is only {n} tile {card}; these racks hold {count}",
                        "{decks} there are only {n} tiles {card}; these racks hold {count}"), have,
                    decks=decks_in_play(decks, deck.pieces), card=deck.face(card), count=held[card])))
    return problems


_NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def _in_words(n: int) -> str:
    """A small count in words in English; in digits in the other languages."""
    if current() != SOURCE:
        return str(n)
    return _NUMBER_WORDS[n] if 0 <= n < len(_NUMBER_WORDS) else str(n)


def _possessive(name: str) -> str:
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def _deck_words(deck: DeckSpec, decks: int) -> str:
    """`two packs, no jokers`; a short pack says its size (`one pack of 32 cards, ...`)."""
    packs = tn("{count} pack", "{count} packs", decks, count=_in_words(decks))
    if (deck.ranks, deck.suits, deck.copies_per_deck, deck.specials) != \
            (FRENCH.ranks, FRENCH.suits, FRENCH.copies_per_deck, FRENCH.specials):
        size = len(deck.cards())
        packs = tn("{packs} of {n} card", "{packs} of {n} cards", size, packs=packs)
    jokers = deck.jokers_with(decks)
    if not jokers:
        return t("{packs}, no jokers", packs=packs)
    if deck.table_jokers is not None:
        return tn("{packs}, {count} joker in all", "{packs}, {count} jokers in all", jokers, packs=packs,
                  count=_in_words(jokers))
    return tn("{packs}, {count} joker in each", "{packs}, {count} jokers in each", deck.jokers, packs=packs,
              count=_in_words(deck.jokers))
