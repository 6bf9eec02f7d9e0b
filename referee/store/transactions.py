"""The database as the application layer uses it: a transaction, or a session for reading."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy.engine import Connection, Engine
from sqlmodel import Session


class Database:
    """The referee's tables behind ``engine``; every change happens inside ``transaction()``."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    @contextmanager
    def transaction(self) -> Iterator[Session]:
        """A session whose work is committed when the block ends, or rolled back if it raises."""
        with Session(self.engine, expire_on_commit=False) as session, session.begin():
            yield session

    @contextmanager
    def statements(self) -> Iterator[Connection]:
        """A connection for Core statements alone, committed when the block ends, or rolled back if it
        raises: a tenth of the cost of a session for a write that needs no objects."""
        with self.engine.begin() as connection:
            yield connection

    @contextmanager
    def trial(self) -> Iterator[Session]:
        """A session whose work is always rolled back: what a change would do, without doing it."""
        with Session(self.engine, expire_on_commit=False) as session:
            session.begin()
            try:
                yield session
            finally:
                session.rollback()

    @contextmanager
    def reading(self) -> Iterator[Session]:
        """A session for reading only."""
        with Session(self.engine, expire_on_commit=False) as session:
            yield session
