"""Many rows of one table written in one statement by the driver itself, as the ORM would write them.

A batch of boundaries writes some thirty rows a game to three tables. Given to SQLAlchemy, each row's
every value goes through its type's conversion and its parameters are built one by one, which cost
more than the database's own work. Here each column's conversion is taken from SQLAlchemy once (the
very function it would call, so what is stored is the same), a conversion of a time is done once per
distinct moment (a boundary's rows share a handful), and the rows go to the driver in one call:
``executemany`` of the table's own INSERT, or on PostgreSQL one ``COPY``. Errors come out as
SQLAlchemy's, as from any other statement.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import orjson
from sqlalchemy import JSON, DateTime, Select, Table, bindparam, insert, update
from sqlalchemy.engine import Compiled, Connection, Dialect
from sqlalchemy.exc import DBAPIError
from sqlalchemy.sql import ClauseElement
from sqlalchemy.sql.compiler import SQLCompiler

Convert = Callable[[Any], Any]


def write_rows(
    connection: Connection, table: Table, rows: Sequence[dict[str, Any]], *, plain: bool = False
) -> None:
    """Inserts ``rows`` (dicts of column keys; rows with other keys are grouped apart) into ``table``
    on ``connection``, inside its transaction; with ``plain``, on the driver's own cursor, unseen by
    SQLAlchemy's statement events (as COPY always is)."""
    groups: dict[tuple[str, ...], list[dict[str, Any]]] = {}
    for row in rows:
        groups.setdefault(tuple(row), []).append(row)
    for given, group in groups.items():
        defaults = _defaults(table, given)
        if defaults:
            group = [{**row, **defaults} for row in group]
        keys = (*given, *defaults)
        if connection.dialect.name == "postgresql":
            _copy(connection, table, keys, group)
        else:
            _executemany(connection, table, keys, group, plain)


def update_rows(
    connection: Connection, table: Table, key: str, rows: Sequence[dict[str, Any]], *, plain: bool = False
) -> None:
    """Updates the rows of ``table`` whose column ``key`` has the value each of ``rows`` gives it,
    setting the other columns each names (all of ``rows`` name the same columns): one ``executemany``
    by the driver, each value converted as SQLAlchemy would (``plain``: as in ``write_rows``)."""
    if not rows:
        return
    where = f"{key}_"  # a bound parameter cannot share the name of a column the statement sets
    columns = [name for name in rows[0] if name != key]
    compiled = _update(table, key, tuple(columns), connection.dialect)
    named = [{**row, where: row[key]} for row in rows]
    order = list(compiled.positiontup or ()) if compiled.positional else [*columns, where]
    values = _converted(table, connection.dialect, order, named, {where: key})
    _run_many(connection, compiled, order, values, plain)


@lru_cache(maxsize=64)
def _update(table: Table, key: str, columns: tuple[str, ...], dialect: Dialect) -> SQLCompiler:
    """The UPDATE of ``columns`` of ``table`` where ``key`` is the parameter ``{key}_``, compiled for
    ``dialect`` once (every batch writes its games' snapshots with it)."""
    statement = update(table).where(table.c[key] == bindparam(f"{key}_"))
    return _as_sql(statement.values({name: bindparam(name) for name in columns}).compile(dialect=dialect))


@dataclass(frozen=True)
class Prepared:
    """A statement compiled once for a dialect, to be run again and again by the driver: its text, the
    names of its parameters in order when they go by position (else none), and the values of those it
    fixes itself (its literals)."""

    text: str
    order: tuple[str, ...]
    fixed: dict[str, Any]

    def params(self, **given: Any) -> Any:
        """The driver's parameters for the values ``given``, by position or by name."""
        values = {**self.fixed, **given}
        return tuple(values[name] for name in self.order) if self.order else values


def prepare(statement: ClauseElement, dialect: Dialect, given: Sequence[str]) -> Prepared:
    """``statement`` compiled for ``dialect``; ``given`` names the parameters each run gives."""
    compiled = _as_sql(statement.compile(dialect=dialect, compile_kwargs={"render_postcompile": True}))
    order = tuple(compiled.positiontup or ()) if compiled.positional else ()
    return Prepared(str(compiled), order, dict(compiled.construct_params(dict.fromkeys(given))))


def _as_sql(compiled: Compiled) -> SQLCompiler:
    """``compiled`` as the compiler of a statement (not of DDL) it is, with its parameters' order."""
    assert isinstance(compiled, SQLCompiler)
    return compiled


def read_rows(connection: Connection, statement: Select[Any]) -> list[tuple[Any, ...]]:
    """The rows ``statement`` selects, as the driver gives them: no conversion of any value (JSON
    comes as text on SQLite and as data on PostgreSQL; see ``as_data``), no row objects."""
    compiled = statement.compile(dialect=connection.dialect, compile_kwargs={"render_postcompile": True})
    params = compiled.construct_params()
    given: Any = [params[name] for name in compiled.positiontup or ()] if compiled.positional else params
    with driver_cursor(connection, str(compiled)) as cursor:
        cursor.execute(str(compiled), given)
        return list(cursor.fetchall())


@contextmanager
def driver_cursor(connection: Connection, statement: str) -> Iterator[Any]:
    """A cursor of the driver's own on ``connection``, closed after the block; the driver's errors
    come out of the block as SQLAlchemy's (``statement`` names what failed; no parameters)."""
    raw = connection.connection.dbapi_connection
    assert raw is not None
    dbapi = connection.dialect.loaded_dbapi
    cursor = raw.cursor()
    try:
        yield cursor
    except dbapi.Error as error:
        raise DBAPIError.instance(statement, None, error, dbapi.Error, hide_parameters=True) from error
    finally:
        cursor.close()


def as_data(value: Any) -> Any:
    """A JSON column's value as ``read_rows`` gave it, as data."""
    return orjson.loads(value) if isinstance(value, (str, bytes)) else value


def _executemany(
    connection: Connection, table: Table, keys: tuple[str, ...], rows: list[dict[str, Any]], plain: bool
) -> None:
    dialect = connection.dialect
    compiled = _insert(table, keys, dialect)
    order = list(compiled.positiontup or ()) if compiled.positional else list(keys)
    _run_many(connection, compiled, order, _converted(table, dialect, order, rows), plain)


@lru_cache(maxsize=256)
def _insert(table: Table, keys: tuple[str, ...], dialect: Dialect) -> SQLCompiler:
    """The INSERT of the columns ``keys`` of ``table``, compiled for ``dialect`` once."""
    return _as_sql(insert(table).compile(dialect=dialect, column_keys=list(keys)))


def _run_many(
    connection: Connection,
    compiled: SQLCompiler,
    order: list[str],
    values: list[tuple[Any, ...]],
    plain: bool = False,
) -> None:
    """Runs ``compiled`` once for each row of ``values`` (given in the parameters' ``order``), in one
    ``executemany`` of the driver: by position or by name, as the driver's style asks; with
    ``plain``, on a cursor of the driver's own."""
    given: Any = values
    if not compiled.positional:
        given = [dict(zip(order, row, strict=True)) for row in values]
    if not plain:
        connection.exec_driver_sql(str(compiled), given)
        return
    with driver_cursor(connection, str(compiled)) as cursor:
        cursor.executemany(str(compiled), given)


def _copy(connection: Connection, table: Table, keys: tuple[str, ...], rows: list[dict[str, Any]]) -> None:
    """One COPY of ``rows`` into ``table``, each value as the column's type would give it to the driver
    (JSON as its text, times in UTC)."""
    columns = ", ".join(connection.dialect.identifier_preparer.quote(table.c[key].name) for key in keys)
    statement = f"COPY {connection.dialect.identifier_preparer.format_table(table)} ({columns}) FROM STDIN"
    with driver_cursor(connection, statement) as cursor, cursor.copy(statement) as copy:
        for values in _converted(table, connection.dialect, list(keys), rows):
            copy.write_row(values)


def _defaults(table: Table, given: tuple[str, ...]) -> dict[str, Any]:
    """The values the ORM would give the columns of ``table`` a row leaves out (their Python
    defaults; a column with none is left to the database)."""
    found: dict[str, Any] = {}
    for column in table.columns:
        default = column.default
        if column.key in given or default is None:
            continue
        if not default.is_scalar:
            raise ValueError(f"{table.name}.{column.key} has a default that is not a value")
        found[column.key] = default.arg  # type: ignore[attr-defined]  # a scalar default (checked above) has .arg; the stubs type the base class
    return found


def _converted(
    table: Table,
    dialect: Dialect,
    order: list[str],
    rows: Sequence[dict[str, Any]],
    columns: dict[str, str] | None = None,
) -> list[tuple[Any, ...]]:
    """The values of ``rows`` under the keys ``order``, each converted for the driver as a value of
    its column (the key's own, or the one ``columns`` names for it): only the columns whose type
    converts anything are touched."""
    values = [[row[key] for key in order] for row in rows]
    for index, key in enumerate(order):
        convert = _conversion(table, (columns or {}).get(key, key), dialect)
        if convert is not _same:
            for row in values:
                row[index] = convert(row[index])
    return [tuple(row) for row in values]


def _conversion(table: Table, key: str, dialect: Dialect) -> Convert:
    """The function SQLAlchemy would apply to a value of column ``key`` before the driver sees it
    (times: once per distinct moment)."""
    column_type = table.c[key].type
    convert = column_type.dialect_impl(dialect).bind_processor(dialect)
    if convert is None:
        return _same
    if isinstance(column_type, DateTime) or isinstance(getattr(column_type, "impl_instance", None), DateTime):
        return _once_per_value(convert)
    if isinstance(column_type, JSON):
        return _once_per_object(convert)
    return convert


def _same(value: Any) -> Any:
    return value


def _once_per_value(convert: Convert) -> Convert:
    """``convert``, remembering its answer for each value it has seen (for this write only)."""
    seen: dict[Any, Any] = {}

    def remembered(value: Any) -> Any:
        try:
            return seen[value]
        except KeyError:
            seen[value] = found = convert(value)
            return found

    return remembered


def _once_per_object(convert: Convert) -> Convert:
    """``convert``, remembering its answer for each object it has seen (for this write only): the
    readers of one notice share one dictionary of its data, written as JSON once. The object is
    kept with the answer, so that no other object can come to have its ``id`` during the write."""
    seen: dict[int, tuple[Any, Any]] = {}

    def remembered(value: Any) -> Any:
        kept = seen.get(id(value))
        if kept is not None and kept[0] is value:
            return kept[1]
        found = convert(value)
        seen[id(value)] = (value, found)
        return found

    return remembered
