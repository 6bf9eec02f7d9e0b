"""Russian as a native writer uses it: a person's grammatical gender, and names in every case.

Names are declined with pymorphy3 and its Russian dictionary: each word is read as a first
name, a surname or a common noun ("Доктор Армстронг", "Судья") of the person's gender, and
put in the asked case. A word the dictionary does not know is declined by pymorphy3's
guess from its ending, as Russian declines borrowed names: a man's "Роджерс" → "Роджерса",
while a woman's name ending in a consonant ("Кэт", "Клейторн") stays as it is. Names in
Latin letters, and words that do not decline (Ирэн, Эмили), come back unchanged.

Cases are named as pymorphy3 names them (``nomn``, ``gent``, ``datv``, ``accs``, ``ablt``,
``loct``) or by their usual abbreviations (``gen``, ``dat``, ``acc``, ``ins``, ``prep``).
Genders are ``"m"`` or ``"f"``.
"""

from __future__ import annotations

import re
from functools import cache, lru_cache
from typing import Any, Literal

Gender = Literal["m", "f"]

CASES: dict[str, str] = {
    "nomn": "nomn", "nom": "nomn",
    "gent": "gent", "gen": "gent",
    "datv": "datv", "dat": "datv",
    "accs": "accs", "acc": "accs",
    "ablt": "ablt", "ins": "ablt", "instr": "ablt",
    "loct": "loct", "prep": "loct", "loc": "loct",
}  # fmt: skip
"""Every accepted name of a case, mapped to pymorphy3's."""

_GENDER_WORDS: dict[str, Gender] = {
    "m": "m", "male": "m", "man": "m", "masculine": "m", "м": "m", "муж": "m", "мужской": "m",
    "f": "f", "female": "f", "woman": "f", "feminine": "f", "ж": "f", "жен": "f", "женский": "f",
}  # fmt: skip

_HARD_CONSONANTS = frozenset("бвгдзклмнпрстфх")
_MASCULINE_ENDINGS = {"gent": "а", "datv": "у", "accs": "а", "ablt": "ом", "loct": "е"}
_CYRILLIC_WORD = re.compile(r"^[А-Яа-яЁё]+(?:-[А-Яа-яЁё]+)*$")


def read_gender(text: Any) -> Gender | None:
    """The gender a game file writes as ``text`` ("f", "female", "ж", "женский", "m", …); None if none."""
    return _GENDER_WORDS.get(str(text).strip().casefold())


@cache
def morph() -> Any:
    """The process's one Russian morphology dictionary (pymorphy3's ``MorphAnalyzer``), loaded on first
    use: some 20 MB, so every reader of Russian words (names here, a game's orders and narration) shares
    it rather than loading its own."""
    import pymorphy3

    return pymorphy3.MorphAnalyzer(lang="ru")


WORDS_KEPT = 32_768
"""How many distinct words ``normal_form`` remembers: a bound on what mail from anyone makes it hold."""


@lru_cache(maxsize=WORDS_KEPT)
def normal_form(word: str) -> str:
    """``word`` in its dictionary form, lower case, as pymorphy3 reads it most likely: «Москве» → «москва»."""
    return str(morph().parse(word)[0].normal_form).replace("ё", "е")


def _tag_gender(parse: Any) -> Gender | None:
    gender = parse.tag.gender
    return "m" if gender == "masc" else "f" if gender == "femn" else None


@cache
def guess_gender(name: str) -> Gender:
    """The likely gender of a person called ``name``, from its first word.

    A Russian first name the dictionary knows gives its gender (Никита and Илья are men's);
    otherwise, and for names in Latin letters, a name ending in "а", "я" or "a" is read as a
    woman's and any other as a man's. A game file's ``gender`` settles a name read wrong
    (Саша, Женя, Валя are both).
    """
    first = name.strip().split(" ")[0] if name.strip() else ""
    if _CYRILLIC_WORD.match(first):
        for parse in morph().parse(first):
            tag = parse.tag
            if {"Name", "nomn", "sing"} <= set(tag.grammemes) and (gender := _tag_gender(parse)):
                return gender
    return "f" if first[-1:].casefold() in ("а", "я", "a") else "m"


def _fits(parse: Any, gender: Gender, names_only: bool) -> bool:
    tag = parse.tag
    if "nomn" not in tag or "plur" in tag or tag.POS != "NOUN":
        return False
    if names_only and not ({"Name", "Surn", "Patr"} & set(tag.grammemes)):
        return False
    return _tag_gender(parse) in (gender, None)


def _known(parse: Any) -> bool:
    """Whether pymorphy3 found the word in its dictionary rather than guessed its forms."""
    return any(type(method).__name__ == "DictionaryAnalyzer" for method, *_ in parse.methods_stack)


def _like(original: str, word: str) -> str:
    """``word`` with the capitals of ``original`` (each hyphenated part)."""
    if original.isupper() and len(original) > 1:
        return word.upper()
    if original[:1].isupper():
        return "-".join(part[:1].upper() + part[1:] for part in word.split("-"))
    return word


def _decline_word(word: str, case: str, gender: Gender) -> str:
    if case == "nomn" or not _CYRILLIC_WORD.match(word):
        return word
    if case == "accs" and gender == "m" and word[-1:].casefold() not in ("а", "я"):
        case = "gent"  # a man's name ending in a consonant: the accusative of a living being is the genitive
    parses = morph().parse(word)
    chosen = next((p for p in parses if _known(p) and _fits(p, gender, names_only=True)), None)
    chosen = chosen or next((p for p in parses if _known(p) and _fits(p, gender, names_only=False)), None)
    if chosen is None:  # not in the dictionary: declined as Russian declines a borrowed name
        last = word[-1:].casefold()
        if gender == "m" and last in _HARD_CONSONANTS:
            return word + _MASCULINE_ENDINGS[case]  # Дживс → Дживса, Дживсу, Дживсом
        if gender == "f" and last not in ("а", "я"):
            return word  # a woman's name on a consonant does not decline: Кэт, Клейторн
        chosen = next((p for p in parses if _fits(p, gender, names_only=False)), None)
    if chosen is None or "Fixd" in chosen.tag:
        return word
    inflected = chosen.inflect({case, "sing"})
    return _like(word, inflected.word) if inflected is not None else word


def decline(name: str, case: str, gender: Gender | None = None) -> str:
    """``name`` in the Russian ``case`` ("gent", "accs", "prep", …) for a person of ``gender``.

    Without a gender it is guessed (``guess_gender``). Raises ``ValueError`` for an unknown case.
    """
    wanted = CASES.get(case)
    if wanted is None:
        raise ValueError(f"no Russian case {case!r}; expected one of {', '.join(sorted(CASES))}")
    who = gender or guess_gender(name)
    words = name.split(" ")
    return " ".join(_decline_word(w, wanted, who) if w else w for w in words)


def by_gender(gender: Gender | None, masculine: str, feminine: str) -> str:
    """``feminine`` for a woman, else ``masculine``: "погибла" or "погиб"."""
    return feminine if gender == "f" else masculine


def plural(count: int, one: str, few: str, many: str) -> str:
    """The form of a noun that agrees with the number ``count``: ``one`` after 1, 21, 101 («письмо»),
    ``few`` after 2–4, 22–24 («письма»), ``many`` after 0, 5–20, 25… («писем»)."""
    tens, units = abs(count) % 100, abs(count) % 10
    if units == 1 and tens != 11:
        return one
    if units in (2, 3, 4) and tens not in (12, 13, 14):
        return few
    return many
