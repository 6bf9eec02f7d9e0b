"""Ten Sailors ("10 морячков"): the rules TS-1 … TS-25 as pure functions.

- ``cards``: the cards and their names (TS-6 … TS-9)
- ``state``: segments, characters, orders in force (TS-4, TS-14, TS-16, TS-20)
- ``parse``: the order language (TS-9, TS-11)
- ``orders``: accepting orders and table talk (TS-11, TS-12, TS-20, TS-22, TS-23)
- ``resolve``: searches, moves, traps, the end (TS-11 … TS-25)
- ``apply``: how events change the state
- ``views``, ``notices``: what each reader may know (TS-3, TS-21)
"""

from __future__ import annotations

from typing import Any

from referee.core.events import Event
from referee.core.notices import Notice
from referee.core.orders import LineVerdict, Submission
from referee.core.phases import Phase
from referee.core.rules import Seen
from referee.games.ten_sailors import apply as _apply
from referee.games.ten_sailors import bot as _bot
from referee.games.ten_sailors import notices as _notices
from referee.games.ten_sailors import orders as _orders
from referee.games.ten_sailors import resolve as _resolve
from referee.games.ten_sailors import setup as _setup
from referee.games.ten_sailors import snapshot as _snapshot
from referee.games.ten_sailors import views as _views
from referee.games.ten_sailors.state import GameState


class TenSailors:
    """The Ten Sailors rules behind the core's ``Rules`` protocol."""

    kind = "ten-sailors"
    early_close = False  # TS-4: hours end on the calendar, whoever has moved
    setup_keys: frozenset[str] = frozenset()
    player_keys = frozenset({"host", "hand"})

    def start(self, setup: dict[str, Any]) -> list[Event]:
        """The events that open a game (see ``setup.start``)."""
        return _setup.start(setup)

    def apply(self, state: GameState | None, event: Event) -> GameState:
        """The state after ``event``."""
        return _apply.apply(state, event)

    def phase(self, state: GameState) -> Phase:
        """The segment now open for orders."""
        segment = state.segment
        return Phase(segment.index, segment.key, f"day {segment.day} {segment.part}", segment.part)

    def finished(self, state: GameState) -> bool:
        """Whether the game is over."""
        return state.finished

    def waiting(self, state: GameState) -> tuple[str, ...]:
        """The living characters with no move order for the open segment."""
        return _views.without_move(state)

    def submit(self, state: GameState, submission: Submission) -> tuple[list[LineVerdict], list[Event]]:
        """Verdicts and events for a character's order text."""
        return _orders.submit(state, submission)

    def resolve(self, state: GameState) -> list[Event]:
        """The events closing the current segment."""
        return _resolve.resolve(state)

    def notices(self, before: GameState, events: list[Event], phase_log: list[Event]) -> list[Notice]:
        """Reports and news caused by a resolution."""
        return _notices.notices(before, events, phase_log)

    def welcome(self, state: GameState) -> list[Notice]:
        """The welcome letter of every character."""
        return _notices.welcome(state)

    def answer(
        self, before: GameState, after: GameState, seat: str, verdicts: list[LineVerdict], seen: Seen
    ) -> dict[str, Any]:
        """The answer to a character's orders."""
        return _notices.answer(before, after, seat, verdicts, seen)

    def relays(self, seat: str, events: list[Event]) -> list[Notice]:
        """Table talk passed on at once to those who heard it."""
        return _notices.relays(seat, events)

    def master_view(self, state: GameState) -> dict[str, Any]:
        """The game-master's view."""
        return _views.master_view(state)

    def player_view(self, state: GameState, seat: str, seen: list[Event]) -> dict[str, Any]:
        """One character's view."""
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


RULES = TenSailors()
