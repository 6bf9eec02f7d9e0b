"""How fast the mail servers' own protocols go, with nothing of the referee around them.

The benchmark compares the referee's inbox and outbox with these numbers: the gap is
what the referee's bookkeeping costs. Both functions talk to a real server (on
loopback, in the benchmark) and return messages per second.
"""

from __future__ import annotations

import asyncio
import ssl
import time
from collections.abc import Sequence

import aiosmtplib
from imapclient import IMAPClient

from referee.mail.transports import TransportError
from referee.mail.urls import ImapSettings

FETCH_BATCH = 100


def bare_imap_fetch(server_settings: ImapSettings, password: str, count: int) -> float:
    """Messages per second reading the oldest ``count`` mails of the mailbox with ``BODY.PEEK[]``.

    The mail must already be there (at least ``count``); it is fetched in batches of 100
    on one connection, left unread. The time counts the search and the fetches, not
    the login.
    """
    settings = server_settings
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
