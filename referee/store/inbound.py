"""Mail as received, kept whole once: rows of table ``inbound``, inside the caller's session."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlmodel import Session, col, select

from referee.store.deferred import INBOUND, duplicate
from referee.store.models import InboundRow, NoticeRow
from referee.store.unit import Unit


def already_kept(session: Unit, message_id: str) -> bool:
    """Whether a mail with ``message_id`` was kept before (inside a batch of mail, by it too)."""
    deferred = session.deferred
    if deferred is not None:
        return deferred.kept_before(message_id)
    query = select(INBOUND.c.id).where(INBOUND.c.message_id == message_id).limit(1)
    return session.execute(query).first() is not None


def keep_inbound(session: Unit, record: dict[str, Any]) -> None:
    """Keeps one mail (message_id, received_at, sender, game_id, seat, outcome, raw); a mail kept
    before fails to be kept again (IntegrityError), inside a batch of mail as well (where the unique
    index is asked only when the batch writes its rows)."""
    deferred = session.deferred
    if deferred is not None and deferred.kept_before(record["message_id"]):
        raise duplicate(record["message_id"])
    session.insert(INBOUND, [record])


def inbound_rows(session: Session) -> list[InboundRow]:
    """Every mail received, in the order it was kept."""
    return list(session.exec(select(InboundRow).order_by(col(InboundRow.id))).all())


def answered_since(session: Session, address: str, since: datetime, templates: tuple[str, ...]) -> bool:
    """Whether an answer of one of ``templates`` (a refusal, ``too_big``) was written to ``address`` at
    or after ``since``: such answers go to strangers, at most one a day."""
    query = select(NoticeRow.id).where(
        col(NoticeRow.template).in_(templates), NoticeRow.address == address, NoticeRow.created_at >= since
    )
    return session.exec(query.limit(1)).first() is not None
