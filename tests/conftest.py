"""Shared fixtures: a database URL for each supported engine (a SQLite file and real PostgreSQL)."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine

POSTGRES = os.environ.get("REFEREE_TEST_POSTGRES", "postgresql+psycopg://postgres@127.0.0.1:5432/test")
"""The PostgreSQL server the tests use; each test gets a schema of its own there."""


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    """A fresh SQLite database file."""
    return f"sqlite:///{tmp_path / 'referee.db'}"


@pytest.fixture
def postgres_url() -> Iterator[str]:
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


@pytest.fixture(params=["sqlite", "postgres"])
def database_url(request: pytest.FixtureRequest) -> str:
    """Each test using this runs once on SQLite and once on PostgreSQL."""
    return str(request.getfixturevalue(f"{request.param}_url"))
