"""The outbox after faults (issue 12): a notice with several recipients is recorded per recipient, so a
resend goes only to those who did not get it (a real aiosmtpd refusing one recipient); and a restarted
sender takes over at once what a dead process had claimed, without waiting for its lease."""

from __future__ import annotations

import email
import mailbox
import os
import signal
import socket
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from email import policy
from pathlib import Path

import pytest

from referee.config import PROJECT_ROOT
from referee.core import hooks
from referee.mail.delivery import deliver, repeated_at_most
from referee.mail.owners import is_dead
from referee.mail.smtp import SmtpOutbox
from referee.mail.transports import MaildirOutbox
from referee.mail.urls import parse_smtp_url
from referee.render import Renderer
from referee.testing.loopback import SmtpServer, smtp_server
from tests.service_helpers import PLAYERS, Site

T0 = datetime(2026, 12, 1, 17, 0, tzinfo=UTC)
GAME = "castle"
GM = "gm@example.org"


@pytest.fixture
def server(tmp_path: Path) -> Iterator[SmtpServer]:
    with smtp_server(tmp_path / "received") as running:
        yield running


def received(server: SmtpServer) -> Counter[tuple[str, str]]:
    """How often each (Message-ID, recipient) reached the server."""
    found: Counter[tuple[str, str]] = Counter()
    for _, recipients, raw in server.received:
        message_id = str(email.message_from_bytes(raw, policy=policy.default)["Message-ID"])
        found.update((message_id, recipient.lower()) for recipient in recipients)
    return found


def test_a_notice_whose_game_master_copy_was_refused_goes_again_only_to_the_game_master(
    tmp_path: Path, database_url: str, server: SmtpServer
) -> None:
    site = Site(tmp_path, database_url, outgoing=server.url())
    site.create_game(GAME, T0, options=f'master_email = "{GM}"\ncopy_master = true')
    store, config = site.store(), site.config()
    outbox = SmtpOutbox(parse_smtp_url(server.url()), None, timeout=5)
    renderer = Renderer(config.templates)
    server.refuse_recipient(GM, 451, "mailbox busy, try again later")

    first = deliver(store, outbox, renderer, config.mail)

    assert len(first.failed) == 1 and "451" in first.failed[0]
    (player,) = {recipient for _, recipient in received(server)}  # the first notice's own mail only
    assert player in {address for address, _ in PLAYERS.values()}
    (half_sent,) = [n for n in store.notices(GAME) if n.delivered]
    assert half_sent.delivered == [player] and half_sent.sent_at is None

    server.handler.refused_recipients.clear()
    second = deliver(store, outbox, renderer, config.mail)

    assert second.failed == [] and store.letters.backlog() == (0, 0)
    counts = received(server)
    assert set(counts.values()) == {1}, counts.most_common(3)  # nobody got any mail twice
    assert sum(1 for _, recipient in counts if recipient == player) >= 1
    copies = [message_id for message_id, recipient in counts if recipient == GM]
    per_player = [n for n in store.notices(GAME) if n.recipient != "#master"]
    assert len(copies) == len(per_player) + 1  # a copy of each player's notice, and the own welcome


def claimed_by_and_delivered(site: Site, owner: str) -> int:
    """Claims every notice of ``site`` for ``owner`` with a long lease, then runs one delivery from this
    process into a Maildir; how many notices it sent."""
    store, config = site.store(), site.config()
    claimed = store.letters.claim(owner, datetime.now(UTC), 100, lease=timedelta(minutes=10))
    assert claimed and store.letters.claimants(datetime.now(UTC)) == [owner]
    outbox = MaildirOutbox(site.root / "out")
    return deliver(store, outbox, Renderer(config.templates), config.mail).sent


@pytest.fixture
def site(tmp_path: Path, database_url: str) -> Site:
    made = Site(tmp_path, database_url)
    made.create_game(GAME, T0)
    return made


def test_mail_claimed_by_a_process_of_this_host_that_died_is_sent_at_once(site: Site) -> None:
    with subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"]) as process:
        name = f"{socket.gethostname()}:{process.pid}:{_start_of(process.pid)}"
        process.kill()
    assert is_dead(name)

    assert claimed_by_and_delivered(site, name) == len(site.store().notices(GAME))
    assert site.store().letters.backlog() == (0, 0)


def test_mail_claimed_by_a_living_process_or_one_on_another_host_waits_for_its_lease(site: Site) -> None:
    with subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"]) as process:
        try:
            living = f"{socket.gethostname()}:{process.pid}:{_start_of(process.pid)}"
            assert not is_dead(living)
            assert claimed_by_and_delivered(site, living) == 0
        finally:
            process.kill()
    site.store().letters.release([n.id for n in site.store().notices(GAME) if n.id is not None])
    assert claimed_by_and_delivered(site, "another-host.example.net:4242:17") == 0
    # The same process id given again to a process that started later is another process.
    assert is_dead(f"{socket.gethostname()}:{os.getpid()}:1")


def test_a_restarted_service_sends_what_a_killed_one_had_claimed_without_waiting_for_the_lease(
    tmp_path: Path, sqlite_url: str
) -> None:
    """`referee serve` kills itself (SIGKILL) right after the server took its first mail, holding a
    claim of two minutes on the rest; a new `referee serve` sends them all within seconds."""
    site = Site(tmp_path, sqlite_url, service="tick_seconds = 0.2\nwait_seconds = 0.5\nlease_seconds = 120\n")
    site.create_game(GAME, datetime.now(UTC) + timedelta(hours=1))
    store = site.store()
    expected = len(store.notices(GAME))

    crashing = serve(site, "referee.testing", {"REFEREE_CRASH_AT": "sent:1"})
    assert crashing.wait(timeout=30) == -signal.SIGKILL
    assert store.letters.backlog()[0] == expected  # the one the server took was not recorded
    assert store.letters.claimants(datetime.now(UTC))  # and the dead process still holds its claim

    restarted = serve(site, "referee", {})
    try:
        deadline = time.monotonic() + 15  # far less than the two-minute lease
        while store.letters.backlog() != (0, 0):
            assert time.monotonic() < deadline, (tmp_path / "serve.log").read_text()[-2000:]
            time.sleep(0.2)
    finally:
        restarted.send_signal(signal.SIGTERM)
        assert restarted.wait(timeout=30) == 0
    sent = Counter(
        str(email.message_from_bytes(raw.as_bytes(), policy=policy.default)["Message-ID"])  # type: ignore[misc]
        for raw in mailbox.Maildir(tmp_path / "outgoing", create=False)
    )
    assert len(sent) == expected and sum(sent.values()) <= expected + 1  # the first at most twice


def serve(site: Site, module: str, env: dict[str, str]) -> subprocess.Popen[bytes]:
    """Starts `referee serve` for ``site`` (through ``module``), logging to ``serve.log``."""
    return subprocess.Popen(
        [sys.executable, "-m", module, "serve", "--config", str(site.config_path)],
        env={**os.environ, **env},
        stdout=(site.root / "serve.log").open("ab"),
        stderr=subprocess.STDOUT,
        cwd=PROJECT_ROOT,
    )


def _start_of(pid: int) -> str:
    return Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[19]


@pytest.mark.parametrize("connections", [1, 3])
def test_at_every_mail_the_server_takes_at_most_a_bounded_few_are_unrecorded_and_a_round_ends_with_none(
    tmp_path: Path, database_url: str, server: SmtpServer, connections: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Sends are recorded in batches (issue 14): a crash at any moment could send again only the
    mails the server took that are not recorded yet, and there are never more than
    ``repeated_at_most`` of them (checked at each mail the server takes, against a real aiosmtpd)."""
    site = Site(tmp_path, database_url, outgoing=server.url())
    for number in range(12):
        site.create_game(f"{GAME}{number}", T0)
    store, config = site.store(), site.config()
    outbox = SmtpOutbox(parse_smtp_url(f"{server.url()}&connections={connections}"), None, timeout=5)
    unrecorded: list[int] = []

    def count(point: str) -> None:
        if point == "sent":
            recorded = sum(1 for game in store.games() for n in store.notices(game.id) if n.sent_at)
            unrecorded.append(len(server.received) - recorded)

    monkeypatch.setattr(hooks, "_callbacks", [count])
    done = deliver(store, outbox, Renderer(config.templates), config.mail)
    assert done.failed == [] and done.sent == len(server.received) == 36
    assert len(unrecorded) == 36 and max(unrecorded) <= repeated_at_most(connections), unrecorded
    assert store.letters.backlog() == (0, 0)  # every mail the server took is recorded in the end
