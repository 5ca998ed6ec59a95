"""A Mahjong ruleset's answer lists its set's every tile (`deck.faces`): what a client draws its
tile picker from, with the copies the set holds and each tile's name in the request's language;
the YAML answer stays a ruleset as written (no field of the format added)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
import yaml

from referee.loading.mahjongbuild import tile_set
from referee.values.tiles import read_tile


def faces(client: Any, ruleset: str, lang: str = "en") -> list[dict[str, Any]]:
    answer = client.get(f"/v1/rulesets/{ruleset}?lang={lang}")
    assert answer.status_code == 200
    return answer.get_json()["deck"]["faces"]  # type: ignore[no-any-return]


@pytest.mark.parametrize("ruleset", ["riichi", "hong-kong", "riichi-no-red-fives", "hong-kong-each-pays", "riichi-sanma"])
def test_the_faces_are_the_set_each_tile_once_with_its_copies(quick_client: Any, ruleset: str) -> None:
    document = quick_client.get(f"/v1/rulesets/{ruleset}").get_json()
    tiles = tile_set(document)
    listed = faces(quick_client, ruleset)
    assert len({f["tile"] for f in listed}) == len(listed)
    # Every tile listed is one the set reads, and the set's every tile is listed (none it leaves out).
    assert all(not isinstance(read_tile(f["tile"], tiles), str) for f in listed)
    held = set(tiles.names) - set(document["tiles"].get("without") or ())
    assert {f["tile"] for f in listed if f["suit"] != "f" and not f["red"]} == held
    # The copies add up to the set: its tiles times their copies, flowers one each.
    assert sum(f["copies"] for f in listed) == len(held) * tiles.copies + tiles.flowers
    reds = {f["tile"]: f["copies"] for f in listed if f["red"]}
    assert reds == {f"0{suit}": n for suit, n in tiles.red_fives.items()}
    by = {f["tile"]: f for f in listed}
    for suit, n in tiles.red_fives.items():
        assert by[f"5{suit}"]["copies"] == tiles.copies - n      # the red fives are among the four fives
    assert Counter(f["suit"] for f in listed)["f"] == tiles.flowers


def test_the_faces_name_each_tile_in_the_request_language(quick_client: Any) -> None:
    english = {f["tile"]: f for f in faces(quick_client, "riichi")}
    assert [english[t]["words"] for t in ("5m", "0p", "9s", "1z", "7z")] == [
        "5 of characters", "red five of dots", "9 of bamboo", "east wind", "red dragon"]
    assert [english[t]["face"] for t in ("1z", "2z", "3z", "4z", "5z", "6z", "7z")] == ["E", "S", "W", "N", "Wh", "Gr", "Rd"]
    for lang in ("ru", "sv", "ro"):
        said = {f["tile"]: f["words"] for f in faces(quick_client, "riichi", lang)}
        assert all(said[t] != english[t]["words"] for t in ("0p", "1z", "7z")), lang
    flowers = [f["words"] for f in faces(quick_client, "hong-kong") if f["suit"] == "f"]
    assert flowers[0] == "flower 1" and flowers[4] == "season 1"


def test_the_yaml_answer_and_a_rummy_deck_have_no_faces(quick_client: Any) -> None:
    text = quick_client.get("/v1/rulesets/riichi", headers={"Accept": "application/yaml"}).get_data(as_text=True)
    assert "faces" not in yaml.safe_load(text)["deck"]
    assert "faces" not in quick_client.get("/v1/rulesets/bing-rummy").get_json()["deck"]
    assert faces(quick_client, "riichi") == quick_client.get("/v1/rulesets/riichi/rounds/1").get_json()["deck"]["faces"]


def test_the_faces_are_in_the_openapi(quick_client: Any) -> None:
    spec = quick_client.get("/v1/openapi.json").get_json()
    text = str(spec)
    assert "'faces'" in text and "red five of dots" in text
