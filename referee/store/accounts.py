"""Game-masters' web accounts: rows only, inside the caller's session."""

from __future__ import annotations

from sqlmodel import Session, col, select

from referee.store.models import AccountRow


def account_by_email(session: Session, email: str) -> AccountRow | None:
    """The account whose address is ``email`` (addresses are kept in lower case)."""
    return session.exec(select(AccountRow).where(AccountRow.email == email.lower())).first()


def account_by_id(session: Session, account_id: int) -> AccountRow | None:
    """The account numbered ``account_id``."""
    return session.get(AccountRow, account_id)


def account_rows(session: Session) -> list[AccountRow]:
    """Every account, oldest first."""
    return list(session.exec(select(AccountRow).order_by(col(AccountRow.id))).all())


def add_account(session: Session, row: AccountRow) -> AccountRow:
    """Adds ``row``; the database refuses a second account with the same address."""
    session.add(row)
    session.flush()
    return row


def remove_account(session: Session, row: AccountRow) -> None:
    """Deletes ``row``."""
    session.delete(row)
    session.flush()


def new_epoch(session: Session, row: AccountRow) -> int:
    """Raises ``row``'s session epoch (every session signed with the old one is refused); the new one."""
    row.session_epoch = (row.session_epoch or 0) + 1
    session.add(row)
    session.flush()
    return row.session_epoch
