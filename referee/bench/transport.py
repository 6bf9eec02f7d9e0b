"""How fast the mail servers' own protocols go, with nothing of the referee around them, and the
referee's IMAP inbox alone, with none of the work on the mails it fetches.

The benchmark compares the referee's inbox and outbox with these numbers: the gap is
what the referee's bookkeeping costs. Each function talks to a real server (on
loopback, in the benchmark) and returns messages per second.
"""

from __future__ import annotations

import asyncio
import ssl
import time
import uuid
from collections.abc import Sequence

import aiosmtplib
from imapclient import IMAPClient

from referee.mail.imap import SEEN, ImapInbox, UidMemory
from referee.mail.transports import TransportError, fetches
from referee.mail.urls import ImapSettings

FETCH_BATCH = 100


def bare_imap_fetch(server_settings: ImapSettings, password: str, count: int) -> float:
    """Messages per second reading the oldest ``count`` mails of the mailbox with ``BODY.PEEK[]``.

    The mail must already be there (at least ``count``); it is fetched in batches of 100
    on one connection, left unread. The time counts the search and the fetches, not
    the login.
    """
    settings = server_settings
    client = _logged_in(settings, password)
    try:
        client.select_folder(settings.mailbox, readonly=True)
        started = time.perf_counter()
        uids = sorted(client.search(["ALL"]))[:count]
        if len(uids) < count:
            raise TransportError(f"{settings.mailbox!r} holds {len(uids)} mails, fewer than {count}")
        read = 0
        for start in range(0, count, FETCH_BATCH):
            found = client.fetch(uids[start : start + FETCH_BATCH], ["BODY.PEEK[]"])
            read += sum(1 for data in found.values() if data.get(b"BODY[]") is not None)
        elapsed = time.perf_counter() - started
    finally:
        client.logout()
    if read != count:
        raise TransportError(f"read {read} of {count} mails")
    return count / elapsed


def imap_door(settings: ImapSettings, password: str, memory: UidMemory, count: int) -> float:
    """Messages per second through the referee's own IMAP inbox alone, around no work on the mails:
    each fetch of the unread mail (with the time each arrived), marked read with one STORE and its
    position remembered in ``memory``, as ``referee serve`` does around taking the mails in.

    The mailbox (whose mail is flagged read when done, not moved) must hold ``count`` unread mails and
    nothing else unread. The position is kept under a name of this run's own ("bench <random>:…", not
    the one the referee keeps for this mailbox, so that no run starts where another ended), and
    afterwards every mail is made unread again (not timed), so that the mailbox is left as it was
    found. The time counts the fetches and the acknowledgements, not the login.
    """
    if settings.move_to is not None:
        raise TransportError("the inbox alone is measured on a mailbox whose mail is flagged read")
    inbox = ImapInbox(settings, password, memory)
    inbox.memory_key = f"bench {uuid.uuid4().hex[:12]}:{inbox.memory_key}"
    taken = 0
    try:
        inbox.open()
        started = time.perf_counter()
        for fetched in fetches(inbox):
            keys = [key for key, _ in fetched]
            for key in keys:  # each mail's arrival time asked for, as the service asks
                inbox.received_at(key)
            inbox.done_many(keys)
            taken += len(keys)
        elapsed = time.perf_counter() - started
    finally:
        inbox.close()
        _unread_again(settings, password)
    if taken != count:
        raise TransportError(f"took {taken} of {count} mails")
    return count / elapsed


def _unread_again(settings: ImapSettings, password: str) -> None:
    """Takes the \\Seen flag off every mail of the mailbox."""
    client = _logged_in(settings, password)
    try:
        client.select_folder(settings.mailbox)
        uids = client.search(["ALL"])
        if uids:
            client.remove_flags(uids, [SEEN], silent=True)
    finally:
        client.logout()


def _logged_in(settings: ImapSettings, password: str) -> IMAPClient:
    """A connection to the server of ``settings``, logged in, no mailbox selected."""
    client = IMAPClient(
        settings.host,
        settings.port,
        ssl=settings.tls == "tls",
        ssl_context=ssl.create_default_context() if settings.tls == "tls" else None,
        timeout=60,
    )
    try:
        if settings.tls == "starttls":
            client.starttls(ssl.create_default_context())
        client.login(settings.user, password)
    except BaseException:
        client.shutdown()
        raise
    return client


Send = tuple[str, list[str], bytes]
"""One mail to hand over: the envelope sender, the recipients and the mail's bytes."""


def bare_smtp_send(host: str, port: int, sends: Sequence[Send]) -> float:
    """Mails per second handing ``sends`` over one after another on one plain SMTP connection.

    The time counts the connection and every send, not the goodbye.
    """
    return asyncio.run(_send_all(host, port, sends))


async def _send_all(host: str, port: int, sends: Sequence[Send]) -> float:
    """Sends every mail on one connection and returns mails per second."""
    client = aiosmtplib.SMTP(hostname=host, port=port, start_tls=False, timeout=60)
    started = time.perf_counter()
    await client.connect()
    try:
        for sender, recipients, raw in sends:
            await client.sendmail(sender, recipients, raw)
        elapsed = time.perf_counter() - started
    finally:
        await client.quit()
    return len(sends) / elapsed
