"""Failures stay where they happen: a game whose rules raise stops alone (its error kept for the
game-master), every other game, all intake and all sending go on, mail to it is held and answered,
and ``retry`` judges the held mail once the game is fixed. A notice that cannot be written fails alone."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from pathlib import Path

import pytest
import service_helpers as helpers
from service_helpers import PLAYERS, Site, drop

from referee import games
from referee.app import COMMAND_LINE, GameStopped, Referee, RefereeError
from referee.config import PROJECT_ROOT
from referee.mail.delivery import deliver
from referee.mail.intake import ingest
from referee.mail.transports import MaildirOutbox
from referee.render import Renderer
from referee.store.clocks import as_utc
from referee.testing import broken_game

T0 = datetime(2026, 12, 1, 17, 0, tzinfo=UTC)
HEALTHY, BROKEN = "healthy", "broken"


def at(seconds: float) -> datetime:
    return T0 + timedelta(seconds=seconds)


@pytest.fixture(autouse=True)
def broken_kind(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setitem(games.PACKAGES, broken_game.KIND, broken_game.__name__)
    yield


def create(referee: Referee, game_id: str, kind: str, master: str = "") -> None:
    players = [{"name": name, "hand": hand} for name, (_, hand) in PLAYERS.items()]
    referee.create_game(
        setup={"id": game_id, "seed": 7, "language": "en", "players": players},
        kind=kind,
        schedule="ten-sailors-seconds",
        seats=[{"name": name, "email": email} for name, (email, _) in PLAYERS.items()],
        settings={
            "start": T0.isoformat(),
            "relay_talk": True,
            **({"master_email": master} if master else {}),
        },
        now=T0,
    )


@pytest.fixture
def site(tmp_path: Path, sqlite_url: str) -> Site:
    templates = broken_game.with_templates(PROJECT_ROOT / "templates", tmp_path / "templates")
    site = Site(tmp_path, sqlite_url, templates=templates)
    referee = site.store()
    create(referee, BROKEN, broken_game.KIND)
    create(referee, HEALTHY, "ten-sailors")
    return site


def test_ts4_a_game_whose_rules_fail_at_a_boundary_stops_alone_and_the_others_keep_their_calendar(
    site: Site,
) -> None:
    driven = helpers.Driven(site, T0)
    referee = driven.service.referee

    driven.step_at(at(95))  # night 0 and hour 1 of day 1 are due in both games
    driven.step_at(at(125))

    assert referee.resolution_count(HEALTHY, "d1h1") == 1 and referee.resolution_count(HEALTHY, "d1h2") == 1
    assert referee.resolution_count(BROKEN, "d0n") == 1
    assert referee.resolution_count(BROKEN, "d1h1") == 0
    stopped = referee.load(BROKEN).row
    assert stopped.failed_at is not None and "DeliberateFault" in (stopped.failure or "")
    status = {game["id"]: game for game in referee.views.status()["games"]}
    assert status[BROKEN]["failed"] and "breaks on purpose" in status[BROKEN]["failed"]
    assert status[HEALTHY]["failed"] is None and status[HEALTHY]["due_at"] is not None
    assert referee.calendar.clock(BROKEN).due_at is None  # type: ignore[union-attr]
    with pytest.raises(GameStopped, match="referee retry broken"):
        referee.resolve(BROKEN, at(126))


def test_mail_to_a_stopped_game_is_kept_held_answered_and_judged_in_order_on_retry(site: Site) -> None:
    driven = helpers.Driven(site, T0)
    referee = driven.service.referee
    driven.step_at(at(95))
    assert referee.load(BROKEN).row.failed_at is not None
    anna = site.mail_from(BROKEN, "Anna", "MOVE Kitchen", at(100))
    boris = site.mail_from(HEALTHY, "Boris", "MOVE Study", at(101))
    drop(site.root / "incoming", anna, at(100))
    drop(site.root / "incoming", boris, at(101))

    driven.step_at(at(102))

    outcomes = {row.seat: row.outcome for row in referee.inbound()}
    assert outcomes == {"Anna": "held:game-stopped", "Boris": "accepted"}
    (held,) = [n for n in referee.notices(BROKEN) if n.template == "held"]
    assert held.recipient == "Anna" and held.address == "anna@example.org"

    monkey = pytest.MonkeyPatch()
    monkey.setattr(broken_game, "BREAKS_AT", "never")  # the fix
    try:
        judged = referee.desk.retry(BROKEN, at(110), COMMAND_LINE)
    finally:
        monkey.undo()
    assert judged == 1
    assert referee.load(BROKEN).row.failed_at is None
    assert any(n.template == "answer" and n.recipient == "Anna" for n in referee.notices(BROKEN))
    assert referee.calendar.clock(BROKEN).due_at is not None  # type: ignore[union-attr]
    (action,) = [a for a in referee.actions(BROKEN) if a.action == "retry"]
    assert action.ok and action.channel == "cli"


def test_an_order_that_breaks_the_rules_stops_that_game_and_its_mail_is_held_not_lost(site: Site) -> None:
    referee = site.store()
    mail = site.config().mail
    raw = site.mail_from(BROKEN, "Vera", "BREAK", at(5))

    intake = ingest(referee, mail, raw, at(5))

    assert intake.text == "held:game-stopped"
    assert referee.load(BROKEN).row.failed_at is not None
    assert referee.load(HEALTHY).row.failed_at is None
    healthy = ingest(referee, mail, site.mail_from(HEALTHY, "Vera", "MOVE Study", at(6)), at(6))
    assert healthy.text == "accepted"
    with pytest.raises(GameStopped):  # the held mail still breaks it: it stays stopped, mail still held
        referee.desk.retry(BROKEN, at(7), COMMAND_LINE)
    assert referee.load(BROKEN).row.failed_at is not None
    refused = [a for a in referee.actions(BROKEN) if a.action == "retry"]
    assert [a.ok for a in refused] == [False]


def test_retrying_a_running_game_is_refused_and_recorded(site: Site) -> None:
    referee = site.store()
    with pytest.raises(RefereeError, match="is running"):
        referee.desk.retry(HEALTHY, at(1), COMMAND_LINE)
    (action,) = referee.actions(HEALTHY)[-1:]
    assert action.action == "retry" and not action.ok and "is running" in action.result


def test_a_notice_that_cannot_be_written_fails_alone_and_the_rest_are_sent(site: Site) -> None:
    referee = site.store()
    with referee.database.transaction() as session:
        from referee.app.play import tell
        from referee.core.notices import Notice

        tell(session, HEALTHY, "d0n", [Notice("no_such_template", ("Anna",), {})], at(1))
    outbox = MaildirOutbox(site.root / "out")

    done = deliver(referee, outbox, Renderer(site.config().templates), site.config().mail)

    assert len(done.failed) == 1 and "could not be written" in done.failed[0]
    waiting, refused = referee.letters.backlog()
    assert (waiting, refused) == (0, 1)
    assert done.sent == len(referee.notices(None)) - 1  # every welcome letter went


def test_the_clock_of_a_stopped_game_stands_still_until_retry(site: Site) -> None:
    referee = site.store()
    ingest(referee, site.config().mail, site.mail_from(BROKEN, "Vera", "BREAK", at(5)), at(5))
    clock = referee.calendar.clock(BROKEN)
    assert clock is not None and clock.due_at is None and clock.remind_at is None
    healthy = referee.calendar.clock(HEALTHY)
    assert healthy is not None and healthy.due_at is not None and as_utc(healthy.due_at) == at(60)


def test_retry_by_mail_whose_rules_fail_again_is_refused_and_the_game_stays_stopped(site: Site) -> None:
    """RETRY in the game-master's mail runs inside that mail's transaction: a failure again is that line's
    refusal (with the new error), not a second stop of the game that would read the mail once more."""
    referee = site.store()
    create(referee, "steered", broken_game.KIND, master="gm@example.org")
    mail = site.config().mail
    ingest(referee, mail, site.mail_from("steered", "Vera", "BREAK", at(5)), at(5))
    assert referee.load("steered").row.failed_at is not None
    master = referee.master("steered")
    assert master is not None
    message = EmailMessage()
    message["From"], message["To"] = "gm@example.org", f"referee+{master.token}@example.org"
    message["Subject"], message["Message-ID"] = "retry", "<gm.retry@example.org>"
    message.set_content("RETRY\nSTATUS")

    intake = ingest(referee, mail, message.as_bytes(), at(6))

    assert intake.text == "accepted:game-master"
    assert referee.load("steered").row.failed_at is not None
    (answer,) = [n.data for n in referee.notices("steered") if n.template == "master_answer"]
    retried, status = answer["results"]
    assert not retried["ok"] and "the rules failed again" in retried["said"]
    assert status["ok"] and "stopped after an error in the rules" in status["said"]
    assert [(a.channel, a.ok) for a in referee.actions("steered") if a.action == "retry"] == [("mail", False)]
