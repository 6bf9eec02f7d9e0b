"""The schedules of ``schedules/*.toml`` as the referee's timekeeper: deadlines and reminders per game."""

from __future__ import annotations

from datetime import datetime
from functools import cache
from typing import Any, Protocol
from zoneinfo import ZoneInfo

from referee.core.phases import Phase
from referee.schedule.clock import Shift, next_reminder, phase_deadline, reminders_passed
from referee.schedule.files import Schedule, ScheduleFolders, boundaries, load_schedule


class Scheduled(Protocol):
    """A game as a schedule sees it: the name of its schedule and its settings (``start``)."""

    schedule: str
    settings: dict[str, Any]


class ScheduleTimekeeper:
    """Deadlines and reminder times of games, read from the schedule files in ``folders``."""

    def __init__(self, folders: ScheduleFolders) -> None:
        self.folders = folders
        self.schedule = cache(self._load)

    def _load(self, name: str) -> Schedule:
        return load_schedule(name, self.folders)

    def deadline(
        self, row: Scheduled, phase: Phase, opened_at: datetime, shifts: list[Shift]
    ) -> datetime | None:
        """When ``phase`` of ``row`` closes by its schedule (None without a start on a calendar clock)."""
        start = row.settings.get("start")
        begun = datetime.fromisoformat(start) if start else None
        return phase_deadline(self.schedule(row.schedule), begun, phase.index, phase.stage, opened_at, shifts)

    def reminder(self, row: Scheduled, due_at: datetime | None, sent: int) -> datetime | None:
        """When the next reminder before ``due_at`` goes out."""
        return next_reminder(self.schedule(row.schedule), due_at, sent)

    def reminders_passed(self, row: Scheduled, due_at: datetime, sent: int, now: datetime) -> int:
        """How many reminders before ``due_at`` are due by ``now``."""
        return reminders_passed(self.schedule(row.schedule), due_at, sent, now)

    def zone(self, row: Scheduled) -> ZoneInfo:
        """The time zone of the game's schedule."""
        return self.schedule(row.schedule).timezone

    def boundaries(self, row: Scheduled, count: int) -> list[datetime]:
        """The ends of the game's first ``count`` phases on a calendar clock (``wall`` or ``elapsed``),
        from its start; empty for a ``phases`` clock or a game without a start."""
        schedule = self.schedule(row.schedule)
        start = row.settings.get("start")
        if schedule.clock == "phases" or not start:
            return []
        return boundaries(schedule, datetime.fromisoformat(start), count)
