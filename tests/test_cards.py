from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.values.cards import (
    RANKS,
    SUITS,
    Card,
    DeckCount,
    DeckSpec,
    face,
    faces,
    parse_card,
    parse_cards,
)
from referee.values.errors import InvalidCardError, RefereeError

cards_strategy = st.one_of(
    st.builds(Card, st.sampled_from(RANKS), st.sampled_from(SUITS)),
    st.just(Card("JOKER")),
)


@pytest.mark.parametrize(("token", "expected"), [
    ("8H", "8H"), ("10S", "10S"), ("TS", "10S"), ("ts", "10S"), ("qd", "QD"), ("A♠", "AS"),
    ("k♥", "KH"), ("JK", "JK"), ("joker", "JK"), ("*", "JK"), ("  9c ", "9C"), ("J♦", "JD"),
])
def test_notation_accepted(token: str, expected: str) -> None:
    assert str(parse_card(token)) == expected


@pytest.mark.parametrize(("token", "words"), [
    ("1H", 'rank "1" is not one of A 2-10 J Q K'),
    ("8X", 'suit "X" is not one of C D H S'),
    ("", "a card is a rank then a suit"),
    ("11H", 'rank "11"'),
])
def test_bad_token_names_token_and_position(token: str, words: str) -> None:
    with pytest.raises(InvalidCardError) as info:
        parse_cards(["8H", "8S", token])
    problem = info.value.problems[0]
    assert problem.path == "[2]"
    assert f'"{token}" (item 3) is not a card' in problem.message
    assert words in problem.message
    assert isinstance(info.value, ValueError) and isinstance(info.value, RefereeError)


def test_every_bad_token_is_reported() -> None:
    with pytest.raises(InvalidCardError) as info:
        parse_cards(["1H", "8H", 7, "ZZ"])
    assert [p.path for p in info.value.problems] == ["[0]", "[2]", "[3]"]


@given(cards_strategy)
def test_parse_str_round_trip(card: Card) -> None:
    assert parse_card(str(card)) == card


@given(cards_strategy)
def test_repr_is_pasteable(card: Card) -> None:
    assert eval(repr(card), {"Card": Card}) == card


@given(cards_strategy, st.sampled_from([str.lower, str.upper, lambda s: f"  {s} "]))
def test_case_and_blanks_do_not_matter(card: Card, change: object) -> None:
    assert parse_card(change(str(card))) == card  # type: ignore[operator]


@given(st.text(max_size=6))
def test_only_card_errors_escape(text: str) -> None:
    try:
        parse_card(text)
    except InvalidCardError:
        pass


def test_joker_is_a_value() -> None:
    joker = parse_card("JK")
    assert joker.is_joker and joker == Card("JOKER") and joker is not None


@pytest.mark.parametrize(("count", "players", "decks"), [
    (DeckCount(fixed=2), 6, 2),
    (DeckCount(players_per_deck=2), 2, 1),
    (DeckCount(players_per_deck=2), 3, 2),
    (DeckCount(players_per_deck=2), 7, 4),
    (DeckCount(players_per_deck=2), 8, 4),
    (DeckCount(table=((2, 1), (3, 2), (5, 3), (7, 4))), 2, 1),
    (DeckCount(table=((2, 1), (3, 2), (5, 3), (7, 4))), 4, 2),
    (DeckCount(table=((2, 1), (3, 2), (5, 3), (7, 4))), 6, 3),
    (DeckCount(table=((2, 1), (3, 2), (5, 3), (7, 4))), 9, 4),
])
def test_decks_by_player_count(count: DeckCount, players: int, decks: int) -> None:
    assert count.for_players(players) == decks


def test_deck_composition() -> None:
    spec = DeckSpec(jokers=2, decks=DeckCount(players_per_deck=2))
    assert len(spec.cards()) == 54
    assert len(spec.full(5)) == 54 * 3
    assert spec.copies(Card("8", "H"), 3) == 3
    assert spec.copies(Card("JOKER"), 3) == 6
    assert DeckSpec(ranks=RANKS[:6]).copies(Card("K", "H"), 1) == 0


@pytest.mark.parametrize(("token", "shown"), [
    ("10S", "10♠"), ("8H", "8♥"), ("qd", "Q♦"), ("AC", "A♣"), ("TS", "10♠"), ("JK", "🃏"),
])
def test_a_card_is_named_as_its_chip_shows_it(token: str, shown: str) -> None:
    card = Card.parse(token)
    assert face(card) == shown and Card.parse(str(card)) == card  # the notation stays the card's text
    assert card.is_joker or Card.parse(shown) == card  # a chip's text, typed back, is the same card


def test_cards_are_listed_as_chips() -> None:
    assert faces(parse_cards(["8H", "8S", "2C", "JK"])) == "8♥, 8♠, 2♣, 🃏"
