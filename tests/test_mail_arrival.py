"""The mail door hands the application one thing and gets one back: it reads a mail into one
``RawArrival`` (the bytes, what it read, its verdicts on the wire) and ``Mailroom.take`` does the rest
in one pass — cleaning, the password and its hiding, judging, answering — and returns one
``Receipt``, whose outcome is a ``MailOutcome`` kept in the database in the words it always was."""

from __future__ import annotations

import ast
from datetime import timedelta
from pathlib import Path

import pytest
from test_mail_intake import REFEREE, T0, Table, open_table, passwords

from referee.app import Fate, MailOutcome, RawArrival, Receipt
from referee.config import PROJECT_ROOT, Limits, MailSettings
from referee.mail.intake import arrival, ingest


@pytest.fixture
def table(sqlite_url: str, tmp_path: Path) -> Table:
    return open_table(sqlite_url, tmp_path)


def test_a_mail_is_handed_to_the_mailroom_once_and_its_password_taken_and_hidden_there(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    """TS-23: a password line acts for its seat and is never kept; the door never looks for it."""
    handed: list[RawArrival] = []
    take = table.store.mailroom.take

    def counted(mail: RawArrival, limits: Limits) -> Receipt:
        handed.append(mail)
        return take(mail, limits)

    monkeypatch.setattr(table.store.mailroom, "take", counted)
    raw = table.fill("password_from_other_address.eml")
    password = passwords(table.store)["Anna"]

    receipt = ingest(table.store, REFEREE, raw, T0 + timedelta(minutes=20))

    assert len(handed) == 1
    assert password in handed[0].text and handed[0].raw == raw  # as the mail gave them
    assert (receipt.outcome, receipt.fate, receipt.seat) == (MailOutcome.ACCEPTED, Fate.ACCEPTED, "Anna")
    assert receipt.message_id == "<anna-work-1@office.example.net>"
    assert table.move_of("Anna") == "Garage"
    kept = table.store.inbound()[-1]
    assert kept.outcome == "accepted" and password.encode() not in kept.raw


def test_a_mail_over_a_limit_is_handed_over_unread_with_the_limit_and_why_it_is_not_answered() -> None:
    mail = MailSettings(address="referee@example.org", limits=Limits(mail_bytes=2_000))
    raw = (
        b"From: List <news@lists.example.net>\nTo: referee@example.org\nPrecedence: bulk\n"
        b"Message-ID: <big@lists.example.net>\n\n" + b"x" * 3_000
    )

    big = arrival(raw, T0, mail)

    assert (big.over, big.limit, big.text) == ("mail-bytes", 2_000, "")
    assert (big.sender, big.message_id, big.unanswerable) == (
        "news@lists.example.net",
        "<big@lists.example.net>",
        "precedence",
    )


OLD_WORDS = {
    "accepted": (MailOutcome.ACCEPTED, ""),
    "accepted:game-master": (MailOutcome.GAME_MASTER, ""),
    "accepted:confirmed": (MailOutcome.CONFIRMED, ""),
    "accepted:disowned": (MailOutcome.DISOWNED, ""),
    "accepted:link": (MailOutcome.LINK, ""),
    "accepted:new-password": (MailOutcome.NEW_PASSWORD, ""),
    "accepted:too-many": (MailOutcome.PASSWORD_LATER, ""),
    "accepted:signup": (MailOutcome.SIGNUP, ""),
    "accepted:resign": (MailOutcome.RESIGN, ""),
    "held:game-stopped": (MailOutcome.GAME_STOPPED, ""),
    "held:unconfirmed": (MailOutcome.UNCONFIRMED, ""),
    "held:confirmation-unclear": (MailOutcome.CONFIRMATION_UNCLEAR, ""),
    "refused:wrong-password": (MailOutcome.WRONG_PASSWORD, ""),
    "refused:password-for-another-seat": (MailOutcome.PASSWORD_FOR_ANOTHER_SEAT, ""),
    "refused:no-personal-address": (MailOutcome.NO_PERSONAL_ADDRESS, ""),
    "refused:unknown-token": (MailOutcome.UNKNOWN_TOKEN, ""),
    "refused:not-the-registered-sender": (MailOutcome.NOT_THE_REGISTERED_SENDER, ""),
    "refused:too-many-wrong-passwords": (MailOutcome.TOO_MANY_WRONG_PASSWORDS, ""),
    "refused:confirmation-lapsed": (MailOutcome.CONFIRMATION_LAPSED, ""),
    "refused:too-many-unconfirmed": (MailOutcome.TOO_MANY_UNCONFIRMED, ""),
    "refused:over-limit:mime-depth": (MailOutcome.OVER_LIMIT, "mime-depth"),
    "refused:sender-failed-dmarc-spf": (MailOutcome.SENDER_FAILED, "dmarc-spf"),
    "refused:sender-failed-dkim:over-limit:headers": (MailOutcome.SENDER_FAILED, "dkim:over-limit:headers"),
    "ignored:bounce": (MailOutcome.IGNORED, "bounce"),
    "duplicate": (MailOutcome.DUPLICATE, ""),
}
"""Every outcome as rows say it: those kept before this enum existed, and the sign-up's since."""


def test_every_outcome_is_kept_in_the_words_rows_were_kept_in_before() -> None:
    assert {outcome for outcome, _ in OLD_WORDS.values()} == set(MailOutcome)  # none left out
    for words, (outcome, detail) in OLD_WORDS.items():
        receipt = Receipt(outcome, detail)
        assert receipt.text == words
        assert receipt.fate.value == words.partition(":")[0]


def test_the_mail_door_reads_and_hands_over_through_the_application_layers_public_face_only() -> None:
    """Reading a mail needs nothing of the mailroom's: the door's modules import ``referee.app`` itself,
    never one of its modules (the mail's text no longer climbs between the two)."""
    door = PROJECT_ROOT / "referee" / "mail"
    for name in ("intake", "readers", "reading", "authentication", "limits", "charsets", "quotes"):
        tree = ast.parse((door / f"{name}.py").read_text(encoding="utf-8"))
        imported = {
            node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module
        }
        assert {module for module in imported if module.startswith("referee.app.")} == set(), name
