"""The meld kinds as one table: `color` and runs of any suits (`run.suits: any`) judged by the
meld check, the first-meld check and lay-offs, in the engine and through the API; and a kind
registered under a new name for one test, which the meld check then knows."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import replace
from pathlib import Path
from types import MappingProxyType
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.checks.plays import check_first_meld, check_lay_off, check_meld
from referee.checks.situation import situate
from referee.kinds.base import Judged, MeldKind
from referee.kinds.meld import Meld
from referee.kinds.searching import KindJudge, Split
from referee.kinds.table import (
    KINDS,
    kinds_schema,
    meld_ranks,
    most_of,
    one_rank_kind,
    ordered_kind,
    register,
    unregister,
)
from referee.loading.loader import Library
from referee.loading.shipped import assembled, schema
from referee.planner import arrange, check_going_out
from referee.rules.ruleset import MeldRule, Requirement, Ruleset, requirement_key
from referee.values.cards import FRENCH, Card, DeckSpec
from referee.values.errors import RulesetError
from referee.values.violations import Violation
from tests.conftest import cards
from tests.oracle import Oracle, norm
from tests.test_oracle import replay_problem

HEAD = "format: 1\nid: {id}\nfamily: rummy\nname: {id}\nhand_size: 10\n"
COLORS = HEAD + ("deck: {{decks: 2, jokers: 2}}\nmelds: {{color: {{min: 3}}}}\n"
                 "wilds: {{ranks: [JOKER], max_per_meld: 1}}\nfirst_meld: {{colors: [7]}}\n")
ANY_RUNS = HEAD + ("melds: {{run: {{min: 3, suits: any}}}}\nwilds: {{ranks: [\"2\"]}}\n"
                   "first_meld: {{runs: [7]}}\n")
SAME_RUNS = HEAD + "melds: {{run: {{min: 3}}}}\n"


def _load(library: Library, text: str) -> Ruleset:
    return library.copy().load(text)[0]


@pytest.fixture(scope="module")
def colors(library: Library) -> Ruleset:
    return _load(library, COLORS.format(id="colors-test"))


@pytest.fixture(scope="module")
def any_runs(library: Library) -> Ruleset:
    return _load(library, ANY_RUNS.format(id="any-runs-test"))


def _codes(verdict: Any) -> list[str]:
    return [v.code for v in verdict.violations]


# ---------------------------------------------------------------- the table itself

def test_every_kind_is_asked_for_by_its_plural_and_the_schema_lists_its_options(library: Library) -> None:
    from referee.loading.shipped import schema

    kinds = schema()["$defs"]["melds"]["properties"]
    asked = schema()["$defs"]["first_meld"]["properties"]
    for name, kind in KINDS.items():
        assert kind.name == name
        assert kind.plural == requirement_key(name)
        assert kind.plural in asked
        assert set(kinds[name]["properties"]) == set(kind.options)
        defaults = MeldRule(name)
        for option, default in kind.options.items():
            if hasattr(defaults, option):  # `run.around` is read into `ace`
                assert getattr(defaults, option) == default, (name, option)


def test_a_requirement_is_read_per_kind(colors: Ruleset) -> None:
    assert colors.rummy is not None
    need = colors.rummy.round(1).first_meld
    assert need.sized == (("color", (7,)),)
    assert need.sizes("set") == () and need.sizes("run") == ()


# ---------------------------------------------------------------- color

@pytest.mark.parametrize(("played", "stands"), [
    ("3H 9H KH", []),
    ("3H 9H KH 3H", []),          # two decks: a card may repeat
    ("3H JK KH", [{"card": "JK", "as": "H"}]),
    ("AS 4S 8S QS 10S 2S 7S", []),
])
def test_a_color_is_cards_of_one_suit(colors: Ruleset, played: str, stands: list[dict[str, str]]) -> None:
    verdict = check_meld(situate(colors), cards(played))
    assert verdict.valid, verdict.violations
    assert verdict.extra == {"kind": "color", "wilds": stands}


@pytest.mark.parametrize(("played", "code", "at_fault"), [
    ("3H 9H KS", "mixed_suits", "KS"),
    ("3H 9D KD 5D", "mixed_suits", "3H"),
    ("3H KH", "too_few_cards", "3H KH"),
    ("3H JK JK KH", "too_many_wilds", "JK JK"),
    ("3H 3H 3H KH", "duplicate_card", "3H 3H 3H"),  # two decks hold two
])
def test_a_color_of_two_suits_is_refused(colors: Ruleset, played: str, code: str, at_fault: str) -> None:
    verdict = check_meld(situate(colors), cards(played))
    assert not verdict.valid
    found = {v.code: v for v in verdict.violations}
    assert code in found, verdict.violations
    assert found[code].cards == cards(at_fault)
    assert found[code].message


def test_a_color_names_its_suit_in_words(colors: Ruleset) -> None:
    verdict = check_meld(situate(colors), cards("3H 9H KS"))
    assert "one colour" in verdict.violations[0].message
    assert "hearts" in verdict.violations[0].message


def test_first_meld_of_seven_of_one_suit(colors: Ruleset) -> None:
    assert check_first_meld(situate(colors, score=0), [cards("AS 4S 8S QS 10S 2S 7S")]).valid
    assert check_first_meld(situate(colors, score=0), [cards("AS 4S 8S QS 10S JK 7S")]).valid
    short = check_first_meld(situate(colors, score=0), [cards("AS 4S 8S QS 10S 2S")])
    assert _codes(short) == ["requirement_not_met"]
    message = short.violations[0].message
    assert "1 meld of 7 cards of one colour" in message and "6 cards of one colour" in message


def test_lay_off_on_a_color(colors: Ruleset) -> None:
    grown = check_lay_off(situate(colors, first_meld_done=True), cards("3H 9H KH"), cards("5H JK"))
    assert grown.valid
    assert grown.extra["meld"]["kind"] == "color"
    assert grown.extra["meld"]["cards"] == ["3H", "9H", "KH", "5H", "JK"]
    wrong = check_lay_off(situate(colors, first_meld_done=True), cards("3H 9H KH"), cards("5C"))
    assert _codes(wrong) == ["mixed_suits"]
    assert wrong.violations[0].message.startswith("Adding 5♣ to the meld of one colour:")


def test_the_loader_refuses_colors_where_the_game_has_none(library: Library) -> None:
    from referee.values.errors import RulesetError

    with pytest.raises(RulesetError) as info:
        _load(library, SAME_RUNS.format(id="no-colors") + "first_meld: {colors: [7]}\n")
    assert [(p.path, p.message) for p in info.value.problems] == [
        ("first_meld.colors", "the first meld asks for colors, but this game has no colors (add melds.color)")]


# ---------------------------------------------------------------- runs of any suits

@pytest.mark.parametrize(("played", "stands"), [
    ("5H 6S 7D", []),
    ("5H 6H 7H", []),
    ("5H 2C 7D", [{"card": "2C", "as": "6"}]),
    ("9C 10D JS QH KC", []),
    ("2S 3D 4H", [{"card": "2S", "as": "2"}]),   # a wild card in its own place: any suit of its rank
])
def test_a_run_of_any_suits(any_runs: Ruleset, played: str, stands: list[dict[str, str]]) -> None:
    verdict = check_meld(situate(any_runs), cards(played))
    assert verdict.valid, verdict.violations
    assert verdict.extra == {"kind": "run", "wilds": stands}


@pytest.mark.parametrize(("played", "code"), [
    ("5H 6S 8D", "not_consecutive"),      # a gap, no wild card to fill it
    ("5H 5S 6D", "not_consecutive"),      # a rank twice
    ("5H 6S", "too_few_cards"),
])
def test_an_any_suit_run_with_a_gap_is_refused(any_runs: Ruleset, played: str, code: str) -> None:
    verdict = check_meld(situate(any_runs), cards(played))
    assert code in _codes(verdict), verdict.violations


def test_runs_of_one_suit_still_refuse_mixed_suits(library: Library) -> None:
    same = _load(library, SAME_RUNS.format(id="same-runs-test"))
    assert _codes(check_meld(situate(same), cards("5H 6S 7D"))) == ["mixed_suits"]


def test_first_meld_of_a_run_of_seven_of_any_suits(any_runs: Ruleset) -> None:
    assert check_first_meld(situate(any_runs, score=0), [cards("4C 5H 6S 7D 8D 9H 10C")]).valid
    assert check_first_meld(situate(any_runs, score=0), [cards("4C 5H 6S 2D 8D 9H 10C")]).valid
    short = check_first_meld(situate(any_runs, score=0), [cards("4C 5H 6S 7D 8D 9H")])
    assert _codes(short) == ["requirement_not_met"]
    assert "1 run of 7" in short.violations[0].message


def test_lay_off_on_a_run_of_any_suits(any_runs: Ruleset) -> None:
    grown = check_lay_off(situate(any_runs, first_meld_done=True), cards("5H 6S 7D"), cards("8C 4D"))
    assert grown.valid
    assert grown.extra["meld"]["kind"] == "run"
    assert check_lay_off(situate(any_runs, first_meld_done=True), cards("5H 2S 7D"), cards("8C")).extra["meld"]["wilds"] == \
        [{"card": "2S", "as": "6"}]
    gap = check_lay_off(situate(any_runs, first_meld_done=True), cards("5H 6S 7D"), cards("10C"))
    assert _codes(gap) == ["not_consecutive"]
    assert gap.violations[0].message.startswith("Adding 10♣ to the run:")


def test_a_wild_card_fixed_in_an_any_suit_run_keeps_its_rank(library: Library) -> None:
    fixed = _load(library, ANY_RUNS.format(id="any-runs-fixed").replace(
        'wilds: {ranks: ["2"]}', 'wilds: {ranks: ["2"], fixed_when_melded: true}'))
    assert check_lay_off(situate(fixed, first_meld_done=True), cards("5H 2S 7D"), cards("8C")).valid
    moved = check_lay_off(situate(fixed, first_meld_done=True), cards("5H 2S 7D"), cards("6C"))   # the 6's place is the wild card's
    assert _codes(moved) == ["not_consecutive"]


# ---------------------------------------------------------------- any order

DEALT = [f"{r}{s}" for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
         for s in "CDHS"] + ["JK"]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(DEALT), min_size=1, max_size=8), st.randoms(use_true_random=False))
def test_an_answer_does_not_depend_on_the_order_of_cards(colors: Ruleset, any_runs: Ruleset,
                                                         played: list[str], rnd: Any) -> None:
    shuffled = list(played)
    rnd.shuffle(shuffled)
    for ruleset in (colors, any_runs):
        one, other = check_meld(situate(ruleset), cards(" ".join(played))), check_meld(situate(ruleset), cards(" ".join(shuffled)))
        assert one.valid == other.valid
        assert one.extra.get("kind") == other.extra.get("kind")
        assert sorted(v.code for v in one.violations) == sorted(v.code for v in other.violations)


# ---------------------------------------------------------------- the command line

def test_the_command_line_names_the_new_kinds(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from referee.cli import main

    colors = tmp_path / "colors.yaml"
    colors.write_text(COLORS.format(id="cli-colors"), encoding="utf-8")
    runs = tmp_path / "runs.yaml"
    runs.write_text(ANY_RUNS.format(id="cli-any-runs"), encoding="utf-8")
    assert main(["check", str(colors), "3H", "JK", "KH"]) == 0
    assert capsys.readouterr().out == "legal: 3♥ 🃏 K♥ is a meld of one colour; 🃏 stands for hearts\n"
    assert main(["check", str(runs), "5H", "2C", "7D"]) == 0
    assert capsys.readouterr().out == "legal: 5♥ 2♣ 7♦ is a run; 2♣ stands for 6\n"
    assert main(["first-meld", str(colors), "AS,4S,8S,QS,10S,2S,7S"]) == 0
    out = capsys.readouterr().out
    assert "(1 meld of 7 cards of one colour)" in out and "meld 1: A♠ 4♠ 8♠ Q♠ 10♠ 2♠ 7♠ is a meld of one colour" in out
    assert main(["--lang", "ru", "check", str(colors), "3H", "JK", "KH"]) == 0
    assert "комбинация одного цвета" in capsys.readouterr().out


# ---------------------------------------------------------------- through the API

def _post_ruleset(client: Any, text: str) -> None:
    answer = client.post("/v1/rulesets", data=text, content_type="application/yaml")
    assert answer.status_code == 201, answer.get_json()


def test_the_api_judges_colors_and_any_suit_runs(quick_client: Any) -> None:
    _post_ruleset(quick_client, COLORS.format(id="api-colors"))
    _post_ruleset(quick_client, ANY_RUNS.format(id="api-any-runs"))
    color = quick_client.post("/v1/rulesets/api-colors/melds/check", json={"cards": ["3H", "JK", "KH"]}).get_json()
    assert color["valid"] and color["kind"] == "color"
    assert color["wilds"] == [{"card": "JK", "as": "H"}]
    mixed = quick_client.post("/v1/rulesets/api-colors/melds/check", json={"cards": ["3H", "9H", "KS"]}).get_json()
    assert not mixed["valid"] and [v["code"] for v in mixed["violations"]] == ["mixed_suits"]
    run = quick_client.post("/v1/rulesets/api-any-runs/melds/check", json={"cards": ["5H", "2C", "7D"]}).get_json()
    assert run["valid"] and run["kind"] == "run" and run["wilds"] == [{"card": "2C", "as": "6"}]
    first = quick_client.post("/v1/rulesets/api-colors/first-meld/check",
                              json={"melds": [["AS", "4S", "8S", "QS", "10S", "2S", "7S"]]}).get_json()
    assert first["valid"] and first["melds"][0]["kind"] == "color"
    russian = quick_client.post("/v1/rulesets/api-colors/melds/check?lang=ru",
                                json={"cards": ["3H", "9H", "KS"]}).get_json()
    assert "одного цвета" in russian["violations"][0]["message"]


def test_the_openapi_names_every_kind(quick_client: Any) -> None:
    document = quick_client.get("/v1/openapi.json").get_json()
    assert document["components"]["schemas"]["MeldResult"]["properties"]["kind"]["enum"] == list(KINDS)


# ---------------------------------------------------------------- a kind of a new name

class PairKind(MeldKind):
    """Exactly two cards of one rank: a kind that writes no words of its own."""

    name, plural = "pair", "pairs"

    def judge(self, judge: KindJudge, rule: MeldRule, split: Split, wild_limit: bool) -> Judged:
        cards, naturals, wilds = split
        found = judge.common(rule, cards, naturals, wilds, wild_limit)
        ranks = {c.rank for c in naturals}
        if len(ranks) > 1:
            found.append(Violation("mixed_ranks", "A pair is two cards of one rank.", tuple(naturals)))
        if found:
            return None, found
        return Meld("pair", tuple(cards), tuple((w, next(iter(ranks), None)) for w in wilds)), []

    def shaped(self, naturals: Sequence[Card], deck: DeckSpec = FRENCH) -> bool:
        return len({c.rank for c in naturals}) <= 1


@pytest.fixture
def pairs(library: Library) -> Iterator[Ruleset]:
    KINDS["pair"] = PairKind()
    try:
        base = _load(library, SAME_RUNS.format(id="pairs-test"))
        assert base.rummy is not None
        rules = replace(base.rummy.base, melds=(MeldRule("pair", min=2, max=2), *base.rummy.base.melds),
                        first_meld=Requirement((("pair", (2,)),)))
        yield replace(base, rummy=replace(base.rummy, base=rules))
    finally:
        del KINDS["pair"]


def test_a_kind_registered_under_a_new_name_is_judged(pairs: Ruleset) -> None:
    pair = check_meld(situate(pairs), cards("8H 8S"))
    assert pair.valid and pair.extra["kind"] == "pair"
    assert check_meld(situate(pairs), cards("5H 6H 7H")).extra["kind"] == "run"
    odd = check_meld(situate(pairs), cards("8H 9S"))
    assert not odd.valid
    assert _codes(check_meld(situate(pairs), cards("8H 8S 8D"))) == ["too_many_cards"]
    assert check_first_meld(situate(pairs, score=0), [cards("8H 8S")]).valid
    missing = check_first_meld(situate(pairs, score=0), [cards("5H 6H 7H")])
    assert _codes(missing) == ["requirement_not_met"]
    assert "1 meld of 2" in missing.violations[0].message   # the words of any meld
    grown = check_lay_off(situate(pairs, first_meld_done=True), cards("8H 8S"), cards("8D"))
    assert _codes(grown) == ["too_many_cards"]
    assert grown.violations[0].message == "Adding 8♦ to the meld: A meld holds at most 2 cards; this one has 3."


# ---------------------------------------------------------------- a kind in one place

class ThrowawayPair(PairKind):
    """The pair again, with its part of the schema: all a kind needs to be loaded from a file."""

    name, plural = "twin", "twins"
    schema = MappingProxyType({
        "options": {"type": ["object", "null"], "description": "Two cards of one rank.", "additionalProperties": False,
                    "properties": {"min": {"type": ["integer", "null"], "minimum": 2, "maximum": 2},
                                   "max": {"type": ["integer", "null"], "minimum": 2, "maximum": 2}}},
        "requirement": {"type": ["array", "null"], "items": {"type": "integer", "minimum": 2, "maximum": 2},
                        "maxItems": 20}})

    def judge(self, judge: KindJudge, rule: MeldRule, split: Split, wild_limit: bool) -> Judged:
        meld, found = super().judge(judge, rule, split, wild_limit)
        return (meld._replace(kind=self.name) if meld is not None else None), found


TWINS = HEAD + "melds: {{twin: {{min: 2, max: 2}}, run: {{min: 3}}}}\nfirst_meld: {{twins: [2, 2]}}\n"


@pytest.fixture
def twins(library: Library) -> Iterator[Ruleset]:
    register(ThrowawayPair())
    try:
        yield _load(library, TWINS.format(id="twins-test"))
    finally:
        unregister("twin")


def test_the_schema_file_is_the_kinds_assembly() -> None:
    assert assembled() == schema()
    changed = dict(KINDS["set"].schema["options"]) | {"description": "another"}
    other = type("OtherSet", (type(KINDS["set"]),), {"schema": {**KINDS["set"].schema, "options": changed}})()
    assert kinds_schema(schema(), [other, KINDS["run"], KINDS["color"]]) != schema()


def test_a_kind_defined_here_is_assembled_loaded_judged_planned_and_worded(library: Library, twins: Ruleset) -> None:
    melds = assembled()["$defs"]["melds"]["properties"]
    assert list(melds) == [*(k for k in melds if k != "twin"), "twin"] and "twins" in \
        assembled()["$defs"]["first_meld"]["properties"]
    with pytest.raises(RulesetError):  # the schema holds the kind's own options
        _load(library, TWINS.replace("max: 2", "max: 3").format(id="twins-bad"))
    assert twins.rummy is not None and twins.rummy.base.meld_rule("twin") == MeldRule("twin", 2, max=2)
    pair = check_meld(situate(twins), cards("8H 8S"))
    assert pair.valid and pair.extra["kind"] == "twin"
    assert not check_meld(situate(twins), cards("8H 9S")).valid
    out = check_going_out(situate(twins), cards("8H 8S 9C 9D 4H"), ())
    assert out.valid, out.as_dict()
    first = check_first_meld(situate(twins, score=0), [cards("8H 8S")])
    assert "2 melds of 2" in first.violations[0].message  # the requirement, in the words of any meld
    assert not check_going_out(situate(twins), cards("8H 8S 9C 4H 5C"), ()).valid
    unregister("twin")
    with pytest.raises(RulesetError):  # without its entry, the schema no longer holds it
        _load(library, TWINS.format(id="twins-gone"))


# ---------------------------------------------------------------- going out (the planner's half)

PLANNED = {
    "colors": HEAD + ("deck: {{decks: 2, jokers: 2}}\nmelds: {{color: {{min: 3}}, set: {{min: 3}}}}\n"
                      "wilds: {{ranks: [JOKER], max_per_meld: 1, all_wild: false}}\nfirst_meld: {{colors: [4]}}\n"),
    "any-runs": HEAD + ("melds: {{run: {{min: 3, suits: any}}, set: {{min: 3}}}}\n"
                        "wilds: {{ranks: [\"2\"], all_wild: false}}\nfirst_meld: {{runs: [4]}}\n"),
    "pure-any-runs": HEAD + ("melds: {{run: {{min: 3, suits: any}}}}\nwilds: {{ranks: [JOKER]}}\n"
                             "deck: {{jokers: 2}}\nfirst_meld: {{runs: [3, 3], pure_runs: 1}}\n"),
}
POOL = [f"{r}{s}" for r in ("2", "3", "4", "5", "6", "7", "8") for s in "CDHS"] + ["JK"]


@pytest.fixture(scope="module")
def planned(library: Library) -> dict[str, Ruleset]:
    return {name: _load(library, text.format(id=f"planned-{name}")) for name, text in PLANNED.items()}


@st.composite
def small_deal(draw: st.DrawFn, ruleset: Ruleset) -> tuple[tuple[Card, ...], tuple[tuple[Card, ...], ...]]:
    """Up to 7 cards of a few ranks (so that they meld), and up to one legal meld on the table;
    never more copies of a card than the decks hold."""
    shoe = Counter({c: ruleset.deck.copies(c, ruleset.decks_in_play(None)) for c in cards(" ".join(POOL))})
    table: tuple[tuple[Card, ...], ...] = ()
    if draw(st.booleans()):
        meld = cards(" ".join(draw(st.lists(st.sampled_from(POOL), min_size=3, max_size=4))))
        if not Counter(meld) - shoe and check_meld(situate(ruleset), meld).valid:
            table = (meld,)
            shoe -= Counter(meld)
    hand = [c for c in cards(" ".join(draw(st.lists(st.sampled_from(POOL), min_size=1, max_size=7))))]
    kept: list[Card] = []
    for card in hand:
        if shoe[card] > 0:
            shoe[card] -= 1
            kept.append(card)
    return tuple(kept) or (next(c for c in sorted(shoe, key=str) if shoe[c] > 0),), table


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(sorted(PLANNED)), st.booleans(), st.data())
def test_going_out_with_the_new_kinds_agrees_with_the_oracle(planned: dict[str, Ruleset], name: str,
                                                             done: bool, data: st.DataObject) -> None:
    ruleset = planned[name]
    hand, table = data.draw(small_deal(ruleset), label="deal")
    oracle = Oracle(ruleset)
    verdict = check_going_out(situate(ruleset, first_meld_done=done), hand, table)
    expected = oracle.can_go_out(hand, table, done)
    assert verdict.valid is expected, (f"oracle: can go out {expected}; planner: {verdict.as_dict()}")
    if verdict.valid:
        plan = verdict.extra["plan"]
        assert isinstance(plan, dict)
        assert replay_problem(ruleset, plan, norm(hand), table, done, 1) is None, plan
    assert arrange(situate(ruleset, first_meld_done=done), hand, table).cost == oracle.fewest_points(hand, table, done)


@pytest.mark.parametrize(("name", "hand", "table", "done", "out"), [
    ("colors", "3H 7H JK 5H", [], False, True),           # a colour of four, a joker in it
    ("colors", "3H 7H 5H", [], False, False),              # three of one suit: the contract is four
    ("colors", "3H 7H 5H 8C 8D 8S", [], True, True),
    ("colors", "4H 6H", ["3H 7H KH"], True, True),          # laid off on a colour on the table
    ("colors", "4D 5C", ["3H 7H KH"], True, False),    # one card may be the discard, not two
    ("any-runs", "3H 4S 5D 6C", [], False, True),
    ("any-runs", "3H 4S 2D 6C", [], False, True),           # the deuce is the 5
    ("any-runs", "3H 4S 6C 7D", [], False, False),
    ("any-runs", "3H 4S 5D 9C 9D 9H", [], True, True),
    ("pure-any-runs", "3H 4S 5D 6C JK 8D", [], False, True),   # 3-4-5 of three suits, no wild card in it
    ("pure-any-runs", "3H JK 5D 6C JK 8D", [], False, False),  # each run holds a joker
])
def test_the_planner_goes_out_with_the_new_kinds(planned: dict[str, Ruleset], name: str, hand: str,
                                                 table: list[str], done: bool, out: bool) -> None:
    ruleset = planned[name]
    melds = tuple(cards(m) for m in table)
    assert Oracle(ruleset).can_go_out(cards(hand), melds, done) is out
    verdict = check_going_out(situate(ruleset, first_meld_done=done), cards(hand), melds)
    assert verdict.valid is out, verdict.as_dict()


def test_the_registered_kind_is_found_by_going_out(pairs: Ruleset) -> None:
    verdict = check_going_out(situate(pairs, first_meld_done=False), cards("8H 8S 9C 9D"), ())
    assert verdict.valid, verdict.as_dict()
    assert sorted(verdict.extra["plan"]["melds"]) == [["8H", "8S"], ["9C", "9D"]]
    assert not check_going_out(situate(pairs, first_meld_done=False), cards("8H 9S"), ()).valid
    oracle = Oracle(pairs)
    for hand in ("8H 8S 5H 6H 7H", "8H 8S 8D", "5H 6H 7H 7S"):
        assert check_going_out(situate(pairs, first_meld_done=True), cards(hand), ()).valid is oracle.can_go_out(cards(hand), (), True), hand


def test_a_meld_s_ranks_are_its_kind_s_reading() -> None:
    joker = cards("JK")[0]
    assert meld_ranks(Meld("set", cards("8H 8S JK"), ((joker, "8"),))) == ("8", "8", "8")
    assert meld_ranks(Meld("set", cards("JK JK"), ((joker, None), (joker, None)))) == (None, None)
    assert meld_ranks(Meld("run", cards("QH AH KH"))) == ("Q", "K", "A")  # ace high, in order
    assert meld_ranks(Meld("run", cards("5H JK 7H"), ((joker, "6H"),))) == ("5", "6", "7")
    assert meld_ranks(Meld("color", cards("2H 9H JK"), ((joker, "H"),))) == ("2", "9", None)


def test_a_meld_s_longest_is_its_kind_s() -> None:
    assert most_of(MeldRule("run", deck_ranks=12)) == 12
    assert most_of(MeldRule("run", max=5, deck_ranks=12)) == 5
    assert most_of(MeldRule("set", distinct_suits=True, deck_suits=5)) == 5
    assert most_of(MeldRule("set")) == most_of(MeldRule("color")) == 10**6
    assert most_of(MeldRule("color", max=9)) == 9


def test_kinds_are_found_by_their_shape_not_their_name() -> None:
    assert (one_rank_kind(["color", "run", "set"]), ordered_kind(["color", "run", "set"])) == ("set", "run")
    assert (one_rank_kind(["color", "pair"]), ordered_kind(["color"])) == ("", "")
