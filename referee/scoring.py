"""End-of-round arithmetic: points and pennies for the cards caught in each hand."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass

from referee.cards import RANKS, SUITS, Card, DeckSpec
from referee.errors import InvalidPlayError, Problem
from referee.ruleset import Ruleset, Scoring
from referee.violations import plural


def hand_points(scoring: Scoring, cards: Iterable[Card]) -> int:
    return sum(scoring.value(c) for c in cards)


@dataclass(frozen=True)
class HandScore:
    points: int
    cards: int
    pennies: int

    def as_dict(self) -> dict[str, int]:
        return {"points": self.points, "cards": self.cards, "pennies": self.pennies}


def score_hand(ruleset: Ruleset, cards: Sequence[Card]) -> HandScore:
    scoring = ruleset.scoring
    return HandScore(hand_points(scoring, cards), len(cards), len(cards) * scoring.pennies_per_card)


def score_round(ruleset: Ruleset, hands: Mapping[str, Sequence[Card]],
                went_out: str | None = None, players: int | None = None) -> dict[str, HandScore]:
    """Each player's points, cards and pennies; the one who went out must hold nothing.

    `players` (the table's size) fixes the decks in play; without it, the most the ruleset
    can use. Every problem (who went out, cards the deck cannot hold) is raised at once.
    """
    problems = list(_went_out_problems(hands, went_out))
    problems += deck_problems(ruleset, hands, players)
    if problems:
        raise InvalidPlayError(problems)
    return {name: score_hand(ruleset, cards) for name, cards in hands.items()}


def _went_out_problems(hands: Mapping[str, Sequence[Card]], went_out: str | None) -> Iterator[Problem]:
    if went_out is None:
        return
    if went_out not in hands:
        yield Problem("went_out", "unknown_player", f'"{went_out}" is not one of the players in hands')
    elif hands[went_out]:
        yield Problem(f"hands.{went_out}", "hand_not_empty", f"{went_out} went out, so their hand must be empty")


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
                                        f"{card} is not in {_possessive(ruleset.name)} deck "
                                        f"({_deck_words(deck, decks)})"))
            elif seen[card] > have:
                problems.append(Problem(f"{path}.{name}[{i}]", "duplicate_card",
                                        f"With {plural(decks, 'deck')} in play there "
                                        f"{'is' if have == 1 else 'are'} only {have} of {card}; "
                                        f"these hands hold {held[card]}"))
    return problems


_NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def _in_words(n: int) -> str:
    return _NUMBER_WORDS[n] if 0 <= n < len(_NUMBER_WORDS) else str(n)


def _possessive(name: str) -> str:
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def _deck_words(deck: DeckSpec, decks: int) -> str:
    """`two packs, no jokers`; a short pack says its size (`one pack of 32 cards, ...`)."""
    packs = f"{_in_words(decks)} pack{'' if decks == 1 else 's'}"
    if deck.ranks != RANKS or deck.suits != SUITS:
        packs += f" of {plural(len(deck.ranks) * len(deck.suits) + deck.jokers, 'card')}"
    if not deck.jokers:
        return f"{packs}, no jokers"
    return f"{packs}, {_in_words(deck.jokers)} joker{'' if deck.jokers == 1 else 's'} in each"
