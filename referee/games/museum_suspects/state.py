"""The Museum Suspects game state and how each event changes it (MS-2 … MS-6).

The state is the fold of the event log: the grid and the hidden clues (MS-2), whose turn
it is (MS-3), the tokens each player still holds, the token stacks on the clues (MS-4),
the suggestion tokens on the grid and on the Emergency Exit (MS-5), and the result once
the game is over (MS-6). Secrets live here too (the clues' criteria, every token's value);
views and notices decide who may read what.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from referee.core import answers
from referee.core.events import Event
from referee.core.rules import apply_by_kind
from referee.games.museum_suspects.content import ROOMS

TOKEN_VALUES: tuple[int, ...] = (1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6)
"""The twelve investigation tokens each player starts with (MS-1 ruling)."""

ROUNDS = 6
"""The game lasts six rounds (MS-3)."""

CLUE_COUNT = 8
"""The number of hidden clues, numbered 1 to 8 (MS-2)."""

MIN_PLAYERS = 2
MAX_PLAYERS = 4

EXIT = "exit"
"""The target of a suggestion placed on the Emergency Exit (MS-5)."""


@dataclass(frozen=True)
class ClueToken:
    """A token on a clue: who placed it, its value (public, MS-4 ruling) and in which turn."""

    seat: str
    value: int
    turn: int


@dataclass(frozen=True)
class Suggestion:
    """A suggestion token: who placed it where (public), its value (secret until the end, MS-5).

    ``target`` is a room ("B2") or ``EXIT``; ``default`` marks a token placed by the
    referee at a missed deadline.
    """

    seat: str
    target: str
    value: int
    turn: int
    default: bool = False


@dataclass(frozen=True)
class GameState:
    """Everything the rules need, secrets included."""

    game_id: str
    seed: int | str
    language: str
    players: tuple[str, ...]
    grid: tuple[str, ...]
    clues: tuple[str, ...]
    hands: dict[str, tuple[int, ...]]
    stacks: tuple[tuple[ClueToken, ...], ...] = ((),) * CLUE_COUNT
    looked: tuple[tuple[str, int, int], ...] = ()
    suggestions: tuple[Suggestion, ...] = ()
    turn: int = 0
    investigated: int | None = None
    suggested: bool = False
    finished: bool = False
    result: dict[str, Any] = field(default_factory=dict)
    answers: tuple[str, ...] = ()
    """The seats that read the answers to their orders in their turn mail (``referee.core.answers``)."""

    # --- turns ----------------------------------------------------------------------------

    @property
    def total_turns(self) -> int:
        """How many turns the game has: six rounds of one turn per player (MS-3)."""
        return ROUNDS * len(self.players)

    @property
    def seat(self) -> str:
        """The player whose turn it is."""
        return self.players[self.turn % len(self.players)]

    @property
    def round(self) -> int:
        """The round now played, 1 to 6."""
        return self.turn // len(self.players) + 1

    def turn_key(self, turn: int | None = None) -> str:
        """The phase key of ``turn`` (default: the current one), such as ``r3s2``."""
        turn = self.turn if turn is None else turn
        return f"r{turn // len(self.players) + 1}s{turn % len(self.players) + 1}"

    # --- tokens ---------------------------------------------------------------------------

    def hand(self, seat: str) -> tuple[int, ...]:
        """The values of the tokens ``seat`` still holds, lowest first."""
        return self.hands[seat]

    def highest(self, clue: int) -> int:
        """The highest token value on clue ``clue`` (1–8); 0 when it carries none."""
        return max((token.value for token in self.stacks[clue - 1]), default=0)

    def may_look(self, seat: str, clue: int) -> bool:
        """Whether ``seat`` may look at clue ``clue``: it is bare, or they hold a token as high (MS-4)."""
        hand = self.hand(seat)
        return bool(hand) and max(hand) >= self.highest(clue)

    def clues_open_to(self, seat: str) -> list[int]:
        """The clues ``seat`` may look at now (MS-4); empty when they must skip to suggesting."""
        return [clue for clue in range(1, CLUE_COUNT + 1) if self.may_look(seat, clue)]

    def looked_at(self, seat: str) -> list[int]:
        """The clues ``seat`` has looked at, each once, in the order first looked at."""
        return list(dict.fromkeys(clue for who, clue, _ in self.looked if who == seat))

    # --- the grid -------------------------------------------------------------------------

    def suspect_in(self, room: str) -> str:
        """The id of the suspect in ``room``."""
        return self.grid[ROOMS.index(room)]

    def room_of(self, suspect: str) -> str | None:
        """The room of the suspect ``suspect`` on the grid, or None when their tile is in the box."""
        return ROOMS[self.grid.index(suspect)] if suspect in self.grid else None


def remove_token(hand: tuple[int, ...], value: int) -> tuple[int, ...]:
    """``hand`` without one token of ``value``."""
    position = hand.index(value)
    return hand[:position] + hand[position + 1 :]


def apply(state: GameState | None, event: Event) -> GameState:
    """The state after ``event``."""
    return apply_by_kind(state, event, _started, _HANDLERS)


def _started(data: dict[str, Any]) -> GameState:
    players = tuple(data["players"])
    return GameState(
        game_id=data["game_id"],
        seed=data["seed"],
        language=data["language"],
        players=players,
        grid=tuple(data["grid"]),
        clues=tuple(data["clues"]),
        hands={seat: TOKEN_VALUES for seat in players},
    )


def _investigated(state: GameState, data: dict[str, Any]) -> GameState:
    """A token goes on a clue, face up (MS-4)."""
    seat, clue, value = data["seat"], data["clue"], data["value"]
    stacks = list(state.stacks)
    stacks[clue - 1] = (*stacks[clue - 1], ClueToken(seat, value, data["turn"]))
    return replace(
        state,
        hands={**state.hands, seat: remove_token(state.hand(seat), value)},
        stacks=tuple(stacks),
        investigated=clue,
    )


def _clue_looked(state: GameState, data: dict[str, Any]) -> GameState:
    """Remembers who looked at which clue (the text itself is in the event, for them alone)."""
    return replace(state, looked=(*state.looked, (data["seat"], data["clue"], data["turn"])))


def _suggested(state: GameState, data: dict[str, Any]) -> GameState:
    """A token goes on a suspect or on the Emergency Exit, face down (MS-5)."""
    seat, value = data["seat"], data["value"]
    suggestion = Suggestion(seat, data["target"], value, data["turn"], data.get("default", False))
    return replace(
        state,
        hands={**state.hands, seat: remove_token(state.hand(seat), value)},
        suggestions=(*state.suggestions, suggestion),
        suggested=True,
    )


def _turn_opened(state: GameState, data: dict[str, Any]) -> GameState:
    return replace(state, turn=data["turn"], investigated=None, suggested=False)


def _game_ended(state: GameState, data: dict[str, Any]) -> GameState:
    return replace(state, finished=True, result=dict(data))


def _answers_chosen(state: GameState, data: dict[str, Any]) -> GameState:
    return replace(state, answers=answers.seats_after(state.answers, data))


_HANDLERS = {
    "investigated": _investigated,
    "clue_looked": _clue_looked,
    "suggested": _suggested,
    "turn_opened": _turn_opened,
    "game_ended": _game_ended,
    answers.CHOSEN: _answers_chosen,
}
