"""The outbox's writing side and what was written: notices as rows, inside the caller's session."""

from __future__ import annotations

from typing import Any

from sqlmodel import Session, col, select

from referee.store.boundary import NOTICES
from referee.store.models import NoticeRow
from referee.store.unit import Unit


def write_notices(session: Unit, rows: list[dict[str, Any]]) -> None:
    """Inserts outbox rows (every row with the same keys: game_id, phase, recipient, template, data,
    created_at, address, in_reply_to, subject); inside a batch of boundaries or of mail, with the batch."""
    session.insert(NOTICES, rows)


def notice_rows(session: Session, game_id: str | None, *, unsent_only: bool = False) -> list[NoticeRow]:
    """The notices of ``game_id`` (of every game and none when None) in the order they were written."""
    query = select(NoticeRow)
    if game_id is not None:
        query = query.where(NoticeRow.game_id == game_id)
    if unsent_only:  # to be sent: a report withdrawn before it went out never goes
        query = query.where(col(NoticeRow.sent_at).is_(None), col(NoticeRow.withdrawn_at).is_(None))
    return list(session.exec(query.order_by(col(NoticeRow.id))).all())
