"""The Ten Sailors cards (TS-7, TS-8, TS-9) and their English and Russian names."""

from __future__ import annotations

from enum import StrEnum

from referee.core.seats import fold_name


class Kind(StrEnum):
    """The three kinds of card (TS-6)."""

    ROOM = "room"
    FURNITURE = "furniture"
    WEAPON = "weapon"


HALL = "Hall"
"""The gathering place (TS-13): a location, never a card."""

# canonical English name -> Russian name
ROOMS: dict[str, str] = {
    "Kitchen": "Кухня",
    "Dining Room": "Столовая",
    "Bedroom": "Спальня",
    "Living Room": "Гостиная",
    "Study": "Кабинет",
    "Music Room": "Музыкальная комната",
    "Conservatory": "Оранжерея",
    "Garage": "Гараж",
    "Bathroom": "Ванная",
}
FURNITURE: dict[str, str] = {
    "Sofa": "Диван",
    "Fireplace": "Камин",
    "Table": "Стол",
    "Car": "Автомобиль",
    "Wardrobe": "Шкаф",
    "Nightstand": "Тумбочка",
    "Armchair": "Кресло",
    "Chandelier": "Люстра",
    "Sink": "Раковина",
}
WEAPONS: dict[str, str] = {
    "Knife": "Нож",
    "Pistol": "Пистолет",
    "Poison": "Яд",
    "Baseball Bat": "Бейсбольная бита",
    "Stone": "Камень",
    "Halberd": "Алебарда",
    "Candlestick": "Подсвечник",
    "Rope": "Верёвка",
    "Petrol": "Бензин",
}
HALL_RU = "Холл"

KIND_OF: dict[str, Kind] = {
    **{name: Kind.ROOM for name in ROOMS},
    **{name: Kind.FURNITURE for name in FURNITURE},
    **{name: Kind.WEAPON for name in WEAPONS},
}
"""The kind of every card, by canonical name."""

SEARCHABLE: tuple[str, ...] = (*FURNITURE, *WEAPONS)
"""Cards a search may ask for (TS-19): furniture and weapons, never rooms."""

LOCATIONS: tuple[str, ...] = (HALL, *ROOMS)
"""Every place a character can be (TS-2, TS-7, TS-13)."""

_RUSSIAN: dict[str, str] = {**ROOMS, **FURNITURE, **WEAPONS, HALL: HALL_RU}


def display(name: str, language: str) -> str:
    """The name of a card or location as shown to players of ``language`` ("en" or "ru")."""
    return _RUSSIAN[name] if language == "ru" else name


RU_ACCUSATIVE: dict[str, str] = {
    "Kitchen": "Кухню",
    "Dining Room": "Столовую",
    "Bedroom": "Спальню",
    "Living Room": "Гостиную",
    "Music Room": "Музыкальную комнату",
    "Conservatory": "Оранжерею",
    "Bathroom": "Ванную",
    "Nightstand": "Тумбочку",
    "Chandelier": "Люстру",
    "Sink": "Раковину",
    "Baseball Bat": "Бейсбольную биту",
    "Halberd": "Алебарду",
    "Rope": "Верёвку",
}
"""Russian accusative forms ("идти в Кухню", "искать Верёвку") that differ from the nominative."""

RU_PREPOSITIONAL: dict[str, str] = {
    "Hall": "Холле",
    "Kitchen": "Кухне",
    "Dining Room": "Столовой",
    "Bedroom": "Спальне",
    "Living Room": "Гостиной",
    "Study": "Кабинете",
    "Music Room": "Музыкальной комнате",
    "Conservatory": "Оранжерее",
    "Garage": "Гараже",
    "Bathroom": "Ванной",
}
"""Russian prepositional forms of the locations ("в Кухне", "в Холле")."""

# --- How places read in Russian running text (display only; the order parser reads the forms above) ---

RU_ON: frozenset[str] = frozenset({"Kitchen"})
"""The places one is "на", not "в": «на кухне», «на кухню» (every other place takes «в»)."""


def ru_place(name: str, case: str) -> str:
    """The location ``name`` in Russian running text, with its preposition, in lower case:
    ``case`` "loct" gives where one is («на кухне», «в холле»), "accs" where one goes («на кухню»,
    «в музыкальную комнату»)."""
    forms = RU_PREPOSITIONAL if case == "loct" else RU_ACCUSATIVE
    word = forms.get(name, display(name, "ru")).lower()
    return f"{'на' if name in RU_ON else 'в'} {word}"


ALIASES: dict[str, str] = {
    **{fold_name(name): name for name in _RUSSIAN},
    **{fold_name(ru): name for name, ru in _RUSSIAN.items()},
    "автомобиль (настоящий или игрушечный)": "Car",
    "машина": "Car",
    "bat": "Baseball Bat",
    "candle": "Candlestick",
    "gasoline": "Petrol",
    "gas": "Petrol",
    "ванная комната": "Bathroom",
    "бита": "Baseball Bat",
    "биту": "Baseball Bat",
    **{fold_name(form): name for name, form in RU_ACCUSATIVE.items()},
}
"""Every accepted spelling (folded) mapped to its canonical name."""

INFORMAL: dict[str, tuple[str, ...]] = {
    HALL: ("great hall", "entrance hall", "lobby", "холл", "хол", "большой зал", "прихожая"),
    "Kitchen": ("kitchen", "кухонька"),
    "Dining Room": ("dining", "dining hall", "dinner room", "столовка", "обеденный зал", "трапезная"),
    "Bedroom": ("bed room", "bedchamber", "спальная комната", "спальная", "спаленка", "опочивальня"),
    "Living Room": ("living", "lounge", "sitting room", "drawing room", "гостиная комната", "гостинка"),
    "Study": ("office", "кабинетик"),
    "Music Room": (
        "music",
        "piano room",
        "музыкальная",
        "муз комната",
        "музкомната",
        "музыкалка",
        "музыкальный зал",
    ),
    "Conservatory": ("greenhouse", "orangery", "winter garden", "теплица", "зимний сад", "оранжерейка"),
    "Garage": ("garages",),
    "Bathroom": (
        "bath",
        "washroom",
        "ванна",
        "ванная комната",
        "ванная",
        "уборная",
        "санузел",
        "loo",
        "toilet",
        "restroom",
        "lavatory",
        "туалет",
    ),
    "Sofa": ("couch", "settee", "софа", "диванчик", "тахта", "кушетка"),
    "Fireplace": ("fire place", "hearth", "каминчик", "очаг"),
    "Table": ("столик",),
    "Car": (
        "toy car",
        "automobile",
        "auto",
        "машина",
        "машинка",
        "авто",
        "тачка",
        "игрушечная машинка",
        "автомобиль (настоящий или игрушечный)",
    ),
    "Wardrobe": ("closet", "cupboard", "шкафчик", "гардероб", "платяной шкаф", "armoire", "шифоньер"),
    "Nightstand": (
        "night stand",
        "night table",
        "bedside table",
        "тумба",
        "прикроватная тумбочка",
        "тумбочка у кровати",
    ),
    "Armchair": ("arm chair", "chair", "easy chair", "wing chair", "креслице", "кресло-качалка"),
    "Chandelier": ("люстрочка", "ceiling light", "light fitting", "light fixture", "светильник", "лампа"),
    "Sink": ("basin", "washbasin", "wash basin", "умывальник", "мойка", "рукомойник"),
    "Knife": (
        "knives",
        "dagger",
        "ножик",
        "ножичек",
        "кинжал",
        "blade",
        "тесак",
        "финка",
        "финский нож",
        "заточка",
        "switchblade",
        "penknife",
        "pocketknife",
        "shiv",
    ),
    "Pistol": (
        "gun",
        "revolver",
        "handgun",
        "пистолетик",
        "револьвер",
        "ствол",
        "пушка",
        "наган",
        "six-shooter",
    ),
    "Poison": ("отрава", "яды", "venom", "arsenic", "cyanide", "мышьяк", "цианид"),
    "Baseball Bat": ("bat", "baseball", "бита", "бейсбольная", "битка"),
    "Stone": ("rock", "булыжник", "камушек", "камешек", "pebble", "булыга"),
    "Halberd": ("секира", "топор", "poleaxe", "бердыш"),
    "Candlestick": (
        "candle",
        "candle stick",
        "candelabra",
        "candleholder",
        "candle holder",
        "свеча",
        "свечка",
        "канделябр",
        "подсвечники",
        "candle-holder",
    ),
    "Rope": ("cord", "верёвочка", "канат", "шнур", "noose", "lasso", "twine", "петля", "удавка", "бечёвка"),
    "Petrol": (
        "gasoline",
        "gas",
        "fuel",
        "petrol can",
        "can of petrol",
        "jerrycan",
        "канистра",
        "канистра бензина",
        "канистра с бензином",
        "горючее",
        "топливо",
        "горючка",
        "горючее",
        "бензинчик",
    ),
}
"""Short, informal and plural names players use for each card and for the Hall, in both languages
(any case of a Russian one is read: ``в ванну``, ``свечу``, ``канистрой бензина``)."""
