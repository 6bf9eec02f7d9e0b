"""Taking in players' mail: who sent it, what is never answered, what it orders, and how it is answered.

Every test drives a real store (SQLite, and PostgreSQL too where it uses ``database_url``) and a real
Maildir outbox, and reads the referee's mail back with the ``email`` package. The raw mails are
hand-made templates in ``tests/mail/intake/``: ``{TOKEN_ANNA}``, ``{PASSWORD_ANNA}``,
``{WELCOME_ANNA}``, ``{TAMPERED_TOKEN_ANNA}`` and ``{GAME}`` are filled in once the game exists.
"""

from __future__ import annotations

import mailbox
import os
import re
import subprocess
import sys
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser
from email.utils import parseaddr
from pathlib import Path
from typing import Any
from weakref import WeakKeyDictionary

import pytest
from password_helpers import given_password
from sqlmodel import Session, col, select

from referee.app import Referee
from referee.app.gamefile import read_game_file
from referee.config import PROJECT_ROOT, MailSettings
from referee.games.ten_sailors import cards
from referee.mail.compose import thread_root
from referee.mail.delivery import deliver
from referee.mail.intake import Intake, ingest
from referee.mail.transports import MaildirOutbox
from referee.render import Renderer, templates_dir
from referee.store.database import open_engine, upgrade
from referee.store.models import EventRow, SeatRow, SubmissionRow
from referee.store.transactions import Database

MAILS = Path(__file__).parent / "mail" / "intake"
GAME = "mill-42"
T0 = datetime(2026, 12, 1, 20, 0, tzinfo=UTC)
"""When the game is created: the arrival evening (night 0) opens."""
DAY_1 = T0 + timedelta(hours=14, minutes=5)
"""A moment inside hour 1 of day 1, once night 0 is resolved."""
REFEREE = MailSettings(address="referee@example.org", name="Referee")
PLAYERS: dict[str, tuple[str, list[str]]] = {
    "Anna": ("Anna@Example.org", ["Kitchen", "Sofa", "Knife"]),
    "Boris": ("boris@example.org", ["Dining Room", "Fireplace", "Pistol"]),  # the host's character
    "Vera": ("vera@example.org", ["Bedroom", "Table", "Poison"]),
    "Gleb": ("gleb@example.org", ["Conservatory", "Armchair", "Candlestick"]),
}
HOST = "Boris"
CARD_WORDS = sorted(
    {name for table in (cards.ROOMS, cards.FURNITURE, cards.WEAPONS) for name in (*table, *table.values())}
    | set(cards.RU_ACCUSATIVE.values())
    | {form for place, form in cards.RU_PREPOSITIONAL.items() if place != cards.HALL}
)
"""Every card name a mail could give away, in English and Russian (the Hall is no card)."""


# --- helpers -------------------------------------------------------------------------------------


def game_file(directory: Path, *, language: str = "en", options: str = "") -> Path:
    """A game file for Anna, Boris (the host), Vera and Gleb with fixed hands; ``options`` go in [game]."""
    lines = [
        "[game]",
        'kind = "ten-sailors"',
        f'id = "{GAME}"',
        'schedule = "ten-sailors-daily"',
        "seed = 42",
        f'language = "{language}"',
        options,
    ]
    for name, (email, hand) in PLAYERS.items():
        hand_list = ", ".join(f'"{card}"' for card in hand)
        lines += ["", "[[players]]", f'name = "{name}"', f'email = "{email}"', f"hand = [{hand_list}]"]
        if name == HOST:
            lines.append("host = true")
    path = directory / f"{GAME}.toml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def tampered(token: str) -> str:
    """``token`` with its last character changed."""
    return token[:-1] + ("0" if token[-1] != "0" else "1")


_PASSWORDS: WeakKeyDictionary[Referee, dict[str, str]] = WeakKeyDictionary()


def passwords(store: Referee) -> dict[str, str]:
    """Each seat's password, given the first time a test asks (a seat keeps its hash alone)."""
    if store not in _PASSWORDS:
        _PASSWORDS[store] = {seat.name: given_password(store, GAME, seat.name) for seat in store.seats(GAME)}
    return _PASSWORDS[store]


def placeholders(store: Referee) -> dict[str, str]:
    """The values of the placeholders the mail templates use, for the game in ``store``."""
    values = {"GAME": GAME}
    given = passwords(store)
    for seat in store.seats(GAME):
        key = seat.name.upper()
        values[f"TOKEN_{key}"] = seat.token
        values[f"TAMPERED_TOKEN_{key}"] = tampered(seat.token)
        values[f"PASSWORD_{key}"] = given[seat.name]
        values[f"PASSWORD_{key}_SPACED"] = given[seat.name].replace("-", " ").upper()
        values[f"WELCOME_{key}"] = thread_root(REFEREE, store.load(GAME).row, seat)
    return values


def fill(name: str, store: Referee) -> bytes:
    """The raw mail ``tests/mail/intake/<name>`` with its placeholders filled in."""
    raw = (MAILS / name).read_bytes()
    for key, value in placeholders(store).items():
        raw = raw.replace(b"{" + key.encode() + b"}", value.encode())
    assert not re.search(rb"\{[A-Z_]+\}", raw), f"{name} has a placeholder nobody filled"
    return raw


def secrets_of(store: Referee) -> list[str]:
    """Every seat's token and password."""
    given = passwords(store)
    return [secret for seat in store.seats(GAME) for secret in (seat.token, given[seat.name])]


def reply_address(seat: SeatRow) -> str:
    return f"referee+{seat.token}@example.org"


@dataclass(frozen=True)
class Sent:
    """One mail the referee put into the outgoing Maildir."""

    raw: bytes
    message: EmailMessage

    @property
    def to(self) -> str:
        return parseaddr(str(self.message["To"]))[1].lower()

    def header(self, name: str) -> str:
        value = self.message[name]
        return "" if value is None else str(value)

    @property
    def text(self) -> str:
        """Every text part, decoded."""
        parts = [part.get_content() for part in self.message.walk() if part.get_content_maintype() == "text"]
        return "\n".join(parts)

    @property
    def plain(self) -> str:
        body = self.message.get_body(preferencelist=("plain",))
        assert body is not None
        return str(body.get_content())

    @property
    def everything(self) -> str:
        """The raw mail and its decoded text: where a secret must not be."""
        return self.raw.decode("utf-8", errors="replace") + "\n" + self.text


def read_maildir(path: Path, skip: set[str] | None = None) -> dict[str, Sent]:
    """The mails in the Maildir ``path`` by key, leaving out the keys in ``skip``."""
    folder = mailbox.Maildir(path, create=False)
    found = {}
    for key in folder.iterkeys():
        if skip is None or key not in skip:
            raw = folder.get_bytes(key)
            message = BytesParser(policy=policy.default).parsebytes(raw)
            assert isinstance(message, EmailMessage)
            found[key] = Sent(raw, message)
    return found


@dataclass
class Table:
    """One game in a real store, with a Maildir outbox the referee's mail is delivered to."""

    store: Referee
    outgoing: Path
    welcomes: dict[str, Sent] = field(default_factory=dict)
    _read: set[str] = field(default_factory=set)

    def seat(self, name: str) -> SeatRow:
        return self.store.seat(GAME, name)

    def fill(self, name: str) -> bytes:
        return fill(name, self.store)

    def ingest(self, name: str, at: datetime) -> Intake:
        """Takes in the template ``name`` as received at ``at``."""
        return ingest(self.store, REFEREE, self.fill(name), at)

    def deliver(self) -> list[Sent]:
        """Delivers the outbox; returns the mails that are new in the Maildir."""
        outcome = deliver(self.store, MaildirOutbox(self.outgoing), Renderer(templates_dir()), REFEREE)
        assert not outcome.failed
        new = read_maildir(self.outgoing, self._read)
        self._read |= set(new)
        return list(new.values())

    def fingerprint(self) -> tuple[Any, ...]:
        """What a refused or ignored mail must not change: the state, the log, the submissions."""
        with Session(self.store.database.engine) as session:
            submissions = len(session.exec(select(SubmissionRow)).all())
        log = [(row.seq, row.kind, row.data) for row in self.store.events(GAME)]
        return self.store.load(GAME).row.state, log, submissions

    def submissions(self) -> list[SubmissionRow]:
        with Session(self.store.database.engine) as session:
            return list(session.exec(select(SubmissionRow).order_by(col(SubmissionRow.id))).all())

    def events(self, kind: str) -> list[EventRow]:
        return [row for row in self.store.events(GAME) if row.kind == kind]

    def move_of(self, name: str, segment: str = "d0n") -> str | None:
        standing = self.store.load(GAME).state.moves.get((segment, name))
        return None if standing is None else standing.order.room

    def place_for_day_1(self) -> None:
        """Night 0 resolved with Anna and Vera in the Study, Boris in the Garage, Gleb left in the Hall."""
        for number, (name, room) in enumerate((("Anna", "Study"), ("Vera", "Study"), ("Boris", "Garage"))):
            self.store.submit(GAME, name, f"MOVE {room}", T0 + timedelta(minutes=number + 1), "test")
        self.store.resolve(GAME, T0 + timedelta(hours=14))
        state = self.store.load(GAME).state
        where = {name: state.character(name).location for name in PLAYERS}
        assert where == {"Anna": "Study", "Vera": "Study", "Boris": "Garage", "Gleb": "Hall"}
        self.deliver()  # the reports of night 0


def open_table(url: str, directory: Path, *, language: str = "en", options: str = "") -> Table:
    """A new game (from a game file) in a store at ``url``, its welcome letters delivered."""
    engine = open_engine(url)
    upgrade(engine)
    store = Referee(Database(engine))
    game = read_game_file(
        game_file(directory, language=language, options=options), PROJECT_ROOT / "schedules"
    )
    game.create(store, T0)
    table = Table(store, directory / "outgoing")
    addresses = {email.lower(): name for name, (email, _) in PLAYERS.items()}
    table.welcomes = {addresses[sent.to]: sent for sent in table.deliver()}
    assert set(table.welcomes) == set(PLAYERS)
    return table


@pytest.fixture
def table(sqlite_url: str, tmp_path: Path) -> Table:
    """A game on SQLite."""
    return open_table(sqlite_url, tmp_path)


@pytest.fixture
def any_table(database_url: str, tmp_path: Path) -> Table:
    """A game on SQLite and, in a second run, on PostgreSQL."""
    return open_table(database_url, tmp_path)


def message_id(raw: bytes) -> str:
    message = BytesParser(policy=policy.default).parsebytes(raw, headersonly=True)
    return str(message["Message-ID"])


def sender(raw: bytes) -> str:
    message = BytesParser(policy=policy.default).parsebytes(raw, headersonly=True)
    return parseaddr(str(message["From"]))[1].lower()


def answers_to(mails: list[Sent], raw: bytes) -> list[Sent]:
    """The mails among ``mails`` that answer the mail ``raw``."""
    return [sent for sent in mails if sent.header("In-Reply-To") == message_id(raw)]


# --- 1. authentication ---------------------------------------------------------------------------

REFUSED = [
    pytest.param("stranger_to_anna_token.eml", "refused:not-the-registered-sender", id="unknown-address"),
    pytest.param("anna_to_boris_token.eml", "refused:not-the-registered-sender", id="another-seats-token"),
    pytest.param("tampered_token.eml", "refused:unknown-token", id="tampered-token"),
    pytest.param("wrong_password.eml", "refused:wrong-password", id="wrong-password"),
    pytest.param("password_to_boris_token.eml", "refused:password-for-another-seat", id="password-and-token"),
]


@pytest.mark.parametrize(("name", "outcome"), REFUSED)
def test_mail_not_proven_to_be_a_players_changes_nothing_and_gets_one_anonymous_answer(
    any_table: Table, name: str, outcome: str
) -> None:
    """Only the seat's address to its token, or the seat's password, speaks for a character."""
    before = any_table.fingerprint()
    raw = any_table.fill(name)

    intake = ingest(any_table.store, REFEREE, raw, T0 + timedelta(minutes=15))

    assert intake.text == outcome
    assert (intake.game_id, intake.seat, intake.verdicts) == (None, None, ())
    assert any_table.fingerprint() == before
    assert [row.outcome for row in any_table.store.inbound()] == [outcome]
    sent = any_table.deliver()
    assert len(sent) == 1
    (answer,) = sent
    assert answer.to == sender(raw)
    assert answer.header("In-Reply-To") == message_id(raw)
    assert answer.header("Auto-Submitted") == "auto-replied"
    assert "HOW TO GIVE ORDERS" not in answer.plain and len(answer.plain) < 1500
    said = answer.header("Subject") + "\n" + answer.text
    assert GAME not in answer.everything
    for secret in secrets_of(any_table.store):
        assert secret not in answer.everything
    for word in [*PLAYERS, *CARD_WORDS]:
        assert not re.search(rf"\b{re.escape(word)}\b", said), f"the refusal names {word!r}"


def test_a_second_unknown_mail_from_the_same_address_within_a_day_is_not_answered(table: Table) -> None:
    """Refusals go at most once a day to an address, so a forged sender cannot make the referee spam."""
    first = ingest(table.store, REFEREE, table.fill("stranger_to_anna_token.eml"), T0 + timedelta(minutes=15))
    again = table.fill("stranger_to_anna_token.eml").replace(b"<mallory-1@", b"<mallory-2@")
    second = ingest(table.store, REFEREE, again, T0 + timedelta(hours=3))
    third = table.fill("stranger_to_anna_token.eml").replace(b"<mallory-1@", b"<mallory-3@")
    later = ingest(table.store, REFEREE, third, T0 + timedelta(days=1, hours=1))
    assert first.text == second.text == later.text == "refused:not-the-registered-sender"
    assert [mail.to for mail in table.deliver()] == ["mallory@elsewhere.example.net"] * 2  # first and later


def test_a_mail_from_the_registered_address_to_the_bare_address_is_held_and_its_sender_asked(
    table: Table,
) -> None:
    """Registered as Anna@Example.org, writing as anna@example.org to referee@example.org: nothing is
    applied, and only the registered address is asked to confirm (test_mail_confirmation.py)."""
    before = table.fingerprint()
    intake = table.ingest("anna_to_bare_address.eml", T0 + timedelta(minutes=13))
    assert (intake.text, intake.seat) == ("held:unconfirmed", "Anna")
    assert table.fingerprint() == before
    (asked,) = table.deliver()
    assert asked.to == "anna@example.org" and "MOVE Garage" in asked.plain


# --- 2. accepted -----------------------------------------------------------------------------------


def test_password_typed_with_spaces_in_capitals_below_a_greeting_is_accepted(table: Table) -> None:
    intake = table.ingest("password_spaced_other_address.eml", T0 + timedelta(minutes=20))
    assert (intake.text, intake.seat) == ("accepted", "Anna")
    assert table.move_of("Anna") == "Garage"
    # "Hi referee," is no order: beside the move it is table talk, said aloud (TS-23 ruling)
    assert [(v.accepted, v.understood.get("kind")) for v in intake.verdicts] == [
        (True, "say"),
        (True, "move"),
    ]
    (answer,) = [mail for mail in table.deliver() if mail.to == "a.smirnova@office.example.com"]
    assert answer.to == "a.smirnova@office.example.com"
    assert passwords(table.store)["Anna"] not in answer.everything.lower()


def test_ts23_talk_from_the_player_that_starts_with_the_word_password_is_still_talk(table: Table) -> None:
    """The personal address and the registered sender prove the seat; a stray "Password …" is only words."""
    intake = table.ingest("talk_starting_with_password_word.eml", T0 + timedelta(minutes=25))
    assert (intake.text, intake.seat) == ("accepted", "Anna")
    (said,) = table.events("message_posted")
    assert said.data["text"] == "Password please, whoever guards the door."


def test_reply_from_registered_address_to_personal_address_is_the_players_orders(any_table: Table) -> None:
    raw = any_table.fill("reply_from_anna.eml")

    intake = ingest(any_table.store, REFEREE, raw, T0 + timedelta(minutes=5))

    assert (intake.text, intake.game_id, intake.seat) == ("accepted", GAME, "Anna")
    assert [(v.line, v.accepted) for v in intake.verdicts] == [("MOVE Study", True)]
    assert any_table.move_of("Anna") == "Study"
    (answer,) = answers_to(any_table.deliver(), raw)
    assert answer.to == "anna@example.org"


def test_registered_address_and_personal_address_are_compared_ignoring_case(table: Table) -> None:
    """Registered as Anna@Example.org, writing as aNNa@EXAMPLE.org to Referee+<token>@Example.ORG."""
    intake = table.ingest("reply_mixed_case_address.eml", T0 + timedelta(minutes=5))

    assert (intake.text, intake.seat) == ("accepted", "Anna")
    assert table.move_of("Anna") == "Garage"


def test_password_line_from_another_address_acts_for_the_seat_and_is_answered_there(table: Table) -> None:
    """The password line is taken out: it is neither an order nor table talk (TS-23)."""
    raw = table.fill("password_from_other_address.eml")

    intake = ingest(table.store, REFEREE, raw, T0 + timedelta(minutes=5))

    assert (intake.text, intake.seat) == ("accepted", "Anna")
    assert [(v.line, v.accepted) for v in intake.verdicts] == [("MOVE Garage", True)]
    assert table.move_of("Anna") == "Garage"
    assert table.events("message_posted") == []
    password = passwords(table.store)["Anna"]
    assert [password not in row.text for row in table.submissions()] == [True]
    sent = table.deliver()
    assert [mail.to for mail in sent] == ["anna.work@office.example.net"]
    assert answers_to(sent, raw) == sent
    assert password not in sent[0].everything


def test_ts23_russian_password_line_is_not_said_aloud_with_the_talk_after_it(table: Table) -> None:
    """ПАРОЛЬ on the first line, talk below it: only the talk is posted to the Hall (TS-23, TS-3)."""
    intake = table.ingest("password_ru_talk.eml", T0 + timedelta(minutes=5))

    assert (intake.text, intake.seat) == ("accepted", "Anna")
    (posted,) = table.events("message_posted")
    assert posted.data["text"] == "Кто-нибудь уже был в оранжерее?"
    password = passwords(table.store)["Anna"]
    sent = table.deliver()
    assert sorted(mail.to for mail in sent) == [
        "anna.phone@mobile.example.net", "boris@example.org", "gleb@example.org", "vera@example.org"
    ]  # fmt: skip
    for mail in sent:
        assert password not in mail.everything


def test_ts23_a_password_pasted_below_a_greeting_is_never_said_aloud(table: Table) -> None:
    """Anna replies from her own address with her password on the second line: nobody else may read it."""
    table.ingest("password_inside_talk.eml", T0 + timedelta(minutes=5))

    password = passwords(table.store)["Anna"]
    for row in table.events("message_posted"):
        assert password not in row.data["text"]
    for mail in table.deliver():
        if mail.to != "anna@example.org":
            assert password not in mail.everything, mail.to


# --- 3. never answered -----------------------------------------------------------------------------

IGNORED = [
    pytest.param("auto_reply.eml", "ignored:auto-submitted", id="auto-replied"),
    pytest.param("bounce.eml", "ignored:mailer-daemon", id="bounce"),
    pytest.param("mailing_list.eml", "ignored:mailing-list", id="list-id"),
    pytest.param("precedence_bulk.eml", "ignored:precedence", id="precedence-bulk"),
    pytest.param("from_referee.eml", "ignored:own-mail", id="referee-address"),
    pytest.param("from_referee_token.eml", "ignored:own-mail", id="referee-token-address"),
]


@pytest.mark.parametrize(("name", "outcome"), IGNORED)
def test_automatic_list_and_own_mail_is_kept_but_never_answered_and_changes_nothing(
    table: Table, name: str, outcome: str
) -> None:
    """RFC 3834: no answer to machines, lists or the referee itself, so no mail loop can start."""
    before = table.fingerprint()
    notices = len(table.store.notices(None))

    intake = table.ingest(name, T0 + timedelta(minutes=20))

    assert intake.text == outcome
    assert table.fingerprint() == before
    assert len(table.store.notices(None)) == notices
    assert [row.outcome for row in table.store.inbound()] == [outcome]
    assert table.deliver() == []


# --- 4. one Message-ID, one submission -------------------------------------------------------------


def test_the_same_message_delivered_twice_is_judged_and_answered_once(any_table: Table) -> None:
    raw = any_table.fill("reply_from_anna.eml")
    relayed_again = (
        b"Received: from mx2.example.org by mail.example.org; Tue, 1 Dec 2026 20:09:00 +0000\n" + raw
    )

    first = ingest(any_table.store, REFEREE, raw, T0 + timedelta(minutes=5))
    second = ingest(any_table.store, REFEREE, relayed_again, T0 + timedelta(minutes=9))

    assert (first.text, second.text) == ("accepted", "duplicate")
    assert len(any_table.submissions()) == 1
    assert len(any_table.events("order_accepted")) == 1
    assert len(any_table.store.inbound()) == 1
    assert len(answers_to(any_table.deliver(), raw)) == 1


# --- 5. the referee's clock --------------------------------------------------------------------------


def test_ts11_orders_count_from_when_the_referee_received_them_not_their_date_header(
    any_table: Table,
) -> None:
    """The mail dated 23:59 arrives first, the one dated 20:01 second: the later-received MOVE wins."""
    first_at, second_at = T0 + timedelta(minutes=5), T0 + timedelta(minutes=10)

    any_table.ingest("date_late_header.eml", first_at)
    any_table.ingest("date_early_header.eml", second_at)

    assert any_table.move_of("Anna") == "Garage"
    standing = any_table.store.load(GAME).state.moves[("d0n", "Anna")]
    assert standing.received_at == second_at
    accepted = any_table.events("order_accepted")
    assert [row.data["received_at"] for row in accepted] == [first_at.isoformat(), second_at.isoformat()]
    assert [row.data["order"]["room"] for row in accepted] == ["Study", "Garage"]
    inbound = any_table.store.inbound()
    kept = [row.received_at.replace(tzinfo=None) for row in inbound]
    assert kept == [first_at.replace(tzinfo=None), second_at.replace(tzinfo=None)]
    assert [row.received_at.replace(tzinfo=UTC) for row in any_table.submissions()] == [first_at, second_at]


# --- 6. the answer ---------------------------------------------------------------------------------


def test_ts11_good_line_is_kept_beside_a_bad_one_and_the_answer_says_what_changed(table: Table) -> None:
    table.ingest("reply_from_anna.eml", T0 + timedelta(minutes=5))  # MOVE Study
    raw = table.fill("good_and_bad_line.eml")  # MOVE Garage / SEARCH Rope, Sink (at night)

    intake = ingest(table.store, REFEREE, raw, T0 + timedelta(minutes=10))

    assert [(v.line, v.accepted, v.reason) for v in intake.verdicts] == [
        ("MOVE Garage", True, ""), ("SEARCH Rope, Sink", False, "search_at_night")
    ]  # fmt: skip
    assert table.move_of("Anna") == "Garage"
    (answer,) = answers_to(table.deliver(), raw)
    text = answer.plain
    assert "OK: move to the Garage" in text
    assert "NOT ACCEPTED: SEARCH Rope, Sink — nobody searches at night" in text
    assert text.count("Garage") == 1  # each accepted line said once
    dropped = text.split("No longer in force:")[1]
    assert re.search(r"- .*move to the Study", dropped) and "Garage" not in dropped


# --- 7. table talk --------------------------------------------------------------------------------


def test_ts23_mail_without_orders_is_said_aloud_and_mailed_at_once_to_those_present(table: Table) -> None:
    """Anna speaks in the Study: Vera (there) hears it at once; Boris (the host, elsewhere) and Gleb in the
    Hall do not (TS-23, revised: the host's character hears like everyone)."""
    table.place_for_day_1()
    raw = table.fill("talk.eml")

    intake = ingest(table.store, REFEREE, raw, DAY_1)

    assert [(v.accepted, v.understood.get("kind")) for v in intake.verdicts] == [(True, "say")]
    (posted,) = table.events("message_posted")
    assert posted.data["text"] == "Hello, anybody in the study?"
    assert (posted.data["from"], posted.data["location"]) == ("Anna", "Study")
    assert sorted(posted.audience) == ["Anna", "Vera"]
    sent = table.deliver()
    talk = {mail.to: mail for mail in sent if mail.header("In-Reply-To") != message_id(raw)}
    assert sorted(talk) == ["vera@example.org"]
    for mail in talk.values():
        assert "Hello, anybody in the study?" in mail.plain
        assert "Anna says in the Study" in mail.plain
    assert [mail.to for mail in answers_to(sent, raw)] == ["anna@example.org"]


def test_ts3_without_relay_talk_nothing_is_mailed_but_the_next_report_of_those_present_has_it(
    sqlite_url: str, tmp_path: Path
) -> None:
    table = open_table(sqlite_url, tmp_path, options="relay_talk = false")
    table.place_for_day_1()
    table.ingest("talk.eml", DAY_1)

    assert [mail.to for mail in table.deliver()] == ["anna@example.org"]  # the answer only
    table.store.resolve(GAME, DAY_1 + timedelta(hours=1))
    reports = {mail.to: mail.plain for mail in table.deliver() if "Report for" in mail.header("Subject")}
    assert sorted(reports) == sorted(email.lower() for email, _ in PLAYERS.values())
    assert "Hello, anybody in the study?" in reports["vera@example.org"]
    assert "Hello, anybody in the study?" not in reports["boris@example.org"]  # the host, elsewhere (TS-23)
    assert "Hello, anybody in the study?" not in reports["gleb@example.org"]


def test_ts3_a_player_who_asked_for_talk_in_reports_gets_no_talk_mail_and_finds_it_in_the_report(
    table: Table,
) -> None:
    """Vera mails TALK DIGEST on the first day: Anna's line in the Study reaches her in the report only."""
    table.place_for_day_1()
    choice = table.ingest("vera_talk_digest.eml", DAY_1 - timedelta(minutes=4))
    assert [(v.accepted, v.understood.get("kind")) for v in choice.verdicts] == [(True, "talk")]
    (answer,) = table.deliver()
    assert "will come only in your reports" in answer.plain

    table.ingest("talk.eml", DAY_1)

    assert sorted(mail.to for mail in table.deliver()) == ["anna@example.org"]  # the answer only
    table.store.resolve(GAME, DAY_1 + timedelta(hours=1))
    delivered = table.deliver()
    reports = {mail.to: mail.plain for mail in delivered if "report for" in mail.header("Subject").lower()}
    assert "Hello, anybody in the study?" in reports["vera@example.org"]
    assert "Hello, anybody in the study?" not in reports["gleb@example.org"]


# --- 8. quotations and signatures -----------------------------------------------------------------


def test_ts11_an_old_order_quoted_in_a_reply_is_not_given_again(table: Table) -> None:
    """New text MOVE Garage above a quoted "> MOVE Study": were the quote read, Study would win."""
    intake = table.ingest("quoted_old_order.eml", T0 + timedelta(minutes=5))

    assert [v.line for v in intake.verdicts] == ["MOVE Garage"]
    assert table.move_of("Anna") == "Garage"
    assert [row.data["order"]["room"] for row in table.events("order_accepted")] == ["Garage"]


def test_ts23_a_signature_never_becomes_table_talk(table: Table) -> None:
    """The signature below "-- " even holds a line starting with GO, which would read as an order."""
    intake = table.ingest("talk_with_signature.eml", T0 + timedelta(minutes=5))

    assert [(v.accepted, v.understood.get("kind")) for v in intake.verdicts] == [(True, "say")]
    (posted,) = table.events("message_posted")
    assert posted.data["text"] == "Is anyone else cold in this hall?"
    for mail in table.deliver():
        assert "Karenina" not in mail.text and "search well" not in mail.text


# --- 9. Russian mail in old charsets ----------------------------------------------------------------


def test_ts9_koi8r_quoted_printable_orders_are_understood_and_answered_in_russian(
    sqlite_url: str, tmp_path: Path
) -> None:
    """The Bat! in KOI8-R: ИДТИ Кабинет is new, the quoted ИДТИ Гараж and the signature are not."""
    table = open_table(sqlite_url, tmp_path, language="ru")
    raw = table.fill("koi8r_quoted_printable.eml")

    intake = ingest(table.store, REFEREE, raw, T0 + timedelta(minutes=5))

    assert (intake.text, intake.seat) == ("accepted", "Anna")
    assert [(v.line, v.accepted) for v in intake.verdicts] == [("ИДТИ Кабинет", True)]
    assert table.move_of("Anna") == "Study"
    (answer,) = answers_to(table.deliver(), raw)
    assert "Anna, судья прочёл ваше письмо" in answer.plain
    assert "ПРИНЯТО:" in answer.plain and "кабинет" in answer.plain


def test_ts9_windows1251_base64_orders_are_understood_and_refusals_explained_in_russian(
    sqlite_url: str, tmp_path: Path
) -> None:
    """Outlook in windows-1251: the move is taken, the night search refused, the original left out."""
    table = open_table(sqlite_url, tmp_path, language="ru")
    raw = table.fill("windows1251_base64.eml")

    intake = ingest(table.store, REFEREE, raw, T0 + timedelta(minutes=5))

    assert (intake.text, intake.seat) == ("accepted", "Vera")
    assert [(v.line, v.accepted, v.reason) for v in intake.verdicts] == [
        ("ИДТИ Гараж", True, ""), ("ИСКАТЬ Нож, Диван", False, "search_at_night")
    ]  # fmt: skip
    assert table.move_of("Vera") == "Garage"
    (answer,) = answers_to(table.deliver(), raw)
    assert answer.to == "vera@example.org"
    assert "ПРИНЯТО:" in answer.plain
    assert "НЕ ПРИНЯТО: ИСКАТЬ Нож, Диван" in answer.plain
    assert "NOT ACCEPTED" not in answer.plain


def test_answers_declare_the_games_language(sqlite_url: str, tmp_path: Path) -> None:
    table = open_table(sqlite_url, tmp_path, language="ru")
    raw = table.fill("koi8r_quoted_printable.eml")
    ingest(table.store, REFEREE, raw, T0 + timedelta(minutes=5))

    (answer,) = answers_to(table.deliver(), raw)

    assert answer.header("Content-Language") == "ru"


# --- 10. threading and reply addresses --------------------------------------------------------------


def test_answer_threads_under_the_players_mail_and_the_welcome_letter(any_table: Table) -> None:
    raw = any_table.fill("reply_from_anna.eml")
    any_table.ingest("reply_from_anna.eml", T0 + timedelta(minutes=5))

    (answer,) = answers_to(any_table.deliver(), raw)

    welcome = any_table.welcomes["Anna"]
    game = any_table.store.load(GAME).row
    assert welcome.header("Message-ID") == thread_root(REFEREE, game, any_table.seat("Anna"))
    assert answer.header("In-Reply-To") == "<anna-first-orders@mail.example.org>"
    assert welcome.header("Message-ID") in answer.header("References").split()
    assert answer.header("Subject").startswith(f"[{GAME}] Re:")
    assert GAME in answer.header("List-Id")
    assert answer.header("Auto-Submitted") == "auto-replied"
    assert answer.header("Reply-To") == reply_address(any_table.seat("Anna"))


def test_each_players_mail_replies_to_their_own_address_and_no_one_elses(table: Table) -> None:
    """Welcome letters, answers, table talk and reports: Anna's token goes to Anna only."""
    table.ingest("reply_from_anna.eml", T0 + timedelta(minutes=5))
    table.ingest("talk_with_signature.eml", T0 + timedelta(minutes=6))  # heard by all in the Hall
    table.store.resolve(GAME, T0 + timedelta(hours=14))
    sent = [*table.welcomes.values(), *table.deliver()]
    seats = {seat.email.lower(): seat for seat in table.store.seats(GAME)}
    anna = table.seat("Anna")

    subjects = [mail.header("Subject") for mail in sent]
    for kind in ("Welcome to the castle", "] Re:", "speaks in the Hall", "Report for"):
        assert any(kind in subject for subject in subjects), kind
    for mail in sent:
        assert mail.header("Reply-To") == reply_address(seats[mail.to])
        if mail.to != anna.email.lower():
            assert anna.token not in mail.everything, mail.header("Subject")


# --- 11. secrets through the command line -----------------------------------------------------------


def write_config(directory: Path, url: str) -> None:
    (directory / "referee.toml").write_text(
        f'[database]\nurl = "{url}"\n\n[mail]\naddress = "referee@example.org"\n'
        'incoming = "maildir:incoming"\noutgoing = "maildir:outgoing"\n',
        encoding="utf-8",
    )


def referee(directory: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """``referee ARGS`` in a fresh process, with ``directory``'s referee.toml."""
    return subprocess.run(
        [sys.executable, "-m", "referee", *args],
        cwd=directory,
        capture_output=True,
        text=True,
        env={key: value for key, value in os.environ.items() if key != "REFEREE_CONFIG"},
        check=False,
    )


def cli_store(url: str) -> Referee:
    """The store behind the command line's database, opened by the test itself."""
    engine = open_engine(url)
    upgrade(engine)
    return Referee(Database(engine))


def write_mails(directory: Path, store: Referee, *names: str) -> list[str]:
    """The templates ``names`` filled in and written to ``directory``; their paths."""
    paths = []
    for name in names:
        path = directory / name
        path.write_bytes(fill(name, store))
        paths.append(str(path))
    return paths


def test_the_command_line_and_the_game_masters_copies_show_no_token_and_no_password(
    sqlite_url: str, tmp_path: Path
) -> None:
    write_config(tmp_path, sqlite_url)
    assert referee(tmp_path, "init").returncode == 0
    options = 'master_email = "gm@example.org"\ncopy_master = true'
    created = referee(tmp_path, "game", "create", str(game_file(tmp_path, options=options)))
    assert created.returncode == 0, created.stderr
    store = cli_store(sqlite_url)
    letters = tmp_path / "letters"
    letters.mkdir()
    mails = write_mails(
        letters, store, "reply_from_anna.eml", "password_from_other_address.eml", "wrong_password.eml"
    )

    ingested = referee(tmp_path, "ingest", *mails, "--at", "2026-12-01T20:30:00+00:00")

    assert ingested.returncode == 0, ingested.stderr
    assert "mill-42/Anna" in ingested.stdout and "refused:wrong-password" in ingested.stdout
    for secret in secrets_of(store):
        for run in (created, ingested):
            assert secret not in run.stdout + run.stderr
    sent = list(read_maildir(tmp_path / "outgoing").values())
    to_master = [mail for mail in sent if mail.to == "gm@example.org"]
    copies = [mail for mail in to_master if "game-master" not in mail.header("Subject")]
    assert len(copies) == len(PLAYERS) + 2  # every welcome letter and both answers
    assert len(to_master) == len(copies) + 1  # and the game-master's own first letter
    for copy in copies:
        assert copy.header("Reply-To") == "referee@example.org"
        for secret in secrets_of(store):
            assert secret not in copy.everything, copy.header("Subject")
    anna = store.seat(GAME, "Anna")
    own = [mail for mail in sent if mail.to == anna.email.lower()]
    assert own and all(mail.header("Reply-To") == reply_address(anna) for mail in own)
    listed = referee(tmp_path, "received")
    assert listed.returncode == 0, listed.stderr
    assert [line.split()[2] for line in listed.stdout.splitlines()] == [
        "accepted", "accepted", "refused:wrong-password"
    ]  # fmt: skip
    for secret in secrets_of(store):
        assert secret not in listed.stdout


# --- 12. delivery is retried -------------------------------------------------------------------------


def test_an_answer_that_cannot_be_sent_waits_in_the_outbox_and_goes_exactly_once_later(
    sqlite_url: str, tmp_path: Path
) -> None:
    write_config(tmp_path, sqlite_url)
    table = open_table(sqlite_url, tmp_path)  # delivers the welcome letters to tmp_path/outgoing
    outgoing = tmp_path / "outgoing"
    welcomes = len(read_maildir(outgoing))
    (tmp_path / "kept-aside").mkdir()
    outgoing.rename(tmp_path / "kept-aside" / "outgoing")
    outgoing.write_text("a file where the outgoing Maildir should be\n", encoding="utf-8")
    mail = write_mails(tmp_path, table.store, "reply_from_anna.eml")

    ingested = referee(tmp_path, "ingest", *mail)

    assert ingested.returncode == 0, ingested.stderr
    assert "warning" in ingested.stderr
    (answer,) = [row for row in table.store.notices(GAME) if row.template == "answer"]
    assert answer.sent_at is None and answer.attempts >= 1 and answer.last_error
    outgoing.unlink()
    (tmp_path / "kept-aside" / "outgoing").rename(outgoing)

    delivered = referee(tmp_path, "deliver")

    assert delivered.returncode == 0, delivered.stderr
    assert "0 mails still waiting" in delivered.stdout
    sent = list(read_maildir(outgoing).values())
    assert len(answers_to(sent, table.fill("reply_from_anna.eml"))) == 1
    assert len(sent) == welcomes + 1
    assert referee(tmp_path, "deliver").returncode == 0
    assert len(read_maildir(outgoing)) == welcomes + 1


# --- 13. fetching the incoming Maildir -----------------------------------------------------------------


def test_fetch_takes_the_incoming_maildir_once_in_arrival_order_and_answers_it(
    sqlite_url: str, tmp_path: Path
) -> None:
    """MOVE Garage is put into the Maildir first but arrived last, so it is the order in force (TS-11)."""
    write_config(tmp_path, sqlite_url)
    table = open_table(sqlite_url, tmp_path)
    inbox = mailbox.Maildir(tmp_path / "incoming", create=True)
    arrivals = {"date_early_header.eml": 2_000_000_000, "reply_from_anna.eml": 1_900_000_000}
    for name, arrived in arrivals.items():
        message = mailbox.MaildirMessage(table.fill(name))
        message.set_date(arrived)
        inbox.add(message)

    fetched = referee(tmp_path, "fetch")

    assert fetched.returncode == 0, fetched.stderr
    assert fetched.stdout.count(f"{GAME}/Anna") == 2
    assert [message_id(row.raw) for row in table.store.inbound()] == [
        "<anna-first-orders@mail.example.org>", "<anna-clock-behind@mail.example.org>"
    ]  # fmt: skip
    assert table.move_of("Anna") == "Garage"
    sent = table.deliver()  # what the command sent and nothing more
    for name in arrivals:
        assert len(answers_to(sent, table.fill(name))) == 1
    assert all("S" in message.get_flags() for message in mailbox.Maildir(tmp_path / "incoming"))

    again = referee(tmp_path, "fetch")

    assert again.returncode == 0, again.stderr
    assert GAME not in again.stdout
    assert len(table.store.inbound()) == 2
    assert len(table.submissions()) == 2


def test_ingest_from_a_folder_that_is_no_maildir_says_so_and_creates_nothing(
    sqlite_url: str, tmp_path: Path
) -> None:
    write_config(tmp_path, sqlite_url)
    assert referee(tmp_path, "init").returncode == 0
    result = referee(tmp_path, "ingest", "--maildir", str(tmp_path / "typo"))
    assert result.returncode == 1
    assert "is not a Maildir folder" in result.stderr
    assert not (tmp_path / "typo").exists()


def test_an_order_typed_with_look_alike_letters_of_another_script_is_read_as_meant(table: Table) -> None:
    """ "Dining Rооm" with two Cyrillic "о" is the Dining Room (issue 12), not "'Dining' is not a room"."""
    raw = table.fill("reply_from_anna.eml").replace(b"MOVE Study", "MOVE Dining R\u043e\u043em".encode())

    intake = ingest(table.store, REFEREE, raw, T0 + timedelta(minutes=5))

    assert [(v.line, v.accepted) for v in intake.verdicts] == [("MOVE Dining Room", True)]
    assert table.move_of("Anna") == "Dining Room"
