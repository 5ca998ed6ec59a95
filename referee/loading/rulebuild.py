"""A checked ruleset document made into its frozen `Ruleset` (the values of `ruleset`).

The document is already resolved (variants merged) and checked against the schema and the
meaning checks by the loader; this module only reads it. A round's rules are the top level with
the round's entry applied (`round_document`).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from referee.kinds.base import MeldKind
from referee.kinds.table import KINDS
from referee.loading.mahjongbuild import build_mahjong, mahjong_deck
from referee.rules.ruleset import (
    Buying,
    Canastas,
    GameEnd,
    Knock,
    LayOffRule,
    LayoutRules,
    MeldRule,
    PileRule,
    Requirement,
    RoundRules,
    Ruleset,
    RummyRules,
    Scoring,
    WildRule,
    kind_asked,
)
from referee.values.cards import FRENCH, JOKER, RANKS, SUITS, Card, DeckCount, DeckSpec, parse_card
from referee.values.merge import merge_patch


def rank_range(spec: str, ranks: tuple[str, ...], specials: tuple[str, ...] = ()) -> list[str]:
    """`"3-9"` → the ranks from 3 to 9 in deck order; a single rank, a special card of the
    deck (`W`) or `JOKER` → itself."""
    if spec == JOKER or spec in ranks or spec in specials:
        return [spec]
    lo, _, hi = spec.partition("-")
    if lo in ranks and hi in ranks and ranks.index(lo) <= ranks.index(hi):
        return list(ranks[ranks.index(lo): ranks.index(hi) + 1])
    return []


def _meld_rules(data: Mapping[str, Any], deck: DeckSpec) -> tuple[MeldRule, ...]:
    """Each kind's options, read by the kind's entry (`MeldKind.rule`)."""
    return tuple(KINDS[kind].rule(spec or {}, deck) if kind in KINDS else MeldKind().rule(spec or {}, deck)
                 for kind, spec in sorted(data.items()))


def _wild_rule(data: Mapping[str, Any] | None) -> WildRule:
    data = data or {}
    later = data.get("after_first_meld")
    return WildRule(frozenset(data.get("ranks", [])), data.get("max_per_meld"),
                    bool(data.get("all_wild", True)), later is not None,
                    (later or {}).get("max_per_meld"), (later or {}).get("per_cards"),
                    bool(data.get("natural_in_place", False)), bool(data.get("per_deal", False)),
                    bool(data.get("fixed_when_melded", False)), int(data.get("min_naturals") or 0),
                    bool(data.get("no_more_than_naturals", False)))


def _requirement(data: Mapping[str, Any] | None) -> Requirement:
    """A first meld's requirement: a list of sizes is asked for under a kind's plural
    (`sets`, `colors`), a count of melds without a wild card under `pure_` and the plural."""
    data = data or {}
    sized = tuple((kind_asked(key), tuple(sorted(value, reverse=True)))
                  for key, value in sorted(data.items())
                  if isinstance(value, list) and value and key != "points_by_score")
    pure = tuple((kind_asked(key.removeprefix("pure_")), int(value))
                 for key, value in sorted(data.items()) if key.startswith("pure_") and value)
    return Requirement(sized, int(data.get("melds", 0)), bool(data.get("exact", False)),
                       int(data.get("points", 0)), pure, bool(data.get("extra_melds", True)),
                       bool(data.get("from_hand_only", False)),
                       tuple((int(start), int(points)) for start, points in data.get("points_by_score") or ()))


def _round(number: int, doc: Mapping[str, Any], deck: DeckSpec) -> RoundRules:
    size = doc.get("hand_size")
    sizes = tuple(sorted((int(k), int(v)) for k, v in size.items())) if isinstance(size, Mapping) else ()
    return RoundRules(number, max(v for _, v in sizes) if sizes else size,
                      _meld_rules(doc.get("melds") or {}, deck),
                      _wild_rule(doc.get("wilds")), _requirement(doc.get("first_meld")),
                      _lay_off_rule(doc.get("lay_off")),
                      str((doc.get("going_out") or {}).get("final_discard", "optional")),
                      doc.get("later_melds") is not False, sizes,
                      bool((doc.get("going_out") or {}).get("whole_hand")),
                      _canastas((doc.get("going_out") or {}).get("requires")),
                      (doc.get("going_out") or {}).get("concealed_minimum") is not False,
                      bool((doc.get("going_out") or {}).get("from_foot", False)),
                      bool((doc.get("going_out") or {}).get("after_morto", False)),
                      (doc.get("going_out") or {}).get("discard_wild") is not False)


def _canastas(data: Mapping[str, Any] | None) -> Canastas:
    data = data or {}
    return Canastas(int(data.get("canastas") or 0), int(data.get("natural_canastas") or 0),
                    int(data.get("mixed_canastas") or 0))


def _lay_off_rule(data: Mapping[str, Any] | None) -> LayOffRule:
    data = data or {}
    return LayOffRule(str(data.get("allowed", "after_first_meld")), bool(data.get("others_melds", True)),
                      bool(data.get("wilds_unlimited", False)))


def _scoring(doc: Mapping[str, Any], deck: DeckSpec) -> Scoring:
    data = doc.get("scoring") or {}
    ranks, specials = deck.ranks, tuple(name for name, _ in deck.specials)
    values: dict[str, int] = {}
    by_card: dict[Card, int] = {}
    for key, value in (data.get("card_values") or {}).items():
        covered = rank_range(key, ranks, specials)
        for rank in covered:
            values[rank] = int(value)
        if not covered:  # a card of its own (`3H`), beside its rank's value
            by_card[parse_card(key, deck=deck)] = int(value)
    melded: dict[str, int] | None = None
    if data.get("meld_values") is not None:
        melded = {rank: int(value) for key, value in data["meld_values"].items()
                  for rank in rank_range(key, ranks, specials)}
    knock = data.get("knock")
    return Scoring(values, int(data.get("pennies_per_card", 0)), str(data.get("method", "caught")),
                   melded, data.get("low_ace"), str(data.get("wilds_count", "own")), data.get("cap"),
                   Knock(int(knock.get("max_deadwood", 10)), int(knock.get("gin_bonus", 25)),
                         int(knock.get("undercut_bonus", 25)), bool(knock.get("lay_off_on_gin", False)))
                   if knock is not None else None, data.get("wild_value"),
                   str(data.get("unmet_first_meld", "count_all")), run_order=ranks,
                   wild_rank_value=data.get("wild_rank_value"),
                   bonuses={str(k): int(v) for k, v in (data.get("bonuses") or {}).items() if v is not None},
                   by_card=by_card, bonus_cards_unmelded=str(data.get("bonus_cards_unmelded") or "count"))


ROUND_FIELDS = ("hand_size", "melds", "wilds", "first_meld", "lay_off", "going_out", "buying",
                "later_melds")
ROUND_REPLACES = frozenset({"melds", "first_meld"})  # a round's contract is its whole requirement


def round_document(doc: Mapping[str, Any], entry: Mapping[str, Any] | None) -> dict[str, Any]:
    """The top-level round fields with one round's entry applied: `first_meld` and `melds`
    replace the top-level field whole, other mappings merge key by key (ruleset-format.md)."""
    out: dict[str, Any] = {k: doc.get(k) for k in ROUND_FIELDS}
    for key, value in (entry or {}).items():
        if key in ROUND_FIELDS:
            out[key] = value if key in ROUND_REPLACES else merge_patch(out.get(key), value)
    return out


def _rummy(doc: Mapping[str, Any], scoring: Scoring, deck: DeckSpec) -> RummyRules:
    base_doc = {k: doc.get(k) for k in ROUND_FIELDS}
    rounds = tuple(_round(i + 1, round_document(doc, entry), deck)
                   for i, entry in enumerate(doc.get("rounds") or []))
    buying = doc.get("buying")
    base = _round(0, base_doc, deck)  # number 0: a game without rounds
    return RummyRules(
        rounds=rounds,
        base=base,
        lay_off=base.lay_off,
        final_discard=base.final_discard,
        hand_limit=(doc.get("hand_limit") or {}).get("max"),
        scoring=scoring,
        buying=Buying(int(buying["per_player"]), int(buying.get("cost", 1)),
                      int(buying.get("extra_cards", 0)), str(buying.get("per", "game"))) if buying else None,
        contracts=str(doc.get("contracts") or "per_round"),
        phases=tuple(_requirement(phase) for phase in doc.get("phases") or ()),
        rearrange=bool((doc.get("table") or {}).get("rearrange", False)),
        canasta_min=int((doc["canasta"] or {}).get("min") or 7) if "canasta" in doc and doc["canasta"] is not None else None,
        canasta_closed_to_wilds=bool((doc.get("canasta") or {}).get("closed_to_wilds", False)),
        canasta_semi_clean=bool((doc.get("canasta") or {}).get("semi_clean", False)),
        bonus_cards=frozenset(parse_card(c, deck=deck) for c in doc.get("bonus_cards") or ()),
        never_melded=frozenset(parse_card(c, deck=deck) for c in doc.get("never_melded") or ()),
        going_out_only=frozenset(str(r) for r in doc.get("going_out_only") or ()),
        pile=_pile(doc.get("pile")),
    )


def _pile(data: Mapping[str, Any] | None) -> PileRule | None:
    if data is None:
        return None
    return PileRule(str(data.get("take") or "meld"), int(data.get("frozen_naturals") or 2),
                    data.get("unfrozen_wild") is not False, bool(data.get("always_frozen", False)),
                    data.get("single_takes_single") is not False)


def _layout(doc: Mapping[str, Any]) -> LayoutRules:
    layout = doc.get("layout") or {}
    shrink = doc.get("shrink") or {}
    return LayoutRules(
        slots=tuple(layout.get("slots", RANKS[:10])),
        rows=int(layout.get("rows", 2)),
        wilds=frozenset((doc.get("wilds") or {}).get("ranks", [])),
        dead_ranks=frozenset(doc.get("dead_ranks") or []),
        shrink_winner=int(shrink.get("winner", 1)),
        shrink_completed=int(shrink.get("completed", 0)),
        first_player=str(doc.get("first_player", "last_winner")),
        free_draws=int((doc.get("two_players") or {}).get("free_draws", 0)),
        last_turn=bool(doc.get("last_turn", False)),
    )


_FRENCH_SUITS = dict(zip(SUITS, zip(FRENCH.symbols, FRENCH.suit_names, strict=True), strict=True))


def _suit(data: object) -> tuple[str, str, str, tuple[str, ...]]:
    """A suit as a deck names it: a letter alone (a French letter keeps its symbol and name),
    or `{letter, symbol, name, aliases}`."""
    if isinstance(data, Mapping):
        letter = str(data["letter"])
        symbol, name = _FRENCH_SUITS.get(letter, ("", letter))
        return (letter, str(data.get("symbol", symbol)), str(data.get("name", name)),
                tuple(str(a) for a in data.get("aliases") or ()))
    letter = str(data)
    symbol, name = _FRENCH_SUITS.get(letter, ("", letter))
    return letter, symbol, name, ()


def _table_jokers(data: object) -> tuple[tuple[int, int], ...] | None:
    """`jokers_per_table`: one count whatever the packs (as `{0: n}`), or packs in play → jokers."""
    if data is None:
        return None
    if isinstance(data, int):
        return ((0, data),)
    assert isinstance(data, Mapping)
    return tuple(sorted((int(k), int(v)) for k, v in data.items()))


def _texts(value: object) -> tuple[str | None, dict[str, str]]:
    """A text field written once or by language: (the English or only text, the texts by language)."""
    if isinstance(value, Mapping):
        return str(value["en"]), {str(code): str(text) for code, text in value.items()}
    return (None if value is None else str(value)), {}


def suits_of(deck_doc: Mapping[str, Any]) -> list[tuple[str, str, str, tuple[str, ...]]]:
    """The deck's suits as (letter, symbol, name, aliases), in the order written."""
    return [_suit(s) for s in deck_doc.get("suits") or SUITS]


def deck_of(doc: Mapping[str, Any]) -> DeckSpec:
    """The deck a resolved document describes (the French deck's value for each field left out)."""
    deck_doc = doc.get("deck") or {}
    suits = suits_of(deck_doc)
    return DeckSpec(
        ranks=tuple(str(r) for r in deck_doc.get("ranks") or RANKS),
        suits=tuple(s[0] for s in suits),
        symbols=tuple(s[1] for s in suits),
        suit_names=tuple(s[2] for s in suits),
        aliases=tuple((a, s[0]) for s in suits for a in s[3]),
        copies_per_deck=int(deck_doc.get("copies") or 1),
        specials=tuple((str(k), int(v)) for k, v in (deck_doc.get("specials") or {}).items()),
        jokers=int(deck_doc.get("jokers", 0)),
        decks=DeckCount.from_data(deck_doc.get("decks", 1)),
        table_jokers=_table_jokers(deck_doc.get("jokers_per_table")),
        pieces=str(deck_doc.get("pieces") or "cards"),
    )


def build(doc: Mapping[str, Any], *, builtin: bool = False) -> Ruleset:
    """A `Ruleset` from a resolved document that has passed the schema and the checks."""
    mahjong = build_mahjong(doc) if doc["family"] == "mahjong" else None
    deck = deck_of(doc) if mahjong is None else mahjong_deck(mahjong.tiles)
    game = doc.get("game") or {}
    end = game.get("end") or {}
    players = doc.get("players") or {}
    stakes = doc.get("stakes") or {}
    family = str(doc["family"])
    scoring = _scoring(doc, deck)
    name, names = _texts(doc.get("name", doc["id"]))
    summary, summaries = _texts(doc.get("summary", ""))
    return Ruleset(
        id=str(doc["id"]),
        name=name or str(doc["id"]),
        family=family,
        extends=doc.get("extends"),
        summary=summary or "",
        source=doc.get("source"),
        players_min=int(players.get("min", 2)),
        players_max=int(players.get("max", 8)),
        deck=deck,
        buy_in=int(stakes.get("buy_in", 0)),
        buy_back_cost=int(stakes.get("buy_back", stakes.get("buy_in", 0))),
        game=GameEnd(
            rounds=end.get("rounds") or (len(doc["rounds"]) if doc.get("rounds") else None),
            elimination=end.get("elimination"),
            layout_size=end.get("layout_size"),
            deals=end.get("deals"),
            winner=str(game.get("winner", "lowest_score" if mahjong is None else "highest_score")),
            buy_back=(game.get("buy_back") or {}).get("score"),
            target=end.get("target"),
        ),
        scoring=scoring,
        rummy=_rummy(doc, scoring, deck) if family == "rummy" else None,
        layout=_layout(doc) if family == "layout" else None,
        mahjong=mahjong,
        teams=(doc.get("teams") or {}).get("size", 2) if doc.get("teams") is not None else None,
        document_json=json.dumps(doc, sort_keys=False),
        builtin=builtin,
        names=names,
        summaries=summaries,
    )
