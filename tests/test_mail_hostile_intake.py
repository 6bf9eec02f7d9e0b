"""Hostile and broken mail: one bad message never blocks intake, floods anyone, or leaks its text.

The service is driven by hand (``tests/service_helpers.py``) over a real store: SQLite, and
PostgreSQL too where a test uses ``database_url``.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
import service_helpers as helpers
from hypothesis import given, settings
from hypothesis import strategies as st
from service_helpers import Site, drop
from sqlmodel import Session, col, select

from referee.app.mailroom import clean
from referee.store.models import InboundRow, NoticeRow, SubmissionRow

T0 = datetime(2026, 12, 1, 17, 0, tzinfo=UTC)
GAME = "castle"


def at(seconds: float) -> datetime:
    return T0 + timedelta(seconds=seconds)


class Driven(helpers.Driven):
    """The helpers' driven service, with times given in seconds after T0."""

    def __init__(self, site: Site) -> None:
        super().__init__(site, T0)

    def step_at(self, seconds: float) -> None:  # type: ignore[override]
        super().step_at(at(seconds))

    def inbound(self) -> list[InboundRow]:
        with Session(self.service.referee.database.engine) as session:
            return list(session.exec(select(InboundRow).order_by(col(InboundRow.id))).all())

    def notices(self) -> list[NoticeRow]:
        with Session(self.service.referee.database.engine) as session:
            return list(session.exec(select(NoticeRow).order_by(col(NoticeRow.id))).all())

    def submissions(self) -> list[SubmissionRow]:
        with Session(self.service.referee.database.engine) as session:
            return list(session.exec(select(SubmissionRow).order_by(col(SubmissionRow.id))).all())

    def accepted(self) -> list[tuple[str, str]]:
        log = helpers.event_log(self.service.referee)
        return [(data["character"], data["type"]) for _, kind, data, _ in log if kind == "order_accepted"]


def site_on(root: Path, url: str, extra: str = "") -> Site:
    root.mkdir()
    site = Site(root, url, extra=extra)
    site.create_game(GAME, T0)
    return site


@pytest.fixture
def make_site(tmp_path: Path, sqlite_url: str) -> Callable[..., Site]:
    def make(name: str, extra: str = "") -> Site:
        return site_on(tmp_path / name, sqlite_url.replace("referee.db", f"{name}.db"), extra)

    return make


def raw_mail(sender: bytes, message_id: bytes, body: bytes, to: bytes = b"referee@example.org") -> bytes:
    """A plain mail put together byte by byte, so that it may hold anything at all."""
    return (
        b"From: " + sender + b"\r\nTo: " + to + b"\r\nSubject: hello\r\n"
        b"Date: Tue, 01 Dec 2026 17:00:05 +0000\r\nMessage-ID: " + message_id + b"\r\n"
        b"Content-Type: text/plain; charset=utf-8\r\n\r\n" + body + b"\r\n"
    )


def player_mail(site: Site, name: str, body: bytes, number: int) -> bytes:
    seat = site.store().seat(GAME, name)
    return raw_mail(
        seat.email.encode(),
        f"<{name}.{number}@players.example.org>".encode(),
        body,
        f"referee+{seat.token}@example.org".encode(),
    )


def incoming_left(site: Site) -> list[Path]:
    """The mails in the inbox not yet marked as read."""
    folder = site.root / "incoming"
    return [*folder.glob("new/*"), *(p for p in folder.glob("cur/*") if "S" not in p.name.rpartition(",")[2])]


def moved_aside(site: Site) -> list[Path]:
    return list((site.root / "incoming-failed").glob("*/*"))


# --- NUL and other control characters -------------------------------------------------------------


def test_a_nul_in_sender_message_id_or_body_is_kept_once_and_the_mail_behind_it_is_taken_in(
    tmp_path: Path, database_url: str
) -> None:
    site = site_on(tmp_path / "nul", database_url)
    hostile = [
        raw_mail(b"ev\x00il@evil.test", b"<one@evil.test>", b"hello"),
        raw_mail(b"someone@evil.test", b"<tw\x00o@evil.test>", b"hello"),
        player_mail(site, "Anna", b"MOVE Dining Room\nSAY hello\x00 and \x07goodbye", 1),
    ]
    for number, raw in enumerate(hostile, start=1):
        drop(site.root / "incoming", raw, at(number))
    drop(site.root / "incoming", player_mail(site, "Boris", b"MOVE Garage", 1), at(5))
    driven = Driven(site)

    driven.step_at(10)

    kept = driven.inbound()
    assert len(kept) == 4 and not incoming_left(site)
    assert [row.raw for row in kept[:3]] == hostile  # the mail itself is kept as it came
    for row in kept:
        for value in (row.sender, row.message_id, row.outcome):
            assert "\x00" not in value and "\x07" not in value
    # An address holding a control character is nobody's (stripping it could make someone else's
    # address), so that mail has no sender and is answered by nobody; an unprintable Message-ID
    # is replaced by a stand-in made from its hash, so the mail is still kept once.
    assert kept[0].outcome == "ignored:no-sender" and kept[0].sender == ""
    assert kept[1].message_id.endswith("@invalid.referee>") and kept[1].message_id != "<two@evil.test>"
    assert [row.outcome for row in kept[2:]] == ["accepted", "accepted"]
    assert ("Boris", "move") in driven.accepted() and ("Anna", "move") in driven.accepted()
    texts = [row.text for row in driven.submissions()]
    assert texts and all("\x00" not in text and "\x07" not in text for text in texts)
    assert not moved_aside(site)


@settings(max_examples=300, deadline=None)
@given(
    st.text(alphabet=st.characters(codec="utf-8"), max_size=40)
    | st.text(alphabet="ab \t\n\r\x00\x07\x1f\x7f\x85\xa0", max_size=20)
)
def test_every_value_kept_of_a_mail_loses_exactly_its_c0_controls_but_tab_and_line_feed(text: str) -> None:
    """What the mailroom keeps of a value is the value without C0 controls (but the tab and the
    line feed), whether or not it is printable but for those two (let through without a search)."""
    cleaned = clean(text)
    assert cleaned == "".join(char for char in text if char in "\t\n" or not ord(char) < 0x20)


# --- what the database refuses, and what it says --------------------------------------------------


def test_a_mail_whose_data_the_database_refuses_is_moved_aside_and_the_next_is_taken_in(
    tmp_path: Path, postgres_url: str, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """Both cleanings (the reader's and the mailroom's) are switched off here, so that a NUL in the
    Message-ID reaches PostgreSQL and it refuses the insert with a real DataError (nothing else a
    mail holds makes it refuse on demand)."""
    from dataclasses import replace

    import referee.app.mailroom as mailroom
    import referee.mail.readers as readers

    site = site_on(tmp_path / "refused", postgres_url)
    drop(site.root / "incoming", raw_mail(b"ev\x00il@evil.test", b"<one@evil.test>", b"secret words"), at(1))
    drop(site.root / "incoming", player_mail(site, "Boris", b"MOVE Garage", 1), at(2))
    driven = Driven(site)
    monkeypatch.setattr(mailroom, "clean", lambda text: text)
    read = readers.read_mail

    def unclean(raw: bytes, own_addresses: tuple[str, ...] = ()) -> object:
        incoming = read(raw, own_addresses=own_addresses)
        if b"secret words" not in raw:
            return incoming
        return replace(incoming, sender="evil@evil.test", message_id="<o\x00ne@evil.test>")

    monkeypatch.setattr(readers, "read_mail", unclean)

    with caplog.at_level("ERROR", logger="referee.service"):
        driven.step_at(10)

    assert len(moved_aside(site)) == 1 and b"secret words" in moved_aside(site)[0].read_bytes()
    assert not incoming_left(site)
    assert [row.outcome for row in driven.inbound()] == ["accepted"]
    assert driven.accepted() == [("Boris", "move")]
    refused = [r for r in caplog.records if "refused by the database" in r.getMessage()]
    assert len(refused) == 1 and "NUL" in refused[0].reason  # type: ignore[attr-defined]
    assert "secret" not in caplog.text and "evil" not in caplog.text


def test_an_unreachable_database_keeps_the_mail_for_the_next_step(
    make_site: Callable[..., Site], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A fake: no real input makes the database go away on demand, so ingest raises the driver's
    OperationalError itself for the first mail."""
    from sqlalchemy.exc import OperationalError

    import referee.service.runner as runner

    site = make_site("down")
    drop(site.root / "incoming", player_mail(site, "Anna", b"MOVE Dining Room", 1), at(1))
    driven = Driven(site)
    real = runner.ingest

    def down(store, mail, raw, received, reading=None):  # type: ignore[no-untyped-def]
        raise OperationalError("INSERT", {}, ConnectionError("server closed the connection"))

    monkeypatch.setattr(runner, "ingest", down)
    with pytest.raises(OperationalError):
        driven.step_at(5)
    assert len(incoming_left(site)) == 1 and not moved_aside(site)

    monkeypatch.setattr(runner, "ingest", real)
    driven.step_at(6)
    assert not incoming_left(site) and driven.accepted() == [("Anna", "move")]


def test_database_errors_never_show_the_values_of_a_statement(tmp_path: Path, database_url: str) -> None:
    from sqlalchemy.exc import DBAPIError

    from referee.store.database import open_engine, upgrade
    from referee.store.inbound import keep_inbound
    from referee.store.transactions import Database

    engine = open_engine(database_url)
    upgrade(engine)
    record = {
        "message_id": "<private-message-id@example.org>",
        "received_at": T0,
        "sender": "private-sender@example.org",
        "game_id": None,
        "seat": None,
        "outcome": "accepted",
        "raw": b"private mail text",
    }
    database = Database(engine)
    with database.transaction() as session:
        keep_inbound(session, record)
    if engine.dialect.name == "postgresql":  # a NUL (its own message repeats no value)
        bad = {**record, "message_id": "<other>", "sender": "private\x00sender"}
    else:  # the same Message-ID twice
        bad = record
    with pytest.raises(DBAPIError) as raised, database.transaction() as session:
        keep_inbound(session, bad)
    assert "private" not in str(raised.value) and "parameters hidden" in str(raised.value)


def test_the_log_of_a_database_error_holds_only_the_databases_first_line() -> None:
    """PostgreSQL's DETAIL line may repeat a key or a whole row: the log keeps only the line before it."""
    from sqlalchemy.exc import IntegrityError

    from referee.service.runner import reason

    class Orig(Exception):
        pass

    orig = Orig('duplicate key value violates unique constraint "x"\nDETAIL:  Key (sender)=(private) exists.')
    error = IntegrityError("INSERT", {"sender": "private"}, orig)
    assert reason(error) == 'duplicate key value violates unique constraint "x"'


# --- mail too big to read -------------------------------------------------------------------------


def big_mail(sender: bytes, number: int, size: int = 1_100_000) -> bytes:
    return raw_mail(sender, f"<big{number}@evil.test>".encode(), b"SAY " + b"x" * size + b"\nMOVE Garage")


def test_a_mail_over_the_size_limit_is_kept_unread_and_its_sender_answered_once_a_day(
    make_site: Callable[..., Site],
) -> None:
    site = make_site("big")
    big = [big_mail(b"Stranger <stranger@evil.test>", n) for n in (1, 2)]
    for number, raw in enumerate(big, start=1):
        drop(site.root / "incoming", raw, at(number))
    drop(site.root / "incoming", player_mail(site, "Boris", b"MOVE Garage", 1), at(3))
    driven = Driven(site)

    driven.step_at(10)

    kept = driven.inbound()
    assert [row.outcome for row in kept] == ["refused:over-limit:mail-bytes"] * 2 + ["accepted"]
    assert [row.raw for row in kept[:2]] == big and kept[0].message_id == "<big1@evil.test>"
    answers = [n for n in driven.notices() if n.template in ("too_big", "refusal")]
    assert [(n.template, n.address, n.in_reply_to) for n in answers] == [
        ("too_big", "stranger@evil.test", "<big1@evil.test>")
    ]
    assert answers[0].data == {"limit": "mail-bytes", "size": 1_000_000}
    assert driven.accepted() == [("Boris", "move")]  # nothing of the big mails was read
    assert all("xxxx" not in str(n.data) for n in driven.notices())

    drop(site.root / "incoming", raw_mail(b"stranger@evil.test", b"<small@evil.test>", b"hello"), at(20))
    driven.step_at(21)
    assert driven.inbound()[-1].outcome == "refused:no-personal-address"
    assert len([n for n in driven.notices() if n.address == "stranger@evil.test"]) == 1  # one a day

    next_day = 25 * 3600
    drop(site.root / "incoming", big_mail(b"stranger@evil.test", 3), at(next_day))
    driven.step_at(next_day + 1)
    assert [n.template for n in driven.notices() if n.address == "stranger@evil.test"] == ["too_big"] * 2


def test_the_answer_to_a_mail_too_big_says_which_limit_in_both_languages() -> None:
    from referee.render import Renderer, templates_dir

    renderer = Renderer(templates_dir())
    cases = {
        ("mail-bytes", 1_000_000): ("larger than 1 MB", "больше 1 МБ"),
        ("mime-parts", 50): ("too many attachments", "слишком много вложений"),
        ("header-bytes", 64_000): ("header of your mail is too long", "слишком длинный заголовок"),
    }
    for (code, size), (english, russian) in cases.items():
        for language, words in (("en", english), ("ru", russian)):
            text = renderer.render(
                language, "too_big.txt.j2", limit=code, size=size, referee_address="referee@example.org"
            )
            assert words in text and "referee@example.org" in text and code not in text
    assert (
        renderer.render("en", "subject.txt.j2", template="too_big").strip() == "Your mail was too big to read"
    )
    assert (
        renderer.render("ru", "subject.txt.j2", template="too_big").strip() == "Ваше письмо слишком большое"
    )


def test_a_mail_too_big_whose_from_is_not_in_its_first_8_kb_or_is_the_referee_is_not_answered(
    make_site: Callable[..., Site],
) -> None:
    site = make_site("hidden-from")
    filler = b"".join(b"X-Filler-%d: %s\r\n" % (n, b"y" * 70) for n in range(120))  # about 10 KB
    drop(site.root / "incoming", filler + big_mail(b"stranger@evil.test", 1), at(1))
    drop(site.root / "incoming", big_mail(b"referee@example.org", 2), at(2))  # the referee's own address
    driven = Driven(site)

    driven.step_at(5)

    assert [row.outcome for row in driven.inbound()] == ["refused:over-limit:mail-bytes"] * 2
    assert [row.sender for row in driven.inbound()] == ["", "referee@example.org"]
    assert not [n for n in driven.notices() if n.template == "too_big"]


def test_a_header_block_over_its_limit_is_kept_unread(make_site: Callable[..., Site]) -> None:
    site = make_site("long-header", "\n[limits]\nheader_bytes = 2000\n")
    long_header = (
        b"References: " + b" ".join(b"<ref%d@players.example.org>" % n for n in range(200)) + b"\r\n"
    )
    drop(site.root / "incoming", long_header + player_mail(site, "Anna", b"MOVE Dining Room", 1), at(1))
    driven = Driven(site)

    driven.step_at(5)

    assert [row.outcome for row in driven.inbound()] == ["refused:over-limit:header-bytes"]
    assert driven.accepted() == []
    answers = [n for n in driven.notices() if n.template == "too_big"]
    assert [(n.address, n.data["limit"]) for n in answers] == [("anna@example.org", "header-bytes")]


# --- how much of a mail is judged -----------------------------------------------------------------


def test_only_the_first_lines_of_a_mail_are_judged_and_the_answer_says_how_many_were_not(
    make_site: Callable[..., Site],
) -> None:
    from referee.render import Renderer, templates_dir

    site = make_site("lines", "\n[limits]\nlines = 3\n")
    body = b"SAY one\n\nSAY two\nSAY three\nMOVE Garage\n\nSAY five\n"
    drop(site.root / "incoming", player_mail(site, "Anna", body, 1), at(1))
    driven = Driven(site)

    driven.step_at(5)

    (submission,) = driven.submissions()
    assert [line for line in submission.text.splitlines() if line.strip()] == [
        "SAY one",
        "SAY two",
        "SAY three",
    ]
    said = [
        d["text"] for _, kind, d, _ in helpers.event_log(driven.service.referee) if kind == "message_posted"
    ]
    assert said == ["one", "two", "three"] and driven.accepted() == []  # the MOVE after them was never read
    (answer,) = [n for n in driven.notices() if n.template == "answer"]
    assert (answer.data["cut"], answer.data["lines_read"]) == (2, 3)
    renderer = Renderer(templates_dir())
    english = renderer.render("en", "answer.txt.j2", kind="ten-sailors", **answer.data)
    russian = renderer.render("ru", "answer.txt.j2", kind="ten-sailors", **answer.data)
    assert "reads at most 3 lines of one mail, so the last 2 lines were not read" in english
    assert "не больше 3 строк, поэтому остаток письма (2 строки) не прочитан" in russian


def test_a_1_mb_say_line_is_never_relayed_verbatim_to_anyone(make_site: Callable[..., Site]) -> None:
    line = "SAY " + "word " * 210_000  # about 1 MB
    site = make_site("default-limits")
    drop(site.root / "incoming", player_mail(site, "Anna", line.encode(), 1), at(1))
    roomy = make_site("roomy", "\n[limits]\nmail_bytes = 3000000\n")
    drop(roomy.root / "incoming", player_mail(roomy, "Anna", line.encode(), 1), at(1))
    default, raised = Driven(site), Driven(roomy)

    default.step_at(5)
    raised.step_at(5)

    assert [row.outcome for row in default.inbound()] == ["refused:over-limit:mail-bytes"]
    assert [row.outcome for row in raised.inbound()] == ["accepted"]
    for driven in (default, raised):
        assert all(len(str(n.data)) < 10_000 for n in driven.notices())
        assert all(len(str(data)) < 10_000 for _, _, data, _ in helpers.event_log(driven.service.referee))
    said = [
        data for _, kind, data, _ in helpers.event_log(raised.service.referee) if "word word" in str(data)
    ]
    assert said and all("[…]" in str(data) for data in said)


def test_the_answer_to_a_mail_too_big_goes_out_with_its_own_text_and_subject(
    make_site: Callable[..., Site],
) -> None:
    from email import message_from_bytes, policy

    from referee.mail.delivery import deliver
    from referee.mail.transports import MaildirOutbox
    from referee.render import Renderer

    site = make_site("big-letter")
    drop(site.root / "incoming", big_mail(b"Stranger <stranger@evil.test>", 1), at(1))
    driven = Driven(site)
    driven.step_at(5)
    referee = driven.service.referee

    done = deliver(
        referee, MaildirOutbox(site.root / "out"), Renderer(site.config().templates), site.config().mail
    )

    assert done.failed == []
    mails = [
        message_from_bytes(p.read_bytes(), policy=policy.default)
        for p in (site.root / "out" / "new").iterdir()
    ]
    (message,) = [m for m in mails if m["To"] == "stranger@evil.test"]
    text = message.get_body(("plain",)).get_content()  # type: ignore[union-attr]
    assert "larger than 1 MB" in text and "больше 1 МБ" in text
    assert str(message["Subject"]) == "Your mail was too big to read / Ваше письмо слишком большое"
    assert message["Auto-Submitted"] == "auto-replied"
