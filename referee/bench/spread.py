"""A burst of replies spread over many games, taken in from a Maildir, beside a bare parse-and-insert.

``python -m referee.bench.spread --mails 3000 --games 1000`` creates M nine-character games at hour 1
of their first day (SQLite, in a temporary folder), has three seats of each reply as mail clients do
(orders and a line of talk on top, the referee's mail quoted below, a signature), the games' mails
interleaved at random, and times taking the burst in twice, each on a copy of the same database:

- as ``referee ingest --maildir`` does (``ingest_many``, fetch by fetch, each fetch marked read), in
  this process: wall seconds and this process's CPU seconds;
- by ``referee serve`` itself, a process of its own started on the copy with an empty inbox: the
  burst's files are moved into its inbox at once, and it is timed from then to the last mail kept,
  with the CPU seconds of the service and its reader processes meanwhile.

Beside them, in the same run, the bare figure: the same files read, parsed by the standard library
(``email.message_from_bytes``, its sender and Message-ID asked for) and inserted into a table of
their own, 100 a transaction (the mean of a run before the referee's and one after).
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from email import message_from_bytes
from pathlib import Path

from sqlalchemy import create_engine, text

from referee.app import open_referee
from referee.bench.boundary import CLOCK, NAMES, set_up
from referee.bench.serving import write_config
from referee.bench.table import Figure, write_figures
from referee.config import load_config
from referee.demo.bot_mail import QUOTE_STYLES, MailReader, Received, reply
from referee.mail.connect import open_outbox
from referee.mail.delivery import deliver
from referee.mail.intake import ingest_many, prepare
from referee.mail.transports import MaildirInbox, fetches, maildir_path
from referee.render import Renderer

SEATS = 3
"""How many seats of each game reply."""

ROOMS = ("Study", "Garage", "Bedroom", "Library")

_SCHEDULE = """# The spread burst's games: no start, so no deadline falls while the burst is taken in.
[schedule]
name = "bench"
kind = "ten-sailors"
description = "The games of the benchmark of a burst over many games."
clock = "elapsed"
timezone = "UTC"
reminders = []

[[segments]]
name = "night"
duration = "14h"
traps_after = "13h"

[[segments]]
name = "hour1"
duration = "1h"
"""


@dataclass(frozen=True)
class Taken:
    """One way of taking the burst in: mails kept, wall seconds, and the CPU seconds it used."""

    mails: int
    wall: float
    cpu: float

    @property
    def per_second(self) -> float:
        """Mails taken in a second of wall time."""
        return self.mails / self.wall if self.wall else float("inf")

    @property
    def per_cpu_second(self) -> float:
        """Mails taken in a second of the CPU used."""
        return self.mails / self.cpu if self.cpu else float("inf")


@dataclass(frozen=True)
class SpreadBench:
    """The burst taken in by ``referee ingest --maildir`` and by ``referee serve``, and the bare figure."""

    mails: int
    games: int
    setup_seconds: float
    ingest: Taken
    serve: Taken | None
    bare_seconds: float
    """Seconds to read, parse and insert the burst's files bare (the mean of a run before and one after)."""

    @property
    def bare_per_second(self) -> float:
        return self.mails / self.bare_seconds if self.bare_seconds else float("inf")


def run_spread_bench(
    directory: Path, mails: int, games: int, echo: Callable[[str], None], *, serve: bool = True
) -> SpreadBench:
    """Runs the benchmark in the empty folder ``directory``."""
    started = time.perf_counter()
    burst = set_up_burst(directory / "set-up", mails, games, echo)
    setup_seconds = time.perf_counter() - started
    raws = [path.read_bytes() for path in burst]
    bare = bare_parse_and_insert(raws, directory / "bare-1.db")
    echo(f"  set up {games} games and {len(raws)} replies in {setup_seconds:.0f} s; taking them in")
    ingested = take_by_ingest(_copy(directory / "set-up", directory / "ingest"), burst)
    echo(
        f"  referee ingest: {ingested.per_second:,.0f} mails/s ({ingested.per_cpu_second:,.0f}/s of its CPU)"
    )
    served = take_by_serve(_copy(directory / "set-up", directory / "serve"), burst) if serve else None
    if served is not None:
        echo(f"  referee serve: {served.per_second:,.0f} mails/s ({served.per_cpu_second:,.0f}/s of its CPU)")
    bare = (bare + bare_parse_and_insert(raws, directory / "bare-2.db")) / 2
    return SpreadBench(len(raws), games, setup_seconds, ingested, served, bare)


def set_up_burst(directory: Path, mails: int, games: int, echo: Callable[[str], None]) -> list[Path]:
    """Creates ``games`` games at hour 1 of day 1 in ``directory`` (a configuration, a SQLite file, the
    Maildirs) and writes ``mails`` replies from ``SEATS`` seats of each, interleaved at random, as files
    of ``directory / "burst"``; their paths, in the order they are to arrive."""
    directory.mkdir(parents=True)
    config = load_config(write_config(directory, _schedules(directory)))
    store = open_referee(config.database_url, config.schedules)
    ids = set_up(store, "spread-", games, CLOCK, echo)
    engine = create_engine(config.database_url)
    with engine.begin() as connection:  # one game's letters are sent, to be quoted; the others' went long ago
        connection.execute(
            text("UPDATE notices SET sent_at = created_at WHERE sent_at IS NULL AND game_id != :game"),
            {"game": ids[0]},
        )
    engine.dispose()
    deliver(store, open_outbox(config.mail), Renderer(config.templates), config.mail)
    reader = MailReader(maildir_path(config.mail.outgoing))
    reader.refresh()
    quoted = reader.last(f"{NAMES[0].lower()}@example.org")
    replies: list[tuple[str, str, Received]] = []
    for number, game_id in enumerate(ids):
        seats = store.seats(game_id)
        for index in range(SEATS):
            seat = seats[(number + index * 3) % len(seats)]
            to = f"{config.mail.local_part}+{seat.token}@{config.mail.domain}"
            subject = quoted.subject.replace(ids[0], game_id)
            replies.append(
                (seat.email, seat.name, Received(to, quoted.message_id, subject, quoted.sent, quoted.text))
            )
    random.Random(games).shuffle(replies)
    burst = directory / "burst"
    burst.mkdir()
    paths = []
    for number in range(mails):
        address, name, received = replies[number % len(replies)]
        orders = f"MOVE {ROOMS[number % len(ROOMS)]}\nSAY Has anyone seen the key? ({number})"
        raw = reply(address, name, received, orders, QUOTE_STYLES[number % len(QUOTE_STYLES)], CLOCK)
        path = burst / f"{number:06d}.eml"
        path.write_bytes(raw)
        paths.append(path)
    store.database.engine.dispose()
    return paths


def take_by_ingest(directory: Path, burst: list[Path]) -> Taken:
    """Takes ``burst`` in as ``referee ingest --maildir`` does, on the folder ``directory``."""
    config = load_config(directory / "referee.toml")
    store = open_referee(config.database_url, config.schedules)
    prepare(store)
    inbox_path = maildir_path(config.mail.incoming)
    _deliver_into(burst, inbox_path)
    inbox = MaildirInbox(inbox_path)
    kept = 0
    wall, cpu = time.perf_counter(), time.process_time()
    for fetched in fetches(inbox):
        intakes = ingest_many(store, config.mail, [(raw, CLOCK + timedelta(hours=1)) for _, raw in fetched])
        inbox.done_many(
            [key for (key, _), intake in zip(fetched, intakes, strict=True) if intake is not None]
        )
        kept += sum(intake is not None for intake in intakes)
    taken = Taken(kept, time.perf_counter() - wall, time.process_time() - cpu)
    store.database.engine.dispose()
    return taken


def take_by_serve(directory: Path, burst: list[Path], give_up: float = 600.0) -> Taken:
    """Starts ``referee serve`` on the folder ``directory`` with an empty inbox, moves ``burst`` into the
    inbox at once when it is idle, and times it to the last mail kept."""
    config = load_config(directory / "referee.toml")
    inbox_path = maildir_path(config.mail.incoming)
    for name in ("new", "cur", "tmp"):
        (inbox_path / name).mkdir(parents=True, exist_ok=True)
    staged = inbox_path / "tmp"
    for path in burst:
        shutil.copyfile(path, staged / path.name)
    engine = create_engine(config.database_url)
    with engine.connect() as connection:
        before = connection.execute(text("SELECT count(*) FROM inbound")).scalar_one()
    log = (directory / "serve.log").open("w")
    command = [sys.executable, "-m", "referee", "serve", "-c", str(directory / "referee.toml")]
    service = subprocess.Popen([*command, "--log-level", "warning"], stdout=log, stderr=subprocess.STDOUT)
    try:
        wait_idle(service.pid)
        cpu, wall = _cpu_seconds(service.pid), time.perf_counter()
        for path in burst:  # delivered as a mail server delivers: written in tmp/, then moved into new/
            os.rename(staged / path.name, inbox_path / "new" / path.name)
        kept = 0
        with engine.connect() as connection:
            while kept < len(burst) and time.perf_counter() - wall < give_up:
                time.sleep(0.02)
                kept = connection.execute(text("SELECT count(*) FROM inbound")).scalar_one() - before
                connection.rollback()
        taken = Taken(kept, time.perf_counter() - wall, _cpu_seconds(service.pid) - cpu)
    finally:
        service.send_signal(signal.SIGINT)
        try:
            service.wait(timeout=60)
        except subprocess.TimeoutExpired:
            service.kill()
        log.close()
        engine.dispose()
    return taken


def bare_parse_and_insert(raws: list[bytes], database: Path) -> float:
    """Seconds to parse ``raws`` with the standard library (sender and Message-ID asked for) and insert
    each into a table of a SQLite file of its own, 100 a transaction."""
    connection = sqlite3.connect(database)
    connection.execute("PRAGMA journal_mode=WAL")
    connection.execute(
        "CREATE TABLE mails (id INTEGER PRIMARY KEY, message_id TEXT UNIQUE, sender TEXT, raw BLOB)"
    )
    started = time.perf_counter()
    for start in range(0, len(raws), 100):
        rows = []
        for raw in raws[start : start + 100]:
            message = message_from_bytes(raw)
            rows.append((message["Message-ID"], message["From"], raw))
        with connection:
            connection.executemany("INSERT INTO mails (message_id, sender, raw) VALUES (?, ?, ?)", rows)
    seconds = time.perf_counter() - started
    connection.close()
    return seconds


def _copy(source: Path, target: Path) -> Path:
    """A copy of the set-up folder ``source`` (its database, not its mail) at ``target``."""
    target.mkdir()
    shutil.copyfile(source / "referee.db", target / "referee.db")
    write_config(target, _schedules(target))
    return target


def _schedules(directory: Path) -> Path:
    """The folder of the games' schedule (``_SCHEDULE``), written in ``directory``."""
    folder = directory / "schedules"
    folder.mkdir(exist_ok=True)
    (folder / "bench.toml").write_text(_SCHEDULE, encoding="utf-8")
    return folder


def _deliver_into(burst: list[Path], inbox: Path) -> None:
    """Puts the files of ``burst`` into the Maildir ``inbox``'s new/, in order."""
    for name in ("new", "cur", "tmp"):
        (inbox / name).mkdir(parents=True, exist_ok=True)
    for path in burst:
        shutil.copyfile(path, inbox / "new" / path.name)


def wait_idle(pid: int, quiet: float = 1.0, most: float = 60.0) -> None:
    """Waits until the process ``pid`` (with its children) has used no CPU for ``quiet`` seconds."""
    deadline = time.monotonic() + most
    last, since = _cpu_seconds(pid), time.monotonic()
    while time.monotonic() < deadline:
        time.sleep(0.2)
        now = _cpu_seconds(pid)
        if now - last > 0.02:
            last, since = now, time.monotonic()
        elif time.monotonic() - since >= quiet:
            return


def _cpu_seconds(pid: int) -> float:
    """The CPU seconds used so far by the process ``pid`` and its living children (user and system)."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for process in [pid, *_children(pid)]:
        try:
            fields = Path(f"/proc/{process}/stat").read_text().rpartition(")")[2].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / ticks
    return total


def _children(pid: int) -> list[int]:
    """The process ids of the living children of ``pid`` (and theirs)."""
    found = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            found += [int(child) for child in (task / "children").read_text().split()]
        except OSError:
            continue
    return [grand for child in found for grand in [child, *_children(child)]]


def main(argv: list[str] | None = None) -> None:
    """The command: ``python -m referee.bench.spread --mails N --games M [--readme README.md]``."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--mails", type=int, default=3000)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--no-serve", action="store_true", help="time referee ingest alone")
    parser.add_argument("--readme", type=Path, help="also write the figures into this file's benchmark table")
    options = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="referee-bench-") as folder:
        result = run_spread_bench(
            Path(folder), options.mails, options.games, print, serve=not options.no_serve
        )
    print(lines(result))
    if options.readme is not None:
        write_figures(options.readme, figures(result))


def figures(result: SpreadBench) -> list[Figure]:
    """The rows of the README's table: the burst taken in by each command, beside the bare figure."""
    bare = result.bare_per_second
    rows = [("referee ingest --maildir", result.ingest)]
    if result.serve is not None:
        rows.append(("referee serve", result.serve))
    return [
        Figure(
            f"a burst of {result.mails:,} replies over {result.games:,} games taken in by {what}",
            f"{taken.per_second:,.0f} mails/s ({taken.per_cpu_second:,.0f}/s of its CPU)",
            f"{bare:,.0f} mails/s (email.message_from_bytes and a SQLite insert)",
            f"{taken.per_second / bare:.3f}×",
            "≥ 2,000/s",
        )
        for what, taken in rows
    ]


def lines(result: SpreadBench) -> str:
    """The figures of ``result`` as printed: a line for each command."""
    said = [f"a burst of {result.mails:,} replies over {result.games:,} games"]
    for figure in figures(result):
        said.append(
            f"  {figure.what.rpartition(' by ')[2]}: {figure.referee}; bare {figure.bare}; {figure.ratio}"
        )
    return "\n".join(said)


if __name__ == "__main__":
    main()
