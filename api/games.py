"""The score sheet: stored games, written as an append-only ledger, read as standings."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from typing import Any

from flask import Response, current_app, jsonify, request, url_for
from flask.views import MethodView

from api import gameschemas
from api.blueprint import Blueprint
from api.live import event
from api.problems import ApiError, answers
from api.rulesets import catalog
from api.sheet_csv import sheet_csv
from api.storage import GameRow, NewGame, Store, Writer, new_token, token_matches
from api.tileschemas import RoundWrite
from referee.loading import rulebuild
from referee.rules.ruleset import Ruleset
from referee.sheet.mahjong_entry import hand_record
from referee.sheet.mahjong_table import round_wind, seat_winds
from referee.sheet.records import Record, round_record
from referee.sheet.standings import Seats, Sheet, replay, start
from referee.sheet.undo import UNDO_TYPES, check_undo
from referee.values.errors import GameStateError, InvalidPlayError, Problem, UnknownRulesetError
from referee.values.i18n import t

blp = Blueprint("games", __name__, url_prefix="/v1/games",
                description="Score sheets: rounds, buys, buy-backs and undo, kept as a ledger.")

AUTH: list[dict[str, list[str]]] = [{"bearer": []}]
ETAG = {"ETag": {"description": 'The game\'s version, `"<id>.<sequence>"`: send it in If-Match on a '
                                "write, or in If-None-Match on a read.", "schema": {"type": "string"}}}
IF_NONE_MATCH = {"in": "header", "name": "If-None-Match", "required": False, "schema": {"type": "string"},
                 "description": "An ETag of the game: 304 while the game is unchanged."}
WRITE_HEADERS = [
    {"in": "header", "name": "If-Match", "required": False, "schema": {"type": "string"},
     "description": "The ETag of the game as last read: 412 if it has changed since."},
    {"in": "header", "name": "Idempotency-Key", "required": False,
     "schema": {"type": "string", "minLength": 1, "maxLength": 200},
     "description": "A retried write with the same key and body answers what the first did and is "
                    "applied once; the same key with another body is a 409."},
]


def store() -> Store:
    return current_app.extensions["referee.store"]  # type: ignore[no-any-return]


def _pinned(game: GameRow) -> Ruleset:
    """The ruleset the game was created with (a later change elsewhere does not alter it)."""
    cache: dict[str, Ruleset] = current_app.extensions.setdefault("referee.pinned", {})
    found = cache.get(game.id)
    if found is None:
        found = cache[game.id] = rulebuild.build(game.ruleset_document)
    return found


def _etag(game: GameRow) -> str:
    return f"{game.id}.{game.seq}"


def _body(game: GameRow, sheet: Sheet) -> dict[str, Any]:
    return {"id": game.id, **sheet.as_dict()}


def _respond(game: GameRow, body: dict[str, Any], status: int = 200) -> Response:
    response = jsonify(body)
    response.status_code = status
    response.set_etag(_etag(game))
    return response


def _sheet(game: GameRow, ledger: list[dict[str, Any]]) -> Sheet:
    return replay(_pinned(game), Seats(game.players, game.scores, game.dealer, game.teams), ledger)


def _token() -> str:
    header = request.headers.get("Authorization", "")
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ApiError(401, t("Writes to a game need its token: Authorization: Bearer <token>."),
                       headers={"WWW-Authenticate": 'Bearer realm="referee"'})
    return token.strip()


def _fingerprint() -> str:
    payload = request.get_json(silent=True)
    text = f"{request.method} {request.path} {json.dumps(payload, sort_keys=True)}"
    return hashlib.sha256(text.encode()).hexdigest()


def _idempotency_key() -> str | None:
    key = request.headers.get("Idempotency-Key")
    if key is not None and not (1 <= len(key) <= 200 and key.isprintable()):
        raise InvalidPlayError(Problem("Idempotency-Key", "invalid_header",
                                       t("an Idempotency-Key is 1-200 printable characters")))
    return key


def _entered(writer: Writer | None, game_id: str, token: str) -> Writer:
    """The game's writer, once the game is found and the token is its own."""
    if writer is None:
        raise ApiError(404, t('no game is called "{id}"', id=game_id))
    if not token_matches(token, writer.game.token_hash):
        raise ApiError(401, t("The token does not match this game."),
                       headers={"WWW-Authenticate": 'Bearer realm="referee", error="invalid_token"'})
    return writer


def _answered(writer: Writer, key: str | None, fingerprint: str) -> Response | None:
    """The answer already given to this Idempotency-Key, as it was sent; None for a new one."""
    seen = writer.remembered(key) if key is not None else None
    if seen is None:
        return None
    if seen.fingerprint != fingerprint:
        raise ApiError(409, t("This Idempotency-Key was used for a different request."))
    # the ETag of the game as this body shows it: the current one would let the client
    # overwrite writes made since, which it has never seen
    response = jsonify(json.loads(seen.body))
    response.status_code = seen.status
    if seen.etag is not None:
        response.set_etag(seen.etag)
    return response


def write(game_id: str, make: Callable[[Ruleset, Sheet], Record]) -> Response:
    """One write: token, If-Match, Idempotency-Key, then the record, all in one locked transaction."""
    token = _token()
    key = _idempotency_key()
    fingerprint = _fingerprint() if key is not None else ""
    with store().writing(game_id) as found:
        writer = _entered(found, game_id, token)
        game = writer.game
        again = _answered(writer, key, fingerprint)
        if again is not None:
            return again
        if request.if_match and not request.if_match.contains(_etag(game)) and not request.if_match.star_tag:
            raise ApiError(412, t("The game has changed since you read it (stale If-Match); read it again."))
        ruleset = _pinned(game)
        sheet = _sheet(game, writer.ledger)
        record = make(ruleset, sheet)
        if record.get("type") in UNDO_TYPES:
            check_undo(writer.ledger, record)
            writer.append(record)
            sheet = _sheet(game, writer.ledger)
        else:
            sheet.apply(record)
            writer.append(record)
        body = _body(game, sheet)
        if key is not None:
            writer.remember(key, fingerprint, 200, json.dumps(body), _etag(game))
    return _respond(game, body)


@blp.route("/<string:game_id>/rematch", methods=["POST"])
@blp.response(201, gameschemas.GameCreated, headers=ETAG | {
    "Location": {"description": "The new game's address.", "schema": {"type": "string"}}})
@answers(blp, (401, "No token, or not this game's."), (404, "No such game, or its ruleset is gone."),
         (409, "The game's rematch has started already: the game names it (`rematch`)."), 400, 408, 413, 415, 422)
def rematch(game_id: str) -> Response:
    """The table goes on to a new game: the same players (and teams) and ruleset, the first deal to
    the seat the game names (`next_dealer`). The game names it from now on (`rematch`), so that
    every phone following it can follow the new one; its token, shown this once, is in the answer.
    With the same Idempotency-Key, the same answer again."""
    token = _token()
    key = _idempotency_key()
    fingerprint = _fingerprint() if key is not None else ""
    with store().writing(game_id) as found:
        writer = _entered(found, game_id, token)
        again = _answered(writer, key, fingerprint)
        if again is not None:
            return again
        old = writer.game
        sheet = _sheet(old, writer.ledger)
        ruleset = catalog().get(old.ruleset_id)
        fresh = start(ruleset, old.players, None, sheet.next_dealer, old.teams)
        token = new_token()
        new_id = writer.start_game(NewGame(ruleset.id, ruleset.document(), old.players, {}, token,
                                           sheet.next_dealer, old.teams))
        record = {"type": "rematch", "game": new_id}
        sheet.apply(record)  # a game with a rematch already refuses it: the transaction, the new game too, undone
        writer.append(record)
        game = GameRow(new_id, ruleset.id, {}, old.players, {}, "", 0, sheet.next_dealer, old.teams)
        body = _body(game, fresh) | {"token": token}
        if key is not None:
            writer.remember(key, fingerprint, 201, json.dumps(body), _etag(game))
    return _started(game, body)


def _started(game: GameRow, body: dict[str, Any]) -> Response:
    """A new game's answer: 201, its ETag and its address."""
    response = _respond(game, body, 201)
    response.headers["Location"] = url_for("games.Game", game_id=game.id)
    return response


@blp.route("")
class Games(MethodView):
    @blp.arguments(gameschemas.GameCreate())
    @blp.response(201, gameschemas.GameCreated, headers=ETAG | {
        "Location": {"description": "The game's address.", "schema": {"type": "string"}}})
    @answers(blp, (404, "Unknown ruleset."), 400, 408, 413, 415,
             (422, "Wrong number of players, bad names, scores, dealer or teams."))
    def post(self, args: dict[str, Any]) -> Response:
        """Start a game. The answer holds the game's token, shown this once. Where the ruleset has
        teams, `teams` names each team's players."""
        try:
            ruleset = catalog().get(args["ruleset"])
        except UnknownRulesetError as exc:
            raise UnknownRulesetError([Problem("ruleset", p.code, p.message) for p in exc.problems]) from None
        sheet = start(ruleset, args["players"], args["scores"], args["dealer"], args["teams"])
        token = new_token()
        game_id = store().create_game(ruleset.id, ruleset.document(), args["players"], args["scores"], token,
                                      args["dealer"], args["teams"])
        game = GameRow(game_id, ruleset.id, {}, args["players"], args["scores"], "", 0, args["dealer"],
                       args["teams"])
        return _started(game, _body(game, sheet) | {"token": token})


CSV = "text/csv"


def _wants_csv() -> bool:
    """Whether the request's Accept prefers the CSV sheet to JSON (`*/*` gets JSON)."""
    return request.accept_mimetypes.best_match(["application/json", CSV]) == CSV


@blp.route("/<string:game_id>")
class Game(MethodView):
    @blp.response(200, gameschemas.Game, headers=ETAG)
    @blp.alt_response(200, schema={"type": "string", "example": "Round,A,B,C\r\n1,0,12,30\r\nTotal,0,12,30\r\n"},
                      content_type=CSV, success=True, headers=ETAG, description=(
                          "The game; with `Accept: text/csv`, the score sheet, a header row of players, one row a round "
                          "(each player's points; a layout game's layout sizes), a last row of totals; a team "
                          "game adds a column a team, headed `ann + cy`: its points each round and its score. A "
                          "name a spreadsheet would run as a formula starts with `'`."))
    @blp.alt_response(304, description="Unchanged since the ETag given in If-None-Match.", headers=ETAG)
    @answers(blp, (404, "No such game."))
    @blp.doc(parameters=[IF_NONE_MATCH])
    def get(self, game_id: str) -> Response:
        """The game's standings, with an ETag for If-Match (and If-None-Match: 304); as CSV with
        `Accept: text/csv`."""
        found = store().read_game(game_id)
        if found is None:
            raise ApiError(404, t('no game is called "{id}"', id=game_id))
        game, ledger = found
        csv = _wants_csv()
        etag = f"{_etag(game)}.csv" if csv else _etag(game)
        if request.if_none_match.contains(etag):
            response = Response(status=304)
            response.set_etag(etag)
        elif csv:
            sheet = _sheet(game, ledger)
            response = Response(sheet_csv(_body(game, sheet), sheet.ruleset.layout is not None),
                                content_type=f"{CSV}; charset=utf-8")
            response.headers["Content-Disposition"] = f'attachment; filename="{game.ruleset_id}-{game.id}.csv"'
            response.set_etag(etag)
        else:
            response = _respond(game, _body(game, _sheet(game, ledger)))
        response.vary.add("Accept")
        return response


LAST_EVENT_ID = {"in": "header", "name": "Last-Event-ID", "required": False, "schema": {"type": "string"},
                 "description": "The id of the last event read (an ETag): no first event while the game is so."}
EVENT = {"type": "object", "required": ["event", "id", "data"], "description": "One event of the stream.", "properties": {
    "event": {"type": "string", "enum": ["game"]},
    "id": {"type": "string", "description": "The game's ETag, as the ETag header gives it.", "example": '"0c1f.3"'},
    "data": {"type": "string", "description": "The game as JSON, as `GET /v1/games/{id}` answers it."}}}


@blp.route("/<string:game_id>/events", methods=["GET"])
@blp.response(200, EVENT, content_type="text/event-stream", description=(
    "A server-sent event stream: an event `game` (id the game's ETag, data the game as `GET /v1/games/{id}` "
    "answers it) now, then one for every change, within a second of the write; writes faster than a client "
    "reads may be merged. A comment line `: keep-alive` comes at least every 15 s."))
@answers(blp, (404, "No such game (problem JSON, not a stream)."))
@blp.doc(parameters=[LAST_EVENT_ID])
def follow_game(game_id: str) -> Response:
    """Follow the game live; no token needed.

    `referee serve` streams it from its event loop (`api.live`). The app alone, as under a test
    client, answers the first event and ends the stream (no event when `Last-Event-ID` is the
    game's ETag), so that a client reconnects and asks again."""
    found = store().read_game(game_id)
    if found is None:
        raise ApiError(404, t('no game is called "{id}"', id=game_id))
    game, ledger = found
    etag = f'"{_etag(game)}"'  # as the ETag header quotes it
    text = "" if request.headers.get("Last-Event-ID") == etag else event(etag, jsonify(_body(game, _sheet(game, ledger))).get_data()).decode()
    response = Response(text, content_type="text/event-stream; charset=utf-8")
    response.headers["Cache-Control"] = "no-store"
    return response


def _write_doc(*statuses: int | tuple[int, str]) -> Callable[[Callable[..., Response]], Callable[..., Response]]:
    """The answers every write may give besides its own (token, game, state, If-Match), its
    token and headers."""
    def decorate(view: Callable[..., Response]) -> Callable[..., Response]:
        view = answers(blp, 401, (404, "No such game."), 409, 412, *statuses)(view)
        return blp.doc(security=AUTH, parameters=WRITE_HEADERS)(view)  # type: ignore[no-any-return]
    return decorate


@blp.route("/<string:game_id>/rounds", methods=["POST"])
@blp.arguments(RoundWrite())
@blp.response(200, gameschemas.Game, headers=ETAG)
@_write_doc(400, 408, 413, 415,
            (422, "A player, card or field the round cannot have, or a bad Idempotency-Key; nothing is stored."))
def add_round(args: dict[str, Any], game_id: str) -> Response:
    """Enter a round: hands (scored here), counts (games with bonuses: each player's canastas, red
    threes, melded and hand points, scored here) or points; layout games name the winner; where
    each player holds a phase (Phase 10), `phases_made` names who made theirs. A Mahjong hand is
    a win (han and fu, yakuman, faan, or its tiles, scored here), wins off one discard, or a drawn
    hand, with the riichi declared (mahjong.md)."""
    def make(ruleset: Ruleset, sheet: Sheet) -> Record:
        if sheet.status != "in_progress":
            raise GameStateError(Problem("", "game_finished", t("This game is finished; it takes no more rounds.")))
        if ruleset.mahjong is not None and sheet.table is not None:
            names = [p.name for p in sheet.players]
            return hand_record(ruleset, args, seat_winds(ruleset.mahjong, names, sheet.table),
                               round_wind(ruleset.mahjong, sheet.table))
        return round_record(ruleset, args, len(sheet.players), sheet.round, sheet.teams)
    return write(game_id, make)


@blp.route("/<string:game_id>/buys", methods=["POST"])
@blp.arguments(gameschemas.PlayerWrite())
@blp.response(200, gameschemas.Game, headers=ETAG)
@_write_doc(400, 408, 413, 415, (422, ("A player the game does not have, a game without buys, or a bad "
                                      "Idempotency-Key.")))
def add_buy(args: dict[str, Any], game_id: str) -> Response:
    """A player buys the passed discard (409 when they have no buys left)."""
    return write(game_id, lambda _r, _s: {"type": "buy", "player": args["player"]})


@blp.route("/<string:game_id>/buy-backs", methods=["POST"])
@blp.arguments(gameschemas.PlayerWrite())
@blp.response(200, gameschemas.Game, headers=ETAG)
@_write_doc(400, 408, 413, 415, (422, ("A player the game does not have or who is not out, a game without "
                                      "buy-backs, or a bad Idempotency-Key.")))
def add_buy_back(args: dict[str, Any], game_id: str) -> Response:
    """An eliminated player rejoins at the highest score among those still in."""
    return write(game_id, lambda _r, _s: {"type": "buy_back", "player": args["player"]})


@blp.route("/<string:game_id>/rounds/last", methods=["DELETE"])
@blp.response(200, gameschemas.Game, headers=ETAG)
@_write_doc((422, "A bad Idempotency-Key."))
def undo_round(game_id: str) -> Response:
    """Undo the last round, and any buy or buy-back entered after it (409 with no round)."""
    return write(game_id, lambda _r, _s: {"type": "undo"})


@blp.route("/<string:game_id>/finish", methods=["POST"])
@blp.response(200, gameschemas.Game, headers=ETAG)
@_write_doc((422, "A bad Idempotency-Key."))
def finish_game(game_id: str) -> Response:
    """End the game now (a game played for a fixed time): the winner as at a normal end, the
    smallest layout in layout games, the most phases made and then the lowest score where each
    player holds a phase; ties share (409 when it is already finished)."""
    return write(game_id, lambda _r, _s: {"type": "finish"})


@blp.route("/<string:game_id>/entries/last", methods=["DELETE"])
@blp.response(200, gameschemas.Game, headers=ETAG)
@_write_doc((422, "A bad Idempotency-Key."))
def undo_entry(game_id: str) -> Response:
    """Undo the last entry only: a round, a buy or a buy-back (409 with none left)."""
    return write(game_id, lambda _r, _s: {"type": "undo_entry"})
