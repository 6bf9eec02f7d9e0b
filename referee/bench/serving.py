"""``referee bench --serve N``: from a boundary to the last report, through ``referee serve`` itself.

What a game-master sees of a boundary is when the last player's report arrives. This creates N
nine-character games in a folder of its own (a SQLite file, a Maildir in and a Maildir out, a
schedule of its own whose night lasts about as long as the set-up is expected to take, so that hour
1 of every game ends at one moment just after it), marks the letters of the set-up as sent (they
went long ago in a real campaign), starts ``referee serve`` as a process of its own and watches its
database: when every game is resolved and when the last of the boundary's reports is written to the
outgoing Maildir, each counted from the boundary. Should the set-up outlast the night, the
boundary has passed when the service starts, which then finds every game due at once; the times
are then counted from the service's start.
"""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

from sqlalchemy import create_engine, text
from sqlalchemy.engine import Engine

from referee.app import open_referee
from referee.bench.boundary import set_up
from referee.config import PROJECT_ROOT
from referee.store.clocks import as_utc

SCHEDULE = "bench-serve"
HOUR_ONE = timedelta(seconds=10)

_SCHEDULE_TEXT = """# `referee bench --serve`: a night as long as the set-up, then hour 1 of ten seconds.
[schedule]
name = "bench-serve"
kind = "ten-sailors"
description = "The benchmark of a boundary through the service."
clock = "elapsed"
timezone = "UTC"
reminders = []

[[segments]]
name = "night"
duration = "{night}s"
traps_after = "{traps}s"

[[segments]]
name = "hour1"
duration = "10s"
{later}"""

_LATER_HOUR = """
[[segments]]
name = "{name}"
duration = "1h"
"""

_CONFIG_TEXT = """[database]
url = "{database}"

[paths]
schedules = "{schedules}"
templates = "{templates}"

[mail]
address = "referee@example.org"
name = "Referee"
incoming = "maildir:{incoming}"
outgoing = "maildir:{outgoing}"
"""


@dataclass(frozen=True)
class ServeBench:
    """Seconds from the boundary (or from the service's start, if it started late) to the last
    resolution and to the last report written, with the counts behind them."""

    games: int
    reports: int
    setup_seconds: float
    resolved_seconds: float
    reported_seconds: float
    late_start: bool

    @property
    def reports_per_second(self) -> float:
        """Reports written per second, from the boundary to the last."""
        return self.reports / self.reported_seconds if self.reported_seconds else float("inf")


def run_serve_bench(
    directory: Path,
    games: int,
    echo: Callable[[str], None],
    *,
    seconds_a_game: float = 0.12,
    margin: int = 20,
) -> ServeBench:
    """Runs the benchmark in the empty folder ``directory``; ``seconds_a_game`` is the set-up time
    expected per game (the night is made that long, and ``margin`` seconds more)."""
    night = int(games * seconds_a_game) + margin
    config = _write_folder(directory, night)
    url = f"sqlite:///{directory / 'referee.db'}"
    store = open_referee(url, directory / "schedules")
    clock = datetime.now(UTC)
    boundary = clock + timedelta(seconds=night) + HOUR_ONE
    started = time.perf_counter()
    set_up(store, "serve-", games, clock, echo, calendar=True, schedule=SCHEDULE)
    setup_seconds = time.perf_counter() - started
    store.database.engine.dispose()
    engine = create_engine(url)
    with engine.begin() as connection:  # the set-up's letters went long ago in a real campaign
        connection.execute(text("UPDATE notices SET sent_at = created_at WHERE sent_at IS NULL"))
    wait = (boundary - datetime.now(UTC)).total_seconds() - 5
    if wait > 0:
        echo(f"  set up {games} games in {setup_seconds:.0f} s; the boundary is in {wait + 5:.0f} s")
        time.sleep(wait)
    log = (directory / "serve.log").open("w")
    command = [sys.executable, "-m", "referee", "serve", "-c", str(config), "--log-level", "warning"]
    service = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
    serving_from = datetime.now(UTC)
    late = serving_from > boundary
    origin = serving_from if late else boundary
    try:
        resolved_at, reported_at, reports = _watch(engine, games, origin + timedelta(seconds=600 + games))
    finally:
        service.send_signal(signal.SIGINT)
        try:
            service.wait(timeout=60)
        except subprocess.TimeoutExpired:
            service.kill()
        log.close()
        engine.dispose()
    return ServeBench(
        games,
        reports,
        setup_seconds,
        (resolved_at - origin).total_seconds(),
        (reported_at - origin).total_seconds(),
        late,
    )


def _write_folder(directory: Path, night: int) -> Path:
    """Writes the schedule and the configuration of the benchmark into ``directory``; the
    configuration file's path."""
    schedules = directory / "schedules"
    schedules.mkdir(parents=True, exist_ok=True)
    later = "".join(_LATER_HOUR.format(name=name) for name in ("hour2", "hour3", "hour4"))
    traps = max(1, night - 5)
    (schedules / f"{SCHEDULE}.toml").write_text(
        _SCHEDULE_TEXT.format(night=night, traps=traps, later=later), encoding="utf-8"
    )
    return write_config(directory, schedules)


def write_config(directory: Path, schedules: Path, database: str | None = None, more: str = "") -> Path:
    """A bench's configuration in ``directory``: the database ``database`` (a URL; default a SQLite file
    there), Maildirs there, the schedules of ``schedules``, the shipped templates, and the sections
    ``more``; its path."""
    config = directory / "referee.toml"
    config.write_text(
        _CONFIG_TEXT.format(
            database=database or f"sqlite:///{(directory / 'referee.db').as_posix()}",
            schedules=schedules.as_posix(),
            templates=(PROJECT_ROOT / "templates").as_posix(),
            incoming=(directory / "mail" / "incoming").as_posix(),
            outgoing=(directory / "mail" / "outgoing").as_posix(),
        )
        + more,
        encoding="utf-8",
    )
    return config


def _watch(engine: Engine, games: int, give_up: datetime) -> tuple[datetime, datetime, int]:
    """Polls the database (twice a second) until every game's hour 1 is resolved and each of its reports
    written out: when all were seen resolved, when the last report was written, and how many there were."""
    resolved_query = text("SELECT count(*) FROM resolutions WHERE phase = 'd1h1'")
    reports_query = text(
        "SELECT count(*), count(sent_at), max(sent_at) FROM notices"
        " WHERE phase = 'd1h1' AND template = 'report'"
    )
    all_resolved: datetime | None = None
    while True:
        with engine.connect() as connection:
            resolved = connection.execute(resolved_query).scalar_one()
            reports, sent, last_sent = connection.execute(reports_query).one()
        if all_resolved is None and resolved >= games:  # a resolution is dated by its deadline: seen now
            all_resolved = datetime.now(UTC)
        if all_resolved is not None and reports and sent == reports:
            last = _moment(last_sent)
            return min(all_resolved, last), last, int(reports)  # resolved before its reports went
        if datetime.now(UTC) > give_up:
            raise RuntimeError(f"{resolved} of {games} games resolved, {sent} of {reports} reports sent")
        time.sleep(0.5)


def _moment(value: object) -> datetime:
    """A time as SQLite gives it back (text), in UTC."""
    return as_utc(value if isinstance(value, datetime) else datetime.fromisoformat(str(value)))
