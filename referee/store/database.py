"""Opening a database by URL: a SQLite file by default, PostgreSQL (or any SQLAlchemy URL) by choice."""

from __future__ import annotations

from typing import Any

from sqlalchemy import event
from sqlalchemy.engine import Engine
from sqlmodel import SQLModel, create_engine

from referee.store import models  # noqa: F401  (registers the tables)


def open_engine(url: str) -> Engine:
    """An engine for ``url``; SQLite connections take the write lock when a transaction begins."""
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"timeout": 30})
        event.listen(engine, "connect", _sqlite_connect)
        event.listen(engine, "begin", _sqlite_begin)
        return engine
    return create_engine(url, pool_pre_ping=True)


def _sqlite_connect(connection: Any, _record: Any) -> None:
    connection.isolation_level = None  # let the "begin" hook issue BEGIN itself
    connection.execute("PRAGMA journal_mode=WAL")
    connection.execute("PRAGMA foreign_keys=ON")


def _sqlite_begin(connection: Any) -> None:
    connection.exec_driver_sql("BEGIN IMMEDIATE")


def create_tables(engine: Engine) -> None:
    """Creates every table that does not exist yet."""
    SQLModel.metadata.create_all(engine)
