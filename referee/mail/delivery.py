"""Sending what the outbox holds: every notice due becomes mail and is handed to the transport.

Notices are written in the same transaction as the change that causes them, so a
process that dies before sending loses nothing: the next round sends them. Notices are
handed over in groups of the outbox's ``parallel`` (one mail per SMTP connection of its pool;
a Maildir takes fifty in a row); the next notices are composed (a few ahead, into a bounded
queue) while one goes over the network, and the next claim is read while the claimed ones go.
What was sent is recorded ``RECORD_EVERY`` mails at a time (or a group at a time, when a group is
larger), in one transaction, in a thread while the next mails go (a record waits for the one
before it). Each Message-ID is derived from the notice, so a crash in between can only repeat the
mails of the last two records under the same Message-IDs, which mail clients show once:
``repeated_at_most`` says how many.
A notice with several mails (a copy for the game-master) records each recipient the server
took, so that a resend after a failure goes only to those who did not get it. A temporary
failure (a 4xx answer, a server away) is retried with growing pauses; a permanent one (5xx)
is kept for the game-master and never retried.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Coroutine
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from referee.app import LEASE, Letter, Letters, Referee
from referee.config import MailSettings
from referee.core.hooks import checkpoint
from referee.mail.compose import Outgoing, compose
from referee.mail.failures import DeliveryFailure, PermanentFailure
from referee.mail.owners import is_dead, process_name
from referee.mail.transports import Outbox
from referee.render import Renderer

LOG = logging.getLogger("referee.outbox")

RETRY_FIRST = timedelta(seconds=30)
RETRY_MOST = timedelta(hours=1)
"""A notice that could not be sent is tried again after 30 s, then twice as long each time, up to an hour."""


@dataclass
class Delivery:
    """What one delivery round did: notices sent, mails handed to the server (a notice with a copy for the
    game-master is two), and the failures (retried later unless permanent)."""

    sent: int = 0
    failed: list[str] = field(default_factory=list)
    mails: int = 0


RECORD_EVERY = 10
"""Mails sent are recorded ten at a time: one transaction a mail would cost as much as sending it."""


def repeated_at_most(parallel: int) -> int:
    """The most mails a crash while sending can make go once more, through an outbox handing over
    ``parallel`` at once: those of the record being written and those sent since."""
    return 2 * (RECORD_EVERY + parallel - 1)


CLAIM_MOST = 50
"""The most notices a round of sending claims: enough that a boundary's burst of reports goes at the
transport's speed (each round reads its games and seats once), few enough that a crash on another
host holds back little until the claims' lease ends (a restart on the same host takes them over)."""


def claim_size(outbox: Outbox, lease: timedelta, most: int = CLAIM_MOST) -> int:
    """How many notices a round claims through ``outbox``: ``most``, or under a rate limit as many as
    can be sent in half the lease, so that no claim runs out while its mail is still being sent."""
    interval = float(getattr(outbox, "interval", 0.0) or 0.0)
    if interval <= 0:
        return most
    return max(1, min(most, int(lease.total_seconds() / 2 / interval)))


def retry_delay(attempts: int, first: timedelta = RETRY_FIRST) -> timedelta:
    """How long to wait before the next try after ``attempts`` failed ones, the first wait being ``first``."""
    return min(first * 2 ** max(attempts - 1, 0), max(RETRY_MOST, first))


async def send_due(
    referee: Referee,
    outbox: Outbox,
    renderer: Renderer,
    mail: MailSettings,
    owner: str,
    limit: int = 50,
    *,
    waiting: bool = False,
    retry: timedelta = RETRY_FIRST,
    lease: timedelta = LEASE,
    ahead: bool = False,
    stop: asyncio.Event | None = None,
) -> Delivery:
    """Claims up to ``limit`` notices due now and sends them through ``outbox``, oldest first.

    With ``waiting``, notices waiting to be retried are sent now too. Notices claimed by a process
    of this host that is dead are taken over at once, not when its lease ends. A temporary failure
    ends the round (the server is likely away): the rest of the claimed notices are
    given back untried.

    The notices are composed a few ahead of the one being sent (``_Stream``), while the connection
    waits for the server's answers. With ``ahead`` (and no rate limit), the next ``limit`` notices are
    claimed while these go, and so on until the outbox is empty, ``stop`` is set or a mail could not
    be sent for now: the connection never waits for the database.
    """
    interval = float(getattr(outbox, "interval", 0.0) or 0.0)
    stream = _Stream(referee.letters, outbox, renderer, mail, owner, limit, waiting, retry, lease)
    return await stream.run(ahead=ahead and interval <= 0, stop=stop)


COMPOSED_AHEAD = 8
"""The most notices composed and waiting to be sent (beyond a group handed over at once)."""

COMPOSED_TOGETHER = 8
"""Notices composed in a row, between two looks at the server's answers: composing one at a time between
the connection's reads cost twice as much CPU as composing a few together (the templates' code and data
no longer in the processor's caches)."""


class _Stream:
    """One round of sending: a producer claims notices (in a thread) and composes them (on the loop,
    a few at a time as it is free) into a bounded queue; the sender takes them out a group (the outbox's
    ``parallel``) at a time, hands the group over and records what went, ``RECORD_EVERY`` at a time."""

    def __init__(
        self,
        letters: Letters,
        outbox: Outbox,
        renderer: Renderer,
        mail: MailSettings,
        owner: str,
        limit: int,
        waiting: bool,
        retry: timedelta,
        lease: timedelta,
    ) -> None:
        self.letters, self.outbox, self.renderer, self.mail = letters, outbox, renderer, mail
        self.owner, self.limit, self.waiting, self.retry, self.lease = owner, limit, waiting, retry, lease
        self.step = max(1, getattr(outbox, "parallel", 1))
        self.queue: asyncio.Queue[tuple[Letter, Composed] | None] = asyncio.Queue(self.step + COMPOSED_AHEAD)
        self.held: dict[int, Letter] = {}
        """The notices claimed and not yet sent nor failed: given back when the round ends early."""
        self.ended = False
        """Set when a temporary failure ends the round: nothing more is claimed or sent."""
        self.result = Delivery()

    def _claim(self) -> list[Letter]:
        """In a thread: the next notices due (the loop goes on, the web too, while the database works)."""
        now = datetime.now(UTC)
        dead = [name for name in self.letters.claimants(now) if name != self.owner and is_dead(name)]
        if dead:
            LOG.info("taking over the mail of a process that died", extra={"processes": dead})
        letters = self.letters
        return letters.claim(self.owner, now, self.limit, waiting=self.waiting, lease=self.lease, dead=dead)

    async def run(self, *, ahead: bool, stop: asyncio.Event | None) -> Delivery:
        """Sends the round; the producer and the sender run at once, the queue between them."""
        producer = asyncio.ensure_future(self._produce(ahead, stop))
        record = _Record(self.letters)
        try:
            await self._send_all(record)
        finally:
            self.ended = True
            if not producer.done():
                with contextlib.suppress(asyncio.QueueEmpty):
                    self.queue.get_nowait()  # room for a producer waiting to put one more
            try:
                await producer
            finally:
                await record.finish()
                if self.held:  # claimed, never tried: any process may take them at once
                    self.letters.release(list(self.held))
        return self.result

    async def _produce(self, ahead: bool, stop: asyncio.Event | None) -> None:
        """Claims and composes notices into the queue, until none is due, the round ends or ``stop``."""
        try:
            batch = await self._take(asyncio.to_thread(self._claim))
            while batch:
                more = ahead and len(batch) == self.limit and not (stop is not None and stop.is_set())
                claiming = asyncio.ensure_future(self._take(asyncio.to_thread(self._claim))) if more else None
                for start in range(0, len(batch), COMPOSED_TOGETHER):
                    await asyncio.sleep(0)  # the sender first, if an answer came
                    if self.ended:
                        break
                    chunk = batch[start : start + COMPOSED_TOGETHER]
                    composed = [(notice, _compose_one(notice, self.renderer, self.mail)) for notice in chunk]
                    for item in composed:  # what the round did not take is given back with the rest held
                        if self.ended:
                            break
                        await self.queue.put(item)
                batch = await claiming if claiming is not None else []
                if self.ended or (stop is not None and stop.is_set()):
                    break
        finally:
            if not self.ended:  # the sender takes what is queued, then this end
                await self.queue.put(None)

    async def _take(self, claiming: Coroutine[Any, Any, list[Letter]]) -> list[Letter]:
        """The notices of a claim, held by this round as soon as they are claimed."""
        batch = await claiming
        self.held.update((notice.id, notice) for notice in batch)
        return batch

    async def _send_all(self, record: _Record) -> None:
        """Takes groups out of the queue and hands them over, until the producer is done or a
        temporary failure ends the round."""
        while True:
            group: list[tuple[Letter, Composed]] = []
            while len(group) < self.step:
                item = await self.queue.get()
                if item is None:
                    break
                group.append(item)
            if group:
                await self._send_group(group, record)
            if len(group) < self.step or self.ended:
                return

    async def _send_group(self, group: list[tuple[Letter, Composed]], record: _Record) -> None:
        """Hands ``group`` over at once and records what went and what failed."""
        letters, result = self.letters, self.result
        sends = [_send_each(letters, self.outbox, notice, mails, result) for notice, mails in group]
        outcomes = await _each_outcome(sends)
        sent = [notice.id for (notice, _), outcome in zip(group, outcomes, strict=True) if outcome is None]
        for notice, _ in group:
            self.held.pop(notice.id, None)
        await record.add(sent)
        result.sent += len(sent)
        notices = [notice for notice, _ in group]
        if _ended(letters, notices, outcomes, result, self.retry):
            self.ended = True


async def _each_outcome(sends: list[Coroutine[Any, Any, None]]) -> list[BaseException | None]:
    """Runs ``sends`` at once; for each, None or the exception it raised (a single one is awaited
    as it is: a task of its own would cost as much as a tenth of sending it)."""
    if len(sends) != 1:
        return await asyncio.gather(*sends, return_exceptions=True)
    try:
        await sends[0]
    except Exception as error:
        return [error]
    return [None]


class _Record:
    """The notices sent in a round, recorded ``RECORD_EVERY`` at a time, each record in a thread while
    the next mails go over the network (a record starts only when the one before it has ended)."""

    def __init__(self, letters: Letters) -> None:
        self.letters = letters
        self.pending: list[int] = []
        self.writing: asyncio.Future[None] | None = None

    async def add(self, sent: list[int]) -> None:
        """Takes the notices of ``sent``; records what is pending once there are enough."""
        self.pending += sent
        if len(self.pending) >= RECORD_EVERY:
            await self._start()

    async def finish(self) -> None:
        """Records whatever is pending and waits until every record has been written."""
        await self._start()
        if self.writing is not None:
            await self.writing

    async def _start(self) -> None:
        if self.writing is not None:
            await self.writing  # the record before is written before this one starts to be
            self.writing = None
        if self.pending:
            sent, self.pending = self.pending, []
            writing = asyncio.to_thread(self.letters.sent, sent, datetime.now(UTC))
            self.writing = asyncio.ensure_future(writing)


def _ended(
    letters: Letters,
    group: list[Letter],
    outcomes: list[BaseException | None],
    result: Delivery,
    retry: timedelta,
) -> bool:
    """Records the failures of ``group``; True when one was temporary (the server is likely away, and
    the round ends: the rest are given back untried)."""
    away = False
    for notice, outcome in zip(group, outcomes, strict=True):
        if outcome is not None:
            away = _failed(letters, notice, outcome, result, retry) or away
    return away


Composed = list[Outgoing] | PermanentFailure
"""The mails of one notice, or why it cannot be written."""


def _compose_one(notice: Letter, renderer: Renderer, mail: MailSettings) -> Composed:
    """The mails of ``notice``; a notice that cannot be written fails alone."""
    try:
        return _composed(notice, renderer, mail)
    except PermanentFailure as failure:
        return failure


def _failed(
    letters: Letters, notice: Letter, error: BaseException, result: Delivery, retry: timedelta
) -> bool:
    """Records why ``notice`` was not sent; True for a temporary failure (one that ends the round)."""
    number, where = notice.id, f"notice {notice.id} to {notice.recipient or 'a stranger'}"
    if isinstance(error, PermanentFailure):
        letters.failed(number, str(error), None, datetime.now(UTC))
        result.failed.append(f"{where}: refused for good: {error}")
        LOG.warning("mail refused for good", extra={"notice": number, "error": str(error)})
        return False
    if not isinstance(error, OSError):
        raise error
    now = datetime.now(UTC)
    letters.failed(number, str(error), now + retry_delay(notice.attempts + 1, retry), now)
    result.failed.append(f"{where}: {error}")
    LOG.info("mail not sent yet", extra={"notice": number, "error": str(error)})
    return True


async def _send_each(
    letters: Letters, outbox: Outbox, notice: Letter, mails: Composed, result: Delivery
) -> None:
    """Hands each of the mails of ``notice`` to ``outbox`` for the recipients it was not taken for yet.
    When a notice has several mails (a game-master's copy), each recipient is recorded as soon as the
    server took it, so that after a failure the notice goes again only to the others. Every mail the
    server took is counted in ``result.mails``."""
    if isinstance(mails, PermanentFailure):
        raise mails
    several = len(mails) > 1
    for outgoing in mails:
        recipients = [address for address in outgoing.recipients if address.lower() not in notice.delivered]
        if not recipients:
            continue
        try:
            await outbox.send(outgoing.raw, recipients)
        except DeliveryFailure as error:
            letters.delivered(notice.id, list(error.accepted))
            raise
        result.mails += 1
        if several:
            letters.delivered(notice.id, recipients)
    checkpoint("sent")


def _composed(notice: Letter, renderer: Renderer, mail: MailSettings) -> list[Outgoing]:
    """The mails of ``notice``; a notice that cannot be written (a template error, a reader gone)
    is refused for good, alone: every other notice is still sent."""
    try:
        return compose(notice, notice.game, notice.reader, renderer, mail)
    except Exception as error:
        LOG.error("a notice could not be written", exc_info=error, extra={"notice": notice.id})
        raise PermanentFailure(f"the notice could not be written: {type(error).__name__}: {error}") from error


async def deliver_all(referee: Referee, outbox: Outbox, renderer: Renderer, mail: MailSettings) -> Delivery:
    """Sends every unsent notice now (those waiting for a retry too), until only failures remain."""
    total, owner = Delivery(), process_name()
    while True:
        done = await send_due(referee, outbox, renderer, mail, owner, waiting=True, ahead=True)
        total.sent += done.sent
        total.mails += done.mails
        total.failed += done.failed
        if not done.sent or done.failed:
            return total


def deliver(referee: Referee, outbox: Outbox, renderer: Renderer, mail: MailSettings) -> Delivery:
    """``deliver_all`` for code that is not asynchronous (the command line)."""

    async def run() -> Delivery:
        try:
            return await deliver_all(referee, outbox, renderer, mail)
        finally:
            await outbox.close()

    return asyncio.run(run())
