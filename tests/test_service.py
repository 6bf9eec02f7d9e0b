"""The service's step: mail taken in between the boundaries it fell before, each boundary
resolved once and in order, reminders only to those who owe orders (TS-4, TS-5, TS-11)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
import service_helpers as helpers
from service_helpers import Site, drop

from referee.app import COMMAND_LINE
from referee.mail import transports
from referee.store.models import NoticeRow

T0 = datetime(2026, 12, 1, 17, 0, tzinfo=UTC)
GAME = "castle"


def at(seconds: float) -> datetime:
    return T0 + timedelta(seconds=seconds)


class Driven(helpers.Driven):
    """The helpers' driven service, with times given in seconds after T0 and this game's records."""

    def __init__(self, site: Site) -> None:
        super().__init__(site, T0)

    def step_at(self, seconds: float) -> None:  # type: ignore[override]
        super().step_at(at(seconds))

    def resolutions(self) -> list[tuple[str, datetime]]:
        return helpers.resolutions(self.service.referee)

    def log(self) -> list[tuple[str, str, object, list[str]]]:
        return helpers.event_log(self.service.referee)

    def notices(self, template: str) -> list[NoticeRow]:
        return [n for n in self.service.referee.notices(GAME) if n.template == template]


@pytest.fixture
def make_site(tmp_path: Path, sqlite_url: str) -> Callable[[str], Site]:
    def make(name: str) -> Site:
        root = tmp_path / name
        root.mkdir()
        site = Site(root, sqlite_url.replace("referee.db", f"{name}.db"))
        site.create_game(GAME, T0)
        return site

    return make


MAILS = [  # (seconds after the start, character, text)
    (10, "Anna", "MOVE Dining Room"),
    (20, "Boris", "MOVE Dining Room"),
    (70, "Anna", "SEARCH Table, Rope"),  # hour 1 is open: night 0 ended at 60 s
    (95, "Vera", "MOVE Garage"),  # hour 2 is open
]


def test_ts4_after_downtime_each_boundary_is_resolved_once_in_order_with_the_mail_before_it(
    make_site: Callable[[str], Site],
) -> None:
    site = make_site("late")
    for seconds, name, text in MAILS:
        drop(site.root / "incoming", site.mail_from(GAME, name, text, at(seconds)), at(seconds))
    driven = Driven(site)

    driven.step_at(125)  # the service comes back after three boundaries

    assert driven.resolutions() == [("d0n", at(60)), ("d1h1", at(90)), ("d1h2", at(120))]
    accepted = [(phase, data["type"]) for phase, kind, data, _ in driven.log() if kind == "order_accepted"]
    assert [phase for phase, _ in accepted] == ["d0n", "d0n", "d1h1", "d1h2"]
    driven.step_at(126)
    assert len(driven.resolutions()) == 3  # nothing is resolved twice


@pytest.mark.parametrize("most", [1, 3])
def test_ts4_a_burst_bigger_than_a_fetch_is_taken_in_one_step_a_fetch_at_a_time_in_order(
    make_site: Callable[[str], Site], monkeypatch: pytest.MonkeyPatch, most: int
) -> None:
    whole, fetched = make_site("whole"), make_site(f"by-{most}")
    for site in (whole, fetched):
        for seconds, name, text in MAILS:
            drop(site.root / "incoming", site.mail_from(GAME, name, text, at(seconds)), at(seconds))
    at_once = Driven(whole)
    at_once.step_at(125)
    monkeypatch.setattr(transports, "FETCH_MAILS", most)
    by_fetch = Driven(fetched)
    by_fetch.step_at(125)  # one step, as many fetches as it takes

    assert not list((fetched.root / "incoming" / "new").iterdir())
    assert (
        by_fetch.resolutions()
        == at_once.resolutions()
        == [("d0n", at(60)), ("d1h1", at(90)), ("d1h2", at(120))]
    )
    assert by_fetch.log() == at_once.log()
    assert fetched.store().load(GAME).row.state == whole.store().load(GAME).row.state


def test_ts4_a_service_asked_to_stop_between_fetches_resolves_no_boundary_before_the_mail_left(
    make_site: Callable[[str], Site], monkeypatch: pytest.MonkeyPatch
) -> None:
    site = make_site("stopped")
    for seconds, name, text in MAILS:
        drop(site.root / "incoming", site.mail_from(GAME, name, text, at(seconds)), at(seconds))
    monkeypatch.setattr(transports, "FETCH_MAILS", 1)
    driven = Driven(site)
    take_fetched = driven.service._take_fetched

    def then_stop(fetched: list[tuple[str, bytes]]) -> None:
        take_fetched(fetched)
        driven.service.stop()

    monkeypatch.setattr(driven.service, "_take_fetched", then_stop)
    driven.step_at(125)  # the first mail (10 s) taken, then asked to stop with three mails left

    assert driven.resolutions() == []  # the boundary at 60 s waits for the mail sent before it
    assert len(list((site.root / "incoming" / "new").iterdir())) == 3


def test_ts4_a_service_that_was_down_ends_in_the_same_state_as_one_that_never_stopped(
    make_site: Callable[[str], Site],
) -> None:
    down, steady = make_site("down"), make_site("steady")
    interrupted, undisturbed = Driven(down), Driven(steady)
    waiting = list(MAILS)
    for seconds in (1, 11, 21, 59, 60, 61, 71, 89, 90, 96, 119, 120, 125):
        while waiting and waiting[0][0] < seconds:  # mail reaches the steady referee as it is sent
            sent, name, text = waiting.pop(0)
            drop(steady.root / "incoming", steady.mail_from(GAME, name, text, at(sent)), at(sent))
        undisturbed.step_at(seconds)
    for sent, name, text in MAILS[:2]:
        drop(down.root / "incoming", down.mail_from(GAME, name, text, at(sent)), at(sent))
    interrupted.step_at(21)  # then the service is down from 21 s to 125 s while mail keeps coming
    for sent, name, text in MAILS[2:]:
        drop(down.root / "incoming", down.mail_from(GAME, name, text, at(sent)), at(sent))
    interrupted.step_at(125)

    assert interrupted.log() == undisturbed.log()
    assert interrupted.resolutions() == undisturbed.resolutions()
    assert down.store().load(GAME).row.state == steady.store().load(GAME).row.state


def test_ts4_reminders_go_only_to_characters_still_owing_a_move_and_name_nobody_else(
    make_site: Callable[[str], Site],
) -> None:
    site = make_site("remind")
    drop(site.root / "incoming", site.mail_from(GAME, "Anna", "MOVE Dining Room", at(5)), at(5))
    driven = Driven(site)
    driven.step_at(30)
    assert driven.notices("reminder") == []  # 20 s before the end of night 0 is 40 s

    driven.step_at(41)
    reminders = driven.notices("reminder")
    assert sorted(n.recipient for n in reminders) == ["Boris", "Vera"]
    for notice in reminders:
        others = {"Anna", "Boris", "Vera"} - {notice.recipient}
        said = {key: value for key, value in notice.data.items() if key != "genders"}  # how names decline
        assert not any(name in str(said) for name in others)

    driven.step_at(42)
    assert len(driven.notices("reminder")) == 2  # the 20 s reminder is sent once
    driven.step_at(55)
    assert len(driven.notices("reminder")) == 4  # and the 10 s one


def test_ts4_a_service_down_through_both_reminders_sends_only_the_last_one(
    make_site: Callable[[str], Site],
) -> None:
    driven = Driven(make_site("quiet"))
    driven.step_at(55)
    assert sorted(n.recipient for n in driven.notices("reminder")) == ["Anna", "Boris", "Vera"]


def test_ts5_pause_holds_the_boundary_and_resume_moves_it_by_the_time_paused(
    make_site: Callable[[str], Site],
) -> None:
    driven = Driven(make_site("pause"))
    calendar = driven.service.referee.calendar
    driven.service.referee.desk.pause(GAME, at(30), COMMAND_LINE)
    driven.step_at(100)
    assert driven.resolutions() == []

    clock = driven.service.referee.desk.resume(GAME, at(100), COMMAND_LINE)
    assert clock.due_at is not None and clock.due_at.replace(tzinfo=UTC) == at(130)  # 60 s + 70 s paused
    driven.step_at(131)
    assert driven.resolutions() == [("d0n", at(130))]
    later = calendar.clocks()[0]
    assert later.due_at is not None and later.due_at.replace(tzinfo=UTC) == at(160)  # later ones moved too


def test_ts5_shifting_only_one_boundary_leaves_the_later_ones_in_place(
    make_site: Callable[[str], Site],
) -> None:
    driven = Driven(make_site("shift"))
    calendar = driven.service.referee.calendar
    clock = driven.service.referee.desk.shift(GAME, timedelta(seconds=15), at(1), COMMAND_LINE, only=True)
    assert clock.due_at is not None and clock.due_at.replace(tzinfo=UTC) == at(75)
    driven.step_at(76)
    after = calendar.clocks()[0]
    assert after.due_at is not None and after.due_at.replace(tzinfo=UTC) == at(90)


def test_ts5_shifting_all_later_boundaries_moves_every_one(make_site: Callable[[str], Site]) -> None:
    driven = Driven(make_site("shift-all"))
    calendar = driven.service.referee.calendar
    driven.service.referee.desk.shift(GAME, timedelta(seconds=-20), at(1), COMMAND_LINE)
    driven.step_at(41)
    assert driven.resolutions() == [("d0n", at(40))]
    after = calendar.clocks()[0]
    assert after.due_at is not None and after.due_at.replace(tzinfo=UTC) == at(70)


def test_a_mail_that_breaks_the_reader_is_moved_aside_and_the_rest_go_on(
    make_site: Callable[[str], Site], monkeypatch: pytest.MonkeyPatch
) -> None:
    site = make_site("broken")
    drop(site.root / "incoming", site.mail_from(GAME, "Anna", "MOVE Dining Room", at(5)), at(5))
    drop(site.root / "incoming", site.mail_from(GAME, "Boris", "MOVE Garage", at(6)), at(6))
    driven = Driven(site)
    import referee.service.runner as runner

    real = runner.ingest

    def fragile(store, mail, raw, received, reading=None):  # type: ignore[no-untyped-def]
        if b"Anna" in raw:  # a fault no real mail can be made to cause on demand
            raise RuntimeError("reader bug")
        return real(store, mail, raw, received, reading)

    monkeypatch.setattr(runner, "ingest", fragile)
    driven.step_at(10)
    aside = list((site.root / "incoming-failed" / "new").iterdir())
    assert len(aside) == 1 and b"MOVE Dining Room" in aside[0].read_bytes()
    assert [d["character"] for _, k, d, _ in driven.log() if k == "order_accepted"] == ["Boris"]


PHASES_SCHEDULE = """
[schedule]
name = "short-seconds"
kind = "any"
clock = "phases"
timezone = "UTC"
reminders = ["5s"]

[stages]
turn = "20s"
trading = "30s"
interrogation = "30s"
"""


def short_game(site: Site, kind: str, players: tuple[str, ...], extra: str = "") -> str:
    (site.root / "schedules" / "short-seconds.toml").write_text(PHASES_SCHEDULE, encoding="utf-8")
    lines = ["[game]", f'kind = "{kind}"', 'id = "short"', 'schedule = "short-seconds"', "seed = 3", extra]
    for name in players:
        lines += ["", "[[players]]", f'name = "{name}"', f'email = "{name.lower()}@example.org"']
    path = site.root / "short.toml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    from referee.app.gamefile import read_game_file

    read_game_file(path, site.root / "schedules").create(site.store(), T0)
    return "short"


def test_ms_by_mail_ruling_a_turn_ends_with_its_mail_and_the_next_deadline_counts_from_then(
    tmp_path: Path, sqlite_url: str
) -> None:
    site = Site(tmp_path, sqlite_url)
    game = short_game(site, "museum-suspects", ("Anna", "Boris"))
    driven = Driven(site)
    store = driven.service.referee
    first = store.calendar.clocks()[0]
    assert first.due_at is not None and first.due_at.replace(tzinfo=UTC) == at(20)

    turn = "INVESTIGATE 1 WITH 1\nSUGGEST EXIT WITH 2"
    drop(site.root / "incoming", site.mail_from(game, "Anna", turn, at(7)), at(7))
    driven.step_at(8)
    clock = store.calendar.clocks()[0]
    assert store.load(game).row.phase != first.phase  # closed at once: nobody else was awaited
    assert clock.due_at is not None and clock.due_at.replace(tzinfo=UTC) == at(27)  # 20 s from 7 s

    driven.step_at(22)  # 5 s before Boris's deadline: a reminder to Boris alone
    assert [n.recipient for n in store.notices(game) if n.template == "reminder"] == ["Boris"]
    driven.step_at(28)  # Boris missed his turn: the ruling's default, then Anna's next turn
    state = store.load(game).state
    assert [s.seat for s in state.suggestions if s.default] == ["Boris"]


def test_ce5_ruling_with_nobody_acting_both_phases_end_at_their_deadlines_and_nobody_is_arrested(
    tmp_path: Path, sqlite_url: str
) -> None:
    site = Site(tmp_path, sqlite_url)
    game = short_game(site, "cosmic-express", ("Anna", "Boris", "Vera", "Gleb"))
    driven = Driven(site)
    driven.step_at(31)
    assert driven.resolutions() == [("r1-trading", at(30))]
    driven.step_at(61)
    store = driven.service.referee
    assert driven.resolutions() == [("r1-trading", at(30)), ("r1-interrogation", at(60))]
    loaded = store.load(game)
    assert loaded.rules.finished(loaded.state) and loaded.state.arrest is None
    assert store.calendar.clocks()[0].due_at is None  # a finished game has no deadline


def test_an_incoming_maildir_without_cur_is_made_whole_and_the_calendar_keeps_running(
    make_site: Callable[[str], Site],
) -> None:
    """A folder that lost ``cur/`` and ``tmp/`` (issue 12) froze the calendar with a warning forever."""
    site = make_site("bare")
    drop(site.root / "incoming", site.mail_from(GAME, "Anna", "MOVE Dining Room", at(10)), at(10))
    for sub in ("cur", "tmp"):
        (site.root / "incoming" / sub).rmdir()
    driven = Driven(site)

    driven.step_at(65)

    assert driven.resolutions() == [("d0n", at(60))]
    assert [row.outcome for row in driven.service.referee.inbound()] == ["accepted"]
    assert [p.name.endswith(":2,S") for p in (site.root / "incoming" / "cur").iterdir()] == [True]
