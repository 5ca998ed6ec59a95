"""The referee's sentences in Russian, Swedish and Romanian: catalogs complete and current,
plural forms right, the language chosen per request and per command, codes never translated."""

from __future__ import annotations

import re
import string
from pathlib import Path
from typing import Any

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po

from referee.cli import main
from referee.values.i18n import LANGUAGES, LOCALE_DIR, SOURCE, choose, language, tn

TRANSLATED = [code for code in LANGUAGES if code != SOURCE]
KEYWORDS = {"t": None, "tn": (1, 2), "N_": None, "Nn_": (1, 2), "w": None, "wn": (1, 2)}


def _catalog(code: str) -> Any:
    with (LOCALE_DIR / code / "LC_MESSAGES" / "referee.po").open("rb") as f:
        return read_po(f, locale=code)


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def _source_messages() -> set[str]:
    """Every sentence the code, the page's templates and its script mark for translation, read
    from them as `pybabel extract -F referee/locale/babel.cfg` reads them."""
    root = Path(__file__).resolve().parent.parent
    with (LOCALE_DIR / "babel.cfg").open(encoding="utf-8") as cfg:
        method_map, options_map = parse_mapping_cfg(cfg)
    found = set()
    for *_, message, _, _ in extract_from_dir(str(root), method_map, options_map, keywords=KEYWORDS):
        found.add(message[0] if isinstance(message, tuple) else message)
    return found


def test_the_template_holds_every_marked_sentence() -> None:
    with (LOCALE_DIR / "referee.pot").open("rb") as f:
        template = {m.id[0] if isinstance(m.id, tuple) else m.id for m in read_po(f) if m.id}
    assert _source_messages() == template, "run pybabel extract (see docs/i18n.md)"


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_sentence_is_translated_with_its_placeholders(code: str) -> None:
    catalog = _catalog(code)
    translated = {}
    for message in catalog:
        if not message.id:
            continue
        key = message.id[0] if isinstance(message.id, tuple) else message.id
        assert not message.fuzzy, f"{code}: fuzzy: {key}"
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        assert all(strings) and len(strings) == (catalog.num_plurals if isinstance(message.id, tuple) else 1), \
            f"{code}: missing: {key}"
        sources = message.id if isinstance(message.id, tuple) else (message.id,)
        wanted = set().union(*(_fields(s) for s in sources))
        allowed = wanted | {"n"} | ({"game"} if "possessive" in wanted else set())  # the game, not "X's"
        for text in strings:
            assert _fields(text) <= allowed, f"{code}: {key} -> {text}"
        used = set().union(*(_fields(text) for text in strings))
        # An English possessive ("Ten Pennies' deck") is English only: other languages use {game}.
        assert used >= wanted - {"n", "possessive"}, f"{code}: {key} drops {wanted - used}"
        translated[key] = strings
    assert set(translated) == _source_messages()


@pytest.mark.parametrize(("n", "expected"), [
    (1, "1 карта"), (2, "2 карты"), (5, "5 карт"), (21, "21 карта"), (11, "11 карт"), (22, "22 карты")])
def test_russian_plurals(n: int, expected: str) -> None:
    with language("ru"):
        sentence = tn("{decks} there is only {n} of {card}; this play has {count}.",
                      "{decks} there are only {n} of {card}; this play has {count}.", n,
                      decks="X", card="8H", count=n + 1)
    assert f"есть только {expected} 8H" in sentence


@pytest.mark.parametrize(("preferred", "chosen"), [
    (["ru-RU", "en"], "ru"), (["sv_SE.UTF-8"], "sv"), (["ro"], "ro"), (["de", "sv"], "sv"),
    (["fr"], "en"), ([], "en"), (["C"], "en")])
def test_the_closest_language_is_chosen(preferred: list[str], chosen: str) -> None:
    assert choose(preferred) == chosen


ILLEGAL = {"cards": ["8H", "9S", "JK"], "round": 1}  # two ranks, two suits, and a joker in round 1


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_check_answers_in_the_asked_language_with_the_same_codes(quick_client: Any, code: str) -> None:
    english = quick_client.post("/v1/rulesets/ten-pennies/melds/check", json=ILLEGAL).get_json()
    answer = quick_client.post("/v1/rulesets/ten-pennies/melds/check", json=ILLEGAL,
                               headers={"Accept-Language": f"{code};q=0.9, de;q=0.5"})
    body = answer.get_json()
    assert answer.headers["Content-Language"] == code and "Accept-Language" in answer.headers["Vary"]
    assert [(v["code"], v["cards"]) for v in body["violations"]] == \
           [(v["code"], v["cards"]) for v in english["violations"]]
    messages = [v["message"] for v in body["violations"]]
    if code == SOURCE:
        assert body == english
    else:
        assert all(m not in [v["message"] for v in english["violations"]] for m in messages)
        assert all(re.search(r"[^\x00-\x7f]", m) or code == "sv" for m in messages)


def test_lang_in_the_address_wins_over_the_header(quick_client: Any) -> None:
    answer = quick_client.post("/v1/rulesets/bing-rummy/melds/check?lang=sv", json={"cards": ["8H", "9S"]},
                               headers={"Accept-Language": "ru"})
    assert answer.headers["Content-Language"] == "sv"
    assert answer.get_json()["violations"][0]["message"] == "En stege behöver minst 3 kort; den här har 2."


def test_the_command_line_honours_lang_and_the_environment(capsys: pytest.CaptureFixture[str],
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    assert main(["--lang", "ro", "check", "bing-rummy", "8H", "9S"]) == 1
    assert "O serie are nevoie de cel puțin 3 cărți; aceasta are 2." in capsys.readouterr().out
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    assert main(["check", "bing-rummy", "8H", "9S"]) == 1
    assert "В последовательности должно быть не менее 3 карт; в этой — 2." in capsys.readouterr().out
    monkeypatch.setenv("LANG", "C.UTF-8")
    assert main(["check", "bing-rummy", "8H", "9S"]) == 1
    assert "A run needs at least 3 cards; this one has 2." in capsys.readouterr().out


def test_catalogs_are_text_in_the_repository() -> None:
    """Compiled in memory when first used: no binary catalog is kept."""
    assert not list(LOCALE_DIR.rglob("*.mo"))
