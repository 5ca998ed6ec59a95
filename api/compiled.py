"""Request schemas compiled to plain checks, for the bodies they accept.

A marshmallow `load` walks its generic machinery field by field: for a meld check, several
times the engine's own check. `compiled(schema)` reads a request schema's fields once and
makes a function of the same checks written out: each field's kind, bounds and default. It
vouches only for a body it accepts whole, and gives what the schema's `load` gives for it;
for any other body (a field missing or of another kind, a value out of bounds, an unknown
field) it gives `REFUSED`, and the schema's own `load` reads the body and words its errors.
A schema with a field or hook it does not know is not compiled (`None`): it is always read by
its `load`. tests/test_compiled.py proves both on every case and fuzzed bodies.

The schema still runs its `pre_load` hooks (the card and player counts of api.bounds) first,
as its `load` would, so a refusal there is the same refusal.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from marshmallow import Schema, ValidationError, fields, missing, validate
from marshmallow.decorators import PRE_LOAD

from api import schemas
from referee.values.cards import rank_named

REFUSED: Any = object()  # the body is left to the schema's load
Convert = Callable[[Any], Any]  # a value to what the field loads it as, or REFUSED
Loader = Callable[[Any], Any]  # a body to the schema's load of it, or REFUSED


def compiled(schema: Schema) -> Loader | None:
    """The schema's load, written out for the bodies it accepts, or None where it cannot be."""
    hooks = getattr(schema, "_hooks", {})
    if any(hooks.get(tag) for tag in hooks if tag != PRE_LOAD) \
            or any(many or kwargs.get("pass_original") for _, many, kwargs in hooks.get(PRE_LOAD, ())):
        return None
    pre_load = [getattr(schema, name) for name, _, _ in hooks.get(PRE_LOAD, ())]
    steps: list[tuple[str, str, Field]] = []
    for name, field in schema.load_fields.items():
        made = _field(field)
        if made is None:
            return None
        steps.append((field.data_key or name, field.attribute or name, made))
    known = frozenset(key for key, _, _ in steps)

    def load(data: Any) -> Any:
        try:
            for hook in pre_load:
                data = hook(data, many=False, partial=None, unknown=None)
        except ValidationError:
            return REFUSED  # the load words it, with the fields' own errors
        if type(data) is not dict or not known.issuperset(data):
            return REFUSED
        out = {}
        for key, attribute, field in steps:
            value = field.value(data.get(key, missing))
            if value is REFUSED:
                return REFUSED
            if value is not missing:  # a field left out without a default is left out
                out[attribute] = value
        return out

    return load


class Field:
    """One field's load: missing and null as the field takes them, else `convert`."""

    def __init__(self, field: fields.Field[Any], convert: Convert) -> None:
        self.required = field.required
        self.default = field.load_default
        self.allow_none = field.allow_none
        self.convert = convert

    def value(self, value: Any) -> Any:
        if value is missing:
            if self.required:
                return REFUSED
            return self.default() if callable(self.default) else self.default
        if value is None:
            return None if self.allow_none else REFUSED
        return self.convert(value)


def _field(field: fields.Field[Any]) -> Field | None:
    convert = _convert(field)
    return Field(field, convert) if convert is not None else None


def _convert(field: fields.Field[Any]) -> Convert | None:
    """The field's conversion of a value that is neither missing nor null, checks included."""
    if field.pre_load or field.post_load:
        return None
    bounds = _bounds(field.validators)
    if bounds is None:
        return None
    low, high = bounds
    kind = type(field)
    if kind is fields.Integer and field.strict:  # type: ignore[attr-defined]
        return lambda v: v if type(v) is int and (low is None or v >= low) and (high is None or v <= high) \
            else REFUSED
    if kind is schemas.Boolean and not field.validators:
        return lambda v: v if type(v) is bool else REFUSED
    if kind is fields.String:
        return lambda v: v if type(v) is str and _within(len(v), low, high) else REFUSED
    if kind is schemas.Rank:  # its validators judge the rank it reads
        return lambda v: _checked(rank_named(v), low, high) if type(v) is str else REFUSED
    if kind is schemas.List:
        inner = _field(field.inner)  # type: ignore[attr-defined]
        if inner is None:
            return None

        def each(v: Any) -> Any:
            if type(v) is not list or not _within(len(v), low, high):
                return REFUSED
            out = [inner.value(item) for item in v]  # a list item missing is not possible
            return REFUSED if any(item is REFUSED for item in out) else out
        return each
    return None


def _checked(text: str, low: int | None, high: int | None) -> Any:
    return text if _within(len(text), low, high) else REFUSED


def _within(n: int, low: int | None, high: int | None) -> bool:
    return (low is None or n >= low) and (high is None or n <= high)


def _bounds(validators: Any) -> tuple[int | None, int | None] | None:
    """The (low, high) one Range or Length (not `equal`) sets, both inclusive; (None, None)
    for no validator; None for any other validator."""
    if not validators:
        return None, None
    if len(validators) != 1:
        return None
    (rule,) = validators
    if type(rule) is validate.Range and rule.min_inclusive and rule.max_inclusive:
        return rule.min, rule.max
    if type(rule) is validate.Length and rule.equal is None:
        return rule.min, rule.max
    return None
