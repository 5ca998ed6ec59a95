"""House rules over HTTP (http-api.md, Rulesets): a variant's token, `PUT` and `DELETE` with it, what
a variant changes, validation's resolved form and changes, any check asked of a draft, and the bound
on stored rulesets. On SQLite and PostgreSQL (the `client` fixture)."""

from __future__ import annotations

from typing import Any

import pytest
import sqlalchemy as sa

from api import create_app
from api.storage import normalise_url, now

YAML = "application/yaml"
KINGS = "id: our-garbage\nextends: garbage\nname: Our Garbage\nwilds: {ranks: [K]}\ndead_ranks: [J, Q]\n"
QUEENS = KINGS.replace("[K]", "[Q]").replace("[J, Q]", "[J, K]")


def _post(client: Any, text: str) -> Any:
    return client.post("/v1/rulesets", data=text, content_type=YAML)


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _stored(client: Any, text: str) -> str:
    answer = _post(client, text)
    assert answer.status_code == 201, answer.get_json()
    token = answer.get_json()["token"]
    assert isinstance(token, str) and len(token) >= 32
    return token


def test_a_posted_variant_is_replaced_with_its_token_and_keeps_it(client: Any) -> None:
    token = _stored(client, KINGS)
    assert "token" not in client.get("/v1/rulesets/our-garbage").get_json()  # shown once
    replaced = client.put("/v1/rulesets/our-garbage", data=QUEENS, content_type=YAML, headers=_bearer(token))
    assert replaced.status_code == 200 and replaced.get_json()["wilds"] == {"ranks": ["Q"]}
    assert "token" not in replaced.get_json()
    assert client.get("/v1/rulesets/our-garbage").get_json()["dead_ranks"] == ["J", "K"]
    check = client.post("/v1/rulesets/our-garbage/placements/check", json={"layout": ["down"], "card": "QS"})
    assert check.get_json()["slots"] == [1]  # the queen is wild now
    again = client.put("/v1/rulesets/our-garbage", json={"id": "our-garbage", "extends": "garbage", "name": "J"},
                       headers=_bearer(token))
    assert again.status_code == 200 and again.get_json()["wilds"] == {"ranks": ["J"]}


@pytest.mark.parametrize("headers", [{}, {"Authorization": "Bearer wrong"}, {"Authorization": "Basic abc"}])
def test_a_write_without_the_token_is_a_401_and_changes_nothing(client: Any, headers: dict[str, str]) -> None:
    _stored(client, KINGS)
    put = client.put("/v1/rulesets/our-garbage", data=QUEENS, content_type=YAML, headers=headers)
    assert put.status_code == 401 and put.headers["WWW-Authenticate"].startswith("Bearer")
    assert client.delete("/v1/rulesets/our-garbage", headers=headers).status_code == 401
    assert client.get("/v1/rulesets/our-garbage").get_json()["wilds"] == {"ranks": ["K"]}


def test_a_put_naming_another_id_is_a_422_at_id(client: Any) -> None:
    token = _stored(client, KINGS)
    put = client.put("/v1/rulesets/our-garbage", data=KINGS.replace("id: our-garbage", "id: theirs"),
                     content_type=YAML, headers=_bearer(token))
    assert put.status_code == 422
    assert [(e["path"], e["code"], e["line"]) for e in put.get_json()["errors"]] == [("id", "id_mismatch", 1)]
    assert client.get("/v1/rulesets/theirs").status_code == 404


@pytest.mark.parametrize("body", [{"data": KINGS, "content_type": YAML}, {"data": b"\xff", "content_type": "text/csv"},
                                  {}])
def test_a_built_in_ruleset_is_a_409_before_anything_else(client: Any, body: dict[str, Any]) -> None:
    assert client.put("/v1/rulesets/garbage", **body).status_code == 409
    assert client.put("/v1/rulesets/garbage", headers=_bearer("x"), **body).status_code == 409
    deleted = client.delete("/v1/rulesets/garbage", headers=_bearer("x"))
    assert deleted.status_code == 409 and deleted.get_json()["errors"][0]["code"] == "builtin_ruleset"
    assert client.get("/v1/rulesets/garbage").status_code == 200


def test_unknown_ids_are_404(client: Any) -> None:
    assert client.put("/v1/rulesets/nobody", data=KINGS, content_type=YAML, headers=_bearer("x")).status_code == 404
    assert client.delete("/v1/rulesets/nobody", headers=_bearer("x")).status_code == 404
    assert client.get("/v1/rulesets/nobody/changes").status_code == 404


def test_a_variant_that_is_extended_cannot_be_deleted(client: Any) -> None:
    token = _stored(client, KINGS)
    child_token = _stored(client, "id: our-child\nextends: our-garbage\nname: Child\n")
    refused = client.delete("/v1/rulesets/our-garbage", headers=_bearer(token))
    assert refused.status_code == 409 and "our-child" in refused.get_json()["detail"]
    assert client.get("/v1/rulesets/our-garbage").status_code == 200
    assert client.delete("/v1/rulesets/our-child", headers=_bearer(child_token)).status_code == 204
    assert client.delete("/v1/rulesets/our-garbage", headers=_bearer(token)).status_code == 204
    assert client.get("/v1/rulesets/our-garbage").status_code == 404
    assert "our-garbage" not in {r["id"] for r in client.get("/v1/rulesets").get_json()["rulesets"]}


def test_a_replaced_base_carries_its_variants_unless_one_would_break(client: Any) -> None:
    token = _stored(client, KINGS)
    _stored(client, "id: our-child\nextends: our-garbage\nname: Child\nwilds: {max_per_meld: null}\n")
    assert client.get("/v1/rulesets/our-child").get_json()["wilds"]["ranks"] == ["K"]
    assert client.put("/v1/rulesets/our-garbage", data=QUEENS, content_type=YAML, headers=_bearer(token)).status_code == 200
    assert client.get("/v1/rulesets/our-child").get_json()["wilds"]["ranks"] == ["Q"]  # it follows its base
    # A grandchild that writes a field of layout games only breaks on a rummy base.
    _stored(client, "id: grandchild\nextends: our-child\nname: G\ndead_ranks: [K]\n")
    breaking = "id: our-garbage\nextends: bing-rummy\nname: Our Garbage\n"
    refused = client.put("/v1/rulesets/our-garbage", data=breaking, content_type=YAML, headers=_bearer(token))
    assert refused.status_code == 409 and "grandchild" in refused.get_json()["detail"]
    assert client.get("/v1/rulesets/our-garbage").get_json()["wilds"]["ranks"] == ["Q"]  # nothing changed


def test_an_extends_cycle_through_a_put_is_a_422_naming_the_chain(client: Any) -> None:
    token = _stored(client, KINGS)
    _stored(client, "id: our-child\nextends: our-garbage\nname: Child\n")
    looping = KINGS.replace("extends: garbage", "extends: our-child")
    put = client.put("/v1/rulesets/our-garbage", data=looping, content_type=YAML, headers=_bearer(token))
    assert put.status_code == 422
    error = put.get_json()["errors"][0]
    assert error["code"] == "extends_cycle" and error["path"] == "extends"
    assert "our-garbage → our-child → our-garbage" in error["message"]


def test_a_chain_deeper_than_eight_is_a_422_naming_it(client: Any) -> None:
    base = "garbage"
    for depth in range(1, 8):  # garbage, then seven stored variants: a chain of eight
        _stored(client, f"id: deep-{depth}\nextends: {base}\nname: D{depth}\n")
        base = f"deep-{depth}"
    _stored(client, f"id: deep-8\nextends: {base}\nname: D8\n")  # 8 deep: the most
    refused = _post(client, "id: deep-9\nextends: deep-8\nname: D9\n")
    assert refused.status_code == 422
    error = refused.get_json()["errors"][0]
    assert error["code"] == "extends_too_deep" and "deep-9 → deep-8" in error["message"]
    assert error["message"].endswith("garbage")


def test_a_game_keeps_its_copy_when_its_ruleset_is_replaced_or_deleted(client: Any) -> None:
    token = _stored(client, KINGS)
    game = client.post("/v1/games", json={"ruleset": "our-garbage", "players": ["ann", "bob"]}).get_json()
    client.put("/v1/rulesets/our-garbage", data=QUEENS, content_type=YAML, headers=_bearer(token))
    assert client.delete("/v1/rulesets/our-garbage", headers=_bearer(token)).status_code == 204
    kept = client.get(f"/v1/games/{game['id']}")
    assert kept.status_code == 200 and kept.get_json()["ruleset"] == "our-garbage"
    entered = client.post(f"/v1/games/{game['id']}/rounds", json={"winner": "ann"}, headers=_bearer(game["token"]))
    assert entered.status_code == 200


def test_a_ruleset_stored_before_tokens_stays_read_only(client: Any, app: Any) -> None:
    engine = sa.create_engine(normalise_url(app.config["DATABASE_URL"]), poolclass=sa.pool.NullPool)
    with engine.begin() as conn:
        conn.execute(sa.text("INSERT INTO rulesets (id, source, created_at) VALUES (:i, :s, :c)"),
                     {"i": "our-garbage", "s": KINGS, "c": now()})
    engine.dispose()
    for token in ("", "anything"):
        put = client.put("/v1/rulesets/our-garbage", data=QUEENS, content_type=YAML, headers=_bearer(token))
        assert put.status_code == 401
    assert client.delete("/v1/rulesets/our-garbage", headers=_bearer("anything")).status_code == 401
    assert client.get("/v1/rulesets/our-garbage").get_json()["wilds"] == {"ranks": ["K"]}


def test_past_the_bound_a_post_is_a_409_and_nothing_is_stored(client: Any, app: Any) -> None:
    app.config["MAX_RULESETS"] = 2
    try:
        _stored(client, KINGS)
        _stored(client, KINGS.replace("our-garbage", "second"))
        refused = _post(client, KINGS.replace("our-garbage", "third"))
        assert refused.status_code == 409
        assert [e["code"] for e in refused.get_json()["errors"]] == ["too_many_rulesets"]
        assert client.get("/v1/rulesets/third").status_code == 404
    finally:
        app.config["MAX_RULESETS"] = 1000


def test_a_repost_reports_its_problems_before_the_taken_id(client: Any) -> None:
    _stored(client, KINGS)
    typo = _post(client, KINGS.replace("dead_ranks", "dead_ranx"))
    assert typo.status_code == 422 and "id_taken" not in {e["code"] for e in typo.get_json()["errors"]}
    assert _post(client, KINGS).status_code == 409


def test_changes_are_what_validate_said_before_storing(client: Any) -> None:
    said = client.post("/v1/rulesets/validate", data=KINGS, content_type=YAML).get_json()
    assert said["valid"] and said["resolved"]["wilds"] == {"ranks": ["K"]} and said["resolved"]["deck"]["ranks"]
    _stored(client, KINGS)
    stored = client.get("/v1/rulesets/our-garbage/changes").get_json()
    assert stored == {"extends": "garbage", "changes": said["changes"]}
    by_path = {c["path"]: c for c in stored["changes"]}
    assert set(by_path) == {"wilds.ranks", "dead_ranks"}
    assert (by_path["wilds.ranks"]["from"], by_path["wilds.ranks"]["to"]) == (["J"], ["K"])
    assert "kings" in by_path["wilds.ranks"]["words"] and "jacks" in by_path["wilds.ranks"]["words"]
    swedish = client.get("/v1/rulesets/our-garbage/changes?lang=sv").get_json()["changes"]
    assert [c["words"] for c in swedish] != [c["words"] for c in stored["changes"]]
    assert client.get("/v1/rulesets/garbage/changes").get_json() == {"extends": None, "changes": []}
    invalid = client.post("/v1/rulesets/validate", data=KINGS + "wilds: 3\n", content_type=YAML).get_json()
    assert not invalid["valid"] and "resolved" not in invalid and "changes" not in invalid


# Each check asked of a draft, and of the same ruleset once stored: the same answer.
DRAFT_ASKS = [
    ("garbage", "placements/check", {"layout": ["down", "2H", "down"], "card": "KS"}),
    ("bing-rummy", "melds/check", {"cards": ["KH", "KS", "JD"]}),
    ("bing-rummy", "going-out/check", {"hand": ["KH", "KS", "KD", "4C"], "first_meld_done": True}),
    ("bing-rummy", "scores", {"went_out": "ann", "hands": {"ann": [], "bob": ["KD", "3C"]}}),
    ("rummikub", "turns/best", {"table": [], "hand": ["1R", "2R", "3R", "9B"], "first_meld_done": True}),
]


@pytest.mark.parametrize(("base", "check", "body"), DRAFT_ASKS)
def test_a_draft_answers_as_the_stored_ruleset_does(client: Any, base: str, check: str, body: dict[str, Any]) -> None:
    wild = "K" if base != "rummikub" else "JOKER"
    draft = {"id": f"draft-of-{base}", "extends": base, "name": "Draft", "wilds": {"ranks": [wild]}}
    asked = client.post(f"/v1/rulesets/draft/{check}", json={**body, "ruleset": draft})
    as_yaml = client.post(f"/v1/rulesets/draft/{check}", json={
        **body, "ruleset": f"id: draft-of-{base}\nextends: {base}\nname: Draft\nwilds: {{ranks: [{wild}]}}\n"})
    client.post("/v1/rulesets", json=draft)
    stored = client.post(f"/v1/rulesets/draft-of-{base}/{check}", json=body)
    assert asked.status_code == stored.status_code == as_yaml.status_code
    assert asked.get_json() == stored.get_json() == as_yaml.get_json()
    plain = client.post(f"/v1/rulesets/{base}/{check}", json=body)
    if check == "placements/check":
        assert asked.get_json() != plain.get_json()  # the draft's own rules were used


def test_a_draft_with_problems_lists_them_under_ruleset(client: Any) -> None:
    bad = client.post("/v1/rulesets/draft/melds/check",
                      json={"cards": ["KH"], "ruleset": "id: d\nextends: garbage\nwilds: {ranks: [Z]}\n"})
    assert bad.status_code == 422
    assert [(e["path"], e["line"]) for e in bad.get_json()["errors"]] == [("ruleset.wilds.ranks[0]", 3)]
    for ruleset, path in ((None, "ruleset"), (3, "ruleset")):
        refused = client.post("/v1/rulesets/draft/melds/check", json={"cards": ["KH"], "ruleset": ruleset})
        assert refused.status_code == 422 and refused.get_json()["errors"][0]["path"] == path
    unknown = client.post("/v1/rulesets/draft/no/such/check", json={"ruleset": {"id": "d", "extends": "garbage"}})
    assert unknown.status_code == 404
    field = client.post("/v1/rulesets/draft/melds/check", json={
        "ruleset": {"id": "d", "extends": "bing-rummy", "name": "D"}, "cards": ["KH"], "nonsense": 1})
    assert field.status_code == 422 and field.get_json()["errors"][0]["path"] == "nonsense"


def test_another_process_sees_a_replacement_and_a_deletion_at_once(client: Any, app: Any) -> None:
    token = _stored(client, KINGS)
    other = create_app({"TESTING": True, "DATABASE_URL": app.config["DATABASE_URL"]})
    try:
        there = other.test_client()
        assert there.get("/v1/rulesets/our-garbage").get_json()["wilds"] == {"ranks": ["K"]}
        client.put("/v1/rulesets/our-garbage", data=QUEENS, content_type=YAML, headers=_bearer(token))
        assert there.get("/v1/rulesets/our-garbage").get_json()["wilds"] == {"ranks": ["Q"]}
        client.delete("/v1/rulesets/our-garbage", headers=_bearer(token))
        assert there.get("/v1/rulesets/our-garbage").status_code == 404
        assert "our-garbage" not in {r["id"] for r in there.get("/v1/rulesets").get_json()["rulesets"]}
    finally:
        other.extensions["referee.store"].engine.dispose()
