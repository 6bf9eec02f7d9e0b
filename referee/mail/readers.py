"""Reading mail before it is taken in, in processes of its own beside the service's.

What the mail door reads of a mail's bytes — whether it is over a limit, and else the mail as read
(``read_mail``) — depends on the bytes and the mail settings alone (``read``). Reading is a third
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
import queue
import threading
import time
from collections.abc import Generator, Sequence
from dataclasses import dataclass, replace
from typing import Any

from referee.config import MailSettings
from referee.mail.limits import over_limit
from referee.mail.own_words import referee_lines
from referee.mail.reading import IncomingMail, read_mail

LOG = logging.getLogger("referee.readers")

CHUNK = 8
"""How many mails a reader process is given at a time: enough to be worth sending, few enough that
the service starts on the first of a burst at once."""

FEW = 2 * CHUNK
"""A burst of no more mails than this is read in the service's own process."""

IDLE = 600.0
"""How long the reader processes wait for the next burst (seconds) before they stop."""


@dataclass(frozen=True)
class Reading:
    """What the door reads of one mail's bytes: ``over`` names the limit it is over ("" when it is
    within them, and then ``incoming`` is the mail as read)."""

    over: str = ""
    incoming: IncomingMail | None = None


def read(raw: bytes, mail: MailSettings) -> Reading:
    """Reads ``raw`` as ``mail`` says (its limits; the referee's own address)."""
    over = over_limit(raw, mail.limits)
    if over:
        return Reading(over)
    return Reading("", read_mail(raw, own_addresses=(mail.address,)))


def tried(raw: bytes, mail: MailSettings) -> Reading | None:
    """``read(raw, mail)``, or None if reading it fails (a bug, or a mail the email package cannot
    take): the service then reads that mail itself as it takes it in, where a failure moves that mail
    aside and nothing else."""
    try:
        return read(raw, mail)
    except Exception:
        return None


class Readers:
    """Reads mail for ``mail`` in ``count`` processes of its own (none: in the caller's).

    Each reader process is sent the whole burst through a pipe of its own (a thread of the reader's
    takes it in at once, so the service never waits to write), and the chunks of a burst are
    claimed one after another, by the readers and by the service alike, from one counter they
    share: a reader claims the next chunk when it is done with one; the service, at each chunk it
    comes to, takes it back from whoever claimed it or, when nobody has yet, claims and reads it
    itself. So neither waits while the other is behind, and no thread of the service's waits on the
    readers (a process pool's threads had cost the service a tenth of each mail, taking the
    interpreter's lock from it at every chunk).
    """

    def __init__(self, mail: MailSettings, count: int) -> None:
        self.mail = mail
        self.count = count
        self.pool: list[_Reader] | None = None
        """The reader processes running, if any."""
        self.claims: Any = None
        """The counter shared with them: [the burst under way, the next chunk of it nobody claimed]."""
        self.used = 0.0
        """When the reader processes were started or last given mail (``time.monotonic``)."""
        self.bursts = 0
        """How many bursts were handed to them: what a chunk's readings are known by."""

    def read(self, raws: Sequence[bytes]) -> Generator[Reading | None]:
        """Each of ``raws`` read, in order. The reader processes begin at once (started now if they
        are not running: this process reads until they are), and read the next mails while the
        caller takes the first; closing what this returns drops what is not taken yet."""
        pool = self._pool() if len(raws) > FEW else None
        if pool is None:
            return (tried(raw, self.mail) for raw in raws)
        self.used = time.monotonic()
        self.bursts += 1
        chunks = [list(raws[start : start + CHUNK]) for start in range(0, len(raws), CHUNK)]
        with self.claims.get_lock():
            self.claims[0], self.claims[1] = self.bursts, 1  # the first chunk is read here meanwhile
        try:
            for reader in pool:
                if reader.started():  # one still starting gets the next burst
                    reader.pipe.send((self.bursts, chunks))
        except (OSError, EOFError) as error:  # a reader is gone: this burst is read here
            self._broken(error)
        return self._in_order(self.bursts, chunks)

    def _in_order(self, number: int, chunks: list[list[bytes]]) -> Generator[Reading | None]:
        """The readings of the burst ``number``, in order: each chunk taken back from the reader that
        claimed it, or claimed and read here when nobody has."""
        done: dict[int, list[Reading | None]] = {}
        try:
            for index, chunk in enumerate(chunks):
                if index and self._claim(len(chunks), only=index) is None:
                    self._wait(number, index, chunks, done)
                else:
                    self._collect(number, done)
                found = done.pop(index, None)
                yield from found if found is not None else self._here(chunk)
        finally:
            if self.pool is not None:
                with self.claims.get_lock():
                    if self.claims[0] == number:
                        self.claims[1] = len(chunks)  # what is left of it is claimed by nobody

    def _claim(self, count: int, *, only: int | None = None) -> int | None:
        """Claims for the service the next chunk of ``count`` nobody has, if any (``only``: that chunk,
        if nobody has it yet); returns the chunk claimed."""
        with self.claims.get_lock():
            ahead = self.claims[1]
            if ahead >= count or (only is not None and ahead > only):
                return None
            claimed = ahead if only is None else only
            self.claims[1] = claimed + 1
            return int(claimed)

    def _collect(self, number: int, done: dict[int, list[Reading | None]], *, wait: bool = False) -> None:
        """Takes what the readers have sent back (``wait``: at least one message, waited for)."""
        by_pipe = {reader.pipe: reader for reader in self.pool or []}
        try:
            for pipe in multiprocessing.connection.wait(list(by_pipe), None if wait else 0):
                reader = by_pipe[pipe]  # type: ignore[index]  # wait() returns the very pipes it was given; the stubs widen them
                message = reader.pipe.recv()
                if message is None:  # the word that it started
                    reader.ready = True
                elif message[0] == number:
                    done[message[1]] = message[2]
        except (OSError, EOFError) as error:  # a reader is gone: what it claimed is read here
            self._broken(error)

    def _wait(
        self, number: int, index: int, chunks: list[list[bytes]], done: dict[int, list[Reading | None]]
    ) -> None:
        """Waits for the readings of chunk ``index``, claimed by a reader (unread if it is gone):
        meanwhile the next chunks nobody has claimed are claimed and read here."""
        while index not in done and self.pool is not None:
            self._collect(number, done)
            if index in done:
                return
            ahead = self._claim(len(chunks))
            if ahead is None:
                self._collect(number, done, wait=True)
            else:
                done[ahead] = self._here(chunks[ahead])

    def _here(self, chunk: Sequence[bytes]) -> list[Reading | None]:
        return [tried(raw, self.mail) for raw in chunk]

    def start(self) -> None:
        """Starts the reader processes now rather than at the first burst (the benchmarks do, so as not
        to time their start) and waits until they are ready."""
        try:
            for reader in self._pool() or []:
                reader.started(wait=True)
        except (OSError, EOFError) as error:  # as in ``read``: they start again at the next burst
            self._broken(error)

    def close_idle(self, seconds: float = IDLE) -> None:
        """Stops the reader processes if they were given no mail for ``seconds``: between bursts they
        would only hold memory."""
        if self.pool is not None and time.monotonic() - self.used > seconds:
            self.close()

    def close(self) -> None:
        """Stops the reader processes."""
        pool, self.pool = self.pool, None
        for reader in pool or []:
            reader.stop()

    def _pool(self) -> list[_Reader] | None:
        if self.count < 1:
            return None
        if self.pool is None:
            context = multiprocessing.get_context("spawn")  # never a fork of a process with threads
            self.used = time.monotonic()
            self.claims = context.Array("q", [0, 0])
            mail = _without_secrets(self.mail)
            self.pool = [_Reader(context, mail, self.claims) for _ in range(self.count)]
        return self.pool

    def _broken(self, error: BaseException) -> None:
        LOG.warning(
            "a mail reader process failed; reading in the service's own process until the next burst",
            extra={"error": f"{type(error).__name__}: {error}"[:300]},
        )
        self.close()


class _Reader:
    """One reader process and the service's end of its pipe."""

    def __init__(self, context: Any, mail: MailSettings, claims: Any) -> None:
        here, there = context.Pipe()
        self.process = context.Process(target=_serve, args=(there, mail, claims), daemon=True)
        self.process.start()
        there.close()
        self.pipe: multiprocessing.connection.Connection = here
        self.ready = False

    def started(self, *, wait: bool = False) -> bool:
        """Whether the reader has said it started (``wait``: waited for until it has)."""
        while not self.ready and (wait or self.pipe.poll()):
            if self.pipe.recv() is None:
                self.ready = True
        return self.ready

    def stop(self) -> None:
        self.pipe.close()  # the reader ends when its pipe does
        self.process.join(5)
        if self.process.is_alive():
            self.process.kill()
            self.process.join()


def _without_secrets(mail: MailSettings) -> MailSettings:
    """``mail`` without the servers' passwords, which reading never needs."""
    return replace(mail, incoming_password=None, outgoing_password=None)


def _serve(pipe: multiprocessing.connection.Connection, mail: MailSettings, claims: Any) -> None:
    """A reader process: for each burst the service sends, claims its chunks one after another from
    the counter it shares with the service and sends back what it read of each, until the pipe ends;
    ends as soon as the service does, even one killed outright."""
    referee_lines()
    parent = multiprocessing.parent_process()
    if parent is not None:
        threading.Thread(target=_end_with, args=(parent.sentinel,), daemon=True).start()
    given: queue.SimpleQueue[tuple[int, list[list[bytes]]] | None] = queue.SimpleQueue()
    threading.Thread(target=_take_in, args=(pipe, given), daemon=True).start()
    pipe.send(None)
    while (burst := given.get()) is not None:
        number, chunks = burst
        while given.empty():  # a newer burst makes what is left of this one nobody's
            with claims.get_lock():
                if claims[0] != number or claims[1] >= len(chunks):
                    break
                index = claims[1]
                claims[1] = index + 1
            try:
                pipe.send((number, index, [tried(raw, mail) for raw in chunks[index]]))
            except OSError:  # the service closed its end: nothing more is wanted
                return


def _take_in(pipe: multiprocessing.connection.Connection, given: queue.SimpleQueue[Any]) -> None:
    """Takes in every chunk the service sends as it comes; None when the pipe ends."""
    while True:
        try:
            given.put(pipe.recv())
        except (EOFError, OSError):
            given.put(None)
            return


def _end_with(sentinel: int) -> None:
    """Ends this process as soon as ``sentinel`` (its parent's) says the parent is gone."""
    multiprocessing.connection.wait([sentinel])
    os._exit(0)
