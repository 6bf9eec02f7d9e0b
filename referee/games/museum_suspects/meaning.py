"""Museum Suspects orders read by meaning (``referee.core.reading``): "Please look at clue three with
my 4", «Кладу пятёрку на Адель», "Anna suspects the one in B2, token 1", «Выход, жетон 2».

INVESTIGATE needs a clue and a token: the number after a word for a clue (or an ordinal before it)
is the clue, the number by a word for a token the token, and otherwise the first number is the clue.
SUGGEST needs one place — a room, a suspect or the Emergency Exit — and one token. "Put" and «кладу»
mean either, by what they name.
"""

from __future__ import annotations

import re
from itertools import pairwise
from typing import Any

from referee.core.reading import (
    HELP_WORDS,
    Grammar,
    Guess,
    Reading,
    Word,
    asked_how,
    kinds_in,
    names_in,
    near,
)
from referee.core.russian import morph
from referee.core.seats import fold_name
from referee.games.museum_suspects.content import SUSPECTS
from referee.games.museum_suspects.state import CLUE_COUNT, EXIT

INTENTS: dict[str, str] = {
    **dict.fromkeys(
        ("investigate", "inv", "invest", "чекнуть", "look", "inspect", "examine", "check", "study", "read",
         "peek",
         "view", "see",
         "investigation", "research", "исследовать", "изучить", "изучать", "смотреть", "посмотреть",
         "осмотреть", "осматривать", "проверить", "проверять", "глянуть", "взглянуть", "заглянуть",
         "расследовать", "исследование", "читать", "прочитать", "прочесть", "открыть", "подсмотреть",
         "поглядеть", "исследую", "изучение", "проверка", "show", "показать", "инв", "flip", "peep",
         "turn", "reveal", "вскрыть", "перевернуть"),
        "investigate",
    ),
    **dict.fromkeys(
        ("suggest", "sug", "sugg", "подозр", "suspect", "accuse",
         "suggestion", "blame", "подозревать", "предположить",
         "предполагать", "обвинить", "обвинять", "подозрение", "заподозрить", "подозреваемый",
         "подозреваю", "think", "guess", "suspicion", "thief", "culprit", "вор", "виновный",
         "воровка", "виновник"),
        "suggest",
    ),
    **dict.fromkeys(
        ("put", "place", "stake", "lay", "drop", "leave", "bet", "spend", "use", "play", "положить",
         "класть", "ставить", "поставить", "выложить", "оставить", "использовать", "кладу", "ставлю",
         "потратить", "сыграть", "отдать", "get", "receive", "получить", "получать", "go", "идти",
         "пойти", "отправить", "уходить", "кинуть", "кидать", "закинуть", "бросить", "chuck", "toss", "throw",
         "slap", "stick", "pop", "plonk", "шлёпнуть", "влепить"),
        "place",
    ),
    **dict.fromkeys(
        (*HELP_WORDS, "подсказать", "how", "как", "напомнить", "options"),
        "help",
    ),
    **dict.fromkeys(
        ("status", "situation", "standing", "score", "статус", "положение", "состояние", "ситуация",
         "сводка", "обстановка", "whose", "чей", "left", "остаться", "осталось", "остались", "остался"),
        "status",
    ),
}  # fmt: skip
"""Intent words (lemmas and stems) of Museum Suspects orders; "place" is either order."""

CLUE_WORDS = frozenset(
    {"clue", "card", "number", "улика", "ул", "карта", "карточка", "подсказка", "номер", "ключ", "зацепка",
     "№", "clew", "hint", "evidence", "наводка", "lead"}
)  # fmt: skip
TOKEN_WORDS = frozenset(
    {"token", "chip", "value", "with", "using", "marker", "counter", "жетон", "ж", "фишка", "значение", "с",
     "со", "номинал", "c", "worth", "стоимость", "pay", "paying", "w", "платить", "заплатить", "плачу",
     "price", "цена"}
)  # fmt: skip
TOKEN_NOUNS = frozenset(
    {
        "token",
        "chip",
        "marker",
        "counter",
        "жетон",
        "фишка",
        "единица",
        "двойка",
        "тройка",
        "четверка",
        "пятерка",
        "шестерка",
        "двушка",
        "трешка",
    }
)
EXIT_WORDS = frozenset(
    {"exit", "escape", "escaped", "outside", "выход", "побег", "сбежать", "убежать", "сбежал", "ушел",
     "fled", "flee", "смыться", "смылся", "удрать", "удрал", "скрыться", "скрылся", "улизнуть",
     "emergency", "запасной", "запасный", "аварийный", "door", "backdoor", "дверь", "пожарный", "fire",
     "аварийка", "запаска", "hatch", "getaway", "runaway", "люк"}
)  # fmt: skip
_ONE_WORD_EXITS = sorted(word for word in EXIT_WORDS if len(word) >= 4)
BOARD_WORDS = frozenset({"grid", "board", "table", "поле", "сетка", "доска", "стол"})
"""Words for the board: asking to see it, or what is on it, is STATUS ("Show me the grid")."""
ROOM_WORDS = frozenset({"room", "hall", "комната", "зал", "клетка", "ячейка", "cell"})

_ROOM = re.compile(r"^([a-dабвсд])-?([1-4])$")
_ROOM_BACKWARDS = re.compile(r"^([1-4])-?([a-dабвсд])$")
_COLUMNS = str.maketrans({"а": "A", "б": "B", "в": "B", "с": "C", "д": "D", "a": "A", "b": "B", "c": "C",
                          "d": "D"})  # fmt: skip
_SUSPECT_NAMES: dict[str, str] = {fold_name(name): s.id for s in SUSPECTS for name in (s.en, s.ru)}
_SHOWN = {s.id: {"en": s.en, "ru": s.ru} for s in SUSPECTS}


def _room(word: Word) -> str | None:
    if match := _ROOM.match(word.folded):
        return f"{match.group(1).translate(_COLUMNS)}{match.group(2)}"
    if match := _ROOM_BACKWARDS.match(word.folded):
        return f"{match.group(2).translate(_COLUMNS)}{match.group(1)}"
    return None


_CAPITAL_COLUMN = re.compile(r"[A-DАБВСД]")
_PREPOSITION_LETTERS = frozenset({"С", "В"})
"""Capitals that are also Russian prepositions («С 1» "with a one", «В 2»): a room only beside another
number, the token's."""


def _spaced_rooms(words: list[Word]) -> list[tuple[int, str]]:
    """The rooms written as a capital column and its row apart ("C 2", «Д 4»), and where each starts: a
    small letter stays a word («с 2» is "with a two", "a 1" a token), and so does a capital in a line
    written in capitals («ИССЛЕДУЮ 6 С 3»)."""
    shouted = sum(w.text.isupper() and len(w.text) > 1 for w in words) > 1  # «ПОДОЗРЕВАЮ ОДЕТТУ С 2»
    counted = sum(w.number is not None for w in words)
    return [
        (index, f"{word.folded.translate(_COLUMNS)}{row.folded}")
        for index, (word, row) in enumerate(pairwise(words))
        if not shouted
        and (word.text not in _PREPOSITION_LETTERS or counted > 1)  # «Адел С 1»: "with a one"
        and _CAPITAL_COLUMN.fullmatch(word.text)
        and row.folded in ("1", "2", "3", "4")
        and word.tail[:1] == " "
    ]


COLUMN_WORDS = frozenset({"column", "col", "столбец", "колонка", "столбик"})
ROW_WORDS = frozenset({"row", "line", "ряд", "строка"})
CORNERS = {
    ("top", "left"): "A1", ("top", "right"): "D1", ("bottom", "left"): "A4", ("bottom", "right"): "D4",
    ("upper", "left"): "A1", ("upper", "right"): "D1", ("lower", "left"): "A4", ("lower", "right"): "D4",
    ("верхний", "левый"): "A1", ("верхний", "правый"): "D1", ("нижний", "левый"): "A4",
    ("нижний", "правый"): "D4",
}  # fmt: skip
"""A corner room named by its sides ("top-left", «в левом верхнем углу»): row 1 is the top row."""


def _grid(words: list[Word]) -> tuple[str, set[int]] | None:
    """The room ``words`` name by its column and row ("column C, row 1", «в третьем ряду, столбец A»)
    or as a corner ("the top-left room"), and the positions of the words that name it."""
    column = row = None
    used: set[int] = set()
    for index, word in enumerate(words):
        beside = [i for i in (index + 1, index - 1) if 0 <= i < len(words)]
        if word.among(COLUMN_WORDS):
            letter = next((i for i in beside if re.fullmatch("[a-dабвсд]", words[i].folded)), None)
            if letter is not None:
                column, used = words[letter].folded.translate(_COLUMNS), used | {index, letter}
        elif word.among(ROW_WORDS):
            number = next((i for i in beside if words[i].number in (1, 2, 3, 4)), None)
            if number is not None:
                row, used = words[number].number, used | {index, number}
    if column and row:
        return f"{column}{row}", used
    sides = {key for word in words for key in word.keys}
    corner = next((room for pair, room in CORNERS.items() if set(pair) <= sides), None)
    return (corner, set()) if corner else None


def _targets(words: list[Word], skip: set[int]) -> list[tuple[int, dict[str, str]]]:
    """Every place ``words`` name for a token: rooms, suspects and the Exit, with their positions."""
    found: list[tuple[int, dict[str, str]]] = []
    if grid := _grid(words):
        found.append((min(grid[1], default=len(words)), {"target": grid[0]}))
    spaced = dict(_spaced_rooms(words))
    for index, word in enumerate(words):
        if room := _room(word) or spaced.get(index):
            found.append((index, {"target": room}))
        elif word.among(EXIT_WORDS) or (word.number is None and near(word, _ONE_WORD_EXITS)):
            found.append((index, {"target": EXIT}))  # "exti", «выхд»: the exit with a slip
    named = names_in(words, _SUSPECT_NAMES)
    found += [(index, {"suspect": ident}) for index, ident in named if index not in skip]
    return found


def _numbers(words: list[Word]) -> list[tuple[int, int]]:
    """The numbers of ``words`` that may be a clue or a token: not a room's row, not a count of tokens
    ("two tokens", «два жетона», "one token (a 4)"), not an ordinal that only tells the order of the
    orders ("First clue 7 …")."""
    grid = _grid(words)
    used = (grid[1] if grid else set()) | {index + 1 for index, _ in _spaced_rooms(words)}
    found = [(index, word.number) for index, word in enumerate(words) if word.number is not None]
    return [(i, number) for i, number in found if i not in used and not _aside(words, i, found)]


def _aside(words: list[Word], index: int, found: list[tuple[int, int]]) -> bool:
    """Whether the number at ``index`` counts tokens or orders the orders, rather than naming one."""
    after = words[index + 1] if index + 1 < len(words) else None
    then = words[index + 2] if index + 2 < len(words) else None
    joined = words[index].tail[:1].isspace() or not words[index].tail
    if after and joined and after.among(TOKEN_NOUNS):
        worded = not words[index].folded.lstrip("#№").isdigit()
        one_of = worded and words[index].number == 1 and any(other > index + 1 for other, _ in found)
        return one_of or _counted(after)
    ordinal = after and after.among(CLUE_WORDS) and not words[index].folded.lstrip("#№").isdigit()
    return bool(ordinal and then and then.number is not None and not then.among(TOKEN_NOUNS))


def _counted(word: Word) -> bool:
    """Whether a noun for a token is in the form it takes after a count: "tokens", «жетона»,
    «жетонов»."""
    if not re.search("[а-я]", word.folded):
        return word.folded.endswith("s")
    tag = morph().parse(word.folded)[0].tag
    return bool(tag.case == "gent" or tag.number == "plur")


def _investigate(words: list[Word], numbers: list[tuple[int, int]]) -> dict[str, int] | None:
    """The clue and token of an INVESTIGATE clause, or None unless both are plainly there."""
    clue = value = None
    rest: list[int] = []
    for index, number in numbers:
        before = words[index - 1] if index else None
        after = words[index + 1] if index + 1 < len(words) else None
        ordinal = after and after.among(CLUE_WORDS) and not words[index].folded.isdigit()
        if (
            _value_noun(words[index])
            and value is None
            and any(p.tag.case == "ablt" for p in morph().parse(words[index].folded)[:1])
        ):
            value = number  # «Исследую 3 пятёркой»: the token named by its value noun, in the instrumental
        elif clue is None and ((before and before.among(CLUE_WORDS)) or ordinal):
            clue = number
        elif (before and before.among(TOKEN_WORDS)) or (
            after and after.among(TOKEN_NOUNS) and after.number is None
        ):
            value = number if value is None else value
        else:
            rest.append(number)
    for number in rest:
        if clue is None:
            clue = number
        elif value is None:
            value = number
        else:
            return None
    if clue is None or value is None or len(numbers) != 2:
        return None
    if not (1 <= clue <= CLUE_COUNT and 1 <= value <= 6):
        return None
    return {"clue": clue, "value": value}


MINE = frozenset({"my", "мой", "свой"})


def _token_marked(words: list[Word]) -> bool:
    """Whether a clause without an order word says which number is the token ("Clue 3 with 4", "Odette
    gets my 3", «Улика 8, жетон 5»): then it is read by what it names."""
    return any(word.among(TOKEN_WORDS | TOKEN_NOUNS | MINE) for word in words)


def _given(words: list[Word]) -> bool:
    """Whether a clause without an order word gives a token to a place ("Odette gets my 3", "my 1 on
    Adele", «Одетте мою тройку», «Выход — единичка», "B2 with 1", "exit w/ 2", «выход 2»): a word for the
    token, or a line of little more than the place and its one value (the only order that puts a token
    on a place is a suggestion)."""
    if any(word.among(TOKEN_NOUNS | MINE) or _value_noun(word) for word in words):
        return True
    return _token_marked(words) or len(words) <= _TERSE_WORDS


_TERSE_WORDS = 4
"""At most this many words ("room a1, the 3"), a place and a value, are a suggestion written short."""


def _value_noun(word: Word) -> bool:
    """Whether ``word`` is a Russian noun that names a token by its value, in any form or diminutive
    («тройкой», «единичка», «пятёрочку»): a token, never a clue."""
    if word.number is None or not re.search("[а-я]", word.folded):
        return False
    return any(p.tag.POS == "NOUN" for p in morph().parse(word.folded)[:1])


_OWN = frozenset({"i", "my", "me", "mine", "я", "мой", "меня", "мне"})
_WHAT = frozenset({"what", "which", "how", "что", "какой", "сколько"})


def _own_tokens_asked(words: list[Word]) -> bool:
    """Whether a clause naming no place and no number asks what tokens the writer has: a word for tokens,
    one for the writer and one of asking."""
    return (
        any(word.among(TOKEN_NOUNS) for word in words)
        and any(word.among(_OWN) for word in words)
        and any(word.among(_WHAT) for word in words)
    )


SHOW = frozenset(
    {"show", "display", "what", "whats", "what's", "see", "send", "показать", "показывать", "что", "какой",
     "посмотреть", "увидеть", "прислать"}
)  # fmt: skip
FORMAT_WORDS = frozenset(
    {"format", "syntax", "формат", "синтаксис", "command", "commands", "команда", "wording"}
)
"""Words asking how an order is written ("What's the format for betting on the exit?"): the help."""


def _board_asked(words: list[Word]) -> bool:
    """Whether a clause naming no place and no number asks to see the board ("Show me the grid", «Что
    сейчас на поле?»)."""
    return any(w.among(BOARD_WORDS) for w in words) and any(w.among(SHOW) for w in words[:3])


def _told(word: Word) -> bool:
    """Whether ``word`` is a Russian verb in the third person («подсказывает»): told of, not asked."""
    return bool(re.search("[а-я]", word.folded)) and "3per" in morph().parse(word.folded)[0].tag


CORRECTING = frozenset({"нет", "no", "вернее", "точнее", "oops", "ой"})
"""Words after which a value written again replaces the one before («тройку… нет, пятёрку»)."""


def _last_value_stands(words: list[Word]) -> list[Word]:
    """``words`` without the values a correction word takes back: "a 2, no, a 5 on D3" puts a 5."""
    at = next(
        (
            i
            for i, w in enumerate(words)
            if i and w.folded in CORRECTING and any(x.number for x in words[i + 1 :])
        ),
        None,
    )
    if at is None:
        return words
    return [
        w
        for i, w in enumerate(words)
        if not (
            i < at and w.number is not None and not _room(w) and not (i and words[i - 1].among(CLUE_WORDS))
        )
    ]


def read(words: list[Word], language: str) -> Reading | Guess | None:
    """One clause of a Museum Suspects mail read as an order (see the module's docstring)."""
    words = _last_value_stands(words)
    kinds = kinds_in(words, INTENTS)
    if "help" in kinds and not any(w.meaning(INTENTS) == "help" and not _told(w) for w in words):
        kinds.remove("help")  # «чутьё подсказывает»: a hunch told of, not help asked
    intent_at = {i for i, w in enumerate(words) if w.meaning(INTENTS)}
    targets = _targets(words, intent_at)
    numbers = [(i, n) for i, n in _numbers(words) if not _room(words[i])]
    orders = [kind for kind in kinds if kind in ("investigate", "suggest", "place")]
    asked = [kind for kind in kinds if kind in ("help", "status")]
    how = asked_how(words)
    if not numbers and (how or any(w.among(FORMAT_WORDS) for w in words)):
        return "help", {}  # "How do I bet on the exit?", "What's the format for …?": whatever it names
    if (
        not targets
        and not numbers
        and words
        and words[0].folded in ("where", "где")
        and any(w.folded in ("we", "мы") for w in words)
    ):
        return "status", {}  # "Where are we at?", «Где мы сейчас?»
    if not targets and not numbers:
        if not asked and _own_tokens_asked(words):
            return "status", {}  # "Which tokens do I have left?", «Какие у меня жетоны?»
        if _board_asked(words):
            return "status", {}  # "Show me the grid", «Что сейчас на поле?»

        return (asked[0], {}) if asked else None
    if "investigate" in orders and "suggest" in orders:
        return Guess()
    clue_named = any(word.among(CLUE_WORDS) for word in words)
    kind = "investigate" if "investigate" in orders else "suggest" if "suggest" in orders else ""
    tokens_named = any(word.among(TOKEN_NOUNS) or _value_noun(word) for word in words)
    if not kind and not orders and tokens_named:
        kind = "suggest" if targets and not clue_named else "investigate" if clue_named else ""
    if not kind and "place" in orders:
        kind = "suggest" if targets and not clue_named else "investigate" if clue_named else ""
    if kind == "investigate" or (not kind and clue_named):
        args = _investigate(words, numbers)
        if args is not None and (kind or _token_marked(words) or len(words) <= _TERSE_WORDS):
            return "investigate", args
        shown = {
            "clue": numbers[0][1] if numbers else "…",
            "value": numbers[1][1] if len(numbers) > 1 else "…",
        }
        return Guess(render("investigate", shown, language))
    first_intent = min(intent_at, default=0)
    if len({tuple(t.items()) for _, t in targets}) > 1:
        targets = [(index, target) for index, target in targets if index > first_intent]
    places = {tuple(target.items()) for _, target in targets}
    values = [number for _, number in numbers if 1 <= number <= 6]
    if len(places) == 1:
        place = targets[0][1]
        value: Any = values[0] if len(values) == 1 and len(numbers) == 1 else "…"
        if (kind == "suggest" or (not kind and _given(words))) and value != "…":
            return "suggest", {**place, "value": value}
        return Guess(render("suggest", {**place, "value": value}, language))
    return Guess()


def render(kind: str, args: dict[str, Any], language: str) -> str:
    """An order as its keyword line in ``language``: ``INVESTIGATE 3 WITH 4``, «ПОДОЗРЕВАЮ B2 С 1»."""
    ru = language == "ru"
    if kind == "investigate":
        return (
            f"{'ИССЛЕДОВАТЬ' if ru else 'INVESTIGATE'} {args['clue']} {'С' if ru else 'WITH'} {args['value']}"
        )
    if kind == "suggest":
        if "suspect" in args:
            target = _SHOWN[args["suspect"]][language]
        else:
            target = ("ВЫХОД" if ru else "EXIT") if args["target"] == EXIT else args["target"]
        return f"{'ПОДОЗРЕВАЮ' if ru else 'SUGGEST'} {target} {'С' if ru else 'WITH'} {args['value']}"
    return {"help": "ПОМОЩЬ", "status": "СТАТУС"}[kind] if ru else kind.upper()


GRAMMAR = Grammar(INTENTS, read, render, either="use")
"""What Museum Suspects plugs into the reader by meaning."""
