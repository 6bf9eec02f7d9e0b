"""What a batch of boundaries reads before its games and writes after them: rows, no rules.

Resolving one game reads its row, its clock, its withdrawn spans and the events of its phase, and
writes events, a resolution and notices: a dozen statements, most of a game's cost. A batch of
boundaries (``referee.app.batches``) reads all of that for every game of the batch with a few
queries over the games' ids before the first game (``prefetch``), and keeps what each game writes
in memory (``Boundary``) until the last: then each table gets one insert of many rows (``write``).

While a ``Boundary`` is open on a unit of work (``Unit.boundary``, of kind ``Kind.BOUNDARY``) the
store's functions answer from it and the unit's rows of its tables go to it (it is the unit's
``rows``); without one they read and write as always. A game whose rules
fail drops what it wrote (``Boundary.drop``) and its rows are read afresh; the unique resolution
key is checked by the final insert, which fails the whole batch if another process was first.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Table, func
from sqlalchemy import select as core_select
from sqlalchemy.orm.attributes import set_committed_value
from sqlmodel import Session, col, select

from referee.core.events import Event
from referee.store.bulk import as_data, read_rows, update_rows, write_rows
from referee.store.models import ClockRow, EventRow, GameRow, NoticeRow, ResolutionRow, RollbackRow, table_of
from referee.store.unit import Dump, Kind, Rows, Unit

EVENTS = table_of(EventRow)
RESOLUTIONS = table_of(ResolutionRow)
NOTICES = table_of(NoticeRow)
TABLES = (EVENTS, RESOLUTIONS, NOTICES)
"""The tables a boundary writes rows to, in the order ``write`` inserts them."""
GAMES = table_of(GameRow)
"""The games, whose snapshots are written by a plain update (a boundary's after its inserts)."""

_CHUNK = 500
"""How many ids one prefetching query names at most."""

Span = tuple[int, int]


@dataclass
class Boundary:
    """The rows of a batch of due games, read before the batch, and the rows it writes so far.

    ``games`` and ``clocks`` are the session's own objects (locked on PostgreSQL; None for a game
    without a clock); ``spans`` the withdrawn spans of each game's log; ``withdrawn`` how many
    resolutions of each (game, phase) were withdrawn; ``logged`` the events of each game's due
    phase that count. ``pending`` holds
    what the game under way wrote, ``kept`` what the games done wrote, by game, by table; ``read``
    the columns of each game row and clock as read.
    """

    games: dict[str, GameRow] = field(default_factory=dict)
    clocks: dict[str, ClockRow | None] = field(default_factory=dict)
    spans: dict[str, list[Span]] = field(default_factory=dict)
    withdrawn: dict[tuple[str, str], int] = field(default_factory=dict)
    logged: dict[tuple[str, str], list[Event]] = field(default_factory=dict)
    pending: dict[str | None, dict[Table, list[dict[str, Any]]]] = field(default_factory=dict)
    kept: dict[str | None, dict[Table, list[dict[str, Any]]]] = field(default_factory=dict)
    read: dict[int, dict[str, Any]] = field(default_factory=dict)
    pending_snapshot: tuple[str, dict[str, Any]] | None = None
    """The snapshot the game under way saved: its id and the columns of its row to update."""
    snapshots: dict[str, dict[str, Any]] = field(default_factory=dict)
    """The snapshots the games done saved, by game: updated with the batch's rows."""
    outer: Rows | None = None
    """Where the unit's rows of other tables go (the unit's own ``rows`` before the batch opened)."""

    def add(self, table: Table, rows: list[dict[str, Any]]) -> None:
        """Buffers ``rows`` of ``table`` for the game under way (each row names its game); rows of a
        table the batch does not write go where the unit wrote them before it."""
        if table not in TABLES and self.outer is not None:
            self.outer.add(table, rows)
            return
        for row in rows:
            self.pending.setdefault(row["game_id"], {}).setdefault(table, []).append(row)

    def save(self, row: GameRow, values: dict[str, Any]) -> None:
        """Keeps the snapshot columns ``values`` of the game under way, for the batch to update its row
        with; the row object reads them from now on, as written already."""
        self.pending_snapshot = (row.id, values)
        for name, value in values.items():
            set_committed_value(row, name, value)

    def snapshot(self, unit: Unit, row: GameRow, columns: dict[str, Any], dump: Dump) -> None:
        """A game of the batch: its snapshot is written with the batch's rows (``save``); another
        game's by the ORM, with the unit."""
        values = {**columns, "state": dump()}
        if self.games.get(row.id) is row:
            self.save(row, values)
            return
        for name, value in values.items():
            setattr(row, name, value)
        unit.add(row)

    def keep(self) -> None:
        """The game under way is done: what it wrote is written with the batch."""
        for game_id, tables in self.pending.items():
            kept = self.kept.setdefault(game_id, {})
            for table, rows in tables.items():
                kept.setdefault(table, []).extend(rows)
        self.pending = {}
        if self.pending_snapshot is not None:
            game_id, values = self.pending_snapshot
            self.snapshots[game_id] = values
            self.pending_snapshot = None

    def drop(self, session: Session, game_id: str) -> None:
        """The game under way failed: what it wrote is forgotten, and its row and clock are put back
        as they were read (a clock it created is forgotten too)."""
        self.pending = {}
        self.pending_snapshot = None
        game = self.games.get(game_id)
        if game is not None:  # its snapshot is not written with the batch: the row says so again
            for name, value in self.read[id(game)].items():
                set_committed_value(game, name, value)
        clock = self.clocks.get(game_id)
        if clock is not None:
            for name, value in self.read[id(clock)].items():
                if getattr(clock, name) != value:
                    setattr(clock, name, value)
        for new in list(session.new):
            if isinstance(new, ClockRow) and new.game_id == game_id:
                session.expunge(new)

    def remember(self, row: GameRow | ClockRow) -> None:
        """Keeps the columns of ``row`` as read, for ``drop``."""
        self.read[id(row)] = {column.key: getattr(row, column.key) for column in table_of(type(row)).columns}

    def fresh_events(self, game_id: str) -> list[dict[str, Any]]:
        """The event rows of ``game_id`` written in this batch so far, in order."""
        kept = self.kept.get(game_id, {}).get(EVENTS, [])
        pending = self.pending.get(game_id, {}).get(EVENTS, [])
        return kept + pending

    def write(self, session: Unit) -> None:
        """Inserts every row the games done wrote: one statement of many rows per table, by the
        driver itself (``referee.store.bulk``), and tells the unit so."""
        connection = session.connection()
        for table in TABLES:
            rows = [row for tables in self.kept.values() for row in tables.get(table, [])]
            if rows:
                write_rows(connection, table, rows)
        if self.snapshots:
            saved = [{"id": game_id, **values} for game_id, values in self.snapshots.items()]
            update_rows(connection, GAMES, "id", saved)
        session.written(*TABLES, GAMES)
        self.kept, self.snapshots = {}, {}


Kinds = Callable[[str], frozenset[str] | None]
"""The kinds of logged events a game of a given kind reads of its phase's log (None: all)."""


def _every_kind(kind: str) -> frozenset[str] | None:
    return None


@contextmanager
def boundary(unit: Unit, due: Sequence[tuple[str, str]], kinds: Kinds = _every_kind) -> Iterator[Boundary]:
    """A ``Boundary`` for ``due`` (game id, due phase) open on ``unit`` for the block, which is a batch
    of boundaries meanwhile: the rows read first (``prefetch``); the rows the unit inserts go to the
    batch; the caller writes what the games kept (``Boundary.write``)."""
    opened = prefetch(unit, due, kinds)
    before = (unit.kind, unit.rows, unit.boundary)
    opened.outer = unit.rows
    unit.kind, unit.rows, unit.boundary = Kind.BOUNDARY, opened, opened
    try:
        yield opened
    finally:
        unit.kind, unit.rows, unit.boundary = before


def _chunks(ids: Sequence[str]) -> Iterable[list[str]]:
    for start in range(0, len(ids), _CHUNK):
        yield list(ids[start : start + _CHUNK])


def prefetch(session: Session, due: Sequence[tuple[str, str]], kinds: Kinds = _every_kind) -> Boundary:
    """Reads, for the games of ``due`` (game id, due phase), what resolving them reads, with a few
    queries: their rows and clocks (both locked against other writers, in the order of their ids),
    their withdrawn spans and resolutions, and the events of each one's due phase of the kinds its
    game reads (``kinds`` of the game's kind)."""
    ids = sorted({game_id for game_id, _ in due})
    phases = {game_id: phase for game_id, phase in due}
    found = Boundary()
    _read_games(session, ids, found)
    ids = [game_id for game_id in ids if game_id in found.games]
    found.clocks = {game_id: found.clocks.get(game_id) for game_id in ids}
    _read_spans(session, ids, found)
    _read_withdrawn(session, ids, phases, found)
    _read_logged(session, ids, phases, kinds, found)
    return found


def _read_games(session: Session, ids: list[str], found: Boundary) -> None:
    """The rows and clocks of the games ``ids``, locked in the order of their ids, as read."""
    for chunk in _chunks(ids):
        games = select(GameRow).where(col(GameRow.id).in_(chunk)).order_by(col(GameRow.id))
        found.games.update((row.id, row) for row in session.exec(games.with_for_update()).all())
    for row in found.games.values():
        found.remember(row)
    for chunk in _chunks(ids):
        clocks = select(ClockRow).where(col(ClockRow.game_id).in_(chunk)).order_by(col(ClockRow.game_id))
        found.clocks.update((clock.game_id, clock) for clock in session.exec(clocks.with_for_update()).all())
    for clock in found.clocks.values():
        if clock is not None:
            found.remember(clock)


def _read_spans(session: Session, ids: list[str], found: Boundary) -> None:
    """The withdrawn spans of each game's log."""
    found.spans = {game_id: [] for game_id in ids}
    for chunk in _chunks(ids):
        spans = select(RollbackRow.game_id, RollbackRow.first_seq, RollbackRow.last_seq)
        spans = spans.where(col(RollbackRow.game_id).in_(chunk)).order_by(col(RollbackRow.id))
        for game_id, first, last in session.exec(spans).all():
            found.spans[game_id].append((first, last))


def _read_withdrawn(session: Session, ids: list[str], phases: dict[str, str], found: Boundary) -> None:
    """How many resolutions of each game's due phase were withdrawn."""
    found.withdrawn = {(game_id, phases[game_id]): 0 for game_id in ids}
    for chunk in _chunks(ids):
        counted = core_select(col(ResolutionRow.game_id), col(ResolutionRow.phase), func.count()).where(
            col(ResolutionRow.game_id).in_(chunk), col(ResolutionRow.withdrawn_at).is_not(None)
        )
        counted = counted.group_by(col(ResolutionRow.game_id), col(ResolutionRow.phase))
        for game_id, phase, count in session.execute(counted).all():
            found.withdrawn[(game_id, phase)] = int(count)


def _read_logged(
    session: Session, ids: list[str], phases: dict[str, str], kinds: Kinds, found: Boundary
) -> None:
    """The events that count of each game's due phase, of the kinds its game reads."""
    found.logged = {(game_id, phases[game_id]): [] for game_id in ids}
    read = {game_id: kinds(found.games[game_id].kind) for game_id in ids}
    for chunk in _chunks(ids):
        query = core_select(
            col(EventRow.game_id),
            col(EventRow.phase),
            col(EventRow.seq),
            col(EventRow.kind),
            col(EventRow.data),
            col(EventRow.audience),
        ).where(col(EventRow.game_id).in_(chunk), col(EventRow.phase).in_(sorted({phases[g] for g in chunk})))
        wanted = [only for game_id in chunk if (only := read[game_id]) is not None]
        if len(wanted) == len(chunk):
            query = query.where(col(EventRow.kind).in_(sorted(frozenset[str]().union(*wanted))))
        query = query.order_by(col(EventRow.game_id), col(EventRow.seq))
        for game_id, phase, seq, kind, data, audience in read_rows(session.connection(), query):
            logged = found.logged.get((game_id, phase))
            spans, only = found.spans[game_id], read[game_id]
            if logged is None or (only is not None and kind not in only):
                continue
            if not (spans and any(first <= seq <= last for first, last in spans)):
                logged.append(Event(kind, as_data(data), tuple(as_data(audience))))


def as_read(row: dict[str, Any]) -> Event:
    """The event of a buffered row as it will read from the database (its data through JSON)."""
    return Event(row["kind"], json.loads(json.dumps(row["data"])), tuple(row["audience"]))
