"""Lookups a batch answers again from memory: one mail of a batch after another asks the same
questions (whose token is this, when does this game's phase close), and the answers change only
when the tables they come from are written.

Inside ``Database.batch()`` the batch's unit of work (``referee.store.unit.Unit``) holds a ``Memo``.
``remember`` keeps a value read with the tables it was read from; any write of the batch to one of
those tables forgets it, and any rollback (of the batch or of one savepoint in it) forgets everything,
so that nothing read in work that was undone outlives it. A write is known by what does it, never by
a statement's text: a flush of the ORM names the objects it writes, a statement run through the
session names its table, and a store function writing on the session's connection says which tables
it wrote (``Unit.written``); a write through the session whose table is not named forgets everything.
The rows a batch of mail keeps and writes itself (``referee.store.deferred``) are no change to any
value kept: none is read from their tables but the games, whose rows it keeps as saved (``keep``).
Outside a batch nothing is kept.

On SQLite this is what the database would answer: the batch reads one snapshot and is the only
writer until it commits. On PostgreSQL another process may commit between two mails of a batch;
what it changes of a game the batch has locked waits for the batch anyway (a change to seats locks
the game first), and a change to another game's seats is seen from the next batch on.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from referee.store.unit import Unit

T = TypeVar("T")


class Memo:
    """Values read inside one batch, each with the tables it was read from."""

    def __init__(self) -> None:
        self.values: dict[Hashable, tuple[frozenset[str], Any]] = {}

    def written(self, table: str) -> None:
        """Forgets every value read from ``table``."""
        if self.values:
            self.values = {key: kept for key, kept in self.values.items() if table not in kept[0]}

    def clear(self) -> None:
        """Forgets everything."""
        self.values.clear()


def remember(unit: Unit, key: Hashable, tables: frozenset[str], read: Callable[[], T]) -> T:
    """``read()``, or what it gave when last called with ``key`` in this batch if none of ``tables``
    was written since (outside a batch, always ``read()``)."""
    memo = unit.memo
    if memo is None or not unit.autoflush:  # no batch; or changes pending that a read would not see
        return read()
    unit.flush()  # as the read would have: a pending change to one of the tables forgets the value
    found = memo.values.get(key)
    if found is not None:
        kept: T = found[1]
        return kept
    value = read()
    memo.values[key] = (tables, value)
    return value


def keep(unit: Unit, key: Hashable, tables: frozenset[str], value: object) -> None:
    """Remembers ``value`` under ``key`` as read from ``tables`` now, inside a batch (outside one,
    nothing): for a value the batch itself has just written, so that it is not read back. What the
    unit has pending is written first, so that it cannot make the value forgotten later."""
    memo = unit.memo
    if memo is None or not unit.autoflush:
        return
    unit.flush()
    memo.values[key] = (tables, value)
