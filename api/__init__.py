"""The HTTP service: `create_app()` builds it; there is no module-level app."""

from __future__ import annotations

import gc
from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from flask import Flask, Response, current_app, jsonify, request
from flask_cors import CORS
from flask_smorest import Api, Blueprint
from flask_swagger_ui import get_swaggerui_blueprint

from api.bodies import JsonProvider, Parser, read_json

# Before the views are made: their arguments are read from the body parsed once, in _check_body.
Blueprint.ARGUMENTS_PARSER = Parser()

from api import checks, games, page, problems, quick, rulesets, turns
from api.catalog import Catalog
from api.problems import ApiError
from api.storage import Store
from referee.loading.loader import default_library
from referee.planner import close_budget, open_budget, warm_up
from referee.values.i18n import choose, current, set_language, t

DEFAULTS: dict[str, Any] = {
    "DATABASE_URL": "sqlite:///referee.db",
    "MAX_CONTENT_LENGTH": 1024 * 1024,
    "API_TITLE": "referee",
    "API_VERSION": "1",
    "OPENAPI_VERSION": "3.0.3",
    "OPENAPI_URL_PREFIX": "/v1",
    "OPENAPI_JSON_PATH": "openapi.json",
    "JSON_SORT_KEYS": False,
}
JSON_TYPES = ("application/json",)
BODY_METHODS = ("POST", "PUT", "PATCH")
BODYLESS = frozenset({"games.finish_game"})  # POST routes that take no body
DRAIN_AFTER_LIMIT = 4 * 1024 * 1024  # read past the limit so a client still sending sees the 413


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """Defaults, then `REFEREE_*` environment variables, then `test_config`."""
    app = Flask(__name__)
    app.config.from_mapping(DEFAULTS)
    app.config.from_prefixed_env("REFEREE")
    if test_config:
        app.config.update(test_config)
    app.json = JsonProvider(app)

    # An empty REFEREE_DATABASE_URL means the default, as if it were not set.
    use_database(app, str(app.config["DATABASE_URL"] or DEFAULTS["DATABASE_URL"]))
    warm_up(default_library().all())

    app.url_map.converters["ruleset_id"] = rulesets.RulesetIdConverter
    api: Api = problems.ProblemApi(app, spec_kwargs={"info": {"description": "A rules-as-data referee and score sheet for card games."}})
    api.register_converter(rulesets.RulesetIdConverter, rulesets.ruleset_id_schema)
    api.spec.components.security_scheme("bearer", {"type": "http", "scheme": "bearer"})
    api.register_blueprint(rulesets.blp)
    api.register_blueprint(rulesets.schemas_blp)
    api.register_blueprint(checks.blp)
    api.register_blueprint(turns.blp)
    api.register_blueprint(games.blp)
    problems.register(app)
    # Browser apps on other origins may read and check; writes still need the game's token.
    CORS(app, resources={r"/v1/*": {"origins": "*"}}, expose_headers=["ETag", "Location"],
         allow_headers=["Authorization", "Content-Type", "If-Match", "If-None-Match", "Idempotency-Key"])

    docs = get_swaggerui_blueprint("/docs", "/v1/openapi.json", config={"app_name": "referee API"})
    app.register_blueprint(docs)
    app.add_url_rule("/docs", "docs_root", app.view_functions[f"{docs.name}.show"])
    app.add_url_rule("/healthz", "healthz", _healthz)
    app.register_blueprint(page.blp)
    app.before_request(_choose_language)
    app.before_request(_open_budget)
    app.teardown_request(_close_budget)
    app.before_request(_check_body)
    app.after_request(_say_language)
    quick.speed_up(app)
    # What is made at start lives as long as the process: the garbage collector need not walk
    # it again each time a request makes many objects (a 1 MiB body: 4x less time).
    gc.freeze()
    return app


def use_database(app: Flask, url: str) -> None:
    """Keep the app's games and uploaded rulesets in the database at `url`, brought to the
    newest migration: the store, and the catalog of rulesets it reads stored ones from (all
    that the app holds of its data; a test may point an app it keeps at a new database)."""
    store = Store(url)
    store.migrate()
    app.config["DATABASE_URL"] = url
    app.extensions["referee.store"] = store
    app.extensions["referee.catalog"] = Catalog(default_library().copy(), store, reserved=rulesets.ROUTE_WORDS)


def answer_language(asked: str | None, accepted: Iterable[tuple[str, float]]) -> str:
    """The answer's language: `asked` (`?lang=`, else the table page's choice, its `lang`
    cookie) where it is one the referee speaks, else the best of `accepted` (`Accept-Language`
    with its weights, best first; a weight of 0 refuses the language), else English."""
    return choose([asked or "", *(lang for lang, quality in accepted if quality > 0)])


def _choose_language() -> None:
    """Speak the request's language. Codes, paths and field names stay as they are; only
    sentences are translated."""
    environ = request.environ
    set_language(_answer_language_kept(request.args.get("lang") if environ.get("QUERY_STRING") else None,
                                       environ.get("HTTP_COOKIE"), environ.get("HTTP_ACCEPT_LANGUAGE")))


@lru_cache(maxsize=quick.LANGUAGE_CHOICES_KEPT)
def _answer_language_kept(asked: str | None, cookie: str | None, accept_language: str | None) -> str:
    return answer_language(*quick.asked_and_accepted(asked, cookie, accept_language))


def _say_language(response: Response) -> Response:
    response.headers["Content-Language"] = current()
    if "Vary" not in response.headers:
        response.headers["Vary"] = "Accept-Language, Cookie"  # what the two lines below write
        return response
    response.vary.add("Accept-Language")
    response.vary.add("Cookie")  # the table page's language choice
    return response


def _open_budget() -> None:
    """Every search the request makes spends one planning budget (CPU time of its thread)."""
    open_budget()


def _close_budget(_error: BaseException | None) -> None:
    close_budget()


def _healthz() -> Response:
    store: Store = current_app.extensions["referee.store"]
    if not store.healthy():
        raise ApiError(503, t("The database is not reachable."))
    return jsonify({"status": "ok"})


def _check_body() -> None:
    """415 for a wrong content type, 413 past 1 MiB, 400 for unreadable JSON (see api.bodies),
    before any view parses.

    An address the routes do not know, or a method they do not have, is left to routing
    (404, 405 with `Allow`) whatever the body.
    """
    if request.routing_exception is not None:
        return
    if request.method not in BODY_METHODS or not request.path.startswith("/v1/"):
        return
    if request.endpoint in BODYLESS and not request.content_length and not request.mimetype:
        return  # a write that takes no body, sent without one
    accepted = JSON_TYPES + (rulesets.YAML_TYPES if request.path in ("/v1/rulesets", "/v1/rulesets/validate") else ())
    if request.mimetype not in accepted:
        raise ApiError(415, t("Send the body as {types} (got {got}).", types=t(" or ").join(accepted[:2]),
                              got=request.mimetype or t("none")))
    data = _read_body()
    if request.mimetype not in JSON_TYPES:
        return
    parsed = read_json(data)
    if parsed is None:
        raise ApiError(400, t("The request body is not readable JSON."))
    request._cached_json = (parsed, parsed)  # the views read it, parsed once


def _read_body() -> bytes:
    """The body, read once and cached for the views; 413 once it is past the limit.

    A body with a Content-Length over the limit is refused by Werkzeug before it is read. A
    body without one (`Transfer-Encoding: chunked`) is read through a stream that stops at
    the limit without a word, so one byte more is asked for: if it comes, the body is over.
    """
    data = request.get_data(cache=True)
    limit = current_app.config["MAX_CONTENT_LENGTH"]
    if request.content_length is None and limit is not None and len(data) >= limit:
        source = request.environ["wsgi.input"]
        extra = source.read(1)
        if extra:
            drained = len(extra)
            while extra and drained < DRAIN_AFTER_LIMIT:
                extra = source.read(64 * 1024)
                drained += len(extra)
            raise ApiError(413, t("The request body is over the limit of {size} MiB.", size=limit // (1024 * 1024)))
    return data
