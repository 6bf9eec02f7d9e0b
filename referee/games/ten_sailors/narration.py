"""Telling Ten Sailors deaths as scenes: which scene of the pool, and the words that fill it.

The scene of a death is drawn from the game's seeded stream keyed by the night and the victim,
so a replay tells it the same way. Russian needs the victim's name in its cases and the
victim's gender for the verbs: a ``gender`` given in the game file wins, otherwise it is read
from the first name with the pymorphy3 dictionary (names it does not know, or that are
either, such as Саша, are read by their ending: -а/-я feminine, anything else masculine).
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any, Literal

from referee.core.rng import SeededStream
from referee.core.russian import morph
from referee.games.ten_sailors.scenes import (
    EN_FURNITURE_AT,
    EN_WEAPON_VESSEL,
    RU_FURNITURE_AT,
    RU_ROOM_IN,
    RU_ROOM_TO,
    RU_WEAPON,
    SCENES,
    SCENES_OF_YOU,
)

Gender = Literal["m", "f"]
CASES: dict[str, str] = {
    "nom": "nomn",
    "gen": "gent",
    "dat": "datv",
    "acc": "accs",
    "ins": "ablt",
    "prep": "loct",
}
"""The case names the texts use, and pymorphy3's for them."""

_SLOT = re.compile(r"\{(\w+)\}")
_CHOICE = re.compile(r"\[([^|\]]*)\|([^\]]*)\]")
_WORD = re.compile(r"[А-Яа-яЁё]+")
_EXPLICIT: dict[str, Gender] = {
    "m": "m",
    "male": "m",
    "man": "m",
    "м": "m",
    "муж": "m",
    "f": "f",
    "female": "f",
    "woman": "f",
    "ж": "f",
    "жен": "f",
}


def scene_number(seed: int | str, segment: str, victim: str) -> int:
    """The scene told of ``victim``'s death on night ``segment``: the same for every replay of the game."""
    return SeededStream(seed, f"scene {segment} {victim}").choice(range(1_000_000))


def distinct_scenes(numbers: list[int]) -> list[int]:
    """``numbers`` changed as little as needed so that no two name the same scene of a pool: two deaths
    told in one mail never read word for word alike (the pools of both languages are as long)."""
    size = min(len(pool) for pool in SCENES.values())
    taken: set[int] = set()
    result = []
    for number in numbers:
        while number % size in taken and len(taken) < size:
            number += 1
        taken.add(number % size)
        result.append(number)
    return result


def gender_of(name: str, given: str | None = None) -> Gender:
    """The grammatical gender of the character ``name``: ``given`` if it names one, else a guess."""
    if given and given.strip().lower() in _EXPLICIT:
        return _EXPLICIT[given.strip().lower()]
    first = next(iter(_WORD.findall(name)), "")
    for parse in morph().parse(first) if first else ():
        if "Name" in parse.tag and parse.tag.case == "nomn":
            if parse.tag.gender in ("masc", "femn"):
                return "m" if parse.tag.gender == "masc" else "f"
            break
    return "f" if name.strip().lower()[-1:] in ("а", "я", "a") else "m"


def name_case(name: str, case: str, gender: Gender | None = None) -> str:
    """``name`` in the Russian case ``case`` ("gen", "dat", "acc", "ins", "prep"; "nom" as is).

    Each Cyrillic word the dictionary reads as a first name, surname or patronymic is
    declined and keeps its capitals; anything else (a Latin name, a nickname) stays as written.
    """
    if case == "nom" or case not in CASES:
        return name
    gender = gender or gender_of(name)
    return _WORD.sub(lambda match: _declined(match.group(0), CASES[case], gender), name)


def _declined(word: str, case: str, gender: Gender) -> str:
    wanted = "masc" if gender == "m" else "femn"
    for parse in morph().parse(word):
        tag = parse.tag
        if tag.case != "nomn" or tag.number == "plur" or not ({"Name", "Surn", "Patr"} & tag.grammemes):
            continue
        if tag.gender != wanted and "ms-f" not in tag.grammemes:
            continue
        form = parse.inflect({case})
        if form is None:
            return word
        return "-".join(
            part.capitalize() if old[:1].isupper() else part
            for part, old in zip(form.word.split("-"), word.split("-"), strict=False)
        )
    return word


def scene(
    hand: list[str], name: str, gender: Gender, number: int, language: str, *, to_victim: bool = False
) -> str:
    """Scene ``number`` (taken modulo the pool) of ``name``'s death by the set ``hand``, in ``language``;
    ``to_victim``: told to the one who died, in the second person."""
    pools = SCENES_OF_YOU if to_victim else SCENES
    pool = pools[language if language in pools else "en"]
    text = pool[number % len(pool)]
    slots = _slots(hand, name, gender, language if language in SCENES else "en")
    text = _CHOICE.sub(lambda match: match.group(1 if gender == "m" else 2), text)
    return _SLOT.sub(lambda match: _slot(slots, match.group(1)), text)


def _slot(slots: dict[str, str], key: str) -> str:
    value = slots[key.lower()] if key[:1].isupper() else slots[key]
    return value[:1].upper() + value[1:] if key[:1].isupper() else value


def _slots(hand: list[str], name: str, gender: Gender, language: str) -> dict[str, str]:
    room, furniture, weapon = hand
    if language == "ru":
        nominative, genitive, instrumental, ending = RU_WEAPON[weapon]
        return {
            **{f"name_{case}": name_case(name, case, gender) for case in CASES},
            "name": name,
            "room_in": RU_ROOM_IN[room],
            "room_to": RU_ROOM_TO[room],
            "furniture_at": RU_FURNITURE_AT[furniture],
            "weapon": nominative,
            "weapon_gen": genitive,
            "weapon_ins": instrumental,
            "weapon_ending": ending,
        }
    held = EN_WEAPON_VESSEL.get(weapon, weapon)
    article = "an" if held[:1].lower() in "aeiou" else "a"
    return {
        "name": name,
        "room": room,
        "furniture_at": EN_FURNITURE_AT[furniture],
        "furniture": f"the {furniture}",
        "weapon_a": f"{article} {held}",
        "weapon": f"the {held}",
    }


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


def frag_count_text(value: Any, language: str) -> str:
    """A number of frags with its word: "1 frag", "2 frags", "1/2 frag"; «1 фраг», «2 фрага», «5 фрагов»."""
    shown = frags_text(value)
    number = Fraction(str(value)).limit_denominator(1000)
    if language == "ru":
        whole = number.numerator if number.denominator == 1 else None
        if whole is None or (whole % 10 in (2, 3, 4) and whole % 100 not in (12, 13, 14)):
            return f"{shown} фрага"
        return f"{shown} фраг" if whole % 10 == 1 and whole % 100 != 11 else f"{shown} фрагов"
    return f"{shown} frag" if number <= 1 else f"{shown} frags"
