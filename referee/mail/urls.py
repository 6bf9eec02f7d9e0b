"""Reading ``imap://`` and ``smtp://`` transport URLs into settings, refusing anything unclear.

An IMAP inbox::

    imap://user@host:port/MAILBOX?tls=starttls|tls|none&processed=flag|move:FOLDER&failed=FOLDER

An SMTP outbox (the user is optional: without one, no login)::

    smtp://user@host:port?tls=starttls|tls|none&rate=N&connections=N&pipelining=no

Passwords never go in a URL (URLs end up in logs and process lists): they come from
``referee.toml`` or from ``$REFEREE_IMAP_PASSWORD`` / ``$REFEREE_SMTP_PASSWORD`` through
``password_for``, and the settings below do not hold them. Error messages name the part
of the URL that is wrong, never the whole URL, so that a password typed into one by
mistake is not repeated in a log.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal, cast
from urllib.parse import quote, unquote, urlsplit

from referee.mail.transports import TransportError

TlsMode = Literal["starttls", "tls", "none"]
TLS_MODES: tuple[TlsMode, ...] = ("starttls", "tls", "none")

IMAP_PASSWORD_VARIABLE = "REFEREE_IMAP_PASSWORD"
SMTP_PASSWORD_VARIABLE = "REFEREE_SMTP_PASSWORD"

IMAP_PORTS: dict[TlsMode, int] = {"starttls": 143, "tls": 993, "none": 143}
SMTP_PORTS: dict[TlsMode, int] = {"starttls": 587, "tls": 465, "none": 25}

DEFAULT_MAILBOX = "INBOX"
DEFAULT_FAILED_FOLDER = "Referee-failed"
LOOPBACK_NAMES = ("localhost",)


@dataclass(frozen=True)
class ImapSettings:
    """Where an IMAP inbox is and what happens to its mail once read (no password here).

    ``move_to`` is None when processed mail keeps its place and gets the \\Seen flag, else
    the folder it is moved to. Mail that could not be processed goes to ``failed_folder``.
    """

    host: str
    port: int
    user: str
    mailbox: str = DEFAULT_MAILBOX
    tls: TlsMode = "starttls"
    move_to: str | None = None
    failed_folder: str = DEFAULT_FAILED_FOLDER

    @property
    def url(self) -> str:
        """These settings written back as a URL, every option spelled out."""
        processed = "flag" if self.move_to is None else f"move:{quote(self.move_to, safe='')}"
        return (
            f"imap://{quote(self.user, safe='')}@{_netloc_host(self.host)}:{self.port}/"
            f"{quote(self.mailbox, safe='')}?tls={self.tls}&processed={processed}"
            f"&failed={quote(self.failed_folder, safe='')}"
        )


MOST_CONNECTIONS = 16
"""The most connections an SMTP outbox opens to one server at once."""


@dataclass(frozen=True)
class SmtpSettings:
    """Where an SMTP outbox hands mail over (no password here).

    ``user`` is None when the server takes mail without a login; ``rate`` is the most
    messages per second to send, None for no limit; ``connections`` how many mails are handed
    over at once, each on its own connection; ``pipelining`` whether a mail's envelope is sent in
    one write where the server offers it (RFC 2920), off for a server that offers it but fails at it.
    """

    host: str
    port: int
    user: str | None = None
    tls: TlsMode = "starttls"
    rate: float | None = None
    connections: int = 1
    pipelining: bool = True

    @property
    def url(self) -> str:
        """These settings written back as a URL, every option spelled out."""
        user = "" if self.user is None else f"{quote(self.user, safe='')}@"
        rate = "" if self.rate is None else f"&rate={self.rate:g}"
        pool = "" if self.connections == 1 else f"&connections={self.connections}"
        pipelining = "" if self.pipelining else "&pipelining=no"
        return f"smtp://{user}{_netloc_host(self.host)}:{self.port}?tls={self.tls}{rate}{pool}{pipelining}"


def is_loopback(host: str) -> bool:
    """Whether ``host`` names this machine itself (localhost, 127.0.0.0/8 or ::1)."""
    if host.lower() in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def parse_imap_url(url: str) -> ImapSettings:
    """The settings of an ``imap://`` URL (raises ``TransportError`` saying what is wrong)."""
    parts = _split(url, "imap")
    options = _options(parts.query, "imap", ("tls", "processed", "failed"))
    tls = _tls(options, parts.hostname or "", "imap")
    if not parts.username:
        raise TransportError("an imap URL needs a user to log in as: imap://user@host/INBOX")
    mailbox = unquote(parts.path[1:]) if parts.path.startswith("/") else ""
    mailbox = mailbox or DEFAULT_MAILBOX
    move_to = _processed(options.get("processed", "flag"))
    failed = unquote(options.get("failed", DEFAULT_FAILED_FOLDER))
    if not failed:
        raise TransportError("imap option failed= needs a folder name (the default is Referee-failed)")
    folders = {"the mailbox read": mailbox, "the failed folder": failed}
    if move_to is not None:
        folders["the processed folder"] = move_to
    if len({_folder_key(name) for name in folders.values()}) < len(folders):
        named = ", ".join(f"{role} is {name!r}" for role, name in folders.items())
        raise TransportError(f"imap folders must all differ, but {named}")
    return ImapSettings(
        host=parts.hostname or "",
        port=_port(parts, IMAP_PORTS[tls]),
        user=unquote(parts.username),
        mailbox=mailbox,
        tls=tls,
        move_to=move_to,
        failed_folder=failed,
    )


def parse_smtp_url(url: str) -> SmtpSettings:
    """The settings of an ``smtp://`` URL (raises ``TransportError`` saying what is wrong)."""
    parts = _split(url, "smtp")
    options = _options(parts.query, "smtp", ("tls", "rate", "connections", "pipelining"))
    tls = _tls(options, parts.hostname or "", "smtp")
    if parts.path not in ("", "/"):
        raise TransportError("an smtp URL has no path: write smtp://user@host:port?options")
    rate = None
    if "rate" in options:
        try:
            rate = float(options["rate"])
        except ValueError:
            rate = -1.0
        if not 0 < rate < float("inf"):
            raise TransportError(
                f"smtp option rate= is the most messages per second, above 0, not {options['rate']!r}"
            )
    connections = options.get("connections", "1")
    if not connections.isdigit() or not 1 <= int(connections) <= MOST_CONNECTIONS:
        raise TransportError(
            f"smtp option connections= is how many mails go at once, 1 to {MOST_CONNECTIONS}, "
            f"not {connections!r}"
        )
    pipelining = options.get("pipelining", "yes")
    if pipelining not in ("yes", "no"):
        raise TransportError(
            f"smtp option pipelining= is yes (where the server offers it; the default) or no, "
            f"not {pipelining!r}"
        )
    return SmtpSettings(
        host=parts.hostname or "",
        port=_port(parts, SMTP_PORTS[tls]),
        user=unquote(parts.username) if parts.username else None,
        tls=tls,
        rate=rate,
        connections=int(connections),
        pipelining=pipelining == "yes",
    )


def password_for(
    url_settings: ImapSettings | SmtpSettings, env: Mapping[str, str], configured: str | None
) -> str | None:
    """The password to log in with: ``configured`` (from referee.toml), else the environment's.

    The variable is ``REFEREE_IMAP_PASSWORD`` or ``REFEREE_SMTP_PASSWORD`` after the kind of
    settings. Returns None for an SMTP server without a user (no login). Raises
    ``TransportError`` when a user has no password, when a password has no user, or when
    the two places disagree (which one was meant cannot be guessed).
    """
    settings = url_settings
    imap = isinstance(settings, ImapSettings)
    variable = IMAP_PASSWORD_VARIABLE if imap else SMTP_PASSWORD_VARIABLE
    kind = "imap" if imap else "smtp"
    from_file = configured or None
    from_env = env.get(variable) or None
    if from_file is not None and from_env is not None and from_file != from_env:
        raise TransportError(
            f"the {kind} password is set both in referee.toml and in ${variable}, differently; keep one"
        )
    password = from_file or from_env
    if settings.user is None:
        if password is not None:
            raise TransportError(
                f"an {kind} password is set (in referee.toml or ${variable}) but the {kind} URL names no "
                f"user to log in as: write {kind}://user@host"
            )
        return None
    if password is None:
        raise TransportError(
            f"the {kind} user {settings.user!r} needs a password: set it in referee.toml or in ${variable} "
            "(never in the URL)"
        )
    return password


def _split(url: str, scheme: str) -> _Parts:
    """The URL cut into its parts, after the checks that keep a password out of every message."""
    given, separator, rest = url.partition("://")
    if not separator or given.lower() != scheme:
        shown = given if separator else url.partition(":")[0]
        raise TransportError(f"expected an {scheme}:// URL, not one starting with {shown!r}")
    netloc = rest
    for stop in "/?#":
        netloc = netloc.partition(stop)[0]
    userinfo, at, _ = netloc.rpartition("@")
    if at and ":" in userinfo:
        user = userinfo.partition(":")[0]
        raise TransportError(
            f"the {scheme} URL holds a password after {user!r}: passwords go in referee.toml or in "
            f"${IMAP_PASSWORD_VARIABLE if scheme == 'imap' else SMTP_PASSWORD_VARIABLE}, never in the URL"
        )
    if "@" in rest[len(netloc) :]:
        raise TransportError(
            f"the {scheme} URL has an '@' after the host (a password with a '/' in it?); write "
            f"{scheme}://user@host and put the password in referee.toml, or write the '@' as %40"
        )
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 - urlsplit checks the port only when asked for it
    except ValueError as error:
        raise TransportError(f"the {scheme} URL's host or port is malformed ({error})") from None
    if parts.fragment:
        raise TransportError(f"an {scheme} URL has no '#' part")
    if not parts.hostname:
        raise TransportError(f"the {scheme} URL names no host: {scheme}://user@host")
    return _Parts(parts.hostname, parts.port, parts.username, parts.path, parts.query)


@dataclass(frozen=True)
class _Parts:
    """The pieces of a URL the parsers use."""

    hostname: str
    port: int | None
    username: str | None
    path: str
    query: str


def _options(query: str, scheme: str, known: tuple[str, ...]) -> dict[str, str]:
    """The ``name=value`` options of a query, each known and given once."""
    options: dict[str, str] = {}
    for item in query.split("&") if query else []:
        name, equals, value = item.partition("=")
        if name not in known:
            raise TransportError(f"unknown {scheme} option {name!r}; the options are {', '.join(known)}")
        if not equals:
            raise TransportError(f"{scheme} option {name} needs a value: {name}=...")
        if name in options:
            raise TransportError(f"{scheme} option {name} is given twice")
        options[name] = value
    return options


def _tls(options: Mapping[str, str], host: str, scheme: str) -> TlsMode:
    """The TLS mode asked for; plain text is allowed only to this machine itself."""
    value = options.get("tls", "starttls")
    if value not in TLS_MODES:
        raise TransportError(f"{scheme} option tls= is one of {', '.join(TLS_MODES)}, not {value!r}")
    mode = cast(TlsMode, value)
    if mode == "none" and not is_loopback(host):
        raise TransportError(
            f"{scheme} tls=none would send the password and the mail unencrypted across the network, so it "
            f"is only allowed to this machine itself (127.0.0.1, ::1, localhost), not to {host!r}; "
            "use tls=starttls or tls=tls"
        )
    return mode


def _processed(value: str) -> str | None:
    """None for ``flag``, else the folder of ``move:FOLDER``."""
    if value == "flag":
        return None
    kind, colon, folder = value.partition(":")
    folder = unquote(folder)
    if kind != "move" or not colon or not folder:
        raise TransportError(f"imap option processed= is flag or move:FOLDER, not {value!r}")
    return folder


def _port(parts: _Parts, default: int) -> int:
    """The port given in the URL, else the usual one for the TLS mode."""
    if parts.port is None:
        return default
    if parts.port == 0:
        raise TransportError("port 0 cannot be connected to")
    return parts.port


def _folder_key(name: str) -> str:
    """A folder name as the server compares it (INBOX in any case is the same folder)."""
    return "INBOX" if name.upper() == "INBOX" else name


def _netloc_host(host: str) -> str:
    """``host`` as written in a URL (an IPv6 address in brackets)."""
    return f"[{host}]" if ":" in host else host
