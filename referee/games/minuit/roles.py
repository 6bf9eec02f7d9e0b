"""Suspects named by what they are, not by their first names: "the doctor", «адвоката», "Mrs Lowe",
«мисс Марек» (MM-14, MM-18: whom a question or a move names is read as the player meant it).

What a suspect is comes from the investigation itself, the line ``about`` them ("the ship's doctor",
«судовой врач»): its head noun, and the everyday words for it (``_EVERYDAY``: "the doc", «докторша»);
a surname stands with a title of the suspect's sex ("Mrs Lowe", «миссис Лоу») or one of either
("Dr Ferrante"), for a victim may share it ("Mr Lowe"). A word that would name two suspects names none.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import cache
from typing import TYPE_CHECKING

from referee.core.reading import Word, names_in
from referee.core.russian import morph
from referee.core.seats import fold_name

if TYPE_CHECKING:
    from referee.games.minuit.investigation import Investigation, Suspect

_EVERYDAY: dict[str, tuple[str, ...]] = {
    "doctor": ("doc", "medic", "physician"),
    "врач": ("доктор", "докторша", "врачиха", "медик", "доктора"),
    "lawyer": ("attorney", "solicitor", "counsel", "lawyerman"),
    "адвокат": ("юрист", "адвокатша", "стряпчий"),
    "actress": ("actor", "starlet", "filmstar"),
    "киноактриса": ("актриса", "кинозвезда", "артистка"),
    "photographer": ("photog", "cameraman", "snapper"),
    "фотограф": ("фотографиня", "фотографша", "фотик"),
    "hairdresser": ("stylist", "hairstylist", "barber", "coiffeur"),
    "парикмахер": ("парикмахерша", "стилист", "стилистка"),
    "coach": ("trainer", "instructor"),
    "тренер": ("тренерша", "теннисист"),
    "wife": ("widow", "missus", "spouse"),
    "жена": ("вдова", "супруга", "жёнушка"),
    "assistant": ("secretary",),
    "помощница": ("секретарша", "секретарь", "ассистентка", "помощник"),
    "perfumer": ("parfumier",),
    "парфюмер": ("парфюмерша", "нюхач"),
    "chemist": ("scientist",),
    "химик": ("лаборант",),
    "sommelier": ("somm",),
    "owner": ("rival", "competitor"),
    "владелец": ("конкурент", "соперник"),
}
"""Everyday words for what a suspect is, by the head noun of the line about them."""

_TITLES = {
    "masc": ("mr", "mister", "monsieur", "herr", "signor", "sir", "мистер", "месье", "господин", "герр"),
    "femn": ("mrs", "miss", "ms", "madame", "mme", "mlle", "mademoiselle", "lady", "frau", "signora",
             "миссис", "мисс", "мадам", "мадемуазель", "госпожа", "фрау", "синьора"),
    "": ("dr", "doctor", "doc", "prof", "professor", "доктор", "профессор"),
}  # fmt: skip
"""Titles before a surname, by the sex of whom they name ("" for either)."""
_CLAUSE = re.compile(r"[,;(«“\"]")
_NOT_ROLES = frozenset(
    {"head", "player", "man", "woman", "one", "face", "friend", "star", "passenger", "guest", "член", "глава",
     "игрок", "лицо", "друг", "пассажир", "гость"}
)  # fmt: skip
"""Head nouns too common to name a suspect ("Head to the pool" is no head of housekeeping)."""


def _heads(about: str) -> Iterable[str]:
    """The head noun of a line about a suspect: "the owner of a rival perfume house" → owner, «личная
    помощница убитого» → помощница."""
    first = _CLAUSE.split(about, maxsplit=1)[0].strip()
    if not first:
        return
    if first.isascii():
        words = first.split(" of ")[0].split()
        if words:
            yield fold_name(words[-1])
        return
    for word in first.split():
        parse = morph().parse(fold_name(word))[0]
        if parse.tag.POS == "NOUN" and parse.tag.case == "nomn":
            yield fold_name(parse.normal_form)
            return


def _sex(first_ru: str) -> str:
    """The sex of a suspect's Russian first name ("masc", "femn"), as the Russian dictionary has it."""
    parses = morph().parse(fold_name(first_ru))
    named = [p for p in parses if "Name" in p.tag] or parses[:1]  # «Марта», not the month's genitive
    return str(named[0].tag.gender or "") if named else ""


_Key = tuple[tuple[str, tuple[str, ...], tuple[str, ...]], ...]


@cache
def _table(suspects: _Key) -> dict[str, str]:
    claims: dict[str, set[str]] = {}
    for ident, names, abouts in suspects:
        for about in abouts:
            for head in _heads(about):
                if head in _NOT_ROLES:
                    continue
                for word in (head, *_EVERYDAY.get(head, ())):
                    claims.setdefault(word, set()).add(ident)
        first_ru = next((name.split()[0] for name in names if not name.isascii()), "")
        titles = (*_TITLES[""], *_TITLES.get(_sex(first_ru), ()))
        for name in names:
            surname = fold_name(name.split()[-1])
            for title in titles:
                claims.setdefault(f"{title} {surname}", set()).add(ident)
    return {word: next(iter(ids)) for word, ids in claims.items() if len(ids) == 1}


def _key(suspect: Suspect) -> tuple[str, tuple[str, ...], tuple[str, ...]]:
    return suspect.id, tuple(suspect.name.values()), tuple(suspect.about.values())


def roles(case: Investigation) -> dict[str, str]:
    """Every word or title-and-surname that names one suspect of ``case`` by what they are."""
    return _table(tuple(map(_key, case.suspects)))


def suspects_named(
    words: Sequence[Word], case: Investigation, names: dict[str, str]
) -> list[tuple[int, str]]:
    """Where ``words`` name a suspect and whom: by ``names`` (first names, with slips), or exactly by what
    they are or a title and surname ("the doctor", "Mrs Lowe")."""
    found = dict(names_in(list(words), names))
    for index, ident in names_in(list(words), roles(case), exact=True):
        if index not in found and index - 1 not in found:
            found[index] = ident
    return sorted(found.items())
