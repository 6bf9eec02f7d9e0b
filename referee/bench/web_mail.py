"""``referee bench --web --with-mail``: the mail side of ``referee serve`` measured beside its web load.

Issue 41 asks that mail intake and boundaries be unaffected (within 10%) while the web load runs,
measured side by side. In the same run of ``referee bench --web`` and on the same service, two things
are each done twice — first with the service idle, before any load, then while the web load runs:

- **a burst of replies taken in**: M replies from the seats of the bench's games (their first game, at
  day 9, left out), written as mail clients write them, moved into the service's inbox at once, timed
  from then to the last mail kept (``inbound`` rows); then the answers they asked for are left to go
  out, untimed, so that the boundary after starts from an empty outbox;
- **one boundary of the bench's games**: the deadline of their open hour brought to this moment (the
  games' calendar puts it years away, so nothing falls due by itself), timed from then to the last
  game resolved and to the last of its reports written out by the service's sender.

The ratio of the loaded figure to the quiet one is the answer: 1.00× is unaffected, 0.90× is 10%
slower. While the web load runs, its steady rates go on until the mail side is done (the load lasts
its ``--seconds``, or longer).
"""

from __future__ import annotations

import math
import os
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from sqlalchemy import text, update
from sqlalchemy.engine import Engine

from referee.app import Referee
from referee.bench.boundary import CLOCK
from referee.bench.table import Figure
from referee.demo.bot_mail import QUOTE_STYLES, Received, reply
from referee.store.clocks import as_utc
from referee.store.models import ClockRow

MAILS = 2000
"""Replies in each burst of ``referee bench --web --with-mail``."""

LEAD = 2.0
"""Seconds the web load runs before the mail side starts under it (every page open, the rates steady)."""

WITHIN = 45.0
"""Seconds a burst, its answers or a boundary is waited for: what was not done by then is counted as
not done (the figure is then a rate over those seconds)."""

PHASES = ("d1h1", "d1h2")
"""The hour of the games the quiet boundary closes, and the one the loaded boundary closes."""

_LETTER = """Day 1, hour 1 has begun. You are in the {room}.

Send your orders for this hour by replying to this mail, for example:
  MOVE Library
  SAY Has anyone seen the key?
"""


@dataclass(frozen=True)
class Intake:
    """A burst taken in: mails kept and the seconds from their arrival to the last kept."""

    mails: int
    seconds: float

    @property
    def per_second(self) -> float:
        return self.mails / self.seconds if self.seconds else float("inf")


@dataclass(frozen=True)
class Boundary:
    """One boundary: games resolved and reports owed and written out, seconds from the deadline to the
    last game resolved and to the last report written (or to ``WITHIN``, if some were not)."""

    games: int
    reports: int
    out: int
    resolved_seconds: float
    reported_seconds: float

    @property
    def per_second(self) -> float:
        """Reports written out a second from the deadline."""
        return self.out / self.reported_seconds if self.reported_seconds else float("inf")


@dataclass(frozen=True)
class MailSide:
    """The burst and the boundary, as measured once."""

    intake: Intake
    boundary: Boundary


@dataclass(frozen=True)
class SideBySide:
    """The mail side with no web load and under it; how long the load was drawn out to cover it."""

    quiet: MailSide
    loaded: MailSide
    load_seconds: float
    """Seconds the web load ran in all (its own seconds, or more until the mail side was done)."""

    @property
    def intake_ratio(self) -> float:
        """Mails a second under the load, over those of the quiet burst."""
        return self.loaded.intake.per_second / self.quiet.intake.per_second

    @property
    def boundary_ratio(self) -> float:
        """Reports of the boundary written out a second under the load, over those of the quiet one."""
        return self.loaded.boundary.per_second / self.quiet.boundary.per_second


@dataclass(frozen=True)
class Bursts:
    """The two bursts of replies, written ahead as files: the quiet one and the one under the load."""

    quiet: list[Path]
    loaded: list[Path]


def write_bursts(store: Referee, games: list[str], mails: int, folder: Path) -> Bursts:
    """Writes two bursts of ``mails`` replies each from the seats of ``games`` (a seat after another of
    each game in turn, the games shuffled), as files in ``folder``; orders of the hour and a line of
    talk on top, the referee's letter quoted below in one mail client's way or another."""
    seats = [(game_id, seat) for game_id in games for seat in store.seats(game_id)]
    seats.sort(key=lambda pair: pair[1].name)  # the first seat of every game, then the second...
    random.Random(len(games)).shuffle(seats)
    bursts: list[list[Path]] = []
    for tag, phase in zip(("quiet", "loaded"), PHASES, strict=True):
        (folder / tag).mkdir(parents=True)
        paths = []
        for number in range(mails):
            game_id, seat = seats[number % len(seats)]
            letter = Received(
                f"referee+{seat.token}@example.org",
                f"<{phase}.{game_id}.{seat.name.lower()}@example.org>",
                f"[{game_id}] Day 1, hour {phase[-1]}: your orders",
                "Tue, 01 Dec 2026 20:04:00 +0000",
                _LETTER.format(room="Library"),
            )
            orders = f"MOVE Study\nSAY Did anyone hear the bell? ({tag} {number})"
            raw = reply(
                seat.email, seat.name, letter, orders, QUOTE_STYLES[number % len(QUOTE_STYLES)], CLOCK
            )
            path = folder / tag / f"{number:06d}.eml"
            path.write_bytes(raw)
            paths.append(path)
        bursts.append(paths)
    return Bursts(*bursts)


def take_burst(engine: Engine, inbox: Path, burst: list[Path]) -> Intake:
    """Moves ``burst`` into the running service's Maildir ``inbox`` at once (written in tmp/ first, as a
    mail server delivers) and times it to the last mail kept; then waits, untimed, until the answers it
    asked for have gone out."""
    for name in ("new", "cur", "tmp"):
        (inbox / name).mkdir(parents=True, exist_ok=True)
    for path in burst:
        os.link(path, inbox / "tmp" / path.name)
    before = _count(engine, "SELECT count(*) FROM inbound")
    started = time.perf_counter()
    for path in burst:
        os.rename(inbox / "tmp" / path.name, inbox / "new" / path.name)
    kept = 0
    while kept < len(burst) and time.perf_counter() - started < WITHIN:
        time.sleep(0.02)
        kept = _count(engine, "SELECT count(*) FROM inbound") - before
    taken = Intake(kept, time.perf_counter() - started)
    _outbox_empty(engine)
    return taken


def resolve_boundary(engine: Engine, phase: str) -> Boundary:
    """Brings the deadline of every game whose open phase is ``phase`` to now and times the running
    service from then to the last game resolved and the last of their reports written out (or what it
    did within ``WITHIN`` seconds)."""
    with engine.connect() as connection:  # the day-9 game's, resolved ahead of its calendar
        before, _, _ = connection.execute(text(_REPORTS), {"phase": phase}).one()
    now = datetime.now(UTC)
    clocks = ClockRow.__table__  # type: ignore[attr-defined]  # a table model's table, as SQLModel makes it
    with engine.begin() as connection:
        games = connection.execute(
            update(clocks).where(clocks.c.phase == phase, clocks.c.due_at.is_not(None)).values(due_at=now)
        ).rowcount
    started = time.perf_counter()
    resolved_seconds = float("nan")
    while time.perf_counter() - started < WITHIN:
        time.sleep(0.1)
        if math.isnan(resolved_seconds) and not _count(engine, _OPEN, phase=phase):
            resolved_seconds = (
                time.perf_counter() - started
            )  # seen then: a resolution is dated by its deadline
        if not math.isnan(resolved_seconds) and not _count(engine, _UNSENT, phase=phase):
            break
    waited = time.perf_counter() - started
    with engine.connect() as connection:
        reports, out, last = connection.execute(text(_REPORTS), {"phase": phase}).one()
    if out == reports and last is not None:
        waited = (_moment(last) - now).total_seconds()
    return Boundary(games, reports - before, out - before, min(resolved_seconds, waited), waited)


_OPEN = "SELECT count(*) FROM clocks WHERE phase = :phase AND due_at IS NOT NULL"
_UNSENT = (
    "SELECT count(*) FROM notices WHERE sent_at IS NULL AND failed_at IS NULL"
    " AND template = 'report' AND phase = :phase"
)
_REPORTS = (
    "SELECT count(*), count(sent_at), max(sent_at) FROM notices WHERE phase = :phase AND template = 'report'"
)


def _moment(value: object) -> datetime:
    """A time as the database gives it back (SQLite: text), in UTC."""
    return as_utc(value if isinstance(value, datetime) else datetime.fromisoformat(str(value)))


def measure(engine: Engine, inbox: Path, burst: list[Path], phase: str) -> MailSide:
    """The burst taken in, then the boundary of ``phase``, by the running service."""
    return MailSide(take_burst(engine, inbox, burst), resolve_boundary(engine, phase))


def _count(engine: Engine, query: str, **values: str) -> int:
    with engine.connect() as connection:
        return int(connection.execute(text(query), values).scalar_one())


def _outbox_empty(engine: Engine) -> None:
    """Waits until no notice is left to send (or ``WITHIN`` seconds)."""
    deadline = time.perf_counter() + WITHIN
    query = "SELECT count(*) FROM notices WHERE sent_at IS NULL AND failed_at IS NULL"
    while _count(engine, query) and time.perf_counter() < deadline:
        time.sleep(0.05)


# --- the report ---------------------------------------------------------------------------------------


def lines(result: SideBySide) -> list[str]:
    """The lines of the report: the intake and the boundary under the web load beside the quiet ones."""
    quiet, loaded = result.quiet, result.loaded
    return [
        f"intake under web load: {loaded.intake.per_second:,.0f} mails/s vs "
        f"{quiet.intake.per_second:,.0f} quiet = {result.intake_ratio:.2f}× "
        f"({loaded.intake.mails:,} and {quiet.intake.mails:,} replies)",
        f"boundary under web load: {loaded.boundary.per_second:,.0f} reports/s vs "
        f"{quiet.boundary.per_second:,.0f} quiet = {result.boundary_ratio:.2f}×",
        f"  under web load: {said(loaded.boundary)}",
        f"  quiet: {said(quiet.boundary)}",
        f"  (the web load ran {result.load_seconds:.0f} s in all, the mail side under it from {LEAD:g} s in)",
    ]


def said(boundary: Boundary) -> str:
    """One boundary as the report tells it."""
    resolved = (
        f"resolved in {boundary.resolved_seconds:.2f} s"
        if math.isfinite(boundary.resolved_seconds)
        else f"not all resolved in {WITHIN:.0f} s"
    )
    out = (
        f"the last of {boundary.reports:,} reports out at {boundary.reported_seconds:.2f} s"
        if boundary.out == boundary.reports
        else f"{boundary.out:,} of {boundary.reports:,} reports out in {boundary.reported_seconds:.0f} s"
    )
    return f"{boundary.games:,} games {resolved}, {out}"


def figures(result: SideBySide, case: str) -> list[Figure]:
    """The rows of the README's table: the mail side under the web load ``case`` beside it quiet."""
    quiet, loaded = result.quiet, result.loaded
    burst = f"a burst of {loaded.intake.mails:,} replies"
    return [
        Figure(
            f"{burst} taken in by referee serve under the web load ({case})",
            f"{loaded.intake.per_second:,.0f} mails/s",
            f"{quiet.intake.per_second:,.0f} mails/s with no web load, same run",
            f"{result.intake_ratio:.2f}×",
            "≥ 0.90× (unaffected within 10%)",
        ),
        Figure(
            f"one boundary of {loaded.boundary.games:,} games by referee serve under the web load ({case})",
            f"{loaded.boundary.per_second:,.0f} reports/s ({said(loaded.boundary)})",
            f"{quiet.boundary.per_second:,.0f} reports/s ({said(quiet.boundary)}) with no web load, same run",
            f"{result.boundary_ratio:.2f}×",
            "≥ 0.90× (unaffected within 10%)",
        ),
    ]


def under_load(
    engine: Engine, inbox: Path, burst: list[Path], kept: Callable[[MailSide], None]
) -> Callable[[], None]:
    """The loaded half, to run in a thread beside the web load: waits ``LEAD`` seconds, then measures
    and hands what it measured to ``kept``."""

    def run() -> None:
        time.sleep(LEAD)
        kept(measure(engine, inbox, burst, PHASES[1]))

    return run
