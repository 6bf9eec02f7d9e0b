"""Opening a database by URL (a SQLite file by default, PostgreSQL or any SQLAlchemy URL by choice),
and bringing its tables up to date with the Alembic migrations shipped in ``referee/store/migrations``.
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import TYPE_CHECKING, Any

import orjson
from sqlalchemy import event, inspect
from sqlalchemy.engine import Connection, Engine
from sqlmodel import create_engine

from referee.store import models  # noqa: F401  (registers the tables)
from referee.store.status import HEAD as HEAD
from referee.store.status import REVISION

if TYPE_CHECKING:
    from alembic.config import Config

MIGRATIONS = Path(__file__).with_name("migrations")
"""The Alembic script directory, inside the package: no alembic.ini is needed to run it."""


FIRST = "0001"
"""The schema of the referee before migrations (commit e94c365): what an unversioned database has."""

READING_ONLY: ContextVar[bool] = ContextVar("referee_reading_only", default=False)
"""Set while a unit that only reads begins: on SQLite it takes no write lock (``_sqlite_begin``)."""

_LOCK = 0x7265_6665_7265_65  # "referee": the PostgreSQL advisory lock held while migrating


def open_engine(url: str, *, pages: bool = False) -> Engine:
    """An engine for ``url``; SQLite connections take the write lock when a transaction begins, but
    for a unit that only reads (``READING_ONLY``), which reads a snapshot beside the writer (WAL).
    For ``pages`` (the site's process, whose threads each hold a connection and only read and write a
    row or two a request) each connection keeps SQLite's own page cache (``PAGES_CACHE``), not the
    boundary's.

    Errors never show the values of a statement's parameters (``hide_parameters``): they hold
    players' mail, and errors go to the log.
    """
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"timeout": 30}, hide_parameters=True, **_JSON)
        event.listen(engine, "connect", _sqlite_connect_for_pages if pages else _sqlite_connect)
        event.listen(engine, "begin", _sqlite_begin)
        return engine
    return create_engine(url, pool_pre_ping=True, hide_parameters=True, **_JSON)


def _json_text(value: Any) -> str:
    """``value`` as JSON text, as ``json.dumps`` would read it back (keys that are not strings become
    strings), written by orjson: a boundary writes and reads thousands of JSON columns. What orjson
    does not write (an integer beyond 64 bits) is written by the standard library."""
    try:
        return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()
    except TypeError:
        return json.dumps(value)


_JSON: dict[str, Any] = {"json_serializer": _json_text, "json_deserializer": orjson.loads}
"""How every JSON column is written and read."""


SQLITE_TUNING = {
    "wal_autocheckpoint": 16384,
    "journal_size_limit": 64 * 1024 * 1024,
    "cache_size": -16384,
}
"""SQLite's settings for a boundary's burst of writes, as its documentation describes them. A
checkpoint copies the log into the database and syncs the file; by default one runs each time the log
passes 1,000 pages (4 MB), every second batch of a hundred games (each writes some 2 MB of pages),
and the same index pages are copied again and again. Here one runs every 16,384 pages (64 MB of log),
and the log is cut back to 64 MB after it. Each connection keeps up to 16 MB of pages in memory
(2 MB by default), enough for the index pages a batch touches: 10,000 games resolve 10–15% faster."""


PAGES_CACHE = -2000
"""The page cache of each SQLite connection of the site's process, in KiB (SQLite's default, 2 MB): with a
connection to each of its threads, the boundary's 16 MB each (``SQLITE_TUNING``) held hundreds of MB of
pages once ten thousand games' pages had been read."""


WAL_SWITCH_SECONDS = 30.0
"""How long a connection keeps trying to turn a new database's journal into a write-ahead log while
other connections hold it."""


def _write_ahead(connection: Any) -> None:
    """Turns the database's journal into a write-ahead log, once for the file (the mode is kept in it).

    The switch needs the file to itself, and SQLite answers "database is locked" at once, without
    waiting, when another connection reads or switches at the same moment: processes opening one new
    database together (two services, a command beside the service) would fail at their first query. So
    the mode is read first (a database already in WAL needs nothing), and the switch is tried again
    until it holds or ``WAL_SWITCH_SECONDS`` pass."""
    deadline = time.monotonic() + WAL_SWITCH_SECONDS
    pause = 0.005
    while True:
        try:
            if connection.execute("PRAGMA journal_mode").fetchone()[0] == "wal":
                return
            connection.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) or time.monotonic() > deadline:
                raise
        time.sleep(pause)
        pause = min(pause * 2, 0.2)


def _sqlite_connect(connection: Any, _record: Any) -> None:
    connection.isolation_level = None  # let the "begin" hook issue BEGIN itself
    _write_ahead(connection)
    # In WAL mode NORMAL syncs at checkpoints, not at each commit: the database cannot be
    # corrupted, and only a power cut (not a crash of the process) can undo the last commits.
    connection.execute("PRAGMA synchronous=NORMAL")
    connection.execute("PRAGMA foreign_keys=ON")
    for pragma, value in SQLITE_TUNING.items():
        connection.execute(f"PRAGMA {pragma}={value}")


def _sqlite_connect_for_pages(connection: Any, record: Any) -> None:
    _sqlite_connect(connection, record)
    connection.execute(f"PRAGMA cache_size={PAGES_CACHE}")


def _sqlite_begin(connection: Any) -> None:
    connection.exec_driver_sql("BEGIN" if READING_ONLY.get() else "BEGIN IMMEDIATE")


def upgrade(engine: Engine) -> None:
    """Brings the database of ``engine`` to the newest revision, whatever it holds now.

    An empty database gets every table. A database at an older revision gets the migrations it
    lacks. A database made before migrations (the tables, no ``alembic_version``) is stamped with
    the first revision, then upgraded. A database already at ``HEAD`` costs one query
    and nothing else: every command calls this.

    All of it happens in one transaction (see ``migrating``). Two processes starting at once take
    turns; the second finds the database at ``HEAD`` and does nothing.
    """
    with engine.connect() as connection:
        if _revision(connection) == HEAD:
            return
    with migrating(engine) as connection:
        current = _revision(connection)
        if current == HEAD:
            return  # another process migrated while this one waited
        from alembic import command  # only here: importing it slows every command's start

        config = alembic_config(connection)
        if current is None and inspect(connection).has_table("games"):
            command.stamp(config, FIRST)
        command.upgrade(config, "head")


@contextmanager
def migrating(engine: Engine) -> Iterator[Connection]:
    """A connection in a transaction to run migrations on, committed at the end of the block.

    On PostgreSQL the transaction holds an advisory lock, so that migrating processes take turns.
    On SQLite ``BEGIN IMMEDIATE`` does that, and foreign keys are off meanwhile: batch mode copies
    a table and drops the old one, which ``games`` with its seats and events would not survive.
    The foreign keys are checked before the commit instead.
    """
    with engine.connect() as connection:
        sqlite = connection.dialect.name == "sqlite"
        if sqlite:  # outside any transaction, where SQLite lets the PRAGMA change anything
            raw = connection.connection.dbapi_connection
            assert raw is not None
            keys = raw.execute("PRAGMA foreign_keys").fetchone()[0]
            raw.execute("PRAGMA foreign_keys=OFF")
        try:
            with connection.begin():
                if connection.dialect.name == "postgresql":
                    connection.exec_driver_sql(f"SELECT pg_advisory_xact_lock({_LOCK})")
                yield connection
                if sqlite and (broken := connection.exec_driver_sql("PRAGMA foreign_key_check").all()):
                    raise RuntimeError(f"the migration broke foreign keys: {broken[:5]}")
        finally:
            if sqlite:
                assert raw is not None
                raw.execute(f"PRAGMA foreign_keys={keys}")


def alembic_config(connection: Connection | None = None) -> Config:
    """An Alembic configuration for the shipped migrations, running on ``connection`` if given."""
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    if connection is not None:
        config.attributes["connection"] = connection
    return config


def revision(engine: Engine) -> str | None:
    """The migration the database of ``engine`` is at (None when it has none), changing nothing."""
    with engine.connect() as connection:
        return _revision(connection)


def _revision(connection: Connection) -> str | None:
    """The revision the database is at; None when it has no ``alembic_version`` table (or no row).

    Read with plain SQL, so that a database already at ``HEAD`` costs every command two small
    queries and no import of Alembic.
    """
    if not inspect(connection).has_table("alembic_version"):
        return None
    return connection.exec_driver_sql(REVISION).scalar()
