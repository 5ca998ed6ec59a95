"""Which language an answer speaks: language tags read as HTTP defines them (letter case does
not matter, a weight of 0 refuses), an unsupported `?lang=` falls back to the header, and
caches are told what the choice depends on."""

from __future__ import annotations

from typing import Any

import pytest

from api.language import answer_language
from referee.values.i18n import choose

ILLEGAL = {"cards": ["8H", "9S"], "round": 1}
CHECK = "/v1/rulesets/bing-rummy/melds/check"


@pytest.mark.parametrize(("preferred", "chosen"), [
    (["RU"], "ru"), (["Sv-se"], "sv"), (["RO_ro.utf-8"], "ro"), (["*"], "en"), (["", "sv"], "sv")])
def test_tags_are_read_whatever_their_letter_case(preferred: list[str], chosen: str) -> None:
    assert choose(preferred) == chosen


@pytest.mark.parametrize(("asked", "accepted", "chosen"), [
    ("xx", [("ru", 1.0)], "ru"),                # an unknown ?lang= leaves the choice to the header
    ("SV", [("ru", 1.0)], "sv"),
    (None, [("ru", 0.0), ("sv", 0.5)], "sv"),    # q=0: not acceptable
    (None, [("ru", 0.0)], "en"),
])
def test_the_answer_language(asked: str | None, accepted: list[tuple[str, float]], chosen: str) -> None:
    assert answer_language(asked, accepted) == chosen


@pytest.mark.parametrize(("address", "header", "chosen"), [
    (CHECK + "?lang=SV", "ru", "sv"),
    (CHECK + "?lang=xx", "ru", "ru"),
    (CHECK, "RU", "ru"),
    (CHECK, "ru;q=0, ro;q=0.3", "ro"),
])
def test_the_service_answers_in_the_chosen_language(quick_client: Any, address: str, header: str,
                                                    chosen: str) -> None:
    english = quick_client.post(CHECK, json=ILLEGAL).get_json()
    answer = quick_client.post(address, json=ILLEGAL, headers={"Accept-Language": header})
    assert answer.headers["Content-Language"] == chosen
    body = answer.get_json()
    assert [v["code"] for v in body["violations"]] == [v["code"] for v in english["violations"]]
    assert body["violations"][0]["message"] != english["violations"][0]["message"]


def test_caches_learn_that_the_cookie_also_chooses(quick_client: Any) -> None:
    quick_client.set_cookie("lang", "ro")
    try:
        answer = quick_client.post(CHECK, json=ILLEGAL)
    finally:
        quick_client.delete_cookie("lang")
    assert answer.headers["Content-Language"] == "ro"
    vary = {v.strip() for v in answer.headers["Vary"].split(",")}
    assert {"Accept-Language", "Cookie"} <= vary
