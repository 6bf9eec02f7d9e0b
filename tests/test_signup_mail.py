"""Sign-up by mail: GAMES lists the campaigns open, JOIN asks the address to confirm before it counts,
LEAVE the same; seats fill in order and the rest is the reserve; the game-master's start (or the service
at ``closes``) makes the game and sends the welcome letters as ``game create`` does; below the minimum
everyone is told.

Every mail goes through the real intake (``ingest``), and the referee's mail is delivered into a
Maildir and read back with the ``email`` package.
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
from service_helpers import Driven, Site
from sqlmodel import Session, select

from referee.app import RefereeError
from referee.app.audit import COMMAND_LINE
from referee.app.campaignfile import campaign_file
from referee.mail.delivery import deliver
from referee.mail.intake import Intake, ingest
from referee.mail.transports import MaildirOutbox
from referee.render import Renderer
from referee.store.models import SignupEventRow

pytestmark = pytest.mark.sqlite_only
"""On SQLite alone but where marked (``both_engines``): the store's own tests hold PostgreSQL."""

T0 = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)
CLOSES = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)
PLAIN = "referee@example.org"
GM = "gm@example.org"
ANNA, BORIS, VERA, GLEB = "anna@example.org", "boris@example.org", "vera@example.org", "gleb@example.org"


@dataclass
class Post:
    """A referee site with one announced campaign (castle-2: 3 seats, all needed to start), mail into its
    intake and its mail out of a Maildir."""

    site: Site
    numbers: list[int] = field(default_factory=list)
    seen: set[str] = field(default_factory=set)
    now: datetime = T0

    def __post_init__(self) -> None:
        self.store, self.mail = self.site.store(), self.site.config().mail

    def announce(
        self, campaign: str = "castle-2", game: dict[str, object] | None = None, **signup: object
    ) -> None:
        """Announces ``campaign`` (Ten Sailors on the seconds' schedule; ``game``: more keys of its
        ``[game]`` table, ``signup``: of its ``[signup]``)."""
        file = {
            "game": {
                "kind": "ten-sailors",
                "id": campaign,
                "seed": 7,
                "master_email": GM,
                "schedule": "ten-sailors-seconds",
                **(game or {}),
            },
            "signup": {"closes": CLOSES, "seats": 3, "minimum": 3, "deal": "order", **signup},
        }
        self.store.signups.announce(campaign_file(file, self.site.root / "schedules"), T0, COMMAND_LINE)

    def send(self, text: str, *, sender: str, to: str = PLAIN) -> Intake:
        """A mail from ``sender`` to ``to`` holding ``text``, taken in a minute after the last."""
        self.numbers.append(len(self.numbers) + 1)
        self.now += timedelta(minutes=1)
        message = EmailMessage()
        message["From"] = sender
        message["To"] = to
        message["Subject"] = "sign-up"
        message["Message-ID"] = f"<signup.{self.numbers[-1]}@players.example.org>"
        message.set_content(text)
        return ingest(self.store, self.mail, message.as_bytes(), self.now)

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

    def one_to(self, address: str) -> EmailMessage:
        """The one mail delivered now, which must be to ``address``."""
        (mail,) = self.delivered()
        assert to(mail) == address
        return mail

    def join(self, sender: str, name: str, campaign: str = "castle-2") -> EmailMessage:
        """JOIN by mail and YES to the question: the answer that says where the sign-up stands."""
        self.send(f"JOIN {campaign} {name}", sender=sender)
        asked = self.one_to(sender)
        self.send("YES", sender=sender, to=reply_to(asked))
        return self.one_to(sender)

    def line(self, campaign: str = "castle-2") -> list[tuple[str, str, str]]:
        return [(i["email"], i["state"], i["place"]) for i in self.store.signups.line(campaign)]


def to(message: EmailMessage) -> str:
    return parseaddr(str(message["To"]))[1].lower()


def reply_to(message: EmailMessage) -> str:
    return parseaddr(str(message["Reply-To"]))[1].lower()


def text(message: EmailMessage) -> str:
    body = message.get_body(preferencelist=("plain",))
    assert body is not None
    return " ".join(str(body.get_content()).split())


@pytest.fixture
def post(tmp_path: Path, database_url: str) -> Post:
    made = Post(Site(tmp_path, database_url))
    made.announce()
    return made


# --- GAMES ------------------------------------------------------------------------------------------


def test_games_by_mail_lists_the_open_campaigns_with_how_to_join_and_until_when(post: Post) -> None:
    intake = post.send("GAMES", sender=ANNA)

    assert intake.text == "accepted:signup:games"
    listed = post.one_to(ANNA)
    said = text(listed)
    assert "Ten Sailors, game castle-2" in said
    assert "JOIN castle-2" in said
    assert "Sign-up closes at 15:00 on Tuesday 1 December (Moscow time)" in said
    assert "3 seats, 3 still free" in said


def test_igry_by_mail_lists_them_in_russian(post: Post) -> None:
    post.send("Игры", sender=ANNA)

    said = text(post.one_to(ANNA))
    assert "Сейчас идёт запись на эти игры" in said
    assert "УЧАСТВУЮ castle-2" in said
    assert "15:00 во вторник, 1 декабря" in said


def test_games_after_the_close_lists_nothing(post: Post) -> None:
    post.now = CLOSES
    post.send("GAMES", sender=ANNA)

    assert "No game is open for sign-up just now" in text(post.one_to(ANNA))


# --- JOIN and its confirmation ------------------------------------------------------------------------


def test_join_counts_only_once_the_address_confirms_it(post: Post) -> None:
    intake = post.send("JOIN castle-2 Anna", sender=ANNA)

    assert intake.text == "accepted:signup:join-asked"
    assert post.line() == [(ANNA, "pending", "")]  # asked, not counted
    asked = post.one_to(ANNA)
    assert reply_to(asked).startswith("referee+join-")
    assert "does not count until you confirm it" in text(asked)
    assert "Please confirm before sign-up closes at 15:00 on Tuesday 1 December (Moscow time)" in text(asked)

    confirmed = post.send("Yes, please!", sender=ANNA, to=reply_to(asked))

    assert confirmed.text == "accepted:signup:join-confirmed"
    assert post.line() == [(ANNA, "in", "seat")]
    told = text(post.one_to(ANNA))
    assert "Anna, you are signed up for Ten Sailors (game castle-2)" in told
    assert "You have a seat: number 1 of 3" in told
    assert "LEAVE castle-2" in told


def test_a_forged_join_goes_to_the_address_it_names_and_counts_for_nobody(post: Post) -> None:
    post.send("JOIN castle-2 Anna", sender=ANNA)  # written by someone else, with Anna's From
    asked = post.one_to(ANNA)  # the question goes to Anna, never to the forger
    token_address = reply_to(asked)

    guessed = post.send("YES", sender=ANNA, to="referee+join-0123456789abcdef0123456789abcdef@example.org")
    from_elsewhere = post.send("YES", sender="forger@example.net", to=token_address)

    assert guessed.text.startswith("refused") and from_elsewhere.text.startswith("refused")
    assert post.line() == [(ANNA, "pending", "")]
    post.delivered()
    disowned = post.send("NO", sender=ANNA, to=token_address)
    assert disowned.text == "accepted:signup:disowned"
    assert post.line() == [(ANNA, "disowned", "")]
    record = post.store.signups.line("castle-2")[0]["record"]
    assert (record["joined"], record["finished"], record["left"]) == (0, 0, 0)
    assert "Nobody is signed up" in text(post.one_to(ANNA))
    late_yes = post.send("YES", sender=ANNA, to=token_address)
    assert post.line() == [(ANNA, "disowned", "")], late_yes.text


def test_a_reply_that_says_neither_yes_nor_no_asks_again(post: Post) -> None:
    post.send("JOIN castle-2 Anna", sender=ANNA)
    asked = post.one_to(ANNA)

    post.send("what is this?", sender=ANNA, to=reply_to(asked))

    again = post.one_to(ANNA)
    assert "did not start with YES or NO" in text(again)
    assert reply_to(again) == reply_to(asked)
    assert post.line() == [(ANNA, "pending", "")]


def test_a_double_sign_up_keeps_one_and_says_where_it_stands(post: Post) -> None:
    post.join(ANNA, "Anna")

    again = post.send("JOIN castle-2 Anna", sender=ANNA)

    assert again.text == "accepted:signup:join-already"
    assert "you are already signed up" in text(post.one_to(ANNA))
    assert post.line() == [(ANNA, "in", "seat")]


def test_a_second_join_before_confirming_does_not_mail_the_question_again_at_once(post: Post) -> None:
    post.send("JOIN castle-2 Anna", sender=ANNA)
    post.one_to(ANNA)

    post.send("JOIN castle-2 Anna", sender=ANNA)

    assert post.delivered() == []
    assert post.line() == [(ANNA, "pending", "")]


def test_a_name_taken_is_refused_before_anything_is_asked(post: Post) -> None:
    post.join(ANNA, "Anna")

    refused = post.send("JOIN castle-2 anna", sender=BORIS)

    assert refused.text == "accepted:signup:join-name-taken"
    assert "Someone has already signed up" in text(post.one_to(BORIS))
    assert [email for email, _, _ in post.line()] == [ANNA]


def test_join_without_a_name_or_for_an_unknown_game_says_how_to_write_it(post: Post) -> None:
    assert post.send("JOIN castle-2", sender=ANNA).text == "accepted:signup:join-no-name"
    assert "JOIN castle-2 Anna" in text(post.one_to(ANNA))
    assert post.send("JOIN castle-9 Anna", sender=ANNA).text == "accepted:signup:join-unknown-game"
    assert "There is no game called castle-9" in text(post.one_to(ANNA))


@pytest.mark.both_engines
def test_a_sign_up_for_a_full_game_goes_to_the_reserve_in_order(post: Post) -> None:
    for sender, name in ((ANNA, "Anna"), (BORIS, "Boris"), (VERA, "Vera")):
        assert "You have a seat" in text(post.join(sender, name))

    told = text(post.join(GLEB, "Gleb"))

    assert "All 3 seats are taken, so you are in the reserve, number 1" in told
    assert post.line() == [
        (ANNA, "in", "seat"),
        (BORIS, "in", "seat"),
        (VERA, "in", "seat"),
        (GLEB, "in", "reserve"),
    ]


def test_russian_join_with_language_and_time_zone_lines(post: Post) -> None:
    post.send("УЧАСТВУЮ castle-2 Анна\nЧАСОВОЙ ПОЯС Берлин", sender=ANNA)

    asked = text(post.one_to(ANNA))
    assert "под именем Анна" in asked and "Ответьте на это письмо одним словом" in asked
    assert "до 15:00 во вторник, 1 декабря (МСК), у вас 13:00 (Берлин)" in asked
    (item,) = post.store.signups.line("castle-2")
    assert (item["language"], item["zone"]) == ("ru", "Europe/Berlin")


# --- LEAVE ------------------------------------------------------------------------------------------


def test_leave_asks_first_then_the_first_reserve_takes_the_seat_and_is_told(post: Post) -> None:
    for sender, name in ((ANNA, "Anna"), (BORIS, "Boris"), (VERA, "Vera"), (GLEB, "Gleb")):
        post.join(sender, name)

    assert post.send("LEAVE castle-2", sender=BORIS).text == "accepted:signup:leave-asked"
    asked = post.one_to(BORIS)
    assert reply_to(asked).startswith("referee+leave-")
    assert post.line()[1] == (BORIS, "in", "seat")  # a forged LEAVE would change nothing
    post.send("yes", sender=BORIS, to=reply_to(asked))

    mails = {to(m): text(m) for m in post.delivered()}
    assert "you have left Ten Sailors" in mails[BORIS]
    assert "a seat in Ten Sailors (game castle-2) is yours now" in mails[GLEB]
    assert [(e, p) for e, s, p in post.line() if s == "in"] == [
        (ANNA, "seat"),
        (VERA, "seat"),
        (GLEB, "seat"),
    ]


def test_a_burst_of_leave_in_someones_name_mails_them_one_question_and_changes_nothing(post: Post) -> None:
    post.join(ANNA, "Anna")

    said = [post.send("LEAVE castle-2", sender=ANNA).text for _ in range(5)]

    assert said == ["accepted:signup:leave-asked"] + ["accepted:signup:leave-asked-again"] * 4
    assert "Yes to leave" in text(post.one_to(ANNA)).replace("YES", "Yes")
    assert post.line() == [(ANNA, "in", "seat")]


def test_pokidayu_is_leave_in_russian(post: Post) -> None:
    post.join(ANNA, "Anna")

    post.send("Покидаю castle-2", sender=ANNA)

    assert "Пришла просьба отменить запись игрока Anna" in text(post.one_to(ANNA))


# --- the start --------------------------------------------------------------------------------------


def test_the_game_masters_start_deals_the_seats_and_sends_the_welcome_letters(post: Post) -> None:
    for sender, name in ((ANNA, "Anna"), (BORIS, "Boris"), (VERA, "Vera"), (GLEB, "Gleb")):
        post.join(sender, name)

    post.store.signups.start("castle-2", post.now, COMMAND_LINE)

    assert [(s.name, s.email, s.host) for s in post.store.seats("castle-2")] == [
        ("Anna", ANNA, False),
        ("Boris", BORIS, False),
        ("Vera", VERA, True),  # the last seat is the host's, as Ten Sailors seats its players (TS-1)
    ]
    mails = post.delivered()
    welcomes = {to(m): m for m in mails if "Welcome" in str(m["Subject"])}
    assert set(welcomes) == {ANNA, BORIS, VERA}
    for address, mail in welcomes.items():
        seat = next(s for s in post.store.seats("castle-2") if s.email == address)
        assert reply_to(mail) == f"referee+{seat.token}@example.org"  # as `game create` writes them
    reserve = next(text(m) for m in mails if to(m) == GLEB)
    assert "has started with all its seats filled. You are in the reserve, number 1" in reserve
    assert post.line() == [
        (ANNA, "seated", "seat"),
        (BORIS, "seated", "seat"),
        (VERA, "seated", "seat"),
        (GLEB, "reserve", "reserve"),
    ]
    with Session(post.store.database.engine) as session:
        steps = [row.kind for row in session.exec(select(SignupEventRow).order_by(SignupEventRow.seq))]
    assert steps[0] == "announced" and steps[-1] == "started" and steps.count("confirmed") == 4
    actions = [a.action for a in post.store.audit.actions("castle-2")]
    assert actions[-2:] == ["create", "signup_start"] or actions[-2:] == ["signup_start", "create"]
    with pytest.raises(RefereeError):
        post.store.signups.start("castle-2", post.now, COMMAND_LINE)  # once


def test_a_start_below_the_minimum_is_refused_unless_the_game_master_says_anyway(post: Post) -> None:
    post.announce("castle-4", seats=5, minimum=4)
    for sender, name in ((ANNA, "Anna"), (BORIS, "Boris")):
        post.join(sender, name, campaign="castle-4")

    with pytest.raises(RefereeError, match="needs at least 4"):
        post.store.signups.start("castle-4", post.now, COMMAND_LINE)
    with pytest.raises(RefereeError, match="needs at least 3"):  # Ten Sailors never starts with fewer
        post.store.signups.start("castle-4", post.now, COMMAND_LINE, anyway=True)
    assert post.store.games() == []
    post.join(VERA, "Vera", campaign="castle-4")
    post.store.signups.start("castle-4", post.now, COMMAND_LINE, anyway=True)
    assert [seat.email for seat in post.store.seats("castle-4")] == [ANNA, BORIS, VERA]


def test_the_campaign_starts_by_itself_at_closes_when_the_minimum_is_in_line(post: Post) -> None:
    for sender, name in ((ANNA, "Anna"), (BORIS, "Boris"), (VERA, "Vera")):
        post.join(sender, name)
    driven = Driven(post.site, T0)

    driven.step_at(CLOSES - timedelta(seconds=1))
    assert post.store.games() == []
    driven.step_at(CLOSES + timedelta(seconds=1))

    assert [g.id for g in post.store.games()] == ["castle-2"]
    assert post.store.signups.campaign("castle-2").state == "started"
    assert {to(m) for m in post.delivered() if "Welcome" in str(m["Subject"])} == {ANNA, BORIS, VERA}
    assert [a.actor for a in post.store.audit.actions("castle-2") if a.action == "signup_start"] == [
        "sign-up closing"
    ]


def test_below_the_minimum_at_closes_everyone_is_told_and_the_game_master_decides(post: Post) -> None:
    post.join(ANNA, "Anna")
    driven = Driven(post.site, T0)

    driven.step_at(CLOSES + timedelta(seconds=1))
    driven.step_at(CLOSES + timedelta(seconds=2))  # looked at once

    assert post.store.games() == []
    mails = {to(m): text(m) for m in post.delivered()}
    assert set(mails) == {ANNA, GM}
    assert "closed with 1 player in line, fewer than the 3 the game needs" in mails[ANNA]
    assert "referee game start castle-2 --anyway" in mails[GM]
    assert post.store.signups.campaign("castle-2").state == "signup"
    post.now = CLOSES + timedelta(minutes=5)
    late = post.send("JOIN castle-2 Boris", sender=BORIS)
    assert late.text == "accepted:signup:join-closed"


def test_a_start_at_closes_that_fails_is_tried_once_and_the_game_master_is_told_why(post: Post) -> None:
    for sender, name in ((ANNA, "Anna"), (BORIS, "Boris"), (VERA, "Vera")):
        post.join(sender, name)
    post.site.create_game("castle-2", T0)  # made by hand meanwhile: the campaign's id is taken
    post.delivered()
    driven = Driven(post.site, T0)

    driven.step_at(CLOSES + timedelta(seconds=1))
    driven.step_at(CLOSES + timedelta(seconds=2))

    assert post.store.signups.campaign("castle-2").state == "signup"
    (note,) = [m for m in post.delivered() if to(m) == GM]
    assert "the game could not start" in text(note) and "exists already" in text(note)
    refused = [a for a in post.store.audit.actions("castle-2") if a.action == "signup_start"]
    assert [(a.actor, a.ok) for a in refused] == [("sign-up closing", False)]


# --- the game-master's line ---------------------------------------------------------------------------


def test_the_game_master_reorders_and_refuses_and_those_whose_seat_changes_are_told(post: Post) -> None:
    for sender, name in ((ANNA, "Anna"), (BORIS, "Boris"), (VERA, "Vera"), (GLEB, "Gleb")):
        post.join(sender, name)

    post.store.signups.reorder("castle-2", GLEB, 1, post.now, COMMAND_LINE)

    mails = {to(m): text(m) for m in post.delivered()}
    assert set(mails) == {GLEB, VERA}
    assert "is yours now" in mails[GLEB] and "you are in the reserve, number 1" in mails[VERA]
    post.store.signups.refuse("castle-2", ANNA, post.now, COMMAND_LINE)
    mails = {to(m): text(m) for m in post.delivered()}
    assert "has not accepted your sign-up" in mails[ANNA] and "is yours now" in mails[VERA]
    assert [e for e, s, _ in post.line() if s == "in"] == [GLEB, BORIS, VERA]


def test_with_accept_master_a_confirmed_sign_up_waits_for_the_game_master(
    tmp_path: Path, sqlite_url: str
) -> None:
    post = Post(Site(tmp_path, sqlite_url))
    post.announce(accept="master")

    post.send("JOIN castle-2 Anna", sender=ANNA)
    post.send("YES", sender=ANNA, to=reply_to(post.one_to(ANNA)))

    mails = {to(m): text(m) for m in post.delivered()}
    assert "waits for them" in mails[ANNA]
    assert "referee game accept castle-2 anna@example.org" in mails[GM]
    assert post.line() == [(ANNA, "waiting", "")]
    post.store.signups.accept("castle-2", ANNA, post.now, COMMAND_LINE)
    assert post.line() == [(ANNA, "in", "seat")]
    assert "the game-master has accepted your sign-up" in text(post.one_to(ANNA))


def test_the_reliability_record_counts_campaigns_joined_and_left_before_the_start(post: Post) -> None:
    post.announce("castle-3")
    post.join(ANNA, "Anna")
    post.join(ANNA, "Anna", campaign="castle-3")
    post.send("LEAVE castle-3", sender=ANNA)
    post.send("YES", sender=ANNA, to=reply_to(post.one_to(ANNA)))

    (item,) = post.store.signups.line("castle-2")

    record = item["record"]
    assert (record["joined"], record["finished"], record["left"]) == (2, 0, 1)
