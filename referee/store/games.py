"""Games, their event logs, submissions and resolutions as rows: reading and writing, no rules.

Every function works inside a unit of work the caller opened (``Database.transaction``), so
a caller can put several of them in one transaction; what it reads and writes inside a batch it
asks of the unit (``referee.store.unit.Unit``): its ``boundary``, its ``deferred``, its ``rows``.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from datetime import datetime
from typing import Any

from sqlalchemy import func, inspect
from sqlalchemy import select as core_select
from sqlalchemy.orm.util import identity_key
from sqlmodel import Session, col, select

from referee.core.events import Event
from referee.store.boundary import EVENTS, RESOLUTIONS, as_read
from referee.store.deferred import SUBMISSIONS
from referee.store.models import EventRow, GameRow, ResolutionRow
from referee.store.rollbacks import counting, withdrawn_spans
from referee.store.unit import Unit


def game_row(session: Unit, game_id: str, *, lock: bool = False) -> GameRow | None:
    """The row of ``game_id``; with ``lock``, locked against other writers until the transaction ends
    (inside a batch of boundaries, the row the batch read and locked)."""
    batched = _batch_row(session, game_id)
    if batched is not None:
        return batched
    query = select(GameRow).where(GameRow.id == game_id)
    return session.exec(query.with_for_update() if lock else query).first()


def locked_rows(session: Unit, game_ids: Collection[str]) -> list[GameRow]:
    """The rows of ``game_ids`` that exist, read in one query and locked against other writers until
    the transaction ends, in the order of their ids (as every process locks several games)."""
    if not game_ids:
        return []
    query = select(GameRow).where(col(GameRow.id).in_(sorted(game_ids))).order_by(col(GameRow.id))
    return list(session.exec(query.with_for_update()).all())


def held_row(session: Unit, game_id: str) -> GameRow | None:
    """The row of ``game_id`` as this transaction holds it: the one a batch of boundaries read, or the
    session's own, as it holds it (a snapshot saved in a batch of mail is not read back for it), read
    only if the session holds none yet."""
    batched = _batch_row(session, game_id)
    if batched is not None:
        return batched
    held = session.identity_map.get(identity_key(GameRow, game_id))
    return held if isinstance(held, GameRow) else session.get(GameRow, game_id)


def _batch_row(session: Unit, game_id: str) -> GameRow | None:
    """The row of ``game_id`` a batch of boundaries open on ``session`` read, if any."""
    batch = session.boundary
    return batch.games.get(game_id) if batch is not None else None


def attach(session: Session, row: GameRow) -> GameRow:
    """``row``, read in an earlier unit of a batch and detached since, as ``session``'s own: the
    session's object for the same game if it holds one, else ``row`` itself, attached."""
    existing = session.identity_map.get(inspect(row).key)
    if isinstance(existing, GameRow):
        return existing
    if row not in session:
        session.add(row)
    return row


def game_heads(
    session: Session, game_ids: Collection[str]
) -> dict[str, tuple[str, str, dict[str, Any], str]]:
    """The kind, language, settings and secret of each game of ``game_ids`` that exists, by its id:
    what mail about a game needs, without its snapshot."""
    query = core_select(
        col(GameRow.id), col(GameRow.kind), col(GameRow.language), col(GameRow.settings), col(GameRow.secret)
    )
    found = session.execute(query.where(col(GameRow.id).in_(sorted(game_ids)))).all()
    return {
        game_id: (kind, language, dict(settings), secret)
        for game_id, kind, language, settings, secret in found
    }


def game_kinds(session: Session | Unit, game_ids: Collection[str]) -> dict[str, str]:
    """The kind of each game of ``game_ids`` that exists, by its id."""
    query = core_select(col(GameRow.id), col(GameRow.kind)).where(col(GameRow.id).in_(sorted(game_ids)))
    return {str(game_id): str(kind) for game_id, kind in session.execute(query).all()}


def game_rows(session: Session) -> list[GameRow]:
    """Every game, oldest first."""
    return list(session.exec(select(GameRow).order_by(col(GameRow.created_at))).all())


def append_events(
    session: Unit, game_id: str, after_seq: int, phase: str, events: list[Event], now: datetime
) -> int:
    """Appends ``events`` after event number ``after_seq``; returns the number of the last one (inside
    a batch of boundaries, written with the batch)."""
    if not events:
        return after_seq
    rows = [
        {
            "game_id": game_id,
            "seq": after_seq + number,
            "phase": phase,
            "kind": event.kind,
            "data": event.data,
            "audience": list(event.audience),
            "logged_at": now,
        }
        for number, event in enumerate(events, 1)
    ]
    session.insert(EVENTS, rows)
    return after_seq + len(rows)


def save_snapshot(
    session: Unit, row: GameRow, seq: int, dump: Callable[[], dict[str, Any]], phase: str, finished: bool
) -> None:
    """Writes the snapshot of a game's state after event ``seq`` (nothing if it is the one stored): at
    once, by one statement; inside a batch of boundaries, with the batch's rows; inside a batch of mail,
    when the batch writes it. ``dump`` gives the state as stored; inside a batch of mail, where a game
    is saved by each of its mails and written once, it is called only for the snapshot written."""
    if row.last_seq != seq:  # the unit's ``rows`` write it: ``referee.store.unit.Rows.snapshot``
        session.rows.snapshot(session, row, {"last_seq": seq, "phase": phase, "finished": finished}, dump)


def keep_submission(
    session: Unit,
    game_id: str,
    seat: str,
    received_at: datetime,
    source: str,
    text: str,
    verdicts: list[dict[str, Any]],
) -> None:
    """Keeps a submission whole with the verdict on each of its lines."""
    row = {
        "game_id": game_id,
        "seat": seat,
        "received_at": received_at,
        "source": source,
        "text": text,
        "verdicts": verdicts,
    }
    session.insert(SUBMISSIONS, [row])


def record_resolution(
    session: Unit, game_id: str, phase: str, resolved_at: datetime, first_seq: int, last_seq: int
) -> None:
    """Records that ``phase`` was resolved, as the attempt after those withdrawn; its unique key makes
    a second record of the same attempt fail (IntegrityError; inside a batch of boundaries, when the
    batch writes its rows)."""
    batch = session.boundary
    attempt = batch.withdrawn.get((game_id, phase)) if batch is not None else None
    if attempt is None:
        withdrawn = select(func.count()).where(
            ResolutionRow.game_id == game_id,
            ResolutionRow.phase == phase,
            col(ResolutionRow.withdrawn_at).is_not(None),
        )
        attempt = int(session.exec(withdrawn).one())
    row = {
        "game_id": game_id,
        "phase": phase,
        "resolved_at": resolved_at,
        "first_seq": first_seq,
        "last_seq": last_seq,
        "attempt": attempt,
    }
    session.insert(RESOLUTIONS, [row])


def resolution_count(session: Session, game_id: str, phase: str) -> int:
    """How many times ``phase`` of ``game_id`` was resolved and not withdrawn (0 or 1)."""
    query = select(func.count()).where(
        ResolutionRow.game_id == game_id,
        ResolutionRow.phase == phase,
        col(ResolutionRow.withdrawn_at).is_(None),
    )
    return int(session.exec(query).one())


def event_rows(
    session: Session, game_id: str, first: int | None = None, last: int | None = None
) -> list[EventRow]:
    """The whole event log of ``game_id``, in order, withdrawn events too; with ``first`` and ``last``,
    only the events numbered from one to the other (a range of its ``(game_id, seq)`` key)."""
    query = select(EventRow).where(EventRow.game_id == game_id)
    if first is not None and last is not None:
        query = query.where(col(EventRow.seq).between(first, last))
    return list(session.exec(query.order_by(col(EventRow.seq))).all())


def logged(session: Session, game_id: str, first: int, last: int) -> list[Any]:
    """The events of ``game_id`` numbered from ``first`` to ``last``, withdrawn ones too, in order, each
    its ``seq``, ``kind``, ``data`` and ``audience`` (a range of the ``(game_id, seq)`` key)."""
    query = (
        select(col(EventRow.seq), col(EventRow.kind), col(EventRow.data), col(EventRow.audience))
        .where(EventRow.game_id == game_id, col(EventRow.seq).between(first, last))
        .order_by(col(EventRow.seq))
    )
    return list(session.exec(query).all())


def log(session: Unit, game_id: str, upto: int | None = None, *, after: int = 0) -> list[Event]:
    """The events of ``game_id`` that count (none a rollback withdrew) as the rules know them, in
    order; with ``upto``, only those numbered up to it; with ``after``, only those numbered above it."""
    columns = select(col(EventRow.kind), col(EventRow.data), col(EventRow.audience))
    query = columns.where(EventRow.game_id == game_id, counting(withdrawn_spans(session, game_id)))
    if upto is not None:
        query = query.where(col(EventRow.seq) <= upto)
    if after:
        query = query.where(col(EventRow.seq) > after)
    rows = session.exec(query.order_by(col(EventRow.seq))).all()
    found = [Event(kind, data, tuple(audience)) for kind, data, audience in rows]
    batch = session.boundary
    if batch is not None:  # and those a batch of boundaries wrote so far
        found += [
            as_read(row)
            for row in batch.fresh_events(game_id)
            if (upto is None or row["seq"] <= upto) and row["seq"] > after
        ]
    return found


def phase_log(session: Unit, game_id: str, phase: str, kinds: frozenset[str] | None = None) -> list[Event]:
    """The events that count logged while ``phase`` of ``game_id`` was open, in order, of ``kinds``
    only if given (inside a batch of boundaries, those it read first and those it wrote since)."""
    batch = session.boundary
    if batch is not None:
        logged = batch.logged.get((game_id, phase))
        if logged is None:
            logged = _phase_log(session, game_id, phase, kinds)
        fresh = [
            as_read(row)
            for row in batch.fresh_events(game_id)
            if row["phase"] == phase and (kinds is None or row["kind"] in kinds)
        ]
        return logged + fresh  # logged: read first of the same kinds (``prefetch``)
    return _phase_log(session, game_id, phase, kinds)


def _phase_log(session: Unit, game_id: str, phase: str, kinds: frozenset[str] | None) -> list[Event]:
    columns = select(col(EventRow.kind), col(EventRow.data), col(EventRow.audience))
    query = columns.where(
        EventRow.game_id == game_id, EventRow.phase == phase, counting(withdrawn_spans(session, game_id))
    )
    if kinds is not None:
        query = query.where(col(EventRow.kind).in_(sorted(kinds)))
    rows = session.exec(query.order_by(col(EventRow.seq))).all()
    return [Event(kind, data, tuple(audience)) for kind, data, audience in rows]


def kind_log(session: Unit, game_id: str, kinds: frozenset[str]) -> list[Event]:
    """The events of ``game_id`` of ``kinds`` that count (none a rollback withdrew), in order."""
    columns = select(col(EventRow.kind), col(EventRow.data), col(EventRow.audience))
    query = columns.where(
        EventRow.game_id == game_id,
        col(EventRow.kind).in_(sorted(kinds)),
        counting(withdrawn_spans(session, game_id)),
    )
    found = session.exec(query.order_by(col(EventRow.seq))).all()
    return [Event(kind, data, tuple(audience)) for kind, data, audience in found]


def mark_failed(session: Unit, game_id: str, failure: str | None, at: datetime | None) -> None:
    """Marks ``game_id`` as stopped on ``failure`` (or, with None, as running again)."""
    row = game_row(session, game_id, lock=True)
    if row is not None:
        row.failed_at, row.failure = at, failure
        session.add(row)
