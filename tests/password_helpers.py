"""Seat passwords in tests: a seat keeps only a hash, so a test that writes with a password gives the
seat a fresh one first, as the letter that tells it does when it is sent."""

from __future__ import annotations

from sqlmodel import Session, SQLModel, text

from referee.app import Referee
from referee.app.passwords import issue


def given_password(store: Referee, game_id: str, name: str) -> str:
    """A fresh password for the seat ``name`` of ``game_id`` (``MASTER``: its game-master)."""
    with store.database.transaction() as session:
        password = issue(session, game_id, name)
    assert password, f"{game_id} has no seat {name}"
    return password


def every_text(store: Referee) -> str:
    """Every value of every row of every table, as text (bytes decoded as Latin-1), lower case: what a
    scan for a secret has to search."""
    pieces: list[str] = []
    with Session(store.database.engine) as session:
        for table in SQLModel.metadata.sorted_tables:
            for row in session.connection().execute(text(f"SELECT * FROM {table.name}")):
                for value in row:
                    if isinstance(value, bytes | memoryview):
                        pieces.append(bytes(value).decode("latin-1"))
                    elif value is not None:
                        pieces.append(str(value))
    return "\n".join(pieces).lower()
