"""On SQLite a unit that only reads waits for no writer (WAL: it reads a snapshot beside it), while a
change still takes the write lock when it begins, even one opened inside a reading: pages and live
streams are read while talk is being written, not after it."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.exc import OperationalError

from referee.store.database import open_engine, upgrade
from referee.store.transactions import Database


@pytest.fixture
def path(tmp_path: Path) -> Path:
    found = tmp_path / "referee.db"
    upgrade(open_engine(f"sqlite:///{found}"))
    return found


def _impatient(path: Path) -> Database:
    """The referee's database at ``path``, giving up on a lock after a tenth of a second."""
    database = Database(open_engine(f"sqlite:///{path}"))
    database.engine.pool.dispose()
    impatient = create_engine(f"sqlite:///{path}", connect_args={"timeout": 0.1})
    database.engine.pool = impatient.pool  # the same hooks, a shorter wait
    return database


def _writer(path: Path) -> sqlite3.Connection:
    """Another connection in the middle of writing (it holds the write lock)."""
    holder = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    holder.execute("BEGIN IMMEDIATE")
    holder.execute("CREATE TABLE scratch (n INTEGER)")
    return holder


def test_a_reading_goes_on_while_another_connection_writes(path: Path) -> None:
    database = _impatient(path)
    holder = _writer(path)
    try:
        with database.reading() as session:
            found = session.execute(text("SELECT id FROM games")).all()
    finally:
        holder.execute("ROLLBACK")
        holder.close()

    assert found == []


def test_a_change_waits_for_the_writer_even_inside_a_reading(path: Path) -> None:
    database = _impatient(path)
    holder = _writer(path)
    try:
        with database.reading(), pytest.raises(OperationalError), database.transaction() as unit:
            unit.execute(text("SELECT 1"))
    finally:
        holder.execute("ROLLBACK")
        holder.close()


def test_a_change_begun_alone_takes_the_write_lock_at_once(path: Path) -> None:
    database = Database(open_engine(f"sqlite:///{path}"))
    with database.transaction() as unit:
        unit.execute(text("SELECT 1"))  # a read, yet the change holds the write lock from its start
        other = sqlite3.connect(path, timeout=0.1, isolation_level=None)
        try:
            with pytest.raises(sqlite3.OperationalError, match="locked"):
                other.execute("BEGIN IMMEDIATE")
        finally:
            other.close()
