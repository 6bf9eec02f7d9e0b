"""How far the referee has read each IMAP mailbox, kept in the database (table ``mailboxes``)."""

from __future__ import annotations

from referee.store.models import MailboxRow
from referee.store.transactions import Database


class StoredPositions:
    """The IMAP inbox's memory of UIDVALIDITY and the highest UID done, per mailbox, in ``store``."""

    def __init__(self, database: Database) -> None:
        self.database = database

    def position(self, mailbox: str) -> tuple[int, int] | None:
        """The (UIDVALIDITY, highest UID done) kept for ``mailbox``, if any."""
        with self.database.reading() as session:
            row = session.get(MailboxRow, mailbox)
            return (row.uidvalidity, row.last_uid) if row is not None else None

    def remember(self, mailbox: str, uidvalidity: int, uid: int) -> None:
        """Keeps ``mailbox``'s position; a lower UID under the same UIDVALIDITY never moves it back."""
        with self.database.transaction() as session:
            row = session.get(MailboxRow, mailbox, with_for_update=True)
            if row is None:
                row = MailboxRow(name=mailbox, uidvalidity=uidvalidity, last_uid=uid)
            elif row.uidvalidity != uidvalidity:
                row.uidvalidity, row.last_uid = uidvalidity, uid
            else:
                row.last_uid = max(row.last_uid, uid)
            session.add(row)
