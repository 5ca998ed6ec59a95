"""The app keeps the route each request found (api.quick): the same routes, answers and
refusals as Werkzeug's own matching, each request with its own arguments."""

from __future__ import annotations

from typing import Any

import pytest
from flask import request
from werkzeug.routing import MapAdapter

from api import quick
from api.quick import QuickFlask


@pytest.fixture
def matched(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The paths Werkzeug's own matching was asked for."""
    asked: list[str] = []
    match = MapAdapter.match

    def counted(self: MapAdapter, *args: Any, **kwargs: Any) -> Any:
        asked.append(self.path_info)
        return match(self, *args, **kwargs)
    monkeypatch.setattr(MapAdapter, "match", counted)
    return asked


def _app() -> QuickFlask:
    app = QuickFlask(__name__)

    @app.post("/rulesets/<string:ruleset_id>/melds/check")
    def check(ruleset_id: str) -> dict[str, Any]:
        taken = request.view_args.pop("ruleset_id")  # type: ignore[union-attr]  # a view may change its own
        return {"id": ruleset_id, "taken": taken}

    @app.get("/rounds/<int:number>")
    def round_(number: int) -> dict[str, Any]:
        return {"number": number}

    @app.get("/docs/")
    def docs() -> str:
        return "docs"
    return app


def test_a_route_found_is_kept_per_method_and_path(matched: list[str]) -> None:
    client = _app().test_client()
    for ruleset in ("ten-pennies", "ten-pennies", "garbage", "ten-pennies"):
        answer = client.post(f"/rulesets/{ruleset}/melds/check")
        assert answer.status_code == 200 and answer.get_json() == {"id": ruleset, "taken": ruleset}
    assert matched == ["/rulesets/ten-pennies/melds/check", "/rulesets/garbage/melds/check"]
    assert client.get("/rounds/7").get_json() == {"number": 7}  # the converter's value, kept as it made it
    assert client.get("/rounds/7").get_json() == {"number": 7}
    assert matched[2:] == ["/rounds/7"]


def test_what_finds_no_route_is_matched_each_time_with_the_same_answer(matched: list[str]) -> None:
    client = _app().test_client()
    for _ in range(2):
        assert client.get("/rulesets/ten-pennies/melds/check").status_code == 405
        assert client.get("/rounds/seven").status_code == 404
        redirect = client.get("/docs")
        assert redirect.status_code == 308 and redirect.headers["Location"].endswith("/docs/")
    assert matched == ["/rulesets/ten-pennies/melds/check", "/rounds/seven", "/docs"] * 2


def test_the_routes_kept_are_bounded(matched: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(quick, "ROUTES_KEPT", 3)
    app = _app()
    client = app.test_client()
    for n in range(10):
        assert client.get(f"/rounds/{n}").get_json() == {"number": n}
        assert len(app._routes) <= 3
    long = "/rounds/" + "1" * quick.KEPT_PATH_LENGTH
    for _ in range(2):
        assert client.get(long).get_json() == {"number": int("1" * quick.KEPT_PATH_LENGTH)}
    assert matched.count(long) == 2 and all(key[1] != long for key in app._routes)


def test_the_services_routes_answer_as_before(quick_client: Any) -> None:
    for _ in range(2):
        assert quick_client.post("/v1/rulesets/ten-pennies/melds/check", json={"cards": ["8H", "8S", "8D"]}
                                 ).get_json()["valid"] is True
        assert quick_client.post("/v1/rulesets/no-such-game/melds/check", json={"cards": ["8H"]}).status_code == 404
        assert quick_client.get("/v1/rulesets/ten-pennies/melds/check").status_code == 405
        assert quick_client.get("/v1/rulesets/ten-pennies").get_json()["id"] == "ten-pennies"
