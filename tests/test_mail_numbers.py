"""Numbers, days and brackets in players' mail read as a native writer would write them: Russian numerals
agree with their nouns («до двух ловушек», «не больше трёх человек», «угаданы две карты из трёх»), a day
is an ordinal («в 10:00 первого дня», «к утру десятого дня»), English plurals agree ("1 win",
"2 wins"), and no bracket follows another ("(Moscow time) (HELP shows how)")."""

from __future__ import annotations

import re
from typing import Any

import pytest

from referee.core.numbers import in_words, ordinal
from referee.games.ten_sailors.state import MAX_TRAPS, ROOM_CAPACITY
from referee.render import LANGUAGES, Renderer, templates_dir

ROOT = templates_dir()


@pytest.fixture(scope="module")
def renderer() -> Renderer:
    return Renderer(templates_dir())


@pytest.mark.parametrize(
    ("count", "case", "gender", "words"),
    [
        (2, "gent", "m", "двух"),
        (3, "gent", "m", "трёх"),
        (1, "gent", "f", "одной"),
        (2, "nomn", "f", "две"),
        (2, "nomn", "m", "два"),
        (5, "gent", "m", "пяти"),
        (11, "gent", "m", "11"),
    ],
)
def test_small_numbers_are_written_out_in_their_case(count: int, case: str, gender: str, words: str) -> None:
    assert in_words(count, "ru", case, gender) == words
    assert in_words(count, "en", case, gender) == str(count)


@pytest.mark.parametrize(
    ("count", "gent", "nomn"),
    [(1, "первого", "первый"), (2, "второго", "второй"), (3, "третьего", "третий"),
     (7, "седьмого", "седьмой"), (10, "десятого", "десятый"), (21, "21-го", "21-й")],
)  # fmt: skip
def test_a_day_number_reads_as_an_ordinal_in_russian(count: int, gent: str, nomn: str) -> None:
    assert ordinal(count, "ru") == gent and ordinal(count, "ru", "nomn") == nomn
    assert ordinal(count, "en") == str(count)


def _players_templates() -> list[tuple[str, str]]:
    return [
        (str(path.relative_to(ROOT)), path.read_text(encoding="utf-8"))
        for language in LANGUAGES
        for path in sorted((ROOT / language).rglob("*.txt.j2"))
        if "master" not in path.name
    ]


def test_no_russian_mail_writes_a_day_as_a_bare_number_after_dnya() -> None:
    """«в 10:00 дня 1» reads as an afternoon hour; «утром дня 10» is no Russian: ordinals say the day."""
    bare = re.compile(r"дня (\d|\{\{ *\(|\{\{ *LAST_DAY)")  # a number, not a name («дня Анну…»)
    found = [name for name, text in _players_templates() if name.startswith("ru/") and bare.search(text)]
    assert not found


def test_no_mail_writes_a_plural_with_s_in_brackets_or_two_brackets_in_a_row() -> None:
    doubled = re.compile(r"\{\{ deadline[^}]*\}\} \(|\) \(")
    code = re.compile(r"\{%.*?%\}|\{#.*?#\}|\{\{.*?\}\}", re.S)  # macros may take an argument called s
    found = [
        name for name, text in _players_templates() if "(s)" in code.sub("", text) or doubled.search(text)
    ]
    assert not found


def test_the_rules_numbers_are_written_out_in_russian_mail(renderer: Renderer) -> None:
    """The help text says «не больше трёх человек» and «не больше двух за ночь» (the rules' own limits)."""
    text = renderer.render("ru", "help.txt.j2", kind="ten-sailors")
    assert f"не больше {in_words(ROOM_CAPACITY, 'ru', 'gent')} человек" in text
    assert f"не больше {in_words(MAX_TRAPS, 'ru', 'gent')} за ночь" in text
    assert not re.search(r"не больше \d", text)


def _trap(correct: int) -> dict[str, Any]:
    cards = ["Kitchen", "Sofa", "Knife"]
    return {
        "target": "Boris",
        "cards": cards,
        "void": False,
        "correct": correct,
        "killed": False,
        "segment": "d1n",
    }


@pytest.mark.parametrize(
    ("correct", "en", "ru"),
    [
        (0, "none of its three cards was right", "ни одна из трёх карт не угадана"),
        (1, "one of its three cards was right", "угадана одна карта из трёх"),
        (2, "two of its three cards were right", "угаданы две карты из трёх"),
    ],
)
def test_a_failed_trap_counts_its_right_cards_in_words(
    renderer: Renderer, correct: int, en: str, ru: str
) -> None:
    for language, expected in (("en", en), ("ru", ru)):
        text = renderer.render(language, "trap_feedback.txt.j2", kind="ten-sailors", traps=[_trap(correct)])
        assert expected in text, text
        assert "—" not in text.split("не сработала")[-1] if language == "ru" else True


@pytest.mark.parametrize(("wins", "word"), [(0, "0 wins"), (1, "1 win,"), (2, "2 wins")])
def test_standings_count_wins_in_agreement(renderer: Renderer, wins: int, word: str) -> None:
    row = {"place": 1, "name": "Anna", "wins": wins, "detective_wins": 0, "murderer_wins": 0}
    text = renderer.render("en", "_standings.txt.j2", kind="cosmic-express", standings=[row])
    assert word in text and "(s)" not in text
