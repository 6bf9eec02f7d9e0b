"""``referee bench``: how fast one hour boundary resolves for many Ten Sailors games at once.

Creates N games of nine characters, brings them to hour 1 of day 1, stores a full set
of orders (a move and a search for every character, one transaction per game), then times resolving that hour
for every game — in batches of 100 games a transaction, as ``referee serve`` does, or with
``--batch 1`` each game its own transaction — and prints games per second and the process's
peak memory.

Beside it, in the same run, the two bare baselines the referee's figure is judged against:
the rules alone (the same hour resolved, folded and its notices written in memory, from the
same states) and the database alone (the very rows the boundary wrote — events, resolutions,
notices and snapshots — written again by the driver itself, ``executemany`` in batches of 100
games a transaction, into scratch tables of the same shape).

With ``--processes N`` (PostgreSQL) it times instead one boundary resolved by one process and
another of as many new games by N processes at once, each running the loop of ``referee serve``'s
workers (``resolve_next``: batch after batch of the earliest deadlines no other process holds).
"""

from __future__ import annotations

import multiprocessing
import resource
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from sqlalchemy.engine import Engine

from referee.app import Referee, open_referee
from referee.app.batches import BATCH, resolve_batch, resolve_next
from referee.app.calendar import Due
from referee.app.play import Loaded
from referee.config import PROJECT_ROOT
from referee.core.orders import Submission
from referee.core.rng import SeededStream
from referee.core.rules import resolve_folded
from referee.games.ten_sailors.cards import ROOMS, SEARCHABLE

NAMES = ("Anna", "Boris", "Clara", "Dmitri", "Eva", "Fedor", "Galina", "Hugo", "Igor")

CLOCK = datetime(2026, 12, 1, 20, 0, tzinfo=UTC)
"""When the benchmark's games are set up: their first evening."""


@dataclass(frozen=True)
class BenchResult:
    """What one benchmark run measured."""

    games: int
    setup_seconds: float
    resolve_seconds: float
    notices: int
    peak_rss_mib: float
    rules_seconds: float = 0.0
    """The same boundary's rules alone, in memory."""
    rows_seconds: float = 0.0
    """The same boundary's rows written by the bare driver, 100 games a transaction."""

    @property
    def games_per_second(self) -> float:
        """Games resolved per second of the timed part."""
        return self.games / self.resolve_seconds if self.resolve_seconds else float("inf")


def run_bench(url: str, games: int, echo: Callable[[str], None], batch: int = BATCH) -> BenchResult:
    """Runs the benchmark on the database at ``url`` (which should be empty) and returns its figures:
    the boundary resolved ``batch`` games a transaction, as ``referee serve`` does (1: each alone)."""
    store = open_referee(url)
    stamp = f"{time.time_ns():x}"
    started = time.perf_counter()
    ids = set_up(store, f"bench-{stamp}-", games, CLOCK, echo)
    setup_seconds = time.perf_counter() - started
    rules_seconds = rules_alone([store.load(game_id) for game_id in ids])
    boundary = CLOCK + timedelta(hours=3)
    started = time.perf_counter()
    notices = 0
    for start in range(0, len(ids), batch):
        due = [Due(game_id, "d1h1", boundary) for game_id in ids[start : start + batch]]
        if batch == 1:
            notices += len(store.resolve(due[0].game_id, boundary, expected_phase="d1h1").notices)
            continue
        notices += sum(len(resolved.notices) for resolved in resolve_batch(store.operations, due) if resolved)
    resolve_seconds = time.perf_counter() - started
    rows_seconds = bare_rows(store.database.engine, f"bench-{stamp}-", boundary)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    store.database.engine.dispose()
    return BenchResult(games, setup_seconds, resolve_seconds, notices, peak, rules_seconds, rows_seconds)


def set_up(
    store: Referee,
    prefix: str,
    games: int,
    clock: datetime,
    echo: Callable[[str], None],
    *,
    calendar: bool = False,
    schedule: str = "ten-sailors-fast",
    games_per_player: int | None = None,
) -> list[str]:
    """Creates ``games`` games with ids starting with ``prefix`` at ``clock``, their night resolved and
    their orders for hour 1 of day 1 stored; returns their ids. With ``calendar`` they run on
    ``schedule`` from ``clock`` (the fast one: hour 1 due at ``clock`` + 6 minutes), else they have no
    deadline. The nine seats of every game have the same nine addresses, unless ``games_per_player``
    gives each address that many games (a site's players, each in a few campaigns at once)."""
    ids = []
    night = clock + timedelta(minutes=4)  # the fast schedule's night
    for number in range(games):
        game_id = f"{prefix}{number}"
        players = [{"name": name} for name in NAMES]
        player = "" if games_per_player is None else f".{number // games_per_player}"
        seats = [{"name": name, "email": f"{name.lower()}{player}@example.org"} for name in NAMES]
        setup = {"id": game_id, "seed": number, "language": "en", "players": players}
        named, settings = (schedule, {"start": clock.isoformat()}) if calendar else ("bench", {})
        store.create_game(
            setup=setup, kind="ten-sailors", schedule=named, seats=seats, settings=settings, now=clock
        )
        for segment in ("night", "hour1"):
            orders = []
            for name in NAMES:
                rng = SeededStream(number, f"{name}:{segment}")
                text = f"MOVE {rng.choice(list(ROOMS))}"
                if segment == "hour1":
                    text += f"\nSEARCH {', '.join(rng.sample(SEARCHABLE, 2))}"
                sent = (night if segment == "hour1" else clock) + timedelta(milliseconds=number)
                orders.append(
                    Submission(name, text, sent if calendar else clock + timedelta(seconds=number), "bench")
                )
            store.submit_many(game_id, orders)
            if segment == "night" and calendar:
                store.resolve(game_id, night, expected_phase="d0n")
            elif segment == "night":
                store.resolve(game_id, clock)  # the arrival evening: night moves land at 10:00
        ids.append(game_id)
        if (number + 1) % max(1, games // 10) == 0:
            echo(f"  set up {number + 1} games")
    return ids


@dataclass(frozen=True)
class Share:
    """What one process of the benchmark with several processes did."""

    started: float
    ended: float
    resolved: int
    notices: int


@dataclass(frozen=True)
class ProcessesResult:
    """The same boundary resolved by one process and by ``processes`` at once (each its own games)."""

    games: int
    processes: int
    one: list[Share]
    many: list[Share]

    @staticmethod
    def seconds(shares: list[Share]) -> float:
        """From the first process starting to the last one done."""
        return max(share.ended for share in shares) - min(share.started for share in shares)


def run_processes_bench(
    url: str, games: int, processes: int, echo: Callable[[str], None], batch: int = BATCH
) -> ProcessesResult:
    """Times one boundary of ``games`` games resolved by one process, then another boundary of as many
    new games by ``processes`` processes at once, on the database at ``url`` (PostgreSQL): each process
    runs the loop of ``referee serve``'s workers (``resolve_next``: batch after batch of the earliest
    deadlines no other process holds) until no game is due."""
    schedules = PROJECT_ROOT / "schedules"
    until = CLOCK + timedelta(minutes=6)  # hour 1 of the fast schedule ends
    found: dict[int, list[Share]] = {}
    for count in (1, processes):
        store = open_referee(url, schedules)
        if store.calendar.due(until, 1):  # asked before the set-up, which takes minutes
            store.database.engine.dispose()
            raise NotEmpty(
                f"the database already holds games due at {until:%Y-%m-%d %H:%M} UTC (left by an earlier "
                "run that was stopped?); give --database an empty database"
            )
        stamp = f"{time.time_ns():x}"
        ids = set_up(store, f"bench-{stamp}-", games, CLOCK, echo, calendar=True)
        due = store.calendar.due(until, games + 1)
        if len(due) != len(ids):
            raise RuntimeError(f"{len(due)} games due at {until}, not {len(ids)}")
        store.database.engine.dispose()
        found[count] = _in_processes(url, schedules, until, batch, count)
        done = sum(share.resolved for share in found[count])
        if done != games:
            raise RuntimeError(f"{done} games resolved by {count} process(es), not {games}")
        echo(f"  {count} process(es): {ProcessesResult.seconds(found[count]):.2f} s")
    return ProcessesResult(games, processes, found[1], found[processes])


class NotEmpty(RuntimeError):
    """The database already holds games due at the benchmark's boundary: the processes would resolve them
    too, and the figures would not be of the games set up."""


def _in_processes(url: str, schedules: Path, until: datetime, batch: int, count: int) -> list[Share]:
    """Runs ``count`` processes of ``_share`` at once (started together) and returns what each did."""
    context = multiprocessing.get_context("spawn")
    ready = context.Barrier(count)
    queue = context.Queue()
    workers = [
        context.Process(target=_share, args=(url, schedules, until, batch, ready, queue))
        for _ in range(count)
    ]
    for worker in workers:
        worker.start()
    shares = [queue.get(timeout=3600) for _ in workers]
    for worker in workers:
        worker.join()
        if worker.exitcode != 0:
            raise RuntimeError(f"a process of the benchmark ended with {worker.exitcode}")
    return shares


def _share(url: str, schedules: Path, until: datetime, batch: int, ready: Any, queue: Any) -> None:
    """One process of ``run_processes_bench``: connects, waits for the others, then resolves batch
    after batch of the games due by ``until`` that no other process holds."""
    store = open_referee(url, schedules)
    store.calendar.due(until, 1)  # connected and warm before the clock starts
    ready.wait()
    started = time.monotonic()
    resolved = notices = 0
    while done := resolve_next(store.operations, until, batch):
        for _, result in done:
            if result is not None:
                resolved += 1
                notices += len(result.notices)
    ended = time.monotonic()
    store.database.engine.dispose()
    queue.put(Share(started, ended, resolved, notices))


def rules_alone(games: list[Loaded]) -> float:
    """Seconds the rules take for the boundary of ``games``: resolve, fold the events, write the notices."""
    started = time.perf_counter()
    for loaded in games:
        rules, before = loaded.rules, loaded.state
        events, after = resolve_folded(rules, before)
        rules.notices(before, after, events, [])
    return time.perf_counter() - started


_COPIED = {
    "events": ("game_id", "seq", "phase", "kind", "data", "audience", "logged_at"),
    "resolutions": ("game_id", "phase", "resolved_at", "first_seq", "last_seq"),
    "notices": ("game_id", "phase", "recipient", "template", "data", "created_at"),
}
"""The columns of each table a boundary writes to, as the bare baseline writes them again."""

_WHEN = {"events": "logged_at", "resolutions": "resolved_at", "notices": "created_at"}

_SCRATCH = {
    "events": ["CREATE UNIQUE INDEX bare_events_seq ON bare_events (game_id, seq)",
               "CREATE INDEX bare_events_phase ON bare_events (game_id, phase)"],
    "resolutions": ["CREATE UNIQUE INDEX bare_resolutions_key ON bare_resolutions (game_id, phase)"],
    "notices": ["CREATE INDEX bare_notices_game ON bare_notices (game_id)",
                "CREATE INDEX bare_notices_unsent ON bare_notices (sent_at, failed_at)"],
}  # fmt: skip
"""The indexes of the real tables, on the scratch copies (the same cost per row written): those a row
written by a boundary has an entry in (not the partial ones of refused and claimed notices)."""

_UNWRITTEN = {"notices": ("sent_at", "failed_at")}
"""Columns of a scratch copy that the boundary leaves empty but an index holds (as in the real table)."""


def bare_rows(engine: Engine, prefix: str, boundary: datetime, games_a_batch: int = 100) -> float:
    """Seconds the bare driver takes to write again every row the boundary at ``boundary`` wrote for
    the games whose ids start with ``prefix``: the same rows, ``executemany`` per table (PostgreSQL:
    ``COPY``) and a snapshot update per game, ``games_a_batch`` games a transaction, into scratch
    tables dropped afterwards."""
    connection = engine.raw_connection()
    try:
        cursor = connection.cursor()
        mark = "?" if engine.dialect.paramstyle == "qmark" else "%s"
        rows: dict[str, list[tuple[Any, ...]]] = {}
        for table, columns in _COPIED.items():
            listed = ", ".join(f"CAST({c} AS TEXT)" if c in ("data", "audience") else c for c in columns)
            cursor.execute(
                f"SELECT {listed} FROM {table} WHERE game_id LIKE {mark} AND {_WHEN[table]} = {mark}",
                (prefix + "%", _stamp(engine, boundary)),
            )
            rows[table] = list(cursor.fetchall())
        if not rows["events"] or not rows["notices"]:
            raise RuntimeError(f"found none of the rows the boundary at {boundary} wrote")
        cursor.execute(f"SELECT id, CAST(state AS TEXT) FROM games WHERE id LIKE {mark}", (prefix + "%",))
        snapshots = list(cursor.fetchall())
        for table, columns in _COPIED.items():
            cursor.execute(f"DROP TABLE IF EXISTS bare_{table}")
            made = (*columns, *_UNWRITTEN.get(table, ()))
            cursor.execute(f"CREATE TABLE bare_{table} ({', '.join(f'{c} TEXT' for c in made)})")
            for index in _SCRATCH[table]:
                cursor.execute(index)
        cursor.execute("DROP TABLE IF EXISTS bare_games")
        cursor.execute("CREATE TABLE bare_games (id TEXT PRIMARY KEY, state TEXT)")
        cursor.executemany(f"INSERT INTO bare_games VALUES ({mark}, {mark})", snapshots)
        connection.commit()
        by_game = {game_id: index for index, (game_id, _) in enumerate(snapshots)}
        batches: list[list[str]] = [
            [game_id for game_id, _ in snapshots[start : start + games_a_batch]]
            for start in range(0, len(snapshots), games_a_batch)
        ]
        grouped = {table: _grouped(found) for table, found in rows.items()}
        sqlite = engine.dialect.name == "sqlite"  # its connections commit each statement unless told
        inserts = {  # the columns named: a scratch copy may have more (``_UNWRITTEN``)
            table: f"INSERT INTO bare_{table} ({', '.join(columns)}) "
            f"VALUES ({', '.join([mark] * len(columns))})"
            for table, columns in _COPIED.items()
        }
        started = time.perf_counter()
        for batch in batches:
            if sqlite:
                cursor.execute("BEGIN IMMEDIATE")
            for table, columns in _COPIED.items():
                values = [row for game_id in batch for row in grouped[table].get(game_id, [])]
                if engine.dialect.name == "postgresql":  # its fastest way in: one COPY a table
                    with cursor.copy(f"COPY bare_{table} ({', '.join(columns)}) FROM STDIN") as copy:
                        for row in values:
                            copy.write_row(row)
                    continue
                cursor.executemany(inserts[table], values)
            updates = [(snapshots[by_game[game_id]][1], game_id) for game_id in batch]
            cursor.executemany(f"UPDATE bare_games SET state = {mark} WHERE id = {mark}", updates)
            connection.commit()
        seconds = time.perf_counter() - started
        for table in (*_COPIED, "games"):
            cursor.execute(f"DROP TABLE bare_{table}")
        connection.commit()
        return seconds
    finally:
        connection.close()


def _grouped(rows: list[tuple[Any, ...]]) -> dict[str, list[tuple[Any, ...]]]:
    """``rows`` by their first column, the game's id."""
    grouped: dict[str, list[tuple[Any, ...]]] = {}
    for row in rows:
        grouped.setdefault(row[0], []).append(row)
    return grouped


def _stamp(engine: Engine, moment: datetime) -> Any:
    """``moment`` as the driver compares it with a stored time: SQLite keeps naive text."""
    if engine.dialect.name == "sqlite":
        return moment.strftime("%Y-%m-%d %H:%M:%S.%f")
    return moment
