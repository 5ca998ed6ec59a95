"""The service's flask-smorest Blueprint: how every view reads its arguments and writes its answer.

Every API blueprint is made from this class, so what it changes is set once, through the
extension points flask-smorest documents (class attributes and overridable decorators), and
nothing is patched at import:

- `ARGUMENTS_PARSER`: webargs reads a view's arguments from the body `api.bodies` parsed once,
  through the schema's compiled load where it has one (`api.compiled`), in one layer
  (`arguments`).
- `alt_response` documents a problem answer a view may give without wrapping the view: the
  document is the same, and no layer runs on every request to say nothing.
- `response` on a blueprint made with `answers_as_built=True` writes the view's answer as the
  view built it, not through the schema's dump: the engine's answers (`as_dict()`) are already
  what the schema writes, which tests/test_answers.py proves for every case the tests send. The
  schema still documents the answer.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from functools import wraps
from typing import Any, cast

import flask_smorest
import marshmallow as ma
from flask import Request, Response, current_app, request
from webargs import core
from webargs.flaskparser import FlaskParser, is_json_request

from api.compiled import REFUSED, Loader, compiled

# What flask-smorest's `arguments` takes for the document alone (the rest goes to webargs).
_DOCUMENTED_ONLY = frozenset({"content_type", "required", "description", "example", "examples"})


class Parser(FlaskParser):
    """webargs, reading the body as the service read it (once, in `api.bodies.read_json`).

    A JSON body read by a schema, with nothing more asked of webargs (as every view here asks),
    goes straight to the schema, as webargs' own steps would take it (unknown fields refused, an
    empty body read as `{}`, a refusal raised through `handle_error`): to its compiled load
    (`api.compiled`) where that vouches for the body, else to its `load`.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Each request schema's compiled load (api.compiled), by the schema (kept alive by its view).
        self._compiled: dict[int, Loader | None] = {}

    def parse(self, argmap: Any, req: Request | None = None, *, location: str | None = None,
              unknown: str | None = core._UNKNOWN_DEFAULT_PARAM, validate: Any = None,
              error_status_code: int | None = None, error_headers: Any = None) -> Any:
        if (location or self.location) != "json" or not isinstance(argmap, ma.Schema) or validate is not None \
                or unknown != core._UNKNOWN_DEFAULT_PARAM or self.unknown != core._UNKNOWN_DEFAULT_PARAM:
            return super().parse(argmap, req, location=location, unknown=unknown, validate=validate,
                                 error_status_code=error_status_code, error_headers=error_headers)
        if req is None:
            req = request._get_current_object()  # type: ignore[attr-defined]  # the request, not its proxy
        data = self._raw_load_json(req)
        data = {} if data is core.missing else data
        try:
            if id(argmap) not in self._compiled:
                self._compiled[id(argmap)] = compiled(argmap)
            loader = self._compiled[id(argmap)]
            loaded = loader(data) if loader is not None else REFUSED
            return argmap.load(data, unknown=ma.RAISE) if loaded is REFUSED else loaded
        except ma.ValidationError as error:
            self._on_validation_error(error, req, argmap, "json", error_status_code=error_status_code,
                                      error_headers=error_headers)

    def _raw_load_json(self, req: Request) -> Any:
        if not is_json_request(req):
            return core.missing
        return req.get_json(cache=True)


class Blueprint(flask_smorest.Blueprint):  # type: ignore[misc]  # flask-smorest publishes no types
    """flask-smorest's Blueprint, reading arguments with `Parser`; see the module's docstring."""

    ARGUMENTS_PARSER = Parser()

    def __init__(self, *args: Any, answers_as_built: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.answers_as_built = answers_as_built

    def arguments(self, schema: Any, *, location: str = "json", **kwargs: Any) -> Callable[[Any], Any]:
        """flask-smorest's, documented the same; a JSON body read by one layer that asks the
        parser and hands the view its arguments after its other positional ones, as webargs'
        `use_args` does (where webargs is asked anything more, its own layers)."""
        document = super().arguments(schema, location=location, **kwargs)
        if location != "json" or set(kwargs) - _DOCUMENTED_ONLY:
            return document  # type: ignore[no-any-return]
        parser = self.ARGUMENTS_PARSER

        def decorator(view: Callable[..., Any]) -> Callable[..., Any]:
            if inspect.iscoroutinefunction(view):
                return document(view)  # type: ignore[no-any-return]

            @wraps(view)
            def read(*args: Any, **kw: Any) -> Any:
                return view(*args, parser.parse(schema, location="json"), **kw)

            read._apidoc = document(view)._apidoc  # type: ignore[attr-defined]
            return read
        return decorator

    def alt_response(self, status_code: int | str, *args: Any, **kwargs: Any) -> Callable[[Any], Any]:
        document = super().alt_response(status_code, *args, **kwargs)

        def decorator(view: Any) -> Any:
            view._apidoc = document(view)._apidoc  # the documented wrapper's doc, on the view itself
            return view
        return decorator

    def response(self, status_code: int | str, schema: Any = None, **kwargs: Any) -> Callable[[Any], Any]:
        document = super().response(status_code, schema, **kwargs)
        if not self.answers_as_built:
            return document  # type: ignore[no-any-return]

        def decorator(view: Callable[..., Any]) -> Callable[..., Any]:
            if inspect.iscoroutinefunction(view):
                raise TypeError(f"{view.__name__}: an answer written as built comes from a plain function")

            code = int(status_code)

            @wraps(view)
            def answer(*args: Any, **kw: Any) -> Response:
                result = view(*args, **kw)
                if isinstance(result, Response):
                    return result
                response = cast(Response, current_app.json.response(result))
                if response.status_code != code:  # a 200 already: Werkzeug's setter parses the status
                    response.status_code = code
                return response

            answer._apidoc = document(view)._apidoc  # type: ignore[attr-defined]
            return answer
        return decorator
