"""When the answers to a character's orders reach them: the game-neutral setting of
``referee.core.answers`` (``ANSWERS NOW`` / ``ANSWERS IN REPORT``, «ОТВЕТЫ СРАЗУ» / «ОТВЕТЫ В СВОДКЕ»),
kept in the character's state (``Character.answers``)."""

from __future__ import annotations

from typing import Any

from referee.core.answers import IN_REPORT, KIND
from referee.games.ten_sailors.state import GameState, changed


def chosen(state: GameState, data: dict[str, Any]) -> GameState:
    """The state after an ``answers_chosen`` event."""
    characters = tuple(
        changed(c, answers=data[KIND]) if c.name == data["character"] else c for c in state.characters
    )
    return changed(state, characters=characters)


def answers_in_report(state: GameState, seat: str) -> bool:
    """Whether ``seat`` chose to read the answers to their orders in their next report."""
    for character in state.characters:
        if character.name == seat:
            return character.answers == IN_REPORT
    return False
