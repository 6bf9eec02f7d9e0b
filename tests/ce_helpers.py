"""Helpers for the Cosmic Express rules tests: a small game builder over ``RULES`` (CE-1 … CE-9).

``Game`` keeps the whole event log and the folded state, submits order text, resolves
phases (as the store does: at once when nobody is awaited, or at a deadline) and builds a
player's view from exactly the events that player may see.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from referee.core.events import Event
from referee.core.notices import Notice
from referee.core.orders import LineVerdict, Submission
from referee.core.rules import fold, visible
from referee.games.cosmic_express import RULES
from referee.games.cosmic_express.state import GameState

START = datetime(2024, 5, 1, 20, 0, tzinfo=UTC)

NAMES4 = ("Anna", "Boris", "Vera", "Gleb")
# A fixed four-player deal (CE-2: Detective, Murderer, Captain, Accomplice; 3×3 items, one left over).
DEAL4: dict[str, tuple[str, tuple[str, str]]] = {
    "Anna": ("Undercover Detective", ("Candle", "Wrench")),
    "Boris": ("Murderer", ("Candle", "Fire Extinguisher")),
    "Vera": ("Captain", ("Wrench", "Fire Extinguisher")),
    "Gleb": ("Accomplice", ("Candle", "Wrench")),
}
WEAPON4 = "Fire Extinguisher"


def players(
    names: tuple[str, ...], deal: dict[str, tuple[str, tuple[str, str]]] | None
) -> list[dict[str, Any]]:
    """The ``players`` list of a set-up, with the fixed role and items of ``deal`` where given."""
    result: list[dict[str, Any]] = []
    for name in names:
        entry: dict[str, Any] = {"name": name}
        if deal and name in deal:
            entry["role"], items = deal[name]
            entry["items"] = list(items)
        result.append(entry)
    return result


class Game:
    """A Cosmic Express game driven through the public ``RULES`` API."""

    def __init__(
        self,
        names: tuple[str, ...] = NAMES4,
        *,
        deal: dict[str, tuple[str, tuple[str, str]]] | None = None,
        seed: int | str = 1,
        language: str = "en",
        **extra: Any,
    ) -> None:
        self.setup: dict[str, Any] = {
            "id": "ce-test",
            "seed": seed,
            "language": language,
            "players": players(names, deal),
            **extra,
        }
        self.log: list[Event] = list(RULES.start(self.setup))
        self.state: GameState = fold(RULES, self.log)
        self.welcome: list[Notice] = RULES.welcome(self.state)
        self.phase_log: list[Event] = []
        self.clock = START
        self.relayed: list[Notice] = []
        self.notices: list[Notice] = []
        self.auto = True

    # --- orders -------------------------------------------------------------------------------

    def submit(self, seat: str, text: str) -> list[LineVerdict]:
        """Submit ``text`` for ``seat``; like the store, resolve at once when nobody is awaited."""
        self.clock += timedelta(minutes=1)
        verdicts, events = RULES.submit(self.state, Submission(seat, text, self.clock, "test"))
        self.state = fold(RULES, events, self.state)
        self.log += events
        self.phase_log += events
        self.relayed += RULES.relays(self.state, seat, events)
        if self.auto and events and not RULES.finished(self.state) and not RULES.waiting(self.state):
            self.resolve()
        return verdicts

    def order(self, seat: str, text: str) -> LineVerdict:
        """Submit a single line that must be accepted, and return its verdict."""
        verdicts = self.submit(seat, text)
        assert len(verdicts) == 1, verdicts
        assert verdicts[0].accepted, verdicts[0]
        return verdicts[0]

    def refused(self, seat: str, text: str) -> LineVerdict:
        """Submit a single line that must be refused without any event; return its verdict."""
        before = len(self.log)
        verdicts = self.submit(seat, text)
        assert len(verdicts) == 1, verdicts
        assert not verdicts[0].accepted, verdicts[0]
        assert len(self.log) == before
        return verdicts[0]

    def resolve(self) -> list[Event]:
        """Close the open phase (its deadline passed, or nobody is awaited); returns its events."""
        before = self.state
        events = RULES.resolve(before)
        self.state = fold(RULES, events, before)
        self.notices += RULES.notices(before, self.state, events, self.phase_log)
        self.log += events
        self.phase_log = []
        return events

    def all_done(self) -> None:
        """Every player not yet done sends DONE (the trading window then closes at once)."""
        for seat in self.state.seats:
            if seat not in self.state.done and self.state.stage == "trading":
                self.order(seat, "DONE")

    # --- reading ------------------------------------------------------------------------------

    def view(self, seat: str) -> dict[str, Any]:
        """What ``seat`` sees, built from exactly the events visible to it."""
        return RULES.player_view(self.state, seat, visible(self.log, seat))

    def events(self, kind: str) -> list[Event]:
        """Every event of ``kind`` in the log."""
        return [e for e in self.log if e.kind == kind]

    @property
    def detective(self) -> str:
        """The Detective of the current round."""
        seat = self.state.seat_with_detective()
        assert seat is not None
        return seat

    def role(self, role: str) -> str:
        """The seat with ``role`` this round (or "Dummy")."""
        seat = self.state.seat_with(role)
        assert seat is not None, role
        return seat


def play_with_bots(game: Game, seed: int | str, *, max_batches: int = 12) -> int:
    """Play ``game`` to its end with the bot for every seat; a phase whose ``max_batches`` rounds
    of mail did not close it is closed as at its deadline. Returns how many phases were closed."""
    closed = 0
    while not game.state.finished:
        phase = game.state.phase.key
        for _ in range(max_batches):
            for seat in game.state.seats:
                if game.state.finished or game.state.phase.key != phase:
                    break
                text = RULES.bot(game.view(seat), seed)
                if text:
                    verdicts = game.submit(seat, text)
                    refused = [v for v in verdicts if not v.accepted]
                    assert not refused, (seat, text, refused)
            if game.state.finished or game.state.phase.key != phase:
                break
        else:
            game.resolve()
        closed += 1
    return closed
