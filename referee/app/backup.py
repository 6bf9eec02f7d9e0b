"""A copy of a SQLite database taken while the referee runs (``referee backup FILE``).

SQLite's online backup copies the database as one consistent moment: the service goes on writing
meanwhile (the database is in WAL mode, so its writers do not wait for the copy). The copy is a new
file, readable by its owner alone, never one that was there already nor a symbolic link. To restore,
stop ``referee serve`` and copy the file back in place of the database. PostgreSQL has its own tools
(``pg_dump``, ``pg_restore``).
"""

from __future__ import annotations

import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy.engine import make_url

from referee.app.errors import RefereeError


class NotSqlite(RefereeError):
    """The database is not a SQLite file: its own tools back it up."""


@dataclass(frozen=True)
class Backup:
    """What a backup holds: the file and its size, and how many games are in it."""

    path: Path
    size: int
    games: int


def backup_sqlite(database_url: str, target: Path) -> Backup:
    """Copies the SQLite database of ``database_url`` into the new file ``target`` (mode 0600).

    Raises ``NotSqlite`` for another database and ``RefereeError`` when the database is missing or
    ``target`` exists already (nothing is written then).
    """
    url = make_url(database_url)
    if url.get_backend_name() != "sqlite":
        raise NotSqlite(
            f"the database is {url.get_backend_name()}, not a SQLite file: back it up with its own tools, "
            "e.g. pg_dump --format=custom --file=referee.dump DBNAME (restore with pg_restore)"
        )
    source = Path(url.database or "")
    if not url.database or url.database == ":memory:" or not source.is_file():
        raise RefereeError(f"there is no database file at {source} to back up")
    try:
        descriptor = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
    except FileExistsError as error:
        raise RefereeError(f"{target} exists already: name a new file") from error
    except OSError as error:
        raise RefereeError(f"cannot create {target}: {error.strerror}") from error
    try:
        os.fchmod(descriptor, 0o600)
        made = os.fstat(descriptor)
        games = _copy(source, target, made)
    except BaseException:
        os.close(descriptor)
        target.unlink(missing_ok=True)
        raise
    os.close(descriptor)
    return Backup(path=target, size=target.stat().st_size, games=games)


def _copy(source: Path, target: Path, made: os.stat_result) -> int:
    """Copies ``source`` into the empty file ``target`` (the one created as ``made``); the number of
    games in the copy."""
    reading = sqlite3.connect(source, timeout=30)  # (read-only would fail on a WAL file with no -shm yet)
    writing = sqlite3.connect(f"{target.resolve().as_uri()}?mode=rw", uri=True)
    try:
        now = os.stat(target, follow_symlinks=False)
        if (now.st_dev, now.st_ino) != (made.st_dev, made.st_ino):
            raise RefereeError(f"{target} was replaced while the backup was written; nothing was copied")
        reading.backup(writing)  # in one step: one consistent moment of the database
        check = writing.execute("PRAGMA quick_check").fetchone()[0]
        if check != "ok":
            raise RefereeError(f"the copy does not read back whole ({check}); nothing was kept")
        has_games = writing.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'games'")
        return int(writing.execute("SELECT count(*) FROM games").fetchone()[0]) if has_games.fetchone() else 0
    except sqlite3.Error as error:
        raise RefereeError(f"the backup failed: {error}") from error
    finally:
        writing.close()
        reading.close()
