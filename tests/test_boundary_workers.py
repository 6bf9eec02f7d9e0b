"""Several processes resolving one boundary on PostgreSQL (issue 14): each batch takes the next due
games that no other process holds, so the processes share the games instead of waiting for each
other's, and each game is still resolved once, as of its own deadline, as it would be alone (TS-4);
``[service] workers`` starts such processes beside ``referee serve``."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections import Counter
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from service_helpers import Site, resolutions, written_bytes

from referee.app import Referee, open_referee
from referee.app.batches import resolve_next
from referee.config import PROJECT_ROOT, ConfigError, load_config
from referee.core.orders import Submission
from referee.core.rng import SeededStream
from referee.games.ten_sailors.cards import ROOMS, SEARCHABLE

NAMES = ("Anna", "Boris", "Clara", "Dmitri", "Eva", "Fedor", "Galina", "Hugo", "Igor")
START = datetime(2026, 12, 1, 20, 0, tzinfo=UTC)
NIGHT_ENDS = START + timedelta(minutes=4)
HOUR_ENDS = START + timedelta(minutes=6)
"""The fast schedule: night 4 minutes, then hours of 2 minutes."""
SCHEDULES = PROJECT_ROOT / "schedules"


def _due_at_hour_one(referee: Referee, count: int) -> list[str]:
    """``count`` games on the fast schedule from ``START``, past their night, with orders for hour 1
    of day 1: all of them due at ``HOUR_ENDS``."""
    ids = []
    for number in range(count):
        game_id = f"share-{number:02}"
        referee.create_game(
            setup={"id": game_id, "seed": number, "language": "en", "players": [{"name": n} for n in NAMES]},
            kind="ten-sailors",
            schedule="ten-sailors-fast",
            seats=[{"name": name, "email": f"{name.lower()}@example.org"} for name in NAMES],
            settings={"start": START.isoformat()},
            now=START,
        )
        for segment, sent in (("night", START), ("hour1", NIGHT_ENDS)):
            orders = []
            for name in NAMES:
                rng = SeededStream(number, f"{name}:{segment}")
                text = f"MOVE {rng.choice(list(ROOMS))}"
                if segment == "hour1":
                    text += f"\nSEARCH {', '.join(rng.sample(SEARCHABLE, 2))}"
                orders.append(Submission(name, text, sent + timedelta(seconds=number), "test"))
            referee.submit_many(game_id, orders)
            if segment == "night":
                referee.resolve(game_id, NIGHT_ENDS, expected_phase="d0n")
        ids.append(game_id)
    return ids


def _loop(referee: Referee, batch: int, took: list[str], start: threading.Barrier) -> None:
    """What a worker does: batch after batch of the due games no other process holds."""
    start.wait()
    while done := resolve_next(referee, HOUR_ENDS, batch):
        took.extend(item.game_id for item, resolved in done if resolved is not None)


def test_ts4_two_processes_on_postgresql_share_a_boundary_and_write_what_one_alone_writes(
    postgres_url: str, tmp_path: Path
) -> None:
    alone = open_referee(f"sqlite:///{tmp_path / 'alone.db'}", SCHEDULES)
    ids = _due_at_hour_one(alone, 24)
    assert [due.game_id for due in alone.calendar.due(HOUR_ENDS, 100)] == ids
    while resolve_next(alone, HOUR_ENDS, 5):  # one process, as on SQLite
        pass
    shared = open_referee(postgres_url, SCHEDULES)
    assert _due_at_hour_one(shared, 24) == ids
    workers = [open_referee(postgres_url, SCHEDULES) for _ in range(2)]  # an engine each
    took: list[list[str]] = [[], []]
    start = threading.Barrier(2)
    threads = [
        threading.Thread(target=_loop, args=(worker, 3, share, start))
        for worker, share in zip(workers, took, strict=True)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not any(thread.is_alive() for thread in threads)
    assert sorted(took[0] + took[1]) == ids  # every game by one of them, none by both
    assert took[0] and took[1]  # each took a share
    assert shared.calendar.due(HOUR_ENDS, 100) == []
    for game_id in ids:
        assert shared.resolution_count(game_id, "d1h1") == 1
        assert written_bytes(shared, game_id) == written_bytes(alone, game_id)
    for referee in (alone, shared, *workers):
        referee.database.engine.dispose()


def test_a_batch_passes_over_the_games_another_process_holds_instead_of_waiting(postgres_url: str) -> None:
    from referee.store.clocks import claim_due_rows

    referee = open_referee(postgres_url, SCHEDULES)
    ids = _due_at_hour_one(referee, 8)
    other = open_referee(postgres_url, SCHEDULES)
    with other.database.transaction() as session:  # another process holds the earliest three
        held = [game_id for game_id, _, _ in claim_due_rows(session, HOUR_ENDS, 3)]
        assert held == ids[:3]
        found: list[list[str]] = []
        thread = threading.Thread(
            target=lambda: found.append([item.game_id for item, _ in resolve_next(referee, HOUR_ENDS, 100)])
        )
        thread.start()
        thread.join(timeout=30)
        assert not thread.is_alive(), "the batch waited for the games another process holds"
        assert found == [ids[3:]]  # the next games, the earliest deadline first
        assert resolve_next(referee, HOUR_ENDS, 100) == []  # nothing left that no one holds
    assert [due.game_id for due in referee.calendar.due(HOUR_ENDS, 100)] == ids[:3]  # released, not done
    assert [item.game_id for item, _ in resolve_next(referee, HOUR_ENDS, 100)] == ids[:3]
    for game_id in ids:
        assert referee.resolution_count(game_id, "d1h1") == 1
    referee.database.engine.dispose()
    other.database.engine.dispose()


def test_the_number_of_workers_is_read_from_the_service_table_and_a_bad_one_is_named(tmp_path: Path) -> None:
    path = tmp_path / "referee.toml"
    path.write_text("[service]\nworkers = 3\n")
    assert load_config(path).service.workers == 3
    path.write_text("")
    assert load_config(path).service.workers == 1
    for bad in ("0", "2.5", '"many"', "true", "65"):
        path.write_text(f"[service]\nworkers = {bad}\n")
        with pytest.raises(ConfigError, match=r"\[service\] workers must be a whole number from 1 to 64"):
            load_config(path)


def test_serve_refuses_several_workers_on_sqlite_and_says_why(tmp_path: Path) -> None:
    site = Site(tmp_path, f"sqlite:///{tmp_path / 'referee.db'}")
    site.service += "workers = 2\n"
    site.write_config()
    result = subprocess.run(
        [sys.executable, "-m", "referee", "serve", "--config", str(site.config_path)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode != 0
    assert "workers = 2 needs PostgreSQL" in result.stdout + result.stderr
    assert "one process" in result.stdout + result.stderr


def test_serve_with_two_workers_resolves_each_boundary_once_and_stops_its_worker(
    tmp_path: Path, postgres_url: str
) -> None:
    site = Site(tmp_path, postgres_url)
    site.service += "workers = 2\nboundary_batch = 2\n"
    site.write_config()
    games = 16
    store = site.store()
    log = tmp_path / "serve.log"
    service = subprocess.Popen(
        [sys.executable, "-m", "referee", "serve", "--config", str(site.config_path)],
        stdout=log.open("wb"),
        stderr=subprocess.STDOUT,
        cwd=PROJECT_ROOT,
        env=os.environ.copy(),
    )
    try:
        deadline = time.monotonic() + 60
        while "boundary worker started" not in log.read_text():  # both processes up before anything is due
            assert time.monotonic() < deadline and service.poll() is None, log.read_text()[-3000:]
            time.sleep(0.2)
        start = datetime.now(UTC).replace(microsecond=0) + timedelta(seconds=3)
        for number in range(games):
            site.create_game(f"fleet-{number:02}", start, schedule="ten-sailors-blink")
        while len(resolutions(store)) < games * 2:
            assert time.monotonic() < deadline, log.read_text()[-3000:]
            time.sleep(0.2)
    finally:
        service.send_signal(signal.SIGTERM)
        code = service.wait(timeout=40)
    assert code == 0, log.read_text()[-3000:]
    entries = [json.loads(line) for line in log.read_text().splitlines() if line.startswith("{")]
    messages = Counter(entry["message"] for entry in entries)
    assert messages["boundary worker started"] == messages["boundary worker stopped"] == 1
    resolved = [(entry["game"], entry["phase"]) for entry in entries if entry["message"] == "phase resolved"]
    assert len(resolved) == len(set(resolved)) >= games * 2  # no phase twice
    by = Counter(entry["worker"] for entry in entries if entry["message"] == "phase resolved")
    assert len(by) == 2, by  # the service and its worker each resolved a share
    store.database.engine.dispose()
