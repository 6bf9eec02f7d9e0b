"""Helpers for the Museum Suspects tests: a small game driver over ``RULES`` (MS-1 … MS-6).

``Game`` keeps the whole event log and the folded state, submits order text, closes turns
the way the store does (at once when ``waiting`` is empty, or at the deadline), keeps
every notice produced, and builds a player's view from exactly the events they may see.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from referee.core.events import Event
from referee.core.notices import Notice
from referee.core.orders import LineVerdict, Submission
from referee.core.rules import fold, visible
from referee.games.museum_suspects import RULES
from referee.games.museum_suspects.content import SUSPECTS
from referee.games.museum_suspects.state import GameState

START = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)

GRID: list[str] = [s.id for s in SUSPECTS[:16]]
"""A fixed grid: Adele A1, Bruno B1, Celeste C1, Dorian D1, Edith A2, Fabian B2, Greta C2,
Hector D2, Ingrid A3, Jasper B3, Klara C3, Leopold D3, Mirabel A4, Nestor B4, Odette C4,
Percival D4."""

_BASE = ["animal:cat", "hat:top-hat", "clothing:cloak", "accessory:umbrella", "decoration:medal", "line:1"]
TWO_THIEVES: list[str] = [*_BASE, "column:A", "corner:top-left"]
"""Clues that leave exactly Hector (D2) and Jasper (B3) on GRID."""
ONE_THIEF: list[str] = [*_BASE, "column:A", "corner:top-right"]
"""Clues that leave only Jasper (B3) on GRID."""
NO_THIEF: list[str] = [*_BASE, "column:D", "corner:bottom-left"]
"""Clues that clear everybody on GRID: the thief escaped."""
THREE_THIEVES: list[str] = [*_BASE, "column:C", "corner:top-left"]
"""Clues that leave Hector (D2), Jasper (B3) and Mirabel (A4) on GRID."""


class Game:
    """A Museum Suspects game driven through the public ``RULES`` API."""

    def __init__(
        self,
        names: tuple[str, ...] | list[str] = ("Anna", "Boris"),
        *,
        seed: int | str = 1,
        language: str = "en",
        grid: list[str] | None = GRID,
        clues: list[str] | None = TWO_THIEVES,
    ) -> None:
        self.setup: dict[str, Any] = {
            "id": "museum",
            "seed": seed,
            "language": language,
            "players": [{"name": name} for name in names],
        }
        if grid is not None:
            self.setup["grid"] = list(grid)
        if clues is not None:
            self.setup["clues"] = list(clues)
        self.log: list[Event] = list(RULES.start(self.setup))
        self.state: GameState = fold(RULES, self.log)
        self.notices: list[Notice] = list(RULES.welcome(self.state))
        self.answers: list[dict[str, Any]] = []
        self.phase_log: list[Event] = []
        self._tick = 0

    @property
    def seat(self) -> str:
        """The player whose turn it is."""
        return self.state.seat

    def submit(self, seat: str, text: str) -> list[LineVerdict]:
        """Submit ``text`` for ``seat``; closes the turn at once when nobody is awaited (early close)."""
        self._tick += 1
        at = START + timedelta(minutes=self._tick)
        before = self.state
        verdicts, events = RULES.submit(self.state, Submission(seat, text, at, "test"))
        self.state = fold(RULES, events, self.state)
        self.log.extend(events)
        self.phase_log.extend(events)
        seen = list(visible(self.log, seat))
        self.answers.append(RULES.answer(before, self.state, seat, verdicts, lambda: seen))
        self.notices.extend(RULES.relays(self.state, seat, events))
        if not RULES.finished(self.state) and not RULES.waiting(self.state):
            self.resolve()
        return verdicts

    def play(self, text: str) -> list[LineVerdict]:
        """The current player sends ``text``; every line must be accepted."""
        verdicts = self.submit(self.seat, text)
        assert all(v.accepted for v in verdicts), verdicts
        return verdicts

    def resolve(self) -> list[Event]:
        """Close the open turn (as at its deadline, or by early close); returns the events."""
        events = RULES.resolve(self.state)
        before, self.state = self.state, fold(RULES, events, self.state)
        self.notices.extend(RULES.notices(before, self.state, events, self.phase_log))
        self.log.extend(events)
        self.phase_log = []
        return events

    def view(self, seat: str) -> dict[str, Any]:
        """What ``seat`` sees, built from exactly the events visible to them."""
        return RULES.player_view(self.state, seat, visible(self.log, seat))

    def events(self, kind: str) -> list[Event]:
        """Events of ``kind`` in the whole log."""
        return [e for e in self.log if e.kind == kind]

    def last_answer(self) -> dict[str, Any]:
        """The data of the answer to the latest submission."""
        return self.answers[-1]


def play_bots(game: Game, seed: int | str = 7) -> None:
    """Play ``game`` to its end, every seat played by the bot from its own view."""
    while not RULES.finished(game.state):
        text = RULES.bot(game.view(game.seat), seed)
        game.play(text)
