"""What a batch of mail writes, kept in memory until a statement needs it or the batch ends.

A mail taken in writes the same handful of rows every time: the mail kept, the submission, its
events, its answer and the talk it relays to the outbox, and the game's snapshot. Written one
statement each, inside a savepoint each, they cost more than judging the mail. Inside
``Database.batch()`` they are kept here instead (``Deferred``), and each table's rows go to the
database in one ``executemany`` (``COPY`` on PostgreSQL) when the batch ends, or earlier, as soon as
any other statement names their table: a query of the outbox, the log or the games sees every row
the batch wrote before it, in the order written. A game's snapshot is written once per batch (the
last one saved), or when something reads or writes the games table.

Each part of the batch at its top (a mail) is a savepoint of the batch's own
(``Deferred.open_part``), which the database is asked to begin only before the part's first write;
the ORM's savepoints inside it are followed as the session follows them (its transaction events),
and a flush of the ORM's inside a part is given one of its own first, as a flush that fails rolls back
to the ORM's nearest savepoint. What a part of the batch wrote is forgotten when its savepoint is
rolled back, and rows written to the database inside a savepoint that is rolled back are kept
again, to be written later, as the database no longer holds them. A mail kept twice is found by its
Message-ID among the rows kept here as well as in the table (``kept_before``), and fails as the
unique index would make it fail.

Which tables a statement reads or writes, and whether it only reads, is asked of the statement
itself (the tables its expression holds; a SELECT that locks nothing), never of its text; a statement
given as text alone is taken to need everything written first. A ``Deferred`` is the ``rows`` of the
batch's unit of work (``referee.store.unit.Unit``): the unit's inserts come here while it is open.

Rows are written through the driver itself (``referee.store.bulk``), so that writing them tells the
batch's memo of no change (``referee.store.memo``): none of the values it keeps is read from these
tables but the games, whose rows it keeps as saved.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cache
from typing import Any

from sqlalchemy import Select, Table, TableClause, bindparam, event, inspect, select
from sqlalchemy.engine import Connection, Dialect, Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import SessionTransaction
from sqlalchemy.orm.attributes import set_committed_value
from sqlalchemy.sql import ClauseElement, TextClause
from sqlalchemy.sql.util import find_tables
from sqlmodel import Session

from referee.store.boundary import EVENTS, GAMES, NOTICES
from referee.store.bulk import Prepared, driver_cursor, prepare, update_rows, write_rows
from referee.store.models import GameRow, InboundRow, SubmissionRow, table_of
from referee.store.unit import Dump, Rows, Unit

INBOUND = table_of(InboundRow)
SUBMISSIONS = table_of(SubmissionRow)
"""Written with plain inserts, like the events and resolutions, without building ORM objects."""
TABLES = {table.name: table for table in (INBOUND, SUBMISSIONS, EVENTS, NOTICES)}
"""The tables whose rows a batch of mail keeps here, by name."""

KEPT = frozenset({*TABLES, GAMES.name})
"""The names of the tables whose rows (or, for the games, snapshots) a batch of mail keeps here."""

_OPEN: ContextVar[Deferred | None] = ContextVar("referee_deferred", default=None)
"""The ``Deferred`` of the batch open in this thread or task, if any."""


class Deferred:
    """Rows of one batch not yet written, and the game snapshots saved by it.

    ``rows`` holds every row added, in order, as [table, values, depth]: the depth is how many
    savepoints were open when the row was written to the database (None while it is not); ``marks``
    the savepoints open, each with how many rows and which snapshots there were when it began.
    """

    def __init__(self, connection: Connection, forget: Callable[[], None]) -> None:
        self.connection = connection
        """The batch's connection."""
        self.forget = forget
        """Called when a part is undone: the batch forgets what it remembers."""
        self.rows: list[list[Any]] = []
        self.unwritten: dict[str, int] = {}
        """How many rows of each table are not written yet."""
        self.deepest = 0
        """The greatest depth a row was written at (nothing to look for above it)."""
        self.message_ids: dict[str, int] = {}
        """The Message-ID of each mail kept, and its row's place in ``rows``."""
        self.snapshots: dict[str, dict[str, Any]] = {}
        """The columns of each game's last snapshot saved."""
        self.dirty: set[str] = set()
        """The games whose last snapshot is not written yet."""
        self.written: list[set[str]] = [set()]
        """For each depth, the games whose snapshot was written at it."""
        self.marks: list[_Mark] = []
        self.outer: Rows | None = None
        """Where rows of the tables not kept here go: the unit's ``rows`` before the batch."""
        self.part: Part | None = None
        """The part of the batch open at its top (one mail) (``open_part``), if any."""

    def waiting(self) -> bool:
        """Whether anything is not written yet."""
        return bool(self.dirty) or any(self.unwritten.values())

    # --- writing ------------------------------------------------------------------------------

    def add(self, table: Table, rows: list[dict[str, Any]]) -> None:
        """Keeps ``rows`` of ``table`` to be written later; rows of a table not kept here (not one of
        ``TABLES``) go where the unit wrote them before the batch (``outer``)."""
        if TABLES.get(table.name) is not table:
            if self.outer is None:
                raise ValueError(f"a batch of mail does not keep rows of {table.name}")
            self.outer.add(table, rows)
            return
        if table is INBOUND:
            for row in rows:
                self.message_ids[row["message_id"]] = len(self.rows)
                self.rows.append([table, row, None])
        else:
            self.rows.extend([table, row, None] for row in rows)
        self.unwritten[table.name] = self.unwritten.get(table.name, 0) + len(rows)

    def save(self, game_id: str, values: dict[str, Any], dump: Callable[[], dict[str, Any]]) -> None:
        """Keeps the snapshot columns ``values`` of game ``game_id`` to be written later, with its state
        as ``dump`` gives it then."""
        self.snapshots[game_id] = {**values, "state": dump}
        self.dirty.add(game_id)

    def snapshot(self, unit: Unit, row: GameRow, columns: dict[str, Any], dump: Dump) -> None:
        """Keeps the snapshot of a game in the database to be written once (``save``), the state
        dumped then; a game not written yet goes where the unit wrote snapshots before the batch."""
        if not inspect(row).persistent and self.outer is not None:
            self.outer.snapshot(unit, row, columns, dump)
            return
        self.save(row.id, columns, dump)
        for name, value in columns.items():
            set_committed_value(row, name, value)
        unit.expire(row, ["state"])  # read again, once written, if it is asked for

    def kept_before(self, message_id: str) -> bool:
        """Whether a mail with ``message_id`` was kept, by this batch or before it (asked on the batch's
        connection itself: a part that only reads and keeps rows here never makes the database begin
        its savepoint)."""
        if message_id in self.message_ids:
            return True
        query = _kept_query(self.connection.dialect)
        with driver_cursor(self.connection, query.text) as cursor:
            cursor.execute(query.text, query.params(message_id=message_id))
            return cursor.fetchone() is not None

    def write(self, names: set[str] | None = None) -> None:
        """Writes what is not written yet of the tables ``names`` (all when None; "games" for the
        snapshots), through the driver; it counts as written at the depth of savepoints now."""
        self.ensure_savepoint()
        depth = len(self.marks)
        for name, table in TABLES.items():
            if (names is None or name in names) and self.unwritten.get(name):
                found = [row for row in self.rows if row[0] is table and row[2] is None]
                write_rows(self.connection, table, [row[1] for row in found], plain=True)
                for row in found:
                    row[2] = depth
                self.unwritten[name] = 0
                self.deepest = max(self.deepest, depth)
        if self.dirty and (names is None or "games" in names):
            saved = [
                {"id": game_id, **self.snapshots[game_id], "state": self.snapshots[game_id]["state"]()}
                for game_id in sorted(self.dirty)
            ]
            update_rows(self.connection, GAMES, "id", saved, plain=True)
            self.written[depth] |= self.dirty
            self.dirty = set()

    # --- parts --------------------------------------------------------------------------------

    def open_part(self) -> Part:
        """Opens a part at the top of the batch (one mail): a savepoint that the database is
        asked to begin only before the part's first write (``ensure_savepoint``), so that a part that
        only reads and keeps rows here costs no statement and none of the ORM's bookkeeping."""
        part = self.part = Part(next(_PART_NAMES))
        self.begun(part.name)
        return part

    def ensure_savepoint(self) -> None:
        """Has the database begin the open part's savepoint, if there is a part and it has none yet:
        called before anything of the part is written."""
        part = self.part
        if part is not None and not part.savepoint:
            part.savepoint = True
            self._run(f"SAVEPOINT {_PART_SAVEPOINT}")

    def close_part(self, part: Part, session: Session, done: bool) -> None:
        """Ends ``part``: what it wrote is kept when ``done``, else undone (its savepoint rolled back,
        its rows and snapshots forgotten, and what the batch remembers with them: ``forget``). A
        savepoint of the ORM's begun to protect one of its flushes ends with it."""
        self.part = None
        orm = part.orm
        try:
            if orm is not None and session.get_nested_transaction() is orm:
                if not (done and orm.is_active):
                    done = False
                    orm.rollback()
                else:
                    try:
                        orm.commit()
                    except BaseException:
                        done = False
                        if session.get_nested_transaction() is orm:
                            orm.rollback()
                        raise
        finally:
            if part.savepoint:
                if not done:
                    self._run(f"ROLLBACK TO SAVEPOINT {_PART_SAVEPOINT}")
                self._run(f"RELEASE SAVEPOINT {_PART_SAVEPOINT}")
            if done:
                self.released(part.name)
            else:
                self.rolled_back(part.name)
                self.forget()

    def _run(self, statement: str) -> None:
        with driver_cursor(self.connection, statement) as cursor:
            cursor.execute(statement)

    # --- savepoints ---------------------------------------------------------------------------

    def begun(self, name: int) -> None:
        """A savepoint called ``name`` began."""
        self.marks.append(_Mark(name, len(self.rows), dict(self.snapshots), set(self.dirty)))
        self.written.append(set())

    def released(self, name: int) -> None:
        """The savepoint ``name`` (with any begun inside it) ended well: what was written inside it
        now belongs to the one around it."""
        while self.marks:
            mark, depth = self.marks.pop(), len(self.marks)  # rows inside it were written deeper
            self.written[depth] |= self.written.pop()
            if self.deepest > depth:
                for row in self.rows:
                    if row[2] is not None and row[2] > depth:
                        row[2] = depth
                self.deepest = depth
            if mark.name == name:
                return

    def rolled_back(self, name: int) -> None:
        """The savepoint ``name`` (with any begun inside it) was rolled back: the rows added inside it
        are forgotten, those written inside it are to be written again, and the snapshots are as
        they were when it began."""
        while self.marks:
            mark, depth = self.marks.pop(), len(self.marks)
            undone = self.written.pop()
            for table, _, written in self.rows[mark.rows :]:
                if written is None:
                    self.unwritten[table.name] -= 1
            del self.rows[mark.rows :]
            if self.deepest > depth:
                for row in self.rows:
                    if row[2] is not None and row[2] > depth:
                        row[2] = None
                        self.unwritten[row[0].name] = self.unwritten.get(row[0].name, 0) + 1
                self.deepest = depth
            self.message_ids = {key: at for key, at in self.message_ids.items() if at < mark.rows}
            self.snapshots = mark.snapshots
            self.dirty = mark.dirty | (undone & set(mark.snapshots))
            if mark.name == name:
                return


@dataclass(frozen=True)
class _Mark:
    """A savepoint open: its name (the session's transaction's id), how many rows were added before
    it, and the snapshots then."""

    name: int
    rows: int
    snapshots: dict[str, dict[str, Any]]
    dirty: set[str]


@dataclass
class Part:
    """A part open at the top of a batch (one mail): its name among the savepoints, whether the database
    has begun its savepoint, and the ORM's savepoint begun inside it to protect a flush, if any."""

    name: int
    savepoint: bool = False
    orm: SessionTransaction | None = None


_PART_NAMES = itertools.count(-1, -1)
"""Names of parts among the savepoints followed (the ORM's are the ids of its transactions)."""
_PART_SAVEPOINT = "referee_part"
"""The name of a part's savepoint (one is open at a time)."""


@cache
def _kept_query(dialect: Dialect) -> Prepared:
    """The query for a kept mail's Message-ID (unique), compiled once for ``dialect``."""
    query = select(INBOUND.c.id).where(INBOUND.c.message_id == bindparam("message_id"))
    return prepare(query, dialect, ("message_id",))


@contextmanager
def deferring(session: Unit, engine: Engine, forget: Callable[[], None]) -> Iterator[Deferred]:
    """A ``Deferred`` open on the batch of mail ``session`` for the block, as its ``deferred`` and its
    ``rows``; what it holds at the end is written then (an error from the block leaves it unwritten:
    the batch is rolled back). It follows the session's savepoints, which may end before any statement
    made the database begin them; ``forget`` is called whenever one is rolled back."""
    if not event.contains(engine, "before_execute", _statement):
        event.listen(engine, "before_execute", _statement)
    deferred = Deferred(session.connection(), forget)  # the batch's own: other connections write at once
    committed: set[int] = set()

    def created(_: Session, transaction: SessionTransaction) -> None:
        if transaction.nested:
            deferred.begun(id(transaction))

    def commit(_: Session) -> None:  # called while the savepoint committing is still the session's
        transaction = session.get_nested_transaction()
        if transaction is not None:
            committed.add(id(transaction))

    def ended(_: Session, transaction: SessionTransaction) -> None:
        if not transaction.nested:
            return
        if id(transaction) in committed:
            committed.discard(id(transaction))
            deferred.released(id(transaction))
        else:
            deferred.rolled_back(id(transaction))
            forget()

    def flushing(_: Session, *rest: Any) -> None:
        # A flush that fails rolls back up to the nearest savepoint of the ORM's: inside a part, with
        # none open, that would be the whole batch. One is begun first.
        part = deferred.part
        if part is not None and part.orm is None and session.get_nested_transaction() is None:
            deferred.ensure_savepoint()
            part.orm = session.begin_nested()

    hooks = (
        ("before_flush", flushing),
        ("after_transaction_create", created),
        ("after_commit", commit),
        ("after_transaction_end", ended),
    )
    for name, hook in hooks:
        event.listen(session, name, hook)
    before = deferred.outer = session.rows
    session.deferred = session.rows = deferred
    opened = _OPEN.set(deferred)
    try:
        yield deferred
        deferred.write()
    finally:
        _OPEN.reset(opened)
        session.deferred, session.rows = None, before
        for name, hook in hooks:
            event.remove(session, name, hook)


def _statement(connection: Connection, statement: object, *rest: Any) -> None:
    """Before a statement runs on the batch's connection: begins the open part's savepoint if the
    statement may write or lock, and writes first what this batch keeps of the tables it names."""
    deferred = _OPEN.get()
    if deferred is None or deferred.connection is not connection:
        return
    if deferred.part is not None and not deferred.part.savepoint and not _plain_read(statement):
        deferred.ensure_savepoint()  # the part's first write: its savepoint first
    if not deferred.waiting():
        return
    names = _tables_named(statement)
    if names is None or names:
        deferred.write(names)


def _plain_read(statement: object) -> bool:
    """Whether ``statement`` is a SELECT that locks nothing: one a part may run before its savepoint
    begins."""
    return isinstance(statement, Select) and getattr(statement, "_for_update_arg", None) is None


def _tables_named(statement: object) -> set[str] | None:
    """The tables kept here that ``statement`` reads or writes, as its expression holds them (None:
    a statement given as text, which may name any)."""
    if not isinstance(statement, ClauseElement) or isinstance(statement, TextClause):
        return None
    found = find_tables(statement, check_columns=True, include_crud=True)
    return {table.name for table in found if isinstance(table, TableClause) and table.name in KEPT}


def duplicate(message_id: str) -> IntegrityError:
    """The error the unique index of ``inbound`` raises for a mail kept twice."""
    return IntegrityError(
        "INSERT INTO inbound", None, Exception(f"UNIQUE constraint failed: inbound.message_id {message_id}")
    )
