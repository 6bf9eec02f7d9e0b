"""Orders of Minuit (MM-*), Museum Suspects (MS-3 … MS-5) and Cosmic Express (CE-4 … CE-6) written with
verbs, forms and word orders the readers list nowhere, read by general signals: a zone named as where one
goes, a suspect in the accusative as the one moved, a method by its stem, a token by its value noun, an
item given told of in narration. The lines stand in no corpus and were written for these tests.
"""

from __future__ import annotations

import pytest
from test_orders_by_meaning import READERS, _expected, _meaning

from referee.core.reading import language_of

LINES = {
    "mm": {
        "лезу в трюм": "MOVE 10",
        "двигаю в девятую зону": "MOVE 9",
        "ползу в рубку": "MOVE 3",
        "прогуляюсь до магазинов": "MOVE 5",
        "I'm wandering over to the casino": "MOVE 6",
        "двигаю Леона в зону 5": "MOVE LEON 5",
        "Марту переставляю в ресторан": "MOVE MARTA 7",
        "Тащу Оскара в трюм": "MOVE OSCAR 10",
        "быстренько обыщу казино": "SEARCH 19 QUICK",
        "аккуратненько осмотрю лазарет": "SEARCH 23 DISCREET",
        "осторожно выведаю у Леона его алиби": "QUESTION LEON ALIBI DISCREET",
        "ОТКРОВЕНИЯ": "REVEAL",
        "Drag Oscar down to the hold": "MOVE OSCAR 10",
        "Let's check out the beauty salon, thoroughly": "SEARCH 17 THOROUGH",
        "Переводим Софию в пятую зону": "MOVE SOFIA 5",
    },
    "ms": {
        "Выход — единичка": "SUGGEST EXIT WITH 1",
        "Анна разглядывает улику 2, выкладывая пятёрку": "INVESTIGATE 2 WITH 5",
        "На шестую улику тройку": "INVESTIGATE 6 WITH 3",
        "Бруно — пятёрочку": "SUGGEST Bruno WITH 5",
        "Какие у меня жетоны?": "STATUS",
        "Which tokens do I have left?": "STATUS",
    },
    "ce": {
        "Анна протягивает Борису огнетушитель": "OFFER Борис Fire Extinguisher",
        "Вера получает от меня свечку": "OFFER Вера Candle",
        "Anna slides her candle across the table to Boris": "OFFER Boris Candle",
        "Anna nudges the wrench toward Clara": "OFFER Clara Wrench",
    },
}


@pytest.mark.parametrize(("game", "line"), [(game, line) for game, lines in LINES.items() for line in lines])
def test_a_line_of_a_known_class_with_an_unlisted_verb_or_form_is_read(game: str, line: str) -> None:
    reader, _ = READERS[game]
    language = language_of(line)
    assert _meaning(reader(line, language, {})) == _expected(game, LINES[game][line], language, {})


@pytest.mark.parametrize(
    ("game", "line"),
    [
        ("mm", "Кристина уходит в трюм"),  # the suspect going, or to be moved? asked
        ("mm", "Не лезу в трюм"),
        ("ce", "Анна протягивала Борису огнетушитель"),  # told, in the past
    ],
)
def test_a_line_whose_signals_are_in_doubt_is_never_read_as_an_order(game: str, line: str) -> None:
    reader, _ = READERS[game]
    assert all(
        not hasattr(item, "kind") or item.kind == "say" for item in reader(line, language_of(line), {})
    )
