"""Minuit suspects named by what they are (MM-14, MM-18: an order names its suspect as the player means
it): the head noun of the investigation's line about them and its everyday words ("the doc",
«докторша»), or a title of their sex with their surname ("Mrs Lowe", «мисс Марек»); a victim who shares
a surname ("Mr Lowe") and a word two suspects could be named by name nobody. The lines are invented for
this file; none is a corpus line."""

from __future__ import annotations

from typing import Any

import pytest
from test_orders_by_meaning import READERS, _investigation, _meaning

from referee.games.minuit.roles import roles

NOCTURNE = {"investigation": "nocturne"}


def _read(line: str, language: str) -> Any:
    return _meaning(READERS["mm"][0](line, language, NOCTURNE))


@pytest.mark.parametrize(
    ("line", "language", "expected"),
    [
        ("Ask the doc about her alibi, quick", "en",
         [("question", {"suspect": "nadia", "topic": "alibi", "method": "quick"})]),
        ("Question the sommelier about his motive, thorough", "en",
         [("question", {"suspect": "tomas", "topic": "motive", "method": "thorough"})]),
        ("Take the photographer to zone 3", "en", [("escort", {"suspect": "oscar", "zone": 3})]),
        ("Ask Miss Marek what she saw, discreetly", "en",
         [("question", {"suspect": "sofia", "topic": "witness", "method": "discreet"})]),
        ("Спросить адвоката про мотив, быстро", "ru",
         [("question", {"suspect": "walter", "topic": "motive", "method": "quick"})]),
        ("Допросить вдову об алиби, тщательно", "ru",
         [("question", {"suspect": "kristina", "topic": "alibi", "method": "thorough"})]),
    ],
)  # fmt: skip
def test_a_suspect_named_by_what_they_are_is_read_mm_14(line: str, language: str, expected: Any) -> None:
    """MM-14, MM-18: "the doc", "the sommelier", "Miss Marek", «адвоката», «вдову»: the suspect meant."""
    assert _read(line, language) == expected


def test_a_title_names_only_a_suspect_of_its_sex_and_a_shared_word_nobody_mm_14() -> None:
    """ "Mrs Lowe" is the victim's wife; "Mr Lowe", the victim, is no suspect; "assistant" in two lines
    about suspects would name the first only if it named one ("Miss Marek's assistant" is Pavel's second
    clause, never read)."""
    table = roles(_investigation("nocturne"))
    assert table["mrs lowe"] == "kristina"
    assert "mr lowe" not in table
    assert table["assistant"] == "marta"
    assert table["doc"] == "nadia"
    assert "mr vogel" not in table and table["mrs vogel"] == "marta"
