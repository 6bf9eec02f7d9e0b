"""Shared fixtures: a database URL for each supported engine (a SQLite file and real PostgreSQL)."""

from __future__ import annotations

import os
import shutil
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine, make_url
from sqlalchemy.exc import OperationalError

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


@pytest.fixture(scope="session")
def migrated_sqlite(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An empty SQLite database brought to the newest revision once per process (``upgrade``), closed,
    for each test to copy: the migrations themselves are tested on their own (``test_migrations``)."""
    from referee.store.database import upgrade

    path = tmp_path_factory.mktemp("migrated") / "referee.db"
    engine = create_engine(f"sqlite:///{path}")
    upgrade(engine)
    with engine.connect() as connection:
        connection.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
    engine.dispose()
    return path


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


@pytest.fixture
def postgres_url(empty_postgres_url: str) -> str:
    """A fresh schema on the real PostgreSQL server with the referee's tables, at the newest revision and
    empty: made from the models in one go, which is half the cost of running every migration; that
    the models and the migrations make the same tables is tested on its own (``test_migrations``)."""
    from sqlmodel import SQLModel

    from referee.store import models  # noqa: F401  (the tables the models declare)
    from referee.store.status import HEAD

    engine = create_engine(empty_postgres_url)
    with engine.begin() as connection:
        SQLModel.metadata.create_all(connection)
        connection.exec_driver_sql(
            "CREATE TABLE alembic_version (version_num VARCHAR(32) NOT NULL PRIMARY KEY)"
        )
        connection.exec_driver_sql(f"INSERT INTO alembic_version VALUES ('{HEAD}')")
    engine.dispose()
    return empty_postgres_url


@pytest.fixture(params=["sqlite", "postgres"])
def database_url(request: pytest.FixtureRequest) -> str:
    """Each test using this runs once on SQLite and once on PostgreSQL."""
    return str(request.getfixturevalue(f"{request.param}_url"))


@pytest.fixture(params=["sqlite", "postgres"])
def empty_database_url(request: pytest.FixtureRequest) -> str:
    """An empty database on each engine, with no table yet: for the tests of the migrations."""
    return str(request.getfixturevalue(f"empty_{request.param}_url"))
