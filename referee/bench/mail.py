"""``referee bench --mail N``: how fast player mail is taken in and answers are sent, on Maildir.

Sets up one nine-character game, writes N replies as mail clients write them (orders on
top, the referee's mail quoted below, a signature), then times taking them in (read,
identify, judge, keep, answer written to the outbox: a savepoint per mail, one transaction
per fetch of at most ``FETCH_MAILS``, the next mails read meanwhile by ``[service] readers``
processes, as ``referee serve`` does) and
delivering the answers (compose both parts, write to the outgoing Maildir).
"""

from __future__ import annotations

import resource
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from email import message_from_bytes
from pathlib import Path

from referee.app.garbage import collector_paused
from referee.demo.bot_mail import QUOTE_STYLES, MailReader, reply
from referee.demo.files import START, start_demo_game
from referee.mail.connect import open_outbox
from referee.mail.delivery import deliver
from referee.mail.intake import ingest, prepare
from referee.mail.readers import Readers
from referee.mail.transports import FETCH_MAILS, maildir_path
from referee.render import Renderer

BATCH = FETCH_MAILS
"""Mails taken in one transaction: a fetch's, as ``referee serve`` takes them with no boundary among them."""


@dataclass(frozen=True)
class MailBench:
    """Mails taken in and answers delivered, with the seconds each took and the peak memory."""

    mails: int
    ingest_seconds: float
    bare_parse_seconds: float
    """The standard library's parser over the same mails (the mean of a run before and one after)."""
    delivered: int
    deliver_seconds: float
    peak_rss_mib: float


def run_mail_bench(directory: Path, mails: int, echo: Callable[[str], None]) -> MailBench:
    """Runs the mail benchmark in the empty folder ``directory``."""
    config, store, loaded = start_demo_game(directory, 1, 9, "en")
    clock = START
    outbox, renderer = open_outbox(config.mail), Renderer(config.templates)
    deliver(store, outbox, renderer, config.mail)
    reader = MailReader(maildir_path(config.mail.outgoing))
    reader.refresh()
    names = [seat.name for seat in store.seats(loaded.row.id)]
    raws = []
    for number in range(mails):
        name = names[number % len(names)]
        address = f"{name.lower()}@example.org"
        orders = f"MOVE {('Study', 'Garage', 'Bedroom')[number % 3]}\nSAY note {number}"
        style = QUOTE_STYLES[number % len(QUOTE_STYLES)]
        raws.append(reply(address, name, reader.last(address), orders, style, clock))
    readers = Readers(config.mail, config.service.readers)
    echo(f"  wrote {mails} replies; taking them in ({readers.count} reader processes beside)")
    prepare(store)  # as `referee serve` does when it starts
    readers.start()
    bare = bare_parse(raws)
    started = time.perf_counter()
    readings = readers.read(raws)  # read ahead over the whole burst, as `referee serve` reads it
    for start in range(0, len(raws), BATCH):
        with collector_paused(), store.database.batch():  # as `referee serve` takes a batch in
            for number in range(start, min(start + BATCH, len(raws))):
                ingest(store, config.mail, raws[number], clock + timedelta(seconds=number), next(readings))
    ingest_seconds = time.perf_counter() - started
    bare = (bare + bare_parse(raws)) / 2
    readers.close()
    started = time.perf_counter()
    delivered = deliver(store, outbox, renderer, config.mail).sent
    deliver_seconds = time.perf_counter() - started
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    store.database.engine.dispose()
    return MailBench(mails, ingest_seconds, bare, delivered, deliver_seconds, peak)


def bare_parse(raws: list[bytes]) -> float:
    """Seconds the standard library takes to parse ``raws`` (``email.message_from_bytes``, whose
    policy parses no header until asked)."""
    started = time.perf_counter()
    for raw in raws:
        message_from_bytes(raw)
    return time.perf_counter() - started
