"""Sending what the outbox holds: every notice due becomes mail and is handed to the transport.

Notices are written in the same transaction as the change that causes them, so a
process that dies before sending loses nothing: the next round sends them. Notices are
handed over in groups of the outbox's ``parallel`` (one mail per SMTP connection of its pool;
a Maildir takes fifty in a row), and a group is recorded as sent, in one transaction, in a
thread while the next group goes over the network (the next is not recorded before it is). Each
Message-ID is derived from the notice, so a crash in between can only repeat the mails of the
last two groups under the same Message-IDs, which mail clients show once.
A notice with several mails (a copy for the game-master) records each recipient the server
took, so that a resend after a failure goes only to those who did not get it. A temporary
failure (a 4xx answer, a server away) is retried with growing pauses; a permanent one (5xx)
is kept for the game-master and never retried.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

from referee.app import Referee
from referee.app.letters import LEASE, Letter, Letters
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
    """What one delivery round did: notices sent, and the failures (retried later unless permanent)."""

    sent: int = 0
    failed: list[str] = field(default_factory=list)


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
) -> Delivery:
    """Claims up to ``limit`` notices due now and sends them through ``outbox``, oldest first.

    With ``waiting``, notices waiting to be retried are sent now too. Notices claimed by a process
    of this host that is dead are taken over at once, not when its lease ends. A temporary failure
    ends the round (the server is likely away): the rest of the claimed notices are
    given back untried.
    """
    result, letters, now = Delivery(), referee.letters, datetime.now(UTC)
    dead = [name for name in letters.claimants(now) if name != owner and is_dead(name)]
    if dead:
        LOG.info("taking over the mail of a process that died", extra={"processes": dead})
    claimed = letters.claim(owner, now, limit, waiting=waiting, lease=lease, dead=dead)
    step = max(1, getattr(outbox, "parallel", 1))
    groups = [claimed[start : start + step] for start in range(0, len(claimed), step)]
    ahead = _compose_later(groups[0], renderer, mail) if groups else None
    recording: asyncio.Future[None] | None = None
    try:
        for index, group in enumerate(groups):
            assert ahead is not None
            composed = await ahead
            # the next group is composed in a thread while this one goes over the network
            ahead = _compose_later(groups[index + 1], renderer, mail) if index + 1 < len(groups) else None
            outcomes = await asyncio.gather(
                *(
                    _send_each(letters, outbox, notice, mails)
                    for notice, mails in zip(group, composed, strict=True)
                ),
                return_exceptions=True,
            )
            sent = [notice.id for notice, outcome in zip(group, outcomes, strict=True) if outcome is None]
            if recording is not None:
                await recording  # the group before is recorded before this one starts to be
            # recorded in a thread while the next group goes over the network
            recording = asyncio.ensure_future(asyncio.to_thread(letters.sent, sent, datetime.now(UTC)))
            result.sent += len(sent)
            if _ended(letters, group, outcomes, result, retry):
                if ahead is not None:
                    await ahead  # composed for nothing: nothing of it was written anywhere
                letters.release([rest.id for later in groups[index + 1 :] for rest in later])
                break
    finally:
        if recording is not None:
            await recording
    return result


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


def _compose_later(
    group: list[Letter], renderer: Renderer, mail: MailSettings
) -> asyncio.Future[list[Composed]]:
    """The mails of ``group``, composed in a worker thread (composing reads no database)."""
    return asyncio.ensure_future(asyncio.to_thread(_compose_group, group, renderer, mail))


def _compose_group(group: list[Letter], renderer: Renderer, mail: MailSettings) -> list[Composed]:
    """The mails of each notice of ``group``; a notice that cannot be written fails alone."""
    composed: list[Composed] = []
    for notice in group:
        try:
            composed.append(_composed(notice, renderer, mail))
        except PermanentFailure as failure:
            composed.append(failure)
    return composed


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


async def _send_each(letters: Letters, outbox: Outbox, notice: Letter, mails: Composed) -> None:
    """Hands each of the mails of ``notice`` to ``outbox`` for the recipients it was not taken for yet.
    When a notice has several mails (a game-master's copy), each recipient is recorded as soon as the
    server took it, so that after a failure the notice goes again only to the others."""
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
        done = await send_due(referee, outbox, renderer, mail, owner, waiting=True)
        total.sent += done.sent
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
