"""Composing the referee's mail from outbox notices: parts, headers, languages and secrets."""

from __future__ import annotations

from datetime import UTC, datetime
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.config import MailSettings
from referee.mail.compose import HIDDEN, Subject, compose, reply_address, thread_root
from referee.render import Renderer, templates_dir
from referee.store.models import GameRow, NoticeRow, SeatRow

MAIL = MailSettings(address="referee@castle.example")
NOW = datetime(2026, 12, 1, 20, 0, tzinfo=UTC)


def _game(language: str = "en", **settings: Any) -> GameRow:
    return GameRow(
        id="castle-7", kind="ten-sailors", schedule="ten-sailors-daily", language=language, seed="1",
        created_at=NOW, phase="d1h1", state={}, settings=settings,
    )  # fmt: skip


ANNA = SeatRow(
    id=3,
    game_id="castle-7",
    name="Anna",
    email="anna@example.org",
    token="ab" * 16,
    password="k7pq-2mx9-wh4t",
)


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
    assert mail.message["Message-ID"] == thread_root(MAIL, "castle-7", ANNA)
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
    assert mail.message["In-Reply-To"] == thread_root(MAIL, "castle-7", ANNA)


def test_ts23_russian_talk_names_the_place_in_russian(renderer: Renderer) -> None:
    (mail,) = compose(_notice("talk", TALK), _game("ru"), ANNA, renderer, MAIL)
    plain, _ = _parts(mail.message)
    assert "Boris говорит в Кухне" in plain
    assert "Boris говорит в Кухне" in str(mail.message["Subject"])


def test_game_master_copy_hides_the_secrets(renderer: Renderer) -> None:
    game = _game(master_email="gm@example.org", copy_master=True)
    own, copy = compose(_notice("welcome", WELCOME), game, ANNA, renderer, MAIL)
    plain, html = _parts(copy.message)
    assert copy.recipients == ("gm@example.org",)
    assert "k7pq-2mx9-wh4t" not in plain + html and HIDDEN in plain
    assert copy.message["Reply-To"] == MAIL.address
    assert ANNA.token not in copy.message.as_string()
    assert copy.message["Message-ID"] != own.message["Message-ID"]
    assert str(copy.message["Subject"]).endswith("(Anna)")


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
    assert mail.message["References"] == f"{thread_root(MAIL, 'castle-7', ANNA)} <m1@x>"
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
        ("en", "begins on 2026-12-01 at 20:00 (UTC+03:00)"),
        ("ru", "начинается 01.12.2026 в 20:00 (UTC+03:00)"),
    ],
)
def test_welcome_letter_tells_when_the_game_begins(language: str, said: str, renderer: Renderer) -> None:
    game = _game(language, start="2026-12-01T20:00:00+03:00")
    (mail,) = compose(_notice("welcome", WELCOME), game, ANNA, renderer, MAIL)
    assert said in _parts(mail.message)[0]
    (undated,) = compose(_notice("welcome", WELCOME), _game(language), ANNA, renderer, MAIL)
    assert "UTC" not in _parts(undated.message)[0]
