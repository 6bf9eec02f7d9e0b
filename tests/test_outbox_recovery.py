"""The outbox after faults (issue 12): a notice with several recipients is recorded per recipient, so a
resend goes only to those who did not get it (a real aiosmtpd refusing one recipient); and a restarted
sender takes over at once what a dead process had claimed, without waiting for its lease."""

from __future__ import annotations

import email
from collections import Counter
from collections.abc import Iterator
from datetime import UTC, datetime
from email import policy
from pathlib import Path

import pytest

from referee.mail.delivery import deliver
from referee.mail.smtp import SmtpOutbox
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
