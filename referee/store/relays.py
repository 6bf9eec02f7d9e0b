"""Talk relayed at once, as the outbox holds it: what one speaker's lines were mailed to each listener
lately, and the one mail a burst of lines is gathered into (``referee.app.pacing``).

A gathered mail is an outbox row like any other, with ``more`` in its data (the lines after its first)
and ``next_attempt_at`` set to when it may go: until then no sending process takes it, and the lines
said meanwhile are added to it. Once a process claims it, it is left alone.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from sqlalchemy import insert, select, update
from sqlmodel import Session

from referee.store.boundary import NOTICES
from referee.store.clocks import as_utc

MORE = "more"
"""The key of a gathered mail's data holding its further lines, each the data of one relay."""


@dataclass(frozen=True)
class Relayed:
    """One relay row written lately: to whom, when, its data, and whether lines may still be added
    to it (a gathered mail not sent, refused, withdrawn nor claimed by a sending process)."""

    id: int
    recipient: str
    created_at: datetime
    data: dict[str, Any]
    open: bool


def relays_since(
    session: Session, game_id: str, templates: Collection[str], recipients: Collection[str], since: datetime
) -> list[Relayed]:
    """The relay rows of ``game_id`` in ``templates`` to ``recipients`` written at or after ``since``,
    oldest first."""
    if not recipients:
        return []
    c = NOTICES.c
    query = (
        select(
            c.id, c.recipient, c.created_at, c.data, c.sent_at, c.failed_at, c.withdrawn_at, c.claimed_until
        )
        .where(
            c.game_id == game_id,
            c.template.in_(list(templates)),
            c.recipient.in_(list(recipients)),
            c.created_at >= since,
        )
        .order_by(c.id)
    )
    found = []
    for row in session.execute(query):
        data = row.data if isinstance(row.data, dict) else {}
        unsent = row.sent_at is None and row.failed_at is None and row.withdrawn_at is None
        gathering = unsent and row.claimed_until is None and MORE in data
        found.append(Relayed(row.id, row.recipient, as_utc(row.created_at), data, gathering))
    return found


def add_line(session: Session, relayed: Relayed, line: dict[str, Any]) -> Relayed | None:
    """Adds ``line`` to the gathered mail ``relayed`` if it is still open (no process claimed it
    since it was read): the mail with the line, or None if it was not open any more."""
    c = NOTICES.c
    data = {**relayed.data, MORE: [*relayed.data.get(MORE, []), line]}
    done = session.execute(
        update(NOTICES)
        .where(c.id == relayed.id, c.sent_at.is_(None), c.failed_at.is_(None), c.claimed_until.is_(None))
        .values(data=data)
    )
    return replace(relayed, data=data) if getattr(done, "rowcount", 0) else None


def gather(session: Session, row: dict[str, Any], due: datetime) -> Relayed:
    """Writes the gathered mail ``row`` (an outbox row as ``write_notices`` takes it, whose data holds
    ``more``), to go at ``due``; it as ``add_line`` takes it."""
    written = session.execute(insert(NOTICES).values(**row, next_attempt_at=due).returning(NOTICES.c.id))
    number = int(written.scalar_one())
    return Relayed(number, row["recipient"], row["created_at"], row["data"], True)
