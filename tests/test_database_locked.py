"""A SQLite file locked by another process is named as such, not taken for a database never set up
(issue 12): a real lock, held by another connection in ``BEGIN EXCLUSIVE``."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from sqlalchemy import create_engine
from sqlalchemy.exc import DBAPIError

from referee.cli import database_trouble
from referee.store.database import open_engine, upgrade


def test_a_locked_sqlite_file_is_said_to_be_locked_by_another_process(tmp_path: Path) -> None:
    path = tmp_path / "referee.db"
    upgrade(open_engine(f"sqlite:///{path}"))
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        impatient = create_engine(f"sqlite:///{path}", connect_args={"timeout": 0.2})
        with pytest.raises(DBAPIError) as caught, impatient.connect() as connection:
            connection.exec_driver_sql("BEGIN IMMEDIATE")
    finally:
        holder.execute("ROLLBACK")
        holder.close()

    said = database_trouble(caught.value)

    assert said.startswith("the database is locked by another process (")
    assert "referee init" not in said


def test_a_database_never_set_up_is_still_asked_about_referee_init(tmp_path: Path) -> None:
    engine = create_engine(f"sqlite:///{tmp_path / 'empty.db'}")
    with pytest.raises(DBAPIError) as caught, engine.connect() as connection:
        connection.exec_driver_sql("SELECT id FROM games")

    assert database_trouble(caught.value) == (
        "the database refused: no such table: games (has `referee init` been run?)"
    )
