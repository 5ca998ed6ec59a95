from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest


def new_game(client: Any, ruleset: str, players: list[str], **extra: Any) -> tuple[str, dict[str, str], Any]:
    r = client.post("/v1/games", json={"ruleset": ruleset, "players": players, **extra})
    assert r.status_code == 201, r.get_json()
    body = r.get_json()
    assert r.headers["Location"].endswith(f"/v1/games/{body['id']}")
    return body["id"], {"Authorization": f"Bearer {body['token']}"}, body


def standings(client: Any, game_id: str) -> dict[str, Any]:
    return {p["name"]: p for p in client.get(f"/v1/games/{game_id}").get_json()["players"]}


def test_bing_worked_example(client: Any) -> None:
    gid, auth, body = new_game(client, "bing-rummy", ["A", "B", "C", "D"],
                               scores={"A": 31, "B": 5, "C": 19, "D": 47})
    assert body["pot"] == 100 and "token" in body
    r = client.post(f"/v1/games/{gid}/rounds", json={"went_out": "C", "points": {"A": 58, "B": 6, "D": 29}},
                    headers=auth)
    assert r.status_code == 200
    assert {p["name"]: (p["score"], p["eliminated"]) for p in r.get_json()["players"]} == \
        {"A": (89, True), "B": (11, False), "C": (19, False), "D": (76, True)}
    for name in ("A", "D"):
        assert client.post(f"/v1/games/{gid}/buy-backs", json={"player": name}, headers=auth).status_code == 200
    table = standings(client, gid)
    assert [table[n]["score"] for n in "ABCD"] == [19, 11, 19, 19]
    assert table["A"]["buy_backs"] == 1
    assert table["A"]["pennies_paid"] == 0  # stakes are not pennies (the spec's example)
    game = client.get(f"/v1/games/{gid}").get_json()
    assert game["pot"] == 150 and "token" not in game


def test_whole_ten_pennies_game_with_buys(client: Any) -> None:
    gid, auth, _ = new_game(client, "ten-pennies", ["ann", "bob", "cy"])
    hands = [
        {"went_out": "ann", "hands": {"ann": [], "bob": ["3H", "KD"], "cy": ["JK"]}},
        {"went_out": "bob", "hands": {"ann": ["2C"], "bob": [], "cy": ["9S", "9D"]}},
        {"went_out": "cy", "points": {"ann": 10, "bob": 5}, "cards": {"ann": 1, "bob": 1}},
        {"went_out": "ann", "points": {"bob": 0, "cy": 5}, "cards": {"bob": 0, "cy": 1}},
        {"went_out": "ann", "hands": {"ann": [], "bob": ["AS"], "cy": ["10H"]}},
        {"went_out": "bob", "hands": {"ann": ["5C"], "bob": [], "cy": ["4C"]}},
        {"went_out": "cy", "hands": {"ann": ["6C"], "bob": ["QS"], "cy": []}},
    ]
    for i, body in enumerate(hands):
        if i in (1, 4):
            assert client.post(f"/v1/games/{gid}/buys", json={"player": "cy"}, headers=auth).status_code == 200
        r = client.post(f"/v1/games/{gid}/rounds", json=body, headers=auth)
        assert r.status_code == 200, r.get_json()
    game = client.get(f"/v1/games/{gid}").get_json()
    table = {p["name"]: p for p in game["players"]}
    assert [table[n]["score"] for n in ("ann", "bob", "cy")] == [40, 50, 80]
    assert table["cy"]["buys_left"] == 8
    assert table["cy"]["pennies_paid"] == 2 + 6  # two buys; JK, 9S 9D, one card, 10H, 4C caught
    assert game["status"] == "finished" and game["winner"] == "ann" and game["round"] == 7
    # 2 buys, and one penny per card caught: 3 + 3 + 2 + 1 + 2 + 2 + 2
    assert game["pot"] == 2 + 15
    late = client.post(f"/v1/games/{gid}/rounds", json=hands[0], headers=auth)
    assert late.status_code == 409


def test_no_buys_left_is_409(client: Any) -> None:
    gid, auth, _ = new_game(client, "ten-pennies", ["ann", "bob"])
    for _ in range(10):
        assert client.post(f"/v1/games/{gid}/buys", json={"player": "bob"}, headers=auth).status_code == 200
    r = client.post(f"/v1/games/{gid}/buys", json={"player": "bob"}, headers=auth)
    assert r.status_code == 409 and r.get_json()["errors"][0]["code"] == "no_buys_left"


def test_garbage_game_to_its_end(client: Any) -> None:
    gid, auth, _ = new_game(client, "garbage", ["ann", "bob"])
    for n in range(10):
        r = client.post(f"/v1/games/{gid}/rounds", json={"winner": "bob" if n % 3 == 2 else "ann"}, headers=auth)
        assert r.status_code == 200
    game = client.get(f"/v1/games/{gid}").get_json()
    sizes = {p["name"]: p["layout_size"] for p in game["players"]}
    assert sizes == {"ann": 3, "bob": 7} and game["status"] == "in_progress"
    for _ in range(3):
        client.post(f"/v1/games/{gid}/rounds", json={"winner": "ann"}, headers=auth)
    game = client.get(f"/v1/games/{gid}").get_json()
    assert game["status"] == "finished" and game["winner"] == "ann"
    assert client.post(f"/v1/games/{gid}/rounds", json={"winner": "ann"}, headers=auth).status_code == 409


def test_undo(client: Any) -> None:
    gid, auth, _ = new_game(client, "ten-pennies", ["ann", "bob"])
    client.post(f"/v1/games/{gid}/rounds", json={"went_out": "ann", "points": {"bob": 30}, "cards": {"bob": 3}},
                headers=auth)
    client.post(f"/v1/games/{gid}/rounds", json={"went_out": "bob", "points": {"ann": 25}, "cards": {"ann": 2}},
                headers=auth)
    r = client.delete(f"/v1/games/{gid}/rounds/last", headers=auth)
    assert r.status_code == 200
    assert [p["score"] for p in r.get_json()["players"]] == [0, 30] and r.get_json()["round"] == 2
    client.delete(f"/v1/games/{gid}/rounds/last", headers=auth)
    assert client.delete(f"/v1/games/{gid}/rounds/last", headers=auth).status_code == 409


@pytest.mark.parametrize(("body", "status", "code"), [
    ({"went_out": "zed", "points": {"ann": 5, "bob": 10}, "cards": {"ann": 1, "bob": 1}}, 422, "unknown_player"),
    ({"went_out": "cy", "points": {"ann": 5}, "cards": {"ann": 1}}, 422, "missing_player"),
    ({"went_out": "cy", "hands": {"ann": ["3H"], "bob": [], "cy": ["8H"]}}, 422, "hand_not_empty"),
    ({"went_out": "cy", "hands": {"ann": ["1H"], "bob": [], "cy": []}}, 422, "unknown_card"),
    ({"went_out": "cy"}, 422, "missing_field"),
    ({"went_out": "cy", "points": {"ann": -4, "bob": 5}}, 422, "out_of_range"),
])
def test_refused_rounds_leave_the_sheet_unchanged(client: Any, body: dict[str, Any], status: int, code: str) -> None:
    gid, auth, _ = new_game(client, "ten-pennies", ["ann", "bob", "cy"])
    client.post(f"/v1/games/{gid}/rounds", json={"went_out": "ann", "points": {"bob": 5, "cy": 5},
                                                 "cards": {"bob": 1, "cy": 1}}, headers=auth)
    before = client.get(f"/v1/games/{gid}")
    r = client.post(f"/v1/games/{gid}/rounds", json=body, headers=auth)
    assert r.status_code == status and code in [e["code"] for e in r.get_json()["errors"]]
    after = client.get(f"/v1/games/{gid}")
    assert after.get_json() == before.get_json() and after.headers["ETag"] == before.headers["ETag"]


def test_eliminated_player_refused(client: Any) -> None:
    gid, auth, _ = new_game(client, "bing-rummy", ["A", "B", "C"], scores={"A": 70})
    client.post(f"/v1/games/{gid}/rounds", json={"went_out": "B", "points": {"A": 10, "C": 3}}, headers=auth)
    r = client.post(f"/v1/games/{gid}/rounds", json={"went_out": "B", "points": {"A": 2, "C": 3}}, headers=auth)
    assert r.status_code == 422 and r.get_json()["errors"][0]["code"] == "eliminated_player"
    assert client.post(f"/v1/games/{gid}/buy-backs", json={"player": "B"}, headers=auth).status_code == 409


def test_unknown_ruleset_is_404(client: Any) -> None:
    r = client.post("/v1/games", json={"ruleset": "nope", "players": ["a", "b"]})
    assert r.status_code == 404 and r.get_json()["errors"][0]["path"] == "ruleset"


@pytest.mark.parametrize(("body", "path"), [
    ({"ruleset": "garbage", "players": ["a"]}, "players"),
    ({"ruleset": "garbage", "players": ["a", "a"]}, "players[1]"),
    ({"ruleset": "garbage", "players": ["a", "x" * 41]}, "players[1]"),
    ({"ruleset": "garbage", "players": ["a", "b\n"]}, "players[1]"),
    ({"ruleset": "garbage", "players": ["a", "b"], "scores": {"zed": 4}}, "scores.zed"),
])
def test_bad_games_are_422(client: Any, body: dict[str, Any], path: str) -> None:
    r = client.post("/v1/games", json=body)
    assert r.status_code == 422 and path in [e["path"] for e in r.get_json()["errors"]]


def test_tokens(client: Any, app: Any) -> None:
    gid, auth, _ = new_game(client, "garbage", ["ann", "bob"])
    assert client.post(f"/v1/games/{gid}/rounds", json={"winner": "ann"}).status_code == 401
    wrong = client.post(f"/v1/games/{gid}/rounds", json={"winner": "ann"}, headers={"Authorization": "Bearer x"})
    assert wrong.status_code == 401 and wrong.headers["WWW-Authenticate"].startswith("Bearer")
    assert client.get(f"/v1/games/{gid}").status_code == 200
    import sqlalchemy as sa
    with app.extensions["referee.store"].engine.connect() as conn:
        stored = conn.execute(sa.text("SELECT token_hash FROM games WHERE id = :i"), {"i": gid}).scalar()
    assert auth["Authorization"].split()[1] not in stored and len(stored) == 64
    assert client.get("/v1/games/nope").status_code == 404
    assert client.post("/v1/games/nope/rounds", json={"winner": "a"}, headers=auth).status_code == 404


def test_if_match_and_idempotency(client: Any) -> None:
    gid, auth, _ = new_game(client, "garbage", ["ann", "bob"])
    etag = client.get(f"/v1/games/{gid}").headers["ETag"]
    ok = client.post(f"/v1/games/{gid}/rounds", json={"winner": "ann"}, headers=auth | {"If-Match": etag})
    assert ok.status_code == 200 and ok.headers["ETag"] != etag
    stale = client.post(f"/v1/games/{gid}/rounds", json={"winner": "ann"}, headers=auth | {"If-Match": etag})
    assert stale.status_code == 412
    key = auth | {"Idempotency-Key": "round-2"}
    first = client.post(f"/v1/games/{gid}/rounds", json={"winner": "bob"}, headers=key)
    again = client.post(f"/v1/games/{gid}/rounds", json={"winner": "bob"}, headers=key)
    assert first.status_code == again.status_code == 200 and first.get_json() == again.get_json()
    assert len(client.get(f"/v1/games/{gid}").get_json()["rounds"]) == 2
    other = client.post(f"/v1/games/{gid}/rounds", json={"winner": "ann"}, headers=key)
    assert other.status_code == 409


def test_game_keeps_its_ruleset(client: Any) -> None:
    client.post("/v1/rulesets", data="format: 1\nid: pinned-garbage\nextends: garbage\nname: P\nfamily: layout\n"
                "shrink: {winner: 3}\n", content_type="application/yaml")
    gid, auth, _ = new_game(client, "pinned-garbage", ["ann", "bob"])
    r = client.post(f"/v1/games/{gid}/rounds", json={"winner": "ann"}, headers=auth)
    assert {p["name"]: p["layout_size"] for p in r.get_json()["players"]}["ann"] == 7


def test_conditional_read(client: Any) -> None:
    gid, auth, _ = new_game(client, "garbage", ["ann", "bob"])
    etag = client.get(f"/v1/games/{gid}").headers["ETag"]
    unchanged = client.get(f"/v1/games/{gid}", headers={"If-None-Match": etag})
    assert unchanged.status_code == 304 and not unchanged.data
    client.post(f"/v1/games/{gid}/rounds", json={"winner": "ann"}, headers=auth)
    changed = client.get(f"/v1/games/{gid}", headers={"If-None-Match": etag})
    assert changed.status_code == 200 and changed.get_json()["round"] == 2


# ---------------------------------------------------------------- replayed answers, If-Match

def test_a_replayed_answer_carries_the_etag_of_the_body_it_replays(client: Any) -> None:
    gid, auth, _ = new_game(client, "garbage", ["ann", "bob"])
    key = auth | {"Idempotency-Key": "round-1"}
    first = client.post(f"/v1/games/{gid}/rounds", json={"winner": "bob"}, headers=key)
    later = client.post(f"/v1/games/{gid}/rounds", json={"winner": "ann"}, headers=auth)
    assert first.headers["ETag"] != later.headers["ETag"]
    again = client.post(f"/v1/games/{gid}/rounds", json={"winner": "bob"}, headers=key)
    assert again.status_code == 200 and again.get_json() == first.get_json()
    assert again.headers["ETag"] == first.headers["ETag"]
    # so a client that only saw the replay cannot overwrite the round it never saw
    blind = client.post(f"/v1/games/{gid}/rounds", json={"winner": "bob"},
                        headers=auth | {"If-Match": again.headers["ETag"]})
    assert blind.status_code == 412
    assert len(client.get(f"/v1/games/{gid}").get_json()["rounds"]) == 2


@pytest.mark.parametrize(("method", "path", "body"), [
    ("POST", "rounds", {"went_out": "ann", "points": {"bob": 5}, "cards": {"bob": 1}}),
    ("POST", "buys", {"player": "bob"}),
    ("DELETE", "rounds/last", None),
    ("DELETE", "entries/last", None),
])
def test_a_stale_if_match_is_412_and_changes_nothing(client: Any, method: str, path: str,
                                                     body: dict[str, Any] | None) -> None:
    gid, auth, _ = new_game(client, "ten-pennies", ["ann", "bob"])
    stale = client.get(f"/v1/games/{gid}").headers["ETag"]
    client.post(f"/v1/games/{gid}/rounds", json={"went_out": "bob", "points": {"ann": 5}, "cards": {"ann": 1}},
                headers=auth)
    before = client.get(f"/v1/games/{gid}")
    r = client.open(f"/v1/games/{gid}/{path}", method=method, json=body, headers=auth | {"If-Match": stale})
    assert r.status_code == 412 and r.content_type.startswith("application/problem+json")
    after = client.get(f"/v1/games/{gid}")
    assert after.get_json() == before.get_json() and after.headers["ETag"] == before.headers["ETag"]
    current = client.open(f"/v1/games/{gid}/{path}", method=method, json=body,
                          headers=auth | {"If-Match": before.headers["ETag"]})
    assert current.status_code == 200, current.get_json()


# ---------------------------------------------------------------- entries and undoing the last one

def test_entries_list_rounds_buys_and_buy_backs_in_order(client: Any) -> None:
    gid, auth, _ = new_game(client, "bing-rummy", ["A", "B", "C"], scores={"A": 70})
    client.post(f"/v1/games/{gid}/rounds", json={"went_out": "B", "points": {"A": 10, "C": 3}}, headers=auth)
    client.post(f"/v1/games/{gid}/buy-backs", json={"player": "A"}, headers=auth)
    client.post(f"/v1/games/{gid}/rounds", json={"went_out": "C", "points": {"A": 2, "B": 2}}, headers=auth)
    game = client.get(f"/v1/games/{gid}").get_json()
    assert game["entries"] == [{"kind": "round", "number": 1}, {"kind": "buy_back", "player": "A"},
                               {"kind": "round", "number": 2}]


def test_undo_the_last_entry_whatever_it_is(client: Any) -> None:
    gid, auth, created = new_game(client, "ten-pennies", ["ann", "bob"])
    assert created["entries"] == []
    assert client.delete(f"/v1/games/{gid}/entries/last", headers=auth).status_code == 409
    client.post(f"/v1/games/{gid}/rounds", json={"went_out": "ann", "points": {"bob": 30}, "cards": {"bob": 3}},
                headers=auth)
    client.post(f"/v1/games/{gid}/buys", json={"player": "bob"}, headers=auth)
    client.post(f"/v1/games/{gid}/buys", json={"player": "ann"}, headers=auth)
    r = client.delete(f"/v1/games/{gid}/entries/last", headers=auth)
    assert r.status_code == 200
    game = r.get_json()
    assert game["entries"] == [{"kind": "round", "number": 1}, {"kind": "buy", "player": "bob"}]
    assert game["pot"] == 3 + 1 and [p["buys_left"] for p in game["players"]] == [10, 9]
    assert client.get(f"/v1/games/{gid}").get_json() == game
    client.delete(f"/v1/games/{gid}/entries/last", headers=auth)
    game = client.delete(f"/v1/games/{gid}/entries/last", headers=auth).get_json()
    assert game["entries"] == [] and game["round"] == 1 and game["pot"] == 0
    r = client.delete(f"/v1/games/{gid}/entries/last", headers=auth)
    assert r.status_code == 409 and r.get_json()["errors"][0]["code"] == "nothing_to_undo"


def test_undoing_the_last_round_still_takes_what_followed(client: Any) -> None:
    gid, auth, _ = new_game(client, "ten-pennies", ["ann", "bob"])
    client.post(f"/v1/games/{gid}/buys", json={"player": "ann"}, headers=auth)
    client.post(f"/v1/games/{gid}/rounds", json={"went_out": "ann", "points": {"bob": 30}, "cards": {"bob": 3}},
                headers=auth)
    client.post(f"/v1/games/{gid}/buys", json={"player": "bob"}, headers=auth)
    game = client.delete(f"/v1/games/{gid}/rounds/last", headers=auth).get_json()
    assert game["entries"] == [{"kind": "buy", "player": "ann"}] and game["pot"] == 1
    assert client.delete(f"/v1/games/{gid}/rounds/last", headers=auth).status_code == 409
    game = client.delete(f"/v1/games/{gid}/entries/last", headers=auth).get_json()
    assert game["entries"] == [] and game["pot"] == 0


def test_undoing_an_entry_is_a_write_like_any_other(client: Any) -> None:
    gid, auth, _ = new_game(client, "ten-pennies", ["ann", "bob"])
    for player in ("ann", "bob"):
        client.post(f"/v1/games/{gid}/buys", json={"player": player}, headers=auth)
    assert client.delete(f"/v1/games/{gid}/entries/last").status_code == 401
    assert client.delete(f"/v1/games/{gid}/entries/last", headers={"Authorization": "Bearer x"}).status_code == 401
    assert client.delete("/v1/games/nope/entries/last", headers=auth).status_code == 404
    key = auth | {"Idempotency-Key": "undo-1"}
    first = client.delete(f"/v1/games/{gid}/entries/last", headers=key)
    again = client.delete(f"/v1/games/{gid}/entries/last", headers=key)
    assert first.status_code == again.status_code == 200 and first.get_json() == again.get_json()
    assert again.headers["ETag"] == first.headers["ETag"]
    assert client.get(f"/v1/games/{gid}").get_json()["entries"] == [{"kind": "buy", "player": "ann"}]


def test_undoing_the_round_that_ended_the_game_opens_it_again(client: Any) -> None:
    gid, auth, _ = new_game(client, "bing-rummy", ["A", "B"])
    r = client.post(f"/v1/games/{gid}/rounds", json={"went_out": "B", "points": {"A": 80}}, headers=auth)
    assert r.get_json()["status"] == "finished"
    game = client.delete(f"/v1/games/{gid}/entries/last", headers=auth).get_json()
    assert game["status"] == "in_progress" and game["winner"] is None and game["round"] == 1


# ---------------------------------------------------------------- the dealer

def test_the_dealer_defaults_to_the_first_player_and_passes_clockwise(client: Any) -> None:
    gid, auth, created = new_game(client, "ten-pennies", ["ann", "bob", "cy"])
    assert created["dealer"] == "ann"
    dealers = [client.get(f"/v1/games/{gid}").get_json()["dealer"]]
    for _ in range(3):
        r = client.post(f"/v1/games/{gid}/rounds",
                        json={"went_out": "ann", "points": {"bob": 5, "cy": 5}, "cards": {"bob": 1, "cy": 1}},
                        headers=auth)
        dealers.append(r.get_json()["dealer"])
    assert dealers == ["ann", "bob", "cy", "ann"]
    assert client.delete(f"/v1/games/{gid}/entries/last", headers=auth).get_json()["dealer"] == "cy"


def test_a_chosen_dealer_deals_first_and_eliminated_players_are_skipped(client: Any) -> None:
    gid, auth, created = new_game(client, "bing-rummy", ["A", "B", "C", "D"], scores={"C": 70}, dealer="B")
    assert created["dealer"] == "B"
    assert client.get(f"/v1/games/{gid}").get_json()["dealer"] == "B"
    r = client.post(f"/v1/games/{gid}/rounds", json={"went_out": "A", "points": {"B": 2, "C": 20, "D": 2}},
                    headers=auth)
    assert r.get_json()["dealer"] == "D"  # C is out
    r = client.post(f"/v1/games/{gid}/buy-backs", json={"player": "C"}, headers=auth)
    assert r.get_json()["dealer"] == "C"  # back in before the next deal: C's turn to deal
    r = client.delete(f"/v1/games/{gid}/entries/last", headers=auth)
    assert r.get_json()["dealer"] == "D"


def test_next_dealer_is_the_seat_after_the_last_rounds_dealer_none_skipped(client: Any) -> None:
    gid, auth, created = new_game(client, "bing-rummy", ["A", "B", "C", "D"], scores={"C": 70}, dealer="B")
    assert created["next_dealer"] == "B"  # no round played: the first dealer
    r = client.post(f"/v1/games/{gid}/rounds", json={"went_out": "A", "points": {"B": 2, "C": 20, "D": 2}},
                    headers=auth)
    assert r.get_json()["dealer"] == "D" and r.get_json()["next_dealer"] == "C"  # a rematch has C in again
    gid, auth, _ = new_game(client, "bing-rummy", ["A", "B"], dealer="B")
    r = client.post(f"/v1/games/{gid}/rounds", json={"went_out": "B", "points": {"A": 80}}, headers=auth)
    finished = r.get_json()
    assert finished["status"] == "finished" and finished["dealer"] == "B"  # who dealt the last round
    assert finished["next_dealer"] == "A"                                   # the seat after, round the table


def test_the_openapi_document_shows_entries_and_the_dealer(client: Any) -> None:
    document = client.get("/v1/openapi.json").get_json()
    assert "delete" in document["paths"]["/v1/games/{game_id}/entries/last"]
    schemas = document["components"]["schemas"]
    assert "dealer" in schemas["GameCreate"]["properties"]
    assert {"dealer", "next_dealer", "entries"} <= set(schemas["Game"]["properties"])
    assert "412" in document["paths"]["/v1/games/{game_id}/rounds"]["post"]["responses"]


def test_a_database_made_before_dealers_and_kept_etags_still_serves(empty_database_url: str) -> None:
    """Migration 0002 on a database at 0001; rows it leaves null read as before it."""
    from importlib import resources

    import sqlalchemy as sa
    from alembic import command
    from alembic.config import Config

    from api import create_app
    from api.storage import make_engine

    engine = make_engine(empty_database_url)
    cfg = Config()
    cfg.set_main_option("script_location", str(resources.files("api") / "migrations"))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "0001")
    engine.dispose()
    app = create_app({"TESTING": True, "DATABASE_URL": empty_database_url})
    try:
        client = app.test_client()
        gid, auth, _ = new_game(client, "garbage", ["ann", "bob"], dealer="bob")
        key = auth | {"Idempotency-Key": "old"}
        first = client.post(f"/v1/games/{gid}/rounds", json={"winner": "ann"}, headers=key)
        with app.extensions["referee.store"].engine.begin() as conn:
            conn.execute(sa.text("UPDATE games SET dealer = NULL WHERE id = :i"), {"i": gid})
            conn.execute(sa.text("UPDATE idempotency SET etag = NULL WHERE game_id = :i"), {"i": gid})
        client.post(f"/v1/games/{gid}/rounds", json={"winner": "bob"}, headers=auth)
        again = client.post(f"/v1/games/{gid}/rounds", json={"winner": "ann"}, headers=key)
        assert again.get_json() == first.get_json() and "ETag" not in again.headers  # none rather than a wrong one
        assert client.get(f"/v1/games/{gid}").get_json()["dealer"] == "ann"  # the first player dealt round 1
    finally:
        app.extensions["referee.store"].engine.dispose()


@pytest.mark.parametrize(("players", "paths", "named"), [
    pytest.param(["Ann", "Bob", "ann"], ["players[2]"], ["ann", "Ann"], id="differ by case"),
    pytest.param(["Ann", "Bob", "Ann"], ["players[2]"], ["Ann"], id="the same"),
    pytest.param(["Ann", "BOB", "bob", "ANN"], ["players[2]", "players[3]"], ["bob", "BOB", "ANN", "Ann"],
                 id="two pairs"),
])
def test_names_that_differ_only_by_case_are_refused(client: Any, players: list[str], paths: list[str],
                                                     named: list[str]) -> None:
    r = client.post("/v1/games", json={"ruleset": "bing-rummy", "players": players})
    assert r.status_code == 422, r.get_json()
    errors = r.get_json()["errors"]
    assert [(e["path"], e["code"]) for e in errors] == [(p, "duplicate_player") for p in paths]
    words = " ".join(e["message"] for e in errors)
    assert all(f'"{n}"' in words for n in named)


def _csv(client: Any, game_id: str) -> list[list[str]]:
    import csv

    r = client.get(f"/v1/games/{game_id}", headers={"Accept": "text/csv"})
    assert r.status_code == 200 and r.headers["Content-Type"] == "text/csv; charset=utf-8"
    assert "Accept" in r.headers["Vary"]
    return list(csv.reader(r.get_data(as_text=True).splitlines()))


def test_the_sheet_as_csv_has_players_rounds_and_totals(client: Any) -> None:
    players = ["=SUM(A1)", "Bob, Jr.", 'Cy "the cat"', "-d", "@e", "+f"]
    gid, auth, _ = new_game(client, "bing-rummy", players)
    rounds = [("=SUM(A1)", {"Bob, Jr.": 5, 'Cy "the cat"': 9, "-d": 80, "@e": 3, "+f": 0}),
              ("Bob, Jr.", {"=SUM(A1)": 12, 'Cy "the cat"': 2, "@e": 4, "+f": 7})]
    for went_out, points in rounds:
        r = client.post(f"/v1/games/{gid}/rounds", json={"went_out": went_out, "points": points}, headers=auth)
        assert r.status_code == 200, r.get_json()
    rows = _csv(client, gid)
    assert rows[0] == ["Round", "'=SUM(A1)", "Bob, Jr.", 'Cy "the cat"', "'-d", "'@e", "'+f"]
    assert rows[1] == ["1", "0", "5", "9", "80", "3", "0"]
    assert rows[2] == ["2", "12", "0", "2", "", "4", "7"]  # -d is out (80 in Bing): no cell
    scores = [str(p["score"]) for p in client.get(f"/v1/games/{gid}").get_json()["players"]]
    assert rows[3] == ["Total", *scores] == ["Total", "12", "5", "11", "80", "7", "7"]


def test_a_layout_game_as_csv_gives_layout_sizes(client: Any) -> None:
    gid, auth, _ = new_game(client, "garbage", ["A", "B"])
    assert client.post(f"/v1/games/{gid}/rounds", json={"winner": "B"}, headers=auth).status_code == 200
    rows = _csv(client, gid)
    sizes = {p["name"]: str(p["layout_size"]) for p in client.get(f"/v1/games/{gid}").get_json()["players"]}
    assert sizes["B"] != sizes["A"]
    assert rows == [["Round", "A", "B"], ["1", sizes["A"], sizes["B"]], ["Total", sizes["A"], sizes["B"]]]


@pytest.mark.parametrize(("accept", "csv"), [
    ("text/csv", True), ("text/csv, application/json;q=0.5", True), ("application/json", False),
    ("*/*", False), ("application/json, text/csv;q=0.9", False),
])
def test_accept_chooses_csv_or_json(client: Any, accept: str, csv: bool) -> None:
    gid, _, _ = new_game(client, "garbage", ["A", "B"])
    r = client.get(f"/v1/games/{gid}", headers={"Accept": accept})
    assert r.status_code == 200
    assert r.headers["Content-Type"].startswith("text/csv" if csv else "application/json")


def test_the_csv_sheet_has_its_own_etag(client: Any) -> None:
    gid, auth, _ = new_game(client, "garbage", ["A", "B"])
    first = client.get(f"/v1/games/{gid}", headers={"Accept": "text/csv"})
    json_etag = client.get(f"/v1/games/{gid}").headers["ETag"]
    assert first.headers["ETag"] != json_etag
    same = client.get(f"/v1/games/{gid}", headers={"Accept": "text/csv", "If-None-Match": first.headers["ETag"]})
    assert same.status_code == 304
    assert client.get(f"/v1/games/{gid}", headers={"Accept": "text/csv", "If-None-Match": json_etag}).status_code == 200
    assert client.post(f"/v1/games/{gid}/rounds", json={"winner": "A"}, headers=auth).status_code == 200
    changed = client.get(f"/v1/games/{gid}", headers={"Accept": "text/csv", "If-None-Match": first.headers["ETag"]})
    assert changed.status_code == 200 and changed.get_data(as_text=True).count("\r\n") == 3


def test_csv_is_described_in_the_openapi(client: Any) -> None:
    ok = client.get("/v1/openapi.json").get_json()["paths"]["/v1/games/{game_id}"]["get"]["responses"]["200"]
    assert set(ok["content"]) == {"application/json", "text/csv"}
    assert ok["content"]["text/csv"]["schema"]["type"] == "string"


def test_an_empty_database_setting_is_the_default(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`REFEREE_DATABASE_URL=` (set, but empty) stores games in ./referee.db, as when unset."""
    from api import create_app

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("REFEREE_DATABASE_URL", "")
    client = create_app().test_client()
    made = client.post("/v1/games", json={"ruleset": "five-crowns", "players": ["ann", "bob"]})
    assert made.status_code == 201, made.get_json()
    assert client.get(f"/v1/games/{made.get_json()['id']}").status_code == 200
    assert (tmp_path / "referee.db").exists()


def test_the_standings_follow_the_way_the_game_is_won_not_the_seating(client: Any) -> None:
    """Bob + Dee lead 1455 to 1425: their team is listed first, the other 30 behind, and the
    end names the target and who is nearest it."""
    gid, auth, created = new_game(client, "canasta", ["ann", "bob", "cy", "dee"],
                                  teams=[["ann", "cy"], ["bob", "dee"]],
                                  scores={"ann": 700, "bob": 700, "cy": 725, "dee": 755})
    assert created["standings"] == [{"players": ["bob", "dee"], "score": 1455, "rank": 1, "behind": 0},
                                    {"players": ["ann", "cy"], "score": 1425, "rank": 2, "behind": 30}]
    assert created["ends"] == {"words": "Nearest the target of 5000: bob + dee, 3545 points to go.",
                               "target": 5000, "rounds_left": None}
    after = client.post(f"/v1/games/{gid}/rounds?lang=sv", headers=auth, json={
        "went_out": "cy", "points": {"ann": 100, "bob": 20, "cy": 300, "dee": 15}}).get_json()
    assert [(s["players"], s["rank"], s["behind"]) for s in after["standings"]] == [
        (["ann", "cy"], 1, 0), (["bob", "dee"], 2, 335)]
    assert after["ends"]["words"] == "Närmast målet på 5000: ann + cy, 3175 poäng kvar."


def test_every_answer_that_returns_the_game_carries_its_standings_and_end(client: Any) -> None:
    gid, auth, created = new_game(client, "ten-pennies", ["ann", "bob", "cy"])
    assert created["ends"] == {"words": "7 rounds left to play.", "target": None, "rounds_left": 7}
    round_body = {"went_out": "bob", "points": {"ann": 30, "cy": 10}, "cards": {"ann": 3, "cy": 1}}
    answers = {
        "round": client.post(f"/v1/games/{gid}/rounds", json=round_body, headers=auth),
        "buy": client.post(f"/v1/games/{gid}/buys", json={"player": "cy"}, headers=auth),
        "undo entry": client.delete(f"/v1/games/{gid}/entries/last", headers=auth),
        "undo round": client.delete(f"/v1/games/{gid}/rounds/last", headers=auth),
        "round again": client.post(f"/v1/games/{gid}/rounds", json=round_body, headers=auth),
        "read": client.get(f"/v1/games/{gid}?lang=ru"),
        "finish": client.post(f"/v1/games/{gid}/finish", headers=auth),
    }
    bodies = {what: answer.get_json() for what, answer in answers.items()}
    assert all(answer.status_code == 200 for answer in answers.values()), bodies
    assert [s["name"] for s in bodies["round"]["standings"]] == ["bob", "cy", "ann"]
    assert [(s["rank"], s["behind"]) for s in bodies["round"]["standings"]] == [(1, 0), (2, 10), (3, 30)]
    assert bodies["undo round"]["standings"] == [{"name": n, "score": 0, "rank": 1, "behind": 0}
                                                 for n in ("ann", "bob", "cy")]
    assert [b["ends"]["rounds_left"] for b in bodies.values()] == [6, 6, 6, 7, 6, 6, 0]
    assert bodies["read"]["ends"]["words"] == "Осталось сыграть 6 раундов."
    assert bodies["finish"]["ends"] == {"words": "bob won.", "target": None, "rounds_left": 0}
    assert client.get(f"/v1/games/{gid}").get_json()["standings"] == bodies["finish"]["standings"]


def test_the_openapi_document_describes_the_standings_and_the_end(quick_client: Any) -> None:
    schemas = quick_client.get("/v1/openapi.json").get_json()["components"]["schemas"]
    assert {"standings", "ends"} <= set(schemas["Game"]["required"])
    assert {"score", "rank", "behind"} <= set(schemas["Standing"]["required"])
    assert {"name", "players", "phases_left", "layout_size"} <= set(schemas["Standing"]["properties"])
    assert set(schemas["Ends"]["required"]) == {"words", "target", "rounds_left"}
