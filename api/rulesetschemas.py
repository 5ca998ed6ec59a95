"""The schemas of the rulesets' answers: the list, a ruleset's changes, a validation, as OpenAPI shows them."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from api.answerschemas import ProblemItem
from api.schemas import List


class RulesetSummary(Schema):
    id = fields.String(required=True)
    name = fields.String(required=True)
    family = fields.String(required=True, validate=validate.OneOf(["rummy", "layout", "mahjong"]))
    extends = fields.String(allow_none=True, required=True)
    builtin = fields.Boolean(required=True)


class RulesetList(Schema):
    rulesets = List(fields.Nested(RulesetSummary), required=True)


class Change(Schema):
    """One resolved field a variant changes against its base."""

    path = fields.String(required=True, metadata={"example": "wilds.ranks"})
    from_ = fields.Raw(required=True, allow_none=True, data_key="from", attribute="from",
                       metadata={"description": "the base's value (null: none)", "example": ["J"]})
    to = fields.Raw(required=True, allow_none=True, metadata={"description": "the variant's value (null: none)",
                                                              "example": ["K"]})
    words = fields.String(required=True, metadata={"description": "the change in a sentence, in the "
                                                                  "request's language",
                                                   "example": "Wild cards: kings (was jacks)"})


class RulesetChanges(Schema):
    extends = fields.String(required=True, allow_none=True, metadata={"description": "the base's id, or null"})
    changes = List(fields.Nested(Change), required=True)


class ValidateResult(Schema):
    valid = fields.Boolean(required=True)
    errors = List(fields.Nested(ProblemItem), required=True,
                  metadata={"description": "the first 50 problems found"})
    count = fields.Integer(metadata={
        "description": "how many problems were found, given when more than 50 were (past 200 "
                       "schema errors a file is read no further)"})
    resolved = fields.Dict(metadata={"description": "a valid ruleset: its resolved form, as "
                                                    "`GET /v1/rulesets/{id}` would answer it once stored"})
    changes = List(fields.Nested(Change), metadata={
        "description": "a valid ruleset: what it changes against the ruleset it extends (as "
                       "`GET /v1/rulesets/{id}/changes` answers them)"})
