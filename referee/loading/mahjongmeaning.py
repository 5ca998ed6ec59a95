"""What a Mahjong ruleset's schema cannot say: tiles its own set does not hold, round winds
that are no winds, and an uma that would not leave the points where they started."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from referee.loading.mahjongbuild import tile_set
from referee.loading.yamlread import Path
from referee.values.i18n import t
from referee.values.tiles import read_tile

Finding = tuple[Path, str]


def check_mahjong_tiles(doc: Mapping[str, Any]) -> Iterator[Finding]:
    """Every tile a group or the game's winds name is one of the set's; each round wind is a wind."""
    if doc.get("family") != "mahjong":
        return
    tiles = tile_set(doc)
    spec = doc.get("tiles") or {}
    for i, token in enumerate(spec.get("without") or ()):
        if str(token)[:-1] + str(token)[-1:].lower() not in tiles.index:
            yield ("tiles", "without", i), t("{token} is not one of the set's tiles", token=str(token))
    for suit, red in (spec.get("red_fives") or {}).items():
        if red and f"5{suit}" in tiles.without:
            yield ("tiles", "red_fives", suit), t("the set leaves 5{suit} out, so it has no red five", suit=suit)
    kita = (doc.get("scoring") or {}).get("kita")
    if kita is not None:
        found = read_tile(kita, tiles)
        if isinstance(found, str) or found[0] != "tile":
            yield ("scoring", "kita"), found if isinstance(found, str) else t(
                "{token} is a flower, not a tile of the hand", token=str(kita))
    read: dict[str, int] = {}
    for name, members in (doc.get("groups") or {}).items():
        for i, token in enumerate(members or ()):
            found = read_tile(token, tiles)
            if isinstance(found, str) or found[0] != "tile":
                yield ("groups", name, i), found if isinstance(found, str) else t(
                    "{token} is a flower, not a tile of the hand", token=str(token))
            else:
                read[str(token)] = found[1]
    winds = {read[str(w)] for w in (doc.get("groups") or {}).get("winds") or () if str(w) in read}
    for i, token in enumerate((doc.get("game") or {}).get("winds") or ()):
        found = read_tile(token, tiles)
        if isinstance(found, str) or found[0] != "tile" or found[1] not in winds:
            yield ("game", "winds", i), t("{token} is not one of the winds (groups.winds)", token=str(token))


def check_uma(doc: Mapping[str, Any]) -> Iterator[Finding]:
    """The uma gives each place its points and takes them from the others: it sums to 0, one
    entry a place at most."""
    if doc.get("family") != "mahjong":
        return
    uma = (doc.get("game") or {}).get("uma") or []
    most = (doc.get("players") or {}).get("max", 4)
    if len(uma) > most:
        yield ("game", "uma"), t("the uma gives {n} places, but at most {most} play", n=len(uma), most=most)
    if sum(uma) != 0:
        yield ("game", "uma"), t("the uma sums to {total}; it must sum to 0, so the points stay where they started",
                                 total=sum(uma))
