"""Schedule files: what they say, how they are checked, and where their boundaries fall.

A schedule file (``schedules/<name>.toml``) describes one game day as a list of
segments. For Ten Sailors (TS-4) these are the night and four game hours; TS-5 lets
a game-master shift the boundaries, so they live in a file rather than in code::

    [schedule]
    name = "ten-sailors-daily"    # must equal the file name without ".toml"
    kind = "ten-sailors"          # the game the schedule is meant for
    description = "..."           # optional, free text
    clock = "wall"                # "wall" or "elapsed", see below
    timezone = "Europe/Moscow"    # IANA time zone name
    starts_at = "20:00"           # wall clocks only: local time at which the day begins
    reminders = ["60m", "15m"]    # optional: reminders this long before each boundary

    [[segments]]                  # one table per segment, in order
    name = "night"
    ends = "10:00"                # wall clocks only: local end time ...
    # duration = "14h"            # ... or a duration ("14h", "2h30m", "2m", "45s")
    traps_at = "09:00"            # optional, first segment only: local time ...
    # traps_after = "13h"         # ... or an offset from the segment's start

The trap time is a *mark*: a named moment inside the day's first segment. A game may
split that segment into two phases, the first of which ends at the mark (its stage names
the mark, see :func:`mark_time`); the segment's end stays where it is.

A short game whose phases end early when every awaited player has acted uses
``clock = "phases"``: no segments, but a ``[stages]`` table giving how long each kind
of phase stays open from the moment it opens (the rules name a phase's stage)::

    [schedule]
    name = "museum-suspects"
    kind = "museum-suspects"
    clock = "phases"
    timezone = "Europe/Moscow"

    [stages]
    turn = "24h"

``clock = "wall"`` declares a 24-hour day of local clock times: the segments must add
up to exactly 24 hours and their ends stay at the same local times when the zone
changes to or from summer time. ``clock = "elapsed"`` declares plain durations that
follow one another from the start of the game (a compressed schedule for demos and
tests); the zone then only says how times are shown. All functions are pure: they
read files and compute datetimes, nothing else.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, time, timedelta
from pathlib import Path
from typing import Any, Literal
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

__all__ = [
    "TRAPS",
    "Clock",
    "Schedule",
    "ScheduleError",
    "ScheduleFolders",
    "Segment",
    "available_schedules",
    "boundaries",
    "deadline",
    "load_schedule",
    "mark_time",
    "parse_duration",
    "schedule_file",
    "trap_time",
]

Clock = Literal["wall", "elapsed", "phases"]

SUFFIX = ".toml"
TRAPS = "traps"
"""The name of the trap time as a mark of the first segment (TS-4: 09:00 of the night)."""
DAY = timedelta(hours=24)

_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]*")
_DURATION = re.compile(r"(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?")
_CLOCK_TIME = re.compile(r"(\d{1,2}):(\d{2})(?::(\d{2}))?")

_SCHEDULE_KEYS = {"name", "kind", "description", "clock", "timezone", "starts_at", "reminders"}
_SEGMENT_KEYS = {"name", "ends", "duration", "traps_at", "traps_after"}


class ScheduleError(ValueError):
    """A schedule that cannot be found or whose file is not a valid schedule."""


@dataclass(frozen=True)
class Segment:
    """One segment of a game day.

    ``duration`` is the nominal length (for a wall clock: on a day without a clock
    change); ``ends`` is the local end time on a wall clock and None on an elapsed one.
    """

    name: str
    duration: timedelta
    ends: time | None = None


@dataclass(frozen=True)
class Schedule:
    """A loaded schedule: one game day's segments, repeated for as long as a game lasts.

    ``traps_at`` is the offset of the trap time from the start of the first segment
    (the night), or None if the schedule has no traps. ``reminders`` are sorted from
    the longest to the shortest. ``starts_at`` is set for wall clocks only.
    """

    name: str
    kind: str
    timezone: ZoneInfo
    clock: Clock
    segments: tuple[Segment, ...]
    reminders: tuple[timedelta, ...] = ()
    traps_at: timedelta | None = None
    starts_at: time | None = None
    description: str = ""
    stages: dict[str, timedelta] = field(default_factory=dict)

    @property
    def day_length(self) -> timedelta:
        """The nominal length of one game day (24 hours for a wall clock)."""
        return sum((segment.duration for segment in self.segments), timedelta())

    @property
    def marks(self) -> dict[str, timedelta]:
        """The named moments inside the first segment, as offsets from its start (``traps``)."""
        return {} if self.traps_at is None else {TRAPS: self.traps_at}

    @property
    def segment_names(self) -> tuple[str, ...]:
        """The names of the day's segments, in order."""
        return tuple(segment.name for segment in self.segments)


def parse_duration(text: str) -> timedelta:
    """The duration written as e.g. ``"14h"``, ``"2h30m"``, ``"2m"`` or ``"45s"`` (raises ``ValueError``)."""
    match = _DURATION.fullmatch(text.strip().lower()) if isinstance(text, str) else None
    if match is None or not any(match.groups()):
        raise ValueError(f'{text!r} is not a duration; write e.g. "14h", "2h30m", "2m" or "45s"')
    hours, minutes, seconds = (int(group or 0) for group in match.groups())
    return timedelta(hours=hours, minutes=minutes, seconds=seconds)


ScheduleFolders = Path | Sequence[Path]
"""Where schedules are looked for: one folder, or several in order (the game-master's own first, then
the shipped ones: a file of the same name in an earlier folder wins)."""


def _folders(folders: ScheduleFolders) -> tuple[Path, ...]:
    return (folders,) if isinstance(folders, Path) else tuple(folders)


def available_schedules(folders: ScheduleFolders) -> list[str]:
    """The names of the schedules in ``folders``, sorted (empty if none exists)."""
    return sorted(
        {
            path.stem
            for folder in _folders(folders)
            if folder.is_dir()
            for path in folder.glob(f"*{SUFFIX}")
            if path.is_file()
        }
    )


def schedule_file(name: str, folders: ScheduleFolders) -> Path | None:
    """The file of schedule ``name``: in the first of ``folders`` that holds one, else None."""
    name = name.removesuffix(SUFFIX)
    if not _NAME.fullmatch(name):
        return None
    files = (folder / f"{name}{SUFFIX}" for folder in _folders(folders))
    return next((file for file in files if file.is_file()), None)


def load_schedule(name: str, folders: ScheduleFolders) -> Schedule:
    """The schedule ``name`` read from ``<name>.toml`` in the first of ``folders`` that holds it.

    Raises ``ScheduleError`` with a message fit for a game-master if there is no such
    file (the message lists the available ones), the file is not valid TOML, a key is
    missing, unknown or malformed, the time zone is unknown, or the segments of a
    wall-clock day do not add up to 24 hours.
    """
    if name.endswith(SUFFIX):
        name = name[: -len(SUFFIX)]
    if not _NAME.fullmatch(name):
        raise ScheduleError(f"{name!r} is not a schedule name (letters, digits, '-', '_' and '.' only)")
    path = schedule_file(name, folders)
    if path is None:
        available = ", ".join(available_schedules(folders)) or "(none)"
        where = " or ".join(folder.as_posix().rstrip("/") + "/" for folder in _folders(folders))
        raise ScheduleError(f"no schedule named {name!r} in {where}; available: {available}")
    try:
        with path.open("rb") as handle:
            data = tomllib.load(handle)
    except tomllib.TOMLDecodeError as error:
        raise ScheduleError(f"{path}: not valid TOML: {error}") from error
    except OSError as error:
        raise ScheduleError(f"{path}: cannot be read: {error}") from error
    try:
        return _build(name, data)
    except ScheduleError as error:
        raise ScheduleError(f"{path}: {error}") from None


def boundaries(schedule: Schedule, start: datetime, count: int) -> list[datetime]:
    """The ends of the first ``count`` segments of a game that starts at ``start``.

    Segments come in the order night 0, hour 1 … hour 4, night 1, … (the schedule's
    segments, repeated). ``start`` (timezone-aware) is the beginning of night 0, the
    arrival evening. On a wall clock night 0 ends at the first occurrence of the first
    segment's end time after ``start``, and every boundary falls on its local time,
    whatever changes of summer time happen in between; a local time that a clock
    change skips is moved forward by the gap. On an elapsed clock the boundaries are
    ``start`` plus the durations. The results are in the schedule's time zone; note that
    Python subtracts two datetimes of the same zone by their wall times, so convert to
    UTC before measuring how long a segment really lasts.
    """
    _check_start(start)
    if count < 0:
        raise ValueError(f"count must not be negative, got {count}")
    if schedule.clock == "wall":
        ends = _wall_ends(schedule, start)
        return [_localize(next(ends), schedule.timezone) for _ in range(count)]
    result: list[datetime] = []
    moment = start.astimezone(UTC)
    for index in range(count):
        moment += schedule.segments[index % len(schedule.segments)].duration
        result.append(moment.astimezone(schedule.timezone))
    return result


def deadline(schedule: Schedule, start: datetime, index: int) -> datetime:
    """When segment number ``index`` (0 is night 0) of a game started at ``start`` ends."""
    return boundaries(schedule, start, index + 1)[-1]


def trap_time(schedule: Schedule, start: datetime, night: int) -> datetime:
    """When the traps of night ``night`` fire (night 0: the arrival evening) in a game starting at ``start``.

    Raises ``ValueError`` if the schedule has no traps. Like :func:`boundaries`, a wall
    clock keeps the local time (09:00 stays 09:00 across a change of summer time).
    """
    _check_start(start)
    if schedule.traps_at is None:
        raise ValueError(f"schedule {schedule.name!r} has no traps")
    if night < 0:
        raise ValueError(f"night must not be negative, got {night}")
    first = schedule.segments[0]
    if schedule.clock == "wall":
        ends = _wall_ends(schedule, start)
        for _ in range(night * len(schedule.segments)):
            next(ends)
        night_end = next(ends)
        return _localize(night_end - first.duration + schedule.traps_at, schedule.timezone)
    night_start = start.astimezone(UTC) + night * schedule.day_length
    return (night_start + schedule.traps_at).astimezone(schedule.timezone)


def mark_time(schedule: Schedule, start: datetime, index: int, mark: str) -> datetime | None:
    """When the mark ``mark`` falls inside segment number ``index`` of a game started at ``start``.

    None when that segment has no such mark: the schedule does not declare it, or segment
    ``index`` is not a first segment of the day (marks belong to the night, TS-4).
    """
    if mark not in schedule.marks or index < 0 or index % len(schedule.segments):
        return None
    return trap_time(schedule, start, index // len(schedule.segments))


# -- internals -------------------------------------------------------------------------


def _check_start(start: datetime) -> None:
    if start.tzinfo is None or start.utcoffset() is None:
        raise ValueError(f"start must be timezone-aware, got {start.isoformat()}")


def _localize(naive: datetime, zone: ZoneInfo) -> datetime:
    """The aware datetime for a local wall time; a skipped time moves forward by the gap."""
    return naive.replace(tzinfo=zone, fold=0).astimezone(UTC).astimezone(zone)


def _wall_ends(schedule: Schedule, start: datetime) -> Iterator[datetime]:
    """The naive local wall times at which the segments end, from night 0 on, forever."""
    zone = schedule.timezone
    first_end = schedule.segments[0].ends
    assert first_end is not None  # guaranteed by _build for wall clocks
    local = start.astimezone(zone).replace(tzinfo=None)
    cursor = datetime.combine(local.date(), first_end)
    while _localize(cursor, zone).astimezone(UTC) <= start.astimezone(UTC):
        cursor += timedelta(days=1)
    index = 0
    while True:
        yield cursor
        index += 1
        cursor += schedule.segments[index % len(schedule.segments)].duration


def _build(name: str, data: dict[str, Any]) -> Schedule:
    _no_unknown_keys(data, {"schedule", "segments", "stages"}, "the file")
    head = data.get("schedule")
    if not isinstance(head, dict):
        raise ScheduleError("missing the [schedule] table")
    _no_unknown_keys(head, _SCHEDULE_KEYS, "[schedule]")

    declared = head.get("name", name)
    if declared != name:
        raise ScheduleError(f"[schedule] name is {declared!r} but the file is named {name!r}{SUFFIX}")
    kind = _required_text(head, "kind", "[schedule]")
    description = head.get("description", "")
    if not isinstance(description, str):
        raise ScheduleError("[schedule] description must be a string")

    clock = head.get("clock")
    if clock not in ("wall", "elapsed", "phases"):
        raise ScheduleError(
            f'[schedule] clock must be "wall" (a 24-hour day of local clock times), '
            f'"elapsed" (plain durations) or "phases" (each phase from its opening), got {clock!r}'
        )
    zone = _zone(_required_text(head, "timezone", "[schedule]"))
    reminders = _reminders(head.get("reminders", []))
    if clock == "phases":
        return _phases_schedule(name, kind, zone, reminders, description, data)

    if "stages" in data:
        raise ScheduleError('[stages] needs clock = "phases"')
    raw_segments = data.get("segments")
    if not isinstance(raw_segments, list) or not raw_segments:
        raise ScheduleError("no segments: add one [[segments]] table per segment of the day")
    for number, raw in enumerate(raw_segments, start=1):
        if not isinstance(raw, dict):
            raise ScheduleError(f"segment {number} must be a [[segments]] table")
        _no_unknown_keys(raw, _SEGMENT_KEYS, f"segment {number}")
        if number > 1 and ("traps_at" in raw or "traps_after" in raw):
            raise ScheduleError(f"segment {number}: traps can only be set on the first segment (the night)")

    if clock == "wall":
        if "starts_at" not in head:
            raise ScheduleError('[schedule] starts_at is required with clock = "wall" (e.g. "20:00")')
        starts_at = _clock_time(head["starts_at"], "[schedule] starts_at")
        segments = _wall_segments(raw_segments, starts_at)
        total = sum((segment.duration for segment in segments), timedelta())
        if total != DAY:
            raise ScheduleError(
                f"the segments add up to {_show(total)}, but a wall-clock day must last exactly 24h "
                f"(the last segment should end at starts_at = {starts_at:%H:%M})"
            )
        traps_at = _wall_traps(raw_segments[0], starts_at, segments[0])
    else:
        if "starts_at" in head:
            raise ScheduleError('[schedule] starts_at only makes sense with clock = "wall"')
        starts_at = None
        segments = _elapsed_segments(raw_segments)
        traps_at = _traps_after(raw_segments[0], segments[0])
        if "traps_at" in raw_segments[0]:
            raise ScheduleError('segment 1: traps_at needs clock = "wall"; use traps_after = "<duration>"')

    names = [segment.name for segment in segments]
    duplicates = sorted({segment for segment in names if names.count(segment) > 1})
    if duplicates:
        raise ScheduleError(f"segment names must be unique; repeated: {', '.join(duplicates)}")

    return Schedule(
        name=name,
        kind=kind,
        timezone=zone,
        clock=clock,
        segments=tuple(segments),
        reminders=reminders,
        traps_at=traps_at,
        starts_at=starts_at,
        description=description,
    )


def _phases_schedule(
    name: str,
    kind: str,
    zone: ZoneInfo,
    reminders: tuple[timedelta, ...],
    description: str,
    data: dict[str, Any],
) -> Schedule:
    if "segments" in data:
        raise ScheduleError('clock = "phases" takes a [stages] table, not [[segments]]')
    raw = data.get("stages")
    if not isinstance(raw, dict) or not raw:
        raise ScheduleError('clock = "phases" needs a [stages] table, e.g. turn = "24h"')
    stages = {str(stage): _positive_duration(value, f"[stages] {stage}") for stage, value in raw.items()}
    return Schedule(
        name=name, kind=kind, timezone=zone, clock="phases", segments=(), reminders=reminders,
        description=description, stages=stages,
    )  # fmt: skip


def _wall_segments(raw_segments: list[dict[str, Any]], starts_at: time) -> list[Segment]:
    segments: list[Segment] = []
    cursor = _seconds(starts_at)
    for number, raw in enumerate(raw_segments, start=1):
        where = f"segment {number}"
        name = _required_text(raw, "name", where)
        where = f"segment {number} ({name})"
        if ("ends" in raw) == ("duration" in raw):
            raise ScheduleError(f"{where}: give exactly one of ends (a local time) or duration")
        if "ends" in raw:
            ends = _clock_time(raw["ends"], f"{where} ends")
            duration = timedelta(seconds=(_seconds(ends) - cursor) % 86400)
            if not duration:
                raise ScheduleError(f"{where}: ends at {ends:%H:%M}, the moment it starts")
        else:
            duration = _positive_duration(raw["duration"], f"{where} duration")
            ends = _time_of_day(cursor + int(duration.total_seconds()))
        segments.append(Segment(name=name, duration=duration, ends=ends))
        cursor = _seconds(ends)
    return segments


def _elapsed_segments(raw_segments: list[dict[str, Any]]) -> list[Segment]:
    segments: list[Segment] = []
    for number, raw in enumerate(raw_segments, start=1):
        name = _required_text(raw, "name", f"segment {number}")
        where = f"segment {number} ({name})"
        if "ends" in raw:
            raise ScheduleError(f'{where}: ends needs clock = "wall"; use duration = "<duration>"')
        if "duration" not in raw:
            raise ScheduleError(f'{where}: duration is required (e.g. "2m")')
        segments.append(Segment(name=name, duration=_positive_duration(raw["duration"], f"{where} duration")))
    return segments


def _wall_traps(raw: dict[str, Any], starts_at: time, night: Segment) -> timedelta | None:
    if "traps_at" in raw and "traps_after" in raw:
        raise ScheduleError(f"segment 1 ({night.name}): give traps_at or traps_after, not both")
    if "traps_at" not in raw:
        return _traps_after(raw, night)
    at = _clock_time(raw["traps_at"], f"segment 1 ({night.name}) traps_at")
    offset = timedelta(seconds=(_seconds(at) - _seconds(starts_at)) % 86400)
    if not timedelta() < offset <= night.duration:
        raise ScheduleError(
            f"segment 1 ({night.name}): traps_at = {at:%H:%M} is not within the segment "
            f"({starts_at:%H:%M}-{night.ends:%H:%M})"
        )
    return offset


def _traps_after(raw: dict[str, Any], night: Segment) -> timedelta | None:
    if "traps_after" not in raw:
        return None
    where = f"segment 1 ({night.name}) traps_after"
    offset = _positive_duration(raw["traps_after"], where)
    if offset > night.duration:
        raise ScheduleError(f"{where} = {_show(offset)} is longer than the segment ({_show(night.duration)})")
    return offset


def _reminders(raw: Any) -> tuple[timedelta, ...]:
    if not isinstance(raw, list):
        raise ScheduleError('[schedule] reminders must be a list of durations, e.g. ["60m", "15m"]')
    values = {_positive_duration(item, "[schedule] reminders") for item in raw}
    return tuple(sorted(values, reverse=True))


def _zone(name: str) -> ZoneInfo:
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise ScheduleError(
            f"[schedule] timezone {name!r} is not a known time zone; use an IANA name "
            f'such as "Europe/Moscow", "Europe/Berlin" or "UTC"'
        ) from None


def _positive_duration(raw: Any, where: str) -> timedelta:
    try:
        value = parse_duration(raw)
    except ValueError as error:
        raise ScheduleError(f"{where}: {error}") from None
    if not value:
        raise ScheduleError(f"{where}: must be longer than zero")
    return value


def _clock_time(raw: Any, where: str) -> time:
    if isinstance(raw, time):
        value = raw
    else:
        match = _CLOCK_TIME.fullmatch(raw.strip()) if isinstance(raw, str) else None
        hours, minutes, seconds = (int(group or 0) for group in match.groups()) if match else (99, 0, 0)
        if hours > 23 or minutes > 59 or seconds > 59:
            raise ScheduleError(f'{where}: {raw!r} is not a time of day; write e.g. "10:00" or "17:50"')
        value = time(hours, minutes, seconds)
    if value.tzinfo is not None or value.microsecond:
        raise ScheduleError(f"{where}: give a plain local time such as 10:00, without zone or fractions")
    return value


def _required_text(table: dict[str, Any], key: str, where: str) -> str:
    value = table.get(key)
    if not isinstance(value, str) or not value.strip():
        raise ScheduleError(f"{where}: {key} is required and must be a non-empty string")
    return value.strip()


def _no_unknown_keys(table: dict[str, Any], allowed: set[str], where: str) -> None:
    unknown = sorted(set(table) - allowed)
    if unknown:
        raise ScheduleError(
            f"{where}: unknown key(s) {', '.join(unknown)}; allowed: {', '.join(sorted(allowed))}"
        )


def _seconds(value: time) -> int:
    return value.hour * 3600 + value.minute * 60 + value.second


def _time_of_day(seconds: int) -> time:
    seconds %= 86400
    return time(seconds // 3600, seconds // 60 % 60, seconds % 60)


def _show(value: timedelta) -> str:
    seconds = int(value.total_seconds())
    hours, rest = divmod(seconds, 3600)
    minutes, seconds = divmod(rest, 60)
    text = (
        (f"{hours}h" if hours else "")
        + (f"{minutes}m" if minutes else "")
        + (f"{seconds}s" if seconds else "")
    )
    return text or "0s"
