"""Numbers with the word they count, as people write them: "1 mail", "2 mails"; «1 письмо», «2 письма»,
«5 писем»."""

from __future__ import annotations

from referee.core.russian import plural


def counted(count: int, forms: tuple[str, ...], language: str = "en") -> str:
    """``count`` and the form of its word from ``forms``: English (singular, plural), Russian (after 1,
    after 2–4, after 5): ``counted(5, ("письмо", "письма", "писем"), "ru")`` is «5 писем»."""
    if language == "ru":
        one, few, many = forms
        return f"{count} {plural(count, one, few, many)}"
    return f"{count} {forms[0] if count == 1 else forms[1]}"


_RU_CARDINALS: dict[int, tuple[str, str, str]] = {
    0: ("ноль", "ноль", "ноля"),
    1: ("один", "одна", "одного"),
    2: ("два", "две", "двух"),
    3: ("три", "три", "трёх"),
    4: ("четыре", "четыре", "четырёх"),
    5: ("пять", "пять", "пяти"),
    6: ("шесть", "шесть", "шести"),
    7: ("семь", "семь", "семи"),
    8: ("восемь", "восемь", "восьми"),
    9: ("девять", "девять", "девяти"),
    10: ("десять", "десять", "десяти"),
}
"""Small Russian numbers: masculine and feminine nominative, and the genitive («до двух ловушек»)."""

_RU_ORDINAL_STEMS: tuple[str, ...] = (
    "нулев", "перв", "втор", "трет", "четвёрт", "пят", "шест", "седьм", "восьм", "девят", "десят",
    "одиннадцат", "двенадцат", "тринадцат", "четырнадцат", "пятнадцат", "шестнадцат", "семнадцат",
    "восемнадцат", "девятнадцат", "двадцат",
)  # fmt: skip
"""The stems of the Russian ordinals 0–20 (their endings follow ``_RU_ORDINAL_ENDINGS``)."""

_RU_ORDINAL_ENDINGS: dict[str, tuple[str, str]] = {"nomn": ("ой", "ый"), "gent": ("ого", "ого")}
"""Masculine endings by case: (stressed on the ending — «второй», «второго»; else — «первый»)."""


def in_words(count: int, language: str = "en", case: str = "nomn", gender: str = "m") -> str:
    """A small number written out, as a Russian sentence wants it after «до», «не больше» (the genitive,
    ``case="gent"``) or before a feminine noun (``gender="f"``): «двух», «две». Numbers past ten, and
    English, stay in digits."""
    forms = _RU_CARDINALS.get(count) if language == "ru" else None
    if forms is None:
        return str(count)
    if case == "gent":
        return "одной" if count == 1 and gender == "f" else forms[2]
    return forms[1] if gender == "f" else forms[0]


def ordinal(count: int, language: str = "en", case: str = "gent") -> str:
    """A Russian ordinal of a masculine noun, «первого» («утром десятого дня»); «21-го» past twenty.
    English gives the number as it is, for "day 10"."""
    if language != "ru":
        return str(count)
    if not 0 <= count < len(_RU_ORDINAL_STEMS):
        return f"{count}-го" if case == "gent" else f"{count}-й"
    stem = _RU_ORDINAL_STEMS[count]
    stressed, plain = _RU_ORDINAL_ENDINGS[case]
    if stem == "трет":
        return "третьего" if case == "gent" else "третий"
    return stem + (stressed if stem in ("нулев", "втор", "шест", "седьм", "восьм") else plain)
