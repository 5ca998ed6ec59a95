"""The schema's messages: each JSON Schema error said as a sentence an author can act on.

`schema_problems(data)` walks the resolved ruleset against the schema's strict form and gives
(path, points at a key, code, message) for each error, an `anyOf` narrowed to the form meant;
`schema_sentences` is Babel's extractor for the schema's own sentences those messages quote.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Iterable, Iterator, Mapping
from itertools import islice
from typing import IO

import jsonschema

from referee.loading.shipped import validator
from referee.loading.yamlread import Path
from referee.values.i18n import LANGUAGES, N_, closest, did_you_mean, quoted, t, tn


def _show(value: object) -> str:
    if isinstance(value, str):
        return quoted(json.dumps(value)[1:-1])
    return json.dumps(value) if not isinstance(value, (dict, list)) else type(value).__name__


_TYPE_WORDS = {"integer": N_("a whole number"), "string": N_("text"), "boolean": N_("true or false"),
               "object": N_("a mapping"), "array": N_("a list"), "number": N_("a number")}


def _type_words(expected: object) -> str:
    kinds = expected if isinstance(expected, list) else [expected]
    return t(" or ").join(t(_TYPE_WORDS[str(k)]) if str(k) in _TYPE_WORDS else str(k) for k in kinds)


def _msg_type(e: jsonschema.ValidationError) -> str:
    hint = t(' (quote numeric ranks: "2", "10")') if isinstance(e.instance, int) and \
        e.schema.get("title") in ("rank",) else ""
    return t("{value} should be {kind}", value=_show(e.instance), kind=_type_words(e.validator_value)) + hint


# A schema `title` names what an enum chooses from.
_NOT_ONE_OF = {"rank": N_("{value} is not a rank: use one of {options}"),
               "suit": N_("{value} is not a suit: use one of {options}")}


def _msg_enum(e: jsonschema.ValidationError) -> str:
    noun = e.schema.get("title")
    options = " ".join(str(v) for v in e.validator_value if v is not None)  # null: a variant's removal
    if noun in _NOT_ONE_OF:
        return t(_NOT_ONE_OF[noun], value=_show(e.instance), options=options)
    if noun:
        return t("{value} is not a {noun}: use one of {options}", value=_show(e.instance), noun=noun, options=options)
    return t("{value} is not one of {options}", value=_show(e.instance), options=options)


def _msg_forms(e: jsonschema.ValidationError) -> str:
    """The forms a value may take, in short (each form's `title` in the schema, translated in
    the catalogs: see `schema_sentences`): `"eleven" should be a number of cards (1-60) or a
    table of cards by player count`."""
    forms = t(" or ").join(t(str(s["title"])) if s.get("title") else t(_TYPE_WORDS.get(str(s.get("type")), "a mapping"))
                           for s in e.validator_value)
    return t("{value} should be {kind}", value=_show(e.instance), kind=forms)


_SCHEMA_MESSAGES: dict[str, Callable[[jsonschema.ValidationError], str]] = {
    "type": _msg_type,
    "enum": _msg_enum,
    "const": lambda e: t("{value} should be {expected}", value=_show(e.instance), expected=_show(e.validator_value)),
    "minimum": lambda e: t("{value} is below the least allowed, {least}", value=_show(e.instance),
                           least=e.validator_value),
    "maximum": lambda e: t("{value} is above the most allowed, {most}", value=_show(e.instance),
                           most=e.validator_value),
    "pattern": lambda e: t("{value} does not have the expected form", value=_show(e.instance)),
    "uniqueItems": lambda e: t("the list repeats an item"),
    "minItems": lambda e: tn("the list needs at least {n} item", "the list needs at least {n} items",
                             e.validator_value),
    "maxItems": lambda e: tn("the list may hold at most {n} item", "the list may hold at most {n} items",
                             e.validator_value),
    "minProperties": lambda e: tn("give at least {n} field here", "give at least {n} fields here",
                                  e.validator_value),
    "maxProperties": lambda e: tn("give only {n} of these fields", "give only {n} of these fields",
                                  e.validator_value),
    "anyOf": _msg_forms,
    "maxLength": lambda e: tn("longer than {n} character", "longer than {n} characters", e.validator_value),
    "minLength": lambda e: t("may not be empty"),
    "not": lambda e: t("null removes a field only in a variant (a file with extends): give a value or leave the "
                       "field out"),
}


def schema_sentences(fileobj: IO[bytes], keywords: object, comment_tags: object, options: object
                     ) -> Iterator[tuple[int, str, str, list[str]]]:
    """Babel's extractor (`referee/locale/babel.cfg`) for the schema's sentences that messages
    quote: the title of each form a value may take (`anyOf`), which `_msg_forms` lists."""
    text = fileobj.read().decode("utf-8")
    lines = text.splitlines()

    def forms(node: object) -> Iterator[str]:
        if isinstance(node, dict):
            for branch in node.get("anyOf", []):
                if isinstance(branch, dict) and branch.get("title"):
                    yield str(branch["title"])
            for value in node.values():
                yield from forms(value)
        elif isinstance(node, list):
            for value in node:
                yield from forms(value)

    for sentence in forms(json.loads(text)):
        written_as = json.dumps(sentence, ensure_ascii=False)
        line = next((i for i, written in enumerate(lines, 1) if written_as in written), 0)
        yield line, "N_", sentence, []


def _branch_errors(e: jsonschema.ValidationError) -> list[jsonschema.ValidationError]:
    """For an `anyOf`, the errors of the branch whose type fits the value, if one does."""
    branches: dict[int, list[jsonschema.ValidationError]] = {}
    for sub in e.context or []:
        branches.setdefault(int(sub.schema_path[0]), []).append(sub)
    fitting = {index: errs for index, errs in branches.items()
               if not any(s.validator == "type" and not s.relative_path for s in errs)}
    if len(fitting) > 1:  # several mappings: the one whose keys fit is the form meant
        keyed = {i: errs for i, errs in fitting.items() if not any(_about_keys(s) for s in errs)}
        fitting = keyed or _fit_once_respelt(e, fitting) or fitting
    return next(iter(fitting.values())) if len(fitting) == 1 else []


def _fit_once_respelt(e: jsonschema.ValidationError, branches: dict[int, list[jsonschema.ValidationError]]
                      ) -> dict[int, list[jsonschema.ValidationError]]:
    """The forms of an `anyOf` that the value takes once its unknown keys are spelt as meant:
    `{players_per_dek: 2}` is the form of `players_per_deck` misspelt."""
    fits = {}
    for index, errs in branches.items():
        unknown = _unknown_keys(s for s in errs if not s.relative_path)
        keys = next(iter(unknown.values()), {})
        if keys and None not in keys.values():  # each unknown key a misspelling of a field here
            meant = _respelt(e.instance, {(): keys})
            if validator().evolve(schema=e.validator_value[index]).is_valid(meant):
                fits[index] = errs
    return fits


def _about_keys(e: jsonschema.ValidationError) -> bool:
    """An error about which keys a mapping has (missing, unknown, or of the wrong form)."""
    return not e.relative_path and (e.validator in ("required", "additionalProperties")
                                    or "propertyNames" in e.schema_path)


def _flatten(errors: Iterable[jsonschema.ValidationError]) -> Iterator[jsonschema.ValidationError]:
    for e in errors:
        inner = _branch_errors(e) if e.validator == "anyOf" else []
        if inner:
            yield from _flatten(inner)
        else:
            yield e


MAX_SCHEMA_ERRORS = 200  # read no further: a file of thousands of faults is answered quickly


def _errors(data: object) -> list[jsonschema.ValidationError]:
    return list(islice(_flatten(validator().iter_errors(data)), MAX_SCHEMA_ERRORS))


# ---------------------------------------------------------------- faults of a misspelt key

# Unknown keys spelt as meant to find what they alone break, at most: a file with more, or with
# `MAX_SCHEMA_ERRORS` errors, is not walked a second time (each walk of a hostile file costs).
MAX_RESPELT = 50

# What an unknown key is read as: the field it was likely meant for, or None (no field is close).
Unknown = dict[Path, dict[str, str | None]]


def _unknown_keys(errors: Iterable[jsonschema.ValidationError]) -> Unknown:
    """The keys no schema field has, by the path of their mapping, each with its likely field;
    none when there are more than `MAX_RESPELT`."""
    found: Unknown = {}
    count = 0
    for e in errors:
        if e.validator == "additionalProperties" and isinstance(e.instance, Mapping):
            fields = e.schema.get("properties", {})
            extras = set(e.instance) - set(fields)
            count += len(extras)
            if count > MAX_RESPELT:
                return {}
            for extra in extras:
                found.setdefault(tuple(e.absolute_path), {})[extra] = closest(str(extra), fields)
    return found


def _respelt(data: object, unknown: Unknown) -> object:
    """`data` as its author likely meant it: each unknown key renamed to its likely field where
    that field is not given too, else left out."""
    fixed = copy.deepcopy(data)
    for path, keys in unknown.items():
        node: object = fixed
        for step in path:
            node = node[step]  # type: ignore[index]
        if not isinstance(node, dict):
            continue
        for key, meant in keys.items():
            value = node.pop(key)
            if meant is not None and meant not in node:
                node[meant] = value
    return fixed


def _key(e: jsonschema.ValidationError) -> tuple[object, ...]:
    return tuple(e.absolute_path), e.validator, tuple(e.absolute_schema_path)


def _without_key_faults(errors: list[jsonschema.ValidationError], data: object
                        ) -> list[jsonschema.ValidationError]:
    """The errors less those an unknown key alone causes: a mapping's count of fields, a field
    it misspells said to be missing, forms that fail only for the key. Each is an error at the
    key's mapping or above it that the data with its keys spelt as meant does not have; the
    unknown key's own message, which names the field meant, says it once."""
    unknown = _unknown_keys(errors)
    if not unknown or len(errors) >= MAX_SCHEMA_ERRORS:
        return errors
    again = {_key(e) for e in _errors(_respelt(data, unknown))}

    def caused(e: jsonschema.ValidationError) -> bool:
        path = tuple(e.absolute_path)
        return e.validator != "additionalProperties" and _key(e) not in again \
            and any(where[:len(path)] == path for where in unknown)

    return [e for e in errors if not caused(e)]


def schema_problems(data: object) -> Iterator[tuple[Path, bool, str, str]]:
    """(path, points at a key, code, message) for each schema error, the first
    `MAX_SCHEMA_ERRORS` of them: the schema is not walked past those. An error that a misspelt
    key alone causes is left to the key's own message (`_without_key_faults`)."""
    errors = _without_key_faults(_errors(data), data)
    typed = {tuple(e.absolute_path) for e in errors if e.validator == "type"}
    for e in errors:
        path: Path = tuple(e.absolute_path)
        if e.validator == "additionalProperties":
            fields = e.schema.get("properties", {})
            by_language = set(fields) == set(LANGUAGES)  # a text by language: `name: {en: ..., ru: ...}`
            for extra in sorted(set(e.instance) - set(fields)):
                if by_language:
                    yield path + (extra,), True, "unknown_language", t(
                        '"{key}" is not a language the referee speaks; it speaks {languages}', key=extra,
                        languages=", ".join(LANGUAGES)) + did_you_mean(extra, fields)
                else:
                    yield path + (extra,), True, "unknown_field", \
                        t('"{field}" is not a field here', field=extra) + did_you_mean(extra, fields)
            continue
        if e.validator == "propertyNames":
            yield path + (str(e.instance),), True, "schema", \
                t('"{key}" is not an allowed key here', key=e.instance)
            continue
        if e.validator in ("if", "allOf") or (path in typed and e.validator != "type"):
            continue
        if e.validator == "required":
            missing = str(e.message).split("'")[1] if "'" in str(e.message) else ""
            yield path + (missing,), False, "required", t('"{field}" is required here', field=missing)
            continue
        explain = _SCHEMA_MESSAGES.get(str(e.validator))
        yield path, False, "schema", explain(e) if explain else str(e.message)
