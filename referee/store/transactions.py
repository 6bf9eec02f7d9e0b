"""The database as the application layer uses it: units of work (``referee.store.unit.Unit``).

A door chooses the kind of work: ``transaction()`` is one change, committed at its end; ``batch()``
a batch of mail, inside which every ``transaction()`` opened is a savepoint of the batch's one unit
(an error rolls back that savepoint alone) and the batch commits once at its end. Reading then uses
the batch's unit too, so that it sees what the batch wrote so far; lookups the batch makes again and
again may be answered from its memo (``referee.store.memo``), and the rows every mail writes are
written together (``referee.store.deferred``). A batch of boundaries is opened on the unit of one
change (``referee.store.boundary.boundary``).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from sqlalchemy.engine import Connection, Engine

from referee.store.database import READING_ONLY
from referee.store.deferred import deferring
from referee.store.memo import Memo
from referee.store.unit import Kind, Unit

_SHARED: ContextVar[Unit | None] = ContextVar("referee_batch", default=None)
"""The unit of the batch open in this thread or task, if any."""


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
        with Unit(self.engine, Kind.MAIL) as unit, unit.begin():
            memo = Memo()
            unit.remembering(memo)
            token = _SHARED.set(unit)
            try:
                with deferring(unit, self.engine, memo.clear):  # rows written at its end
                    yield
            finally:
                unit.forgetting()
                _SHARED.reset(token)

    @contextmanager
    def transaction(self) -> Iterator[Unit]:
        """A unit whose work is committed when the block ends, or rolled back if it raises."""
        shared = self._shared()
        if shared is not None:
            depth = shared.depth
            shared.depth = depth + 1
            deferred = shared.deferred if depth == 0 else None
            try:
                if deferred is None:
                    with shared.begin_nested():
                        yield shared
                else:  # a part of a batch of mail: its savepoint begun only if it writes
                    part, done = deferred.open_part(), False
                    try:
                        yield shared
                        shared.flush()
                        done = True
                    finally:
                        deferred.close_part(part, shared, done)
            finally:
                shared.depth = depth
                if depth == 0:  # a whole part of the batch is written: the next one reads afresh
                    shared.expunge_all()
            return
        token = READING_ONLY.set(False)  # a change inside a reading takes the write lock all the same
        try:
            with Unit(self.engine) as unit, unit.begin():
                yield unit
        finally:
            READING_ONLY.reset(token)

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
    def trial(self) -> Iterator[Unit]:
        """A unit whose work is always rolled back: what a change would do, without doing it."""
        shared = self._shared()
        if shared is not None:
            nested = shared.begin_nested()
            try:
                yield shared
            finally:
                nested.rollback()
                if not shared.depth:
                    shared.expunge_all()
            return
        token = READING_ONLY.set(False)
        try:
            with Unit(self.engine) as unit:
                unit.begin()
                try:
                    yield unit
                finally:
                    unit.rollback()
        finally:
            READING_ONLY.reset(token)

    @contextmanager
    def reading(self) -> Iterator[Unit]:
        """A unit for reading only (on SQLite it waits for no writer: ``READING_ONLY``)."""
        shared = self._shared()
        if shared is not None:
            yield shared
            return
        token = READING_ONLY.set(True)
        try:
            with Unit(self.engine) as unit:
                yield unit
        finally:
            READING_ONLY.reset(token)

    def _shared(self) -> Unit | None:
        """The unit of the batch open here on this database, if any."""
        shared = _SHARED.get()
        return shared if shared is not None and shared.bind is self.engine else None
