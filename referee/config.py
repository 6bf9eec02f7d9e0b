"""The referee's configuration file (``referee.toml``) and where it is looked for."""

from __future__ import annotations

import ipaddress
import os
import tomllib
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from referee.shipped import shipped

PROJECT_ROOT = Path(__file__).resolve().parents[1]
"""The checkout holding ``templates/``, ``schedules/`` and ``config.example.toml``."""

DEFAULT_NAME = "referee.toml"
ENVIRONMENT = "REFEREE_CONFIG"


class ConfigError(ValueError):
    """A configuration file that is missing or cannot be read."""


@dataclass(frozen=True)
class Limits:
    """The ``[limits]`` table: how much of a mail from anyone the referee reads at all.

    Checked before any parsing: ``mail_bytes`` (a whole mail as received), ``header_bytes``
    (all its headers together), ``headers`` (header fields), ``mime_parts`` and ``mime_depth``
    (parts, and multiparts inside multiparts). Then ``lines`` (lines of one mail judged as
    orders) and ``talk_chars`` (one message of table talk said aloud).

    Wrong passwords: after ``guesses_per_address`` mails from one address, or ``guesses_per_seat``
    mails to one seat's personal address, gave a wrong password within ``guess_minutes``, further
    password mail from that address (or for that seat) is refused unread until the oldest of them is
    ``guess_minutes`` old; the game-master is told once.
    """

    mail_bytes: int = 1_000_000
    header_bytes: int = 64_000
    headers: int = 200
    mime_parts: int = 50
    mime_depth: int = 8
    lines: int = 60
    talk_chars: int = 2_000
    guesses_per_address: int = 5
    guesses_per_seat: int = 10
    guess_minutes: int = 60


@dataclass(frozen=True)
class MailSettings:
    """The ``[mail]`` table: the referee's own address and where its mail comes from and goes to.

    ``incoming`` and ``outgoing`` are transport URLs such as ``maildir:/srv/referee/in``;
    a relative Maildir path is taken relative to the configuration file.
    """

    address: str = "referee@example.org"
    name: str = "Referee"
    incoming: str = "maildir:mail/incoming"
    outgoing: str = "maildir:mail/outgoing"
    check_senders: bool = True
    """Refuse, unanswered, mail whose From domain failed DMARC, DKIM or SPF at the receiving server."""
    limits: Limits = Limits()
    """How much of a mail is read at all (``[limits]``)."""
    authserv_id: str | None = None
    """The receiving server's name in its Authentication-Results headers (default: trust the topmost)."""
    incoming_password: str | None = field(default=None, repr=False)
    outgoing_password: str | None = field(default=None, repr=False)
    """Server passwords from referee.toml; ``$REFEREE_IMAP_PASSWORD`` / ``$REFEREE_SMTP_PASSWORD`` do too."""

    forum_url: str = ""
    """The web pages' address (``[web] base_url``) when a ``[web]`` table is set: players' sign-in links
    start with it; without it mail carries no link."""

    @property
    def local_part(self) -> str:
        """The part of ``address`` before the "@" ("referee")."""
        return self.address.rpartition("@")[0].lower()

    @property
    def domain(self) -> str:
        """The part of ``address`` after the "@" ("example.org")."""
        return self.address.rpartition("@")[2].lower()


@dataclass(frozen=True)
class Config:
    """The settings the commands need, with every path made absolute."""

    path: Path
    database_url: str
    schedules: tuple[Path, ...]
    """Where schedules are looked for: the game-master's own folder first (if there is one), then the
    shipped schedules; a file in the own folder wins over a shipped one of the same name."""
    templates: Path
    raw: dict[str, Any]
    mail: MailSettings = MailSettings()
    service: ServiceSettings = field(default_factory=lambda: ServiceSettings())
    web: WebSettings = field(default_factory=lambda: WebSettings())


@dataclass(frozen=True)
class WebSettings:
    """The ``[web]`` table: where the web dashboard listens and the address people reach it at.

    ``listen`` is ``host:port`` (``referee serve`` runs the web too when it is set; ``referee web``
    runs it alone, on ``127.0.0.1:8080`` if it is not); ``base_url`` starts every link the referee
    gives out. ``secret_file`` holds the key that signs sessions (made on first use, readable by its
    owner only; ``$REFEREE_WEB_SECRET`` replaces it). ``max_body`` is the most bytes a request's body
    may have (64 KiB: the longest form is a message or orders); ``trusted_proxies`` are the addresses
    (or networks) of the reverse proxies whose ``X-Forwarded-For`` and ``X-Forwarded-Proto`` are
    believed; from anyone else those headers are ignored. ``apart``: ``referee serve`` runs the site in
    a process of its own beside the mail and the calendar (true, the default: the pages and the mail
    each have a core and neither waits for the other), or on the service's own loop (false: one
    process, for a machine with a single core). ``processes``: how many processes serve the site
    under ``referee serve`` (1, the default; on a host with more cores, one per core left after the
    mail's), sharing its port; each takes its share of the sign-in limits, and a player signed out is
    refused by all of them.
    """

    listen: str | None = None
    base_url: str = ""
    secret_file: Path | None = None
    max_body: int = 64 * 1024
    trusted_proxies: tuple[str, ...] = ()
    apart: bool = True
    processes: int = 1

    @property
    def host(self) -> str:
        """The address part of ``listen`` (``127.0.0.1`` when unset)."""
        return (self.listen or DEFAULT_LISTEN).rpartition(":")[0].strip("[]")

    @property
    def port(self) -> int:
        """The port of ``listen`` (8080 when unset)."""
        return int((self.listen or DEFAULT_LISTEN).rpartition(":")[2])


DEFAULT_LISTEN = "127.0.0.1:8080"


@dataclass(frozen=True)
class ServiceSettings:
    """The ``[service]`` table of ``referee serve``.

    ``tick_seconds``: how often deadlines and reminders are checked; ``wait_seconds``:
    the longest an idle wait for new mail lasts before the inbox is looked at again;
    ``retry_seconds``: the first pause before a mail that could not be sent is tried again
    (doubling each time, up to an hour); ``lease_seconds``: how long a batch of mail being
    sent is kept from other processes (after a crash a process on another host waits this long;
    one on the same host sees the dead process and takes the batch over at once);
    ``boundary_batch``: how many games due at once share one transaction (1: each its own);
    ``workers``: how many processes resolve the boundaries due (``referee serve`` starts
    ``workers - 1`` of them beside itself; more than one needs PostgreSQL); ``readers``: how many
    processes read a burst of mail beside the service while it judges and keeps the mail read (0:
    the service reads it itself; started at the first burst).
    """

    tick_seconds: float = 1.0
    wait_seconds: float = 5.0
    retry_seconds: float = 30.0
    lease_seconds: float = 120.0
    boundary_batch: int = 100
    workers: int = 1
    readers: int = 1


MAX_READERS = 16
"""The most processes ``[service] readers`` may ask for."""

MAX_WORKERS = 64
"""The most processes ``[service] workers`` may ask for."""


def config_path(explicit: str | None) -> Path:
    """The configuration file to use: ``--config``, else ``$REFEREE_CONFIG``, else ``./referee.toml``."""
    return Path(explicit or os.environ.get(ENVIRONMENT) or DEFAULT_NAME).resolve()


def load_config(path: Path) -> Config:
    """The configuration in ``path`` (raises ``ConfigError`` when it is missing or malformed)."""
    if not path.exists():
        raise ConfigError(f"no configuration file at {path}; run `referee init` to create one")
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{path} is not valid TOML: {error}") from error
    base = path.parent
    paths = raw.get("paths", {})
    web = _web(raw.get("web", {}), base)
    forum = web.base_url if "web" in raw else ""
    return Config(
        path=path,
        database_url=absolute_sqlite(raw.get("database", {}).get("url", "sqlite:///referee.db"), base),
        schedules=_schedule_folders(paths.get("schedules"), base),
        templates=_directory(paths.get("templates"), base, "templates"),
        raw=raw,
        mail=replace(
            _mail(raw.get("mail", {}), base), limits=_limits(raw.get("limits", {})), forum_url=forum
        ),
        service=_service(raw.get("service", {})),
        web=web,
    )


def _web(table: dict[str, Any], base: Path) -> WebSettings:
    """The ``[web]`` table (raises ``ConfigError`` on a ``listen`` that is not ``host:port``)."""
    listen = table.get("listen")
    if listen is not None:
        host, _, port = str(listen).rpartition(":")
        if not host or not port.isdigit() or not 0 < int(port) < 65536:
            raise ConfigError(f'[web] listen must be host:port such as "127.0.0.1:8080", not {listen!r}')
    base_url = str(table.get("base_url") or f"http://{listen or DEFAULT_LISTEN}").rstrip("/")
    if not base_url.startswith(("http://", "https://")):
        raise ConfigError(f"[web] base_url must start with http:// or https://, not {base_url!r}")
    secret = table.get("secret_file", "referee-web.key")
    max_body = table.get("max_body", WebSettings.max_body)
    if isinstance(max_body, bool) or not isinstance(max_body, int) or not 1024 <= max_body <= 16 * 2**20:
        raise ConfigError(f"[web] max_body must be a number of bytes from 1024 to 16777216, not {max_body!r}")
    apart = table.get("apart", WebSettings.apart)
    if not isinstance(apart, bool):
        raise ConfigError(f"[web] apart must be true or false, not {apart!r}")
    processes = table.get("processes", WebSettings.processes)
    if (
        isinstance(processes, bool)
        or not isinstance(processes, int)
        or not 1 <= processes <= MOST_WEB_PROCESSES
    ):
        raise ConfigError(
            f"[web] processes must be a number from 1 to {MOST_WEB_PROCESSES}, not {processes!r}"
        )
    return WebSettings(
        listen=str(listen) if listen else None,
        base_url=base_url,
        secret_file=(base / secret).resolve(),
        max_body=max_body,
        trusted_proxies=_proxies(table.get("trusted_proxies", [])),
        apart=apart,
        processes=processes,
    )


MOST_WEB_PROCESSES = 64
"""The most processes ``[web] processes`` may ask for."""


def _proxies(value: Any) -> tuple[str, ...]:
    """``[web] trusted_proxies``: a list of addresses or networks ("127.0.0.1", "10.0.0.0/8")."""
    if not isinstance(value, list):
        raise ConfigError(f'[web] trusted_proxies must be a list such as ["127.0.0.1"], not {value!r}')
    for item in value:
        try:
            ipaddress.ip_network(str(item), strict=False)
        except ValueError as error:
            raise ConfigError(f"[web] trusted_proxies: {item!r} is not an address or a network") from error
    return tuple(str(item) for item in value)


def _service(table: dict[str, Any]) -> ServiceSettings:
    """The ``[service]`` table (raises ``ConfigError`` on a value that is not a positive number)."""
    values = {}
    for key in ("tick_seconds", "wait_seconds", "retry_seconds", "lease_seconds"):
        value = table.get(key, getattr(ServiceSettings, key))
        if isinstance(value, bool) or not isinstance(value, int | float) or value <= 0:
            raise ConfigError(f"[service] {key} must be a positive number of seconds, not {value!r}")
        values[key] = float(value)
    batch = table.get("boundary_batch", ServiceSettings.boundary_batch)
    if isinstance(batch, bool) or not isinstance(batch, int) or not 1 <= batch <= 10_000:
        raise ConfigError(f"[service] boundary_batch must be a whole number from 1 to 10000, not {batch!r}")
    workers = table.get("workers", ServiceSettings.workers)
    if isinstance(workers, bool) or not isinstance(workers, int) or not 1 <= workers <= MAX_WORKERS:
        raise ConfigError(
            f"[service] workers must be a whole number from 1 to {MAX_WORKERS} (processes resolving "
            f"boundaries), not {workers!r}"
        )
    readers = table.get("readers", ServiceSettings.readers)
    if isinstance(readers, bool) or not isinstance(readers, int) or not 0 <= readers <= MAX_READERS:
        raise ConfigError(
            f"[service] readers must be a whole number from 0 to {MAX_READERS} (processes reading "
            f"mail), not {readers!r}"
        )
    return ServiceSettings(**values, boundary_batch=batch, workers=workers, readers=readers)


def _limits(table: dict[str, Any]) -> Limits:
    """The ``[limits]`` table (raises ``ConfigError`` on a value that is not a positive whole number)."""
    values = {}
    for key in Limits.__dataclass_fields__:
        value = table.get(key, getattr(Limits, key))
        if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
            raise ConfigError(f"[limits] {key} must be a positive whole number, not {value!r}")
        values[key] = value
    unknown = set(table) - set(values)
    if unknown:
        raise ConfigError(f"[limits] has unknown keys: {', '.join(sorted(unknown))}")
    return Limits(**values)


def _mail(table: dict[str, Any], base: Path) -> MailSettings:
    """The ``[mail]`` table with Maildir paths made absolute (raises ``ConfigError`` on a bad address)."""
    default = MailSettings()
    address = str(table.get("address", default.address))
    if address.count("@") != 1 or not all(address.split("@")):
        raise ConfigError(f"[mail] address must be an address such as referee@example.org, not {address!r}")
    return MailSettings(
        address=address,
        name=str(table.get("name", default.name)),
        incoming=absolute_maildir(str(table.get("incoming", default.incoming)), base),
        outgoing=absolute_maildir(str(table.get("outgoing", default.outgoing)), base),
        check_senders=bool(table.get("check_senders", True)),
        authserv_id=table.get("authserv_id"),
        incoming_password=table.get("incoming_password"),
        outgoing_password=table.get("outgoing_password"),
    )


def absolute_maildir(url: str, base: Path) -> str:
    """``url`` with a relative ``maildir:`` path made relative to ``base``; other URLs unchanged."""
    scheme, _, rest = url.partition(":")
    if scheme == "maildir" and rest:
        return f"maildir:{(base / rest).resolve()}"
    return url


def absolute_sqlite(url: str, base: Path) -> str:
    """``url`` with a relative SQLite file made relative to ``base``; other URLs unchanged."""
    prefix = "sqlite:///"
    if url.startswith(prefix) and not url.startswith(prefix + "/") and url != "sqlite:///:memory:":
        return prefix + str((base / url[len(prefix) :]).resolve())
    return url


def _schedule_folders(value: str | None, base: Path) -> tuple[Path, ...]:
    """The configured schedules folder (``schedules/`` beside the configuration when unset), if it is
    there and is not the shipped one, followed by the shipped folder."""
    own = (base / (value or "schedules")).resolve()
    ship = shipped("schedules").resolve()
    return (own, ship) if own.is_dir() and own != ship else (ship,)


def _directory(value: str | None, base: Path, default: str) -> Path:
    """A configured directory, or the project's own one when unset or absent."""
    if value:
        candidate = (base / value).resolve()
        if candidate.is_dir():
            return candidate
    return shipped(default)
