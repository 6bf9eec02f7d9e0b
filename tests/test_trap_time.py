"""The traps of a night fire at the schedule's trap time, not at the end of the night (TS-4, TS-21).

The night is two phases: until the trap time (``d1n``: the traps fire, deaths are announced,
the game may end) and then until its end (``d1n-dawn``: the night's moves land, TS-22). Each
is resolved exactly once, also across a crash, and the victim can do nothing in between.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from referee.config import PROJECT_ROOT
from referee.core import hooks
from referee.schedule.clock import Shift, phase_deadline
from referee.schedule.files import load_schedule, mark_time
from referee.store.models import NoticeRow
from tests import service_helpers as helpers
from tests.service_helpers import Site, drop

T0 = datetime(2026, 12, 1, 17, 0, tzinfo=UTC)
GAME = "castle"
NIGHT_1 = 180  # the test schedule: night 0 60 s, hours 30 s; traps 50 s into each night
TRAPS_1 = 230
MORNING_2 = 240
VERA = "TRAP Vera Study, Armchair, Poison"  # Vera's set in the service helpers' game


def at(seconds: float) -> datetime:
    return T0 + timedelta(seconds=seconds)


class Driven(helpers.Driven):
    """The helpers' driven service, with times in seconds after T0."""

    def __init__(self, site: Site) -> None:
        super().__init__(site, T0)

    def step_at(self, seconds: float) -> None:  # type: ignore[override]
        super().step_at(at(seconds))

    def mail(self, seconds: float, name: str, text: str) -> None:
        drop(self.site.root / "incoming", self.site.mail_from(GAME, name, text, at(seconds)), at(seconds))

    def resolutions(self) -> list[tuple[str, datetime]]:
        return helpers.resolutions(self.service.referee)

    def events(self, kind: str) -> list[tuple[str, dict[str, object]]]:
        log = helpers.event_log(self.service.referee)
        return [(phase, data) for phase, k, data, _ in log if k == kind]  # type: ignore[misc]

    def notices(self, template: str) -> list[NoticeRow]:
        return [n for n in self.service.referee.notices(GAME) if n.template == template]


@pytest.fixture
def site(tmp_path: Path, sqlite_url: str) -> Site:
    made = Site(tmp_path, sqlite_url)
    made.create_game(GAME, T0)
    return made


@pytest.fixture
def no_checkpoints() -> Iterator[None]:
    saved = list(hooks._callbacks)
    yield
    hooks._callbacks[:] = saved


def to_night_one(driven: Driven) -> None:
    """Plays to night 1 with Anna's trap for Vera and a move for Vera and Boris, all in force."""
    for seconds in (61, 91, 121, 151, 181):
        driven.step_at(seconds)
    driven.mail(182, "Anna", VERA)
    driven.mail(183, "Vera", "MOVE Garage")
    driven.mail(184, "Boris", "MOVE Dining Room")
    driven.step_at(185)
    assert [p for p, _ in driven.resolutions()][-1] == "d1h4"


def test_ts4_traps_fire_at_the_trap_time_and_the_night_moves_land_at_its_end(site: Site) -> None:
    driven = Driven(site)
    to_night_one(driven)

    driven.step_at(TRAPS_1 - 1)
    assert driven.events("died") == []

    driven.step_at(TRAPS_1)
    assert driven.resolutions()[-1] == ("d1n", at(TRAPS_1))
    assert [(p, d["name"]) for p, d in driven.events("died")] == [("d1n", "Vera")]
    mornings = driven.notices("morning")
    assert sorted(n.recipient for n in mornings) == ["Vera"]  # the dead hear it at once; the living at 10:00
    assert all(n.created_at.replace(tzinfo=UTC) == at(TRAPS_1) for n in mornings)

    driven.mail(TRAPS_1 + 2, "Vera", "SAY I am not dead yet")
    driven.step_at(TRAPS_1 + 3)
    assert driven.events("message_posted") == []  # the victim can no longer talk
    answer = [n for n in driven.notices("answer") if n.recipient == "Vera"][-1]
    assert [v["reason"] for v in answer.data["verdicts"]] == ["dead"]
    assert not [n for n in driven.notices("reminder") if n.created_at.replace(tzinfo=UTC) >= at(NIGHT_1)]

    driven.step_at(MORNING_2)
    assert driven.resolutions()[-1] == ("d1n-dawn", at(MORNING_2))
    moves = {d["character"]: d["to"] for p, d in driven.events("moved") if p == "d1n-dawn"}
    assert moves == {"Anna": "Hall", "Boris": "Dining Room"}
    reports = [n for n in driven.notices("report") if n.phase == "d1n-dawn"]
    assert sorted(n.recipient for n in reports) == ["Anna", "Boris"]
    assert all([d["name"] for d in n.data["deaths"]] == ["Vera"] for n in reports)  # the morning's news


class Crash(BaseException):
    """The process dying inside the transaction that resolves the traps."""


def test_ts4_the_traps_fire_exactly_once_across_a_crash_and_a_restart(
    site: Site, no_checkpoints: None
) -> None:
    driven = Driven(site)
    to_night_one(driven)
    armed = [True]

    def die(point: str) -> None:
        if point == "resolve" and armed[0]:
            armed[0] = False
            raise Crash

    hooks.on_checkpoint(die)
    with pytest.raises(Crash):
        driven.step_at(TRAPS_1 + 1)
    assert driven.events("died") == [] and [p for p, _ in driven.resolutions()][-1] == "d1h4"

    restarted = Driven(site)
    restarted.step_at(TRAPS_1 + 2)
    restarted.step_at(TRAPS_1 + 3)
    restarted.step_at(MORNING_2 + 1)
    restarted.step_at(MORNING_2 + 2)
    phases = [p for p, _ in restarted.resolutions()]
    assert phases.count("d1n") == 1 and phases.count("d1n-dawn") == 1
    assert [d["name"] for _, d in restarted.events("died")] == ["Vera"]
    assert len([n for n in restarted.notices("morning") if n.recipient == "Vera"]) == 1
    dawn = [n for n in restarted.notices("report") if n.phase == "d1n-dawn"]
    assert len([n for n in dawn if n.recipient == "Anna"]) == 1
    assert restarted.resolutions()[-2:] == [("d1n", at(TRAPS_1)), ("d1n-dawn", at(MORNING_2))]


def test_ts4_a_service_down_over_the_trap_time_resolves_both_steps_in_order(site: Site) -> None:
    driven = Driven(site)
    to_night_one(driven)
    driven.step_at(MORNING_2 + 30)
    assert driven.resolutions()[-3:] == [("d1n", at(TRAPS_1)), ("d1n-dawn", at(MORNING_2)), ("d2h1", at(270))]


# --- the schedule's side ---------------------------------------------------------------------


def test_ts4_the_daily_night_has_its_trap_phase_end_at_nine_and_its_dawn_at_ten() -> None:
    schedule = load_schedule("ten-sailors-daily", PROJECT_ROOT / "schedules")
    moscow = ZoneInfo("Europe/Moscow")
    start = datetime(2026, 12, 1, 20, 0, tzinfo=moscow)
    night_one = 5  # night 0, hours 1-4 of day 1, night 1

    def ends(stage: str, shifts: list[Shift] | None = None) -> datetime | None:
        moment = phase_deadline(schedule, start, night_one, stage, start, shifts or [])
        return moment.astimezone(moscow) if moment else None

    assert ends("traps") == datetime(2026, 12, 3, 9, 0, tzinfo=moscow)
    assert ends("night") == datetime(2026, 12, 3, 10, 0, tzinfo=moscow)
    assert ends("traps", [Shift(night_one, 1800, True)]) == datetime(2026, 12, 3, 9, 30, tzinfo=moscow)
    assert mark_time(schedule, start, 1, "traps") is None  # an hour has no trap time
    assert mark_time(schedule, start, night_one, "lunch") is None


def test_ts4_the_fast_schedule_fires_traps_after_three_minutes_of_each_night() -> None:
    schedule = load_schedule("ten-sailors-fast", PROJECT_ROOT / "schedules")
    start = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)
    moment = phase_deadline(schedule, start, 10, "traps", start)  # night 2
    assert moment == start + timedelta(minutes=2 * 12 + 3)


@pytest.mark.parametrize("name", ["museum-suspects", "cosmic-express-fast"])
def test_schedules_without_a_trap_time_are_unaffected(name: str) -> None:
    schedule = load_schedule(name, PROJECT_ROOT / "schedules")
    assert schedule.marks == {}
