"""Players' web sessions signed out (``SignedOutRow``): written once, read at every player's request."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import delete
from sqlmodel import Session, col, select

from referee.store.models import SignedOutRow


def sign_out(session: Session, key: str, until: datetime, now: datetime) -> None:
    """Records the session named ``key`` as signed out until ``until``; forgets those past their time."""
    session.execute(delete(SignedOutRow).where(col(SignedOutRow.until) < now))
    if session.get(SignedOutRow, key) is None:
        session.add(SignedOutRow(key=key, until=until))


def signed_out(session: Session, key: str) -> bool:
    """Whether the session named ``key`` was signed out."""
    return session.exec(select(SignedOutRow.key).where(SignedOutRow.key == key)).first() is not None
