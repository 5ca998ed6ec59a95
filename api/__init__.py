"""The HTTP service: `create_app()` builds it; there is no module-level app."""

from __future__ import annotations

import gc
from typing import Any

from flask import Flask, Response, current_app, jsonify
from flask_smorest import Api
from flask_swagger_ui import get_swaggerui_blueprint

from api import (
    checks,
    cors,
    games,
    language,
    mahjong,
    page,
    problems,
    rulesets,
    turns,
    variants,  # its routes join rulesets.blp
)
from api.bodies import JsonProvider, check_bodies
from api.catalog import Catalog
from api.problems import ApiError
from api.quick import QuickFlask
from api.storage import Store
from referee.loading.loader import default_library
from referee.planner import close_budget, open_budget, warm_up
from referee.values.i18n import t

DEFAULTS: dict[str, Any] = {
    "DATABASE_URL": "sqlite:///referee.db",
    "MAX_CONTENT_LENGTH": 1024 * 1024,
    "MAX_RULESETS": 1000,  # stored rulesets a server holds (REFEREE_MAX_RULESETS)
    "API_TITLE": "referee",
    "API_VERSION": "1",
    "OPENAPI_VERSION": "3.0.3",
    "OPENAPI_URL_PREFIX": "/v1",
    "OPENAPI_JSON_PATH": "openapi.json",
    "JSON_SORT_KEYS": False,
}
BODYLESS = frozenset({"games.finish_game", "games.rematch"})  # POST routes that take no body


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """Defaults, then `REFEREE_*` environment variables, then `test_config`."""
    app = QuickFlask(__name__)
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
    api.register_blueprint(rulesets.blp)  # with the routes of api.variants
    api.register_blueprint(rulesets.schemas_blp)
    api.register_blueprint(checks.blp)
    api.register_blueprint(turns.blp)
    api.register_blueprint(mahjong.blp)
    api.register_blueprint(games.blp)
    problems.register(app)
    cors.allow_other_origins(app)

    docs = get_swaggerui_blueprint("/docs", "/v1/openapi.json", config={"app_name": "referee API"})
    app.register_blueprint(docs)
    app.add_url_rule("/docs", "docs_root", app.view_functions[f"{docs.name}.show"])
    app.add_url_rule("/healthz", "healthz", _healthz)
    app.register_blueprint(page.blp)
    language.speak(app)
    app.before_request(_open_budget)
    app.teardown_request(_close_budget)
    app.before_request(variants.guard_writes)  # a write to a ruleset is refused before its body is read
    check_bodies(app, BODYLESS, {endpoint: rulesets.YAML_TYPES for endpoint in rulesets.YAML_ENDPOINTS})
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
