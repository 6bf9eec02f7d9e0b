"""Order lines read by meaning, as players write them by mail, for the games whose orders begin with a
keyword (``referee.core.keywords``): "Please look at clue three with my 4", «Прошу исследовать третью
улику жетоном 4», "Anna suspects Adele, token 5".

A line the keyword reader takes is taken as it is. Any other line is cut into clauses, and each clause
into ``Word``s: every word with the forms it may be looked up by (its Russian lemma from pymorphy3, its
English stem), and its value if it writes a number (digits, "three", «третью», «пятёрку»). A game
plugs in a ``Grammar``: its table of intent words (lemmas and stems, not word forms) and its reader of a
clause's words into an order. Words that carry no meaning for the game — politeness («прошу»,
"could you"), narration ("Anna …", «мой персонаж …») and small talk — are simply not looked at.

A line that names the game's things but is not read with confidence (a question, a negation, a
condition, something missing or two ways to read it) is refused with the question "did you mean …?"
in the line's language, never taken as table talk.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, replace
from functools import lru_cache
from itertools import pairwise
from typing import Any, TypeVar

from rapidfuzz import fuzz, process
from rapidfuzz.distance import OSA

from referee.core import corrections, diminutives, translit
from referee.core.keywords import Arguments, read_order
from referee.core.orders import Order, Unreadable
from referee.core.russian import morph, normal_form
from referee.core.seats import fold_name
from referee.core.text import in_order

T = TypeVar("T")
"""What a table of words maps each word to."""

WORDS_KEPT = 16_384
"""How many distinct words ``_keys`` remembers."""

_TOKEN = re.compile(
    r"[^\W\d_]{1,2}-?\d+\b|[#№]?\d+(?:[-:.]\d+)?(?:-?[^\W\d_]{1,3}(?![^\W\d_]))?(?:['’]s\b)?"
    r"|[^\W\d_]+(?:['’][^\W\d_]+)*"
)
"""A word: letters with a number (a room, "B2"), a number with its ending ("3-й", "5th", "3s"; not a
word after a hyphen, "2-chip" is two), or letters."""
_DIGITS = re.compile(
    r"^(?:[#№]|[x×х](?=\d))?(\d{1,3})(?:[x×х]|-?(?:й|я|ю|е|го|ой|ому|ую|ая|st|nd|rd|th|s|'s|’s))?$"
)
"""A number in digits: "3", "#3", «3-й», "3rd", and a count "x2", "2x" («х2»)."""
_CYRILLIC = re.compile(r"[а-яё]", re.I)
_JOINERS = (
    r"(?:and then|then|also|and|after that|plus|затем|потом|после этого|а также|а|и|ещё(?!\s+раз)"
    r"|еще(?!\s+раз))"
)
"""Words that join two orders; not «ещё» of «ещё раз» (again)."""
_CLAUSE_BREAK = re.compile(
    rf"(?:\s*(?:[;!]|\s/(?=\s)|\.(?=\s|$)|,)\s*)+(?:{_JOINERS}\s+)?|\s+{_JOINERS}\s+", re.I
)

EN_NUMBERS: dict[str, int] = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
    "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16,
    "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20,
    "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8,
    "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13, "fourteenth": 14,
    "fifteenth": 15, "sixteenth": 16, "seventeenth": 17, "eighteenth": 18, "nineteenth": 19,
    "twentieth": 20,
}  # fmt: skip
RU_NUMBERS: dict[str, int] = {
    "один": 1, "два": 2, "три": 3, "четыре": 4, "пять": 5, "шесть": 6, "семь": 7, "восемь": 8,
    "девять": 9, "десять": 10, "одиннадцать": 11, "двенадцать": 12, "тринадцать": 13,
    "четырнадцать": 14, "пятнадцать": 15, "шестнадцать": 16, "семнадцать": 17, "восемнадцать": 18,
    "девятнадцать": 19, "двадцать": 20,
    "первый": 1, "второй": 2, "третий": 3, "четвертый": 4, "пятый": 5, "шестой": 6, "седьмой": 7,
    "восьмой": 8, "девятый": 9, "десятый": 10, "одиннадцатый": 11, "двенадцатый": 12,
    "тринадцатый": 13, "четырнадцатый": 14, "пятнадцатый": 15, "шестнадцатый": 16, "семнадцатый": 17,
    "восемнадцатый": 18, "девятнадцатый": 19, "двадцатый": 20,
    "единица": 1, "единичка": 1, "двойка": 2, "тройка": 3, "четверка": 4, "пятерка": 5,
    "шестерка": 6, "семерка": 7, "восьмерка": 8, "девятка": 9, "десятка": 10,
    "двоечка": 2, "троечка": 3, "четверочка": 4, "пятерочка": 5, "шестерочка": 6, "двушка": 2, "трешка": 3,
    "второе": 2, "ace": 1, "deuce": 2, "trey": 3, "fiver": 5,
}  # fmt: skip
"""Numbers written in words, by their folded form (English) or lemma (Russian)."""

_PRONOUN_ONE = frozenset({"the", "this", "that", "which", "any", "every", "no", "each", "other"})
"""Words after which "one" is no number ("the one in C1")."""

MOTION = frozenset(
    {"visit", "stroll", "wander", "hurry", "rush", "sneak", "creep", "dash", "hop", "step", "march", "stride",
     "amble", "saunter", "jog", "dart", "scurry", "tiptoe", "nip", "pop", "climb", "descend", "proceed",
     "relocate", "return", "travel", "drift", "slip", "топать", "потопать", "протопать", "шагать",
     "зашагать", "заглянуть", "заглядывать", "наведаться", "наведываться", "пробираться", "пробраться",
     "красться", "прокрасться", "брести", "побрести", "мчаться", "помчаться", "нестись", "понестись",
     "податься", "двинуть", "двинуться", "направить", "вернуться", "возвращаться", "заскочить",
     "забежать", "сбегать", "прогуляться", "прошмыгнуть", "шмыгнуть", "ковылять", "поковылять",
     "переместиться", "перебираться", "пойти", "сходить"}
)  # fmt: skip
"""Verbs of going somewhere, in both languages (lemmas and stems), beyond the plain ones every game lists:
"stroll", "pop", «топать», «заглянуть», «наведаться»."""

NEGATIONS = frozenset({"not", "don't", "dont", "won't", "never", "не", "нельзя", "никогда"})
CONDITIONS = frozenset(
    {"if", "unless", "maybe", "perhaps", "or", "wait", "если", "может", "наверное", "возможно", "или", "либо",
     "подожди", "погоди"}
)  # fmt: skip
"""Words that make a line something other than an order given now."""


@dataclass(frozen=True)
class Word:
    """One word of a line: as written, folded, every form it may be looked up by, and its number."""

    text: str
    folded: str
    keys: frozenset[str]
    number: int | None
    tail: str = ""
    """The text after the word, as written."""
    past: bool = False
    """Whether the word is a verb in the past tense ("offered", «отдал»): narration, not an order."""

    def among(self, vocabulary: Collection[str]) -> bool:
        """Whether any form of the word is in ``vocabulary``."""
        return any(key in vocabulary for key in self.keys)

    def meaning(self, table: Mapping[str, T]) -> T | None:
        """What ``table`` says the word means, by any of its forms."""
        return next((table[key] for key in sorted(self.keys) if key in table), None)


ASKING_LEADS = frozenset(
    {"а", "и", "ну", "так", "so", "and", "well", "ok", "okay", "ок", "then", "тогда", "ref", "referee", "gm",
     "host", "мастер", "ведущий", "remind", "напомнить", "подсказать", "tell", "explain", "объяснить", "me",
     "please", "pls", "пожалуйста"}
)  # fmt: skip
"""Words a question to the referee may open with before what it asks: a lead («А что мне можно?»), the
referee called ("Ref, which offers are open?"), a request to be told («Напомните, как …»)."""


SEND_VERBS = frozenset({"send", "resend", "прислать", "скинуть", "выслать", "переслать"})
"""Verbs asking the referee to send something (the rules, one's orders, the board), by their lemmas."""
SHOW_VERBS = SEND_VERBS | frozenset({"show", "показать"})
"""Verbs asking the referee to show or send something, by their lemmas («покажите мои заявки»)."""
HELP_WORDS = (
    "help", "rules", "помощь", "справка", "правило", "помочь", "памятка", "подсказка", "instructions",
    "command", "commands", "команда", "хэлп", "хелп", "halp", "syntax", "синтаксис",
)  # fmt: skip
"""Words that ask for the help in every game ("help", «хелп», "what's the syntax for …?")."""
OPTION_WORDS = frozenset({"options", "option", "choices", "вариант", "возможность"})
"""Words that make a question one about what the writer may do ("What are my options?")."""


def asked_how(words: list[Word]) -> bool:
    """Whether a clause asks how to do something once its leads are set aside ("Remind me, how do I use a
    buoy?", «Напомните, как меняться с Болваном»), in every game: the help, whatever it names."""
    plain = [w for w in words if not w.among(ASKING_LEADS)]
    if plain and plain[0].folded in ("how", "как") and any(w.among(_TELL_ME) for w in words[:3]):
        return True  # "remind me how the buoys work", «объясните, как работает буй»
    return len(plain) > 1 and asks_how_to(plain[0], plain[1])


_TELL_ME = frozenset({"remind", "explain", "tell", "напомнить", "объяснить", "подсказать", "рассказать"})


def asks_how_to(first: Word, second: Word) -> bool:
    """Whether a clause opens by asking how to do something: "how do/can/to …", «как» + an infinitive
    ("How do I make an offer?", «Как обыскать каюту?»): the help, in every game."""
    if first.folded == "how":
        return second.folded in ("do", "does", "can", "to", "should")
    return first.folded == "как" and any(p.tag.POS == "INFN" for p in morph().parse(second.folded)[:1])


_FIRST_PERSON_ENDINGS = (("аю", "ать"), ("яю", "ять"), ("ую", "овать"))
"""Endings of a Russian verb in the first person and the infinitive each comes from («шмонаю» —
«шмонать», «чекаю» — «чекать», «пингую» — «пинговать»): a form the word is also looked up by."""


@lru_cache(maxsize=WORDS_KEPT)
def _keys(folded: str) -> frozenset[str]:
    """The forms a folded word may be looked up by: itself, its Russian lemma, its English stems."""
    keys = {folded, folded.replace("’", "'")}
    if _CYRILLIC.search(folded):
        keys.add(normal_form(folded))
        for ending, infinitive in _FIRST_PERSON_ENDINGS:  # «шмонаю»: slang the dictionary guesses wrong
            if folded.endswith(ending) and len(folded) > len(ending) + 2:
                keys.add(folded[: -len(ending)] + infinitive)
        return frozenset(keys)
    base = folded.removesuffix("'s")
    keys.add(base)
    if base.endswith("ing") and len(base) > 5 and base[-4] == base[-5]:
        keys.add(base[:-4])
    for suffix, new in (("ies", "y"), ("es", ""), ("s", ""), ("ing", ""), ("ing", "e"), ("ed", ""),
                        ("ed", "e"), ("ly", ""), ("ily", "y"), ("er", "")):  # fmt: skip
        if base.endswith(suffix) and len(base) > len(suffix) + 1:
            keys.add(base[: -len(suffix)] + new)
    return frozenset(keys)


@lru_cache(maxsize=WORDS_KEPT)
def _past(folded: str) -> bool:
    """Whether ``folded`` is most likely a verb in the past tense: «отдал», "offered"."""
    if _CYRILLIC.search(folded):
        tag = morph().parse(folded)[0].tag
        return "VERB" in tag and "past" in tag
    return folded.endswith("ed") and len(folded) > 4 and folded not in _NOT_PAST


def _told(before: list[Word]) -> bool:
    """Whether an English word in "-ed" follows its subject ("I offered", "Anna declined"): a story."""
    last = before[-1] if before else None
    return last is not None and (last.folded in _SUBJECTS or (last.text.isalpha() and last.text.istitle()))


_SUBJECTS = frozenset({"i", "we", "he", "she", "they", "you", "have", "has", "had", "already", "just"})
_NOT_PAST = frozenset({"finished", "need", "indeed", "seed", "speed", "proceed", "red", "shed", "used"})


def _number(folded: str, keys: frozenset[str]) -> int | None:
    if match := _DIGITS.match(folded):
        return int(match.group(1))
    found = next((table[key] for table in (EN_NUMBERS, RU_NUMBERS) for key in keys if key in table), None)
    return found if found is not None else _number_misspelt(folded)


_NUMBER_STEMS = {
    noun.removesuffix("а"): count
    for noun, count in RU_NUMBERS.items()
    if noun.endswith(("ка", "ица")) and len(noun) > 5
}
"""The stems of the Russian nouns of numbers («двойк», «единичк»): a misspelt one is read by its stem."""
_NOUN_ENDING = re.compile(r"(?:ой|ою|ей|ею|ам|ами|ах|ом|у|ю|е|и|ы|а|я)$")


@lru_cache(maxsize=WORDS_KEPT)
def _number_misspelt(folded: str) -> int | None:
    """The number a Russian noun of numbers misspelt by a letter names («двйкой», «тройуой», «еденичкой»),
    if the word is none of the dictionary's; None otherwise."""
    if len(folded) < 5 or not _CYRILLIC.search(folded) or morph().word_is_known(folded):
        return None
    stem = _NOUN_ENDING.sub("", folded)
    near = [count for known, count in _NUMBER_STEMS.items() if OSA.distance(stem, known) <= 1]
    return near[0] if len(set(near)) == 1 else None


def words_of(text: str) -> list[Word]:
    """The words of ``text`` (punctuation dropped), numbers in words read, and "twenty one" /
    «двадцать один» joined into one number."""
    result: list[Word] = []
    for match in _TOKEN.finditer(text):
        token = match.group()
        folded = fold_name(token).replace(" ", "")
        keys = _keys(folded)
        number = _number(folded, keys)
        if folded == "one" and result and result[-1].folded in _PRONOUN_ONE:
            number = None
        past = _past(folded) and (bool(_CYRILLIC.search(folded)) or _told(result))
        word = Word(token, folded, keys, number, text[match.end() :], past)
        last = result[-1] if result else None
        if last and last.number == 20 and word.number and word.number < 10 and not last.folded.isdigit():
            result[-1] = Word(f"{last.text} {token}", last.folded, last.keys, 20 + word.number, word.tail)
            continue
        result.append(word)
    for index, word in enumerate(result[:-1]):
        following = result[index + 1]
        after_more = index and result[index - 1].folded in ("еще", "another")
        if (word.folded == "one" and following.folded in ("more", "of", "another")) or (
            after_more and word.number == 1
        ):
            result[index] = Word(word.text, word.folded, word.keys, None, word.tail, word.past)
    return result


def clauses_of(line: str) -> list[str]:
    """``line`` cut where a new order may begin: at ";", a full stop, a comma, "and", «и», «потом» …"""
    return [part for part in _CLAUSE_BREAK.split(line) if part and part.strip()]


def language_of(line: str) -> str:
    """ "ru" for a line written mostly in Cyrillic, else "en"."""
    cyrillic = len(_CYRILLIC.findall(line))
    return "ru" if cyrillic and cyrillic * 2 >= sum(ch.isalpha() for ch in line) else "en"


def near(word: Word, choices: Collection[str], cutoff: float = 82, *, slips: bool = False) -> str | None:
    """The choice ``word`` writes with a slip of a letter or two ("investgate", «подозриваю»), or with two
    letters next to each other swapped ("retyr", "edn"), if any; words shorter than five letters must be
    written exactly but for such a swap. With ``slips`` (names), a word one letter off or two swapped
    ("Ulrik", "Borsi"), or two in a long word ("Quinten"), counts too."""
    if len(word.folded) < 3 or not choices:
        return None
    if len(word.folded) < 5:  # "edn": a short word only with two letters typed the other way round
        return next((choice for choice in choices if letters_swapped(word.folded, choice)), None)
    found = process.extractOne(word.folded, list(choices), scorer=fuzz.ratio, score_cutoff=cutoff)
    if found:
        return str(found[0])
    swapped = next((choice for choice in choices if letters_swapped(word.folded, choice)), None)
    if swapped is not None:
        return swapped  # "retyr": a slip of the fingers, never another word
    if slips:
        allowed = 1 if len(word.folded) <= 6 else 2
        return _fewest_edits(word.folded, choices, allowed)
    return None


def letters_swapped(word: str, known: str) -> bool:
    """Whether ``word`` is ``known`` with two letters next to each other typed the other way round
    ("mvoe", "retyr", «иидте» is not)."""
    if len(word) != len(known) or word == known:
        return False
    apart = [at for at, (one, other) in enumerate(zip(word, known, strict=True)) if one != other]
    return (
        len(apart) == 2
        and apart[1] == apart[0] + 1
        and word[apart[0]] == known[apart[1]]
        and word[apart[1]] == known[apart[0]]
    )


def _fewest_edits(text: str, choices: Collection[str], allowed: int) -> str | None:
    """The choice ``text`` is nearest to by letters changed, added, dropped or swapped, if no more
    than ``allowed`` of them."""
    best = min(choices, key=lambda choice: OSA.distance(text, choice), default=None)
    return best if best is not None and OSA.distance(text, best) <= allowed else None


def kinds_in(words: list[Word], intents: Mapping[str, str], things: Collection[str] = ()) -> list[str]:
    """The kinds of order the intent words among ``words`` stand for, in the order written. An intent
    word misspelt by a letter or two counts ("serach", "ofer") unless it is as close to one of the
    game's ``things`` ("candel" is a Candle, not "cancel"); a verb in the past tense tells a story,
    and does not."""
    kinds: list[str] = []
    for index, word in enumerate(words):
        if word.past and word.folded not in intents:
            continue
        if word.folded == "done" and index and words[index - 1].folded in _PASSIVE:
            continue  # "had to be done", "get it done": done to something, no end of the writer's turn
        kind = phrasal(words, index, intents)
        kind = kind or (intents.get(word.folded) if word.past else word.meaning(intents))
        if kind is None and word.number is None and not word.among(NAME_STOP):
            kind = _misspelt(word, intents, things)
        if kind is not None and kind not in kinds:
            kinds.append(kind)
    return kinds


_PASSIVE = frozenset({"be", "been", "being", "get", "got", "gets", "getting", "it"})
"""Words before "done" that make it said of a thing ("had to be done", "get it done"), not of a turn."""

PARTICLE_REACH = 4
"""How many words after its verb the particle of a phrasal verb may stand ("turn the card over")."""


def phrasal(words: list[Word], index: int, intents: Mapping[str, str]) -> str | None:
    """The kind of the phrasal verb ``words[index]`` begins, if ``intents`` lists it with its particle
    as two words ("turn down", "pass on", "no thanks"), the particle within a few words after it."""
    word = words[index]
    following = words[index + 1 : index + 1 + PARTICLE_REACH]
    return next(
        (
            intents[f"{key} {particle.folded}"]
            for particle in following
            for key in sorted(word.keys)
            if f"{key} {particle.folded}" in intents
        ),
        None,
    )


def _misspelt(word: Word, intents: Mapping[str, str], things: Collection[str]) -> str | None:
    """The kind of the intent word ``word`` misspells, if it is closer to one than to any thing."""
    long = [key for key in intents if len(key) >= 5 and " " not in key]
    undoubled = (intents[key] for form in word.keys if len(form) > 3 for key in long if _undoubled(form, key))
    if len(word.folded) > 4 and not _CYRILLIC.search(word.folded) and (kind := next(undoubled, None)):
        return kind  # "ofering": a doubled letter written once, in any form of the word
    if len(word.folded) == 3:  # "ofer", "edn"
        return next(
            (
                intents[key]
                for key in intents
                if _undoubled(word.folded, key) or letters_swapped(word.folded, key)
            ),
            None,
        )
    if len(word.folded) == 4:
        found = _fewest_edits(word.folded, [key for key in intents if len(key) in (4, 5)], 1)
        if found and (len(found) == 5 or sorted(found) == sorted(word.folded)):
            return intents[found]
        return None
    close = near(word, long) or _misspelt_russian(word, long)
    if close is None:
        return None
    if things:
        thing = process.extractOne(word.folded, list(things), scorer=fuzz.ratio)
        if thing and thing[1] >= fuzz.ratio(word.folded, close):
            return None
    return intents[close]


def _undoubled(text: str, choice: str) -> bool:
    """Whether ``text`` is ``choice`` with one of its doubled letters written once ("lok", "ned")."""
    return any(
        choice[i] == choice[i + 1] and choice[:i] + choice[i + 1 :] == text for i in range(len(choice) - 1)
    )


def _stem(word: str) -> str:
    """A Russian verb without its ending, reflexive or not: «откозываюсь» → «откозыва»."""
    return _VERB_ENDING.sub("", word.removesuffix("ся").removesuffix("сь"))


_VERB_ENDING = re.compile(r"(?:ть|ти|ешь|ете|ет|ем|ют|ут|ишь|ите|ит|им|ят|ат|ю|у|ь)$")


def _misspelt_russian(word: Word, keys: list[str]) -> str | None:
    """The Russian intent word ``word`` misspells in another form: «предлогаю» for «предлагать»."""
    if not _CYRILLIC.search(word.folded) or len(word.folded) < 7:
        return None
    stems = {_stem(key): key for key in keys if len(_stem(key)) >= 5}
    found = process.extractOne(_stem(word.folded), list(stems), scorer=fuzz.ratio, score_cutoff=82)
    if found is None:
        return None
    if morph().word_is_known(word.folded) and not normal_form(word.folded).startswith(str(found[0])):
        return None  # «поправляет», «передвигаю»: words of their own; «открываю» is «открыть» still
    return stems[found[0]]


def lookup(word: Word, table: Mapping[str, str]) -> str | None:
    """What ``table`` says ``word`` means, by any of its forms or with a slip ("candel", «свечю»)."""
    found = word.meaning(table)
    if found is None and word.number is None and not word.among(NAME_STOP):
        close = near(word, [key for key in table if " " not in key], 80, slips=True)
        found = table[close] if close else None
    return found


NAME_STOP = frozenset(
    {"the", "with", "this", "that", "there", "their", "these", "which", "about", "please", "would",
     "could", "should", "through", "though", "thought", "where", "after", "before", "other", "for",
     "here", "were", "when", "then", "them", "they", "have", "once", "only", "just", "very", "ever",
     "even", "some", "your", "what", "whom", "into", "onto", "upon", "than",
     "прошу", "хочу", "пожалуйста", "будьте", "добры", "давайте", "тогда", "через", "потом", "сейчас"}
)  # fmt: skip
"""Common words never read as a misspelt name or intent."""


def names_in(words: list[Word], names: Mapping[str, str], *, exact: bool = False) -> list[tuple[int, str]]:
    """Where ``words`` name one of ``names`` (folded name → id) and whom: by the word, its lemma
    («Борису» → «борис»), its case ending («Веру»), or a slip of a letter or two ("Adelle"). Names of two
    words ("Kristina Hale") are found by either word."""
    found: list[tuple[int, str]] = []
    for index, word in enumerate(words):
        if word.number is not None or word.among(NAME_STOP):
            continue
        pair = f"{word.folded} {words[index + 1].folded}" if index + 1 < len(words) else ""
        hit = names.get(pair) or word.meaning(names)
        if hit is None and not exact:
            hit = _declined(word, names)
        if (
            hit is None
            and not exact
            and (close := near(word, [n for n in names if " " not in n], 85, slips=True))
        ):
            hit = names[close]
        if hit is None and not exact:
            hit = _dropped(word, names) or _consonants_of(word, names)
        if hit is None and not exact and _CYRILLIC.search(word.folded):
            everyday = _everyday(tuple(names.items()))  # «Верочке», «Борь», «Пашку»
            hit = word.meaning(everyday) or _declined(word, everyday)
        if hit is not None and not (found and found[-1] == (index - 1, hit)):
            found.append((index, hit))
    return found


_CASE_ENDING = re.compile(r"(?:ой|ей|ом|ем|ою|ею|ым|им|у|ю|а|я|е|ы|и)$")
_VOWEL = re.compile(r"[aeiouyаеёиоуыэюя]")


def _consonants_of(word: Word, names: Mapping[str, str]) -> str | None:
    """The one name ``word`` writes with its consonants alone, in order, from its first letter ("Crl" for
    Carl, "dmy" for the Dummy, «Брс» for Boris); None for a word with a vowel, a short one, or one that
    could be two names."""
    folded = word.folded
    if len(folded) < 3 or not folded.isalpha() or _VOWEL.search(folded[1:]):
        return None
    meant = {
        ident
        for name, ident in names.items()
        if " " not in name
        and name[:1] == folded[:1]
        and in_order(folded, name)
        and len(name) <= 2 * len(folded)
    }
    return meant.pop() if len(meant) == 1 else None


def _dropped(word: Word, names: Mapping[str, str]) -> str | None:
    """The name ``word`` writes with one of its inner letters left out, in any case: "Bors", «Борсу»
    for Boris, «Глбом» for Gleb. The first and last letters must be right ("Adel" may be another
    name than Adele)."""
    if len(word.folded) < 4 or not word.text[:1].isupper():
        return None
    forms = {word.folded}
    if _CYRILLIC.search(word.folded):
        forms.add(_CASE_ENDING.sub("", word.folded))
    for name, ident in names.items():
        stem = name[:-1] if _CYRILLIC.search(name) and name[-1] in "аяь" else name
        if " " in name or len(stem) < 4 or stem[0] != word.folded[0]:
            continue
        if any(stem[:i] + stem[i + 1 :] == form for form in forms for i in range(1, len(stem) - 1)):
            return ident
    return None


@lru_cache(maxsize=64)
def _everyday(names: tuple[tuple[str, str], ...]) -> dict[str, str]:
    """The everyday forms of the Russian ``names`` (folded name, id) and whom each names: «верочка» and
    «вер» for Вера, «боря» and «борь» for Борис, the short form said to someone ending in «ь» for «я»
    (``referee.core.diminutives``); a form of two names names neither."""
    among = tuple(name for name, _ in names)
    forms: dict[str, str] = {}
    for name, ident in names:
        for form in (fold_name(f) for f in diminutives.of(name, among)):
            forms[form] = ident
            if form[-1] in "ая" and len(form) > 3:
                forms[form[:-1] + ("ь" if form[-1] == "я" else "")] = ident  # «Борь», «Вер», «Паш»
    return {form: ident for form, ident in forms.items() if form not in dict(names)}


def _declined(word: Word, names: Mapping[str, str]) -> str | None:
    """The Russian name ``word`` writes in another case: «Веру», «Глебу», «Адели»."""
    if not _CYRILLIC.search(word.folded) or len(word.folded) < 3:
        return None
    for name, ident in names.items():
        if " " in name or len(name) < 3 or not _CYRILLIC.search(name):
            continue
        stem = name[:-1] if name[-1] in "аяьйео" else name
        if word.folded.startswith(stem) and len(word.folded) - len(stem) <= 2 and len(stem) >= 3:
            return ident
    return None


Reading = tuple[str, dict[str, Any]]
"""A clause read as an order: its kind and arguments."""


@dataclass(frozen=True)
class Guess:
    """A clause that names the game's things but is not read with confidence: the order it most likely
    means, written as the keyword line in the player's language (empty if none can be guessed)."""

    suggestion: str = ""


@dataclass(frozen=True)
class Grammar:
    """What a game plugs into the reader by meaning.

    ``intents`` maps the game's intent words (lemmas, stems) to the kinds of order they start.
    ``read(words, language)`` reads one clause: a ``Reading``, a ``Guess`` when it names the game's
    things but cannot be read with confidence, or None when it holds nothing of the game.
    ``render(kind, args, language)`` writes a reading as its keyword line, for the question. ``free``
    lists the kinds read even when the line is a question ("what are my tokens?" is STATUS);
    ``things`` the words naming the game's things, never read as a misspelt intent word; ``enough``
    the kind meant by saying one will no longer do an order; ``final`` the kinds that cannot be taken
    back, never read from a request for leave ("Can I arrest …?"); ``either`` a word whose order is
    told by what the clause names, for a clause the intent word it borrows does not fit.
    """

    intents: Mapping[str, str]
    read: Callable[[list[Word], str], Reading | Guess | None]
    render: Callable[[str, dict[str, Any], str], str]
    free: frozenset[str] = frozenset({"help", "status"})
    things: frozenset[str] = frozenset()
    enough: str = ""
    """The kind meant by saying one will no longer do an order ("no more trading" is DONE), if any."""
    final: frozenset[str] = frozenset()
    """The kinds that cannot be taken back, never read from a request for leave ("Can I arrest …?")."""
    either: str = ""
    """A word of ``intents`` whose order is told by what it names ("use"): read with a clause whose
    borrowed intent word does not fit it."""
    asked_after: bool = False
    """Whether an order and a question to the referee joined to it are both read ("I give Boris my
    candle and what offers are pending?")."""


_MAY_I = re.compile(
    r"^\W*(?:(?:please\s+)?(?:could|can|may)\s+(?:i|we|my\s+(?:detective|character|inspector|investigator|sleuth|"
    r"guy|girl|hero|heroine|player))\b|(?:а\s+)?можно\s+(?:ли\s+)?(?:мне\s+|нам\s+|моему\s+\w+\s+)?"
    r"|would\s+it\s+be\s+(?:ok(?:ay)?|alright|all\s+right|possible|fine)\s+(?:to|if\s+(?:i|we))\b"
    r"|(?:могу|можем)\s+ли\s+(?:я\s+|мы\s+)?)",
    re.I,
)
"""A request for leave ("Can I …?", "Would it be OK to …?", «Можно …?»): an order, unless the order is
final."""
_POLITE_ASK = re.compile(
    rf"{_MAY_I.pattern}|^\W*(?:(?:please\s+)?(?:could|would|can|will)\s+you\b|(?:вы\s+)?(?:не\s+)?(?:могли|могла|мог|можете|сможете)\s+(?:бы\s+)?(?:вы\s+)?"
    r"|не\s+затруднит\b)",
    re.I,
)
_STORY = re.compile(
    r"\b(?:last (?:turn|round|time|night)|yesterday|earlier|ago|в прошл\w+|вчера|раньше|ранее|позавчера)\b",
    re.I,
)
"""Words that tell of what happened before, not what to do now."""
_NUMBER_SIGN = re.compile(r"\b(?:no|nr|num)\.?\s*(?=\d)", re.I)


_COURTEOUS_IF = re.compile(
    r"[,(]?\s*\b(?:if\s+(?:possible|(?:that'?s|it'?s)\s+(?:all\s+right|alright|ok(?:ay)?|fine)|you\s+(?:don'?t|do\s+not)\s+mind"
    r"|(?:it'?s|that'?s|it\s+is)\s+(?:not|no)\s+(?:a\s+|too\s+much\s+(?:of\s+a\s+)?)?(?:big\s+)?"
    r"(?:problem|bother|trouble|hassle)|you\s+(?:would|could|'d)\s+be\s+so\s+kind|you\s+please|i\s+may"
    r"|(?:everyone|everybody|we)(?:'?s|\s+(?:is|are))\s+(?:ready|set|done)"
    r"|(?:it'?s|that'?s|it\s+is)\s+(?:all\s+right|alright|ok(?:ay)?|fine)\s+with\s+(?:everyone|everybody|you(?:\s+all)?))"
    r"|если\s+(?:все|мы)\s+(?:готовы|закончили)|если\s+никто\s+не\s+(?:против|возражает)"
    r"|если\s+(?:можно|не\s+трудно|не\s+сложно|(?:вы|ты)\s+не\s+против|не\s+возражаешь|не\s+возражаете"
    r"|возможно|(?:вас\s+|вам\s+|тебя\s+|тебе\s+)?не\s+затруднит"
    r"|вам\s+не\s+(?:трудно|сложно)|позволите|разрешите))\b\)?",
    re.I,
)
"""A condition of courtesy ("…, if possible", «…, если можно»): no condition on the order."""


TAKING_BACK = frozenset(
    {"undo", "cancel", "withdraw", "retract", "scrap", "scratch", "revoke", "отменить", "отмена", "отменять",
     "аннулировать", "отозвать", "вернуть", "forget", "disregard", "забыть", "забывать", "drop", "strike"}
)  # fmt: skip
"""Words that take an order back: in a game whose orders have no such word, a line holding one is no
order given now ("Undo my move to 5" is not the move), and is asked back."""
_TAKE = frozenset({"take", "taking", "брать", "взять", "беру", "забрать", "забирать", "забираю"})
_BACK = frozenset({"back", "назад", "обратно"})


_WITHDRAWING = frozenset({"withdraw", "cancel"})
"""The orders that take another back, in a game that has one."""
_CHANGED_MIND = frozenset({"передумать", "передумал", "передумала"})
"""«Передумал идти в зону 5 — …»: in a game with no order that takes one back, what follows it is the
order meant, and the order it names is taken back."""


def _takes_back(words: list[Word], intents: Mapping[str, str]) -> bool:
    """Whether ``words`` take an order back: a word of ``TAKING_BACK`` that is no order word of the game,
    "take back" («беру назад», «взять обратно») unless the game reads it as its own order of taking back,
    or a change of mind in a game with no such order."""
    if any(word.among(TAKING_BACK) and not word.meaning(intents) for word in words):
        return True
    if _WITHDRAWING.isdisjoint(intents.values()) and any(word.among(_CHANGED_MIND) for word in words):
        return True
    return any(
        word.among(_TAKE)
        and following.folded in _BACK
        and not following.meaning(intents)
        and word.meaning(intents) not in _WITHDRAWING
        for word, following in pairwise(words)
    )


def _without_kinds_taken_back(
    read: list[Order | Unreadable], line: str, intents: Mapping[str, str]
) -> list[Order | Unreadable]:
    """``read`` without its orders of a kind a later clause of ``line`` takes back by name ("Investigate 5
    with 2 and suggest A4 with 1 - actually drop the suggestion", "…, strike the question, just the move");
    the line refused when no order is left, or when a later clause takes back what came before it and
    nothing is put in its place ("Investigate clue 1 with a 4 — no wait, forget it, don't do anything")."""
    if any(isinstance(item, Order) for item in read) and (
        _taken_back_last(line, intents) or nothing_instead(line)
    ):
        return [Unreadable(line, "unknown_order", {"word": line.strip(), "suggestion": ""}, True)]
    parts = [part for part in _PARTS.split(line) if part.strip()]
    dropped: set[str] = set()
    for part in parts[1:]:
        words = words_of(part)
        backs = [word for word in words if word.among(TAKING_BACK)]
        if any(word.number is not None for word in words):
            continue  # "… and drops a 5 on it": a value given, no order taken back
        named = {kind for word in words if word not in backs and (kind := word.meaning(intents)) is not None}
        if backs and named - {back.meaning(intents) for back in backs}:  # "drop the suggestion"
            dropped |= named
    kept = [item for item in read if not (isinstance(item, Order) and item.kind in dropped)]
    if dropped and not any(isinstance(item, Order) for item in kept):  # "Suggest A4 with 1 - no, drop it"
        return [Unreadable(line, "unknown_order", {"word": line.strip(), "suggestion": ""}, True)]
    return kept if dropped else read


_BACK_REFERENCE = frozenset(
    {"that", "it", "this", "all", "это", "всё", "все", "его", "её", "ее", "этот", "эту"}
)
"""Words by which a clause points back at the order before it ("scrap that", «отмени это»)."""


_NOTHING_DONE = re.compile(
    r"^(?:(?:хотя\s+)?нет\s*,?\s*)?(?:ничего\s+(?:пока\s+|ещё\s+|еще\s+)?не\s+дела\w*|не\s+делайте\s+ничего"
    r"|don'?t\s+do\s+anything|do\s+nothing(?:\s+yet)?|hold\s+off)",
    re.I,
)
"""A clause bidding the referee do nothing after an order («ничего пока не делайте», "don't do anything
yet"): the order before it taken back."""


_NOTHING_AFTER = re.compile(
    r"(?:^|[,.;!…—–-])\s*(?:(?:no|nope|нет|wait|стоп|хотя|actually)\b\s*[,!]?\s*)*"
    r"(?:(?:forget|scrap|scratch|ignore|cancel|drop)\s+(?:it|that|this)|never\s*mind|отбой|отмена|забудь(?:те)?"
    r"(?:\s+(?:это|об\s+этом))?|отставить)"
    r"(?:\s*[,.;!—–-]\s*(?:i'?m\s+keeping\s+it|i'?ll\s+keep\s+it|оставлю\s+(?:себе|у\s+себя)))?\s*[.!…]*\s*$",
    re.I,
)
"""The last words of a line taking back what it ordered, nothing put in its place ("Go to the study. No,
forget it.", «Иду в кабинет, нет, отбой»)."""


def nothing_instead(line: str) -> bool:
    """Whether ``line`` ends by taking back what it ordered and puts nothing in its place: "…. No, forget
    it.", «…, нет, отбой», «… хотя нет, ничего пока не делайте», "…. Hold off." (its orders are then
    asked about, never carried out)."""
    if _NOTHING_AFTER.search(line.strip()):
        return True
    parts = [part.strip() for part in _PARTS.split(line.strip(" .!")) if part.strip()]
    return len(parts) > 1 and bool(_NOTHING_DONE.match(parts[-1]))


def _taken_back_last(line: str, intents: Mapping[str, str]) -> bool:
    """Whether a clause of ``line`` after its first takes back what came before it ("that", "it", «это»)
    and neither it nor any clause after it names an order or a number ("…, no, scrap that", «… нет,
    отбой»): the order is withdrawn in the writing, nothing put in its place."""
    parts = [part for part in _PARTS.split(line.strip(" .!")) if part.strip()]
    if len(parts) < 2:
        return False
    for at, part in enumerate(parts[1:], start=1):
        words = words_of(part)
        if _NOTHING_DONE.match(part.strip()):  # «… хотя нет, ничего пока не делайте»
            return not any(word.number is not None for later in parts[at:] for word in words_of(later))
        if _takes_back(words, intents) and (
            len(words) == 1 or any(word.folded in _BACK_REFERENCE for word in words)
        ):
            after = [word for later in parts[at + 1 :] for word in words_of(later)]
            return not any(word.number is not None or word.meaning(intents) for word in [*words[1:], *after])
    return False


_FRAMES = (
    re.compile(r"^\s*(?:re|fwd?|ответ|отв)\s*:.*?(?:\s--?\s|\s[—–]\s|:\s)", re.I),
    re.compile(
        r"^\s*(?:orders?|my\s+(?:orders?|move|turn)|ход|приказы?|заявка)(?:\s+(?:for|на)\s+[^:]{1,30})?\s*:\s*",
        re.I,
    ),
    _GREETED := re.compile(
        r"^\s*(?:(?:good\s+)?morning|hi|hello|hey|привет|доброе\s+утро|здравствуйте)"
        r"(?:\s+(?:again|all|everyone|ещё\s+раз|еще\s+раз|снова|всем))?\s*[!,.]\s*",
        re.I,
    ),
    re.compile(
        r"\s*[.!]?\s*(?:sent\s+from\s+my\s+\w+|отправлено\s+с\s+\w+"
        r"|have\s+a\s+(?:good|nice|great|lovely|wonderful)\s+\w+(?:,?\s+(?:all|everyone))?"
        r"|(?:best|kind|warm)\s+regards|regards|see\s+you(?:\s+(?:all|soon|later))?|talk\s+soon|good\s+luck(?:\s+all)?"
        r"|(?:всем\s+)?(?:хорошего|доброго)\s+(?:дня|вечера|утра)|хороших\s+выходных|удачи(?:\s+всем)?|до\s+встречи"
        r"|до\s+связи|cheers|thanks|спасибо)\W*$",
        re.I,
    ),
    re.compile(r"\s*\([^()]*\)"),
)
"""What frames an order in a mail: a reply's subject, "Orders for round 1:", a greeting, a sign-off, and
a remark in brackets."""


def _unframed(line: str) -> list[str]:
    """``line`` without what frames its order (``_FRAMES``), then without a remark after a dash; nothing
    if nothing frames it."""
    text = line
    for frame in _FRAMES:
        text = frame.sub(" ", text).strip()
    head = re.split(r"\s[—–]\s|\s-\s", text)[0].strip()
    return [candidate for candidate in dict.fromkeys((text, head)) if candidate and candidate != line]


_PARTS = re.compile(r"\s*(?:[;,]|\s[-—–]\s|\.\s)\s*")


def _without_taken_back(line: str, intents: Mapping[str, str]) -> list[str]:
    """``line`` without its clauses that take an order back in a game that has no such order ("Scrap the
    move - search the casino instead", «Переход отменяю — лучше обыщу казино»): what is left is the order
    meant; none if no clause does, or nothing is left."""
    parts = _PARTS.split(line)
    kept = [part for part in parts if not _takes_back(words_of(part), intents)]
    if len(kept) == len(parts) or not any(part.strip() for part in kept) or _taken_back_last(line, intents):
        return []  # "Question Leon alibi quick... no, scrap that": what is taken back is the order before
    return [", ".join(part for part in kept if part.strip())]


_NEVER_MIND = re.compile(
    r"(?:^|[,.;!…—–-])\s*(?:(?:actually|on\s+second\s+thought|хотя|впрочем)\s*,?\s*)?(?:no|нет)?\s*,?\s*"
    r"(?P<phrase>never\s*mind|don'?t|do\s+not|не\s+надо|не\s+нужно|не\s+стоит|отбой|неважно)\s*[.!…]*\s*$",
    re.I,
)
"""The last words of a line taking back the order before them ("… actually never mind, don't", «… хотя
нет, не надо»)."""


def _unsure(line: str, intents: Mapping[str, str]) -> bool:
    """Whether ``line`` is a question, a negation, a condition, a choice or a story rather than an
    order. A story is an order word in the past tense ("I looked at clue 3", «положил шестёрку»), but
    not one that says a thing is done («закончил»). A polite request ("Could you …?", «Не могли бы вы
    …?») is an order."""
    polite = _POLITE_ASK.match(line)
    rest = _COURTEOUS_IF.sub(" ", line[polite.end() :] if polite else line)
    words = words_of(rest)
    asked = "?" in rest and not polite
    told = (word.past and word.folded not in intents and word.meaning(intents) for word in words)
    story = bool(_STORY.search(rest)) or any(told)
    mind = _NEVER_MIND.search(rest)
    withdrawn = _takes_back(words, intents) or (
        mind is not None
        and " ".join(mind.group("phrase").lower().split()) not in intents  # «не надо»: a refusal
    )
    return (
        asked
        or story
        or withdrawn
        or any(word.among(CONDITIONS) for word in words)
        or _negated(rest, intents)
    )


def _negated(text: str, intents: Mapping[str, str]) -> bool:
    """Whether a clause of ``text`` that holds an intent word is negated ("I won't give Boris …"); a
    negation in a clause of its own ("not interested", «Не,») does not deny the order beside it."""
    clauses = [words_of(clause) for clause in clauses_of(text)]
    return any(
        any(word.among(NEGATIONS) and not phrasal(words, i, intents) for i, word in enumerate(words))
        and kinds_in(words, intents)
        for words in clauses
    )


def _denies_order(words: list[Word], intents: Mapping[str, str]) -> bool:
    """Whether a clause denies an order word of its own: a negation just before it, or just after it in
    Russian («буй не трачу»), that no phrase owns ("no thanks") and that is no verbal adverb's («не
    спеша иду» denies nothing)."""
    for at, word in enumerate(words):
        if not word.among(NEGATIONS) or phrasal(words, at, intents):
            continue
        after = words[at + 1] if at + 1 < len(words) else None
        if after is not None and _CYRILLIC.search(after.folded) and _verbal_adverb(after):
            continue
        near = [
            *words[at + 1 : at + 4],
            *(words[max(0, at - 1) : at] if _CYRILLIC.search(word.folded) else []),
        ]
        if kinds_in(near, intents):
            return True
    return False


def _verbal_adverb(word: Word) -> bool:
    """Whether ``word`` is a Russian verbal adverb («спеша», «обыскав»): «не» before it denies no order."""
    return any(p.tag.POS == "GRND" for p in morph().parse(word.folded)[:1])


def _after_denied(text: str, intents: Mapping[str, str]) -> str:
    """``text`` without the orders it denies first when the clauses after them give an order of their own,
    denying nothing ("Не пойду в зону 5, лучше обыщу 20 осторожно", "Don't offer the candle, offer the
    wrench", «Буй не трачу, просто повторяю бросок»): a denied order is none, and the line is no
    question for its denial. A line of denials alone is left as it is."""
    clauses = clauses_of(text)
    denied = [_denies_order(words_of(clause), intents) for clause in clauses]
    if len(clauses) < 2 or not denied[0]:
        return text
    first = next((i for i, no in enumerate(denied) if not no), len(clauses))
    rest = clauses[first:]
    if not rest or any(denied[first:]) or not any(kinds_in(words_of(c), intents) for c in rest):
        return text
    return ", ".join(clause.strip() for clause in rest)


MORE = frozenset({"more", "anymore", "longer", "больше", "дальше"})
"""Words that, with a negation, say an action has stopped: "no more", "not … any longer", «больше не»."""


def _enough(text: str, grammar: Grammar, language: str) -> bool:
    """Whether a clause of ``text`` says the player will no longer do what an intent word names, and
    names nothing the order would need ("I won't trade any more", «больше не меняюсь»)."""
    for clause in clauses_of(text):
        words = words_of(clause)
        no_more = any(a.folded == "no" and b.among(MORE) for a, b in pairwise(words))
        if not ((no_more or any(w.among(NEGATIONS) for w in words)) and any(w.among(MORE) for w in words)):
            continue
        rest = [w for w in words if not w.among(NEGATIONS | MORE | {"no"})]
        read = grammar.read(rest, language)
        if kinds_in(rest, grammar.intents, grammar.things) and not isinstance(read, tuple):
            return True
    return False


def read_by_meaning(line: str, strict: Order | Unreadable, grammar: Grammar) -> list[Order | Unreadable]:
    """``line`` as the orders it means (``_read_by_meaning``); a final order asked leave for ("Can I
    arrest the Dummy?") is a question about it, refused with the question "did you mean …?"."""
    read = _read_by_meaning(line, strict, grammar)
    asked = [item for item in read if isinstance(item, Order) and item.kind in grammar.final]
    if asked and _MAY_I.match(line):
        suggestion = grammar.render(asked[0].kind, asked[0].args, language_of(line))
        return [Unreadable(line, "unknown_order", {"word": line.strip(), "suggestion": suggestion}, True)]
    return read


def _read_by_meaning(line: str, strict: Order | Unreadable, grammar: Grammar) -> list[Order | Unreadable]:
    """``line`` as the orders it means, given what the keyword reader made of it (``strict``).

    A line the keyword reader took stays as it is, unless it is a question, a negation or a condition
    (never taken as an order), or several clauses each read as an order. Otherwise each clause is read
    by ``grammar`` (a clause with no intent word of its own borrows the one before: "give Clara the
    trash and David my candle"); if that fails, the whole line as one clause. A line that begins with
    a keyword but is not read keeps the keyword reader's reason (it says exactly what is wrong), and
    so does one whose first word is a keyword misspelt ("did you mean INVESTIGATE?"); any other line
    that names the game's things is refused with the question "did you mean …?" (the reason
    ``unknown_order`` with the guess as its ``suggestion``).
    """
    language = language_of(line)
    text = _COURTEOUS_IF.sub(" ", _NUMBER_SIGN.sub("№", line))  # «Если все готовы, …»: no order of its own
    if grammar.enough and "?" not in text and _enough(text, grammar, language):
        return [Order(line, grammar.enough, {})]
    text = _after_denied(text, grammar.intents)
    unsure = _unsure(text, grammar.intents)
    if unsure and grammar.asked_after and (asked := _question_after(line, text, grammar, language)):
        return asked
    if isinstance(strict, Order) and (strict.kind in grammar.free or not unsure):
        several = [] if strict.kind in grammar.free else _suggested(_clauses(text, grammar, language))
        readings = [part for part in several if isinstance(part, tuple)]
        one_kind = len({kind for kind, _ in readings}) == 1 and _borrowed(text, grammar)
        if one_kind and isinstance(whole := grammar.read(words_of(text), language), tuple):
            return [Order(line, *whole)]  # "Again, thorough": one retry, in the manner named after it
        if len(readings) > 1 and len(readings) == len(several):
            return [Order(line, kind, args) for kind, args in _distinct(_corrected(text, readings))]
        return [strict]
    parts, borrowed = _clauses(text, grammar, language), _borrowed(text, grammar)
    readings = [part for part in parts if isinstance(part, tuple)]
    one = grammar.read(words_of(text), language)
    kinds = {kind for kind, _ in readings}
    several_kinds = len(kinds) > 1 and len(readings) == len(parts) and not kinds & grammar.free
    if several_kinds and not unsure:  # "go to the restaurant and ask Tomas about his alibi, discreet"
        return [Order(line, kind, args) for kind, args in _distinct(_corrected(text, readings))]
    if isinstance(one, tuple) and borrowed and not unsure:
        return [Order(line, *one)]
    if len(readings) > 1 and len(readings) == len(parts) and not unsure:
        return [Order(line, kind, args) for kind, args in _distinct(_corrected(text, readings))]
    if isinstance(one, tuple) and (not unsure or one[0] in grammar.free):
        return [Order(line, *one)]
    if isinstance(strict, Order):
        one = (strict.kind, strict.args)
    guess = one if one is not None else next(iter(parts), None)
    keyword = isinstance(strict, Unreadable) and (
        strict.reason != "unknown_order" or strict.params.get("suggestion")
    )
    if guess is None or keyword:
        return [strict]
    suggestion = guess.suggestion if isinstance(guess, Guess) else grammar.render(*guess, language)
    return [Unreadable(line, "unknown_order", {"word": line.strip(), "suggestion": suggestion}, True)]


def _suggested(parts: list[Reading | Guess]) -> list[Reading | Guess]:
    """``parts`` without the clauses that name nothing an order could be guessed from (a guess with no
    suggestion: "REVEAL ; ARREST Carl. Good game"): beside a line the keyword reader took, they keep no
    other clause of it from being read, and are never an order of their own."""
    return [part for part in parts if not (isinstance(part, Guess) and not part.suggestion)]


def _question_after(line: str, text: str, grammar: Grammar, language: str) -> list[Order | Unreadable]:
    """An order, then a question to the referee joined to it ("I give Boris my candle and what offers
    are pending?"): both read, the question as the help or status it asks; else nothing. The question
    mark belongs to the last clause only, and does not make the order before it a question."""
    breaks = list(_CLAUSE_BREAK.finditer(text))
    if not breaks or "?" in text[: breaks[-1].start()] or not breaks[-1].start():
        return []
    head, tail = text[: breaks[-1].start()], text[breaks[-1].end() :]
    asked = grammar.read(words_of(tail), language)
    if (
        not isinstance(asked, tuple)
        or asked[0] not in grammar.free - {"say"}
        or _unsure(head, grammar.intents)
    ):
        return []
    before = _read_by_meaning(head, Unreadable(head, "unknown_order", {}, False), grammar)
    if not before or not all(isinstance(item, Order) and item.kind != "say" for item in before):
        return []
    return [
        *(Order(line, item.kind, item.args) for item in before if isinstance(item, Order)),
        Order(line, *asked),
    ]


def _clauses(text: str, grammar: Grammar, language: str) -> list[Reading | Guess]:
    """Each clause of ``text`` that holds anything of the game, read. A clause without an intent word
    first completes the clause before it if that one was not read ("Clue 8, token 5"), else borrows
    the last intent word before it — unless it is read only on its own, or with the game's word for
    either order ("look at clue 3 with 4, then Greta with a 2": Greta is suspected, not looked at)."""
    result: list[Reading | Guess] = []
    intent: Word | None = None
    last: list[Word] = []
    parts = [
        part for clause in clauses_of(text) for part in _unpunctuated(words_of(clause), grammar, language)
    ]
    for words in parts:
        own = next(
            (
                word
                for at, word in enumerate(words)
                if kinds_in([word], grammar.intents, grammar.things) or phrasal(words, at, grammar.intents)
            ),
            None,
        )  # "… и ещё раз быстро": an intent of two words is the clause's own
        if own is None and result and isinstance(result[-1], Guess):
            whole = grammar.read([*last, *words], language)
            if isinstance(whole, tuple):
                result[-1], last = whole, []
                continue
        part = grammar.read([intent, *words] if own is None and intent else words, language)
        if own and not isinstance(part, tuple) and result and isinstance(result[-1], tuple):
            part = _pointed(words, last, grammar, language) or part  # "go to the casino and search it"
        if own is None and intent and not isinstance(part, tuple):
            alone = grammar.read(words, language)
            either = grammar.read([*words_of(grammar.either), *words], language) if grammar.either else None
            part = next((read for read in (alone, either) if isinstance(read, tuple)), part)
        elif own is None and intent:
            words = [intent, *words]
        intent = own or intent
        if part is not None:
            result.append(part)
            last = words
    return result


def _unpunctuated(words: list[Word], grammar: Grammar, language: str) -> list[list[Word]]:
    """``words`` of one clause cut before each intent word that follows a number, after an intent word
    of its own, when every part reads as an order: two orders written with nothing between them
    ("исследую 7 с 1 ставлю на выход шестерку", "investigate 2 with 4 suggest B1 with 3"); not a clause
    that reads whole as one order whose argument is another's word ("use buoy 2 reroll")."""
    parts: list[list[Word]] = [[]]
    for at, word in enumerate(words):
        before = words[at - 1] if at else None
        opened = any(kinds_in([w], grammar.intents, grammar.things) for w in parts[-1])
        if opened and before is not None and before.number is not None and kinds_in([word], grammar.intents):
            if word.text.isupper() and len(word.text) > 1:
                return [words]  # "… 4 SUGGEST B2": keywords, whose rules the keyword reader holds
            parts.append([])
        parts[-1].append(word)
    parts = [part for part in parts if part]
    if len(parts) < 2 or isinstance(grammar.read(words, language), tuple):
        return [words]  # "use buoy 2 reroll": one order, whose argument is another's word
    return parts if all(isinstance(grammar.read(part, language), tuple) for part in parts) else [words]


POINTERS = frozenset({"it", "them", "there", "его", "её", "ее", "их", "там", "нем", "нём", "ней"})
"""Words by which a clause points back at what the clause before it named ("search it", «осмотрю его»)."""


def _pointed(words: list[Word], before: list[Word], grammar: Grammar, language: str) -> Reading | None:
    """A clause that points back with "it"/«его» at what the clause ``before`` named, read with those
    words in its place; None if it does not point back or is not read so."""
    if not any(word.among(POINTERS) for word in words):
        return None
    named = [word for word in before if not kinds_in([word], grammar.intents, grammar.things)]
    read = grammar.read([*words, *named], language)
    return read if isinstance(read, tuple) else None


CORRECTIONS = frozenset(
    {"oops", "ой", "упс", "вернее", "точнее", "typo", "correction", "sorry", "actually", "опечатка",
     "поправка", "исправляю"}
)  # fmt: skip
"""Words by which a writer takes back what they just wrote («в зону 4… ой, тогда в зону 5»)."""


def _corrected(text: str, readings: list[Reading]) -> list[Reading]:
    """``readings`` with an order taken back by a correction word left out: of two orders of a kind,
    the last one stands."""
    if not any(word.among(CORRECTIONS) for word in words_of(text)):
        return readings
    return [
        reading
        for i, reading in enumerate(readings)
        if all(kind != reading[0] for kind, _ in readings[i + 1 :])
    ]


def _borrowed(text: str, grammar: Grammar) -> bool:
    """Whether a clause of ``text`` after the first has no intent word of its own ("Try again,
    discreetly"): then the line is read whole if it can be."""
    clauses = [words_of(clause) for clause in clauses_of(text)]
    return any(
        not any(kinds_in([word], grammar.intents, grammar.things) for word in words) for words in clauses[1:]
    )


def _distinct(readings: list[Reading]) -> list[Reading]:
    """``readings`` with repeats left out ("Ready, I'm done" is one DONE)."""
    seen: list[Reading] = []
    for reading in readings:
        if reading not in seen:
            seen.append(reading)
    return seen


def read_line(
    line: str, keywords: Mapping[str, str], arguments: Arguments, grammar: Grammar, narrator: str = ""
) -> list[Order | Unreadable]:
    """The orders written on ``line``: by keyword if it is written so, else by meaning, and read again
    where that finds no order (``read_again``)."""
    return read_again(
        line,
        lambda text: read_by_meaning(text, read_order(text, keywords, arguments), grammar),
        grammar,
        narrator,
    )


def read_again(
    line: str,
    reader: Callable[[str], list[Order | Unreadable]],
    grammar: Grammar,
    narrator: str = "",
) -> list[Order | Unreadable]:
    """``reader``'s orders of ``line``; where it finds none, ``line`` read again as a correction (the
    rejected part set aside: "accept O4 with the candle (not the trash)", or the words taken back
    replaced: "Move Tomas to 8, sorry, 9"; ``referee.core.corrections``), then with its scenery set
    aside (``without_scenery``), then, typed in Latin letters, as the Russian it may be ("predlagayu
    Borisu svechu", ``referee.core.translit``); a reading again kept when it holds orders and nothing
    refused or said."""
    texts = [] if nothing_instead(line) else corrections.readings(line)  # "…, no, forget it": no correction
    read = [] if texts else reader(line)  # a correction is read as corrected first: the first words are wrong
    greeted = _GREETED.sub("", line, count=1).strip()
    if read and greeted and greeted != line.strip():  # "Hello again, end my turn": no retry in the greeting
        bare = reader(greeted)
        if bare and all(isinstance(item, Order) and item.kind != "say" for item in bare):
            read = _as_line(bare, line)
    if any(isinstance(item, Order) for item in read):
        return _without_kinds_taken_back(read, line, grammar.intents)
    plain = without_scenery(line, grammar, narrator)
    russian = [translit.to_cyrillic(line)] if translit.looks_russian(line) else []  # "izuchayu uliku 6 …"
    kept = _without_taken_back(line, grammar.intents)  # "Scrap the move - search the casino instead"
    framed = _unframed(line)  # "Re: turn 1 -- investigate 7 with 6", "… (first time playing, be gentle)"
    for text in [*texts, *kept, *framed, *([plain] if plain and plain != line else []), *russian]:
        again = reader(text)
        if again and all(isinstance(item, Order) and item.kind != "say" for item in again):
            taken: list[Order | Unreadable] = [replace(item, line=line) for item in again]
            return _without_kinds_taken_back(taken, line, grammar.intents)
    return _then_talk(line, reader, grammar) or read or reader(line)


_SENTENCE_END = re.compile(r"(?<!\.\.)(?<=[.!])\s+(?=\S)")
_TAKING_BACK = re.compile(
    r"\W*(?:(?:no|nope|wait|actually|oops|scratch|cancel|correction|i\s+mean|i\s+meant|нет|ой|стоп|отбой|"
    r"отмена|поправка|то\s+есть|вернее|я\s+имел\w*)\b|(?:sorry|простите|извините|пардон)\s*[,!—–-])",
    re.I,
)
"""How a sentence opens that takes back or corrects the one before it: never talk beside it."""


def _then_talk(
    line: str, reader: Callable[[str], list[Order | Unreadable]], grammar: Grammar
) -> list[Order | Unreadable]:
    """The orders of ``line``'s first sentence when the sentences after it are talk, or a question, a
    negation or a story rather than an order (``_unsure``: "ARREST Boris. Sorry mate, the swaps don't
    lie."); none otherwise: an order refused in a later sentence is never dropped for the first one."""
    first, *rest = _SENTENCE_END.split(line.strip(), maxsplit=1)
    if not rest or _TAKING_BACK.match(rest[0]) or _takes_back(words_of(rest[0]), grammar.intents):
        return []  # "…. Wait, cancel the suggestion", «…. Ой, я имела в виду О5»: no talk, a correction
    orders = reader(first)
    if not orders or not all(isinstance(item, Order) and item.kind != "say" for item in orders):
        return []
    after = reader(rest[0])
    talk = all(
        item.kind == "say" if isinstance(item, Order) else not item.is_order for item in after
    )  # "…. Good luck, everyone!"
    if not talk and not _unsure(rest[0], grammar.intents):
        return []
    return [replace(item, line=line) for item in orders]


def _as_line(read: list[Order | Unreadable], line: str) -> list[Order | Unreadable]:
    """``read``, each order kept with ``line`` as written (read without its greeting)."""
    return [
        replace(item, line=line) if isinstance(item, Order) and item.kind != "say" else item for item in read
    ]


_ACTED = re.compile(r"\*[^*]*\*")
"""An action between asterisks ("*adjusts monocle*")."""
_CLAUSE_EDGE = re.compile(r"\s*(?:[,;:]|\s[-–—]\s|[.!…]+\s)\s*")
_NARRATORS = re.compile(
    r"^\s*(?:(?:inspector|detective|sergeant|constable|commissioner|инспектор|детектив|комиссар|сержант)"
    r"(?:\s+(?-i:[A-ZА-ЯЁ])[\w'-]+)?"
    r"|(?:my|our|the)\s+(?:detective|inspector|character|investigator|sleuth|hero|heroine)"
    r"|(?:мой|моя|наш|наша)\s+(?:сыщик\w*|детектив\w*|инспектор\w*|персонаж\w*|героин\w*|геро\w*))\s+",
    re.I,
)
"""Who a player narrates as ("My detective asks …", «Мой сыщик идёт …», "Inspector Hale strolls …"): the
writer, said as "I"."""


def without_scenery(line: str, grammar: Grammar, narrator: str = "") -> str:
    """``line`` with what stands around its order and names nothing of the game set aside: actions
    between asterisks, a first clause ("Staring Carl down, …", «Глядя в глаза, …») and a last one
    ("…, keeping a straight face"), and the narrator ("my detective", «мой сыщик», the writer's own
    ``narrator`` name as the doer). What names an intent
    word, a thing of the game or a number is never set aside, so a second reading cannot lose an order."""
    text = _ACTED.sub(lambda m: m.group() if _names_something(m.group(), grammar) else " ", line).strip()
    text = _NARRATORS.sub("", text)
    if narrator:  # the writer's own name as the doer ("Anna nods at offer O2 and …"): the writer, as "I"
        text = re.sub(rf"(^|[,;:—–]\s*){re.escape(narrator)}\s+(?=\w)", r"\1", text, flags=re.I)
    cuts = list(_CLAUSE_EDGE.finditer(text))
    if cuts and not _names_something(text[: cuts[0].start()], grammar) and text[cuts[0].end() :].strip():
        text = text[cuts[0].end() :]
    cuts = list(_CLAUSE_EDGE.finditer(text))
    if cuts and cuts[-1].end() < len(text) and not _names_something(text[cuts[-1].end() :], grammar):
        text = text[: cuts[-1].start()]
    return text.strip(" *")


_HEDGES = frozenset(
    {"maybe", "perhaps", "probably", "possibly", "might", "может", "наверное", "наверно", "возможно",
     "пожалуй", "вероятно", "если", "if", "unless", "or", "или", "либо", "ли"}
)  # fmt: skip
"""Words that leave an order open or make it hang on something: a clause of them is never scenery."""


def _names_something(text: str, grammar: Grammar) -> bool:
    """Whether ``text`` holds an intent word, a thing of the game, a number, a question or a doubt."""
    words = words_of(text)
    named = any(word.text[:1].isupper() for word in words[1:])  # "то ли Вере": someone named
    return (
        "?" in text
        or named
        or any(word.folded in _HEDGES for word in words)
        or _unsure(text, grammar.intents)
        or any(ch.isdigit() for ch in text)
        or bool(kinds_in(words, grammar.intents, grammar.things))
        or any(_number(word.folded, word.keys) is not None for word in words)
        or grammar.read(words, language_of(text)) is not None
    )
