"""Where the referee's mail comes from and goes to, behind two small interfaces.

A transport is named by a URL in ``referee.toml``: ``maildir:/path`` is a Maildir folder
on disk (the embedded default, no server needed). Servers plug in behind the same
``Inbox`` and ``Outbox`` interfaces.
"""

from __future__ import annotations

import itertools
import mailbox
import os
import random
import socket
import time
from collections.abc import Iterator, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Protocol

FETCH_MAILS = 500
"""The most mails one fetch reads: a burst is taken in a fetch at a time, never held whole in memory."""

FETCH_BYTES = 32 * 1024 * 1024
"""The most bytes of mail one fetch reads: it stops before the first mail past them (it always reads
one, however big: the limits on a mail are checked as it is taken in)."""


class TransportError(OSError):
    """A transport that cannot be opened or used; the message says which and why."""


class Inbox(Protocol):
    """Mail waiting to be read, oldest first."""

    more: bool
    """Whether the last fetch left unread mail for the next one (it had read as much as one may)."""

    def fetch(self) -> list[tuple[str, bytes]]:
        """The oldest unread mails as (key, raw bytes), in the order they arrived: at most
        ``FETCH_MAILS`` of them and ``FETCH_BYTES`` in all (``more`` says whether others wait)."""
        ...

    def done(self, key: str) -> None:
        """Marks the mail ``key`` as read, so that it is not fetched again."""
        ...

    def done_many(self, keys: Sequence[str]) -> None:
        """Marks the mails ``keys`` as read, all at once."""
        ...

    def failed(self, key: str) -> None:
        """Puts the mail ``key``, which could not be processed, where the game-master finds it."""
        ...

    def received_at(self, key: str) -> datetime | None:
        """When the mailbox received the mail ``key`` (of the last ``fetch``), if it knows."""
        ...

    def wait(self, timeout: float) -> bool:
        """Waits up to ``timeout`` seconds for new mail; True if some arrived."""
        ...

    def close(self) -> None:
        """Lets go of any connection held."""
        ...


def fetches(inbox: Inbox) -> Iterator[list[tuple[str, bytes]]]:
    """Fetch after fetch of ``inbox``, while the last one left mail for another; the caller marks each
    fetch's mails read (or moves them aside) before it asks for the next. A fetch that begins with the
    mail the one before began with is not given: that mail was left where it was, and reading on would
    go round for ever; the rest waits for the next time."""
    first = None
    while True:
        fetched = inbox.fetch()
        if fetched and fetched[0][0] == first:
            return
        yield fetched
        if not fetched or not inbox.more:
            return
        first = fetched[0][0]


class Outbox(Protocol):
    """Where finished mail is handed over for delivery."""

    parallel: int
    """How many mails are handed over together (their ``send`` awaited at once) before their
    sending is recorded in one transaction; a crash in between may send those again."""

    async def send(self, raw: bytes, recipients: Sequence[str]) -> None:
        """Hands the mail ``raw`` over for delivery to ``recipients``.

        Raises ``PermanentFailure`` for mail that will never be taken, any other
        ``OSError`` (``TemporaryFailure`` included) for a failure worth trying again.
        """
        ...

    async def close(self) -> None:
        """Lets go of any connection held."""
        ...


RESCAN_SECONDS = 30.0
"""How long what ``cur/`` of an incoming Maildir holds unread is trusted while the folder's time shows
no change: then it is listed again all the same."""


class MaildirInbox:
    """Reads a Maildir folder: mail in ``new/`` (or in ``cur/`` without the seen flag) is unread.

    Only file names are read to find unread mail (the flags are in the name). ``cur/`` keeps every
    mail ever read (hundreds of thousands in a long campaign, a fifth of a second to list), so it is
    listed again only when its time says something in it changed other than the referee's own marking
    of mail read, and at least every ``RESCAN_SECONDS``: the file system keeps a folder's time to a
    few milliseconds, so a mail a mail client moved there unread in the very moment the referee marked
    others read is found at the next such look.
    """

    def __init__(self, path: Path) -> None:
        self.folder = mailbox.Maildir(path, create=True)
        self.path = Path(path)
        self.more = False
        self._in_cur: dict[str, Path] = {}
        """The unread mails in ``cur/`` when it was last listed, by key."""
        self._cur_time: int | None = None
        """The time of ``cur/`` (nanoseconds) that the list above shows."""
        self._listed_at = 0.0
        """When ``cur/`` was last listed (``time.monotonic``)."""

    def _unread(self) -> dict[str, Path]:
        """The unread mails by key. A folder missing ``new/``, ``cur/`` or ``tmp/`` (a hand-made one,
        or one a program half cleared) gets it made again, so that reading never stops on it."""
        for sub in ("new", "cur", "tmp"):
            (self.path / sub).mkdir(parents=True, exist_ok=True)
        found = {entry.name.partition(":")[0]: entry for entry in (self.path / "new").iterdir()}
        return found | self._unread_in_cur()

    def _unread_in_cur(self) -> dict[str, Path]:
        """The mails in ``cur/`` without the seen flag, listed again only when the folder changed."""
        cur = self.path / "cur"
        changed = cur.stat().st_mtime_ns
        if changed != self._cur_time or time.monotonic() - self._listed_at >= RESCAN_SECONDS:
            self._listed_at = time.monotonic()
            self._in_cur = {}
            for entry in cur.iterdir():
                key, _, info = entry.name.partition(":")
                if "S" not in info.partition(",")[2]:
                    self._in_cur[key] = entry
            self._cur_time = changed  # as before the listing: a change during it is listed next time
        return self._in_cur

    def _path(self, key: str) -> Path | None:
        """The file of the unread mail ``key``: in ``new/`` as delivered, else looked for in the folder."""
        delivered = self.path / "new" / key
        return delivered if delivered.exists() else self._unread().get(key)

    def fetch(self) -> list[tuple[str, bytes]]:
        """The oldest unread mails as (key, raw bytes), in the order they were delivered (at most
        ``FETCH_MAILS``, and ``FETCH_BYTES`` in all)."""
        unread = {key: (path, path.stat()) for key, path in self._unread().items()}
        order = sorted(unread, key=lambda key: (unread[key][1].st_mtime_ns, key))
        mails: list[tuple[str, bytes]] = []
        size = 0
        for key in order:
            path, status = unread[key]
            size += status.st_size
            if len(mails) == FETCH_MAILS or (mails and size > FETCH_BYTES):
                break
            mails.append((key, path.read_bytes()))
        self.more = len(mails) < len(order)
        return mails

    def done(self, key: str) -> None:
        """Moves the mail ``key`` to ``cur/`` with the seen flag, as mail clients do."""
        self.done_many([key])

    def done_many(self, keys: Sequence[str]) -> None:
        """Moves the mails ``keys`` to ``cur/`` with the seen flag, looking through the folder once."""
        found = {key: self.path / "new" / key for key in keys}
        found = {key: path for key, path in found.items() if path.exists()}
        if len(found) < len(keys):  # some were not in new/ as delivered: one look through the folder
            unread = self._unread()
            found |= {key: unread[key] for key in keys if key not in found and key in unread}
        cur = self.path / "cur"
        unchanged = cur.stat().st_mtime_ns == self._cur_time  # since it was listed: the next change ours
        for key in keys:
            path = found.get(key)
            if path is not None:
                flags = "".join(sorted(set(path.name.partition(":")[2].partition(",")[2]) | {"S"}))
                path.rename(cur / f"{key}:2,{flags}")
                self._in_cur.pop(key, None)
        if unchanged:
            self._cur_time = cur.stat().st_mtime_ns

    def failed(self, key: str) -> None:
        """Moves the mail ``key`` into the Maildir folder ``<this folder>-failed`` beside this one."""
        path = self._path(key)
        if path is not None:
            aside = mailbox.Maildir(self.path.with_name(f"{self.path.name}-failed"), create=True)
            aside.add(path.read_bytes())
            path.unlink()

    def received_at(self, key: str) -> datetime | None:
        """When the mail ``key`` was delivered into the folder (its file's time)."""
        path = self._path(key)
        return datetime.fromtimestamp(path.stat().st_mtime, UTC) if path is not None else None

    def wait(self, timeout: float) -> bool:
        """Sleeps ``timeout`` seconds (a folder cannot announce new mail); then says whether mail was
        delivered meanwhile (into ``new/``: mail a mail client moved into ``cur/`` unread is found by
        the next fetch, without this look listing the mail read before)."""
        time.sleep(timeout)
        (self.path / "new").mkdir(parents=True, exist_ok=True)
        return any((self.path / "new").iterdir())

    def close(self) -> None:
        """Nothing to let go of."""


class MaildirOutbox:
    """Puts each mail into ``new/`` of a Maildir folder, where a mail client can open it.

    A mail is written whole into ``tmp/`` and then renamed into ``new/``: a reader sees it whole
    or not at all, which is what Maildir promises. The file is not flushed to the disk one by one
    (``mailbox.Maildir`` does, at a tenth of the speed): a power cut may lose the last mails
    written, as it may any file the system has not written yet; mail that must survive that goes
    to an SMTP server.
    """

    parallel = 50
    """Mails written one after another before their sending is recorded, in one transaction."""

    def __init__(self, path: Path) -> None:
        mailbox.Maildir(path, create=True)
        self.path = Path(path)
        self._host = socket.gethostname().replace("/", "\\057").replace(":", "\\072")
        self._count = itertools.count()

    async def send(self, raw: bytes, recipients: Sequence[str]) -> None:
        """Stores the mail ``raw``; the recipients are in its headers (a Maildir has no envelope)."""
        now = time.time()
        name = f"{int(now)}.M{int(now % 1 * 1e6)}P{os.getpid()}Q{next(self._count)}.{self._host}"
        temporary = self.path / "tmp" / name
        with open(temporary, "xb") as file:
            file.write(raw)
        os.replace(temporary, self.path / "new" / name)

    async def close(self) -> None:
        """Nothing to let go of."""


def backoff(attempt: int, rng: random.Random, *, base: float = 1.0, cap: float = 300.0) -> float:
    """Seconds to wait before the ``attempt``-th retry (0 for the first): doubling, capped, jittered.

    The result lies between half and all of ``min(cap, base * 2**attempt)``, drawn from
    ``rng``, so that several clients that lost the same server do not come back at once.
    """
    ceiling = min(cap, base * 2.0 ** min(max(attempt, 0), 60))
    return rng.uniform(ceiling / 2, ceiling)


def maildir_path(url: str) -> Path:
    """The folder of a ``maildir:`` URL, its parent folders made if missing."""
    scheme, _, rest = url.partition(":")
    if scheme != "maildir" or not rest:
        raise TransportError(f"unknown mail transport {url!r}; expected maildir:/path/to/folder")
    path = Path(rest)
    path.parent.mkdir(parents=True, exist_ok=True)
    return path
