"""Mail that gave a wrong password: rows of ``password_failures``, inside the caller's session."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import delete
from sqlmodel import Session, col, select

from referee.store.models import FailureRow, NoticeRow

GUESSING = "guessing"
"""The template of the note telling a game-master that passwords are being guessed."""


def add_failure(session: Session, at: datetime, address: str, game_id: str | None, seat: str | None) -> None:
    """Records that a mail from ``address`` (to ``seat``'s personal address, if any) gave a wrong password."""
    session.add(FailureRow(at=at, address=address, game_id=game_id, seat=seat))


def failures(
    session: Session, since: datetime, *, address: str | None = None, seat: tuple[str, str] | None = None
) -> list[tuple[datetime, str]]:
    """When the wrong passwords at or after ``since`` came and from what address, oldest first: from
    ``address``, or to ``seat`` (game id and seat name)."""
    query = select(FailureRow.at, FailureRow.address).where(FailureRow.at >= since)
    if address is not None:
        query = query.where(FailureRow.address == address)
    if seat is not None:
        query = query.where(FailureRow.game_id == seat[0], FailureRow.seat == seat[1])
    return [(at, sender) for at, sender in session.exec(query.order_by(col(FailureRow.at))).all()]


def forget_failures(session: Session, before: datetime) -> None:
    """Deletes the failures older than ``before``: they no longer count."""
    session.execute(delete(FailureRow).where(col(FailureRow.at) < before))


def noted_since(session: Session, game_id: str, since: datetime) -> bool:
    """Whether the game-master of ``game_id`` was told of password guessing at or after ``since``."""
    query = select(NoticeRow.id).where(
        NoticeRow.game_id == game_id, NoticeRow.template == GUESSING, NoticeRow.created_at >= since
    )
    return session.exec(query.limit(1)).first() is not None
