"""The outbox's sending side: claiming notices to send, and recording what became of each.

A sending process first claims a batch (a lease, taken with ``FOR UPDATE SKIP LOCKED``
on PostgreSQL, so two processes never claim the same notice), then records each notice
as sent right after the mail server took it. A process that dies leaves its claims behind:
a process that can tell it is dead (``claimants`` names the holders; the caller checks them)
takes them over at once, any other waits for the lease to expire. Either way the notices go
with the same Message-ID.
"""

from __future__ import annotations

from collections.abc import Collection
from datetime import datetime, timedelta

from sqlalchemy import bindparam, or_, update
from sqlalchemy.orm.attributes import set_committed_value
from sqlmodel import col, select

from referee.store.models import NoticeRow
from referee.store.notices import NOTICES
from referee.store.status import REFUSED_COUNT, WAITING, count, session_runner
from referee.store.transactions import Database

LEASE = timedelta(minutes=2)
"""How long a claim keeps other processes off a notice, unless the caller says otherwise."""


def claim(
    database: Database,
    owner: str,
    now: datetime,
    limit: int = 50,
    *,
    waiting: bool = False,
    lease: timedelta = LEASE,
    dead: Collection[str] = (),
) -> list[NoticeRow]:
    """Claims up to ``limit`` notices due for sending (oldest first) for the process ``owner``.

    With ``waiting``, notices waiting to be retried after a failure are taken at once too. Claims
    of the processes in ``dead`` are taken over at once, whatever their lease.
    """
    with database.transaction() as session:
        query = select(NoticeRow).where(
            col(NoticeRow.sent_at).is_(None),
            col(NoticeRow.failed_at).is_(None),
            col(NoticeRow.withdrawn_at).is_(None),  # a withdrawn report not sent yet is never sent
        )
        if not waiting:
            query = query.where(
                or_(col(NoticeRow.next_attempt_at).is_(None), col(NoticeRow.next_attempt_at) <= now)
            )
        query = (
            query.where(
                or_(
                    col(NoticeRow.claimed_until).is_(None),
                    col(NoticeRow.claimed_until) < now,
                    col(NoticeRow.claimed_by).in_(list(dead)),
                )
            )
            .order_by(col(NoticeRow.id))
            .limit(limit)
            .with_for_update(skip_locked=True)
        )
        rows = list(session.exec(query).all())
        if rows:  # one statement for the claim, and the rows read say so without being written again
            until = now + lease
            session.execute(
                update(NOTICES)
                .where(NOTICES.c.id.in_([row.id for row in rows]))
                .values(claimed_by=owner, claimed_until=until)
            )
            for row in rows:
                set_committed_value(row, "claimed_by", owner)
                set_committed_value(row, "claimed_until", until)
        return rows


def claimants(database: Database, now: datetime) -> list[str]:
    """The processes holding a lease on an unsent notice at ``now``."""
    with database.reading() as session:
        # Only the notices being sent hold a claim: the index on its end finds those few rows (a
        # notice sent has none left, and the check that it is unsent is made here, not by the index).
        query = select(NoticeRow.claimed_by, NoticeRow.sent_at).where(
            col(NoticeRow.claimed_until) >= now, col(NoticeRow.claimed_by).is_not(None)
        )
        return sorted({owner for owner, sent_at in session.exec(query).all() if owner and sent_at is None})


def mark_sent(database: Database, notice_ids: list[int], now: datetime) -> None:
    """Records that the notices ``notice_ids`` were handed to the outgoing transport."""
    if not notice_ids:
        return
    with database.statements() as connection:
        connection.execute(_SENT, [{"notice": number, "now": now} for number in notice_ids])


_SENT = (
    update(NOTICES)
    .where(NOTICES.c.id == bindparam("notice"))
    .values(sent_at=bindparam("now"), attempts=NOTICES.c.attempts + 1, last_error=None, claimed_until=None)
)
"""One notice recorded as sent (run for many at once: one statement, many rows)."""


def mark_delivered(database: Database, notice_id: int, addresses: list[str]) -> None:
    """Records that the mail server took the mail of notice ``notice_id`` for ``addresses``; the notice
    itself is not sent until ``mark_sent``, and a resend goes only to the others."""
    if not addresses:
        return
    with database.transaction() as session:
        row = session.get(NoticeRow, notice_id)
        if row is not None:
            row.delivered = list(dict.fromkeys([*(row.delivered or []), *(a.lower() for a in addresses)]))
            session.add(row)


def mark_failed(
    database: Database, notice_id: int, error: str, retry_at: datetime | None, now: datetime
) -> None:
    """Records a failed attempt: tried again from ``retry_at``, or never again when it is None."""
    with database.transaction() as session:
        row = session.get(NoticeRow, notice_id)
        if row is not None:
            row.attempts, row.last_error, row.claimed_until = row.attempts + 1, error[:500], None
            row.next_attempt_at = retry_at
            row.failed_at = None if retry_at is not None else now
            session.add(row)


def release(database: Database, notice_ids: list[int]) -> None:
    """Gives back the claims on ``notice_ids`` unsent, for any process to take at once."""
    if notice_ids:
        with database.transaction() as session:
            session.execute(
                update(NOTICES).where(col(NoticeRow.id).in_(notice_ids)).values(claimed_until=None)
            )


def backlog(database: Database) -> tuple[int, int]:
    """How many notices wait to be sent, and how many the mail server refused for good."""
    with database.reading() as session:
        run = session_runner(session)
        return count(run, WAITING), count(run, REFUSED_COUNT)
