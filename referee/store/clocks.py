"""Each game's place on its calendar as rows of table ``clocks``, inside the caller's session.

The database holds the truth: when the open phase of every game closes, which reminders
are owed, whether the game-master paused it or shifted its boundaries. A scheduler only
asks which rows are due; any number of processes can ask.
"""

from __future__ import annotations

from collections.abc import Collection
from datetime import datetime
from functools import partial

from sqlalchemy import func
from sqlmodel import Session, col, select

from referee.core.utc import as_utc
from referee.store.memo import remember
from referee.store.models import ClockRow, GameRow
from referee.store.unit import Unit


def clock_row(session: Unit, game_id: str, *, lock: bool = False) -> ClockRow | None:
    """The clock of ``game_id``; None for a game that has none yet (inside a batch of boundaries, the
    clock the batch read and locked)."""
    batch = session.boundary
    if batch is not None and game_id in batch.clocks:
        found = batch.clocks[game_id]
        if found is None:  # none when the batch began: perhaps one made since
            return next(
                (new for new in session.new if isinstance(new, ClockRow) and new.game_id == game_id), None
            )
        return found
    return session.get(ClockRow, game_id, with_for_update=lock)


def due_at(session: Unit, game_id: str) -> datetime | None:
    """When the open phase of ``game_id`` stops taking orders: None when it has no deadline or the game
    no clock. Inside a batch, asked again, the answer it gave while ``clocks`` was not written since."""
    if session.boundary is not None:  # a batch of boundaries holds its games' clocks itself
        return _due_at(session, game_id)
    return remember(session, ("due_at", game_id), _CLOCKS, lambda: _due_at(session, game_id))


_CLOCKS = frozenset({ClockRow.__tablename__})


def expect_due(session: Unit, game_ids: Collection[str]) -> None:
    """Reads the clocks of ``game_ids`` in one query and remembers, inside a batch of mail, when each
    game's open phase stops taking orders, as ``due_at`` would answer it for each."""
    if not game_ids or session.memo is None or session.boundary is not None:
        return
    query = select(ClockRow).where(col(ClockRow.game_id).in_(sorted(game_ids)))
    due = {clock.game_id: clock.due_at for clock in session.exec(query).all()}
    for game_id in game_ids:
        remember(session, ("due_at", game_id), _CLOCKS, partial(due.get, game_id))


def _due_at(session: Unit, game_id: str) -> datetime | None:
    clock = clock_row(session, game_id)
    return None if clock is None else clock.due_at


def clock_rows(session: Session) -> list[ClockRow]:
    """Every game's clock, the soonest deadline first (games without one last)."""
    rows = list(session.exec(select(ClockRow)).all())
    return sorted(rows, key=lambda c: (c.due_at is None, c.due_at and as_utc(c.due_at), c.game_id))


def due_rows(session: Session, now: datetime, limit: int) -> list[ClockRow]:
    """The clocks whose deadline is at or before ``now``, the earliest first."""
    query = select(ClockRow).where(col(ClockRow.due_at).is_not(None), col(ClockRow.due_at) <= now)
    return list(session.exec(query.order_by(col(ClockRow.due_at), col(ClockRow.game_id)).limit(limit)).all())


def claim_due_rows(session: Session, now: datetime, limit: int) -> list[tuple[str, str, datetime]]:
    """The game, phase and deadline of up to ``limit`` clocks due at or before ``now``, the earliest
    first, of games no other transaction holds: their game rows are locked for ``session``'s
    transaction, and a game another process has locked (resolving it, or taking in its mail) is
    passed over, so that several processes resolving boundaries at once take different games
    (PostgreSQL's ``SKIP LOCKED``; SQLite, with one writer, has no row locks and ignores it)."""
    query = select(ClockRow.game_id, ClockRow.phase, ClockRow.due_at).join(
        GameRow, col(GameRow.id) == col(ClockRow.game_id)
    )
    query = query.where(col(ClockRow.due_at).is_not(None), col(ClockRow.due_at) <= now)
    query = query.order_by(col(ClockRow.due_at), col(ClockRow.game_id)).limit(limit)
    rows = session.exec(query.with_for_update(of=GameRow, skip_locked=True)).all()  # type: ignore[arg-type]  # SQLModel's exec() stubs do not accept a select with FOR UPDATE; it runs as written
    return [(game_id, phase, as_utc(due_at)) for game_id, phase, due_at in rows if due_at is not None]


def reminders_due(session: Session, now: datetime, limit: int) -> list[str]:
    """The games owing a reminder by ``now`` whose deadline is still ahead."""
    query = select(ClockRow.game_id).where(col(ClockRow.remind_at).is_not(None))
    query = query.where(col(ClockRow.remind_at) <= now, col(ClockRow.due_at) > now)
    return list(session.exec(query.limit(limit)).all())


def next_change(session: Session) -> datetime | None:
    """The earliest deadline or end of a pause of any clock (None if there is none)."""
    # Two queries: each finds its minimum at one end of its column's index, where one query asking
    # both would read the whole table.
    due = session.exec(select(func.min(ClockRow.due_at))).one()
    resume = session.exec(select(func.min(ClockRow.resume_at))).one()
    found = [as_utc(moment) for moment in (due, resume) if moment is not None]
    return min(found) if found else None


def pauses_ending(session: Session, now: datetime) -> list[ClockRow]:
    """The clocks whose pause ends at or before ``now``, the earliest first."""
    query = select(ClockRow).where(col(ClockRow.resume_at).is_not(None), col(ClockRow.resume_at) <= now)
    return list(session.exec(query.order_by(col(ClockRow.resume_at))).all())
