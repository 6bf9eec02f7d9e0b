"""What a mail to the referee's plain address asks of the sign-up, read from its first line.

GAMES / ИГРЫ — the list of campaigns open for sign-up.
JOIN <game> <name> / УЧАСТВУЮ <game> <имя> — sign up for a campaign under that name; the lines after it
may choose the language of the referee's mail (LANGUAGE ru / ЯЗЫК русский) and a time zone to be told
times in besides the game's (TIME ZONE Berlin / ЧАСОВОЙ ПОЯС Берлин).
LEAVE <game> / ПОКИДАЮ <game> (also ОТКАЗЫВАЮСЬ) — withdraw a sign-up before the game starts.

The language of the referee's answers is the one the command word is in, unless a LANGUAGE line says
otherwise. Nothing here knows a campaign; ``signup.Signups`` does the rest.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from referee.core.zones import read_zone

GAMES, JOIN, LEAVE = "games", "join", "leave"
"""What a mail asks."""

COMMANDS: dict[str, tuple[str, str]] = {
    "games": (GAMES, "en"),
    "игры": (GAMES, "ru"),
    "join": (JOIN, "en"),
    "участвую": (JOIN, "ru"),
    "записываюсь": (JOIN, "ru"),
    "leave": (LEAVE, "en"),
    "покидаю": (LEAVE, "ru"),
    "отказываюсь": (LEAVE, "ru"),
}
"""The first word of a mail (any case) and what it asks, in which language."""

_LANGUAGES = {
    "en": "en",
    "english": "en",
    "английский": "en",
    "ru": "ru",
    "russian": "ru",
    "русский": "ru",
}
_LANGUAGE_LINE = re.compile(r"^(?:language|язык)\b[\s:=-]*(.*)$", re.I)
_ZONE_LINE = re.compile(r"^(?:time\s*zone|zone|часовой\s+пояс|пояс)\b[\s:=-]*(.*)$", re.I)
_EDGE = ":,.!;"


@dataclass(frozen=True)
class Asked:
    """What one mail asks of the sign-up: ``what`` (``GAMES``, ``JOIN``, ``LEAVE``), in which
    ``language``, of which ``campaign`` ("" if none was named), under which ``name``, with the language
    (``chosen``) and time zone (``zone``, a zone key) the sender chose ("" for none)."""

    what: str
    language: str
    campaign: str = ""
    name: str = ""
    chosen: str = ""
    zone: str = ""
    unread: tuple[str, ...] = ()
    """The lines after the first that are neither a language nor a time zone the referee can read."""


def asked(text: str) -> Asked | None:
    """What ``text`` asks of the sign-up, or None when its first line starts with no sign-up word."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if not lines:
        return None
    words = lines[0].split()
    command = COMMANDS.get(words[0].strip(_EDGE).casefold())
    if command is None:
        return None
    what, language = command
    campaign = words[1].strip(_EDGE) if len(words) > 1 else ""
    name = " ".join(words[2:]).strip() if what == JOIN else ""
    chosen = zone = ""
    unread = []
    for line in lines[1:]:
        if (said := _LANGUAGE_LINE.match(line)) is not None:
            chosen = _LANGUAGES.get(said.group(1).strip(_EDGE).casefold(), "")
            if not chosen:
                unread.append(line)
        elif (said := _ZONE_LINE.match(line)) is not None:
            zone = read_zone(said.group(1)) or ""
            if not zone:
                unread.append(line)
        else:
            unread.append(line)
    return Asked(what, chosen or language, campaign, name, chosen, zone, tuple(unread))
