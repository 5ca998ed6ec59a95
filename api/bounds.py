"""Collections counted before their items are read: what no table can hold is one problem.

The schemas bound each list and mapping (`Length`, judged before the items); a body may still
name many lists, each within its bound. Counted together, the cards of a request come from
one table's decks: past what the game's decks hold (for a check or scores of a ruleset), or
what any table holds (elsewhere), the request is one 422 at the field where the count
passes it, and no card is parsed. The players of a score request are counted against the
seats of the game the same way.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from flask import current_app, has_request_context, request

from referee.errors import InvalidPlayError, Problem, RefereeError
from referee.i18n import tn
from referee.ruleset import Ruleset

# The ruleset schema's bounds: 8 decks at a table, each of at most 13 ranks x 4 suits and 8 jokers.
MOST_CARDS = 8 * (13 * 4 + 8)


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
        and ruleset.players_min <= players <= ruleset.players_max else None
    if ruleset is not None:
        seats = players or ruleset.players_max
        for name in seated:
            value = data.get(name)
            if isinstance(value, Mapping) and len(value) > seats:
                raise InvalidPlayError(Problem(name, "player_count", tn(
                    "this round names {count} players, but {game} seats at most {n}",
                    "this round names {count} players, but {game} seats at most {n}", seats,
                    count=len(value), game=ruleset.local_name)))
    most = _most_cards(ruleset, players) if ruleset is not None else MOST_CARDS
    named = 0
    for name, lists in card_fields:
        value = data.get(name)
        if name in by_player:
            named += sum(_cards_in(v, lists) for v in value.values()) if isinstance(value, Mapping) else 0
        else:
            named += _cards_in(value, lists)
        if named > most:
            message = tn("this request names {count} cards; {game} is played with {n} card at most",
                         "this request names {count} cards; {game} is played with {n} cards at most",
                         most, count=named, game=ruleset.local_name) if ruleset is not None else tn(
                "this request names {count} cards; no table holds more than {n} card",
                "this request names {count} cards; no table holds more than {n} cards", most, count=named)
            raise InvalidPlayError(Problem(name, "too_many_cards", message))


def _ruleset() -> Ruleset | None:
    """The ruleset the request's address names, where it names one that exists."""
    if not has_request_context() or not request.view_args or "ruleset_id" not in request.view_args:
        return None
    try:
        ruleset: Ruleset = current_app.extensions["referee.catalog"].get(request.view_args["ruleset_id"])
    except RefereeError:
        return None  # the view says so (404)
    return ruleset


def _most_cards(ruleset: Ruleset, players: int | None) -> int:
    """The cards at a table of `players` (without a count, the largest table the game seats)."""
    deck = ruleset.deck
    naturals = len(deck.ranks) * len(deck.suits)
    tables = [players] if players is not None else range(ruleset.players_min, ruleset.players_max + 1)
    return max(naturals * decks + deck.jokers_with(decks)
               for decks in {deck.decks.for_players(n) for n in tables})


def _cards_in(value: Any, lists: int) -> int:
    """The cards in `value`, a list nesting `lists` levels of lists (0 where it is not one)."""
    if not isinstance(value, list):
        return 0
    if lists == 1:
        return len(value)
    return sum(_cards_in(item, lists - 1) for item in value)
