"""The Minuit order language: one order per line, English or Russian, any case.

    MOVE 6                            ИДУ 6            (GO; ПЕРЕЙТИ)
    QUESTION KRISTINA ALIBI QUICK     ДОПРОС КРИСТИНА АЛИБИ БЫСТРО     (ASK; СПРОСИТЬ)
    SEARCH 19 THOROUGH                ОБЫСК 19 ТЩАТЕЛЬНО               (ОСМОТР)
    RETRY [DISCREET]                  ПОВТОР [ОСТОРОЖНО]               the last failed roll again
    BUOY [ROLL | AP] [2]              БУЙ [БРОСОК | ОЧКО] [2]          several on one roll (MM-17 ruling)
    MOVE KRISTINA 4                   ПЕРЕМЕСТИТЬ КРИСТИНА 4           a suspect (after your actions)
    REVEAL                            РАЗОБЛАЧЕНИЕ
    END                               КОНЕЦ
    HYPOTHESIS CULPRIT TOMAS KRISTINA ГИПОТЕЗА ВИНОВНЫЙ ТОМАС КРИСТИНА (MEANS 2 4 / СПОСОБ, MOTIVE / МОТИВ)
    HELP, STATUS                      ПОМОЩЬ, СТАТУС

Topics: ALIBI, WITNESS, MOTIVE (АЛИБИ, СВИДЕТЕЛЬ, МОТИВ); methods: QUICK, DISCREET,
THOROUGH (БЫСТРО, ОСТОРОЖНО, ТЩАТЕЛЬНО). A suspect is named by first name, full name
or initial in either language; a candidate by its number in the list, its id or its name.
This module only reads text; ``actions`` decides what is allowed.
"""

from __future__ import annotations

import difflib
import re
from functools import partial
from typing import Any

from referee.core.answers import read_lines_with_choice
from referee.core.keywords import read_order
from referee.core.orders import Order, Problem, Unreadable
from referee.core.reading import read_again, read_by_meaning
from referee.core.seats import fold_name
from referee.core.text import in_order
from referee.games.minuit.content import LOCATIONS, ZONES
from referee.games.minuit.investigation import Investigation

KEYWORDS: dict[str, str] = {
    "move": "move", "go": "move", "walk": "move", "иду": "move", "идти": "move", "перейти": "move",
    "перехожу": "move", "переместить": "move", "перемещаю": "move",
    "question": "question", "ask": "question", "interrogate": "question", "допрос": "question",
    "допросить": "question", "спросить": "question", "спрашиваю": "question", "допрашиваю": "question",
    "search": "search", "обыск": "search", "обыскать": "search", "осмотр": "search",
    "осмотреть": "search", "обыскиваю": "search",
    "retry": "retry", "again": "retry", "повтор": "retry", "повторить": "retry", "снова": "retry",
    "buoy": "buoy", "буй": "buoy", "буек": "buoy", "круг": "buoy",
    "reveal": "reveal", "revelations": "reveal", "разоблачение": "reveal", "разоблачить": "reveal",
    "end": "end", "done": "end", "pass": "end", "конец": "end", "всё": "end", "все": "end", "пас": "end",
    "hypothesis": "hypothesis", "hypotheses": "hypothesis", "guess": "hypothesis",
    "гипотеза": "hypothesis", "версия": "hypothesis",
    "help": "help", "помощь": "help", "status": "status", "статус": "status",
}  # fmt: skip
"""Every order keyword (folded) and the order it starts."""

TOPIC_WORDS: dict[str, str] = {
    "alibi": "alibi", "алиби": "alibi",
    "witness": "witness", "testimony": "witness", "свидетель": "witness", "показания": "witness",
    "свидетельство": "witness",
    "motive": "motive", "мотив": "motive",
}  # fmt: skip
METHOD_WORDS: dict[str, str] = {
    "quick": "quick", "quickly": "quick", "fast": "quick", "быстро": "quick", "быстрый": "quick",
    "discreet": "discreet", "discreetly": "discreet", "discrete": "discreet", "осторожно": "discreet",
    "осторожный": "discreet", "тайно": "discreet",
    "thorough": "thorough", "thoroughly": "thorough", "тщательно": "thorough", "тщательный": "thorough",
}  # fmt: skip
ELEMENT_WORDS: dict[str, str] = {
    "culprit": "culprit", "who": "culprit", "killer": "culprit", "виновный": "culprit",
    "виновник": "culprit", "убийца": "culprit", "кто": "culprit",
    "means": "means", "weapon": "means", "how": "means", "способ": "means", "орудие": "means",
    "как": "means",
    "motive": "motive", "why": "motive", "мотив": "motive", "зачем": "motive", "почему": "motive",
}  # fmt: skip
BUOY_WORDS: dict[str, str] = {
    "roll": "roll", "die": "roll", "dice": "roll", "бросок": "roll", "кубик": "roll",
    "ap": "ap", "point": "ap", "action": "ap", "очко": "ap", "од": "ap",
}  # fmt: skip
FILLERS = frozenset(
    {"to", "zone", "the", "on", "about", "in", "location", "place", "with", "а", "в", "во", "на", "о", "об",
     "про", "зону", "зона", "место", "локацию", "локация", "номер", "no", "number", "№"}
)  # fmt: skip

_ZONE_NUMBER = re.compile(r"\b(?:zone|зон[аеуы]|зоной)\s*\S+", re.I)
"""A zone named where a location is due: "SEARCH zone 6" searches no location (zones are not locations)."""
_SEPARATORS = re.compile(r"[,;:#№=()/]+")


def names_of(case: Investigation, element: str) -> dict[str, str]:
    """Every way to write a candidate of ``element`` (folded) and the candidate's id: its number
    in the list, its id, its names, and for suspects their first names and initials."""
    table: dict[str, str] = {}
    for number, choice in enumerate(case.candidates(element), 1):
        table[str(number)] = choice.id
        table[fold_name(choice.id)] = choice.id
        for name in choice.name.values():
            table[fold_name(name)] = choice.id
    if element == "culprit":
        table.update(suspect_names(case))
        table.update({"несчастный": "accident", "случай": "accident"})
    return table


def suspect_names(case: Investigation) -> dict[str, str]:
    """Every way to name a suspect (folded): id, full and first names and initials in both languages."""
    table: dict[str, str] = {}
    for suspect in case.suspects:
        for name in suspect.name.values():
            table[fold_name(name)] = suspect.id
            table[fold_name(name.split()[0])] = suspect.id
            table[fold_name(name[:1])] = suspect.id
        table[suspect.id] = suspect.id
    return table


def parse_text(text: str, case: Investigation) -> list[Order | Unreadable]:
    """Every non-blank line of ``text`` read as the orders it holds, by keyword or by meaning
    (``meaning``), or why it holds none."""
    return read_lines_with_choice(text, lambda line: parse_orders(line, case))


def parse_line(line: str, case: Investigation) -> Order | Unreadable:
    """The first order written on ``line`` (a leading bullet such as "-" is ignored)."""
    return parse_orders(line, case)[0]


def parse_orders(line: str, case: Investigation) -> list[Order | Unreadable]:
    """The orders written on ``line``; MOVE with a suspect is the order to escort them."""
    from referee.games.minuit.meaning import grammar  # it reads names with this module's tables

    rules = grammar(case)

    def read(text: str) -> list[Order | Unreadable]:
        order = read_order(text, KEYWORDS, partial(_arguments, case=case))
        if isinstance(order, Order) and order.kind == "move" and "suspect" in order.args:
            order = Order(order.line, "escort", order.args)
        return read_by_meaning(text, order, rules)

    return read_again(_unglued(line), read, rules)


_GLUED = re.compile(r"(?<![\w+])(?P<letter>[smSM])(?P<number>\d{1,2})\b|\+\s*1\s*(?P<ap>ap|од)\b", re.I)
"""Shorthand typed as one word: "s20" (search location 20), "m4" (move to zone 4), "+1ap" (an action
point)."""


def _unglued(line: str) -> str:
    """``line`` with its glued shorthand written out ("s20 disc" is "search 20 disc")."""

    def written(found: re.Match[str]) -> str:
        if found.group("ap"):
            return f" {found.group('ap')}"
        word = "search" if found.group("letter").lower() == "s" else "move"
        return f"{word} {found.group('number')}"

    return _GLUED.sub(written, line)


def _arguments(kind: str, rest: str, case: Investigation) -> dict[str, Any] | Problem:
    """The arguments of an order of ``kind`` written as ``rest`` (orders without a reader take none)."""
    if kind == "search" and (zone := _ZONE_NUMBER.search(rest)):
        return "bad_location", {"text": zone.group()}
    words = _words(rest)
    reader = _READERS.get(kind)
    if reader is not None:
        return reader(words, case)
    return {} if not words else _extra(words)


def _words(text: str) -> list[str]:
    words = [w.strip(".!?'\"«»") for w in fold_name(_SEPARATORS.sub(" ", text)).split()]
    return [w for w in words if w and w not in FILLERS]


def _extra(words: list[str]) -> Problem:
    return "extra_words", {"text": " ".join(words)}


def _number(word: str, allowed: tuple[int, ...]) -> int | None:
    return int(word) if word.isdigit() and int(word) in allowed else None


def _suspect(words: list[str], case: Investigation) -> tuple[str | None, list[str]]:
    """The suspect named at the start of ``words`` (one or two words) and the words after."""
    names = suspect_names(case)
    for size in (2, 1):
        if len(words) >= size and " ".join(words[:size]) in names:
            return names[" ".join(words[:size])], words[size:]
    return None, words


def _unknown_suspect(word: str, case: Investigation) -> Problem:
    names = suspect_names(case)
    close = difflib.get_close_matches(word, [n for n in names if len(n) > 1], n=1, cutoff=0.7)
    suggestion = case.suspect(names[close[0]]).first("en") if close else ""
    return "unknown_suspect", {"text": word, "suggestion": suggestion}


def _move(words: list[str], case: Investigation) -> dict[str, Any] | Problem:
    if not words:
        return "missing_arguments", {"order": "MOVE"}
    if not words[0].isdigit():
        suspect, rest = _suspect(words, case)
        if suspect is None:
            return _unknown_suspect(words[0], case)
        if not rest:
            return "missing_zone", {}
        zone = _number(rest[0], ZONES)
        if zone is None:
            return "bad_zone", {"text": rest[0]}
        return {"suspect": suspect, "zone": zone} if len(rest) == 1 else _extra(rest[1:])
    zone = _number(words[0], ZONES)
    if zone is None:
        return "bad_zone", {"text": words[0]}
    return {"zone": zone} if len(words) == 1 else _extra(words[1:])


CUT_LETTERS = 3
"""The fewest letters of an English method or topic cut short ("thr", "mot", "wit")."""


def cut_short(word: str, table: dict[str, str], *, started: bool = True) -> str | None:
    """The one meaning of ``table`` an English ``word`` cut short stands for: its consonants in order
    ("thr" thorough, "dscr" discreet) or, where ``started``, the start of a key ("mot" motive, "qui"
    quick: only where a method or topic must stand, for "not" begins "noticed"); None where it stands
    for several, or none, or is no English word of three letters or more."""
    if not word.isascii() or not word.isalpha() or len(word) < CUT_LETTERS:
        return None
    skeleton = not set(word[1:]) & set("aeiouy")
    meant = {
        value
        for key, value in table.items()
        if key.isascii()
        and ((started and key.startswith(word)) or (skeleton and key[0] == word[0] and in_order(word, key)))
    }
    return meant.pop() if len(meant) == 1 else None


def _method(words: list[str], order: str) -> tuple[str | None, Problem | None]:
    if not words:
        return None, ("missing_method", {"order": order})
    method = METHOD_WORDS.get(words[0]) or cut_short(words[0], METHOD_WORDS)
    if method is None:
        return None, ("bad_method", {"text": words[0]})
    if len(words) > 1:
        return None, _extra(words[1:])
    return method, None


def _question(words: list[str], case: Investigation) -> dict[str, Any] | Problem:
    if not words:
        return "missing_arguments", {"order": "QUESTION"}
    suspect, rest = _suspect(words, case)
    if suspect is None:
        return _unknown_suspect(words[0], case)
    if not rest:
        return "missing_topic", {}
    topic = TOPIC_WORDS.get(rest[0]) or cut_short(rest[0], TOPIC_WORDS)
    if topic is None:
        return "bad_topic", {"text": rest[0]}
    method, problem = _method(rest[1:], "QUESTION")
    return problem if problem else {"suspect": suspect, "topic": topic, "method": method}


def _search(words: list[str], case: Investigation) -> dict[str, Any] | Problem:
    if not words:
        return "missing_arguments", {"order": "SEARCH"}
    location = _number(words[0], LOCATIONS)
    if location is None:
        return "bad_location", {"text": words[0]}
    method, problem = _method(words[1:], "SEARCH")
    return problem if problem else {"location": location, "method": method}


def _retry(words: list[str], case: Investigation) -> dict[str, Any] | Problem:
    if not words:
        return {"method": None}
    method, problem = _method(words, "RETRY")
    return problem if problem else {"method": method}


MOST_BUOYS = 3
"""The most buoys a player ever holds (MM-9), so the most one BUOY line may spend."""


def _buoy(words: list[str], case: Investigation) -> dict[str, Any] | Problem:
    """BUOY, BUOY ROLL, BUOY AP, each with an optional count in either place (BUOY 2, BUOY ROLL 2)."""
    result: dict[str, Any] = {"use": "auto"}
    for index, word in enumerate(words):
        if word.isdigit() and "count" not in result and 1 <= int(word) <= MOST_BUOYS:
            result["count"] = int(word)  # one buoy is the order's own count: written or not, the same
        elif word in BUOY_WORDS and result["use"] == "auto":
            result["use"] = BUOY_WORDS[word]
        elif index == 0:
            return "bad_buoy", {"text": word}
        else:
            return _extra(words[index:])
    return {key: value for key, value in result.items() if (key, value) != ("count", 1)}


def _hypothesis(words: list[str], case: Investigation) -> dict[str, Any] | Problem:
    if not words:
        return "missing_arguments", {"order": "HYPOTHESIS"}
    element = ELEMENT_WORDS.get(words[0])
    if element is None:
        return "bad_element", {"text": words[0]}
    rest = words[1:]
    names = names_of(case, element)
    for cut in range(1, len(rest)):
        first, second = " ".join(rest[:cut]), " ".join(rest[cut:])
        if first in names and second in names:
            return {"element": element, "first": names[first], "second": names[second]}
    if len(rest) < 2:
        return "two_hypotheses", {"element": element}
    wrong = next((w for w in rest if w not in names), " ".join(rest))
    return "unknown_candidate", {"element": element, "text": wrong}


_READERS = {
    "move": _move,
    "question": _question,
    "search": _search,
    "retry": _retry,
    "buoy": _buoy,
    "hypothesis": _hypothesis,
}
