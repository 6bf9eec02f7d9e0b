"""Reading mail before it is taken in, in processes of its own beside the service's.

All that taking a mail in needs of its bytes — whether it is over a limit, the mail as read
(``read_mail``), its new text without password lines, the password it gave, and the copy to keep with
its passwords hidden — depends on the bytes and the mail settings alone (``read``). Reading is a third
of what taking a mail in costs, and nothing of it waits for the database, so a burst of mail is read
by ``Readers``: ``[service] readers`` processes read the next mails while the service judges and
keeps the ones read. Mails come back in the order given, each read exactly as in the service's own
process; a mail whose reading fails comes back as None, for the service to read again as it takes it
in, where the failure moves that mail aside as it always did. The service reads a mail itself
whenever the readers have not begun it yet (they are behind, or still starting), so it never waits
for them idle; if a reader process dies, what it had is read in the service's process and the
readers start again at the next burst. With no reader
processes, or for a few mails, the service reads them all itself. The readers start at a burst (the
service reads alone while they start) and stop after ten minutes without one.
"""

from __future__ import annotations

import logging
import multiprocessing
import multiprocessing.connection
import os
import re
import threading
import time
from collections.abc import Generator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, replace

from referee.app.credentials import hide_passwords
from referee.config import MailSettings
from referee.mail.limits import over_limit
from referee.mail.own_words import referee_lines
from referee.mail.reading import IncomingMail, read_mail

LOG = logging.getLogger("referee.readers")

_PASSWORD = re.compile(
    r"^\s*(?:password|пароль)\s*[:=]?\s*"
    r"([a-z0-9]{4})[\s-]?([a-z0-9]{4})[\s-]?([a-z0-9]{4})\s*$",
    re.IGNORECASE,
)
"""A password line: the keyword and a password of three groups of four ("k7pq-2mx9-wh4t")."""

CHUNK = 8
"""How many mails a reader process is given at a time: enough to be worth sending, few enough that
the service starts on the first of a burst at once."""

FEW = 2 * CHUNK
"""A burst of no more mails than this is read in the service's own process."""

IDLE = 600.0
"""How long the reader processes wait for the next burst (seconds) before they stop."""


@dataclass(frozen=True)
class Reading:
    """What taking one mail in needs of its bytes: ``over`` names the limit it is over ("" when it is
    within them, and then the rest is filled in); ``text`` is its new text without password lines,
    ``password`` the first password given ("" if none), and ``hidden`` the mail with every password
    hidden, as it is kept (None when it has none to hide)."""

    over: str = ""
    incoming: IncomingMail | None = None
    text: str = ""
    password: str = ""
    hidden: bytes | None = None


def read(raw: bytes, mail: MailSettings) -> Reading:
    """Reads ``raw`` as ``mail`` says (its limits; the referee's own address)."""
    over = over_limit(raw, mail.limits)
    if over:
        return Reading(over)
    incoming = read_mail(raw, own_addresses=(mail.address,))
    text, password = password_lines(incoming.text)
    hidden = hide_passwords(raw, password)
    return Reading("", incoming, text, password, None if hidden == raw else hidden)


def tried(raw: bytes, mail: MailSettings) -> Reading | None:
    """``read(raw, mail)``, or None if reading it fails (a bug, or a mail the email package cannot
    take): the service then reads that mail itself as it takes it in, where a failure moves that mail
    aside and nothing else."""
    try:
        return read(raw, mail)
    except Exception:
        return None


def password_lines(text: str) -> tuple[str, str]:
    """``text`` without its password lines, and the first password given ("" if none)."""
    kept, passwords = [], []
    for line in text.splitlines():
        match = _PASSWORD.match(line)
        if match:
            passwords.append("-".join(match.groups()).lower())
        else:
            kept.append(line)
    return "\n".join(kept), passwords[0] if passwords else ""


class Readers:
    """Reads mail for ``mail`` in ``count`` processes of its own (none: in the caller's)."""

    def __init__(self, mail: MailSettings, count: int) -> None:
        self.mail = mail
        self.count = count
        self.pool: ProcessPoolExecutor | None = None
        self.used = 0.0
        """When the reader processes were started or last given mail (``time.monotonic``)."""

    def read(self, raws: Sequence[bytes]) -> Generator[Reading | None]:
        """Each of ``raws`` read, in order. The reader processes begin at once (started now if they
        are not running: this process reads until they are), and read the next mails while the
        caller takes the first; closing what this returns drops what is not taken yet."""
        pool = self._pool() if len(raws) > FEW else None
        if pool is None:
            return (tried(raw, self.mail) for raw in raws)
        self.used = time.monotonic()
        chunks = [raws[start : start + CHUNK] for start in range(0, len(raws), CHUNK)]
        try:
            futures: list[Future[list[Reading | None]]] = [
                pool.submit(_read_chunk, chunk) for chunk in chunks
            ]
        except Exception as error:  # the readers are gone (BrokenProcessPool): read here
            self._broken(error)
            return (tried(raw, self.mail) for raw in raws)
        return self._in_order(chunks, futures)

    def _in_order(
        self, chunks: list[Sequence[bytes]], futures: list[Future[list[Reading | None]]]
    ) -> Generator[Reading | None]:
        """The readings of ``chunks``, in order, as their ``futures`` give them: a chunk nobody has
        begun yet (the readers are behind, or still starting) is read here instead of waited for."""
        try:
            for chunk, future in zip(chunks, futures, strict=True):
                if not future.done() and future.cancel():
                    yield from self._here(chunk)
                    continue
                try:
                    yield from future.result()
                except Exception as error:  # a reader died or failed: read here, start anew next time
                    self._broken(error)
                    yield from self._here(chunk)
        finally:
            for future in futures:
                future.cancel()

    def _here(self, chunk: Sequence[bytes]) -> list[Reading | None]:
        return [tried(raw, self.mail) for raw in chunk]

    def start(self) -> list[Future[None]]:
        """Starts the reader processes now rather than at the first burst (the benchmarks do, so as not
        to time their start); each of the futures returned is done when one of them is ready."""
        pool = self._pool()
        try:
            return [] if pool is None else [pool.submit(_ready) for _ in range(self.count)]
        except Exception as error:  # as in ``read``: they start again at the next burst
            self._broken(error)
            return []

    def close_idle(self, seconds: float = IDLE) -> None:
        """Stops the reader processes if they were given no mail for ``seconds``: between bursts they
        would only hold memory."""
        if self.pool is not None and time.monotonic() - self.used > seconds:
            self.close()

    def close(self) -> None:
        """Stops the reader processes."""
        if self.pool is not None:
            self.pool.shutdown(wait=True, cancel_futures=True)
            self.pool = None

    def _pool(self) -> ProcessPoolExecutor | None:
        if self.count < 1:
            return None
        if self.pool is None:
            context = multiprocessing.get_context("spawn")  # never a fork of a process with threads
            self.used = time.monotonic()
            self.pool = ProcessPoolExecutor(
                self.count, mp_context=context, initializer=_start, initargs=(_without_secrets(self.mail),)
            )
        return self.pool

    def _broken(self, error: Exception) -> None:
        LOG.warning(
            "a mail reader process failed; reading in the service's own process until the next burst",
            extra={"error": f"{type(error).__name__}: {error}"[:300]},
        )
        if self.pool is not None:
            self.pool.shutdown(wait=False, cancel_futures=True)
            self.pool = None


def _without_secrets(mail: MailSettings) -> MailSettings:
    """``mail`` without the servers' passwords, which reading never needs."""
    return replace(mail, incoming_password=None, outgoing_password=None)


_SETTINGS: list[MailSettings] = []
"""The mail settings of this reader process (set as it starts)."""


def _start(mail: MailSettings) -> None:
    """Prepares a reader process: its settings, the referee's own lines loaded once, and a watch on the
    service that started it, so that it ends when the service does, even one killed outright."""
    _SETTINGS[:] = [mail]
    referee_lines()
    parent = multiprocessing.parent_process()
    if parent is not None:
        threading.Thread(target=_end_with, args=(parent.sentinel,), daemon=True).start()


def _end_with(sentinel: int) -> None:
    """Ends this process as soon as ``sentinel`` (its parent's) says the parent is gone."""
    multiprocessing.connection.wait([sentinel])
    os._exit(0)


def _ready() -> None:
    """Nothing: done once a reader process has started."""


def _read_chunk(raws: Sequence[bytes]) -> list[Reading | None]:
    return [tried(raw, _SETTINGS[0]) for raw in raws]
