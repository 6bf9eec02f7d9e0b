"""Withdrawn resolutions as rows: which spans of a game's log no longer count, the last resolution,
and the notices a withdrawn resolution wrote. Rows only, inside the caller's session.

The events of a withdrawn span stay in the table (the log is append-only); every reader of the log
that folds or shows it asks ``withdrawn_spans`` and leaves them out.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import and_, not_, true
from sqlmodel import Session, col, select

from referee.store.models import EventRow, NoticeRow, ResolutionRow, RollbackRow
from referee.store.unit import Unit

Span = tuple[int, int]


def withdrawn_spans(session: Unit, game_id: str) -> list[Span]:
    """The spans of event numbers (first, last) of ``game_id`` that rollbacks withdrew, oldest first."""
    batch = session.boundary
    if batch is not None and game_id in batch.spans:
        return batch.spans[game_id]
    query = select(RollbackRow.first_seq, RollbackRow.last_seq).where(RollbackRow.game_id == game_id)
    return [(first, last) for first, last in session.exec(query.order_by(col(RollbackRow.id))).all()]


def counting(spans: list[Span]) -> Any:
    """The condition on ``EventRow.seq`` that leaves out ``spans`` (true when there are none)."""
    return and_(true(), *(not_(col(EventRow.seq).between(first, last)) for first, last in spans))


def is_withdrawn(seq: int, spans: list[Span]) -> bool:
    """Whether event number ``seq`` lies in one of ``spans``."""
    return any(first <= seq <= last for first, last in spans)


def last_resolution(session: Session, game_id: str) -> ResolutionRow | None:
    """The latest resolution of ``game_id``, withdrawn or not."""
    query = select(ResolutionRow).where(ResolutionRow.game_id == game_id)
    return session.exec(query.order_by(col(ResolutionRow.id).desc()).limit(1)).first()


def live_resolutions(session: Session, game_id: str) -> list[ResolutionRow]:
    """The resolutions of ``game_id`` that still count, oldest first."""
    query = select(ResolutionRow).where(
        ResolutionRow.game_id == game_id, col(ResolutionRow.withdrawn_at).is_(None)
    )
    return list(session.exec(query.order_by(col(ResolutionRow.id))).all())


def withdraw(session: Session, resolution: ResolutionRow, last_seq: int, now: datetime) -> RollbackRow:
    """Marks ``resolution`` withdrawn and records the rollback of its events up to ``last_seq``."""
    resolution.withdrawn_at = now
    session.add(resolution)
    rollback = RollbackRow(
        game_id=resolution.game_id,
        resolution_id=resolution.id or 0,
        phase=resolution.phase,
        first_seq=resolution.first_seq,
        last_seq=last_seq,
        at=now,
    )
    session.add(rollback)
    return rollback


def notices_from(session: Session, game_id: str, first_id: int) -> list[NoticeRow]:
    """The notices of ``game_id`` written from notice ``first_id`` on, oldest first."""
    query = select(NoticeRow).where(NoticeRow.game_id == game_id, col(NoticeRow.id) >= first_id)
    return list(session.exec(query.order_by(col(NoticeRow.id))).all())


def phase_notices(session: Session, game_id: str, phase: str) -> list[NoticeRow]:
    """The notices of ``game_id`` written for ``phase``, oldest first."""
    query = select(NoticeRow).where(NoticeRow.game_id == game_id, NoticeRow.phase == phase)
    return list(session.exec(query.order_by(col(NoticeRow.id))).all())
