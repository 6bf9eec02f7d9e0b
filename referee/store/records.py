"""The game-master's audit log and orders held: for a stopped game, or until their sender confirms
them (``UNCONFIRMED``); rows, inside the caller's session."""

from __future__ import annotations

from sqlalchemy import func
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


UNCONFIRMED = "unconfirmed:"
"""What the ``source`` of orders held until their sender confirms them starts with (then "mail:<id>")."""


def held_rows(session: Session, game_id: str) -> list[HeldRow]:
    """The orders held for ``game_id`` while it stood still, in the order they were received (not
    those waiting for their sender's confirmation)."""
    query = select(HeldRow).where(HeldRow.game_id == game_id, ~col(HeldRow.source).startswith(UNCONFIRMED))
    return list(session.exec(query.order_by(col(HeldRow.id))).all())


def unconfirmed_rows(session: Session, address: str) -> list[HeldRow]:
    """The orders from ``address`` (any case) held until it confirms them, oldest first."""
    query = select(HeldRow).where(
        col(HeldRow.source).startswith(UNCONFIRMED), func.lower(HeldRow.address) == address.lower()
    )
    return list(session.exec(query.order_by(col(HeldRow.id))).all())


def release_held(session: Session, rows: list[HeldRow]) -> None:
    """Forgets held orders once they were judged."""
    for row in rows:
        session.delete(row)
