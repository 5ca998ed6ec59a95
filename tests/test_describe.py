"""A round's rules in words and as resolved fields: GET /rulesets/{id}/rounds/{n}."""

from __future__ import annotations

from typing import Any

import pytest

from referee import describe
from referee.describe import game_summary, round_summary
from referee.loading.loader import Library
from referee.values.i18n import language

# The round table of the Ten Pennies rules text: first meld, wilds per set, wild ranks.
TEN_PENNIES = [
    (1, "two sets of three", "one", "deuces"),
    (2, "one set of four", "one", "deuces"),
    (3, "two sets of four", "one", "deuces"),
    (4, "one set of five", "two", "deuces"),
    (5, "two sets of five", "two", "deuces, aces and jokers"),
    (6, "one set of six", "two", "deuces, aces and jokers"),
    (7, "one set of seven", "three", "deuces, aces and jokers"),
]


@pytest.mark.parametrize("rnd, first, per_set, wild", TEN_PENNIES)
def test_ten_pennies_rounds_in_words(library: Library, rnd: int, first: str, per_set: str, wild: str) -> None:
    summary = round_summary(library.get("ten-pennies"), rnd)
    assert summary.startswith(f"Round {rnd}: {first}; {wild} wild, at most {per_set} per set")


def test_other_games_in_words(library: Library) -> None:
    assert round_summary(library.get("bing-rummy"), 1) == "Round 1: three melds; deuces wild"
    assert round_summary(library.get("garbage-kings-wild"), 2) == \
        "Deal 2: slots A-10; kings wild; jacks and queens end the turn"


def test_a_round_through_the_api(quick_client: Any) -> None:
    body = quick_client.get("/v1/rulesets/ten-pennies/rounds/3").get_json()
    assert body["round"] == 3 and body["first_meld"] == {"sets": [4, 4]}
    assert body["wilds"]["max_per_meld"] == 1 and body["wilds"]["after_first_meld"] == {"per_cards": 3}
    assert "rounds" not in body and body["summary"].startswith("Round 3: two sets of four; deuces wild")
    assert quick_client.get("/v1/rulesets/no-such-game/rounds/1").status_code == 404
    bing = quick_client.get("/v1/rulesets/bing-rummy/rounds/5").get_json()
    assert bing["round"] == 5 and bing["first_meld"] == {"melds": 3}


def test_the_schema_is_served(quick_client: Any) -> None:
    from referee.loading.shipped import schema

    answer = quick_client.get("/v1/schemas/ruleset.json")
    assert answer.status_code == 200 and answer.get_json() == schema()


@pytest.mark.parametrize("address, told", [
    ("/v1/rulesets/ten-pennies/rounds/8", "round 8 does not exist: this game has rounds 1-7"),
    ("/v1/rulesets/ten-pennies/rounds/0", "round 0 does not exist: this game has rounds 1-7"),
    ("/v1/rulesets/gin-rummy/rounds/0", "rounds are numbered from 1"),
])
def test_a_round_the_game_does_not_have_is_not_found(quick_client: Any, address: str, told: str) -> None:
    missing = quick_client.get(address)
    problem = missing.get_json()
    assert missing.status_code == 404 and problem["detail"] == told
    assert problem["errors"] == [{"path": "number", "code": "unknown_round", "message": told}]


@pytest.mark.parametrize("lang, told", [("ru", "раунды 1–7"), ("sv", "1–7")])
def test_round_zero_in_a_body_is_told_the_rounds(quick_client: Any, lang: str, told: str) -> None:
    answer = quick_client.post(f"/v1/rulesets/ten-pennies/melds/check?lang={lang}",
                               json={"round": 0, "cards": ["8H", "8S", "8D"]})
    problem = answer.get_json()["errors"][0]
    assert answer.status_code == 422 and problem["code"] == "unknown_round" and told in problem["message"]
    assert "1000" not in problem["message"]


OUT_AT_101 = ("format: 1\nid: bing-rummy-101\nextends: bing-rummy\nfamily: rummy\nname: Bing Rummy, out at 101\n"
              "game:\n  end: {elimination: 101}\n")


@pytest.mark.parametrize("lang, words", [
    ("en", ("Two decks; 14 cards each; a first meld of three melds; deuces wild; a hand limit of 75 points; "
           "out at 101 points.")),
    ("ru", ("2 колоды; по 14 карт; первая выкладка: 3 комбинации; двойки — дикие; лимит руки 75 очков; "
           "выбывание при 101 очке.")),
    ("sv", ("2 kortlekar; 14 kort var; första utläggning: 3 kombinationer; tvåor är fria; handgräns på 75 poäng; "
           "ute vid 101 poäng.")),
])
def test_a_variant_that_changes_the_rules_is_summed_up_from_them(library: Library, lang: str, words: str) -> None:
    variant = library.copy()
    ruleset = variant.add(variant.load(OUT_AT_101, file="v.yaml"))
    with language(lang):
        assert describe.summary(ruleset) == words == game_summary(ruleset)
        assert "76" not in describe.shown_document(ruleset)["summary"]
    assert "summary" not in ruleset.document() and ruleset.summary == ""


@pytest.mark.parametrize("extra, kept", [
    ("", True),                                    # a new name only: the base's words still hold
    ("source: https://example.org/our-table\n", True),
    ("summary: Out at 101, with buy-backs.\n", False),  # its own words stand
    ("hand_limit: {max: 60}\n", None),            # another rule: summed up from the rules
])
def test_when_a_variant_keeps_its_base_summary(library: Library, extra: str, kept: bool | None) -> None:
    variant = library.copy()
    text = "format: 1\nid: our-bing\nextends: bing-rummy\nfamily: rummy\nname: Our Bing\n" + extra
    ruleset = variant.add(variant.load(text, file="v.yaml"))
    base = describe.summary(library.get("bing-rummy"))
    if kept is None:
        assert describe.summary(ruleset) == game_summary(ruleset) and "hand limit of 60 points" in describe.summary(ruleset)
    else:
        assert (describe.summary(ruleset) == base) is kept
        assert kept or describe.summary(ruleset) == "Out at 101, with buy-backs."


@pytest.mark.parametrize("rid, words", [
    ("gin-rummy", "One deck; 10 cards each; no wild cards; knock with 10 or less; first to 100 points wins."),
    ("ten-pennies-three-packs", "Three decks; seven rounds; 11 cards each; lowest total wins."),
    ("kalooki", "out at 151 points."),
    ("garbage-ten-deals", "Slots A-10; jacks wild; queens and kings end the turn; 10 deals."),
])
def test_a_game_in_one_sentence(library: Library, rid: str, words: str) -> None:
    assert words in game_summary(library.get(rid))


def test_an_uploaded_variant_says_its_own_rules_in_the_request_language(quick_client: Any) -> None:
    created = quick_client.post("/v1/rulesets", data=OUT_AT_101, content_type="application/yaml")
    assert created.status_code in (201, 409)
    for lang, words in (("en", "out at 101 points"), ("ru", "выбывание при 101 очке"), ("ro", "eliminat la 101")):
        shown = quick_client.get(f"/v1/rulesets/bing-rummy-101?lang={lang}").get_json()["summary"]
        assert words in shown and "76" not in shown


def test_a_minimum_by_the_sides_score_says_which_score_asks_which(library: Library) -> None:
    """Canasta's first meld (pagat): 15 below a score of 0, 50 from 0, 90 from 1500, 120 from
    3000; each minimum is read with the score it starts at."""
    words = round_summary(library.get("canasta"), 1)
    assert "at least 15 points below 0, 50 from 0, 90 from 1500, 120 from 3000, by the side's score" in words, words


@pytest.mark.parametrize(("ruleset", "round_", "lay_off", "pile", "first_meld"), [
    pytest.param("five-crowns", 1, {"allowed": "never"}, None, False, id="no lay-offs, no first meld"),
    pytest.param("gin-rummy", 1, {"allowed": "always"}, None, False, id="gin: lay-offs any time"),
    pytest.param("ten-pennies", 3, {"allowed": "after_first_meld", "others_melds": True}, None, True,
                 id="a contract round, the default lay-off"),
    pytest.param("phase-10", 1, {"allowed": "after_first_meld"}, None, True, id="each player's phase"),
    pytest.param("canasta", 1, {"others_melds": False}, {"take": "meld", "always_frozen": False,
                                                         "single_takes_single": False}, True, id="canasta's pile"),
    pytest.param("hand-and-foot", 1, {}, {"take": "meld", "always_frozen": True, "frozen_naturals": 2}, True,
                 id="a pile always frozen"),
])
def test_a_round_answer_fills_in_the_rules_a_client_acts_on(quick_client: Any, ruleset: str, round_: int,
                                                            lay_off: dict[str, Any], pile: dict[str, Any] | None,
                                                            first_meld: bool) -> None:
    body = quick_client.get(f"/v1/rulesets/{ruleset}/rounds/{round_}").get_json()
    assert set(body["lay_off"]) == {"allowed", "others_melds", "wilds_unlimited"}  # every field, written or not
    assert body["lay_off"].items() >= lay_off.items()
    if pile is None:
        assert "pile" not in body
    else:
        assert set(body["pile"]) == {"take", "frozen_naturals", "unfrozen_wild", "always_frozen", "single_takes_single"}
        assert body["pile"].items() >= pile.items()
    assert body["has_first_meld"] is first_meld


def test_a_layout_round_answer_has_no_rummy_rules(quick_client: Any) -> None:
    body = quick_client.get("/v1/rulesets/garbage/rounds/1").get_json()
    assert not {"lay_off", "pile", "has_first_meld"} & set(body)


def test_a_round_answer_words_each_players_phase_as_the_summary_does(quick_client: Any, library: Library) -> None:
    phases = library.get("phase-10").rummy.phases  # type: ignore[union-attr]
    for code, label in (("en", "Phase"), ("ru", "Фаза")):
        body = quick_client.get(f"/v1/rulesets/phase-10/rounds/1?lang={code}").get_json()
        with language(code):
            each = [describe.requirement_inwords_of(p) for p in phases]
        assert body["phase_words"] == [f"{label} {n}: {words}" for n, words in enumerate(each, 1)]
        assert all(words in body["summary"] for words in each)  # the same words as the round's line
    assert "phase_words" not in quick_client.get("/v1/rulesets/ten-pennies/rounds/1").get_json()


@pytest.mark.parametrize(("ruleset", "counts"), [
    ("canasta", ["natural_canastas", "mixed_canastas", "red_threes", "melded_points", "hand_points"]),
    ("buraco", ["natural_canastas", "mixed_canastas", "melded_points", "hand_points"]),
    ("buraco-semipulito", ["natural_canastas", "mixed_canastas", "semi_clean_canastas", "melded_points",
                           "hand_points"]),
])
def test_a_round_answer_names_the_counts_a_round_takes(quick_client: Any, ruleset: str, counts: list[str]) -> None:
    body = quick_client.get(f"/v1/rulesets/{ruleset}/rounds/1").get_json()
    assert body["counts"] == counts


@pytest.mark.parametrize("ruleset", ["gin-rummy", "ten-pennies", "garbage"])
def test_a_game_without_bonuses_names_no_counts(quick_client: Any, ruleset: str) -> None:
    assert "counts" not in quick_client.get(f"/v1/rulesets/{ruleset}/rounds/1").get_json()


def test_every_count_a_round_answer_names_is_taken_by_the_service(quick_client: Any) -> None:
    """A round entered with each count the answer names (all 0) is scored, not refused."""
    counts = quick_client.get("/v1/rulesets/buraco-semipulito/rounds/1").get_json()["counts"]
    body = {"counts": {n: dict.fromkeys(counts, 0) for n in ("ann", "bob", "cy", "dee")},
            "teams": [["ann", "cy"], ["bob", "dee"]], "morto_taken": {"ann": True, "bob": True}}
    answer = quick_client.post("/v1/rulesets/buraco-semipulito/scores", json=body)
    assert answer.status_code == 200, answer.get_json()
