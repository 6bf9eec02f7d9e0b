"""An outbox that hands mail to an SMTP server, over a small pool of connections kept open between mails.

Every failure is sorted into one of two kinds (see ``referee.mail.failures``): a
``TemporaryFailure`` for 4xx answers and for a server that cannot be reached, stops
answering or drops the connection, so the mail is tried again later; a
``PermanentFailure`` for 5xx answers, since the same mail would be refused again.
"""

from __future__ import annotations

import asyncio
import ssl
from collections.abc import Sequence
from email.utils import parseaddr

import aiosmtplib

from referee.mail.failures import DeliveryFailure, PermanentFailure, TemporaryFailure
from referee.mail.pipelining import offers_pipelining, send_pipelined
from referee.mail.transports import TransportError
from referee.mail.urls import SmtpSettings
from referee.mail.wire import header_value

_DISCONNECTED = (aiosmtplib.SMTPServerDisconnected, ConnectionResetError, BrokenPipeError)
"""What a connection that the server closed since the last mail raises on first use."""


class _Line:
    """One connection of the pool (None until its first mail, or after it was dropped)."""

    def __init__(self) -> None:
        self.client: aiosmtplib.SMTP | None = None


class SmtpOutbox:
    """Sends mail through the server in ``settings``, logging in when the URL names a user.

    Up to ``settings.connections`` mails are handed over at once, each on its own connection;
    a connection opened for a mail is reused for the next; one that the server closed in
    between is opened again, and the mail sent once more on the new one. With a ``rate``
    in the settings, sends are spaced so that no more than that many start per second.
    ``sender`` is the envelope sender (MAIL FROM); without it, the mail's own From header is used.
    Where the server offers PIPELINING, a mail's envelope goes in one write (``pipelining``), unless
    the settings say ``pipelining=no``.
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
        self.parallel = settings.connections
        self._password = password
        self._lines: list[_Line] = []
        self._idle: asyncio.Queue[_Line] | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._next_start: float | None = None
        self.interval = 1.0 / settings.rate if settings.rate else 0.0
        """Seconds between the starts of two mails under the rate limit (0: no limit)."""

    async def send(self, raw: bytes, recipients: Sequence[str]) -> None:
        """Hands the mail ``raw`` to the server for ``recipients`` (raises Temporary- or PermanentFailure)."""
        if not recipients:
            raise PermanentFailure("a mail without recipients cannot be sent")
        sender = self.sender or parseaddr(header_value(raw, "From") or "")[1]
        if not sender:
            raise PermanentFailure("this mail cannot be sent as it is: it names no sender (From)")
        idle = self._pool()
        line = await idle.get()
        try:
            await self._pace()
            await self._send_on(line, sender, raw, recipients)
        finally:
            idle.put_nowait(line)

    async def check(self) -> None:
        """Connects and logs in as a send would, then says goodbye: nothing is sent. Raises what
        connecting raises (aiosmtplib's errors, ``OSError``, ``PermanentFailure`` for a server that
        offers no login to a URL naming a user)."""
        client = await self._connection(_Line())
        try:
            await client.quit()
        except (aiosmtplib.SMTPException, OSError):
            client.close()

    async def close(self) -> None:
        """Says goodbye to the server on every connection (the next send opens new ones)."""
        if self._loop is not asyncio.get_running_loop():
            return
        for line in self._lines:
            client, line.client = line.client, None
            if client is None or not client.is_connected:
                continue
            try:
                await client.quit()
            except (aiosmtplib.SMTPException, OSError):
                client.close()

    async def _send_on(self, line: _Line, sender: str, raw: bytes, recipients: Sequence[str]) -> None:
        """Sends on ``line``, once more on a new connection if the server closed the idle one."""
        reused = line.client is not None and line.client.is_connected
        try:
            await self._send_once(line, sender, raw, recipients)
        except _DISCONNECTED as error:
            _discard(line)
            if not reused:
                raise _classify(error, self._where()) from error
            try:  # the server closed the idle connection: one more try on a new one
                await self._send_once(line, sender, raw, recipients)
            except (aiosmtplib.SMTPException, OSError) as again:
                _after_failure(line, again)
                raise _classify(again, self._where()) from again
        except (aiosmtplib.SMTPException, OSError) as error:
            _after_failure(line, error)
            raise _classify(error, self._where()) from error
        except ValueError as error:  # an address that cannot be written
            raise PermanentFailure(f"this mail cannot be sent as it is: {error}") from error

    async def _send_once(self, line: _Line, sender: str, raw: bytes, recipients: Sequence[str]) -> None:
        """One attempt: connect if needed, send (the envelope pipelined where the server offers it and
        the settings allow), and report recipients the server refused."""
        client = await self._connection(line)
        if self.settings.pipelining and await offers_pipelining(client):
            refused = await send_pipelined(client, sender, list(recipients), raw, self.timeout)
        else:
            refused, _ = await client.sendmail(sender, list(recipients), raw)
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

    async def _connection(self, line: _Line) -> aiosmtplib.SMTP:
        """The open connection of ``line``, or a new one, logged in when a user is set."""
        if line.client is not None and line.client.is_connected:
            return line.client
        _discard(line)
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
        line.client = client
        return client

    def _pool(self) -> asyncio.Queue[_Line]:
        """The idle connections, made anew for a new event loop.

        A connection belongs to the loop it was opened in; when ``send`` is called from
        another loop (say, a new ``asyncio.run``), the old connections are forgotten.
        """
        loop = asyncio.get_running_loop()
        if loop is not self._loop or self._idle is None:
            self._loop, self._next_start = loop, None
            self._lines = [_Line() for _ in range(self.settings.connections)]
            self._idle = asyncio.Queue()
            for line in self._lines:
                self._idle.put_nowait(line)
        return self._idle

    async def _pace(self) -> None:
        """Waits until the next send may start under the rate limit."""
        if not self.interval:
            return
        now = asyncio.get_running_loop().time()
        start = now if self._next_start is None else max(now, self._next_start)
        self._next_start = start + self.interval
        if start > now:
            await asyncio.sleep(start - now)

    def _where(self) -> str:
        """The server, for messages."""
        return f"the SMTP server {self.settings.host}:{self.settings.port}"


def _discard(line: _Line) -> None:
    """Drops the connection of ``line`` without a word to the server."""
    client, line.client = line.client, None
    if client is not None:
        client.close()


def _after_failure(line: _Line, error: BaseException) -> None:
    """Keeps the connection after a refusal (the envelope was reset), drops it after anything else."""
    kept = aiosmtplib.SMTPResponseException | aiosmtplib.SMTPRecipientsRefused | DeliveryFailure
    if not isinstance(error, kept):
        _discard(line)


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
