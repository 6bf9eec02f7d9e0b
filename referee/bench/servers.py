"""``referee bench --servers N``: the referee's mail path against real servers on loopback.

Starts a throw-away Dovecot and an aiosmtpd, creates a nine-character Ten Sailors game,
puts N replies (orders on top, the referee's letter quoted below, as mail clients write
them) into the IMAP mailbox, then measures, each next to the bare protocol on the same
server and the same mails:

- intake: fetch, parse, identify, judge, keep and answer into the outbox (a transaction per
  fetch, a savepoint per mail, exactly as ``referee serve`` does) against a bare IMAPClient
  fetch of the same mails;
- the IMAP inbox alone (fetch, mark read, remember the position: what the transport adds around
  the mails' own work) against the same bare fetch;
- sending: claim, compose, send over SMTP and record each answer, against bare
  aiosmtplib sending the same bytes on one connection, both to an aiosmtpd that keeps nothing,
  running in its own process as a real mail server does: once listing PIPELINING as Postfix and
  Exim do (the referee sends each mail's envelope in one write, bare aiosmtplib a command at a
  time), once as aiosmtpd comes, without it (both send a command at a time: what the referee adds
  around the protocol shows whole).

Each bare figure is the mean of a run just before and one just after the referee's, so that a
machine shared with other work weighs on both sides alike; the ratio is what to compare.

Needs Dovecot (``apt-get install dovecot-imapd``) and the test extras (aiosmtpd).
"""

from __future__ import annotations

import asyncio
import os
import resource
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

from referee.app.gamefile import read_game_file
from referee.bench.transport import Send, bare_imap_fetch, bare_smtp_send, imap_door
from referee.config import PROJECT_ROOT, load_config
from referee.demo.bot_mail import QUOTE_STYLES, MailReader, reply
from referee.mail.compose import compose
from referee.mail.connect import open_outbox
from referee.mail.delivery import Delivery, deliver_all
from referee.mail.intake import prepare
from referee.mail.smtp import SmtpOutbox
from referee.mail.transports import Outbox
from referee.mail.urls import parse_imap_url, parse_smtp_url
from referee.service.runner import Service
from referee.testing.loopback import HOST as LOOPBACK
from referee.testing.loopback import dovecot_server, free_port, smtp_server

MAIL_FROM = "referee@example.org"
NAMES = ("Anna", "Boris", "Clara", "Dmitri", "Eva", "Fedor", "Galina", "Hugo", "Igor")
ROOMS = ("Study", "Garage", "Bedroom")


@dataclass(frozen=True)
class ServersBench:
    """Messages per second through the referee and through the bare protocols."""

    mails: int
    intake_per_second: float
    bare_fetch_per_second: float
    door_per_second: float
    """The referee's IMAP inbox alone: fetched, marked read and the position kept, no mail judged."""
    sent: int
    send_per_second: float
    bare_send_per_second: float
    plain_send_per_second: float
    """Sending to a server that does not offer PIPELINING (aiosmtpd as it comes)."""
    plain_bare_send_per_second: float
    peak_rss_mib: float


def run_servers_bench(directory: Path, mails: int, echo: Callable[[str], None]) -> ServersBench:
    """Runs the benchmark in the empty folder ``directory`` (servers are started and stopped here)."""
    with dovecot_server() as imap, smtp_server(directory / "delivered") as smtp:
        config_path = _write_site(directory, imap.url(), smtp.url())
        env = {**os.environ, "REFEREE_IMAP_PASSWORD": imap.password}
        service = Service(load_config(config_path), env=env)
        game = read_game_file(directory / "game.toml", PROJECT_ROOT / "schedules")
        start = datetime.now(UTC) - timedelta(minutes=1)
        game.create(service.referee.operations, start)
        asyncio.run(_send_all(service))  # the welcome letters, which the replies quote
        reader = MailReader(directory / "delivered")
        reader.refresh()
        echo(f"  putting {mails} replies into the IMAP mailbox")
        imap.append_many(
            reply(
                f"{NAMES[n % 9].lower()}@example.org",
                NAMES[n % 9],
                reader.last(f"{NAMES[n % 9].lower()}@example.org"),
                f"MOVE {ROOMS[n % 3]}",
                QUOTE_STYLES[n % len(QUOTE_STYLES)],
                start,
            )
            for n in range(mails)
        )
        settings = parse_imap_url(imap.url())
        bare_fetch = bare_imap_fetch(settings, imap.password, mails)
        door = imap_door(settings, imap.password, service.referee.positions, mails)
        echo("  taking them in as `referee serve` does")
        prepare(service.referee)  # as `referee serve` does when it starts
        service.readers.start()
        started = time.perf_counter()
        while len(service.referee.inbound()) < mails:
            service._take_in()
        intake = mails / (time.perf_counter() - started)
        service.readers.close()
        bare_fetch = (bare_fetch + bare_imap_fetch(settings, imap.password, mails)) / 2
        messages = _composed(service)
        service.referee.database.engine.dispose()
        unsent = directory / "unsent.db"
        shutil.copyfile(directory / "bench.db", unsent)  # the outbox before sending, sent twice
        echo(f"  sending {len(messages)} answers over SMTP, to a server in its own process")
        sent, send, bare_send = _sending(service, messages, pipelining=True)
        echo("  and again to a server that does not offer PIPELINING")
        shutil.copyfile(unsent, directory / "bench.db")
        _, plain, plain_bare = _sending(service, messages, pipelining=False)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return ServersBench(mails, intake, bare_fetch, door, sent, send, bare_send, plain, plain_bare, peak)


def _sending(service: Service, messages: list[Send], *, pipelining: bool) -> tuple[int, float, float]:
    """The notices sent from the outbox, and mails per second through it and through bare aiosmtplib
    (the mean of a run before and one after), to a sink server offering ``pipelining`` or not."""
    with sink_server(pipelining=pipelining) as port:
        bare_send = bare_smtp_send(LOOPBACK, port, messages)
        outbox = SmtpOutbox(parse_smtp_url(f"smtp://{LOOPBACK}:{port}?tls=none"), None, sender=MAIL_FROM)
        started = time.perf_counter()
        sent = asyncio.run(_send_all(service, outbox)).sent
        send = sent / (time.perf_counter() - started)
        bare_send = (bare_send + bare_smtp_send(LOOPBACK, port, messages)) / 2
    service.referee.database.engine.dispose()
    return sent, send, bare_send


async def _send_all(service: Service, outbox: Outbox | None = None) -> Delivery:
    outbox = outbox or open_outbox(service.config.mail, service.env)
    try:
        return await deliver_all(service.referee, outbox, service.renderer, service.config.mail)
    finally:
        await outbox.close()


def _composed(service: Service) -> list[Send]:
    """The mails the outbox would send now, composed (for the bare SMTP baseline: the same bytes)."""
    mail = service.config.mail
    sends: list[Send] = []
    for letter in service.referee.letters.unsent():
        for out in compose(letter, letter.game, letter.reader, service.renderer, mail):
            sends.append((mail.address, list(out.recipients), out.raw))
    return sends


@contextmanager
def sink_server(*, pipelining: bool = True) -> Iterator[int]:
    """An aiosmtpd that takes every mail and keeps none, in a process of its own (as a real mail server
    is: it does not share this process's interpreter lock); yields its port. With ``pipelining`` it
    lists PIPELINING as Postfix and Exim do (the referee pipelines each mail's envelope, bare
    aiosmtplib does not); without, it answers EHLO as aiosmtpd comes, which does not list it."""
    port = free_port()
    handler = "referee.testing.loopback.PipeliningSink" if pipelining else "aiosmtpd.handlers.Sink"
    command = [
        sys.executable,
        "-m",
        "aiosmtpd",
        "-n",
        "-l",
        f"{LOOPBACK}:{port}",
        "-c",
        handler,
    ]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 20
        while not _answers(port):
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("the SMTP sink server did not start")
            time.sleep(0.05)
        yield port
    finally:
        process.terminate()
        process.wait(timeout=10)


def _answers(port: int) -> bool:
    """Whether something accepts connections on the loopback ``port``."""
    try:
        with socket.create_connection((LOOPBACK, port), timeout=0.5):
            return True
    except OSError:
        return False


def _write_site(directory: Path, incoming: str, outgoing: str) -> Path:
    """Writes ``referee.toml`` and ``game.toml`` (nine characters, fast schedule) into ``directory``."""
    config = directory / "referee.toml"
    config.write_text(
        f'[database]\nurl = "sqlite:///{directory / "bench.db"}"\n\n[paths]\n'
        f'schedules = "{PROJECT_ROOT / "schedules"}"\ntemplates = "{PROJECT_ROOT / "templates"}"\n\n'
        f'[mail]\naddress = "referee@example.org"\nincoming = "{incoming}"\noutgoing = "{outgoing}"\n',
        encoding="utf-8",
    )
    players = "".join(f'\n[[players]]\nname = "{n}"\nemail = "{n.lower()}@example.org"\n' for n in NAMES)
    (directory / "game.toml").write_text(
        f'[game]\nkind = "ten-sailors"\nid = "bench"\nschedule = "ten-sailors-fast"\nseed = 1\n{players}',
        encoding="utf-8",
    )
    return config
