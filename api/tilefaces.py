"""A Mahjong set's tiles as a client draws and names them (mahjong.md, Tiles): each tile the set
holds, in the order players sort them, with its copies, the face a chip shows and its name in
words, read from the ruleset's tile set (red fives and flowers only where the set has them)."""

from __future__ import annotations

from referee.values.i18n import N_, t
from referee.values.tiles import HONOUR_NAMES, RED, TileSet

# A suited tile in words, by the suit's name in the shipped sets; a suit named otherwise is
# said with its name as written.
_SUITED = {"characters": N_("{rank} of characters"), "dots": N_("{rank} of dots"), "bamboo": N_("{rank} of bamboo")}
_RED = {"characters": N_("red five of characters"), "dots": N_("red five of dots"), "bamboo": N_("red five of bamboo")}
# The honours by rank: the winds east, south, west, north, then the dragons white, green, red.
_HONOURS = (N_("east wind"), N_("south wind"), N_("west wind"), N_("north wind"), N_("white dragon"),
            N_("green dragon"), N_("red dragon"))
_HONOUR_FACES = {rank: name.title() for name, rank in HONOUR_NAMES.items()}  # E S W N Wh Gr Rd
FLOWER_GROUP = 4  # flowers 1f-4f, then seasons 5f-8f, each group in the order of the seats


def tile_faces(tiles: TileSet, suit_names: dict[str, str]) -> list[dict[str, object]]:
    """Every tile of the set: `tile` (as written), `suit` (its letter; `f` a flower or season),
    `copies`, `face` (what its chip shows: the rank, or an honour's other name: E, Wh), `red`
    (a red five) and `words`."""
    faces: list[dict[str, object]] = []
    for letter, count in tiles.suits:
        for rank in range(1, count + 1):
            if f"{rank}{letter}" in tiles.without:
                continue
            if letter == tiles.honours:
                faces.append(_face(f"{rank}{letter}", letter, tiles.copies, _HONOUR_FACES.get(rank, str(rank)),
                                   t(_HONOURS[rank - 1]) if rank <= len(_HONOURS) else f"{rank}{letter}"))
                continue
            name = suit_names.get(letter, letter)
            red = tiles.red_fives.get(letter, 0) if rank == 5 else 0
            said = t(_SUITED[name], rank=rank) if name in _SUITED else t("{rank} of {suit}", rank=rank, suit=name)
            faces.append(_face(f"{rank}{letter}", letter, tiles.copies - red, str(rank), said))
            if red:
                words = t(_RED[name]) if name in _RED else t("red five of {suit}", suit=name)
                faces.append(_face(f"{RED}{letter}", letter, red, "5", words, red=True))
    for number in range(1, tiles.flowers + 1):
        flower = number <= FLOWER_GROUP
        seat = (number - 1) % FLOWER_GROUP + 1
        faces.append(_face(f"{number}f", "f", 1, str(seat),
                           t("flower {n}", n=seat) if flower else t("season {n}", n=seat)))
    return faces


def _face(tile: str, suit: str, copies: int, face: str, words: str, *, red: bool = False) -> dict[str, object]:
    return {"tile": tile, "suit": suit, "copies": copies, "face": face, "red": red, "words": words}
