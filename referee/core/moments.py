"""Moments as players read them: a date and time in the game's time zone, in English or Russian.

"12:30 on Tuesday 1 December (Moscow time)" / «12:30 во вторник, 1 декабря (МСК)»: the
time first (what a player checks), the weekday and the date, and the zone named so that a
player elsewhere can tell. Babel gives the month and weekday names of each language.
"""

from __future__ import annotations

from datetime import UTC, datetime, tzinfo
from functools import lru_cache
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from babel.dates import format_datetime

_RU_ON_WEEKDAY = (
    "в понедельник", "во вторник", "в среду", "в четверг", "в пятницу", "в субботу", "в воскресенье",
)  # fmt: skip
"""«когда?»: the Russian weekdays after their preposition, Monday first."""

_NAMED_ZONES: dict[str, dict[str, str]] = {
    "Europe/Moscow": {"en": "Moscow time", "ru": "МСК"},
    "UTC": {"en": "UTC", "ru": "UTC"},
    "Etc/UTC": {"en": "UTC", "ru": "UTC"},
}
"""Zones with a name players use; any other is shown by its offset from UTC ("UTC+1")."""


def zone_named(key: str) -> ZoneInfo:
    """The time zone called ``key`` (an IANA name); UTC for an empty or unknown name."""
    try:
        return ZoneInfo(key) if key else ZoneInfo("UTC")
    except (ZoneInfoNotFoundError, ValueError):
        return ZoneInfo("UTC")


def zone_label(moment: datetime, zone: tzinfo, language: str) -> str:
    """How players of ``language`` name ``zone`` at ``moment``: "Moscow time", «МСК», "UTC+1"."""
    named = _NAMED_ZONES.get(str(getattr(zone, "key", "")))
    if named:
        return named.get(language, named["en"])
    offset = moment.astimezone(zone).utcoffset()
    minutes = int(offset.total_seconds() // 60) if offset is not None else 0
    sign = "+" if minutes >= 0 else "−"
    hours, rest = divmod(abs(minutes), 60)
    return f"UTC{sign}{hours}" + (f":{rest:02d}" if rest else "") if minutes else "UTC"


def parse_moment(value: datetime | str) -> datetime:
    """``value`` as an aware datetime: an ISO text or a datetime, a naive one read as UTC."""
    moment = value if isinstance(value, datetime) else datetime.fromisoformat(str(value))
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


@lru_cache(maxsize=4096)
def moment_text(value: datetime | str, zone: tzinfo | None, language: str, style: str = "full") -> str:
    """``value`` in ``zone`` (without one: at its own offset) as players of ``language`` read it.

    Styles: "full" — "12:30 on Tuesday 1 December (Moscow time)" / «12:30 во вторник,
    1 декабря (МСК)»; "time" — "12:30"; "day" — "Tuesday 1 December" / «вторник, 1 декабря»;
    "on_day" — "on Tuesday 1 December" / «во вторник, 1 декабря»; "zone" — the zone's name.

    Kept for the next call with the same arguments: every mail of a boundary says the same deadline.
    """
    moment = parse_moment(value)
    moment = moment.astimezone(zone) if zone is not None else moment
    zone = moment.tzinfo or UTC
    locale = "ru" if language == "ru" else "en"
    time = f"{moment:%H:%M}"
    date = format_datetime(moment, "d MMMM", locale=locale)
    weekday = format_datetime(moment, "EEEE", locale=locale)
    on_day = f"{_RU_ON_WEEKDAY[moment.weekday()]}, {date}" if locale == "ru" else f"on {weekday} {date}"
    if style == "time":
        return time
    if style == "day":
        return f"{weekday}, {date}" if locale == "ru" else f"{weekday} {date}"
    if style == "on_day":
        return on_day
    if style == "zone":
        return zone_label(moment, zone, language)
    return f"{time} {on_day} ({zone_label(moment, zone, language)})"
