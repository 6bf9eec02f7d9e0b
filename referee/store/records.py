"""The game-master's audit log and orders held for a stopped game: rows, inside the caller's session."""

from __future__ import annotations

from sqlmodel import Session, col, select

from referee.store.models import AuditRow, HeldRow


def add_audit(session: Session, row: AuditRow) -> None:
    """Appends one game-master action to the audit log."""
    session.add(row)


def audit_rows(session: Session, game_id: str | None = None) -> list[AuditRow]:
    """The audit log (of ``game_id``, or of everything), oldest first."""
    query = select(AuditRow)
    if game_id is not None:
        query = query.where(AuditRow.game_id == game_id)
    return list(session.exec(query.order_by(col(AuditRow.id))).all())


def hold(session: Session, row: HeldRow) -> None:
    """Keeps orders received while their game stands still."""
    session.add(row)


def held_rows(session: Session, game_id: str) -> list[HeldRow]:
    """The orders held for ``game_id``, in the order they were received."""
    query = select(HeldRow).where(HeldRow.game_id == game_id).order_by(col(HeldRow.id))
    return list(session.exec(query).all())


def release_held(session: Session, rows: list[HeldRow]) -> None:
    """Forgets held orders once they were judged."""
    for row in rows:
        session.delete(row)
