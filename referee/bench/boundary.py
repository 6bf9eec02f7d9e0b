"""``referee bench``: how fast one hour boundary resolves for many Ten Sailors games at once.

Creates N games of nine characters, brings them to hour 1 of day 1, stores a full set
of orders (a move and a search for every character, one transaction per game), then times resolving that hour
for every game — each game its own transaction with its events, snapshot and notices —
and prints games per second and the process's peak memory.
"""

from __future__ import annotations

import resource
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from referee.app import open_referee
from referee.core.orders import Submission
from referee.core.rng import SeededStream
from referee.games.ten_sailors.cards import ROOMS, SEARCHABLE

NAMES = ("Anna", "Boris", "Clara", "Dmitri", "Eva", "Fedor", "Galina", "Hugo", "Igor")


@dataclass(frozen=True)
class BenchResult:
    """What one benchmark run measured."""

    games: int
    setup_seconds: float
    resolve_seconds: float
    notices: int
    peak_rss_mib: float

    @property
    def games_per_second(self) -> float:
        """Games resolved per second of the timed part."""
        return self.games / self.resolve_seconds if self.resolve_seconds else float("inf")


def run_bench(url: str, games: int, echo: Callable[[str], None]) -> BenchResult:
    """Runs the benchmark on the database at ``url`` (which should be empty) and returns its figures."""
    store = open_referee(url)
    stamp = f"{time.time_ns():x}"
    clock = datetime(2026, 12, 1, 20, 0, tzinfo=UTC)
    started = time.perf_counter()
    ids = []
    for number in range(games):
        game_id = f"bench-{stamp}-{number}"
        players = [{"name": name} for name in NAMES]
        seats = [{"name": name, "email": f"{name.lower()}@example.org"} for name in NAMES]
        setup = {"id": game_id, "seed": number, "language": "en", "players": players}
        store.create_game(
            setup=setup, kind="ten-sailors", schedule="bench", seats=seats, settings={}, now=clock
        )
        for segment in ("night", "hour1"):
            orders = []
            for name in NAMES:
                rng = SeededStream(number, f"{name}:{segment}")
                text = f"MOVE {rng.choice(list(ROOMS))}"
                if segment == "hour1":
                    text += f"\nSEARCH {', '.join(rng.sample(SEARCHABLE, 2))}"
                orders.append(Submission(name, text, clock + timedelta(seconds=number), "bench"))
            store.submit_many(game_id, orders)
            if segment == "night":
                store.resolve(game_id, clock)  # the arrival evening: night moves land at 10:00
        ids.append(game_id)
        if (number + 1) % max(1, games // 10) == 0:
            echo(f"  set up {number + 1} games")
    setup_seconds = time.perf_counter() - started
    started = time.perf_counter()
    notices = 0
    for game_id in ids:
        notices += len(store.resolve(game_id, clock + timedelta(hours=3), expected_phase="d1h1").notices)
    resolve_seconds = time.perf_counter() - started
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    store.database.engine.dispose()
    return BenchResult(games, setup_seconds, resolve_seconds, notices, peak)
