"""The dashboard's "New campaign" form as a campaign file: the form's fields read into the table a
campaign file gives when read (checked by ``campaignfile.campaign_file``, exactly as the file is), that
table written back as the TOML text of the file (``referee game announce FILE`` announces the same
campaign), the schedules the form offers, and the first deadlines of the game if it starts when its
sign-up closes.

Nothing here checks a value: a field that cannot be read as what it stands for (a date, a number) is
passed on as it was typed, so the file's check names it as it would in a file.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, datetime, time
from typing import Any

from referee.app.campaignfile import CampaignFile
from referee.schedule.files import (
    ScheduleError,
    ScheduleFolders,
    available_schedules,
    boundaries,
    load_schedule,
)

GAME_FIELDS = ("kind", "id", "seed")
"""The form's fields that go in the file's [game] table."""

SIGNUP_FIELDS = ("schedule", "language", "opens", "closes", "seats", "minimum", "deal", "accept")
"""The form's fields that go in the file's [signup] table (every one is a key it may hold)."""

FORM_FIELDS = GAME_FIELDS + SIGNUP_FIELDS
"""Every field of the form, in the order it asks them."""

_MOMENTS = ("opens", "closes")
_COUNTS = ("seats", "minimum")
_WHOLE = re.compile(r"^[+-]?\d{1,18}$")
_BARE_KEY = re.compile(r"^[A-Za-z0-9_-]+$")


def _moment(text: str) -> datetime | str:
    """``text`` as a date and time ("2026-12-10T20:00" as a browser sends it, or with a space), else as
    typed."""
    try:
        return datetime.fromisoformat(text.replace(" ", "T", 1)).replace(microsecond=0)
    except ValueError:
        return text


def _number(text: str) -> int | str:
    """``text`` as a whole number, else as typed."""
    return int(text) if _WHOLE.match(text) else text


def form_campaign(fields: Mapping[str, str], master_email: str) -> dict[str, Any]:
    """The campaign file the form's ``fields`` (text, trimmed) stand for, as ``tomllib`` would read it,
    with ``master_email`` as its game-master; an empty field is left out (the file's default holds),
    but for the kind and the id, which every file names."""
    game: dict[str, Any] = {"kind": fields.get("kind", ""), "id": fields.get("id", "")}
    if seed := fields.get("seed", ""):
        game["seed"] = _number(seed)
    game["master_email"] = master_email
    signup: dict[str, Any] = {}
    for key in SIGNUP_FIELDS:
        text = fields.get(key, "")
        if not text:
            continue
        if key in _MOMENTS:
            signup[key] = _moment(text)
        elif key in _COUNTS:
            signup[key] = _number(text)
        else:
            signup[key] = text
    return {"game": game, "signup": signup}


def _key(name: str) -> str:
    return name if _BARE_KEY.match(name) else _string(name)


def _string(text: str) -> str:
    """``text`` as a TOML basic string."""
    escapes = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r"}
    out = []
    for char in text:
        if char in escapes:
            out.append(escapes[char])
        elif ord(char) < 0x20 or ord(char) == 0x7F:
            out.append(f"\\u{ord(char):04X}")
        else:
            out.append(char)
    return '"' + "".join(out) + '"'


def _value(value: Any) -> str:
    """``value`` as TOML writes it (text, a whole number, true/false, a date and time, a list)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return _string(value)
    if isinstance(value, datetime | date | time):
        return value.isoformat()
    if isinstance(value, list):
        return "[" + ", ".join(_value(item) for item in value) + "]"
    raise TypeError(f"a campaign file holds no {type(value).__name__} ({value!r})")


def _table(path: list[str], table: Mapping[str, Any], notes: Mapping[str, str], lines: list[str]) -> None:
    """The lines of ``table`` (at ``path``), its keys first and its own tables after."""
    if path:
        lines += ["", "[" + ".".join(_key(part) for part in path) + "]"]
    inner = [(key, value) for key, value in table.items() if isinstance(value, Mapping)]
    for key, value in table.items():
        if isinstance(value, Mapping):
            continue
        line = f"{_key(key)} = {_value(value)}"
        note = notes.get(".".join([*path, key]))
        lines.append(f"{line}  # {note}" if note else line)
    for key, value in inner:
        _table([*path, key], value, notes, lines)


def toml_text(raw: Mapping[str, Any], *, heading: str = "", notes: Mapping[str, str] | None = None) -> str:
    """``raw`` (tables of text, numbers, true/false, dates and times and lists of them) as TOML text
    that ``tomllib`` reads back as ``raw``: ``heading`` as comment lines on top, ``notes`` (by dotted
    key, "signup.closes") as a comment after the key's line."""
    lines = [f"# {line}".rstrip() for line in heading.splitlines()]
    _table([], raw, notes or {}, lines)
    return "\n".join(lines).lstrip("\n") + "\n"


def campaign_toml(raw: Mapping[str, Any], campaign: CampaignFile) -> str:
    """The campaign file ``raw`` (checked as ``campaign``) as TOML text, saying how it is announced
    and in which time zone its times are."""
    local = f"local time, {campaign.zone}"
    return toml_text(
        raw,
        heading=f"Campaign {campaign.id}: announce it with\n    referee game announce {campaign.id}.toml",
        notes={"signup.opens": local, "signup.closes": local},
    )


@dataclass(frozen=True)
class ScheduleChoice:
    """A schedule the form offers: its name, the game it is meant for, its time zone and what it says
    of itself."""

    name: str
    kind: str
    zone: str
    description: str


def schedule_choices(schedules: ScheduleFolders) -> list[ScheduleChoice]:
    """Every schedule in ``schedules`` that can be read, by name."""
    choices = []
    for name in available_schedules(schedules):
        try:
            schedule = load_schedule(name, schedules)
        except ScheduleError:
            continue  # `referee check` names it; the form does not offer it
        choices.append(ScheduleChoice(name, schedule.kind, schedule.timezone.key, schedule.description))
    return choices


def first_deadlines(campaign: CampaignFile, schedules: ScheduleFolders, count: int = 3) -> list[datetime]:
    """The ends of the first ``count`` phases of the campaign's game if it starts when its sign-up
    closes (or at its [game] start), in the schedule's time zone; empty on a clock of phases, which
    sets each phase's end when it opens."""
    schedule = load_schedule(campaign.schedule, schedules)
    if schedule.clock == "phases":
        return []
    start = campaign.game.get("start")
    if isinstance(start, datetime):
        start = start if start.tzinfo is not None else start.replace(tzinfo=schedule.timezone)
    else:
        start = campaign.closes
    return boundaries(schedule, start, count)
