"""``referee bench --calendar``: a tiny simulated calendar (200 campaigns, 20 real games, two simulated
days) resolves every boundary that falls due exactly once, in order, none missed, through the service's
own tick; and its report has what docs/scaling.md quotes. No timing is asserted."""

from __future__ import annotations

from collections import defaultdict
from datetime import timedelta
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

from referee.app import open_referee
from referee.bench.calendar import START, CalendarReport, lines, run_calendar
from referee.config import PROJECT_ROOT

DAYS = 2
TICK = 120


@pytest.fixture(scope="module")
def simulated(tmp_path_factory: pytest.TempPathFactory) -> tuple[CalendarReport, Path]:
    """One tiny simulation, shared by the tests of this file."""
    folder = tmp_path_factory.mktemp("calendar")
    return run_calendar(folder, 200, 20, lambda _: None, days=DAYS, tick=TICK, bot_every=4), folder


def _stored(folder: Path) -> list[tuple[str, str, str, int]]:
    engine = create_engine(f"sqlite:///{folder / 'referee.db'}")
    with engine.connect() as connection:
        found = connection.execute(
            text("SELECT game_id, phase, resolved_at, first_seq FROM resolutions ORDER BY game_id, first_seq")
        )
        rows = [(str(a), str(b), str(c), int(d)) for a, b, c, d in found]
    engine.dispose()
    return rows


def test_every_boundary_seen_due_is_resolved_exactly_once_and_nothing_else_is(
    simulated: tuple[CalendarReport, Path],
) -> None:
    report, folder = simulated
    stored = _stored(folder)
    seen = [(item.game_id, item.phase) for item in report.resolutions]
    assert len(seen) > 100  # the two days hold many boundaries of the 20 games
    assert len(set(seen)) == len(seen)  # no boundary was seen due twice (resolved once)
    assert sorted(seen) == sorted((game_id, phase) for game_id, phase, _, _ in stored)
    assert report.resolved == report.due == len(seen)


def test_no_boundary_is_missed_or_late_beyond_its_tick(simulated: tuple[CalendarReport, Path]) -> None:
    report, folder = simulated
    assert report.missed == 0  # none still due after the tick that reached its deadline
    end = START + timedelta(days=DAYS)
    store = open_referee(f"sqlite:///{folder / 'referee.db'}", PROJECT_ROOT / "schedules")
    try:
        assert store.calendar.due(end, 1000) == []  # nothing left due at the end of the run
    finally:
        store.database.engine.dispose()
    assert all(0 <= item.late_seconds < TICK for item in report.resolutions)
    assert report.worst_late_seconds < TICK


def test_each_games_boundaries_are_resolved_in_order_each_as_of_its_deadline(
    simulated: tuple[CalendarReport, Path],
) -> None:
    report, folder = simulated
    by_game: dict[str, list[tuple[object, object]]] = defaultdict(list)
    for item in report.resolutions:
        by_game[item.game_id].append((item.due_at, item.tick))
    for game_id, moments in by_game.items():
        deadlines = [due for due, _ in moments]
        assert deadlines == sorted(deadlines), game_id
        ticks = [tick for _, tick in moments]
        assert ticks == sorted(ticks), game_id
    stored: dict[str, list[str]] = defaultdict(list)
    for game_id, _, resolved_at, _ in _stored(folder):  # in the order of their events
        stored[game_id].append(resolved_at)
    for game_id, stamps in stored.items():
        assert stamps == sorted(stamps), game_id
        seen = sorted(item.due_at for item in report.resolutions if item.game_id == game_id)
        assert [stamp[:19] for stamp in stamps] == [f"{due:%Y-%m-%d %H:%M:%S}" for due in seen], game_id


def test_both_schedules_and_the_bots_take_part(simulated: tuple[CalendarReport, Path]) -> None:
    report, folder = simulated
    games = {item.game_id for item in report.resolutions}
    assert len(games) == 20  # every real game reached a boundary in two days
    assert report.bot_games == 5 and report.bot_mails > 0
    assert 1 <= report.mails_in_per_boundary <= 9  # one order a player still playing
    engine = create_engine(f"sqlite:///{folder / 'referee.db'}")
    with engine.connect() as connection:
        schedules = {row[0] for row in connection.execute(text("SELECT DISTINCT schedule FROM games"))}
    engine.dispose()
    assert schedules == {"ten-sailors-daily", "ten-sailors-fast"}


def test_the_report_has_every_hour_and_its_modelled_figures(simulated: tuple[CalendarReport, Path]) -> None:
    report, _ = simulated
    assert report.scale == 10
    assert len(report.hours) == DAYS * 24
    assert [hour.start for hour in report.hours] == [START + timedelta(hours=n) for n in range(DAYS * 24)]
    for hour in report.hours:
        assert hour.resolved == hour.due
        assert hour.modelled_due == hour.due * report.scale
        assert hour.cpu_needed == pytest.approx(hour.modelled_due * report.cpu_per_boundary)
        if hour.due:
            assert hour.modelled_late_seconds > 0  # the moment's own boundaries take the cores some time
    assert report.cpu_per_boundary > 0 and report.mails_out_per_boundary > 0
    printed = "\n".join(lines(report))
    assert "200 campaigns modelled by 20 real games" in printed
    assert (
        f"boundaries due {report.due:,}, resolved {report.resolved:,}, still due after their tick 0"
        in printed
    )
    assert "busiest hour" in printed and "CPU per boundary" in printed
