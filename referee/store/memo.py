"""Lookups a batch answers again from memory: one mail of a batch after another asks the same
questions (whose token is this, when does this game's phase close), and the answers change only
when the tables they come from are written.

Inside ``Database.batch()`` the batch's session holds a ``Memo``. ``remember`` keeps a value read
with the tables it was read from; any statement of this thread or task that writes one of those
tables forgets it, and any rollback (of the batch or of one savepoint in it) forgets everything,
so that nothing read in work that was undone outlives it. A statement the memo cannot tell to be a
plain read or a write of named tables forgets everything too. Outside a batch nothing is kept.

On SQLite this is what the database would answer: the batch reads one snapshot and is the only
writer until it commits. On PostgreSQL another process may commit between two mails of a batch;
what it changes of a game the batch has locked waits for the batch anyway (a change to seats locks
the game first), and a change to another game's seats is seen from the next batch on.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable
from contextvars import ContextVar
from typing import Any, TypeVar

from sqlalchemy import event
from sqlalchemy.engine import Connection, Engine
from sqlmodel import Session

T = TypeVar("T")

MEMO = "memo"
"""The key of the batch's ``Memo`` in its session's ``info``."""

_OPEN: ContextVar[tuple[Engine, Memo] | None] = ContextVar("referee_memo", default=None)
"""The engine and memo of the batch open in this thread or task, if any."""

_WRITE = re.compile(
    r"\s*(?:INSERT\s+(?:OR\s+\w+\s+)?INTO|UPDATE|DELETE\s+FROM)\s+(?:\w+\.)?\"?(\w+)", re.IGNORECASE
)
_READ = re.compile(r"\s*(?:SELECT|SAVEPOINT|RELEASE)\b", re.IGNORECASE)


class Memo:
    """Values read inside one batch, each with the tables it was read from."""

    def __init__(self) -> None:
        self.values: dict[Hashable, tuple[frozenset[str], Any]] = {}

    def written(self, table: str) -> None:
        """Forgets every value read from ``table``."""
        self.values = {key: kept for key, kept in self.values.items() if table not in kept[0]}

    def clear(self) -> None:
        """Forgets everything."""
        self.values.clear()


def open_memo(session: Session, engine: Engine) -> object:
    """Gives the batch ``session`` on ``engine`` a memo; returns what ``close_memo`` needs."""
    if not event.contains(engine, "before_cursor_execute", _statement):
        event.listen(engine, "before_cursor_execute", _statement)
        event.listen(engine, "rollback", _rolled_back)
        event.listen(engine, "rollback_savepoint", _rolled_back)
    memo = Memo()
    session.info[MEMO] = memo
    return _OPEN.set((engine, memo))


def memo_of(session: Session) -> Memo:
    """The memo of the batch ``session``."""
    memo = session.info[MEMO]
    assert isinstance(memo, Memo)
    return memo


def close_memo(session: Session, opened: object) -> None:
    """Drops the memo of the batch ``session`` at its end."""
    _OPEN.reset(opened)  # type: ignore[arg-type]
    memo = session.info.pop(MEMO, None)
    if memo is not None:
        memo.clear()


def remember(session: Session, key: Hashable, tables: frozenset[str], read: Callable[[], T]) -> T:
    """``read()``, or what it gave when last called with ``key`` in this batch if none of ``tables``
    was written since (outside a batch, always ``read()``)."""
    memo: Memo | None = session.info.get(MEMO)
    if memo is None or not session.autoflush:  # no batch; or changes pending that a read would not see
        return read()
    session.flush()  # as the read would have: a pending change to one of the tables forgets the value
    found = memo.values.get(key)
    if found is not None:
        return found[1]  # type: ignore[no-any-return]
    value = read()
    memo.values[key] = (tables, value)
    return value


def keep(session: Session, key: Hashable, tables: frozenset[str], value: object) -> None:
    """Remembers ``value`` under ``key`` as read from ``tables`` now, inside a batch (outside one,
    nothing): for a value the batch itself has just written, so that it is not read back. What the
    session has pending is written first, so that it cannot make the value forgotten later."""
    memo: Memo | None = session.info.get(MEMO)
    if memo is None or not session.autoflush:
        return
    session.flush()
    memo.values[key] = (tables, value)


def _statement(connection: Connection, cursor: Any, statement: str, *rest: Any) -> None:
    """Forgets what a statement about to run in this thread or task may change."""
    opened = _OPEN.get()
    if opened is None or opened[0] is not connection.engine or not opened[1].values:
        return
    written = _WRITE.match(statement)
    if written is not None:
        opened[1].written(written.group(1).lower())
    elif _READ.match(statement) is None:
        opened[1].clear()


def _rolled_back(connection: Connection, *rest: Any) -> None:
    """Forgets everything when work in this thread or task is rolled back."""
    opened = _OPEN.get()
    if opened is not None and opened[0] is connection.engine:
        opened[1].clear()
