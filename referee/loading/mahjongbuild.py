"""A Mahjong game's rules (`family: mahjong`) read from its resolved document."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.rules.mahjong import (
    FaanTable,
    FuRules,
    Limit,
    MahjongRules,
    Pattern,
    Payments,
    TableGame,
)
from referee.values.cards import DeckSpec
from referee.values.tiles import TileSet, read_tile


def tile_set(doc: Mapping[str, Any]) -> TileSet:
    spec = doc.get("tiles") or {}
    suits = tuple((str(s["letter"]), int(s["ranks"])) for s in spec.get("suits") or ()) or TileSet().suits
    return TileSet(suits=suits, honours=str(spec.get("honours", "z")), copies=int(spec.get("copies", 4)),
                   red_fives={str(k): int(v) for k, v in (spec.get("red_fives") or {}).items() if v},
                   flowers=int(spec.get("flowers") or 0),
                   without=frozenset(str(token)[:-1] + str(token)[-1:].lower() for token in spec.get("without") or ()))


def mahjong_deck(tiles: TileSet) -> DeckSpec:
    """The tile set as the deck answers show it: ranks 1-9, one suit a letter, as tiles."""
    most = max(count for _, count in tiles.suits)
    letters = tuple(letter for letter, _ in tiles.suits)
    return DeckSpec(ranks=tuple(str(r) for r in range(1, most + 1)), suits=letters, symbols=("",) * len(letters),
                    suit_names=letters, copies_per_deck=tiles.copies, pieces="tiles")


def build_mahjong(doc: Mapping[str, Any]) -> MahjongRules:
    tiles = tile_set(doc)
    groups = {str(name): frozenset(_tile(tiles, t) for t in members) for name, members in (doc.get("groups") or {}).items()}
    scoring = doc.get("scoring") or {}
    fu = scoring.get("fu") or {}
    limits = tuple(Limit(str(lim["name"]), int(lim["han"]), int(lim["base"])) for lim in scoring.get("limits") or ())
    pay = scoring.get("payments") or {}
    faan = scoring.get("faan")
    return MahjongRules(
        tiles=tiles, groups=groups, shapes=tuple(doc.get("shapes") or ("melds",)),
        patterns=tuple(_pattern(name, entry) for name, entry in (doc.get("patterns") or {}).items() if entry),
        method=str(scoring.get("method", "han_fu")),
        minimum_han=int(scoring.get("minimum_han", 1)),
        fu=FuRules(**{k: v for k, v in fu.items() if v is not None}),
        limits=limits, kiriage=bool(scoring.get("kiriage", False)),
        counted_yakuman=bool(scoring.get("counted_yakuman", True)),
        most_yakuman=int(scoring.get("most_yakuman", 1)),
        payments=Payments(**{k: v for k, v in pay.items() if v is not None}),
        faan=FaanTable({int(k): int(v) for k, v in (faan.get("points") or {}).items()}, int(faan.get("minimum", 0)),
                       int(faan.get("maximum", 13)), bool(faan.get("discarder_pays_all", True))) if faan else None,
        dora=bool(scoring.get("dora", True)), ura_dora=bool(scoring.get("ura_dora", True)),
        game=_game(tiles, doc.get("game") or {}, groups.get("winds", frozenset())),
        calls=frozenset(doc.get("calls") or ("chow", "pung", "kong")),
        kita=None if scoring.get("kita") is None else _tile(tiles, scoring["kita"]),
        seats=int((doc.get("players") or {}).get("max", 4)),
    )


def _game(tiles: TileSet, game: Mapping[str, Any], winds: frozenset[int]) -> TableGame:
    """The game's course; its round winds as tiles (default: the first two winds, a hanchan)."""
    played = tuple(_tile(tiles, w) for w in game.get("winds") or ()) or tuple(sorted(winds))[:2]
    uma = game.get("uma") or ()
    return TableGame(
        starting_points=int(game.get("starting_points", 25000)),
        several_winners=bool(game.get("several_winners", False)), winds=played,
        dealer_repeats=frozenset(game.get("dealer_repeats", ("win", "tenpai"))),
        ends_below_zero=bool(game.get("ends_below_zero", True)), noten_payment=int(game.get("noten_payment", 3000)),
        return_points=None if game.get("return_points") is None else int(game["return_points"]),
        uma=tuple(int(u) for u in uma))


def _tile(tiles: TileSet, token: object) -> int:
    found = read_tile(token, tiles)
    if isinstance(found, str):
        raise ValueError(found)  # noqa: TRY004  # the meaning checks (mahjongmeaning) name the token first
    return found[1]


def _pattern(name: str, entry: Mapping[str, Any]) -> Pattern:
    """A pattern from its entry; a `raised` entry is read as the same pattern with its own worth
    and further conditions (the pattern's own `when` still holds first)."""
    value = entry.get("value") or {}
    raised = entry.get("raised")
    return Pattern(name=name, words={str(k): str(v) for k, v in (entry.get("words") or {}).items()},
                   closed=value.get("closed"), open=value.get("open"), yakuman=int(entry.get("yakuman") or 0),
                   when=dict(entry.get("when") or {}), per=entry.get("per"),
                   excludes=tuple(entry.get("excludes") or ()),
                   raised=_pattern(name, {"words": entry.get("words"), "value": value, **raised}) if raised else None,
                   toward_minimum=bool(entry.get("toward_minimum", True)))
