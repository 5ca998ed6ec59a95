"""Rulesets: list, read (JSON or YAML), create, validate."""

from __future__ import annotations

import json

import yaml
from flask import Response, current_app, request, url_for
from flask.views import MethodView
from flask_smorest import Blueprint
from werkzeug.routing import BaseConverter

from api import schemas
from api.catalog import Catalog
from api.problems import ApiError
from referee.describe import round_rules
from referee.errors import Problem, RulesetError
from referee.loader import schema

blp = Blueprint("rulesets", __name__, url_prefix="/v1/rulesets",
                description="Games and house variants as YAML rulesets.")

YAML_TYPES = ("application/yaml", "application/x-yaml", "text/yaml", "text/x-yaml")
# Fixed words of the paths under /v1/rulesets/ (the routes below): no ruleset may take one as
# its id, and the `{id}` routes never match one, so `GET /v1/rulesets/validate` is a 405.
ROUTE_WORDS = frozenset({"validate"})


class RulesetIdConverter(BaseConverter):
    """A ruleset id in a path: one segment that is not one of `ROUTE_WORDS`."""

    regex = "(?!(?:" + "|".join(sorted(ROUTE_WORDS)) + ")(?![^/]))[^/]+"


def ruleset_id_schema(converter: BaseConverter) -> dict[str, str]:
    """How the OpenAPI document shows a `ruleset_id` path parameter."""
    return {"type": "string"}


RULESET_BODY = {
    "required": True,
    "description": "A ruleset (ruleset-format.md), as YAML or JSON.",
    "content": {t: {"schema": {"type": "object"}} for t in ("application/json", "application/yaml")},
}


def catalog() -> Catalog:
    return current_app.extensions["referee.catalog"]  # type: ignore[no-any-return]


def ruleset_text() -> str:
    """The request body as text: JSON is read through the YAML reader to keep line numbers."""
    raw = request.get_data()
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise RulesetError(Problem("", "not_utf8", "the body is not UTF-8 text")) from None
    if request.mimetype == "application/json" and "\t" in text:
        try:
            text = json.dumps(json.loads(text), indent=1)
        except ValueError:
            raise ApiError(400, "The request body is not readable JSON.") from None
    return text


@blp.route("")
class Rulesets(MethodView):
    @blp.response(200, schemas.RulesetList)
    def get(self) -> dict[str, object]:
        """List the rulesets: shipped games, their variants, and uploaded ones."""
        return {"rulesets": [r.summary_row() for r in catalog().all()]}

    @blp.doc(requestBody=RULESET_BODY)
    @blp.response(201, description="The resolved ruleset (variants merged).")
    @blp.alt_response(409, description="The id is taken.")
    @blp.alt_response(422, description="Every loader error, with path, line and column.")
    def post(self) -> Response:
        """Add a ruleset. Stored rulesets are immutable."""
        ruleset_id, ruleset = catalog().add(ruleset_text())
        if ruleset is None:
            raise ApiError(409, f'a ruleset called "{ruleset_id}" already exists',
                           [Problem("id", "id_taken", f'"{ruleset_id}" is taken; choose another id')])
        response = current_app.json.response(ruleset.document())
        response.status_code = 201
        response.headers["Location"] = url_for("rulesets.Ruleset", ruleset_id=ruleset.id)
        return response


@blp.route("/validate")
class Validate(MethodView):
    @blp.doc(requestBody=RULESET_BODY)
    @blp.response(200, schemas.ValidateResult)
    def post(self) -> dict[str, object]:
        """Check a ruleset without storing it."""
        problems = catalog().validate(ruleset_text())
        return {"valid": not problems, "errors": [p.as_dict() for p in problems]}


@blp.route("/<ruleset_id:ruleset_id>")
class Ruleset(MethodView):
    @blp.response(200, description="The resolved ruleset, as JSON or (Accept: application/yaml) YAML.",
                  content_type="application/json")
    @blp.alt_response(404, description="No such ruleset.")
    def get(self, ruleset_id: str) -> Response:
        """Read one ruleset, variants merged."""
        document = catalog().get(ruleset_id).document()
        best = request.accept_mimetypes.best_match(["application/json", *YAML_TYPES],
                                                   default="application/json")
        if best in YAML_TYPES and request.accept_mimetypes[best] > request.accept_mimetypes["application/json"]:
            return Response(yaml.safe_dump(document, sort_keys=False, allow_unicode=True),
                            mimetype="application/yaml")
        return current_app.json.response(document)


@blp.route("/<ruleset_id:ruleset_id>/rounds/<int:number>")
class Round(MethodView):
    @blp.response(200, description="Round `number`'s resolved rules (the top level with the round's "
                                   "entry applied), with `round` and a one-line `summary` in words.",
                  content_type="application/json")
    @blp.alt_response(404, description="No such ruleset.")
    @blp.alt_response(422, description="No such round.")
    def get(self, ruleset_id: str, number: int) -> Response:
        """One round's rules, and a summary such as "Round 3: two sets of four; deuces wild"."""
        return current_app.json.response(round_rules(catalog().get(ruleset_id), number))


schemas_blp = Blueprint("schemas", __name__, url_prefix="/v1/schemas",
                        description="The ruleset JSON Schema, for editors.")


@schemas_blp.route("/ruleset.json")
class RulesetSchema(MethodView):
    @schemas_blp.response(200, description="The ruleset JSON Schema (2020-12): point an editor's "
                                           "`$schema` at this URL.", content_type="application/schema+json")
    def get(self) -> Response:
        """The JSON Schema that ruleset files follow."""
        response = current_app.json.response(schema())
        response.mimetype = "application/schema+json"
        return response
