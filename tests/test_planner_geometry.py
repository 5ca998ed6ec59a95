"""The planner's geometry comes from the deck: card types, packed fields, suit masks and run
windows are derived from its ranks, its suits and the most copies of a card in play, so a
five-suit deck of ranks 3 to K, or eight copies of every card, needs no new code. Each deck's
answers are compared with the brute-force oracle (tests/oracle.py) on small hands."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.checks.judge import judge_for
from referee.checks.plays import check_meld
from referee.checks.situation import situate
from referee.kinds.geometry import geometry_for
from referee.loading.loader import Library
from referee.planner import arrange, check_going_out
from referee.planner.prepared import judge_geometry
from referee.planner.tables import _judge_masks, _masks
from referee.rules.ruleset import Ruleset
from referee.values.cards import JOKER, Card, DeckCount, DeckSpec
from tests.oracle import Oracle

FIVE_CROWNS_RANKS = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
FIVE_SUITS = ("C", "D", "H", "S", "X")

GAME = """format: 1
id: {id}
name: {id}
family: rummy
players: {{min: 2, max: 4}}
deck: {{jokers: {jokers}, decks: {decks}}}
hand_size: 9
melds:
  set: {{min: 3}}
  run: {{min: 3}}
wilds: {{ranks: {wilds}}}
first_meld: {{points: 30}}
going_out: {{final_discard: optional}}
scoring:
  method: deadwood
  wilds_count: stands_for          # a first meld counts a joker as the card it stands for
  card_values: {{A: 1, "2-9": 5, "10-K": 10, JOKER: 20}}
"""


def _load(library: Library, **fields: object) -> Ruleset:
    lib = library.copy()
    return lib.add(lib.load(GAME.format(**fields)))


@pytest.fixture(scope="module")
def five_suits(library: Library) -> Ruleset:
    """Ranks 3 to K in five suits, two decks of three jokers each, jokers wild. The loader
    holds a deck to the French ranks' order and at most four suits, so the deck is set on the
    loaded ruleset."""
    ruleset = _load(library, id="five-suits", jokers=3, decks=2, wilds="[JOKER]")
    deck = DeckSpec(ranks=FIVE_CROWNS_RANKS, suits=FIVE_SUITS, jokers=3, decks=DeckCount(fixed=2))
    return replace(ruleset, deck=deck)


@pytest.fixture(scope="module")
def eight_copies(library: Library) -> Ruleset:
    """The French deck, eight decks in play: eight copies of every card, more than the three
    count bits the packed hand once held."""
    return _load(library, id="eight-copies", jokers=0, decks=8, wilds="[]")


# ---------------------------------------------------------------- the geometry itself

def test_the_geometry_follows_the_deck(five_suits: Ruleset, eight_copies: Ruleset) -> None:
    five = geometry_for(five_suits.deck, five_suits.decks_in_play(None))
    assert (five.ranks, five.places) == (11, 12)  # the first rank, 3, has its high place too
    assert five.place_ranks[-1] == "3"
    assert (five.copies, five.bits, five.most) == (2, 3, 3)
    assert five.index(Card("3", "C")) == 0 and five.index(Card("K", "X")) == 54
    assert all(five.card(five.index(c)) == c for c in (Card("7", "X"), Card("J", "D"), Card("3", "S")))
    assert five.windows("low", 11) == (FIVE_CROWNS_RANKS,)
    assert five.windows("low", 3)[-1] == ("J", "Q", "K")  # the first rank stays low
    assert five.windows("low-or-high", 3)[-1] == ("Q", "K", "3")  # also after the last (`first_rank_high`)
    assert ("K", "3", "4") not in five.windows("low-or-high", 3)  # never between them
    eight = geometry_for(eight_copies.deck, eight_copies.decks_in_play(None))
    assert (eight.ranks, eight.places) == (13, 14)
    assert (eight.copies, eight.bits, eight.most) == (8, 5, 15)  # 8 needs four count bits
    assert eight.place_ranks[-1] == "A"
    # One value a deck: equal decks share it.
    assert geometry_for(replace(five_suits.deck), 2) is five


def test_the_suit_masks_read_back_as_the_cards(five_suits: Ruleset) -> None:
    judge = judge_for(five_suits, 1, None)
    geometry = judge_geometry(judge)
    assert geometry is geometry_for(five_suits.deck, 2)
    cards = [Card("3", "C"), Card("K", "C"), Card("3", "D"), Card("9", "X"), Card("K", "X")]
    masks, bits = _judge_masks(judge)
    assert Card(JOKER) not in bits and len(bits) == 55
    mask = sum(bits[c] for c in cards)
    assert masks is _masks(geometry) and masks.geometry is geometry
    assert sorted(masks.cards_of(mask)) == sorted(cards)
    # Ranks held by at least n suits: 3 twice, K twice, 9 once.
    counts = masks.counts(mask)

    def holding(n: int) -> set[str]:
        tops = masks.holding(counts, n)
        return {r for r, place in geometry.rank_at.items() if tops >> (masks.width * place) & (1 << (masks.width - 1))}

    assert (holding(1), holding(2)) == ({"3", "9", "K"}, {"3", "K"})
    assert holding(3) == holding(4) == holding(5) == set()
    every = sum(bits.values())  # all 55 cards: every rank in all five suits
    ranks = sum(1 << (masks.width * place + masks.width - 1) for place in range(geometry.ranks))
    assert masks.holding(masks.counts(every), 5) == ranks == masks.tops & ~(1 << (masks.width * geometry.ranks
                                                                              + masks.width - 1))


# ---------------------------------------------------------------- against the oracle

def _settings(examples: int) -> settings:
    return settings(max_examples=examples, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


def _shoe(ruleset: Ruleset) -> Counter[Card]:
    """Every card of the deck, as many times as the most decks in play hold it."""
    decks = ruleset.decks_in_play(None)
    shoe = Counter({Card(r, s): decks for r in ruleset.deck.ranks for s in ruleset.deck.suits})
    shoe[Card(JOKER)] = ruleset.deck.jokers_with(decks)
    return shoe


def _take(shoe: Counter[Card], cards: list[Card]) -> tuple[Card, ...]:
    """The cards the shoe still holds, taken out of it."""
    kept = []
    for card in cards:
        if shoe[card]:
            shoe[card] -= 1
            kept.append(card)
    return tuple(kept)


@st.composite
def core(draw: st.DrawFn, ruleset: Ruleset) -> list[Card]:
    """2-5 consecutive ranks of one suit, or 2-4 cards of one rank."""
    ranks, suits = list(ruleset.deck.ranks), list(ruleset.deck.suits)
    if draw(st.booleans()):
        start = draw(st.integers(0, len(ranks) - 3))
        suit = draw(st.sampled_from(suits))
        return [Card(r, suit) for r in ranks[start:start + draw(st.integers(2, 5))]]
    rank = draw(st.sampled_from(ranks))
    return [Card(rank, draw(st.sampled_from(suits))) for _ in range(draw(st.integers(2, 4)))]


@st.composite
def deal(draw: st.DrawFn, ruleset: Ruleset, most: int, repeats: bool,
         tables: int = 0) -> tuple[tuple[Card, ...], tuple[tuple[Card, ...], ...]]:
    """A small hand near melds (1-2 cores, a few more cards, jokers where the deck has them;
    `repeats`: a card many times over), and up to `tables` legal melds on the table."""
    shoe = _shoe(ruleset)
    jokers = [Card(JOKER)] * shoe[Card(JOKER)]
    table = []
    for _ in range(draw(st.integers(0, tables))):
        cards = draw(core(ruleset)) + jokers[:draw(st.integers(0, 1))]
        if len(cards) >= 3 and not Counter(cards) - shoe and check_meld(situate(ruleset, first_meld_done=True), cards).valid:
            table.append(_take(shoe, cards))
    cards = [c for _ in range(draw(st.integers(1, 2))) for c in draw(core(ruleset))]
    if repeats:
        card = Card(draw(st.sampled_from(ruleset.deck.ranks)), draw(st.sampled_from(ruleset.deck.suits)))
        cards += [card] * draw(st.integers(1, ruleset.decks_in_play(None)))
    cards += draw(st.lists(st.builds(Card, st.sampled_from(ruleset.deck.ranks),
                                     st.sampled_from(ruleset.deck.suits)), max_size=2))
    cards += jokers[:draw(st.integers(0, 2))]
    return _take(shoe, draw(st.permutations(cards))[:most]), tuple(table)


@pytest.mark.parametrize("first_meld_done", [True, False])
@_settings(60)
@given(data=st.data())
def test_five_suits_of_three_to_king_go_out_as_the_oracle_says(five_suits: Ruleset, first_meld_done: bool,
                                                              data: st.DataObject) -> None:
    hand, table = data.draw(deal(five_suits, 8, repeats=False, tables=2), label="deal")
    verdict = check_going_out(situate(five_suits, first_meld_done=first_meld_done), hand, table)
    expected = Oracle(five_suits).can_go_out(hand, table, first_meld_done)
    assert verdict.valid is expected, (hand, table, verdict.as_dict())


@_settings(40)
@given(data=st.data())
def test_five_suits_of_three_to_king_leave_the_fewest_points(five_suits: Ruleset, data: st.DataObject) -> None:
    hand, table = data.draw(deal(five_suits, 7, repeats=False, tables=1), label="deal")
    found = arrange(situate(five_suits, first_meld_done=True), hand, table)
    assert found.cost == Oracle(five_suits).fewest_points(hand, table, True), (hand, table, found)


@_settings(60)
@given(data=st.data())
def test_eight_copies_of_a_card_go_out_as_the_oracle_says(eight_copies: Ruleset, data: st.DataObject) -> None:
    hand, table = data.draw(deal(eight_copies, 10, repeats=True, tables=1), label="deal")
    verdict = check_going_out(situate(eight_copies, first_meld_done=True), hand, table)
    expected = Oracle(eight_copies).can_go_out(hand, table)
    assert verdict.valid is expected, (hand, table, verdict.as_dict())


def test_eight_copies_of_one_card_fill_a_field(eight_copies: Ruleset) -> None:
    """Eight of one card (more than three count bits hold) meld as one set, and leave none."""
    hand = [Card("5", "H")] * 8 + [Card("9", "C")]
    verdict = check_going_out(situate(eight_copies, first_meld_done=True), hand)
    assert verdict.valid, verdict.as_dict()
    assert Oracle(eight_copies).can_go_out(hand)
    found = arrange(situate(eight_copies, first_meld_done=True), [Card("5", "H")] * 8 + [Card("6", "H"), Card("7", "H")], ())
    assert found.cost == 0 and not found.plan.left
