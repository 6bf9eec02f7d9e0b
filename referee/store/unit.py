"""The unit of work: the session every store function is handed, which knows what it is a part of.

A door chooses one of three kinds of work, and the ``Unit`` it opens says which, for every store
function down the call to read instead of guessing it:

- ``Kind.CHANGE``: one change, committed at once (``Database.transaction()`` outside a batch); rows
  are inserted when written.
- ``Kind.MAIL``: a batch of mail (``Database.batch()``): every transaction inside it is a savepoint
  of the batch's one unit, rows wait in its ``deferred`` (``referee.store.deferred``) and lookups made
  again are answered from its ``memo`` (``referee.store.memo``).
- ``Kind.BOUNDARY``: a batch of boundaries (``referee.store.boundary.boundary``, opened by
  ``referee.app.batches`` on the unit of its transaction): the games' rows are read first and kept
  in its ``boundary``, and what the games write waits there until the batch writes it.

Rows and games' snapshots are written by the unit's ``rows`` (``Rows``), chosen when the unit, or a
batch inside it, is opened: one write path, never picked by looking at what the session holds.
The memo is told what each write changed by the writes themselves: the ORM's flushes name the
objects they write, a statement run through the session names its table, and a store function that
writes on the session's connection says what it wrote (``written``); no statement's text is read.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from sqlalchemy import Table, event, insert, inspect, update
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.orm import ORMExecuteState, SessionTransaction
from sqlalchemy.orm.attributes import set_committed_value
from sqlmodel import Session

from referee.store.memo import Memo
from referee.store.models import GameRow, table_of

if TYPE_CHECKING:
    from referee.store.boundary import Boundary
    from referee.store.deferred import Deferred

GAMES = table_of(GameRow)


class Kind(enum.Enum):
    """What a unit of work is a part of."""

    CHANGE = "one change"
    MAIL = "a batch of mail"
    BOUNDARY = "a batch of boundaries"


Dump = Callable[[], dict[str, Any]]
"""Gives a game's state as stored: called only for a snapshot that is written."""


class Rows(Protocol):
    """Where a unit's inserted rows and games' snapshots go: the database at once, or a batch that
    writes them later."""

    def add(self, table: Table, rows: list[dict[str, Any]]) -> None:
        """Takes ``rows`` of ``table`` (each with the same keys) to be written."""

    def snapshot(self, unit: Unit, row: GameRow, columns: dict[str, Any], dump: Dump) -> None:
        """Takes the snapshot of the game of ``row`` (its ``columns`` and the state ``dump`` gives) to
        be written; ``row`` reads them from now on."""


class AtOnce:
    """Rows inserted when written, one statement per call: the rows of one change."""

    def __init__(self, unit: Unit) -> None:
        self.unit = unit

    def add(self, table: Table, rows: list[dict[str, Any]]) -> None:
        self.unit.execute(insert(table), rows)

    def snapshot(self, unit: Unit, row: GameRow, columns: dict[str, Any], dump: Dump) -> None:
        """By one statement; a row not in the database yet is written by the ORM, with the row."""
        values = {**columns, "state": dump()}
        if not inspect(row).persistent:
            for name, value in values.items():
                setattr(row, name, value)
            unit.add(row)
            return
        unit.connection().execute(update(GAMES).where(GAMES.c.id == row.id), [values])
        unit.written(GAMES)
        for name, value in values.items():  # written already: the row object is told so, not asked to
            set_committed_value(row, name, value)


class Unit(Session):
    """A session that is one unit of work of a ``Kind``; its batch's parts are typed attributes.

    ``rows`` takes what the store inserts (``insert``); ``memo`` is the batch of mail's memo (None
    otherwise), ``deferred`` its rows not written yet, ``boundary`` the batch of boundaries open on
    the unit, if any; ``depth`` how many transactions of a batch are open inside one another.
    """

    def __init__(self, engine: Engine, kind: Kind = Kind.CHANGE) -> None:
        super().__init__(engine, expire_on_commit=False)
        self.kind = kind
        self.rows: Rows = AtOnce(self)
        self.memo: Memo | None = None
        self.deferred: Deferred | None = None
        self.boundary: Boundary | None = None
        self.depth = 0

    def insert(self, table: Table, rows: list[dict[str, Any]]) -> None:
        """Inserts ``rows`` of ``table`` the way this unit writes rows (``rows``)."""
        if rows:
            self.rows.add(table, rows)

    def written(self, *tables: Table | str) -> None:
        """Says that ``tables`` were written in this unit: its memo forgets what it read from them."""
        if self.memo is not None:
            for table in tables:
                self.memo.written(table if isinstance(table, str) else table.name)

    def reading_connection(self) -> Connection:
        """The connection to read on: inside a batch of mail, the batch's own (a unit of it that only
        reads then never makes the database begin its savepoint), else the session's."""
        return self.deferred.connection if self.deferred is not None else self.connection()

    def remembering(self, memo: Memo) -> None:
        """Gives this unit (a batch of mail) ``memo``, told of every write and rollback from now on."""
        self.memo = memo
        event.listen(self, "after_flush", _flushed)
        event.listen(self, "do_orm_execute", _executing)
        event.listen(self, "after_soft_rollback", _rolled_back)

    def forgetting(self) -> None:
        """Takes the memo away at the batch's end."""
        if self.memo is not None:
            self.memo.clear()
            self.memo = None
            event.remove(self, "after_flush", _flushed)
            event.remove(self, "do_orm_execute", _executing)
            event.remove(self, "after_soft_rollback", _rolled_back)


def _flushed(session: Session, _context: Any) -> None:
    """A flush wrote the session's new, changed and deleted objects: their tables are written."""
    if isinstance(session, Unit) and session.memo is not None and session.memo.values:
        for row in (*session.new, *session.dirty, *session.deleted):
            session.memo.written(table_of(type(row)).name)


def _executing(state: ORMExecuteState) -> None:
    """A statement run through the session that inserts, updates or deletes writes its table."""
    session = state.session
    if isinstance(session, Unit) and (state.is_insert or state.is_update or state.is_delete):
        table = getattr(state.statement, "table", None)
        if isinstance(table, Table):
            session.written(table)
        elif session.memo is not None:
            session.memo.clear()  # a write the statement does not name a table of: forget everything


def _rolled_back(session: Session, _transaction: SessionTransaction) -> None:
    """Work rolled back (the batch, or a savepoint in it): nothing read in it is remembered."""
    if isinstance(session, Unit) and session.memo is not None:
        session.memo.clear()
