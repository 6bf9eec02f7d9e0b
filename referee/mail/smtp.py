"""An outbox that hands mail to an SMTP server, over one connection kept open between mails.

Every failure is sorted into one of two kinds (see ``referee.mail.failures``): a
``TemporaryFailure`` for 4xx answers and for a server that cannot be reached, stops
answering or drops the connection, so the mail is tried again later; a
``PermanentFailure`` for 5xx answers, since the same mail would be refused again.
"""

from __future__ import annotations

import asyncio
import ssl
from collections.abc import Sequence
from email.message import EmailMessage

import aiosmtplib

from referee.mail.failures import DeliveryFailure, PermanentFailure, TemporaryFailure
from referee.mail.transports import TransportError
from referee.mail.urls import SmtpSettings

_DISCONNECTED = (aiosmtplib.SMTPServerDisconnected, ConnectionResetError, BrokenPipeError)
"""What a connection that the server closed since the last mail raises on first use."""


class SmtpOutbox:
    """Sends mail through the server in ``settings``, logging in when the URL names a user.

    The connection opened for the first mail is reused; one that the server closed in
    between is opened again, and the mail sent once more on the new one. With a ``rate``
    in the settings, sends are spaced so that no more than that many start per second.
    ``sender`` is the envelope sender (MAIL FROM); without it, the mail's own Sender or
    From header is used.
    """

    def __init__(
        self,
        settings: SmtpSettings,
        password: str | None,
        *,
        timeout: float = 30.0,
        sender: str | None = None,
    ) -> None:
        if settings.user is not None and not password:
            raise TransportError(f"the SMTP user {settings.user!r} needs a password")
        self.settings = settings
        self.timeout = timeout
        self.sender = sender
        self._password = password
        self._client: aiosmtplib.SMTP | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._lock: asyncio.Lock | None = None
        self._next_start: float | None = None
        self._interval = 1.0 / settings.rate if settings.rate else 0.0

    async def send(self, message: EmailMessage, recipients: Sequence[str]) -> None:
        """Hands ``message`` to the server for ``recipients`` (raises Temporary- or PermanentFailure)."""
        if not recipients:
            raise PermanentFailure("a mail without recipients cannot be sent")
        async with self._guard():
            await self._pace()
            reused = self._client is not None and self._client.is_connected
            try:
                await self._send_once(message, recipients)
            except _DISCONNECTED as error:
                await self._discard()
                if not reused:
                    raise _classify(error, self._where()) from error
                try:  # the server closed the idle connection: one more try on a new one
                    await self._send_once(message, recipients)
                except (aiosmtplib.SMTPException, OSError) as again:
                    await self._after_failure(again)
                    raise _classify(again, self._where()) from again
            except (aiosmtplib.SMTPException, OSError) as error:
                await self._after_failure(error)
                raise _classify(error, self._where()) from error
            except ValueError as error:  # no sender to be found, an address that cannot be written
                raise PermanentFailure(f"this mail cannot be sent as it is: {error}") from error

    async def close(self) -> None:
        """Says goodbye to the server and closes the connection (the next send opens a new one)."""
        client, self._client = self._client, None
        if client is None or not client.is_connected or self._loop is not asyncio.get_running_loop():
            return
        try:
            await client.quit()
        except (aiosmtplib.SMTPException, OSError):
            client.close()

    async def _send_once(self, message: EmailMessage, recipients: Sequence[str]) -> None:
        """One attempt: connect if needed, send, and report recipients the server refused."""
        client = await self._connection()
        refused, _ = await client.send_message(message, sender=self.sender, recipients=list(recipients))
        if refused:
            accepted = [address for address in recipients if address not in refused]
            answers = "; ".join(
                f"{address}: {answer.code} {answer.message}" for address, answer in refused.items()
            )
            kind = (
                TemporaryFailure
                if any(answer.code < 500 for answer in refused.values())
                else PermanentFailure
            )
            raise kind(
                f"{self._where()} took the mail for {', '.join(accepted)} but refused {answers}",
                accepted=accepted,
            )

    async def _connection(self) -> aiosmtplib.SMTP:
        """The open connection, or a new one, logged in when a user is set."""
        if self._client is not None and self._client.is_connected:
            return self._client
        await self._discard()
        settings = self.settings
        client = aiosmtplib.SMTP(
            hostname=settings.host,
            port=settings.port,
            use_tls=settings.tls == "tls",
            start_tls=settings.tls == "starttls",
            tls_context=ssl.create_default_context() if settings.tls != "none" else None,
            timeout=self.timeout,
        )
        await client.connect()
        try:
            if settings.user is not None:
                await client.ehlo()
                if not client.supports_extension("auth"):
                    raise PermanentFailure(
                        f"{self._where()} offers no login (AUTH), yet the URL names a user, {settings.user!r}"
                    )
                await client.login(settings.user, self._password or "")
        except BaseException:
            client.close()
            raise
        self._client = client
        return client

    async def _discard(self) -> None:
        """Drops the connection without a word to the server."""
        client, self._client = self._client, None
        if client is not None and self._loop is asyncio.get_running_loop():
            client.close()

    async def _after_failure(self, error: BaseException) -> None:
        """Keeps the connection after a refusal (the envelope was reset), drops it after anything else."""
        kept = aiosmtplib.SMTPResponseException | aiosmtplib.SMTPRecipientsRefused | DeliveryFailure
        if not isinstance(error, kept):
            await self._discard()

    def _guard(self) -> asyncio.Lock:
        """The lock that lets one mail at a time use the connection, made anew for a new event loop.

        A connection belongs to the loop it was opened in; when ``send`` is called from
        another loop (say, a new ``asyncio.run``), the old connection is forgotten.
        """
        loop = asyncio.get_running_loop()
        if loop is not self._loop or self._lock is None:
            self._loop, self._lock, self._client, self._next_start = loop, asyncio.Lock(), None, None
        return self._lock

    async def _pace(self) -> None:
        """Waits until the next send may start under the rate limit."""
        if not self._interval:
            return
        now = asyncio.get_running_loop().time()
        start = now if self._next_start is None else max(now, self._next_start)
        if start > now:
            await asyncio.sleep(start - now)
        self._next_start = start + self._interval

    def _where(self) -> str:
        """The server, for messages."""
        return f"the SMTP server {self.settings.host}:{self.settings.port}"


def _classify(error: BaseException, where: str) -> DeliveryFailure:
    """The failure kind for an error from aiosmtplib or the network."""
    if isinstance(error, DeliveryFailure):
        return error
    if isinstance(error, aiosmtplib.SMTPRecipientsRefused):
        answers = "; ".join(
            f"{refused.recipient}: {refused.code} {refused.message}" for refused in error.recipients
        )
        temporary = any(refused.code < 500 for refused in error.recipients)
        kind = TemporaryFailure if temporary else PermanentFailure
        return kind(f"{where} refused every recipient: {answers}")
    if isinstance(error, aiosmtplib.SMTPResponseException):
        kind = PermanentFailure if 500 <= error.code < 600 else TemporaryFailure
        return kind(f"{where} answered {error.code} {error.message}")
    if isinstance(error, aiosmtplib.SMTPNotSupported):
        return PermanentFailure(f"{where} cannot do what the settings ask: {error}")
    if isinstance(error, aiosmtplib.SMTPTimeoutError | TimeoutError):
        return TemporaryFailure(f"{where} did not answer in time: {error}")
    return TemporaryFailure(f"cannot reach {where}: {error}")
