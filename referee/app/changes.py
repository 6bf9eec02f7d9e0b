"""What changed in the games since a point, and whom it concerns: what live pages are told.

``Changes.since`` reads, in one statement, every row written since its ``Reading`` that changes what a
page shows, and says for each its game and its audience: the seats that may see it (``EVERYONE``: all
of them), or none but the game-master. An event keeps the audience the rules gave it, a letter
concerns its reader, orders the seat that gave them, a rollback every seat (events no longer count).
The game-master's actions concern the game-master alone, but those that move the deadline, which every
seat is shown; so do the mail received, and the mail sent since (the outbox on their pages). Nothing of
what the rows hold is read but that — a change says where to look again, never what it is — save talk
heard in a place: its line, as the threads of those who heard it show it (``Change.said``), so that their
open pages are handed it rather than each asking for its page again.

Ids come from sequences that transactions take in one order and may commit in another (PostgreSQL):
an id skipped by one reading is looked at again by the next ones for ``SKIPPED_SECONDS``.

``Changes.on_commit`` calls back after every commit of this process on the database, so that whoever
watches need not wait for its next reading.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from referee.core.events import EVERYONE, Event
from referee.core.rules import heard, heard_kinds, heard_letters
from referee.games import kinds, rules_for
from referee.store.changes import (
    EVENTS,
    NOTICES,
    OUTBOX,
    Written,
    after_commits,
    events_read,
    highest,
    written_since,
)
from referee.store.games import game_kinds
from referee.store.models import MASTER
from referee.store.transactions import Database

SKIPPED_SECONDS = 30.0
"""How long an id skipped by a reading is looked at again (a transaction that took it may commit late)."""

MOST_SKIPPED = 2000
"""How many skipped ids are kept at most, per table (the oldest are forgotten first)."""

DEADLINE_ACTIONS = frozenset({"pause", "resume", "shift"})
"""The game-master's actions that move the deadline every player's page shows (the others a player
sees write events or letters of their own)."""

MASTER_ONLY: tuple[str, ...] = ()
"""The audience of a change for the game-master alone."""


GAME = "game"
"""What a change touches: the game itself (its log, its deadline: anything a page shows of it)."""

ORDERS = "orders"
"""What a change touches: the orders a seat gave, and nothing else of the game."""

LETTERS = "letters"
"""What a change touches: the referee's mail to a seat (a notice written), and nothing else."""


TALK = "talk"
"""What a change touches: talk heard in a place, and nothing else (its line is ``Change.said``)."""

MOST_HEARD = 500
"""Lines of talk a reading reads at most (more, at a boundary say: those pages are told to look again)."""


@dataclass(frozen=True)
class Change:
    """Something written in ``game_id`` that ``audience`` may see (``(EVERYONE,)``: every seat; empty:
    the game-master alone); the game-master sees every change of their game. ``touches`` says what of
    the game it may change: ``GAME`` (anything), ``ORDERS`` or ``LETTERS`` (those alone), ``TALK`` (a
    line of talk in a place: ``said``, as its hearers' threads show it, ``number`` the event's)."""

    game_id: str
    audience: tuple[str, ...]
    touches: str = GAME
    said: dict[str, Any] | None = field(default=None, compare=False, hash=False)
    number: int = 0
    kind: str = field(default="", compare=False)
    """The game's kind, for a line of talk (``said``) to be shown as the game shows it."""

    def visible_to(self, seat: str) -> bool:
        """Whether the seat ``seat`` may see this change."""
        return EVERYONE in self.audience or seat in self.audience


@dataclass
class Reading:
    """How far ``Changes`` has read: the highest id of each table, and ids skipped on the way (with the
    moment they were first missed)."""

    cursor: dict[str, int]
    skipped: dict[str, dict[int, float]] = field(default_factory=dict)
    waiting: dict[str, int] | None = None
    """How many notices of each game were waiting to be sent (None before the first reading)."""


class Changes:
    """The changes of the games of ``database``, as live pages are told of them."""

    def __init__(self, database: Database) -> None:
        self.database = database
        self.kinds: dict[str, str] = {}
        """The kind of each game a letter copying talk was read of (a game's kind never changes)."""
        self.talk = _heard_kinds()
        """The kinds of events any game tells a line of talk of (``referee.core.rules.heard``)."""
        self.copies = {game: heard_letters(rules_for(game)) for game in kinds()}
        """The templates of the letters each kind of game writes to copy a line of talk its threads show."""
        self.copying = frozenset(template for letters in self.copies.values() for template in letters)
        """Those templates, of every kind of game."""

    def start(self, now: float) -> Reading:
        """A reading from now on (the monotonic moment ``now``): nothing written until now is a change."""
        with self.database.reading() as session:
            reading = Reading(highest(session.connection()))
        self.since(reading, now)  # the mail waiting to be sent, counted
        return reading

    def since(self, reading: Reading, now: float) -> list[Change]:
        """Every change written since ``reading`` (at the monotonic moment ``now``), which it moves past
        them."""
        again = {
            table: {i for i, at in ids.items() if now - at < SKIPPED_SECONDS}
            for table, ids in reading.skipped.items()
        }
        with self.database.reading() as session:
            written = written_since(session.connection(), reading.cursor, again)
            talk = [row.id for row in written if row.table == EVENTS.name and row.what in self.talk]
            lines = _heard(events_read(session.connection(), talk[:MOST_HEARD]))
            copied = {
                row.game_id for row in written if row.table == NOTICES.name and row.what in self.copying
            }
            unknown = {game for game in copied if game is not None and game not in self.kinds}
            if unknown:
                self.kinds.update(game_kinds(session, unknown))
        rows = [row for row in written if row.table != OUTBOX]
        _move(reading, rows, again, now)
        changes = [change for row in rows if (change := _change(row, lines, self._copies)) is not None]
        return changes + _sent(reading, [row for row in written if row.table == OUTBOX])

    def _copies(self, game: str) -> frozenset[str]:
        """The templates of the letters game ``game`` writes to copy a line of talk (none if unknown)."""
        return self.copies.get(self.kinds.get(game, ""), frozenset())

    def on_commit(self, callback: Callable[[], None]) -> Callable[[], None]:
        """Calls ``callback`` after each commit on this database in this process (in the thread that
        committed); returns the function that stops it."""
        return after_commits(self.database.engine, callback)


def _move(reading: Reading, written: list[Written], again: dict[str, set[int]], now: float) -> None:
    """Moves ``reading`` past ``written``: ids above the old cursor not seen are skipped ones."""
    for table in {*reading.cursor, *again}:
        ids = {row.id for row in written if row.table == table}
        old = reading.cursor.get(table, 0)
        new = max([old, *ids])
        skipped = {i: at for i, at in reading.skipped.get(table, {}).items() if i in again.get(table, ())}
        for missing in range(max(old + 1, new - MOST_SKIPPED), new):
            if missing not in ids:
                skipped[missing] = now
        for seen in ids:
            skipped.pop(seen, None)
        if len(skipped) > MOST_SKIPPED:
            skipped = dict(sorted(skipped.items())[-MOST_SKIPPED:])
        reading.cursor[table] = new
        reading.skipped[table] = skipped


def _sent(reading: Reading, counts: list[Written]) -> list[Change]:
    """The games whose mail waiting to be sent is not what it was (sent, refused): a change the
    game-master sees (the outbox on their pages)."""
    waiting = {row.game_id: row.id for row in counts if row.game_id is not None}
    before, reading.waiting = reading.waiting, waiting
    if before is None:
        return []
    return [
        Change(game, MASTER_ONLY)
        for game in sorted({*before, *waiting})
        if before.get(game) != waiting.get(game)
    ]


def _heard_kinds() -> frozenset[str]:
    """The kinds of events any game tells a line of talk of (``referee.core.rules.heard``)."""
    return frozenset(kind for game in kinds() for kind in heard_kinds(rules_for(game)))


def _heard(read: list[tuple[int, str, str, Any, Any]]) -> dict[int, tuple[str, dict[str, Any]]]:
    """The lines of talk of the events ``read`` (``events_read``) that are talk heard in a place, by id,
    each with its game's kind."""
    lines = {}
    for number, game_kind, kind, data, audience in read:
        line = heard(rules_for(game_kind), Event(kind, dict(data), tuple(audience)))
        if line is not None:
            lines[number] = (game_kind, line)
    return lines


def _change(
    row: Written, lines: dict[int, tuple[str, dict[str, Any]]], copies: Callable[[str], frozenset[str]]
) -> Change | None:
    """The change a row written makes, if it is of a game (``lines``: the talk heard, by event id;
    ``copies``: the templates of a game's letters copying talk). A letter that only copies to a
    player a line of talk their threads show changes nothing of their pages (the game-master's outbox
    alone)."""
    if row.game_id is None:
        return None
    if row.table == NOTICES.name and row.what in copies(row.game_id):
        return Change(row.game_id, MASTER_ONLY)
    if row.table == "events":
        audience = tuple(str(seat) for seat in json.loads(row.who or "[]"))
        if row.id in lines:
            kind, line = lines[row.id]
            return Change(row.game_id, audience, TALK, line, row.id, kind)
        return Change(row.game_id, audience)
    if row.table == "rollbacks":
        return Change(row.game_id, (EVERYONE,))
    if row.table in ("notices", "submissions") and row.who and row.who != MASTER:
        return Change(row.game_id, (row.who,), LETTERS if row.table == "notices" else ORDERS)
    if row.table == "audit" and row.who in DEADLINE_ACTIONS:
        return Change(row.game_id, (EVERYONE,))
    return Change(row.game_id, MASTER_ONLY)
