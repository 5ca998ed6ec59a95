from __future__ import annotations

from typing import Any

import pytest
import yaml

VARIANT = ("format: 1\nid: table-garbage\nextends: garbage\nname: Our Garbage\nfamily: layout\n"
           "wilds: {ranks: [K]}\ndead_ranks: [J, Q]\n")


def test_list_has_games_and_variants(client: Any) -> None:
    rows = client.get("/v1/rulesets").get_json()["rulesets"]
    by_id = {r["id"]: r for r in rows}
    assert {"ten-pennies", "bing-rummy", "garbage"} <= set(by_id)
    assert by_id["garbage-kings-wild"] == {"id": "garbage-kings-wild", "name": "Garbage, kings wild",
                                           "family": "layout", "extends": "garbage", "builtin": True}


def test_get_json_and_yaml(client: Any) -> None:
    doc = client.get("/v1/rulesets/ten-pennies-jokers-early").get_json()
    assert doc["rounds"][0]["wilds"]["ranks"] == ["2", "JOKER"] and len(doc["rounds"]) == 7
    r = client.get("/v1/rulesets/ten-pennies", headers={"Accept": "application/yaml"})
    assert r.status_code == 200 and r.mimetype == "application/yaml"
    assert yaml.safe_load(r.data)["id"] == "ten-pennies"
    assert client.get("/v1/rulesets/nope").status_code == 404


def test_create_yaml_then_conflict_then_use(client: Any, app: Any) -> None:
    r = client.post("/v1/rulesets", data=VARIANT, content_type="application/yaml")
    assert r.status_code == 201, r.get_json()
    assert r.headers["Location"].endswith("/v1/rulesets/table-garbage")
    assert r.get_json()["wilds"] == {"ranks": ["K"]} and r.get_json()["layout"]["slots"][0] == "A"
    again = client.post("/v1/rulesets", data=VARIANT, content_type="application/yaml")
    assert again.status_code == 409 and again.content_type.startswith("application/problem+json")
    check = client.post("/v1/rulesets/table-garbage/placements/check", json={"layout": ["down"], "card": "KS"})
    assert check.get_json()["slots"] == [1]
    from api import create_app  # a restart, and another process, find it in the database
    fresh = create_app({"TESTING": True, "DATABASE_URL": app.config["DATABASE_URL"]})
    assert fresh.test_client().get("/v1/rulesets/table-garbage").status_code == 200
    fresh.extensions["referee.store"].engine.dispose()


def test_builtin_id_is_taken(client: Any) -> None:
    body = {"format": 1, "id": "bing-rummy", "extends": "garbage", "name": "G", "family": "layout"}
    assert client.post("/v1/rulesets", json=body).status_code == 409
    # A file with problems is a 422 before its id is looked up (it extends itself here).
    assert client.post("/v1/rulesets", json={**body, "id": "garbage"}).status_code == 422


def test_create_json(client: Any) -> None:
    body = {"format": 1, "id": "tp-ten", "extends": "ten-pennies", "name": "TP ten", "family": "rummy",
            "hand_size": 10}
    r = client.post("/v1/rulesets", json=body)
    assert r.status_code == 201 and r.get_json()["hand_size"] == 10


def test_create_reports_every_error_with_line_and_column(client: Any) -> None:
    text = ("format: 1\nid: broken\nextends: ten-pennies\nname: B\nfamily: rummy\n"
            'wilds: {ranks: ["11"]}\nplayers: {min: 9, max: 3}\n')
    r = client.post("/v1/rulesets", data=text, content_type="application/yaml")
    assert r.status_code == 422
    errors = r.get_json()["errors"]
    assert {(e["path"], e["line"], e["column"]) for e in errors} >= {("wilds.ranks[0]", 6, 17), ("players.min", 7, 16)}
    assert client.get("/v1/rulesets/broken").status_code == 404


def test_hostile_upload_is_refused(client: Any) -> None:
    bomb = "a: &a [x,x,x,x,x,x,x,x,x]\n" + "".join(
        f"{c}: &{c} [{','.join(['*' + p] * 9)}]\n" for p, c in zip("abcdefg", "bcdefgh"))
    r = client.post("/v1/rulesets", data=bomb, content_type="application/yaml")
    assert r.status_code == 422 and "aliases" in r.get_json()["errors"][0]["message"]
    r = client.post("/v1/rulesets", data='!!python/object/apply:os.system ["true"]', content_type="application/yaml")
    assert r.status_code == 422


def test_validate_stores_nothing(client: Any) -> None:
    r = client.post("/v1/rulesets/validate", data=VARIANT.replace("table-garbage", "only-checked"),
                    content_type="application/yaml")
    assert {k: v for k, v in r.get_json().items() if k not in ("resolved", "changes")} == {"valid": True, "errors": []}
    assert client.get("/v1/rulesets/only-checked").status_code == 404
    bad = client.post("/v1/rulesets/validate", json={"format": 1, "id": "x", "family": "rummy"})
    assert bad.status_code == 200 and bad.get_json()["valid"] is False
    assert {e["path"] for e in bad.get_json()["errors"]} >= {"name", "melds"}


def test_wrong_content_type_for_rulesets(client: Any) -> None:
    assert client.post("/v1/rulesets", data=VARIANT, content_type="text/plain").status_code == 415


@pytest.mark.parametrize("address, lang, said", [
    ("/v1/rulesets/bing-rumy", "en", 'No ruleset "bing-rumy"; did you mean "bing-rummy"?'),
    ("/v1/rulesets/ten-penies/rounds/1", "en", 'No ruleset "ten-penies"; did you mean "ten-pennies"?'),
    ("/v1/rulesets/ten-penies?lang=ru", "ru", "«ten-pennies»"),
    ("/v1/rulesets/ten-penies?lang=sv", "sv", "”ten-pennies”"),
    ("/v1/rulesets/zzzzzz", "en", 'No ruleset "zzzzzz"'),
])
def test_an_unknown_ruleset_is_told_the_nearest(client: Any, address: str, lang: str, said: str) -> None:
    answer = client.get(address)
    problem = answer.get_json()
    assert answer.status_code == 404 and said in problem["detail"] and problem["errors"][0]["code"] == "unknown_ruleset"
    assert ("did you mean" in problem["detail"]) == (lang == "en" and "zzzzzz" not in address)


def test_an_uploaded_ruleset_is_among_the_nearest(client: Any) -> None:
    assert client.post("/v1/rulesets", data=VARIANT, content_type="application/yaml").status_code == 201
    answer = client.post("/v1/games", json={"ruleset": "table-garbag", "players": ["a", "b"]})
    assert answer.status_code == 404
    assert answer.get_json()["detail"] == 'No ruleset "table-garbag"; did you mean "table-garbage"?'
