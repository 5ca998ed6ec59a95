"""One error handler: every error becomes RFC 9457 problem JSON with `errors` (path, code, message).

Views never build error bodies: they raise `RefereeError`s (from the engine) or `Problem`
below, and webargs/marshmallow validation errors arrive as 422s that are translated here.
"""

from __future__ import annotations

import http
import logging
import re
from collections.abc import Callable, Iterator
from string import Formatter
from typing import Any

from flask import Flask, Response, jsonify, request
from flask_smorest import Api
from flask_smorest.utils import prepare_response
from marshmallow import Schema
from marshmallow import fields as ma_fields
from werkzeug.exceptions import HTTPException

from api import answerschemas, schemas
from api.blueprint import Blueprint
from referee.values.errors import (
    GameStateError,
    InvalidCardError,
    InvalidPlayError,
    RefereeError,
    RulesetError,
    UnknownRulesetError,
)
from referee.values.errors import (
    Problem as EngineProblem,
)
from referee.values.i18n import N_, SOURCE, current, did_you_mean, t, tn

log = logging.getLogger("referee.api")
BASE = "https://referee.example/problems/"

_TITLES = {
    400: ("unreadable-body", N_("Unreadable request body")),
    401: ("unauthorized", N_("Missing or wrong token")),
    404: ("not-found", N_("Not found")),
    405: ("method-not-allowed", N_("Method not allowed")),
    408: ("request-timeout", N_("Request timeout")),
    409: ("conflict", N_("Conflict")),
    412: ("precondition-failed", N_("The game changed since you read it")),
    413: ("body-too-large", N_("Request body too large")),
    415: ("unsupported-media-type", N_("Unsupported content type")),
    422: ("invalid-request", N_("Invalid request")),
    500: ("internal-error", N_("Internal server error")),
}
_OTHER = ("error", N_("Error"))

_STATUS_BY_ERROR: list[tuple[type[RefereeError], int]] = [
    (UnknownRulesetError, 404), (GameStateError, 409), (InvalidCardError, 422),
    (RulesetError, 422), (InvalidPlayError, 422), (RefereeError, 422),
]


PROBLEM_TYPE = "application/problem+json"
# What each status means on any operation that may answer it (an operation may say more).
MEANINGS = {
    400: "Unreadable body: not JSON, empty, or nested too deep.",
    401: "Missing or wrong token, of the game or of the ruleset (`Authorization: Bearer <token>`).",
    404: "No such ruleset or game.",
    405: "Not a method of this address (`Allow` lists those it has).",
    408: "The body stalled (answered by the server layer, with `Connection: close`).",
    409: "A state conflict: the game is finished, no buys are left, the id is taken, or the "
         "Idempotency-Key was used for another request.",
    412: "Stale `If-Match`: the game has changed since it was read.",
    413: "The body is over 1 MiB.",
    415: "The body is not `application/json` (or YAML where a ruleset is sent).",
    422: "Well-formed but invalid input; `errors` names each problem.",
}
BODY_ERRORS = (400, 408, 413, 415, 422)


class ProblemApi(Api):  # type: ignore[misc]  # flask-smorest publishes no types: Api is Any
    """flask-smorest's Api with its error answers documented as problem JSON, as sent."""

    ERROR_SCHEMA = answerschemas.Problem

    def _register_responses(self) -> None:
        for status in http.HTTPStatus:
            response: dict[str, Any] = {"description": status.phrase}
            if status >= 400:
                response["schema"] = self.ERROR_SCHEMA
            prepare_response(response, self.spec, PROBLEM_TYPE)
            self.spec.components.response(status.name, response, lazy=True)
        response = {"description": "Unexpected error (500 and the like).", "schema": self.ERROR_SCHEMA}
        prepare_response(response, self.spec, PROBLEM_TYPE)
        self.spec.components.response(self.DEFAULT_ERROR_RESPONSE_NAME, response, lazy=True)


def answers(blp: Blueprint, *statuses: int | tuple[int, str]) -> Callable[[Any], Any]:
    """Document the problem answers a view may give: a status, or (status, what it means here)."""
    def decorate(view: Any) -> Any:
        for item in statuses:
            status, description = item if isinstance(item, tuple) else (item, MEANINGS[item])
            view = blp.alt_response(status, schema=answerschemas.Problem, content_type=PROBLEM_TYPE,
                                    description=description)(view)
        return view
    return decorate


class ApiError(Exception):
    """An HTTP error raised by a view: a status, a sentence, and optional located problems."""

    def __init__(self, status: int, detail: str, errors: list[EngineProblem] | None = None,
                 headers: dict[str, str] | None = None) -> None:
        super().__init__(detail)
        self.status = status
        self.detail = detail
        self.errors = errors or []
        self.headers = headers or {}


MAX_ERRORS = 50  # a problem lists at most this many errors; its detail says how many there were


def problem_document(status: int, detail: str, errors: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """An RFC 9457 problem body (also built outside Flask, by the server layer); the title in the
    current language, the `type` the same in every language. Past `MAX_ERRORS` errors, the
    first are listed and the detail counts them all."""
    slug, title = _TITLES.get(status, _OTHER)
    if errors is not None and len(errors) > MAX_ERRORS:
        detail = tn("{n} problem in the request; the first {listed} are listed",
                    "{n} problems in the request; the first {listed} are listed", len(errors),
                    listed=MAX_ERRORS)
        errors = errors[:MAX_ERRORS]
    body: dict[str, Any] = {"type": BASE + slug, "title": t(title), "status": status, "detail": detail}
    if errors is not None:
        body["errors"] = errors
    return body


def problem_response(status: int, detail: str, errors: list[dict[str, Any]] | None = None,
                     headers: dict[str, str] | None = None) -> Response:
    response = jsonify(problem_document(status, detail, errors))
    response.status_code = status
    response.mimetype = "application/problem+json"
    for name, value in (headers or {}).items():
        response.headers[name] = value
    return response


def _count(errors: list[dict[str, Any]]) -> str:
    return tn("{n} problem in the request", "{n} problems in the request", len(errors))


# The sentences marshmallow writes for the request schemas (its default messages, with the
# schemas' limits as placeholders, and the schemas' own): each a template of the English message
# it matches, said again in the request's language. The code is read from the English.
MARSHMALLOW_SENTENCES = (
    N_("Missing data for required field."),
    N_("Field may not be null."),
    N_("Invalid value."),
    N_("Unknown field."),
    N_("Invalid input type."),
    N_("Invalid type."),
    N_("Not a valid string."),
    N_("Not a valid utf-8 string."),
    N_("Not a valid integer."),
    N_("Not a valid number."),
    N_("Number too large."),
    N_("Not a valid boolean."),
    N_("Not a valid list."),
    N_("Not a valid mapping type."),
    N_("Length must be between {min} and {max}."),
    N_("Length must be {equal}."),
    N_("Shorter than minimum length {min}."),
    N_("Longer than maximum length {max}."),
    N_("Must be greater than or equal to {min} and less than or equal to {max}."),
    N_("Must be greater than or equal to {min}."),
    N_("Must be less than or equal to {max}."),
    N_("Must be one of: {choices}."),
    schemas.NAME_RULE,
)


def _template_pattern(template: str) -> re.Pattern[str]:
    """`Length must be {equal}.` → a pattern that matches the filled-in sentence, naming its values."""
    return re.compile("".join(re.escape(literal) + (f"(?P<{name}>.+?)" if name else "")
                              for literal, name, _spec, _conversion in Formatter().parse(template)))


# The longest templates first: "Length must be between 1 and 20." is not "Length must be {equal}."
_MARSHMALLOW = [(_template_pattern(s), s) for s in sorted(MARSHMALLOW_SENTENCES, key=len, reverse=True)]


def marshmallow_sentence(message: str) -> str:
    """A marshmallow message in the current language (as it is when it is not one of
    `MARSHMALLOW_SENTENCES`)."""
    if current() == SOURCE:
        return message
    for pattern, template in _MARSHMALLOW:
        found = pattern.fullmatch(message)
        if found:
            return t(template, **found.groupdict())
    return message


def _marshmallow_code(message: str) -> str:
    if "Missing data" in message:
        return "required"
    if message.startswith("Unknown field"):
        return "unknown_field"
    if message.startswith(("Not a valid", "Invalid input type")):
        return "invalid_type"
    if message.startswith("Must be") or "greater than" in message or "less than" in message \
            or "Length must" in message or "Shorter than" in message or "Longer than" in message:
        return "out_of_range"
    if message.startswith("Field may not be null"):
        return "null"
    return "invalid"


def _unknown_last(item: tuple[Any, Any]) -> tuple[bool, str]:
    key, value = item
    unknown = isinstance(value, list) and len(value) == 1 and str(value[0]).startswith("Unknown field")
    return unknown, str(key) if unknown else ""


def _flatten(messages: Any, path: str = "") -> Iterator[dict[str, Any]]:
    """webargs/marshmallow nested messages → `{"path", "code", "message"}` rows."""
    if isinstance(messages, dict):
        # marshmallow finds unknown fields as a set: they are listed by name, after the rest, so
        # that the same body always gets the same answer
        for key, value in sorted(messages.items(), key=_unknown_last):
            if key in ("json", "_schema") and not path or key in ("value", "key") and path:
                yield from _flatten(value, path)
            elif isinstance(key, int) or (isinstance(key, str) and key.isdigit()):
                yield from _flatten(value, f"{path}[{key}]")
            else:
                yield from _flatten(value, f"{path}.{key}" if path else str(key))
    elif isinstance(messages, list):
        if all(isinstance(m, str) for m in messages):
            for m in messages:
                yield {"path": path, "code": _marshmallow_code(m), "message": marshmallow_sentence(m)}
        else:
            for m in messages:
                yield from _flatten(m, path)
    else:
        yield {"path": path, "code": "invalid", "message": marshmallow_sentence(str(messages))}


# ---------------------------------------------------------------- did you mean, for an unknown field

_SUGGESTED = MAX_ERRORS  # unknown fields worded with a suggestion: those a problem lists
_NAMED = 64  # characters of an unknown field's name its sentence repeats


def _suggested(errors: list[dict[str, Any]], schema: object) -> list[dict[str, Any]]:
    """Each unknown field named, with the closest field the schema knows at that place:
    `"frist_meld_done" is not a field here; did you mean "first_meld_done"?`."""
    if not isinstance(schema, Schema):
        return errors
    worded = 0
    for row in errors:
        if row["code"] != "unknown_field" or worded == _SUGGESTED:
            continue
        keys = re.findall(r"[^.\[\]]+", row["path"])
        if not keys:
            continue
        known = _fields_at(schema, keys[:-1])
        if known is None:
            continue
        worded += 1
        name = keys[-1] if len(keys[-1]) <= _NAMED else keys[-1][:_NAMED] + "…"  # the path has it whole
        row["message"] = t('"{field}" is not a field here', field=name) + did_you_mean(keys[-1][:_NAMED * 2], known)
    return errors


def _fields_at(schema: Schema, keys: list[str]) -> list[str] | None:
    """The fields a body may give at the place `keys` lead to from `schema` (`table[0]`: the
    fields of one item of `table`), or None where no schema is known there."""
    index = 0
    while index < len(keys):
        field: ma_fields.Field[Any] | None = _by_key(schema).get(keys[index])
        index += 1
        while not isinstance(field, ma_fields.Nested):  # a list's index, a mapping's key: the next key
            if isinstance(field, ma_fields.List) and index < len(keys):
                field = field.inner
            elif isinstance(field, ma_fields.Dict) and field.value_field is not None and index < len(keys):
                field = field.value_field
            else:
                return None
            index += 1
        schema = field.schema
    return list(_by_key(schema))


def _by_key(schema: Schema) -> dict[str, ma_fields.Field[Any]]:
    """A schema's fields as a body writes them (their `data_key`), those it may send."""
    return {f.data_key or name: f for name, f in schema.fields.items() if not f.dump_only}


def register(app: Flask) -> None:
    """Install the handlers; called after flask-smorest so these take precedence."""

    @app.errorhandler(RefereeError)
    def _referee(error: RefereeError) -> Response:
        status = next(s for cls, s in _STATUS_BY_ERROR if isinstance(error, cls))
        errors = [p.as_dict() for p in error.problems]
        detail = error.problems[0].message if len(errors) == 1 and status != 422 else _count(errors)
        return problem_response(status, detail, errors)

    @app.errorhandler(ApiError)
    def _api(error: ApiError) -> Response:
        return problem_response(error.status, error.detail,
                                [p.as_dict() for p in error.errors] or None, error.headers)

    @app.errorhandler(HTTPException)
    def _http(error: HTTPException) -> Response:
        status = error.code or 500
        data = getattr(error, "data", None) or {}
        if status == 422 and "messages" in data:
            errors = _suggested(list(_flatten(data["messages"])), data.get("schema"))
            return problem_response(422, _count(errors), errors)
        headers = {}
        if status == 405:
            allowed = getattr(error, "valid_methods", None) or []
            headers["Allow"] = ", ".join(sorted(allowed))
            message = t("{method} is not a method of this address; it has {allowed}", method=request.method,
                        allowed=headers["Allow"] or t("none"))
            return problem_response(405, message + ".", [{"path": "", "code": "method_not_allowed",
                                                          "message": message}], headers)
        if status == 400:
            detail = t("The request body is not readable JSON.")
        elif status == 404:
            detail = t("There is nothing at this address.")
        elif status == 413:
            detail = t("The request body is over the limit of {size} MiB.", size=1)
        elif current() == SOURCE and error.description:
            detail = error.description
        else:  # Werkzeug describes the other statuses in English only: the title says it
            detail = t(_TITLES.get(status, _OTHER)[1])
        return problem_response(status, detail, None, headers)

    @app.errorhandler(Exception)
    def _crash(error: Exception) -> Response:
        log.exception("unhandled error")
        return problem_response(500, t("Something went wrong on our side; it has been logged."))
