"""Silence noticed at the boundaries (issue 38, item 3): a seat that sent nothing for ``nudge_after``
segments gets one personal nudge, the game-master is told once after ``tell_master_after``, and a seat
that writes again starts a new count. The boundaries are the service's own (``Driven``), the mail is
delivered into a Maildir and read back."""

from __future__ import annotations

import mailbox
from datetime import UTC, datetime, timedelta
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser
from email.utils import parseaddr
from pathlib import Path

import pytest
from service_helpers import Driven, Site, drop

from referee.app.gamefile import GameFileError, game_file
from referee.mail.delivery import deliver
from referee.mail.transports import MaildirOutbox
from referee.render import Renderer

pytestmark = pytest.mark.sqlite_only
"""On SQLite alone but where marked (``both_engines``): the store's own tests hold PostgreSQL."""

T0 = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)
GM = "gm@example.org"
ANNA, BORIS, VERA = "anna@example.org", "boris@example.org", "vera@example.org"


class Watched:
    """A Ten Sailors game with a game-master and a [game.dropouts] table, driven boundary by boundary."""

    def __init__(self, root: Path, database_url: str, dropouts: str) -> None:
        self.site = Site(root, database_url)
        options = f'master_email = "{GM}"\ndropouts = {{ {dropouts} }}'
        self.site.create_game("quiet", T0, options=options)
        self.store = self.site.store()
        self.driven = Driven(self.site, T0)
        self.seen: set[str] = set()
        self.delivered()  # the welcome letters

    def next_boundary(self) -> None:
        """Runs the service just past the open phase's deadline."""
        self.driven.step_at(self._due() + timedelta(seconds=1))

    def _due(self) -> datetime:
        from sqlmodel import Session, select

        from referee.store.models import ClockRow

        with Session(self.store.database.engine) as session:
            row = session.exec(select(ClockRow).where(ClockRow.game_id == "quiet")).one()
            assert row.due_at is not None
            return row.due_at.replace(tzinfo=UTC)

    def orders(self, name: str, text: str) -> None:
        at = self.driven.moment + timedelta(seconds=1)
        drop(self.site.root / "incoming", self.site.mail_from("quiet", name, text, at), at)
        self.driven.step_at(at)

    def delivered(self) -> list[EmailMessage]:
        renderer = Renderer(self.site.config().templates)
        out = self.site.root / "outgoing"
        assert not deliver(self.store, MaildirOutbox(out), renderer, self.site.config().mail).failed
        folder = mailbox.Maildir(out, create=True)
        new = []
        for key in sorted(folder.iterkeys()):
            if key not in self.seen:
                self.seen.add(key)
                message = BytesParser(policy=policy.default).parsebytes(folder.get_bytes(key))
                assert isinstance(message, EmailMessage)
                new.append(message)
        return new


def to(message: EmailMessage) -> str:
    return parseaddr(str(message["To"]))[1].lower()


def text(message: EmailMessage) -> str:
    body = message.get_body(preferencelist=("plain",))
    assert body is not None
    return " ".join(str(body.get_content()).split())


def nudges(mails: list[EmailMessage]) -> list[str]:
    return sorted(to(m) for m in mails if "are you still playing" in str(m["Subject"]))


def told_master(mails: list[EmailMessage]) -> list[str]:
    return [text(m) for m in mails if to(m) == GM and "gone silent" in str(m["Subject"])]


@pytest.fixture
def game(tmp_path: Path, database_url: str) -> Watched:
    return Watched(tmp_path, database_url, "nudge_after = 2, tell_master_after = 3")


@pytest.mark.both_engines
def test_a_silent_seat_is_nudged_once_after_n_segments_and_a_seat_that_wrote_is_not(game: Watched) -> None:
    game.orders("Anna", "search sofa")
    game.next_boundary()
    assert nudges(game.delivered()) == []  # one silent segment: not yet

    game.next_boundary()
    mails = game.delivered()
    assert nudges(mails) == [BORIS, VERA]  # Anna wrote during the first of the two
    nudge = next(m for m in mails if to(m) == BORIS and "still playing" in str(m["Subject"]))
    said = text(nudge)
    assert "Boris, the referee has heard nothing from you for 2 turns" in said
    assert "reply to this mail with your orders by 12:02 on Tuesday 1 December (Moscow time)" in said
    assert "reply RESIGN" in said
    assert parseaddr(str(nudge["Reply-To"]))[1].startswith(
        "referee+"
    )  # a reply goes to the seat's own address

    game.next_boundary()
    assert nudges(game.delivered()) == [ANNA]  # her own two silent segments since she wrote
    game.next_boundary()
    game.next_boundary()
    assert nudges(game.delivered()) == []  # only once per silence


def test_the_game_master_is_told_once_after_the_longer_silence(game: Watched) -> None:
    game.next_boundary()
    game.next_boundary()
    assert told_master(game.delivered()) == []

    game.next_boundary()
    notes = told_master(game.delivered())
    assert len(notes) == 3 and any("Anna has sent nothing for 3 turns in game quiet" in n for n in notes)
    assert all("REPLACE" in n for n in notes)

    game.next_boundary()
    assert told_master(game.delivered()) == []


def test_a_player_who_writes_again_is_counted_afresh(game: Watched) -> None:
    game.next_boundary()
    game.next_boundary()
    assert BORIS in nudges(game.delivered())

    game.orders("Boris", "search sofa")
    game.next_boundary()
    game.next_boundary()
    assert BORIS not in nudges(game.delivered())
    game.next_boundary()
    assert BORIS in nudges(game.delivered())  # silent for two segments again since he wrote


def test_the_nudge_is_written_in_russian_for_a_russian_game(tmp_path: Path, database_url: str) -> None:
    watched = Watched(tmp_path, database_url, "nudge_after = 1")
    from sqlmodel import Session

    from referee.store.models import GameRow  # the game's language, as a Russian game file sets it

    with Session(watched.store.database.engine) as session:
        row = session.get(GameRow, "quiet")
        assert row is not None
        row.language = "ru"
        session.add(row)
        session.commit()
    watched.next_boundary()
    said = [text(m) for m in watched.delivered() if to(m) == BORIS]
    assert any("Boris, судья не получал от вас писем уже 1 ход." in s and "ВЫХОЖУ" in s for s in said)


@pytest.mark.parametrize(
    ("table", "problem"),
    [
        ({"nudge_after": -1}, "nudge_after must be a whole number"),
        ({"by": "robot"}, 'by must be "reserve" or "bot"'),
        ({"nudge": 2}, "unknown key: nudge"),
    ],
)
def test_a_wrong_dropouts_table_is_refused_with_its_problem(table: dict[str, object], problem: str) -> None:
    raw = {
        "game": {"kind": "ten-sailors", "id": "g", "dropouts": table},
        "players": [{"name": n, "email": f"{n}@example.org"} for n in ("Anna", "Boris", "Vera")],
    }
    with pytest.raises(GameFileError, match=problem):
        game_file(raw, None)
