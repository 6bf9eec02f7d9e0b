"""Composing the referee's mail from outbox notices: parts, headers, languages and secrets."""

from __future__ import annotations

import binascii
import hashlib
import re
from dataclasses import replace
from datetime import UTC, datetime
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser
from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.app.letters import Reader
from referee.config import MailSettings
from referee.mail import compose as compose_module
from referee.mail.compose import (
    HIDDEN,
    Subject,
    UnsafeHeader,
    compose,
    copy_subject,
    message_id,
    refusal_id,
    reply_address,
    thread_root,
)
from referee.render import Renderer, templates_dir
from referee.store.models import GameRow, NoticeRow

MAIL = MailSettings(address="referee@castle.example")
NOW = datetime(2026, 12, 1, 20, 0, tzinfo=UTC)
SECRET = "5e" * 16


def _game(language: str = "en", secret: str = SECRET, **settings: Any) -> GameRow:
    return GameRow(
        id="castle-7", kind="ten-sailors", schedule="ten-sailors-daily", language=language, seed="1",
        created_at=NOW, phase="d1h1", state={}, settings=settings, secret=secret,
    )  # fmt: skip


ANNA = Reader(3, "castle-7", "Anna", "anna@example.org", "ab" * 16, "k7pq-2mx9-wh4t")
"""Anna as a letter reads her: with the password her welcome letter is given as it is sent."""


def _notice(template: str, data: dict[str, Any], **fields: Any) -> NoticeRow:
    return NoticeRow(
        id=42, game_id="castle-7", phase="d1h1", recipient="Anna", template=template, data=data,
        created_at=NOW, **fields,
    )  # fmt: skip


WELCOME = {
    "character": "Anna",
    "hand": ["Kitchen", "Sofa", "Knife"],
    "game_id": "castle-7",
    "others": ["Boris", "Vera"],
    "host": False,
}
TALK = {"speaker": "Boris", "location": "Kitchen", "text": "<b>meet</b> me & run", "segment": "d1h1"}


def _parts(message: EmailMessage) -> tuple[str, str]:
    plain, html = message.get_body(("plain",)), message.get_body(("html",))
    assert isinstance(plain, EmailMessage) and isinstance(html, EmailMessage)
    return plain.get_content(), html.get_content()


@pytest.fixture
def renderer() -> Renderer:
    return Renderer(templates_dir())


@pytest.mark.parametrize(("language", "word"), [("en", "PASSWORD"), ("ru", "ПАРОЛЬ")])
def test_welcome_letter_holds_the_password_and_threads_from_its_own_id(
    language: str, word: str, renderer: Renderer
) -> None:
    (mail,) = compose(_notice("welcome", WELCOME), _game(language), ANNA, renderer, MAIL)
    plain, html = _parts(mail.message)
    assert f"{word} k7pq-2mx9-wh4t" in plain and "k7pq-2mx9-wh4t" in html
    assert mail.message["Message-ID"] == thread_root(MAIL, _game(), ANNA)
    assert mail.message["Reply-To"] == reply_address(MAIL, ANNA) == f"referee+{'ab' * 16}@castle.example"
    assert mail.message["Subject"].startswith("[castle-7] ")
    assert mail.message["Auto-Submitted"] == "auto-generated"
    assert mail.message["List-Id"] == "castle-7 <castle-7.castle.example>"
    assert mail.recipients == ("anna@example.org",)


def test_ts23_talk_is_escaped_in_the_html_part(renderer: Renderer) -> None:
    (mail,) = compose(_notice("talk", TALK), _game(), ANNA, renderer, MAIL)
    plain, html = _parts(mail.message)
    assert '"<b>meet</b> me & run"' in plain
    assert "&lt;b&gt;meet&lt;/b&gt; me &amp; run" in html and "<b>meet" not in html
    assert mail.message["In-Reply-To"] == thread_root(MAIL, _game(), ANNA)


def test_ts23_russian_talk_names_the_place_in_russian(renderer: Renderer) -> None:
    (mail,) = compose(_notice("talk", TALK), _game("ru"), ANNA, renderer, MAIL)
    plain, _ = _parts(mail.message)
    assert "Boris говорит на кухне" in plain
    assert "Boris говорит на кухне" in str(mail.message["Subject"])


def test_game_master_copy_hides_the_secrets(renderer: Renderer) -> None:
    game = _game(master_email="gm@example.org", copy_master=True)
    own, copy = compose(_notice("welcome", WELCOME), game, ANNA, renderer, MAIL)
    plain, html = _parts(copy.message)
    assert copy.recipients == ("gm@example.org",)
    assert "k7pq-2mx9-wh4t" not in plain + html and HIDDEN in plain
    assert copy.message["Reply-To"] == MAIL.address
    assert ANNA.token not in copy.message.as_string()
    assert copy.message["Message-ID"] != own.message["Message-ID"]
    assert str(copy.message["Subject"]) == "[castle-7] Welcome to the castle, Anna"  # not "Anna (Anna)"


@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_copys_subject_names_the_reader_once(language: str, renderer: Renderer) -> None:
    """The copy of a mail whose subject ends with the reader's name (the welcome) does not repeat it;
    the copy of any other mail (talk by Boris, or by Anna herself) names its reader in brackets."""
    game = _game(language, master_email="gm@example.org", copy_master=True)
    for template, data in (("welcome", WELCOME), ("talk", TALK), ("talk", {**TALK, "speaker": "Anna"})):
        own, copy = compose(_notice(template, data), game, ANNA, renderer, MAIL)
        subject, copied = str(own.message["Subject"]), str(copy.message["Subject"])
        assert "Anna (Anna)" not in copied
        assert copied == (subject if subject.endswith("Anna") else f"{subject} (Anna)")
    welcome = str(compose(_notice("welcome", WELCOME), game, ANNA, renderer, MAIL)[1].message["Subject"])
    assert welcome.endswith(", Anna")


def test_copy_subject_leaves_the_name_alone_only_when_it_ends_the_subject() -> None:
    """Only the whole name at the very end counts: "Joanna" does not end with the word "Anna"."""
    assert copy_subject("Welcome, Anna", "Anna") == "Welcome, Anna"
    assert copy_subject("Добро пожаловать в замок, Анна", "Анна") == "Добро пожаловать в замок, Анна"
    assert copy_subject("Welcome, Joanna", "Anna") == "Welcome, Joanna (Anna)"
    assert copy_subject("Anna speaks in the Kitchen", "Anna") == "Anna speaks in the Kitchen (Anna)"
    assert copy_subject("Report for Dr. Who?", "Dr. Who?") == "Report for Dr. Who?"


def test_answer_replies_to_the_players_mail_under_its_subject(renderer: Renderer) -> None:
    data = {"character": "Anna", "segment": "d1h1", "verdicts": [], "orders": [], "added": [], "removed": []}
    notice = _notice(
        "answer",
        data,
        address="anna@elsewhere.example",
        in_reply_to="<m1@x>",
        subject="Re: [castle-7] Fwd: plans",
    )
    (mail,) = compose(notice, _game(), ANNA, renderer, MAIL)
    assert mail.recipients == ("anna@elsewhere.example",)
    assert mail.message["Subject"] == "[castle-7] Re: plans"
    assert mail.message["In-Reply-To"] == "<m1@x>"
    assert mail.message["References"] == f"{thread_root(MAIL, _game(), ANNA)} <m1@x>"
    assert mail.message["Auto-Submitted"] == "auto-replied"


def test_refusal_is_bilingual_and_names_no_game(renderer: Renderer) -> None:
    notice = NoticeRow(
        id=7, game_id=None, phase="", recipient="", template="refusal",
        data={"reason": "refused:unknown-token"}, created_at=NOW,
        address="stranger@example.net", in_reply_to="<s@x>", subject="orders",
    )  # fmt: skip
    (mail,) = compose(notice, None, None, renderer, MAIL)
    plain, _ = _parts(mail.message)
    assert "could not tell which game" in plain and "не смог понять" in plain
    assert "castle-7" not in mail.message.as_string() and "unknown-token" not in plain
    assert mail.recipients == ("stranger@example.net",)
    assert mail.message["In-Reply-To"] == "<s@x>"


@pytest.mark.parametrize(("language", "said"), [("en", "only attachments"), ("ru", "только вложения")])
def test_answer_to_a_mail_without_readable_text_says_so(language: str, said: str, renderer: Renderer) -> None:
    data = {"character": "Anna", "segment": "d1h1", "verdicts": [], "orders": [], "problem": "no-text"}
    notice = _notice("answer", data, address="anna@example.org")
    (mail,) = compose(notice, _game(language), ANNA, renderer, MAIL)
    plain, _ = _parts(mail.message)
    assert said in plain


LETTERS = "абвгдежзийклмнопрстуфхцчшщыьэюяАБВЁё–(),:!?0123456789abcXYZ[]-"


@given(st.lists(st.text(alphabet=LETTERS, min_size=1), min_size=1))
def test_subjects_keep_every_space_and_fit_the_line_limit(words: list[str]) -> None:
    """Python 3.11 drops the space at each fold between encoded words; our subjects must not."""
    subject = " ".join(words)
    message = EmailMessage()
    message["Subject"] = Subject(subject)
    message.set_content("x")
    raw = message.as_bytes()
    assert all(len(line) <= 78 for line in raw.splitlines())
    assert str(BytesParser(policy=policy.default).parsebytes(raw)["Subject"]) == subject


@pytest.mark.parametrize("language", ["en", "ru"])
def test_welcome_subjects_read_back_with_their_spaces(language: str, renderer: Renderer) -> None:
    (mail,) = compose(_notice("welcome", WELCOME), _game(language), ANNA, renderer, MAIL)
    parsed = BytesParser(policy=policy.default).parsebytes(mail.message.as_bytes())
    assert str(parsed["Subject"]) == str(mail.message["Subject"])
    assert ("в замок" if language == "ru" else "to the castle") in str(parsed["Subject"])
    assert str(parsed["Subject"]).endswith(", Anna")


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "begins at 20:00 on Tuesday 1 December (UTC+3)"),
        ("ru", "начинается в 20:00 во вторник, 1 декабря (UTC+3)"),
    ],
)
def test_welcome_letter_tells_when_the_game_begins(language: str, said: str, renderer: Renderer) -> None:
    game = _game(language, start="2026-12-01T20:00:00+03:00")
    (mail,) = compose(_notice("welcome", WELCOME), game, ANNA, renderer, MAIL)
    assert said in _parts(mail.message)[0]
    (undated,) = compose(_notice("welcome", WELCOME), _game(language), ANNA, renderer, MAIL)
    assert "(UTC" not in _parts(undated.message)[0]  # no start told (the help may name UTC+3 as a zone)


# --- Message-IDs that count nothing --------------------------------------------------------------

ID = r"<[0-9a-f]{24}\.castle-7@castle\.example>"


def test_the_same_notice_always_gets_the_same_message_id(renderer: Renderer) -> None:
    """A mail sent again after a crash carries the id of the first sending, so clients show it once."""
    game = _game(master_email="gm@example.org", copy_master=True)
    for template, data in (("talk", TALK), ("welcome", WELCOME)):
        first = compose(_notice(template, data), game, ANNA, renderer, MAIL)
        again = compose(_notice(template, data), _game(master_email="gm@example.org", copy_master=True),
                        ANNA, renderer, MAIL)  # fmt: skip
        assert [m.message["Message-ID"] for m in first] == [m.message["Message-ID"] for m in again]
        assert len({m.message["Message-ID"] for m in first}) == 2  # the copy has its own
    (talk, _) = compose(_notice("talk", TALK), game, ANNA, renderer, MAIL)
    assert talk.message["Message-ID"] == message_id(MAIL, game, 42)


def test_message_ids_reveal_no_count_of_other_mail() -> None:
    """Ids of consecutive notices are unordered hashes: nothing in them counts the mail between."""
    game = _game()
    ids = [message_id(MAIL, game, number) for number in range(1, 60)]
    assert all(re.fullmatch(ID, one) for one in ids)
    assert len(set(ids)) == len(ids)
    assert sorted(ids) != ids and sorted(ids, reverse=True) != ids
    assert not any(f"n{number}." in one or f".{number}." in one for number, one in enumerate(ids, 1))


def test_message_ids_are_keyed_with_the_games_secret() -> None:
    """Without the secret, no one can work out the id of a given notice (or a notice from an id)."""
    one, other = _game(), _game(secret="c4" * 16)
    assert message_id(MAIL, one, 42) != message_id(MAIL, other, 42)
    assert thread_root(MAIL, one, ANNA) != thread_root(MAIL, other, ANNA)
    bare = hashlib.sha256(b"notice 42").hexdigest()[:24]
    assert bare not in message_id(MAIL, one, 42)


def test_thread_roots_stay_with_a_seat_and_count_no_seats() -> None:
    game = _game()
    roots = [thread_root(MAIL, game, SimpleNamespace(id=number)) for number in range(1, 30)]
    assert all(re.fullmatch(ID, root) for root in roots)
    assert len(set(roots)) == len(roots) and sorted(roots) != roots
    assert thread_root(MAIL, game, ANNA) == thread_root(MAIL, _game(), SimpleNamespace(id=3))
    master = thread_root(MAIL, game, SimpleNamespace(id=None))
    assert re.fullmatch(ID, master) and "master" not in master and master not in roots


def test_refusals_carry_no_count_and_keep_their_id_while_the_process_runs(renderer: Renderer) -> None:
    ids = [refusal_id(MAIL, number) for number in range(1, 40)]
    assert all(re.fullmatch(r"<[0-9a-f]{24}\.refusal@castle\.example>", one) for one in ids)
    assert sorted(ids) != ids
    (first,) = compose(_stranger(), None, None, renderer, MAIL)
    (again,) = compose(_stranger(), None, None, renderer, MAIL)
    assert first.message["Message-ID"] == again.message["Message-ID"] == refusal_id(MAIL, 7)


# --- headers that carry no control characters ----------------------------------------------------

INJECTED = "\r\nBcc: spy@evil.example"


def _stranger(**fields: Any) -> NoticeRow:
    values: dict[str, Any] = {
        "address": "stranger@example.net", "in_reply_to": "<s@x>", "subject": "orders", **fields,
    }  # fmt: skip
    return NoticeRow(
        id=7, game_id=None, phase="", recipient="", template="refusal",
        data={"reason": "refused:unknown-token"}, created_at=NOW, **values,
    )  # fmt: skip


def _wire(message: EmailMessage) -> EmailMessage:
    """``message`` as a mail client reads it."""
    return BytesParser(policy=policy.default).parsebytes(message.as_bytes())


@pytest.mark.parametrize("subject", [f"[castle-7] Anna{INJECTED}", "[castle-7] Anna\nBcc: spy@evil.example",
                                     f"[castle-7] Добро пожаловать в замок, Анна{INJECTED}"])  # fmt: skip
def test_a_subject_with_a_line_break_writes_no_other_header(subject: str) -> None:
    message = EmailMessage()
    message["Subject"] = Subject(subject)
    message.set_content("x")
    read = _wire(message)
    assert read["Bcc"] is None
    assert str(read["Subject"]) == subject.replace("\r\n", " ").replace("\n", " ")


@given(st.lists(st.text(alphabet=LETTERS + "\r\n\t\x00\x1b\x85\u2028\u202e", min_size=1), min_size=1))
def test_subjects_never_carry_control_characters_and_keep_their_spaces(words: list[str]) -> None:
    message = EmailMessage()
    message["Subject"] = Subject(" ".join(words))
    message.set_content("x")
    raw = message.as_bytes()
    headers = raw.split(b"\n\n", 1)[0].replace(b"\r", b"").split(b"\n")
    assert all(line.startswith((b"Subject:", b" ", b"Content-", b"MIME-")) for line in headers), headers
    read = str(_wire(message)["Subject"])
    assert not re.search(r"[\x00-\x1f\x7f-\x9f\u2028\u202e]", read)
    assert (
        read.split()
        == " ".join(words)
        .translate({ord(c): " " for c in "\r\n\t\x00\x1b\x85\u2028"})
        .replace("\u202e", "")
        .split()
    )


def test_a_name_with_a_line_break_in_a_copys_subject_writes_no_other_header(renderer: Renderer) -> None:
    seat = replace(ANNA, name=f"Anna{INJECTED}")
    game = _game(master_email="gm@example.org", copy_master=True)
    _, copy = compose(_notice("talk", TALK), game, seat, renderer, MAIL)
    read = _wire(copy.message)
    assert read["Bcc"] is None and str(read["Subject"]).endswith("(Anna Bcc: spy@evil.example)")


def test_a_to_address_with_a_control_character_is_refused(renderer: Renderer) -> None:
    for address in (f"anna@example.org{INJECTED}", "anna@example.org\x00"):
        with pytest.raises(UnsafeHeader, match="To"):
            compose(_notice("talk", TALK, address=address), _game(), ANNA, renderer, MAIL)
        with pytest.raises(UnsafeHeader, match="To"):
            compose(_stranger(address=address), None, None, renderer, MAIL)


def test_a_copys_to_address_with_a_control_character_is_refused(renderer: Renderer) -> None:
    game = _game(master_email=f"gm@example.org{INJECTED}", copy_master=True)
    with pytest.raises(UnsafeHeader, match="To"):
        compose(_notice("talk", TALK), game, ANNA, renderer, MAIL)


def test_a_reply_to_with_a_control_character_is_refused(renderer: Renderer) -> None:
    seat = replace(ANNA, token=f"ab{INJECTED}")
    with pytest.raises(UnsafeHeader, match="Reply-To"):
        compose(_notice("talk", TALK), _game(), seat, renderer, MAIL)


@pytest.mark.parametrize("parent", [f"<m1@x>{INJECTED}", "<m1@x\x00>", "<m1@x\u202e>", "m1@x"])
def test_in_reply_to_and_references_never_carry_a_broken_message_id(parent: str, renderer: Renderer) -> None:
    """A Message-ID that could not be written as it is, is not referred to: the mail threads under
    the welcome letter (or, to a stranger, under nothing)."""
    data = {"character": "Anna", "segment": "d1h1", "verdicts": [], "orders": [], "added": [], "removed": []}
    (mail,) = compose(_notice("answer", data, in_reply_to=parent), _game(), ANNA, renderer, MAIL)
    root = thread_root(MAIL, _game(), ANNA)
    read = _wire(mail.message)
    assert (read["In-Reply-To"], read["References"], read["Bcc"]) == (root, root, None)
    (refusal,) = compose(_stranger(in_reply_to=parent), None, None, renderer, MAIL)
    read = _wire(refusal.message)
    assert (read["In-Reply-To"], read["References"], read["Bcc"]) == (None, None, None)


def test_a_list_id_with_a_control_character_is_refused(
    renderer: Renderer, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = GameRow(**{**_game().model_dump(), "id": "castle-7\r\nBcc: spy"})
    with pytest.raises(UnsafeHeader, match="Message-ID"):  # the game's id is in its Message-IDs too
        compose(_notice("talk", TALK), game, ANNA, renderer, MAIL)
    monkeypatch.setattr(compose_module, "message_id", lambda *_args: "<a@castle.example>")
    monkeypatch.setattr(compose_module, "thread_root", lambda *_args: "<b@castle.example>")
    with pytest.raises(UnsafeHeader, match="List-Id"):
        compose(_notice("talk", TALK), game, ANNA, renderer, MAIL)


def test_a_from_name_with_a_control_character_is_refused(renderer: Renderer) -> None:
    mail = MailSettings(address="referee@castle.example", name=f"Referee{INJECTED}")
    with pytest.raises(UnsafeHeader, match="From"):
        compose(_notice("talk", TALK), _game(), ANNA, renderer, mail)


# --- bytes written directly read back as the EmailMessage path's ---------------------------------

LONG_SUBJECT = "Приказы на вечер: переходим в библиотеку, ищем под ковром и у камина, " * 3


def _read_back(raw: bytes) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """The headers (but the date and the boundary, drawn anew each time) and the parts of ``raw``,
    as a mail client reads them."""
    message = BytesParser(policy=policy.default).parsebytes(raw)
    headers = sorted(
        (name.lower(), str(value) if name.lower() != "content-type" else value.content_type)
        for name, value in message.items()
        if name.lower() != "date"
    )
    parts = [
        (part.get_content_type(), part.get_content()) for part in message.walk() if not part.is_multipart()
    ]
    assert message["Date"] is not None
    return headers, parts


def _notices() -> list[tuple[NoticeRow, GameRow | None, Reader | None, MailSettings]]:
    answer = {
        "character": "Anna",
        "segment": "d1h1",
        "verdicts": [],
        "orders": [],
        "added": [],
        "removed": [],
    }
    russian_from = MailSettings(address="referee@castle.example", name="Судья замка")
    long_parent = f"<{'x' * 90}@mail.example.net>"
    cases = []
    for language in ("en", "ru"):
        game = _game(language, master_email="gm@example.org", copy_master=True)
        cases += [
            (_notice("welcome", WELCOME), game, ANNA, MAIL),
            (_notice("talk", TALK), game, ANNA, MAIL),
            (_notice("talk", TALK), _game(language), ANNA, russian_from),
            (_notice("answer", answer, subject=LONG_SUBJECT, in_reply_to=long_parent), game, ANNA, MAIL),
            (_notice("answer", answer, subject="plans", in_reply_to="<m1@x>"), _game(language), ANNA, MAIL),
            (_notice("talk", TALK, address="анна@пример.рф"), _game(language), ANNA, MAIL),  # not ASCII
        ]
    return [*cases, (_stranger(), None, None, MAIL), (_stranger(subject=LONG_SUBJECT), None, None, MAIL)]


@pytest.mark.parametrize("case", range(len(_notices())))
def test_mail_written_straight_to_bytes_reads_back_as_the_email_package_writes_it(
    case: int, renderer: Renderer, monkeypatch: pytest.MonkeyPatch
) -> None:
    notice, game, seat, mail = _notices()[case]
    direct = compose(notice, game, seat, renderer, mail)
    monkeypatch.setattr(compose_module, "mail_bytes", lambda *_args: None)  # the EmailMessage path
    reference = compose(notice, game, seat, renderer, mail)
    assert [m.recipients for m in direct] == [m.recipients for m in reference]
    for fast, slow in zip(direct, reference, strict=True):
        assert _read_back(fast.raw) == _read_back(slow.raw)
        head = fast.raw.split(b"\n\n", 1)[0]
        long = [line for line in head.split(b"\n") if len(line) > 78]  # only a word too long to break
        assert all(len(line.strip().split(b" ")) <= 2 for line in long), long


@given(st.text(min_size=0, max_size=400), st.lists(st.text(alphabet=LETTERS, min_size=1), min_size=1))
def test_any_text_and_subject_read_back_the_same_both_ways(text: str, words: list[str]) -> None:
    from referee.mail.wire import mail_bytes

    subject = Subject(" ".join(words))
    date = "Tue, 01 Dec 2026 20:00:00 -0000"
    headers = [("From", "Referee <referee@castle.example>"), ("To", "anna@example.org"), ("Date", date)]
    raw = mail_bytes(headers, subject.fold(policy=policy.default).encode(), text, f"<p>{text}</p>", "ru")
    assert raw is not None
    message = EmailMessage()
    message["From"], message["Subject"], message["To"] = headers[0][1], subject, headers[1][1]
    message.set_content(text)
    message.add_alternative(f"<p>{text}</p>", subtype="html")
    message["Content-Language"] = "ru"
    message["Date"] = date
    assert _read_back(raw) == _read_back(message.as_bytes())


@given(st.text(min_size=0, max_size=300), st.integers(min_value=79, max_value=400))
def test_a_part_with_a_long_line_is_written_in_the_shorter_of_quoted_printable_and_base64(
    text: str, width: int
) -> None:
    from referee.mail.wire import part

    written = part("plain", text + "x" * width)
    body = written.split(b"\n\n", 1)[1]
    message = BytesParser(policy=policy.default).parsebytes(written)
    data = message.get_payload(decode=True)
    quoted = binascii.b2a_qp(data, istext=True)
    base64 = b"".join(binascii.b2a_base64(data[at : at + 57]) for at in range(0, len(data), 57))
    shorter = "quoted-printable" if len(quoted) <= len(base64) else "base64"
    assert message["Content-Transfer-Encoding"] == shorter
    assert body == (quoted if shorter == "quoted-printable" else base64)
