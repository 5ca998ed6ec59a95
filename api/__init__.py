"""The HTTP service: `create_app()` builds it; there is no module-level app."""

from __future__ import annotations

from typing import Any

from flask import Flask, Response, current_app, request
from flask_smorest import Api
from flask_swagger_ui import get_swaggerui_blueprint

from api import checks, games, problems, rulesets
from api.catalog import Catalog
from api.problems import ApiError
from api.storage import Store
from referee.loader import default_library
from referee.planner import warm_up

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


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """Defaults, then `REFEREE_*` environment variables, then `test_config`."""
    app = Flask(__name__)
    app.config.from_mapping(DEFAULTS)
    app.config.from_prefixed_env("REFEREE")
    if test_config:
        app.config.update(test_config)
    app.json.sort_keys = False  # type: ignore[attr-defined]

    store = Store(str(app.config["DATABASE_URL"]))
    store.migrate()
    app.extensions["referee.store"] = store
    library = default_library()
    app.extensions["referee.catalog"] = Catalog(library.copy(), store)
    warm_up(library.all())

    api = Api(app, spec_kwargs={"info": {"description": "A rules-as-data referee and score sheet for card games."}})
    api.spec.components.security_scheme("bearer", {"type": "http", "scheme": "bearer"})
    api.register_blueprint(rulesets.blp)
    api.register_blueprint(checks.blp)
    api.register_blueprint(games.blp)
    problems.register(app)

    docs = get_swaggerui_blueprint("/docs", "/v1/openapi.json", config={"app_name": "referee API"})
    app.register_blueprint(docs)
    app.add_url_rule("/docs", "docs_root", app.view_functions[f"{docs.name}.show"])
    app.add_url_rule("/healthz", "healthz", _healthz)
    app.before_request(_check_body)
    return app


def _healthz() -> Response:
    store: Store = current_app.extensions["referee.store"]
    if not store.healthy():
        raise ApiError(503, "The database is not reachable.")
    return current_app.json.response({"status": "ok"})


def _check_body() -> None:
    """415 for a wrong content type, 400 for unreadable JSON, before any view parses."""
    if request.method not in BODY_METHODS or not request.path.startswith("/v1/"):
        return
    accepted = JSON_TYPES + (rulesets.YAML_TYPES if request.path in ("/v1/rulesets", "/v1/rulesets/validate") else ())
    if request.mimetype not in accepted:
        shown = request.mimetype or "none"
        raise ApiError(415, f"Send the body as {' or '.join(accepted[:2])} (got {shown}).")
    data = request.get_data(cache=True)
    if request.mimetype in JSON_TYPES and request.get_json(silent=True) is None:
        raise ApiError(400, "The request body is not readable JSON." if data else "The request body is empty.")
