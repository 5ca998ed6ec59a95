"""A deck says what its pieces are (`deck.pieces`): Rummikub and Remi, played with tiles, say
tiles in every sentence of the service and the command line, in every language; a deck of
cards still says cards."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest
import yaml

from referee.checks.plays import check_meld
from referee.checks.situation import situate
from referee.cli import main
from referee.loading.loader import Library
from referee.planner import check_going_out
from referee.rules.ruleset import Ruleset
from referee.values.cards import parse_cards
from referee.values.errors import RulesetError
from referee.values.i18n import LANGUAGES, language
from tests.conftest import CASES

TILE_GAMES = ("rummikub", "rummikub-first-meld-50", "remi", "remi-50", "remi-add-only", "remi-pe-tabla", "remi-sabra")
# A card named in each language (any form: карта, карты, карт; kort; carte, cărți), and a tile.
CARD_WORDS = {"en": r"\bcards?\b", "ru": r"карт", "sv": r"\bkort", "ro": r"\bcart|\bcărț"}
TILE_WORDS = {"en": r"\btiles?\b", "ru": r"фиш[ек]", "sv": r"\bbrick", "ro": r"\bpies[ăe]"}


def _body(case: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """The address and body that ask a case's question of the service."""
    body = {k: case[k] for k in ("round", "players", "first_meld_done", "score", "wild_rank", "went_out") if k in case}
    fields = {"meld": ("melds/check", ("cards", "hand")), "first-meld": ("first-meld/check", ("melds", "hand")),
              "lay-off": ("lay-offs/check", ("meld", "cards", "hand", "others_meld")),
              "going-out": ("going-out/check", ("hand", "table")),
              "turn": ("turns/check", ("before", "after", "hand")), "best": ("turns/best", ("table", "hand")),
              "scores": ("scores", ("hands",))}
    address, names = fields[case["check"]]
    return address, body | {k: case[k] for k in names if case.get(k) is not None}


def _rows() -> list[tuple[str, str, dict[str, Any]]]:
    """Every row of the tile games' case tables, asked of its game and of each variant of it,
    with requests that reach the refusals the rows do not."""
    rows = []
    for name in ("rummikub-rules.yaml", "remi-rules.yaml", "rummikub-turns.yaml"):
        for case in yaml.safe_load((CASES / name).read_text(encoding="utf-8")):
            if case["check"] == "start":
                continue
            address, body = _body(case)
            rows += [(game, address, body) for game in TILE_GAMES if game.startswith(case["ruleset"])]
    every_tile = [f"{n}{c}" for n in range(1, 14) for c in "KBOR"] * 2
    for game in TILE_GAMES:
        rows += [(game, "melds/check", {"cards": ["5B"] * 40}),
                 (game, "melds/check", {"cards": ["5B", "5", 7, "5G", "14B"]}),
                 (game, "melds/check", {"cards": ["1K", "2K", "4K"]}),
                 (game, "melds/check", {"cards": ["1K", "2K", "2K", "4B"]}),
                 (game, "turns/best", {"table": [], "hand": every_tile}),
                 (game, "lay-offs/check", {"meld": ["1K", "2K", "3K"], "cards": ["4K"], "first_meld_done": False}),
                 (game, "scores", {"went_out": "A", "hands": {"A": [], "B": ["5B", "5B", "5B"], "C": ["JK"]}}),
                 (game, "going-out/check", {"hand": ["1K", "2K", "3K", "9R", "9B", "13K"], "first_meld_done": False})]
    return rows


ROWS = _rows()


def _sentences(answer: dict[str, Any]) -> Iterator[str]:
    """Every sentence an answer says: its violations' and errors' messages, a problem's title and detail."""
    for item in [*answer.get("violations", []), *answer.get("errors", [])]:
        yield item["message"]
    yield from (answer[k] for k in ("title", "detail") if k in answer)


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_sentence_of_a_tile_game_says_tiles(quick_client: Any, code: str) -> None:
    said = []
    for game, address, body in ROWS:
        answer = quick_client.post(f"/v1/rulesets/{game}/{address}?lang={code}", json=body)
        assert answer.status_code in (200, 422), (game, address, body, answer.get_json())
        said += [(game, address, s) for s in _sentences(answer.get_json())]
    cards = [s for s in said if re.search(CARD_WORDS[code], s[2], re.IGNORECASE)]
    assert cards == []
    assert len(ROWS) > 300 and len(said) > 150
    assert sum(bool(re.search(TILE_WORDS[code], s, re.IGNORECASE)) for _, _, s in said) > 50


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_tile_games_sheet_says_tiles(quick_client: Any, code: str) -> None:
    made = quick_client.post("/v1/games", json={"ruleset": "rummikub", "players": ["A", "B"]}).get_json()
    auth = {"Authorization": f"Bearer {made['token']}"}
    said = []  # the most a rack can be worth; three jokers where there are two
    for body in ({"went_out": "A", "points": {"B": 5000}}, {"went_out": "A", "hands": {"A": [], "B": ["JK"] * 3}}):
        answer = quick_client.post(f"/v1/games/{made['id']}/rounds?lang={code}", json=body, headers=auth)
        assert answer.status_code == 422
        said += [e["message"] for e in answer.get_json()["errors"]]
    assert len(said) == 2 and not [s for s in said if re.search(CARD_WORDS[code], s, re.IGNORECASE)]
    assert all(re.search(TILE_WORDS[code], s, re.IGNORECASE) for s in said), said


def _with_pieces(ruleset: Ruleset, pieces: str) -> Ruleset:
    return replace(ruleset, deck=replace(ruleset.deck, pieces=pieces))


def test_a_french_deck_says_cards_and_the_same_deck_of_tiles_says_tiles(library: Library) -> None:
    ten_pennies = library.get("ten-pennies")
    assert ten_pennies.deck.pieces == "cards"
    short = parse_cards(["8H", "8S"])
    said = {pieces: check_meld(situate(_with_pieces(ten_pennies, pieces), round=1), short).violations[0].message
            for pieces in ("cards", "tiles")}
    assert said == {"cards": "A set needs at least 3 cards; this one has 2.",
                    "tiles": "A set needs at least 3 tiles; this one has 2."}


@pytest.mark.parametrize(("game", "pieces"), [("bing-rummy", "cards"), ("rummikub", "tiles")])
def test_going_out_names_what_is_left_as_the_deck_calls_it(library: Library, game: str, pieces: str) -> None:
    ruleset = library.get(game)
    hand = parse_cards(["8B", "9B", "10B", "2R"] if pieces == "tiles" else ["8H", "9H", "10H", "3C", "KD"],
                       deck=ruleset.deck)
    with language("sv"):
        message = check_going_out(situate(ruleset, first_meld_done=True), hand, []).violations[0].message
    left = {"cards": "kort", "tiles": "brick"}
    assert left[pieces] in message and left[{"cards": "tiles", "tiles": "cards"}[pieces]] not in message, message


def test_every_tile_game_and_no_other_says_tiles(library: Library) -> None:
    tiles = sorted(r.id for r in library.all() if r.deck.pieces == "tiles")
    assert set(TILE_GAMES) <= set(tiles) and all(t.startswith(("rummikub", "remi", "riichi", "hong-kong")) for t in tiles), tiles


def test_the_deck_answers_what_its_pieces_are(quick_client: Any) -> None:
    assert quick_client.get("/v1/rulesets/remi-sabra").get_json()["deck"]["pieces"] == "tiles"
    assert quick_client.get("/v1/rulesets/canasta").get_json()["deck"]["pieces"] == "cards"


def test_pieces_are_cards_or_tiles(library: Library) -> None:
    text = "format: 1\nid: dominoes\nextends: rummikub\nname: D\ndeck: {pieces: dominoes}\n"
    with pytest.raises(RulesetError) as info:
        library.copy().load(text, "d.yaml")
    assert [(p.path, p.line) for p in info.value.problems] == [("deck.pieces", 5)]


def test_the_command_line_counts_tiles(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "ro", "score", "rummikub", "ann=", "bob=5B,JK"]) == 0
    out = capsys.readouterr().out
    assert [line.split()[-2:] for line in out.splitlines()] == [["0", "piese"], ["2", "piese"]], out
    assert main(["going-out", "remi", "1K", "2K", "3K", "9B", "13K"]) == 1
    out = capsys.readouterr().out
    assert "the best arrangement still leaves 2 tiles (13K, 9B)." in out, out
