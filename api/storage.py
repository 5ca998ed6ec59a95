"""Storage: SQLAlchemy 2 Core tables, migrations by Alembic, SQLite by default or PostgreSQL.

Writes to one game are serialised: a row lock (`SELECT ... FOR UPDATE`) on PostgreSQL and an
immediate transaction on SQLite (WAL, synchronous=FULL, so an answered write survives a
killed process). The primary key (game, seq) of the ledger makes a lost or doubled round
impossible even if a lock were missed.

On PostgreSQL every write to a game also sends `NOTIFY referee_games, '<game id>'` in its own
transaction (delivered once it commits): the processes following the game live listen on that
channel (`api.live`). SQLite has no such thing; there the followers ask `Store.seqs`.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from importlib import resources
from typing import Any

import sqlalchemy as sa
from sqlalchemy import event
from sqlalchemy.engine import Connection, Engine

metadata = sa.MetaData()
CHANGES_CHANNEL = "referee_games"  # PostgreSQL: a NOTIFY here, its payload the game's id, each write

rulesets = sa.Table(
    "rulesets", metadata,
    sa.Column("id", sa.String(64), primary_key=True),
    sa.Column("source", sa.Text, nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("token_hash", sa.String(64), nullable=True),  # null: stored before 0004, read-only
    sa.Column("revision", sa.Integer, nullable=True),  # replacements from 1; null: 1 (before 0004)
    sa.Column("extends", sa.String(64), nullable=True),  # the id of the ruleset it extends
)
games = sa.Table(
    "games", metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("ruleset_id", sa.String(64), nullable=False),
    sa.Column("ruleset_document", sa.Text, nullable=False),
    sa.Column("players", sa.Text, nullable=False),
    sa.Column("scores", sa.Text, nullable=False),
    sa.Column("token_hash", sa.String(64), nullable=False),
    sa.Column("seq", sa.Integer, nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("dealer", sa.Text, nullable=True),  # null: the first player (games made before 0002)
    sa.Column("teams", sa.Text, nullable=True),  # JSON: each team's players; null: a game without teams
)
records = sa.Table(
    "records", metadata,
    sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
    sa.Column("seq", sa.Integer, primary_key=True),
    sa.Column("record", sa.Text, nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
)
idempotency = sa.Table(
    "idempotency", metadata,
    sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
    sa.Column("key", sa.String(200), primary_key=True),
    sa.Column("fingerprint", sa.String(64), nullable=False),
    sa.Column("status", sa.Integer, nullable=False),
    sa.Column("body", sa.Text, nullable=False),
    sa.Column("etag", sa.String(80), nullable=True),  # the ETag of the game as `body` shows it
)


def normalise_url(url: str) -> str:
    """`postgresql://` means psycopg 3 here; a bare file path means SQLite."""
    if url.startswith(("postgresql://", "postgres://")):
        return "postgresql+psycopg://" + url.split("://", 1)[1]
    if "://" not in url:
        return f"sqlite:///{url}"
    return url


def make_engine(url: str) -> Engine:
    url = normalise_url(url)
    if url.startswith("sqlite"):
        engine = sa.create_engine(url, connect_args={"timeout": 30, "check_same_thread": False})

        @event.listens_for(engine, "connect")
        def _sqlite_connect(dbapi_connection: Any, _record: Any) -> None:
            dbapi_connection.isolation_level = None  # we issue BEGIN ourselves
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=FULL")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.execute("PRAGMA busy_timeout=30000")
            cursor.close()

        @event.listens_for(engine, "begin")
        def _sqlite_begin(conn: Connection) -> None:
            conn.exec_driver_sql("BEGIN IMMEDIATE")

        return engine
    return sa.create_engine(url, pool_pre_ping=True)


def migrate(engine: Engine) -> None:
    """Bring the schema to the newest migration; safe when several processes start at once."""
    from alembic import command
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(resources.files("api") / "migrations"))
    with engine.begin() as conn:
        if conn.dialect.name == "postgresql":
            conn.exec_driver_sql("SELECT pg_advisory_xact_lock(727274)")
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")


def can_be_stored(key: str) -> bool:
    """Whether a key could name a stored row: PostgreSQL text holds no NUL character (a query
    with one fails), so no stored id has one, on either database."""
    return "\x00" not in key


def now() -> datetime:
    return datetime.now(UTC)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def token_matches(token: str, stored_hash: str) -> bool:
    return hmac.compare_digest(hash_token(token), stored_hash)


def new_token() -> str:
    return secrets.token_urlsafe(32)


def new_game_id() -> str:
    return secrets.token_hex(8)


class StoreFull(Exception):
    """The store holds as many rulesets as it may."""


@dataclass
class RulesetRow:
    id: str
    source: str
    token_hash: str | None  # None: stored before tokens existed, read-only
    revision: int


@dataclass
class GameRow:
    id: str
    ruleset_id: str
    ruleset_document: dict[str, Any]
    players: list[str]
    scores: dict[str, int]
    token_hash: str
    seq: int
    dealer: str | None = None
    teams: list[list[str]] | None = None


@dataclass
class Remembered:
    """The first answer to a write made with an Idempotency-Key.

    `etag` is None for answers kept before migration 0002, which did not record it.
    """

    fingerprint: str
    status: int
    body: str
    etag: str | None


class Store:
    """The service's database: stored rulesets and the games' ledgers."""

    def __init__(self, url: str) -> None:
        self.engine = make_engine(url)

    def migrate(self) -> None:
        migrate(self.engine)

    def healthy(self) -> bool:
        try:
            with self.engine.connect() as conn:
                conn.exec_driver_sql("SELECT 1")
            return True
        except sa.exc.SQLAlchemyError:
            return False

    # -- rulesets
    def ruleset_ids(self) -> list[str]:
        with self.engine.connect() as conn:
            return list(conn.execute(sa.select(rulesets.c.id)).scalars())

    def ruleset_source(self, ruleset_id: str) -> str | None:
        row = self.ruleset_row(ruleset_id)
        return row.source if row is not None else None

    def ruleset_row(self, ruleset_id: str) -> RulesetRow | None:
        if not can_be_stored(ruleset_id):
            return None
        with self.engine.connect() as conn:
            row = conn.execute(sa.select(rulesets.c.id, rulesets.c.source, rulesets.c.token_hash,
                                         rulesets.c.revision).where(rulesets.c.id == ruleset_id)).first()
        return RulesetRow(row.id, row.source, row.token_hash, row.revision or 1) if row is not None else None

    def ruleset_revisions(self, ruleset_ids: list[str]) -> dict[str, int]:
        """Each stored ruleset of `ruleset_ids` with its revision (one missing is not stored)."""
        ids = [i for i in ruleset_ids if can_be_stored(i)]
        with self.engine.connect() as conn:
            rows = conn.execute(sa.select(rulesets.c.id, rulesets.c.revision).where(rulesets.c.id.in_(ids)))
            return {r.id: r.revision or 1 for r in rows}

    def ruleset_count(self) -> int:
        with self.engine.connect() as conn:
            return int(conn.execute(sa.select(sa.func.count()).select_from(rulesets)).scalar_one())

    def all_revisions(self) -> dict[str, int]:
        """Every stored ruleset's id with its revision, oldest first."""
        with self.engine.connect() as conn:
            rows = conn.execute(sa.select(rulesets.c.id, rulesets.c.revision).order_by(rulesets.c.created_at))
            return {r.id: r.revision or 1 for r in rows}

    def variants_of(self, ruleset_id: str) -> list[str]:
        """The stored rulesets that extend `ruleset_id`, oldest first."""
        with self.engine.connect() as conn:
            return list(conn.execute(sa.select(rulesets.c.id).where(rulesets.c.extends == ruleset_id)
                                     .order_by(rulesets.c.created_at)).scalars())

    def add_ruleset(self, ruleset_id: str, source: str, token_hash: str | None = None,
                    most: int | None = None, extends: str | None = None) -> bool:
        """Store a ruleset; False when the id is taken, `StoreFull` when `most` are stored."""
        try:
            with self.engine.begin() as conn:
                if most is not None:
                    if conn.dialect.name == "postgresql":  # two writers never both take the last place
                        conn.exec_driver_sql("LOCK TABLE rulesets IN SHARE ROW EXCLUSIVE MODE")
                    if conn.execute(sa.select(sa.func.count()).select_from(rulesets)).scalar_one() >= most:
                        raise StoreFull()
                conn.execute(rulesets.insert().values(id=ruleset_id, source=source, created_at=now(),
                                                      token_hash=token_hash, revision=1, extends=extends))
            return True
        except sa.exc.IntegrityError:
            return False

    def replace_ruleset(self, ruleset_id: str, source: str, revision: int, extends: str | None) -> bool:
        """Replace a stored ruleset read at `revision`; False when it has changed or gone since."""
        with self.engine.begin() as conn:
            done = conn.execute(rulesets.update().where(
                rulesets.c.id == ruleset_id, sa.func.coalesce(rulesets.c.revision, 1) == revision)
                .values(source=source, revision=revision + 1, extends=extends))
            return bool(done.rowcount)

    def delete_ruleset(self, ruleset_id: str) -> bool:
        with self.engine.begin() as conn:
            return bool(conn.execute(rulesets.delete().where(rulesets.c.id == ruleset_id)).rowcount)

    # -- games
    def create_game(self, ruleset_id: str, document: dict[str, Any], players: list[str],
                    scores: dict[str, int], token: str, dealer: str | None = None,
                    teams: list[list[str]] | None = None) -> str:
        with self.engine.begin() as conn:
            return _insert_game(conn, NewGame(ruleset_id, document, players, scores, token, dealer, teams))

    def read_game(self, game_id: str) -> tuple[GameRow, list[dict[str, Any]]] | None:
        if not can_be_stored(game_id):
            return None
        with self.engine.connect() as conn:
            return self._read(conn, game_id, lock=False)

    def _read(self, conn: Connection, game_id: str, lock: bool
              ) -> tuple[GameRow, list[dict[str, Any]]] | None:
        query = sa.select(games).where(games.c.id == game_id)
        if lock and conn.dialect.name == "postgresql":
            query = query.with_for_update()
        row = conn.execute(query).first()
        if row is None:
            return None
        ledger = conn.execute(sa.select(records.c.record).where(records.c.game_id == game_id)
                              .order_by(records.c.seq)).scalars().all()
        game = GameRow(row.id, row.ruleset_id, json.loads(row.ruleset_document), json.loads(row.players),
                       json.loads(row.scores), row.token_hash, row.seq, row.dealer,
                       None if row.teams is None else json.loads(row.teams))
        return game, [json.loads(r) for r in ledger]

    def seqs(self, game_ids: list[str]) -> dict[str, int]:
        """Each stored game's sequence (how many entries it has had), of those named: a cheap
        question a follower asks to learn that a game changed."""
        wanted = [game_id for game_id in game_ids if can_be_stored(game_id)]
        if not wanted:
            return {}
        with self.engine.connect() as conn:
            rows = conn.execute(sa.select(games.c.id, games.c.seq).where(games.c.id.in_(wanted)))
            return {row.id: row.seq for row in rows}

    @contextmanager
    def writing(self, game_id: str) -> Iterator[Writer | None]:
        """A transaction holding the game's write lock; commits when the block ends cleanly."""
        if not can_be_stored(game_id):
            yield None
            return
        with self.engine.begin() as conn:
            found = self._read(conn, game_id, lock=True)
            yield Writer(conn, *found) if found else None


@dataclass(frozen=True)
class NewGame:
    """A game to store: its ruleset (id and document as pinned), players, starting scores, the
    token (kept as its hash), the first dealer and the teams."""

    ruleset_id: str
    document: dict[str, Any]
    players: list[str]
    scores: dict[str, int]
    token: str
    dealer: str | None = None
    teams: list[list[str]] | None = None


def _insert_game(conn: Connection, new: NewGame) -> str:
    game_id = new_game_id()
    conn.execute(games.insert().values(
        id=game_id, ruleset_id=new.ruleset_id, ruleset_document=json.dumps(new.document),
        players=json.dumps(new.players), scores=json.dumps(new.scores), token_hash=hash_token(new.token),
        seq=0, created_at=now(), dealer=new.dealer, teams=None if new.teams is None else json.dumps(new.teams)))
    return game_id


class Writer:
    """One write to one game, inside its locked transaction."""

    def __init__(self, conn: Connection, game: GameRow, ledger: list[dict[str, Any]]) -> None:
        self.conn = conn
        self.game = game
        self.ledger = ledger

    def append(self, record: dict[str, Any]) -> int:
        seq = self.game.seq + 1
        self.conn.execute(records.insert().values(game_id=self.game.id, seq=seq,
                                                  record=json.dumps(record), created_at=now()))
        self.conn.execute(games.update().where(games.c.id == self.game.id).values(seq=seq))
        if self.conn.dialect.name == "postgresql":
            self.conn.execute(sa.select(sa.func.pg_notify(CHANGES_CHANNEL, self.game.id)))
        self.game.seq = seq
        self.ledger.append(record)
        return seq

    def start_game(self, new: NewGame) -> str:
        """A game started in this write's transaction (a rematch: stored with the record that names it)."""
        return _insert_game(self.conn, new)

    def remembered(self, key: str) -> Remembered | None:
        row = self.conn.execute(sa.select(idempotency).where(
            (idempotency.c.game_id == self.game.id) & (idempotency.c.key == key))).first()
        return Remembered(row.fingerprint, row.status, row.body, row.etag) if row else None

    def remember(self, key: str, fingerprint: str, status: int, body: str, etag: str) -> None:
        """Keep the answer to a write made with an Idempotency-Key, with the ETag it was sent with."""
        self.conn.execute(idempotency.insert().values(game_id=self.game.id, key=key, fingerprint=fingerprint,
                                                      status=status, body=body, etag=etag))
