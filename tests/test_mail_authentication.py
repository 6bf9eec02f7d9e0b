"""Sender checks beyond the token (RFC 8601 Authentication-Results): a mail whose From domain
failed DMARC, DKIM or SPF at the receiving server is refused unanswered and changes nothing."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime
from email import message_from_bytes, policy
from pathlib import Path

import pytest
from service_helpers import Site

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
    assert intake.outcome == "refused:sender-failed-dmarc"
    assert store.load(GAME).row.state == before
    assert [n for n in store.notices(None) if n.template in ("answer", "refusal")] == []
    (kept,) = store.inbound()
    assert kept.outcome == "refused:sender-failed-dmarc"  # the game-master sees it in `referee received`


def test_a_mail_passing_the_checks_is_taken_as_usual(site: Site) -> None:
    store, mail = site.store(), site.config().mail
    raw = signed(site.mail_from(GAME, "Anna", "MOVE Garage", T0), "spf=pass smtp.mailfrom=example.org")
    assert ingest(store, mail, raw, T0).outcome == "accepted"


def test_the_check_can_be_turned_off_for_a_server_that_gets_it_wrong(site: Site) -> None:
    store, mail = site.store(), replace(site.config().mail, check_senders=False)
    raw = signed(site.mail_from(GAME, "Anna", "MOVE Garage", T0), "dmarc=fail header.from=example.org")
    assert ingest(store, mail, raw, T0).outcome == "accepted"
    assert message_from_bytes(raw, policy=policy.default)["Authentication-Results"]
