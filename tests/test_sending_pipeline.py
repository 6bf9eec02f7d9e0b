"""Sending as a stream (issue 41): notices are composed a few ahead of the one on the wire and the next
claim is read while the claimed mail goes. Against a real aiosmtpd without PIPELINING: a refusal in the
middle of the stream fails alone or ends the round exactly as one notice at a time did, nothing
claimed is left held, and a sender killed in the middle of a claim loses and doubles nothing."""

from __future__ import annotations

import asyncio
import email
import os
import signal
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator
from datetime import UTC, datetime
from email import policy
from pathlib import Path

import pytest

from referee.app import Referee
from referee.config import PROJECT_ROOT
from referee.mail.delivery import Delivery, deliver, repeated_at_most, send_due
from referee.mail.smtp import SmtpOutbox
from referee.mail.urls import parse_smtp_url
from referee.render import Renderer
from referee.testing.loopback import SmtpServer, smtp_server
from tests.service_helpers import PLAYERS, Site

T0 = datetime(2026, 12, 1, 17, 0, tzinfo=UTC)
GAMES = 6
"""Three players each: eighteen welcome letters, claimed four at a time below (five claims)."""


@pytest.fixture
def server(tmp_path: Path) -> Iterator[SmtpServer]:
    with smtp_server(tmp_path / "received") as running:  # aiosmtpd as it comes: no PIPELINING
        yield running


def received(server: SmtpServer) -> Counter[tuple[str, str]]:
    """How often each (Message-ID, recipient) reached the server."""
    found: Counter[tuple[str, str]] = Counter()
    for _, recipients, raw in server.received:
        message_id = str(email.message_from_bytes(raw, policy=policy.default)["Message-ID"])
        found.update((message_id, recipient.lower()) for recipient in recipients)
    return found


def site_with_games(tmp_path: Path, database_url: str, server: SmtpServer, games: int = GAMES) -> Site:
    site = Site(tmp_path, database_url, outgoing=server.url())
    for number in range(games):
        site.create_game(f"castle{number}", T0)
    return site


def stream(site: Site, server: SmtpServer, limit: int = 4) -> Delivery:
    """One round of sending as `referee serve` sends: claims of ``limit``, each next one read ahead."""
    store, config = site.store(), site.config()
    outbox = SmtpOutbox(parse_smtp_url(server.url()), None, timeout=5)

    async def run() -> Delivery:
        try:
            renderer = Renderer(config.templates)
            return await send_due(store, outbox, renderer, config.mail, "sender-test", limit, ahead=True)
        finally:
            await outbox.close()

    return asyncio.run(run())


def unsent(store: Referee) -> int:
    return store.letters.backlog()[0]


def test_a_stream_of_claims_sends_every_notice_once_and_records_it(
    tmp_path: Path, database_url: str, server: SmtpServer
) -> None:
    site = site_with_games(tmp_path, database_url, server)

    done = stream(site, server)

    assert done.failed == [] and done.sent == len(server.received) == 3 * GAMES
    assert set(received(server).values()) == {1}
    assert site.store().letters.backlog() == (0, 0)
    assert site.store().letters.claimants(datetime.now(UTC)) == []


def test_a_mail_refused_for_good_in_the_middle_of_the_stream_fails_alone_and_the_rest_go(
    tmp_path: Path, database_url: str, server: SmtpServer
) -> None:
    site = site_with_games(tmp_path, database_url, server)
    refused = next(iter(PLAYERS.values()))[0]
    server.refuse_recipient(refused, 550, "no such user")

    done = stream(site, server)

    assert len(done.failed) == GAMES and all("550" in why for why in done.failed)  # one a game
    assert done.sent == len(server.received) == 2 * GAMES
    assert refused.lower() not in {recipient for _, recipient in received(server)}
    assert set(received(server).values()) == {1}
    assert site.store().letters.backlog() == (0, GAMES)  # kept for the game-master, never retried
    assert site.store().letters.claimants(datetime.now(UTC)) == []


def test_a_mail_refused_for_now_in_the_middle_ends_the_round_and_gives_every_claim_back(
    tmp_path: Path, database_url: str, server: SmtpServer
) -> None:
    """A 4xx answer to the sixth mail (in the second claim, the third read ahead) ends the round as
    before: the notices composed or claimed ahead are not sent and are held by no one; the next round
    sends each of them once, and the refused one goes when its retry is due."""
    site = site_with_games(tmp_path, database_url, server)
    store = site.store()
    with server.handler.lock:  # five taken (answered, not kept here), then a refusal for now
        server.handler.refusals.extend(["250 Message accepted"] * 5 + ["451 try again later"])

    first = stream(site, server)

    assert first.sent == 5 and len(first.failed) == 1 and "451" in first.failed[0]
    assert server.received == []
    assert store.letters.claimants(datetime.now(UTC)) == []  # nothing claimed ahead is left held
    assert unsent(store) == 3 * GAMES - 5

    second = stream(site, server, limit=5)  # the refused one waits for its retry

    assert second.failed == [] and second.sent == len(server.received) == 3 * GAMES - 6
    config = site.config()
    outbox = SmtpOutbox(parse_smtp_url(server.url()), None, timeout=5)
    last = deliver(store, outbox, Renderer(config.templates), config.mail)  # retries due or not
    assert last.sent == 1 and len(server.received) == 3 * GAMES - 5
    assert set(received(server).values()) == {1} and store.letters.backlog() == (0, 0)


def test_a_refusal_for_now_while_many_are_composed_ahead_ends_the_round_at_once(
    tmp_path: Path, database_url: str, server: SmtpServer
) -> None:
    """One claim of every notice: the queue to the sender is full and more are composed when the second
    mail is refused for now; the round ends, none of those composed ahead is sent or left held."""
    site = site_with_games(tmp_path, database_url, server)
    store = site.store()
    with server.handler.lock:
        server.handler.refusals.extend(["250 Message accepted", "451 try again later"])

    first = stream(site, server, limit=3 * GAMES)

    assert first.sent == 1 and len(first.failed) == 1 and "451" in first.failed[0]
    assert store.letters.claimants(datetime.now(UTC)) == []
    assert unsent(store) == 3 * GAMES - 1


def test_a_sender_killed_in_the_middle_of_a_claim_loses_and_doubles_nothing(
    tmp_path: Path, sqlite_url: str, server: SmtpServer
) -> None:
    """`referee deliver` kills itself (SIGKILL) at the fifty-fifth mail the server takes: in its second
    claim, read while the first went. A second `referee deliver` sends the rest at once (the claims of
    a dead process of this host are taken over), and no mail goes more often than the unrecorded few
    may."""
    site = site_with_games(tmp_path, sqlite_url, server, games=20)
    store = site.store()
    expected = len({n.id for game in store.games() for n in store.notices(game.id)})
    assert expected == 60

    crashing = deliver_process(site, {"REFEREE_CRASH_AT": "sent:55"})
    assert crashing.wait(timeout=60) == -signal.SIGKILL
    assert 0 < unsent(store) < expected

    again = deliver_process(site, {})
    assert again.wait(timeout=60) == 0, (tmp_path / "deliver.log").read_text()[-2000:]
    assert store.letters.backlog() == (0, 0)
    counts = received(server)
    assert len({message_id for message_id, _ in counts}) == expected  # none lost
    assert sum(counts.values()) - expected <= repeated_at_most(1)  # the unrecorded few at most again


def deliver_process(site: Site, env: dict[str, str]) -> subprocess.Popen[bytes]:
    """`referee deliver` for ``site`` with the crash points armed, logging to ``deliver.log``."""
    return subprocess.Popen(
        [sys.executable, "-m", "referee.testing", "deliver", "--config", str(site.config_path)],
        env={**os.environ, **env},
        stdout=(site.root / "deliver.log").open("ab"),
        stderr=subprocess.STDOUT,
        cwd=PROJECT_ROOT,
    )
