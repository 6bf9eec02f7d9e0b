"""A character's own time zone: every deadline they are told comes in it too, beside the game's.

The order is a whole line: ``TIMEZONE Europe/Berlin`` (also ``TIME ZONE …``, ``TZ …``, ``MY TIME
ZONE IS …``), «ЧАСОВОЙ ПОЯС Europe/Berlin» or «ПОЯС …»; the zone is read by ``referee.core.zones``
(IANA names, "UTC+3", "МСК", «Москва», "Berlin", "CET" …). ``TIMEZONE OFF`` / «ПОЯС ИГРЫ» goes
back to the game's time only. It is kept as a ``zone_chosen`` event that only the chooser sees,
and in the character's state (``Character.zone``).

A line that names no zone after the order word is refused with examples when it is short (one
word after «ПОЯС», an everyday word too; three after the others), and is otherwise read as anything
else would be (it may be talk: «Пояс у него кожаный, с пряжкой»).
"""

from __future__ import annotations

import re
from typing import Any

from referee.core.events import Event
from referee.core.orders import LineVerdict, Order, Submission, Unreadable
from referee.core.seats import fold_name
from referee.core.zones import read_zone
from referee.games.ten_sailors.state import GameState, changed

_ORDER = re.compile(
    r"^(?:(?:my|мой)\s+)?(?:timezone|time\s*zone|tz|часовой\s+пояс|пояс)\b(?:\s+is\b)?\s*[:=—\-]?\s*",
    re.IGNORECASE,
)
_WEAK = re.compile(r"^(?:мой\s+)?пояс\b", re.IGNORECASE)
"""An order word that is also an everyday word: only a line naming a zone after it is an order."""

OFF = frozenset(
    {
        "off", "none", "game", "game time", "the game's", "reset", "default",
        "игры", "игровой", "выкл", "выключить", "отключить", "нет", "сброс", "по игре", "как в игре",
    }
)  # fmt: skip
"""What follows the order word to go back to the game's time only."""

_MOST_WORDS = 3
"""After an order word, a line of this many words or fewer that names no zone is refused, not talk."""


def read_zone_order(line: str) -> dict[str, str] | Unreadable | None:
    """The arguments of the time-zone order the whole of ``line`` is (``zone``: a key, "" for off), a
    refusal of one naming no zone, or None when ``line`` is no time-zone order (it is then read as
    anything else)."""
    match = _ORDER.match(line.strip())
    if match is None:
        return None
    rest = line.strip()[match.end() :].strip(" .!?;,")
    if fold_name(rest) in OFF:
        return {"zone": ""}
    zone = read_zone(rest)
    if zone is not None:
        return {"zone": zone}
    if len(rest.split()) > (1 if _WEAK.match(line.strip()) else _MOST_WORDS):
        return None
    return Unreadable(line, "unknown_zone", {"zone": rest})


def choose(submission: Submission, order: Order) -> tuple[LineVerdict, list[Event]]:
    """Accepts a time-zone order: from now on the sender's deadlines are told in ``zone`` too."""
    zone = order.args["zone"]
    understood = {"kind": "zone", "zone": zone, "notes": []}
    event = Event("zone_chosen", {"character": submission.seat, "zone": zone}, (submission.seat,))
    return LineVerdict(order.line, True, understood=understood), [event]


def chosen(state: GameState, data: dict[str, Any]) -> GameState:
    """The state after a ``zone_chosen`` event."""
    characters = tuple(
        changed(c, zone=data["zone"]) if c.name == data["character"] else c for c in state.characters
    )
    return changed(state, characters=characters)


def reader_zone(state: GameState, seat: str) -> str | None:
    """The zone ``seat`` chose to be told deadlines in besides the game's; None if none (or no such seat)."""
    for character in state.characters:  # asked for each reader of each notice: a plain loop
        if character.name == seat:
            return character.zone or None
    return None
