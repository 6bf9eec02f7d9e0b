"""`referee serve` against real servers (Dovecot over IMAP, aiosmtpd over SMTP) and faults:
SIGKILL at chosen moments, the SMTP server away, the IMAP server away, the same mail twice,
boundaries missed — afterwards every order is in, every phase resolved once, every mail sent
once, and the game equals an undisturbed run with the same mails (TS-4, TS-5)."""

from __future__ import annotations

import email
import json
import os
import signal
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from email import policy
from pathlib import Path
from typing import Any

import pytest
from service_helpers import PLAYERS, Driven, Site, drop, event_log, resolutions
from sqlmodel import Session, select

from referee import games
from referee.app import Referee
from referee.config import PROJECT_ROOT, MailSettings
from referee.mail.compose import message_id, thread_root
from referee.mail.delivery import repeated_at_most
from referee.store.clocks import as_utc
from referee.store.models import SeatRow
from referee.testing import broken_game
from referee.testing.loopback import DovecotServer, SmtpServer, dovecot_server, smtp_server

GAME = "castle"
MAIL = MailSettings(address="referee@example.org")
"""Only its domain matters here: the one Message-IDs are written in."""
PLAYING = ("d0n", "d1h1", "d1h2")
"""The blink schedule's first three boundaries: 6 s, 10 s and 14 s after the start."""


@dataclass
class Live:
    """A site served by `referee serve` processes, with its real mail servers."""

    site: Site
    imap: DovecotServer
    smtp: SmtpServer
    start: datetime
    env: dict[str, str]
    processes: list[subprocess.Popen[bytes]]

    def serve(self, crash_at: str | None = None, *, tools: bool = False) -> subprocess.Popen[bytes]:
        """Starts `referee serve`; with ``crash_at`` (``<point>:<n>``) or ``tools`` through
        ``python -m referee.testing``, which arms the crash points (so that it kills itself there)
        and knows the deliberately broken game."""
        log = (self.site.root / f"serve-{len(self.processes)}.log").open("wb")
        module, env = "referee", self.env
        if crash_at is not None or tools:
            module, env = "referee.testing", {**self.env, "REFEREE_CRASH_AT": crash_at or ""}
        process = subprocess.Popen(
            [sys.executable, "-m", module, "serve", "--config", str(self.site.config_path)],
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            cwd=PROJECT_ROOT,
        )
        self.processes.append(process)
        return process

    def due(self, phase: str) -> datetime:
        return self.start + timedelta(seconds={"d0n": 6, "d1h1": 10, "d1h2": 14, "d1h3": 18}[phase])

    def sleep_until(self, moment: datetime) -> None:
        time.sleep(max(0.0, (moment - datetime.now(UTC)).total_seconds()))

    def send(self, name: str, text: str) -> None:
        self.imap.append(self.site.mail_from(GAME, name, text, datetime.now(UTC)))

    def finish(self, phases: int = len(PLAYING), timeout: float = 40) -> None:
        """Waits until ``phases`` are resolved and the outbox is empty, then stops the services (SIGTERM)."""
        store = self.site.store()
        wait_until(lambda: len(resolutions(store)) >= phases and store.letters.backlog()[0] == 0, timeout)
        for process in self.processes:
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
        for process in self.processes:
            assert process.wait(timeout=30) in (0, -signal.SIGKILL), self.logs()

    def logs(self, tail: int | None = 3000) -> str:
        """The services' logs, the last ``tail`` characters of each (all of them with None)."""
        start = -tail if tail is not None else 0
        return "\n".join(p.read_text(errors="replace")[start:] for p in self.site.root.glob("serve-*.log"))

    def sent_ids(self) -> Counter[str]:
        return Counter(
            email.message_from_bytes(raw, policy=policy.default)["Message-ID"]
            for _, _, raw in self.smtp.received
        )

    def expected_ids(self) -> set[str]:
        """The Message-ID of every mail the outbox holds (one per notice; welcome letters by thread root)."""
        ids, store = set(), self.site.store()
        game, seats = store.load(GAME).row, {seat.name: seat for seat in store.seats(GAME)}
        for notice in store.notices(GAME):
            if notice.template == "welcome":
                ids.add(thread_root(MAIL, game, seats[notice.recipient]))
            else:
                ids.add(message_id(MAIL, game, int(notice.id or 0)))
        return ids


def wait_until(condition: Callable[[], bool], timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.1)


@pytest.fixture
def live(tmp_path: Path, sqlite_url: str) -> Iterator[Live]:
    with dovecot_server() as imap, smtp_server(tmp_path / "delivered") as smtp:
        site = Site(tmp_path, sqlite_url, incoming=imap.url(), outgoing=smtp.url())
        env = {**os.environ, "REFEREE_IMAP_PASSWORD": imap.password}
        start = datetime.now(UTC).replace(microsecond=0) + timedelta(seconds=2)
        site.create_game(GAME, start, schedule="ten-sailors-blink")
        running = Live(site, imap, smtp, start, env, [])
        try:
            yield running
        finally:
            for process in running.processes:
                if process.poll() is None:
                    process.kill()
                    process.wait()


def replayed(live: Live, tmp_path: Path) -> Driven:
    """An undisturbed referee fed the same mails at the times the IMAP server received them."""
    with live.imap.client() as client:
        client.select_folder("INBOX", readonly=True)
        found = client.fetch(client.search(), ["BODY.PEEK[]", "INTERNALDATE"])
    mails = sorted(
        (data[b"INTERNALDATE"].astimezone(UTC), uid, data[b"BODY[]"]) for uid, data in found.items()
    )
    root = tmp_path / "replay"
    root.mkdir()
    site = Site(root, f"sqlite:///{root / 'replay.db'}")
    site.create_game(GAME, live.start, schedule="ten-sailors-blink")
    same_seats(live.site.store(), site.store())
    driven = Driven(site, live.start)
    moments = sorted({m for m, _, _ in mails} | {live.due(p) for p in PLAYING})
    for moment in moments:
        for arrived, _, raw in mails:
            if arrived == moment:
                drop(root / "incoming", raw, arrived)
        driven.step_at(moment)
    return driven


def same_seats(original: Referee, copy: Referee) -> None:
    """Gives the seats of ``copy`` the tokens of ``original``, so the same mails reach the same seats."""
    tokens = {seat.name: seat.token for seat in original.seats(GAME)}
    with Session(copy.database.engine) as session, session.begin():
        for seat in session.exec(select(SeatRow).where(SeatRow.game_id == GAME)).all():
            seat.token = tokens[seat.name]
            session.add(seat)


def assert_sent_once(live: Live, repeated_at_most: int = 0) -> None:
    sent = live.sent_ids()
    assert set(sent) == live.expected_ids()
    assert sum(count - 1 for count in sent.values()) <= repeated_at_most, sent.most_common(3)


def test_ts4_serve_plays_by_real_mail_and_a_killed_service_catches_up_as_if_never_stopped(
    live: Live, tmp_path: Path
) -> None:
    first = live.serve()
    live.sleep_until(live.start + timedelta(seconds=1))
    live.send("Anna", "MOVE Dining Room")
    live.send("Boris", "MOVE Dining Room")
    time.sleep(1.5)
    first.kill()  # SIGKILL: no clean-up at all
    first.wait()
    live.send("Vera", "MOVE Garage")  # while the referee is down
    live.sleep_until(live.due("d1h1") + timedelta(seconds=1))  # two boundaries pass unseen
    live.serve()
    live.sleep_until(live.due("d1h1") + timedelta(seconds=2))
    live.send("Anna", "SEARCH Table, Rope")
    live.send("Anna", "SEARCH Table, Rope")  # a second, new mail: a new submission
    live.finish()

    store = live.site.store()
    assert resolutions(store)[:3] == [(phase, live.due(phase)) for phase in PLAYING]
    assert [row.outcome for row in store.inbound()] == ["accepted"] * 5
    # A kill while mail goes out may repeat what the server took and the service had not recorded yet
    # (at most the mails of the last two records, one connection here), under the same Message-IDs.
    assert_sent_once(live, repeated_at_most=repeated_at_most(1))
    undisturbed = event_log(replayed(live, tmp_path).service.referee)
    assert [e for e in event_log(store) if e[0] in PLAYING] == [e for e in undisturbed if e[0] in PLAYING]


def test_ts4_the_same_mail_delivered_twice_is_taken_once_and_answered_once(live: Live) -> None:
    live.serve()
    raw = live.site.mail_from(GAME, "Anna", "MOVE Dining Room", datetime.now(UTC))
    live.imap.append(raw)
    live.imap.append(raw)
    live.finish(phases=1)
    store = live.site.store()
    assert [row.outcome for row in store.inbound()] == ["accepted"]
    answers = [n for n in store.notices(GAME) if n.template == "answer"]
    assert len(answers) == 1
    assert_sent_once(live)


@pytest.mark.parametrize("point", ["resolve:1", "sent:3"])
def test_a_service_killed_inside_a_resolution_or_a_send_loses_and_doubles_nothing(
    live: Live, tmp_path: Path, point: str
) -> None:
    crashing = live.serve(crash_at=point)
    live.sleep_until(live.start + timedelta(seconds=1))
    live.send("Anna", "MOVE Dining Room")
    wait_until(lambda: crashing.poll() is not None, 30)
    assert crashing.returncode == -signal.SIGKILL
    live.serve()
    live.finish()
    store = live.site.store()
    assert [phase for phase, _ in resolutions(store)][:3] == list(PLAYING)
    # The mails the server took before the crash and that were not recorded yet (the last two records
    # at most, one connection here) may go once more, under the same Message-IDs.
    assert_sent_once(live, repeated_at_most=repeated_at_most(1) if point.startswith("sent") else 0)


def test_mail_waits_while_the_smtp_server_is_away_and_goes_once_when_it_is_back(live: Live) -> None:
    live.smtp.stop()
    live.serve()
    live.sleep_until(live.due("d0n") + timedelta(seconds=1))
    store = live.site.store()
    assert store.letters.backlog()[0] > 0
    # the game-master can see why, once the service has tried (on a busy machine, a moment later)
    wait_until(lambda: any(n.last_error for n in store.notices(GAME)), 20)
    assert store.letters.backlog()[0] > 0
    live.smtp.start()
    live.finish()
    assert_sent_once(live)


def test_a_boundary_waits_for_the_imap_server_and_then_counts_the_mail_sent_before_it(live: Live) -> None:
    live.serve()
    live.sleep_until(live.start + timedelta(seconds=1))
    live.send("Anna", "MOVE Dining Room")
    live.imap.stop()  # the referee cannot read its mailbox over the end of night 0
    live.sleep_until(live.due("d0n") + timedelta(seconds=2))
    store = live.site.store()
    assert resolutions(store) == []  # held: the mailbox may hold orders for it
    live.imap.start()
    live.finish(phases=1)
    assert resolutions(store)[0] == ("d0n", live.due("d0n"))
    assert as_utc(store.inbound()[0].received_at) < live.due("d0n")
    # Where the night's move took Anna (later hours, resolved before the service stopped, move her on).
    landed = [e.data["to"] for e in store.events(GAME) if e.kind == "moved" and e.data["character"] == "Anna"]
    assert landed[0] == "Dining Room"


def test_mail_refused_for_good_is_shown_to_the_game_master_and_the_rest_still_go(live: Live) -> None:
    live.smtp.refuse_recipient("vera@example.org", 550, "no such mailbox")
    live.serve()
    live.finish(phases=1)
    status = subprocess.run(
        [sys.executable, "-m", "referee", "status", "--json", "--config", str(live.site.config_path)],
        capture_output=True, text=True, check=True, env=live.env,
    )  # fmt: skip
    report = json.loads(status.stdout)
    refused = report["outbox"]["refused_mail"]
    assert {mail["to"] for mail in refused} == {"Vera"} and "550" in refused[0]["error"]
    assert report["games"][0]["id"] == GAME and report["outbox"]["waiting"] == 0
    delivered = {tuple(rcpts) for _, rcpts, _ in live.smtp.received}
    assert ("anna@example.org",) in delivered and ("vera@example.org",) not in delivered


def test_one_broken_game_among_healthy_ones_stops_alone_under_serve(
    tmp_path: Path, sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game whose rules raise at a boundary stops with its error; the healthy games keep their
    calendar, mail to them is answered, mail to the stopped game is kept and answered as held, and
    the service itself never stops."""
    monkeypatch.setitem(games.PACKAGES, broken_game.KIND, broken_game.__name__)
    templates = broken_game.with_templates(PROJECT_ROOT / "templates", tmp_path / "templates")
    with dovecot_server() as imap, smtp_server(tmp_path / "delivered") as smtp:
        site = Site(tmp_path, sqlite_url, incoming=imap.url(), outgoing=smtp.url(), templates=templates)
        start = datetime.now(UTC).replace(microsecond=0) + timedelta(seconds=2)
        site.create_game(GAME, start, schedule="ten-sailors-blink")
        site.create_game("other", start, schedule="ten-sailors-blink")
        referee = site.store()
        players = [{"name": name, "hand": hand} for name, (_, hand) in PLAYERS.items()]
        referee.create_game(
            setup={"id": "wreck", "seed": 7, "language": "en", "players": players},
            kind=broken_game.KIND,
            schedule="ten-sailors-blink",
            seats=[{"name": name, "email": email} for name, (email, _) in PLAYERS.items()],
            settings={"start": start.isoformat(), "relay_talk": True},
            now=start,
        )
        live = Live(site, imap, smtp, start, {**os.environ, "REFEREE_IMAP_PASSWORD": imap.password}, [])
        try:
            live.serve(tools=True)
            stopped = lambda: referee.load("wreck").row.failed_at is not None  # noqa: E731
            wait_until(stopped, 30)  # day 1, hour 1 ends 10 s after the start
            imap.append(site.mail_from("wreck", "Anna", "MOVE Kitchen", datetime.now(UTC)))
            imap.append(site.mail_from(GAME, "Anna", "MOVE Kitchen", datetime.now(UTC)))
            resolved = lambda game: referee.resolution_count(game, "d1h2") == 1  # noqa: E731
            wait_until(lambda: resolved(GAME) and resolved("other") and len(referee.inbound()) == 2, 30)
            wait_until(lambda: referee.letters.backlog()[0] == 0, 30)
            status = live_status(site)
        finally:
            for process in live.processes:
                if process.poll() is None:
                    process.send_signal(signal.SIGTERM)
            codes = [process.wait(timeout=30) for process in live.processes]
        assert codes == [0], live.logs()

        assert (
            referee.resolution_count("wreck", "d0n") == 1 and referee.resolution_count("wreck", "d1h1") == 0
        )
        assert "DeliberateFault" in (referee.load("wreck").row.failure or "")
        assert {row.game_id: row.outcome for row in referee.inbound()} == {
            "wreck": "held:game-stopped",
            GAME: "accepted",
        }
        held = [n for n in referee.notices("wreck") if n.template == "held"]
        assert len(held) == 1 and held[0].sent_at is not None
        sent = {
            str(email.message_from_bytes(raw, policy=policy.default)["Message-ID"])
            for _, _, raw in smtp.received
        }
        assert message_id(MAIL, referee.load("wreck").row, int(held[0].id or 0)) in sent
        games_status = {game["id"]: game for game in status["games"]}
        assert games_status["wreck"]["failed"] and not games_status[GAME]["failed"]
        assert "game stopped on an error in its rules" in live.logs(tail=None)


def live_status(site: Site) -> dict[str, Any]:
    """What ``referee status --json`` prints for ``site``."""
    result = subprocess.run(
        [sys.executable, "-m", "referee", "status", "--json", "--config", str(site.config_path)],
        capture_output=True,
        text=True,
        check=True,
        cwd=PROJECT_ROOT,
    )
    return dict(json.loads(result.stdout))
