"""A client generated from /v1/openapi.json by openapi-python-client plays a game against `referee serve`.

The document is taken from the app in-process, the generator runs offline as a subprocess into
tmp_path, and the generated package is imported and used, typed models and all, over loopback.
"""

from __future__ import annotations

import importlib
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

pytestmark = pytest.mark.e2e

PACKAGE = "referee_generated_client"


def generator() -> list[str]:
    script = Path(sys.executable).with_name("openapi-python-client")
    if script.exists():
        return [str(script)]
    if shutil.which("openapi-python-client"):
        return ["openapi-python-client"]
    reason = "openapi-python-client is not installed (pip install '.[test]')"
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(reason)
    pytest.skip(reason)


@pytest.fixture
def generated(tmp_path: Path) -> Iterator[Any]:
    """The generated package, importable as PACKAGE; its modules are dropped afterwards."""
    from api import create_app

    app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path / 'spec.db'}"})
    try:
        answer = app.test_client().get("/v1/openapi.json")
    finally:
        app.extensions["referee.store"].engine.dispose()
    assert answer.status_code == 200
    document = tmp_path / "openapi.json"
    document.write_text(json.dumps(answer.get_json()), encoding="utf-8")

    # No post hooks: the generator would run ruff when it is on PATH and skip it otherwise, so the
    # output would depend on the shell; unformatted code imports the same.
    config = tmp_path / "generator.json"
    config.write_text(json.dumps({"post_hooks": []}), encoding="utf-8")
    out = tmp_path / "client" / PACKAGE
    result = subprocess.run(
        [*generator(), "generate", "--path", str(document), "--output-path", str(out), "--meta", "none",
         "--config", str(config)],
        check=False, capture_output=True, text=True, timeout=120, cwd=tmp_path)
    output = result.stdout + result.stderr
    assert result.returncode == 0 and (out / "client.py").exists(), output
    # The only warnings allowed: the generator has no model for the YAML bodies of POST /v1/rulesets,
    # /v1/rulesets/validate and PUT /v1/rulesets/{id} (their JSON bodies are generated). Any other
    # warning is news.
    warnings = [line for line in output.splitlines() if line.startswith("WARNING")]
    assert sorted(warnings) == ["WARNING parsing POST /v1/rulesets within rulesets.",
                                "WARNING parsing POST /v1/rulesets/validate within rulesets.",
                                "WARNING parsing PUT /v1/rulesets/{ruleset_id} within rulesets."], output
    assert output.count("Unsupported content type application/yaml") == 3, output

    sys.path.insert(0, str(out.parent))
    importlib.invalidate_caches()
    try:
        yield importlib.import_module(PACKAGE)
    finally:
        sys.path.remove(str(out.parent))
        for name in [n for n in sys.modules if n == PACKAGE or n.startswith(PACKAGE + ".")]:
            del sys.modules[name]


def module(name: str) -> ModuleType:
    return importlib.import_module(f"{PACKAGE}.{name}")


def test_generated_client_plays_a_game(generated: Any, live_server: str) -> None:
    games = {op: module(f"api.games.{op}") for op in (
        "post_v1_games", "get_v1_games_game_id", "post_v1_games_game_id_rounds")}
    models = module("models")
    types = module("types")

    # trust_env off: no proxy from the environment between the client and loopback
    options: dict[str, Any] = {"base_url": live_server, "raise_on_unexpected_status": True,
                               "httpx_args": {"trust_env": False}}
    with generated.Client(**options) as client:
        # a Bing Rummy table of two, ann already on 31, bob on 5 (eliminated at 76)
        created = games["post_v1_games"].sync_detailed(client=client, body=models.GameCreate(
            ruleset="bing-rummy", players=["ann", "bob"],
            scores=models.GameCreateScores.from_dict({"ann": 31, "bob": 5})))
        assert created.status_code == 201, created.content
        game = created.parsed
        assert isinstance(game, models.GameCreated)
        assert created.headers["Location"] == f"/v1/games/{game.id}"
        assert game.token and game.status == models.GameCreatedStatus.IN_PROGRESS
        assert [(p.name, p.score) for p in game.players] == [("ann", 31), ("bob", 5)]

        # an unknown ruleset: a typed 404 problem
        missing = games["post_v1_games"].sync_detailed(
            client=client, body=models.GameCreate(ruleset="no-such-game", players=["ann", "bob"]))
        assert missing.status_code == 404
        assert missing.headers["Content-Type"].startswith("application/problem+json")
        problem = missing.parsed
        assert isinstance(problem, models.Problem)
        assert (problem.status, problem.title) == (404, "Not found")
        assert problem.type_.endswith("/not-found") and "no-such-game" in problem.detail
        assert not isinstance(problem.errors, types.Unset)
        assert [(e.path, e.code) for e in problem.errors] == [("ruleset", "unknown_ruleset")]

    rounds = games["post_v1_games_game_id_rounds"]
    read = games["get_v1_games_game_id"]
    with generated.AuthenticatedClient(token=game.token, **options) as player:
        # without the token: 401
        with generated.Client(**options) as anonymous:
            refused = rounds.sync_detailed(game.id, client=anonymous, body=models.RoundWrite(
                went_out="bob", points=models.RoundWritePoints.from_dict({"ann": 1})))
        assert refused.status_code == 401 and isinstance(refused.parsed, models.Problem)

        # a card no deck holds: 422, and nothing changes
        bad = rounds.sync_detailed(game.id, client=player, body=models.RoundWrite(
            went_out="bob", hands=models.RoundWriteHands.from_dict({"ann": ["3H", "1H"]})))
        assert bad.status_code == 422
        assert isinstance(bad.parsed, models.Problem) and bad.parsed.status == 422
        assert [(e.path, e.code) for e in bad.parsed.errors] == [("hands.ann[1]", "unknown_card")]

        # round 1, by hands: ann is caught with 3 + 10 = 13
        one = rounds.sync_detailed(game.id, client=player, body=models.RoundWrite(
            went_out="bob", hands=models.RoundWriteHands.from_dict({"ann": ["3H", "KD"]})))
        assert one.status_code == 200, one.content
        assert isinstance(one.parsed, models.Game) and one.parsed.round_ == 2
        assert {p.name: p.score for p in one.parsed.players} == {"ann": 44, "bob": 5}

        # round 2, by points: ann passes 76 and is out, so bob has won
        etag = read.sync_detailed(game.id, client=player).headers["ETag"]
        two = rounds.sync_detailed(game.id, client=player, if_match=etag, body=models.RoundWrite(
            went_out="bob", points=models.RoundWritePoints.from_dict({"ann": 40})))
        assert two.status_code == 200, two.content

        # the same If-Match again is stale now: 412
        stale = rounds.sync_detailed(game.id, client=player, if_match=etag, body=models.RoundWrite(
            went_out="ann", points=models.RoundWritePoints.from_dict({"bob": 1})))
        assert stale.status_code == 412 and isinstance(stale.parsed, models.Problem)

        # a finished game takes no more rounds: 409
        late = rounds.sync_detailed(game.id, client=player, body=models.RoundWrite(
            went_out="ann", points=models.RoundWritePoints.from_dict({"bob": 1})))
        assert late.status_code == 409 and isinstance(late.parsed, models.Problem)

    with generated.Client(**options) as client:
        final = read.sync_detailed(game.id, client=client)
        assert final.status_code == 200
        standings = final.parsed
        assert isinstance(standings, models.Game)
        assert standings.status == models.GameStatus.FINISHED
        assert standings.winner == "bob"
        assert [(p.name, p.score, p.eliminated) for p in standings.players] == [
            ("ann", 84, True), ("bob", 5, False)]
        assert [(r.number, r.went_out) for r in standings.rounds] == [(1, "bob"), (2, "bob")]
        assert standings.rounds[0].points.to_dict() == {"ann": 13}
        assert [(e.kind, e.number) for e in standings.entries] == [
            (models.EntryKind.ROUND, 1), (models.EntryKind.ROUND, 2)]

        # the current ETag in If-None-Match: 304, no body
        again = read.sync_detailed(game.id, client=client, if_none_match=final.headers["ETag"])
        assert again.status_code == 304 and again.parsed is None
