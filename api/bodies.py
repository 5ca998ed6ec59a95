"""JSON in and out: request bodies read strictly, answers written as UTF-8 text.

A body is refused before any view reads it when a key is given twice in one object (400,
never last-wins), when it nests too deep (400), or when a string in it is not Unicode text
(422 at the string: JSON may escape half of a UTF-16 pair, `"\\ud800"`, that no UTF-8 text,
database or answer can hold).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from itertools import chain
from typing import Any

from flask import Request
from flask.json.provider import DefaultJSONProvider
from webargs import core
from webargs.flaskparser import FlaskParser, is_json_request

from api.problems import ApiError
from referee.values.errors import Problem
from referee.values.i18n import t, tn

MAX_JSON_DEPTH = 64  # request bodies nest 3 levels; a ruleset may nest 32 (yamlread.MAX_DEPTH)


class JsonProvider(DefaultJSONProvider):
    """Answers as UTF-8 text (`"Раунд"`, not `"\\u0420..."`), keys in the order written."""

    ensure_ascii = False
    sort_keys = False

    def dumps(self, obj: Any, **kwargs: Any) -> str:
        text = super().dumps(obj, **kwargs)
        if not text.isascii():
            try:
                text.encode("utf-8")
            except UnicodeEncodeError:  # never sent: bodies holding such strings are refused
                return super().dumps(obj, **{**kwargs, "ensure_ascii": True})
        return text


class Parser(FlaskParser):
    """webargs, reading the body as the service read it (once, in `read_json`)."""

    def _raw_load_json(self, req: Request) -> Any:
        if not is_json_request(req):
            return core.missing
        return req.get_json(cache=True)


class _Pairs:
    """An `object_pairs_hook` that keeps the first object holding a key twice."""

    def __init__(self) -> None:
        self.twice: tuple[dict[str, Any], str] | None = None

    def __call__(self, pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        out = dict(pairs)
        if len(out) != len(pairs) and self.twice is None:
            seen: set[str] = set()
            for key, _value in pairs:
                if key in seen:
                    self.twice = (out, key)
                    break
                seen.add(key)
        return out


def read_json(data: bytes) -> object:
    """The parsed body, or an ApiError saying why it cannot be read."""
    pairs = _Pairs()
    try:
        parsed = json.loads(data, object_pairs_hook=pairs)
    except RecursionError:
        raise _too_deep() from None
    except ValueError:  # not JSON, or not UTF-8 (json reads UTF-8, -16 and -32 only)
        raise ApiError(400, t("The request body is not readable JSON.") if data.strip()
                       else t("The request body is empty.")) from None
    if pairs.twice is not None:
        holder, key = pairs.twice
        where = next(path for node, path in _paths(parsed) if node is holder)
        message = t('"{key}" appears twice in one object', key=_shown(key))
        raise ApiError(400, t("The request body is not readable: {reason}.", reason=message),
                       [Problem(_join(where, key), "duplicate_key", message)])
    if type(parsed) in (list, dict) and _deeper_than(parsed, MAX_JSON_DEPTH):
        raise _too_deep()
    if _holds_half_pairs(data, parsed):
        path, text = next((path, node) for node, path in _paths(parsed) if isinstance(node, str)
                          and not _is_text(node))
        half = next(c for c in text if 0xD800 <= ord(c) <= 0xDFFF)
        problem = Problem(path, "not_utf8", t(
            "this text holds {escape}, half of a UTF-16 pair, which is not a character",
            escape=f"\\u{ord(half):04x}"))
        raise ApiError(422, tn("{n} problem in the request", "{n} problems in the request", 1), [problem])
    return parsed


def _too_deep() -> ApiError:
    message = tn("the JSON nests deeper than {n} level", "the JSON nests deeper than {n} levels",
                 MAX_JSON_DEPTH)
    return ApiError(400, t("The request body is not readable: {reason}.", reason=message),
                    [Problem("", "too_deep", message)])


def _is_text(value: str) -> bool:
    if value.isascii():
        return True
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _deeper_than(value: object, limit: int) -> bool:
    """Whether parsed JSON nests lists and objects more than `limit` deep (walked level by
    level without recursion, containers only)."""
    level: list[Any] = [value]
    for _depth in range(limit):
        nodes = chain.from_iterable([node.values() if type(node) is dict else node for node in level])
        level = [child for child in nodes if type(child) is list or type(child) is dict]
        if not level:
            return False
    return True


# Half of a UTF-16 pair can reach a string only through an escape: where the body has none,
# no string needs a look.
_HALF_ESCAPE = re.compile(rb"\\u[dD][89abcdefABCDEF]")


def _holds_half_pairs(data: bytes, value: object) -> bool:
    if not _HALF_ESCAPE.search(data):
        return False
    return any(isinstance(node, str) and not _is_text(node) for node, _path in _paths(value))


def _paths(value: object) -> Iterator[tuple[object, str]]:
    """Every node of parsed JSON with its path (`hands.ann[2]`), keys among them (only called
    once a node is known to be there; the body is bounded in depth by then or has no cycle)."""
    stack: list[tuple[object, str]] = [(value, "")]
    while stack:
        node, path = stack.pop()
        yield node, path
        if isinstance(node, dict):
            for key, child in node.items():
                yield key, _join(path, key)
                stack.append((child, _join(path, key)))
        elif isinstance(node, list):
            stack.extend((child, f"{path}[{i}]") for i, child in enumerate(node))


def _shown(key: str) -> str:
    """A key as it can be written back: half of a UTF-16 pair as its escape."""
    return key.encode("utf-8", "backslashreplace").decode("utf-8")


def _join(path: str, key: str) -> str:
    key = _shown(key)
    return f"{path}.{key}" if path else key
