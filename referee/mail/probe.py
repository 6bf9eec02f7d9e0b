"""Trying the mail transports of ``[mail]`` before the service runs, for ``referee check``.

An IMAP mailbox is connected to, logged in to and its mailbox selected, then left (no mail is read
or marked); an SMTP server is connected to and logged in to, then left (nothing is sent); a Maildir
folder must be there with ``new/``, ``cur/`` and ``tmp/`` that this user may write. Each problem
comes with its fix (``referee.app.checks.Problem``); a password never appears in one.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Mapping
from pathlib import Path

import aiosmtplib
from imapclient.exceptions import LoginError

from referee.app import Findings
from referee.config import MailSettings
from referee.mail.failures import DeliveryFailure
from referee.mail.imap import ImapInbox
from referee.mail.smtp import SmtpOutbox
from referee.mail.transports import TransportError
from referee.mail.urls import (
    IMAP_PASSWORD_VARIABLE,
    SMTP_PASSWORD_VARIABLE,
    parse_imap_url,
    parse_smtp_url,
    password_for,
)

TIMEOUT = 10.0
"""Seconds a server has to answer before it counts as unreachable."""

REACH_FIX = (
    "check the host and port in the URL, that the server runs, and that no firewall stands between "
    "this machine and it"
)


class _Nowhere:
    """A position memory that remembers nothing: trying a mailbox marks no mail read."""

    def position(self, mailbox: str) -> tuple[int, int] | None:
        return None

    def remember(self, mailbox: str, uidvalidity: int, uid: int) -> None:
        return None


def probe_mail(mail: MailSettings, env: Mapping[str, str] = os.environ, timeout: float = TIMEOUT) -> Findings:
    """Tries the incoming and the outgoing transport of ``mail``; what was tried and what failed."""
    findings = Findings()
    _probe_incoming(mail, env, timeout, findings)
    _probe_outgoing(mail, env, timeout, findings)
    return findings


def _probe_incoming(mail: MailSettings, env: Mapping[str, str], timeout: float, findings: Findings) -> None:
    url = mail.incoming
    if url.startswith("maildir:"):
        _probe_maildir("incoming", Path(url.removeprefix("maildir:")), findings)
        return
    if not url.startswith("imap://"):
        findings.add(f"[mail] incoming: unknown transport {url.partition(':')[0]!r}", _url_fix("incoming"))
        return
    try:
        settings = parse_imap_url(url)
        password = password_for(settings, env, mail.incoming_password)
    except TransportError as error:
        findings.add(f"[mail] incoming: {error}", _password_or_url_fix(str(error), IMAP_PASSWORD_VARIABLE))
        return
    if password is None:  # an IMAP URL always names a user, so password_for has refused already
        return
    inbox = ImapInbox(settings, password, _Nowhere(), timeout=timeout)
    try:
        inbox.open()
    except TransportError as error:
        cause = error.__cause__
        if isinstance(cause, LoginError):
            fix = _password_fix(IMAP_PASSWORD_VARIABLE, "incoming", settings.user)
        elif "cannot reach" in str(error) or isinstance(cause, OSError):
            fix = REACH_FIX
        else:
            fix = f"name a mailbox that exists on the server (now {settings.mailbox!r}) in [mail] incoming"
        findings.add(f"[mail] incoming: {error}", fix)
        return
    finally:
        inbox.close()
    findings.checked.append(
        f"[mail] incoming: logged in to {settings.host}:{settings.port} as {settings.user}"
    )


def _probe_outgoing(mail: MailSettings, env: Mapping[str, str], timeout: float, findings: Findings) -> None:
    url = mail.outgoing
    if url.startswith("maildir:"):
        _probe_maildir("outgoing", Path(url.removeprefix("maildir:")), findings)
        return
    if not url.startswith("smtp://"):
        findings.add(f"[mail] outgoing: unknown transport {url.partition(':')[0]!r}", _url_fix("outgoing"))
        return
    try:
        settings = parse_smtp_url(url)
        outbox = SmtpOutbox(
            settings,
            password_for(settings, env, mail.outgoing_password),
            timeout=timeout,
            sender=mail.address,
        )
    except TransportError as error:
        findings.add(f"[mail] outgoing: {error}", _password_or_url_fix(str(error), SMTP_PASSWORD_VARIABLE))
        return
    where = f"the SMTP server {settings.host}:{settings.port}"
    try:
        asyncio.run(outbox.check())
    except aiosmtplib.SMTPAuthenticationError as error:
        findings.add(
            f"[mail] outgoing: {where} refused the login of {settings.user!r}: {error.code} {error.message}",
            _password_fix(SMTP_PASSWORD_VARIABLE, "outgoing", settings.user),
        )
        return
    except (aiosmtplib.SMTPConnectError, aiosmtplib.SMTPTimeoutError, OSError) as error:
        findings.add(f"[mail] outgoing: cannot reach {where}: {error}", REACH_FIX)
        return
    except (aiosmtplib.SMTPException, DeliveryFailure) as error:
        findings.add(
            f"[mail] outgoing: {where} refused: {error}",
            "check tls= in [mail] outgoing (starttls on port 587, tls on 465) and the user",
        )
        return
    login = f" as {settings.user}" if settings.user else " (no login)"
    findings.checked.append(f"[mail] outgoing: connected to {settings.host}:{settings.port}{login}")


def _probe_maildir(role: str, path: Path, findings: Findings) -> None:
    """A Maildir folder must be there with its three subfolders, writable by this user."""
    if not path.is_dir():
        findings.add(
            f"[mail] {role}: there is no Maildir folder {path}",
            f"run `referee init` (it makes it), or mkdir -p {path}/new {path}/cur {path}/tmp",
        )
        return
    missing = [sub for sub in ("new", "cur", "tmp") if not (path / sub).is_dir()]
    if missing:
        findings.add(
            f"[mail] {role}: the Maildir folder {path} lacks {', '.join(missing)}/",
            "mkdir -p " + " ".join(str(path / sub) for sub in missing),
        )
        return
    locked = [
        str(path / sub) for sub in ("new", "cur", "tmp") if not os.access(path / sub, os.W_OK | os.X_OK)
    ]
    if locked:
        findings.add(
            f"[mail] {role}: this user may not write in {', '.join(locked)}",
            "chown the folder to the user that runs the referee, or chmod u+rwx it",
        )
        return
    findings.checked.append(f"[mail] {role}: the Maildir folder {path}")


def _url_fix(role: str) -> str:
    return f"write [mail] {role} as maildir:PATH, imap://user@host/INBOX?tls=starttls or smtp://user@host:587"


def _password_fix(variable: str, role: str, user: str | None) -> str:
    return (
        f"set the right password of {user!r} in ${variable} (or [mail] {role}_password in referee.toml), "
        "and check the user in the URL"
    )


def _password_or_url_fix(message: str, variable: str) -> str:
    if "password" in message:
        return (
            f"set the password in ${variable} or in referee.toml, only one of them (see config.example.toml)"
        )
    return "correct the URL (config.example.toml shows how it is written)"
