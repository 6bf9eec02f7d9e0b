"""Throw-away mail servers on loopback for the tests and the mail benchmark: Dovecot and aiosmtpd.

aiosmtpd is a test extra (``pip install -e '.[test]'``). Both listen on a free
loopback port, live in a fresh temporary directory and can be
stopped and started again on the same port, so that tests can take the server away
from a connected client. Dovecot must be installed (``apt-get install dovecot-imapd``):
without it ``dovecot_server`` fails rather than skipping, since CI installs it.

    with dovecot_server() as server:
        uid = server.append(b"Subject: hi\\r\\n\\r\\nbody\\r\\n")
        inbox = ImapInbox(parse_imap_url(server.url()), server.password, memory)
        server.stop()   # the client's connection drops
        server.start()  # same port, same mail

    with smtp_server(tmp_path / "received") as server:
        server.refuse_next(1, 451, "try again later")
        ...  # send to server.url() (smtp://127.0.0.1:PORT?tls=none)
        server.received  # [(mail_from, recipients, raw)], also stored in server.maildir
"""

from __future__ import annotations

import asyncio
import mailbox
import os
import pwd
import secrets
import shutil
import signal
import socket
import ssl
import subprocess
import tempfile
import threading
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from aiosmtpd.controller import Controller
from aiosmtpd.handlers import Sink
from aiosmtpd.smtp import SMTP, AuthResult, Envelope, LoginPassword, Session
from imapclient import IMAPClient

HOST = "127.0.0.1"
STARTUP_SECONDS = 10.0


def free_port() -> int:
    """A TCP port on the loopback address that nothing listens on right now."""
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return int(probe.getsockname()[1])


def _accepts(port: int) -> bool:
    """Whether something accepts connections on the loopback ``port``."""
    try:
        with socket.create_connection((HOST, port), timeout=0.5):
            return True
    except OSError:
        return False


# --- Dovecot ---------------------------------------------------------------------------------------

CONFIG = """\
protocols = imap
listen = {host}
base_dir = {root}/run
state_dir = {root}/state
log_path = {root}/dovecot.log
instance_name = {instance}
ssl = no
disable_plaintext_auth = no
auth_failure_delay = 0
auth_mechanisms = plain login
first_valid_uid = 1
mail_location = maildir:~/Maildir
{capability}
passdb {{
  driver = passwd-file
  args = {root}/users
}}
userdb {{
  driver = passwd-file
  args = {root}/users
}}
service imap-login {{
  inet_listener imap {{
    address = {host}
    port = {port}
  }}
  inet_listener imaps {{
    port = 0
  }}
}}
"""


@dataclass
class DovecotServer:
    """A running Dovecot with one user, reachable at ``host:port`` without TLS."""

    root: Path
    port: int
    user: str
    password: str
    host: str = HOST
    process: subprocess.Popen[bytes] | None = None

    def url(self, mailbox: str = "INBOX", options: str = "") -> str:
        """The ``imap://`` URL of ``mailbox`` on this server, with ``options`` after ``tls=none``."""
        extra = f"&{options}" if options else ""
        return f"imap://{self.user}@{self.host}:{self.port}/{mailbox}?tls=none{extra}"

    @contextmanager
    def client(self) -> Iterator[IMAPClient]:
        """A logged-in IMAPClient of its own, logged out afterwards."""
        client = IMAPClient(self.host, self.port, ssl=False, timeout=10)
        try:
            client.login(self.user, self.password)
            yield client
        finally:
            client.logout()

    def append(
        self, raw: bytes, folder: str = "INBOX", flags: Iterable[str] = (), at: datetime | None = None
    ) -> int:
        """Puts the raw mail into ``folder`` (made if missing), received ``at``; returns its UID there."""
        with self.client() as client:
            if not client.folder_exists(folder):
                client.create_folder(folder)
            answer = client.append(folder, raw, flags=tuple(flags), msg_time=at)
        code = answer.decode() if isinstance(answer, bytes) else str(answer)
        # "[APPENDUID <uidvalidity> <uid>] Append completed."
        return int(code.split("]")[0].split()[-1])

    def append_many(self, raws: Iterable[bytes], folder: str = "INBOX") -> None:
        """Puts every raw mail into ``folder`` (made if missing), in order, over one connection."""
        with self.client() as client:
            if not client.folder_exists(folder):
                client.create_folder(folder)
            for raw in raws:
                client.append(folder, raw)

    def messages(self, folder: str = "INBOX") -> dict[int, set[str]]:
        """Each mail in ``folder`` by UID with its flags ({} when the folder does not exist)."""
        with self.client() as client:
            if not client.folder_exists(folder):
                return {}
            client.select_folder(folder, readonly=True)
            uids = client.search(["ALL"])
            found = client.fetch(uids, ["FLAGS"]) if uids else {}
        return {uid: {flag.decode() for flag in data[b"FLAGS"]} for uid, data in found.items()}

    def bodies(self, folder: str = "INBOX") -> dict[int, bytes]:
        """Each mail in ``folder`` by UID, as raw bytes (read without setting \\Seen)."""
        with self.client() as client:
            client.select_folder(folder, readonly=True)
            uids = client.search(["ALL"])
            found = client.fetch(uids, ["BODY.PEEK[]"]) if uids else {}
        return {uid: data[b"BODY[]"] for uid, data in found.items()}

    def uidvalidity(self, folder: str = "INBOX") -> int:
        """The UIDVALIDITY of ``folder`` right now."""
        with self.client() as client:
            return int(client.folder_status(folder, ["UIDVALIDITY"])[b"UIDVALIDITY"])

    def recreate(self, folder: str) -> None:
        """Deletes ``folder`` with its mail and makes it anew, so that it gets a new UIDVALIDITY."""
        with self.client() as client:
            if client.folder_exists(folder):
                client.delete_folder(folder)
            client.create_folder(folder)

    def start(self) -> None:
        """Starts Dovecot on the same port, waiting while the port is still held by the last run."""
        assert self.process is None, "Dovecot is already running"
        deadline = time.monotonic() + STARTUP_SECONDS
        while True:
            process = subprocess.Popen(
                ["dovecot", "-c", str(self.root / "dovecot.conf"), "-F"],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.PIPE,
                start_new_session=True,
            )
            while process.poll() is None and not _accepts(self.port):
                if time.monotonic() > deadline:
                    process.kill()
                    process.wait()
                    raise RuntimeError(f"Dovecot did not listen on port {self.port}: {self._log()}")
                time.sleep(0.02)
            if process.poll() is None:
                self.process = process
                return
            error = process.stderr.read().decode() if process.stderr else ""
            if time.monotonic() > deadline:  # it kept exiting, for instance with the port in use
                raise RuntimeError(f"Dovecot exited with {process.returncode}: {error} {self._log()}")
            time.sleep(0.1)

    def stop(self) -> None:
        """Stops Dovecot, dropping every connection, and waits until it has exited."""
        process, self.process = self.process, None
        if process is None:
            return
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=STARTUP_SECONDS)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        if process.stderr:
            process.stderr.close()

    def _log(self) -> str:
        """The end of Dovecot's log file, for error messages."""
        log = self.root / "dovecot.log"
        return log.read_text(errors="replace")[-2000:] if log.exists() else "(no log)"


@contextmanager
def dovecot_server(capabilities: str | None = None) -> Iterator[DovecotServer]:
    """A fresh Dovecot for one test, removed with its mail afterwards.

    ``capabilities`` replaces the capability list the server announces after login
    (for instance without IDLE or MOVE, to drive a client down its other paths).
    """
    if shutil.which("dovecot") is None:
        raise RuntimeError("dovecot is not installed: apt-get install -y dovecot-imapd")
    root = Path(tempfile.mkdtemp(prefix="referee-dovecot-"))
    server = None
    try:
        root.chmod(0o755)  # the auth process runs as the dovecot user and must reach the users file
        mail_user = pwd.getpwnam("dovecot")
        home = root / "home"
        home.mkdir()
        os.chown(home, mail_user.pw_uid, mail_user.pw_gid)
        user, password = "referee", secrets.token_hex(8)
        (root / "users").write_text(
            f"{user}:{{PLAIN}}{password}:{mail_user.pw_uid}:{mail_user.pw_gid}::{home}::\n"
        )
        (root / "users").chmod(0o644)
        port = free_port()
        (root / "dovecot.conf").write_text(
            CONFIG.format(
                host=HOST,
                root=root,
                port=port,
                instance=f"referee-test-{port}-{secrets.token_hex(4)}",
                capability="" if capabilities is None else f"imap_capability = {capabilities}",
            )
        )
        server = DovecotServer(root=root, port=port, user=user, password=password)
        server.start()
        yield server
    finally:
        if server is not None:
            server.stop()
        shutil.rmtree(root, ignore_errors=True)


# --- aiosmtpd --------------------------------------------------------------------------------------


def offering_pipelining(responses: list[str]) -> list[str]:
    """aiosmtpd's answer lines to EHLO with PIPELINING (RFC 2920) listed too, before the last line."""
    return [*responses[:-1], "250-PIPELINING", responses[-1]]


class PipeliningSink(Sink):
    """aiosmtpd's sink (takes every mail, keeps none) listing PIPELINING in its answer to EHLO, as
    Postfix and Exim do: ``python -m aiosmtpd -c referee.testing.loopback.PipeliningSink``."""

    async def handle_EHLO(
        self, server: SMTP, session: Session, envelope: Envelope, hostname: str, responses: list[str]
    ) -> list[str]:
        session.host_name = hostname
        return offering_pipelining(responses)


@dataclass
class _Handler:
    """What the SMTP server does with each mail: refuse it when told to, else store it."""

    maildir: mailbox.Maildir
    received: list[tuple[str, list[str], bytes]] = field(default_factory=list)
    peers: list[str] = field(default_factory=list)
    refusals: list[str] = field(default_factory=list)
    refused_recipients: dict[str, str] = field(default_factory=dict)
    refused_senders: dict[str, str] = field(default_factory=dict)
    pipelining: bool = False
    delay: float = 0.0
    writes: list[bytes] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    async def handle_EHLO(
        self, server: SMTP, session: Session, envelope: Envelope, hostname: str, responses: list[str]
    ) -> list[str]:
        """The usual answer to EHLO, listing PIPELINING too when ``pipelining`` says so."""
        session.host_name = hostname
        return offering_pipelining(responses) if self.pipelining else responses

    async def handle_MAIL(
        self, server: SMTP, session: Session, envelope: Envelope, address: str, options: list[str]
    ) -> str:
        """Refuses senders listed in ``refused_senders``, accepts the others."""
        answer = self.refused_senders.get(address.lower())
        if answer is not None:
            return answer
        envelope.mail_from = address
        envelope.mail_options.extend(options)
        return "250 OK"

    async def handle_RCPT(
        self, server: SMTP, session: Session, envelope: Envelope, address: str, options: list[str]
    ) -> str:
        """Refuses recipients listed in ``refused_recipients``, accepts the others."""
        answer = self.refused_recipients.get(address.lower())
        if answer is not None:
            return answer
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:
        """Stores the mail as it came (after ``delay`` seconds), unless the next answer is a refusal."""
        if self.delay:
            await asyncio.sleep(self.delay)
        with self.lock:
            if self.refusals:
                return self.refusals.pop(0)
            raw = bytes(envelope.original_content or b"")
            self.maildir.add(raw)
            self.received.append((str(envelope.mail_from), list(envelope.rcpt_tos), raw))
            self.peers.append(str(session.peer))
        return "250 Message accepted"


class _RecordingSMTP(SMTP):
    """An aiosmtpd session that records each piece of data as its client's writes bring it."""

    def data_received(self, data: bytes) -> None:
        with self.event_handler.lock:
            self.event_handler.writes.append(bytes(data))
        super().data_received(data)


class _TrackingController(Controller):
    """A Controller that remembers its sessions, so that stopping it can drop their connections."""

    def __init__(self, handler: Any, **kwargs: Any) -> None:
        super().__init__(handler, **kwargs)
        self.sessions: list[SMTP] = []

    def factory(self) -> SMTP:
        """A new SMTP session, remembered, recording what its client writes."""
        session = _RecordingSMTP(self.handler, **self.SMTP_kwargs)
        self.sessions.append(session)
        return session

    def drop_connections(self) -> None:
        """Closes every client connection from inside the server's event loop."""

        async def close_all() -> None:
            for session in self.sessions:
                if session.transport is not None:
                    session.transport.close()
            await asyncio.sleep(0.01)

        asyncio.run_coroutine_threadsafe(close_all(), self.loop).result(timeout=5)


@dataclass
class SmtpServer:
    """An aiosmtpd server on ``host:port`` storing every accepted mail in ``maildir``."""

    maildir: mailbox.Maildir
    port: int
    handler: _Handler
    host: str = HOST
    controller: _TrackingController | None = None

    credentials: tuple[str, str] | None = None
    tls: ssl.SSLContext | None = None
    """With it, the server offers STARTTLS with this context and takes mail only after it."""

    @property
    def received(self) -> list[tuple[str, list[str], bytes]]:
        """Every accepted mail as (envelope sender, envelope recipients, raw bytes), in order."""
        with self.handler.lock:
            return list(self.handler.received)

    @property
    def peers(self) -> list[str]:
        """The client address and port each accepted mail came from: one per connection used."""
        with self.handler.lock:
            return list(self.handler.peers)

    def url(self, options: str = "", user: str | None = None) -> str:
        """The ``smtp://`` URL of this server, logging in as ``user`` if given, with ``options``."""
        extra = f"&{options}" if options else ""
        login = f"{user}@" if user else ""
        return f"smtp://{login}{self.host}:{self.port}?tls=none{extra}"

    def refuse_next(self, count: int, code: int, text: str = "refused for the test") -> None:
        """Answers ``code`` to the end of DATA for the next ``count`` mails instead of taking them."""
        with self.handler.lock:
            self.handler.refusals.extend([f"{code} {text}"] * count)

    def refuse_recipient(self, address: str, code: int, text: str = "no such user") -> None:
        """Answers ``code`` whenever ``address`` is given as a recipient."""
        self.handler.refused_recipients[address.lower()] = f"{code} {text}"

    def refuse_sender(self, address: str, code: int, text: str = "not from you") -> None:
        """Answers ``code`` whenever ``address`` is given as the sender (MAIL FROM)."""
        self.handler.refused_senders[address.lower()] = f"{code} {text}"

    def answer_late(self, seconds: float) -> None:
        """Waits ``seconds`` before answering the end of each mail from now on (0: at once)."""
        self.handler.delay = seconds

    def offer_pipelining(self, offered: bool = True) -> None:
        """Lists PIPELINING (RFC 2920) in the answer to EHLO from now on, or stops listing it."""
        self.handler.pipelining = offered

    @property
    def writes(self) -> list[bytes]:
        """What clients sent, piece by piece as it arrived: commands sent in one write come together."""
        with self.handler.lock:
            return list(self.handler.writes)

    def start(self) -> None:
        """Starts listening on the port (the same one after a ``stop``)."""
        assert self.controller is None, "the SMTP server is already running"
        deadline = time.monotonic() + STARTUP_SECONDS
        while True:
            tls = {} if self.tls is None else {"tls_context": self.tls, "require_starttls": True}
            controller = _TrackingController(
                self.handler, hostname=self.host, port=self.port, **self._auth(), **tls
            )
            try:
                controller.start()
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.05)
                continue
            self.controller = controller
            return

    def _auth(self) -> dict[str, Any]:
        """The server options that make it require a login with ``credentials``, if set."""
        if self.credentials is None:
            return {}
        expected = LoginPassword(*(part.encode() for part in self.credentials))

        def check(
            server: SMTP, session: Session, envelope: Envelope, mechanism: str, data: Any
        ) -> AuthResult:
            return AuthResult(success=data == expected, handled=False)  # a refusal answers 535

        return {"authenticator": check, "auth_required": True, "auth_require_tls": False}

    def stop(self) -> None:
        """Stops listening and drops every open connection."""
        controller, self.controller = self.controller, None
        if controller is not None:
            controller.drop_connections()
            controller.stop()


@contextmanager
def smtp_server(
    maildir_path: Path, credentials: tuple[str, str] | None = None, tls: ssl.SSLContext | None = None
) -> Iterator[SmtpServer]:
    """A running aiosmtpd on a free loopback port storing mail in a Maildir at ``maildir_path``.

    With ``credentials`` (user, password) it takes mail only after a login with them; with ``tls``
    only after STARTTLS, with that context.
    """
    folder = mailbox.Maildir(maildir_path, create=True)
    server = SmtpServer(
        maildir=folder, port=free_port(), handler=_Handler(folder), credentials=credentials, tls=tls
    )
    server.start()
    try:
        yield server
    finally:
        server.stop()
