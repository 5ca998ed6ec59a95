"""Nothing a client sends can stall, crash or fool the service (in process, Flask test client).

Each test is a finding that once failed: a 500, a hang, a wrong status, a leaked path, or a
ruleset the engine could not hold. Refusals are asserted by what refused them (the code, the
limit named, and that the costly stage never ran), not by timing; a generous time bound is
kept only as a backstop, with the figure measured on the 2-core machine in a comment.
"""

from __future__ import annotations

import io
import json
import time
from pathlib import Path
from typing import Any

import pytest
import yaml

import referee
from api.bounds import schema_most_cards
from api.rulesets import ROUTE_WORDS
from referee.checks.situation import situate
from referee.loading import yamlread
from referee.loading.loader import Library
from referee.loading.shipped import builtin_files
from referee.planner.arrange import Goal
from referee.values.cards import JOKER, Card, DeckCount, DeckSpec
from referee.values.errors import RulesetError

PROBLEM = "application/problem+json"
CHECK = "/v1/rulesets/ten-pennies/melds/check"
BOMB = "".join(f"{c}: &{c} [" + ",".join([f"*{p}"] * 9 if p else ['"lol"'] * 9) + "]\n"
               for p, c in zip(["", *"abcdefgh"], "abcdefghi"))


def problem(response: Any, status: int) -> dict[str, Any]:
    """The problem JSON of a refusal, after checking its status and media type."""
    assert response.status_code == status, response.get_data(as_text=True)[:500]
    assert response.mimetype == PROBLEM
    body: dict[str, Any] = response.get_json()
    assert body["status"] == status and body["detail"]
    return body


def yaml_post(client: Any, path: str, text: str) -> Any:
    return client.post(path, data=text.encode(), content_type="application/yaml")


def stored_ids(client: Any) -> set[str]:
    return {row["id"] for row in client.get("/v1/rulesets").get_json()["rulesets"]}


def ruleset(ruleset_id: str, extra: str = "", *, family: str = "layout") -> str:
    base = "garbage" if family == "layout" else "ten-pennies"
    return f"format: 1\nid: {ruleset_id}\nextends: {base}\nfamily: {family}\nname: X\n{extra}"


# ---------------------------------------------------------------- 1. deep JSON

def nested(depth: int, inner: str = "[]") -> str:
    return "[" * depth + inner + "]" * depth


DEEP_BODIES = {
    "a bare array 1,000 deep": nested(1000),
    "objects 1,000 deep": '{"a": ' * 1000 + "1" + "}" * 1000,
    "cards nested 1,000 deep": '{"cards": ' + nested(1000) + "}",
    "cards nested 100 deep (parses, then too deep)": '{"cards": ' + nested(100) + "}",
}


@pytest.mark.parametrize("body", DEEP_BODIES.values(), ids=DEEP_BODIES.keys())
@pytest.mark.parametrize("path", [CHECK, "/v1/games", "/v1/rulesets", "/v1/rulesets/validate",
                                  "/v1/rulesets/garbage/placements/check"])
def test_deep_json_is_a_400_not_a_500(quick_client: Any, path: str, body: str) -> None:
    # Was: RecursionError out of request.get_json in _check_body, a 500.
    found = problem(quick_client.post(path, data=body, content_type="application/json"), 400)
    assert [e["code"] for e in found["errors"]] == ["too_deep"]
    assert "64 levels" in found["errors"][0]["message"]


def test_a_json_ruleset_nested_past_the_yaml_limit_is_a_located_422(quick_client: Any) -> None:
    body = json.dumps({"format": 1, "id": "deep-json", "family": "rummy", "name": "D",
                       "notes": json.loads(nested(40))})
    found = problem(quick_client.post("/v1/rulesets", data=body, content_type="application/json"), 422)
    assert any("nests deeper than 32 levels" in e["message"] for e in found["errors"])
    assert "deep-json" not in stored_ids(quick_client)


# ---------------------------------------------------------------- 2. recursive aliases

RECURSIVE = {
    "sequence": "a: &a [*a]\n",
    "mapping": "a: &a {b: *a}\n",
    "inside a ruleset": ruleset("loop-notes", "notes: &n [x, [y, *n]]\n"),
    "block style": "a: &a\n  - b\n  - *a\n",
}


@pytest.mark.parametrize("text", RECURSIVE.values(), ids=RECURSIVE.keys())
def test_a_recursive_alias_is_refused_not_a_500(quick_client: Any, text: str) -> None:
    # Was: the builder followed the cycle until RecursionError, a 500.
    found = problem(yaml_post(quick_client, "/v1/rulesets", text), 422)
    assert [(e["code"], e["path"]) for e in found["errors"]] == [("unsafe_yaml", "")]
    assert "recursive alias" in found["errors"][0]["message"]
    answer = yaml_post(quick_client, "/v1/rulesets/validate", text)
    assert answer.status_code == 200 and answer.get_json()["valid"] is False
    assert "recursive alias" in answer.get_json()["errors"][0]["message"]
    assert "loop-notes" not in stored_ids(quick_client)


def test_the_builder_bounds_depth_whatever_reaches_it() -> None:
    """The prescan refuses cycles; the builder keeps its own depth budget as a second wall."""
    node = yaml.compose("a: &a [*a]\n", Loader=yaml.SafeLoader)
    with pytest.raises(yamlread.YamlError, match="deeper than 32"):
        yamlread._Builder(yamlread.Document(None)).build(node, ())


# ---------------------------------------------------------------- 3. chunked bodies

def chunked(client: Any, path: str, body: bytes, content_type: str = "application/json") -> Any:
    """A body with no Content-Length, as a server that terminates chunked input hands it on."""
    return client.post(path, input_stream=io.BytesIO(body), content_type=content_type,
                       headers={"Transfer-Encoding": "chunked"},
                       environ_overrides={"wsgi.input_terminated": True})


def test_a_chunked_body_over_one_mib_is_a_413(quick_client: Any) -> None:
    # Was: the stream stopped at 1 MiB without a word, and the cut JSON answered 400.
    body = json.dumps({"cards": ["8H"] * 200_000}).encode()
    assert len(body) > 1024 * 1024
    found = problem(chunked(quick_client, CHECK, body), 413)
    assert "1 MiB" in found["detail"]
    text = ruleset("chunky", "notes: '" + "x" * (1024 * 1024) + "'\n").encode()
    problem(chunked(quick_client, "/v1/rulesets", text, "application/yaml"), 413)
    assert "chunky" not in stored_ids(quick_client)


@pytest.mark.parametrize("missing", [1, 5])
def test_a_body_shorter_than_its_content_length_is_a_400(quick_client: Any, missing: int) -> None:
    """The client gone before its whole body came: as Werkzeug's own read says it."""
    body = json.dumps({"cards": ["8H", "8S", "8D"]}).encode()
    answer = quick_client.post(CHECK, data=body, content_type="application/json",
                               environ_overrides={"CONTENT_LENGTH": str(len(body) + missing)})
    problem(answer, 400)


def test_a_body_of_exactly_one_mib_with_its_length_is_read(quick_client: Any) -> None:
    head = b'{"cards": ["8H", "8S", "8D"]'
    body = head + b" " * (1024 * 1024 - len(head) - 1) + b"}"
    answer = quick_client.post(CHECK, data=body, content_type="application/json")
    assert answer.status_code == 200 and answer.get_json()["valid"] is True
    problem(quick_client.post(CHECK, data=body + b" ", content_type="application/json"), 413)


def test_a_chunked_body_of_exactly_one_mib_is_read(quick_client: Any) -> None:
    head = b'{"cards": ["8H", "8S", "8D"]'
    body = head + b" " * (1024 * 1024 - len(head) - 1) + b"}"
    assert len(body) == 1024 * 1024
    answer = chunked(quick_client, CHECK, body)
    assert answer.status_code == 200 and answer.get_json()["valid"] is True


# ---------------------------------------------------------------- 4. hostile YAML, refused early

@pytest.fixture
def no_yaml_parsing(monkeypatch: pytest.MonkeyPatch) -> None:
    """PyYAML is never asked to parse or compose: the textual count refused first."""
    def never(*args: object, **kwargs: object) -> None:
        raise AssertionError("PyYAML was reached")
    monkeypatch.setattr(yaml, "parse", never)
    monkeypatch.setattr(yaml, "compose", never)


@pytest.fixture
def no_composing(monkeypatch: pytest.MonkeyPatch) -> None:
    """PyYAML may parse (the event prescan) but never composes a node tree."""
    def never(*args: object, **kwargs: object) -> None:
        raise AssertionError("the document was composed")
    monkeypatch.setattr(yaml, "compose", never)


ALIAS_FLOOD = "a: &a x\nb: [" + ", ".join(["*a"] * 60_000) + "]\n"


@pytest.mark.usefixtures("no_yaml_parsing")
@pytest.mark.parametrize(("text", "words"), [
    (ALIAS_FLOOD, "more than 200 aliases"),
    ("".join(f"k{i}: &a{i} x\n" for i in range(300)), "more than 200 anchors"),
])
@pytest.mark.timed
def test_alias_and_anchor_floods_are_refused_before_parsing(quick_client: Any, text: str, words: str) -> None:
    # The 60,000-alias document took 1.3 s (0.8 s here) to refuse, in the pure-Python event
    # prescan; counted in the text it is refused in 0.1 ms (3 ms through the API).
    started = time.perf_counter()
    answer = yaml_post(quick_client, "/v1/rulesets/validate", text)
    assert time.perf_counter() - started < 2.0  # a backstop only: the fixture proves the stage
    assert answer.status_code == 200 and answer.get_json()["valid"] is False
    (error,) = answer.get_json()["errors"]
    assert error["code"] == "unsafe_yaml" and words in error["message"] and error["line"]


@pytest.mark.usefixtures("no_composing")
@pytest.mark.parametrize(("text", "words"), [
    (BOMB, "expands to more than 20000 nodes"),                        # 4 ms
    ("a: [" + ",".join(["1"] * 100_000) + "]\n", "more than 10000 nodes"),  # 50 ms, 200 KB
    ("a: &a " + nested(30) + "\nb: " + nested(10, "*a") + "\n", "deeper than 32 levels"),
    ("[" * 5000 + "]" * 5000, "deeper than 32 levels"),
    ("a: &a [*a]\n", "recursive alias"),
])
@pytest.mark.timed
def test_hostile_yaml_is_refused_on_the_event_stream(quick_client: Any, text: str, words: str) -> None:
    started = time.perf_counter()
    found = problem(yaml_post(quick_client, "/v1/rulesets", text), 422)
    assert time.perf_counter() - started < 2.0  # backstop; each takes under 0.1 s here
    assert [e["code"] for e in found["errors"]] == ["unsafe_yaml"]
    assert words in found["errors"][0]["message"]


def test_an_oversize_document_is_refused_by_its_length(no_yaml_parsing: None) -> None:
    with pytest.raises(yamlread.YamlError, match="over the limit"):
        yamlread.read("x: '" + "a" * (yamlread.MAX_BYTES + 1) + "'\n")


def test_a_few_aliases_still_read() -> None:
    doc = yamlread.read("w: &w {ranks: ['2'], max_per_meld: 1}\nrounds: [{wilds: *w}, {wilds: *w}]\n")
    assert doc.data == {"w": {"ranks": ["2"], "max_per_meld": 1},
                        "rounds": [{"wilds": {"ranks": ["2"], "max_per_meld": 1}}] * 2}


# ---------------------------------------------------------------- 5. methods a route does not have

@pytest.mark.parametrize(("method", "path", "allow"), [
    ("PATCH", "/v1/rulesets/ten-pennies", "DELETE, GET, HEAD, OPTIONS, PUT"),  # was 415: the body check ran first
    ("PUT", "/v1/rulesets", "GET, HEAD, OPTIONS, POST"),
    ("GET", "/v1/rulesets/validate", "OPTIONS, POST"),               # was a 404 from the {id} route
    ("PUT", "/v1/rulesets/validate", "OPTIONS, POST"),
    ("GET", CHECK, "OPTIONS, POST"),
    ("POST", "/v1/games/g/rounds/last", "DELETE, OPTIONS"),
])
def test_a_method_the_route_lacks_is_a_405_with_allow(quick_client: Any, method: str, path: str,
                                                      allow: str) -> None:
    for kwargs in ({}, {"data": "x", "content_type": "text/plain"}, {"json": {"cards": []}}):
        found = problem(quick_client.open(path, method=method, **kwargs), 405)
        assert found["errors"][0]["code"] == "method_not_allowed"
        assert quick_client.open(path, method=method, **kwargs).headers["Allow"] == allow


def sample_path(rule: Any) -> str:
    return rule.rule.replace("<ruleset_id:ruleset_id>", "ten-pennies").replace(
        "<string:ruleset_id>", "ten-pennies").replace("<string:game_id>", "g").replace("<int:number>", "1")


def test_every_route_refuses_every_other_method_and_options_lists_only_its_own(quick_client: Any) -> None:
    app = quick_client.application
    rules = [r for r in app.url_map.iter_rules() if r.rule.startswith("/v1/") and r.endpoint != "static"]
    assert rules
    for rule in rules:
        path = sample_path(rule)
        own = {m for r in app.url_map.iter_rules() if r.rule.startswith("/v1/")
               for m in (r.methods or ()) if sample_path(r) == path}
        allow = {m.strip() for m in quick_client.options(path).headers["Allow"].split(",")}
        assert allow == own, path
        for method in {"GET", "POST", "PUT", "PATCH", "DELETE"} - own:
            answer = quick_client.open(path, method=method, data="{}", content_type="text/plain")
            problem(answer, 405)
            assert {m.strip() for m in answer.headers["Allow"].split(",")} == own, (method, path)


def test_route_words_are_every_fixed_segment_under_rulesets(quick_client: Any) -> None:
    prefix = "/v1/rulesets/"
    words = {r.rule[len(prefix):].split("/")[0] for r in quick_client.application.url_map.iter_rules()
             if r.rule.startswith(prefix)}
    assert {w for w in words if not w.startswith("<")} == ROUTE_WORDS


# ---------------------------------------------------------------- 6. no install path in errors

INSTALL = str(Path(referee.__file__).resolve().parent.parent)

LEAKY = {
    "layout base, wrong family": ruleset("garbage-wrong-family", "", family="rummy").replace(
        "extends: ten-pennies", "extends: garbage"),
    "rummy base, wrong family": ruleset("tp-wrong-family", "", family="layout").replace(
        "extends: garbage", "extends: ten-pennies"),
    "a bad field in the base's rounds": ruleset("tp-bad-round", 'rounds: {"2": {wilds: {ranks: ["11"]}}}\n',
                                                family="rummy"),
}


@pytest.mark.parametrize("text", LEAKY.values(), ids=LEAKY.keys())
def test_errors_never_show_the_install_path(quick_client: Any, text: str) -> None:
    # Was: "file": ".../site-packages/..." (or the checkout) for problems in a shipped base.
    shipped = {p.name for p in builtin_files()}
    upload = yaml_post(quick_client, "/v1/rulesets", text)
    check = yaml_post(quick_client, "/v1/rulesets/validate", text)
    errors = problem(upload, 422)["errors"] + check.get_json()["errors"]
    assert errors and check.get_json()["valid"] is False
    for answer in (upload, check):
        assert INSTALL not in answer.get_data(as_text=True)
        assert "site-packages" not in answer.get_data(as_text=True)
    assert {e["file"] for e in errors} <= shipped | {"request body"}
    assert any(e["file"] in shipped for e in errors) or "rounds" in text


def test_a_stored_base_is_named_by_its_id(quick_client: Any) -> None:
    base = ruleset("stored-base-x", "", family="rummy")
    assert yaml_post(quick_client, "/v1/rulesets", base).status_code == 201
    variant = ruleset("stored-variant-x", "", family="layout").replace("extends: garbage",
                                                                         "extends: stored-base-x")
    errors = problem(yaml_post(quick_client, "/v1/rulesets", variant), 422)["errors"]
    assert {e["file"] for e in errors} <= {"request body", "stored-base-x.yaml", "ten-pennies.yaml"}
    assert any(e["file"] != "request body" for e in errors)


def test_the_shipped_library_names_files_without_folders() -> None:
    lib = Library.builtin()
    with pytest.raises(RulesetError) as info:
        lib.load(LEAKY["layout base, wrong family"], "mine.yaml")
    assert {p.file for p in info.value.problems} <= {"mine.yaml", "garbage.yaml"}


# ---------------------------------------------------------------- 7. ids that are route words

@pytest.mark.parametrize("word", sorted(ROUTE_WORDS))
def test_an_id_that_is_a_route_word_is_refused(quick_client: Any, word: str) -> None:
    text = ruleset(word)
    found = problem(yaml_post(quick_client, "/v1/rulesets", text), 422)
    assert [(e["path"], e["code"], e["line"]) for e in found["errors"]] == [("id", "reserved_id", 2)]
    assert word not in stored_ids(quick_client)
    check = yaml_post(quick_client, "/v1/rulesets/validate", text).get_json()
    assert check["valid"] is False and check["errors"][0]["path"] == "id"
    both = problem(yaml_post(quick_client, "/v1/rulesets", text + "hand_size: 0\n"), 422)["errors"]
    assert {e["path"] for e in both} >= {"id"} and len(both) == 2
    json_body = json.dumps({"format": 1, "id": word, "extends": "garbage", "family": "layout", "name": "X"})
    found = problem(quick_client.post("/v1/rulesets", data=json_body, content_type="application/json"), 422)
    assert found["errors"][0]["path"] == "id"


# ---------------------------------------------------------------- 8. bounds on what a ruleset asks for

@pytest.mark.timed
def test_a_billion_decks_and_jokers_is_a_fast_422(quick_client: Any) -> None:
    text = ruleset("big-deck", "deck: {decks: 1000000000, jokers: 1000000000}\n")
    started = time.perf_counter()
    found = problem(yaml_post(quick_client, "/v1/rulesets", text), 422)
    assert time.perf_counter() - started < 2.0  # backstop; 7 ms here
    assert {e["path"] for e in found["errors"]} == {"deck.decks", "deck.jokers"}
    assert all("most allowed, 8" in e["message"] and e["line"] == 6 for e in found["errors"])
    assert "big-deck" not in stored_ids(quick_client)


RUMMY_BOUNDS = [
    ("players: {min: 2, max: 13}\n", "players.max"),
    ("players: {min: 13}\n", "players.min"),
    ("hand_size: 61\n", "hand_size"),
    ("deck: {decks: 9}\n", "deck.decks"),
    ("deck: {decks: {players_per_deck: null, 2: 1, 4: 9}}\n", 'deck.decks["4"]'),
    ("deck: {decks: {players_per_deck: null, 2: 1, 13: 2}}\n", 'deck.decks["13"]'),
    ("deck: {decks: {players_per_deck: null, " + "9" * 1000 + ": 2}}\n", 'deck.decks["' + "9" * 1000 + '"]'),
    ("deck: {decks: {players_per_deck: 13}}\n", "deck.decks.players_per_deck"),
    ("deck: {jokers: 9}\n", "deck.jokers"),
    ("deck: {ranks: [" + ", ".join(f"'{n}'" for n in range(1, 22)) + "]}\n", "deck.ranks"),  # at most 20 ranks
    ("deck: {ranks: [A, K, JOKER]}\n", "deck.ranks[2]"),
    ("melds: {set: {min: 53}}\n", "melds.set.min"),
    ("first_meld: {sets: [53]}\n", "first_meld.sets[0]"),
    ("first_meld: {sets: [" + ", ".join(["1"] * 21) + "]}\n", "first_meld.sets"),
    ('rounds: {"1": {hand_size: 61}}\n', "rounds[0].hand_size"),
    ("rounds: [" + ", ".join(["{hand_size: 11}"] * 31) + "]\ngame: {end: {rounds: 31}}\n", "rounds"),
    ("game: {end: {rounds: 31}}\n", "game.end.rounds"),
    ("scoring: {card_values: {A: 1001}}\n", "scoring.card_values.A"),
]
LAYOUT_BOUNDS = [
    ("layout: {slots: [A, '2', '3', '4', '5', '6', '7', '8', '9', '10', J, Q, K, JOKER]}\n", "layout.slots"),
    ("game: {end: {layout_size: 14}}\n", "game.end.layout_size"),
]


@pytest.mark.parametrize(("extra", "path"), RUMMY_BOUNDS + LAYOUT_BOUNDS)
def test_each_bound_is_a_422_naming_the_field(quick_client: Any, extra: str, path: str) -> None:
    family = "layout" if (extra, path) in LAYOUT_BOUNDS else "rummy"
    found = problem(yaml_post(quick_client, "/v1/rulesets", ruleset("bounded", extra, family=family)), 422)
    assert path in {e["path"] for e in found["errors"]}, found["errors"]
    assert "bounded" not in stored_ids(quick_client)


def test_a_house_rule_at_the_bounds_loads(library: Library) -> None:
    text = ruleset("at-the-bounds", (
        "players: {min: 2, max: 12}\n"
        "deck: {jokers: 8, decks: {players_per_deck: null, 2: 1, 6: 4, 12: 8}}\n"
        "hand_size: 60\n"
        'rounds: {"7": {hand_size: 60, first_meld: {sets: [52]}}}\n'
        "melds: {set: {min: 52}, run: {min: 3}}\n"
        "wilds: {ranks: ['2', JOKER], max_per_meld: 52}\n"), family="rummy")
    loaded = library.load(text)[0]
    assert loaded.deck.decks.for_players(12) == 8 and loaded.deck.jokers == 8


def test_every_shipped_ruleset_is_within_the_bounds(library: Library) -> None:
    for path in builtin_files():
        library.copy().load(path.read_bytes(), path.name)


@pytest.mark.timed
def test_a_deck_answers_without_building_its_cards() -> None:
    huge = DeckSpec(jokers=10**12, decks=DeckCount(fixed=10**12))
    started = time.perf_counter()
    assert huge.copies(Card(JOKER), 10**12) == 10**24
    assert huge.copies(Card("8", "H"), 10**12) == 10**12
    assert huge.holds(Card(JOKER)) and huge.holds(Card("K", "S"))
    assert huge.distinct() == frozenset(DeckSpec(jokers=1).cards())
    assert time.perf_counter() - started < 2.0
    short = DeckSpec(ranks=("A", "K"), suits=("H",))
    assert not short.holds(Card("Q", "H")) and not short.holds(Card("A", "S")) and not short.holds(Card(JOKER))
    assert short.copies(Card(JOKER), 3) == 0 and short.distinct() == {Card("A", "H"), Card("K", "H")}


# ---------------------------------------------------------------- 9. values no database or answer can hold

GAMES = "/v1/games"
RULESET_JSON = '{"format": 1, "id": %s, "extends": "ten-pennies", "family": "rummy", "name": %s}'
UNHOLDABLE = {
    # (method, path, body, content type): (status, code, path at fault)
    "half a pair as the ruleset": (("POST", GAMES, '{"ruleset": "\\ud800", "players": ["a", "b"]}', "json"),
                                   (422, "not_utf8", "ruleset")),
    "half a pair as a name": (("POST", GAMES, '{"ruleset": "ten-pennies", "players": ["a", "\\udfff"]}', "json"),
                              (422, "not_utf8", "players[1]")),
    "half a pair in a card": (("POST", CHECK, '{"cards": ["\\udfff", "8H", "8S"]}', "json"),
                              (422, "not_utf8", "cards[0]")),
    "half a pair as a key": (("POST", CHECK, '{"cards": ["8H"], "a\\ud800": 1}', "json"),
                             (422, "not_utf8", "a\\ud800")),
    "half a pair in a JSON ruleset": (("POST", "/v1/rulesets", RULESET_JSON % ('"sur"', '"\\ud800"'), "json"),
                                      (422, "not_utf8", "name")),
    "half a pair to validate": (("POST", "/v1/rulesets/validate", RULESET_JSON % ('"sur"', '"\\ud800"'), "json"),
                                (422, "not_utf8", "name")),
    "half a pair in a YAML ruleset": (("POST", "/v1/rulesets", ruleset("sur", 'notes: "\\ud800"\n'), "yaml"),
                                      (422, "yaml_syntax", "")),
    "NUL in a game's address": (("GET", "/v1/games/ab%00cd", "", ""), (404, None, None)),
    "NUL in a ruleset's address": (("GET", "/v1/rulesets/ab%00cd", "", ""), (404, "unknown_ruleset", "id")),
    "NUL in a round's address": (("GET", "/v1/rulesets/ab%00cd/rounds/1", "", ""),
                                 (404, "unknown_ruleset", "id")),
    "NUL in a check's address": (("POST", "/v1/rulesets/ab%00cd/melds/check", '{"cards": ["8H"]}', "json"),
                                 (404, "unknown_ruleset", "id")),
    "NUL in a game's ruleset": (("POST", GAMES, '{"ruleset": "ab\\u0000cd", "players": ["a", "b"]}', "json"),
                                (404, "unknown_ruleset", "ruleset")),
    "NUL in a JSON ruleset's id": (("POST", "/v1/rulesets", RULESET_JSON % ('"ab\\u0000cd"', '"X"'), "json"),
                                   (422, None, "id")),
    "NUL in a YAML ruleset's id": (("POST", "/v1/rulesets", ruleset('"ab\\0cd"'), "yaml"), (422, None, "id")),
    "NUL in a YAML ruleset's base": (("POST", "/v1/rulesets", ruleset("nul-base").replace(
        "extends: garbage", 'extends: "gar\\0bage"'), "yaml"), (422, None, "extends")),
}
TYPES = {"json": "application/json", "yaml": "application/yaml", "": None}


@pytest.mark.postgres
@pytest.mark.parametrize(("request_", "answer"), UNHOLDABLE.values(), ids=UNHOLDABLE.keys())
def test_values_no_database_can_hold_are_a_small_4xx(client: Any, request_: tuple[str, str, str, str],
                                                     answer: tuple[int, str | None, str | None]) -> None:
    # Was: a 500 on both databases for half a UTF-16 pair; on PostgreSQL for a NUL in a query.
    method, path, body, kind = request_
    status, code, where = answer
    before = stored_ids(client)
    found = problem(client.open(path, method=method, data=body.encode("utf-8", "surrogatepass"),
                                content_type=TYPES[kind]), status)
    if where is not None:
        assert where in [e["path"] for e in found.get("errors", [])], found
    if code is not None:
        assert code in [e["code"] for e in found["errors"]], found
    assert stored_ids(client) == before


def test_a_whole_utf16_pair_is_a_character_and_is_kept(quick_client: Any) -> None:
    body = '{"ruleset": "garbage", "players": ["\\ud83c\\udccf", "b"]}'  # a joker's playing card
    answer = quick_client.post(GAMES, data=body, content_type="application/json")
    assert answer.status_code == 201, answer.get_json()
    assert [p["name"] for p in answer.get_json()["players"]] == ["\U0001f0cf", "b"]
    assert "\U0001f0cf".encode() in answer.get_data()


@pytest.mark.postgres
@pytest.mark.parametrize("key", ["k\x00y", "k\ty", "k" * 201, ""])
def test_an_idempotency_key_no_database_can_hold_is_a_422(client: Any, key: str) -> None:
    # Was: a NUL in the key reached the query, a 500 on PostgreSQL.
    made = client.post(GAMES, json={"ruleset": "garbage", "players": ["a", "b"]}).get_json()
    answer = client.post(f"/v1/games/{made['id']}/rounds", json={"winner": "a"},
                         headers={"Authorization": f"Bearer {made['token']}", "Idempotency-Key": key})
    assert [(e["path"], e["code"]) for e in problem(answer, 422)["errors"]] == [("Idempotency-Key", "invalid_header")]
    assert client.get(f"/v1/games/{made['id']}").get_json()["rounds"] == []


# ---------------------------------------------------------------- 10. amplification: counted before judged

NAMES = [f"p{i}" for i in range(20)]
TP = "/v1/rulesets/ten-pennies"
AMPLIFIED = {
    # body: (path, body, the one path at fault, its code)
    "20 x 30 x 200 melded cards": (f"{TP}/scores", {"hands": {n: [] for n in NAMES},
                                                   "melded": {n: [["1X"] * 200] * 30 for n in NAMES}},
                                   "hands", "player_count"),
    "8 players' melds past the decks": (f"{TP}/scores", {"hands": {n: [] for n in NAMES[:8]},
                                                        "melded": {n: [["1X"] * 200] * 30 for n in NAMES[:8]}},
                                        "melded", "too_many_cards"),
    "hands past the decks": (f"{TP}/scores", {"hands": {n: ["1X"] * 200 for n in NAMES[:2]}}, "hands",
                             "too_many_cards"),
    "first melds past the decks": (f"{TP}/first-meld/check", {"melds": [["1X"] * 200] * 30}, "melds",
                                   "too_many_cards"),
    "a table past the decks": (f"{TP}/going-out/check", {"hand": ["1X"] * 200, "table": [["1X"] * 200] * 40},
                               "table", "too_many_cards"),
    "a hand past the decks": (f"{TP}/hands/check", {"hand": ["1X"] * 300}, "hand", "too_many_cards"),
    "a lay-off past the decks": (f"{TP}/lay-offs/check", {"meld": ["1X"] * 150, "cards": ["1X"] * 150}, "cards",
                                 "too_many_cards"),
    "100,000 cards": (f"{TP}/melds/check", {"cards": list(range(100_000))}, "cards", "too_many_cards"),
    "10,000 melds": (f"{TP}/first-meld/check", {"melds": [["1X"] * 10] * 10_000}, "melds", "too_many_cards"),
    "10,000 table melds": (f"{TP}/going-out/check", {"hand": ["8H"], "table": [["8H"] * 10] * 10_000}, "table",
                           "too_many_cards"),
    "10,000 empty melds": (f"{TP}/first-meld/check", {"melds": [[]] * 10_000}, "melds", "out_of_range"),
    "100,000 slots of a layout": ("/v1/rulesets/garbage/placements/check", {"card": "AH", "layout": [1] * 100_000},
                                  "layout", "out_of_range"),
    "100,000 slots": ("/v1/rulesets/garbage/placements/check", {"card": "AH", "layout": ["x"] * 100_000},
                      "layout", "out_of_range"),
    "100,000 players": (GAMES, {"ruleset": "ten-pennies", "players": [f"p{i}" for i in range(100_000)]},
                        "players", "out_of_range"),
    "50,000 starting scores": (GAMES, {"ruleset": "ten-pennies", "players": ["a", "b"],
                                       "scores": {f"p{i}": "x" for i in range(50_000)}}, "scores", "out_of_range"),
    "lists of lists in a list": (f"{TP}/melds/check", {"cards": [[[[[[]]]]]] * 50_000}, "cards", "too_many_cards"),
    "a table past the tiles": ("/v1/rulesets/rummikub/turns/check", {"before": [["1X"] * 200] * 40, "after": [],
                                                                     "hand": []}, "before", "too_many_cards"),
    "a table after past the tiles": ("/v1/rulesets/rummikub/turns/check", {"before": [], "hand": [],
                                                                           "after": [["1X"] * 100] * 60},
                                     "after", "too_many_cards"),
    "a best turn's table past the tiles": ("/v1/rulesets/rummikub/turns/best", {"table": [["1X"] * 200] * 40,
                                                                                "hand": []}, "table", "too_many_cards"),
}


@pytest.mark.parametrize(("path", "body", "where", "code"), AMPLIFIED.values(), ids=AMPLIFIED.keys())
def test_a_collection_past_what_the_game_holds_is_one_problem(quick_client: Any, path: str, body: Any,
                                                              where: str, code: str) -> None:
    # Was: 20 x 30 x 200 melded cards answered 120,019 problems (16 MB) after 2 s.
    answer = quick_client.post(path, json=body)
    found = problem(answer, 422)
    assert [(e["path"], e["code"]) for e in found["errors"]] == [(where, code)]
    assert len(answer.get_data()) < 1024


@pytest.mark.parametrize("ruleset_id", ["ten-pennies", "kalooki", "rummy-500"])
def test_a_round_past_any_table_is_one_problem(client: Any, ruleset_id: str) -> None:
    made = client.post(GAMES, json={"ruleset": ruleset_id, "players": ["a", "b", "c"]}).get_json()
    answer = client.post(f"/v1/games/{made['id']}/rounds", headers={"Authorization": f"Bearer {made['token']}"},
                         json={"went_out": "c", "hands": {"a": ["1X"] * 200, "b": ["1X"] * 200, "c": []},
                               "melded": {"a": [["1X"] * 200] * 30}})
    found = problem(answer, 422)
    assert [(e["path"], e["code"]) for e in found["errors"]] == [("melded", "too_many_cards")]
    assert f"no table holds more than {schema_most_cards()} cards" in found["errors"][0]["message"]
    assert client.get(f"/v1/games/{made['id']}").get_json()["rounds"] == []


@pytest.mark.parametrize(("path", "body", "many"), [
    (CHECK, {"cards": ["1X"] * 200}, 200),
    (f"{TP}/scores", {"hands": {n: ["1X"] * 25 for n in NAMES[:8]}}, 200),
    (CHECK, {"cards": ["8H"], **{f"k{i}": 1 for i in range(5_000)}}, 5_000),
])
def test_a_problem_lists_fifty_errors_and_counts_them_all(quick_client: Any, path: str, body: Any,
                                                          many: int) -> None:
    answer = quick_client.post(path, json=body)
    found = problem(answer, 422)
    assert len(found["errors"]) == 50
    assert found["detail"] == f"{many} problems in the request; the first 50 are listed"
    assert len(answer.get_data()) < 16 * 1024


def test_a_ruleset_with_thousands_of_faults_lists_fifty(quick_client: Any) -> None:
    text = ruleset("many-faults", "".join(f"k{i}: 1\n" for i in range(3_000)), family="rummy")
    found = problem(yaml_post(quick_client, "/v1/rulesets", text), 422)
    # problems are looked for up to 200 (referee.loading.loader.MAX_PROBLEMS): a fixed amount of work
    assert len(found["errors"]) == 50 and found["detail"].startswith("200 problems")
    assert "many-faults" not in stored_ids(quick_client)


# ---------------------------------------------------------------- 11. a key given twice

TWICE = {
    "a check": (CHECK, '{"cards": ["8H"], "cards": ["8H", "8S", "8D"]}', "cards"),
    "inside a mapping": (f"{TP}/scores", '{"hands": {"a": ["8H"], "a": []}}', "hands.a"),
    "inside a list": (f"{TP}/going-out/check", '{"hand": ["8H"], "table": [{"x": 1, "x": 2}]}', "table[0].x"),
    "a game": (GAMES, '{"ruleset": "garbage", "players": ["a", "b"], "ruleset": "ten-pennies"}', "ruleset"),
    "a JSON ruleset": ("/v1/rulesets", RULESET_JSON.replace('"name"', '"id": "twice-b", "name"')
                       % ('"twice-a"', '"X"'), "id"),
    "a ruleset to validate": ("/v1/rulesets/validate", '{"id": "v", "id": "w"}', "id"),
}


@pytest.mark.parametrize(("path", "body", "where"), TWICE.values(), ids=TWICE.keys())
def test_a_key_given_twice_is_a_400_not_last_wins(quick_client: Any, path: str, body: str, where: str) -> None:
    found = problem(quick_client.post(path, data=body, content_type="application/json"), 400)
    assert [(e["path"], e["code"]) for e in found["errors"]] == [(where, "duplicate_key")]
    assert not {"twice-a", "twice-b"} & stored_ids(quick_client)


# What else a body holding a key twice does wrong is told as it was when every object was kept
# (the body is read again to name the key only once reading it failed there).
TWICE_AND_MORE = {
    "not JSON further on": ('{"cards": ["8H"], "cards": [', "The request body is not readable JSON.", []),
    "the first of two named": ('{"cards": ["8H"], "x": {"b": 1, "b": 2}, "y": {"c": 1, "c": 2}}',
                               None, [("x.b", "duplicate_key")]),
    "nesting too deep further on": ('{"cards": [], "cards": ' + "[" * 70 + "]" * 70 + "}", None,
                                    [("cards", "duplicate_key")]),
    "nesting past the parser further on": ('{"cards": [], "cards": ' + "[" * 100_000 + "]" * 100_000 + "}", None,
                                           [("", "too_deep")]),
}


@pytest.mark.parametrize(("body", "detail", "errors"), TWICE_AND_MORE.values(), ids=TWICE_AND_MORE.keys())
def test_a_key_given_twice_and_more_is_told_as_before(quick_client: Any, body: str, detail: str | None,
                                                      errors: list[tuple[str, str]]) -> None:
    found = problem(quick_client.post(CHECK, data=body, content_type="application/json"), 400)
    assert [(e["path"], e["code"]) for e in found.get("errors", [])] == errors
    assert detail is None or found["detail"] == detail


def test_a_round_with_a_key_twice_is_a_400(client: Any) -> None:
    made = client.post(GAMES, json={"ruleset": "garbage", "players": ["a", "b"]}).get_json()
    answer = client.post(f"/v1/games/{made['id']}/rounds", headers={"Authorization": f"Bearer {made['token']}"},
                         data='{"winner": "a", "winner": "b"}', content_type="application/json")
    assert problem(answer, 400)["errors"][0]["code"] == "duplicate_key"
    assert client.get(f"/v1/games/{made['id']}").get_json()["rounds"] == []


def test_yaml_refuses_a_key_twice_with_the_same_code(quick_client: Any) -> None:
    text = ruleset("yaml-twice", "name: Y\n", family="rummy").replace("extends: garbage", "extends: ten-pennies")
    found = problem(yaml_post(quick_client, "/v1/rulesets", text), 422)
    assert [(e["path"], e["code"], e["line"]) for e in found["errors"]] == [("name", "duplicate_key", 6)]
    assert "yaml-twice" not in stored_ids(quick_client)


# ---------------------------------------------------------------- 12. answers as UTF-8 text

@pytest.mark.parametrize("path", ["/v1/rulesets/ten-pennies/rounds/3?lang=ru", "/v1/rulesets/nope?lang=ru",
                                  "/v1/openapi.json"])
def test_json_answers_are_utf8_text_not_escapes(quick_client: Any, path: str) -> None:
    answer = quick_client.get(path)
    raw = answer.get_data()
    assert b"\\u" not in raw
    text = raw.decode("utf-8")
    assert any(ord(c) > 127 for c in text)
    assert answer.get_json() == json.loads(text)
    assert answer.mimetype in ("application/json", PROBLEM)


# ---------------------------------------------------------------- 13. the budget is a count of steps

def test_the_budget_reads_no_clock(monkeypatch: pytest.MonkeyPatch, library: Library) -> None:
    """The same request gets the same answer on every machine and under any load: a search within
    the budget answers and one past it is refused, with every clock stopped."""
    from referee.planner import Budget, arrange
    from referee.tablesolve import best_turn
    from referee.values.errors import InvalidPlayError

    def stopped() -> float:
        raise AssertionError("the engine read a clock")

    kalooki, rummikub = library.get("kalooki"), library.get("rummikub")
    hand = referee.parse_cards(["JS", "5S", "JC", "JK", "JD", "JK", "2D", "6D", "8D", "9S", "KD", "2S", "9D", "3C", "2C"])
    tiles = referee.parse_cards(["1K", "2K", "3K", "4K", "5B", "6B", "7B", "JK", "9R", "9O", "9B", "12K"], deck=rummikub.deck)
    with monkeypatch.context() as clocks:
        for name in ("thread_time", "monotonic", "perf_counter", "process_time", "time"):
            clocks.setattr(time, name, stopped)
        assert arrange(situate(kalooki, first_meld_done=True, budget=Budget(10**6)), hand, (), Goal(objective="cards")).cost > 0
        assert best_turn(situate(rummikub, first_meld_done=True, budget=Budget(10**6)), [], tiles).played
        for ask in (lambda: arrange(situate(kalooki, first_meld_done=True, budget=Budget(50)), hand, (), Goal(objective="cards")),
                    lambda: best_turn(situate(rummikub, first_meld_done=True, budget=Budget(50)), [], tiles)):
            with pytest.raises(InvalidPlayError) as caught:
                ask()
            assert [(p.code, p.path) for p in caught.value.problems] == [("hand_too_large", "hand")]


def test_every_search_of_a_request_shares_its_budget(quick_client: Any, monkeypatch: pytest.MonkeyPatch,
                                                     library: Library) -> None:
    """Deadwood scores plan each hand: the request's budget is spent once, not once a hand."""
    from referee.scoring.hand import Deal
    from referee.scoring.round import score_round
    from referee.values import budget

    indian = library.get("indian-rummy")
    hands = {"a": "2H 3H 4H 5S 6S 7S 9C 9D 9H KC QD JS 4D", "b": "AH 2H 3H 8S 9S 10S 4C 4D 4H 6C 7D 8H JK",
             "c": "5H 6H 7H 8C 9C 10C JD JH JS 2C 3D QH KH"}
    spent = []
    for name, text in hands.items():
        opened = budget.open_budget()
        score_round(indian, {name: referee.parse_cards(text.split())}, None, deal=Deal(1, None, "5", None))
        spent.append(opened.spent)
    budget.close_budget()
    assert all(spent)
    body = {"wild_rank": "5", "hands": {name: text.split() for name, text in hands.items()}}
    monkeypatch.setattr(budget, "PLAN_BUDGET", sum(spent) * 4)
    assert quick_client.post("/v1/rulesets/indian-rummy/scores", json=body).status_code == 200
    monkeypatch.setattr(budget, "PLAN_BUDGET", max(spent) + 1)
    for name, text in hands.items():  # each hand alone is within it
        answer = quick_client.post("/v1/rulesets/indian-rummy/scores",
                                   json={"wild_rank": "5", "hands": {name: text.split()}})
        assert answer.status_code == 200, answer.get_json()
    found = problem(quick_client.post("/v1/rulesets/indian-rummy/scores", json=body), 422)
    assert [e["code"] for e in found["errors"]] == ["hand_too_large"]


@pytest.mark.parametrize("counts", [(), (1,), (3,), (1, 1), (2, 1), (2, 2, 1), (1, 1, 1, 1)])
def test_the_natural_choices_are_every_choice_once_the_largest_first(counts: tuple[int, ...]) -> None:
    from itertools import combinations

    from referee.planner.arrange import _sub_multisets

    items = [(Card(rank, "H"), n) for rank, n in zip("2345", counts)]
    made = list(_sub_multisets(items))
    cards = [c for c, n in items for _ in range(n)]
    assert sorted(made) == sorted({g for k in range(len(cards) + 1) for g in combinations(cards, k)})
    assert len(made) == len(set(made))
    assert [len(g) for g in made] == sorted((len(g) for g in made), reverse=True)


def _faulty_ruleset(cards: int) -> str:
    return ("format: 1\nid: many-faults\nextends: ten-pennies\nfamily: rummy\nname: X\n"
            "wilds: {ranks: [" + ", ".join(["ZZ"] * cards) + "]}\n")


@pytest.mark.parametrize(("path", "status"), [("/v1/rulesets/validate", 200), ("/v1/rulesets", 422)])
def test_a_ruleset_list_of_thousands_is_one_problem_at_the_list(quick_client: Any, path: str,
                                                                 status: int) -> None:
    answer = quick_client.post(path, data=_faulty_ruleset(9000), content_type="application/yaml")
    assert answer.status_code == status
    (problem,) = answer.get_json()["errors"]
    assert (problem["path"], problem["line"]) == ("wilds.ranks", 6) and "9000" in problem["message"]
    assert len(answer.data) < 1000


@pytest.mark.parametrize(("path", "status"), [("/v1/rulesets/validate", 200), ("/v1/rulesets", 422)])
def test_a_ruleset_of_hundreds_of_faults_lists_fifty_and_counts_them(quick_client: Any, path: str,
                                                                     status: int) -> None:
    answer = quick_client.post(path, data=_faulty_ruleset(250), content_type="application/yaml")
    assert answer.status_code == status
    body = answer.get_json()
    assert len(body["errors"]) == 50 and len(answer.data) < 20_000
    if status == 200:
        assert body["valid"] is False and body["count"] == 200  # the schema is read no further
    else:
        assert body["detail"].startswith("200 problems") and "the first 50 are listed" in body["detail"]


def test_many_unknown_fields_are_listed_by_name_whatever_the_hash_seed(quick_client: Any) -> None:
    body = {"cards": ["8H", "8S", "8D"], **{f"x{i}": 1 for i in range(200)}}
    found = problem(quick_client.post(CHECK, json=body), 422)
    listed = [row["path"] for row in found["errors"]]
    assert listed == sorted(f"x{i}" for i in range(200))[:50]


# ---------------------------------------------------------------- 14. wild cards that may stand for themselves

def test_a_meld_of_many_deuces_is_judged_without_trying_every_group(library: Library) -> None:
    """Where a deuce in its own place is natural (Buraco), the judge tries the ways of counting
    the meld's deuces natural: at most a suit's count of them, or all of one rank or suit, not
    every group (eight decks' 32 deuces made seconds of it for one meld)."""
    from referee.checks.inplace import in_place_choices
    from referee.checks.plays import check_meld

    deuces = [Card("2", suit) for suit in "CDHS" for _ in range(8)]
    groups = in_place_choices(deuces, frozenset({"2"}), 4)
    assert len(groups) == len(set(groups)) < 100
    assert groups[0] == tuple(sorted(deuces, key=str)) and groups[-1] == ()
    assert (Card("2", "H"),) in groups and (Card("2", "H"), Card("2", "S")) in groups
    big = library.load("format: 1\nid: big-buraco-i\nextends: buraco-internazionale\nfamily: rummy\nname: B\n"
                       "players: {min: 2, max: 12}\ndeck: {decks: 8}\n")[0]
    hearts = [Card(rank, "H") for rank in ("3", "4", "5", "6", "7")]
    assert not check_meld(situate(big, players=12), [*deuces[:20], *hearts]).valid
    assert check_meld(situate(big, players=12), [Card("A", "H"), Card("2", "H"), *hearts]).valid  # the deuce in its place
