"""House rules over HTTP: a stored variant replaced or deleted with its token, what a ruleset
changes against its base, and any check asked of a ruleset that is not stored (a draft)."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import quote

from flask import Response, current_app, g, request
from werkzeug.exceptions import MethodNotAllowed, NotFound

from api import rulesetschemas
from api.catalog import Conflict, drafting
from api.problems import ApiError, answers
from api.rulesets import (
    RESOLVED_SCHEMA,
    RULESET_BODY,
    answer_ruleset,
    blp,
    catalog,
    ruleset_text,
)
from api.searches import searches
from api.storage import RulesetRow, token_matches
from referee.changes import changes
from referee.loading.yamlread import YamlError, read
from referee.values.errors import InvalidPlayError, Problem, RulesetError
from referee.values.i18n import t

# The blueprints whose views a draft may ask: the checks, the turns, the scores and Mahjong's checks.
DRAFTABLE = frozenset({"checks", "turns", "mahjong"})
DRAFT_BODY = {
    "required": True,
    "description": "The check's own body (as `POST /v1/rulesets/{id}/{check}` takes it) plus `ruleset`: a "
                   "ruleset that is not stored, as a JSON object or as YAML text.",
    "content": {"application/json": {"schema": {
        "type": "object", "required": ["ruleset"], "additionalProperties": True,
        "properties": {"ruleset": {"oneOf": [{"type": "object", "additionalProperties": True},
                                             {"type": "string", "maxLength": 1024 * 1024}]}},
        "example": {"ruleset": {"id": "garbage-kings", "extends": "garbage", "wilds": {"ranks": ["K"]}},
                    "layout": ["down", "down", "down", "down", "down", "down", "down", "down", "down", "down"],
                    "card": "KS"}}}},
}
CHECK_ANSWER = {"type": "object", "additionalProperties": True,
                "description": "The check's answer under the draft, exactly as the stored check gives it."}
WRITES = frozenset({"rulesets.replace_ruleset", "rulesets.delete_ruleset"})
UNAUTHORIZED = {"WWW-Authenticate": 'Bearer realm="referee"'}


@blp.route("/<ruleset_id:ruleset_id>", methods=["PUT"])
@blp.doc(requestBody=RULESET_BODY, security=[{"bearer": []}])
@blp.response(200, RESOLVED_SCHEMA, description="The resolved ruleset (variants merged), as replaced.")
@answers(blp, 400, 401, (404, "No such ruleset."),
         (409, "A built-in ruleset, or a stored variant the replacement would break (named)."),
         413, 415, (422, "Every loader error, with path, line and column; an `id` other than the path's."))
def replace_ruleset(ruleset_id: str) -> Response:
    """Replace a stored ruleset, with the token its `POST` answered. Its stored variants follow it."""
    row: RulesetRow = g.ruleset_row
    text = ruleset_text()
    _same_id(text, ruleset_id)
    try:
        ruleset = catalog().replace(row, text)
    except Conflict as exc:
        raise _conflict(exc, t('"{variant}" extends "{id}" and would break: {problem}', variant=exc.ruleset_id,
                               id=ruleset_id, problem=exc.problems[0].message if exc.problems else "")) from None
    return answer_ruleset(ruleset, 200)


@blp.route("/<ruleset_id:ruleset_id>", methods=["DELETE"])
@blp.doc(security=[{"bearer": []}])
@blp.response(204, description="Deleted. Games already created keep their copy.")
@answers(blp, 401, (404, "No such ruleset."),
         (409, "A built-in ruleset, or one another stored ruleset extends (named)."))
def delete_ruleset(ruleset_id: str) -> Response:
    """Delete a stored ruleset, with the token its `POST` answered."""
    row: RulesetRow = g.ruleset_row
    try:
        catalog().delete(row)
    except Conflict as exc:
        raise _conflict(exc, t('"{variant}" extends "{id}": delete or change it first', variant=exc.ruleset_id,
                               id=ruleset_id)) from None
    return Response(status=204)


@blp.route("/<ruleset_id:ruleset_id>/changes")
@blp.response(200, rulesetschemas.RulesetChanges)
@answers(blp, (404, "No such ruleset."))
def ruleset_changes(ruleset_id: str) -> dict[str, object]:
    """What a variant changes against the ruleset it extends, field by field, in words."""
    ruleset = catalog().get(ruleset_id)
    return {"extends": ruleset.extends,
            "changes": [c.as_dict() for c in changes(ruleset, catalog().base_of(ruleset))]}


@blp.route("/draft/<path:check>", methods=["POST"])
@blp.doc(requestBody=DRAFT_BODY)
@blp.response(200, CHECK_ANSWER, description="The check's answer under the draft.")
@answers(blp, 400, (404, "No such check."), 405, 413, 415,
         (422, "The draft's problems, each under `ruleset`; or the check's own refusal."))
@searches(blp)
def draft_check(check: str) -> Any:
    """Ask any check of a ruleset that is not stored: `draft/melds/check`, `draft/scores`, ..."""
    body = request.get_json()
    if not isinstance(body, dict):
        raise InvalidPlayError(Problem("", "invalid_type", t("the body is an object holding the check's fields "
                                                             "and the ruleset")))
    ruleset = _draft(body.get("ruleset"))
    endpoint, args = _check_route(check, ruleset.id)
    rest = {key: value for key, value in body.items() if key != "ruleset"}
    request._cached_json = (rest, rest)  # the check reads its own fields, as api.bodies keeps them
    request.view_args = args
    with drafting(ruleset):
        return current_app.ensure_sync(current_app.view_functions[endpoint])(**args)


def guard_writes() -> None:
    """Before a write to a ruleset reads its body: the ruleset it names, writable with the
    request's token (`g.ruleset_row`), else its refusal."""
    if request.endpoint in WRITES and request.view_args is not None:
        g.ruleset_row = _writable(request.view_args["ruleset_id"])


def _writable(ruleset_id: str) -> RulesetRow:
    """The stored ruleset a write names, once its token is shown: 409 for a built-in one (before
    anything else), 404 for none, 401 without its token (one stored before tokens has none)."""
    if ruleset_id in catalog().builtin:
        raise ApiError(409, t('"{id}" is built in and cannot be changed; write a variant that extends it',
                              id=ruleset_id), [Problem("", "builtin_ruleset", t("a built-in ruleset is read-only"))])
    row = catalog().stored(ruleset_id)
    if row is None:
        raise catalog().unknown(ruleset_id)
    header = request.headers.get("Authorization", "")
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ApiError(401, t("Changing a ruleset needs its token: Authorization: Bearer <token>."),
                       headers=UNAUTHORIZED)
    if row.token_hash is None or not token_matches(token.strip(), row.token_hash):
        raise ApiError(401, t("The token does not match this ruleset.") if row.token_hash else
                       t("This ruleset was stored before rulesets had tokens: it is read-only."),
                       headers={"WWW-Authenticate": 'Bearer realm="referee", error="invalid_token"'})
    return row


def _same_id(text: str, ruleset_id: str) -> None:
    """A 422 at `id` where the file names another ruleset than the path."""
    try:
        doc = read(text)
    except YamlError:
        return  # loading says why
    claimed = doc.data.get("id") if isinstance(doc.data, dict) else None
    if isinstance(claimed, str) and claimed != ruleset_id:
        line, column = doc.position(("id",))
        raise RulesetError(Problem("id", "id_mismatch", t(
            'the file\'s id is "{claimed}" but the address names "{id}"; a ruleset keeps its id',
            claimed=claimed, id=ruleset_id), line, column))


def _conflict(exc: Conflict, detail: str) -> ApiError:
    return ApiError(409, detail, [Problem("", "ruleset_in_use", detail)])


def _draft(value: object) -> Any:
    """The draft a request carries in `ruleset`, read and checked; its problems under `ruleset`."""
    if value is None:
        raise InvalidPlayError(Problem("ruleset", "missing_field", t("give the ruleset to try, as an object or "
                                                                     "as YAML text")))
    if not isinstance(value, (dict, str)):
        raise InvalidPlayError(Problem("ruleset", "invalid_type", t("a ruleset is an object, or YAML text")))
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, indent=1)
    try:
        return catalog().load(text)
    except RulesetError as exc:
        raise RulesetError([Problem(_under("ruleset", p.path), p.code, p.message, p.line, p.column)
                            for p in exc.problems]) from None


def _under(field: str, path: str) -> str:
    return f"{field}{path}" if path.startswith("[") else f"{field}.{path}" if path else field


def _check_route(check: str, ruleset_id: str) -> tuple[str, dict[str, Any]]:
    """The endpoint of the check `check` names, and its arguments, for the ruleset `ruleset_id`."""
    adapter = current_app.url_map.bind("localhost")
    try:
        endpoint, args = adapter.match(f"/v1/rulesets/{quote(ruleset_id, safe='')}/{check}", "POST")
    except (NotFound, MethodNotAllowed):
        endpoint, args = "", {}
    if not isinstance(endpoint, str) or endpoint.partition(".")[0] not in DRAFTABLE:
        raise ApiError(404, t('no check is called "{check}"', check=check))
    return endpoint, dict(args)
