"""Rulesets: list, read (JSON or YAML), create, validate."""

from __future__ import annotations

import json
from typing import Any

import yaml
from flask import Response, current_app, jsonify, request, url_for
from flask.views import MethodView
from werkzeug.routing import BaseConverter

from api import rulesetschemas
from api.blueprint import Blueprint
from api.catalog import Catalog, StoreFull
from api.problems import MAX_ERRORS, ApiError, answers
from api.storage import hash_token, new_token
from api.tilefaces import tile_faces
from referee import describe
from referee.changes import changes
from referee.describe import round_rules
from referee.loading.shipped import schema
from referee.rules.ruleset import Ruleset as Rules  # the name Ruleset is this module's view
from referee.values.errors import InvalidPlayError, Problem, RulesetError
from referee.values.i18n import t, tn

blp = Blueprint("rulesets", __name__, url_prefix="/v1/rulesets",
                description="Games and house variants as YAML rulesets.")

YAML_TYPES = ("application/yaml", "application/x-yaml", "text/yaml", "text/x-yaml")
YAML_ENDPOINTS = ("rulesets.Rulesets", "rulesets.Validate", "rulesets.replace_ruleset")  # take YAML bodies too
# Fixed words of the paths under /v1/rulesets/ (the routes below): no ruleset may take one as
# its id, and the `{id}` routes never match one, so `GET /v1/rulesets/validate` is a 405.
ROUTE_WORDS = frozenset({"validate", "draft"})


class RulesetIdConverter(BaseConverter):
    """A ruleset id in a path: one segment that is not one of `ROUTE_WORDS`."""

    regex = "(?!(?:" + "|".join(sorted(ROUTE_WORDS)) + ")(?![^/]))[^/]+"


def ruleset_id_schema(converter: BaseConverter) -> dict[str, str]:
    """How the OpenAPI document shows a `ruleset_id` path parameter."""
    return {"type": "string"}


SCHEMA_URL = "/v1/schemas/ruleset.json"
RULESET_SCHEMA = {
    "type": "object",
    "description": f"A ruleset as its JSON Schema describes it (`GET {SCHEMA_URL}`; docs/rulesets.md "
                   "explains the fields): an `id`, and either `format: 1`, a `family` (`rummy` or `layout`) "
                   "and every rule, or `extends` naming the ruleset it changes (a variant inherits the rest).",
    "externalDocs": {"description": "The ruleset JSON Schema (2020-12)", "url": SCHEMA_URL},
    "required": ["id"],
    "properties": {"format": {"type": "integer", "enum": [1]},
                   "id": {"type": "string", "example": "garbage-our-table"},
                   "family": {"type": "string", "enum": ["rummy", "layout", "mahjong"]},
                   "extends": {"type": "string", "description": "the ruleset this one changes"}},
    "additionalProperties": True,
    "example": {"format": 1, "id": "garbage-our-table", "extends": "garbage", "family": "layout",
                "name": "Garbage as we play it", "wilds": {"ranks": ["K"]}, "dead_ranks": ["J", "Q"],
                "game": {"end": {"layout_size": 6}}},
}
DECK_SCHEMA = {
    "type": "object",
    "description": "The ruleset's deck with every field given (the French deck's where the ruleset leaves "
                   "one out): what a client draws the cards from. Cards are written rank then suit letter "
                   "(`QX`); a special card or the joker (`JK`) by its name alone.",
    "required": ["ranks", "suits", "copies", "jokers", "specials", "pieces"],
    "properties": {
        "ranks": {"type": "array", "items": {"type": "string"}, "description": "in run order, lowest first",
                  "example": ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]},
        "suits": {"type": "array", "description": "each suit or colour as the ruleset writes it: a French "
                                                  "letter alone (C D H S), or its letter, symbol and name",
                  "items": {"oneOf": [
                      {"type": "string", "example": "C"},
                      {"type": "object", "required": ["letter"],
                       "properties": {"letter": {"type": "string", "example": "X"},
                                      "symbol": {"type": "string", "example": "★"},
                                      "name": {"type": "string", "example": "stars"},
                                      "aliases": {"type": "array", "items": {"type": "string"}}}}]}},
        "copies": {"type": "integer", "description": "of each rank of each suit in one deck"},
        "jokers": {"type": "integer", "description": "per deck (`jokers_per_table`, where given, replaces it)"},
        "specials": {"type": "object", "additionalProperties": {"type": "integer"},
                     "description": "cards with no suit other than the joker, per deck", "example": {"W": 8, "SK": 4}},
        "pieces": {"type": "string", "enum": ["cards", "tiles"],
                   "description": "what the pieces are, so what the answers' sentences call them"},
        "faces": {"type": "array", "description": "Mahjong (JSON answers only): every tile of the set in the order "
                                                  "players sort them, red fives after their suit's five, flowers "
                                                  "and seasons last, only those the set has (mahjong.md, Tiles)",
                  "items": {"type": "object", "required": ["tile", "suit", "copies", "face", "red", "words"],
                            "properties": {
                                "tile": {"type": "string", "example": "0p", "description": "as written (MPSZ)"},
                                "suit": {"type": "string", "example": "p",
                                         "description": "the suit's letter; `f` a flower or season"},
                                "copies": {"type": "integer", "example": 1, "description": "how many the set holds"},
                                "face": {"type": "string", "example": "5",
                                         "description": "what a chip shows: the rank, an honour's other name "
                                                        "(E S W N Wh Gr Rd), a flower's seat (1-4)"},
                                "red": {"type": "boolean", "description": "a red five"},
                                "words": {"type": "string", "example": "red five of dots",
                                          "description": "the tile's name in the request's language"}}}},
    },
    "additionalProperties": True,
}
RESOLVED_PROPERTIES: dict[str, object] = {
    "format": {"type": "integer"}, "id": {"type": "string"}, "name": {"type": "string"},
    "family": {"type": "string", "enum": ["rummy", "layout", "mahjong"]},
    "extends": {"type": "string", "nullable": True}, "deck": DECK_SCHEMA}
RESOLVED_SCHEMA = {
    "type": "object",
    "description": f"A resolved ruleset (variants merged) as its JSON Schema describes it (`GET {SCHEMA_URL}`); "
                   "its `deck` gives every field, the French deck's where the ruleset leaves them out.",
    "externalDocs": {"description": "The ruleset JSON Schema (2020-12)", "url": SCHEMA_URL},
    "required": ["format", "id", "name", "family", "deck"],
    "properties": RESOLVED_PROPERTIES,
    "additionalProperties": True,
}
TOKENED_SCHEMA = {
    **RESOLVED_SCHEMA,
    "description": "The resolved ruleset as stored, and `token`: shown this once, needed to replace (`PUT`) "
                   "or delete it.",
    "required": [*RESOLVED_SCHEMA["required"], "token"],  # type: ignore[misc]
    "properties": {**RESOLVED_PROPERTIES, "token": {"type": "string", "description": "the ruleset's token"}},
}
ROUND_SCHEMA = {
    **RESOLVED_SCHEMA,
    "description": "The resolved ruleset with the round's entry applied, without `rounds`, plus the "
                   "round's `round` and its `summary` in words; in rummy games `lay_off`, `pile` and "
                   "`has_first_meld` give every default filled in, and `counts` the counts a round "
                   "entered as the table counts it takes.",
    "required": ["format", "id", "name", "family", "deck", "round", "summary"],
    "properties": {**RESOLVED_PROPERTIES, "round": {"type": "integer"},
                   "summary": {"type": "string",
                               "example": "Round 3: two sets of four; deuces wild, at most one per set"},
                   "lay_off": {"type": "object", "additionalProperties": True,
                               "description": "The round's lay-off rule with every field given, defaults "
                                              "filled in (rummy games)",
                               "example": {"allowed": "after_first_meld", "others_melds": True,
                                           "wilds_unlimited": False}},
                   "pile": {"type": "object", "additionalProperties": True,
                            "description": "How the discard pile is taken, every field given (games that "
                                           "take it)",
                            "example": {"take": "meld", "frozen_naturals": 2, "unfrozen_wild": True,
                                        "always_frozen": False, "single_takes_single": False}},
                   "has_first_meld": {"type": "boolean",
                                      "description": "A player's first meld must meet something this round "
                                                     "(a contract, melds, points, or the player's own phase); "
                                                     "rummy games"},
                   "meld_words": {"type": "object", "additionalProperties": {
                                      "type": "object", "properties": {"yes": {"type": "string"},
                                                                       "yes_with": {"type": "string"}}},
                                  "description": "The answer to a legal meld of each kind of the round (and "
                                                 "of any meld, key \"\"), in the kind's own words: `yes`, and "
                                                 "`yes_with` naming the wild cards at `{wilds}`; rummy games",
                                  "example": {"run": {"yes": "Yes: a legal run.",
                                                      "yes_with": "Yes: a legal run ({wilds})."}}},
                   "phase_words": {"type": "array", "items": {"type": "string"},
                                   "description": "Each phase in words, in order, where each player holds a "
                                                  "phase (Phase 10)",
                                   "example": ["Phase 1: two sets of three, no other meld"]},
                   "entry": {"type": "object", "additionalProperties": True,
                             "description": "What a round's entry asks: `ways` it may be entered "
                                            "(`counts`, `cards`, `points`, or a layout game's `winner`; "
                                            "the first the usual one), `out` (`knock` or `go_out`), "
                                            "`out_scores`, `below_zero`, `winner_gains`, and `asks`, the "
                                            "questions put beside the players' points or cards "
                                            "(`wild_rank`, `cards_caught`, `melded`, `red_threes`, "
                                            "`concealed`, `morto_taken`, a layout game's `completed`)",
                             "example": {"ways": ["counts", "cards", "points"], "out": "go_out",
                                         "out_scores": True, "below_zero": True, "winner_gains": False,
                                         "asks": ["melded", "red_threes", "concealed"]}},
                   "counts": {"type": "array", "items": {"type": "string"},
                              "description": "The counts a round takes for each player where it may be "
                                             "entered as the table counts it (games with bonuses)",
                              "example": ["natural_canastas", "mixed_canastas", "red_threes", "melded_points",
                                          "hand_points"]}},
}
RULESET_BODY = {
    "required": True,
    "description": f"A ruleset, as YAML or JSON: its JSON Schema is served at `GET {SCHEMA_URL}`.",
    "content": {t: {"schema": RULESET_SCHEMA} for t in ("application/json", "application/yaml")},
}
# Validation judges any document (a list, a string...) and answers what is wrong with it.
CANDIDATE_BODY = {
    "required": True,
    "description": f"A candidate ruleset, as YAML or JSON: any document, judged against the ruleset "
                   f"JSON Schema (`GET {SCHEMA_URL}`) and the loader's rules.",
    "content": {
        "application/json": {"schema": {"description": RULESET_SCHEMA["description"], "not": {"enum": [None]},
                                        "example": RULESET_SCHEMA["example"]}},
        "application/yaml": {"schema": {"description": RULESET_SCHEMA["description"],
                                        "example": RULESET_SCHEMA["example"]}}},
}


def catalog() -> Catalog:
    return current_app.extensions["referee.catalog"]  # type: ignore[no-any-return]


def with_deck(ruleset: Rules, document: dict[str, Any]) -> dict[str, Any]:
    """A ruleset's document as answers show it: its `deck` gives every field, what a client
    draws the cards from (ranks in run order, each suit's letter, symbol and name, copies,
    jokers, special cards), where the document as written may leave the French deck's out.
    What the document writes stands as written (its suits letters, or letter/symbol/name)."""
    written = document.get("deck") or {}
    full = ruleset.deck.as_dict()
    full["suits"] = list(ruleset.deck.suits)  # as the document writes them when it names none
    deck = {**full, **written}
    if ruleset.mahjong is not None:  # the set's every tile, its face and name (not in the YAML: no field of it)
        names = {str(s.get("letter")): str(s.get("name")) for s in (document.get("tiles") or {}).get("suits") or ()
                 if isinstance(s, dict)}
        deck["faces"] = tile_faces(ruleset.mahjong.tiles, names)
    return {**document, "deck": deck}


def ruleset_text() -> str:
    """The request body as text: JSON is read through the YAML reader to keep line numbers."""
    raw = request.get_data()
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise RulesetError(Problem("", "not_utf8", t("the body is not UTF-8 text"))) from None
    if request.mimetype == "application/json" and "\t" in text:
        try:
            text = json.dumps(json.loads(text), indent=1)
        except ValueError:
            raise ApiError(400, t("The request body is not readable JSON.")) from None
    return text


@blp.route("")
class Rulesets(MethodView):
    @blp.response(200, rulesetschemas.RulesetList)
    def get(self) -> dict[str, object]:
        """List the rulesets: shipped games, their variants, and uploaded ones."""
        return {"rulesets": [r.summary_row() for r in catalog().all()]}

    @blp.doc(requestBody=RULESET_BODY)
    @blp.response(201, TOKENED_SCHEMA, description="The resolved ruleset (variants merged), and its token.",
                  headers={"Location": {"description": "The ruleset's address.", "schema": {"type": "string"}}})
    @answers(blp, 400, 408, (409, ("The id is taken, or the server holds as many rulesets as it may "
                                   "(`too_many_rulesets`).")), 413, 415,
             (422, "Every loader error, with path, line and column (before the id is looked up)."))
    def post(self) -> Response:
        """Add a ruleset. Its answer holds the token that `PUT` and `DELETE` need, shown once."""
        text = ruleset_text()
        token = new_token()
        most = int(current_app.config["MAX_RULESETS"])
        try:
            ruleset_id, ruleset = catalog().add(text, hash_token(token), most)
        except StoreFull:
            message = tn("this server holds {n} stored ruleset, as many as it may",
                         "this server holds {n} stored rulesets, as many as it may", most)
            raise ApiError(409, message, [Problem("", "too_many_rulesets", message)]) from None
        if ruleset is None:
            raise ApiError(409, t('a ruleset called "{id}" already exists', id=ruleset_id),
                           [Problem("id", "id_taken", t('"{id}" is taken; choose another id', id=ruleset_id))])
        response = answer_ruleset(ruleset, 201, token=token)
        response.headers["Location"] = url_for("rulesets.Ruleset", ruleset_id=ruleset.id)
        return response


def answer_ruleset(ruleset: Rules, status: int, **more: str) -> Response:
    """A resolved ruleset as answers show it, with `more` fields (a new ruleset's token)."""
    response = jsonify({**with_deck(ruleset, describe.shown_document(ruleset)), **more})
    response.status_code = status
    return response


@blp.route("/validate")
class Validate(MethodView):
    @blp.doc(requestBody=CANDIDATE_BODY)
    @blp.response(200, rulesetschemas.ValidateResult)
    @answers(blp, 400, 408, 413, 415, (422, "The body is not UTF-8 text."))
    def post(self) -> dict[str, object]:
        """Check a ruleset without storing it; a valid one adds its resolved form and its changes."""
        text = ruleset_text()
        problems, ruleset = catalog().validate(text)
        answer: dict[str, object] = {"valid": not problems,
                                     "errors": [p.as_dict() for p in problems[:MAX_ERRORS]]}
        if len(problems) > MAX_ERRORS:
            answer["count"] = len(problems)
        if ruleset is not None:
            answer["resolved"] = with_deck(ruleset, describe.shown_document(ruleset))
            answer["changes"] = [c.as_dict() for c in changes(ruleset, catalog().base_of(ruleset))]
        return answer


@blp.route("/<ruleset_id:ruleset_id>")
class Ruleset(MethodView):
    @blp.response(200, RESOLVED_SCHEMA, description="The resolved ruleset, as JSON or "
                  "(Accept: application/yaml) YAML.", content_type="application/json")
    @blp.alt_response(200, schema=RESOLVED_SCHEMA, content_type="application/yaml", success=True,
                      description="The resolved ruleset as YAML.")
    @answers(blp, (404, "No such ruleset."), (405, ("`validate` is not a ruleset id: GET is not a method of "
                                                   "/v1/rulesets/validate.")))
    def get(self, ruleset_id: str) -> Response:
        """Read one ruleset, variants merged."""
        ruleset = catalog().get(ruleset_id)
        document = with_deck(ruleset, describe.shown_document(ruleset))
        best = request.accept_mimetypes.best_match(["application/json", *YAML_TYPES],
                                                   default="application/json")
        if best in YAML_TYPES and request.accept_mimetypes[best] > request.accept_mimetypes["application/json"]:
            document["deck"] = {k: v for k, v in document["deck"].items() if k != "faces"}  # the ruleset as written
            return Response(yaml.safe_dump(document, sort_keys=False, allow_unicode=True),
                            mimetype="application/yaml")
        return jsonify(document)


@blp.route("/<ruleset_id:ruleset_id>/rounds/<int:number>")
class Round(MethodView):
    @blp.response(200, ROUND_SCHEMA, description="Round `number`'s resolved rules (the top level with the round's "
                                   "entry applied), with `round` and a one-line `summary` in words.",
                  content_type="application/json")
    @answers(blp, (404, "No such ruleset, or no such round (0, or past the game's rounds)."))
    def get(self, ruleset_id: str, number: int) -> Response:
        """One round's rules, and a summary such as "Round 3: two sets of four; deuces wild"."""
        ruleset = catalog().get(ruleset_id)
        try:
            rules = round_rules(ruleset, number)
        except InvalidPlayError as exc:  # no such round: nothing is at this address (http-api.md)
            raise ApiError(404, exc.problems[0].message, exc.problems) from None
        return jsonify(with_deck(ruleset, rules))


schemas_blp = Blueprint("schemas", __name__, url_prefix="/v1/schemas",
                        description="The ruleset JSON Schema, for editors.")


@schemas_blp.route("/ruleset.json")
class RulesetSchema(MethodView):
    @schemas_blp.response(200, description="The ruleset JSON Schema (2020-12): point an editor's "
                                           "`$schema` at this URL.", content_type="application/schema+json")
    def get(self) -> Response:
        """The JSON Schema that ruleset files follow."""
        response = jsonify(schema())
        response.mimetype = "application/schema+json"
        return response
