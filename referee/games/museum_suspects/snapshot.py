"""Museum Suspects state to and from JSON-ready data, for stored snapshots of the event fold."""

from __future__ import annotations

from typing import Any

from referee.games.museum_suspects.state import ClueToken, GameState, Suggestion


def dump(state: GameState) -> dict[str, Any]:
    """``state`` as JSON-ready data."""
    return {
        "game_id": state.game_id,
        "seed": state.seed,
        "language": state.language,
        "players": list(state.players),
        "grid": list(state.grid),
        "clues": list(state.clues),
        "hands": {seat: list(hand) for seat, hand in state.hands.items()},
        "stacks": [[vars(token).copy() for token in stack] for stack in state.stacks],
        "looked": [list(entry) for entry in state.looked],
        "suggestions": [vars(s).copy() for s in state.suggestions],
        "turn": state.turn,
        "investigated": state.investigated,
        "suggested": state.suggested,
        "finished": state.finished,
        "result": state.result,
        "answers": list(state.answers),
    }


def load(raw: dict[str, Any]) -> GameState:
    """The state that ``dump`` wrote."""
    return GameState(
        game_id=raw["game_id"],
        seed=raw["seed"],
        language=raw["language"],
        players=tuple(raw["players"]),
        grid=tuple(raw["grid"]),
        clues=tuple(raw["clues"]),
        hands={seat: tuple(hand) for seat, hand in raw["hands"].items()},
        stacks=tuple(tuple(ClueToken(**token) for token in stack) for stack in raw["stacks"]),
        looked=tuple((seat, clue, turn) for seat, clue, turn in raw["looked"]),
        suggestions=tuple(Suggestion(**s) for s in raw["suggestions"]),
        turn=raw["turn"],
        investigated=raw["investigated"],
        suggested=raw["suggested"],
        finished=raw["finished"],
        result=raw["result"],
        answers=tuple(raw.get("answers", ())),
    )
