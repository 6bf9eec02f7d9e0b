"""A player's own time zone, as players write it, and a deadline told in it beside the game's.

``read_zone`` reads what a player writes after a time-zone order: an IANA name in any case
("europe/berlin", "America/New York"), the last part of one ("Berlin", "Buenos Aires"), an
offset from UTC or GMT ("UTC+3", "GMT-5", "+05:30", "UTC"), an offset from Moscow as
Russians write it ("МСК+2"), or a name players use: a city or country in English or Russian,
in any case («Москва», «по Москве», «в Берлине»), or an abbreviation ("МСК", "CET", "EST").
It gives the zone's key — an IANA name, or "UTC+3" / "UTC-5" / "UTC+5:30" for a fixed
offset — which ``zone_of`` turns back into a time zone and ``zone_name`` names for a reader.

``reader_text`` is the reader's half of a deadline: "10:30 your time (Berlin)" /
«у вас 10:30 (Берлин)», with the day too when it differs from the game's; "" when the
reader's clock shows the same time as the game's.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta, timezone, tzinfo
from functools import cache
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from referee.core.moments import moment_text, parse_moment
from referee.core.russian import normal_form

_NAMES: dict[str, tuple[str, str, tuple[str, ...]]] = {
    "Europe/Moscow": ("Moscow", "МСК", (
        "moscow", "moscow time", "msk", "мск", "москва", "московское", "московское время", "московский",
        "russia",
        "россия", "saint petersburg", "st petersburg", "petersburg", "петербург", "санкт-петербург",
        "спб", "питер",
    )),
    "Europe/Kaliningrad": ("Kaliningrad", "Калининград", ("kaliningrad", "калининград")),
    "Europe/Samara": ("Samara", "Самара", ("samara", "самара", "ижевск")),
    "Europe/Kyiv": ("Kyiv", "Киев", (
        "kyiv", "kiev", "киев", "київ", "kyiv time", "ukraine", "украина", "одесса", "odesa", "odessa",
        "харьков", "kharkiv", "львов", "lviv",
    )),
    "Europe/Minsk": ("Minsk", "Минск", ("minsk", "минск", "belarus", "беларусь", "белоруссия")),
    "Europe/Berlin": ("Berlin", "Берлин", ("berlin", "берлин", "germany", "германия", "мюнхен", "munich")),
    "Europe/London": ("London", "Лондон", ("london", "лондон", "uk", "britain", "великобритания", "bst")),
    "Europe/Paris": ("Paris", "Париж", ("paris", "париж", "france", "франция")),
    "Europe/Warsaw": ("Warsaw", "Варшава", ("warsaw", "варшава", "poland", "польша")),
    "Europe/Prague": ("Prague", "Прага", ("prague", "прага", "чехия")),
    "Europe/Riga": ("Riga", "Рига", ("riga", "рига", "latvia", "латвия")),
    "Europe/Vilnius": ("Vilnius", "Вильнюс", ("vilnius", "вильнюс", "lithuania", "литва")),
    "Europe/Tallinn": ("Tallinn", "Таллин", ("tallinn", "таллин", "таллинн", "estonia", "эстония")),
    "Europe/Helsinki": ("Helsinki", "Хельсинки", ("helsinki", "хельсинки", "finland", "финляндия")),
    "Europe/Chisinau": ("Chisinau", "Кишинёв", ("chisinau", "кишинев", "moldova", "молдова")),
    "Europe/Istanbul": ("Istanbul", "Стамбул", ("istanbul", "стамбул", "turkey", "турция", "анталья")),
    "Asia/Yekaterinburg": ("Yekaterinburg", "Екатеринбург", (
        "yekaterinburg", "ekaterinburg", "екатеринбург", "екб", "пермь", "челябинск", "уфа", "тюмень",
    )),
    "Asia/Omsk": ("Omsk", "Омск", ("omsk", "омск")),
    "Asia/Novosibirsk": ("Novosibirsk", "Новосибирск", ("novosibirsk", "новосибирск", "нск", "томск")),
    "Asia/Krasnoyarsk": ("Krasnoyarsk", "Красноярск", ("krasnoyarsk", "красноярск")),
    "Asia/Irkutsk": ("Irkutsk", "Иркутск", ("irkutsk", "иркутск")),
    "Asia/Yakutsk": ("Yakutsk", "Якутск", ("yakutsk", "якутск")),
    "Asia/Vladivostok": ("Vladivostok", "Владивосток", ("vladivostok", "владивосток", "хабаровск")),
    "Asia/Kamchatka": ("Kamchatka", "Камчатка", ("kamchatka", "камчатка", "петропавловск-камчатский")),
    "Asia/Tbilisi": ("Tbilisi", "Тбилиси", ("tbilisi", "тбилиси", "georgia", "грузия")),
    "Asia/Yerevan": ("Yerevan", "Ереван", ("yerevan", "ереван", "armenia", "армения")),
    "Asia/Baku": ("Baku", "Баку", ("baku", "баку", "azerbaijan", "азербайджан")),
    "Asia/Almaty": ("Almaty", "Алматы", ("almaty", "алматы", "алма-ата", "kazakhstan", "казахстан")),
    "Asia/Tashkent": ("Tashkent", "Ташкент", ("tashkent", "ташкент", "uzbekistan", "узбекистан")),
    "Asia/Bishkek": ("Bishkek", "Бишкек", ("bishkek", "бишкек", "kyrgyzstan", "киргизия")),
    "Asia/Jerusalem": ("Israel", "Израиль", (
        "israel", "израиль", "jerusalem", "иерусалим", "tel aviv", "тель-авив", "хайфа",
    )),
    "Asia/Dubai": ("Dubai", "Дубай", ("dubai", "дубай")),
    "Asia/Tokyo": ("Tokyo", "Токио", ("tokyo", "токио", "japan", "япония", "jst")),
    "America/New_York": ("New York", "Нью-Йорк", (
        "new york", "nyc", "нью-йорк", "est", "edt", "et", "eastern", "eastern time", "boston", "бостон",
    )),
    "America/Chicago": ("Chicago", "Чикаго", ("chicago", "чикаго", "cst", "cdt", "central time")),
    "America/Denver": ("Denver", "Денвер", ("denver", "денвер", "mst", "mdt", "mountain time")),
    "America/Los_Angeles": ("Los Angeles", "Лос-Анджелес", (
        "los angeles", "лос-анджелес", "la", "pst", "pdt", "pacific", "pacific time", "california",
        "калифорния", "san francisco", "сан-франциско", "seattle", "сиэтл",
    )),
    "America/Toronto": ("Toronto", "Торонто", ("toronto", "торонто")),
    "Australia/Sydney": ("Sydney", "Сидней", ("sydney", "сидней")),
    "CET": ("CET", "CET", ("cet", "cest", "central european time")),
    "EET": ("EET", "EET", ("eet", "eest", "eastern european time")),
    "WET": ("WET", "WET", ("wet", "west", "western european time")),
    "UTC": ("UTC", "UTC", ("utc", "gmt", "z", "zulu", "гринвич", "всемирное время")),
}  # fmt: skip
"""Zones players name: how a reader of each language is told it, and the ways players write it."""

_ALIASES: dict[str, str] = {alias: key for key, (_, _, aliases) in _NAMES.items() for alias in aliases}

_OFFSET = re.compile(r"^(utc|gmt|мск|msk)?\s*(?:([+\-−–])\s*(\d{1,2})(?:[:.]?(\d{2}))?)?$")
_PREPOSITIONS = re.compile(r"^(?:по|в|во|как в|время|время в|time in|in)\s+")
_EDGES = " \t.,;:!?«»\"'()"
_MOSCOW_HOURS = 3


@cache
def _iana() -> dict[str, str]:
    """Every IANA zone by its folded name and by its last part ("berlin", "new york")."""
    names: dict[str, str] = {}
    last: dict[str, list[str]] = {}
    for key in available_timezones():
        names[_fold(key)] = key
        last.setdefault(_fold(key.rsplit("/", 1)[-1]), []).append(key)
    for part, keys in last.items():  # a city with several names is one zone under old links
        names.setdefault(part, min(keys, key=lambda k: (k.count("/"), k)))
    return names


def _fold(text: str) -> str:
    """``text`` as names are compared: lower case, ё as е, underscores as spaces, spaces squeezed."""
    return " ".join(text.casefold().replace("ё", "е").replace("_", " ").split())


def _offset_key(minutes: int) -> str:
    """The key of a fixed offset of ``minutes`` from UTC: "UTC", "UTC+3", "UTC-5", "UTC+5:30"."""
    if minutes == 0:
        return "UTC"
    sign = "+" if minutes > 0 else "-"
    hours, rest = divmod(abs(minutes), 60)
    return f"UTC{sign}{hours}" + (f":{rest:02d}" if rest else "")


def _read_offset(folded: str) -> str | None:
    """The key of an offset written "UTC+3", "GMT-5", "+05:30", "МСК+2" or "UTC"; None for anything else."""
    match = _OFFSET.match(folded.replace(" ", ""))
    if match is None or not (match.group(1) or match.group(2)):
        return None
    base, sign, hours, minutes = match.groups()
    moscow = base in ("мск", "msk")
    if sign is None:
        return "Europe/Moscow" if moscow else "UTC"
    offset = int(hours) * 60 + int(minutes or 0)
    if int(minutes or 0) >= 60 or offset > 14 * 60:
        return None
    offset = -offset if sign != "+" else offset
    return _offset_key(offset + (_MOSCOW_HOURS * 60 if moscow else 0))


def read_zone(text: str) -> str | None:
    """The key of the zone ``text`` names (see the module's docstring); None if it names none."""
    folded = _fold(text.strip(_EDGES))
    if not folded:
        return None
    for candidate in (folded, _PREPOSITIONS.sub("", folded)):
        found = _ALIASES.get(candidate) or _read_offset(candidate) or _iana().get(candidate)
        if found:
            return "UTC" if found in ("Etc/UTC", "Etc/GMT", "GMT", "UTC", "Zulu", "Etc/Zulu") else found
    words = _PREPOSITIONS.sub("", folded).split()
    if all(re.fullmatch(r"[а-я\-]+", word) for word in words):  # «Москве», «в Берлине», «московскому»
        normal = " ".join(normal_form(word) for word in words if normal_form(word) != "время")
        return _ALIASES.get(normal)
    return None


def zone_of(key: str) -> tzinfo:
    """The time zone of ``key`` (an IANA name or a fixed offset "UTC+3"); UTC for an unknown one."""
    offset = _read_offset(_fold(key)) if key.upper().startswith("UTC") else None
    if offset is not None and offset != "UTC":
        sign = -1 if "-" in offset else 1
        hours, _, minutes = offset[4:].partition(":")
        return timezone(sign * timedelta(hours=int(hours), minutes=int(minutes or 0)))
    try:
        return ZoneInfo(key) if key else UTC
    except (ZoneInfoNotFoundError, ValueError):
        return UTC


def zone_name(key: str, language: str, moment: datetime | None = None) -> str:
    """How a reader of ``language`` is told the zone ``key``: "Berlin" / «Берлин», "UTC+3", or the
    city of an IANA name ("Buenos Aires"); an abbreviation zone as its name at ``moment`` ("CEST")."""
    if key in _NAMES and key not in ("CET", "EET", "WET"):
        english, russian, _ = _NAMES[key]
        return russian if language == "ru" else english
    if key.startswith("UTC"):
        return key.replace("-", "−")
    if "/" not in key:
        return (moment or datetime.now(UTC)).astimezone(zone_of(key)).tzname() or key
    return key.rsplit("/", 1)[-1].replace("_", " ")


def reader_text(value: datetime | str, game_zone: tzinfo | None, key: str, language: str) -> str:
    """The reader's half of a deadline in zone ``key``: "10:30 your time (Berlin)" / «у вас 10:30
    (Берлин)», the day named too when it is not the game's; "" when the clocks show the same."""
    moment = parse_moment(value)
    own, game = moment.astimezone(zone_of(key)), moment.astimezone(game_zone or UTC)
    if own.replace(tzinfo=None) == game.replace(tzinfo=None):
        return ""
    time = moment_text(own, None, language, "time")
    if own.date() != game.date():
        time = f"{time} {moment_text(own, None, language, 'on_day')}"
    name = zone_name(key, language, moment)
    return f"у вас {time} ({name})" if language == "ru" else f"{time} your time ({name})"
