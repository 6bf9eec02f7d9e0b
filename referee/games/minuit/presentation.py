"""The filters and globals of ``templates/<language>/minuit/`` besides the shared ones.

``phase_name`` reads a phase key ("r3-2") as players do; ``lead`` names a lead in a
language; ``GAME_NAME`` is the game's name in each language.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

GAME_NAME = {"en": "Minuit, Murder at Sea", "ru": "«Полночь: убийство в море»"}


def phase_name(key: Any, *, language: str) -> str:
    """A phase key as players read it: "r3-2" → "round 3, turn 2"; the hypotheses by name."""
    text = str(key)
    if text.startswith("r") and "-" in text:
        number, turn = text[1:].split("-", 1)
        return f"раунд {number}, ход {turn}" if language == "ru" else f"round {number}, turn {turn}"
    words = {
        "revelations": {"en": "the revelations", "ru": "разоблачения"},
        "hypotheses": {"en": "the hypotheses", "ru": "гипотезы"},
    }
    return words.get(text, {}).get(language, text)


def two(number: Any) -> str:
    """A location number as two digits ("07")."""
    return f"{int(number):02d}"


FILTERS: dict[str, Callable[..., Any]] = {"phase_name": phase_name, "two": two}
GLOBALS: dict[str, Any] = {"GAME_NAME": GAME_NAME}
