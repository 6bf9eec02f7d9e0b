"""Password guessing is held back: wrong passwords are counted per address and per seat, password mail
is refused unread after too many, the game-master is told once per burst, and no password, right or
wrong, is kept in the stored copy of a mail (issue 12, case 8). Real SQLite and PostgreSQL, a real
Maildir outbox."""

from __future__ import annotations

import base64
import email
import mailbox
import random
from datetime import UTC, datetime, timedelta
from email import policy
from email.message import EmailMessage
from pathlib import Path

import pytest
from password_helpers import given_password

from referee.app.credentials import _KEYWORDS, _PASSWORD_LINE, HIDDEN, hide_passwords
from referee.config import Limits, load_config
from referee.core.seats import MASTER
from referee.mail.delivery import deliver
from referee.mail.intake import ingest
from referee.mail.transports import MaildirOutbox
from referee.render import Renderer
from tests.service_helpers import Site

pytestmark = pytest.mark.sqlite_only
"""On SQLite alone but where marked (``both_engines``): the store's own tests hold PostgreSQL."""

T0 = datetime(2026, 12, 1, 17, 0, tzinfo=UTC)
GAME = "castle"
GM = "gm@example.org"
GUESSER = "mallory@elsewhere.example.net"
WRONG = ["abcd-efgh-jkmn", "bcde-fghj-kmnp", "cdef-ghjk-mnpq", "defg-hjkm-npqr", "efgh-jkmn-pqrs"]
"""Five wrong guesses: as many as ``guesses_per_address`` bears by default."""


class Door:
    """A game with a game-master by mail, and mail taken in as the mail door takes it."""

    def __init__(self, site: Site) -> None:
        self.site, self.store, self.mail = site, site.store(), site.config().mail
        self.count = 0
        self.given: dict[str, str] = {}

    def send(self, sender: str, text: str, at: datetime, *, to: str = "", base64_body: bool = False) -> str:
        """Takes in a mail from ``sender`` to ``to`` (the bare address by default); its outcome."""
        self.count += 1
        message = EmailMessage()
        message["From"] = sender
        message["To"] = to or "referee@example.org"
        message["Subject"] = "orders"
        message["Message-ID"] = f"<m{self.count}@elsewhere.example.net>"
        message.set_content(text, cte="base64" if base64_body else None)
        return ingest(self.store, self.mail, message.as_bytes(), at).text

    def to_seat(self, name: str) -> str:
        return f"referee+{self.store.seat(GAME, name).token}@example.org"

    def password(self, name: str) -> str:
        if name not in self.given:
            self.given[name] = given_password(self.store, GAME, name)
        return self.given[name]

    def notices(self, template: str) -> list[dict[str, object]]:
        return [n.data for n in self.store.notices(None) if n.template == template]

    def delivered(self) -> list[EmailMessage]:
        outbox = self.site.root / "out"
        outcome = deliver(
            self.store, MaildirOutbox(outbox), Renderer(self.site.config().templates), self.mail
        )
        assert not outcome.failed
        return [
            email.message_from_bytes(raw.as_bytes(), policy=policy.default)  # type: ignore[misc]
            for raw in mailbox.Maildir(outbox, create=False)
        ]


@pytest.fixture
def door(tmp_path: Path, database_url: str) -> Door:
    site = Site(tmp_path, database_url)
    site.create_game(GAME, T0, options=f'master_email = "{GM}"')
    return Door(site)


def text_of(message: EmailMessage) -> str:
    body = message.get_body(preferencelist=("plain",))
    assert body is not None
    return str(body.get_content())


@pytest.mark.both_engines
def test_after_five_wrong_passwords_from_one_address_even_the_right_one_is_refused_unread(door: Door) -> None:
    outcomes = [
        door.send(GUESSER, f"PASSWORD {guess}\nMOVE Garage", T0 + timedelta(seconds=n))
        for n, guess in enumerate(WRONG)
    ]
    assert outcomes == ["refused:wrong-password"] * 5

    right = f"PASSWORD {door.password('Anna')}\nMOVE Garage"
    assert door.send(GUESSER, right, T0 + timedelta(minutes=1)) == "refused:too-many-wrong-passwords"
    assert door.send(GUESSER, right, T0 + timedelta(minutes=2)) == "refused:too-many-wrong-passwords"
    assert door.store.load(GAME).state.moves == {}  # nothing of it was read

    # Another address is not held back; once the first guess is an hour old, this one is not either.
    assert door.send("anna.phone@example.net", right, T0 + timedelta(minutes=3)) == "accepted"
    assert door.send(GUESSER, right, T0 + timedelta(minutes=60, seconds=1)) == "accepted"


def test_the_guesser_is_told_once_when_to_try_again_and_the_game_master_once_who_guessed(door: Door) -> None:
    for n, guess in enumerate(WRONG * 2):  # five wrong, then five held back
        door.send(GUESSER, f"PASSWORD {guess}", T0 + timedelta(minutes=n), to=door.to_seat("Anna"))

    (wait,) = door.notices("password_wait")
    assert wait["until"] == "2026-12-01 18:00 UTC" and wait["minutes"] == 55
    (note,) = door.notices("guessing")
    said = {k: note[k] for k in ("addresses", "failures", "seat", "by", "minutes")}
    assert said == {"addresses": [GUESSER], "failures": 5, "seat": "Anna", "by": "address", "minutes": 60}
    assert not any(guess in str(note) for guess in WRONG)  # the guesses are never told

    mails = door.delivered()
    (to_master,) = [m for m in mails if str(m["To"]) == GM and "guessing" in str(m["Subject"]).lower()]
    said = text_of(to_master)
    assert GUESSER in said and "5" in said
    assert not any(guess in said for guess in WRONG)
    (answer,) = [m for m in mails if str(m["To"]) == GUESSER and "wait" in str(m["Subject"]).lower()]
    assert "2026-12-01 18:00 UTC" in text_of(answer) and "registered" in text_of(answer)
    assert "Подождите" in str(answer["Subject"])


def test_ten_wrong_passwords_to_one_seats_address_hold_that_seat_back_but_not_its_player(door: Door) -> None:
    to_anna = door.to_seat("Anna")
    for n in range(10):  # ten addresses, two guesses each: no address reaches its own limit
        sender = f"guesser{n}@elsewhere.example.net"
        at = T0 + timedelta(minutes=n)
        door.send(sender, f"PASSWORD {WRONG[n % 5]}", at, to=to_anna)
    right = f"PASSWORD {door.password('Anna')}\nMOVE Garage"
    late = T0 + timedelta(minutes=20)
    assert door.send("newcomer@elsewhere.example.net", right, late, to=to_anna) == (
        "refused:too-many-wrong-passwords"
    )
    # Anna herself, from her registered address to her own address, needs no password.
    assert door.send("anna@example.org", "MOVE Garage", late, to=to_anna) == "accepted"
    # The password still works for mail that is not sent to the held seat's address.
    assert door.send("newcomer@elsewhere.example.net", right, late) == "accepted"

    (note,) = door.notices("guessing")
    assert note["seat"] == "Anna" and note["failures"] == 10 and note["by"] == "seat"
    assert note["addresses"] == [f"guesser{n}@elsewhere.example.net" for n in range(10)]
    assert [n.recipient for n in door.store.notices(GAME) if n.template == "guessing"] == [MASTER]


# --- who hears of it: the game aimed at, once per window ------------------------------------------------

GAMES = [f"castle{n}" for n in range(12)]
"""Twelve games, each with a game-master of its own by mail (gm0@… to gm11@…)."""


@pytest.fixture
def twelve(tmp_path: Path, sqlite_url: str) -> Door:
    site = Site(tmp_path, sqlite_url)
    for n, game in enumerate(GAMES):
        site.create_game(game, T0, options=f'master_email = "gm{n}@example.org"')
    door = Door(site)
    door.delivered()  # the welcome letters
    return door


def notes_to_masters(door: Door) -> list[str]:
    """To whom the game-masters' notes of password guessing went, as mailed (each game-master's address)."""
    return sorted(
        str(m["To"])
        for m in door.delivered()
        if str(m["To"]).startswith("gm") and "guessing" in str(m["Subject"]).lower()
    )


@pytest.mark.parametrize("count", [5, 50])
def test_wrong_passwords_to_the_plain_address_tell_no_game_master(twelve: Door, count: int) -> None:
    """They name no game: before, each of twelve game-masters got a note (thirteen mails for five)."""
    before = {str(m["Message-ID"]) for m in twelve.delivered()}
    for n in range(count):
        twelve.send(GUESSER, f"PASSWORD {WRONG[n % 5]}", T0 + timedelta(seconds=n))

    assert twelve.notices("guessing") == []
    mailed = [str(m["To"]) for m in twelve.delivered() if str(m["Message-ID"]) not in before]
    assert mailed == [GUESSER] * (1 if count == 5 else 2)  # the refusal (and, held back, when to try again)


@pytest.mark.parametrize("count", [5, 50])
def test_wrong_passwords_to_one_seat_tell_that_games_game_master_once_and_no_other(
    twelve: Door, count: int
) -> None:
    to_anna = f"referee+{twelve.store.seat('castle3', 'Anna').token}@example.org"
    for n in range(count):  # one guesser, then many: both the address and the seat are held back
        sender = GUESSER if n < 5 else f"guesser{n}@elsewhere.example.net"
        twelve.send(sender, f"PASSWORD {WRONG[n % 5]}", T0 + timedelta(seconds=n), to=to_anna)

    assert notes_to_masters(twelve) == ["gm3@example.org"]
    (note,) = twelve.notices("guessing")
    assert (note["failures"], note["seat"], note["addresses"]) == (5, "Anna", [GUESSER])
    assert [n.recipient for n in twelve.store.notices("castle3") if n.template == "guessing"] == [MASTER]


def test_a_new_burst_after_the_window_is_told_again_but_not_one_within_it(twelve: Door) -> None:
    to_anna = f"referee+{twelve.store.seat('castle3', 'Anna').token}@example.org"
    to_boris = f"referee+{twelve.store.seat('castle3', 'Boris').token}@example.org"
    for n in range(5):
        twelve.send(GUESSER, f"PASSWORD {WRONG[n]}", T0 + timedelta(seconds=n), to=to_anna)
    for n in range(5):  # another address, another seat of the same game, within the hour: no second note
        twelve.send(
            "eve@elsewhere.example.net", f"PASSWORD {WRONG[n]}", T0 + timedelta(minutes=10 + n), to=to_boris
        )
    assert notes_to_masters(twelve) == ["gm3@example.org"]
    for n in range(5):  # after the hour
        twelve.send(GUESSER, f"PASSWORD {WRONG[n]}", T0 + timedelta(minutes=61, seconds=n), to=to_anna)
    assert notes_to_masters(twelve) == ["gm3@example.org"] * 2  # all mailed so far: one per window


def test_no_password_right_or_wrong_is_kept_in_the_stored_mail(door: Door) -> None:
    right = door.password("Anna")
    door.send(GUESSER, f"PASSWORD {WRONG[0]}\nMOVE Garage", T0)
    door.send("anna.phone@example.net", f"Привет!\nПАРОЛЬ {right.upper()}\nИДУ Гараж", T0, base64_body=True)
    door.send("anna.phone@example.net", f"password: {right.replace('-', ' ')}", T0 + timedelta(seconds=1))

    kept = [row.raw for row in door.store.inbound()]
    assert len(kept) == 3
    for raw in kept:
        message = email.message_from_bytes(raw, policy=policy.default)
        body = text_of(message).lower()  # type: ignore[arg-type]
        assert "****" in body
        for secret in (right, WRONG[0], right.replace("-", " ")):
            assert secret not in raw.decode("ascii", "replace").lower() and secret not in body
    assert "привет!" in text_of(email.message_from_bytes(kept[1], policy=policy.default)).lower()  # type: ignore[arg-type]


def test_hiding_a_password_leaves_a_mail_without_one_as_it_came() -> None:
    raw = b"From: a@example.org\r\nContent-Transfer-Encoding: base64\r\n\r\n" + base64.encodebytes(
        b"MOVE Garage\n"
    )
    assert hide_passwords(raw, "k7pq-2mx9-wh4t") == raw
    assert (
        hide_passwords(b"From: a@example.org\r\n\r\nMOVE Garage\r\n")
        == b"From: a@example.org\r\n\r\nMOVE Garage\r\n"
    )


def test_the_guessing_limits_are_read_from_the_limits_table(tmp_path: Path) -> None:
    path = tmp_path / "referee.toml"
    path.write_text("[limits]\nguesses_per_address = 3\nguesses_per_seat = 4\nguess_minutes = 15\n")
    limits = load_config(path).mail.limits
    assert (limits.guesses_per_address, limits.guesses_per_seat, limits.guess_minutes) == (3, 4, 15)
    assert (Limits().guesses_per_address, Limits().guesses_per_seat, Limits().guess_minutes) == (5, 10, 60)


def test_password_lines_are_hidden_as_the_pattern_over_the_whole_mail_would_hide_them() -> None:
    """The pattern is tried only where a keyword stands; made-up runs of keywords, separators and
    password-like groups come out as substituting over all of them would leave them."""
    pieces = [
        b"password",
        b"PassWord",
        b": ",
        b"=",
        b" ",
        b"\t",
        b"-",
        b"abcd",
        b"k7pq",
        b"wh4t1",
        b"\n",
        b"x",
    ]
    pieces += _KEYWORDS
    made = random.Random(7)
    for _ in range(3000):
        raw = b"".join(made.choice(pieces) for _ in range(made.randint(0, 12)))
        assert hide_passwords(raw) == _PASSWORD_LINE.sub(rb"\1\2" + HIDDEN, raw), raw
