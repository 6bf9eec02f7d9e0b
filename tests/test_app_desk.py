"""The game-master's desk: every action recorded with who, how, when, what and the result; a preview of
a resolution that uses the same draws and changes nothing; substitutions that keep the seat's history
(TS-5 for the clock)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from pathlib import Path

import pytest
from service_helpers import Driven, Site
from sqlmodel import Session, select

from referee.app import COMMAND_LINE, Actor, Referee, RefereeError
from referee.app.calendar import parse_shift
from referee.mail.intake import ingest
from referee.store.clocks import as_utc
from referee.store.models import SubmissionRow
from referee.store.seats import holders

T0 = datetime(2026, 12, 1, 17, 0, tzinfo=UTC)
GAME = "castle"
GM = "gm@example.org"


@pytest.fixture
def site(tmp_path: Path, database_url: str) -> Site:
    site = Site(tmp_path, database_url)
    site.create_game(GAME, T0, options=f'master_email = "{GM}"')
    return site


def from_master(site: Site, referee: Referee, text: str, number: int) -> None:
    master = referee.master(GAME)
    assert master is not None
    message = EmailMessage()
    message["From"] = GM
    message["To"] = f"referee+{master.token}@example.org"
    message["Subject"] = "commands"
    message["Message-ID"] = f"<gm.{number}@example.org>"
    message.set_content(text)
    ingest(referee, site.config().mail, message.as_bytes(), T0 + timedelta(seconds=number))


def test_ts5_every_game_master_action_is_recorded_with_its_door_its_author_and_its_result(site: Site) -> None:
    referee = site.store()
    referee.desk.pause(GAME, T0 + timedelta(seconds=1), COMMAND_LINE)
    with pytest.raises(RefereeError):
        referee.desk.pause(GAME, T0 + timedelta(seconds=2), COMMAND_LINE)
    from_master(site, referee, "RESUME\nSHIFT +30s ONLY\nANNOUNCE Dinner is served", 3)

    log = [(a.channel, a.actor, a.action, a.ok) for a in referee.actions(GAME)]

    assert log == [
        ("cli", "command line", "create", True),
        ("cli", "command line", "pause", True),
        ("cli", "command line", "pause", False),
        ("mail", GM, "resume", True),
        ("mail", GM, "shift", True),
        ("mail", GM, "announce", True),
    ]
    refused = referee.actions(GAME)[2]
    assert "paused already" in refused.result
    shifted = referee.actions(GAME)[4]
    assert shifted.detail == {"seconds": 30, "only": True} and "ends at" in shifted.result


def test_a_refused_mail_command_changes_nothing_but_is_recorded(site: Site) -> None:
    referee = site.store()
    from_master(site, referee, "RESUME\nPAUSE", 1)  # the game is not paused: RESUME is refused alone
    assert [(a.action, a.ok) for a in referee.actions(GAME)[1:]] == [("resume", False), ("pause", True)]
    clock = referee.calendar.clock(GAME)
    assert clock is not None and clock.paused_at is not None


def test_ts11_a_preview_uses_the_same_draws_as_the_resolution_and_changes_nothing(site: Site) -> None:
    referee = site.store()
    referee.resolve(GAME, T0 + timedelta(seconds=60))  # into day 1, hour 1
    for name, order in (("Anna", "SEARCH Kitchen"), ("Boris", "SEARCH Kitchen"), ("Vera", "MOVE Kitchen")):
        referee.submit(GAME, name, order, T0 + timedelta(seconds=61), "test")
    events_before, notices_before = len(referee.events(GAME)), len(referee.notices(GAME))

    preview = referee.preview(GAME, T0 + timedelta(seconds=90))

    assert len(referee.events(GAME)) == events_before and len(referee.notices(GAME)) == notices_before
    assert referee.load(GAME).row.phase == "d1h1" and referee.resolution_count(GAME, "d1h1") == 0
    resolved = referee.resolve(GAME, T0 + timedelta(seconds=90))
    assert preview.events == resolved.events and preview.notices == resolved.notices
    assert any(event.kind == "search_result" for event in resolved.events) or resolved.events


def test_substitution_keeps_who_held_the_seat_and_when(site: Site) -> None:
    referee = site.store()
    when = T0 + timedelta(seconds=10)
    referee.desk.substitute(GAME, "anna", "new-anna@example.org", when, Actor("web", GM))

    with referee.database.reading() as session:
        held = [(h.seat, h.email, h.since, h.until) for h in holders(session, GAME) if h.seat == "Anna"]

    assert [(seat, email) for seat, email, _, _ in held] == [
        ("Anna", "anna@example.org"),
        ("Anna", "new-anna@example.org"),
    ]
    assert held[0][3] is not None and held[1][3] is None
    assert referee.seat(GAME, "Anna").email == "new-anna@example.org"
    (action,) = [a for a in referee.actions(GAME) if a.action == "substitute"]
    assert action.channel == "web" and action.detail == {"seat": "anna", "email": "new-anna@example.org"}


@pytest.mark.parametrize(
    ("text", "seconds"),
    [("30m", 1800), ("+2h", 7200), ("-15m", -900), (" +1h30m ", 5400), ("45s", 45)],
)
def test_ts5_a_shift_is_read_the_same_way_from_every_door(text: str, seconds: int) -> None:
    assert parse_shift(text) == timedelta(seconds=seconds)


@pytest.mark.parametrize("text", ["", "soon", "+", "30x"])
def test_a_shift_that_is_no_duration_is_refused_with_an_example(text: str) -> None:
    with pytest.raises(ValueError, match="2h30m"):
        parse_shift(text)


def test_ts5_a_pause_with_an_end_resumes_by_itself_as_of_its_end(site: Site) -> None:
    driven = Driven(site, T0)
    referee = driven.service.referee
    referee.desk.pause(GAME, T0 + timedelta(seconds=10), COMMAND_LINE, until=T0 + timedelta(seconds=40))

    driven.step_at(T0 + timedelta(seconds=65))  # the night would have ended at 60 s without the pause

    assert referee.resolution_count(GAME, "d0n") == 0
    clock = referee.calendar.clock(GAME)
    assert clock is not None and clock.paused_at is None and clock.resume_at is None
    assert clock.due_at is not None and as_utc(clock.due_at) == T0 + timedelta(seconds=90)  # 60 s + 30 s
    driven.step_at(T0 + timedelta(seconds=91))
    assert referee.resolution_count(GAME, "d0n") == 1
    pause, resume = [a for a in referee.actions(GAME) if a.action in ("pause", "resume")]
    assert (pause.channel, resume.channel) == ("cli", "service") and resume.ok


def test_a_pause_by_mail_may_say_how_long(site: Site) -> None:
    referee = site.store()
    from_master(site, referee, "PAUSE 2h", 1)
    clock = referee.calendar.clock(GAME)
    assert clock is not None and clock.resume_at is not None
    assert as_utc(clock.resume_at) == T0 + timedelta(seconds=1, hours=2)
    (answer,) = [n.data for n in referee.notices(GAME) if n.template == "master_answer"]
    assert "paused until" in str(answer) and "Europe/Moscow" in str(answer)


def test_a_pause_that_would_end_before_it_begins_is_refused(site: Site) -> None:
    referee = site.store()
    with pytest.raises(RefereeError, match="end after it begins"):
        referee.desk.pause(GAME, T0, COMMAND_LINE, until=T0)


def test_orders_the_game_master_enters_are_cleaned_as_a_players_mail_is(site: Site) -> None:
    """Orders entered on the dashboard pass the one cleaning every submission gets: a zero-width space
    inside a room's name or a direction override neither spoils the order nor reaches the log."""
    referee = site.store()
    actor = Actor("web", GM)
    at = T0 + timedelta(seconds=1)
    submitted = referee.desk.enter_orders(GAME, "Anna", "MOVE Kit\u200bchen\u202e", at, actor)
    assert [verdict.accepted for verdict in submitted.verdicts] == [True]
    with Session(referee.database.engine) as session:
        kept = [row.text for row in session.exec(select(SubmissionRow).where(SubmissionRow.game_id == GAME))]
    assert kept == ["MOVE Kitchen"]
