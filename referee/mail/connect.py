"""Opening the transports named in ``[mail]``: ``maildir:PATH``, ``imap://…`` and ``smtp://…``.

Passwords come from ``referee.toml`` (``incoming_password``, ``outgoing_password``) or
from ``$REFEREE_IMAP_PASSWORD`` / ``$REFEREE_SMTP_PASSWORD``, never from the URL.
"""

from __future__ import annotations

import os
from collections.abc import Mapping

from referee.app import Referee
from referee.config import MailSettings
from referee.mail.transports import Inbox, MaildirInbox, MaildirOutbox, Outbox, TransportError, maildir_path

SCHEMES = "maildir:/path, imap://user@host:port/INBOX or smtp://user@host:port"


def open_inbox(mail: MailSettings, referee: Referee, env: Mapping[str, str] = os.environ) -> Inbox:
    """The incoming transport of ``mail``; an IMAP inbox keeps its place with ``referee``."""
    url = mail.incoming
    if url.startswith("imap://"):
        from referee.mail.imap import ImapInbox
        from referee.mail.urls import parse_imap_url, password_for

        settings = parse_imap_url(url)
        password = password_for(settings, env, mail.incoming_password)
        if password is None:
            raise TransportError("an IMAP mailbox needs a user: write imap://user@host/INBOX")
        return ImapInbox(settings, password, referee.positions)
    if url.startswith("maildir:"):
        return MaildirInbox(maildir_path(url))
    raise TransportError(f"unknown incoming mail transport {url!r}; expected {SCHEMES}")


def open_outbox(mail: MailSettings, env: Mapping[str, str] = os.environ) -> Outbox:
    """The outgoing transport of ``mail``."""
    url = mail.outgoing
    if url.startswith("smtp://"):
        from referee.mail.smtp import SmtpOutbox
        from referee.mail.urls import parse_smtp_url, password_for

        settings = parse_smtp_url(url)
        return SmtpOutbox(settings, password_for(settings, env, mail.outgoing_password), sender=mail.address)
    if url.startswith("maildir:"):
        return MaildirOutbox(maildir_path(url))
    raise TransportError(f"unknown outgoing mail transport {url!r}; expected {SCHEMES}")


def check_transports(mail: MailSettings, referee: Referee, env: Mapping[str, str] = os.environ) -> None:
    """Raises ``TransportError`` naming what is wrong in the ``[mail]`` URLs or passwords.

    Both transports are opened the way the service opens them; neither connects before
    it is used, so nothing goes over the network here.
    """
    open_inbox(mail, referee, env).close()
    open_outbox(mail, env)
