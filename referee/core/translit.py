"""Russian typed in Latin letters ("idu v vannuyu", "predlagayu Borisu svechu"): players on a phone or
a keyboard without Cyrillic write so. ``to_cyrillic`` writes such a line back in Cyrillic the way the
common transliterations (GOST, passports, chat) spell Russian, so that it can be read as Russian; where
a spelling is ambiguous the reader's own tolerance for misspellings does the rest. A reader tries it only
on a line in Latin letters that it read as no order.
"""

from __future__ import annotations

import re

_LETTERS: tuple[tuple[str, str], ...] = (
    ("shch", "щ"), ("sch", "щ"), ("zh", "ж"), ("kh", "х"), ("ch", "ч"), ("sh", "ш"), ("ts", "ц"),
    ("yu", "ю"), ("ju", "ю"), ("ya", "я"), ("ja", "я"), ("yo", "ё"), ("jo", "ё"), ("ye", "е"),
    ("iy", "ий"), ("yy", "ый"), ("ey", "ей"), ("oy", "ой"), ("ay", "ай"), ("uy", "уй"),
    ("a", "а"), ("b", "б"), ("v", "в"), ("w", "в"), ("g", "г"), ("d", "д"), ("e", "е"), ("z", "з"),
    ("i", "и"), ("j", "й"), ("k", "к"), ("l", "л"), ("m", "м"), ("n", "н"), ("o", "о"), ("p", "п"),
    ("r", "р"), ("s", "с"), ("t", "т"), ("u", "у"), ("f", "ф"), ("h", "х"), ("c", "ц"), ("x", "кс"),
    ("y", "ы"), ("'", "ь"), ("q", "к"),
)  # fmt: skip
"""Latin spellings and the Cyrillic they stand for, longest first."""
_PATTERN = re.compile(
    "|".join(
        re.escape(latin) + ("(?![aeiouy])" if len(latin) == 2 and latin[1] == "y" else "")
        for latin, _ in _LETTERS
    ),
    re.I,
)
"""A vowel and "y" is «й» only before no vowel ("moy", but "ayu" is «аю»)."""
_CYRILLIC = dict(_LETTERS)
_RUSSIAN_LOOKING = re.compile(
    r"zh|kh|shch|yu|ya|iy\b|yy\b|oy\b|\b[vk]\b|ayu\b|uyu\b|ishch|(?-i:(?<=[a-z] )i(?= [a-z]))"
    r"|(?<=[bcdfghklmnprstvz])'(?!(?:s|d|m|t|re|ll|ve)\b)(?=\w|\s|[,.;:!?]|$)",
    re.I,
)
"""Spellings English rarely has and transliterated Russian often does ("zh", "yu", a lone "v")."""


def looks_russian(text: str) -> bool:
    """Whether ``text``, in Latin letters, looks like transliterated Russian rather than English."""
    return text.isascii() and bool(_RUSSIAN_LOOKING.search(text))


def to_cyrillic(text: str) -> str:
    """``text`` written in Cyrillic letter by letter (see the module); digits and signs kept."""

    def one(found: re.Match[str]) -> str:
        latin = found.group()
        cyrillic = _CYRILLIC[latin.lower()]
        return cyrillic.capitalize() if latin[0].isupper() else cyrillic

    return _PATTERN.sub(one, text)
