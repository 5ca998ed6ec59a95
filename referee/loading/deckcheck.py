"""The checks a deck of its own needs: what the schema cannot say of `deck`, and of the fields
that name its cards, as findings at a path (see `referee.loading.meaning`).

A card is written as a rank then one suit character, or as a special card's name, or as a
joker (`JK`, `JOKER`, `*`); a deck whose words could read one card as another, or that names
a rank twice, cannot be read, so each such choice is a finding where it is written.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from referee.loading.rulebuild import deck_of
from referee.loading.yamlread import Path
from referee.values.cards import JOKER, JOKER_TOKENS, RANKS, DeckSpec
from referee.values.i18n import quoted, t

Finding = tuple[Path, str]


def named_cards(doc: Mapping[str, Any]) -> tuple[str, ...]:
    """What `card_values`, `wilds.ranks` and `dead_ranks` may name, in the deck's order: its
    ranks, its special cards, and `JOKER` where the deck has jokers."""
    deck = deck_of(doc)
    specials = tuple(name for name, n in deck.specials if n > 0)
    return deck.ranks + specials + ((JOKER,) if deck.has_jokers else ())


def not_a_rank(doc: Mapping[str, Any], rank: object) -> str | None:
    """Why a field cannot name `rank` in this deck where it is no rank, special card or joker
    of any deck written like it (None: it is one, perhaps not in this deck)."""
    named = named_cards(doc)
    if rank == JOKER or rank in named or (deck_of(doc).french_notation and rank in RANKS):
        return None
    return t("{value} is not a rank: use one of {options}", value=quoted(str(rank)),
             options=" ".join(dict.fromkeys(named)))


def check_deck_ranks_once(doc: Mapping[str, Any]) -> Iterator[Finding]:
    """A rank given twice (in any case: cards are read in any case)."""
    seen: dict[str, int] = {}
    for i, rank in enumerate(deck_of(doc).ranks):
        first = seen.setdefault(rank.upper(), i)
        if first != i:
            yield ("deck", "ranks", i), t('the rank "{rank}" is given twice (deck.ranks[{first}] is the same)',
                                          rank=rank, first=first)


def _suit_tokens(deck: DeckSpec) -> Iterator[tuple[int, Path, str]]:
    """Each suit's letter, symbol and aliases: (suit, where in the suit it is written, token)."""
    for i, letter in enumerate(deck.suits):
        yield i, (), letter
        if deck.symbols[i] and deck.symbols[i] != letter:
            yield i, ("symbol",), deck.symbols[i]
        for n, alias in enumerate(a for a, suit in deck.aliases if suit == letter):
            yield i, ("aliases", n), alias


def check_deck_suits(doc: Mapping[str, Any]) -> Iterator[Finding]:
    """A suit letter, symbol or alias given twice, or one that reads as a rank, a special card
    or a joker; a suit that writes a joker after a rank (`J` then `K`). A rank and a suit that
    write a special card are found from the special card (`check_deck_specials`)."""
    deck = deck_of(doc)
    written = (doc.get("deck") or {}).get("suits") or []
    ranks = {r.upper(): r for r in deck.ranks}
    specials = {name.upper(): name for name, _ in deck.specials}
    owner: dict[str, str] = {}
    for i, where, token in _suit_tokens(deck):
        # a suit written as a mapping is pointed at by the field; a letter alone, as it is
        mapped = i < len(written) and isinstance(written[i], Mapping)
        path = ("deck", "suits", i) + ((where or ("letter",)) if mapped else ())
        key = token.upper()
        if key in owner:
            yield path, t('"{token}" already stands for the suit "{suit}"', token=token, suit=owner[key])
            continue
        owner[key] = deck.suits[i]
        if key in ranks:
            yield path, t('"{token}" stands for a suit and is also the rank "{rank}"', token=token, rank=ranks[key])
        elif key in specials:
            yield path, t('"{token}" stands for a suit and is also the special card "{name}"', token=token,
                          name=specials[key])
        elif key in JOKER_TOKENS:
            yield path, t('"{token}" stands for a suit and is also how a joker is written (JK, JOKER, *)',
                          token=token)
        else:
            joker = next((r for r in ranks if r + key in JOKER_TOKENS), None)
            if joker is not None:
                yield path, t('"{token}" after the rank "{rank}" writes {card}, which is a joker', token=token,
                              rank=ranks[joker], card=joker + key)


def check_deck_specials(doc: Mapping[str, Any]) -> Iterator[Finding]:
    """A special card named like a rank, like a rank and a suit, like a joker, or like
    another special card."""
    deck = deck_of(doc)
    ranks = {r.upper(): r for r in deck.ranks}
    suits = {s.upper(): s for s in deck.suit_aliases}
    seen: dict[str, str] = {}
    for name, _ in deck.specials:
        key, path = name.upper(), ("deck", "specials", name)
        rank, suit = key[:-1], key[-1]
        if key in seen:
            yield path, t('the special card "{name}" is written as "{other}" is', name=name, other=seen[key])
        elif key in JOKER_TOKENS:
            yield path, t('the special card "{name}" is written as a joker is (JK, JOKER, *)', name=name)
        elif key in ranks:
            yield path, t('the special card "{name}" is written as the rank "{rank}" is', name=name, rank=ranks[key])
        elif rank in ranks and suit in suits:
            yield path, t('the special card "{name}" is written as the card {card} is (the rank "{rank}", '
                          'the suit "{suit}")', name=name, card=ranks[rank] + suits[suit], rank=ranks[rank],
                          suit=suits[suit])
        seen.setdefault(key, name)


def _kind_specs(doc: Mapping[str, Any]) -> Iterator[tuple[Path, Mapping[str, Any]]]:
    """Each meld kind's options as written at the top level and in each round's entry (the
    kinds that place an ace, runs, are those whose options write `ace`)."""
    scopes: list[tuple[Path, Any]] = [((), doc)]
    scopes += [(("rounds", i), entry) for i, entry in enumerate(doc.get("rounds") or [])]
    for path, scope in scopes:
        for kind, spec in ((scope or {}).get("melds") or {}).items():
            if isinstance(spec, Mapping):
                yield (*path, "melds", kind), spec


def check_run_ace(doc: Mapping[str, Any]) -> Iterator[Finding]:
    """`run.ace` in a deck whose first rank is not A; `around: true` beside another ace."""
    deck = deck_of(doc)
    for path, run in _kind_specs(doc):
        ace = run.get("ace")
        if ace is None:
            continue
        if deck.ranks[0] != "A":
            yield path + ("ace",), t('ace: {ace} places an ace, but this deck\'s first rank is "{first}" (its ranks '
                                     'run {ranks}); leave ace out, or give around: true for runs that turn the corner',
                                     ace=ace, first=deck.ranks[0], ranks=deck.ranks_text)
        elif run.get("around") and ace != "around":
            yield path + ("around",), t("around: true lets runs turn the corner, but ace: {ace} says they do not",
                                        ace=ace)


DECK_CHECKS = (check_deck_ranks_once, check_deck_suits, check_deck_specials, check_run_ace)
