"""What was written since a point: the rows that change what a page shows, read by their ids.

Every table a change of a game writes a row into has an ever-growing id: the events (with their
audience), the notices of the outbox (with their reader), the orders received, the game-master's
actions, the mail received and the rollbacks. ``highest`` reads the highest id of each in one
statement; ``written_since`` the rows above a ``Cursor`` (and those ids it was told to look at again)
in one statement too, whose every part is a range of a primary key (and a count of the notices
waiting to be sent, which their own index holds): nothing found costs next to nothing.
``after_commits`` calls back when a unit of work of an engine has committed.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from typing import Any
from weakref import WeakKeyDictionary

from sqlalchemy import (
    ColumnElement,
    String,
    Table,
    case,
    cast,
    event,
    func,
    literal,
    null,
    or_,
    select,
    union_all,
)
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.orm import Session

from referee.store.models import (
    AuditRow,
    EventRow,
    GameRow,
    InboundRow,
    NoticeRow,
    RollbackRow,
    SubmissionRow,
    table_of,
)
from referee.store.unit import Unit

EVENTS, NOTICES, SUBMISSIONS = table_of(EventRow), table_of(NoticeRow), table_of(SubmissionRow)
AUDIT, INBOUND, ROLLBACKS = table_of(AuditRow), table_of(InboundRow), table_of(RollbackRow)
GAMES = table_of(GameRow)

WHO: dict[str, Callable[[Table], ColumnElement[Any]]] = {
    EVENTS.name: lambda table: cast(table.c.audience, String),
    NOTICES.name: lambda table: table.c.recipient,
    SUBMISSIONS.name: lambda table: table.c.seat,
    AUDIT.name: lambda table: case((table.c.ok.is_(True), table.c.action), else_=null()),
    INBOUND.name: lambda table: null(),
    ROLLBACKS.name: lambda table: null(),
}
"""The tables read, and what each row says of who it concerns: the events' audience (as JSON text),
the reader of a notice, the seat that gave orders, the game-master's action carried out (a refused one:
nothing); nobody in particular for the others."""

WHAT: dict[str, Callable[[Table], ColumnElement[Any]]] = {
    EVENTS.name: lambda table: table.c.kind,
    NOTICES.name: lambda table: table.c.template,
}
"""What a row is, where it says (the kind of an event, a notice's template); null for the others."""

TABLES: dict[str, Table] = {
    table.name: table for table in (EVENTS, NOTICES, SUBMISSIONS, AUDIT, INBOUND, ROLLBACKS)
}

OUTBOX = "outbox"
"""The part of a reading that counts, per game, the notices waiting to be sent (its ``id``: how many)."""

Cursor = Mapping[str, int]
"""The highest id read of each table of ``TABLES`` (by its name)."""


@dataclass(frozen=True)
class Written:
    """One row written: its table, id and game (None for mail of no game), and whom it concerns (the
    events' audience as JSON text, a notice's reader, the seat that gave orders; None otherwise)."""

    table: str
    id: int
    game_id: str | None
    who: str | None
    what: str | None = None
    """The kind of an event, a notice's template (None for a row of another table)."""


def highest(connection: Connection) -> dict[str, int]:
    """The highest id of each table of ``TABLES`` (0 for an empty one), in one statement."""
    columns = [
        select(func.coalesce(func.max(table.c.id), 0)).scalar_subquery().label(name)
        for name, table in TABLES.items()
    ]
    row = connection.execute(select(*columns)).one()
    return {name: int(row._mapping[name]) for name in TABLES}


def written_since(
    connection: Connection, cursor: Cursor, again: Mapping[str, Collection[int]] | None = None
) -> list[Written]:
    """The rows of ``TABLES`` above ``cursor``, and those of ids ``again`` names (ids skipped by an
    earlier reading, whose transaction may not have committed then), in one statement; and per game the
    notices waiting to be sent (``OUTBOX``: the ``id`` of its rows is their number)."""
    again = again or {}
    parts = []
    for name, table in TABLES.items():
        where: ColumnElement[bool] = table.c.id > cursor.get(name, 0)
        if again.get(name):
            where = or_(where, table.c.id.in_(sorted(again[name])))
        parts.append(
            select(
                literal(name).label("source"),
                table.c.id.label("id"),
                table.c.game_id.label("game_id"),
                WHO[name](table).label("who"),
                WHAT[name](table).label("what") if name in WHAT else null().label("what"),
            ).where(where)
        )
    waiting = (NOTICES.c.sent_at.is_(None)) & (NOTICES.c.failed_at.is_(None))  # ix_notices_unsent alone
    parts.append(
        select(literal(OUTBOX).label("source"), func.count(), NOTICES.c.game_id, null(), null())
        .where(waiting)
        .group_by(NOTICES.c.game_id)
    )
    rows = connection.execute(union_all(*parts)).all()
    return [Written(str(r.source), int(r.id), r.game_id, r.who, r.what) for r in rows]


def events_read(connection: Connection, ids: Collection[int]) -> list[tuple[int, str, str, Any, Any]]:
    """The events numbered ``ids``: each one's id, the kind of its game, its kind, data and audience."""
    if not ids:
        return []
    query = (
        select(EVENTS.c.id, GAMES.c.kind, EVENTS.c.kind, EVENTS.c.data, EVENTS.c.audience)
        .join(GAMES, GAMES.c.id == EVENTS.c.game_id)
        .where(EVENTS.c.id.in_(sorted(ids)))
    )
    return [(int(r[0]), str(r[1]), str(r[2]), r[3], r[4]) for r in connection.execute(query).all()]


_CALLBACKS: WeakKeyDictionary[Engine, list[Callable[[], None]]] = WeakKeyDictionary()
"""Who is called back when a unit of work of an engine commits."""


def after_commits(engine: Engine, callback: Callable[[], None]) -> Callable[[], None]:
    """Calls ``callback`` (in the committing thread) after each commit of a unit of work on ``engine``;
    returns the function that stops it."""
    callbacks = _CALLBACKS.setdefault(engine, [])
    callbacks.append(callback)

    def stop() -> None:
        if callback in callbacks:
            callbacks.remove(callback)

    return stop


def _committed(session: Session) -> None:
    bind = session.bind
    for callback in list(_CALLBACKS.get(bind, ())) if isinstance(bind, Engine) else ():
        callback()


event.listen(Unit, "after_commit", _committed)
