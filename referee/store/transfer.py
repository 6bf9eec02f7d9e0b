"""Rows as plain data, to move a game or a whole referee: one game's rows out and in, and
every table copied from one database to another.

A row becomes a JSON-ready dict: times as ISO 8601 text, bytes as base64, JSON columns as
they are. Which columns a table has comes from the table itself, so tables added by later
migrations move without a change here.
"""

from __future__ import annotations

import base64
from collections.abc import Iterator
from datetime import datetime
from typing import Any

from sqlalchemy import Table, func, insert, select, text
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.types import TypeDecorator, TypeEngine
from sqlmodel import Session, SQLModel

from referee.store.unit import Unit

GAME_TABLES = ("games", "seats", "masters", "seat_holders", "clocks", "events", "resolutions",
               "submissions", "notices", "held", "audit")  # fmt: skip
"""The tables holding one game's rows, in an order that inserts them without breaking a key."""

BATCH = 1000
"""Rows read and written at once when a whole database is copied."""


def tables() -> list[Table]:
    """Every table of the referee, parents before children (alembic's own table not included)."""
    return list(SQLModel.metadata.sorted_tables)


def _table(name: str) -> Table:
    return SQLModel.metadata.tables[name]


def _game_tables() -> list[Table]:
    """The per-game tables that exist in this version (a name missing from the metadata is skipped)."""
    return [_table(name) for name in GAME_TABLES if name in SQLModel.metadata.tables]


def to_plain(table: Table, row: dict[str, Any]) -> dict[str, Any]:
    """``row`` of ``table`` with every value JSON-ready."""
    plain: dict[str, Any] = {}
    for column in table.columns:
        value = row.get(column.name)
        if isinstance(value, datetime):
            value = value.isoformat()
        elif isinstance(value, bytes | memoryview):
            value = base64.b64encode(bytes(value)).decode("ascii")
        plain[column.name] = value
    return plain


def from_plain(table: Table, plain: dict[str, Any]) -> dict[str, Any]:
    """The row of ``table`` that ``to_plain`` made ``plain`` from; unknown keys are refused."""
    unknown = set(plain) - {column.name for column in table.columns}
    if unknown:
        raise ValueError(f"table {table.name} has no column {sorted(unknown)[0]!r}")
    row: dict[str, Any] = {}
    for column in table.columns:
        if column.name not in plain:
            continue
        value, kind = plain[column.name], _python_type(column.type)
        if value is not None and kind is datetime:
            value = datetime.fromisoformat(value)
        elif value is not None and kind is bytes:
            value = base64.b64decode(value)
        row[column.name] = value
    return row


def _python_type(kind: TypeEngine[Any]) -> type | None:
    """The Python type of a column's values, or None for JSON and other open types."""
    if isinstance(kind, TypeDecorator):  # e.g. SQLModel's UTCDateTime over DATETIME
        kind = kind.impl_instance
    try:
        return kind.python_type
    except NotImplementedError:
        return None


def game_rows(session: Session, game_id: str) -> dict[str, list[dict[str, Any]]]:
    """Every row of ``game_id`` in every per-game table, as plain data, in insertion order."""
    out: dict[str, list[dict[str, Any]]] = {}
    for table in _game_tables():
        key = table.c.id if table.name == "games" else table.c.game_id
        order = [column for column in table.primary_key.columns]
        result = session.connection().execute(select(table).where(key == game_id).order_by(*order))
        out[table.name] = [to_plain(table, dict(row._mapping)) for row in result]
    return out


def game_exists(session: Session, game_id: str) -> bool:
    """Whether a game ``game_id`` is in the database."""
    games = _table("games")
    return session.connection().execute(select(games.c.id).where(games.c.id == game_id)).first() is not None


def add_game_rows(session: Unit, rows: dict[str, list[dict[str, Any]]]) -> int:
    """Inserts the rows ``game_rows`` gave (numbered ids are given afresh); the number inserted.

    Tables the data names but this version lacks are refused; tables it lacks are left empty.
    """
    known = {table.name for table in _game_tables()}
    if extra := sorted(set(rows) - known):
        raise ValueError(f"the file holds a table this referee does not know: {extra[0]}")
    count = 0
    for table in _game_tables():
        plain_rows = rows.get(table.name, [])
        if not plain_rows:
            continue
        numbered = _numbered_key(table)
        values = [from_plain(table, plain) for plain in plain_rows]
        if numbered:
            values = [{k: v for k, v in value.items() if k != numbered} for value in values]
        session.connection().execute(insert(table), values)
        session.written(table)
        count += len(values)
    return count


def _numbered_key(table: Table) -> str | None:
    """The name of ``table``'s integer primary key the database numbers itself, if it has one."""
    keys = list(table.primary_key.columns)
    if len(keys) == 1 and keys[0].autoincrement in (True, "auto") and _python_type(keys[0].type) is int:
        return keys[0].name
    return None


def copy_tables(source: Engine, target: Engine) -> dict[str, int]:
    """Copies every row of every table from ``source`` into ``target`` (whose tables are empty).

    One transaction on the target: a copy that fails leaves it as it was. Numbered ids are kept,
    and PostgreSQL's sequences are moved past them. The rows copied per table are returned.
    """
    counts: dict[str, int] = {}
    with source.connect() as reading, target.begin() as writing:
        if busy := [
            t.name for t in tables() if writing.execute(select(func.count()).select_from(t)).scalar()
        ]:
            raise ValueError(f"the target database already holds data (table {busy[0]})")
        for table in tables():
            counts[table.name] = 0
            for batch in _batches(reading, table):
                writing.execute(insert(table), batch)
                counts[table.name] += len(batch)
        if writing.dialect.name == "postgresql":
            _move_sequences(writing)
    return counts


def _batches(connection: Connection, table: Table) -> Iterator[list[dict[str, Any]]]:
    order = list(table.primary_key.columns)
    result = connection.execution_options(yield_per=BATCH).execute(select(table).order_by(*order))
    for partition in result.partitions(BATCH):
        yield [dict(row._mapping) for row in partition]


def _move_sequences(connection: Connection) -> None:
    """Moves each PostgreSQL sequence behind a numbered id past the largest id copied."""
    for table in tables():
        if (key := _numbered_key(table)) is None:
            continue
        connection.execute(
            text(
                f"SELECT setval(pg_get_serial_sequence('{table.name}', '{key}'), "
                f"COALESCE((SELECT MAX({key}) FROM {table.name}), 0) + 1, false)"
            )
        )
