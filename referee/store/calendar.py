"""The scheduler's side of the store: which games are due, reminders, and the game-master's
controls of the calendar (pause, resume, shift, resolve now; TS-5).

Every operation is one transaction that locks the game's row, so several processes may
run it at once: a boundary is resolved by exactly one of them (the others find the
phase closed and step aside), and a reminder is written once.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlmodel import Session, col, select

from referee.core.notices import Notice
from referee.schedule.clock import Shift
from referee.store.clocks import as_utc, retime
from referee.store.games import AlreadyResolved, GameStore, Resolved, StoreError
from referee.store.models import ClockRow


@dataclass(frozen=True)
class Due:
    """A game whose open phase ``phase`` closed at ``due_at`` and awaits resolution."""

    game_id: str
    phase: str
    due_at: datetime


class Calendar:
    """Deadlines and reminders of the games in ``store`` (which needs a timekeeper)."""

    def __init__(self, store: GameStore) -> None:
        if store.timekeeper is None:
            raise ValueError("a calendar needs a store with a timekeeper")
        self.store = store
        self.timekeeper = store.timekeeper

    def clocks(self) -> list[ClockRow]:
        """Every game's clock, the soonest deadline first (games without one last)."""
        with Session(self.store.engine) as session:
            rows = list(session.exec(select(ClockRow)).all())
        return sorted(rows, key=lambda c: (c.due_at is None, c.due_at and as_utc(c.due_at), c.game_id))

    def clock(self, game_id: str) -> ClockRow | None:
        """The clock of ``game_id``; None for a game that has none yet."""
        with Session(self.store.engine) as session:
            return session.get(ClockRow, game_id)

    def due(self, now: datetime, limit: int = 100) -> list[Due]:
        """The games whose deadline is at or before ``now``, the earliest first."""
        with Session(self.store.engine) as session:
            query = select(ClockRow).where(col(ClockRow.due_at).is_not(None), col(ClockRow.due_at) <= now)
            rows = session.exec(
                query.order_by(col(ClockRow.due_at), col(ClockRow.game_id)).limit(limit)
            ).all()
            return [Due(r.game_id, r.phase, as_utc(r.due_at)) for r in rows if r.due_at is not None]

    def resolve_due(self, due: Due) -> Resolved | None:
        """Resolves ``due`` as of its deadline; None if another process (or an early close) did first."""
        try:
            return self.store.resolve(due.game_id, due.due_at, expected_phase=due.phase)
        except AlreadyResolved:
            return None

    def remind(self, now: datetime, limit: int = 100) -> int:
        """Writes the reminders owed by ``now`` to the seats still awaited; returns how many games."""
        with Session(self.store.engine) as session:
            query = select(ClockRow.game_id).where(col(ClockRow.remind_at).is_not(None))
            query = query.where(col(ClockRow.remind_at) <= now, col(ClockRow.due_at) > now)
            games = list(session.exec(query.limit(limit)).all())
        return sum(self._remind(game_id, now) for game_id in games)

    def _remind(self, game_id: str, now: datetime) -> bool:
        with self.store._transaction() as session:
            loaded = self.store._lock(session, game_id)
            clock = session.get(ClockRow, game_id)
            if (
                clock is None
                or clock.remind_at is None
                or clock.due_at is None
                or as_utc(clock.remind_at) > now
            ):
                return False  # another process sent it, or the phase moved on
            due_at = as_utc(clock.due_at)
            phase = loaded.rules.phase(loaded.state)
            waiting = loaded.rules.waiting(loaded.state)
            if waiting and due_at > now:
                data = {"phase": phase.key, "label": phase.label, "deadline": due_at.isoformat()}
                notices = [Notice("reminder", (seat,), {**data, "character": seat}) for seat in waiting]
                self.store._write_notices(session, game_id, phase.key, notices, now)
            clock.reminders_sent = self.timekeeper.reminders_passed(
                loaded.row, due_at, clock.reminders_sent, now
            )
            clock.remind_at = self.timekeeper.reminder(loaded.row, due_at, clock.reminders_sent)
            session.add(clock)
            return bool(waiting)

    def pause(self, game_id: str, now: datetime) -> ClockRow:
        """Stops the game's clock: nothing resolves until it is resumed (orders are still taken)."""
        return self._change(game_id, now, pause=True)

    def resume(self, game_id: str, now: datetime) -> ClockRow:
        """Restarts a paused clock; the open phase and every later one move by the time paused."""
        return self._change(game_id, now, pause=False)

    def shift(self, game_id: str, by: timedelta, now: datetime, *, only: bool = False) -> ClockRow:
        """Moves the open phase's deadline by ``by``; with ``only``, later boundaries stay where they were."""
        return self._change(game_id, now, by=by, only=only)

    def _change(
        self,
        game_id: str,
        now: datetime,
        *,
        pause: bool | None = None,
        by: timedelta | None = None,
        only: bool = False,
    ) -> ClockRow:
        with self.store._transaction() as session:
            loaded = self.store._lock(session, game_id)
            if loaded.rules.finished(loaded.state):
                raise StoreError(f"game {game_id!r} is over; its clock cannot change")
            clock = session.get(ClockRow, game_id)
            if clock is None:
                raise StoreError(f"game {game_id!r} has no calendar")
            phase = loaded.rules.phase(loaded.state)
            if pause is True:
                if clock.paused_at is not None:
                    raise StoreError(f"game {game_id!r} is paused already")
                clock.paused_at = now
            elif pause is False:
                if clock.paused_at is None:
                    raise StoreError(f"game {game_id!r} is not paused")
                paused = now - as_utc(clock.paused_at)
                clock.shifts = [
                    *clock.shifts,
                    Shift(phase.index, int(paused.total_seconds()), False).to_json(),
                ]
                clock.paused_at = None
            if by is not None:
                clock.shifts = [*clock.shifts, Shift(phase.index, int(by.total_seconds()), only).to_json()]
            retime(self.timekeeper, clock, loaded.row, phase, False)
            session.add(clock)
            return clock
