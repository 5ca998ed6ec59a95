"""The checks that cross fields: what the schema cannot say of a ruleset, as findings at a path.

Each check reads the resolved document and yields (path, message) for each choice that cannot
work (a wild rank not in the deck, a first meld larger than the hand, ...); `MEANING_CHECKS`
lists them in the order the loader runs them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

from referee.kinds.table import words_named
from referee.loading.deckcheck import (
    check_deck_ranks_once,
    check_deck_specials,
    check_deck_suits,
    check_run_ace,
    named_cards,
    not_a_rank,
)
from referee.loading.mahjongmeaning import check_mahjong_tiles, check_uma
from referee.loading.rulebuild import deck_of, rank_range, round_document
from referee.loading.yamlread import Path
from referee.rules.ruleset import kind_asked
from referee.values.cards import JOKER, Card, read_card
from referee.values.i18n import N_, PIECES, Nn_, t, tn, tpn

Finding = tuple[Path, str]
Check = Callable[[Mapping[str, Any]], Iterator[Finding]]


def _deck_ranks(doc: Mapping[str, Any]) -> set[str]:
    return set(named_cards(doc))


_WILD_NOT_IN_DECK = N_('the wild rank "{rank}" is not in the deck')


def _rank_lists(doc: Mapping[str, Any]) -> Iterator[tuple[Path, list[Any], str]]:
    """Every list of ranks that must name ranks of the deck, and what to say of one that is not."""
    yield ("wilds", "ranks"), (doc.get("wilds") or {}).get("ranks", []), _WILD_NOT_IN_DECK
    yield ("dead_ranks",), doc.get("dead_ranks") or [], N_('the dead rank "{rank}" is not in the deck')
    yield ("layout", "slots"), (doc.get("layout") or {}).get("slots", []), \
        N_('the slot rank "{rank}" is not in the deck')
    yield ("going_out_only",), doc.get("going_out_only") or [], \
        N_('the rank "{rank}" melded only going out is not in the deck')
    for i, entry in enumerate(doc.get("rounds") or []):
        yield ("rounds", i, "wilds", "ranks"), ((entry or {}).get("wilds") or {}).get("ranks", []), \
            _WILD_NOT_IN_DECK


def check_ranks_in_deck(doc: Mapping[str, Any]) -> Iterator[Finding]:
    in_deck = _deck_ranks(doc)
    for path, ranks, not_in_deck in _rank_lists(doc):
        for i, rank in enumerate(ranks):
            if rank not in in_deck:
                unknown = not_a_rank(doc, rank)
                extra = t(" (this deck has no jokers)") if rank == JOKER else ""
                yield path + (i,), unknown or t(not_in_deck, rank=rank) + extra


def _sized_keys(req: Mapping[str, Any]) -> Iterator[tuple[str, list[Any]]]:
    """A requirement's lists of sizes, each under a kind's plural (`sets`, `colors`)."""
    for key, value in req.items():
        if isinstance(value, list) and key != "points_by_score":
            yield key, value


def _round_scopes(doc: Mapping[str, Any]) -> Iterator[tuple[Path, dict[str, Any]]]:
    """The top level, then each round as it is played (its entry applied over the top level)."""
    yield (), round_document(doc, None)
    for i, entry in enumerate(doc.get("rounds") or []):
        yield ("rounds", i), round_document(doc, entry or {})


def _requirements(doc: Mapping[str, Any]) -> Iterator[tuple[Path, Mapping[str, Any], Mapping[str, Any]]]:
    """Every first-meld requirement, at its path, with the scope it binds: each round's
    `first_meld`, and each phase where players hold contracts of their own."""
    for path, scope in _round_scopes(doc):
        yield path + ("first_meld",), scope.get("first_meld") or {}, scope
    top = round_document(doc, None)
    for i, phase in enumerate(doc.get("phases") or []):
        yield ("phases", i), phase or {}, top


def check_first_meld_kinds(doc: Mapping[str, Any]) -> Iterator[Finding]:
    for path, req, scope in _requirements(doc):
        melds = scope.get("melds") or {}
        for key, sizes in _sized_keys(req):
            if sizes and kind_asked(key) not in melds:
                yield path + (key,), t(
                    "the first meld asks for {key}, but this game has no {key} (add melds.{kind})",
                    key=key, kind=kind_asked(key))


def _pieces(doc: Mapping[str, Any]) -> str:
    """What the document's deck calls its pieces (`deck.pieces`), as its sentences name them."""
    return str((doc.get("deck") or {}).get("pieces") or PIECES[0])


def check_first_meld_fits_hand(doc: Mapping[str, Any]) -> Iterator[Finding]:
    """A first meld that needs more cards than a player is dealt can never be made."""
    for path, req, scope in _requirements(doc):
        hand = scope.get("hand_size")
        if isinstance(hand, Mapping) and hand:
            hand = max(int(v) for v in hand.values())  # the largest hand at any table
        if not isinstance(hand, int) or not req:
            continue
        sized = [size for _, sizes in _sized_keys(req) for size in sizes]
        least = min((int((spec or {}).get("min", 3)) for spec in (scope.get("melds") or {}).values()),
                    default=3)
        needed = sum(sized) + max(0, int(req.get("melds", 0)) - len(sized)) * least
        if needed > hand:
            yield path, tpn(_pieces(doc), Nn_("this first meld needs at least {n} card, but a player is dealt {hand}",
                                              "this first meld needs at least {n} cards, but a player is dealt {hand}"),
                            Nn_("this first meld needs at least {n} tile, but a player is dealt {hand}",
                                "this first meld needs at least {n} tiles, but a player is dealt {hand}"),
                            needed, hand=hand)


def check_phases(doc: Mapping[str, Any]) -> Iterator[Finding]:
    """Contracts held by each player need their phases, and then no round's first meld."""
    per_player = doc.get("contracts") == "per_player"
    if per_player and not doc.get("phases"):
        yield ("contracts",), t("each player works through phases: list them under phases")
    elif doc.get("phases") and not per_player:
        yield ("phases",), t("phases are each player's own contracts: give contracts: per_player")
    if per_player:
        for path, req, _ in _requirements(doc):
            if path[0] != "phases" and req:
                yield path, t("each player's first meld is their phase: leave first_meld out")


def check_whole_hand_size(doc: Mapping[str, Any]) -> Iterator[Finding]:
    """A round that shows every meld with the whole hand needs a hand size to check it; the
    finding stands where `whole_hand` is written (a round's entry, or the top level once)."""
    rounds = doc.get("rounds") or []
    entries: list[Mapping[str, Any]] = [e if isinstance(e, Mapping) else {} for e in rounds]
    scopes = list(_round_scopes(doc))[1:] if rounds else list(_round_scopes(doc))
    top_missing = False
    for (path, scope), entry in zip(scopes, entries or [{}], strict=False):
        if not (scope.get("going_out") or {}).get("whole_hand") or scope.get("hand_size") is not None:
            continue
        if "whole_hand" in (entry.get("going_out") or {}):
            yield path + ("going_out", "whole_hand"), t(_NO_HAND_SIZE)
        else:
            top_missing = True
    if top_missing:
        yield ("going_out", "whole_hand"), t(_NO_HAND_SIZE)


_NO_HAND_SIZE = N_("every meld is shown with the whole hand, but there is no hand_size to check that hand against")


def check_card_values(doc: Mapping[str, Any]) -> Iterator[Finding]:
    for field in ("card_values", "meld_values"):
        values = (doc.get("scoring") or {}).get(field)
        if values:
            yield from _value_table(doc, values, field)


def _value_table(doc: Mapping[str, Any], values: Mapping[str, Any], field: str) -> Iterator[Finding]:
    deck = deck_of(doc)
    specials = tuple(name for name, _ in deck.specials)
    owner: dict[str, str] = {}
    for key in values:
        covered = rank_range(key, deck.ranks, specials)
        if not covered and field == "card_values" and isinstance(read_card(key, deck), Card):
            continue  # a card of its own (`3H`): its value beside its rank's
        if not covered:
            yield ("scoring", field, key), \
                t('"{key}" is not a rank or a range of ranks of this deck in order (such as "3-9")', key=key)
        clashes = [r for r in covered if r in owner]
        if clashes:
            yield ("scoring", field, key), \
                t('"{key}" gives {ranks} a value that "{other}" already gives', key=key, ranks=", ".join(clashes),
                  other=owner[clashes[0]])
        for rank in covered:
            owner.setdefault(rank, key)
    missing = [r for r in named_cards(doc) if r not in owner]
    if missing:
        yield ("scoring", field), t("no value for {ranks}", ranks=", ".join(missing))


def check_melding_choices(doc: Mapping[str, Any]) -> Iterator[Finding]:
    """Choices that cannot work together: a meld's maximum below its minimum, pure runs
    beyond the runs asked for, no new melds where there is no first meld to make, a points
    threshold with no points, a knock outside a two-player deadwood game."""
    for path, scope in _round_scopes(doc):
        for kind, spec in (scope.get("melds") or {}).items():
            spec = spec or {}
            if spec.get("max") is not None and spec["max"] < spec.get("min", 3):
                yield path + ("melds", kind, "max"), \
                    words_named(kind).of(_pieces(doc)).never_reaches(spec["max"], spec.get("min", 3))
        req = scope.get("first_meld") or {}
        for key, pure in req.items():  # `pure_<plural>`: so many of that kind without a wild card
            if not key.startswith("pure_") or not pure:
                continue
            plural = key.removeprefix("pure_")
            words, asked = words_named(kind_asked(plural)).of(_pieces(doc)), len(req.get(plural) or [])
            if asked and pure > asked:
                yield path + ("first_meld", key), words.pure_beyond(pure, asked)
            if kind_asked(plural) not in (scope.get("melds") or {}):
                yield path + ("first_meld", key), words.pure_without()
        asks = any(value for key, value in req.items() if key not in ("exact", "extra_melds", "from_hand_only"))
        if scope.get("later_melds") is False and not asks and not doc.get("phases"):
            yield path + ("later_melds",), \
                t("no new melds after the first meld, but there is no first meld: nobody could ever meld")
    scoring = doc.get("scoring") or {}
    if scoring.get("knock") is not None:
        if scoring.get("method") != "deadwood":
            yield ("scoring", "knock"), t("a knock scores deadwood: give scoring.method: deadwood")
        if (doc.get("players") or {}).get("max", 8) > 2:
            yield ("scoring", "knock"), t("a knock is for two players: give players.max: 2")


def check_game_end(doc: Mapping[str, Any]) -> Iterator[Finding]:
    """A score that grows needs a target to end on; the highest score cannot be last standing."""
    game = doc.get("game") or {}
    winner = game.get("winner")
    method = (doc.get("scoring") or {}).get("method")
    if winner == "highest_score" and "elimination" in (game.get("end") or {}):
        yield ("game", "winner"), t("with elimination the winner is the last standing or the lowest score")
    if method == "melded_minus_caught" and winner not in (None, "highest_score"):
        yield ("game", "winner"), t("melded cards score for the player, so the highest score wins")


def check_players(doc: Mapping[str, Any]) -> Iterator[Finding]:
    players = doc.get("players") or {}
    if players.get("min", 2) > players.get("max", 8):
        yield ("players", "min"), t("min ({least}) is more than max ({most})", least=players.get("min", 2),
                                    most=players.get("max", 8))
    teams = doc.get("teams")
    if isinstance(teams, Mapping):
        size, most = teams.get("size") or 2, players.get("max", 8)
        if most < 2 * size:
            yield ("teams", "size"), tn(
                "teams of {n} need at least {least} players, but players.max is {most}",
                "teams of {n} need at least {least} players, but players.max is {most}", size,
                least=2 * size, most=most)


MAX_PLAYERS = 12  # as the schema's players.max


def check_deck_table(doc: Mapping[str, Any]) -> Iterator[Finding]:
    """A row of the decks-by-players table for more players than any game may have."""
    decks = (doc.get("deck") or {}).get("decks")
    if not isinstance(decks, Mapping) or "players_per_deck" in decks:
        return
    for key in map(str, decks):
        if key.isdigit() and (len(key) > 2 or int(key) > MAX_PLAYERS):
            yield ("deck", "decks", key), tn("a row for {n} player, but a game has at most {most}",
                                             "a row for {n} players, but a game has at most {most}", int(key),
                                             most=MAX_PLAYERS)


def check_deck_ranks(doc: Mapping[str, Any]) -> Iterator[Finding]:
    """The deck's ranks are suited ranks; jokers are counted by `deck.jokers`."""
    ranks = (doc.get("deck") or {}).get("ranks") or []
    if JOKER in ranks:
        yield ("deck", "ranks", ranks.index(JOKER)), \
            t("{joker} is not a rank of the suits; give the jokers in each deck with deck.jokers", joker=JOKER)


def check_rounds_count(doc: Mapping[str, Any]) -> Iterator[Finding]:
    end = (doc.get("game") or {}).get("end") or {}
    rounds = doc.get("rounds")
    if isinstance(rounds, list) and "rounds" in end and end["rounds"] != len(rounds):
        yield ("game", "end", "rounds"), \
            tn("the game ends after {n} round but {described} are described",
               "the game ends after {n} rounds but {described} are described", end["rounds"],
               described=len(rounds))


def check_canastas(doc: Mapping[str, Any]) -> Iterator[Finding]:
    """Bonus cards the deck holds; a score table in rising order; canastas named where they are
    needed or scored, and semi-clean ones where they are scored."""
    deck = deck_of(doc)
    for name in ("bonus_cards", "never_melded"):
        for i, token in enumerate(doc.get(name) or []):
            if not isinstance(read_card(token, deck), Card):
                yield (name, i), t('"{card}" is not a card of this deck', card=token)
    for path, req, _ in _requirements(doc):
        rows = req.get("points_by_score") or []
        starts = [row[0] for row in rows if isinstance(row, list) and row]
        if starts != sorted(set(starts)):
            yield path + ("points_by_score",), t("the rows must be in rising order of score, each score once")
        if rows and req.get("points"):
            yield path + ("points",), t("give points or points_by_score, not both")
    if doc.get("canasta") is None:
        for path, scope in _round_scopes(doc):
            if ((scope.get("going_out") or {}).get("requires") or {}):
                yield path + ("going_out", "requires"), t("canastas are needed to go out, but the game names none: "
                                                          "add canasta: {min: 7}")
        bonuses = (doc.get("scoring") or {}).get("bonuses") or {}
        for key in ("natural_canasta", "mixed_canasta", "semi_clean_canasta"):
            if bonuses.get(key):
                yield ("scoring", "bonuses", key), t("canastas score a bonus, but the game names none: "
                                                     "add canasta: {min: 7}")
    elif not (doc.get("canasta") or {}).get("semi_clean") and ((doc.get("scoring") or {}).get("bonuses") or {}).get(
            "semi_clean_canasta"):
        yield ("scoring", "bonuses", "semi_clean_canasta"), t(
            "semi-clean canastas score a bonus, but the game has none: add canasta: {semi_clean: true}")


MEANING_CHECKS: tuple[Check, ...] = (
    check_ranks_in_deck, check_first_meld_kinds, check_first_meld_fits_hand, check_card_values, check_players,
    check_rounds_count, check_run_ace, check_deck_table, check_deck_ranks, check_deck_ranks_once, check_deck_suits,
    check_deck_specials, check_melding_choices,
    check_game_end, check_whole_hand_size, check_phases, check_canastas, check_mahjong_tiles, check_uma,
)
