"""Sending what the outbox holds: every notice due becomes mail and is handed to the transport.

Notices are written in the same transaction as the change that causes them, so a
process that dies before sending loses nothing: the next round sends them. Each notice
is recorded as sent right after the mail server took it, and its Message-ID is derived
from the notice, so even a crash in between can only repeat it under the same
Message-ID, which mail clients show once. A temporary failure (a 4xx answer, a server
away) is retried with growing pauses; a permanent one (5xx) is kept for the
game-master and never retried.
"""

from __future__ import annotations

import asyncio
import logging
import os
import socket
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

from referee.config import MailSettings
from referee.faults import crash_point
from referee.mail.compose import compose
from referee.mail.failures import PermanentFailure
from referee.mail.transports import Outbox
from referee.render import Renderer
from referee.store.games import GameStore
from referee.store.models import MASTER, GameRow, NoticeRow, SeatRow
from referee.store.outbox import LEASE, claim, mark_failed, mark_sent, release

LOG = logging.getLogger("referee.outbox")

RETRY_FIRST = timedelta(seconds=30)
RETRY_MOST = timedelta(hours=1)
"""A notice that could not be sent is tried again after 30 s, then twice as long each time, up to an hour."""


@dataclass
class Delivery:
    """What one delivery round did: notices sent, and the failures (retried later unless permanent)."""

    sent: int = 0
    failed: list[str] = field(default_factory=list)


def process_name() -> str:
    """A name for this process in the outbox's claims: host and process id."""
    return f"{socket.gethostname()}:{os.getpid()}"


def retry_delay(attempts: int, first: timedelta = RETRY_FIRST) -> timedelta:
    """How long to wait before the next try after ``attempts`` failed ones, the first wait being ``first``."""
    return min(first * 2 ** max(attempts - 1, 0), max(RETRY_MOST, first))


class Readers:
    """The games and seats of the notices being sent, each read once."""

    def __init__(self, store: GameStore) -> None:
        self.store = store
        self.games: dict[str, GameRow] = {}
        self.seats: dict[tuple[str, str], SeatRow] = {}

    def of(self, notice: NoticeRow) -> tuple[GameRow | None, SeatRow | None]:
        """The game and the reader (a seat, or the game-master as one) of ``notice``."""
        if notice.game_id is None:
            return None, None
        if notice.game_id not in self.games:
            self.games[notice.game_id] = self.store.load(notice.game_id).row
            self.seats.update(((s.game_id, s.name), s) for s in self.store.seats(notice.game_id))
            master = self.store.master(notice.game_id)
            if master is not None:
                self.seats[(notice.game_id, MASTER)] = master.as_seat()
        return self.games[notice.game_id], self.seats.get((notice.game_id, notice.recipient))


async def send_due(
    store: GameStore,
    outbox: Outbox,
    renderer: Renderer,
    mail: MailSettings,
    owner: str,
    limit: int = 50,
    *,
    waiting: bool = False,
    retry: timedelta = RETRY_FIRST,
    lease: timedelta = LEASE,
) -> Delivery:
    """Claims up to ``limit`` notices due now and sends them through ``outbox``, oldest first.

    With ``waiting``, notices waiting to be retried are sent now too. A temporary failure
    ends the round (the server is likely away): the rest of the claimed notices are
    given back untried.
    """
    result, readers = Delivery(), Readers(store)
    claimed = claim(store, owner, datetime.now(UTC), limit, waiting=waiting, lease=lease)
    for position, notice in enumerate(claimed):
        number = int(notice.id or 0)
        where = f"notice {number} to {notice.recipient or 'a stranger'}"
        try:
            game, seat = readers.of(notice)
            for outgoing in compose(notice, game, seat, renderer, mail):
                await outbox.send(outgoing.message, outgoing.recipients)
        except PermanentFailure as error:
            mark_failed(store, number, str(error), None, datetime.now(UTC))
            result.failed.append(f"{where}: refused for good: {error}")
            LOG.warning("mail refused for good", extra={"notice": number, "error": str(error)})
            continue
        except OSError as error:
            now = datetime.now(UTC)
            mark_failed(store, number, str(error), now + retry_delay(notice.attempts + 1, retry), now)
            result.failed.append(f"{where}: {error}")
            LOG.info("mail not sent yet", extra={"notice": number, "error": str(error)})
            release(store, [int(rest.id or 0) for rest in claimed[position + 1 :]])
            break
        crash_point("sent")
        mark_sent(store, [number], datetime.now(UTC))
        result.sent += 1
    return result


async def deliver_all(store: GameStore, outbox: Outbox, renderer: Renderer, mail: MailSettings) -> Delivery:
    """Sends every unsent notice now (those waiting for a retry too), until only failures remain."""
    total, owner = Delivery(), process_name()
    while True:
        done = await send_due(store, outbox, renderer, mail, owner, waiting=True)
        total.sent += done.sent
        total.failed += done.failed
        if not done.sent or done.failed:
            return total


def deliver(store: GameStore, outbox: Outbox, renderer: Renderer, mail: MailSettings) -> Delivery:
    """``deliver_all`` for code that is not asynchronous (the command line)."""

    async def run() -> Delivery:
        try:
            return await deliver_all(store, outbox, renderer, mail)
        finally:
            await outbox.close()

    return asyncio.run(run())
