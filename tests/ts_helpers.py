"""Helpers for the Ten Sailors rules tests: a small game builder over ``RULES`` (TS-1 … TS-25).

``Game`` keeps the whole event log and the folded state, submits order text at chosen
receive times, resolves segments and builds a character's view from exactly the events
that character may see.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from referee.core.events import Event
from referee.core.orders import LineVerdict, Submission
from referee.core.rules import fold, visible
from referee.games.ten_sailors import RULES
from referee.games.ten_sailors.state import Character, GameState, Segment

START = datetime(2024, 5, 1, 20, 0, tzinfo=UTC)
"""Wall-clock start of the arrival evening (night 0) used by the tests."""

# A standard nine-character game (TS-1 ruling) with fixed hands: every card of every kind is dealt.
HANDS: dict[str, tuple[str, str, str]] = {
    "Anna": ("Kitchen", "Sofa", "Knife"),
    "Boris": ("Dining Room", "Fireplace", "Pistol"),  # the host's character
    "Carl": ("Bedroom", "Table", "Poison"),
    "Dora": ("Living Room", "Car", "Baseball Bat"),
    "Egor": ("Study", "Wardrobe", "Stone"),
    "Fedor": ("Music Room", "Nightstand", "Halberd"),
    "Gleb": ("Conservatory", "Armchair", "Candlestick"),
    "Hanna": ("Garage", "Chandelier", "Rope"),
    "Ivan": ("Bathroom", "Sink", "Petrol"),
}
HOST = "Boris"
NAMES = tuple(HANDS)


def segment_start(key: str) -> datetime:
    """A receive time early inside segment ``key`` (one test hour per segment, night 0 at START)."""
    return START + timedelta(hours=Segment.from_key(key).index)


class Game:
    """A Ten Sailors game driven through the public ``RULES`` API."""

    def __init__(
        self,
        names: tuple[str, ...] | list[str] = NAMES,
        *,
        hands: dict[str, tuple[str, str, str]] | None = None,
        host: str | None = HOST,
        seed: int | str = 1,
        language: str = "en",
    ) -> None:
        hands = HANDS if hands is None else hands
        players: list[dict[str, Any]] = []
        for name in names:
            player: dict[str, Any] = {"name": name}
            if name in hands:
                player["hand"] = list(hands[name])
            if name == host:
                player["host"] = True
            players.append(player)
        self.setup = {"id": "test", "seed": seed, "language": language, "players": players}
        self.log: list[Event] = list(RULES.start(self.setup))
        self.state: GameState = fold(RULES, self.log)
        self._tick = 0

    # --- orders -------------------------------------------------------------------------------

    def submit(self, seat: str, text: str, at: datetime | int | None = None) -> list[LineVerdict]:
        """Submit ``text`` for ``seat``; ``at`` is a datetime or minutes into the current segment."""
        if at is None:
            self._tick += 1
            received = segment_start(self.state.segment.key) + timedelta(seconds=self._tick)
        elif isinstance(at, int):
            received = segment_start(self.state.segment.key) + timedelta(minutes=at)
        else:
            received = at
        verdicts, events = RULES.submit(self.state, Submission(seat, text, received, "test"))
        self.state = fold(RULES, events, self.state)
        self.log.extend(events)
        return verdicts

    def order(self, seat: str, text: str, at: datetime | int | None = None) -> LineVerdict:
        """Submit a single line that must be accepted, and return its verdict."""
        verdicts = self.submit(seat, text, at)
        assert len(verdicts) == 1, verdicts
        assert verdicts[0].accepted, verdicts[0]
        return verdicts[0]

    # --- time ---------------------------------------------------------------------------------

    def step(self) -> list[Event]:
        """Close the open phase (a night with traps has two: until the traps, then until 10:00)."""
        events = RULES.resolve(self.state)
        self.state = fold(RULES, events, self.state)
        self.log.extend(events)
        return events

    def resolve(self) -> list[Event]:
        """Close the current segment, every phase of it; returns the resolution events."""
        segment = self.state.segment
        events = self.step()
        while self.state.segment == segment and not self.state.finished:
            events.extend(self.step())
        return events

    def advance(self, count: int = 1) -> list[Event]:
        """Resolve ``count`` segments; returns all their events."""
        events: list[Event] = []
        for _ in range(count):
            events.extend(self.resolve())
        return events

    def advance_to(self, key: str) -> list[Event]:
        """Resolve segments until segment ``key`` is open."""
        target = Segment.from_key(key)
        events: list[Event] = []
        while self.state.segment != target:
            assert self.state.segment < target and not self.state.finished, (self.state.segment, key)
            events.extend(self.resolve())
        return events

    # --- reading ------------------------------------------------------------------------------

    @property
    def key(self) -> str:
        """The key of the open segment (``d0n``, ``d1h1`` …)."""
        return self.state.segment.key

    def char(self, name: str) -> Character:
        """The character ``name`` in the current state."""
        return self.state.character(name)

    def where(self, name: str) -> str:
        """The location of ``name`` now."""
        return self.state.character(name).location

    def view(self, name: str) -> dict[str, Any]:
        """What ``name`` sees, built from exactly the events visible to them."""
        return RULES.player_view(self.state, name, visible(self.log, name))

    def events(self, kind: str, source: list[Event] | None = None) -> list[Event]:
        """Events of ``kind`` in ``source`` (default: the whole log)."""
        return [e for e in (self.log if source is None else source) if e.kind == kind]

    def moved(self, name: str, source: list[Event]) -> Event:
        """The single non-overnight ``moved`` event for ``name`` in ``source``."""
        found = [e for e in self.events("moved", source) if e.data["character"] == name]
        assert len(found) == 1, found
        return found[0]

    def searched(self, name: str, source: list[Event]) -> Event | None:
        """The ``searched`` event for ``name`` in ``source``, if any."""
        found = [e for e in self.events("searched", source) if e.data["character"] == name]
        assert len(found) <= 1, found
        return found[0] if found else None

    def put(self, placements: dict[str, str]) -> None:
        """During night 0, order arrival moves so that each named character starts day 1 in a room.

        Everybody else stays in the Hall. Orders are received in the dict's order.
        """
        assert self.key == "d0n"
        for name, room in placements.items():
            self.order(name, f"MOVE {room}")
        self.resolve()
        for name, room in placements.items():
            assert self.where(name) == room, (name, self.where(name), room)


def trap_line(target: str, hand: tuple[str, str, str]) -> str:
    """A TRAP order aimed at ``target`` with the three cards of ``hand``."""
    return f"TRAP {target} {hand[0]}, {hand[1]}, {hand[2]}"
