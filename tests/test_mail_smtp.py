"""The SMTP outbox against a real aiosmtpd: delivery, one connection, failure kinds, login and rate.

Every test taking the ``server`` fixture runs twice: against a server that lists PIPELINING in its
answer to EHLO (RFC 2920; the outbox then sends a mail's envelope in one write) and one that does
not: whichever way a mail goes, what arrives and how a failure is sorted are the same."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from datetime import timedelta
from email import message_from_bytes, policy
from email.message import EmailMessage
from pathlib import Path

import pytest

from referee.bench.transport import bare_smtp_send
from referee.mail.delivery import CLAIM_MOST, claim_size
from referee.mail.failures import PermanentFailure, TemporaryFailure
from referee.mail.smtp import SmtpOutbox
from referee.mail.transports import MaildirOutbox, TransportError
from referee.mail.urls import parse_smtp_url
from referee.testing.loopback import SmtpServer, smtp_server

PLAYER = "anna@example.org"
HOST_PLAYER = "boris@example.org"


def mail(number: int, to: str = PLAYER) -> bytes:
    """A small notice from the referee, numbered in its subject."""
    return message(number, to).as_bytes()


def message(number: int, to: str = PLAYER) -> EmailMessage:
    """The notice of ``mail`` before it is written out."""
    message = EmailMessage()
    message["From"] = "Referee <referee@example.org>"
    message["To"] = to
    message["Subject"] = f"Notice {number}"
    message["Message-ID"] = f"<notice-{number}@example.org>"
    message.set_content(f"Hour {number} is resolved.\n")
    return message


@pytest.fixture(params=["one command at a time", "pipelined"])
def server(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[SmtpServer]:
    """A fresh SMTP server storing mail under ``tmp_path``, offering PIPELINING or not."""
    with smtp_server(tmp_path / "received") as running:
        running.offer_pipelining(request.param == "pipelined")
        yield running


def outbox(
    server: SmtpServer, options: str = "", password: str | None = None, user: str | None = None
) -> SmtpOutbox:
    """An outbox sending to ``server`` with a short timeout."""
    return SmtpOutbox(parse_smtp_url(server.url(options, user)), password, timeout=5)


def subjects(server: SmtpServer) -> list[str]:
    """The subjects of the mail the server accepted, in order."""
    return [str(message_from_bytes(raw, policy=policy.default)["Subject"]) for _, _, raw in server.received]


def test_mail_lands_in_the_maildir_for_the_envelope_recipients_over_one_connection(
    server: SmtpServer,
) -> None:
    async def run() -> None:
        box = outbox(server)
        await box.send(mail(1), [PLAYER, HOST_PLAYER])  # the host gets a copy not named in To
        await box.send(mail(2), [PLAYER])
        await box.close()

    asyncio.run(run())
    assert [(sender, recipients) for sender, recipients, _ in server.received] == [
        ("referee@example.org", [PLAYER, HOST_PLAYER]),
        ("referee@example.org", [PLAYER]),
    ]
    stored = sorted(message.as_bytes() for message in server.maildir)
    assert len(stored) == 2
    assert [message["Subject"] for message in sorted(server.maildir, key=lambda m: m["Subject"])] == [
        "Notice 1",
        "Notice 2",
    ]
    assert len(set(server.peers)) == 1  # both mails over the same connection


def test_answers_4xx_are_temporary_and_5xx_permanent_and_the_connection_stays(server: SmtpServer) -> None:
    async def run() -> None:
        box = outbox(server)
        server.refuse_next(1, 451, "mailbox busy")
        with pytest.raises(TemporaryFailure, match="451 mailbox busy"):
            await box.send(mail(1), [PLAYER])
        server.refuse_next(1, 554, "looks like spam")
        with pytest.raises(PermanentFailure, match="554 looks like spam"):
            await box.send(mail(2), [PLAYER])
        await box.send(mail(3), [PLAYER])
        await box.send(mail(4), [PLAYER])
        await box.close()

    asyncio.run(run())
    assert subjects(server) == ["Notice 3", "Notice 4"]
    assert len(set(server.peers)) == 1


def test_refused_recipients_are_classified_by_their_answers(server: SmtpServer) -> None:
    server.refuse_recipient("gone@example.org", 550, "no such user")
    server.refuse_recipient("full@example.org", 452, "mailbox full")

    async def run() -> None:
        box = outbox(server)
        with pytest.raises(
            PermanentFailure, match=r"refused every recipient: gone@example\.org: 550"
        ) as caught:
            await box.send(mail(1), ["gone@example.org"])
        assert caught.value.accepted == ()
        with pytest.raises(TemporaryFailure, match=r"full@example\.org: 452"):
            await box.send(mail(2), ["gone@example.org", "full@example.org"])
        with pytest.raises(PermanentFailure, match=r"took the mail for anna@example\.org") as caught:
            await box.send(mail(3), [PLAYER, "gone@example.org"])
        assert caught.value.accepted == (PLAYER,)
        with pytest.raises(PermanentFailure, match="without recipients"):
            await box.send(mail(4), [])
        nameless = message(5)
        del nameless["From"]
        with pytest.raises(PermanentFailure, match="cannot be sent as it is"):
            await box.send(nameless.as_bytes(), [PLAYER])
        await box.close()

    asyncio.run(run())
    assert [
        (subject, recipients)
        for subject, (_, recipients, _) in zip(subjects(server), server.received, strict=True)
    ] == [("Notice 3", [PLAYER])]


def test_a_server_that_is_away_is_a_temporary_failure_until_it_is_back(server: SmtpServer) -> None:
    async def run() -> None:
        box = outbox(server)
        await box.send(mail(1), [PLAYER])
        server.stop()
        with pytest.raises(TemporaryFailure, match="cannot reach") as caught:
            await box.send(mail(2), [PLAYER])
        assert isinstance(caught.value, TransportError) and isinstance(caught.value, OSError)
        server.start()
        await box.send(mail(2), [PLAYER])
        server.stop()  # dropped between two mails: the next one goes over a new connection
        server.start()
        await box.send(mail(3), [PLAYER])
        await box.close()

    asyncio.run(run())
    assert subjects(server) == ["Notice 1", "Notice 2", "Notice 3"]
    assert len(set(server.peers)) == 3


def test_a_server_answering_too_late_is_a_temporary_failure_and_the_next_mail_takes_a_new_connection(
    server: SmtpServer,
) -> None:
    assert server.controller is not None
    sessions = server.controller.sessions
    opened_before = len(sessions)  # the server's own check that it listens is one

    async def run() -> None:
        box = SmtpOutbox(parse_smtp_url(server.url()), None, timeout=0.3)
        server.answer_late(1.0)
        with pytest.raises(TemporaryFailure, match="did not answer in time"):
            await box.send(mail(1), [PLAYER])
        server.answer_late(0)
        await box.send(mail(2), [PLAYER])
        await box.close()

    asyncio.run(run())
    assert subjects(server) == ["Notice 2"]  # the server gave up the first when its client left
    assert len(sessions) - opened_before == 2  # the connection out of step was dropped, a new one opened


def test_a_pool_of_connections_hands_over_mails_at_once_each_mail_once(server: SmtpServer) -> None:
    count = 9

    async def run() -> None:
        box = outbox(server, "connections=3")
        assert box.parallel == 3
        await asyncio.gather(*(box.send(mail(number), [PLAYER]) for number in range(count)))
        await asyncio.gather(*(box.send(mail(number), [PLAYER]) for number in range(count, 2 * count)))
        await box.close()

    asyncio.run(run())
    assert sorted(subjects(server), key=lambda s: int(s.split()[1])) == [
        f"Notice {n}" for n in range(2 * count)
    ]
    assert len(set(server.peers)) == 3  # three connections, kept from the first mails to the last


def test_the_outbox_works_from_one_event_loop_to_the_next(server: SmtpServer) -> None:
    box = outbox(server)
    for number in range(3):
        asyncio.run(box.send(mail(number), [PLAYER]))
    asyncio.run(box.close())
    assert subjects(server) == ["Notice 0", "Notice 1", "Notice 2"]


def test_rate_spaces_sends_and_keeps_their_order(server: SmtpServer) -> None:
    count, rate = 6, 25.0

    async def run() -> float:
        box = outbox(server, f"rate={rate:g}")
        started = time.monotonic()
        await asyncio.gather(*(box.send(mail(number), [PLAYER]) for number in range(count)))
        elapsed = time.monotonic() - started
        await box.close()
        return elapsed

    elapsed = asyncio.run(run())
    assert subjects(server) == [f"Notice {number}" for number in range(count)]
    assert len(set(server.peers)) == 1
    assert elapsed >= 0.8 * (count - 1) / rate  # a lower bound only: sends were spaced, not bunched


@pytest.mark.filterwarnings("ignore:Requiring AUTH while not requiring TLS:UserWarning")
def test_login_with_the_right_password_and_a_clear_refusal_otherwise(tmp_path: Path) -> None:
    with smtp_server(tmp_path / "received", credentials=("bot", "right-password")) as server:

        async def run() -> None:
            box = outbox(server, user="bot", password="right-password")
            await box.send(mail(1), [PLAYER])
            await box.close()
            with pytest.raises(PermanentFailure, match="535") as caught:
                await outbox(server, user="bot", password="wrong-password").send(mail(2), [PLAYER])
            assert "wrong-password" not in str(caught.value)
            with pytest.raises(PermanentFailure, match="530"):  # a login is required
                await outbox(server).send(mail(3), [PLAYER])

        asyncio.run(run())
        assert subjects(server) == ["Notice 1"]
    with smtp_server(tmp_path / "other") as plain:
        with pytest.raises(PermanentFailure, match="offers no login"):
            asyncio.run(outbox(plain, user="bot", password="x").send(mail(4), [PLAYER]))
        with pytest.raises(TransportError, match="needs a password"):
            outbox(plain, user="bot")


def test_bare_send_delivers_every_message(server: SmtpServer) -> None:
    sends = [("referee@example.org", [PLAYER], mail(number)) for number in range(20)]
    rate = bare_smtp_send(server.host, server.port, sends)
    assert rate > 0
    assert subjects(server) == [f"Notice {number}" for number in range(20)]
    assert len(set(server.peers)) == 1


def test_a_round_claims_fifty_mails_or_under_a_rate_limit_what_half_the_lease_can_send(
    tmp_path: Path,
) -> None:
    """A boundary's burst of reports is claimed fifty at a time; with `rate=` set, a claim never holds
    more mail than can be sent in half its lease, so no claim runs out while its mail still goes."""
    lease = timedelta(minutes=2)
    unlimited = SmtpOutbox(parse_smtp_url("smtp://127.0.0.1:2525?tls=none"), None)
    slow = SmtpOutbox(parse_smtp_url("smtp://127.0.0.1:2525?tls=none&rate=0.1"), None)
    quick = SmtpOutbox(parse_smtp_url("smtp://127.0.0.1:2525?tls=none&rate=5"), None)
    assert claim_size(MaildirOutbox(tmp_path / "out"), lease) == CLAIM_MOST == 50
    assert claim_size(unlimited, lease) == 50
    assert claim_size(quick, lease) == 50  # 300 could go in a minute: fifty are claimed
    assert claim_size(slow, lease) == 6  # one every ten seconds: six in the lease's first minute
