"""Look-alike letters of another script inside a word (issue 12): "Dining Rооm" typed with Cyrillic
"о", "Кухнa" with a Latin "a". Such a word is written in the one script it can be written in before
it is read as an order; a word wholly in one script is never changed."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.core.orders import Order
from referee.core.text import unmix_scripts
from referee.games.ten_sailors.parse import parse_text
from referee.games.ten_sailors.state import Segment

CYRILLIC_O = "\u043e"
NAMES = ("Anna", "Boris", "Vera")


@pytest.mark.parametrize(
    ("text", "unmixed"),
    [
        (f"MOVE Dining R{CYRILLIC_O}{CYRILLIC_O}m", "MOVE Dining Room"),
        (f"MOVE Dining Ro{CYRILLIC_O}m", "MOVE Dining Room"),
        ("MOV\u0415 Kitchen", "MOVE Kitchen"),  # Cyrillic capital Ie
        ("SEARCH Kn\u0456fe, S\u043efa", "SEARCH Knife, Sofa"),  # Ukrainian i, Cyrillic o
        ("ИДТИ Столoвая", "ИДТИ Столовая"),  # Latin o
        ("ИДТИ Kyxня", "ИДТИ Кухня"),  # Latin K, y, x: "н" and "я" have no Latin look-alike
        ("ИСКАТЬ Нoж, Дивaн", "ИСКАТЬ Нож, Диван"),
        ("MOVE Сoрa", "MOVE Copa"),  # as many letters of each: the line's script decides
        ("TRAP Аnna Kitchen Sofa Knife", "TRAP Anna Kitchen Sofa Knife"),
    ],
)
def test_a_word_with_a_few_look_alike_letters_is_written_in_its_main_script(text: str, unmixed: str) -> None:
    result = unmix_scripts(text)
    assert result == unmixed
    assert all(char.isascii() for char in result) == unmixed.isascii()


@pytest.mark.parametrize(
    "text",
    [
        "Рассказ о морячках: COPA, МОВЕ, Ноль",  # each word wholly Latin or wholly Cyrillic
        "ИДТИ Кухня\nMOVE Kitchen",
        "Сoрa",  # two letters of each, nothing else on the line: no script can be told
        "Kнife",  # no script holds look-alikes for all of it: left for the reader to refuse
        "café Ἀθῆναι",
    ],
)
def test_words_wholly_in_one_script_or_not_to_be_told_are_left_as_they_are(text: str) -> None:
    assert unmix_scripts(text) == text


_LATIN = st.text(alphabet="abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ", min_size=1, max_size=8)
_RUSSIAN = st.text(
    alphabet="абвгдеёжзийклмнопрстуфхцчшщъыьэюяАБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ", min_size=1, max_size=8
)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.one_of(_LATIN, _RUSSIAN), max_size=12), st.sampled_from([" ", ", ", "\n", "-", ": "]))
def test_text_of_words_each_in_one_script_is_never_changed(words: list[str], separator: str) -> None:
    text = separator.join(words)
    assert unmix_scripts(text) == text


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=60))
def test_unmixing_is_idempotent(text: str) -> None:
    once = unmix_scripts(text)
    assert unmix_scripts(once) == once


@pytest.mark.parametrize(
    ("text", "kind", "args"),
    [
        (f"MOVE Dining R{CYRILLIC_O}{CYRILLIC_O}m", "move", {"room": "Dining Room"}),
        ("MOV\u0415 Kitchen", "move", {"room": "Kitchen"}),
        ("ИДТИ Kyxня", "move", {"room": "Kitchen"}),
    ],
)
def test_an_order_with_look_alike_letters_is_read_as_the_player_meant_it(
    text: str, kind: str, args: dict[str, str]
) -> None:
    """Before, "MOVE Dining Rооm" was refused with "'Dining' is not a room; did you mean Dining Room?"."""
    (order,) = parse_text(unmix_scripts(text), NAMES, Segment(1, "hour1"))
    assert isinstance(order, Order)
    assert (order.kind, order.args) == (kind, args)


def test_unmixing_the_most_text_a_mail_may_have_judged_unmixes_every_word() -> None:
    """60 lines of 2,000 characters (the default limits), every word mixed: each is unmixed (how fast,
    the mail benchmark tells; a test never times)."""
    text = "\n".join([f"R{CYRILLIC_O}{CYRILLIC_O}m, " * 333] * 60)
    unmixed = unmix_scripts(text)
    assert unmixed.isascii() and unmixed.count("Room") == 333 * 60


@given(st.text())
def test_the_pattern_removes_exactly_what_the_table_of_removed_characters_names(text: str) -> None:
    """``clean_text`` finds the characters it drops with a pattern; it drops what the table says."""
    from referee.core.text import _REMOVED, _REMOVED_PATTERN

    assert _REMOVED_PATTERN.sub("", text) == text.translate(_REMOVED)


@settings(deadline=None)  # its first example imports the mail modules
@given(st.text())
def test_normalised_mail_text_drops_invisible_characters_as_the_table_says(text: str) -> None:
    from referee.mail.quotes import _INVISIBLE, normalised

    assert normalised(text) == text.replace("\r\n", "\n").replace("\r", "\n").translate(_INVISIBLE)
