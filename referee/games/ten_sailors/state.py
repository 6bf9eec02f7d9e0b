"""The Ten Sailors game state: segments of the game day, characters, and orders in force.

The state is what the rules need to resolve the next segment; what characters saw and
learned (messages, search results, trap feedback) lives in the event log, where each
event carries its audience.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime
from fractions import Fraction
from functools import cache, cached_property, total_ordering
from typing import Any, TypeVar

from referee.core.events import Event
from referee.games.ten_sailors.cards import HALL

PARTS: tuple[str, ...] = ("hour1", "hour2", "hour3", "hour4", "night")
"""The five segments of a game day, in order (TS-4)."""

LAST_DAY = 9
"""Days 1–9 have four hours and a night with traps; the game ends on the morning of day 10 (TS-25)."""

ROOM_CAPACITY = 3
"""How many characters a room other than the Hall holds (TS-14)."""

MAX_HOURS_IN_A_ROW = 2
"""How many game hours running a character may spend in one room (TS-16)."""

MAX_TRAPS = 2
"""How many traps a character may have in force in one night (TS-20)."""

_KEY = re.compile(r"^d(\d+)(h[1-4]|n)$")


@total_ordering
@dataclass(frozen=True)
class Segment:
    """One segment of the game: ``day`` and ``part`` (``hour1``…``hour4`` or ``night``).

    Night ``d`` follows hour 4 of day ``d`` and ends at 10:00 of day ``d + 1``; night 0
    is the arrival evening (TS-22 ruling).
    """

    day: int
    part: str

    @cached_property
    def index(self) -> int:
        """Position in the game: night 0 is 0, hour 1 of day 1 is 1, and so on; day 0 has no hours, so
        naming one gives a negative position, before the game began."""
        return (self.day - 1) * 5 + PARTS.index(self.part) + 1

    @cached_property
    def key(self) -> str:
        """A short unique name such as ``d3h2`` or ``d0n``."""
        return f"d{self.day}{'n' if self.is_night else 'h' + str(self.hour)}"

    @property
    def is_night(self) -> bool:
        """Whether this is a night (everyone in the Hall, traps possible)."""
        return self.part == "night"

    @property
    def hour(self) -> int:
        """The hour number 1–4 (0 for a night)."""
        return 0 if self.is_night else int(self.part[-1])

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Segment):
            return NotImplemented
        return self.index < other.index

    def next(self) -> Segment:
        """The segment that follows this one."""
        if self.is_night:
            return Segment(self.day + 1, "hour1")
        if self.hour == 4:
            return Segment(self.day, "night")
        return Segment(self.day, f"hour{self.hour + 1}")

    @classmethod
    def from_key(cls, key: str) -> Segment:
        """The segment named by ``key`` (as made by ``key``)."""
        match = _KEY.match(key)
        if not match:
            raise ValueError(f"not a segment key: {key!r}")
        day, part = int(match.group(1)), match.group(2)
        return cls(day, "night" if part == "n" else f"hour{part[1]}")


@cache
def segment_of(key: str) -> Segment:
    """``Segment.from_key``, each key read once: a game folds the same few keys again and again."""
    return Segment.from_key(key)


FIRST_SEGMENT = Segment(0, "night")
LAST_SEGMENT = Segment(LAST_DAY, "night")


@dataclass(frozen=True)
class Hand:
    """A character's set of three cards (TS-6)."""

    room: str
    furniture: str
    weapon: str

    def cards(self) -> tuple[str, str, str]:
        """The three cards: room, furniture, weapon."""
        return (self.room, self.furniture, self.weapon)


@dataclass(frozen=True)
class Character:
    """A character and where they stand.

    ``streak_room`` and ``streak`` count the game hours running spent in one room other
    than the Hall; the night in the Hall does not break the count (TS-16 ruling).
    """

    name: str
    host: bool
    hand: Hand
    alive: bool = True
    location: str = HALL
    streak_room: str | None = None
    streak: int = 0
    frags: Fraction = Fraction(0)
    killed_host: bool = False
    talk: str = ""
    """When table talk reaches this character: "now", "digest", or "" for the default (see ``talk``)."""
    zone: str = ""
    """The time zone this character is told deadlines in besides the game's, "" for none (see ``zone``)."""
    answers: str = ""
    """When the answers to this character's orders come: "report" (folded into the next report when
    every line was taken), or "now"/"" (mailed at once; ``referee.core.answers``)."""

    def may_enter(self, room: str) -> bool:
        """Whether TS-16 and TS-18 let this character be in ``room`` for the coming hour."""
        if room == HALL:
            return True
        if room == self.hand.room:
            return False
        return not (room == self.streak_room and self.streak >= MAX_HOURS_IN_A_ROW)

    def must_leave(self) -> bool:
        """Whether this character has spent the longest allowed run in their room (TS-16)."""
        return self.location != HALL and self.streak >= MAX_HOURS_IN_A_ROW


@dataclass(frozen=True)
class Move:
    """A move order: go to ``room`` at the end of the segment it is for (TS-12, TS-22)."""

    room: str


@dataclass(frozen=True)
class Search:
    """A search order for two weapon or furniture cards (TS-19)."""

    cards: tuple[str, str]


@dataclass(frozen=True)
class Trap:
    """A trap: the combination ``room``, ``furniture``, ``weapon`` aimed at ``target`` (TS-20)."""

    target: str
    room: str
    furniture: str
    weapon: str

    def cards(self) -> tuple[str, str, str]:
        """The three cards of the trap."""
        return (self.room, self.furniture, self.weapon)


@dataclass(frozen=True)
class Standing:
    """An order in force, with the moment it was received and its acceptance number.

    Earlier orders win a contested room (TS-15); ``number`` breaks ties between
    orders received at the same instant, in the order they were accepted.
    """

    order: Move | Search | Trap
    received_at: datetime
    number: int


@dataclass(frozen=True)
class Kill:
    """A successful trap: ``killers`` share ``value`` frags for ``victim`` on night ``segment``
    (TS-21, TS-24)."""

    segment: str
    victim: str
    killers: tuple[str, ...]
    value: int


@dataclass(frozen=True)
class GameState:
    """Everything the rules need: who holds what, who is where, which orders are in force."""

    game_id: str
    seed: int | str
    language: str
    characters: tuple[Character, ...]
    segment: Segment = FIRST_SEGMENT
    finished: bool = False
    winners: tuple[str, ...] = ()
    partial_victory: bool = False
    # (segment key, character) -> orders in force
    moves: dict[tuple[str, str], Standing] = field(default_factory=dict)
    searches: dict[tuple[str, str], Standing] = field(default_factory=dict)
    traps: dict[tuple[str, str], tuple[Standing, ...]] = field(default_factory=dict)
    accepted: int = 0
    traps_fired: bool = False
    """Whether the traps of the open night have fired (at the trap time, TS-4); its moves land at its end."""
    kills: tuple[Kill, ...] = ()
    """Every successful trap so far, in order: revealed to all when the game ends."""
    dawn: tuple[Event, ...] = ()
    """What the open night's morning report owes its living readers (``notices``): the talk said
    before the trap time, with who heard it, and each trap's result for its setter. The traps fire
    at 09:00, but the living are told at 10:00, in one mail with where the night's moves took them."""

    def character(self, name: str) -> Character:
        """The character called ``name`` (exact canonical spelling); KeyError if there is none."""
        return self._by_name()[name]

    def _by_name(self) -> dict[str, Character]:
        """Each character by name, gathered once for the characters this state holds: a letter asks
        for the same few again and again. A copy made by ``changed`` keeps what it gathered only while
        it holds the very same characters."""
        kept = self.__dict__.get("_by_name_of")
        if kept is None or kept[0] is not self.characters:
            kept = (self.characters, {character.name: character for character in self.characters})
            self.__dict__["_by_name_of"] = kept  # not a field: neither compared, shown nor stored
        return kept[1]

    def living(self) -> list[Character]:
        """The living characters, in seat order."""
        return [c for c in self.characters if c.alive]

    def present(self, location: str) -> list[str]:
        """Names of the living characters now in ``location``."""
        return [c.name for c in self.characters if c.alive and c.location == location]

    def host(self) -> Character | None:
        """The host's character (TS-1), if the game has one."""
        return next((c for c in self.characters if c.host), None)

    def holder_of(self, card: str) -> Character | None:
        """The character who holds ``card``; None when the card was not dealt (TS-1 ruling)."""
        return self.holders().get(card)

    def holders(self) -> dict[str, Character]:
        """The character who holds each card dealt, by card (``holder_of`` for many cards)."""
        found: dict[str, Character] = {}
        for character in self.characters:
            for card in character.hand.cards():
                found.setdefault(card, character)
        return found

    def present_by_place(self) -> dict[str, list[str]]:
        """``present`` for every place someone living is in, by place."""
        found: dict[str, list[str]] = {}
        for character in self.characters:
            if character.alive:
                found.setdefault(character.location, []).append(character.name)
        return found


Frozen = TypeVar("Frozen")


def changed(value: Frozen, **changes: Any) -> Frozen:
    """A copy of the frozen dataclass ``value`` with ``changes``: what ``dataclasses.replace`` gives
    for the classes here that check nothing when made and cache nothing (not ``Segment``), at a
    fifth of its cost; the fold of one game hour makes some forty such copies."""
    copy = object.__new__(type(value))
    object.__setattr__(copy, "__dict__", {**value.__dict__, **changes})
    return copy
