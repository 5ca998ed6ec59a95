"""Decks other than the French one (cards.md, ruleset-format.md "Decks that are not French"):
read through the loader, their cards read and named by the deck, melds judged in its rank
order, and every contradiction in a deck a finding at its line and column."""

from __future__ import annotations

import string
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.checks.judge import judge_for
from referee.checks.plays import check_lay_off, check_meld
from referee.checks.situation import situate
from referee.kinds.table import most_of
from referee.loading.loader import Library
from referee.rules.ruleset import Ruleset
from referee.scoring.round import score_round
from referee.sheet.records import round_record
from referee.values.cards import (
    FRENCH,
    JOKER,
    RANKS,
    SUITS,
    Card,
    DeckSpec,
    parse_card,
    parse_cards,
)
from referee.values.errors import InvalidCardError, InvalidPlayError, RulesetError
from referee.values.i18n import language

CROWNS = """\
format: 1
id: crowns
family: rummy
name: Crowns
deck:
  ranks: ["3", "4", "5", "6", "7", "8", "9", "10", J, Q, K]
  suits: [C, D, H, S, {letter: X, symbol: "★", name: stars}]
  jokers: 3
  decks: 2
melds: {set: {min: 3}, run: {min: 3}}
wilds: {ranks: [JOKER]}
scoring:
  card_values: {"3-10": 5, J: 10, Q: 10, K: 10, JOKER: 50}
"""

PHASES = """\
format: 1
id: phases
family: rummy
name: Phases
deck:
  ranks: ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12"]
  suits: [{letter: R, name: red}, {letter: B, name: blue}, {letter: G, name: green}, {letter: Y, name: yellow}]
  copies: 2
  specials: {W: 8, SK: 4}
melds: {set: {min: 3}, run: {min: 4}}
wilds: {ranks: [W]}
scoring:
  card_values: {"1-9": 5, "10-12": 10, W: 25, SK: 15}
"""


TILES = """\
format: 1
id: tiles
family: rummy
name: Tiles
deck:
  ranks: ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13"]
  suits: [{letter: K, name: black}, {letter: B, name: blue}, {letter: O, name: orange, aliases: [Y]}, R]
  jokers: 2
  decks: 2
melds: {set: {min: 3, distinct_suits: true}, run: {min: 3}}
wilds: {ranks: [JOKER]}
"""


def load(text: str) -> Ruleset:
    return Library().load(text, "deck.yaml")[0]


def findings(text: str) -> list[tuple[str, int | None, int | None, str]]:
    with pytest.raises(RulesetError) as caught:
        Library().load(text, "deck.yaml")
    return [(p.path, p.line, p.column, p.message) for p in caught.value.problems]


@pytest.fixture(scope="module")
def crowns() -> Ruleset:
    return load(CROWNS)


@pytest.fixture(scope="module")
def phases() -> Ruleset:
    return load(PHASES)


def cards_of(ruleset: Ruleset, text: str) -> tuple[Card, ...]:
    return parse_cards(text.split(), deck=ruleset.deck)


def meld(ruleset: Ruleset, text: str, players: int = 4) -> dict[str, Any]:
    return check_meld(situate(ruleset, players=players), cards_of(ruleset, text)).as_dict()


def codes(answer: dict[str, Any]) -> list[str]:
    return [v["code"] for v in answer["violations"]]


# ---------------------------------------------------------------- the decks as loaded

def test_the_decks_are_built_from_their_fields(crowns: Ruleset, phases: Ruleset) -> None:
    assert crowns.deck.as_dict()["suits"][-1] == {"letter": "X", "symbol": "★", "name": "stars"}
    assert len(crowns.deck.full(4)) == 2 * (11 * 5 + 3)
    assert phases.deck.as_dict()["specials"] == {"W": 8, "SK": 4}
    assert phases.deck.as_dict()["copies"] == 2
    assert len(phases.deck.full(4)) == 12 * 4 * 2 + 8 + 4
    assert not crowns.deck.french_notation and not phases.deck.french_notation


@pytest.mark.parametrize(("deck", "token", "card"), [
    ("crowns", "QX", Card("Q", "X")),
    ("crowns", "Q★", Card("Q", "X")),
    ("crowns", "10x", Card("10", "X")),
    ("crowns", "TX", Card("10", "X")),
    ("crowns", "JK", Card(JOKER)),
    ("crowns", "3C", Card("3", "C")),
    ("phases", "12G", Card("12", "G")),
    ("phases", "1r", Card("1", "R")),
    ("phases", "W", Card("W")),
    ("phases", "sk", Card("SK")),
])
def test_a_card_is_read_by_its_rulesets_deck(request: pytest.FixtureRequest, deck: str, token: str,
                                             card: Card) -> None:
    ruleset: Ruleset = request.getfixturevalue(deck)
    assert parse_card(token, deck=ruleset.deck) == card


@pytest.mark.parametrize(("deck", "token", "reason"), [
    ("crowns", "AH", 'rank "A" is not one of 3-10 J Q K'),
    ("crowns", "1X", 'rank "1" is not one of 3-10 J Q K'),
    ("crowns", "QR", 'suit "R" is not one of C D H S X'),
    ("crowns", "W", "a card is a rank then a suit, such as 8X"),
    ("phases", "1X", 'suit "X" is not one of R B G Y'),
    ("phases", "13R", 'rank "13" is not one of 1-12'),
    ("phases", "QH", 'rank "Q" is not one of 1-12'),
])
def test_a_card_the_deck_cannot_hold_names_its_ranks_and_suits(request: pytest.FixtureRequest, deck: str,
                                                               token: str, reason: str) -> None:
    ruleset: Ruleset = request.getfixturevalue(deck)
    with pytest.raises(InvalidCardError) as caught:
        parse_card(token, 2, deck=ruleset.deck)
    [problem] = caught.value.problems
    assert (problem.path, problem.code) == ("[2]", "unknown_card")
    assert problem.message.endswith(reason), problem.message


def test_a_french_deck_still_reads_every_french_card() -> None:
    short = DeckSpec(ranks=RANKS[:10])
    assert short.french_notation
    assert parse_card("KH", deck=short) == Card("K", "H")  # read, and refused later as not in the deck
    assert not short.holds(Card("K", "H"))


def test_a_suit_alias_reads_as_its_suit() -> None:
    tiles = load(TILES)
    assert cards_of(tiles, "13K 1R 5Y 5o") == (Card("13", "K"), Card("1", "R"), Card("5", "O"), Card("5", "O"))
    assert meld(tiles, "11Y 12O 13O")["valid"]
    assert meld(tiles, "5K 5B 5R 5O")["valid"]
    assert codes(meld(tiles, "5K 5B 5R 5O 5K")) == ["repeated_suit"]


# ---------------------------------------------------------------- copies

def test_a_book_holds_as_many_of_a_card_as_the_decks_do(crowns: Ruleset) -> None:
    assert meld(crowns, "QX QX QH")["valid"]
    answer = meld(crowns, "QX QX QX QH")
    assert codes(answer) == ["duplicate_card"]
    assert "only 2 of Q★" in answer["violations"][0]["message"]


def test_copies_multiply_each_card_of_one_deck(phases: Ruleset) -> None:
    assert phases.deck.copies(Card("5", "R"), 1) == 2
    assert meld(phases, "5R 5R 5B")["valid"]
    assert codes(meld(phases, "5R 5R 5R")) == ["duplicate_card"]
    eight = load(PHASES.replace("copies: 2", "copies: 8"))
    assert meld(eight, " ".join(["5R"] * 8))["valid"]
    assert codes(meld(eight, " ".join(["5R"] * 9))) == ["duplicate_card"]


def test_scores_count_copies_and_special_cards(phases: Ruleset) -> None:
    scored = score_round(phases, {"ann": cards_of(phases, "5R 5R W SK 12Y"), "bob": ()}, "bob")
    assert scored["ann"].points == 5 + 5 + 25 + 15 + 10
    with pytest.raises(InvalidPlayError) as caught:
        score_round(phases, {"ann": cards_of(phases, "5R 5R"), "bob": cards_of(phases, "5R"), "cy": ()}, "cy")
    assert [(p.path, p.code) for p in caught.value.problems] == [("hands.bob[0]", "duplicate_card")]


def test_a_round_record_reads_hands_by_the_deck(phases: Ruleset) -> None:
    record = round_record(phases, {"went_out": "bob", "hands": {"ann": ["12g", "W"], "bob": []}}, 2)
    assert record["points"] == {"ann": 35, "bob": 0}
    with pytest.raises(InvalidCardError) as caught:
        round_record(phases, {"went_out": "bob", "hands": {"ann": ["QH"], "bob": []}}, 2)
    assert [p.path for p in caught.value.problems] == ["hands.ann[0]"]
    assert "1-12" in caught.value.problems[0].message


# ---------------------------------------------------------------- melds judged in the deck's order

@pytest.mark.parametrize(("deck", "cards", "kind", "wilds"), [
    ("crowns", "10X JX QX", "run", []),
    ("crowns", "3X 4X 5X", "run", []),
    ("crowns", "JX QX KX", "run", []),
    ("crowns", "QX KX JK", "run", [{"card": "JK", "as": "JX"}]),
    ("crowns", "QX QX QH", "set", []),
    ("phases", "1R 2R 3R W", "run", [{"card": "W", "as": "4R"}]),
    ("phases", "9G 10G 11G 12G", "run", []),
    ("phases", "5R 5B 5G W", "set", [{"card": "W", "as": "5"}]),
])
def test_melds_of_the_deck_are_judged(request: pytest.FixtureRequest, deck: str, cards: str, kind: str,
                                      wilds: list[dict[str, str]]) -> None:
    answer = meld(request.getfixturevalue(deck), cards)
    assert (answer["valid"], answer.get("kind"), answer.get("wilds")) == (True, kind, wilds), answer


@pytest.mark.parametrize(("deck", "cards", "code"), [
    ("crowns", "KX 3X 4X", "not_consecutive"),     # no turning the corner K-3
    ("crowns", "QX KX 3X JK", "not_consecutive"),
    ("phases", "10R 11R 12R 1R", "not_consecutive"),
    ("phases", "5R 5B SK", "mixed_ranks"),           # a skip belongs to no rank
    ("crowns", "AX 2X 3X", None),                    # not cards of this deck at all
])
def test_melds_the_deck_cannot_make_are_refused(request: pytest.FixtureRequest, deck: str, cards: str,
                                                code: str | None) -> None:
    ruleset: Ruleset = request.getfixturevalue(deck)
    if code is None:
        with pytest.raises(InvalidCardError):
            cards_of(ruleset, cards)
        return
    answer = meld(ruleset, cards)
    assert not answer["valid"] and code in codes(answer), answer


def test_a_run_that_cannot_turn_the_corner_says_the_decks_order(crowns: Ruleset) -> None:
    [violation] = meld(crowns, "KX 3X 4X")["violations"]
    assert violation["message"] == "K★, 3★, 4★ cannot make one run of consecutive ranks (ranks in order 3-10 J Q K)."


def test_around_lets_a_run_turn_the_corner_of_any_deck() -> None:
    around = load(CROWNS.replace("run: {min: 3}", "run: {min: 3, around: true}"))
    assert meld(around, "KX 3X 4X")["valid"]
    assert meld(around, "QX KX 3X")["valid"]
    assert not meld(around, "JX KX 4X")["valid"]


def test_a_run_holds_each_rank_of_the_deck_once(crowns: Ruleset, phases: Ruleset) -> None:
    assert most_of(judge_for(crowns, 1, 4).kinds["run"]) == 11
    assert most_of(judge_for(phases, 1, 4).kinds["run"]) == 12
    distinct = load(CROWNS.replace("set: {min: 3}", "set: {min: 3, distinct_suits: true}"))
    assert most_of(judge_for(distinct, 1, 4).kinds["set"]) == 5
    assert meld(distinct, "QC QD QH QS QX")["valid"]


def test_a_mixed_run_names_the_decks_own_suit(crowns: Ruleset) -> None:
    answer = meld(crowns, "10X JX QX KH")
    message = next(v["message"] for v in answer["violations"] if v["code"] == "mixed_suits")
    assert message == "A run is cards of one suit; K♥ is not stars."
    with language("ru"):
        answer = meld(crowns, "10H JH QH KX")
    message = next(v["message"] for v in answer["violations"] if v["code"] == "mixed_suits")
    assert "червы" in message  # a French suit in its translation, Five Crowns' stars as written


def test_a_lay_off_reads_the_decks_order(crowns: Ruleset) -> None:
    table = cards_of(crowns, "9X 10X JX")
    assert check_lay_off(situate(crowns, first_meld_done=True, players=4), table, cards_of(crowns, "QX KX")).valid
    assert not check_lay_off(situate(crowns, first_meld_done=True, players=4), cards_of(crowns, "JX QX KX"), cards_of(crowns, "3X")).valid


def test_a_french_rulesets_masks_are_the_french_decks(library: Library) -> None:
    judge = judge_for(library.get("ten-pennies"), 1, 4)
    width = len(RANKS) + 1  # an ace played high above the king
    assert judge.natural_bits == {Card(r, s): 1 << (width * SUITS.index(s) + RANKS.index(r))
                                  for s in SUITS for r in RANKS if r not in judge.wild_ranks}


def test_another_decks_masks_follow_its_order(crowns: Ruleset) -> None:
    bits = judge_for(crowns, 1, 4).natural_bits
    assert len(set(bits.values())) == 11 * 5
    assert bits[Card("3", "C")] == 1 and bits[Card("4", "C")] == 2
    assert bits[Card("3", "D")] == 1 << 12  # eleven ranks and a place above them a suit


# ---------------------------------------------------------------- findings at their line

def _edit(text: str, old: str, new: str) -> str:
    assert old in text
    return text.replace(old, new, 1)


@pytest.mark.parametrize(("text", "path", "line", "words"), [
    pytest.param(_edit(PHASES, '"11", "12"]', '"11", "12", "11"]'), "deck.ranks[12]", 6,
                 'the rank "11" is given twice (deck.ranks[10] is the same)', id="a rank twice"),
    pytest.param(_edit(PHASES, "{letter: Y, name: yellow}", "{letter: r, name: yellow}"), "deck.suits[3].letter", 7,
                 '"r" already stands for the suit "R"', id="a suit letter twice, in any case"),
    pytest.param(_edit(PHASES, "{letter: Y, name: yellow}", "{letter: Y, aliases: [B]}"),
                 "deck.suits[3].aliases[0]", 7, '"B" already stands for the suit "B"', id="an alias of another suit"),
    pytest.param(_edit(CROWNS, '{letter: X, symbol: "★", name: stars}', '{letter: X, symbol: "♥"}'),
                 "deck.suits[4].symbol", 7, '"♥" already stands for the suit "H"', id="a symbol of another suit"),
    pytest.param(_edit(PHASES, 'ranks: ["1",', 'ranks: [R, "1",'), "deck.suits[0].letter", 7,
                 '"R" stands for a suit and is also the rank "R"', id="a suit letter like a rank"),
    pytest.param(_edit(PHASES, "{W: 8, SK: 4}", "{W: 8, SK: 4, G: 1}"), "deck.suits[2].letter", 7,
                 '"G" stands for a suit and is also the special card "G"', id="a suit letter like a special"),
    pytest.param(_edit(PHASES, "{letter: R, name: red}", '{letter: R, symbol: "*"}'), "deck.suits[0].symbol", 7,
                 '"*" stands for a suit and is also how a joker is written (JK, JOKER, *)', id="a joker's symbol"),
    pytest.param(_edit(CROWNS, '{letter: X, symbol: "★", name: stars}', "O, K"), "deck.suits[5]", 7,
                 '"K" stands for a suit and is also the rank "K"', id="a suit letter like a rank, written alone"),
    pytest.param(_edit(_edit(_edit(CROWNS, ", K]", "]"), " K: 10,", ""), '{letter: X, symbol: "★", name: stars}', "K"),
                 "deck.suits[4]", 7, '"K" after the rank "J" writes JK, which is a joker', id="a rank and a suit writing JK"),
    pytest.param(_edit(PHASES, "{W: 8, SK: 4}", "{W: 8, SK: 4, 5R: 1}"), 'deck.specials["5R"]', 9,
                 'the special card "5R" is written as the card 5R is (the rank "5", the suit "R")',
                 id="a special like a card"),
    pytest.param(_edit(PHASES, "{W: 8, SK: 4}", '{W: 8, SK: 4, "10": 1}'), 'deck.specials["10"]', 9,
                 'the special card "10" is written as the rank "10" is', id="a special like a rank"),
    pytest.param(_edit(PHASES, "{W: 8, SK: 4}", "{W: 8, SK: 4, Joker: 1}"), "deck.specials.Joker", 9,
                 'the special card "Joker" is written as a joker is (JK, JOKER, *)', id="a special like a joker"),
    pytest.param(_edit(PHASES, "{W: 8, SK: 4}", "{W: 8, SK: 4, w: 1}"), "deck.specials.w", 9,
                 'the special card "w" is written as "W" is', id="two specials alike"),
    pytest.param(_edit(PHASES, "run: {min: 4}", "run: {min: 4, ace: high}"), "melds.run.ace", 10,
                 "ace: high places an ace, but this deck's first rank is \"1\" (its ranks run 1-12); leave ace out, "
                 "or give around: true for runs that turn the corner", id="run.ace without an ace"),
    pytest.param(PHASES + "rounds:\n  - {melds: {run: {min: 3, ace: low}}}\n", "rounds[0].melds.run.ace", 15,
                 "ace: low places an ace", id="a round's run.ace without an ace"),
    pytest.param(_edit(CROWNS, "{ranks: [JOKER]}", "{ranks: [JOKER, A]}"), "wilds.ranks[1]", 11,
                 '"A" is not a rank: use one of 3 4 5 6 7 8 9 10 J Q K JOKER', id="a wild rank of another deck"),
    pytest.param(_edit(PHASES, "{ranks: [W]}", "{ranks: [W, JOKER]}"), "wilds.ranks[1]", 11,
                 'the wild rank "JOKER" is not in the deck (this deck has no jokers)', id="a joker without jokers"),
    pytest.param(_edit(PHASES, "SK: 15}", "SK: 15, Q: 3}"), "scoring.card_values.Q", 13,
                 '"Q" is not a rank or a range of ranks of this deck in order (such as "3-9")',
                 id="a card value of another deck"),
    pytest.param(_edit(PHASES, '"1-9": 5', '"1-13": 5'), 'scoring.card_values["1-13"]', 13,
                 '"1-13" is not a rank or a range of ranks', id="a range past the deck"),
    pytest.param(_edit(PHASES, ", SK: 15}", "}"), "scoring.card_values", 13, "no value for SK",
                 id="a special card without a value"),
])
def test_a_deck_that_contradicts_itself_is_a_finding_at_its_place(text: str, path: str, line: int,
                                                                   words: str) -> None:
    found = findings(text)
    at = [f for f in found if f[0] == path]
    assert at, found
    assert at[0][1] == line and at[0][2] is not None and at[0][2] > 0, at
    assert at[0][3].startswith(words), at


def test_the_column_points_at_the_value() -> None:
    text = _edit(PHASES, "{letter: Y, name: yellow}", "{letter: R, name: yellow}")
    [(_, line, column, _)] = findings(text)
    assert text.splitlines()[line - 1][column - 1:].startswith("R, name: yellow")


def test_runs_in_a_deck_without_an_ace_load() -> None:
    assert load(PHASES).rummy is not None
    assert load(CROWNS.replace("run: {min: 3}", "run: {min: 3, around: true}"))


def test_around_beside_another_ace_is_a_finding() -> None:
    text = _edit(CROWNS.replace('  ranks: ["3", "4", "5", "6", "7", "8", "9", "10", J, Q, K]\n', ""),
                 "run: {min: 3}", "run: {min: 3, ace: low, around: true}")
    text = text.replace('"3-10": 5', 'A: 1, "2-10": 5')
    [(path, _, _, message)] = findings(text)
    assert path == "melds.run.around"
    assert message == "around: true lets runs turn the corner, but ace: low says they do not"


def test_a_layout_reads_its_decks_ranks() -> None:
    text = ("format: 1\nid: slots\nfamily: layout\nname: Slots\ngame: {end: {layout_size: 0}}\n"
            "deck: {ranks: ['1', '2', '3'], specials: {W: 4}}\nlayout: {slots: ['1', '2', '3']}\n"
            "wilds: {ranks: [W]}\ndead_ranks: ['3']\n")
    assert load(text).layout is not None
    found = findings(text.replace("slots: ['1', '2', '3']", "slots: ['1', '2', A]"))
    assert [(p, m) for p, _, _, m in found] == [("layout.slots[2]", '"A" is not a rank: use one of 1 2 3 W')]


# ---------------------------------------------------------------- every deck the schema allows

_SYMBOLS = "★☆◆●▲■♛♜"


@st.composite
def deck_documents(draw: st.DrawFn) -> dict[str, Any]:
    """A `deck` the schema and the checks allow: ranks of digits and a few letters, suits of
    other letters (some with a symbol), special cards that read as no card, copies and decks."""
    ranks = draw(st.lists(st.one_of(st.integers(1, 40).map(str), st.sampled_from(["J", "Q", "K", "A", "N"])),
                          min_size=1, max_size=20, unique=True))
    taken = {r.upper() for r in ranks}
    letters = [c for c in string.ascii_uppercase if c not in taken and c != "K"]  # J then K writes JK
    chosen = draw(st.lists(st.sampled_from(letters), min_size=1, max_size=8, unique=True))
    symbols = draw(st.lists(st.sampled_from(_SYMBOLS), min_size=len(chosen), max_size=len(chosen), unique=True))
    suits: list[Any] = [s if draw(st.booleans()) else {"letter": s, "symbol": y, "name": f"suit {s}"}
                        for s, y in zip(chosen, symbols, strict=True)]
    free = [c for c in letters if c not in chosen and c not in "JK"]
    names = draw(st.lists(st.sampled_from([f"{a}{b}{b}" for a in free for b in "ZV"]), max_size=3, unique=True))
    return {"ranks": ranks, "suits": suits, "copies": draw(st.integers(1, 8)), "jokers": draw(st.integers(0, 3)),
            "specials": {n: draw(st.integers(1, 4)) for n in names}, "decks": draw(st.integers(1, 3))}


def _ruleset_with(deck: dict[str, Any]) -> Ruleset:
    doc = {"format": 1, "id": "any-deck", "family": "rummy", "name": "Any", "deck": deck,
           "melds": {"set": {"min": 3}, "run": {"min": 3}}}
    return load(yaml.safe_dump(doc, allow_unicode=True))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(deck_documents())
def test_every_card_of_every_deck_reads_back(deck: dict[str, Any]) -> None:
    ruleset = _ruleset_with(deck)
    spec = ruleset.deck
    for card in set(spec.full(3)):
        assert parse_card(str(card), deck=spec) == card
        assert parse_card(str(card).lower(), deck=spec) == card
        if not card.is_joker:
            assert parse_card(spec.face(card), deck=spec) == card


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(deck_documents(), st.data())
def test_copies_of_every_deck_are_counted(deck: dict[str, Any], data: st.DataObject) -> None:
    ruleset = _ruleset_with(deck)
    spec = ruleset.deck
    decks = spec.decks.for_players(2)
    card = data.draw(st.sampled_from(sorted(spec.distinct())))
    have = spec.copies(card, decks)
    assert have == spec.full(2).count(card) > 0
    assert score_round(ruleset, {"ann": (card,) * have, "bob": ()}, "bob")["ann"].cards
    with pytest.raises(InvalidPlayError) as caught:
        score_round(ruleset, {"ann": (card,) * (have + 1), "bob": ()}, "bob")
    assert {p.code for p in caught.value.problems} == {"duplicate_card"}


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(deck_documents().filter(lambda d: len(d["ranks"]) >= 4), st.data())
def test_every_deck_runs_in_its_written_order(deck: dict[str, Any], data: st.DataObject) -> None:
    ruleset = _ruleset_with(deck)
    spec = ruleset.deck
    suit = data.draw(st.sampled_from(spec.suits))
    start = data.draw(st.integers(0, len(spec.ranks) - 3))
    run = [Card(r, suit) for r in spec.ranks[start:start + 3]]
    for order in (run, run[::-1], data.draw(st.permutations(run))):
        answer = check_meld(situate(ruleset, players=2), order).as_dict()
        assert (answer["valid"], answer.get("kind")) == (True, "run"), answer
    corner = [Card(spec.ranks[-1], suit), Card(spec.ranks[0], suit), Card(spec.ranks[1], suit)]
    assert not check_meld(situate(ruleset, players=2), corner).valid


def test_the_french_deck_is_the_default() -> None:
    assert load("format: 1\nid: plain\nfamily: rummy\nname: P\nmelds: {set: {min: 3}}\n").deck == FRENCH


def test_an_upload_whose_deck_contradicts_itself_is_a_422_at_its_line(quick_client: Any) -> None:
    text = _edit(PHASES, "{letter: Y, name: yellow}", "{letter: R, name: yellow}")
    response = quick_client.post("/v1/rulesets", data=text.encode(), content_type="application/yaml")
    assert response.status_code == 422
    [error] = response.get_json()["errors"]
    assert (error["path"], error["code"], error["line"]) == ("deck.suits[3].letter", "meaning", 7)
    response = quick_client.post("/v1/rulesets", data=PHASES.encode(), content_type="application/yaml")
    assert response.status_code == 201, response.get_data(as_text=True)[:300]
