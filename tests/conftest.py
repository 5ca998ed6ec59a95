from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import settings

# The machines are noisy: a slow example is not a failure (speed is measured in bench/).
# Local runs explore new examples each time; CI replays the same ones, so that its verdict is
# about the change, not the draw.
settings.register_profile("referee", deadline=None)
settings.register_profile("ci", deadline=None, derandomize=True)
settings.load_profile("ci" if os.environ.get("CI", "").lower() == "true" else "referee")

from referee.loading.loader import Library, default_library
from referee.rules.ruleset import Ruleset
from referee.values.cards import Card, parse_cards
from referee.values.i18n import SOURCE, language

CASES = Path(__file__).parent / "cases"


@pytest.fixture(autouse=True)
def _english_after() -> Any:
    """A request with `?lang=` in the test client speaks its language in the test's own context:
    every test starts, and leaves, in English."""
    with language(SOURCE):
        yield


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text.split())


# libyaml's parser where PyYAML was built with it: the same tables, read about ten times faster
# (every worker reads them all while collecting).
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def read_yaml(path: Path) -> Any:
    """A YAML file of the tests' own (a case table), read safely."""
    return yaml.load(path.read_text(encoding="utf-8"), Loader=_LOADER)


def load_cases(name: str) -> list[Any]:
    """Acceptance cases from a YAML table, each a pytest param named by its description."""
    rows = read_yaml(CASES / name)
    return [pytest.param(row, id=row["description"]) for row in rows]


TEST_VARIANTS = [
    "format: 1\nid: ten-pennies-exact-test\nextends: ten-pennies\nname: Exact\nfamily: rummy\n"
    "first_meld: {exact: true}\nrounds:\n" + "".join(f'  "{n}": {{first_meld: {{exact: true}}}}\n' for n in range(1, 8)),
]


@pytest.fixture(scope="session")
def library() -> Library:
    """The shipped rulesets plus variants that exist only for tests."""
    lib = default_library().copy()
    for text in TEST_VARIANTS:
        lib.add(lib.load(text))
    return lib


@pytest.fixture(scope="session")
def tp(library: Library) -> Ruleset:
    return library.get("ten-pennies")


@pytest.fixture(scope="session")
def bing(library: Library) -> Ruleset:
    return library.get("bing-rummy")


@pytest.fixture(scope="session")
def garbage(library: Library) -> Ruleset:
    return library.get("garbage")


# ---------------------------------------------------------------- the service and its databases

import secrets
from collections.abc import Iterator

from tests.browser import browser, live_server, page_factory, shared_server  # noqa: F401  (the browser tests' fixtures, defined once)
from tests.phases import (  # noqa: F401  (the run's two phases: tests/phases.py)
    pytest_collection_modifyitems,
    pytest_configure_node,
    pytest_unconfigure,
    pytest_xdist_auto_num_workers,
    pytest_xdist_make_scheduler,
)

PG_BASE = os.environ.get("REFEREE_TEST_POSTGRES", "postgresql://postgres@127.0.0.1:5432/test")


def _postgres_required() -> bool:
    return os.environ.get("CI", "").lower() == "true" or os.environ.get("REFEREE_REQUIRE_POSTGRES") == "1"


def postgres_schema_url() -> Iterator[str]:
    """A PostgreSQL URL whose tables live in a fresh schema, dropped afterwards."""
    import sqlalchemy as sa

    from api.storage import normalise_url

    engine = sa.create_engine(normalise_url(PG_BASE))
    try:
        with engine.begin() as conn:
            schema = f"referee_test_{secrets.token_hex(4)}"
            conn.exec_driver_sql(f"CREATE SCHEMA {schema}")
    except sa.exc.OperationalError as exc:
        engine.dispose()
        if _postgres_required():
            pytest.fail(f"PostgreSQL at {PG_BASE} is unreachable and CI needs it: {exc}")
        pytest.skip(f"PostgreSQL at {PG_BASE} is not reachable on this machine")
    try:
        yield f"{PG_BASE}?options=-csearch_path%3D{schema}"
    finally:
        with engine.begin() as conn:
            conn.exec_driver_sql(f"DROP SCHEMA {schema} CASCADE")
        engine.dispose()


@pytest.fixture(params=["sqlite", "postgres"])
def empty_database_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A database without a table: a new SQLite file, or a new PostgreSQL schema (dropped
    after), for the migrations themselves and servers that make their tables at start."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'referee.db'}"
    else:
        yield from postgres_schema_url()


@pytest.fixture(scope="session")
def postgres_tables() -> Iterator[tuple[str, str]]:
    """This process's PostgreSQL schema, brought to the newest migration once: its URL, and the
    statement that empties its tables (making and migrating a schema took 85 ms a test, emptying
    one takes 10 ms)."""
    import sqlalchemy as sa

    from api.storage import Store

    for url in postgres_schema_url():
        store = Store(url)
        store.migrate()
        with store.engine.connect() as conn:
            tables = [t for t in sa.inspect(conn).get_table_names() if t != "alembic_version"]
        store.engine.dispose()
        # A lock still held by a test's connection is an error, not a wait.
        yield url, f"SET LOCAL lock_timeout = '10s'; TRUNCATE {', '.join(tables)} RESTART IDENTITY CASCADE"


@pytest.fixture(params=["sqlite", "postgres"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A database at the newest migration with nothing stored: a new SQLite file, or this
    process's PostgreSQL schema emptied."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'referee.db'}"
    import sqlalchemy as sa

    from api.storage import normalise_url

    url, empty = request.getfixturevalue("postgres_tables")
    engine = sa.create_engine(normalise_url(url), poolclass=sa.pool.NullPool)
    with engine.begin() as conn:
        conn.exec_driver_sql(empty)
    engine.dispose()
    return url


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'referee.db'}"


@pytest.fixture(scope="session")
def kept_apps() -> dict[str, Any]:
    """This process's app for each database kind, made once (building its OpenAPI document
    took a tenth of a second a test)."""
    return {}


@pytest.fixture
def app(database_url: str, kept_apps: dict[str, Any]) -> Any:
    """The service's app on a database of its own: the process's app of this kind, pointed at
    a new database (`api.use_database`: a new store and catalog, all it holds of its data)."""
    from api import create_app, use_database

    kind = database_url.split(":", 1)[0]
    if kind in kept_apps:
        use_database(kept_apps[kind], database_url)
    else:
        kept_apps[kind] = create_app({"TESTING": True, "DATABASE_URL": database_url})
    application = kept_apps[kind]
    yield application
    application.extensions["referee.store"].engine.dispose()


@pytest.fixture
def client(app: Any) -> Any:
    return app.test_client()


@pytest.fixture(scope="module")
def quick_client(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """A client on SQLite only, for stateless paths that never touch stored games."""
    from api import create_app

    db = tmp_path_factory.mktemp("db") / "referee.db"
    application = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{db}"})
    yield application.test_client()
    application.extensions["referee.store"].engine.dispose()
