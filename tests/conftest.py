"""Shared fixtures: a database URL for each supported engine (a SQLite file and real PostgreSQL)."""

from __future__ import annotations

import os
import shutil
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings
from sqlalchemy import create_engine, make_url
from sqlalchemy.exc import DBAPIError, OperationalError
from sqlite_helpers import migrated_template

settings.register_profile("untimed", deadline=None)
settings.load_profile("untimed")
"""Random-input tests assert what is read and written, never how fast: no example fails for taking longer
than Hypothesis's default 200 ms, which a loaded machine exceeds (speed is the benchmarks' to measure)."""

POSTGRES = os.environ.get("REFEREE_TEST_POSTGRES", "postgresql+psycopg://postgres@127.0.0.1:5432/test")
"""The PostgreSQL server the tests use; each test gets a schema of its own there."""


def pytest_sessionstart(session: pytest.Session) -> None:
    """Makes the tests' database on the PostgreSQL server once, before any test runs; a server that does
    not answer ends the run with one message saying what to do, not an error in every PostgreSQL test."""
    if hasattr(session.config, "workerinput"):  # an xdist worker: the controller has done it
        return
    url = make_url(POSTGRES)
    server = create_engine(url.set(database="postgres"), isolation_level="AUTOCOMMIT")
    try:
        with server.connect() as connection:
            known = connection.exec_driver_sql(
                "SELECT 1 FROM pg_database WHERE datname = %(name)s", {"name": url.database}
            ).first()
            if known is None:
                connection.exec_driver_sql(f'CREATE DATABASE "{url.database}"')
    except OperationalError as error:
        reason = str(error.orig).strip().splitlines()[0] if error.orig else str(error)
        pytest.exit(
            f"PostgreSQL at {url.host}:{url.port} does not let the user {url.username} in ({reason}).\n"
            "Run `bash .ci/run` as root (it installs and starts PostgreSQL and trusts that user on the "
            "loopback address), or set REFEREE_TEST_POSTGRES to another server's URL.",
            returncode=3,
        )
    finally:
        server.dispose()


@pytest.fixture(scope="session", autouse=True)
def _quick_account_hashes() -> None:
    """The web accounts' passwords hashed by argon2 at its lightest in the tests' own process: at the
    library's defaults (what every real ``referee`` process uses, the fresh ones the tests start too) a
    hash takes a sixth of a second, and the tests make and sign in to hundreds of accounts. A hash names
    its own parameters, so the two kinds verify alike."""
    from argon2 import PasswordHasher

    from referee.app import accounts

    accounts._HASHER = PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1)


@pytest.fixture(scope="session")
def migrated_sqlite() -> Path:
    """An empty SQLite database at the newest revision, made once per process, for each test to copy."""
    return migrated_template()


@pytest.fixture
def empty_sqlite_url(tmp_path: Path) -> str:
    """A SQLite database file that does not exist yet: what the first command makes."""
    return f"sqlite:///{tmp_path / 'referee.db'}"


@pytest.fixture
def sqlite_url(tmp_path: Path, migrated_sqlite: Path) -> str:
    """A fresh SQLite database file, at the newest revision and empty."""
    shutil.copyfile(migrated_sqlite, tmp_path / "referee.db")
    return f"sqlite:///{tmp_path / 'referee.db'}"


@pytest.fixture
def empty_postgres_url() -> Iterator[str]:
    """A fresh, empty schema on the real PostgreSQL server, dropped afterwards."""
    schema = f"t_{uuid.uuid4().hex[:16]}"
    admin = create_engine(POSTGRES)
    with admin.begin() as connection:
        connection.exec_driver_sql(f'CREATE SCHEMA "{schema}"')
    try:
        yield f"{POSTGRES}?options=-csearch_path%3D{schema}"
    finally:
        with admin.begin() as connection:
            connection.exec_driver_sql(f'DROP SCHEMA "{schema}" CASCADE')
        admin.dispose()


class _ReusedSchema:
    """One schema on the PostgreSQL server with the referee's tables, kept for a whole test process and
    emptied between its tests: making the tables costs a quarter of a second a test, emptying them a
    hundredth. A schema that cannot be emptied at once (a table gone or changed, or held by a connection
    left in a transaction) is dropped and a new one made in its place."""

    def __init__(self) -> None:
        self.admin = create_engine(POSTGRES, isolation_level="AUTOCOMMIT")
        self.schema: str | None = None

    def ready(self) -> str:
        """The schema, empty and at the newest revision."""
        if self.schema is None or not self._emptied(self.schema):
            self.drop()
            self.schema = self._made()
        return self.schema

    def _made(self) -> str:
        """A new schema with the tables the models declare, at the newest revision: made from the models
        in one go, which is half the cost of running every migration; that the models and the migrations
        make the same tables is tested on its own (``test_migrations``)."""
        from sqlmodel import SQLModel

        from referee.store import models  # noqa: F401  (the tables the models declare)

        schema = f"t_{uuid.uuid4().hex[:16]}"
        with self.admin.connect() as connection:
            connection.exec_driver_sql(f'CREATE SCHEMA "{schema}"')
            connection.exec_driver_sql(f'SET search_path TO "{schema}"')
            SQLModel.metadata.create_all(connection)
            connection.exec_driver_sql(
                "CREATE TABLE alembic_version (version_num VARCHAR(32) NOT NULL PRIMARY KEY)"
            )
            connection.exec_driver_sql(f"INSERT INTO alembic_version VALUES ('{_head()}')")
        return schema

    def _emptied(self, schema: str) -> bool:
        """Empties ``schema``'s tables (a few rows each: deleting them is quicker than truncating) and
        restarts their numbering, as if it were new; False if it cannot be done within a second or its
        tables are not the models' any more (one dropped or added)."""
        from sqlmodel import SQLModel

        from referee.store import models  # noqa: F401  (the tables the models declare)

        wanted = {*SQLModel.metadata.tables, "alembic_version"}
        try:
            with self.admin.begin() as connection:
                connection.exec_driver_sql("SET LOCAL lock_timeout = '1s'")
                tables = connection.exec_driver_sql(
                    "SELECT tablename FROM pg_tables WHERE schemaname = %(schema)s", {"schema": schema}
                ).scalars()
                if set(tables) != wanted:
                    return False
                connection.exec_driver_sql(
                    "; ".join(
                        f'DELETE FROM "{schema}"."{table}"'
                        for table in [*reversed(SQLModel.metadata.sorted_tables), "alembic_version"]
                    )
                )
                connection.exec_driver_sql(
                    "SELECT setval(format('%%I.%%I', schemaname, sequencename), 1, false)"
                    " FROM pg_sequences WHERE schemaname = %(schema)s",
                    {"schema": schema},
                )
                connection.exec_driver_sql(f"INSERT INTO \"{schema}\".alembic_version VALUES ('{_head()}')")
        except DBAPIError:
            return False
        return True

    def drop(self) -> None:
        """Drops the schema, if any."""
        if self.schema is not None:
            with self.admin.connect() as connection:
                connection.exec_driver_sql(f'DROP SCHEMA IF EXISTS "{self.schema}" CASCADE')
            self.schema = None


def _head() -> str:
    from referee.store.status import HEAD

    return HEAD


@pytest.fixture(scope="session")
def _reused_schema() -> Iterator[_ReusedSchema]:
    reused = _ReusedSchema()
    try:
        yield reused
    finally:
        reused.drop()
        reused.admin.dispose()


@pytest.fixture
def postgres_url(_reused_schema: _ReusedSchema) -> str:
    """A schema on the real PostgreSQL server with the referee's tables, at the newest revision and
    empty (``_ReusedSchema``: made once a process, emptied for each test)."""
    return f"{POSTGRES}?options=-csearch_path%3D{_reused_schema.ready()}"


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "sqlite_only: the module's tests run on SQLite alone unless marked both_engines (what they check "
        "is the referee's, not the database's: the store's, the boundary's and the outbox's own tests hold "
        "it on PostgreSQL)",
    )
    config.addinivalue_line("markers", "both_engines: run on PostgreSQL too in a sqlite_only module")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Leaves out the PostgreSQL run of a test of a ``sqlite_only`` module not marked ``both_engines``
    (reported as deselected)."""
    left_out = [
        item
        for item in items
        if item.get_closest_marker("sqlite_only") is not None
        and item.get_closest_marker("both_engines") is None
        and "postgres" in getattr(getattr(item, "callspec", None), "params", {}).values()
    ]
    if left_out:
        config.hook.pytest_deselected(items=left_out)
        dropped = set(map(id, left_out))
        items[:] = [item for item in items if id(item) not in dropped]


@pytest.fixture(params=["sqlite", "postgres"])
def database_url(request: pytest.FixtureRequest) -> str:
    """Each test using this runs once on SQLite and once on PostgreSQL."""
    return str(request.getfixturevalue(f"{request.param}_url"))


@pytest.fixture(params=["sqlite", "postgres"])
def empty_database_url(request: pytest.FixtureRequest) -> str:
    """An empty database on each engine, with no table yet: for the tests of the migrations."""
    return str(request.getfixturevalue(f"empty_{request.param}_url"))
