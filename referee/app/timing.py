"""Putting a game's open phase on its calendar: its deadline and next reminder, from its schedule.

The store keeps each game's clock row; this module decides what goes in it whenever a
phase opens, a game-master pauses or shifts it (TS-5), or a game stops on an error.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Protocol
from zoneinfo import ZoneInfo

from referee.core.phases import Phase
from referee.schedule.clock import Shift
from referee.store.clocks import as_utc, clock_row
from referee.store.models import ClockRow, GameRow
from referee.store.unit import Unit


class Timekeeper(Protocol):
    """Turns a game's schedule into deadlines and reminder times."""

    def deadline(
        self, row: GameRow, phase: Phase, opened_at: datetime, shifts: list[Shift]
    ) -> datetime | None:
        """When ``phase`` of the game ``row``, opened at ``opened_at``, closes (None: no deadline)."""
        ...

    def reminder(self, row: GameRow, due_at: datetime | None, sent: int) -> datetime | None:
        """When the next reminder is due after ``sent`` went out (None: no more)."""
        ...

    def reminders_passed(self, row: GameRow, due_at: datetime, sent: int, now: datetime) -> int:
        """How many reminders before ``due_at`` are due by ``now``."""
        ...

    def zone(self, row: GameRow) -> ZoneInfo:
        """The time zone of the game's schedule."""
        ...

    def boundaries(self, row: GameRow, count: int) -> list[datetime]:
        """The ends of the game's first ``count`` phases by its calendar, from its start (empty when
        the schedule fixes no calendar, or the game has no start)."""
        ...


def shifts_of(clock: ClockRow) -> list[Shift]:
    """The game-master's shifts recorded on ``clock``."""
    return [Shift.from_json(raw) for raw in clock.shifts]


def refresh_clock(
    session: Unit, timekeeper: Timekeeper, row: GameRow, rules: Any, state: Any, opened_at: datetime
) -> ClockRow:
    """Brings the clock of game ``row`` up to its state: a newly opened phase gets its deadline.

    A phase that is still the one on the clock keeps its deadline and reminders; a
    finished, paused or stopped game has no deadline. A reminder already due when its
    phase opens is not sent: the mail that opens the phase says the deadline (a night
    that goes on for an hour after its traps fire gets no reminder at the trap time).
    """
    clock = clock_row(session, row.id, lock=True)
    phase: Phase = rules.phase(state)
    opened = clock is None or clock.phase != phase.key
    if clock is None:
        clock = ClockRow(game_id=row.id, phase=phase.key, phase_index=phase.index, opened_at=opened_at)
    elif opened:
        clock.phase, clock.phase_index, clock.opened_at = phase.key, phase.index, opened_at
        clock.reminders_sent = 0
    retime(timekeeper, clock, row, phase, rules.finished(state))
    if opened and clock.due_at is not None:
        clock.reminders_sent = timekeeper.reminders_passed(row, as_utc(clock.due_at), 0, opened_at)
        clock.remind_at = timekeeper.reminder(row, clock.due_at, clock.reminders_sent)
    session.add(clock)
    return clock


def retime(timekeeper: Timekeeper, clock: ClockRow, row: GameRow, phase: Phase, finished: bool) -> None:
    """Sets ``clock``'s deadline and next reminder from its phase, shifts and pause."""
    if finished or clock.paused_at is not None or row.failed_at is not None:
        clock.due_at = clock.remind_at = None
        return
    clock.due_at = timekeeper.deadline(row, phase, as_utc(clock.opened_at), shifts_of(clock))
    clock.remind_at = timekeeper.reminder(row, clock.due_at, clock.reminders_sent)
