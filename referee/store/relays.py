"""Talk relayed at once, as the outbox holds it: what one speaker's lines were mailed to each listener
lately, and the one mail a burst of lines is gathered into (``referee.app.pacing``).

A gathered mail is an outbox row like any other, with ``more`` in its data (the lines after its first)
and ``next_attempt_at`` set to when it may go: until then no sending process takes it, and the lines
said meanwhile are added to it. Once a process claims it, it is left alone.

Inside a batch of mail, the relays of every game the batch expects (``expect_relays``) are read in one
query, at the first question of the batch, and the later questions are answered from that and from the
rows the batch has written since, which it keeps (``referee.store.deferred``), without a query and
without writing those rows first. What is read is forgotten when the outbox is written otherwise (a
gathered mail) or work is undone (``referee.store.memo``); then the next question reads again.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

from sqlalchemy import insert, select, update
from sqlmodel import Session

from referee.store.boundary import NOTICES
from referee.store.clocks import as_utc
from referee.store.memo import keep, remember
from referee.store.unit import Unit

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
    seen = _seen(session, game_id, templates, since)
    if seen is None:
        return [relayed for _, relayed in _read(session, [game_id], templates, recipients, since)]
    wanted = set(recipients)
    return [row for row in seen.of(game_id) if row.recipient in wanted and row.created_at >= since]


def expect_relays(session: Unit, game_ids: Collection[str]) -> None:
    """Inside a batch of mail, says that its mails will ask for the relays of ``game_ids``: the first
    question reads those of them all (``relays_since``)."""
    if session.deferred is not None and game_ids:
        keep(session, _EXPECTED, frozenset(), frozenset(game_ids))


_EXPECTED = ("relays", "expected")
_SEEN = ("relays", "seen")
_NOTICES = frozenset({NOTICES.name})


@dataclass
class _Seen:
    """The relays of the games a batch of mail expects, in ``templates``, written at or after ``since``:
    those the database held when they were read (by game, oldest first), then the rows the batch kept
    from place ``mark`` of its rows on, taken in as they come (``scanned``: how far)."""

    games: frozenset[str]
    """The games read: those one part of the batch expects (``expect_relays``)."""
    templates: frozenset[str]
    since: datetime
    rows: list[list[Any]]
    """The batch's rows (``Deferred.rows``), the same list."""
    mark: int
    scanned: int = 0
    by_game: dict[str, list[Relayed]] = field(default_factory=dict)

    def of(self, game_id: str) -> list[Relayed]:
        """The relays of ``game_id`` read and written since, oldest first."""
        for table, values, _ in self.rows[max(self.mark, self.scanned) :]:
            if table is NOTICES and values["game_id"] in self.games and values["template"] in self.templates:
                created = as_utc(values["created_at"])
                if created >= self.since:  # never open: a gathered mail is written at once (``gather``)
                    relayed = Relayed(0, values["recipient"], created, values["data"], False)
                    self.by_game.setdefault(values["game_id"], []).append(relayed)
        self.scanned = max(self.mark, len(self.rows))
        return self.by_game.get(game_id, [])


def _seen(session: Session, game_id: str, templates: Collection[str], since: datetime) -> _Seen | None:
    """What a batch of mail has read of the relays it expects, if it covers ``game_id`` in ``templates``
    from ``since``; None outside a batch of mail, or when it does not."""
    if not isinstance(session, Unit) or session.deferred is None or session.memo is None:
        return None
    expected = session.memo.values.get(_EXPECTED)
    if expected is None or game_id not in expected[1]:
        return None
    games: frozenset[str] = expected[1]
    deferred, wanted = session.deferred, frozenset(templates)

    def read() -> _Seen:
        found = _read(session, games, wanted, None, since)  # the batch's rows of the outbox are written first
        seen = _Seen(games, wanted, since, deferred.rows, len(deferred.rows))
        for game, relayed in found:
            seen.by_game.setdefault(game, []).append(relayed)
        return seen

    seen = remember(session, (*_SEEN, games), _NOTICES, read)
    covers = wanted <= seen.templates and seen.since <= since
    return seen if covers and seen.rows is deferred.rows else None


def _read(
    session: Session,
    game_ids: Collection[str],
    templates: Collection[str],
    recipients: Collection[str] | None,
    since: datetime,
) -> list[tuple[str, Relayed]]:
    """The relay rows of ``game_ids`` in ``templates`` to ``recipients`` (None: to anyone) written at or
    after ``since``, oldest first, each with its game's id."""
    c = NOTICES.c
    query = select(
        c.id,
        c.game_id,
        c.recipient,
        c.created_at,
        c.data,
        c.sent_at,
        c.failed_at,
        c.withdrawn_at,
        c.claimed_until,
    ).where(c.game_id.in_(sorted(game_ids)), c.template.in_(sorted(templates)), c.created_at >= since)
    if recipients is not None:
        query = query.where(c.recipient.in_(sorted(recipients)))
    found = []
    for row in session.execute(query.order_by(c.id)):
        data = row.data if isinstance(row.data, dict) else {}
        unsent = row.sent_at is None and row.failed_at is None and row.withdrawn_at is None
        gathering = unsent and row.claimed_until is None and MORE in data
        found.append((row.game_id, Relayed(row.id, row.recipient, as_utc(row.created_at), data, gathering)))
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
