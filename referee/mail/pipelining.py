"""One mail handed over with its envelope pipelined (RFC 2920), where the SMTP server offers it.

Sent one command at a time, a mail to one recipient costs four round trips: MAIL FROM, RCPT TO,
DATA and the message. When the server's EHLO lists PIPELINING, MAIL FROM, every RCPT TO and DATA
go in one write and their answers are read together; then the message and its answer: two round
trips, whatever the number of recipients. The answers mean what they mean sent one at a time,
and failures are raised as aiosmtplib's ``sendmail`` raises them (so they are sorted alike).

aiosmtplib, which keeps the connection (connecting, TLS, login, RSET, QUIT), reads one answer for
each command it has sent and waited for, and drops an answer that comes before it waits; so for
the length of one transaction the connection's transport is lent to a reader of the answers here
(asyncio's ``set_protocol``), and given back after the last answer.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
from collections import deque
from collections.abc import Sequence
from typing import cast

import aiosmtplib
from aiosmtplib import SMTPResponse
from aiosmtplib.email import quote_address
from aiosmtplib.protocol import COMMAND_INJECTION_REGEX, normalize_message_line_endings

ACCEPTED = (250, 251)
"""The answers to RCPT TO that take a recipient ("OK", "will forward")."""

MOST_ANSWER_BYTES = 64 * 1024
"""The most a server's pending answers may hold; more is not an SMTP server talking."""


async def offers_pipelining(client: aiosmtplib.SMTP) -> bool:
    """Whether the server on ``client`` (connected) lists PIPELINING in its answer to EHLO, asking EHLO
    first if it was not asked since the connection (or STARTTLS) began; a server that does not know
    EHLO is left to ``sendmail``, which greets it with HELO."""
    if client.is_ehlo_or_helo_needed:
        try:
            await client.ehlo()
        except aiosmtplib.SMTPHeloError:
            return False
    return client.supports_extension("pipelining")


async def send_pipelined(
    client: aiosmtplib.SMTP, sender: str, recipients: Sequence[str], raw: bytes, timeout: float
) -> dict[str, SMTPResponse]:
    """Hands ``raw`` over on ``client`` (connected, EHLO answered, PIPELINING offered) for ``recipients``.

    Returns the recipients refused, with their answers, as ``sendmail`` does when some were taken;
    raises ``SMTPSenderRefused``, ``SMTPRecipientsRefused`` (every recipient refused) or
    ``SMTPDataError`` after resetting the envelope, ``ValueError`` for an address that cannot be
    written, and ``SMTPServerDisconnected`` / ``SMTPReadTimeoutError`` (or anything else that stops
    the exchange halfway) after closing the connection, whose answers would then be out of step.
    """
    lines = with_crlf(raw)
    envelope = _envelope(client, sender, recipients, len(lines))
    message = dot_stuffed(lines) + b".\r\n"
    if client.transport is None or client.transport.is_closing():
        raise aiosmtplib.SMTPServerDisconnected("Connection lost")
    transport = cast(asyncio.WriteTransport, client.transport)
    owner = cast(asyncio.Protocol, transport.get_protocol())  # aiosmtplib's own
    answers = _Answers(owner)
    transport.set_protocol(answers)
    try:
        outcome = await _exchange(transport, answers, envelope, message, sender, recipients, timeout)
    except BaseException:
        if not transport.is_closing():
            transport.set_protocol(owner)
        client.close()
        raise
    transport.set_protocol(owner)
    if isinstance(outcome, aiosmtplib.SMTPException):
        with contextlib.suppress(ConnectionError, aiosmtplib.SMTPException):  # as ``sendmail`` resets
            await client.rset(timeout=timeout)
        raise outcome
    return outcome


def with_crlf(raw: bytes) -> bytes:
    """``raw`` with every line ending in CRLF, as it goes after DATA: byte for byte what aiosmtplib's own
    normalising gives, without its regular expression's pass over every byte (0.1 ms for a letter of
    15 KB) where the lines all end alike: in LF alone, as the referee writes its mails (and a
    Maildir keeps them), or in CRLF already."""
    if b"\r" not in raw:
        lines = raw.replace(b"\n", b"\r\n")
    elif raw.count(b"\r\n") == raw.count(b"\n") == raw.count(b"\r"):
        lines = raw
    else:
        return normalize_message_line_endings(raw)
    return lines if lines.endswith(b"\r\n") else lines + b"\r\n"


def dot_stuffed(lines: bytes) -> bytes:
    """``lines`` with the dot doubled at the start of every line that begins with one (a line of a dot
    alone ends the data), as aiosmtplib's regular expression does it, by a plain replacement."""
    if lines.startswith(b"."):
        lines = b"." + lines
    return lines.replace(b"\n.", b"\n..") if b"\n." in lines else lines


async def _exchange(
    transport: asyncio.WriteTransport,
    answers: _Answers,
    envelope: bytes,
    message: bytes,
    sender: str,
    recipients: Sequence[str],
    timeout: float,
) -> dict[str, SMTPResponse] | aiosmtplib.SMTPException:
    """The envelope, its answers and (unless refused) the message and its answer: the recipients
    refused, or why the mail was not taken."""
    transport.write(envelope)
    mail = await answers.read(timeout)
    taken = [await answers.read(timeout) for _ in recipients]
    data = await answers.read(timeout)
    refused = {a: answer for a, answer in zip(recipients, taken, strict=True) if answer.code not in ACCEPTED}
    error = _refusal(mail, refused, recipients, data, sender)
    if error is not None:
        if data.code == 354:  # the server began a message none will get: it ends empty
            transport.write(b".\r\n")
            await answers.read(timeout)
        return error
    transport.write(message)
    done = await answers.read(timeout)
    return refused if done.code == 250 else aiosmtplib.SMTPDataError(done.code, done.message)


def _envelope(client: aiosmtplib.SMTP, sender: str, recipients: Sequence[str], size: int) -> bytes:
    """MAIL FROM (with the ``size``, where the server takes it), the RCPT TOs and DATA, as one write."""
    mail = b"MAIL FROM:" + _quoted(sender)
    if client.supports_extension("size"):
        mail += b" SIZE=%d" % size
    return b"".join(
        [mail, b"\r\n", *(b"RCPT TO:" + _quoted(address) + b"\r\n" for address in recipients), b"DATA\r\n"]
    )


@functools.lru_cache(maxsize=4096)
def _quoted(address: str) -> bytes:
    """``address`` as it goes in MAIL FROM or RCPT TO (the same few addresses come back mail after mail,
    and reading one costs as much as a tenth of handing a mail over)."""
    quoted = quote_address(address).encode("ascii")
    if COMMAND_INJECTION_REGEX.search(quoted):
        raise ValueError("Command arg contains a prohibited control character")
    return quoted


def _refusal(
    mail: SMTPResponse,
    refused: dict[str, SMTPResponse],
    recipients: Sequence[str],
    data: SMTPResponse,
    sender: str,
) -> aiosmtplib.SMTPException | None:
    """Why the mail cannot go after the envelope's answers, as ``sendmail`` would say it; None if it can."""
    if mail.code != 250:
        return aiosmtplib.SMTPSenderRefused(mail.code, mail.message, sender)
    if len(refused) == len(recipients):
        return aiosmtplib.SMTPRecipientsRefused(
            [aiosmtplib.SMTPRecipientRefused(answer.code, answer.message, a) for a, answer in refused.items()]
        )
    if data.code != 354:
        return aiosmtplib.SMTPDataError(data.code, data.message)
    return None


class _Answers(asyncio.Protocol):
    """Reads the server's answers, in order, while the transport is lent; whatever else happens to
    the connection (closed, paused) is passed on to aiosmtplib's own protocol, ``owner``."""

    def __init__(self, owner: asyncio.Protocol) -> None:
        self.owner = owner
        self.buffer = bytearray()
        self.ready: deque[SMTPResponse] = deque()
        self.failure: BaseException | None = None
        self.waiter: asyncio.Future[None] | None = None

    async def read(self, timeout: float) -> SMTPResponse:
        """The next answer, waiting at most ``timeout`` seconds for it."""
        while not self.ready:
            if self.failure is not None:
                raise self.failure
            self.waiter = asyncio.get_running_loop().create_future()
            try:
                await asyncio.wait_for(self.waiter, timeout)
            except TimeoutError as error:
                raise aiosmtplib.SMTPReadTimeoutError("Timed out waiting for server response") from error
            finally:
                self.waiter = None
        return self.ready.popleft()

    def data_received(self, data: bytes) -> None:
        self.buffer += data
        if len(self.buffer) > MOST_ANSWER_BYTES:
            self._fail(aiosmtplib.SMTPServerDisconnected("The server's answers are too long"))
            return
        while (answer := self._next()) is not None:
            self.ready.append(answer)
        self._wake()

    def _next(self) -> SMTPResponse | None:
        """The first whole answer in the buffer (taken out of it), or None while it is not whole."""
        start, text = 0, []
        while (end := self.buffer.find(b"\n", start)) != -1:
            line = bytes(self.buffer[start:end]).rstrip(b"\r")
            start = end + 1
            code = line[:3]
            if not code.isdigit():
                self._fail(aiosmtplib.SMTPServerDisconnected(f"The server answered {line[:40]!r}, not SMTP"))
                return None
            text.append(line[4:].decode("utf-8", "surrogateescape"))
            if line[3:4] != b"-":
                del self.buffer[:start]
                return SMTPResponse(int(code), "\n".join(text))
        return None

    def connection_lost(self, exc: Exception | None) -> None:
        lost = aiosmtplib.SMTPServerDisconnected("Connection lost")
        lost.__cause__ = exc
        self._fail(lost)
        self.owner.connection_lost(exc)

    def eof_received(self) -> bool | None:
        self._fail(aiosmtplib.SMTPServerDisconnected("Unexpected EOF received"))
        return self.owner.eof_received()

    def pause_writing(self) -> None:
        self.owner.pause_writing()

    def resume_writing(self) -> None:
        self.owner.resume_writing()

    def _fail(self, failure: BaseException) -> None:
        if self.failure is None:
            self.failure = failure
        self._wake()

    def _wake(self) -> None:
        if self.waiter is not None and not self.waiter.done():
            self.waiter.set_result(None)
