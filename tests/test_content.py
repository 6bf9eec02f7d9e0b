"""A game's content file (``referee.core.content``): read on load, every needed key checked."""

from __future__ import annotations

from typing import Any

import pytest

from referee.core.content import ContentError, check_content, load_content
from referee.games._template.content import CONTENT, SCHEMA


def test_the_skeletons_content_file_is_read_and_complete() -> None:
    assert load_content("referee.games._template", "content.toml", SCHEMA) == CONTENT
    assert CONTENT["bot"]["words"] and CONTENT["names"]["ru"]


def test_a_missing_key_is_named_with_its_file() -> None:
    with pytest.raises(ContentError, match=r"game/content\.toml: key 'names\.ru' is missing"):
        check_content({"names": {"en": "x"}}, {"names.ru": str}, "game/content.toml")


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("2", int),
        (True, int),
        (["a", 1], list[str]),
        ({"a": 1}, dict[str, str]),
        ([{"a": 1}, 2], list[dict[str, Any]]),
        ({"a": [1, "b"]}, dict[str, list[int]]),
    ],
)
def test_a_value_of_the_wrong_type_is_named_with_its_file(value: object, expected: object) -> None:
    with pytest.raises(ContentError, match=r"game/content\.toml: key 'rounds' must be"):
        check_content({"rounds": value}, {"rounds": expected}, "game/content.toml")


def test_a_missing_file_is_named() -> None:
    with pytest.raises(ContentError, match=r"referee/games/_template/nothing\.toml: the file is missing"):
        load_content("referee.games._template", "nothing.toml", {})


@pytest.mark.parametrize(
    ("value", "expected"),
    [([{"a": 1}, {"b": [2, "c"]}], list[dict[str, Any]]), ({"a": [1, "b", {}]}, dict[str, list[Any]])],
)
def test_items_of_any_type_fit_a_list_or_table_whose_items_are_any(value: object, expected: object) -> None:
    check_content({"rounds": value}, {"rounds": expected}, "game/content.toml")
