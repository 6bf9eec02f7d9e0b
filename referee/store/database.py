"""Opening a database by URL: a SQLite file by default, PostgreSQL (or any SQLAlchemy URL) by choice."""

from __future__ import annotations

from typing import Any

from sqlalchemy import Column, event, inspect, text
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
    """Creates every table that does not exist yet, and adds the columns a newer version added.

    An added column must allow NULL or have a default (then old rows take it): that is
    how the referee's tables grow. Anything else needs a fresh database.
    """
    SQLModel.metadata.create_all(engine)
    with engine.begin() as connection:
        found = inspect(connection)
        for table in SQLModel.metadata.sorted_tables:
            present = {column["name"] for column in found.get_columns(table.name)}
            for column in table.columns:
                if column.name not in present:
                    connection.execute(text(_add_column(engine, table.name, column)))


def _add_column(engine: Engine, table: str, column: Column[Any]) -> str:
    """The ALTER TABLE statement adding ``column`` to ``table``, with its default for old rows."""
    kind = column.type.compile(dialect=engine.dialect)
    default = column.default.arg if column.default is not None and not callable(column.default.arg) else None
    if default is None and not column.nullable:
        raise RuntimeError(f"column {table}.{column.name} cannot be added to old rows; use a fresh database")
    fill = f" DEFAULT {_literal(default)}" if default is not None else ""
    return f'ALTER TABLE "{table}" ADD COLUMN "{column.name}" {kind}{fill}'


def _literal(value: Any) -> str:
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, int | float):
        return str(value)
    return "'" + str(value).replace("'", "''") + "'"
