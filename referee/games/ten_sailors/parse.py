"""The Ten Sailors order language: one order per line, English or Russian (TS-9, TS-11).

    MOVE Dining Room                 ИДТИ Столовая
    SEARCH Knife, Sofa               ИСКАТЬ Нож, Диван
    TRAP Anna Kitchen Sofa Knife     ЛОВУШКА Анна Кухня Диван Нож
    SAY I found nothing here         СКАЗАТЬ Здесь ничего нет
    CANCEL MOVE | SEARCH | TRAPS     ОТМЕНИТЬ ИДТИ | ИСКАТЬ | ЛОВУШКИ
    HELP, STATUS                     ПОМОЩЬ, СТАТУС

A line may start with the segment it is meant for, to leave orders in advance (TS-11):
``DAY 2 HOUR 3: SEARCH Rope, Sink`` or ``NIGHT 2: TRAP …`` (``ДЕНЬ 2 ЧАС 3:``, ``НОЧЬ 2:``).
A line holding only such a prefix applies it to the lines after it.

This module only reads text; whether an order is allowed now is decided in ``orders``.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from referee.core.orders import Order as CoreOrder
from referee.core.orders import Problem, Unreadable
from referee.core.seats import fold_name
from referee.games.ten_sailors.cards import ALIASES, HALL, KIND_OF, Kind
from referee.games.ten_sailors.state import Segment
from referee.games.ten_sailors.talk import read_choice

KEYWORDS: dict[str, str] = {
    "move": "move", "go": "move", "идти": "move", "иду": "move", "перейти": "move", "переход": "move",
    "search": "search", "искать": "search", "ищу": "search", "поиск": "search",
    "trap": "trap", "ловушка": "trap",
    "say": "say", "сказать": "say", "говорю": "say",
    "cancel": "cancel", "отмена": "cancel", "отменить": "cancel",
    "help": "help", "помощь": "help",
    "status": "status", "статус": "status",
}  # fmt: skip
"""Every order keyword (folded) and the order it starts."""

CANCELLABLE: dict[str, str] = {
    "move": "move", "идти": "move", "переход": "move",
    "search": "search", "искать": "search", "поиск": "search",
    "traps": "trap", "trap": "trap", "ловушки": "trap", "ловушка": "trap", "ловушку": "trap",
}  # fmt: skip

_PREFIX_HOUR = re.compile(r"^\s*(?:day|день)\s*(\d+)[\s,]*(?:hour|час)\s*(\d+)\s*[:.\-—]?\s*", re.I)
_PREFIX_NIGHT = re.compile(r"^\s*(?:night|ночь)\s*(\d+)\s*[:.\-—]?\s*", re.I)
_BULLET = re.compile(r"^\s*[-*•]+\s*")
_KEYWORD = re.compile(r"^\s*([^\W\d_]+)[\s:,.\-—]*(.*)$", re.S)
_LONGEST_PHRASE = 3
_FILLERS = frozenset({"to", "into", "the", "and", "в", "во", "на", "и"})
"""Little words players write between cards ("go to the Study", "идти в Кабинет") that mean nothing."""


@dataclass(frozen=True)
class Order(CoreOrder):
    """One line read as an order: ``kind`` with its ``args``, for segment ``when`` if named."""

    when: Segment | None = None


def parse_text(text: str, names: Sequence[str]) -> list[Order | Unreadable]:
    """Every non-blank line of ``text`` read as an order; ``names`` are the characters' names."""
    results: list[Order | Unreadable] = []
    when: Segment | None = None
    for raw in text.splitlines():
        line = _BULLET.sub("", raw).strip()
        if not line:
            continue
        line_when, rest, error = _read_prefix(line)
        if error:
            results.append(Unreadable(line, error[0], error[1]))
            continue
        if line_when and not rest:
            when = line_when
            continue
        results.append(_read_order(line, rest, line_when or when, names))
    return results


def _read_prefix(line: str) -> tuple[Segment | None, str, tuple[str, dict[str, Any]] | None]:
    """The advance-order prefix of ``line``, the rest of the line, or why the prefix is wrong."""
    if match := _PREFIX_HOUR.match(line):
        day, hour = int(match.group(1)), int(match.group(2))
        if not 1 <= hour <= 4:
            return None, "", ("bad_hour", {"hour": hour})
        return Segment(day, f"hour{hour}"), line[match.end() :].strip(), None
    if match := _PREFIX_NIGHT.match(line):
        return Segment(int(match.group(1)), "night"), line[match.end() :].strip(), None
    return None, line, None


def _read_order(line: str, text: str, when: Segment | None, names: Sequence[str]) -> Order | Unreadable:
    """The order in ``text`` (the line without its prefix)."""
    if (talk := read_choice(text)) is not None:
        return Order(line, "talk", talk, when)
    match = _KEYWORD.match(text)
    word = fold_name(match.group(1)) if match else ""
    kind = KEYWORDS.get(word)
    if match is None or kind is None:
        shown = match.group(1) if match else text.split()[0]
        guess = difflib.get_close_matches(word, KEYWORDS, n=1, cutoff=0.75)
        params = {"word": shown, "suggestion": KEYWORDS[guess[0]].upper() if guess else ""}
        return Unreadable(line, "unknown_order", params, is_order=bool(guess))
    rest = match.group(2).strip()
    if kind == "say":
        return Order(line, kind, {"text": rest}, when) if rest else Unreadable(line, "say_empty")
    if kind in ("help", "status"):
        return Order(line, kind, {}, when)
    if not rest:
        return Unreadable(line, "missing_arguments", {"order": kind.upper()})
    reader = {"move": _move, "search": _search, "trap": _trap, "cancel": _cancel}[kind]
    outcome = reader(rest, names)
    if isinstance(outcome, tuple):
        return Unreadable(line, outcome[0], outcome[1])
    return Order(line, kind, outcome, when)


def _move(text: str, names: Sequence[str]) -> dict[str, Any] | Problem:
    items = _phrases(text, {})
    if isinstance(items, tuple):
        return "unknown_location", {"text": items[0], "suggestion": items[1]}
    if len(items) != 1:
        return "move_one_place", {"count": len(items)}
    place = items[0]
    if place != HALL and KIND_OF[place] is not Kind.ROOM:
        return "not_a_location", {"card": place}
    return {"room": place}


def _search(text: str, names: Sequence[str]) -> dict[str, Any] | Problem:
    items = _phrases(text, {})
    if isinstance(items, tuple):
        return "unknown_card", {"text": items[0], "suggestion": items[1]}
    for item in items:
        if item == HALL or KIND_OF[item] is Kind.ROOM:
            return "search_room_card", {"card": item}
    if len(items) != 2:
        return "search_two_cards", {"count": len(items)}
    if items[0] == items[1]:
        return "search_same_card", {"card": items[0]}
    return {"cards": items}


def _trap(text: str, names: Sequence[str]) -> dict[str, Any] | Problem:
    people = {fold_name(name): name for name in names}
    items = _phrases(text, people)
    if isinstance(items, tuple):
        return "unknown_word", {"text": items[0], "suggestion": items[1]}
    targets = [item for item in items if item in names]
    cards = [item for item in items if item not in names]
    if len(targets) != 1:
        return "trap_one_target", {"count": len(targets)}
    by_kind = {kind: [card for card in cards if card != HALL and KIND_OF[card] is kind] for kind in Kind}
    if len(cards) != 3 or any(len(found) != 1 for found in by_kind.values()):
        return "trap_three_cards", {"cards": cards}
    return {
        "target": targets[0],
        "room": by_kind[Kind.ROOM][0],
        "furniture": by_kind[Kind.FURNITURE][0],
        "weapon": by_kind[Kind.WEAPON][0],
    }


def _cancel(text: str, names: Sequence[str]) -> dict[str, Any] | Problem:
    what = CANCELLABLE.get(fold_name(text).strip(" .!"))
    return {"what": what} if what else ("cancel_what", {"text": text})


def _phrases(text: str, extra: dict[str, str]) -> list[str] | tuple[str, str]:
    """The cards, places or names in ``text``, longest phrase first.

    Returns the canonical names, or the first unknown word with a suggestion.
    """
    vocabulary = {**ALIASES, **extra}
    spaced = text.replace(",", " ").replace(";", " ").split()
    kept = [word for word in spaced if fold_name(word) not in _FILLERS]
    words = [fold_name(word) for word in kept]
    shown = kept
    found: list[str] = []
    position = 0
    while position < len(words):
        for size in range(min(_LONGEST_PHRASE, len(words) - position), 0, -1):
            phrase = " ".join(words[position : position + size])
            if phrase in vocabulary:
                found.append(vocabulary[phrase])
                position += size
                break
        else:
            return shown[position], _suggest(words, position, vocabulary)
    return found


def _suggest(words: list[str], position: int, vocabulary: dict[str, str]) -> str:
    """The canonical name closest to the unknown word at ``position`` (or to it and the next)."""
    for size in (2, 1):
        candidate = " ".join(words[position : position + size])
        # two words may only suggest a multi-word name ("Ropee Chandelier" is not "Chandelier")
        pool = [phrase for phrase in vocabulary if size == 1 or " " in phrase]
        close = difflib.get_close_matches(candidate, pool, n=1, cutoff=0.7)
        if close:
            return vocabulary[close[0]]
    return ""
