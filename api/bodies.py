"""JSON in and out: request bodies checked and read once, strictly; answers written as UTF-8 text.

Before any view parses (`check_bodies`), a body is refused for a content type the address does
not take (415), past the size limit (413), or when it is not readable JSON (400): a key given
twice in one object (never last-wins), nesting too deep, or not JSON at all. A string that is
not Unicode text is a 422 at the string (JSON may escape half of a UTF-16 pair, `"\\ud800"`,
that no UTF-8 text, database or answer can hold). The JSON read is what the views read.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping
from itertools import chain
from typing import Any

from flask import Flask, Request, request
from flask.json.provider import DefaultJSONProvider
from werkzeug.exceptions import ClientDisconnected

from api.problems import ApiError
from referee.values.errors import Problem
from referee.values.i18n import t, tn

MAX_JSON_DEPTH = 64  # request bodies nest 3 levels; a ruleset may nest 32 (yamlread.MAX_DEPTH)
JSON_TYPES = ("application/json",)
BODY_METHODS = ("POST", "PUT", "PATCH")
DRAIN_AFTER_LIMIT = 4 * 1024 * 1024  # read past the limit so a client still sending sees the 413


_ANSWER = {"separators": (",", ":")}  # what Flask's `response` asks of `dumps` out of debug mode


class JsonProvider(DefaultJSONProvider):
    """Answers as UTF-8 text (`"Раунд"`, not `"\\u0420..."`), keys in the order written."""

    ensure_ascii = False
    sort_keys = False

    def dumps(self, obj: Any, **kwargs: Any) -> str:
        # An answer (compact, Flask's `response`) by one encoder made once, not one a call.
        text = _COMPACT.encode(obj) if kwargs == _ANSWER else super().dumps(obj, **kwargs)
        if not text.isascii():
            try:
                text.encode("utf-8")
            except UnicodeEncodeError:  # never sent: bodies holding such strings are refused
                return super().dumps(obj, **{**kwargs, "ensure_ascii": True})
        return text


def check_bodies(app: Flask, bodyless: frozenset[str] = frozenset(),
                 also_taken: Mapping[str, tuple[str, ...]] | None = None) -> None:
    """Check each body sent to /v1/ before any view parses it (see the module's docstring).

    `bodyless`: the endpoints of writes that take no body, which may come without one.
    `also_taken`: content types some endpoints take besides JSON (a ruleset's YAML). An address
    the routes do not know, or a method they do not have, is left to routing (404, 405 with
    `Allow`) whatever the body.
    """
    other_types = dict(also_taken or {})

    def check() -> None:
        req: Request = request._get_current_object()  # type: ignore[attr-defined]  # read once, not per field
        if req.routing_exception is not None:
            return
        path = req.path
        if req.environ["REQUEST_METHOD"] not in BODY_METHODS or not path.startswith("/v1/"):
            return
        mimetype = req.mimetype
        if req.endpoint in bodyless and not req.content_length and not mimetype:
            return  # a write that takes no body, sent without one
        accepted = JSON_TYPES + other_types.get(req.endpoint or "", ())
        if mimetype not in accepted:
            raise ApiError(415, t("Send the body as {types} (got {got}).", types=t(" or ").join(accepted[:2]),
                                  got=mimetype or t("none")))
        data = _read_body(req, app.config["MAX_CONTENT_LENGTH"])
        if mimetype not in JSON_TYPES:
            return
        parsed = read_json(data)
        if parsed is None:
            raise ApiError(400, t("The request body is not readable JSON."))
        req._cached_json = (parsed, parsed)  # the views read it, parsed once

    app.before_request(check)


def _read_body(req: Request, limit: int | None) -> bytes:
    """The body, read once and cached for the views; 413 once it is past the limit.

    A body with a Content-Length over the limit is refused by Werkzeug before it is read. A
    body without one (`Transfer-Encoding: chunked`) is read through a stream that stops at
    the limit without a word, so one byte more is asked for: if it comes, the body is over.
    """
    environ = req.environ
    declared = environ.get("CONTENT_LENGTH", "")
    if declared.isdigit() and (limit is None or int(declared) <= limit) and getattr(req, "_cached_data", None) is None:
        # Read as Werkzeug's get_data reads a body of a known length within the limit (a short
        # body is the client gone), straight from the input rather than through its stream
        # wrappers, and kept where get_data keeps it: the views read it from there.
        data = environ["wsgi.input"].read(int(declared)) if int(declared) else b""
        if len(data) < int(declared):
            raise ClientDisconnected()
        req._cached_data = data
        return data
    data = req.get_data(cache=True)
    if req.content_length is None and limit is not None and len(data) >= limit:
        source = req.environ["wsgi.input"]
        extra = source.read(1)
        if extra:
            drained = len(extra)
            while extra and drained < DRAIN_AFTER_LIMIT:
                extra = source.read(64 * 1024)
                drained += len(extra)
            raise ApiError(413, t("The request body is over the limit of {size} MiB.", size=limit // (1024 * 1024)))
    return data


class _KeyTwice(Exception):
    """A key given twice in one object of the body."""


def _refuse_twice(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """The `object_pairs_hook` of every body: an object, unless it holds a key twice."""
    out = dict(pairs)
    if len(out) != len(pairs):
        raise _KeyTwice
    return out


class _Pairs:
    """An `object_pairs_hook` that keeps the first object holding a key twice (to name it)."""

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


# One decoder for every body (made once: `json.loads` with a hook makes one a call).
_DECODER = json.JSONDecoder(object_pairs_hook=_refuse_twice)


def read_json(data: bytes) -> object:
    """The parsed body, or an ApiError saying why it cannot be read."""
    try:
        # as `json.loads` reads bytes (UTF-8, -16 or -32; a byte that is none of them: a ValueError)
        parsed = _DECODER.decode(data.decode(json.detect_encoding(data), "surrogatepass"))
    except RecursionError:
        raise _too_deep() from None
    except _KeyTwice:
        raise _key_twice(data) from None
    except ValueError:  # not JSON, or not UTF-8 (json reads UTF-8, -16 and -32 only)
        raise ApiError(400, t("The request body is not readable JSON.") if data.strip()
                       else t("The request body is empty.")) from None
    # nesting n levels takes 2n bytes at least: a shorter body needs no walk
    if len(data) > 2 * MAX_JSON_DEPTH and type(parsed) in (list, dict) and _deeper_than(parsed, MAX_JSON_DEPTH):
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


def _key_twice(data: bytes) -> ApiError:
    """The 400 naming the first object of `data` that holds a key twice, and the key (read
    again, keeping each object, where reading it whole failed; it is JSON up to that key)."""
    pairs = _Pairs()
    try:
        parsed = json.loads(data, object_pairs_hook=pairs)
    except RecursionError:
        return _too_deep()
    except ValueError:  # not JSON further on
        parsed = None
    if pairs.twice is None or parsed is None:
        return ApiError(400, t("The request body is not readable JSON."))
    holder, key = pairs.twice
    where = next(path for node, path in _paths(parsed) if node is holder)
    message = t('"{key}" appears twice in one object', key=_shown(key))
    return ApiError(400, t("The request body is not readable: {reason}.", reason=message),
                    [Problem(_join(where, key), "duplicate_key", message)])


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


_COMPACT = json.JSONEncoder(ensure_ascii=JsonProvider.ensure_ascii, sort_keys=JsonProvider.sort_keys,
                            default=JsonProvider.default, separators=(",", ":"))
