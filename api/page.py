"""The table's page: a score sheet and referee for the phones at a real table.

Server-rendered shells (the game list is in the page itself); everything else is done by
the page's ES modules (`static/main.js` and what it imports) through the public `/v1` API,
so the page is also an example of a client. Nothing is loaded from another host.
"""

from __future__ import annotations

import gzip
import hashlib
import io
import ipaddress
import json
import re
from functools import lru_cache
from pathlib import Path
from urllib.parse import urlencode

import segno
from babel.messages.extract import extract
from flask import Blueprint, Response, current_app, redirect, render_template, request, url_for
from werkzeug.wrappers import Response as BaseResponse

from api.catalog import Catalog
from api.games import store
from api.problems import ApiError
from api.rulesets import catalog
from api.storage import token_matches
from referee import describe
from referee.values.errors import RefereeError
from referee.values.i18n import SOURCE, current, plural_forms, plural_rule, t

blp = Blueprint("page", __name__, template_folder="templates")  # assets: the app's /static


LANGUAGE_NAMES = (("en", "English"), ("ru", "Русский"), ("sv", "Svenska"), ("ro", "Română"))
SCRIPTS = Path(__file__).resolve().parent / "static"  # the page's modules, `*.js`
TEMPLATES = Path(__file__).resolve().parent / "templates"
WORKER = Path(__file__).resolve().parent / "worker" / "sw.js"  # the service worker, filled in below
THEME = "#0b5d3b"  # the page's accent (table.css), the installed app's bar
PAPER = "#fbfaf7"


@lru_cache(maxsize=1)
def script_sentences() -> tuple[tuple[str, ...], ...]:
    """The sentences the page's script shows: `w("...")` and `N_("...")`, and `wn("...",
    "...", n)` with a count (singular and plural), read from each of its modules."""
    found: list[tuple[str, ...]] = []
    for script in sorted(SCRIPTS.glob("*.js")):
        with script.open("rb") as source:
            for _, message, _, _ in extract("javascript", source, keywords={"w": None, "N_": None, "wn": (1, 2)}):
                parts = message if isinstance(message, tuple) else (message,)
                if all(isinstance(part, str) for part in parts):
                    found.append(parts)
    return tuple(dict.fromkeys(found))


_IMPORT = re.compile(r'^import \{[^}]*\} from "\./([\w-]+\.js)";$', re.MULTILINE)


@lru_cache(maxsize=1)
def script_modules() -> tuple[str, ...]:
    """Every module the page's entry (`main.js`) imports, directly or not, in the order they are
    found: named in each page (`modulepreload`) so that the browser asks for them all at once
    rather than a level of imports at a time."""
    found: dict[str, None] = {}
    todo = ["main.js"]
    while todo:
        name = todo.pop(0)
        for module in _IMPORT.findall((SCRIPTS / name).read_text(encoding="utf-8")):
            if module not in found and module != "main.js":
                found[module] = None
                todo.append(module)
    return tuple(found)


@blp.context_processor
def _words() -> dict[str, object]:
    """What every page needs to speak the request's language: `t`, the language, the switch's
    choices, and the script's sentences translated (none in English, the source); those with
    a count in each plural form of the language, and the catalog's rule that chooses the form
    for a number (the script evaluates it)."""
    english = current() == SOURCE
    words = {} if english else {s[0]: t(s[0]) for s in script_sentences() if len(s) == 1}
    plurals = {s[0]: plural_forms(*s) for s in script_sentences() if len(s) == 2}
    return {"t": t, "lang": current(), "languages": LANGUAGE_NAMES, "words": words, "plurals": plurals,
            "plural_rule": plural_rule(), "modules": script_modules()}


def _games(rulesets: Catalog) -> list[dict[str, object]]:
    """Every game a table may start, shipped first, with what the start form needs."""
    out = []
    for ruleset in sorted(rulesets.all(), key=lambda r: (not r.builtin, r.extends is not None, r.local_name)):
        out.append({"id": ruleset.id, "name": ruleset.local_name, "summary": describe.summary(ruleset),
                    "players_min": ruleset.players_min, "players_max": ruleset.players_max,
                    "players": ruleset.players_words, "variant": ruleset.extends is not None})
    return out


def _loopback(host: str) -> bool:
    """Whether a request's host (`name:port`, `[v6]:port`) names this machine only."""
    if host.startswith("["):
        name = host[1:host.find("]")]
    else:
        name = host.rsplit(":", 1)[0] if host.count(":") == 1 else host
    name = name.lower()
    if name == "localhost" or name.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def public_base() -> str:
    """The address other phones open this service at: the one this request used, except on
    the host itself (a loopback address), where `PUBLIC_URL` (set by `referee serve --lan`)
    names the machine's address on the network."""
    configured = str(current_app.config.get("PUBLIC_URL") or "").rstrip("/")
    if configured and _loopback(request.host):
        return configured
    return request.host_url.rstrip("/")


def qr_svg(text: str) -> str:
    """A QR code of `text` as an inline SVG (no words of its own: the page labels it)."""
    out = io.BytesIO()
    segno.make(text, error="m").save(out, kind="svg", border=2, xmldecl=False, svgns=True, svgclass="qr",
                                     lineclass=None, omitsize=True)  # a viewBox: the page sizes it
    return out.getvalue().decode()


@blp.route("/")
def index() -> str:
    """Pick a game, seat the players, start."""
    return render_template("index.html", games=_games(catalog()))


@blp.route("/games/<string:game_id>")
def game(game_id: str) -> tuple[str, int]:
    """One game's sheet and referee tools (the game itself is read from the API); a game that
    does not exist is a 404 page that says so."""
    found = store().read_game(game_id)
    if found is None:
        return render_template("missing.html", game_id=game_id), 404
    share = f"{public_base()}/games/{game_id}"
    return render_template("game.html", game_id=game_id, share=share, base=public_base(), qr=qr_svg(share),
                           name=_name(found[0].ruleset_id), ruleset_id=found[0].ruleset_id), 200


def _name(ruleset_id: str) -> str | None:
    """A ruleset's name in the request's language, drawn with the page's first paint (the page
    fills in the rest); None for one this service no longer has."""
    try:
        return catalog().get(ruleset_id).local_name
    except RefereeError:
        return None


@blp.route("/referee")
def referee_pick() -> BaseResponse:
    """The start page's "Ask the referee" form, sent without the script: to the ruleset's panel."""
    return redirect(url_for("page.referee", ruleset_id=request.args.get("ruleset", "")))


@blp.route("/rulesets/<string:ruleset_id>/referee")
def referee(ruleset_id: str) -> tuple[str, int]:
    """The referee's questions for one ruleset, with no game started: the game page's panel,
    for a table of a chosen size at a chosen round. A ruleset this service does not have is a
    404 page that says so."""
    name = _name(ruleset_id)
    if name is None:
        return render_template("missing.html", ruleset_id=ruleset_id), 404
    return render_template("referee.html", ruleset_id=ruleset_id, name=name), 200


@blp.route("/rulesets/new")
def house_new() -> tuple[str, int]:
    """The "House rule" screen: a variant of the game `from` names, written on the phone (the
    script does the rest through the API). A game this service does not have is a 404 page."""
    base_id = request.args.get("from", "")
    name = _name(base_id)
    if name is None:
        return render_template("missing.html", ruleset_id=base_id), 404
    return render_template("house.html", base_id=base_id, base_name=name, ruleset_id=None), 200


@blp.route("/rulesets/<string:ruleset_id>/edit")
def house_edit(ruleset_id: str) -> BaseResponse | tuple[str, int]:
    """The "House rule" screen for a stored variant: changed or deleted from the phone that
    saved it (its token), read elsewhere. A ruleset that extends nothing is no variant: a new
    house rule starts from it instead."""
    try:
        ruleset = catalog().get(ruleset_id)
    except RefereeError:
        return render_template("missing.html", ruleset_id=ruleset_id), 404
    if ruleset.extends is None:
        return redirect(f"{url_for('page.house_new')}?{urlencode({'from': ruleset_id})}")
    return render_template("house.html", base_id=ruleset.extends, base_name=_name(ruleset.extends),
                           ruleset_id=ruleset_id), 200


@blp.route("/games/<string:game_id>/hand-over.svg", methods=["POST"])
def hand_over_qr(game_id: str) -> Response:
    """The QR code of the hand-over link, which holds the game's token: asked for with that
    token (Authorization: Bearer), in a POST, so the token is in no address."""
    found = store().read_game(game_id)
    if found is None:
        raise ApiError(404, t('no game is called "{id}"', id=game_id))
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    if scheme.lower() != "bearer" or not token_matches(token.strip(), found[0].token_hash):
        raise ApiError(401, t("The token does not match this game."),
                       headers={"WWW-Authenticate": 'Bearer realm="referee", error="invalid_token"'})
    link = f"{public_base()}/games/{game_id}#token={token.strip()}"
    response = Response(qr_svg(link), content_type="image/svg+xml; charset=utf-8")
    response.headers["Cache-Control"] = "no-store"
    return response


@lru_cache(maxsize=1)
def worker_source() -> str:
    """The service worker with what it keeps before the first visit (the home page, every file
    of the page) and the name of its cache: a digest of the page's files, so that a release
    that changes any of them replaces the phone's kept copy."""
    files = sorted(p for p in SCRIPTS.iterdir() if p.is_file())
    digest = hashlib.sha256(WORKER.read_bytes())
    for path in [*files, *sorted(TEMPLATES.iterdir())]:
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    assets = ["/", *(f"/static/{p.name}" for p in files)]
    return (WORKER.read_text(encoding="utf-8").replace("__VERSION__", digest.hexdigest()[:16])
            .replace("__ASSETS__", json.dumps(assets)))


@blp.route("/sw.js")
def service_worker() -> Response:
    """The service worker, at the root so that its scope is the whole page; always asked anew,
    so a new release is found on the next visit."""
    response = Response(worker_source(), content_type="text/javascript; charset=utf-8")
    response.headers["Cache-Control"] = "no-cache"
    return response


@blp.route("/manifest.webmanifest")
def manifest() -> Response:
    """The web app manifest: the page installed on a phone's home screen, opened full-screen."""
    icon = "/static/icon"
    body = {"name": "referee", "short_name": "referee", "lang": current(),
            "description": t("A referee and score sheet for card and tile games at a real table."),
            "start_url": "/", "scope": "/", "display": "standalone", "orientation": "any",
            "background_color": PAPER, "theme_color": THEME,
            "icons": [{"src": f"{icon}-192.png", "sizes": "192x192", "type": "image/png", "purpose": "any"},
                      {"src": f"{icon}-512.png", "sizes": "512x512", "type": "image/png", "purpose": "any"},
                      {"src": f"{icon}-512.png", "sizes": "512x512", "type": "image/png", "purpose": "maskable"},
                      {"src": f"{icon}.svg", "sizes": "any", "type": "image/svg+xml", "purpose": "any"}]}
    return Response(json.dumps(body, ensure_ascii=False), content_type="application/manifest+json; charset=utf-8")
GZIP_LEAST = 1024  # bytes: a smaller page gains less than the header costs


@blp.after_request
def _no_store(response: Response) -> Response:
    """Pages name no secret, but a shared phone should not keep old sheets around. An HTML page
    goes gzipped to a browser that takes it (the start page lists every game: 22 KB, 5 KB
    gzipped), so the first paint waits on fewer round trips."""
    response.headers.setdefault("Cache-Control", "no-cache")
    response.vary.add("Accept-Encoding")
    if (response.mimetype == "text/html" and not response.direct_passthrough and "Content-Encoding" not in response.headers
            and request.accept_encodings.quality("gzip") > 0 and len(response.get_data()) >= GZIP_LEAST):
        response.set_data(gzip.compress(response.get_data(), compresslevel=6))
        response.headers["Content-Encoding"] = "gzip"
    return response
