"""Museum Suspects: the rules MS-1 … MS-6 as pure functions, played by mail.

- ``content``: suspects, attribute values and clue criteria in both languages (MS-1)
- ``setup``: the players, the grid and the hidden clues (MS-2)
- ``state``: the state and how events change it
- ``parse``: the order language (INVESTIGATE, SUGGEST, HELP, STATUS, in English and Russian)
- ``turns``: the two steps of a turn, deadlines and defaults (MS-3 … MS-5)
- ``scoring``: the reveal, the thieves and the scores (MS-6)
- ``grid``: the board as text and as data for a picture
- ``views``, ``notices``: what each reader may know
- ``bot``, ``snapshot``: a simple player; the state as JSON
"""

from __future__ import annotations

from typing import Any

from referee.core.events import Event
from referee.core.notices import Notice
from referee.core.orders import LineVerdict, Submission
from referee.core.phases import Phase
from referee.core.rules import Seen
from referee.games.museum_suspects import bot as _bot
from referee.games.museum_suspects import notices as _notices
from referee.games.museum_suspects import setup as _setup
from referee.games.museum_suspects import snapshot as _snapshot
from referee.games.museum_suspects import turns as _turns
from referee.games.museum_suspects import views as _views
from referee.games.museum_suspects.setup import SetupError
from referee.games.museum_suspects.state import GameState, apply

__all__ = ["RULES", "MuseumSuspects", "SetupError"]


class MuseumSuspects:
    """The Museum Suspects rules behind the core's ``Rules`` protocol."""

    kind = "museum-suspects"
    early_close = True
    setup_keys: frozenset[str] = frozenset({"grid", "clues"})
    player_keys: frozenset[str] = frozenset()

    def start(self, setup: dict[str, Any]) -> list[Event]:
        """The events that open a game (raises ``SetupError`` for a bad set-up; see ``setup.start``)."""
        return _setup.start(setup)

    def apply(self, state: GameState | None, event: Event) -> GameState:
        """The state after ``event``."""
        return apply(state, event)

    def phase(self, state: GameState) -> Phase:
        """The turn now open (the last one once the game is over): one player's turn, stage "turn"."""
        return Phase(state.turn + 1, state.turn_key(), f"round {state.round}, {state.seat}'s turn", "turn")

    def finished(self, state: GameState) -> bool:
        """Whether the game is over."""
        return state.finished

    def waiting(self, state: GameState) -> tuple[str, ...]:
        """The current player until their suggestion is placed; then nobody."""
        return _turns.waiting(state)

    def submit(self, state: GameState, submission: Submission) -> tuple[list[LineVerdict], list[Event]]:
        """Verdicts and events for a player's order text."""
        return _turns.submit(state, submission)

    def resolve(self, state: GameState) -> list[Event]:
        """The events closing the current turn (with the deadline default if needed)."""
        return _turns.resolve(state)

    def notices(self, before: GameState, events: list[Event], phase_log: list[Event]) -> list[Notice]:
        """The news of a closed turn, or the final reveal."""
        return _notices.notices(before, events, phase_log)

    def welcome(self, state: GameState) -> list[Notice]:
        """The welcome letter of every player."""
        return _notices.welcome(state)

    def answer(
        self, before: GameState, after: GameState, seat: str, verdicts: list[LineVerdict], seen: Seen
    ) -> dict[str, Any]:
        """The answer to a player's orders."""
        return _notices.answer(before, after, seat, verdicts, seen)

    def relays(self, seat: str, events: list[Event]) -> list[Notice]:
        """Nothing is passed on at once (see ``notices.relays``)."""
        return _notices.relays(seat, events)

    def master_view(self, state: GameState) -> dict[str, Any]:
        """The game-master's view."""
        return _views.master_view(state)

    def player_view(self, state: GameState, seat: str, seen: list[Event]) -> dict[str, Any]:
        """One player's view."""
        return _views.player_view(state, seat, seen)

    def bot(self, view: dict[str, Any], seed: int | str) -> str:
        """Orders from the simple bot (see ``bot``)."""
        return _bot.bot_orders(view, seed)

    def describe(self, event: Event) -> str:
        """One log line for ``event``."""
        return _views.describe(event)

    def dump(self, state: GameState) -> dict[str, Any]:
        """A JSON-ready snapshot."""
        return _snapshot.dump(state)

    def load(self, raw: dict[str, Any]) -> GameState:
        """The state of a snapshot."""
        return _snapshot.load(raw)


RULES = MuseumSuspects()
