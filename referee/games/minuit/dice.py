"""The d10: the game file's fixed results first, then the seed's, one stream per roll (MM-11, MM-16)."""

from __future__ import annotations

from referee.core.rng import SeededStream
from referee.games.minuit.state import GameState

FACES = tuple(range(1, 11))


def roll(state: GameState, ahead: int = 0) -> int:
    """The result of the game's roll number ``state.rolls + ahead`` (0: the next one)."""
    number = state.rolls + ahead
    if number < len(state.dice):
        return state.dice[number]
    return SeededStream(state.seed, f"d10:{number}").choice(FACES)
