"""Answers written as built (api.blueprint, `answers_as_built`) are what their schema writes.

The checks' views answer the engine's `as_dict()` without the schema's dump. For every row of
the case tables and seeded random hands of every shipped ruleset (tests/golden.py's requests),
each 200 answer is checked against the schema the document gives it: the dump of the answer
is the answer itself (no key the schema lacks, none written otherwise), and the schema finds
nothing wrong in it (required fields, kinds, values).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from marshmallow import Schema

from api.blueprint import Blueprint
from tests import golden


@pytest.fixture(scope="module")
def service() -> Iterator[golden.Service]:
    s = golden.Service(golden.variants_for_tests())
    yield s
    s.close()


def _as_built(service: golden.Service) -> dict[str, Schema]:
    """The 200 schema of each endpoint whose answers are written as built."""
    app = service.app
    built = {name for name, blp in app.blueprints.items() if isinstance(blp, Blueprint) and blp.answers_as_built}
    out = {}
    for endpoint, view in app.view_functions.items():
        if endpoint.split(".")[0] in built:
            schema = view._apidoc["response"]["responses"][200][0]["schema"]
            out[endpoint] = schema() if isinstance(schema, type) else schema
    return out


def test_the_checks_are_written_as_built(service: golden.Service) -> None:
    assert {"checks.melds_check", "checks.going_out_check", "checks.scores", "turns.turns_check"} <= set(_as_built(service))


def test_every_answer_written_as_built_is_what_its_schema_writes(service: golden.Service) -> None:
    schemas = _as_built(service)
    adapter = service.app.url_map.bind("localhost")
    asked = 0
    for rid, path, body in [*golden.case_requests(), *golden.random_requests(service, 2, 34)]:
        endpoint, _ = adapter.match(f"/v1/rulesets/{path}", "POST")
        if endpoint not in schemas:
            continue
        record = service.ask(rid, path, body)
        answer = record["answer"]
        if answer["status"] != 200:
            continue
        schema = schemas[endpoint]
        assert schema.dump(answer["body"]) == answer["body"], rid
        assert schema.validate(answer["body"]) == {}, rid
        asked += 1
    assert asked > 1000
