"""A mail from a player's registered address to the referee's plain address: held, never applied on
its word, and the registered address — no other — is asked to confirm it; a reply to that question
applies the held orders.

Every mail goes through the real intake (``ingest``) and the real delivery into a Maildir, read back
with the ``email`` package; the store is SQLite and, where ``database_url`` is used, PostgreSQL too.
"""

from __future__ import annotations

import mailbox
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser
from email.utils import parseaddr
from pathlib import Path

import pytest
from service_helpers import Site
from sqlmodel import Session, select

from referee.app.audit import Actor
from referee.app.confirmation import TOKEN_PREFIX
from referee.mail.delivery import deliver
from referee.mail.intake import Intake, ingest
from referee.mail.transports import MaildirOutbox
from referee.render import Renderer
from referee.store.models import HeldRow

T0 = datetime(2026, 12, 1, 17, 0, tzinfo=UTC)
GAME = "castle"
ANNA = "anna@example.org"
PLAIN = "referee@example.org"


@dataclass
class Post:
    """A game on a site, mail into the intake and the referee's mail out of a Maildir."""

    site: Site
    numbers: list[int] = field(default_factory=list)
    seen: set[str] = field(default_factory=set)

    def __post_init__(self) -> None:
        self.store, self.mail = self.site.store(), self.site.config().mail
        self.delivered()  # the welcome letters

    def send(self, text: str, *, sender: str = ANNA, to: str = PLAIN, at: datetime = T0) -> Intake:
        """A mail from ``sender`` to ``to`` holding ``text``, taken in at ``at``."""
        self.numbers.append(len(self.numbers) + 1)
        message = EmailMessage()
        message["From"] = sender
        message["To"] = to
        message["Subject"] = "my orders"
        message["Message-ID"] = self.message_id(self.numbers[-1])
        message.set_content(text)
        return ingest(self.store, self.mail, message.as_bytes(), at)

    @staticmethod
    def message_id(number: int) -> str:
        return f"<plain.{number}@players.example.org>"

    def delivered(self) -> list[EmailMessage]:
        """The referee's mails delivered since the last call."""
        renderer = Renderer(self.site.config().templates)
        assert not deliver(self.store, MaildirOutbox(self.site.root / "out"), renderer, self.mail).failed
        folder = mailbox.Maildir(self.site.root / "out", create=False)
        new = []
        for key in folder.iterkeys():
            if key not in self.seen:
                self.seen.add(key)
                message = BytesParser(policy=policy.default).parsebytes(folder.get_bytes(key))
                assert isinstance(message, EmailMessage)
                new.append(message)
        return new

    def move_of(self, name: str, segment: str = "d0n") -> str | None:
        standing = self.store.load(GAME).state.moves.get((segment, name))
        return None if standing is None else standing.order.room

    def pending(self) -> list[HeldRow]:
        with Session(self.store.database.engine) as session:
            return list(session.exec(select(HeldRow)).all())


def to(message: EmailMessage) -> str:
    return parseaddr(str(message["To"]))[1].lower()


def reply_to(message: EmailMessage) -> str:
    return parseaddr(str(message["Reply-To"]))[1].lower()


def text(message: EmailMessage) -> str:
    body = message.get_body(preferencelist=("plain",))
    assert body is not None
    return str(body.get_content())


def question(post: Post) -> EmailMessage:
    """The one mail delivered now: the question to Anna's registered address."""
    (asked,) = post.delivered()
    assert to(asked) == ANNA
    return asked


@pytest.fixture
def post(tmp_path: Path, database_url: str) -> Post:
    site = Site(tmp_path, database_url)
    site.create_game(GAME, T0)
    return Post(site)


@pytest.fixture
def sqlite_post(tmp_path: Path, sqlite_url: str) -> Post:
    site = Site(tmp_path, sqlite_url)
    site.create_game(GAME, T0)
    return Post(site)


# --- the question -----------------------------------------------------------------------------------


def test_a_mail_from_the_registered_address_to_the_plain_address_is_held_and_only_that_address_is_asked(
    post: Post,
) -> None:
    before = post.store.load(GAME).row.state
    intake = post.send("MOVE Garage")

    assert (intake.outcome, intake.game_id, intake.seat) == ("held:unconfirmed", GAME, "Anna")
    assert post.store.load(GAME).row.state == before  # nothing applied
    asked = question(post)
    assert asked["In-Reply-To"] == post.message_id(1)
    assert asked["Auto-Submitted"] == "auto-replied"
    seat = post.store.seat(GAME, "Anna")
    keyed = reply_to(asked)
    assert keyed.startswith(f"referee+{TOKEN_PREFIX}") and seat.token not in keyed
    said = text(asked)
    assert "MOVE Garage" in said and f"referee+{seat.token}@example.org" in said  # the address to use
    assert "Did you send this mail?" in str(asked["Subject"])


def test_the_question_is_asked_in_the_games_language(tmp_path: Path, sqlite_url: str) -> None:
    site = Site(tmp_path, sqlite_url)
    site.create_game(GAME, T0, options='language = "ru"')
    post = Post(site)
    post.send("ИДТИ Гараж")
    asked = question(post)
    said = text(asked)
    assert "с вашего адреса пришло письмо на общий адрес судьи" in said
    assert "ИДТИ Гараж" in said and f"referee+{post.store.seat(GAME, 'Anna').token}@" in said
    assert "Это ваше письмо?" in str(asked["Subject"])


def test_the_game_masters_copy_of_the_question_shows_neither_address_of_the_player(
    tmp_path: Path, sqlite_url: str
) -> None:
    site = Site(tmp_path, sqlite_url)
    site.create_game(GAME, T0, options='master_email = "gm@example.org"\ncopy_master = true')
    post = Post(site)
    post.send("MOVE Garage")
    (copy,) = [m for m in post.delivered() if to(m) == "gm@example.org"]
    raw = copy.as_string()
    assert post.store.seat(GAME, "Anna").token not in raw and TOKEN_PREFIX not in raw


# --- the confirmation ---------------------------------------------------------------------------------


def test_a_reply_from_the_registered_address_to_the_question_applies_the_held_orders_once(post: Post) -> None:
    post.send("MOVE Garage")
    asked = question(post)

    confirmed = post.send("yes, that was me", to=reply_to(asked), at=T0 + timedelta(minutes=30))

    assert (confirmed.outcome, confirmed.seat) == ("accepted:confirmed", "Anna")
    assert [(v.line, v.accepted) for v in confirmed.verdicts] == [("MOVE Garage", True)]  # the reply unread
    assert post.move_of("Anna") == "Garage"
    assert post.pending() == []
    (answer,) = post.delivered()
    assert to(answer) == ANNA and answer["In-Reply-To"] == post.message_id(2)
    assert reply_to(answer) == f"referee+{post.store.seat(GAME, 'Anna').token}@example.org"
    again = post.send("yes", to=reply_to(asked), at=T0 + timedelta(minutes=31))
    assert again.outcome.startswith("refused:") and post.move_of("Anna") == "Garage"


def test_a_forged_sender_never_sees_the_question_and_cannot_confirm(post: Post) -> None:
    """Mallory writes as Anna: the question goes to Anna alone; Mallory's own replies apply nothing."""
    post.send("MOVE Garage", sender=ANNA)  # forged From
    asked = question(post)
    keyed = reply_to(asked)
    local, _, domain = keyed.partition("@")
    guessed = f"{local[:-1]}{'0' if local[-1] != '0' else '1'}@{domain}"

    from_mallory = post.send("yes", sender="mallory@elsewhere.example.net", to=keyed)
    guessed_as_anna = post.send("yes", sender=ANNA, to=guessed)

    assert from_mallory.outcome.startswith("refused:") and guessed_as_anna.outcome.startswith("refused:")
    assert post.move_of("Anna") is None
    refusals = post.delivered()  # the usual anonymous refusal to each sender, naming nothing
    assert sorted(to(m) for m in refusals) == [ANNA, "mallory@elsewhere.example.net"]
    assert all(TOKEN_PREFIX not in m.as_string() and GAME not in m.as_string() for m in refusals)
    assert len(post.pending()) == 1  # still Anna's to confirm


def test_mails_to_the_plain_address_before_the_reply_join_the_held_text_and_get_no_second_question(
    sqlite_post: Post,
) -> None:
    post = sqlite_post
    post.mail = replace(post.mail, limits=replace(post.mail.limits, lines=3))
    post.send("SAY Good evening\nMOVE Garage")
    asked = question(post)
    for number in range(3):
        later = post.send(f"MOVE Study\nSAY one more {number}", at=T0 + timedelta(minutes=number + 1))
        assert later.outcome == "held:unconfirmed"
    assert post.delivered() == []  # one question per address and game

    confirmed = post.send("ok", to=reply_to(asked), at=T0 + timedelta(minutes=9))

    lines = [v.line for v in confirmed.verdicts]
    assert lines == ["SAY Good evening", "MOVE Garage", "MOVE Study"]  # three lines at most
    assert post.move_of("Anna") == "Study"


def test_the_question_lapses_after_a_day_and_a_late_reply_is_told_so(post: Post) -> None:
    post.send("MOVE Garage")
    asked = question(post)

    late = post.send("yes", to=reply_to(asked), at=T0 + timedelta(hours=25))

    assert late.outcome == "refused:confirmation-lapsed"
    assert post.move_of("Anna") is None and post.pending() == []
    (told,) = post.delivered()
    assert to(told) == ANNA and "too late" in text(told) and "слишком поздно" in text(told)


def test_a_mail_after_the_question_lapsed_is_asked_about_anew(post: Post) -> None:
    post.send("MOVE Garage")
    first = reply_to(question(post))
    post.send("MOVE Study", at=T0 + timedelta(hours=25))
    second = reply_to(question(post))
    assert second != first and [row.text for row in post.pending()] == ["MOVE Study"]
    assert post.send("ok", to=first, at=T0 + timedelta(hours=26)).outcome.startswith("refused:")
    assert post.send("ok", to=second, at=T0 + timedelta(hours=26)).outcome == "accepted:confirmed"
    assert post.move_of("Anna") == "Study"


# --- what is never held --------------------------------------------------------------------------------


def test_a_player_in_two_running_games_writing_to_the_plain_address_is_refused_as_before(
    tmp_path: Path, sqlite_url: str
) -> None:
    """Which game the orders are for cannot be told, so nothing is held or asked."""
    site = Site(tmp_path, sqlite_url)
    site.create_game(GAME, T0)
    site.create_game("keep", T0)
    post = Post(site)
    assert post.send("MOVE Garage").outcome == "refused:no-personal-address"
    assert post.pending() == []


def test_a_stranger_writing_to_the_plain_address_is_refused_as_before(post: Post) -> None:
    assert post.send("MOVE Garage", sender="stranger@elsewhere.example.net").outcome == (
        "refused:no-personal-address"
    )
    assert post.pending() == []


def test_restarting_a_stopped_game_judges_the_mail_held_meanwhile_but_not_mail_still_unconfirmed(
    sqlite_post: Post,
) -> None:
    post = sqlite_post
    post.send("MOVE Garage")
    post.store.stop(GAME, RuntimeError("a fault"), T0 + timedelta(minutes=1))

    judged = post.store.desk.retry(GAME, T0 + timedelta(minutes=2), Actor("cli", "test"))

    assert judged == 0 and post.move_of("Anna") is None
    assert len(post.pending()) == 1
