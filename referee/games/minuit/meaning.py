"""Minuit orders read by meaning (``referee.core.reading``): "I'd like to go to the casino", «Иду в
шестую зону», "Ask Kristina about her alibi, quickly", «Обыскиваю локацию 19 тщательно», "Take Leon
to zone 4", «Гипотеза: виновный — Томас или Кристина».

A zone is named by its number or its name ("the casino", «трюм»); a suspect by first name in any
case or with a slip of a letter. A verb of walking with a suspect after it moves the suspect; with a
suspect before it ("Kristina goes to 4") it is not plain whom it moves, and the line gets a question.
"""

from __future__ import annotations

import re
from functools import lru_cache, partial
from typing import Any

from referee.core.reading import (
    ASKING_LEADS,
    CONDITIONS,
    HELP_WORDS,
    MOTION,
    NAME_STOP,
    NEGATIONS,
    OPTION_WORDS,
    SEND_VERBS,
    SHOW_VERBS,
    Grammar,
    Guess,
    Reading,
    Word,
    asked_how,
    kinds_in,
    lookup,
    names_in,
    words_of,
)
from referee.core.russian import morph
from referee.core.seats import fold_name
from referee.games.minuit.content import (
    LOCATIONS,
    PLACE_NAMES,
    PLACE_SYNONYMS,
    SUITE,
    ZONE_OF_LOCATION,
    ZONES,
)
from referee.games.minuit.investigation import Investigation
from referee.games.minuit.parse import MOST_BUOYS, cut_short, names_of, suspect_names
from referee.games.minuit.roles import suspects_named

_CYRILLIC = re.compile(r"[а-яё]")

INTENTS: dict[str, str] = {
    **dict.fromkeys(
        ("move", "go", "mv", "walk", "head", "run", "enter", "идти", "пойти", "перейти", "переходить",
         "направиться", "направляться", "двигаться", "отправиться", "отправляться", "переместиться",
         "перемещаться", "подняться", "подниматься", "спуститься", "спускаться", "зайти", "заходить",
         "перебраться", "иду", "бежать", "уйти", "уходить", "off", "перехожу", "перемещаюсь", "down",
         "downstairs", "upstairs"),
        "move",
    ),
    **dict.fromkeys(MOTION, "move"),
    **dict.fromkeys(
        ("escort", "bring", "lead", "take", "отвести", "отводить", "переместить", "перемещать",
         "проводить", "сопроводить", "сопровождать", "перевести", "увести", "вести", "переводить", "send",
         "shift", "переставить", "переставлять", "отправить", "отправлять", "послать", "подвинуть"),
        "escort",
    ),
    **dict.fromkeys(
        ("question", "q", "ask", "interrogate", "interview", "quiz", "допросить", "допрашивать", "спросить",
         "спрашивать", "расспросить", "расспрашивать", "опросить", "допрос", "опрос", "talk", "speak",
         "поговорить", "говорить", "побеседовать", "узнать", "узнавать", "выяснить", "grill", "press",
         "pump", "трясти", "потрясти", "пытать", "расколоть", "прижать", "выяснять", "уточнить", "уточнять",
         "dig"),
        "question",
    ),
    **dict.fromkeys(
        ("search", "srch", "sweep", "comb", "inspect", "examine", "explore", "rummage", "poke", "snoop",
         "шарить",
         "шмонать", "шмон", "обшмонать", "обшаривать", "обшарить", "прочёсывать", "прочесывать", "прочесать",
         "обыскать",
         "обыскивать", "осмотреть",
         "осматривать", "обыск", "осмотр", "искать", "поискать", "обшарить", "обследовать", "check",
         "проверить", "проверять", "investigate", "go through"),
        "search",
    ),
    **dict.fromkeys(
        ("retry", "again", "repeat", "reroll", "try", "повторить", "повторять", "повтор", "снова", "заново",
         "попытка", "ещё раз", "еще раз", "перебросить", "перебрасывать"),
        "retry",
    ),
    **dict.fromkeys(
        ("buoy", "lifebuoy", "life ring", "lifering", "буй", "буек", "круг", "спасательный"), "buoy"
    ),
    **dict.fromkeys(
        ("reveal", "revelation", "разоблачение", "разоблачить", "разоблачать", "разоблачения", "откровение",
         "откровения"),
        "reveal",
    ),
    **dict.fromkeys(
        ("end", "done", "finish", "finished", "pass", "конец", "закончить", "заканчивать", "завершить",
         "завершать", "пас", "хватит", "next", "окончить", "оконченный", "передавать", "передать",
         "that's it", "that it", "этом всё", "этом все", "закончил", "закончила", "закончили", "is over",
         "turn over", "eot"),
        "end",
    ),
    **dict.fromkeys(("hypothesis", "theory", "гипотеза", "версия"), "hypothesis"),
    **dict.fromkeys(
        HELP_WORDS,
        "help",
    ),
    **dict.fromkeys(
        ("status", "situation", "статус", "положение", "состояние", "ситуация", "where", "где"), "status"
    ),
}  # fmt: skip
"""Intent words (lemmas and stems) of Minuit orders."""

PRIORITY = ("hypothesis", "reveal", "buoy", "question", "search", "escort", "move", "retry", "end", "help",
            "status")  # fmt: skip
"""Which order a clause means when it holds words of several: "go to zone 6 again" is a MOVE."""

TOPICS: dict[str, str] = {
    "alibi": "alibi", "алиби": "alibi", "witness": "witness", "testimony": "witness", "saw": "witness",
    "wit": "witness", "whereabouts": "alibi", "noticed": "witness", "notice": "witness", "свид": "witness",
    "свидетель": "witness", "показание": "witness", "свидетельство": "witness", "видеть": "witness",
    "motive": "motive", "мотив": "motive", "reason": "motive", "причина": "motive",
    "where": "alibi", "где": "alibi", "gain": "motive", "benefit": "motive", "выгода": "motive",
    "выгодный": "motive",
}  # fmt: skip
"""Topics of a question, by name or by what they ask ("where he was" is the alibi, "what he'd gain"
the motive)."""
METHODS: dict[str, str] = {
    "quick": "quick", "fast": "quick", "быстро": "quick", "быстрый": "quick", "наскоро": "quick",
    "discreet": "discreet", "discrete": "discreet", "quiet": "discreet", "secret": "discreet",
    "осторожно": "discreet", "осторожный": "discreet", "тайно": "discreet", "тайный": "discreet",
    "незаметно": "discreet", "скрытно": "discreet", "аккуратно": "discreet",
    "thorough": "thorough", "тщательно": "thorough", "тщательный": "thorough", "подробно": "thorough",
    "досконально": "thorough", "thor": "thorough", "disc": "discreet", "qck": "quick", "тщат": "thorough",
    "быстр": "quick", "незам": "discreet", "остор": "discreet", "втихую": "discreet", "тщ": "thorough",
    "по-быстрому": "quick", "quickly": "quick", "works": "thorough", "inch": "thorough",
    "сантиметр": "thorough", "втихаря": "discreet", "по-тихому": "discreet", "тихо": "discreet",
    "тихонько": "discreet", "тихонечко": "discreet", "quietly": "discreet", "discreetly": "discreet",
    "наспех": "quick", "бегло": "quick", "мельком": "quick", "thoroughly": "thorough",
    "основательно": "thorough", "дотошно": "thorough", "по-полной": "thorough",
}  # fmt: skip
ELEMENTS: dict[str, str] = {
    "culprit": "culprit", "who": "culprit", "killer": "culprit", "murderer": "culprit",
    "виновный": "culprit", "виновник": "culprit", "убийца": "culprit", "кто": "culprit",
    "means": "means", "weapon": "means", "how": "means", "способ": "means", "орудие": "means",
    "как": "means", "motive": "motive", "why": "motive", "мотив": "motive", "зачем": "motive",
    "почему": "motive",
}  # fmt: skip
BUOY_USES: dict[str, str] = {
    "roll": "roll", "die": "roll", "dice": "roll", "reroll": "roll", "бросок": "roll", "кубик": "roll",
    "переброс": "roll", "бросить": "roll", "ap": "ap", "point": "ap", "очко": "ap", "од": "ap",
    "action": "ap", "действие": "ap",
}  # fmt: skip
ZONE_WORDS: dict[str, int] = {
    "vip": 1, "вип": 1, "suite": 2, "luxury": 2, "люкс": 2, "wheelhouse": 3, "bridge": 3, "рубка": 3,
    "рулевой": 3,
    "pool": 4, "piano": 4, "bar": 4, "бассейн": 4, "пиано": 4, "бар": 4, "beauty": 5, "shop": 5,
    "красота": 5, "магазин": 5,
    "casino": 6, "grand": 6, "казино": 6, "гранд": 6, "restaurant": 7, "kitchen": 7, "ресторан": 7,
    "камбуз": 7, "кухня": 7, "passenger": 8, "пассажирский": 8, "service": 9, "служебный": 9,
    "hold": 10, "трюм": 10,
}  # fmt: skip
"""Words that name a zone of the ship."""
ELEMENT_NOUNS = frozenset(
    {"culprit", "killer", "murderer", "means", "weapon", "motive", "виновный", "виновник", "убийца",
     "способ", "орудие", "мотив"}
)  # fmt: skip
"""The elements of a hypothesis by their nouns (not by "who", «как»)."""
THINKING = frozenset({"think", "believe", "reckon", "думать", "считать", "полагать", "уверен"})
"""Verbs of a hypothesis said as a belief ("I think it was Tomas, or else Zoe")."""
TOWARDS = frozenset({"to", "into", "в", "во", "на", "к"})
"""Words that begin a bare destination ("To the hold!", «В магазины!»)."""
NOT_MANNERS = frozenset(
    {"kindly", "only", "early", "really", "finally", "likely", "family", "supply", "reply"}
)
ZONE_NOUNS = frozenset({"zone", "зона", "area"})
CABIN_WORDS = frozenset({"cabin", "room", "каюта", "комната", "номер"})
COURTESY = frozenset({"please", "пожалуйста", "the", "a", "thanks", "спасибо", "now", "сейчас"})
"""Words that may stand beside a bare destination ("piano bar, please")."""
"""Words that name a suspect's cabin with the suspect ("Kristina's cabin", «каюта Кристины»)."""


COMMON = frozenset({"большой", "the", "and", "бальный", "зал"})
"""Words of a place's name too common to name it alone («большой» of «большой салон»)."""


def _place_words() -> dict[str, int]:
    """The words that name one location 13 to 24 and no other, by their forms and every lemma a
    Russian one may have («прачечную» is read as «прачечный» too): "casino", «гранд», «лазарет»."""
    seen: dict[str, set[int]] = {}
    for number, names in PLACE_NAMES.items():
        for name in [*names.values(), *PLACE_SYNONYMS.get(number, ())]:
            for word in words_of(name):
                if len(word.folded) > 2 and not word.among(NAME_STOP | ZONE_NOUNS | CABIN_WORDS | COMMON):
                    lemmas = {parse.normal_form for parse in morph().parse(word.folded)}
                    for key in word.keys | (lemmas if _CYRILLIC.search(word.folded) else set()):
                        seen.setdefault(key, set()).add(number)
    return {key: next(iter(places)) for key, places in seen.items() if len(places) == 1}


PLACES_BY_WORD = _place_words()
"""Each word naming one location by name."""


def _word_keys(word: Word) -> frozenset[str]:
    """``word``'s forms and, for a Russian word, every lemma it may have."""
    return frozenset(word.keys) | _lemmas(word.folded)


@lru_cache(maxsize=4096)
def _lemmas(folded: str) -> frozenset[str]:
    """Every lemma a Russian word may have (none for another), read once a word."""
    if not _CYRILLIC.search(folded):
        return frozenset()
    return frozenset(parse.normal_form for parse in morph().parse(folded))


def _place_phrases() -> list[tuple[tuple[frozenset[str], ...], int]]:
    """The names of locations 13 to 24 of more than one word, each word by its forms and lemmas, longest
    first: «большой салон», «бальный зал», whose words alone name no place or more than one."""
    phrases = [
        (tuple(_word_keys(word) for word in words_of(name)), number)
        for number, names in PLACE_NAMES.items()
        for name in [*names.values(), *PLACE_SYNONYMS.get(number, ())]
        if len(words_of(name)) > 1
    ]
    return sorted(phrases, key=lambda phrase: -len(phrase[0]))


PLACE_PHRASES = _place_phrases()
"""Each location's names of several words."""


def _phrases_at(words: list[Word]) -> dict[int, tuple[int, int]]:
    """Where ``words`` name a location by a name of several words, in any case («в большом салоне»): its
    first word's position, with the location and how many words the name takes."""
    found: dict[int, tuple[int, int]] = {}
    covered: set[int] = set()
    keys = [_word_keys(word) for word in words]
    for phrase, number in PLACE_PHRASES:
        size = len(phrase)
        for start in range(len(words) - size + 1):
            span = range(start, start + size)
            if covered.isdisjoint(span) and all(phrase[i] & keys[start + i] for i in range(size)):
                found[start] = (number, size)
                covered.update(span)
    return found


ZONES_BY_WORD = {
    **{key: ZONE_OF_LOCATION[place] for key, place in PLACES_BY_WORD.items()},
    **ZONE_WORDS,
}
"""Each word naming one zone: by its own name, or one of its locations' ("the infirmary" is in 9)."""
SELF = frozenset(
    {"me", "myself", "detective", "character", "investigator", "я", "себя", "сыщик", "персонаж", "детектив"}
)
"""Words by which a player names themself as the one to move ("move me to zone 6", «переведите меня»)."""
LOCATION_NOUNS = frozenset({"location", "place", "spot", "локация", "место", "точка"})
THINGS = frozenset(TOPICS) | frozenset(METHODS) | frozenset(ZONE_WORDS)


def _one(values: list[Any]) -> Any:
    distinct = list(dict.fromkeys(values))
    return distinct[0] if len(distinct) == 1 else None


def _words_for(words: list[Word], table: dict[str, str]) -> list[str]:
    found = [found for word in words if (found := lookup(word, table))]
    if table is METHODS:
        found += [method for word in words if not lookup(word, table) and (method := _method_by_stem(word))]
    if table is METHODS or table is TOPICS:
        found += [
            meant
            for word in words
            if not lookup(word, table) and (meant := cut_short(word.folded, table, started=False))
        ]  # "q oscar wtns dscr": by its consonants alone, for "not" begins "noticed"
    return found


_METHOD_STEM = 5
"""Letters of a Russian method word that a word of another form shares with it («быстренько»)."""


def _method_by_stem(word: Word) -> str | None:
    """The method a Russian word of another form or a diminutive names by its stem: «быстренько» (quick),
    «аккуратненько» (discreet), «тщательнейший» (thorough)."""
    if not _CYRILLIC.search(word.folded) or len(word.folded) < _METHOD_STEM + 1:
        return None
    stems = {key[:_METHOD_STEM]: method for key, method in METHODS.items() if _CYRILLIC.search(key)}
    return stems.get(word.folded[:_METHOD_STEM])


def _suspects(words: list[Word], case: Investigation) -> list[tuple[int, str]]:
    """Where ``words`` name a suspect of ``case`` and whom: by name, or by what they are (``roles``)."""
    return suspects_named(words, case, suspect_names_long(case))


_WAS = frozenset({"was", "were", "был", "была", "были", "находился", "находилась"})


def read(words: list[Word], language: str, case: Investigation) -> Reading | Guess | None:
    """One clause of a Minuit mail read as an order (see the module's docstring)."""
    if wanted := _rules_or_state_asked(words):
        return wanted, {}
    if words and words[0].among(_NOBODY):
        return Guess()  # "Nobody move Leon please", «Никто не трогайте Леона»: bidden of the others
    kinds = kinds_in(words, INTENTS, THINGS)
    if not kinds:
        return _without_verb(words, case, language)
    kind = min(kinds, key=PRIORITY.index)
    questioned = "question" in kinds and _suspects(words, case)
    if (
        any(k in ("help", "status") for k in kinds)
        and not any(_zone_word(w) for w in words)
        and not questioned
    ):
        kind = min(
            kinds, key=lambda k: (k not in ("help", "status"), PRIORITY.index(k))
        )  # "send me the rules"
    start = next((i for i, w in enumerate(words) if w.meaning(INTENTS) == kind), 0)
    if kind in ("move", "escort") and any(w.among(_TOLD) for w in words[:start]):
        return Guess()  # "The ship is on 7 already, we need to hurry up": a thing told before the verb
    suspects = _suspects(words, case)
    if kind == "status" and suspects and any(w.folded in _WAS for w in words) and _words_for(words, TOPICS):
        kind = "question"  # "a thorough account of where he was around midnight": the suspect's alibi asked
    numbers = [
        (i, w.number)
        for i, w in enumerate(words)
        if w.number is not None and not (w.folded == "one" and i and lookup(words[i - 1], METHODS))
    ]  # "a quick one": no number
    methods = _words_for(words, METHODS)
    method = _one(methods)
    if kind in ("help", "status", "reveal", "end"):
        asked = [k for k in kinds if k in ("help", "status")]
        if asked and not suspects and not numbers:
            return asked[0], {}
        return (kind, {}) if not suspects and not numbers and not methods else Guess()
    if kind == "hypothesis":
        return _hypothesis(words, case, language)
    if _manners(words, methods):
        return Guess()
    if kind == "retry":
        return ("retry", {"method": method}) if len(methods) <= 1 and not numbers else Guess()
    if kind == "buoy":
        uses = [BUOY_USES[key] for w in words for key in w.keys if key in BUOY_USES]
        numbers = [(i, n) for i, n in numbers if not _effect(words, i)]
        counts = [n for _, n in numbers if 1 <= n <= MOST_BUOYS]
        if not numbers and any(w.folded in BOTH for w in words):
            numbers, counts = [(-1, 2)], [2]  # "Both my buoys on that 9", «оба буя»
        result: dict[str, Any] = {"use": _one(uses) or "auto"}
        if len(set(uses)) > 1 or len(counts) > 1 or len(counts) != len(numbers):
            return Guess()
        return "buoy", {
            **result,
            **({"count": counts[0]} if counts and counts[0] > 1 else {}),
        }  # one: as none
    if kind == "search" and suspects and _words_for(words, TOPICS):
        kind = "question"  # "a quick alibi check on Marta"
    if kind == "question":
        who = _one([ident for _, ident in suspects])
        topic = _one(_words_for(words, TOPICS))
        if who and topic and method and len(methods) == 1 and not numbers:
            return "question", {"suspect": who, "topic": topic, "method": method}
        shown = {"suspect": who or "…", "topic": topic or "…", "method": method or "…"}
        return Guess(render("question", shown, language, case))
    if kind == "search":
        places, owners = _locations(words, suspects, case)
        others = [ident for _, ident in suspects if ident not in owners]
        if (
            len(places) == 1
            and places[0] is not None
            and len(numbers) <= 1
            and method
            and len(methods) == 1
            and not others
        ):
            return "search", {"location": places[0], "method": method}
        shown = {"location": places[0] if len(places) == 1 else "…", "method": method or "…"}
        return Guess(render("search", shown, language, case))
    zone = _zone(words, numbers)
    after = [ident for index, ident in suspects if index > start or _object_before(words, index, ident, case)]
    before = [ident for index, ident in suspects if index < start and ident not in after]
    if kind == "escort" and not suspects and zone and any(word.among(SELF) for word in words):
        return "move", {"zone": zone}
    if kind == "escort" or after:
        who = _one(after) if after else None
        if who and zone and not before and zone != SUITE:
            return "escort", {"suspect": who, "zone": zone}
        shown = {"suspect": who or "…", "zone": zone or "…"}
        return Guess(render("escort", shown, language, case))
    if zone and not suspects:
        return "move", {"zone": zone}
    if zone and len(set(before)) == 1 and zone != SUITE and words[0].among(BIDDING):
        return "escort", {
            "suspect": before[0],
            "zone": zone,
        }  # «Пусть Оскар идёт в казино»: the suspect moved
    if before:
        return Guess(render("escort", {"suspect": before[0], "zone": zone or "…"}, language, case))
    return Guess(render("move", {"zone": zone or "…"}, language, case))


BIDDING = frozenset({"let", "have", "make", "пусть", "пускай"})
"""Words that make the suspect named after them the one moved («Пусть Оскар идёт в казино»); a suspect
named as the subject alone ("Oscar goes to the casino") is asked back, as the project's corpus wants."""
EFFECTS = frozenset({"minus", "plus", "минус", "плюс", "by", "на"})
"""Words before a number that make it a buoy's effect, not a count of buoys ("minus one to the roll")."""
RULES_ASKED = frozenset({"work", "works", "работать", "действовать", "устроить", "устроен"})
STATE_ASKED = frozenset({"ap", "од", "очко", "point", "points", "action", "buoy", "буй", "круг", "left"})
SHOWN = frozenset({"map", "plan", "deck", "board", "план", "карта", "палуба", "схема"})
SHOWING = SHOW_VERBS
"""Verbs asking to be shown or sent something: with the ship's plan, the status."""
LEADS = ASKING_LEADS | frozenset({"could", "can", "would", "you", "вы", "можете", "могли", "бы"})
"""Words a request to be shown something may open with ("Could you send me the map again?")."""
QUESTIONS = frozenset({"what", "what's", "whats", "which", "какой", "что"})
OPTIONS = OPTION_WORDS | frozenset({"способ", "ways"})
"""Words that make a question one about what may be done ("What are my options?", «какие способы …»)."""


BOTH = frozenset({"both", "оба", "обоих", "обе"})
"""Words for two buoys at once."""
ROLL_NAMED = frozenset({"that", "this", "the", "my", "этот", "эту", "тот", "ту", "этой", "мой", "мою"})
"""Words before a number that make it the roll a buoy goes on ("buoy on that 8"), not how many."""


def _effect(words: list[Word], index: int) -> bool:
    """Whether the number at ``index`` is what a buoy does (+1 AP, −1 on the roll) or the roll it goes on
    ("buoy on that 8", «буй на эту девятку»), not how many."""
    before = words[index - 1] if index else None
    signed = before is not None and before.tail.lstrip()[:1] in ("+", "-", "−")
    named = before is not None and before.folded in ROLL_NAMED
    return signed or named or (before is not None and before.folded in EFFECTS and words[index].number == 1)


def _rules_or_state_asked(words: list[Word]) -> str | None:
    """A question about how the game works (HELP: "How does searching work?") or about one's state
    (STATUS: "How many AP do I have?", «Сколько у меня ОД?», «Покажи план палубы»); None if not."""
    if not words:
        return None
    first = words[0]
    many = first.folded == "сколько" or (
        first.folded == "how" and len(words) > 1 and words[1].folded == "many"
    )
    if many and any(w.among(STATE_ASKED) for w in words):
        return "status"
    counted = any(w.folded in ("count", "total", "balance", "счёт", "счет", "остаток") for w in words)
    if counted and any(w.among(STATE_ASKED) for w in words):
        return "status"  # "What's my AP count?", «Какой у меня остаток ОД?»
    if first.folded in ("how", "как") and any(w.among(RULES_ASKED) for w in words):
        return "help"
    asked = [w for w in words if not w.among(LEADS)]
    if asked_how(words) and not any(w.number is not None for w in words):
        return "help"  # "How do I move a suspect?", «Напомните, как обыскивать?»
    if asked and asked[0].among(QUESTIONS) and any(w.among(OPTIONS) for w in words):
        return "help"  # "What are my options with a buoy again?"
    shown = asked[0] if asked else first
    sent = shown.among(SEND_VERBS)
    at = next((i for i, w in enumerate(words) if w is shown), 0)
    to_me = at + 1 < len(words) and words[at + 1].folded in ("me", "us", "мне", "нам")
    placed = any(w.number is not None or _zone_word(w) for w in words)  # "Send me to zone 2": a move
    again = any(w.folded in ("again", "resend", "ещё", "еще", "заново", "повторно") for w in words)
    if (
        shown.among(SHOWING)
        and (to_me or not sent or again)
        and any(w.among(SHOWN) for w in words)
        and not placed
    ):
        return "status"  # «Покажи план палубы», "Could you send me the map again?"
    return None


_NOBODY = frozenset({"nobody", "noone", "никто", "никому"})

_TOLD = frozenset({"is", "are", "was", "were", "already", "still", "уже", "опять"})
"""Words of a thing told ("The ship is on 7 already", «Офицер опять в казино»): before an order's verb,
or in a clause with none, they make it no move; it is asked back."""
_STATED = _TOLD | {"need", "needs", "нужен", "нужна"}
"""``_TOLD`` and words of a need ("I need him in the bar"): a clause with no verb of an order holding one
is a thing told."""


def _without_verb(words: list[Word], case: Investigation, language: str) -> Reading | Guess | None:
    """A clause with no intent word: a hypothesis written as its element and two candidates
    ("Culprit: Sofia first, Leon second", «Мотив: 1, иначе 4») or as what one thinks ("I think it was
    Tomas, or else Zoe"); a bare destination ("To the hold!", «В магазины!»)."""
    first = words[0] if words else None
    if first is None:
        return None
    if first.among(ELEMENT_NOUNS) or any(word.among(THINKING) for word in words[:2]):
        found = _hypothesis(words, case, language, "culprit")
        return found if isinstance(found, tuple) or _suspects(words, case) else None
    rest = [(i, w.number) for i, w in enumerate(words) if w.number is not None]
    suspects = _suspects(words, case)
    if first.among(TOWARDS) and len(words) <= 4 and (zone := _zone(words, rest)):
        return ("move", {"zone": zone}) if not suspects else Guess()
    if (towards := _directed(words)) is not None and (zone := _zone(words, rest)):
        if any(word.among(NEGATIONS | CONDITIONS | _STATED) or word.past for word in words):
            return Guess(render("move", {"zone": zone}, language, case))  # «Не лезу в трюм»: asked
        return _moved(words, suspects, towards, zone, language, case)
    if (
        len(words) <= 4
        and all(_zone_word(w) or w.among(COURTESY | ZONE_NOUNS) or w.number is not None for w in words)
        and (zone := _zone(words, rest))
    ):
        return "move", {"zone": zone}  # "piano bar, please", "Zone 4, please": a destination alone
    arrow = first.tail.lstrip().startswith(("->", "→", "=>"))
    if arrow and len(suspects) == 1 and suspects[0][0] == 0 and (zone := _zone(words[1:], rest)):
        return ("escort", {"suspect": suspects[0][1], "zone": zone}) if zone != SUITE else Guess()
    topics, methods = _words_for(words, TOPICS), _words_for(words, METHODS)
    if suspects and topics and methods and not rest:  # "Walter: motive, quick"
        return _question(words, suspects, topics, methods)
    if topics and (methods or len(words) <= 4):
        return Guess()  # "…, then on motive quick": part of an order, never scenery to set aside
    return None


DIRECTIONS = TOWARDS | frozenset({"до", "toward", "towards", "onto", "over"})
"""Words after which a zone named is where one goes, whatever the verb («лезу в трюм», «прогуляюсь до
магазинов», "I'm wandering over to the casino")."""


def _directed(words: list[Word]) -> int | None:
    """Where ``words`` name a zone as where one goes: a word of direction followed, within two words
    ("в девятую зону", "to the piano bar"), by a word naming a zone or a zone's number."""
    for index, word in enumerate(words):
        if not word.among(DIRECTIONS):
            continue
        if any(_zone_word(w) or w.number is not None for w in words[index + 1 : index + 3]):
            return index
    return None


def _moved(
    words: list[Word],
    suspects: list[tuple[int, str]],
    towards: int,
    zone: int,
    language: str,
    case: Investigation,
) -> Reading | Guess:
    """A clause with no intent word that names a zone as where one goes (``_directed``, at ``towards``):
    the writer's move if it names no suspect; a suspect moved if one is named as the object, before the
    direction and not first in the clause in English, in the accusative in Russian («двигаю Леона в зону
    5», «Марту переставляю в ресторан»); a question if the suspect may be the one going."""
    if not suspects:
        return "move", {"zone": zone}
    who = _one([ident for _, ident in suspects])
    at = suspects[0][0]
    if who is None or at > towards:
        return Guess(render("escort", {"suspect": who or "…", "zone": zone}, language, case))
    if _object(words[at], who, case) if _CYRILLIC.search(words[at].folded) else at > 0:
        return "escort", {"suspect": who, "zone": zone}
    return Guess(render("escort", {"suspect": who, "zone": zone}, language, case))


def _object_before(words: list[Word], index: int, who: str, case: Investigation) -> bool:
    """Whether a suspect named before the intent word is the object of a verb: in Russian, by its case
    («Марту переставляю в …»); in English, right after the clause's first word, a verb ("Drag Oscar down
    to the hold")."""
    if _CYRILLIC.search(words[index].folded):
        return _object(words[index], who, case)
    return (
        index == 1
        and words[0].folded.isalpha()
        and not words[0].among(_NOT_VERBS)
        and not names_in(words[:1], suspect_names_long(case))
    )


_NOT_VERBS = (
    NAME_STOP | SELF | frozenset({"i", "we", "my", "our", "a", "an", "and", "then", "now", "so", "ok"})
)
"""First words that are no verb: a suspect after them is no object."""


def _object(word: Word, who: str, case: Investigation) -> bool:
    """Whether the Russian word ``word`` naming suspect ``who`` names them as an object: in a form other
    than their name's nominative that may be the accusative («Леона», «Марту»)."""
    if word.folded == fold_name(case.suspect(who).first("ru")):
        return False
    return any("accs" in p.tag for p in morph().parse(word.folded))


def _question(
    words: list[Word], suspects: list[tuple[int, str]], topics: list[str], methods: list[str]
) -> Reading | Guess:
    """A question of one suspect on one topic in one manner, written without a verb."""
    who, topic, method = _one([ident for _, ident in suspects]), _one(topics), _one(methods)
    if who and topic and method and len(methods) == 1:
        return "question", {"suspect": who, "topic": topic, "method": method}
    return Guess()


def _manners(words: list[Word], methods: list[str]) -> bool:
    """Whether ``words`` say how to act by a word that is no method ("slowly", «медленно»): then the
    order is asked about, not guessed."""
    for word in words:
        if word.meaning(INTENTS) or lookup(word, METHODS) or _method_by_stem(word) or word.among(NAME_STOP):
            continue
        if _CYRILLIC.search(word.folded):
            tag = morph().parse(word.folded)[0].tag
            if tag.POS == "ADVB" and word.folded.endswith("о") and "Ques" not in tag:
                return True
        elif word.folded.endswith("ly") and len(word.folded) > 5 and word.folded not in NOT_MANNERS:
            return True
    return False


def _zone(words: list[Word], numbers: list[tuple[int, int]]) -> int | None:
    """The one zone ``words`` name, by number or by name."""
    at = [(i, zone) for i, word in enumerate(words) if (zone := _zone_word(word))]
    if len({zone for _, zone in at}) > 1 and [i for i, _ in at] == list(range(at[0][0], at[0][0] + len(at))):
        at = at[:1]  # "the beauty salon": the first word of a name in one tells which place it is
    named = [zone for _, zone in at]
    counted = [n for _, n in numbers if n in ZONES]
    if len(numbers) != len(counted):
        return None
    found: int | None = _one(named + counted)
    return found


def _zone_word(word: Word) -> int | None:
    return next((ZONES_BY_WORD[key] for key in sorted(word.keys) if key in ZONES_BY_WORD), None)


def _locations(
    words: list[Word], suspects: list[tuple[int, str]], case: Investigation
) -> tuple[list[Any], set[str]]:
    """The locations ``words`` name, and the suspects named as their cabins' owners: by number
    ("location 19", «двадцатую»), by name ("the casino", «гранд-салона») or as a suspect's cabin
    ("Kristina's cabin", «каюту Кристины»). A number after "zone" names no location ("zone 6"), so a
    line naming one gets a question."""
    found: list[Any] = []
    phrases = _phrases_at(words)
    covered = {at + i for at, (_, size) in phrases.items() for i in range(size)}
    for index, word in enumerate(words):
        before = words[index - 1] if index else None
        if index in phrases:
            found.append(phrases[index][0])
        elif index in covered:
            continue
        elif word.number is not None:
            found.append(None if before and before.among(ZONE_NOUNS) else word.number)
        elif (place := word.meaning(PLACES_BY_WORD)) is not None:
            if before is not None and before.meaning(PLACES_BY_WORD) is not None and before.number is None:
                continue  # "the beauty salon": the first word of a name in one tells which place it is
            found.append(place)
    owners: set[str] = set()
    if any(word.among(CABIN_WORDS) for word in words):
        owners = {ident for _, ident in suspects}
        found += [case.cabin_of(ident) for ident in owners]
    places = list(dict.fromkeys(found))
    return [place for place in places if place is None or place in LOCATIONS] if places else [], owners


def suspect_names_long(case: Investigation) -> dict[str, str]:
    """The suspects' names as a line may write them: every name but the one-letter initials."""
    return {name: ident for name, ident in suspect_names(case).items() if len(name) > 1}


def _hypothesis(words: list[Word], case: Investigation, language: str, default: str = "") -> Reading | Guess:
    elements = [ELEMENTS[key] for w in words for key in sorted(w.keys) if key in ELEMENTS][:1] or (
        [default] if default else []
    )
    if not elements:
        return Guess()
    element = elements[0]
    table = {
        name: ident for name, ident in names_of(case, element).items() if len(name) > 1 or name.isdigit()
    }
    if element == "culprit":
        chosen = [ident for _, ident in names_in(words, table)]
    else:
        by_word = {**table, **_distinct_words(case, element)}
        chosen = [
            found
            for w in words
            if (found := (w.meaning(by_word) if w.number is None else table.get(str(w.number))))
        ]
    chosen = list(dict.fromkeys(chosen))
    if len(chosen) == 2:
        return "hypothesis", {"element": element, "first": chosen[0], "second": chosen[1]}
    return Guess()


def _meaningful(key: str) -> bool:
    """Whether ``key`` is a word that can name a thing: a Russian noun, adjective or verb; an English
    word of four letters or more."""
    if not _CYRILLIC.search(key):
        return len(key) >= 4
    return morph().parse(key)[0].tag.POS in {"NOUN", "ADJF", "INFN", "VERB"}


def _distinct_words(case: Investigation, element: str) -> dict[str, str]:
    """The words (lemmas) that name one candidate of ``element`` and no other: «яд», "bottle"."""
    seen: dict[str, set[str]] = {}
    for choice in case.candidates(element):
        for name in choice.name.values():
            for word in words_of(name):
                for key in word.keys:
                    if _meaningful(key) and not word.among(NAME_STOP) and not word.among(ELEMENTS):
                        seen.setdefault(key, set()).add(choice.id)
    return {key: next(iter(ids)) for key, ids in seen.items() if len(ids) == 1}


_WORDS = {
    "en": {"move": "MOVE", "escort": "MOVE", "question": "QUESTION", "search": "SEARCH", "retry": "RETRY",
           "buoy": "BUOY", "reveal": "REVEAL", "end": "END", "hypothesis": "HYPOTHESIS", "help": "HELP",
           "status": "STATUS", "alibi": "ALIBI", "witness": "WITNESS", "motive": "MOTIVE", "quick": "QUICK",
           "discreet": "DISCREET", "thorough": "THOROUGH", "roll": "ROLL", "ap": "AP", "auto": "",
           "culprit": "CULPRIT", "means": "MEANS"},
    "ru": {"move": "ИДУ", "escort": "ПЕРЕМЕСТИТЬ", "question": "ДОПРОС", "search": "ОБЫСК",
           "retry": "ПОВТОР", "buoy": "БУЙ", "reveal": "РАЗОБЛАЧЕНИЕ", "end": "КОНЕЦ",
           "hypothesis": "ГИПОТЕЗА", "help": "ПОМОЩЬ",
           "status": "СТАТУС", "alibi": "АЛИБИ", "witness": "СВИДЕТЕЛЬ", "motive": "МОТИВ", "quick": "БЫСТРО",
           "discreet": "ОСТОРОЖНО", "thorough": "ТЩАТЕЛЬНО", "roll": "БРОСОК", "ap": "ОЧКО", "auto": "",
           "culprit": "ВИНОВНЫЙ", "means": "СПОСОБ"},
}  # fmt: skip


def render(kind: str, args: dict[str, Any], language: str, case: Investigation) -> str:
    """An order as its keyword line in ``language``: ``QUESTION Kristina ALIBI QUICK``, «ИДУ 6»."""
    words = _WORDS["ru" if language == "ru" else "en"]

    def shown(value: Any) -> str:
        if value in [s.id for s in case.suspects]:
            return case.suspect(value).first(language)
        return str(words.get(value, value)) if isinstance(value, str) else str(value)

    order = {
        "move": ["zone"], "escort": ["suspect", "zone"], "question": ["suspect", "topic", "method"],
        "search": ["location", "method"], "retry": ["method"], "buoy": ["use", "count"],
        "hypothesis": ["element", "first", "second"],
    }.get(kind, [])  # fmt: skip
    parts = [shown(args[key]) for key in order if args.get(key) is not None]
    return " ".join(part for part in [words[kind], *parts] if part)


def grammar(case: Investigation) -> Grammar:
    """What Minuit plugs into the reader by meaning, for the investigation ``case``."""
    free = frozenset({"help", "status", "hypothesis"})  # two hypotheses are "Tomas or Kristina"
    return Grammar(INTENTS, partial(read, case=case), partial(render, case=case), free, THINGS)
