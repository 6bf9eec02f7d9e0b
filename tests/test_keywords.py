"""The one reader of keyword orders (``referee.core.keywords``) that the parsers of Minuit, Museum
Suspects and Cosmic Express plug their tables into: one order a line, the keyword first, a leading
bullet ignored, an unknown first word refused with the closest keyword suggested."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from referee.core.keywords import order_lines, read_order, read_orders
from referee.core.orders import Order, Problem, Unreadable
from referee.games.cosmic_express import parse as cosmic
from referee.games.minuit import parse as minuit
from referee.games.minuit.investigation import load_investigation, shipped
from referee.games.museum_suspects import parse as museum

KEYWORDS = {"offer": "offer", "предложить": "offer", "done": "done", "готово": "done"}


def _arguments(kind: str, rest: str) -> dict[str, Any] | Problem:
    """Test arguments: DONE takes none, OFFER one word."""
    words = rest.split()
    if kind == "done":
        return {} if not words else ("extra_words", {"text": rest})
    return {"what": words[0]} if len(words) == 1 else ("missing_arguments", {"order": "OFFER"})


CASE = load_investigation(min(shipped()))
GAMES: dict[str, tuple[Callable[[str], list[Order | Unreadable]], dict[str, str]]] = {
    "minuit": (lambda text: minuit.parse_text(text, CASE), minuit.KEYWORDS),
    "museum-suspects": (museum.parse_text, museum.KEYWORDS),
    "cosmic-express": (lambda text: cosmic.parse_text(text, ("Anna", "Boris")), cosmic.KEYWORDS),
}


@pytest.mark.parametrize(
    ("line", "kind", "args"),
    [
        ("OFFER candle", "offer", {"what": "candle"}),
        ("  offer:  candle", "offer", {"what": "candle"}),
        ("Предложить — свеча", "offer", {"what": "свеча"}),
        ("- done", "done", {}),
        ("• ГОТОВО", "done", {}),
    ],
)
def test_a_line_beginning_with_a_keyword_is_read_as_its_order_in_any_case_and_language(
    line: str, kind: str, args: dict[str, Any]
) -> None:
    assert read_order(line, KEYWORDS, _arguments) == Order(line, kind, args)


def test_a_problem_with_the_arguments_refuses_the_line_with_its_reason() -> None:
    assert read_order("DONE now", KEYWORDS, _arguments) == Unreadable(
        "DONE now", "extra_words", {"text": "now"}
    )
    assert read_order("OFFER", KEYWORDS, _arguments) == Unreadable(
        "OFFER", "missing_arguments", {"order": "OFFER"}
    )


@pytest.mark.parametrize(
    ("line", "word", "suggestion", "resembles"),
    [
        ("OFER candle", "OFER", "OFFER", True),
        ("предложитъ свечу", "предложитъ", "OFFER", True),
        ("Hello all", "Hello", "", False),
        ("42 is the answer", "42", "", False),
        ("- 7", "-", "", False),
    ],
)
def test_an_unknown_first_word_is_refused_naming_it_and_the_closest_keyword(
    line: str, word: str, suggestion: str, resembles: bool
) -> None:
    item = read_order(line, KEYWORDS, _arguments)

    assert item == Unreadable(
        line, "unknown_order", {"word": word, "suggestion": suggestion}, is_order=resembles
    )


def test_blank_lines_are_skipped_and_bullets_kept_unless_dropped() -> None:
    text = "\n  - OFFER candle \n\n\t\n* done\n"

    assert order_lines(text) == ["- OFFER candle", "* done"]
    assert order_lines(text, drop_bullets=True) == ["OFFER candle", "done"]
    assert read_orders(text, KEYWORDS, _arguments, drop_bullets=True) == [
        Order("OFFER candle", "offer", {"what": "candle"}),
        Order("done", "done", {}),
    ]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_keyword_game_suggests_its_own_closest_keyword_for_a_misspelt_one(game: str) -> None:
    parse_text, keywords = GAMES[game]
    keyword = max(keywords, key=len)
    typo = keyword[:-2] + keyword[-1]

    (item,) = parse_text(f"{typo.upper()} 1")

    assert isinstance(item, Unreadable)
    assert item.reason == "unknown_order"
    assert item.params == {"word": typo.upper(), "suggestion": keywords[keyword].upper()}
    assert item.is_order


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_keyword_game_reads_help_in_either_language_with_or_without_a_bullet(game: str) -> None:
    parse_text, _ = GAMES[game]

    items = parse_text("HELP\n\n - помощь\n* Status")

    assert [(type(item), getattr(item, "kind", None)) for item in items] == [
        (Order, "help"),
        (Order, "help"),
        (Order, "status"),
    ]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_keyword_game_treats_a_line_of_talk_as_no_order(game: str) -> None:
    parse_text, _ = GAMES[game]

    (item,) = parse_text("Thanks everyone, good game!")

    assert isinstance(item, Unreadable)
    assert item.params == {"word": "Thanks", "suggestion": ""}
    assert not item.is_order
