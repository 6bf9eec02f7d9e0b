"""A mail from a player's registered address to the referee's plain address: held, never applied on
its word, and the registered address — no other — is asked to confirm it; a reply to that question
applies the held orders.

Every mail goes through the real intake (``ingest``) and the real delivery into a Maildir, read back
with the ``email`` package; the store is SQLite and, where ``database_url`` is used, PostgreSQL too.
"""

from __future__ import annotations

import mailbox
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser
from email.utils import parseaddr
from pathlib import Path

import pytest
from service_helpers import Site
from sqlmodel import Session, select

from referee.app import Fate
from referee.app.audit import Actor
from referee.app.confirmation import MOST_PENDING, NO, TOKEN_PREFIX, YES, answer
from referee.mail.delivery import deliver
from referee.mail.intake import Intake, ingest
from referee.mail.transports import MaildirOutbox
from referee.render import Renderer
from referee.store.models import HeldRow

pytestmark = pytest.mark.sqlite_only
"""On SQLite alone but where marked (``both_engines``): the store's own tests hold PostgreSQL."""

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

    assert (intake.text, intake.game_id, intake.seat) == ("held:unconfirmed", GAME, "Anna")
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


@pytest.mark.both_engines
def test_a_reply_from_the_registered_address_to_the_question_applies_the_held_orders_once(post: Post) -> None:
    post.send("MOVE Garage")
    asked = question(post)

    confirmed = post.send("yes, that was me", to=reply_to(asked), at=T0 + timedelta(minutes=30))

    assert (confirmed.text, confirmed.seat) == ("accepted:confirmed", "Anna")
    assert [(v.line, v.accepted) for v in confirmed.verdicts] == [("MOVE Garage", True)]  # the reply unread
    assert post.move_of("Anna") == "Garage"
    assert post.pending() == []
    (answer,) = post.delivered()
    assert to(answer) == ANNA and answer["In-Reply-To"] == post.message_id(2)
    assert reply_to(answer) == f"referee+{post.store.seat(GAME, 'Anna').token}@example.org"
    again = post.send("yes", to=reply_to(asked), at=T0 + timedelta(minutes=31))
    assert again.fate is Fate.REFUSED and post.move_of("Anna") == "Garage"


def test_a_forged_sender_never_sees_the_question_and_cannot_confirm(post: Post) -> None:
    """Mallory writes as Anna: the question goes to Anna alone; Mallory's own replies apply nothing."""
    post.send("MOVE Garage", sender=ANNA)  # forged From
    asked = question(post)
    keyed = reply_to(asked)
    local, _, domain = keyed.partition("@")
    guessed = f"{local[:-1]}{'0' if local[-1] != '0' else '1'}@{domain}"

    from_mallory = post.send("yes", sender="mallory@elsewhere.example.net", to=keyed)
    guessed_as_anna = post.send("yes", sender=ANNA, to=guessed)

    assert from_mallory.fate is Fate.REFUSED and guessed_as_anna.fate is Fate.REFUSED
    assert post.move_of("Anna") is None
    refusals = post.delivered()  # the usual anonymous refusal to each sender, naming nothing
    assert sorted(to(m) for m in refusals) == [ANNA, "mallory@elsewhere.example.net"]
    assert all(TOKEN_PREFIX not in m.as_string() and GAME not in m.as_string() for m in refusals)
    assert len(post.pending()) == 1  # still Anna's to confirm


def test_the_question_lapses_after_a_day_and_a_late_reply_is_told_so(post: Post) -> None:
    post.send("MOVE Garage")
    asked = question(post)

    late = post.send("yes", to=reply_to(asked), at=T0 + timedelta(hours=25))

    assert late.text == "refused:confirmation-lapsed"
    assert post.move_of("Anna") is None and post.pending() == []
    (told,) = post.delivered()
    assert to(told) == ANNA and "too late" in text(told) and "слишком поздно" in text(told)


def test_a_mail_after_the_question_lapsed_is_asked_about_anew(post: Post) -> None:
    post.send("MOVE Garage")
    first = reply_to(question(post))
    post.send("MOVE Study", at=T0 + timedelta(hours=25))
    second = reply_to(question(post))
    assert second != first and [row.text for row in post.pending()] == ["MOVE Study"]
    assert post.send("YES", to=first, at=T0 + timedelta(hours=26)).fate is Fate.REFUSED
    assert post.send("YES", to=second, at=T0 + timedelta(hours=26)).text == "accepted:confirmed"
    assert post.move_of("Anna") == "Study"


# --- each mail on its own: a forger and the player ------------------------------------------------------


GM = "gm@example.org"
MALLORY_WROTE = "MOVE Study\nSAY I confess: I did it"
"""What a forger mails to the plain address with Anna's From: another move and a confession in her name."""


@pytest.fixture
def watched(tmp_path: Path, sqlite_url: str) -> Post:
    """A game with a game-master by mail, who is told when a player says NO."""
    site = Site(tmp_path, sqlite_url)
    site.create_game(GAME, T0, options=f'master_email = "{GM}"')
    return Post(site)


def asked_about(post: Post) -> dict[str, EmailMessage]:
    """The questions delivered now, to Anna alone, by the first line each shows."""
    asked = post.delivered()
    assert asked and all(to(m) == ANNA for m in asked)
    return {shown(m)[0]: m for m in asked}


def shown(message: EmailMessage) -> list[str]:
    """The held lines a question shows (indented by two spaces)."""
    return [line.strip() for line in text(message).splitlines() if line.startswith("  ") and line.strip()]


def said_aloud(post: Post, words: str) -> bool:
    """Whether any mail delivered now to Boris or Vera holds ``words``."""
    return any(words in m.as_string() for m in post.delivered() if to(m) != ANNA)


def test_a_forger_writing_first_gets_his_own_question_and_the_players_yes_applies_only_her_own_orders(
    watched: Post,
) -> None:
    post = watched
    forged = post.send(MALLORY_WROTE, at=T0)  # Mallory, with Anna's From
    own = post.send("MOVE Garage", at=T0 + timedelta(minutes=1))  # Anna herself, a minute later

    assert forged.text == own.text == "held:unconfirmed"
    questions = asked_about(post)
    assert sorted(questions) == ["MOVE Garage", "MOVE Study"]  # one question each, nothing joined
    assert shown(questions["MOVE Study"]) == ["MOVE Study", "SAY I confess: I did it"]
    assert shown(questions["MOVE Garage"]) == ["MOVE Garage"]
    assert reply_to(questions["MOVE Study"]) != reply_to(questions["MOVE Garage"])

    yes = post.send("YES", to=reply_to(questions["MOVE Garage"]), at=T0 + timedelta(minutes=5))

    assert yes.text == "accepted:confirmed"
    assert [v.line for v in yes.verdicts] == ["MOVE Garage"]
    assert post.move_of("Anna") == "Garage"
    assert not said_aloud(post, "I confess")
    assert [row.text for row in post.pending()] == [MALLORY_WROTE]  # still only a question to Anna


def test_a_forger_writing_after_the_player_cannot_ride_on_her_pending_question(watched: Post) -> None:
    post = watched
    post.send("MOVE Garage", at=T0)
    (hers,) = asked_about(post).values()
    post.send(MALLORY_WROTE, at=T0 + timedelta(minutes=1))
    (his,) = asked_about(post).values()  # a question of its own, to Anna, showing the forged lines
    assert shown(his) == ["MOVE Study", "SAY I confess: I did it"] and shown(hers) == ["MOVE Garage"]

    yes = post.send("Yes, that was me", to=reply_to(hers), at=T0 + timedelta(minutes=5))

    assert [v.line for v in yes.verdicts] == ["MOVE Garage"]
    assert post.move_of("Anna") == "Garage"
    assert not said_aloud(post, "I confess")

    no = post.send("NO! I did not send this", to=reply_to(his), at=T0 + timedelta(minutes=6))

    assert no.text == "accepted:disowned"
    assert post.move_of("Anna") == "Garage" and post.pending() == []


def test_no_i_did_not_send_this_drops_the_held_orders_and_tells_the_game_master(watched: Post) -> None:
    post = watched
    post.send(MALLORY_WROTE)
    (asked,) = asked_about(post).values()

    no = post.send("NO! I did not send this", to=reply_to(asked), at=T0 + timedelta(minutes=5))

    assert (no.text, no.game_id, no.seat, no.verdicts) == ("accepted:disowned", GAME, "Anna", ())
    assert post.move_of("Anna") is None and post.pending() == []
    mails = post.delivered()
    (note,) = [m for m in mails if to(m) == GM]
    assert "was not theirs" in str(note["Subject"]) and "MOVE Study" in text(note) and "Anna" in text(note)
    (answer,) = [m for m in mails if to(m) == ANNA]
    assert "has been dropped" in text(answer) and answer["In-Reply-To"] == post.message_id(2)
    assert reply_to(answer) == f"referee+{post.store.seat(GAME, 'Anna').token}@example.org"
    assert {to(m) for m in mails} == {GM, ANNA}  # nobody else hears of it, nothing said aloud
    again = post.send("YES", to=reply_to(asked), at=T0 + timedelta(minutes=6))
    assert again.fate is Fate.REFUSED and post.move_of("Anna") is None


def test_a_no_that_quotes_the_question_below_is_still_a_no(watched: Post) -> None:
    """The question says "YES if you sent it"; quoted below a NO, that YES is not the player's."""
    post = watched
    post.send(MALLORY_WROTE)
    (asked,) = asked_about(post).values()
    quoted = "\n".join(f"> {line}" for line in text(asked).splitlines())
    reply = f"NO! I did not send this\n\nOn Tue, 1 Dec 2026, the referee wrote:\n{quoted}\n"

    assert post.send(reply, to=reply_to(asked), at=T0 + timedelta(minutes=5)).text == "accepted:disowned"
    assert post.move_of("Anna") is None and post.pending() == []


def test_a_yes_that_pastes_the_question_below_without_quote_marks_applies_what_was_shown(post: Post) -> None:
    post.send("MOVE Garage")
    asked = question(post)
    reply = f"Yes\n\n{text(asked)}"  # the question's own "NO if you did not" is the referee's, not hers

    confirmed = post.send(reply, to=reply_to(asked), at=T0 + timedelta(minutes=5))

    assert confirmed.text == "accepted:confirmed" and post.move_of("Anna") == "Garage"


def test_the_players_own_later_mails_each_get_their_own_question_and_answer(post: Post) -> None:
    for number, room in enumerate(["Garage", "Study", "Kitchen"]):
        assert post.send(f"MOVE {room}", at=T0 + timedelta(minutes=number)).text == "held:unconfirmed"
    questions = asked_about(post)
    assert sorted(questions) == ["MOVE Garage", "MOVE Kitchen", "MOVE Study"]
    assert [questions[f"MOVE {room}"]["In-Reply-To"] for room in ("Garage", "Study", "Kitchen")] == [
        post.message_id(n) for n in (1, 2, 3)
    ]

    for number, room in enumerate(["Garage", "Study", "Kitchen"]):
        at = T0 + timedelta(minutes=10 + number)
        confirmed = post.send("YES", to=reply_to(questions[f"MOVE {room}"]), at=at)
        assert [v.line for v in confirmed.verdicts] == [f"MOVE {room}"]
        (answer,) = post.delivered()
        assert to(answer) == ANNA and answer["In-Reply-To"] == post.message_id(4 + number)
    assert post.move_of("Anna") == "Kitchen" and post.pending() == []


def test_a_reply_saying_neither_yes_nor_no_changes_nothing_and_is_told_how_to_answer(post: Post) -> None:
    post.send("MOVE Garage")
    asked = question(post)

    for number, reply in enumerate(["ok, thanks", "Yes and no", "Hello! Yes, it was me"]):
        unclear = post.send(reply, to=reply_to(asked), at=T0 + timedelta(minutes=number + 1))
        assert (unclear.text, unclear.verdicts) == ("held:confirmation-unclear", ())
        (again,) = post.delivered()
        assert to(again) == ANNA and reply_to(again) == reply_to(asked)  # a YES to it still counts
        assert "did not start with YES or NO" in text(again) and shown(again) == ["MOVE Garage"]
        assert "Please answer YES or NO" in str(again["Subject"])
    assert post.move_of("Anna") is None and len(post.pending()) == 1

    assert post.send("yes", to=reply_to(asked), at=T0 + timedelta(minutes=9)).text == "accepted:confirmed"
    assert post.move_of("Anna") == "Garage"


def test_a_lapsed_question_applies_nothing_whatever_the_reply_says(post: Post) -> None:
    post.send("MOVE Garage")
    asked = question(post)
    late = post.send("Not sure what this is", to=reply_to(asked), at=T0 + timedelta(hours=25))
    assert late.text == "refused:confirmation-lapsed"
    assert post.send("YES", to=reply_to(asked), at=T0 + timedelta(hours=26)).fate is Fate.REFUSED
    assert post.move_of("Anna") is None and post.pending() == []


def test_the_question_is_bound_to_the_text_it_shows(post: Post) -> None:
    """Were the held text changed after the question was asked, its YES would confirm nothing."""
    post.send("MOVE Garage")
    asked = question(post)
    with Session(post.store.database.engine) as session:
        (row,) = session.exec(select(HeldRow)).all()
        row.text = "MOVE Study"
        session.add(row)
        session.commit()

    changed = post.send("YES", to=reply_to(asked), at=T0 + timedelta(minutes=5))

    assert changed.fate is Fate.REFUSED and post.move_of("Anna") is None


def test_the_russian_player_answers_da_or_net_and_reads_it_natively(tmp_path: Path, sqlite_url: str) -> None:
    site = Site(tmp_path, sqlite_url)
    site.create_game(GAME, T0, options=f'language = "ru"\nmaster_email = "{GM}"')
    post = Post(site)
    post.send("ИДТИ Гараж")
    post.send("ИДТИ Кабинет\nСКАЗАТЬ Это я", at=T0 + timedelta(minutes=1))
    questions = asked_about(post)
    said = text(questions["ИДТИ Гараж"])
    assert "начав ответ с одного слова" in said and "ДА — если письмо отправили вы" in said
    assert "в течение 24 часов" in said and "через 24 часа" in said

    assert post.send("Да", to=reply_to(questions["ИДТИ Гараж"]), at=T0 + timedelta(minutes=2)).text == (
        "accepted:confirmed"
    )
    post.delivered()
    no = post.send("НЕТ, это не я", to=reply_to(questions["ИДТИ Кабинет"]), at=T0 + timedelta(minutes=3))
    assert no.text == "accepted:disowned"
    mails = post.delivered()
    (note,) = [m for m in mails if to(m) == GM]
    assert "Письмо от чужого имени" in str(note["Subject"]) and "игрок ответил НЕТ" in text(note)
    (answer,) = [m for m in mails if to(m) == ANNA]
    assert "спасибо за ответ" in text(answer) and "удалено" in text(answer)
    assert post.move_of("Anna") == "Garage"


def test_at_most_ten_mails_wait_for_confirmation_per_address_and_more_are_refused(post: Post) -> None:
    for number in range(MOST_PENDING):
        assert (
            post.send(f"MOVE Garage {number}", at=T0 + timedelta(seconds=number)).text == "held:unconfirmed"
        )
    assert len(post.delivered()) == MOST_PENDING
    for number in range(3):
        over = post.send("MOVE Study", at=T0 + timedelta(minutes=1, seconds=number))
        assert over.text == "refused:too-many-unconfirmed"
    (refusal,) = post.delivered()  # one answer a day at most, to the registered address
    assert to(refusal) == ANNA and "already waiting" in text(refusal) and "ДА или НЕТ" in text(refusal)
    assert len(post.pending()) == MOST_PENDING
    # A day on, the old ones have lapsed: a new mail is asked about again.
    assert post.send("MOVE Study", at=T0 + timedelta(hours=25)).text == "held:unconfirmed"
    assert len(post.pending()) == 1


@pytest.mark.parametrize(
    ("reply", "said"),
    [
        ("YES", YES),
        ("yes, that was me", YES),
        ("Да", YES),
        ("да, это я", YES),
        ("NO! I did not send this", NO),
        ("no", NO),
        ("НЕТ", NO),
        ("Нет, не я", NO),
        ("ok", ""),
        ("", ""),
        ("Yes and no", ""),
        ("Нет... хотя да", ""),
        ("I did not send this", ""),
        ("Yesterday I did", ""),
    ],
)
def test_a_reply_answers_yes_or_no_only_by_its_first_word(reply: str, said: str) -> None:
    assert answer(reply) == said


# --- what is never held --------------------------------------------------------------------------------


def test_a_player_in_two_running_games_writing_to_the_plain_address_is_refused_as_before(
    tmp_path: Path, sqlite_url: str
) -> None:
    """Which game the orders are for cannot be told, so nothing is held or asked."""
    site = Site(tmp_path, sqlite_url)
    site.create_game(GAME, T0)
    site.create_game("keep", T0)
    post = Post(site)
    assert post.send("MOVE Garage").text == "refused:no-personal-address"
    assert post.pending() == []


def test_a_stranger_writing_to_the_plain_address_is_refused_as_before(post: Post) -> None:
    assert post.send("MOVE Garage", sender="stranger@elsewhere.example.net").text == (
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
