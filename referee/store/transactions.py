"""The database as the application layer uses it: a transaction, or a session for reading.

Inside ``batch()`` every transaction opened shares the batch's own: each becomes a savepoint of
it (an error rolls back that savepoint alone) and the batch commits once at its end. Reading then
uses the batch's session too, so that it sees what the batch wrote so far; lookups the batch makes
again and again may be answered from its memo (``referee.store.memo``), and the rows every mail
writes are written together (``referee.store.deferred``).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from sqlalchemy.engine import Connection, Engine
from sqlmodel import Session

from referee.store.deferred import deferring, open_deferred
from referee.store.memo import close_memo, memo_of, open_memo

_SHARED: ContextVar[Session | None] = ContextVar("referee_batch", default=None)
"""The session of the batch open in this thread or task, if any."""


class Database:
    """The referee's tables behind ``engine``; every change happens inside ``transaction()``."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    @contextmanager
    def batch(self) -> Iterator[None]:
        """One transaction for every ``transaction()`` opened inside the block, committed when it ends
        (or rolled back, all of it, if it raises); each of them is a savepoint of it."""
        if self._shared() is not None:  # already in a batch: this block is part of it
            yield
            return
        with Session(self.engine, expire_on_commit=False) as session, session.begin():
            token, memo = _SHARED.set(session), open_memo(session, self.engine)
            try:
                with deferring(session, self.engine, memo_of(session).clear):  # rows written at its end
                    yield
            finally:
                close_memo(session, memo)
                _SHARED.reset(token)

    @contextmanager
    def transaction(self) -> Iterator[Session]:
        """A session whose work is committed when the block ends, or rolled back if it raises."""
        shared = self._shared()
        if shared is not None:
            depth = shared.info.get("depth", 0)
            shared.info["depth"] = depth + 1
            deferred = open_deferred(shared) if depth == 0 else None
            try:
                if deferred is None:
                    with shared.begin_nested():
                        yield shared
                else:  # a unit of a batch of mail: its savepoint begun only if it writes
                    unit, done = deferred.open_unit(), False
                    try:
                        yield shared
                        shared.flush()
                        done = True
                    finally:
                        deferred.close_unit(unit, shared, done)
            finally:
                shared.info["depth"] = depth
                if depth == 0:  # a whole unit of the batch is written: the next one reads afresh
                    shared.expunge_all()
            return
        with Session(self.engine, expire_on_commit=False) as session, session.begin():
            yield session

    @contextmanager
    def statements(self) -> Iterator[Connection]:
        """A connection for Core statements alone, committed when the block ends, or rolled back if it
        raises: a tenth of the cost of a session for a write that needs no objects."""
        shared = self._shared()
        if shared is not None:
            with shared.begin_nested():
                yield shared.connection()
            return
        with self.engine.begin() as connection:
            yield connection

    @contextmanager
    def trial(self) -> Iterator[Session]:
        """A session whose work is always rolled back: what a change would do, without doing it."""
        shared = self._shared()
        if shared is not None:
            nested = shared.begin_nested()
            try:
                yield shared
            finally:
                nested.rollback()
                if not shared.info.get("depth", 0):
                    shared.expunge_all()
            return
        with Session(self.engine, expire_on_commit=False) as session:
            session.begin()
            try:
                yield session
            finally:
                session.rollback()

    @contextmanager
    def reading(self) -> Iterator[Session]:
        """A session for reading only."""
        shared = self._shared()
        if shared is not None:
            yield shared
            return
        with Session(self.engine, expire_on_commit=False) as session:
            yield session

    def _shared(self) -> Session | None:
        """The session of the batch open here on this database, if any."""
        shared = _SHARED.get()
        return shared if shared is not None and shared.bind is self.engine else None
