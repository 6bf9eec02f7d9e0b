"""The calendar's side of the referee: which games are due, reminders, and the game-master's
controls of the clock (pause, resume, shift; TS-5).

Every change is one transaction that locks the game's row, so several processes may run
it at once: a boundary is resolved by exactly one of them (the others find the phase
closed and step aside), and a reminder is written once. A game whose rules fail is
stopped alone (``Containment``); the others go on.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta

from referee.app.errors import AlreadyResolved, GameStopped, RefereeError
from referee.app.play import Loaded, Resolved, lock, tell
from referee.app.timing import Timekeeper, retime
from referee.core.notices import Notice
from referee.schedule.clock import Shift
from referee.schedule.files import parse_duration
from referee.store.clocks import (
    as_utc,
    clock_row,
    clock_rows,
    due_rows,
    next_change,
    pauses_ending,
    reminders_due,
)
from referee.store.models import ClockRow
from referee.store.transactions import Database
from referee.store.unit import Unit

LOG = logging.getLogger("referee.calendar")


@dataclass(frozen=True)
class Due:
    """A game whose open phase ``phase`` closed at ``due_at`` and awaits resolution."""

    game_id: str
    phase: str
    due_at: datetime


def parse_shift(text: str) -> timedelta:
    """A signed duration as a game-master writes it: "30m", "+2h", "-15m" (raises ``ValueError``)."""
    amount = text.strip()
    sign = -1 if amount.startswith("-") else 1
    return sign * parse_duration(amount.lstrip("+-"))


class Calendar:
    """Deadlines and reminders of the games in ``database``, kept by ``timekeeper``."""

    def __init__(
        self,
        database: Database,
        timekeeper: Timekeeper,
        resolve: Callable[[str, datetime, str], Resolved],
        contain: Callable[[str, Exception, datetime], GameStopped],
    ) -> None:
        self.database = database
        self.timekeeper = timekeeper
        self._resolve = resolve
        self._contain = contain

    def clocks(self) -> list[ClockRow]:
        """Every game's clock, the soonest deadline first (games without one last)."""
        with self.database.reading() as session:
            return clock_rows(session)

    def clock(self, game_id: str) -> ClockRow | None:
        """The clock of ``game_id``; None for a game that has none yet."""
        with self.database.reading() as session:
            return clock_row(session, game_id)

    def due(self, now: datetime, limit: int = 100) -> list[Due]:
        """The games whose deadline is at or before ``now``, the earliest first (stopped games have none)."""
        with self.database.reading() as session:
            rows = due_rows(session, now, limit)
        return [Due(r.game_id, r.phase, as_utc(r.due_at)) for r in rows if r.due_at is not None]

    def resolve_due(self, due: Due) -> Resolved | None:
        """Resolves ``due`` as of its deadline; None if another process (or an early close) did first,
        or if the game's rules failed (the game is then stopped, and the others go on)."""
        try:
            return self._resolve(due.game_id, due.due_at, due.phase)
        except (AlreadyResolved, GameStopped):
            return None

    def remind(self, now: datetime, limit: int = 100) -> int:
        """Writes the reminders owed by ``now`` to the seats still awaited; returns how many games."""
        with self.database.reading() as session:
            games = reminders_due(session, now, limit)
        reminded = 0
        for game_id in games:
            try:
                with self.database.transaction() as session:
                    reminded += self._remind(session, game_id, now)
            except (RefereeError, ValueError):
                continue
            except Exception as error:  # one game's rules failing stops that game alone
                self._contain(game_id, error, now)
        return reminded

    def next_change(self) -> datetime | None:
        """The earliest boundary or end of a pause of any game (None if there is none): what is due at
        a moment is what falls at or before it."""
        with self.database.reading() as session:
            return next_change(session)

    def pauses_ending(self, until: datetime) -> list[tuple[str, datetime]]:
        """The games whose pause ends at or before ``until``, with when it ends, the earliest first."""
        with self.database.reading() as session:
            return [(c.game_id, as_utc(c.resume_at)) for c in pauses_ending(session, until) if c.resume_at]

    def _remind(self, session: Unit, game_id: str, now: datetime) -> bool:
        loaded = lock(session, game_id)
        clock = clock_row(session, game_id)
        if clock is None or clock.remind_at is None or clock.due_at is None or as_utc(clock.remind_at) > now:
            return False  # another process sent it, or the phase moved on
        due_at = as_utc(clock.due_at)
        phase = loaded.rules.phase(loaded.state)
        waiting = loaded.rules.waiting(loaded.state)
        if waiting and due_at > now:
            data = {"phase": phase.key, "label": phase.label}  # the deadline comes with every notice
            notices = [Notice("reminder", (seat,), {**data, "character": seat}) for seat in waiting]
            tell(session, game_id, phase.key, notices, now, loaded=loaded)
        clock.reminders_sent = self.timekeeper.reminders_passed(loaded.row, due_at, clock.reminders_sent, now)
        clock.remind_at = self.timekeeper.reminder(loaded.row, due_at, clock.reminders_sent)
        session.add(clock)
        return bool(waiting)

    def pause_work(
        self, game_id: str, now: datetime, until: datetime | None = None
    ) -> Callable[[Unit], tuple[ClockRow, str]]:
        """Stops the game's clock: nothing resolves until it is resumed (orders are still taken);
        with ``until``, it resumes by itself then."""
        if until is not None and until <= now:
            raise RefereeError("a pause must end after it begins")

        def work(session: Unit) -> tuple[ClockRow, str]:
            clock, loaded = self._change(session, game_id, now, pause=True)
            clock.resume_at = until
            session.add(clock)
            if until is None:
                return clock, f"{game_id} is paused at {clock.phase}: nothing is resolved until it is resumed"
            return clock, f"{game_id} is paused at {clock.phase} until {self.shown(loaded, until)}"

        return work

    def resume_work(self, game_id: str, now: datetime) -> Callable[[Unit], tuple[ClockRow, str]]:
        """Restarts a paused clock; the open phase and every later one move by the time paused."""

        def work(session: Unit) -> tuple[ClockRow, str]:
            clock, loaded = self._change(session, game_id, now, pause=False)
            return clock, f"{game_id} runs again; {clock.phase} ends at {self.shown(loaded, clock.due_at)}"

        return work

    def shift_work(
        self, game_id: str, by: timedelta, now: datetime, only: bool
    ) -> Callable[[Unit], tuple[ClockRow, str]]:
        """Moves the open phase's deadline by ``by``; with ``only``, later boundaries stay where they were."""

        def work(session: Unit) -> tuple[ClockRow, str]:
            clock, loaded = self._change(session, game_id, now, by=by, only=only)
            later = "" if only else "; later boundaries move with it"
            return clock, f"{game_id}: {clock.phase} now ends at {self.shown(loaded, clock.due_at)}{later}"

        return work

    def _change(
        self,
        session: Unit,
        game_id: str,
        now: datetime,
        *,
        pause: bool | None = None,
        by: timedelta | None = None,
        only: bool = False,
    ) -> tuple[ClockRow, Loaded]:
        loaded: Loaded = lock(session, game_id)
        if loaded.rules.finished(loaded.state):
            raise RefereeError(f"game {game_id!r} is over; its clock cannot change")
        clock = clock_row(session, game_id)
        if clock is None:
            raise RefereeError(f"game {game_id!r} has no calendar")
        phase = loaded.rules.phase(loaded.state)
        if pause is True:
            if clock.paused_at is not None:
                raise RefereeError(f"game {game_id!r} is paused already")
            clock.paused_at = now
        elif pause is False:
            if clock.paused_at is None:
                raise RefereeError(f"game {game_id!r} is not paused")
            paused = now - as_utc(clock.paused_at)
            clock.shifts = [*clock.shifts, Shift(phase.index, int(paused.total_seconds()), False).to_json()]
            clock.paused_at = clock.resume_at = None
        if by is not None:
            clock.shifts = [*clock.shifts, Shift(phase.index, int(by.total_seconds()), only).to_json()]
        retime(self.timekeeper, clock, loaded.row, phase, False)
        session.add(clock)
        return clock, loaded

    def shown(self, loaded: Loaded, moment: datetime | None) -> str:
        """A deadline as a game-master reads it: in the game's time zone, named, or "no deadline"."""
        if moment is None:
            return "no deadline"
        zone = self.timekeeper.zone(loaded.row)
        return f"{as_utc(moment).astimezone(zone):%Y-%m-%d %H:%M} ({zone.key})"
