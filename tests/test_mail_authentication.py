"""Sender checks beyond the token (RFC 8601 Authentication-Results): a mail whose From domain
failed DMARC, DKIM or SPF at the receiving server is refused unanswered and changes nothing — a mail
too big to read as well, whichever limit it is over: its verdict is read before anything answers it."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime
from email import message_from_bytes, policy
from pathlib import Path

import pytest
from service_helpers import Site

from referee.config import MailSettings
from referee.mail.authentication import failed_checks
from referee.mail.intake import ingest

T0 = datetime(2026, 12, 1, 17, 0, tzinfo=UTC)
GAME = "castle"


@pytest.mark.parametrize(
    ("header", "failed"),
    [
        ("mx.example.org; dmarc=fail (p=reject) header.from=example.org", ["dmarc"]),
        ("mx.example.org; spf=fail smtp.mailfrom=anna@example.org", ["spf"]),
        ("mx.example.org; dkim=fail header.d=example.org", ["dkim"]),
        ("mx.example.org; dkim=fail header.d=example.org; dkim=pass header.d=example.org", []),
        ("mx.example.org; spf=softfail smtp.mailfrom=example.org; dmarc=none header.from=example.org", []),
        ("mx.example.org; spf=fail smtp.mailfrom=bounces.elsewhere.net", []),  # not about the From domain
        ("mx.example.org; spf=pass smtp.mailfrom=mail.example.org; dkim=pass header.d=example.org", []),
        ("mx.example.org; none", []),
        ("this is not a header at all ;;; =", []),
    ],
)
def test_failed_checks_reads_what_the_receiving_server_found(header: str, failed: list[str]) -> None:
    assert failed_checks([header], "example.org") == failed


def test_only_the_receiving_servers_header_counts_not_one_a_forger_added_below_it() -> None:
    headers = [
        "mx.example.org; dmarc=pass header.from=example.org",
        "evil.example; dmarc=fail header.from=example.org",
    ]
    assert failed_checks(headers, "example.org") == []
    assert failed_checks(list(reversed(headers)), "example.org", trusted="mx.example.org") == []
    assert failed_checks(list(reversed(headers)), "example.org", trusted="evil.example") == ["dmarc"]


def signed(raw: bytes, result: str) -> bytes:
    return f"Authentication-Results: mx.example.org; {result}\r\n".encode() + raw


@pytest.fixture
def site(tmp_path: Path, sqlite_url: str) -> Site:
    made = Site(tmp_path, sqlite_url)
    made.create_game(GAME, T0)
    return made


def test_a_mail_failing_dmarc_is_refused_unanswered_and_changes_nothing(site: Site) -> None:
    store, mail = site.store(), site.config().mail
    before = store.load(GAME).row.state
    raw = signed(site.mail_from(GAME, "Anna", "MOVE Garage", T0), "dmarc=fail header.from=example.org")
    intake = ingest(store, mail, raw, T0)
    assert intake.text == "refused:sender-failed-dmarc"
    assert store.load(GAME).row.state == before
    assert [n for n in store.notices(None) if n.template in ("answer", "refusal")] == []
    (kept,) = store.inbound()
    assert kept.outcome == "refused:sender-failed-dmarc"  # the game-master sees it in `referee received`


def test_a_mail_passing_the_checks_is_taken_as_usual(site: Site) -> None:
    store, mail = site.store(), site.config().mail
    raw = signed(site.mail_from(GAME, "Anna", "MOVE Garage", T0), "spf=pass smtp.mailfrom=example.org")
    assert ingest(store, mail, raw, T0).text == "accepted"


def test_the_check_can_be_turned_off_for_a_server_that_gets_it_wrong(site: Site) -> None:
    store, mail = site.store(), replace(site.config().mail, check_senders=False)
    raw = signed(site.mail_from(GAME, "Anna", "MOVE Garage", T0), "dmarc=fail header.from=example.org")
    assert ingest(store, mail, raw, T0).text == "accepted"
    assert message_from_bytes(raw, policy=policy.default)["Authentication-Results"]


# --- mail refused before it is read: the verdict is read before any answer --------------------------------


def plain(headers: bytes, body: bytes) -> bytes:
    """A mail from Anna's registered address to the plain address, with ``headers`` and ``body``."""
    return (
        b"From: Anna <anna@example.org>\r\nTo: referee@example.org\r\nSubject: orders\r\n"
        b"Message-ID: <over@example.org>\r\n" + headers + b"\r\n" + body + b"\r\n"
    )


def nested(depth: int) -> bytes:
    """A body of ``depth`` multiparts, one inside the other."""
    if depth == 0:
        return b"Content-Type: text/plain\r\n\r\nMOVE Garage\r\n"
    inner = nested(depth - 1)
    return b'Content-Type: multipart/mixed; boundary="b%d"\r\n\r\n--b%d\r\n%s--b%d--\r\n' % (
        depth,
        depth,
        inner,
        depth,
    )


TOO_BIG = {
    "mail-bytes": plain(b"", b"MOVE Garage\r\nSAY " + b"x" * 6000),
    "header-bytes": plain(
        b"References: " + b" ".join(b"<r%d@example.org>" % n for n in range(200)) + b"\r\n", b""
    ),
    "headers": plain(b"".join(b"X-Note-%d: a\r\n" % n for n in range(40)), b"MOVE Garage"),
    "header-parameters": plain(
        b"Content-Type: text/plain; " + b"; ".join(b"p%d=1" % n for n in range(30)) + b"\r\n", b"MOVE Garage"
    ),
    "mime-parts": plain(
        b'MIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary="b"\r\n',
        b"".join(b"--b\r\nContent-Type: text/plain\r\n\r\nMOVE Garage\r\n" for _ in range(10)) + b"--b--",
    ),
    "mime-depth": b"From: anna@example.org\r\nTo: referee@example.org\r\nMessage-ID: <over@example.org>\r\n"
    + nested(6),
}
"""One mail over each limit of ``SMALL``, from Anna's address, unread: a refusal names the limit."""


@pytest.fixture
def small(site: Site) -> tuple[Site, MailSettings]:
    """The site with limits every mail of ``TOO_BIG`` exceeds, one each."""
    mail = site.config().mail
    limits = replace(mail.limits, mail_bytes=5000, header_bytes=2000, headers=30, mime_parts=5, mime_depth=3)
    return site, replace(mail, limits=limits)


@pytest.mark.parametrize("code", sorted(TOO_BIG))
def test_a_mail_over_a_limit_whose_sender_failed_dmarc_is_kept_and_answered_by_nobody(
    small: tuple[Site, MailSettings], code: str
) -> None:
    site, mail = small
    store = site.store()
    raw = signed(TOO_BIG[code], "dmarc=fail (p=reject) header.from=example.org")

    intake = ingest(store, mail, raw, T0)

    assert intake.text == f"refused:sender-failed-dmarc:over-limit:{code}"
    assert [n for n in store.notices(None) if n.address] == []  # no too_big, no refusal, to nobody
    (kept,) = store.inbound()
    assert kept.raw == raw and kept.outcome == intake.text


@pytest.mark.parametrize("code", ["mail-bytes", "mime-depth", "header-parameters"])
def test_a_mail_over_a_limit_whose_sender_passed_is_answered_once_as_before(
    small: tuple[Site, MailSettings], code: str
) -> None:
    site, mail = small
    store = site.store()
    raw = signed(TOO_BIG[code], "spf=pass smtp.mailfrom=example.org; dmarc=pass header.from=example.org")

    assert ingest(store, mail, raw, T0).text == f"refused:over-limit:{code}"
    assert [(n.template, n.address) for n in store.notices(None) if n.address] == [
        ("too_big", "anna@example.org")
    ]


def test_only_the_receiving_servers_verdict_counts_for_a_mail_over_a_limit(
    small: tuple[Site, MailSettings],
) -> None:
    """A forger's own "dmarc=pass" below the receiving server's "fail" does not earn an answer, and the
    check turned off answers as before."""
    site, mail = small
    store = site.store()
    forged = signed(
        TOO_BIG["mail-bytes"].replace(
            b"From:", b"Authentication-Results: evil.example; dmarc=pass\r\nFrom:", 1
        ),
        "dmarc=fail header.from=example.org",
    )
    trusting = replace(mail, authserv_id="mx.example.org")
    assert ingest(store, trusting, forged, T0).text == "refused:sender-failed-dmarc:over-limit:mail-bytes"
    unchecked = replace(mail, check_senders=False)
    again = forged.replace(b"<over@example.org>", b"<over2@example.org>")
    assert ingest(store, unchecked, again, T0).text == "refused:over-limit:mail-bytes"
    assert [n.address for n in store.notices(None) if n.address] == ["anna@example.org"]
