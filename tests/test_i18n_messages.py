"""Every message code has its sentence in English, Russian, Swedish and Romanian.

Each code the engine, the loader, the command line and the service can emit is provoked in
every language: the codes and paths are the same in each, the messages are never empty, and
outside English they are not the English sentence (unless all they say is cards and numbers).
"""

from __future__ import annotations

import ast
import asyncio
import json
import re
import socket
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from marshmallow import Schema, fields, validate

from api import create_app
from api import schemas as api_schemas
from api.bounds import schema_most_cards
from api.buffering import BufferedBody
from api.problems import MARSHMALLOW_SENTENCES
from api.searches import ExpensiveGate
from referee import cli, describe
from referee.checks.judge import judge_for
from referee.checks.situation import situate
from referee.loading.loader import Library, default_library
from referee.loading.overrides import overridden_findings
from referee.scoring.hand import Deal
from referee.scoring.round import score_round
from referee.sheet.standings import Seats, replay
from referee.values.cards import parse_cards
from referee.values.errors import InvalidPlayError, RefereeError
from referee.values.i18n import LANGUAGES, SOURCE, language
from tests.conftest import CASES, read_yaml
from tests.loops import run_apart
from tests.test_plays import _run

ROOT = Path(__file__).resolve().parent.parent
TRANSLATED = [code for code in LANGUAGES if code != SOURCE]
Row = tuple[str, str, str]  # (code, where: a path or the cards at fault, message)

# Words a language shares with English, so that its sentence may read the same.
SAME_WORDS = {("ro", "Conflict")}


@pytest.fixture(autouse=True)
def _language_kept() -> Iterator[None]:
    """`referee --lang` speaks its language for the rest of the process: give the language back."""
    with language(SOURCE):
        yield


def _only_data(text: str) -> bool:
    """Whether a sentence says nothing but cards, numbers, quoted names and punctuation."""
    return not re.sub(r'"[^"]*"|«[^»]*»|„[^”]*”|\b(?:10|[2-9AJQKT])[CDHS]\b|\bJK\b|[\W\d_]+', "", text)


def _check_languages(rows: dict[str, list[Row]]) -> None:
    english = rows[SOURCE]
    assert english, "nothing was provoked"
    for code in LANGUAGES:
        said = rows[code]
        assert [r[:2] for r in said] == [r[:2] for r in english], code
        assert all(message.strip() for _, _, message in said), (code, said)
        if code == SOURCE:
            continue
        for (_, _, theirs), (_, _, ours) in zip(said, english, strict=True):
            assert theirs != ours or _only_data(ours) or (code, ours) in SAME_WORDS, (code, ours)


def _problems(error: RefereeError) -> list[Row]:
    return [(p.code, p.path, p.message) for p in error.problems]


def _answer_rows(response: Any) -> list[Row]:
    """A problem answer's sentences (its type, title and detail, then each error), or a check's
    violations."""
    body = response.get_json()
    if "violations" in body:
        return [(v["code"], " ".join(v["cards"]), v["message"]) for v in body["violations"]]
    if response.status_code == 200:  # a ruleset validated
        return [(e["code"], e["path"], e["message"]) for e in body["errors"]]
    assert response.status_code >= 400 and response.mimetype == "application/problem+json", body
    kind = "type:" + body["type"].rsplit("/", 1)[1]
    return [(kind, "title", body["title"]), (kind, "detail", body["detail"]),
            *((e["code"], e["path"], e["message"]) for e in body.get("errors") or [])]


# ---------------------------------------------------------------- the service


@pytest.fixture(scope="module")
def service(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path_factory.mktemp('db') / 'r.db'}"})
    yield app
    app.extensions["referee.store"].engine.dispose()


class Table:
    """Requests in one language (`?lang=`), with games started for the purpose."""

    def __init__(self, client: Any, code: str) -> None:
        self.client, self.code = client, code

    def __call__(self, method: str, url: str, **kw: Any) -> Any:
        return self.client.open(f"{url}{'&' if '?' in url else '?'}lang={self.code}", method=method, **kw)

    def game(self, ruleset: str, players: list[str], **extra: Any) -> tuple[str, dict[str, str]]:
        body = self.client.post("/v1/games", json={"ruleset": ruleset, "players": players, **extra}).get_json()
        return f"/v1/games/{body['id']}", {"Authorization": f"Bearer {body['token']}"}

    def write(self, ruleset: str, players: list[str], path: str, body: Any, *before: tuple[str, Any],
              **extra: Any) -> Any:
        """A write to a new game (after `before`, each a path and a body, written in English)."""
        url, auth = self.game(ruleset, players, **extra)
        for step, data in before:
            assert self.client.post(url + step, json=data, headers=auth).status_code == 200
        return self("POST", url + path, json=body, headers=auth)


def _post(url: str, body: Any) -> Callable[[Table], Any]:
    return lambda ask: ask("POST", url, json=body)


def _round(ruleset: str, players: list[str], body: Any, *before: tuple[str, Any]) -> Callable[[Table], Any]:
    return lambda ask: ask.write(ruleset, players, "/rounds", body, *before)


FOUR = ["a", "b", "c", "d"]


def _long_key(ask: Table) -> Any:
    url, auth = ask.game("garbage", ["a", "b"])
    return ask("POST", url + "/finish", headers={**auth, "Idempotency-Key": "k" * 201})


def _undo_nothing(ask: Table) -> Any:
    url, auth = ask.game("garbage", ["a", "b"])
    return ask("DELETE", url + "/rounds/last", headers=auth)


def _stale_if_match(ask: Table) -> Any:
    url, auth = ask.game("garbage", ["a", "b"])
    return ask("POST", url + "/rounds", json={"winner": "a"}, headers={**auth, "If-Match": '"stale.0"'})


def _idempotency_reused(ask: Table) -> Any:
    url, auth = ask.game("garbage", ["a", "b"])
    key = {**auth, "Idempotency-Key": "k1"}
    ask.client.post(url + "/rounds", json={"winner": "a"}, headers=key)
    return ask("POST", url + "/rounds", json={"winner": "b"}, headers=key)


def _rematched_twice(ask: Table) -> Any:
    url, auth = ask.game("garbage", ["a", "b"])
    ask.client.post(url + "/rematch", headers=auth)
    return ask("POST", url + "/rematch", headers=auth)


def _finished(ask: Table) -> Any:
    url, auth = ask.game("garbage", ["a", "b"])
    ask.client.post(url + "/finish", headers=auth)
    return ask("POST", url + "/rounds", json={"winner": "a"}, headers=auth)


def _eliminated(ask: Table) -> Any:
    return ask.write("bing-rummy", ["A", "B", "C"], "/rounds", {"went_out": "B", "points": {"A": 2, "C": 3}},
                     ("/rounds", {"went_out": "B", "points": {"A": 10, "C": 3}}), scores={"A": 70})


def _buys_spent(ask: Table) -> Any:
    before = [("/buys", {"player": "b"})] * 10
    return ask.write("ten-pennies", ["a", "b"], "/buys", {"player": "b"}, *before)


def _too_large(ask: Table) -> Any:
    return ask("POST", "/v1/rulesets/ten-pennies/melds/check", data=b'{"cards": ["' + b"x" * (1024 * 1024) + b'"]}',
               content_type="application/json")


def _too_deep(ask: Table) -> Any:
    return ask("POST", "/v1/rulesets/ten-pennies/melds/check", data="[" * 70 + "]" * 70,
               content_type="application/json")


TEN = "/v1/rulesets/ten-pennies"
RUMMIKUB = "/v1/rulesets/rummikub"
CANASTA = "/v1/rulesets/canasta"
RIICHI = "/v1/rulesets/riichi"
RULESET = "format: 1\nid: {id}\nfamily: layout\nname: N\nlayout: {{slots: [A, '2']}}\ngame: {{end: {{layout_size: 0}}}}\n"

_PAST = schema_most_cards() // 3 + 1  # cards a player: three players hold more than any table

def _stored_house(ask: Table) -> tuple[str, str]:
    """A stored variant of Garbage with its token, and a stored variant of it (made once)."""
    app = ask.client.application
    if "house" not in app.extensions:
        made = ask.client.post("/v1/rulesets", json={"id": "house", "extends": "garbage", "name": "H"}).get_json()
        ask.client.post("/v1/rulesets", json={"id": "house-child", "extends": "house", "name": "C",
                                              "dead_ranks": ["K"]})
        app.extensions["house"] = ("house", made["token"])
    return app.extensions["house"]  # type: ignore[no-any-return]


def _house(ask: Table, method: str, body: Any, token: str | None = None) -> Any:
    ruleset_id, its_token = _stored_house(ask)
    return ask(method, f"/v1/rulesets/{ruleset_id}", json=body, headers={"Authorization": f"Bearer {token or its_token}"})


def _past_the_bound(ask: Table) -> Any:
    config = ask.client.application.config
    config["MAX_RULESETS"] = 0
    try:
        return ask("POST", "/v1/rulesets", json={"id": "one-more", "extends": "garbage", "name": "M"})
    finally:
        config["MAX_RULESETS"] = 1000


def _too_deep_a_chain(ask: Table) -> Any:
    base = "garbage"
    for depth in range(1, 9):
        ask.client.post("/v1/rulesets", json={"id": f"deep-{depth}", "extends": base, "name": "D"})
        base = f"deep-{depth}"
    return ask("POST", "/v1/rulesets", json={"id": "deep-9", "extends": base, "name": "D"})


# What each request provokes: the codes are what it is built to get, whatever the language.
REQUESTS: dict[str, tuple[Callable[[Table], Any], set[str]]] = {
    "request shape": (_post(f"{TEN}/melds/check", {"round": 5000, "players": "x", "colour": 1}),
                      {"required", "out_of_range", "invalid_type", "unknown_field"}),
    "null and bad names": (_post(f"{TEN}/scores", {"hands": {"": [], "ann": None}}), {"invalid", "null"}),
    "lengths": (_post("/v1/games", {"ruleset": "", "players": []}), {"out_of_range"}),
    "cards": (_post(f"{TEN}/melds/check", {"cards": ["1H", "8X", "Q", "8H"]}), {"unknown_card"}),
    "a meld breaks the rules": (_post(f"{TEN}/melds/check", {"cards": ["8H", "9S", "JK"]}),
                                {"mixed_ranks", "joker_not_wild"}),
    "wrong family": (_post("/v1/rulesets/garbage/melds/check", {"cards": ["8H"]}), {"wrong_family"}),
    "placement in a rummy game": (_post(f"{TEN}/placements/check", {"layout": ["down"], "card": "7H"}),
                                  {"wrong_family"}),
    "players at the table": (_post(f"{TEN}/melds/check", {"cards": ["8H"], "players": 50}), {"player_count"}),
    "a round the game lacks": (_post(f"{TEN}/melds/check", {"cards": ["8H"], "round": 9}), {"unknown_round"}),
    "a round's rules": (lambda ask: ask("GET", f"{TEN}/rounds/9"), {"unknown_round"}),
    "round 0": (lambda ask: ask("GET", "/v1/rulesets/bing-rummy/rounds/0"), {"unknown_round"}),
    "no such ruleset": (lambda ask: ask("GET", "/v1/rulesets/nope"), {"unknown_ruleset"}),
    "too many slots": (_post("/v1/rulesets/garbage/placements/check", {"layout": ["down"] * 11, "card": "7H"}),
                       {"invalid_layout"}),
    "slots that cannot be": (_post("/v1/rulesets/garbage/placements/check",
                                   {"layout": ["5H", "up", "down"], "card": "7H"}),
                             {"invalid_layout", "unknown_card"}),
    "a dead card": (_post("/v1/rulesets/garbage/placements/check", {"layout": ["down"], "card": "KH"}),
                    {"dead_card"}),
    "the deal's wild rank missing": (_post("/v1/rulesets/indian-rummy/melds/check", {"cards": ["8H"]}),
                                     {"missing_field"}),
    "the deal's wild rank unknown": (_post("/v1/rulesets/indian-rummy/melds/check",
                                           {"cards": ["8H"], "wild_rank": "Z"}), {"unknown_rank"}),
    "a phase past the game's": (_post("/v1/rulesets/phase-10/first-meld/check", {"melds": [["7R"]], "phase": 11}),
                                {"unknown_phase"}),
    "a phase missing": (_post("/v1/rulesets/phase-10/first-meld/check", {"melds": [["7R"]]}), {"missing_field"}),
    "a phase the game lacks": (_post(f"{TEN}/going-out/check", {"hand": ["8H"], "phase": 2}), {"unused_field"}),
    "a turn with no tile left to discard": (_post("/v1/rulesets/remi/turns/check", {
        "before": [["3R", "4R", "5R"]], "after": [["3R", "4R", "5R", "6R", "7R"]], "hand": ["6R", "7R"]}),
        {"no_discard_left"}),
    "a skip in a meld": (_post("/v1/rulesets/phase-10/melds/check", {"cards": ["7R", "7B", "SK"]}),
                         {"never_melded", "mixed_ranks"}),
    "a wild rank the game lacks": (_post(f"{TEN}/scores", {"hands": {"a": []}, "wild_rank": "7"}),
                                   {"unused_field"}),
    "scores": (_post("/v1/rulesets/bing-rummy/scores", {"went_out": "a", "hands": {"a": ["8H"], "b": ["JK"]}}),
               {"hand_not_empty", "not_in_deck"}),
    "scores of someone else": (_post(f"{TEN}/scores", {"went_out": "zed", "hands": {"a": []}}), {"unknown_player"}),
    "melded cards": (_post("/v1/rulesets/rummy-500/scores", {"hands": {"a": []}, "melded": {"zed": [["8H"]]}}),
                     {"unknown_player"}),
    "too many copies": (_post("/v1/rulesets/bing-rummy/scores", {"hands": {"a": ["8H", "8H", "8H"]}}),
                        {"duplicate_card"}),
    "a knock": (_post("/v1/rulesets/gin-rummy/scores", {"hands": {"a": ["8H"], "b": []}}),
                {"missing_field", "wrong_hand_size"}),
    "a knock by three": (_post("/v1/rulesets/gin-rummy/scores", {"hands": {"a": ["8H"], "b": [], "c": []}}),
                         {"player_count"}),
    "a knock with too much deadwood": (_post("/v1/rulesets/gin-rummy/scores", {"went_out": "a", "hands": {
        "a": ["KH", "QS", "JD", "9C", "8H", "6S", "4D", "3C", "2H", "AS"],
        "b": ["KS", "QH", "JC", "9D", "8S", "6H", "4C", "3D", "2S", "AH"]}}), {"cannot_knock"}),
    "a table meld": (_post(f"{TEN}/going-out/check", {"hand": ["8H"], "table": [["8H", "9S"]]}),
                     {"invalid_table_meld"}),
    "hand limit": (_post("/v1/rulesets/bing-rummy/hands/check", {"hand": ["KH", "KS", "QD"], "score": 60}),
                   {"hand_limit_exceeded"}),
    "lay-off before the first meld": (_post(f"{TEN}/lay-offs/check", {"meld": ["8H", "8S", "8D"], "cards": ["8C"],
                                                                       "first_meld_done": False}),
                                      {"lay_off_not_allowed"}),
    "first meld": (_post(f"{TEN}/first-meld/check", {"melds": [["8H", "8S", "2C"]]}), {"requirement_not_met"}),
    "going out": (_post(f"{TEN}/going-out/check", {"hand": ["8H", "8S", "2C", "KD", "QS"]}), {"cannot_go_out"}),
    "a turn drops tiles and a joker": (_post(f"{RUMMIKUB}/turns/check", {
        "before": [["5R", "JK", "7R"], ["1K", "2K", "3K"]], "after": [["5R", "6R", "7R"]], "hand": ["6R"]}),
        {"cards_missing"}),
    "a turn keeps a freed joker": (_post(f"{RUMMIKUB}/turns/check", {
        "before": [["5R", "JK", "7R"]], "after": [["5R", "6R", "7R"]], "hand": ["6R"]}), {"cards_missing"}),
    "a turn invents a tile": (_post(f"{RUMMIKUB}/turns/check", {
        "before": [["1K", "2K", "3K"]], "after": [["1K", "2K", "13O"]], "hand": ["9B"]}),
        {"cards_missing", "not_in_hand", "nothing_played", "mixed_suits"}),
    "a turn before the first meld": (_post(f"{RUMMIKUB}/turns/check", {
        "before": [["1K", "2K", "3K"]], "after": [["1K", "2K", "3K", "4K"]], "hand": ["4K"],
        "first_meld_done": False}), {"table_changed_before_first_meld"}),
    "a turn where the table is fixed": (_post(f"{TEN}/turns/check", {"before": [], "after": [], "hand": []}),
                                        {"table_not_rearranged"}),
    # ruleset uploads
    "ruleset id taken": (lambda ask: ask("POST", "/v1/rulesets", data=RULESET.format(id="garbage"),
                                         content_type="application/yaml"), {"id_taken"}),
    "ruleset id reserved": (lambda ask: ask("POST", "/v1/rulesets/validate", data=RULESET.format(id="validate"),
                                            content_type="application/yaml"), {"reserved_id"}),
    "ruleset not UTF-8": (lambda ask: ask("POST", "/v1/rulesets", data=b"id: \xff", content_type="application/yaml"),
                          {"not_utf8"}),
    "ruleset not read": (lambda ask: ask("POST", "/v1/rulesets", data="id: [x", content_type="application/yaml"),
                         {"yaml_syntax"}),
    # the service's own answers
    "no address": (lambda ask: ask("GET", "/v1/nothing"), {"type:not-found"}),
    "no method": (lambda ask: ask("PATCH", TEN), {"type:method-not-allowed", "method_not_allowed"}),
    "content type": (lambda ask: ask("POST", f"{TEN}/melds/check", data="x", content_type="text/plain"),
                     {"type:unsupported-media-type"}),
    "no content type": (lambda ask: ask("POST", f"{TEN}/melds/check", data="x", content_type=""),
                        {"type:unsupported-media-type"}),
    "not JSON": (lambda ask: ask("POST", f"{TEN}/melds/check", data="{", content_type="application/json"),
                 {"type:unreadable-body"}),
    "empty body": (lambda ask: ask("POST", f"{TEN}/melds/check", data="", content_type="application/json"),
                   {"type:unreadable-body"}),
    "too deep": (_too_deep, {"type:unreadable-body", "too_deep"}),
    "a key twice": (lambda ask: ask("POST", f"{TEN}/melds/check", data='{"cards": [], "cards": ["8H"]}',
                                    content_type="application/json"), {"type:unreadable-body", "duplicate_key"}),
    "half a UTF-16 pair": (lambda ask: ask("POST", f"{TEN}/melds/check", data='{"cards": ["\\ud800"]}',
                                           content_type="application/json"), {"not_utf8"}),
    "more cards than the decks": (_post(f"{TEN}/scores", {"hands": {"a": ["8H"] * 200, "b": ["8S"] * 200}}),
                                  {"too_many_cards"}),
    "more cards than any table": (_round("ten-pennies", ["a", "b", "c"], {
        "went_out": "c", "hands": {"a": ["8H"] * _PAST, "b": ["8S"] * _PAST, "c": ["8D"] * _PAST}}),
        {"too_many_cards"}),
    "more players than seats": (_post(f"{TEN}/scores", {"hands": {f"p{i}": [] for i in range(20)}}),
                                {"player_count"}),
    "over fifty problems": (_post(f"{TEN}/melds/check", {"cards": ["1X"] * 60}), {"type:invalid-request"}),
    "too large": (_too_large, {"type:body-too-large"}),
    # the score sheet
    "no game": (lambda ask: ask("GET", "/v1/games/nope"), {"type:not-found"}),
    "no token": (lambda ask: ask("POST", ask.game("garbage", ["a", "b"])[0] + "/rounds", json={"winner": "a"}),
                 {"type:unauthorized"}),
    "wrong token": (lambda ask: ask("POST", ask.game("garbage", ["a", "b"])[0] + "/rounds", json={"winner": "a"},
                                    headers={"Authorization": "Bearer nope"}), {"type:unauthorized"}),
    "idempotency key too long": (_long_key, {"invalid_header"}),
    "idempotency key reused": (_idempotency_reused, {"type:conflict"}),
    "stale If-Match": (_stale_if_match, {"type:precondition-failed"}),
    "game finished": (_finished, {"game_finished"}),
    "a second rematch": (_rematched_twice, {"rematch_started"}),
    "players of a game": (_post("/v1/games", {"ruleset": "garbage", "players": ["a", "a"], "dealer": "zed",
                                              "scores": {"zed": 1, "a": -1}}),
                          {"duplicate_player", "unknown_player", "out_of_range"}),
    "too few players": (_post("/v1/games", {"ruleset": "garbage", "players": ["a"]}), {"player_count"}),
    "no such ruleset for a game": (_post("/v1/games", {"ruleset": "nope", "players": ["a", "b"]}),
                                   {"unknown_ruleset"}),
    "starting scores": (_post("/v1/games", {"ruleset": "bing-rummy", "players": ["a", "b"], "scores": {"a": 80}}),
                        {"out_of_range"}),
    "a round without a result": (_round("ten-pennies", ["a", "b", "c"], {"went_out": "c", "points": {"a": 5},
                                                                        "cards": {"a": 1}}), {"missing_player"}),
    "a round with a hand": (_round("ten-pennies", ["a", "b"], {"went_out": "b", "points": {"a": 5, "b": 10},
                                                              "cards": {"a": 1, "b": 1}}),
                            {"hand_not_empty"}),
    "a round without its cards": (_round("ten-pennies", ["a", "b"], {"went_out": "b", "points": {"a": 5}}),
                                  {"missing_field"}),
    "points off the step of the cards": (_round("phase-10", ["a", "b"], {
        "went_out": "a", "phases_made": ["a"], "points": {"b": 7}}), {"impossible_points"}),
    "points off the step of the cards and bonuses": (lambda ask: ask.write("canasta", ["a", "b", "c", "d"], "/rounds", {
        "went_out": "a", "points": {"a": 7, "b": 0, "c": 0, "d": 0}}, teams=[["a", "c"], ["b", "d"]]),
        {"impossible_points"}),
    "points no cards make, and past them all": (_round("bing-rummy", ["a", "b", "c"], {
        "went_out": "a", "points": {"b": 1, "c": 5000}}), {"impossible_points"}),
    "points below every card caught": (_round("rummy-500", ["a", "b"], {"went_out": "a", "points": {"b": -5000}}),
                                       {"impossible_points"}),
    "a round's unused fields": (_round("garbage", ["a", "b"], {"winner": "a", "went_out": "a"}), {"unused_field"}),
    "phases made by strangers, twice, and not by who went out": (_round("phase-10", ["a", "b"], {
        "went_out": "a", "phases_made": ["zed", "b", "b"], "points": {"b": 5}}),
        {"unknown_player", "duplicate_player", "phase_not_made"}),
    "phases made in a game without them": (_round("ten-pennies", ["a", "b"], {
        "went_out": "a", "phases_made": ["a"], "points": {"b": 5}, "cards": {"b": 1}}), {"unused_field"}),
    "winner and completed": (_round("garbage", ["a", "b"], {"winner": "a", "completed": ["a"]}),
                             {"winner_in_completed"}),
    "a player who is out": (_eliminated, {"eliminated_player"}),
    "a canasta meld": (_post(f"{CANASTA}/melds/check", {"cards": ["8H", "2S", "2C", "3H"]}),
                       {"too_few_naturals", "never_melded"}),
    "black threes before going out": (_post(f"{CANASTA}/melds/check", {"cards": ["3C", "3S", "2C"]}),
                                      {"going_out_only", "too_many_wilds"}),
    "a stopped pile": (_post(f"{CANASTA}/pile/check", {"top": "3C", "hand": ["3S", "3C"]}), {"pile_stopped"}),
    "a frozen pile": (_post(f"{CANASTA}/pile/check", {"top": "KH", "hand": ["KS", "2C"], "frozen": True}),
                      {"cannot_take_pile"}),
    "a pile short of the minimum": (_post(f"{CANASTA}/pile/check", {"top": "7H", "hand": ["7S", "7D"],
                                                                    "first_meld_done": False}), {"requirement_not_met"}),
    "a pile the game lacks": (_post(f"{TEN}/pile/check", {"top": "7H", "hand": []}), {"no_pile_rules"}),
    "a pile of one, holding one card": (_post(f"{CANASTA}/pile/check", {"top": "8H", "hand": ["4C"], "pile_size": 1,
                                                                         "table": [["8C", "8D", "8S"]]}),
                                        {"cannot_take_pile"}),
    "a pile no decks hold": (_post(f"{CANASTA}/pile/check", {"top": "8H", "hand": ["8S"], "pile_size": 500}),
                             {"out_of_range"}),
    "going out without a canasta": (_post(f"{CANASTA}/going-out/check", {"hand": ["8H", "8S", "8D"]}),
                                    {"cannot_go_out"}),
    "teams that cannot be": (_post(f"{CANASTA}/scores", {"teams": [["a", "a", "b"], ["c"]],
                                                         "hands": {"a": [], "b": [], "c": [], "d": []}}),
                             {"player_count", "duplicate_player", "missing_player"}),
    "red threes that cannot be": (_post(f"{CANASTA}/scores", {"hands": {"a": [], "b": [], "c": [], "d": []},
                                                              "red_threes": {"a": 5},
                                                              "teams": [["a", "c"], ["b", "d"]],
                                                              "went_out": "a", "concealed": True,
                                                              "melded": {"a": [["8H", "8S", "8D"], ["8C"]]}}),
                                  {"too_many_bonus_cards", "not_concealed"}),
    "hand and foot": (_post("/v1/rulesets/hand-and-foot/first-meld/check", {
        "melds": [["8H", "8D", "8S"], ["8C", "8H", "JK"], ["9C", "2H", "JK"], ["3C", "3S", "3C"]]}),
        {"one_set_per_rank", "too_many_wilds", "never_melded"}),
    "out from the hand, not the foot": (_post("/v1/rulesets/hand-and-foot/going-out/check", {
        "hand": ["8H"], "foot_taken": False}), {"cannot_go_out"}),
    "a wild card onto an open book": (_post("/v1/rulesets/hand-and-foot-open-books/lay-offs/check", {
        "meld": ["7H", "7D", "7S", "7C", "7H", "7D", "7S"], "cards": ["JK"]}), {"too_many_wilds"}),
    "a side's melds that cannot be": (_post(f"{CANASTA}/scores", {
        "teams": [["a", "b"], ["c", "d"]], "went_out": "a", "hands": {"a": [], "b": [], "c": [], "d": []},
        "melded": {"a": [["8H", "8S", "2C", "2D"], ["9C", "2H", "JK"]], "b": [["8D", "JK"]]}}),
        {"invalid_meld", "cannot_go_out"}),
    "a morto not given, and one not taken": (_post("/v1/rulesets/buraco/scores", {
        "teams": [["a", "b"], ["c", "d"]], "hands": {"a": [], "b": [], "c": [], "d": []}}), {"missing_field"}),
    "counts that cannot be": (_post(f"{CANASTA}/scores", {
        "teams": [["a", "b"], ["c", "d"]], "went_out": "a", "counts": {
            "a": {"natural_canastas": 14, "melded_points": 62, "hand_points": 5},
            "b": {"semi_clean_canastas": 1, "natural_canastas": 1, "melded_points": 20}, "c": {}, "d": {}}}),
        {"too_many_canastas", "impossible_points", "hand_not_empty", "unused_field"}),
    "closing before the pozzetto": (_post("/v1/rulesets/buraco/going-out/check", {"hand": ["8H"], "morto_taken": False}),
                                    {"cannot_go_out"}),
    "teams the game lacks": (_post(f"{TEN}/scores", {"hands": {"a": []}, "teams": [["a"]]}), {"unused_field"}),
    "no buys left": (_buys_spent, {"no_buys_left"}),
    "no buying": (lambda ask: ask.write("garbage", ["a", "b"], "/buys", {"player": "a"}), {"no_buying"}),
    "no buy-backs": (lambda ask: ask.write("ten-pennies", ["a", "b"], "/buy-backs", {"player": "a"}),
                     {"no_buy_back"}),
    "not out": (lambda ask: ask.write("bing-rummy", ["a", "b"], "/buy-backs", {"player": "a"}), {"not_eliminated"}),
    "nothing to undo": (_undo_nothing, {"nothing_to_undo"}),
    "a buy-back by a stranger": (lambda ask: ask.write("bing-rummy", ["a", "b"], "/buy-backs", {"player": "zed"}),
                                 {"unknown_player"}),
    "a built-in ruleset written to": (lambda ask: ask("PUT", "/v1/rulesets/garbage", json={}), {"builtin_ruleset"}),
    "a ruleset's id changed": (lambda ask: _house(ask, "PUT", {"id": "other", "extends": "garbage", "name": "O"}),
                               {"id_mismatch"}),
    "a ruleset without its token": (lambda ask: _house(ask, "DELETE", None, token="wrong"), {"type:unauthorized"}),
    "a ruleset without a token": (lambda ask: ask("DELETE", f"/v1/rulesets/{_stored_house(ask)[0]}"),
                                  {"type:unauthorized"}),
    "a ruleset that is extended": (lambda ask: _house(ask, "DELETE", None), {"ruleset_in_use"}),
    "a replacement that breaks a variant": (lambda ask: _house(ask, "PUT", {
        "id": _stored_house(ask)[0], "extends": "bing-rummy", "name": "R"}), {"ruleset_in_use"}),
    "too many rulesets": (_past_the_bound, {"too_many_rulesets"}),
    "a Mahjong hand that does not win": (_post(f"{RIICHI}/wins/check", {
        "hand": "1357m2468p13579s1z", "win": {"tile": "1m"}}), {"not_a_winning_shape"}),
    "a Mahjong hand of no yaku": (_post(f"{RIICHI}/wins/check", {
        "hand": "234m567m55s", "melds": [{"tiles": "123p"}, {"tiles": "789s"}], "win": {"tile": "5s"}}), {"no_yaku"}),
    "a Mahjong hand of too few tiles": (_post(f"{RIICHI}/wins/check", {"hand": "123m", "win": {"tile": "1m"}}),
                                        {"wrong_tile_count"}),
    "a Mahjong winning tile not held": (_post(f"{RIICHI}/wins/check", {
        "hand": "123m456p789p111z22z", "win": {"tile": "3s"}}), {"not_in_hand"}),
    "a called meld that is none": (_post(f"{RIICHI}/wins/check", {
        "hand": "123m456p789s11z", "melds": [{"tiles": "135m"}], "win": {"tile": "1z"}}), {"invalid_meld"}),
    "a fifth tile": (_post(f"{RIICHI}/wins/check", {
        "hand": "11m456p789s555z", "melds": [{"tiles": "111m"}], "win": {"tile": "5z"}}), {"duplicate_card"}),
    "a wind that is none": (_post(f"{RIICHI}/wins/check", {"hand": "123m", "win": {"tile": "1m"}, "seat_wind": "5z"}),
                            {"not_a_wind"}),
    "riichi with an open hand": (_post(f"{RIICHI}/wins/check", {
        "hand": "456p789s11z22z", "melds": [{"tiles": "123p"}], "win": {"tile": "1z"}, "riichi": True}),
        {"invalid_field"}),
    "tiles that are none": (_post(f"{RIICHI}/wins/check", {"hand": ["1x", "0z", "9f", 3], "win": {"tile": "1m"}}),
                            {"unknown_card"}),
    "a hand waiting on nothing": (_post(f"{RIICHI}/waits/check", {"hand": "1357m2468p13579s"}), {"not_tenpai"}),
    "a Mahjong hand's fields": (_round("riichi", FOUR, {"points": {"a": 1}, "wins": [
        {"winner": "a", "from": "b", "han": 1, "fu": 30}]}), {"unused_field"}),
    "a Mahjong hand of nothing": (_round("riichi", FOUR, {"riichi": []}), {"missing_field"}),
    "a Mahjong win's figures": (_round("riichi", FOUR, {"win": {"winner": "a", "from": "b", "han": 2, "fu": 35,
                                                                "faan": 2}}), {"out_of_range", "unused_field"}),
    "a Mahjong win off one's own discard": (_round("riichi", FOUR, {"win": {"winner": "a", "from": "a", "han": 2,
                                                                            "fu": 30}}), {"invalid_field"}),
    "riichi at a drawn hand": (_round("riichi", FOUR, {"draw": {"tenpai": []}, "riichi": ["a"]}), {"missing_player"}),
    "a hand given in faan": (_round("hong-kong", FOUR, {"win": {"winner": "a", "from": "b", "han": 1}, "riichi": ["a"]}),
                             {"unused_field"}),
    "a hand given in han": (_round("hong-kong", FOUR, {"win": {"winner": "a", "from": "b", "han": 1}}),
                            {"unused_field", "missing_field"}),
    "a Mahjong win by tiles and figures": (_round("riichi", FOUR, {"win": {
        "winner": "a", "from": "b", "hand": "123m456p789s11z55m", "tile": "5m", "riichi": True, "han": 1}}),
        {"invalid_field", "unused_field"}),
    "a Mahjong win by tiles with no yaku": (_round("riichi", FOUR, {"win": {
        "winner": "c", "from": "b", "hand": "123m456p789s55m", "tile": "5m", "melds": [{"tiles": "222z"}]}}),
        {"no_yaku"}),
    "extends too deep": (_too_deep_a_chain, {"extends_too_deep"}),
    "a draft": (_post("/v1/rulesets/draft/melds/check", {"cards": ["8H"]}), {"missing_field"}),
    "a draft of no kind": (_post("/v1/rulesets/draft/melds/check", {"cards": ["8H"], "ruleset": 3}), {"invalid_type"}),
    "a draft body of no kind": (_post("/v1/rulesets/draft/melds/check", [1]), {"invalid_type"}),
    "a draft check that is none": (_post("/v1/rulesets/draft/no/check", {"ruleset": {"id": "d", "extends": "garbage"}}),
                                   {"type:not-found"}),
}


@pytest.mark.parametrize("name", REQUESTS)
def test_every_answer_of_the_service_speaks_every_language(service: Any, name: str) -> None:
    provoke, wanted = REQUESTS[name]
    client = service.test_client()
    rows = {}
    for code in LANGUAGES:
        answer = provoke(Table(client, code))
        assert answer.headers["Content-Language"] == code
        rows[code] = _answer_rows(answer)
    assert wanted <= {row[0] for row in rows[SOURCE]}, rows[SOURCE]
    _check_languages(rows)


def test_a_crash_and_an_unreachable_database_speak_every_language(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    app = create_app({"TESTING": False, "DATABASE_URL": f"sqlite:///{tmp_path / 'r.db'}"})

    def crash() -> None:
        raise RuntimeError("a bug")
    app.add_url_rule("/v1/crash", "crash", crash)
    monkeypatch.setattr(app.extensions["referee.store"], "healthy", lambda: False)
    client = app.test_client()
    for url, kind in (("/v1/crash", "type:internal-error"), ("/healthz", "type:error")):
        rows = {code: _answer_rows(client.get(f"{url}?lang={code}")) for code in LANGUAGES}
        assert rows[SOURCE][0][0] == kind
        _check_languages(rows)
    app.extensions["referee.store"].engine.dispose()


def test_too_many_searches_at_once_is_answered_in_the_request_language() -> None:
    """The 429 is written by the server layer, before the app sees the request."""
    async def held(scope: Any, receive: Any, send: Any) -> None:
        await asyncio.sleep(10)

    async def busy(code: str) -> dict[str, Any]:
        sent: list[dict[str, Any]] = []

        async def send(message: dict[str, Any]) -> None:
            sent.append(message)

        async def receive() -> dict[str, Any]:
            return {"type": "http.request", "body": b"{}", "more_body": False}
        gate = ExpensiveGate(held, lambda method, path: True, at_once=1, wait=0.01)
        scope = {"type": "http", "method": "POST", "path": "/v1/rulesets/ten-pennies/going-out/check",
                 "query_string": f"lang={code}".encode(), "headers": []}
        first = asyncio.create_task(gate(scope, receive, send))
        await asyncio.sleep(0)
        await gate(scope, receive, send)
        first.cancel()
        start, body = sent
        assert start["status"] == 429 and dict(start["headers"])[b"content-language"] == code.encode()
        return json.loads(body["body"])

    rows = {}
    for code in LANGUAGES:
        problem = run_apart(busy(code))
        assert problem["status"] == 429 and problem["type"].endswith("/too-many-requests")
        rows[code] = [("type:too-many-requests", "", problem["title"]), ("detail", "", problem["detail"])]
    _check_languages(rows)


def test_a_stalled_body_is_answered_in_the_request_language() -> None:
    """The 408 is written by the server layer, before the app sees the request."""
    async def never() -> dict[str, Any]:
        await asyncio.sleep(10)
        return {}

    async def app(scope: Any, receive: Any, send: Any) -> None:
        raise AssertionError("a stalled body never reaches the app")

    def answer(query: bytes, headers: list[tuple[bytes, bytes]]) -> tuple[dict[str, str], dict[str, Any]]:
        sent: list[dict[str, Any]] = []

        async def send(message: dict[str, Any]) -> None:
            sent.append(message)
        scope = {"type": "http", "query_string": query, "headers": headers}
        run_apart(BufferedBody(app, 1024, idle=0.01, total=1)(scope, never, send))
        start, body = sent
        return ({k.decode(): v.decode() for k, v in start["headers"]}, json.loads(body["body"]))

    english = answer(b"", [])[1]
    for code in TRANSLATED:
        for query, headers in ((f"lang={code}".encode(), []), (b"", [(b"accept-language", f"{code}, en;q=0.1".encode())]),
                               (b"", [(b"cookie", f"lang={code}".encode())])):
            head, body = answer(query, headers)
            assert head["content-language"] == code and body["status"] == 408
            assert body["type"] == english["type"]
            assert body["title"] != english["title"] and body["detail"] != english["detail"]


# ---------------------------------------------------------------- the engine's verdicts


def _case_tables() -> list[Any]:
    """For each code in the acceptance tables (tests/cases), a case that gets it."""
    chosen: dict[str, Any] = {}
    for path in sorted(CASES.glob("*.yaml")):
        for case in read_yaml(path):
            case.setdefault("check", "meld")
            if "play" in case:
                case["cards"] = case["play"]
            for code in case.get("codes") or []:
                chosen.setdefault(code, case)
    return [pytest.param(case, id=f"{code}: {case['description']}") for code, case in chosen.items()]


def _case_rows(case: dict[str, Any], library: Library) -> list[Row]:
    if case["check"] == "scores":
        ruleset = library.get(case["ruleset"])
        hands = {name: parse_cards(held) for name, held in case["hands"].items()}
        melded = {name: [parse_cards(g) for g in groups] for name, groups in case["melded"].items()} \
            if "melded" in case else None
        with pytest.raises(InvalidPlayError) as info:
            score_round(ruleset, hands, case.get("went_out"), case.get("players"),
                        deal=Deal(case.get("round", 1), case.get("players"), case.get("wild_rank"), melded))
        return _problems(info.value)
    return [(v.code, " ".join(map(str, v.cards)), v.message) for v in _run(case, library).violations]


@pytest.mark.parametrize("case", _case_tables())
def test_every_verdict_of_the_case_tables_speaks_every_language(case: dict[str, Any], library: Library) -> None:
    rows = {}
    for code in LANGUAGES:
        with language(code):
            rows[code] = _case_rows(case, library)
    assert set(case["codes"]) <= {row[0] for row in rows[SOURCE]}
    _check_languages(rows)


# ---------------------------------------------------------------- rulesets an author writes

LAYOUT = "format: 1\nid: {id}\nfamily: layout\nname: N\nlayout: {{slots: [A, '2']}}\ngame: {{end: {{layout_size: 0}}}}\n"
RUMMY = "format: 1\nid: r\nfamily: rummy\nname: R\nmelds: {set: {min: 3}}\n"

# Ruleset texts and the codes each is written to get.
RULESETS: dict[str, tuple[str, set[str]]] = {
    "schema": (RUMMY + "hand_size: eleven\nplayers: {min: 0, max: 30}\nfirst_player: rotate\n"
               "deck: {ranks: [A, A, 11, 2], suits: [C, X], jokers: '2'}\nnotes: null\n"
               "wilds: {ranks: [\"2\"], max_per_meld: '1'}\nrounds: []\nsource: " + "x" * 501 + "\n",
               {"schema", "unknown_field"}),
    "required and languages": (
        "format: 1\nid: r\nfamily: rummy\nname: {ru: R, fr: F}\nsummary: {en: S, rus: T}\n",
        {"required", "unknown_language"}),
    "meaning": (RUMMY.replace("melds: {set: {min: 3}}\n", "") + "hand_size: 5\nfirst_meld: {sets: [3, 3], runs: [4], pure_runs: 2}\n"
                "players: {min: 5, max: 3}\nwilds: {ranks: [JOKER]}\nscoring: {card_values: {'3-9': 5, 'Z': 1, '4': 2},"
                " knock: {}}\ngame: {end: {rounds: 2}, winner: highest_score}\ndeck: {decks: {'13': 2}}\n"
                "later_melds: false\nmelds: {set: {min: 3, max: 2}, run: {min: 3, max: 2}}\n", {"meaning"}),
    "meaning of a layout": (LAYOUT.format(id="l") + "dead_ranks: [JOKER]\nwilds: {ranks: ['7']}\n"
                            "deck: {ranks: [A, '2', JOKER]}\n", {"meaning"}),
    "meaning of a deck": (RUMMY.replace("melds: {set: {min: 3}}\n", "") +
                          "deck: {ranks: ['3', '4', '4', J], suits: [C, {letter: X, symbol: '*'}, {letter: Z, aliases: [C]},"
                          " K, {letter: W}], specials: {SK: 1, 3C: 1, JK: 1, '4': 1, w: 1, W: 1}}\n"
                          "melds: {set: {min: 3}, run: {min: 3, ace: high}}\nrounds: [{melds: {run: {ace: low}}}]\n"
                          "wilds: {ranks: [Q]}\n", {"meaning"}),
    "around beside an ace": (RUMMY.replace("melds: {set: {min: 3}}\n", "melds: {run: {ace: low, around: true}}\n"),
                             {"meaning"}),
    "no base": ("format: 1\nid: v\nextends: garbag\nfamily: layout\n", {"unknown_base"}),
    "its own base": ("format: 1\nid: v\nextends: v\nfamily: layout\n", {"extends_cycle"}),
    "another family": ("format: 1\nid: v\nextends: garbage\nfamily: rummy\n", {"family_mismatch"}),
    "a round the base lacks": ("format: 1\nid: v\nextends: ten-pennies\nrounds: {'9': {hand_size: 3}}\n",
                               {"unknown_round"}),
    "twice a key": (LAYOUT.format(id="l") + "name: M\n", {"duplicate_key"}),
    "not a mapping": ("- a\n- b\n", {"schema"}),
    "tags": ("id: !!python/object:os.system x\n", {"unsafe_yaml"}),
    "two documents": ("id: a\n---\nid: b\n", {"unsafe_yaml"}),
    "not UTF-8": ("\udcff", {"not_utf8"}),
    "empty": ("# nothing\n", {"yaml_syntax"}),
    "syntax": ("id: {a: 1\n", {"yaml_syntax"}),
    "a tab": ("id:\n\t- a\n", {"yaml_syntax"}),
    "a colon": ("name: a: b\n", {"yaml_syntax"}),
    "a quote": ('name: "a\n', {"yaml_syntax"}),
    "a key indented under a value": ("name: a\n  summary: b\n", {"yaml_syntax"}),
    "a key between two levels": ("melds:\n  set: {min: 3}\n run: {min: 3}\n", {"yaml_syntax"}),
}


def _lint(text: str, *, as_written: bool = False) -> list[Row]:
    raw = text.encode("utf-8", "surrogateescape")
    problems = default_library().copy(as_written=as_written).validate(raw, "x.yaml")
    return [(p.code, f"{p.path} {p.line}:{p.column}", p.message) for p in problems]


@pytest.mark.parametrize("name", RULESETS)
def test_every_finding_about_a_ruleset_speaks_every_language(name: str) -> None:
    text, wanted = RULESETS[name]
    rows = {}
    for code in LANGUAGES:
        with language(code):
            rows[code] = _lint(text)
    assert wanted <= {row[0] for row in rows[SOURCE]}, rows[SOURCE]
    _check_languages(rows)


def test_an_inherited_finding_says_where_it_comes_from_in_every_language() -> None:
    text = "format: 1\nid: v\nextends: garbage\nfamily: layout\ndeck: {ranks: [A, '2']}\n"
    rows = {}
    for code in LANGUAGES:
        with language(code):
            rows[code] = _lint(text, as_written=True)
    assert any('"garbage"' in message for _, _, message in rows[SOURCE])
    _check_languages(rows)


# ---------------------------------------------------------------- the command line's own refusals


def _refusal(*argv: str) -> Callable[[], list[Row]]:
    def run() -> list[Row]:
        args = cli.parser().parse_args(list(argv))
        with pytest.raises(RefereeError) as info:
            args.run(args)
        return _problems(info.value)
    return run


def _sheet(records: list[dict[str, Any]]) -> Callable[[], list[Row]]:
    def run() -> list[Row]:
        with pytest.raises(RefereeError) as info:
            replay(default_library().get("garbage"), Seats(["a", "b"]), records)
        return _problems(info.value)
    return run


COMMANDS: dict[str, tuple[Callable[[], list[Row]], set[str]]] = {
    "one card at a time": (_refusal("check", "garbage", "5D", "6D"), {"one_card"}),
    "a hand not NAME=CARDS": (_refusal("score", "ten-pennies", "ann"), {"invalid_hand"}),
    "a name twice": (_refusal("score", "ten-pennies", "ann=3H", "ann=4H"), {"duplicate_player"}),
    "--layout in a rummy game": (_refusal("check", "ten-pennies", "--layout", "down", "8H"), {"wrong_family"}),
    "first meld in a layout game": (_refusal("first-meld", "garbage", "8H,8S,8D"), {"wrong_family"}),
    "going out in a layout game": (_refusal("going-out", "garbage", "8H"), {"wrong_family"}),
    "scores in a layout game": (_refusal("score", "garbage", "ann=8H"), {"wrong_family"}),
    "--players": (_refusal("check", "ten-pennies", "--players", "50", "8H"), {"player_count"}),
    "--round": (_refusal("check", "ten-pennies", "--round", "9", "8H"), {"unknown_round"}),
    "no such ruleset": (_refusal("check", "nope", "8H"), {"unknown_ruleset"}),
    "a card": (_refusal("check", "ten-pennies", "1H"), {"unknown_card"}),
    "a ledger record": (_sheet([{"type": "bogus"}]), {"unknown_record"}),
}


@pytest.mark.parametrize("rounds", ["", 'rounds: [{wilds: {ranks: ["2"]}}]\ngame: {end: {rounds: 1}}\n'])
def test_a_top_level_field_every_round_sets_again_speaks_every_language(rounds: str) -> None:
    text = ("format: 1\nid: tp-v\nextends: ten-pennies\nfamily: rummy\nname: V\nwilds: {ranks: [K]}\n"
            "first_meld: {sets: [3]}\n" + rounds)
    rows = {}
    for code in LANGUAGES:
        with language(code):
            _ruleset, source, resolved = default_library().copy(as_written=True).load(text, file="v.yaml")
            rows[code] = [(p.code, p.path, p.message) for p in overridden_findings(source, resolved)]
    assert [r[1] for r in rows[SOURCE]] == (["wilds"] if rounds else ["wilds", "first_meld"])
    _check_languages(rows)


@pytest.mark.parametrize("name", COMMANDS)
def test_every_refusal_of_the_command_line_speaks_every_language(name: str) -> None:
    run, wanted = COMMANDS[name]
    rows = {}
    for code in LANGUAGES:
        with language(code):
            rows[code] = run()
    assert wanted <= {row[0] for row in rows[SOURCE]}, rows[SOURCE]
    _check_languages(rows)


def test_the_refusals_of_new_variant_speak_every_language(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "ours.yaml").write_text("mine\n", encoding="utf-8")
    refusals = {"file_exists": _refusal("new-variant", "garbage", "ours"),
                "invalid_id": _refusal("new-variant", "garbage", "Our_Garbage"),
                "invalid_id ": _refusal("new-variant", "garbage", "garbage")}
    for wanted, run in refusals.items():
        rows = {}
        for code in LANGUAGES:
            with language(code):
                rows[code] = run()
        assert [row[0] for row in rows[SOURCE]] == [wanted.strip()]
        _check_languages(rows)


def test_an_unusable_ruleset_file_and_database_speak_every_language(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("format: 1\nid: bad\nfamily: rummy\n", encoding="utf-8")
    missing = tmp_path / "no" / "such" / "folder" / "referee.db"
    refusals = {"invalid_ruleset": _refusal("check", str(bad), "8H"),
                "database": _refusal("serve", "--database", f"sqlite:///{missing}"),
                # HTTPS: one of the pair, a file not there, and files that hold no certificate
                "tls_half": _refusal("serve", "--certfile", str(bad)),
                "tls_unreadable": _refusal("serve", "--certfile", str(missing), "--keyfile", str(missing)),
                "tls_unusable": _refusal("serve", "--certfile", str(bad), "--keyfile", str(bad))}
    with socket.create_server(("127.0.0.1", 0)) as held:  # a port in use; and one not this machine's
        refusals["port_unusable"] = _refusal("serve", "--port", str(held.getsockname()[1]))
        refusals["port_unusable "] = _refusal("serve", "--host", "192.0.2.254", "--port", "8000")
        for wanted, run in refusals.items():
            rows = {}
            for code in LANGUAGES:
                with language(code):
                    rows[code] = run()
            assert rows[SOURCE][0][0] == wanted.strip()
            _check_languages(rows)


def test_the_budget_of_a_plan_and_packed_cards_speak_every_language(monkeypatch: pytest.MonkeyPatch) -> None:
    from referee import planner
    from referee.values import budget

    bing = default_library().get("bing-rummy")
    monkeypatch.setattr(budget, "PLAN_BUDGET", 5)
    for hand, wanted in (("3H 4H 5S 6S 7D 8D 9C 10C JH QH KS 2C 2D 2H", "hand_too_large"),
                         (" ".join(["5C"] * 40), "duplicate_card")):
        rows = {}
        for code in LANGUAGES:
            with language(code), pytest.raises(InvalidPlayError) as info:
                planner.arrange(situate(bing, first_meld_done=True), parse_cards(hand.split()))
            rows[code] = _problems(info.value)
        assert rows[SOURCE][0][0] == wanted
        _check_languages(rows)


def test_the_refusals_of_the_best_turn_speak_every_language() -> None:
    """A table larger than the search takes, a table that makes the search past the budget, and a
    game whose melds it cannot read."""
    from referee.planner import Budget
    from referee.tablesolve import best_turn

    tiles = default_library().get("rummikub")
    naturals = [c for c in tiles.deck.full(4) if not c.is_joker]
    run = parse_cards([f"{n}K" for n in range(1, 14)], deck=tiles.deck)
    library = default_library().copy()
    unread = library.add(library.load("format: 1\nid: rk-table-first\nextends: rummikub\nname: T\nfamily: rummy\n"
                                      "first_meld: {points: 30, from_hand_only: false}\n"))
    asks: list[tuple[str, Callable[[], object]]] = [
        ("table_too_large", lambda: best_turn(situate(tiles, first_meld_done=True), [tuple(naturals[i:i + 13]) for i in range(0, 65, 13)], ())),
        ("table_too_large", lambda: best_turn(situate(tiles, first_meld_done=True, budget=Budget(50)), [run], parse_cards(["1B", "1O"], deck=tiles.deck))),
        ("best_turn_unsupported", lambda: best_turn(situate(unread, first_meld_done=False), [], ()))]  # a first meld that may use the table
    for wanted, ask in asks:
        rows = {}
        for code in LANGUAGES:
            with language(code), pytest.raises(InvalidPlayError) as info:
                ask()
            rows[code] = _problems(info.value)
        assert rows[SOURCE][0][0] == wanted
        _check_languages(rows)


def test_a_kind_the_game_lacks_speaks_every_language() -> None:
    """Asked for a run in a game of sets (no request asks for a kind: the engine does)."""
    judge = judge_for(default_library().get("ten-pennies"), 1, None)
    rows = {}
    for code in LANGUAGES:
        with language(code):
            rows[code] = [(v.code, "", v.message) for v in judge.judge(parse_cards(["8H", "9H", "10H"]), kind="run")[1]]
    assert rows[SOURCE][-1][0] == "meld_kind_not_allowed"
    _check_languages(rows)


# ---------------------------------------------------------------- every code is provoked above


def test_serve_without_the_service_speaks_every_language(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cli.serve, "entry_points", lambda **_: [])
    run = _refusal("serve", "--port", "0")
    rows = {}
    for code in LANGUAGES:
        with language(code):
            rows[code] = run()
    assert rows[SOURCE][0][0] == "no_service"
    _check_languages(rows)


def _source_codes() -> set[str]:
    """Every code the code can emit, read from it: the codes of `Problem`, `Violation` and the
    helpers that make them, error classes' codes, the loader's findings and marshmallow's codes."""
    found: set[str] = set()

    def text(node: ast.AST | None) -> str | None:
        return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None

    for path in [*sorted((ROOT / "referee").rglob("*.py")), *sorted((ROOT / "api").glob("*.py"))]:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                name = getattr(node.func, "id", getattr(node.func, "attr", ""))
                at = {"Problem": 1, "Violation": 0, "_stuck": 0, "_refuse": 2}.get(name)
                if at is not None and len(node.args) > at:
                    found.add(text(node.args[at]) or "")
                found.update(text(k.value) or "" for k in node.keywords if k.arg == "code")
            elif isinstance(node, ast.Dict):
                found.update(text(v) or "" for k, v in zip(node.keys, node.values, strict=True) if text(k) == "code")
            elif isinstance(node, ast.ClassDef):
                found.update(text(s.value) or "" for s in node.body
                             if isinstance(s, ast.Assign) and getattr(s.targets[0], "id", "") == "code")
            elif isinstance(node, ast.FunctionDef):
                positional = [*node.args.posonlyargs, *node.args.args]
                args = positional[len(positional) - len(node.args.defaults):]
                found.update(text(d) or "" for a, d in zip(args, node.args.defaults, strict=True) if a.arg == "code")
                if node.name == "_marshmallow_code":
                    found.update(text(r.value) or "" for r in ast.walk(node) if isinstance(r, ast.Return))
            elif isinstance(node, ast.Yield) and isinstance(node.value, ast.Tuple) and len(node.value.elts) == 4:
                found.add(text(node.value.elts[2]) or "")  # the loader's (path, at a key, code, message)
    return found - {""}


def _table_codes() -> set[str]:
    return {code for path in CASES.glob("*.yaml")
            for case in read_yaml(path) for code in case.get("codes") or []}


# The codes of error classes whose every raise gives its own code.
DEFAULT_ONLY = {"invalid_play", "conflict"}


def test_every_code_is_provoked_in_every_language() -> None:
    provoked = set().union(*(wanted for _, wanted in REQUESTS.values()),
                           *(wanted for _, wanted in RULESETS.values()),
                           *(wanted for _, wanted in COMMANDS.values()),
                           {"invalid_ruleset", "database", "port_unusable", "file_exists", "invalid_id", "tls_half", "tls_unreadable", "tls_unusable", "hand_too_large", "duplicate_card",
                            "meld_kind_not_allowed", "no_service", "table_too_large", "best_turn_unsupported"},
                           _table_codes())
    source = _source_codes()
    assert {"too_few_cards", "unknown_language", "method_not_allowed", "required", "slot_taken"} <= source
    assert source - DEFAULT_ONLY <= provoked, sorted(source - DEFAULT_ONLY - provoked)


# ---------------------------------------------------------------- marshmallow's sentences


def _request_schemas() -> list[Schema]:
    return [cls() for cls in vars(api_schemas).values()
            if isinstance(cls, type) and issubclass(cls, Schema) and cls is not Schema]


def _field_sentences(field: fields.Field) -> Iterator[str]:
    """What marshmallow can say about one field: its error messages and its validators'."""
    yield from (m for m in field.error_messages.values() if isinstance(m, str))
    for check in field.validators:
        if isinstance(check, validate.Length):
            yield (check.message_equal if check.equal is not None else check.message_max if check.min is None
                   else check.message_min if check.max is None else check.message_all)
        elif isinstance(check, validate.Range):
            yield check.message_max if check.min is None else check.message_min if check.max is None \
                else check.message_all
        elif isinstance(check, validate.OneOf):
            yield check.error or check.default_message
        else:
            assert not isinstance(check, validate.Validator), f"a validator whose sentences are not known: {check!r}"
    inner = [getattr(field, name, None) for name in ("inner", "key_field", "value_field")]
    for sub in inner:
        if isinstance(sub, fields.Field):
            yield from _field_sentences(sub)


def test_every_sentence_marshmallow_can_say_about_a_request_is_in_the_catalogs() -> None:
    said = {m for schema in _request_schemas() for field in schema.fields.values() for m in _field_sentences(field)}
    said |= set(Schema._default_error_messages.values())
    assert "Length must be between {min} and {max}." in said and "Not a valid integer." in said
    assert not said - set(MARSHMALLOW_SENTENCES), "add them to api.problems.MARSHMALLOW_SENTENCES"


def test_marshmallow_problems_are_answered_in_russian_with_the_same_codes_and_paths(quick_client: Any) -> None:
    body = {"round": 5000, "players": "x", "colour": 1, "cards": ["8H", 7], "first_meld_done": "yes",
            "hand": "KH", "score": -200_000, "wild_rank": "123456"}
    english = quick_client.post(f"{TEN}/melds/check", json=body).get_json()
    russian = quick_client.post(f"{TEN}/melds/check?lang=ru", json=body).get_json()
    assert [(e["path"], e["code"]) for e in russian["errors"]] == [(e["path"], e["code"]) for e in english["errors"]]
    assert len(english["errors"]) == 8
    # English is marshmallow's own words, as the schema says them, but an unknown field is named
    own = api_schemas.MeldCheck().validate(body)
    assert sorted(e["message"] for e in english["errors"] if e["code"] != "unknown_field") == sorted(
        m for ms in own.values() for m in (ms if isinstance(ms, list) else [x for v in ms.values() for x in v])
        if m != "Unknown field.")
    assert [e["message"] for e in english["errors"] if e["code"] == "unknown_field"] == \
        ['"colour" is not a field here']
    for ours, theirs in zip(english["errors"], russian["errors"], strict=True):
        assert theirs["message"] != ours["message"] and re.search("[а-я]", theirs["message"])
        assert re.findall(r"\d+", theirs["message"]) == re.findall(r"\d+", ours["message"])  # the limits kept
    assert russian["title"] != english["title"] and russian["detail"] != english["detail"]


@pytest.mark.parametrize(("n", "word"), [(1, "проблема"), (2, "проблемы"), (5, "проблем"), (21, "проблема"),
                                         (22, "проблемы"), (11, "проблем")])
def test_russian_problem_counts_take_the_plural_form_of_the_number(quick_client: Any, n: int, word: str) -> None:
    answer = quick_client.post(f"{TEN}/melds/check?lang=ru", json={"cards": ["1H"] * n}).get_json()
    assert len(answer["errors"]) == n
    assert answer["detail"].split()[:2] == [str(n), word]


# ---------------------------------------------------------------- the command line


def test_lint_speaks_swedish_with_the_same_places(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "house.yaml"
    path.write_text("format: 1\nid: house\nextends: garbage\nfamily: layout\nwinnr: x\n"
                    "name: {en: House, se: Hus}\nwilds: {ranks: ['11']}\n", encoding="utf-8")
    assert cli.main(["lint", str(path)]) == 1
    english = capsys.readouterr().out.splitlines()
    assert cli.main(["--lang", "sv", "lint", str(path)]) == 1
    swedish = capsys.readouterr().out.splitlines()
    with language("sv"):
        problems = default_library().copy(as_written=True).validate(path.read_bytes(), str(path))
    assert len(english) == len(swedish) == len(problems) >= 3
    assert {p.code for p in problems} >= {"unknown_field", "unknown_language", "meaning"}  # "11": not a rank of the deck
    for ours, theirs, problem in zip(english, swedish, problems, strict=True):
        place = f"{path}:{problem.line}:{problem.column}: {problem.path}: "
        assert ours.startswith(place) and theirs == place + problem.message
        assert theirs != ours


def test_the_command_line_answers_in_its_language(capsys: pytest.CaptureFixture[str]) -> None:
    commands = [["check", "ten-pennies", "8H", "8S", "2C"], ["check", "ten-pennies", "8H", "9S"],
                ["check", "garbage", "5D"], ["first-meld", "ten-pennies", "8H,8S,2C", "9H,9S,9D"],
                ["going-out", "bing-rummy", "5D", "4D", "9H", "--table", "6D,7D,8D", "--table", "9S,9C,9D"],
                ["score", "ten-pennies", "ann=3H,KD,JK", "bob="], ["rulesets"]]
    for argv in commands:
        cli.main(argv)
        english = capsys.readouterr().out
        for code in TRANSLATED:
            cli.main(["--lang", code, *argv])
            said = capsys.readouterr().out
            assert said.count("\n") == english.count("\n") and said != english, (code, argv)
            cards = re.findall(r"\b(?:10|[2-9AJQK])[CDHS]\b", english)
            assert re.findall(r"\b(?:10|[2-9AJQK])[CDHS]\b", said) == cards, (code, argv)


# ---------------------------------------------------------------- names in several languages


def _names_ruleset(ruleset_id: str) -> tuple[str, str, str]:
    english, romanian = f"Our {ruleset_id}", f"Al nostru {ruleset_id}"
    text = (f"format: 1\nid: {ruleset_id}\nextends: garbage\nfamily: layout\n"
            f"name: {{en: {english}, ro: {romanian}}}\nsummary: {{en: Ours., ro: Al nostru.}}\n")
    return text, english, romanian


def test_a_name_in_several_languages_is_shown_in_the_request_language(quick_client: Any) -> None:
    text, english, romanian = _names_ruleset("names-test")
    assert quick_client.post("/v1/rulesets", data=text, content_type="application/yaml").status_code == 201
    for code in LANGUAGES:
        shown = romanian if code == "ro" else english
        rows = quick_client.get(f"/v1/rulesets?lang={code}").get_json()["rulesets"]
        assert {r["id"]: r["name"] for r in rows}["names-test"] == shown
        document = quick_client.get(f"/v1/rulesets/names-test?lang={code}").get_json()
        assert document["name"] == shown and document["summary"] == ("Al nostru." if code == "ro" else "Ours.")
        assert quick_client.get(f"/v1/rulesets/names-test/rounds/1?lang={code}").get_json()["name"] == shown
        refused = quick_client.post("/v1/games", json={"ruleset": "names-test", "players": ["a"]},
                                    headers={"Accept-Language": code}).get_json()
        assert shown in refused["errors"][0]["message"]
        page = quick_client.get(f"/?lang={code}").get_data(as_text=True)
        assert shown in page and (romanian not in page or code == "ro")


def test_a_game_keeps_its_ruleset_names_in_every_language(quick_client: Any) -> None:
    text, english, romanian = _names_ruleset("names-game")
    quick_client.post("/v1/rulesets", data=text, content_type="application/yaml")
    game = quick_client.post("/v1/games", json={"ruleset": "names-game", "players": ["a", "b"]}).get_json()
    auth = {"Authorization": f"Bearer {game['token']}"}
    refused = quick_client.post(f"/v1/games/{game['id']}/buys?lang=ro", json={"player": "a"}, headers=auth)
    assert romanian in refused.get_json()["errors"][0]["message"]
    refused = quick_client.post(f"/v1/games/{game['id']}/buys", json={"player": "a"}, headers=auth)
    assert english in refused.get_json()["errors"][0]["message"]


@pytest.mark.parametrize(("variant", "russian"), [
    ("", "base"),                              # no name: the base's, in every language
    ("name: {en: Mine}\n", "Mine"),            # texts by language replace the base's whole
    ("name: Mine\n", "Mine"),
    ("name: {en: Mine, ru: Моя}\n", "Моя"),
])
def test_a_variant_inherits_or_replaces_the_names(variant: str, russian: str) -> None:
    library = default_library().copy()
    base = library.add(library.load("format: 1\nid: b\nfamily: layout\nname: {en: Base, ru: База}\n"
                                    "layout: {slots: [A]}\ngame: {end: {layout_size: 0}}\n"))
    found = library.load(f"format: 1\nid: v\nextends: b\nfamily: layout\n{variant}")[0]
    with language("ru"):
        assert found.local_name == (base.local_name if russian == "base" else russian)
    with language("sv"):
        assert found.local_name == found.name
    assert found.name == ("Base" if russian == "base" else "Mine")


def test_the_shipped_games_are_named_in_their_tables_languages() -> None:
    library = default_library()
    for ruleset_id, codes in (("ten-pennies", ("ru", "sv")), ("bing-rummy", ("ru",)), ("garbage", ("ro",))):
        ruleset = library.get(ruleset_id)
        for code in codes:
            with language(code):
                assert ruleset.local_name != ruleset.name and describe.summary(ruleset) != ruleset.summary
        assert describe.shown_document(ruleset)["name"] == ruleset.name  # English outside a request
