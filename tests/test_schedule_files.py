"""Schedule files (TS-4, TS-5): shipped files load, boundaries fall where the rules say, errors are clear."""

from __future__ import annotations

from datetime import UTC, datetime, time, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from referee.schedule.files import (
    Schedule,
    ScheduleError,
    available_schedules,
    boundaries,
    load_schedule,
    parse_duration,
    trap_time,
)

SCHEDULES = Path(__file__).resolve().parent.parent / "schedules"
MOSCOW = ZoneInfo("Europe/Moscow")
BERLIN = ZoneInfo("Europe/Berlin")
TS4_ENDS = [time(10, 0), time(12, 30), time(15, 0), time(17, 50), time(20, 0)]


def _daily_copy(tmp_path: Path, timezone: str, name: str = "berlin-daily") -> Schedule:
    """The shipped daily schedule under another name and time zone."""
    text = (SCHEDULES / "ten-sailors-daily.toml").read_text(encoding="utf-8")
    text = text.replace('"ten-sailors-daily"', f'"{name}"').replace('"Europe/Moscow"', f'"{timezone}"')
    (tmp_path / f"{name}.toml").write_text(text, encoding="utf-8")
    return load_schedule(name, tmp_path)


def _elapsed(earlier: datetime, later: datetime) -> timedelta:
    """Real time between two moments (same-zone subtraction in Python would use wall times)."""
    return later.astimezone(UTC) - earlier.astimezone(UTC)


def _write(directory: Path, name: str, text: str) -> None:
    (directory / f"{name}.toml").write_text(text, encoding="utf-8")


MINIMAL_WALL = """
[schedule]
name = "{name}"
kind = "ten-sailors"
clock = "wall"
timezone = "{timezone}"
starts_at = "20:00"

[[segments]]
name = "night"
ends = "10:00"

[[segments]]
name = "day"
ends = "{day_ends}"
"""


# -- the shipped files ----------------------------------------------------------------


def test_both_shipped_schedules_are_available() -> None:
    assert {"ten-sailors-daily", "ten-sailors-fast"} <= set(available_schedules(SCHEDULES))


@pytest.mark.parametrize("name", ["ten-sailors-daily", "ten-sailors-fast"])
def test_shipped_schedule_loads_with_five_ten_sailors_segments(name: str) -> None:
    schedule = load_schedule(name, SCHEDULES)
    assert schedule.name == name
    assert schedule.kind == "ten-sailors"
    assert schedule.segment_names == ("night", "hour1", "hour2", "hour3", "hour4")
    assert schedule.timezone == MOSCOW
    assert schedule.reminders and all(reminder > timedelta() for reminder in schedule.reminders)
    assert schedule.traps_at is not None
    assert timedelta() < schedule.traps_at < schedule.segments[0].duration


def test_ts4_daily_segments_have_the_rule_book_ends_and_durations() -> None:
    schedule = load_schedule("ten-sailors-daily", SCHEDULES)
    assert schedule.clock == "wall"
    assert schedule.starts_at == time(20, 0)
    assert [segment.ends for segment in schedule.segments] == TS4_ENDS
    assert [segment.duration for segment in schedule.segments] == [
        timedelta(hours=14),
        timedelta(hours=2, minutes=30),
        timedelta(hours=2, minutes=30),
        timedelta(hours=2, minutes=50),
        timedelta(hours=2, minutes=10),
    ]
    assert schedule.day_length == timedelta(hours=24)
    assert schedule.traps_at == timedelta(hours=13)  # 20:00 + 13h = 09:00
    assert schedule.reminders == (timedelta(minutes=60), timedelta(minutes=15))


def test_ts4_daily_boundaries_are_10_1230_15_1750_20_local() -> None:
    schedule = load_schedule("ten-sailors-daily", SCHEDULES)
    start = datetime(2027, 3, 1, 20, 0, tzinfo=MOSCOW)
    ends = boundaries(schedule, start, 15)
    assert len(ends) == 15
    assert [moment.timetz().replace(tzinfo=None) for moment in ends] == TS4_ENDS * 3
    assert [moment.date().day for moment in ends] == [2] * 5 + [3] * 5 + [4] * 5
    assert all(moment.utcoffset() == timedelta(hours=3) for moment in ends)
    assert ends == sorted(ends)


def test_ts4_daily_boundaries_from_a_utc_start_are_moscow_times() -> None:
    schedule = load_schedule("ten-sailors-daily", SCHEDULES)
    start = datetime(2027, 3, 1, 17, 0, tzinfo=UTC)  # 20:00 in Moscow
    first = boundaries(schedule, start, 1)[0]
    assert first == datetime(2027, 3, 2, 7, 0, tzinfo=UTC)
    assert first.tzinfo == MOSCOW
    assert first.hour == 10


def test_ts4_daily_night0_ends_at_the_next_10_00_after_the_start() -> None:
    schedule = load_schedule("ten-sailors-daily", SCHEDULES)
    late_start = datetime(2027, 3, 2, 1, 30, tzinfo=MOSCOW)  # arrival after midnight
    early_start = datetime(2027, 3, 1, 16, 0, tzinfo=MOSCOW)
    assert boundaries(schedule, late_start, 1) == [datetime(2027, 3, 2, 10, 0, tzinfo=MOSCOW)]
    assert boundaries(schedule, early_start, 1) == [datetime(2027, 3, 2, 10, 0, tzinfo=MOSCOW)]


def test_ts4_daily_traps_fire_at_09_00_local() -> None:
    schedule = load_schedule("ten-sailors-daily", SCHEDULES)
    start = datetime(2027, 3, 1, 20, 0, tzinfo=MOSCOW)
    assert trap_time(schedule, start, 1) == datetime(2027, 3, 3, 9, 0, tzinfo=MOSCOW)
    assert trap_time(schedule, start, 9) == datetime(2027, 3, 11, 9, 0, tzinfo=MOSCOW)


def test_ts5_fast_schedule_is_plain_minutes() -> None:
    schedule = load_schedule("ten-sailors-fast", SCHEDULES)
    assert schedule.clock == "elapsed"
    assert schedule.day_length == timedelta(minutes=12)
    start = datetime(2027, 3, 1, 20, 0, 30, tzinfo=MOSCOW)
    ends = boundaries(schedule, start, 6)
    gaps = [_elapsed(earlier, later) for earlier, later in zip([start, *ends], ends, strict=False)]
    assert gaps == [timedelta(minutes=m) for m in (4, 2, 2, 2, 2, 4)]
    assert trap_time(schedule, start, 1) == start + timedelta(minutes=12 + 3)


def test_ts25_a_whole_fast_game_takes_under_two_hours() -> None:
    schedule = load_schedule("ten-sailors-fast", SCHEDULES)
    start = datetime(2027, 3, 1, 20, 0, tzinfo=MOSCOW)
    ends = boundaries(schedule, start, 1 + 45)  # night 0, then the 45 segments of TS-25
    assert _elapsed(start, ends[-1]) == 9 * timedelta(minutes=12) + timedelta(minutes=4)
    assert _elapsed(start, ends[-1]) < timedelta(hours=2)


# -- daylight-saving time ---------------------------------------------------------------


def test_ts4_daily_boundaries_keep_local_times_across_spring_dst_change(tmp_path: Path) -> None:
    schedule = _daily_copy(tmp_path, "Europe/Berlin")
    # Clocks go from 02:00 CET to 03:00 CEST on Sunday 28 March 2027 (last Sunday of March).
    start = datetime(2027, 3, 26, 20, 0, tzinfo=BERLIN)
    ends = boundaries(schedule, start, 15)
    assert [moment.timetz().replace(tzinfo=None) for moment in ends] == TS4_ENDS * 3
    offsets = [moment.utcoffset() for moment in ends]
    assert offsets[:5] == [timedelta(hours=1)] * 5  # Saturday, CET
    assert offsets[5:] == [timedelta(hours=2)] * 10  # Sunday and Monday, CEST
    assert ends[5] == datetime(2027, 3, 28, 8, 0, tzinfo=UTC)  # 10:00 CEST
    assert _elapsed(ends[4], ends[5]) == timedelta(hours=13)  # the night across the change is an hour shorter
    assert _elapsed(ends[9], ends[10]) == timedelta(hours=14)
    assert trap_time(schedule, start, 1) == datetime(2027, 3, 28, 7, 0, tzinfo=UTC)  # 09:00 CEST


def test_ts4_daily_boundaries_keep_local_times_across_autumn_dst_change(tmp_path: Path) -> None:
    schedule = _daily_copy(tmp_path, "Europe/Berlin")
    # Clocks go from 03:00 CEST back to 02:00 CET on Sunday 31 October 2027.
    start = datetime(2027, 10, 29, 20, 0, tzinfo=BERLIN)
    ends = boundaries(schedule, start, 10)
    assert [moment.timetz().replace(tzinfo=None) for moment in ends] == TS4_ENDS * 2
    assert ends[4].utcoffset() == timedelta(hours=2)
    assert ends[5].utcoffset() == timedelta(hours=1)
    assert _elapsed(ends[4], ends[5]) == timedelta(hours=15)  # the night across the change is an hour longer


def test_fast_schedule_ignores_dst_and_counts_plain_minutes(tmp_path: Path) -> None:
    text = (SCHEDULES / "ten-sailors-fast.toml").read_text(encoding="utf-8")
    text = text.replace('"ten-sailors-fast"', '"berlin-fast"').replace('"Europe/Moscow"', '"Europe/Berlin"')
    _write(tmp_path, "berlin-fast", text)
    schedule = load_schedule("berlin-fast", tmp_path)
    start = datetime(2027, 3, 28, 1, 58, tzinfo=BERLIN)  # two minutes before the clocks jump
    ends = boundaries(schedule, start, 2)
    assert [_elapsed(start, moment) for moment in ends] == [timedelta(minutes=4), timedelta(minutes=6)]
    assert ends[0].hour == 3 and ends[0].minute == 2  # 01:58 CET + 4 min = 03:02 CEST


def test_a_boundary_in_a_skipped_hour_moves_forward_by_the_gap(tmp_path: Path) -> None:
    _write(tmp_path, "gap", MINIMAL_WALL.format(name="gap", timezone="Europe/Berlin", day_ends="20:00"))
    text = (tmp_path / "gap.toml").read_text(encoding="utf-8").replace('ends = "10:00"', 'ends = "02:30"')
    _write(tmp_path, "gap", text)
    schedule = load_schedule("gap", tmp_path)
    ends = boundaries(schedule, datetime(2027, 3, 27, 20, 0, tzinfo=BERLIN), 1)
    assert ends == [datetime(2027, 3, 28, 1, 30, tzinfo=UTC)]  # 03:30 CEST, 6h30m after 20:00 CET
    assert ends[0].hour == 3 and ends[0].minute == 30


# -- errors (TS-5: a game-master edits these files) ----------------------------------------


def test_ts5_missing_schedule_names_the_available_ones() -> None:
    with pytest.raises(ScheduleError) as caught:
        load_schedule("ten-sailors-hourly", SCHEDULES)
    message = str(caught.value)
    assert "no schedule named 'ten-sailors-hourly'" in message
    assert "available:" in message
    assert "ten-sailors-daily" in message and "ten-sailors-fast" in message


def test_ts5_missing_schedule_in_an_empty_directory_says_none(tmp_path: Path) -> None:
    with pytest.raises(ScheduleError, match=r"available: \(none\)"):
        load_schedule("anything", tmp_path / "nowhere")
    assert available_schedules(tmp_path / "nowhere") == []


def test_schedule_error_is_a_value_error() -> None:
    assert issubclass(ScheduleError, ValueError)


def test_path_like_names_are_rejected() -> None:
    with pytest.raises(ScheduleError, match="not a schedule name"):
        load_schedule("../pyproject", SCHEDULES)


def test_a_name_with_the_toml_suffix_still_loads() -> None:
    assert load_schedule("ten-sailors-fast.toml", SCHEDULES).name == "ten-sailors-fast"


def test_unknown_timezone_is_rejected(tmp_path: Path) -> None:
    with pytest.raises(ScheduleError, match=r"'Europe/Atlantis' is not a known time zone"):
        _daily_copy(tmp_path, "Europe/Atlantis")


def test_malformed_timezone_is_rejected(tmp_path: Path) -> None:
    with pytest.raises(ScheduleError, match="not a known time zone"):
        _daily_copy(tmp_path, "../../etc/passwd")


def test_bad_toml_is_rejected_with_the_file_name(tmp_path: Path) -> None:
    _write(tmp_path, "broken", '[schedule\nname = "broken"\n')
    with pytest.raises(ScheduleError, match=r"broken\.toml: not valid TOML"):
        load_schedule("broken", tmp_path)


def test_ts4_a_wall_day_that_does_not_add_up_to_24h_is_rejected(tmp_path: Path) -> None:
    text = MINIMAL_WALL.format(name="short", timezone="Europe/Moscow", day_ends="19:00").replace(
        'ends = "19:00"', 'duration = "9h"'
    )
    _write(tmp_path, "short", text)
    with pytest.raises(ScheduleError, match=r"add up to 23h.*exactly 24h"):
        load_schedule("short", tmp_path)


def test_ts4_wall_ends_that_go_round_the_clock_twice_are_rejected(tmp_path: Path) -> None:
    # night ends 10:00, then "day" ends at 09:00: 23 hours later, so the day would last 37h.
    _write(tmp_path, "twice", MINIMAL_WALL.format(name="twice", timezone="UTC", day_ends="09:00"))
    with pytest.raises(ScheduleError, match="add up to 37h"):
        load_schedule("twice", tmp_path)


def test_a_minimal_wall_day_of_24h_loads(tmp_path: Path) -> None:
    _write(tmp_path, "ok", MINIMAL_WALL.format(name="ok", timezone="UTC", day_ends="20:00"))
    schedule = load_schedule("ok", tmp_path)
    assert schedule.day_length == timedelta(hours=24)
    assert schedule.traps_at is None
    assert schedule.reminders == ()


def test_an_elapsed_day_need_not_be_24h(tmp_path: Path) -> None:
    text = (SCHEDULES / "ten-sailors-fast.toml").read_text(encoding="utf-8")
    _write(tmp_path, "ten-sailors-fast", text.replace('duration = "4m"', 'duration = "7m"'))
    assert load_schedule("ten-sailors-fast", tmp_path).day_length == timedelta(minutes=15)


def test_unknown_keys_are_rejected(tmp_path: Path) -> None:
    text = MINIMAL_WALL.format(name="typo", timezone="UTC", day_ends="20:00").replace(
        "ends =", "ends_at =", 1
    )
    _write(tmp_path, "typo", text)
    with pytest.raises(ScheduleError, match=r"segment 1: unknown key\(s\) ends_at"):
        load_schedule("typo", tmp_path)


def test_a_file_whose_inner_name_differs_is_rejected(tmp_path: Path) -> None:
    _write(tmp_path, "outer", MINIMAL_WALL.format(name="inner", timezone="UTC", day_ends="20:00"))
    with pytest.raises(ScheduleError, match="name is 'inner' but the file is named 'outer'"):
        load_schedule("outer", tmp_path)


def test_traps_outside_the_night_are_rejected(tmp_path: Path) -> None:
    text = MINIMAL_WALL.format(name="traps", timezone="UTC", day_ends="20:00").replace(
        'ends = "10:00"', 'ends = "10:00"\ntraps_at = "11:00"'
    )
    _write(tmp_path, "traps", text)
    with pytest.raises(ScheduleError, match="traps_at = 11:00 is not within the segment"):
        load_schedule("traps", tmp_path)


def test_wall_clock_keys_are_rejected_on_an_elapsed_schedule(tmp_path: Path) -> None:
    text = (SCHEDULES / "ten-sailors-fast.toml").read_text(encoding="utf-8")
    _write(tmp_path, "ten-sailors-fast", text.replace('duration = "4m"', 'ends = "10:00"'))
    with pytest.raises(ScheduleError, match='ends needs clock = "wall"'):
        load_schedule("ten-sailors-fast", tmp_path)


def test_bad_clock_is_rejected(tmp_path: Path) -> None:
    text = MINIMAL_WALL.format(name="clock", timezone="UTC", day_ends="20:00").replace('"wall"', '"sundial"')
    _write(tmp_path, "clock", text)
    with pytest.raises(ScheduleError, match="clock must be"):
        load_schedule("clock", tmp_path)


@pytest.mark.parametrize(
    ("text", "expected"),
    [("14h", timedelta(hours=14)), ("2h30m", timedelta(hours=2, minutes=30)), ("2m", timedelta(minutes=2))],
)
def test_parse_duration_reads_hours_and_minutes(text: str, expected: timedelta) -> None:
    assert parse_duration(text) == expected


@pytest.mark.parametrize("text", ["", "14", "2m30h", "1d", "h"])
def test_parse_duration_rejects_nonsense(text: str) -> None:
    with pytest.raises(ValueError, match="not a duration"):
        parse_duration(text)


def test_boundaries_need_an_aware_start() -> None:
    schedule = load_schedule("ten-sailors-daily", SCHEDULES)
    with pytest.raises(ValueError, match="timezone-aware"):
        boundaries(schedule, datetime(2027, 3, 1, 20, 0), 5)
