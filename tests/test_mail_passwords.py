"""Seat passwords are never kept in clear and never said aloud (issue 12, part B): the referee keeps a
hash, tells a password only in the mail that gives it, hides a password written into talk or a post in
any spelling and replaces it at once, mailing the new one to its owner's registered address; a player
asks for a new one with NEW PASSWORD. Real SQLite and PostgreSQL, a real Maildir outbox."""

from __future__ import annotations

import email
import mailbox
import re
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from email import policy
from email.message import EmailMessage
from pathlib import Path

import pytest
from alembic import command
from password_helpers import every_text
from service_helpers import Site
from sqlalchemy import text

from referee.app.links import Player
from referee.app.passwords import ASKED_MOST
from referee.core.seats import MASTER
from referee.mail.delivery import deliver
from referee.mail.intake import ingest
from referee.mail.transports import MaildirOutbox
from referee.render import Renderer
from referee.store.database import alembic_config, migrating, open_engine, upgrade
from referee.store.hashes import bare, canonical
from referee.store.seats import Credential

pytestmark = pytest.mark.sqlite_only
"""On SQLite alone but where marked (``both_engines``): the store's own tests hold PostgreSQL."""

T0 = datetime(2026, 12, 1, 17, 0, tzinfo=UTC)
GAME = "castle"
GM = "gm@example.org"
ROOMMATE = "boris@example.org"
ELSEWHERE = "anna.phone@elsewhere.example.net"

SPELLINGS: dict[str, Callable[[str], str]] = {
    "joined-with-a-full-stop": lambda p: f"my PASSWORD is {bare(p)}. do not tell",
    "spaces-in-capitals": lambda p: f"it is {p.replace('-', ' ').upper()} I think",
    "en-dashes": lambda p: f"write with {p.replace('-', '–')}!",
    "em-dashes-after-the-russian-keyword": lambda p: f"вот мой ПАРОЛЬ: {p.replace('-', '—')}",
    "minus-signs": lambda p: f"try {p.replace('-', '−')} then",
    "dots-after-the-keyword": lambda p: f"my password {p.replace('-', '.')}.",
    "split-over-a-line-break": lambda p: f"here is mine: {p[:10]}\n{p[10:]} ok",
    "bare-in-a-sentence": lambda p: f"Boris, use {p} if I am late",
}
"""Ways a player writes their password into talk: each must be hidden and replaced."""


class Door:
    """A game with a game-master by mail; mail taken in as the mail door takes it, and delivered."""

    def __init__(self, site: Site) -> None:
        self.site, self.store, self.mail = site, site.store(), site.config().mail
        self.count = 0
        self.seen: set[str] = set()

    def send(self, sender: str, body: str, at: datetime, *, to: str = "", charset: str = "utf-8") -> str:
        """Takes in a mail from ``sender`` to ``to`` (the bare address by default); its outcome."""
        self.count += 1
        message = EmailMessage()
        message["From"] = sender
        message["To"] = to or "referee@example.org"
        message["Subject"] = "orders"
        message["Message-ID"] = f"<m{self.count}@elsewhere.example.net>"
        message.set_content(body, charset=charset, cte="base64" if charset != "utf-8" else None)
        return ingest(self.store, self.mail, message.as_bytes(), at).text

    def to_seat(self, name: str) -> str:
        return f"referee+{self.store.seat(GAME, name).token}@example.org"

    def delivered(self) -> list[EmailMessage]:
        """The mails delivered since the last call."""
        outbox = self.site.root / "out"
        outcome = deliver(
            self.store, MaildirOutbox(outbox), Renderer(self.site.config().templates), self.mail
        )
        assert not outcome.failed
        folder = mailbox.Maildir(outbox, create=False)
        new = [key for key in folder.iterkeys() if key not in self.seen]
        self.seen |= set(new)
        return [
            email.message_from_bytes(folder.get_bytes(key), policy=policy.default)  # type: ignore[misc]
            for key in new
        ]

    def kept_texts(self) -> str:
        """The text of every mail kept, decoded (base64 and quoted-printable parts too)."""
        return "\n".join(
            _text(email.message_from_bytes(row.raw, policy=policy.default)) for row in self.store.inbound()
        )  # type: ignore[arg-type]


def _text(message: EmailMessage) -> str:
    return "\n".join(
        str(part.get_content()) for part in message.walk() if part.get_content_maintype() == "text"
    )


def password_in(mail: EmailMessage) -> str:
    """The password a mail gives ("PASSWORD …" / "ПАРОЛЬ …")."""
    found = re.search(r"(?:PASSWORD|ПАРОЛЬ) ([a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{4})", _text(mail))
    assert found is not None, _text(mail)
    return found[1]


def addressed(mails: list[EmailMessage], address: str) -> list[EmailMessage]:
    return [mail for mail in mails if str(mail["To"]).lower() == address]


def nowhere(password: str, *texts: str) -> bool:
    """Whether ``password`` stands in none of ``texts`` in any spelling."""
    return all(bare(password) not in bare(piece) for piece in texts)


@pytest.fixture
def door(tmp_path: Path, database_url: str) -> Door:
    site = Site(tmp_path, database_url)
    site.create_game(GAME, T0, options=f'master_email = "{GM}"')
    return Door(site)


@pytest.fixture
def welcomed(door: Door) -> dict[str, str]:
    """Every reader's password, as their welcome letter gave it (the game-master's as ``MASTER``)."""
    mails = door.delivered()
    given = {
        name: password_in(addressed(mails, f"{name.lower()}@example.org")[0]) for name in ("Anna", "Boris")
    }
    given[MASTER] = password_in(next(m for m in addressed(mails, GM) if "game-master" in str(m["Subject"])))
    return given


@pytest.mark.both_engines
def test_no_password_is_kept_in_clear_anywhere_after_the_welcome_letters_and_a_new_one(
    door: Door, welcomed: dict[str, str]
) -> None:
    """Every table's text is searched: neither the passwords the welcome letters gave nor a new one
    mailed after NEW PASSWORD stand in it, in any spelling; the seats keep hashes that verify them."""
    assert door.send("anna@example.org", "NEW PASSWORD", T0 + timedelta(seconds=5), to=door.to_seat("Anna"))
    (fresh,) = addressed(door.delivered(), "anna@example.org")
    renewed = password_in(fresh)
    stored = every_text(door.store)
    for password in [*welcomed.values(), renewed]:
        assert password not in stored and bare(password) not in stored
    anna = Credential.of_seat(door.store.seat(GAME, "Anna"))
    assert (anna.opened_by(renewed), anna.opened_by(welcomed["Anna"])) == (True, False)


@pytest.mark.parametrize("spelling", list(SPELLINGS), ids=list(SPELLINGS))
def test_a_password_said_in_talk_is_hidden_everywhere_and_replaced(
    door: Door, welcomed: dict[str, str], spelling: str
) -> None:
    """Anna writes her password into her talk, from her own address: her room-mates hear the talk
    without it, her answer quotes it hidden, the mail is kept without it; it stops working at once
    (Boris writing with it from his own address is refused) and her new one comes to her address."""
    old = welcomed["Anna"]
    said = SPELLINGS[spelling](old)
    assert door.send(
        "anna@example.org", f"hello all\n{said}", T0 + timedelta(seconds=5), to=door.to_seat("Anna")
    )

    mails = door.delivered()
    assert all(
        nowhere(old, _text(mail)) for mail in mails if "new password" not in str(mail["Subject"]).lower()
    )
    heard = [mail for mail in addressed(mails, ROOMMATE) if "hello all" in _text(mail)]
    assert heard and "****" in _text(heard[0])
    assert nowhere(old, door.kept_texts(), every_text(door.store))
    (renewal,) = [mail for mail in mails if "new password" in str(mail["Subject"]).lower()]
    assert str(renewal["To"]).lower() == "anna@example.org"
    assert "no longer works" in _text(renewal)
    new = password_in(renewal)
    assert nowhere(new, door.kept_texts(), every_text(door.store))

    assert (
        door.send(ROOMMATE, f"PASSWORD {old}\nMOVE Garage", T0 + timedelta(seconds=6))
        == "refused:wrong-password"
    )
    assert door.send(ELSEWHERE, f"PASSWORD {new}\nMOVE Garage", T0 + timedelta(seconds=7)) == "accepted"


@pytest.mark.parametrize("charset", ["cp1251", "koi8-r"])
def test_a_password_said_in_a_russian_mail_of_another_charset_is_hidden_in_the_copy_kept(
    door: Door, welcomed: dict[str, str], charset: str
) -> None:
    old = welcomed["Anna"]
    said = f"Борис, мой пароль {old.replace('-', ' ')}, не говори никому"
    outcome = door.send(
        "anna@example.org", said, T0 + timedelta(seconds=5), to=door.to_seat("Anna"), charset=charset
    )
    assert outcome == "accepted"
    assert nowhere(old, door.kept_texts(), every_text(door.store))
    assert "мой пароль ****" in door.kept_texts()
    assert not Credential.of_seat(door.store.seat(GAME, "Anna")).opened_by(old)


def test_a_password_posted_on_the_web_forum_is_hidden_and_replaced(
    door: Door, welcomed: dict[str, str]
) -> None:
    """The exact form too: posts go through the same judging as mail."""
    old = welcomed["Anna"]
    spellings: list[Callable[[str], str]] = [
        lambda p: f"mine is {p}",
        lambda p: f"PASSWORD {p.replace('-', '–')}",
    ]
    for number, spelled in enumerate(spellings):
        player = Player(GAME, "Anna", "anna@example.org")
        door.store.forum.submit(player, GAME, "Anna", spelled(old), T0 + timedelta(seconds=5 + number))
        mails = door.delivered()
        assert all(nowhere(old, _text(mail)) for mail in addressed(mails, ROOMMATE))
        assert nowhere(old, every_text(door.store))
        (renewal,) = [
            mail
            for mail in addressed(mails, "anna@example.org")
            if "new password" in str(mail["Subject"]).lower()
        ]
        assert not Credential.of_seat(door.store.seat(GAME, "Anna")).opened_by(old)
        old = password_in(renewal)
        assert Credential.of_seat(door.store.seat(GAME, "Anna")).opened_by(old)


def test_a_password_written_with_spaces_and_a_full_stop_on_its_line_is_a_password_line(
    door: Door, welcomed: dict[str, str]
) -> None:
    """``PASSWORD k7pq2mx9wh4t.`` and ``ПАРОЛЬ K7PQ–2MX9–WH4T`` from another address act for the seat, and
    the line is neither an order nor talk."""
    for number, line in enumerate(
        [f"PASSWORD {bare(welcomed['Anna'])}.", f"пароль {welcomed['Anna'].upper().replace('-', '–')}"]
    ):
        assert door.send(ELSEWHERE, f"{line}\nMOVE Garage", T0 + timedelta(seconds=5 + number)) == "accepted"
    assert Credential.of_seat(door.store.seat(GAME, "Anna")).opened_by(welcomed["Anna"])
    assert nowhere(welcomed["Anna"], door.kept_texts(), every_text(door.store))


@pytest.mark.parametrize("words", ["NEW PASSWORD", "Новый пароль."])
def test_new_password_is_mailed_to_the_registered_address_at_most_three_times_a_day(
    door: Door, welcomed: dict[str, str], words: str
) -> None:
    """Asked for from another address with the password, the new one still goes to the registered
    address only; the old one stops working; a fourth request within a day is answered once, saying
    when to ask again, and changes nothing."""
    old = welcomed["Anna"]
    asked = door.send(ELSEWHERE, f"PASSWORD {old}\n{words}", T0 + timedelta(seconds=5))
    assert asked == "accepted:new-password"
    mails = door.delivered()
    assert addressed(mails, ELSEWHERE) == []
    (renewal,) = addressed(mails, "anna@example.org")
    new = password_in(renewal)
    anna = Credential.of_seat(door.store.seat(GAME, "Anna"))
    assert (anna.opened_by(new), anna.opened_by(old)) == (True, False)
    for number in range(ASKED_MOST - 1):
        door.send("anna@example.org", words, T0 + timedelta(seconds=6 + number), to=door.to_seat("Anna"))
    assert len(addressed(door.delivered(), "anna@example.org")) == ASKED_MOST - 1
    for number in range(2):
        door.send("anna@example.org", words, T0 + timedelta(minutes=1 + number), to=door.to_seat("Anna"))
    (later,) = door.delivered()
    assert "tomorrow" in _text(later) or "завтра" in _text(later)
    tomorrow = T0 + timedelta(days=1, minutes=1)
    door.send("anna@example.org", words, tomorrow, to=door.to_seat("Anna"))
    assert [password_in(mail) for mail in door.delivered()]


def test_the_game_master_asks_for_a_new_password_too(door: Door, welcomed: dict[str, str]) -> None:
    to_master = f"referee+{door.store.master(GAME).token}@example.org"  # type: ignore[union-attr]
    assert door.send(GM, "НОВЫЙ ПАРОЛЬ", T0 + timedelta(seconds=5), to=to_master) == "accepted:new-password"
    (renewal,) = addressed(door.delivered(), GM)
    new = password_in(renewal)
    assert (
        door.send(ELSEWHERE, f"PASSWORD {new}\nSTATUS", T0 + timedelta(seconds=6)) == "accepted:game-master"
    )
    assert (
        door.send(ELSEWHERE, f"PASSWORD {welcomed[MASTER]}\nSTATUS", T0 + timedelta(seconds=7))
        == "refused:wrong-password"
    )


def test_migration_0014_hashes_the_clear_passwords_and_they_still_work(
    empty_database_url: str, tmp_path: Path
) -> None:
    """A database at 0013 with passwords in clear: after the upgrade no column holds one, and each
    still opens its seat or game-master."""
    database_url = empty_database_url
    engine = open_engine(database_url)
    with migrating(engine) as connection:
        command.upgrade(alembic_config(connection), "0013")
    with engine.begin() as connection:
        connection.execute(
            text(
                "INSERT INTO games (id, kind, schedule, language, seed, created_at, phase, finished,"
                " last_seq, state, settings, secret) VALUES ('g1', 'ten-sailors', 'ten-sailors-fast', 'en',"
                " '7', '2026-12-01 10:00:00', 'd0n', :no, 0, '{}', '{}', :secret)"
            ),
            {"no": False, "secret": "0" * 32},
        )
        connection.execute(
            text(
                "INSERT INTO seats (id, game_id, name, email, host, token, password) VALUES "
                "(1, 'g1', 'Anna', 'anna@example.org', :no, 't1', 'k7pq-2mx9-wh4t'), "
                "(2, 'g1', 'Boris', 'boris@example.org', :no, 't2', 'abcd-efgh-jkmn')"
            ),
            {"no": False},
        )
        connection.execute(
            text(
                "INSERT INTO masters (game_id, email, token, password) "
                "VALUES ('g1', 'gm@example.org', 't3', 'pqrs-tuvw-xyz2')"
            )
        )

    upgrade(engine)

    from referee.app import Referee
    from referee.store.transactions import Database

    store = Referee(Database(engine))
    stored = every_text(store)
    for password in ("k7pq-2mx9-wh4t", "abcd-efgh-jkmn", "pqrs-tuvw-xyz2"):
        assert password not in stored and bare(password) not in stored
    seats = {seat.name: Credential.of_seat(seat) for seat in store.seats("g1")}
    assert seats["Anna"].opened_by("K7PQ 2MX9 WH4T") and not seats["Anna"].opened_by("abcd-efgh-jkmn")
    assert seats["Boris"].opened_by("abcd-efgh-jkmn")
    master = store.master("g1")
    assert master is not None and canonical("pqrsTUVWxyz2") == "pqrs-tuvw-xyz2"
    assert Credential(
        True, "g1", None, "", master.email, master.token, master.password_hash, master.password_key
    ).opened_by("pqrs-tuvw-xyz2")


def test_a_letter_sent_again_carries_a_new_password_and_the_outbox_holds_none(door: Door) -> None:
    """A welcome claimed, not sent and claimed again (a transport that failed) is given a fresh
    password: only the last one works; the notice's data never holds one."""
    now = datetime.now(UTC)
    letters = door.store.letters
    claimed = letters.claim("one", now, 100)
    letters.release([letter.id for letter in claimed])
    again = letters.claim("two", now, 100)
    first = next(letter.reader for letter in claimed if letter.recipient == "Anna")
    second = next(letter.reader for letter in again if letter.recipient == "Anna")
    assert first is not None and second is not None
    before, after = first.password, second.password
    anna = Credential.of_seat(door.store.seat(GAME, "Anna"))
    assert (before != after, anna.opened_by(after), anna.opened_by(before)) == (True, True, False)
    assert nowhere(before, every_text(door.store)) and nowhere(after, every_text(door.store))
