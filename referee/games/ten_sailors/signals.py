"""General signals of what a line asks for, when no order word of the order language reads it (TS-11,
TS-23 ruling).

A player who never read the help narrates ("Hanna glides into the study", «Анна семенит на кухню»),
wishes ("Let's go to the study", «Пустите в столовую») or labels ("target Gleb, room Study, …"). Such a
line is read from a few signals that hold for any verb, so that a new verb of a known class needs no
new code:

- **direction**: a place after "to / into / toward(s) / onto / for" (an English preposition of motion),
  after «до» in the genitive («доберусь до кухни»), or after «в»/«во»/«на» in the accusative
  (pymorphy3's case tag: «на кухню» is where one goes, «на кухне» where one is). One place so named,
  by the writer or their character, is a move;
- **trap words** in any form or near spelling ("trp", "trapp", «лавушку», "rig", "lay … for"): with one
  character and a room, a piece of furniture and a weapon, in any order and with any labels, a trap;
- **staying**: a verb of staying or lingering by lemma, naming no card: a stay;
- **starting the day** somewhere ("start the day in the study", «день начинаю в кабинете»): the move of
  the night before that day (TS-22: a night's move takes effect at 10:00);
- **labels**: one place after a short label and a colon ("Next stop: garage"), or beside words of
  courtesy alone ("kitchen pls").

Two cards that are no places, with any verb or none, are a search; that needs no signal but the names
(``parse`` checks that no other order word and no second character stand beside them).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from difflib import SequenceMatcher

from rapidfuzz.distance import DamerauLevenshtein

from referee.core.russian import morph
from referee.core.seats import fold_name
from referee.games.ten_sailors.intent import is_place
from referee.games.ten_sailors.lexicon import Missing, read_names
from referee.games.ten_sailors.words import (
    NEGATIONS,
    STAY,
    is_courtesy,
    is_setter,
    lemmas,
    near_kind,
    order_kind,
)

TOWARDS = frozenset({"to", "into", "towards", "toward", "onto", "for"})
"""English prepositions of motion before a place: where one goes."""
_NOT_TOWARDS = frozenset({"next", "close", "near", "closer", "nearest", "adjacent", "due", "according"})
"""Words that make "to" a place's neighbour rather than a direction ("next to the kitchen")."""
_INTO = frozenset({"в", "во", "на"})
"""Russian prepositions that name a direction with the accusative, a location with the prepositional."""
_ARTICLES = frozenset({"the", "a", "an", "my", "our", "her", "his", "their", "its"})
_TRAP_STEMS = ("trap", "ловушк", "лавушк", "капкан", "booby", "заминир", "подкарау", "подстер")
_TRAP_LEMMAS = frozenset(
    {"rig", "target", "ambush", "ловить", "поймать", "цель", "подловить", "засада", "заминировать",
     "подкараулить", "подстеречь", "караулить", "snare", "лов"}
)  # fmt: skip
"""Lemmas that, with a character and three cards, say a trap without the word "trap"."""
_LINGER = STAY | frozenset(
    {"linger", "wait", "задержаться", "задерживаться", "ждать", "подождать", "побыть", "пробыть"}
)
_START = frozenset({"start", "begin", "начинать", "начать"})
_DAY = frozenset({"day", "morning", "день", "утро"})
_STATIVE = frozenset(
    {"be", "is", "are", "was", "were", "been", "seem", "lie", "hang", "belong", "love", "like", "hate",
     "быть", "лежать", "стоять", "висеть", "находиться", "валяться", "нравиться", "являться"}
)  # fmt: skip
"""Lemmas of being somewhere or of feeling: a line telling how things are ("The knife is on the sofa",
«Нож лежит на диване»), not what one does; "is heading" is no such line."""
_LEAVE = frozenset({"ok", "okay", "alright", "fine", "possible", "allowed"})
"""Words after "be" that ask leave ("would it be ok if I went …"): no telling how things are."""
_LONGEST_PLACE = 3
_LABEL_WORDS = 3
_LABEL = re.compile(r":|\s[—–-]+>?\s|->")
"""What ends a label before a place: a colon, a dash or an arrow ("Next stop — the garage")."""
"""A label before a colon ("Next stop:") is this many words at most."""


def _place_at(texts: Sequence[str], at: int) -> bool:
    """Whether the words from ``at`` start a place's name ("the music room", «столовую»)."""
    for size in range(_LONGEST_PLACE, 0, -1):
        chunk = list(texts[at : at + size])
        if len(chunk) < size:
            continue
        found = read_names(chunk)
        if not isinstance(found, Missing) and len(found) == 1 and is_place(found[0].name):
            return True
    return False


def directed(texts: Sequence[str]) -> bool:
    """Whether the words ``texts`` name a place as where one goes: after an English preposition of motion,
    or after «в»/«на» in the accusative."""
    folded = [fold_name(text).replace("’", "'") for text in texts]
    for at, word in enumerate(folded[:-1]):
        after = at + 1
        while after < len(folded) - 1 and folded[after] in _ARTICLES:
            after += 1
        if word in TOWARDS and (at == 0 or folded[at - 1] not in _NOT_TOWARDS) and _place_at(texts, after):
            return True
        if (
            word == "до"
            and _place_at(texts, after)
            and any("gent" in p.tag for p in morph().parse(folded[after]))
        ):
            return True  # «доберусь до кухни»: as far as a place, where one goes
        if word in _INTO and _place_at(texts, after):
            parses = morph().parse(folded[after])
            if any("accs" in p.tag for p in parses) and not any("loct" in p.tag for p in parses[:1]):
                return True
    return False


def trap_words(texts: Sequence[str]) -> bool:
    """Whether a word of ``texts`` says a trap in any form or near spelling ("trp", «лавушку», "rig")."""
    for text in texts:
        folded = fold_name(text)
        if order_kind(text) == "trap" or near_kind(text) == "trap" or is_setter(text):
            return True
        if folded.startswith(_TRAP_STEMS) or lemmas(text) & _TRAP_LEMMAS:
            return True
        if len(folded) >= 3 and folded.isascii() and SequenceMatcher(None, folded, "trap").ratio() >= 0.85:
            return True
        if 4 <= len(folded) <= 5 and folded.isascii() and DamerauLevenshtein.distance(folded, "trap") <= 1:
            return True  # two letters swapped ("tarp", "trpa"), even where that makes another word
    return False


def stative(texts: Sequence[str]) -> bool:
    """Whether ``texts`` tell how things are rather than what one does (``_STATIVE``, not "is" before a
    verb in "-ing")."""
    for at, text in enumerate(texts):
        following = texts[at + 1] if at + 1 < len(texts) else ""
        if (
            lemmas(text) & _STATIVE
            and not following.lower().endswith("ing")
            and following.lower() not in _LEAVE
        ):
            return True
    return False


def staying(texts: Sequence[str]) -> bool:
    """Whether a word of ``texts`` is a verb of staying or lingering ("lingers", «остаётся») not denied by
    one of the few words before it («сидеть сложа руки не могу» denies after it in Russian: there, any
    denial of the clause); "I'm staying here, no need to move" stays."""
    folded = [text.lower().replace("’", "'") for text in texts]
    for at, text in enumerate(texts):
        if not lemmas(text) & _LINGER:
            continue
        near = folded[max(0, at - _DENIED_WITHIN) : at]
        after = folded[at + 1 : at + 1 + _DENIED_WITHIN] if text[:1] in _RUSSIAN else []
        if not any(word in NEGATIONS or word.endswith("n't") for word in [*near, *after]):
            return True
    return False


_DENIED_WITHIN = 3
"""How many words before a verb of staying (or after it, in Russian) may deny it."""
_RUSSIAN = frozenset("абвгдеёжзийклмнопрстуфхцчшщъыьэюяАБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ")


def starts_the_day(texts: Sequence[str]) -> bool:
    """Whether ``texts`` tell where the writer starts a day ("start the day in …", «день начинаю в …»)."""
    every = set().union(*(lemmas(text) for text in texts)) if texts else set()
    return bool(every & _START) and bool(every & _DAY)


def labelled(line: str, others: Sequence[str]) -> bool:
    """Whether the words ``others`` beside one place are a short label before a colon ("Next stop:
    garage") or courtesy alone ("kitchen pls")."""
    if all(is_courtesy(word) for word in others):
        return True
    label = _LABEL.search(line)
    head = line[: label.start()] if label else ""
    return bool(label) and len(head.split()) <= _LABEL_WORDS and len(others) <= _LABEL_WORDS
