"""The Museum Suspects order language: one order per line, English or Russian, any case.

    INVESTIGATE 3 WITH 4          ИССЛЕДОВАТЬ 3 С 4       (also LOOK; РАССЛЕДОВАТЬ, ИЗУЧИТЬ)
    SUGGEST B2 WITH 1             ПОДОЗРЕВАЮ B2 С 1       (also SUSPECT, ACCUSE; ПРЕДПОЛОЖИТЬ)
    SUGGEST Adele WITH 5          ПОДОЗРЕВАЮ Адель С 5
    SUGGEST EXIT WITH 1           ПОДОЗРЕВАЮ ВЫХОД С 1
    HELP, STATUS                  ПОМОЩЬ, СТАТУС

Little words may be added or left out: ``INVESTIGATE CLUE 3 WITH TOKEN 4``,
``ИССЛЕДОВАТЬ УЛИКУ 3 ЖЕТОНОМ 4``, ``SUGGEST B2 1``. A room is a column A–D and a row
1–4 (``B2``; Cyrillic А, В, С, Д are read as A, B, C, D, and ``2B`` as B2). A suspect is
named in either language. This module only reads text; ``turns`` decides what is allowed.
"""

from __future__ import annotations

import difflib
import re
from typing import Any

from referee.core.answers import read_lines_with_choice
from referee.core.orders import Order, Problem, Unreadable
from referee.core.reading import near, read_line, words_of
from referee.core.seats import fold_name
from referee.games.museum_suspects.content import SUSPECTS
from referee.games.museum_suspects.meaning import GRAMMAR
from referee.games.museum_suspects.state import CLUE_COUNT, EXIT

KEYWORDS: dict[str, str] = {
    "investigate": "investigate", "look": "investigate", "inspect": "investigate",
    "исследовать": "investigate", "исследую": "investigate", "расследовать": "investigate",
    "изучить": "investigate", "изучаю": "investigate",
    "suggest": "suggest", "suspect": "suggest", "accuse": "suggest",
    "подозреваю": "suggest", "подозревать": "suggest", "предположить": "suggest",
    "предполагаю": "suggest",
    "help": "help", "помощь": "help",
    "status": "status", "статус": "status",
}  # fmt: skip
"""Every order keyword (folded) and the order it starts."""

_INVESTIGATE_FILLERS = frozenset(
    {
        "clue", "card", "number", "no", "with", "token", "value", "the", "a", "of", "on",
        "улика", "улику", "улики", "карта", "карту", "номер", "с", "со", "значение", "значением",
        "жетон", "жетоном", "на", "c",
    }
)  # fmt: skip
"""Words an INVESTIGATE line may hold around its two numbers ("c" is a Latin С typed in Russian)."""
_VALUE_FILLERS = frozenset(
    {"w", "with", "token", "value", "of", "с", "со", "значение", "значением", "жетон", "жетоном", "c"}
)
_TARGET_FILLERS = frozenset({"on", "the", "room", "at", "in", "на", "комната", "комнату", "в", "во"})
EXIT_WORDS = frozenset(
    {"exit", "emergency exit", "the exit", "выход", "запасный выход", "запасной выход", "аварийный выход"}
)
"""The ways to name the Emergency Exit (folded)."""
_ONE_WORD_EXITS = [word for word in EXIT_WORDS if " " not in word]

_CYRILLIC_COLUMNS = str.maketrans({"а": "a", "б": "b", "в": "b", "с": "c", "д": "d"})
_ROOM = re.compile(r"^([a-d])([1-4])$")
_ROOM_BACKWARDS = re.compile(r"^([1-4])([a-d])$")
_ROOM_LIKE = re.compile(r"^(?:[a-zа-я]\d+|\d+[a-zа-я])$")
_SEPARATORS = re.compile(r"[,;:#№=()]+")

_SUSPECT_NAMES: dict[str, tuple[str, str]] = {
    fold_name(name): (s.id, name) for s in SUSPECTS for name in (s.id, s.en, s.ru)
}


def parse_text(text: str) -> list[Order | Unreadable]:
    """Every non-blank line of ``text`` read as the orders it holds, by keyword or by meaning
    (``meaning``), or why it holds none."""
    return read_lines_with_choice(text, _read_shorthand)


def parse_line(line: str) -> Order | Unreadable:
    """The first order written on ``line`` (a leading bullet such as "-" or "*" is ignored)."""
    return _read_shorthand(line)[0]


_SHORTHAND = re.compile(r"\s+(?:\+|->|→|=>)\s+|\s*;\s*|,?\s+(?:а|и)\s+потом\s+|,?\s+and then\s+", re.I)
"""What parts two orders written on one line in shorthand ("clue 2 w/ 3 + A4 w/ 5", «…; …», «… а потом
…»)."""
_TERSE = re.compile(r"^\s*(?:[1-8]|[a-dа-д][1-4]|[1-4][a-dа-д])\s+\S+\s*\d?\s*$", re.I)
"""A part of a line that is a clue or a room and its token alone ("8 w/ 1", «а4 ж2»): such parts may be
parted by commas too ("8 w/ 1, a4 w/ 2")."""


def _orders(read: list[Order | Unreadable]) -> list[Order] | None:
    """``read`` if every item of it is an order, else None."""
    orders = [item for item in read if isinstance(item, Order)]
    return orders if len(orders) == len(read) else None


def _read_part(part: str) -> list[Order] | None:
    """One part of a shorthand line as orders, or None: a place and a token alone ("B4 w/ 6") is a
    suggestion there, and a clue's number and a token alone ("8 w/ 1") its investigation, as the order
    beside it shows the line is orders, not notes."""
    read = _orders(read_line(part, KEYWORDS, _arguments, GRAMMAR))
    if read is None and _CLUE_FIRST.match(part):  # "8 w/ 1": a clue's number and a token
        read = _orders(read_line(f"investigate {part}", KEYWORDS, _arguments, GRAMMAR))
    return read if read is not None else _orders(read_line(f"suggest {part}", KEYWORDS, _arguments, GRAMMAR))


_CLUE_FIRST = re.compile(r"^\s*[1-8]\s+(?:w/?|with|ж\.?|жетон|с|со)\s*[1-6]\s*$", re.I)
"""A part that is a clue's number and a token after a word of value ("8 w/ 1", «8 ж1»)."""


_VALUE_ARROW = re.compile(r"(\b(?:clue|улика)\s*\d+)\s*(?:->|→|=>)\s*(\d)\b", re.I)
"""A clue and its token joined by an arrow ("clue 7 -> 4"): one order, not two."""


_GLUED_WITH = re.compile(r"(?<![\w])(w/?|ж\.?|@|ул\.?|clue|улика)(\d)", re.I)
"""A word of value or of a clue glued to its number ("w4", "ж2", "ул8", "@3"): parted from it."""


def _read_shorthand(line: str) -> list[Order | Unreadable]:
    """The orders of ``line``: each part between "+", "->", ";" or «а потом» read on its own when every
    part is an order, else the line read whole."""
    joined = _GLUED_WITH.sub(r"\1 \2", _VALUE_ARROW.sub(r"\1 with \2", line))
    parts = [part for part in _SHORTHAND.split(joined) if part.strip()]
    terse = [part for piece in parts for part in piece.split(",") if part.strip()]
    if len(terse) > len(parts) and all(_TERSE.match(part) for part in terse):
        parts = terse
    each = [_read_part(part) for part in parts] if len(parts) > 1 else []
    if each and all(read is not None for read in each):
        return [Order(line, item.kind, item.args) for read in each for item in read or []]
    whole = _read_part(joined) if joined != line else None
    if whole is not None:
        return [Order(line, item.kind, item.args) for item in whole]
    return read_line(line, KEYWORDS, _arguments, GRAMMAR)


def _arguments(kind: str, rest: str) -> dict[str, Any] | Problem:
    """The arguments of an order of ``kind`` written as ``rest`` (HELP and STATUS take none)."""
    if kind in ("help", "status"):
        return {}
    words = _words(rest)
    return _investigate(words) if kind == "investigate" else _suggest(words)


def _words(text: str) -> list[str]:
    """The words of ``text``, punctuation dropped, case folded."""
    return [word.strip(".!?") for word in fold_name(_SEPARATORS.sub(" ", text)).split() if word.strip(".!?")]


def _number(word: str, low: int, high: int) -> int | None:
    """``word`` as a whole number from ``low`` to ``high``, or None."""
    return int(word) if word.isdigit() and low <= int(word) <= high else None


def _investigate(words: list[str]) -> dict[str, Any] | Problem:
    kept = [word for word in words if word not in _INVESTIGATE_FILLERS]
    if not kept:
        return "missing_arguments", {"order": "INVESTIGATE"}
    clue = _number(kept[0], 1, CLUE_COUNT)
    if clue is None:
        return "bad_clue", {"text": kept[0]}
    if len(kept) == 1:
        return "missing_value", {"order": "INVESTIGATE"}
    value = _number(kept[1], 1, 6)
    if value is None:
        return "bad_value", {"text": kept[1]}
    if len(kept) > 2:
        return "extra_words", {"text": " ".join(kept[2:])}
    return {"clue": clue, "value": value}


def _suggest(words: list[str]) -> dict[str, Any] | Problem:
    if not words:
        return "missing_arguments", {"order": "SUGGEST"}
    if not words[-1].isdigit():
        return "missing_value", {"order": "SUGGEST"}
    value = _number(words[-1], 1, 6)
    if value is None:
        return "bad_value", {"text": words[-1]}
    target = words[:-1]
    while target and target[-1] in _VALUE_FILLERS:
        target.pop()
    while target and target[0] in _TARGET_FILLERS:
        target.pop(0)
    if not target:
        return "missing_arguments", {"order": "SUGGEST"}
    found = read_target(" ".join(target))
    if isinstance(found, tuple):
        return found
    return {**found, "value": value}


def read_target(text: str) -> dict[str, Any] | Problem:
    """The place a suggestion names: ``{"target": "B2" | "exit"}`` or ``{"suspect": id}``."""
    folded = fold_name(text)
    if folded in EXIT_WORDS or (" " not in folded and near(words_of(folded)[0], _ONE_WORD_EXITS)):
        return {"target": EXIT}  # "the exit", or with a slip: "exti", «выхдо»
    squeezed = folded.replace(" ", "").translate(_CYRILLIC_COLUMNS)
    if match := _ROOM.match(squeezed):
        return {"target": f"{match.group(1).upper()}{match.group(2)}"}
    if match := _ROOM_BACKWARDS.match(squeezed):
        return {"target": f"{match.group(2).upper()}{match.group(1)}"}
    if folded in _SUSPECT_NAMES:
        return {"suspect": _SUSPECT_NAMES[folded][0]}
    if _ROOM_LIKE.match(squeezed):
        return "bad_room", {"text": text}
    close = difflib.get_close_matches(folded, _SUSPECT_NAMES, n=1, cutoff=0.7)
    return "unknown_target", {"text": text, "suggestion": _SUSPECT_NAMES[close[0]][1] if close else ""}
