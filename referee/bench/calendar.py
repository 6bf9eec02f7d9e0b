"""``referee bench --calendar N``: a week of N campaigns' calendar on a simulated clock.

What is real and what is modelled:

- **Real**: ``--games`` Ten Sailors games (a sample of the N campaigns) in a SQLite file of their own,
  on the two schedules that run on the calendar (``ten-sailors-daily``: the same hours of the day for
  every game; ``ten-sailors-fast``: 12-minute days), their starts staggered over the simulated week.
  A simulated clock advances tick by tick (``tick`` simulated seconds, not wall time), and every tick
  is ``referee serve``'s own scheduler tick (``Service.step``: the mail taken in, the boundaries due
  resolved in batches, the reminders written), its process CPU time measured. Bots answer for every
  player of one game in ``bot_every`` right after each of its boundaries (the rules' own bot, through
  the application as a mail would); the other games' players send nothing, so their deadlines pass
  with the rules' defaults.
- **Modelled**: the N campaigns. Each real game stands for N / games campaigns with the same schedule
  and the same start, so each simulated hour's boundaries are the sample's scaled by N / games; the CPU
  they need is that count times the CPU per boundary measured here, set against ``3600 × cores``
  CPU seconds an hour. The lateness of the N campaigns' boundaries is that of a queue: the boundaries
  due at one moment wait for the cores to work through those due before them. Mail volume is
  estimated from the bots' games (orders in) and the notices every game's boundaries wrote (mail out).
"""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path

from sqlalchemy import Engine, text

from referee.app import Referee
from referee.bench.serving import write_config
from referee.config import PROJECT_ROOT, load_config
from referee.core.orders import Submission
from referee.core.rules import visible
from referee.games import game_of
from referee.service.runner import Service
from referee.store.clocks import as_utc

NAMES = ("Anna", "Boris", "Clara", "Dmitri", "Eva", "Fedor", "Galina", "Hugo", "Igor")

START = datetime(2026, 12, 7, 17, 0, tzinfo=UTC)
"""When the simulated week begins: Monday 20:00 in Moscow, when a daily game's first night begins."""

DAILY, FAST = "ten-sailors-daily", "ten-sailors-fast"

FAST_EVERY = 3
"""One game in this many plays on the fast schedule, the others on the daily one."""


@dataclass(frozen=True)
class Resolution:
    """One boundary the simulation saw due, and the simulated tick that resolved it."""

    game_id: str
    phase: str
    due_at: datetime
    tick: datetime

    @property
    def late_seconds(self) -> float:
        """Simulated seconds from the deadline to the tick that resolved it."""
        return (self.tick - self.due_at).total_seconds()


@dataclass
class Hour:
    """One simulated hour: the sample's boundaries measured, and the N campaigns' modelled."""

    start: datetime
    due: int = 0
    resolved: int = 0
    worst_late_seconds: float = 0.0
    """The sample's worst lateness, in simulated seconds (the tick's granularity)."""
    cpu_seconds: float = 0.0
    """Process CPU of the ticks that resolved the sample's boundaries this hour (measured)."""
    modelled_due: float = 0.0
    cpu_needed: float = 0.0
    """CPU seconds the N campaigns' boundaries of this hour need, at the CPU per boundary measured."""
    modelled_late_seconds: float = 0.0
    """The worst lateness of the N campaigns' boundaries this hour, in the queue on ``cores`` cores."""


@dataclass
class CalendarReport:
    """What a simulated run did, measured on the sample and modelled for the N campaigns."""

    campaigns: int
    games: int
    bot_games: int
    days: int
    tick_seconds: int
    cores: int
    setup_seconds: float = 0.0
    wall_seconds: float = 0.0
    ticks: int = 0
    idle_cpu_seconds: float = 0.0
    """Process CPU of the ticks that resolved nothing (the service asking the calendar)."""
    bot_mails: int = 0
    """Orders the bots sent (one a player a boundary, in the bots' games)."""
    bot_boundaries: int = 0
    """Boundaries of the bots' games."""
    notices: int = 0
    """Mail the referee wrote over the run (set-up letters left out)."""
    missed: int = 0
    """Boundaries still due after the tick that should have resolved them (should be none)."""
    hours: list[Hour] = field(default_factory=list)
    resolutions: list[Resolution] = field(default_factory=list)

    @property
    def scale(self) -> float:
        """How many campaigns each real game stands for."""
        return self.campaigns / self.games

    @property
    def due(self) -> int:
        return sum(hour.due for hour in self.hours)

    @property
    def resolved(self) -> int:
        return sum(hour.resolved for hour in self.hours)

    @property
    def cpu_seconds(self) -> float:
        return sum(hour.cpu_seconds for hour in self.hours)

    @property
    def cpu_per_boundary(self) -> float:
        """Measured: process CPU of the resolving ticks per boundary resolved (SQLite, in process)."""
        return self.cpu_seconds / self.resolved if self.resolved else 0.0

    @property
    def mails_in_per_boundary(self) -> float:
        """Estimated: orders a game receives per boundary when all its players play (the bots' games)."""
        return self.bot_mails / self.bot_boundaries if self.bot_boundaries else 0.0

    @property
    def mails_out_per_boundary(self) -> float:
        """Measured: mail the referee wrote per boundary resolved (reports, news, reminders)."""
        return self.notices / self.resolved if self.resolved else 0.0

    @property
    def worst_late_seconds(self) -> float:
        return max((hour.worst_late_seconds for hour in self.hours), default=0.0)

    @property
    def modelled_late_seconds(self) -> float:
        return max((hour.modelled_late_seconds for hour in self.hours), default=0.0)

    @property
    def busiest(self) -> Hour | None:
        """The hour whose modelled boundaries need the most CPU."""
        return max(self.hours, key=lambda hour: hour.cpu_needed, default=None)


def run_calendar(
    directory: Path,
    campaigns: int,
    games: int,
    echo: Callable[[str], None],
    *,
    days: int = 7,
    tick: int = 60,
    bot_every: int = 10,
    cores: int | None = None,
) -> CalendarReport:
    """Runs the simulation in the empty folder ``directory``: ``games`` real games standing for
    ``campaigns`` campaigns, ``days`` simulated days in ticks of ``tick`` simulated seconds."""
    if not 0 < games <= campaigns:
        raise ValueError(f"the real games ({games}) must be between 1 and the campaigns ({campaigns})")
    report = CalendarReport(
        campaigns, games, len(range(0, games, bot_every)), days, tick, cores or os.cpu_count() or 1
    )
    config = load_config(_write_config(directory))
    clock = [START - timedelta(minutes=1)]
    service = Service(config, clock=lambda: clock[0])
    store = service.referee
    started = time.perf_counter()
    _set_up(store, games, days, clock[0], echo)
    report.setup_seconds = time.perf_counter() - started
    letters = store.operations.database.engine  # the set-up's letters are not the run's mail
    report.notices = -_count_notices(letters)
    echo(f"  set up {games} games in {report.setup_seconds:.0f} s; {days} simulated days follow")
    bots = {f"cal-{number}" for number in range(0, games, bot_every)}
    started = time.perf_counter()
    asyncio.run(_simulate(service, report, clock, bots, echo))
    report.wall_seconds = time.perf_counter() - started
    report.notices += _count_notices(letters)
    _model(report)
    store.operations.database.engine.dispose()
    return report


def _write_config(directory: Path) -> Path:
    """The simulation's configuration: a SQLite file and Maildirs in ``directory``, the shipped schedules."""
    return write_config(directory, PROJECT_ROOT / "schedules")


def start_of(number: int, games: int, days: int) -> tuple[str, datetime]:
    """Game ``number``'s schedule and start: daily games begin on one of the week's evenings, fast ones
    at any minute of it, spread evenly over the games."""
    if number % FAST_EVERY == FAST_EVERY - 1:
        minutes = days * 24 * 60
        return FAST, START + timedelta(minutes=(number * 7919) % minutes)
    return DAILY, START + timedelta(days=number % days)


def _set_up(store: Referee, games: int, days: int, now: datetime, echo: Callable[[str], None]) -> None:
    """Creates the ``games`` real games, each on its schedule from its start."""
    for number in range(games):
        schedule, start = start_of(number, games, days)
        game_id = f"cal-{number}"
        setup = {"id": game_id, "seed": number, "language": "en" if number % 2 else "ru",
                 "players": [{"name": name} for name in NAMES]}  # fmt: skip
        seats = [{"name": name, "email": f"{name.lower()}.{number}@example.org"} for name in NAMES]
        store.create_game(
            setup=setup,
            kind="ten-sailors",
            schedule=schedule,
            seats=seats,
            settings={"start": start.isoformat()},
            now=now,
        )
        if (number + 1) % max(1, games // 5) == 0:
            echo(f"  set up {number + 1} games")


async def _simulate(
    service: Service,
    report: CalendarReport,
    clock: list[datetime],
    bots: set[str],
    echo: Callable[[str], None],
) -> None:
    """Advances the simulated clock tick by tick to the end, each tick the service's own step; records
    each boundary the step resolved (read back from the database) and those it left due."""
    calendar = service.referee.calendar
    engine = service.referee.operations.database.engine
    end = START + timedelta(days=report.days)
    hours = {moment: Hour(moment) for moment in (START + timedelta(hours=n) for n in range(report.days * 24))}
    last = 0
    while clock[0] < end:
        clock[0] += timedelta(seconds=report.tick_seconds)
        now = clock[0]
        cpu = time.process_time()
        await service.step()
        cpu = time.process_time() - cpu
        report.ticks += 1
        done, last = _resolved_since(engine, last)
        if not done:
            report.idle_cpu_seconds += cpu
            continue
        report.missed += len(calendar.due(now, report.games * 8))
        hours[_hour_of(now - timedelta(seconds=1), end)].cpu_seconds += cpu
        for game_id, phase, due_at in done:
            _record(report, hours, Resolution(game_id, phase, due_at, now), end)
        _bots_answer(service.referee, sorted({game_id for game_id, _, _ in done} & bots), now, report)
        if now.minute == 0 and now.hour % 6 == 0:
            echo(f"  {now:%a %H:%M} UTC: {len(report.resolutions):,} boundaries resolved")
    report.hours = list(hours.values())


def _resolved_since(engine: Engine, last: int) -> tuple[list[tuple[str, str, datetime]], int]:
    """The boundaries resolved since resolution number ``last`` (game, phase, deadline), and the last
    number now."""
    with engine.connect() as connection:
        rows = connection.execute(
            text("SELECT id, game_id, phase, resolved_at FROM resolutions WHERE id > :last ORDER BY id"),
            {"last": last},
        ).all()
    done = [(str(game_id), str(phase), _moment(at)) for _, game_id, phase, at in rows]
    return done, max((int(row[0]) for row in rows), default=last)


def _moment(value: object) -> datetime:
    """A time as SQLite gives it back (text), in UTC."""
    return as_utc(value if isinstance(value, datetime) else datetime.fromisoformat(str(value)))


def _hour_of(moment: datetime, end: datetime) -> datetime:
    """The simulated hour ``moment`` falls in (the first for earlier moments, the last for later ones)."""
    hour = moment.astimezone(UTC).replace(minute=0, second=0, microsecond=0)
    return min(max(hour, START), end - timedelta(hours=1))


def _record(
    report: CalendarReport, hours: dict[datetime, Hour], resolution: Resolution, end: datetime
) -> None:
    """Counts ``resolution`` as due in its deadline's hour and resolved at its tick."""
    report.resolutions.append(resolution)
    hour = hours[_hour_of(resolution.due_at, end)]
    hour.due += 1
    hour.resolved += 1
    hour.worst_late_seconds = max(hour.worst_late_seconds, resolution.late_seconds)


def _bots_answer(store: Referee, game_ids: list[str], now: datetime, report: CalendarReport) -> None:
    """Every player still playing in the bots' games just resolved sends the rules' bot's orders."""
    for game_id in game_ids:
        loaded = store.load(game_id)
        if loaded.rules.finished(loaded.state):
            continue
        report.bot_boundaries += 1
        demo = game_of(loaded.row.kind).demo
        playing = demo.playing(loaded.state) if demo.playing else None
        log = store.log(game_id)
        seed = int(game_id.rsplit("-", 1)[1])
        orders = []
        for seat in store.seats(game_id):
            if playing is not None and seat.name not in playing:
                continue
            view = loaded.rules.player_view(loaded.state, seat.name, visible(log, seat.name))
            orders.append(Submission(seat.name, loaded.rules.bot(view, seed), now, "bench"))
        if orders:
            store.submit_many(game_id, orders)
            report.bot_mails += len(orders)


def _model(report: CalendarReport) -> None:
    """The N campaigns' hours: the sample's boundaries scaled, their CPU at the CPU per boundary measured,
    and their lateness in a queue on ``cores`` cores (the boundaries due at one moment after those due
    before them)."""
    cost = report.cpu_per_boundary * report.scale / report.cores  # seconds of the cores per real boundary
    by_hour = {hour.start: hour for hour in report.hours}
    moments: dict[datetime, int] = {}
    for resolution in report.resolutions:
        moments[resolution.due_at.astimezone(UTC)] = moments.get(resolution.due_at.astimezone(UTC), 0) + 1
    free_at = START
    for moment in sorted(moments):
        free_at = max(free_at, moment) + timedelta(seconds=moments[moment] * cost)
        hour = by_hour[_hour_of(moment, START + timedelta(days=report.days))]
        hour.modelled_late_seconds = max(hour.modelled_late_seconds, (free_at - moment).total_seconds())
    for hour in report.hours:
        hour.modelled_due = hour.due * report.scale
        hour.cpu_needed = hour.modelled_due * report.cpu_per_boundary


def _count_notices(engine: Engine) -> int:
    """How many notices the database holds."""
    with engine.connect() as connection:
        return int(connection.execute(text("SELECT count(*) FROM notices")).scalar_one())


def lines(report: CalendarReport) -> list[str]:
    """The report as printed: an hour a line (hours with boundaries), then the totals."""
    capacity = 3600 * report.cores
    out = [
        f"{report.campaigns:,} campaigns modelled by {report.games:,} real games ({report.scale:g} each), "
        f"bots in {report.bot_games:,}; {report.days} simulated days, a tick every {report.tick_seconds} s",
        "hour (UTC)        due  resolved  late(s)  CPU(s)  "
        "| modelled due  CPU needed(s)  of capacity  late(s)",
    ]
    for hour in report.hours:
        if not hour.due:
            continue
        out.append(
            f"{hour.start:%a %d %H:%M}  {hour.due:6d}  {hour.resolved:8d}  {hour.worst_late_seconds:7.0f}  "
            f"{hour.cpu_seconds:6.1f}  | {hour.modelled_due:12,.0f}  {hour.cpu_needed:13,.0f}  "
            f"{hour.cpu_needed / capacity:10.1%}  {hour.modelled_late_seconds:7.0f}"
        )
    busiest = report.busiest
    out += [
        f"boundaries due {report.due:,}, resolved {report.resolved:,}, "
        f"still due after their tick {report.missed}; "
        f"worst lateness {report.worst_late_seconds:.0f} simulated s "
        f"(measured, at a {report.tick_seconds} s tick)",
        f"CPU per boundary {report.cpu_per_boundary * 1000:.2f} ms (measured, SQLite in process); idle ticks "
        f"{report.idle_cpu_seconds:.1f} CPU s in {report.ticks:,} ticks; "
        f"set-up {report.setup_seconds:.0f} s, run {report.wall_seconds:.0f} s",
        f"mail per boundary: in {report.mails_in_per_boundary:.1f} (bots' games, estimated for all), "
        f"out {report.mails_out_per_boundary:.1f} (measured)",
    ]
    if busiest is not None:
        out.append(
            f"modelled {report.campaigns:,} campaigns: busiest hour {busiest.start:%a %H:%M} needs "
            f"{busiest.cpu_needed:,.0f} CPU s of {capacity:,} ({busiest.cpu_needed / capacity:.1%}); "
            f"worst lateness {report.modelled_late_seconds:,.0f} s on {report.cores} cores"
        )
    return out
