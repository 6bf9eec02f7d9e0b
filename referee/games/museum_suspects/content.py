"""The material of Museum Suspects (MS-1): suspects, their attributes, the clue criteria.

All of it is the project's own: 24 suspects, each with an English and a Russian name and
one value of each of the five attribute types; 32 clue criteria in 8 types (the five
attributes, Line, Column, Corner), four criteria per type. A criterion is named by an id
``"<type>:<value>"`` such as ``"animal:cat"``, ``"line:2"``, ``"column:B"`` or
``"corner:top-left"``; its text says which suspects it clears.

Every word players read is given in both languages as ``{"en": …, "ru": …}``, so that
notices stay language-neutral and the templates pick the reader's language.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from referee.core.seats import fold_name

ATTRIBUTE_TYPES: tuple[str, ...] = ("animal", "hat", "clothing", "accessory", "decoration")
"""The five attribute types every suspect has one value of (MS-1)."""

CLUE_TYPES: tuple[str, ...] = (*ATTRIBUTE_TYPES, "line", "column", "corner")
"""The eight clue types; one card of each forms the hidden clues (MS-2)."""

COLUMNS: tuple[str, ...] = ("A", "B", "C", "D")
"""Grid columns, left to right."""

ROWS: tuple[int, ...] = (1, 2, 3, 4)
"""Grid rows, top to bottom."""

ROOMS: tuple[str, ...] = tuple(f"{column}{row}" for row in ROWS for column in COLUMNS)
"""The 16 rooms in reading order: A1, B1, C1, D1, A2, … D4 (row 1 is the top row)."""

CORNERS: dict[str, tuple[str, ...]] = {
    "top-left": ("A1", "B1", "A2", "B2"),
    "top-right": ("C1", "D1", "C2", "D2"),
    "bottom-left": ("A3", "B3", "A4", "B4"),
    "bottom-right": ("C3", "D3", "C4", "D4"),
}
"""The four 2×2 quadrants of the grid and their rooms."""

TYPE_NAMES: dict[str, dict[str, str]] = {
    "animal": {"en": "Animal", "ru": "Животное"},
    "hat": {"en": "Hat", "ru": "Шляпа"},
    "clothing": {"en": "Clothing", "ru": "Одежда"},
    "accessory": {"en": "Accessory", "ru": "Аксессуар"},
    "decoration": {"en": "Decoration", "ru": "Украшение"},
    "line": {"en": "Line", "ru": "Ряд"},
    "column": {"en": "Column", "ru": "Столбец"},
    "corner": {"en": "Corner", "ru": "Угол"},
}
"""The name of each clue type, in both languages."""


@dataclass(frozen=True)
class Value:
    """One attribute value: its id, its names, and the Russian genitive used in "нет …"."""

    id: str
    en: str
    ru: str
    ru_genitive: str


VALUES: dict[str, tuple[Value, ...]] = {
    "animal": (
        Value("cat", "cat", "кот", "кота"),
        Value("dog", "dog", "собака", "собаки"),
        Value("parrot", "parrot", "попугай", "попугая"),
        Value("owl", "owl", "сова", "совы"),
    ),
    "hat": (
        Value("top-hat", "top hat", "цилиндр", "цилиндра"),
        Value("beret", "beret", "берет", "берета"),
        Value("cap", "cap", "кепка", "кепки"),
        Value("straw-hat", "straw hat", "соломенная шляпа", "соломенной шляпы"),
    ),
    "clothing": (
        Value("cloak", "cloak", "плащ", "плаща"),
        Value("waistcoat", "waistcoat", "жилет", "жилета"),
        Value("sweater", "sweater", "свитер", "свитера"),
        Value("apron", "apron", "фартук", "фартука"),
    ),
    "accessory": (
        Value("umbrella", "umbrella", "зонт", "зонта"),
        Value("cane", "cane", "трость", "трости"),
        Value("glasses", "glasses", "очки", "очков"),
        Value("bag", "bag", "сумка", "сумки"),
    ),
    "decoration": (
        Value("medal", "medal", "медаль", "медали"),
        Value("brooch", "brooch", "брошь", "броши"),
        Value("bow-tie", "bow tie", "бабочка", "бабочки"),
        Value("flower", "buttonhole flower", "цветок в петлице", "цветка в петлице"),
    ),
}
"""The four values of each attribute type (MS-1 content)."""

VALUE_OF: dict[tuple[str, str], Value] = {(kind, v.id): v for kind, values in VALUES.items() for v in values}
"""Each value by (type, value id)."""


@dataclass(frozen=True)
class Suspect:
    """A suspect tile: an id, a name in each language, and one value id per attribute type."""

    id: str
    en: str
    ru: str
    animal: str
    hat: str
    clothing: str
    accessory: str
    decoration: str

    def attribute(self, kind: str) -> str:
        """The value id this suspect has for the attribute type ``kind``."""
        return str(getattr(self, kind))

    def names(self) -> dict[str, str]:
        """The suspect's name in both languages."""
        return {"en": self.en, "ru": self.ru}


_S = Suspect
SUSPECTS: tuple[Suspect, ...] = (
    _S("adele", "Adele", "Адель", "parrot", "beret", "sweater", "umbrella", "bow-tie"),
    _S("bruno", "Bruno", "Бруно", "cat", "straw-hat", "apron", "glasses", "bow-tie"),
    _S("celeste", "Celeste", "Селеста", "dog", "cap", "sweater", "glasses", "brooch"),
    _S("dorian", "Dorian", "Дориан", "owl", "straw-hat", "apron", "glasses", "flower"),
    _S("edith", "Edith", "Эдит", "owl", "cap", "apron", "umbrella", "medal"),
    _S("fabian", "Fabian", "Фабиан", "cat", "straw-hat", "sweater", "umbrella", "flower"),
    _S("greta", "Greta", "Грета", "parrot", "top-hat", "cloak", "bag", "flower"),
    _S("hector", "Hector", "Гектор", "parrot", "straw-hat", "waistcoat", "glasses", "bow-tie"),
    _S("ingrid", "Ingrid", "Ингрид", "cat", "top-hat", "apron", "bag", "brooch"),
    _S("jasper", "Jasper", "Джаспер", "dog", "beret", "apron", "bag", "brooch"),
    _S("klara", "Klara", "Клара", "parrot", "top-hat", "waistcoat", "cane", "brooch"),
    _S("leopold", "Leopold", "Леопольд", "parrot", "beret", "cloak", "bag", "bow-tie"),
    _S("mirabel", "Mirabel", "Мирабель", "dog", "beret", "waistcoat", "bag", "bow-tie"),
    _S("nestor", "Nestor", "Нестор", "parrot", "cap", "apron", "umbrella", "brooch"),
    _S("odette", "Odette", "Одетта", "owl", "cap", "cloak", "cane", "flower"),
    _S("percival", "Percival", "Персиваль", "dog", "cap", "waistcoat", "umbrella", "medal"),
    _S("quentin", "Quentin", "Квентин", "dog", "cap", "cloak", "bag", "flower"),
    _S("rosalind", "Rosalind", "Розалинда", "dog", "straw-hat", "waistcoat", "cane", "medal"),
    _S("silas", "Silas", "Сайлас", "cat", "top-hat", "sweater", "cane", "medal"),
    _S("tamara", "Tamara", "Тамара", "cat", "beret", "cloak", "umbrella", "medal"),
    _S("ulric", "Ulric", "Ульрих", "owl", "beret", "sweater", "glasses", "brooch"),
    _S("violet", "Violet", "Виолетта", "owl", "top-hat", "cloak", "glasses", "medal"),
    _S("wendell", "Wendell", "Уэнделл", "owl", "top-hat", "waistcoat", "cane", "flower"),
    _S("yvonne", "Yvonne", "Ивонна", "cat", "straw-hat", "sweater", "cane", "bow-tie"),
)
"""The 24 suspect tiles (MS-1 content); each value of each type is worn by exactly six of them."""

SUSPECT: dict[str, Suspect] = {s.id: s for s in SUSPECTS}
"""Each suspect by id."""

SUSPECT_ALIASES: dict[str, str] = {fold_name(name): s.id for s in SUSPECTS for name in (s.id, s.en, s.ru)}
"""Every way to name a suspect (id, English or Russian name, folded) and the suspect's id."""


def _criteria() -> dict[str, tuple[str, str]]:
    """Every criterion id and its (type, value) pair, in the order of the clue types."""
    table: dict[str, tuple[str, str]] = {}
    for kind in ATTRIBUTE_TYPES:
        for value in VALUES[kind]:
            table[f"{kind}:{value.id}"] = (kind, value.id)
    for row in ROWS:
        table[f"line:{row}"] = ("line", str(row))
    for column in COLUMNS:
        table[f"column:{column}"] = ("column", column)
    for corner in CORNERS:
        table[f"corner:{corner}"] = ("corner", corner)
    return table


CRITERIA: dict[str, tuple[str, str]] = _criteria()
"""The 32 clue criteria (MS-1): id -> (clue type, value)."""

CRITERIA_BY_TYPE: dict[str, tuple[str, ...]] = {
    kind: tuple(c for c, (k, _) in CRITERIA.items() if k == kind) for kind in CLUE_TYPES
}
"""The four criteria of each clue type."""


def room_position(room: str) -> tuple[str, int]:
    """The column letter and row number of ``room`` ("B2" -> ("B", 2))."""
    return room[0], int(room[1:])


def clears(criterion: str, room: str, suspect_id: str) -> bool:
    """Whether ``criterion`` clears the suspect ``suspect_id`` standing in ``room`` (MS-6)."""
    kind, value = CRITERIA[criterion]
    column, row = room_position(room)
    if kind == "line":
        return row == int(value)
    if kind == "column":
        return column == value
    if kind == "corner":
        return room in CORNERS[value]
    return SUSPECT[suspect_id].attribute(kind) == value


_CORNER_WORDS = {
    "top-left": ("top-left", "левом верхнем"),
    "top-right": ("top-right", "правом верхнем"),
    "bottom-left": ("bottom-left", "левом нижнем"),
    "bottom-right": ("bottom-right", "правом нижнем"),
}


def clue_text(criterion: str) -> dict[str, str]:
    """What the clue card ``criterion`` says, in both languages."""
    kind, value = CRITERIA[criterion]
    if kind == "line":
        return {"en": f"The thief is not in row {value}.", "ru": f"Вора нет в ряду {value}."}
    if kind == "column":
        return {"en": f"The thief is not in column {value}.", "ru": f"Вора нет в столбце {value}."}
    if kind == "corner":
        en, ru = _CORNER_WORDS[value]
        rooms = ", ".join(CORNERS[value])
        return {
            "en": f"The thief is not in the four {en} rooms ({rooms}).",
            "ru": f"Вора нет в четырёх комнатах в {ru} углу ({rooms}).",
        }
    named = VALUE_OF[(kind, value)]
    return {"en": f"The thief has no {named.en}.", "ru": f"У вора нет {named.ru_genitive}."}


def attribute_words(suspect: Suspect) -> list[dict[str, str]]:
    """The suspect's five attribute values, in type order, as names in both languages."""
    return [
        {"type": kind, "en": VALUE_OF[(kind, v)].en, "ru": VALUE_OF[(kind, v)].ru}
        for kind in ATTRIBUTE_TYPES
        for v in (suspect.attribute(kind),)
    ]


def clue_card(criterion: str) -> dict[str, Any]:
    """A criterion as notices carry it: its id, its type's names and its text in both languages."""
    kind, _ = CRITERIA[criterion]
    return {"criterion": criterion, "type": kind, "type_name": TYPE_NAMES[kind], "text": clue_text(criterion)}
