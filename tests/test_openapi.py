"""The OpenAPI document tells the truth: schemathesis, run in-process, finds nothing.

Every operation is called with generated valid and invalid data and its answers are checked
against the document: status codes, content types, headers and bodies.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

import pytest

schemathesis = pytest.importorskip("schemathesis")
from schemathesis import GenerationMode
from schemathesis.checks import positive_data_acceptance

from api import create_app

# schemathesis builds its tests when this module is collected, so the app and the game its
# writes aim at exist by then (SQLite in a temporary folder).
_APP = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{Path(tempfile.mkdtemp()) / 'referee.db'}"})
_GAME = _APP.test_client().post("/v1/games", json={"ruleset": "bing-rummy", "players": ["A", "B", "C"]}).get_json()

# A stored variant its writes aim at, with its token, and one that extends it (so a DELETE with
# the right token is a 409 and the variant stays for the next case).
_HOUSE = _APP.test_client().post("/v1/rulesets", json={"id": "house", "extends": "garbage", "name": "H"}).get_json()
_APP.test_client().post("/v1/rulesets", json={"id": "house-child", "extends": "house", "name": "C"})
DRAFT_CHECKS = ["melds/check", "going-out/check", "scores", "placements/check", "no/such"]

schema = schemathesis.openapi.from_wsgi("/v1/openapi.json", _APP)
# Each operation: schemathesis's boundary cases from the document, then 50 drawn cases in each
# mode (valid and invalid data). 100 a mode took 45 s of the suite's 5 minutes.
schema.config.generation.update(modes=[GenerationMode.POSITIVE, GenerationMode.NEGATIVE], max_examples=50)

# Where any body the document allows is accepted. Elsewhere a schema-valid body may still be
# refused with a status the document gives, for rules that are data, not schema: a ruleset's
# rounds, player range, family and layout slots (422), names that must be the game's players
# (422), the game's state and version (409, 412), ids taken (409), and the keys of dictionaries
# (player names), which OpenAPI 3.0 cannot constrain.
SCHEMA_ONLY = {"GET /v1/rulesets", "POST /v1/rulesets/validate", "GET /v1/schemas/ruleset.json",
               "GET /v1/games/{game_id}"}
RULESETS = ["bing-rummy", "ten-pennies", "garbage", "garbage-kings-wild", "no-such-game"]


def _aim(case: Any) -> None:
    """Point path parameters at things that exist, so the engine and the sheet are exercised."""
    params = case.path_parameters or {}
    if "check" in params:
        params["check"] = DRAFT_CHECKS[hash(str(params["check"])) % len(DRAFT_CHECKS)]
    if "game_id" in params:
        params["game_id"] = _GAME["id"]
    if "ruleset_id" in params:
        if case.path.endswith(("/check", "/scores")):
            params["ruleset_id"] = "garbage" if "placements" in case.path else \
                "rummikub" if "/turns/" in case.path else "bing-rummy"
        elif case.method in ("PUT", "DELETE"):
            params["ruleset_id"] = "house"  # built-in ids are a 409 before anything (test_api_variants)
        else:
            params["ruleset_id"] = RULESETS[hash(str(params["ruleset_id"])) % len(RULESETS)]


@schema.parametrize()
def test_the_api_matches_its_document(case: Any) -> None:
    _aim(case)
    excluded = [] if f"{case.method} {case.path}" in SCHEMA_ONLY else [positive_data_acceptance]
    token = _HOUSE["token"] if case.path == "/v1/rulesets/{ruleset_id}" else _GAME["token"]
    case.call_and_validate(headers={"Authorization": f"Bearer {token}"}, excluded_checks=excluded)


def test_errors_are_declared_as_problem_json() -> None:
    document = _APP.test_client().get("/v1/openapi.json").get_json()
    problem = document["components"]["schemas"]["Problem"]
    assert set(problem["required"]) == {"type", "title", "status", "detail"}
    assert "Error" not in document["components"]["schemas"]
    write = document["paths"]["/v1/games/{game_id}/rounds"]["post"]
    assert write["security"] == [{"bearer": []}]
    assert {p["name"] for p in write["parameters"]} >= {"If-Match", "Idempotency-Key"}
    assert "ETag" in write["responses"]["200"]["headers"]
    for status in ("400", "401", "404", "409", "412", "413", "415", "422"):
        assert list(write["responses"][status]["content"]) == ["application/problem+json"], status
    read = document["paths"]["/v1/games/{game_id}"]["get"]
    assert "304" in read["responses"] and "If-None-Match" in {p["name"] for p in read["parameters"]}
