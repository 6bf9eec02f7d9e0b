"""Rendering the referee's messages to players from the Jinja2 templates in ``templates/<language>/``.

Every message exists in English (``en``) and Russian (``ru``), as plain text templates
named ``*.txt.j2``. Inside a template, ``{% include "help.txt.j2" %}`` and
``{% import "_reasons.txt.j2" as reasons %}`` find the file of the same language.

Filters available to the templates (the language is the template's own):

- ``card``: a canonical card or location name as players read it (``"Kitchen"|card`` is
  "Кухня" in Russian); ``card("acc")`` and ``card("prep")`` give the Russian accusative
  ("в Кухню") and prepositional ("в Кухне") forms and change nothing in English;
- ``segment``: a segment key (``d3h2``, ``d0n``) as "day 3, hour 2 (12:30–15:00)";
- ``frags``: a frag count (``"1/3"``, ``2``, ``0.5``) as a readable number;
- ``day``: the day number of a segment key;
- ``and_list``: a list of words as "A, B and C" ("A, B и C").

Globals: ``ROOMS``, ``FURNITURE``, ``WEAPONS`` (canonical names), ``HALL``,
``ROOM_CAPACITY``, ``MAX_TRAPS``, ``LAST_DAY``, ``SEGMENT_TIMES`` (part -> "10:00–12:30").
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from fractions import Fraction
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined, pass_context, select_autoescape
from jinja2.runtime import Context

from referee.games.ten_sailors import cards
from referee.games.ten_sailors.state import LAST_DAY, MAX_TRAPS, ROOM_CAPACITY, Segment

LANGUAGES: tuple[str, ...] = ("en", "ru")
"""The languages every template exists in."""

SEGMENT_TIMES: dict[str, str] = {
    "hour1": "10:00–12:30",
    "hour2": "12:30–15:00",
    "hour3": "15:00–17:50",
    "hour4": "17:50–20:00",
    "night": "20:00–10:00",
}
"""The standard clock times of each segment of a game day (TS-4)."""

_KNOWN_NAMES = frozenset(cards.LOCATIONS) | frozenset(cards.KIND_OF)

_BLANK_RUNS = re.compile(r"\n{3,}")


def templates_dir() -> Path:
    """The repository's ``templates/`` directory."""
    return Path(__file__).resolve().parents[1] / "templates"


def card_name(name: str, language: str, case: str = "") -> str:
    """The name of the card or location ``name`` as players of ``language`` read it.

    ``case`` ("acc" or "prep") asks for a Russian grammatical case; English ignores it.
    Strings that are not card or location names come back unchanged.
    """
    if name not in _KNOWN_NAMES:
        return name
    if language == "ru" and case == "acc":
        return cards.RU_ACCUSATIVE.get(name, cards.display(name, "ru"))
    if language == "ru" and case == "prep" and name in cards.RU_PREPOSITIONAL:
        return cards.RU_PREPOSITIONAL[name]
    return cards.display(name, language)


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


def and_list(items: Iterable[Any], language: str) -> str:
    """``items`` joined as "A, B and C" (Russian: "A, B и C")."""
    words = [str(item) for item in items]
    if len(words) < 2:
        return "".join(words)
    conjunction = " и " if language == "ru" else " and "
    return ", ".join(words[:-1]) + conjunction + words[-1]


def _language(context: Context, explicit: str | None = None) -> str:
    """The language a filter works in: ``explicit``, the template's directory, or ``language``."""
    if explicit in LANGUAGES:
        return explicit
    head = (context.name or "").split("/", 1)[0]
    if head in LANGUAGES:
        return head
    language = context.get("language")
    return language if language in LANGUAGES else "en"


@pass_context
def _card_filter(context: Context, value: Any, case: str = "", language: str | None = None) -> str:
    return card_name(str(value), _language(context, language), case)


@pass_context
def _segment_filter(context: Context, value: Any, language: str | None = None) -> str:
    return segment_name(str(value), _language(context, language))


@pass_context
def _and_list_filter(context: Context, value: Iterable[Any], language: str | None = None) -> str:
    return and_list(value, _language(context, language))


class _LanguageEnvironment(Environment):
    """An environment whose includes and imports stay in the including template's directory."""

    def join_path(self, template: str, parent: str) -> str:
        """``template`` relative to the directory of ``parent`` unless it names a directory itself."""
        if "/" in template or "/" not in parent:
            return template
        return f"{parent.rsplit('/', 1)[0]}/{template}"


class Renderer:
    """Renders players' messages from the templates in ``templates_dir`` (``<language>/<name>``)."""

    def __init__(self, templates_dir: Path) -> None:
        self.templates_dir = Path(templates_dir)
        self.environment: Environment = _LanguageEnvironment(
            loader=FileSystemLoader(str(self.templates_dir)),
            undefined=StrictUndefined,
            autoescape=select_autoescape(["html", "html.j2"]),
            trim_blocks=True,
            lstrip_blocks=True,
            keep_trailing_newline=True,
        )
        self.environment.filters.update(
            card=_card_filter,
            segment=_segment_filter,
            frags=frags_text,
            day=segment_day,
            and_list=_and_list_filter,
        )
        self.environment.globals.update(
            ROOMS=list(cards.ROOMS),
            FURNITURE=list(cards.FURNITURE),
            WEAPONS=list(cards.WEAPONS),
            HALL=cards.HALL,
            ROOM_CAPACITY=ROOM_CAPACITY,
            MAX_TRAPS=MAX_TRAPS,
            LAST_DAY=LAST_DAY,
            SEGMENT_TIMES=SEGMENT_TIMES,
        )

    def render(self, language: str, name: str, /, *, kind: str = "", **context: Any) -> str:
        """The text of template ``name`` in ``language`` ("en" or "ru") filled with ``context``.

        With ``kind`` (a game kind), the game's own ``<language>/<kind>/<name>`` is used when
        it exists, else the shared ``<language>/<name>``. The template also sees ``language``
        and ``kind``. Runs of blank lines are squeezed to one and trailing spaces dropped, so
        the text ends with a single newline. A variable the template needs but ``context``
        lacks raises ``jinja2.UndefinedError``.
        """
        if language not in LANGUAGES:
            raise ValueError(f"no templates for language {language!r}; expected one of {LANGUAGES}")
        candidates = [f"{language}/{kind}/{name}"] if kind else []
        template = self.environment.select_template([*candidates, f"{language}/{name}"])
        text = template.render({**context, "language": language, "kind": kind})
        lines = "\n".join(line.rstrip() for line in text.strip().splitlines())
        return _BLANK_RUNS.sub("\n\n", lines) + "\n"

    def names(self, language: str = "en") -> list[str]:
        """The templates one can render in ``language`` (partials starting with "_" left out)."""
        folder = self.templates_dir / language
        return sorted(p.name for p in folder.glob("*.txt.j2") if not p.name.startswith("_"))
