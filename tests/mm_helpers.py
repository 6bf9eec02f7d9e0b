"""Helpers for the Minuit tests: a small game driver over ``RULES`` (MM-1 … MM-21).

``Game`` keeps the whole event log and the folded state, submits order text, closes phases
the way the store does (at once when ``waiting`` is empty, or at the deadline), keeps every
notice, answer and relay, and builds a player's view from exactly the events they may see.
``SUSPECTS`` fixes the suspects' zones and ``CALM`` opens with an event that neither rolls
for the officer nor moves the ship, so that ``dice`` are the actions' rolls alone.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from referee.core.events import Event
from referee.core.notices import Notice
from referee.core.orders import LineVerdict, Submission
from referee.core.rules import fold, visible
from referee.games.minuit import RULES
from referee.games.minuit.state import GameState

START = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)

SUSPECTS: dict[str, int] = {
    "greta": 4, "pavel": 4, "leon": 5, "roman": 5, "kristina": 6, "sofia": 6,
    "marta": 7, "tomas": 7, "nadia": 8, "walter": 8, "oscar": 9, "zoe": 9,
}  # fmt: skip
"""Two suspects per zone 4 to 9: Kristina and Sofia start in the grand salon with the detectives."""

CALM = ["officer-asleep", "strong-coffee", "heavy-swell", "suite-door", "fog"]
"""Events that move no ship: asleep (no officer, no roll), +1 AP, −1 AP, suite for 1, 6–3 closed."""


class Game:
    """A Minuit game driven through the public ``RULES`` API."""

    def __init__(
        self,
        names: tuple[str, ...] | list[str] = ("Anna", "Boris"),
        *,
        seed: int | str = 1,
        language: str = "en",
        suspects: dict[str, int] | None = SUSPECTS,
        events: list[str] | None = None,
        dice: list[int] | None = None,
        investigation: str | None = None,
    ) -> None:
        self.setup: dict[str, Any] = {
            "id": "minuit",
            "seed": seed,
            "language": language,
            "players": [{"name": name} for name in names],
        }
        for key, value in (("suspects", suspects), ("events", events), ("dice", dice)):
            if value is not None:
                self.setup[key] = value
        if investigation is not None:
            self.setup["investigation"] = investigation
        self.log: list[Event] = list(RULES.start(self.setup))
        self.state: GameState = fold(RULES, self.log)
        self.notices: list[Notice] = list(RULES.welcome(self.state))
        self.answers: list[dict[str, Any]] = []
        self.relayed: list[Notice] = []
        self.phase_log: list[Event] = []
        self.clock = START

    def send(self, seat: str, text: str) -> list[LineVerdict]:
        """Submits ``text`` for ``seat``; the phase closes at once when nobody is awaited."""
        self.clock += timedelta(minutes=1)
        before = self.state
        verdicts, events = RULES.submit(before, Submission(seat, text, self.clock, "test"))
        self.log += events
        self.phase_log += events
        self.state = fold(RULES, events, before) if events else before
        self.answers.append(RULES.answer(before, self.state, seat, verdicts, lambda: self.seen(seat)))
        self.relayed += RULES.relays(self.state, seat, events)
        if events and not self.state.finished and not RULES.waiting(self.state):
            self.close()
        return verdicts

    def ok(self, seat: str, text: str) -> list[LineVerdict]:
        """Like ``send``, asserting every line was accepted."""
        verdicts = self.send(seat, text)
        assert all(v.accepted for v in verdicts), [(v.line, v.reason, v.params) for v in verdicts]
        return verdicts

    def refused(self, seat: str, text: str) -> LineVerdict:
        """Sends one line and returns its verdict, asserting it was refused and changed nothing."""
        before = len(self.log)
        (verdict,) = self.send(seat, text)
        assert not verdict.accepted and len(self.log) == before, verdict
        return verdict

    def close(self) -> list[Event]:
        """Closes the open phase as at its deadline (or as the store does when nobody is awaited)."""
        before = self.state
        events = RULES.resolve(before)
        self.log += events
        self.state = fold(RULES, events, before)
        self.notices += RULES.notices(before, self.state, events, self.phase_log)
        self.phase_log = []
        return events

    def seen(self, seat: str) -> list[Event]:
        return visible(self.log, seat)

    def view(self, seat: str) -> dict[str, Any]:
        return RULES.player_view(self.state, seat, self.seen(seat))

    def kinds(self) -> list[str]:
        return [event.kind for event in self.log]

    def last(self, kind: str) -> Event:
        return next(event for event in reversed(self.log) if event.kind == kind)

    def end_turns_until(self, seat: str) -> None:
        """Ends turns with END until it is ``seat``'s turn."""
        for _ in range(40):
            if self.state.seat == seat and not self.state.turn_over:
                return
            self.ok(self.state.seat, "END")
        raise AssertionError(f"{seat}'s turn never came")


def play_with_bots(seed: int, count: int, language: str = "en", most: int = 400) -> Game:
    """A whole game of ``count`` bots from ``seed``: each phase gets up to 8 mails, then its deadline."""
    names = ("Anna", "Boris", "Vera", "Gleb", "Dina", "Egor")[:count]
    game = Game(names, seed=seed, language=language, suspects=None)
    for _ in range(most):
        if game.state.finished:
            return game
        key = RULES.phase(game.state).key
        for _ in range(8):
            wrote = False
            for seat in names:
                if game.state.finished or RULES.phase(game.state).key != key:
                    break
                text = RULES.bot(game.view(seat), seed)
                if text:
                    game.send(seat, text)
                    wrote = True
            if not wrote or game.state.finished or RULES.phase(game.state).key != key:
                break
        if not game.state.finished and RULES.phase(game.state).key == key:
            game.close()
    raise AssertionError(f"the game from seed {seed} did not end")
