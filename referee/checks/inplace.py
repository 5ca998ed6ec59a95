"""The groups of wild cards a meld's judge may count as natural cards, where some wild ranks
stand for themselves in place (`wilds.in_place`, Buraco's deuces): few enough to judge each."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from referee.values.cards import Card


def in_place_choices(wilds: Sequence[Card], in_place: frozenset[str], most: int) -> list[tuple[Card, ...]]:
    """The different groups of wild cards that could count as natural (each a card of an
    in-place rank), the largest first, ending with none.

    Natural cards in one meld share a rank (a set), share a suit (a run of one suit, a meld of
    one suit) or are of different ranks (a run of any suits); and a meld holds more than `most`
    (the deck's suits) of them only as a set of their rank or a meld of their suit, where
    counting every such card natural is never worse (a run holds each rank once, a set of
    distinct suits each suit once). So the groups are those of at most `most` cards of one rank,
    of one suit or of different ranks, and all the cards of each rank and of each suit: every
    group of any cards made a meld of twenty deuces take seconds to judge."""
    candidates = sorted((c for c in wilds if c.rank in in_place), key=str)
    groups: set[tuple[Card, ...]] = {()}
    for shared in [*({c.rank for c in candidates}), *({c.suit for c in candidates})]:
        alike = [c for c in candidates if shared in (c.rank, c.suit)]
        groups.add(tuple(alike))
        groups |= _sub_groups(alike, most)
    by_rank = [sorted({c for c in candidates if c.rank == rank}, key=str)
               for rank in sorted({c.rank for c in candidates})]
    groups |= _one_of_each(by_rank, most)
    return sorted(groups, key=lambda g: (-len(g), [str(c) for c in g]))


def _sub_groups(cards: Sequence[Card], most: int) -> set[tuple[Card, ...]]:
    """The different groups of at most `most` of these cards (sorted), each once however many
    copies there are."""
    counts = sorted(Counter(cards).items(), key=lambda item: str(item[0]))
    found: set[tuple[Card, ...]] = set()

    def pick(k: int, left: int, chosen: tuple[Card, ...]) -> None:
        if k == len(counts):
            found.add(chosen)
            return
        card, have = counts[k]
        for n in range(min(have, left), -1, -1):
            pick(k + 1, left - n, chosen + (card,) * n)

    pick(0, most, ())
    return found


def _one_of_each(by_rank: Sequence[Sequence[Card]], most: int) -> set[tuple[Card, ...]]:
    """The groups of at most `most` cards of different ranks: none or one card of each rank."""
    found: set[tuple[Card, ...]] = set()

    def pick(k: int, chosen: tuple[Card, ...]) -> None:
        if k == len(by_rank):
            found.add(tuple(sorted(chosen, key=str)))
            return
        pick(k + 1, chosen)
        if len(chosen) < most:
            for card in by_rank[k]:
                pick(k + 1, (*chosen, card))

    pick(0, ())
    return found
