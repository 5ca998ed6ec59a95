"""Browser apps on other origins (api/cors.py): every answer under /v1/ says so once, errors too."""

from __future__ import annotations

from typing import Any

import pytest

MELD = "/v1/rulesets/ten-pennies/melds/check"
CORS_HEADERS = ("Access-Control-Allow-Origin", "Access-Control-Expose-Headers")


@pytest.mark.parametrize(("method", "path", "body", "status"), [
    ("POST", MELD, {"cards": ["8H", "8S", "8D"]}, 200),
    ("POST", MELD, {"cards": ["8H", "8S", "1C"]}, 422),
    ("POST", MELD, {"cardz": []}, 422),
    ("GET", "/v1/nothing", None, 404),
    ("GET", "/v1/rulesets", None, 200),
])
@pytest.mark.parametrize("origin", [None, "http://table.example"])
def test_every_answer_names_its_cors_headers_once(quick_client: Any, method: str, path: str, body: Any,
                                                  status: int, origin: str | None) -> None:
    answer = quick_client.open(path, method=method, json=body, headers={"Origin": origin} if origin else {})
    assert answer.status_code == status
    for name in CORS_HEADERS:
        assert len(answer.headers.getlist(name)) == 1, name
    assert answer.headers["Access-Control-Allow-Origin"] == (origin or "*")
    assert answer.headers["Access-Control-Expose-Headers"] == "ETag, Location"
    assert ("Origin" in answer.headers.get("Vary", "")) == (origin is not None)


def test_the_page_is_not_offered_to_other_origins(quick_client: Any) -> None:
    answer = quick_client.get("/healthz", headers={"Origin": "http://table.example"})
    assert "Access-Control-Allow-Origin" not in answer.headers


def test_a_preflight_is_answered_by_flask_cors(quick_client: Any) -> None:
    answer = quick_client.options("/v1/games", headers={
        "Origin": "http://table.example", "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "Content-Type, Authorization, If-Match"})
    assert answer.headers.getlist("Access-Control-Allow-Origin") == ["http://table.example"]
    assert answer.headers["Access-Control-Allow-Headers"] == "Authorization, Content-Type, If-Match"
    assert "POST" in answer.headers["Access-Control-Allow-Methods"]
