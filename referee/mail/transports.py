"""Where the referee's mail comes from and goes to, behind two small interfaces.

A transport is named by a URL in ``referee.toml``: ``maildir:/path`` is a Maildir folder
on disk (the embedded default, no server needed). Servers plug in behind the same
``Inbox`` and ``Outbox`` interfaces.
"""

from __future__ import annotations

import mailbox
from collections.abc import Sequence
from email.message import EmailMessage
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


class Outbox(Protocol):
    """Where finished mail is handed over for delivery."""

    def send(self, message: EmailMessage, recipients: Sequence[str]) -> None:
        """Hands ``message`` over for delivery to ``recipients`` (raises ``OSError`` on failure)."""
        ...


class MaildirInbox:
    """Reads a Maildir folder: mail in ``new/`` (or in ``cur/`` without the seen flag) is unread."""

    def __init__(self, path: Path) -> None:
        self.folder = mailbox.Maildir(path, create=True)

    def fetch(self) -> list[tuple[str, bytes]]:
        """The unread mails as (key, raw bytes), in the order they were delivered."""
        unread = []
        for key, message in self.folder.iteritems():
            if message.get_subdir() == "new" or "S" not in message.get_flags():
                unread.append((message.get_date(), key))
        return [(key, self.folder.get_bytes(key)) for _, key in sorted(unread)]

    def done(self, key: str) -> None:
        """Moves the mail ``key`` to ``cur/`` with the seen flag."""
        message = self.folder[key]
        message.set_subdir("cur")
        message.add_flag("S")
        self.folder[key] = message


class MaildirOutbox:
    """Puts each mail into ``new/`` of a Maildir folder, where a mail client can open it."""

    def __init__(self, path: Path) -> None:
        self.folder = mailbox.Maildir(path, create=True)

    def send(self, message: EmailMessage, recipients: Sequence[str]) -> None:
        """Stores ``message``; the recipients are in its headers (a Maildir has no envelope)."""
        self.folder.add(message.as_bytes())


def _maildir_path(url: str) -> Path:
    """The folder of a ``maildir:`` URL, its parent folders made if missing."""
    scheme, _, rest = url.partition(":")
    if scheme != "maildir" or not rest:
        raise TransportError(f"unknown mail transport {url!r}; expected maildir:/path/to/folder")
    path = Path(rest)
    path.parent.mkdir(parents=True, exist_ok=True)
    return path


def open_inbox(url: str) -> Inbox:
    """The incoming transport named by ``url``."""
    return MaildirInbox(_maildir_path(url))


def open_outbox(url: str) -> Outbox:
    """The outgoing transport named by ``url``."""
    return MaildirOutbox(_maildir_path(url))
