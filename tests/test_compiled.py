"""A request schema's compiled load (api.compiled) gives what its `load` gives, or leaves the body to it.

Every body of the case tables and of seeded random hands, and each of them changed field by
field (left out, null, of every other JSON kind, past its bounds, an unknown field added), is
read both ways inside a request to its address (the counts of api.bounds read the ruleset): a
body the compiled load accepts is one the schema loads to the same arguments; a body the schema
refuses is one the compiled load leaves to it.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

import pytest
from marshmallow import Schema, ValidationError

from api.compiled import REFUSED, compiled
from referee.values.errors import RefereeError
from tests import golden

ODD_VALUES: list[Any] = [None, True, False, 0, -1, 1, 7, 1001, 10**9, 1.5, "", "x", "8H", " t ", "x" * 13,
                         [], ["8H"], [["8H"]], [1], ["8H"] * 201, {}, {"a": 1}]


@pytest.fixture(scope="module")
def service() -> Iterator[golden.Service]:
    s = golden.Service(golden.variants_for_tests())
    yield s
    s.close()


def _argument_schemas(service: golden.Service) -> dict[str, Schema]:
    out = {}
    for endpoint, view in service.app.view_functions.items():
        for parameter in getattr(view, "_apidoc", {}).get("arguments", {}).get("parameters", []):
            if parameter["in"] == "json" and isinstance(parameter["schema"], Schema):
                out[endpoint] = parameter["schema"]
    return out


def _both(schema: Schema, body: Any) -> tuple[Any, Any]:
    """(the schema's load, or the error class it raised; the compiled load, or the same)."""
    results = []
    for read in (lambda b: schema.load(b), compiled(schema)):
        try:
            results.append(read(copy.deepcopy(body)))  # type: ignore[misc]
        except (ValidationError, RefereeError) as error:
            results.append(type(error))
    return results[0], results[1]


def _changed(body: dict[str, Any], schema: Schema) -> Iterator[dict[str, Any]]:
    yield body
    yield {**body, "no_such_field": 1}
    for key in {f.data_key or name for name, f in schema.load_fields.items()} | set(body):
        yield {k: v for k, v in body.items() if k != key}
        for value in ODD_VALUES:
            yield {**body, key: value}
        if isinstance(body.get(key), list) and body[key]:
            yield {**body, key: [None, *body[key]]}
            yield {**body, key: [*body[key], 8]}


def test_the_checks_schemas_are_compiled(service: golden.Service) -> None:
    schemas = _argument_schemas(service)
    assert compiled(schemas["checks.melds_check"]) is not None
    made = {endpoint for endpoint, schema in schemas.items() if compiled(schema) is not None}
    assert {"checks.melds_check", "checks.going_out_check", "checks.lay_offs_check", "checks.hands_check",
            "checks.first_meld_check"} <= made


def test_a_compiled_load_is_the_schemas_load_or_leaves_the_body_to_it(service: golden.Service) -> None:
    schemas = _argument_schemas(service)
    adapter = service.app.url_map.bind("localhost")
    vouched = refused = 0
    requests = [*golden.case_requests(), *golden.random_requests(service, 1, 34)]
    for rid, path, body in requests[::12]:
        endpoint, _ = adapter.match(f"/v1/rulesets/{path}", "POST")
        schema = schemas.get(endpoint)
        if schema is None or compiled(schema) is None:
            continue
        with service.app.test_request_context(f"/v1/rulesets/{path}", method="POST", json=body):
            service.app.preprocess_request()
            for changed in _changed(body, schema):
                loaded, fast = _both(schema, changed)
                if fast is REFUSED:
                    refused += 1
                    continue
                assert fast == loaded, (rid, changed)
                vouched += 1
    assert vouched > 1000 and refused > 1000


def test_a_body_that_is_not_an_object_is_left_to_the_schema(service: golden.Service) -> None:
    schema = _argument_schemas(service)["checks.melds_check"]
    for body in ([], "cards", 3, None):
        with service.app.test_request_context("/v1/rulesets/ten-pennies/melds/check", method="POST"):
            assert compiled(schema)(body) is REFUSED  # type: ignore[misc]
