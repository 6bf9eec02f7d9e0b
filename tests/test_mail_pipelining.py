"""Pipelining (RFC 2920) against a real aiosmtpd that lists PIPELINING in its answer to EHLO: a mail's
envelope (MAIL FROM, every RCPT TO, DATA) goes in one write, the message after the server's go-ahead,
and what arrives and every failure are what sending one command at a time gives (``test_mail_smtp``
runs all its tests both ways)."""

from __future__ import annotations

import asyncio
import ssl
import subprocess
from collections.abc import Iterator
from email.message import EmailMessage
from pathlib import Path

import aiosmtplib
import pytest
from aiosmtplib.protocol import PERIOD_REGEX, normalize_message_line_endings
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.mail.failures import PermanentFailure, TemporaryFailure
from referee.mail.pipelining import dot_stuffed, offers_pipelining, send_pipelined, with_crlf
from referee.mail.smtp import SmtpOutbox
from referee.mail.urls import parse_smtp_url
from referee.testing.loopback import HOST, SmtpServer, smtp_server

SENDER = "referee@example.org"
PLAYER = "anna@example.org"
HOST_PLAYER = "boris@example.org"


@pytest.fixture
def server(tmp_path: Path) -> Iterator[SmtpServer]:
    """A fresh SMTP server offering PIPELINING, storing mail under ``tmp_path``."""
    with smtp_server(tmp_path / "received") as running:
        running.offer_pipelining()
        yield running


def mail(number: int) -> bytes:
    """A notice whose text has lines starting with dots, which the wire must carry doubled."""
    message = EmailMessage()
    message["From"] = f"Referee <{SENDER}>"
    message["To"] = PLAYER
    message["Subject"] = f"Notice {number}"
    message["Message-ID"] = f"<notice-{number}@example.org>"
    message.set_content(f"Hour {number} is resolved.\n.\n..two dots\n. a dot and a space\nThe end.\n")
    return message.as_bytes(policy=message.policy.clone(linesep="\r\n"))


def send(
    server: SmtpServer, mails: list[tuple[bytes, list[str]]], options: str = ""
) -> list[Exception | None]:
    """Hands ``mails`` to ``server`` one after another over one outbox; what each raised, or None."""

    async def run() -> list[Exception | None]:
        box = SmtpOutbox(parse_smtp_url(server.url(options)), None, timeout=5, sender=SENDER)
        outcomes: list[Exception | None] = []
        for raw, recipients in mails:
            try:
                await box.send(raw, recipients)
                outcomes.append(None)
            except (TemporaryFailure, PermanentFailure) as failure:
                outcomes.append(failure)
        await box.close()
        return outcomes

    return asyncio.run(run())


def envelopes_in_one_write(server: SmtpServer) -> list[bytes]:
    """The writes that brought a MAIL FROM together with a RCPT TO and DATA."""
    return [w for w in server.writes if b"MAIL FROM:" in w and b"RCPT TO:" in w and w.endswith(b"DATA\r\n")]


def test_where_offered_the_envelope_goes_in_one_write_and_the_mail_arrives_as_written(
    server: SmtpServer,
) -> None:
    raws = [mail(1), mail(2)]
    assert send(server, [(raws[0], [PLAYER, HOST_PLAYER]), (raws[1], [PLAYER])]) == [None, None]
    assert [(sender, recipients) for sender, recipients, _ in server.received] == [
        (SENDER, [PLAYER, HOST_PLAYER]),
        (SENDER, [PLAYER]),
    ]
    assert [raw for _, _, raw in server.received] == raws  # dots undoubled, not a byte changed
    written = envelopes_in_one_write(server)
    assert len(written) == 2
    assert written[0].count(b"RCPT TO:") == 2 and f"MAIL FROM:<{SENDER}>".encode() in written[0]
    assert any(b"\r\n..\r\n...two dots\r\n" in w for w in server.writes)  # each first dot doubled
    assert len(set(server.peers)) == 1


def test_without_pipelining_offered_or_with_it_turned_off_each_command_waits_for_its_answer(
    server: SmtpServer,
) -> None:
    assert send(server, [(mail(1), [PLAYER, HOST_PLAYER])], "pipelining=no") == [None]
    server.offer_pipelining(False)
    assert send(server, [(mail(2), [PLAYER, HOST_PLAYER])]) == [None]
    assert len(server.received) == 2
    assert envelopes_in_one_write(server) == []
    assert not any(b"MAIL FROM:" in w and b"RCPT TO:" in w for w in server.writes)


def test_a_refused_sender_is_sorted_by_its_answer_and_the_connection_goes_on(server: SmtpServer) -> None:
    server.refuse_sender(SENDER, 451, "try later")
    first = send(server, [(mail(1), [PLAYER])])
    server.refuse_sender(SENDER, 553, "not from you")
    second = send(server, [(mail(2), [PLAYER])])
    server.handler.refused_senders.clear()
    assert isinstance(first[0], TemporaryFailure) and "451 try later" in str(first[0])
    assert isinstance(second[0], PermanentFailure) and "553 not from you" in str(second[0])
    assert send(server, [(mail(3), [PLAYER]), (mail(4), [PLAYER])]) == [None, None]
    assert [recipients for _, recipients, _ in server.received] == [[PLAYER], [PLAYER]]


def test_refusals_in_one_pipelined_envelope_are_each_answered_and_the_next_mail_goes(
    server: SmtpServer,
) -> None:
    server.refuse_recipient("gone@example.org", 550, "no such user")

    async def run() -> list[Exception | None]:
        box = SmtpOutbox(parse_smtp_url(server.url()), None, timeout=5, sender=SENDER)
        outcomes: list[Exception | None] = []
        for number, recipients in enumerate(
            (
                ["gone@example.org"],  # every recipient refused: DATA is refused too
                [PLAYER, "gone@example.org", HOST_PLAYER],  # taken for two of three
                [PLAYER],  # refused at the end of the message
                [PLAYER],
            ),
            1,
        ):
            if number == 3:
                server.refuse_next(1, 554, "looks like spam")
            try:
                await box.send(mail(number), recipients)
                outcomes.append(None)
            except PermanentFailure as failure:
                outcomes.append(failure)
        await box.close()
        return outcomes

    outcomes = asyncio.run(run())
    assert isinstance(outcomes[0], PermanentFailure) and outcomes[0].accepted == ()
    assert isinstance(outcomes[1], PermanentFailure) and outcomes[1].accepted == (PLAYER, HOST_PLAYER)
    assert "gone@example.org: 550 no such user" in str(outcomes[1])
    assert isinstance(outcomes[2], PermanentFailure) and "554 looks like spam" in str(outcomes[2])
    assert outcomes[3] is None
    assert [recipients for _, recipients, _ in server.received] == [[PLAYER, HOST_PLAYER], [PLAYER]]
    assert len(set(server.peers)) == 1  # one connection throughout: each refusal reset the envelope


def test_a_server_gone_between_two_pipelined_mails_is_reached_again_on_a_new_connection(
    server: SmtpServer,
) -> None:
    async def run() -> list[Exception | None]:
        box = SmtpOutbox(parse_smtp_url(server.url()), None, timeout=5, sender=SENDER)
        outcomes: list[Exception | None] = []
        for number, then in ((1, "restart"), (2, "stop"), (3, "")):
            try:
                await box.send(mail(number), [PLAYER])
                outcomes.append(None)
            except TemporaryFailure as failure:
                outcomes.append(failure)
            if then:
                server.stop()
            if then == "restart":
                server.start()
        server.start()
        await box.close()
        return outcomes

    outcomes = asyncio.run(run())
    assert outcomes[:2] == [None, None]
    assert isinstance(outcomes[2], TemporaryFailure) and "cannot reach" in str(outcomes[2])
    assert len(server.received) == 2 and len(set(server.peers)) == 2


def test_after_starttls_the_envelope_is_pipelined_over_the_encrypted_connection(tmp_path: Path) -> None:
    certificate, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(
        [
            "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
            "-keyout", str(key), "-out", str(certificate),
            "-subj", f"/CN={HOST}", "-addext", f"subjectAltName=IP:{HOST}",
        ],
        check=True,
        capture_output=True,
    )  # fmt: skip
    served = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    served.load_cert_chain(certificate, key)
    trusting = ssl.create_default_context(cafile=str(certificate))

    async def run(port: int) -> bool:
        client = aiosmtplib.SMTP(hostname=HOST, port=port, start_tls=True, tls_context=trusting, timeout=5)
        await client.connect()  # greeting, EHLO, STARTTLS and EHLO again
        encrypted = client.get_transport_info("sslcontext") is trusting
        assert await offers_pipelining(client)  # asked again after STARTTLS
        for number in (1, 2):
            assert await send_pipelined(client, SENDER, [PLAYER, HOST_PLAYER], mail(number), 5) == {}
        await client.quit()
        return encrypted

    with smtp_server(tmp_path / "received", tls=served) as server:
        server.offer_pipelining()
        assert asyncio.run(run(server.port))
        assert [raw for _, _, raw in server.received] == [mail(1), mail(2)]
        assert [recipients for _, recipients, _ in server.received] == [[PLAYER, HOST_PLAYER]] * 2
        assert len(envelopes_in_one_write(server)) == 2  # as the server read them, decrypted


@settings(max_examples=400, deadline=None)
@given(
    st.binary(max_size=200)
    | st.lists(st.sampled_from([b"\r\n", b"\n", b"\r", b".", b"a", b" "])).map(b"".join)
)
def test_the_data_sent_is_what_aiosmtplib_would_send_whatever_the_line_endings_and_dots(raw: bytes) -> None:
    """The quick paths (a plain replacement where every line ends in LF alone, none where every line
    ends in CRLF or none begins with a dot) give byte for byte what aiosmtplib's own DATA gives."""
    lines = normalize_message_line_endings(raw)
    assert with_crlf(raw) == lines
    assert dot_stuffed(with_crlf(raw)) == PERIOD_REGEX.sub(b"..", lines)


def test_a_mail_already_in_crlf_and_without_a_leading_dot_goes_as_it_is() -> None:
    """No copy is made of a mail that needs nothing changed."""
    raw = mail(1).replace(b"\n.", b"\nx")  # no line beginning with a dot
    assert with_crlf(raw) is raw
    assert dot_stuffed(raw) is raw


def test_an_address_with_a_control_character_is_refused_for_good_each_time_and_nothing_goes(
    server: SmtpServer,
) -> None:
    """Addresses once read are remembered; one that cannot be written is refused every time it comes."""
    outcomes = send(server, [(mail(1), ["an\x00na@example.org"]), (mail(2), ["an\x00na@example.org"])])
    assert all(isinstance(outcome, PermanentFailure) for outcome in outcomes)
    assert "cannot be sent as it is" in str(outcomes[1])
    assert send(server, [(mail(3), [PLAYER])]) == [None]
    assert len(server.received) == 1
