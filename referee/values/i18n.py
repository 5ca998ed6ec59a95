"""The referee's sentences in the table's language: English (the source), Russian, Swedish, Romanian.

Messages are written in English with named `{placeholders}` and looked up in gettext catalogs
(`referee/locale/<lang>/LC_MESSAGES/referee.po`, kept as text in the repository and compiled
in memory when first used). The language is a context value: the service sets it for each
request, the command line for its run; codes, paths and field names are never translated.

    t("A set needs at least {least} cards.", least=3)
    tn("{n} card", "{n} cards", n)

A sentence about the pieces a game is played with is written for a deck of cards and for a
deck of tiles, and chosen by the deck's `pieces` (`tp`, `tpn`), as a round's rules are said
for a game of rounds or without them.
"""

from __future__ import annotations

import difflib
import io
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from pathlib import Path
from string import Formatter

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import NullTranslations, Translations

SOURCE = "en"
LANGUAGES = ("en", "ru", "sv", "ro")
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
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


def supported(tag: str | None) -> str | None:
    """The language a tag names, if the referee speaks it (`sv-SE`, `RU`, `ru_RU.UTF-8`: a
    region, an encoding and letter case do not matter)."""
    code = (tag or "").split(".")[0].replace("-", "_").lower()
    return next((c for c in (code, code.split("_")[0]) if c in LANGUAGES), None)


def choose(preferred: Sequence[str]) -> str:
    """The first supported language among the preferences, best first, else English."""
    return next((code for code in map(supported, preferred) if code), SOURCE)


@lru_cache(maxsize=len(LANGUAGES))
def catalog(code: str) -> NullTranslations:
    """The language's translations (English: none): the package's compiled catalog, or in a
    source checkout its .po file compiled in memory."""
    path = LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.po"
    built = path.with_suffix(".mo")
    if code != SOURCE and built.is_file():  # an installed package: compiled when it was built (setup.py)
        with built.open("rb") as compiled_file:
            return Translations(compiled_file, domain=DOMAIN)
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


def Nn_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a sentence and its plural for the catalogs where they are chosen before they are
    translated (`tpn`)."""
    return singular, plural


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


# What a deck's pieces are called (`deck.pieces`), the first the default: a sentence that
# names them is written once for each, and said by the table below.
PIECES = ("cards", "tiles")


def tp(pieces: str, cards: str, tiles: str, /, **values: object) -> str:
    """The sentence for a deck of `pieces` in the current language: `cards` said of cards,
    `tiles` of tiles (each marked `N_`)."""
    said = {"cards": cards, "tiles": tiles}
    return t(said.get(pieces, cards), **values)


def tpn(pieces: str, cards: tuple[str, str], tiles: tuple[str, str], n: int, /, **values: object) -> str:
    """`tp` for a sentence with a count: each a singular and a plural (marked `Nn_`), in the
    current language's plural form for `n`."""
    singular, plural = {"cards": cards, "tiles": tiles}.get(pieces, cards)
    return tn(singular, plural, n, **values)


# Each sentence turned once into a %-template: `%` is the quickest way to fill one, and a
# verdict's sentences are on the hot path of every check.
_PERCENT: dict[str, str] = {}


def _percent(template: str) -> str:
    """`A {kind} of {n}` → `A %(kind)s of %(n)s` (as str.format reads the template)."""
    converted = _PERCENT[template] = "".join(
        literal.replace("%", "%%") + (f"%({name})s" if name is not None else "")
        for literal, name, _spec, _conversion in Formatter().parse(template))
    return converted


_QUOTES = {"en": ('"', '"'), "ru": ("«", "»"), "sv": ("”", "”"), "ro": ("„", "”")}


def quoted(text: str) -> str:
    """A value as written, in the language's quotation marks: `"8X"`, `«8X»`, `”8X”`, `„8X”`."""
    opening, closing = _QUOTES[_language.get()]
    return f"{opening}{text}{closing}"


def continued(sentence: str) -> str:
    """A full sentence put after a label and a colon (`Meld 2: ...`): Russian, Swedish and
    Romanian go on in lowercase there; English keeps its capital. A first word that is a
    card or a code (`KS`, `JSON`) keeps its letters."""
    if _language.get() == SOURCE or len(sentence) < 2 or not sentence[1].islower():
        return sentence
    return sentence[0].lower() + sentence[1:]


# A number that takes each plural form, in the catalogs' order (their Plural-Forms).
_PLURAL_SAMPLES = {"en": (1, 2), "sv": (1, 2), "ru": (1, 2, 5), "ro": (1, 2, 20)}


def plural_forms(singular: str, plural: str) -> list[str]:
    """Every plural form of a sentence in the current language, in its catalog's order, for a
    client that chooses among them by the language's rule (the page's script)."""
    code = _language.get()
    if code == SOURCE:
        return [singular, plural]
    return [catalog(code).ngettext(singular, plural, n) for n in _PLURAL_SAMPLES[code]]


def plural_rule() -> str:
    """How the current language chooses a plural form for a number `n`: its catalog's rule (the
    `plural=` of its Plural-Forms, a C expression whose value is the form's index), for a client
    that chooses among `plural_forms` itself (the page's script). English's is `(n != 1)`."""
    code = _language.get()
    forms = "" if code == SOURCE else catalog(code).info().get("plural-forms", "")
    rule = next((part.split("=", 1)[1] for part in forms.split(";") if part.strip().startswith("plural=")), "")
    return rule.strip() or "(n != 1)"


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


def closest(word: str, choices: Iterable[str]) -> str | None:
    """The one of `choices` closest to `word` (a misspelling's likely meaning), or None when none is close."""
    close = difflib.get_close_matches(word, list(choices), n=1)
    return close[0] if close else None


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """`; did you mean "winner"?` for the closest of `choices`, or nothing when none is close."""
    close = closest(word, choices)
    return t('; did you mean "{name}"?', name=close) if close else ""


def decks_in_play(decks: int, pieces: str = PIECES[0]) -> str:
    """`With 2 decks in play`, the start of a sentence about copies of a card; of tiles, `With
    1 set of tiles in play`."""
    return tpn(pieces, Nn_("With {n} deck in play", "With {n} decks in play"),
               Nn_("With {n} set of tiles in play", "With {n} sets of tiles in play"), decks)


# ---------------------------------------------------------------- cards in words

_RANK_PLURALS = {
    "en": {"A": "aces", "2": "deuces", "3": "threes", "4": "fours", "5": "fives", "6": "sixes", "7": "sevens",
           "8": "eights", "9": "nines", "10": "tens", "J": "jacks", "Q": "queens", "K": "kings", "JOKER": "jokers"},
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


# The plural with its definite article, where a language writes it as an ending (Romanian:
# `doiarii sunt cărți libere`, "the deuces are wild"); elsewhere the plural above serves.
_RANK_DEFINITE = {
    "ro": {"A": "așii", "2": "doiarii", "3": "treiarii", "4": "patrarii", "5": "cinciarii", "6": "șesarii",
           "7": "șeptarii", "8": "optarii", "9": "nouarii", "10": "zeciarii", "J": "valeții", "Q": "damele",
           "K": "popii", "JOKER": "jokerii"},
}

# Each language's names with the English ones behind them, looked up once a message.
_RANK_NAMES = {code: {**_RANK_PLURALS[SOURCE], **names} for code, names in _RANK_PLURALS.items()}
_RANK_DEFINITE_NAMES = {code: {**names, **_RANK_DEFINITE.get(code, {})} for code, names in _RANK_NAMES.items()}


def rank_plural(rank: str | None, definite: bool = False) -> str:
    """`sevens`, `семёрки`, `sjuor`, `șeptari`: a rank as a set of it is named at the table;
    `definite`: as the subject of a sentence about the rank (Romanian `șeptarii`)."""
    if rank is None:
        return ""
    names = _RANK_DEFINITE_NAMES if definite else _RANK_NAMES
    found = names[_language.get()].get(rank)  # the language is always one of them
    if found:
        return found
    return f"{rank}s" if _language.get() == SOURCE else rank  # a deck's own rank (`12`), as written


# The names the shipped decks give their other suits and colours, in each language: a deck's
# own name is said so where it is one of these, else as written.
_OWN_NAMES = {
    "ru": {"stars": "звёзды", "red": "красного цвета", "blue": "синего цвета", "green": "зелёного цвета",
           "yellow": "жёлтого цвета", "black": "чёрного цвета", "orange": "оранжевого цвета"},
    "sv": {"stars": "stjärnor", "red": "röd", "blue": "blå", "green": "grön", "yellow": "gul", "black": "svart",
           "orange": "orange"},
    "ro": {"stars": "stele", "red": "roșu", "blue": "albastru", "green": "verde", "yellow": "galben",
           "black": "negru", "orange": "portocaliu"},
}


def suit_name(suit: str | None, own: str | None = None) -> str:
    """`hearts`, `червы`: a suit in the language spoken. `own` is the name the game's deck gives
    the letter; a name other than the French suit's (Five Crowns' `stars`, Phase 10's `red`)
    is said in the language where the shipped decks' names are known, else as written."""
    if own is not None and own != _SUITS[SOURCE].get(suit or ""):
        return _OWN_NAMES.get(_language.get(), {}).get(own, own)
    names = _SUITS.get(_language.get(), _SUITS[SOURCE])
    return names.get(suit or "", str(suit))
