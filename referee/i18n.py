"""The referee's sentences in the table's language: English (the source), Russian, Swedish, Romanian.

Messages are written in English with named `{placeholders}` and looked up in gettext catalogs
(`referee/locale/<lang>/LC_MESSAGES/referee.po`, kept as text in the repository and compiled
in memory when first used). The language is a context value: the service sets it for each
request, the command line for its run; codes, paths and field names are never translated.

    t("A set needs at least {least} cards.", least=3)
    tn("{n} card", "{n} cards", n)
"""

from __future__ import annotations

import io
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from pathlib import Path
from string import Formatter

from babel import negotiate_locale
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import NullTranslations, Translations

SOURCE = "en"
LANGUAGES = ("en", "ru", "sv", "ro")
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
DOMAIN = "referee"

_language: ContextVar[str] = ContextVar("referee_language", default=SOURCE)


def current() -> str:
    return _language.get()


@contextmanager
def language(code: str) -> Iterator[None]:
    """Speak `code` (one of LANGUAGES) inside the block."""
    token = _language.set(code if code in LANGUAGES else SOURCE)
    try:
        yield
    finally:
        _language.reset(token)


def set_language(code: str) -> None:
    """Speak `code` from now on in this context (a request, a command)."""
    _language.set(code if code in LANGUAGES else SOURCE)


def choose(preferred: Sequence[str]) -> str:
    """The supported language closest to the preferences, best first (`sv-SE`, `ru_RU.UTF-8`)."""
    wanted = [p.split(".")[0].replace("-", "_") for p in preferred if p]
    found = negotiate_locale(wanted, list(LANGUAGES), sep="_")
    if found is None:  # `sv_SE` against `sv`: compare the language alone
        found = next((w.split("_")[0].lower() for w in wanted if w.split("_")[0].lower() in LANGUAGES), None)
    return found or SOURCE


@lru_cache(maxsize=len(LANGUAGES))
def catalog(code: str) -> NullTranslations:
    """The language's translations, compiled from its .po file in memory (English: none)."""
    path = LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.po"
    if code == SOURCE or not path.is_file():
        return NullTranslations()
    with path.open("rb") as source:
        messages = read_po(source, locale=code, domain=DOMAIN)
    compiled = io.BytesIO()
    write_mo(compiled, messages, use_fuzzy=False)  # an unfinished (fuzzy) entry stays English
    compiled.seek(0)
    return Translations(compiled, domain=DOMAIN)


def N_(message: str) -> str:
    """Mark a sentence for the catalogs where it is chosen before it is translated."""
    return message


def t(message: str, /, **values: object) -> str:
    """`message` in the current language, its `{placeholders}` filled in."""
    code = _language.get()
    text = message if code == SOURCE else catalog(code).gettext(message)
    if not values:
        return text
    return (_PERCENT.get(text) or _percent(text)) % values


def tn(singular: str, plural: str, n: int, /, **values: object) -> str:
    """The sentence for `n` in the current language's plural form; `{n}` is the number."""
    code = _language.get()
    text = (singular if n == 1 else plural) if code == SOURCE else catalog(code).ngettext(singular, plural, n)
    values["n"] = n
    return (_PERCENT.get(text) or _percent(text)) % values


# Each sentence turned once into a %-template: `%` is the quickest way to fill one, and a
# verdict's sentences are on the hot path of every check.
_PERCENT: dict[str, str] = {}


def _percent(template: str) -> str:
    """`A {kind} of {n}` → `A %(kind)s of %(n)s` (as str.format reads the template)."""
    converted = _PERCENT[template] = "".join(
        literal.replace("%", "%%") + (f"%({name})s" if name is not None else "")
        for literal, name, _spec, _conversion in Formatter().parse(template))
    return converted


def local(texts: Mapping[str, str], default: str) -> str:
    """The text for the current language from `{language: text}` (a ruleset's `name: {ru: ...}`),
    else `default`."""
    return texts.get(_language.get()) or default


def joined(parts: Sequence[str]) -> str:
    """`a and b and c` in the current language (empty parts left out)."""
    words = [p for p in parts if p]
    if not words:
        return ""
    text = words[0]
    for part in words[1:]:
        text = t("{first} and {second}", first=text, second=part)
    return text


def decks_in_play(decks: int) -> str:
    """`With 2 decks in play`, the start of a sentence about copies of a card."""
    return tn("With {n} deck in play", "With {n} decks in play", decks)


# ---------------------------------------------------------------- cards in words

_RANK_PLURALS = {
    "en": {"A": "aces", "J": "jacks", "Q": "queens", "K": "kings", "6": "sixes"},
    "ru": {"A": "тузы", "2": "двойки", "3": "тройки", "4": "четвёрки", "5": "пятёрки", "6": "шестёрки",
           "7": "семёрки", "8": "восьмёрки", "9": "девятки", "10": "десятки", "J": "валеты", "Q": "дамы",
           "K": "короли", "JOKER": "джокеры"},
    "sv": {"A": "ess", "2": "tvåor", "3": "treor", "4": "fyror", "5": "femmor", "6": "sexor", "7": "sjuor",
           "8": "åttor", "9": "nior", "10": "tior", "J": "knektar", "Q": "damer", "K": "kungar",
           "JOKER": "jokrar"},
    "ro": {"A": "ași", "2": "doiari", "3": "treiari", "4": "patrari", "5": "cinciari", "6": "șesari",
           "7": "șeptari", "8": "optari", "9": "nouari", "10": "zeciari", "J": "valeți", "Q": "dame",
           "K": "popi", "JOKER": "jokeri"},
}
_SUITS = {
    "en": {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"},
    "ru": {"C": "трефы", "D": "бубны", "H": "червы", "S": "пики"},
    "sv": {"C": "klöver", "D": "ruter", "H": "hjärter", "S": "spader"},
    "ro": {"C": "treflă", "D": "caro", "H": "cupă", "S": "pică"},
}


# Each language's names with the English ones behind them, looked up once a message.
_RANK_NAMES = {code: {**_RANK_PLURALS[SOURCE], **names} for code, names in _RANK_PLURALS.items()}


def rank_plural(rank: str | None) -> str:
    """`sevens`, `семёрки`, `sjuor`, `șeptari`: a rank as a set of it is named at the table."""
    if rank is None:
        return ""
    return _RANK_NAMES[_language.get()].get(rank) or f"{rank}s"  # the language is always one of them


def suit_name(suit: str | None) -> str:
    names = _SUITS.get(_language.get(), _SUITS[SOURCE])
    return names.get(suit or "", str(suit))
