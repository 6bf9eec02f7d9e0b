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
- ``day``: the day number of a segment key;
- ``in_words``: a small number written out in Russian, ``MAX_TRAPS | in_words("gent")`` «двух»;
  ``ordinal``: a day's number as a Russian ordinal, ``10 | ordinal`` «десятого» (English: as is);
- ``scene``: a death of a morning notice told as its scene from the pool (``scenes.py``);
- ``name_case``: a character's name in a Russian case (``name | name_case("acc")``);
- ``frag_count``: a frag count with its word ("2 frags", «2 фрага»);
- ``going_to``: where a move leads ("to the Kitchen", «на кухню»);
- ``epilogue``: a finished game's epilogue told to a reader, ``epilogue | epilogue(name)``;
- ``segment_key``: a segment key as its segment (``.day``, ``.hour``, ``.is_night``).

Globals: ``ROOMS``, ``FURNITURE``, ``WEAPONS`` (canonical names), ``HALL``,
``ROOM_CAPACITY``, ``MAX_TRAPS``, ``LAST_DAY``, ``SEGMENT_TIMES`` (part -> "10:00–12:30").
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from referee.core.numbers import in_words, ordinal
from referee.games.ten_sailors import cards, epilogues, narration, scenes
from referee.games.ten_sailors.narration import frags_text
from referee.games.ten_sailors.state import LAST_DAY, MAX_TRAPS, ROOM_CAPACITY, Segment, segment_of
from referee.games.ten_sailors.views import DAWN

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

    ``case`` ("acc" or "prep") asks for a Russian grammatical case, "nom" for the name in running text
    (lower case); English ignores it.
    Strings that are not card or location names come back unchanged.
    """
    if name not in _KNOWN_NAMES:
        return name
    if language == "ru" and case == "nom":
        return cards.display(name, "ru").lower()
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


def _card(value: Any, case: str = "", *, language: str) -> str:
    return card_name(str(value), language, case)


def _at(value: Any, *, language: str) -> str:
    return place_phrase(str(value), language)


def _into(value: Any, *, language: str) -> str:
    return place_phrase(str(value), language, going=True)


def _segment(value: Any, *, language: str) -> str:
    return segment_name(str(value), language)


def _in_words(value: Any, case: str = "nomn", gender: str = "m", *, language: str) -> str:
    return in_words(int(value), language, case, gender)


def _ordinal(value: Any, case: str = "gent", *, language: str) -> str:
    return ordinal(int(value), language, case)


FILTERS: dict[str, Callable[..., Any]] = {
    "card": _card,
    "at": _at,
    "into": _into,
    "segment": _segment,
    "phase_name": _segment,
    "frags": frags_text,
    "day": segment_day,
    "in_words": _in_words,
    "ordinal": _ordinal,
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


# -- narration: death scenes, Russian name cases, frag counts, the night's two phases ----------
# (kept apart from the filters above; the Russian case filters of the templates' rewrite may
# take over ``name_case``.)


def _scene(death: dict[str, Any], reader: str | None = None, *, language: str) -> str:
    """A death (a morning notice's ``deaths`` entry) told as the scene of the pool it names; to
    ``reader``, when it is the one who died, in the second person."""
    name = str(death["name"])
    gender = narration.gender_of(name, death.get("gender"))
    number = int(death["scene"])
    return narration.scene(list(death["hand"]), name, gender, number, language, to_victim=name == reader)


def _name_case(value: Any, case: str, gender: str | None = None, *, language: str) -> str:
    """A character's name in a Russian case ("gen", "dat", "acc", "ins"); English leaves it as is."""
    if language != "ru":
        return str(value)
    return narration.name_case(str(value), case, narration.gender_of(str(value), gender))


def _frag_count(value: Any, *, language: str) -> str:
    """A number of frags with its word: "1 frag", "2 frags", "1/2 frag"; «1 фраг», «2 фрага», «5 фрагов»."""
    return narration.frag_count_text(value, language)


def _epilogue(told: dict[str, Any], reader: str | None = None, *, language: str) -> str:
    """The epilogue of a finished game (``epilogues.facts``) told to ``reader`` (None: to nobody in
    particular, such as the game-master)."""
    return epilogues.epilogue(told, reader or None, language)


def _going_to(room: Any, *, language: str) -> str:
    """Where a move leads, as a sentence continues it: "to the Kitchen"; «на кухню», «в холл»."""
    if language == "ru":
        return scenes.RU_ROOM_TO.get(str(room), "в холл")
    return f"to the {room}"


def _phase_name(value: Any, *, language: str) -> str:
    """A phase key as players read it: the rest of a night after its traps is that night."""
    key = str(value)
    return segment_name(key.removesuffix(DAWN) if key.endswith(DAWN) else key, language)


def _phase_label(value: Any, *, language: str) -> str:
    """A phase key as the game-master reads it: the rest of a night after its traps is told apart."""
    key = str(value)
    if not key.endswith(DAWN):
        return _phase_name(key, language=language)
    night = Segment.from_key(key.removesuffix(DAWN))
    return f"ночь {night.day}, после ловушек" if language == "ru" else f"night {night.day}, after the traps"


def by_frags(frags: dict[str, Any]) -> list[tuple[str, Any]]:
    """The ``name: frags`` pairs, the most frags first (ties keep the order of the seats)."""

    def worth(item: tuple[str, Any]) -> Fraction:
        try:
            return Fraction(str(item[1]))
        except (ValueError, ZeroDivisionError):
            return Fraction(0)

    return sorted(frags.items(), key=worth, reverse=True)


FILTERS |= {
    "scene": _scene,
    "by_frags": by_frags,
    "phase_label": _phase_label,
    "name_case": _name_case,
    "frag_count": _frag_count,
    "going_to": _going_to,
    "epilogue": _epilogue,
    "segment_key": segment_of,
    "phase_name": _phase_name,
}
