"""What ``referee status`` reads: every game and its clock, the outbox's counts, the mail refused for
good and when the last mail arrived.

Each is one statement of plain SQL, run on whatever connection the caller has: SQLAlchemy's on any
database (``Views.status``), or, for a SQLite file already at the newest revision, a read-only
``sqlite3`` connection of its own (``sqlite_status``), so that a command that does little starts
without loading SQLAlchemy or the models. The rows come back as plain records with the same
fields, times as aware UTC ``datetime``s and JSON columns as Python values, whichever the driver.
This module imports nothing heavy: keep it so (``tests/test_cli_start.py``).
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from referee.core.utc import as_utc

HEAD = "0017"
"""The newest revision in ``MIGRATIONS`` (``referee.store.database``); a test checks it. Raise it with
every new revision."""

REVISION = "SELECT version_num FROM alembic_version"
"""The revision the database is at."""

GAMES = (
    "SELECT id, kind, schedule, phase, finished, failed_at, failure, settings, state "
    "FROM games ORDER BY created_at"
)
CLOCKS = "SELECT game_id, due_at, paused_at, resume_at FROM clocks"
WAITING = "SELECT count(*) FROM notices WHERE sent_at IS NULL AND failed_at IS NULL AND withdrawn_at IS NULL"
"""Notices still to be sent (a withdrawn report not sent yet is never sent)."""
_REFUSED = "FROM notices WHERE failed_at IS NOT NULL"
REFUSED = f"SELECT game_id, recipient, address, template, last_error {_REFUSED}"
"""Notices the mail server refused for good."""
REFUSED_COUNT = f"SELECT count(*) {_REFUSED}"
LAST_RECEIVED = "SELECT max(received_at) FROM inbound"

Run = Callable[[str], Iterable[Sequence[Any]]]
"""Runs one statement of plain SQL and gives its rows."""


@dataclass(frozen=True)
class GameStanding:
    """A game as the status reads it."""

    id: str
    kind: str
    schedule: str
    phase: str
    finished: bool
    failed_at: datetime | None
    failure: str | None
    settings: dict[str, Any]
    state: dict[str, Any]


@dataclass(frozen=True)
class ClockStanding:
    """A game's clock as the status reads it."""

    game_id: str
    due_at: datetime | None
    paused_at: datetime | None
    resume_at: datetime | None


@dataclass(frozen=True)
class RefusedNotice:
    """A notice the mail server refused for good."""

    game_id: str | None
    recipient: str
    address: str | None
    template: str
    last_error: str | None


@dataclass(frozen=True)
class StatusRows:
    """Everything ``referee status`` reads, as read."""

    games: list[GameStanding]
    clocks: dict[str, ClockStanding]
    waiting: int
    refused: list[RefusedNotice]
    last_received: datetime | None


def read_status(run: Run) -> StatusRows:
    """The status read with ``run``."""
    games = [
        GameStanding(
            game_id,
            kind,
            schedule,
            phase,
            bool(finished),
            _moment(failed_at),
            failure,
            _json(settings),
            _json(state),
        )
        for game_id, kind, schedule, phase, finished, failed_at, failure, settings, state in run(GAMES)
    ]
    clocks = {
        game_id: ClockStanding(game_id, _moment(due), _moment(paused), _moment(resume))
        for game_id, due, paused, resume in run(CLOCKS)
    }
    refused = [RefusedNotice(*row) for row in run(REFUSED)]
    ((last,),) = run(LAST_RECEIVED)
    return StatusRows(games, clocks, count(run, WAITING), refused, _moment(last))


def count(run: Run, sql: str) -> int:
    """The one number ``sql`` counts, run with ``run``."""
    ((number,),) = run(sql)
    return int(number)


def session_runner(session: Any) -> Run:
    """``Run`` on the connection of a SQLAlchemy session (any database)."""

    def run(sql: str) -> Sequence[Sequence[Any]]:
        rows: Sequence[Sequence[Any]] = session.connection().exec_driver_sql(sql).all()  # any session
        return rows

    return run


def sqlite_status(url: str) -> StatusRows | None:
    """The status of the SQLite file of ``url`` read with ``sqlite3`` alone, read-only; None when ``url``
    is not a plain SQLite file, or the file is missing or not at the newest revision (the caller then
    opens the database as every command does, which brings it up to date or says what is wrong)."""
    path = sqlite_path(url)
    if path is None or not path.is_file():
        return None
    try:
        connection = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=30)
    except sqlite3.Error:
        return None
    try:
        run = _runner(connection)
        try:
            ((revision,),) = run(REVISION)
        except (sqlite3.Error, ValueError):
            return None
        if revision != HEAD:
            return None
        return read_status(run)
    finally:
        connection.close()


def sqlite_path(url: str) -> Path | None:
    """The file of a ``sqlite:///path`` URL (a relative path from the working folder, as SQLAlchemy reads
    it); None for any other URL (another database, a driver named, options, a database in memory)."""
    prefix = "sqlite:///"
    if not url.startswith(prefix) or "?" in url:
        return None
    name = url[len(prefix) :]
    if not name or name == ":memory:":
        return None
    return Path(name)


def _runner(connection: sqlite3.Connection) -> Run:
    def run(sql: str) -> list[tuple[Any, ...]]:
        return connection.execute(sql).fetchall()

    return run


def _moment(value: datetime | str | None) -> datetime | None:
    """A time as the driver gives it (SQLite: text) as an aware UTC time."""
    if value is None:
        return None
    return as_utc(datetime.fromisoformat(value) if isinstance(value, str) else value)


def _json(value: Any) -> Any:
    """A JSON column as the driver gives it (SQLite: text) as Python values."""
    return json.loads(value) if isinstance(value, str | bytes) else value
