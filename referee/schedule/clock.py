"""When a game's open phase closes and when its reminders go out, given its schedule (TS-4, TS-5).

Pure functions of the schedule, the game's start, the phase and the game-master's
shifts. A calendar schedule (``wall`` or ``elapsed``) fixes every boundary from the
start; a ``phases`` schedule gives each phase a length from the moment it opened.
On a calendar schedule a phase whose stage names a mark of its segment (``traps``) ends
at that mark instead of at the segment's end; a shift of the segment moves its mark too.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from referee.schedule.files import Schedule, deadline, mark_time


@dataclass(frozen=True)
class Shift:
    """A game-master's shift of the boundary ending phase ``index`` by ``seconds`` (may be negative).

    ``only`` moves that one boundary; otherwise every later boundary moves with it
    (on a ``phases`` schedule later phases follow by themselves).
    """

    index: int
    seconds: int
    only: bool

    def to_json(self) -> dict[str, Any]:
        """The shift as JSON-ready data."""
        return {"index": self.index, "seconds": self.seconds, "only": self.only}

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> Shift:
        """The shift stored by ``to_json``."""
        return cls(int(raw["index"]), int(raw["seconds"]), bool(raw["only"]))


def phase_deadline(
    schedule: Schedule,
    start: datetime | None,
    index: int,
    stage: str,
    opened_at: datetime,
    shifts: Iterable[Shift] = (),
) -> datetime | None:
    """When the phase number ``index`` of stage ``stage``, opened at ``opened_at``, closes (UTC).

    None when it has no deadline: a calendar game without a start, or a stage the
    schedule gives no length. On a calendar clock a stage that names a mark of the
    segment (``traps``) closes the phase at that mark.
    """
    if schedule.clock == "phases":
        length = schedule.stages.get(stage)
        if length is None:
            return None
        base = opened_at + length
        moved = sum(s.seconds for s in shifts if s.index == index)
    else:
        if start is None:
            return None
        base = mark_time(schedule, start, index, stage) or deadline(schedule, start, index)
        moved = sum(s.seconds for s in shifts if s.index == index or (not s.only and s.index < index))
    return (base + timedelta(seconds=moved)).astimezone(UTC)


def next_reminder(schedule: Schedule, due_at: datetime | None, sent: int) -> datetime | None:
    """When the next reminder before ``due_at`` is due, after ``sent`` of them went out (None: no more)."""
    if due_at is None or sent >= len(schedule.reminders):
        return None
    return due_at - schedule.reminders[sent]


def reminders_passed(schedule: Schedule, due_at: datetime, sent: int, now: datetime) -> int:
    """How many of the schedule's reminders before ``due_at`` are due by ``now`` (at least ``sent``).

    A service that was down sends only the latest reminder owed, not every one it missed.
    """
    passed = sum(1 for before in schedule.reminders if due_at - before <= now)
    return max(sent, passed)
