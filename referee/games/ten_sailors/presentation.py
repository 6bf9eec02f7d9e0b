"""How Ten Sailors reads to players: the filters and globals of ``templates/<language>/ten-sailors/``.

Filters (the language is the template's own):

- ``card``: a canonical card or location name as players read it (``"Kitchen"|card`` is
  "Кухня" in Russian); ``card("acc")`` and ``card("prep")`` give the Russian accusative
  ("верёвку", "кухню") and prepositional ("кухне") forms in lower case, for running text,
  and change nothing in English;
- ``at`` and ``into``: a location with its preposition, where one is and where one goes:
  «на кухне», «в холле» / «на кухню», «в столовую»; "in the Kitchen" / "to the Kitchen";
- ``segment``: a segment key (``d3h2``, ``d0n``) as "day 3, hour 2 (12:30–15:00)"; it is
  also the game's ``phase_name``, which the shared reminder uses;
- ``frags``: a frag count (``"1/3"``, ``2``, ``0.5``) as a readable number;
- ``day``: the day number of a segment key.

Globals: ``ROOMS``, ``FURNITURE``, ``WEAPONS`` (canonical names), ``HALL``,
``ROOM_CAPACITY``, ``MAX_TRAPS``, ``LAST_DAY``, ``SEGMENT_TIMES`` (part -> "10:00–12:30").
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from referee.games.ten_sailors import cards
from referee.games.ten_sailors.state import LAST_DAY, MAX_TRAPS, ROOM_CAPACITY, Segment

SEGMENT_TIMES: dict[str, str] = {
    "hour1": "10:00–12:30",
    "hour2": "12:30–15:00",
    "hour3": "15:00–17:50",
    "hour4": "17:50–20:00",
    "night": "20:00–10:00",
}
"""The standard clock times of each segment of a game day (TS-4)."""

_KNOWN_NAMES = frozenset(cards.LOCATIONS) | frozenset(cards.KIND_OF)


def card_name(name: str, language: str, case: str = "") -> str:
    """The name of the card or location ``name`` as players of ``language`` read it.

    ``case`` ("acc" or "prep") asks for a Russian grammatical case; English ignores it.
    Strings that are not card or location names come back unchanged.
    """
    if name not in _KNOWN_NAMES:
        return name
    if language == "ru" and case == "acc":
        return cards.RU_ACCUSATIVE.get(name, cards.display(name, "ru")).lower()
    if language == "ru" and case == "prep" and name in cards.RU_PREPOSITIONAL:
        return cards.RU_PREPOSITIONAL[name].lower()
    return cards.display(name, language)


def place_phrase(name: str, language: str, going: bool = False) -> str:
    """Where one is in location ``name`` («на кухне», "in the Kitchen"), or with ``going`` where one
    goes («на кухню», "to the Kitchen"). Strings that are not locations come back unchanged."""
    if name not in cards.LOCATIONS:
        return name
    if language == "ru":
        return cards.ru_place(name, "accs" if going else "loct")
    return f"{'to' if going else 'in'} the {name}"


def segment_name(key: str, language: str) -> str:
    """A segment key (``d3h2``, ``d3n``, ``d0n``) as players of ``language`` read it.

    Hours read "day 3, hour 2 (12:30–15:00)", nights "night 3 (20:00–10:00)", and night 0
    "the arrival evening". Strings that are not segment keys come back unchanged.
    """
    try:
        segment = Segment.from_key(str(key))
    except ValueError:
        return str(key)
    times = SEGMENT_TIMES[segment.part]
    if language == "ru":
        if segment.is_night:
            return "вечер прибытия" if segment.day == 0 else f"ночь {segment.day} ({times})"
        return f"день {segment.day}, час {segment.hour} ({times})"
    if segment.is_night:
        return "the arrival evening" if segment.day == 0 else f"night {segment.day} ({times})"
    return f"day {segment.day}, hour {segment.hour} ({times})"


def segment_day(key: str) -> int:
    """The day number of the segment key ``key`` (night ``d`` belongs to day ``d``)."""
    return Segment.from_key(str(key)).day


def frags_text(value: Any) -> str:
    """A frag count (``"1/3"``, ``Fraction``, ``2``, ``0.5``) as a readable number: "1/3", "2", "1 1/2"."""
    try:
        number = Fraction(str(value)).limit_denominator(1000)
    except (ValueError, ZeroDivisionError):
        return str(value)
    if number.denominator == 1:
        return str(number.numerator)
    whole, rest = divmod(number.numerator, number.denominator)
    if whole and number > 0:
        return f"{whole} {rest}/{number.denominator}"
    return f"{number.numerator}/{number.denominator}"


def _card(value: Any, case: str = "", *, language: str) -> str:
    return card_name(str(value), language, case)


def _at(value: Any, *, language: str) -> str:
    return place_phrase(str(value), language)


def _into(value: Any, *, language: str) -> str:
    return place_phrase(str(value), language, going=True)


def _segment(value: Any, *, language: str) -> str:
    return segment_name(str(value), language)


FILTERS: dict[str, Callable[..., Any]] = {
    "card": _card,
    "at": _at,
    "into": _into,
    "segment": _segment,
    "phase_name": _segment,
    "frags": frags_text,
    "day": segment_day,
}
"""The filters of the Ten Sailors templates (see the module's docstring)."""

GLOBALS: dict[str, Any] = {
    "ROOMS": list(cards.ROOMS),
    "FURNITURE": list(cards.FURNITURE),
    "WEAPONS": list(cards.WEAPONS),
    "HALL": cards.HALL,
    "ROOM_CAPACITY": ROOM_CAPACITY,
    "MAX_TRAPS": MAX_TRAPS,
    "LAST_DAY": LAST_DAY,
    "SEGMENT_TIMES": SEGMENT_TIMES,
}
"""The names the Ten Sailors templates may use as they are (see the module's docstring)."""
