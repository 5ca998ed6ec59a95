"""The language of an answer: chosen once per request, said in `Content-Language`.

`?lang=` (else the table page's choice, its `lang` cookie) where it is one the referee speaks,
else the best of `Accept-Language`, else English. Codes, paths and field names stay as they
are; only sentences are translated. The app chooses in a hook (`speak`), and the serving
layer, which answers some requests before the app sees them, chooses the same way from the
raw request (`scope_language`). The same few header values come again and again, so the
choice is kept per (`?lang=`, `Cookie`, `Accept-Language`) for the last `CHOICES_KEPT`.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from urllib.parse import parse_qs

from flask import Flask, Response, request
from werkzeug.datastructures import LanguageAccept
from werkzeug.http import parse_accept_header, parse_cookie

from api.asgi import Scope, header
from referee.values.i18n import choose, current, set_language

CHOICES_KEPT = 512
VARY = "Accept-Language, Cookie"  # what the choice reads (the cookie: the table page's choice)


def answer_language(asked: str | None, accepted: Iterable[tuple[str, float]]) -> str:
    """The answer's language: `asked` (`?lang=`, else the table page's choice, its `lang`
    cookie) where it is one the referee speaks, else the best of `accepted` (`Accept-Language`
    with its weights, best first; a weight of 0 refuses the language), else English."""
    return choose([asked or "", *(lang for lang, quality in accepted if quality > 0)])


@lru_cache(maxsize=CHOICES_KEPT)
def _kept(asked: str | None, cookie: str | None, accept_language: str | None) -> str:
    """The choice for these raw values, read as Werkzeug's `request.cookies` and
    `request.accept_languages` read them."""
    asked = asked or (parse_cookie(cookie).get("lang") if cookie else None)
    return answer_language(asked, parse_accept_header(accept_language, LanguageAccept))


def speak(app: Flask) -> None:
    """Answer each request of `app` in its language."""
    app.before_request(_choose)
    app.after_request(_say)


def _choose() -> None:
    environ = request.environ
    set_language(_kept(request.args.get("lang") if environ.get("QUERY_STRING") else None,
                       environ.get("HTTP_COOKIE"), environ.get("HTTP_ACCEPT_LANGUAGE")))


def _say(response: Response) -> Response:
    headers = response.headers
    headers.add("Content-Language", current())  # added, not set: nothing else writes it
    # `getlist`, not `in`: Werkzeug answers `in` for a header that is not there by raising a KeyError
    if not headers.getlist("Vary"):
        headers.add("Vary", VARY)  # written whole: what the two lines below write
        return response
    response.vary.add("Accept-Language")
    response.vary.add("Cookie")
    return response


def scope_language(scope: Scope) -> str:
    """The language the app would answer this request in, read from the raw ASGI request: the
    serving layer answers some requests (a stalled body, a search refused) before the app."""
    asked = parse_qs(scope.get("query_string", b"").decode("latin-1")).get("lang", [None])[0] \
        or parse_cookie(header(scope, b"cookie").lower()).get("lang")
    accepted = parse_accept_header(header(scope, b"accept-language").lower(), LanguageAccept)
    return answer_language(asked, accepted)
