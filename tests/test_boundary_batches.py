"""Boundaries in batches (issue 14): many games due at one instant resolved in one transaction, a
savepoint each, give the very events and notices of one game at a time (TS-4: every hour ends on
the calendar); a game resolved elsewhere is left out, and a game whose rules fail stops alone."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from service_helpers import written_bytes

from referee import games
from referee.app import Referee, open_referee
from referee.app.batches import resolve_batch
from referee.app.calendar import Due
from referee.config import PROJECT_ROOT
from referee.core.orders import Submission
from referee.core.rng import SeededStream
from referee.games.ten_sailors.cards import ROOMS, SEARCHABLE
from referee.testing import broken_game

NAMES = ("Anna", "Boris", "Clara", "Dmitri", "Eva", "Fedor", "Galina", "Hugo", "Igor")
EVENING = datetime(2026, 12, 1, 20, 0, tzinfo=UTC)
BOUNDARY = EVENING + timedelta(hours=15)
SCHEDULES = PROJECT_ROOT / "schedules"
FAST = "ten-sailors-fast"


@pytest.fixture(autouse=True)
def broken_kind(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setitem(games.PACKAGES, broken_game.KIND, broken_game.__name__)
    yield


def _at_hour_one(
    referee: Referee,
    seed: int,
    count: int,
    kinds: dict[int, str] | None = None,
    bots: dict[int, str] | None = None,
    schedule: str = "batch",
) -> list[str]:
    """``count`` games seeded from ``seed``, past night 0, with orders for hour 1 of day 1 (TS-12, TS-19);
    in the games of ``bots`` the referee plays that character, who sends no orders of their own."""
    ids = []
    for number in range(count):
        game_id = f"batch-{seed}-{number}"
        players = [{"name": name} for name in NAMES]
        referee.create_game(
            setup={"id": game_id, "seed": seed * 100 + number, "language": "en", "players": players},
            kind=(kinds or {}).get(number, "ten-sailors"),
            schedule=schedule,
            seats=[{"name": name, "email": f"{name.lower()}@example.org"} for name in NAMES],
            settings={"bots": [(bots or {})[number]]} if number in (bots or {}) else {},
            now=EVENING,
        )
        for segment in ("night", "hour1"):
            orders = []
            for name in NAMES:
                if name == (bots or {}).get(number):
                    continue
                rng = SeededStream(seed * 100 + number, f"{name}:{segment}")
                text = f"MOVE {rng.choice(list(ROOMS))}"
                if segment == "hour1":
                    text += f"\nSEARCH {', '.join(rng.sample(SEARCHABLE, 2))}"
                orders.append(Submission(name, text, EVENING + timedelta(minutes=number), "test"))
            referee.submit_many(game_id, orders)
            if segment == "night":
                referee.resolve(game_id, EVENING + timedelta(hours=14), expected_phase="d0n")
        ids.append(game_id)
    return ids


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_ts4_a_batched_boundary_writes_byte_identical_events_and_notices_to_one_game_at_a_time(
    seed: int, database_url: str, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    alone = open_referee(f"sqlite:///{tmp_path / 'alone.db'}")
    batched = open_referee(database_url)
    ids = _at_hour_one(alone, seed, 7)
    assert _at_hour_one(batched, seed, 7) == ids
    for game_id in ids:
        alone.resolve(game_id, BOUNDARY, expected_phase="d1h1")
    results = resolve_batch(batched, [Due(game_id, "d1h1", BOUNDARY) for game_id in ids])
    assert [resolved.phase if resolved else None for resolved in results] == ["d1h1"] * len(ids)
    assert "batch of boundaries failed" not in caplog.text  # resolved together, not one at a time
    for game_id in ids:
        assert written_bytes(batched, game_id) == written_bytes(alone, game_id)
        assert any(row.phase == "d1h1" and row.kind == "moved" for row in batched.events(game_id))
    alone.database.engine.dispose()
    batched.database.engine.dispose()


_STORED = {
    "events": "game_id, seq, phase, kind, data, audience, logged_at",
    "resolutions": "game_id, phase, resolved_at, first_seq, last_seq, attempt, withdrawn_at",
    "notices": "game_id, phase, recipient, template, data, created_at, address, sent_at, attempts",
    "games": "id, last_seq, state, phase, finished",  # the snapshots, updated by the batch at its end
}


def _stored_text(referee: Referee) -> dict[str, list[tuple[object, ...]]]:
    """Every row of the tables a boundary writes, each value as the file holds it (its type and text)."""
    connection = referee.database.engine.raw_connection()
    try:
        found = {}
        for table, columns in _STORED.items():
            listed = ", ".join(f"typeof({c}), CAST({c} AS TEXT)" for c in columns.split(", "))
            cursor = connection.cursor()
            order = "id" if table == "games" else "game_id, id"
            cursor.execute(f"SELECT {listed} FROM {table} ORDER BY {order}")
            found[table] = list(cursor.fetchall())
        return found
    finally:
        connection.close()


def test_ts4_a_batched_boundary_stores_every_value_as_the_orm_stores_it(tmp_path: Path) -> None:
    """The batch writes its rows by the driver itself: times, JSON and defaults must reach the file as
    the same text (a time stored otherwise would sort and compare wrongly in SQL)."""
    alone = open_referee(f"sqlite:///{tmp_path / 'alone.db'}")
    batched = open_referee(f"sqlite:///{tmp_path / 'batched.db'}")
    ids = _at_hour_one(alone, 4, 3)
    assert _at_hour_one(batched, 4, 3) == ids
    for game_id in ids:
        alone.resolve(game_id, BOUNDARY, expected_phase="d1h1")
    resolve_batch(batched, [Due(game_id, "d1h1", BOUNDARY) for game_id in ids])
    stored, expected = _stored_text(batched), _stored_text(alone)
    assert any("2026-12-02 11:00:00.000000" in row for row in stored["events"])  # a boundary's rows
    assert stored == expected
    alone.database.engine.dispose()
    batched.database.engine.dispose()


def test_ts4_in_a_batch_a_game_resolved_already_is_left_out_and_a_failing_game_stops_alone(
    database_url: str,
) -> None:
    referee = open_referee(database_url)
    ids = _at_hour_one(referee, 4, 4, kinds={2: broken_game.KIND})
    referee.resolve(ids[0], BOUNDARY, expected_phase="d1h1")  # another process was first
    before = written_bytes(referee, ids[0])
    results = resolve_batch(referee, [Due(game_id, "d1h1", BOUNDARY) for game_id in ids])
    assert [resolved is not None for resolved in results] == [False, True, False, True]
    assert written_bytes(referee, ids[0]) == before  # resolved once, not twice
    stopped = referee.load(ids[2]).row
    assert stopped.failed_at is not None and "DeliberateFault" in (stopped.failure or "")
    assert not any(row.phase == "d1h1" and row.kind == "moved" for row in referee.events(ids[2]))
    for game_id in (ids[1], ids[3]):
        assert referee.load(game_id).row.failed_at is None
        assert any(row.phase == "d1h1" and row.kind == "moved" for row in referee.events(game_id))
    referee.database.engine.dispose()


def test_the_batch_size_is_read_from_the_service_table_and_a_bad_one_is_named(tmp_path: Path) -> None:
    from referee.config import ConfigError, load_config

    path = tmp_path / "referee.toml"
    path.write_text("[service]\nboundary_batch = 250\n")
    assert load_config(path).service.boundary_batch == 250
    path.write_text("")
    assert load_config(path).service.boundary_batch == 100
    for bad in ("0", "2.5", '"many"', "true", "20000"):
        path.write_text(f"[service]\nboundary_batch = {bad}\n")
        with pytest.raises(ConfigError, match="boundary_batch"):
            load_config(path)


def test_ts4_in_a_batch_the_talk_of_bots_is_heard_as_alone(database_url: str, tmp_path: Path) -> None:
    alone = open_referee(f"sqlite:///{tmp_path / 'alone.db'}", SCHEDULES)
    batched = open_referee(database_url, SCHEDULES)
    bots = {0: "Anna", 2: "Eva", 3: "Igor"}
    ids = _at_hour_one(alone, 5, 4, bots=bots, schedule=FAST)
    assert _at_hour_one(batched, 5, 4, bots=bots, schedule=FAST) == ids
    for game_id in ids:
        alone.resolve(game_id, BOUNDARY, expected_phase="d1h1")
    results = resolve_batch(batched, [Due(game_id, "d1h1", BOUNDARY) for game_id in ids])
    assert all(resolved is not None for resolved in results)
    for number, game_id in enumerate(ids):
        assert written_bytes(batched, game_id) == written_bytes(alone, game_id)
        if number in bots:  # the bot's orders were logged at the deadline, and heard of in its phase
            sources = [row.data for row in batched.events(game_id) if row.phase == "d1h1"]
            assert any(bots[number] in json.dumps(data) for data in sources)
    alone.database.engine.dispose()
    batched.database.engine.dispose()


def test_ts4_a_game_failing_after_its_snapshot_changed_leaves_its_rows_as_they_were(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from referee.app import play

    referee = open_referee(database_url, SCHEDULES)
    ids = _at_hour_one(referee, 6, 3, schedule=FAST)
    clock = referee.calendar.clock(ids[1])
    assert clock is not None and clock.phase == "d1h1"
    before = {
        game_id: (referee.load(game_id).row.model_dump(), written_bytes(referee, game_id)) for game_id in ids
    }
    fields = play.reading_fields

    def failing(session: object, game_id: str) -> dict[str, object]:
        if game_id == ids[1]:  # after its events, snapshot and clock were made, before its notices
            raise ZeroDivisionError("a fault late in the resolution")
        return fields(session, game_id)  # type: ignore[arg-type]

    monkeypatch.setattr(play, "reading_fields", failing)
    results = resolve_batch(referee, [Due(game_id, "d1h1", BOUNDARY) for game_id in ids])
    assert [resolved is not None for resolved in results] == [True, False, True]
    row = referee.load(ids[1]).row
    assert row.failed_at is not None and "ZeroDivisionError" in (row.failure or "")
    kept = {key: value for key, value in row.model_dump().items() if key not in ("failed_at", "failure")}
    assert kept == {
        key: value for key, value in before[ids[1]][0].items() if key not in ("failed_at", "failure")
    }
    assert written_bytes(referee, ids[1]) == before[ids[1]][1]
    assert referee.resolution_count(ids[1], "d1h1") == 0
    stood = referee.calendar.clock(ids[1])  # stopped: its phase kept, its deadline gone
    assert stood is not None and (stood.phase, stood.opened_at, stood.due_at) == (
        "d1h1",
        clock.opened_at,
        None,
    )
    for game_id in (ids[0], ids[2]):
        assert referee.resolution_count(game_id, "d1h1") == 1
        assert referee.load(game_id).row.phase != "d1h1"
        moved = referee.calendar.clock(game_id)
        assert moved is not None and moved.phase == referee.load(game_id).row.phase
    referee.database.engine.dispose()


def test_ts4_a_resolution_key_taken_when_the_batch_writes_resolves_each_game_once_alone(
    database_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    from sqlalchemy import insert

    from referee.store.models import ResolutionRow

    referee = open_referee(database_url, SCHEDULES)
    ids = _at_hour_one(referee, 7, 3, schedule=FAST)
    caplog.set_level("WARNING", logger="referee.batches")
    with referee.database.transaction() as session:  # a key taken, the game's row left behind
        row = {"game_id": ids[1], "phase": "d1h1", "resolved_at": BOUNDARY, "first_seq": 1, "last_seq": 1}
        session.execute(insert(ResolutionRow.__table__), [{**row, "attempt": 0}])  # type: ignore[arg-type]
    before = written_bytes(referee, ids[1])
    results = resolve_batch(referee, [Due(game_id, "d1h1", BOUNDARY) for game_id in ids])
    assert [resolved is not None for resolved in results] == [True, False, True]
    assert "batch of boundaries failed" in caplog.text  # the batch's insert failed: one at a time
    assert written_bytes(referee, ids[1]) == before
    for game_id in (ids[0], ids[2]):
        assert referee.resolution_count(game_id, "d1h1") == 1
        moved = [row for row in referee.events(game_id) if row.phase == "d1h1" and row.kind == "moved"]
        assert moved and len({json.dumps(row.data, sort_keys=True) for row in moved}) == len(moved)
    referee.database.engine.dispose()


def test_ts4_a_phase_rolled_back_is_resolved_in_a_batch_as_alone(
    database_url: str, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    from sqlmodel import select

    from referee.app.audit import COMMAND_LINE
    from referee.store.models import ResolutionRow

    alone = open_referee(f"sqlite:///{tmp_path / 'alone.db'}")
    batched = open_referee(database_url)
    ids = _at_hour_one(alone, 8, 3)
    assert _at_hour_one(batched, 8, 3) == ids
    for referee in (alone, batched):
        for game_id in ids[:2]:  # resolved, then withdrawn: the phase is open again
            referee.resolve(game_id, BOUNDARY, expected_phase="d1h1")
            referee.desk.rollback(game_id, BOUNDARY + timedelta(minutes=1), COMMAND_LINE)
    again = BOUNDARY + timedelta(minutes=2)
    for game_id in ids:
        alone.resolve(game_id, again, expected_phase="d1h1")
    results = resolve_batch(batched, [Due(game_id, "d1h1", again) for game_id in ids])
    assert all(resolved is not None for resolved in results)
    assert "batch of boundaries failed" not in caplog.text  # resolved together, not one at a time
    for game_id in ids:
        assert written_bytes(batched, game_id) == written_bytes(alone, game_id)
    with batched.database.reading() as session:
        query = select(ResolutionRow.game_id, ResolutionRow.attempt).where(ResolutionRow.phase == "d1h1")
        attempts = sorted(session.exec(query).all())
    assert attempts == [(ids[0], 0), (ids[0], 1), (ids[1], 0), (ids[1], 1), (ids[2], 0)]
    alone.database.engine.dispose()
    batched.database.engine.dispose()
