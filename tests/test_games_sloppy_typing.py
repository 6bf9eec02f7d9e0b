"""Orders of Museum Suspects, the Cosmic Express and Minuit typed in haste, the classes the sixteenth
held-out set showed (issue 37): a room's column and row typed apart ("C 2"), the exit with two letters
swapped, Russian nouns of numbers misspelt by a letter («двйкой»), a name written with its consonants
alone ("Crl"), a condition of courtesy put to everyone («Если все готовы, …»), the detective asked for
("Could my detective …"), a count "x2", the rules and the map asked again, "lock up" for an arrest,
and a passive ("it had to be done") that is no order. Several slips in one order are
each read; a small letter before a number stays a word ("with a 1", «с 2»). Every line here is invented
for this file; none is a corpus line."""

from __future__ import annotations

from typing import Any

import pytest
from test_orders_classes_games import _read

LINES = [
    # MS-3, MS-4: rooms typed apart, the exit with a slip, several slips in one order
    ("ms", "suggest B 3 with 4", "en", [("suggest", {"target": "B3", "value": 4})]),
    ("ms", "sugest D 1 with 2", "en", [("suggest", {"target": "D1", "value": 2})]),
    ("ms", "investigate clue 2 with a 1", "en", [("investigate", {"clue": 2, "value": 1})]),
    ("ms", "sugestt exti with 3", "en", [("suggest", {"target": "exit", "value": 3})]),
    ("ms", "подозреваю Б 2 пятёркой", "ru", [("suggest", {"target": "B2", "value": 5})]),
    ("ms", "исследую улику 5 с 2", "ru", [("investigate", {"clue": 5, "value": 2})]),
    ("ms", "исследую улику 6 чтеверкой", "ru", [("investigate", {"clue": 6, "value": 4})]),
    ("ms", "исследую улику 1 шестеркй", "ru", [("investigate", {"clue": 1, "value": 6})]),
    ("ms", "иследую улику 7 еденицей", "ru", [("investigate", {"clue": 7, "value": 1})]),
    # CE-4: a player named by the consonants of the name, misspelt orders; courtesy put to everyone
    ("ce", "arrst Brs", "en", [("arrest", {"target": "Boris"})]),
    ("ce", "offer Clr the wrench", "en", [("offer", {"to": "Clara", "item": "Wrench"})]),
    ("ce", "If everybody is ready, arrest Boris please.", "en", [("arrest", {"target": "Boris"})]),
    ("ce", "Если все готовы, арестую Бориса.", "ru", [("arrest", {"target": "Борис"})]),
    ("ce", "Arrest Clara. Sorry, it had to be done.", "en", [("arrest", {"target": "Clara"})]),
    ("ce", "Lock up David", "en", [("arrest", {"target": "David"})]),
    # MM-13 … MM-15: the detective asked for politely, a count of buoys as "x2", the rules and the map asked
    ("mm", "Could my detective please move to zone 3?", "en", [("move", {"zone": 3})]),
    ("mm", "Можно моему сыщику перейти в зону 5?", "ru", [("move", {"zone": 5})]),
    ("mm", "buoy x2 on the roll", "en", [("buoy", {"use": "roll", "count": 2})]),
    ("mm", "буй х2", "ru", [("buoy", {"use": "auto", "count": 2})]),
    ("mm", "remind me how the retry works", "en", [("help", {})]),
    ("mm", "Could you resend the map?", "en", [("status", {})]),
    ("mm", "Пришлите карту ещё раз", "ru", [("status", {})]),
]


@pytest.mark.parametrize(("game", "line", "language", "expected"), LINES)
def test_orders_typed_in_haste_are_read_ms_3_ms_4_ce_4_mm_13(
    game: str, line: str, language: str, expected: Any
) -> None:
    """MS-3, MS-4, CE-4, MM-13 … MM-15: each slip of a hasty order read as the player meant it."""
    assert _read(game, line, language) == expected
