"""Collections counted before their items are read: what no table can hold is one problem.

The schemas bound each list and mapping (`Length`, judged before the items); a body may still
name many lists, each within its bound. Counted together, the cards of a request come from
one table's decks: past what the game's decks hold (for a check or scores of a ruleset), or
what any table holds (elsewhere), the request is one 422 at the field where the count
passes it, and no card is parsed. The players of a score request are counted against the
seats of the game the same way.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import replace
from functools import lru_cache
from typing import Any

from flask import has_request_context
from flask.globals import request_ctx

from referee.checks.situation import players_problem
from referee.loading.shipped import schema
from referee.rules.ruleset import Ruleset
from referee.scoring.round import seat_problem
from referee.values.cards import DeckSpec
from referee.values.errors import InvalidPlayError, Problem, RefereeError
from referee.values.i18n import Nn_, tn, tpn


def _branches(node: Mapping[str, Any]) -> Iterator[Mapping[str, Any]]:
    """A subschema and those it may take the form of (`anyOf`, `oneOf`, `if`/`else`)."""
    yield node
    for key in ("then", "else"):
        if isinstance(node.get(key), Mapping):
            yield from _branches(node[key])
    for key in ("anyOf", "oneOf"):
        for branch in node.get(key, ()):
            yield from _branches(branch)


def _most(node: object, default: int) -> int:
    """The largest integer a deck field of the schema admits (`default` where it bounds none)."""
    found = [b["maximum"] for b in _branches(node) if b.get("type") == "integer" and "maximum" in b] \
        if isinstance(node, Mapping) else []
    return max(found, default=default)


def schema_most_cards() -> int:
    """The most cards a table of any ruleset holds: the size (`DeckSpec.size`) of the widest
    deck the ruleset schema admits (the most ranks, suits, copies and special cards), at the
    most decks, with the most jokers per deck or the most a whole table may be given."""
    deck = schema()["$defs"]["deck"]["properties"]
    decks = _most(deck.get("decks"), 1)
    specials = deck.get("specials")
    kinds, each = (specials.get("maxProperties", 0), _most(specials.get("additionalProperties"), 0)) \
        if isinstance(specials, Mapping) else (0, 0)
    widest = DeckSpec(ranks=tuple(map(str, range(deck["ranks"]["maxItems"]))),
                      suits=tuple(map(str, range(deck["suits"]["maxItems"]))),
                      copies_per_deck=_most(deck.get("copies"), 1),
                      specials=tuple((str(kind), each) for kind in range(kinds)))
    return max(replace(widest, jokers=_most(deck.get("jokers"), 0)).size(decks),
               replace(widest, table_jokers=((0, _most(deck.get("jokers_per_table"), 0)),)).size(decks))


MOST_CARDS = schema_most_cards()
RULESETS_KEPT = 1024  # (ruleset, players) counts kept per process


def count(data: object, card_fields: Iterable[tuple[str, int]], by_player: Iterable[str] = (),
          seated: Iterable[str] = ()) -> None:
    """Refuse a request body naming more cards than its table can hold, or more players than
    the game seats (the fields `seated`); else nothing. `card_fields`: each field holding cards,
    with the lists it nests (a hand 1, melds 2); those `by_player` are mappings of such values
    by player. Only the lengths of lists are read; bodies of another shape are left to the
    schema."""
    if not isinstance(data, Mapping):
        return
    ruleset = _ruleset()
    players = data.get("players")
    players = players if type(players) is int and ruleset is not None \
        and players_problem(ruleset, players) is None else None
    if ruleset is not None:
        for name in seated:
            value = data.get(name)
            found = seat_problem(ruleset, name, len(value), players) if isinstance(value, Mapping) else None
            if found is not None:
                raise InvalidPlayError(found)
    most = _most_cards(ruleset, players) if ruleset is not None else MOST_CARDS
    named = 0
    for name, lists in card_fields:
        value = data.get(name)
        if name in by_player:
            named += sum(_cards_in(v, lists) for v in value.values()) if isinstance(value, Mapping) else 0
        else:
            named += _cards_in(value, lists)
        if named > most:
            message = tpn(ruleset.deck.pieces,
                          Nn_("this request names {count} cards; {game} is played with {n} card at most",
                              "this request names {count} cards; {game} is played with {n} cards at most"),
                          Nn_("this request names {count} tiles; {game} is played with {n} tile at most",
                              "this request names {count} tiles; {game} is played with {n} tiles at most"),
                          most, count=named, game=ruleset.local_name) if ruleset is not None else tn(
                "this request names {count} cards; no table holds more than {n} card",
                "this request names {count} cards; no table holds more than {n} cards", most, count=named)
            raise InvalidPlayError(Problem(name, "too_many_cards", message))


def _ruleset() -> Ruleset | None:
    """The ruleset the request's address names, where it names one that exists."""
    if not has_request_context():
        return None
    context = request_ctx._get_current_object()  # type: ignore[attr-defined]  # the request and its app, by one proxy
    view_args = context.request.view_args
    ruleset_id = view_args.get("ruleset_id") if view_args else None
    if ruleset_id is None:
        return None
    try:
        ruleset: Ruleset = context.app.extensions["referee.catalog"].get(ruleset_id)
    except RefereeError:
        return None  # the view says so (404)
    return ruleset


@lru_cache(maxsize=RULESETS_KEPT)
def _most_cards(ruleset: Ruleset, players: int | None) -> int:
    """The cards at a table of `players` (without a count, the largest table the game seats),
    kept per ruleset (a ruleset is never changed once loaded, and compares by identity)."""
    return ruleset.cards_in_play(players)


def _cards_in(value: Any, lists: int) -> int:
    """The cards in `value`, a list nesting `lists` levels of lists (0 where it is not one)."""
    if not isinstance(value, list):
        return 0
    if lists == 1:
        return len(value)
    return sum(_cards_in(item, lists - 1) for item in value)
