"""The skeleton game's state, how each event changes it, and its snapshot as JSON-ready data.

The state is never edited in place: ``apply`` returns a new one for each event, and the
state of a game is the fold of its events (``referee.core.rules.fold``).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from referee.core.events import Event
from referee.core.rules import apply_by_kind


@dataclass(frozen=True)
class GameState:
    """Where a game stands: the round open for words, this round's words, and the rounds revealed."""

    game_id: str
    seats: tuple[str, ...]
    rounds: int
    round: int = 1
    written: dict[str, str] = field(default_factory=dict)
    """This round's words by seat (secret until the round is revealed)."""
    revealed: tuple[dict[str, str], ...] = ()
    """The words of each round already revealed, in order."""
    finished: bool = False

    def waiting(self) -> tuple[str, ...]:
        """The seats that have not written a word this round."""
        return () if self.finished else tuple(s for s in self.seats if s not in self.written)


def _started(data: dict[str, Any]) -> GameState:
    return GameState(game_id=data["game_id"], seats=tuple(data["seats"]), rounds=data["rounds"])


def _written(state: GameState, data: dict[str, Any]) -> GameState:
    return replace(state, written={**state.written, data["seat"]: data["word"]})


def _revealed(state: GameState, data: dict[str, Any]) -> GameState:
    last = data["round"] >= state.rounds
    return replace(
        state,
        round=state.round if last else state.round + 1,
        written={},
        revealed=(*state.revealed, dict(data["words"])),
        finished=last,
    )


def apply(state: GameState | None, event: Event) -> GameState:
    """The state after ``event`` (``None`` before ``game_started``)."""
    return apply_by_kind(state, event, _started, {"word_written": _written, "words_revealed": _revealed})


def dump(state: GameState) -> dict[str, Any]:
    """``state`` as JSON-ready data."""
    return {
        "game_id": state.game_id,
        "seats": list(state.seats),
        "rounds": state.rounds,
        "round": state.round,
        "written": dict(state.written),
        "revealed": [dict(words) for words in state.revealed],
        "finished": state.finished,
    }


def load(raw: dict[str, Any]) -> GameState:
    """The state ``dump`` wrote."""
    return GameState(
        game_id=raw["game_id"],
        seats=tuple(raw["seats"]),
        rounds=raw["rounds"],
        round=raw["round"],
        written=dict(raw["written"]),
        revealed=tuple(dict(words) for words in raw["revealed"]),
        finished=raw["finished"],
    )
