from __future__ import annotations

import json
import shlex
import subprocess
import sys
from importlib.metadata import EntryPoint, entry_points, version
from pathlib import Path
from typing import NamedTuple

import pytest

from referee.checks.needwords import requirement_words
from referee.cli import main, serve
from referee.loading.loader import default_library
from referee.loading.shipped import schema
from referee.rules.ruleset import Ruleset
from referee.values.cards import DeckSpec, parse_card

ROOT = Path(__file__).resolve().parent.parent


def test_rulesets_lists_games_and_variants(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rulesets"]) == 0
    out = capsys.readouterr().out
    for rid in ("ten-pennies", "bing-rummy", "garbage", "garbage-kings-wild"):
        assert rid in out


def test_lint_shipped_rulesets_clean() -> None:
    assert main(["lint", *map(str, sorted((ROOT / "rulesets").glob("*.yaml")))]) == 0


def test_lint_reports_file_line_column(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "v.yaml"
    bad.write_text("format: 1\nid: v\nextends: ten-pennies\nname: V\nfamily: rummy\n"
                   'wilds: {ranks: ["11"]}\n')
    assert main(["lint", str(bad)]) == 1
    assert f"{bad}:6:17: wilds.ranks[0]: " in capsys.readouterr().out


def test_lint_variant_of_a_file_given_beside_it(tmp_path: Path) -> None:
    (tmp_path / "base.yaml").write_text("format: 1\nid: my-base\nfamily: rummy\nname: B\nmelds: {set: {min: 3}}\n")
    (tmp_path / "var.yaml").write_text("format: 1\nid: my-var\nextends: my-base\nfamily: rummy\nname: V\n")
    assert main(["lint", str(tmp_path / "var.yaml"), str(tmp_path / "base.yaml")]) == 0


def test_lint_unreadable_exits_2(tmp_path: Path) -> None:
    assert main(["lint", str(tmp_path / "missing.yaml")]) == 2


def test_check_explains(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "ten-pennies", "8H", "8S", "2C"]) == 0
    assert "2♣ stands for 8" in capsys.readouterr().out
    assert main(["check", "bing-rummy", "8H", "9H", "2C"]) == 0  # a run's wild stands for a rank and suit
    assert "legal: 8♥ 9♥ 2♣ is a run; 2♣ stands for 10♥" in capsys.readouterr().out
    assert main(["check", "ten-pennies", "8H", "2S", "2C"]) == 1
    assert "at most 1 wild card" in capsys.readouterr().out


def test_bad_card_is_one_line_no_traceback(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "ten-pennies", "1H", "8S", "8D"]) == 2  # cli.md: the input could not be used
    err = capsys.readouterr().err
    assert '"1H" (item 1) is not a card' in err and "Traceback" not in err


def test_score(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "ten-pennies", "ann=3H,KD,JK", "bob="]) == 0
    out = capsys.readouterr().out
    assert "65 points" in out and "3 pennies" in out


def test_score_says_one_card_and_one_penny(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "ten-pennies", "ann=3H", "bob=", "cy=3H,4H"]) == 0
    assert [line.split() for line in capsys.readouterr().out.splitlines()] == [
        ["ann", "5", "points", "1", "card", "1", "penny"],
        ["bob", "0", "points", "0", "cards", "0", "pennies"],
        ["cy", "10", "points", "2", "cards", "2", "pennies"],
    ]


def test_score_columns_line_up(capsys: pytest.CaptureFixture[str]) -> None:
    """Singular and plural words take the same width, so each column starts in one place."""
    assert main(["score", "ten-pennies", "ann=3H", "bob=3H,4H"]) == 0
    ann, bob = capsys.readouterr().out.splitlines()
    assert ann.index("1 penny") == bob.index("2 pennies")
    assert ann.index("1 card") == bob.index("2 cards")


# ---------------------------------------------------------------- every shipped ruleset

RULESETS = sorted((r for r in default_library().all() if r.mahjong is None), key=lambda r: r.id)  # card games
RUMMY = [r for r in RULESETS if r.rummy is not None]
# Games scored by the cards caught, whose round 1 asks a first meld of sets by count alone:
# the generic plays below are built for them; the other games have their own tests.
CAUGHT = [r for r in RUMMY if r.scoring.method == "caught"]
SET_CONTRACTS = [r for r in CAUGHT if r.rummy and not r.rummy.round(1).first_meld.empty
                 and not r.rummy.round(1).first_meld.sizes("run") and not r.rummy.round(1).first_meld.points]

NO_KNOCK = [r for r in RUMMY if r.scoring.knock is None]  # going out, not knocking
WHOLE_HAND = [r for r in RUMMY if r.rummy and r.rummy.round(1).whole_hand]  # every meld shown at once
MELD_AFTER = [r for r in SET_CONTRACTS if r.rummy and r.rummy.round(1).later_melds]


def _wild_rank(ruleset: Ruleset) -> list[str]:
    """`--wild-rank K` for a game that makes one rank wild each deal."""
    return ["--wild-rank", "K"] if ruleset.rummy and ruleset.rummy.round(1).wilds.per_deal else []
LAYOUT = [r for r in RULESETS if r.layout is not None]


SIGNS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


def chips(cards: str, deck: DeckSpec | None = None) -> str:
    """Cards given in the notation (`8H 8S`, `8H,8S`) as the sentences name them, as the page's
    chips show them (`8♥ 8♠`; in a deck's own faces where one is given: `7R`, `W`)."""
    tokens = cards.replace(",", " ").split()
    if deck is not None:
        return " ".join(deck.face(parse_card(c, deck=deck)) for c in tokens)
    return " ".join("🃏" if c == "JK" else c[:-1] + SIGNS[c[-1]] for c in tokens)


def each(rulesets: list[Ruleset]) -> pytest.MarkDecorator:
    return pytest.mark.parametrize("ruleset", rulesets, ids=[r.id for r in rulesets])


class Play(NamedTuple):
    """Arguments for `referee check`, and words the answer must hold."""

    options: list[str]
    cards: list[str]
    says: str


def _naturals(ruleset: Ruleset) -> list[str]:
    """Ranks that are not wild in round 1: the raw material of plain plays."""
    assert ruleset.rummy is not None
    return [r for r in ruleset.deck.ranks if r not in ruleset.rummy.round(1).wilds.ranks]


def legal_play(ruleset: Ruleset) -> Play:
    """A play the game's own rules allow: a smallest set of one natural rank, or a card in its slot."""
    if ruleset.layout is not None:
        card = f"{ruleset.layout.slots[0]}H"
        return Play([], [card], f"legal: {chips(card)} goes in slot 1")
    assert ruleset.rummy is not None
    set_rule = ruleset.rummy.round(1).meld_rule("set")
    assert set_rule is not None, "teach legal_play a meld of this game"
    cards = [f"{_naturals(ruleset)[0]}{suit}" for suit in ruleset.deck.suits[:set_rule.min]]
    return Play([], cards, f"legal: {chips(' '.join(cards), ruleset.deck)} is a set")


def illegal_play(ruleset: Ruleset) -> Play:
    """A play no game allows: mixed ranks and suits, or a drawn card whose slot is already up."""
    if ruleset.layout is not None:
        rank = ruleset.layout.slots[0]
        layout = ",".join([f"{rank}H"] + ["down"] * (len(ruleset.layout.slots) - 1))
        return Play(["--layout", layout], [f"{rank}S"], "[slot_taken]")
    ranks, suits = _naturals(ruleset), ruleset.deck.suits
    cards = [f"{ranks[0]}{suits[0]}", f"{ranks[2]}{suits[1]}", f"{ranks[4]}{suits[2]}"]
    return Play([], cards, f"not legal: {chips(' '.join(cards), ruleset.deck)}\n  - ")


def assert_one_line_error(err: str, says: str) -> None:
    assert "Traceback" not in err
    assert err.startswith("referee") and err.count("\n") == 1 and err.endswith("\n"), err
    assert says in err, err


def test_both_families_are_shipped() -> None:
    """The tables below are empty, and prove nothing, if a family disappears."""
    assert RUMMY and LAYOUT


@each(RULESETS)
def test_check_legal_play(ruleset: Ruleset, capsys: pytest.CaptureFixture[str]) -> None:
    play = legal_play(ruleset)
    assert main(["check", ruleset.id, *play.options, *_wild_rank(ruleset), *play.cards]) == 0
    out, err = capsys.readouterr()
    assert play.says in out and err == ""


@each(RULESETS)
def test_check_illegal_play(ruleset: Ruleset, capsys: pytest.CaptureFixture[str]) -> None:
    play = illegal_play(ruleset)
    assert main(["check", ruleset.id, *play.options, *_wild_rank(ruleset), *play.cards]) == 1
    out, err = capsys.readouterr()
    assert play.says in out and err == ""


@each(RULESETS)
def test_check_bad_card(ruleset: Ruleset, capsys: pytest.CaptureFixture[str]) -> None:
    rest = legal_play(ruleset).cards[1:]
    assert main(["check", ruleset.id, "0H", *rest]) == 2
    out, err = capsys.readouterr()
    assert_one_line_error(err, NOT_A_PIECE[ruleset.deck.pieces])
    assert out == ""


# What a token that names no piece of the deck is called, by what the deck's pieces are.
NOT_A_PIECE = {"cards": '"0H" (item 1) is not a card: rank "0"', "tiles": '"0H" (item 1) is not a tile: number "0"'}


@each(CAUGHT)
def test_score_two_players(ruleset: Ruleset, capsys: pytest.CaptureFixture[str]) -> None:
    hand = legal_play(ruleset).cards
    assert main(["score", ruleset.id, "ann=" + ",".join(hand), "bob="]) == 0
    out, err = capsys.readouterr()
    points = sum(ruleset.scoring.values[parse_card(c, deck=ruleset.deck).rank] for c in hand)
    per_card = ruleset.scoring.pennies_per_card
    pennies = (lambda n: [str(n), "pennies"]) if per_card else (lambda n: [])  # only where charged
    pieces = ruleset.deck.pieces  # a hand of tiles is counted in tiles
    assert [line.split() for line in out.splitlines()] == [
        ["ann", str(points), "points", str(len(hand)), pieces, *pennies(len(hand) * per_card)],
        ["bob", "0", "points", "0", pieces, *pennies(0)],
    ]
    assert err == ""


@each(LAYOUT)
def test_score_refuses_a_layout_game(ruleset: Ruleset, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", ruleset.id, "ann=5D", "bob="]) == 2
    out, err = capsys.readouterr()
    assert_one_line_error(err, f"{ruleset.name} is a layout game")
    assert out == ""


@each(LAYOUT)
def test_check_without_layout_assumes_a_fresh_one(ruleset: Ruleset,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    assert ruleset.layout is not None
    assert main(["check", ruleset.id, f"{ruleset.layout.slots[-1]}D"]) == 0
    out = capsys.readouterr().out
    assert f"goes in slot {len(ruleset.layout.slots)};" in out
    assert f"a fresh layout, all {len(ruleset.layout.slots)} slots face down" in out


# ---------------------------------------------------------------- first-meld and going-out, every rummy game


def _card_names(ruleset: Ruleset, rank: str, count: int) -> list[str]:
    """`count` cards of one rank, the suits in turn (repeating, from another deck, past four)."""
    suits = ruleset.deck.suits
    return [f"{rank}{suits[i % len(suits)]}" for i in range(count)]


def first_meld_play(ruleset: Ruleset) -> list[str]:
    """MELD arguments that make round 1's first meld: a set of a natural rank for each set the
    requirement names, then smallest sets until it has as many melds as it asks for."""
    assert ruleset.rummy is not None
    rules = ruleset.rummy.round(1)
    need = rules.first_meld
    set_rule = rules.meld_rule("set")
    assert set_rule is not None and not need.sizes("run"), "teach first_meld_play this game's first meld"
    sizes = list(need.sizes("set")) + [set_rule.min] * max(0, need.melds - len(need.sizes("set")))
    ranks = _naturals(ruleset)
    return [",".join(_card_names(ruleset, ranks[i], size)) for i, size in enumerate(sizes)]


def discard_card(ruleset: Ruleset) -> list[str]:
    """The final discard a going-out hand holds, when the game allows one: a card of a rank
    no meld of `first_meld_play` uses, so it can only be thrown."""
    assert ruleset.rummy is not None
    return [] if ruleset.rummy.final_discard == "forbidden" else [f"{_naturals(ruleset)[-1]}C"]


@each(SET_CONTRACTS)
def test_first_meld_legal(ruleset: Ruleset, capsys: pytest.CaptureFixture[str]) -> None:
    assert ruleset.rummy is not None
    melds = first_meld_play(ruleset)
    assert main(["first-meld", ruleset.id, *melds]) == 0
    out, err = capsys.readouterr()
    shown = " + ".join(chips(m) for m in melds)
    assert out.startswith(f"legal: first meld {shown} makes the first meld of {ruleset.name}"), out
    assert f"({requirement_words(ruleset.rummy.round(1).first_meld)})" in out
    assert [line for line in out.splitlines() if line.startswith("  meld ")] == [
        f"  meld {i + 1}: {chips(m)} is a set" for i, m in enumerate(melds)]
    assert err == ""


@each(SET_CONTRACTS)
def test_first_meld_with_an_illegal_meld(ruleset: Ruleset, capsys: pytest.CaptureFixture[str]) -> None:
    melds = first_meld_play(ruleset)
    melds[-1] = ",".join(illegal_play(ruleset).cards)
    assert main(["first-meld", ruleset.id, *melds]) == 1
    out, err = capsys.readouterr()
    assert out.startswith("not legal: first meld "), out
    assert f"\n  - Meld {len(melds)}: " in out and "[requirement_not_met]" in out
    assert err == ""


@each(SET_CONTRACTS)
def test_first_meld_bad_card(ruleset: Ruleset, capsys: pytest.CaptureFixture[str]) -> None:
    melds = first_meld_play(ruleset)
    melds[-1] = "1H," + melds[-1]
    assert main(["first-meld", ruleset.id, *melds]) == 2
    out, err = capsys.readouterr()
    assert_one_line_error(err, f'meld {len(melds)}: "1H" (item 1) is not a card: rank "1"')
    assert out == ""


@each(SET_CONTRACTS)
def test_going_out_with_the_first_meld(ruleset: Ruleset, capsys: pytest.CaptureFixture[str]) -> None:
    melds = first_meld_play(ruleset)
    hand = [c for m in melds for c in m.split(",")] + discard_card(ruleset)
    assert main(["going-out", ruleset.id, "--first-meld-not-done", *hand]) == 0
    out, err = capsys.readouterr()
    lines = out.splitlines()
    assert lines[0] == f"legal: going out with {chips(' '.join(hand))}"
    steps = [line for line in lines if line.startswith("  meld ")]
    assert len(steps) == len(melds) and all(s.endswith("(part of the first meld)") for s in steps)
    thrown = discard_card(ruleset)
    assert lines[-1] == (f"  discard {chips(thrown[0])}" if thrown else
                         "  no discard: every card is melded or laid off")
    assert err == ""


@each([r for r in NO_KNOCK if r not in WHOLE_HAND])
def test_going_out_refused(ruleset: Ruleset, capsys: pytest.CaptureFixture[str]) -> None:
    hand = illegal_play(ruleset).cards
    assert main(["going-out", ruleset.id, *_wild_rank(ruleset), *hand]) == 1
    out, err = capsys.readouterr()
    assert out.startswith(f"not legal: going out with {chips(' '.join(hand), ruleset.deck)}\n  - To go out you must"), out
    assert "[cannot_go_out]" in out and err == ""


@each(WHOLE_HAND)
def test_going_out_with_part_of_the_hand_is_a_usage_error(ruleset: Ruleset,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    hand = illegal_play(ruleset).cards
    assert main(["going-out", ruleset.id, *_wild_rank(ruleset), *hand]) == 2
    out, err = capsys.readouterr()
    size = ruleset.rummy.round(1).hand_size if ruleset.rummy else None
    pieces = ruleset.deck.pieces
    assert out == "" and f"the hand holds {len(hand)} {pieces}" in err and f"{size + 1 if size else ''} {pieces}" in err, err


@each(MELD_AFTER)
def test_going_out_needs_the_first_meld_first(ruleset: Ruleset,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    """One smallest set goes out after the first meld, not before it (every game asks more)."""
    hand = legal_play(ruleset).cards + discard_card(ruleset)
    assert main(["going-out", ruleset.id, "--first-meld-done", *hand]) == 0
    assert "  meld 1: " in capsys.readouterr().out
    assert main(["going-out", ruleset.id, "--first-meld-not-done", *hand]) == 1
    assert "[cannot_go_out]" in capsys.readouterr().out


@each(RUMMY)
def test_going_out_bad_card(ruleset: Ruleset, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["going-out", ruleset.id, "0H", *legal_play(ruleset).cards]) == 2
    out, err = capsys.readouterr()
    assert_one_line_error(err, NOT_A_PIECE[ruleset.deck.pieces])
    assert out == ""


# What a token that names no piece of the deck is called, by what the deck's pieces are.
NOT_A_PIECE = {"cards": '"0H" (item 1) is not a card: rank "0"', "tiles": '"0H" (item 1) is not a tile: number "0"'}


@each(LAYOUT)
@pytest.mark.parametrize("command", ["first-meld", "going-out"])
def test_layout_games_have_no_melds(ruleset: Ruleset, command: str,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    assert main([command, ruleset.id, "5D,5H,5S"]) == 2
    out, err = capsys.readouterr()
    assert_one_line_error(err, f"{ruleset.name} is a layout game: it has no melds")
    assert out == ""


def test_going_out_lays_off_on_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["going-out", "bing-rummy", "5D", "4D", "9H",
                 "--table", "6D,7D,8D", "--table", "9S,9C,9D"]) == 0
    assert capsys.readouterr().out.splitlines()[1:] == [
        "  lay off 4♦ 5♦ on table meld 1 (6♦ 7♦ 8♦)",
        "  lay off 9♥ on table meld 2 (9♠ 9♣ 9♦)",
        "  no discard: every card is melded or laid off",
    ]


@pytest.mark.parametrize(("ruleset", "hand", "steps"), [
    ("rummikub", ["5B"], ["rebuild the table as: 3B 4B 5B | 5B 6B 7B",
                          "no discard: every tile is melded or laid off"]),
    ("remi", ["5B", "13K"], ["rebuild the table as: 3B 4B 5B | 5B 6B 7B", "discard 13K"]),
    ("rummikub", ["8B"], ["lay off 8B on table meld 1 (3B 4B 5B 6B 7B)", "no discard: every tile is melded or laid off"]),
])
def test_going_out_by_rebuilding_the_table_says_the_table_after(ruleset: str, hand: list[str], steps: list[str],
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["going-out", ruleset, *hand, "--table", "3B,4B,5B,6B,7B"]) == 0
    assert capsys.readouterr().out.splitlines()[1:] == [f"  {step}" for step in steps]


@pytest.mark.parametrize("options, hand, steps", [
    # Round 1 allows one wild card in a first-meld set; the second goes on after it.
    (["--round", "1"], "8H 8S 2C 9H 9S 9D 2D 5C", [
        "meld 1: 8♥ 8♠ 2♣ (part of the first meld)",
        "meld 2: 9♦ 9♥ 9♠ (part of the first meld)",
        "lay off 2♦ on meld 1",
        "discard 5♣",
    ]),
    # The plan's melds are numbered as laid down: the first meld comes first, and a lay-off
    # names that number, not the meld's place in the plan.
    (["--round", "2"], "6D 2H 5C 6C 6D 5S 2S 7S 5D", [
        "meld 1: 6♣ 6♦ 6♦ 2♥ (part of the first meld)",
        "meld 2: 5♣ 5♦ 5♠",
        "lay off 2♠ on meld 2",
        "discard 7♠",
    ]),
], ids=["round 1", "round 2"])
def test_going_out_lays_off_on_its_own_meld(options: list[str], hand: str, steps: list[str],
                                            capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["going-out", "ten-pennies", *options, "--first-meld-not-done", *hand.split()]) == 0
    assert capsys.readouterr().out.splitlines()[1:] == [f"  {step}" for step in steps]


def test_first_meld_hand_limit(capsys: pytest.CaptureFixture[str]) -> None:
    melds = ["3H,4H,5H", "9C,9D,9S", "JC,QC,KC"]
    assert main(["first-meld", "bing-rummy", "--hand", "KH,3C", "--score", "40", *melds]) == 0
    capsys.readouterr()
    assert main(["first-meld", "bing-rummy", "--hand", "KH,QD,QS,QH", "--score", "40", *melds]) == 1
    assert "40 would stay (K♥, Q♦, Q♠, Q♥). [hand_limit_exceeded]" in capsys.readouterr().out


# ---------------------------------------------------------------- input that cannot be used

UNUSABLE = [
    (["check", "no-such-game", "8H"], 'no ruleset is called "no-such-game"'),
    (["check", "bing-rumy", "8H"], 'No ruleset "bing-rumy"; did you mean "bing-rummy"?'),
    (["score", "no-such-game", "ann="], 'no ruleset is called "no-such-game"'),
    (["check", "ten-pennies", "--round", "8", "8H", "8S", "8D"], "--round: round 8 does not exist"),
    (["score", "ten-pennies", "--round", "8", "ann=8H"], "--round: round 8 does not exist"),
    (["check", "ten-pennies", "--round", "0", "8H"], '--round: "0" should be a whole number'),
    (["check", "ten-pennies", "--players", "9", "8H", "8S", "8D"], "Ten Pennies is for 2-8 players"),
    (["check", "garbage", "--players", "1", "5D"], "Garbage is for 2-8 players"),
    (["check", "ten-pennies", "--layout", "down", "8H"], "--layout is for layout games"),
    (["check", "ten-pennies", "8H,1H,8D"], '"1H" (item 2) is not a card'),
    (["check", "garbage", "5D", "6D"], "check one drawn card at a time (got 2: 5♦ 6♦)"),
    (["check", "garbage", "--layout", "down,5H", "5D"], "--layout: slot 2 takes 2s"),
    (["check", "garbage", "--layout", "1H", "5D"], '--layout: "1H" (item 1) is not "down" or a card'),
    (["check", "garbage", "--layout", ",".join(["down"] * 11), "5D"], "1 to 10 slots"),
    (["score", "ten-pennies", "ann=3H", "ann=4H"], "ann: this name is given twice"),
    (["score", "ten-pennies", "ann=3H", "bob=4H,1H"], 'bob: "1H" (item 2) is not a card'),
    (["score", "ten-pennies", "ann"], '"ann" should be NAME=CARD,CARD,...'),
    (["score", "ten-pennies", "=3H"], '"=3H" should be NAME=CARD,CARD,...'),
    (["first-meld", "no-such-game", "8H,8S,8D"], 'no ruleset is called "no-such-game"'),
    (["going-out", "no-such-game", "8H"], 'no ruleset is called "no-such-game"'),
    (["first-meld", "ten-pennies", "--round", "8", "8H,8S,8D"], "--round: round 8 does not exist"),
    (["going-out", "ten-pennies", "--round", "8", "8H"], "--round: round 8 does not exist"),
    (["going-out", "ten-pennies", "--players", "9", "8H"], "Ten Pennies is for 2-8 players"),
    (["first-meld", "ten-pennies", "--hand", "KH,1H", "8H,8S,8D"], '--hand: "1H" (item 2) is not a card'),
    (["first-meld", "ten-pennies", "--score", "x", "8H,8S,8D"], "\"x\" should be a whole number, such as 63"),
    (["first-meld", "ten-pennies", "--score", "-200000", "8H,8S,8D"], "\"-200000\" should be a whole number"),
    (["going-out", "ten-pennies", "--table", "8H,1S", "8D"], '--table 1: "1S" (item 2) is not a card'),
    (["going-out", "ten-pennies", "--table", "8H,9S,3D", "8D"],
     "--table: table meld 1 is not a legal meld"),
    (["going-out", "ten-pennies", "--first-meld-done", "--first-meld-not-done", "8D"],
     "not allowed with argument --first-meld-done"),
    (["first-meld", "ten-pennies"], "the following arguments are required: MELD"),
    (["check"], "the following arguments are required: RULESET, CARD"),
    (["frobnicate"], "invalid choice: 'frobnicate'"),
    ([], "the following arguments are required: COMMAND"),
]


@pytest.mark.parametrize("argv, says", UNUSABLE, ids=[" ".join(a) or "(nothing)" for a, _ in UNUSABLE])
def test_unusable_input_exits_2_with_one_line(argv: list[str], says: str,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert_one_line_error(err, says)
    assert out == ""


def test_ruleset_file_that_cannot_be_read(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "ours.yaml"
    assert main(["check", str(missing), "8H"]) == 2
    assert_one_line_error(capsys.readouterr().err, f"{missing}: No such file or directory")


def test_ruleset_file_with_problems_points_to_lint(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "v.yaml"
    bad.write_text("format: 1\nid: v\nextends: ten-pennies\nname: V\nfamily: rummy\n"
                   'wilds: {ranks: ["11"]}\n')
    assert main(["check", str(bad), "8H", "8S", "8D"]) == 2
    assert_one_line_error(capsys.readouterr().err, f"(`referee lint {bad}` lists every problem)")


def test_ruleset_file_that_extends_a_shipped_game(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    ours = tmp_path / "ours.yaml"
    ours.write_text("format: 1\nid: ours\nextends: garbage\nname: Ours\nfamily: layout\n"
                    "wilds: {ranks: [K]}\ndead_ranks: [J, Q]\n")
    assert main(["check", str(ours), "KS"]) == 0
    assert "K♠ goes in any of slots 1, 2" in capsys.readouterr().out
    assert main(["check", str(ours), "JS"]) == 1


def test_serve_with_an_unusable_database(monkeypatch: pytest.MonkeyPatch,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("REFEREE_DATABASE_URL", "postgresql://nobody@127.0.0.1:1/none")
    assert main(["serve", "--port", "0"]) == 2
    assert_one_line_error(capsys.readouterr().err, "--database: cannot use the database")


@pytest.mark.parametrize("found", [
    [],  # no installed package names a service
    [EntryPoint("serve", "no_such_service_module:main", "referee.serve")],  # named, not installed
])
def test_serve_without_the_service_installed(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
                                             found: list[EntryPoint]) -> None:
    monkeypatch.setattr(serve, "entry_points", lambda **_: found)
    assert main(["serve", "--port", "0"]) == 2
    assert_one_line_error(capsys.readouterr().err, "the HTTP service is not installed")


def test_serve_finds_the_service_through_its_entry_point() -> None:
    (point,) = entry_points(group=serve.SERVICE_GROUP, name="serve")
    assert point.value == "api.serve:main"


# ---------------------------------------------------------------- help, version, schema

COMMANDS = ["serve", "lint", "rulesets", "check", "first-meld", "going-out", "score", "schema"]


def help_of(command: str, capsys: pytest.CaptureFixture[str]) -> str:
    assert main([command, "--help"]) == 0
    return capsys.readouterr().out


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_has_help_with_an_example(command: str,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    out = help_of(command, capsys)
    assert "example" in out and f"\n  referee {command}" in out


@pytest.mark.parametrize("command, words", [
    ("check", ["CARD is a rank then a suit", "JK", "--round N", "--players N", "--layout", "exit status"]),
    ("score", ["CARD is a rank then a suit", "JK", "--round N", "NAME=CARD", "exit status"]),
    ("first-meld", ["CARD is a rank then a suit", "JK", "--round N", "--players N", "--hand",
                    "--score N", "MELD", "exit status"]),
    ("going-out", ["CARD is a rank then a suit", "JK", "--round N", "--players N", "--table MELD",
                   "--first-meld-done", "--first-meld-not-done", "exit status"]),
])
def test_help_describes_cards_and_options(command: str, words: list[str],
                                          capsys: pytest.CaptureFixture[str]) -> None:
    out = help_of(command, capsys)
    assert [w for w in words if w not in out] == []


@pytest.mark.parametrize("command", ["check", "first-meld", "going-out", "score"])
def test_help_examples_answer_yes(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    """The examples are copied by people: each must run as shown."""
    examples = [shlex.split(line)[1:] for line in help_of(command, capsys).splitlines()
                if line.startswith(f"  referee {command} ")]
    assert examples
    assert {" ".join(argv): main(argv) for argv in examples} == {" ".join(argv): 0 for argv in examples}


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    assert capsys.readouterr().out == f"referee {version('referee')}\n"


def test_schema_prints_the_shipped_schema(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["schema"]) == 0
    out = capsys.readouterr().out
    assert json.loads(out) == schema()
    assert out == (ROOT / "schemas" / "ruleset.schema.json").read_text(encoding="utf-8")


def test_installed_command_prints_no_traceback() -> None:
    """The issue's commands through the real entry point, as a shell runs them."""
    command = Path(sys.executable).with_name("referee")
    assert command.is_file(), "install the project (pip install -e '.[test]') for the referee command"
    runs = {"check garbage 5D": 0, "score garbage ann=5D bob=": 2, "check ten-pennies 1H": 2,
            "first-meld ten-pennies 8H,8S,2C 9H,9S,9D": 0, "going-out ten-pennies 8H 4D 9S": 1,
            "going-out garbage 5D": 2}
    for line, code in runs.items():
        done = subprocess.run([str(command), *line.split()], capture_output=True, text=True,
                              timeout=120, check=False, cwd=ROOT)
        assert (done.returncode, "Traceback" in done.stderr) == (code, False), done.stderr
        assert done.stderr.count("\n") == (1 if code == 2 else 0), done.stderr



def test_score_melded_cards_and_deadwood(capsys: pytest.CaptureFixture[str]) -> None:
    """Rummy 500 scores melded groups (`--melded`, once a group), Gin Rummy a knock's deadwood."""
    assert main(["score", "rummy-500", "--players", "2", "a=AS,9D,4C", "b=",
                 "--melded", "a=7S,7H,7D", "--melded", "a=AC,2C,3C"]) == 0
    lines = [line.split() for line in capsys.readouterr().out.splitlines()]
    assert lines[0] == ["a", str(21 + 6 - 28), "points", "3", "cards", "melded", "27"]
    assert main(["score", "gin-rummy", "--went-out", "k", "k=3C,4C,5C,8D,8S,8H,9S,10S,JS,AD",
                 "d=KH,KD,KC,2S,3S,4S,6C,QS,7H,5D"]) == 0
    assert [line.split() for line in capsys.readouterr().out.splitlines()] == [
        ["k", "11", "points", "10", "cards", "deadwood", "1"],
        ["d", "0", "points", "10", "cards", "deadwood", "12"]]


PARTNERS = ["--team", "ann,cy", "--team", "bo,dee"]


@pytest.mark.parametrize(("ruleset", "options", "body"), [
    pytest.param("canasta", ["--red-threes", "ann=1", "--melded", "ann=5H,5D,5S,5C,5H,5D,JK", "--melded", "ann=KH,KD,KS"],
                 {"red_threes": {"ann": 1}, "melded": {"ann": [["5H", "5D", "5S", "5C", "5H", "5D", "JK"],
                                                               ["KH", "KD", "KS"]]}}, id="canasta"),
    pytest.param("buraco", ["--morto-taken", "ann", "--melded", "ann=5H,5D,5S,5C,5H,5D,5C"],
                 {"morto_taken": {"ann": True}, "melded": {"ann": [["5H", "5D", "5S", "5C", "5H", "5D", "5C"]]}},
                 id="buraco, one side without its morto"),
])
def test_score_partnership_games_as_the_api_does(client: object, capsys: pytest.CaptureFixture[str], ruleset: str,
                                                 options: list[str], body: dict[str, object]) -> None:
    """`--team`, `--red-threes` and `--morto-taken` score a hand as the HTTP API does with
    `teams`, `red_threes` and `morto_taken`: each player's points, then each team's total."""
    hands = {"ann": [], "bo": ["4H", "7C"], "cy": ["9D"], "dee": ["QS"]}
    assert main(["score", ruleset, *PARTNERS, "--went-out", "ann", *options,
                 *(f"{name}={','.join(cards)}" for name, cards in hands.items())]) == 0
    rows = [line.split() for line in capsys.readouterr().out.splitlines()]
    answer = client.post(f"/v1/rulesets/{ruleset}/scores", json={  # type: ignore[attr-defined]
        "hands": hands, "went_out": "ann", "teams": [["ann", "cy"], ["bo", "dee"]], **body}).get_json()
    assert {row[0]: int(row[1]) for row in rows[:4]} == {n: p["points"] for n, p in answer["players"].items()}
    assert [(row[:3], int(row[3])) for row in rows[4:]] == [
        (" + ".join(team["players"]).split(), team["score"]) for team in answer["teams"]]


def test_score_refuses_what_the_game_does_not_score(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "ten-pennies", "--morto-taken", "ann", "ann=", "bo=4H"]) == 2
    assert capsys.readouterr().err.startswith("referee score: --morto-taken: Ten Pennies has no morto")
    assert main(["score", "canasta", "--team", "ann,cy", "--team", "bo", "ann=", "bo=4H", "cy=", "dee="]) == 2
    assert "--team: a team in Canasta has 2 players, but this one has 1" in capsys.readouterr().err
    assert main(["score", "canasta", *PARTNERS, "--red-threes", "ann=two", "ann=", "bo=4H", "cy=", "dee="]) == 2
    assert '--red-threes: "ann=two" should be NAME=N' in capsys.readouterr().err
    assert main(["score", "canasta", *PARTNERS, "--red-threes", "ann=1", "--red-threes", "ann=2",
                 "ann=", "bo=4H", "cy=", "dee="]) == 2
    assert "--red-threes ann: this name is given twice" in capsys.readouterr().err
    # As the HTTP API: a game of partners needs its teams, Buraco who took a morto (`=`: none).
    assert main(["score", "canasta", "--went-out", "ann", "ann=", "bo=4H", "cy=", "dee="]) == 2
    assert capsys.readouterr().err.startswith("referee score: --team: ")
    buraco = ["score", "buraco", *PARTNERS, "--melded", "ann=5H,6H,7H,8H,9H,10H,JH", "ann=5C", "bo=4C", "cy=", "dee="]
    assert main(buraco) == 2
    assert capsys.readouterr().err.startswith("referee score: --morto-taken: ")
    assert main([*buraco, "--morto-taken="]) == 0
    # ann: the hearts 55, a clean burraco 200, the 5♣ -5; bo the 4♣ -5; each side no morto -100
    assert [line.split()[-2] for line in capsys.readouterr().out.splitlines()[-2:]] == ["150", "-105"]
    assert main(["score", "canasta", *PARTNERS, "--went-out", "zed", "ann=", "bo=4H", "cy=", "dee="]) == 2
    assert capsys.readouterr().err.startswith('referee score: --went-out: "zed" is not one of the players')
    assert main(["going-out", "ten-pennies", "--morto-not-taken", "8H,8S,8D,5C"]) == 2
    assert "--morto-not-taken: Ten Pennies has no morto" in capsys.readouterr().err
    assert main(["going-out", "buraco", "--foot-not-taken", "KH,KD,KS,9C"]) == 2
    assert "--foot-not-taken: Buraco has no foot" in capsys.readouterr().err


BOOKS = [["8H", "8D", "8S", "8C", "8H", "8D", "8S"], ["7H", "7D", "7S", "7C", "7H", "7D", "7S"],
         ["6H", "6D", "6S", "6C", "6H", "2C", "JK"], ["KH", "KD", "KS", "KC", "KH", "KD", "2D"]]


@pytest.mark.parametrize(("ruleset", "table", "options", "body", "out"), [
    pytest.param("hand-and-foot", BOOKS, ["--foot-not-taken"], {"foot_taken": False}, False,
                 id="the foot not picked up"),
    pytest.param("buraco", BOOKS[:1], ["--morto-not-taken"], {"morto_taken": False}, False, id="the morto not taken"),
    pytest.param("canasta", BOOKS[:1], ["--score", "-200"], {"score": -200}, True, id="the side's score"),
])
def test_going_out_in_partnership_games_as_the_api_answers(client: object, capsys: pytest.CaptureFixture[str],
                                                           ruleset: str, table: list[list[str]], options: list[str],
                                                           body: dict[str, object], out: bool) -> None:
    """A hand that goes out with the side's melds, then with the option: the command line
    answers as the HTTP API does with the same field."""
    hand = ["9C", "9D", "9S", "4H"]
    for extra, extra_body, expected in (([], {}, True), (options, body, out)):
        code = main(["going-out", ruleset, *[a for m in table for a in ("--table", ",".join(m))], *extra, *hand])
        capsys.readouterr()
        answer = client.post(f"/v1/rulesets/{ruleset}/going-out/check", json={  # type: ignore[attr-defined]
            "hand": hand, "table": table, **extra_body}).get_json()
        assert (code, answer["valid"]) == (0 if expected else 1, expected), (extra, answer)


def test_request_fields_are_named_as_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "indian-rummy", "AC", "AD", "AH"]) == 2
    assert capsys.readouterr().err.startswith("referee check: --wild-rank: ")
    assert main(["score", "rummy-500", "a=", "--melded", "a=7S,7S,7S", "--players", "2"]) == 2
    assert "--melded a: " in capsys.readouterr().err


# ---------------------------------------------------------------- decks other than the French one

@pytest.fixture
def deck_games(monkeypatch: pytest.MonkeyPatch) -> None:
    """The shipped rulesets, and a five-suit and a four-colour one (tests/decks.py), by id."""
    from referee.cli import common
    from tests.decks import COLOURS, STARS, install

    library = default_library().copy()
    install(library, STARS.format(id="stars"))
    install(library, COLOURS.format(id="colours"))
    monkeypatch.setattr(common, "default_library", lambda: library)


@pytest.mark.parametrize(("argv", "code", "said"), [
    (["check", "stars", "QX", "q★", "QH", "JK"], 0, "legal: Q★ Q★ Q♥ 🃏 is a set; 🃏 stands for Q\n"),
    (["check", "stars", "--players", "3", "QX,QX,QX"], 1, "not legal: Q★ Q★ Q★\n"),
    (["first-meld", "stars", "--hand", "3X", "KX,KS,JK"],
     0, "legal: first meld K★ K♠ 🃏 makes the first meld of Stars (1 set of 3)\n"),
    (["score", "stars", "ann=QX,3★,JK", "bob="], 0, "ann             65 points    3 cards\n"),
    (["check", "colours", "12G", "12r", "12B"], 0, "legal: 12G 12R 12B is a set\n"),
])
def test_cards_are_read_and_shown_by_the_rulesets_deck(deck_games: None, argv: list[str], code: int, said: str,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == code
    assert capsys.readouterr().out.startswith(said)


@pytest.mark.parametrize(("argv", "says"), [
    (["check", "stars", "QX", "AH"], '"AH" (item 2) is not a card: rank "A" is not one of 3-10 J Q K'),
    (["check", "stars", "QX", "QZ"], '"QZ" (item 2) is not a card: suit "Z" is not one of C D H S X'),
    (["first-meld", "stars", "--hand", "2C", "KX,KS,JK"], '--hand: "2C" (item 1) is not a card'),
    (["score", "stars", "ann=QX", "bob=KS,AH"], 'bob: "AH" (item 2) is not a card: rank "A" is not one of 3-10'),
    (["check", "colours", "12G", "QX"], '"QX" (item 2) is not a card: rank "Q" is not one of 1-12'),
    (["check", "ten-pennies", "8H", "QX"], '"QX" (item 2) is not a card: suit "X" is not one of C D H S'),
])
def test_a_card_the_rulesets_deck_cannot_hold_is_refused(deck_games: None, argv: list[str], says: str,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert_one_line_error(err, says)
    assert out == ""


@pytest.mark.parametrize("command", ["check", "first-meld", "going-out", "score"])
def test_help_says_cards_are_the_rulesets_decks(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    out = help_of(command, capsys)
    assert "in the notation of the ruleset's deck" in out
    assert "QX (or Q★)" in out
