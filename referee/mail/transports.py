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
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Protocol


class TransportError(OSError):
    """A transport that cannot be opened or used; the message says which and why."""


class Inbox(Protocol):
    """Mail waiting to be read, oldest first."""

    def fetch(self) -> list[tuple[str, bytes]]:
        """The unread mails as (key, raw bytes), in the order they arrived."""
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


class MaildirInbox:
    """Reads a Maildir folder: mail in ``new/`` (or in ``cur/`` without the seen flag) is unread.

    Only file names are read to find unread mail (the flags are in the name), so a
    folder holding many read mails costs nothing to look through.
    """

    def __init__(self, path: Path) -> None:
        self.folder = mailbox.Maildir(path, create=True)
        self.path = Path(path)

    def _unread(self) -> dict[str, Path]:
        """The unread mails by key. A folder missing ``new/``, ``cur/`` or ``tmp/`` (a hand-made one,
        or one a program half cleared) gets it made again, so that reading never stops on it."""
        found = {}
        for sub in ("new", "cur", "tmp"):
            (self.path / sub).mkdir(parents=True, exist_ok=True)
        for sub in ("new", "cur"):
            for entry in (self.path / sub).iterdir():
                key, _, info = entry.name.partition(":")
                if sub == "new" or "S" not in info.partition(",")[2]:
                    found[key] = entry
        return found

    def _path(self, key: str) -> Path | None:
        """The file of the unread mail ``key``: in ``new/`` as delivered, else looked for in the folder."""
        delivered = self.path / "new" / key
        return delivered if delivered.exists() else self._unread().get(key)

    def fetch(self) -> list[tuple[str, bytes]]:
        """The unread mails as (key, raw bytes), in the order they were delivered."""
        unread = self._unread()
        order = sorted(unread, key=lambda key: (unread[key].stat().st_mtime_ns, key))
        return [(key, unread[key].read_bytes()) for key in order]

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
        for key in keys:
            path = found.get(key)
            if path is not None:
                flags = "".join(sorted(set(path.name.partition(":")[2].partition(",")[2]) | {"S"}))
                path.rename(self.path / "cur" / f"{key}:2,{flags}")

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
        """Sleeps ``timeout`` seconds (a folder cannot announce new mail); then says whether there is some."""
        time.sleep(timeout)
        return bool(self._unread())

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
