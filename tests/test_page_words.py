"""The page's sentences with a count choose their plural form by the service's catalog: the page
holds each language's rule as its catalog writes it, and the script's choice for every number
is the one the service's own `tn` makes."""

from __future__ import annotations

import html
import json
import re
from string import Formatter
from typing import Any

import pytest
from babel.messages.pofile import read_po

from api.page import script_sentences
from referee.values.i18n import LANGUAGES, LOCALE_DIR, SOURCE, language, tn
from tests.browser import PageFactory

COUNTS = list(range(130)) + [200, 201, 211, 1001, 1021]
SENTENCES = [s for s in script_sentences() if len(s) == 2]  # every sentence with a count the script says


def fields(*texts: str) -> dict[str, str]:
    """A value for each placeholder but the count: its own name in capitals."""
    return {name: name.upper() for text in texts for _, name, _, _ in Formatter().parse(text) if name and name != "n"}


def catalog_rule(code: str) -> str:
    """The `plural=` expression of a language's catalog, read from its .po file here."""
    with (LOCALE_DIR / code / "LC_MESSAGES" / "referee.po").open("rb") as f:
        return str(read_po(f, locale=code).plural_expr)


@pytest.mark.parametrize("code", LANGUAGES)
def test_each_page_holds_its_languages_plural_rule(quick_client: Any, code: str) -> None:
    page = quick_client.get(f"/?lang={code}").get_data(as_text=True)
    found = re.search(r'<script id="plural-rule" type="application/json">(.*?)</script>', page)
    assert found is not None
    rule = json.loads(html.unescape(found.group(1)))
    expected = "(n != 1)" if code == SOURCE else catalog_rule(code)
    assert re.sub(r"[\s()]", "", rule) == re.sub(r"[\s()]", "", expected)


@pytest.mark.browser
@pytest.mark.e2e
@pytest.mark.parametrize("code", LANGUAGES)
def test_the_script_chooses_every_plural_form_as_the_service_does(live_server: str, page_factory: PageFactory,
                                                                  code: str) -> None:
    page = page_factory("phone")
    page.goto(f"{live_server}/?lang={code}")
    chosen = page.evaluate("""async ([sentences, counts]) => {
        const words = await import("/static/words.js");
        return sentences.map(([one, many, values]) => counts.map((n) => words.wn(one, many, n, values)));
    }""", [[[one, many, fields(one, many)] for one, many in SENTENCES], COUNTS])
    with language(code):
        expected = [[tn(one, many, n, **fields(one, many)) for n in COUNTS] for one, many in SENTENCES]
    assert SENTENCES and chosen == expected
    assert page_factory.errors == []
