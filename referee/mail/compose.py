"""Turning an outbox notice into mail: headers that thread, a text part and an HTML part.

Every mail to a player carries that player's personal reply address
(``referee+<token>@domain``); the token is put nowhere else but in the text of the question
whether orders mailed to the plain address are the player's, whose own reply address is keyed
to those orders (``referee.app.confirmation``). Mails of one game to one player thread under
the welcome letter (``References``), share the subject prefix ``[game-id]`` and the game's
``List-Id``. A copy for the game-master carries the plain referee address and no secrets.

Message-IDs count nothing: each is a keyed hash (HMAC-SHA256) of what it names, under the
game's secret, which no player sees, so a player cannot tell from two ids how many mails went
to others in between. The same notice always gets the same id, so a mail sent twice after a
crash is recognised as one. No header carries a line break or another control character: a
subject loses them, and any other header that would carry one is refused.
"""

from __future__ import annotations

import base64
import hmac
import re
import secrets
from dataclasses import dataclass
from email.message import EmailMessage
from email.parser import BytesParser
from email.policy import Policy, default
from email.utils import formataddr, formatdate
from typing import Any, Protocol

from referee.app import (
    CONFIRM,
    LINK_NOTICE,
    PASSWORD_NOTICES,
    SIGNUP_LETTERS,
    Game,
    Letter,
    Player,
    Reader,
    confirmation_token,
    sign_in_link,
)
from referee.config import MailSettings
from referee.core.notices import REPLIES
from referee.core.seats import MASTER
from referee.mail.reading import clean_subject
from referee.mail.wire import mail_bytes
from referee.render import LANGUAGES, SHARED_NOTICES, Renderer

REFUSAL_SUBJECT = "Your mail was not read / Ваше письмо не прочитано"
"""The subject of every refusal: it repeats nothing of the mail refused."""

HIDDEN = "••••"
"""What a game-master's copy shows instead of a player's password."""


_CHUNK_BYTES = 42
"""UTF-8 bytes per encoded word: 56 base64 characters, so "Subject: " and the word fit in 78."""

_BREAKING = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]+")
"""Control characters (C0, DEL, C1) and Unicode's line and paragraph separators."""

_BIDI = re.compile(r"[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")
"""Bidirectional controls, which could show a header's text in another order than it is."""

_REFUSAL_KEY = secrets.token_bytes(32)
"""The key of refusals' Message-IDs, drawn anew by every process (a refusal has no game to
keep a key in): stable while the process sends, never known outside it."""


class UnsafeHeader(ValueError):
    """A header built from data would carry a control character; the mail is not written."""


def header_text(text: str) -> str:
    """``text`` fit for a header anyone reads: each run of control characters becomes one space,
    bidirectional controls are dropped."""
    return _BIDI.sub("", _BREAKING.sub(" ", text)).strip()


def _checked(value: str, header: str) -> str:
    """``value`` unchanged, unless it holds a control character: then ``UnsafeHeader``."""
    if _BREAKING.search(value) or _BIDI.search(value):
        raise UnsafeHeader(f"the {header} header would carry a control character: {value!r}")
    return value


def _reference(value: str | None) -> str | None:
    """``value`` if it is a Message-ID that can be referred to as it is, else None (not referred to)."""
    if value and re.fullmatch(r"<[^<>\s]+>", value) and not (_BREAKING.search(value) or _BIDI.search(value)):
        return value
    return None


class Subject(str):
    """A subject header that folds into encoded words without losing a space.

    The standard library's folder (Python 3.11) drops the space at each fold between two
    encoded words, so a Russian subject arrived as "Добро пожаловатьвзамок". Here every
    encoded word carries its own trailing space. This uses the email policy's documented
    hook for custom header objects (a value with a ``name`` and a ``fold`` method).

    Such an object bypasses the policy's own refusal of line breaks, so a subject drops every
    control character itself (``header_text``): a name "x\\r\\nBcc: y" cannot add a header.
    """

    name = "Subject"

    def __new__(cls, text: str) -> Subject:
        return super().__new__(cls, header_text(text))

    def fold(self, *, policy: Policy) -> str:
        """The header as it goes on the wire: plain if short ASCII, else one encoded word per line."""
        text = str(self)  # made fit for a header when the subject was made
        if text.isascii() and len(text) <= 68:
            return f"Subject: {text}{policy.linesep}"
        words = [f"=?utf-8?b?{base64.b64encode(chunk.encode()).decode()}?=" for chunk in _chunks(text)]
        return "Subject: " + (policy.linesep + " ").join(words) + policy.linesep


def _chunks(text: str) -> list[str]:
    """``text`` cut into pieces of at most ``_CHUNK_BYTES`` UTF-8 bytes, after a space where possible."""
    chunks: list[str] = []
    current = ""
    for word in re.split(r"(?<= )", text):  # each word keeps the space after it
        if len((current + word).encode()) <= _CHUNK_BYTES:
            current += word
            continue
        if current:
            chunks.append(current)
            current = ""
        for letter in word:  # a word longer than a chunk is cut between letters
            if len((current + letter).encode()) > _CHUNK_BYTES:
                chunks.append(current)
                current = ""
            current += letter
    return [*chunks, current] if current else chunks


@dataclass(frozen=True)
class Outgoing:
    """One finished mail, as the bytes that go on the wire, and the addresses it is for."""

    raw: bytes
    recipients: tuple[str, ...]

    @property
    def message(self) -> EmailMessage:
        """The mail parsed back, to read its headers and parts."""
        parsed = BytesParser(policy=default).parsebytes(self.raw)
        assert isinstance(parsed, EmailMessage)
        return parsed


class Keyed(Protocol):
    """What Message-IDs need of a game: its id and its secret (a ``Game``, or a ``GameRow``)."""

    @property
    def id(self) -> str: ...

    @property
    def secret(self) -> str: ...


class Seated(Protocol):
    """What a thread root needs of a seat: its id (None for the game-master)."""

    @property
    def id(self) -> int | None: ...


def reply_address(mail: MailSettings, seat: Reader) -> str:
    """The personal address a seat replies to: ``referee+<token>@domain``."""
    return f"{mail.local_part}+{seat.token}@{mail.domain}"


def _keyed(key: bytes, what: str) -> str:
    """24 hex digits of the HMAC-SHA256 of ``what`` under ``key``: 96 bits, unguessable without it."""
    return hmac.digest(key, what.encode(), "sha256").hex()[:24]


def message_id(mail: MailSettings, game: Keyed, notice_id: int, suffix: str = "") -> str:
    """The Message-ID of notice ``notice_id``'s mail (``suffix`` ".copy" for the game-master's copy):
    ``<hash.game-id@domain>``, the hash keyed with the game's secret, so it shows no number."""
    digest = _keyed(game.secret.encode(), f"notice {notice_id}{suffix}")
    return _checked(f"<{digest}.{game.id}@{mail.domain}>", "Message-ID")


def thread_root(mail: MailSettings, game: Keyed, seat: Seated, suffix: str = "") -> str:
    """The Message-ID of a seat's welcome letter, which all its later mail refers to: the same for
    the seat forever, derived from the game's secret and the seat's id (the game-master's: "master")."""
    digest = _keyed(game.secret.encode(), f"seat {seat.id if seat.id is not None else 'master'}{suffix}")
    return _checked(f"<{digest}.{game.id}@{mail.domain}>", "Message-ID")


def refusal_id(mail: MailSettings, notice_id: int) -> str:
    """The Message-ID of a refusal to a stranger: keyed with this process's own random key."""
    return _checked(f"<{_keyed(_REFUSAL_KEY, f'refusal {notice_id}')}.refusal@{mail.domain}>", "Message-ID")


def compose(
    notice: Letter, game: Game | None, seat: Reader | None, renderer: Renderer, mail: MailSettings
) -> list[Outgoing]:
    """The mails ``notice`` becomes: one to its reader, and a copy for the game-master if asked."""
    if game is None or seat is None:
        if notice.template in SIGNUP_LETTERS and notice.address:
            return [_signup_letter(notice, renderer, mail)]
        return [_refusal(notice, renderer, mail)] if notice.address else []
    context = {
        **notice.data,
        "game_id": game.id,
        "referee_address": mail.address,
        "start": game.settings.get("start", ""),
    }
    if getattr(seat, "plays", "mail") == "web" and notice.template not in MAILED_TO_WEB_PLAYERS:
        return []  # read on the web: the player chose not to be mailed it
    if not getattr(notice, "mailed", True):
        return []  # read on the web as it came: the player plays both, and gets only digests by mail
    player = Player(game.id, seat.name, seat.email)
    link = sign_in_link(mail.forum_url, game.secret, player, notice.id) if seat.name != MASTER else ""
    personal = {
        "password": seat.password,
        "personal_address": reply_address(mail, seat),
        "forum_link": link,
    }
    address = notice.address or seat.email
    answers = _checked(_answer_address(notice, game, seat, mail), "Reply-To")
    to = [("To", _checked(address, "To")), ("Reply-To", answers)]
    own = _message(notice, game, seat, renderer, mail, {**context, **personal}, to=to)
    outgoing = [Outgoing(own, (address,))]
    master = game.settings.get("master_email")
    if master and game.settings.get("copy_master") and seat.name != MASTER:
        hidden = dict.fromkeys(personal, HIDDEN)
        to = [("To", _checked(str(master), "To")), ("Reply-To", _checked(mail.address, "Reply-To"))]
        copy = _message(notice, game, seat, renderer, mail, {**context, **hidden}, to=to, copy_of=seat.name)
        outgoing.append(Outgoing(copy, (master,)))
    return outgoing


MAILED_TO_WEB_PLAYERS = frozenset({"welcome", LINK_NOTICE, *REPLIES, *PASSWORD_NOTICES})
"""What a player who plays on the web alone is still mailed: the welcome, sign-in links, answers, and
new passwords."""


def _answer_address(notice: Letter, game: Game, seat: Reader, mail: MailSettings) -> str:
    """Where the reader's reply goes: their personal address, or for the question whether held orders
    are theirs, the address keyed to those orders and their text (``confirmation``), which a reply
    answers."""
    if notice.template == CONFIRM and "held" in notice.data:
        token = confirmation_token(game.secret, int(notice.data["held"]), str(notice.data.get("digest", "")))
        return f"{mail.local_part}+{token}@{mail.domain}"
    return reply_address(mail, seat)


def _message(
    notice: Letter,
    game: Game,
    seat: Reader,
    renderer: Renderer,
    mail: MailSettings,
    context: dict[str, Any],
    *,
    to: list[tuple[str, str]],
    copy_of: str = "",
) -> bytes:
    language = game.language
    kind = game.kind
    text = renderer.render(language, f"{notice.template}.txt.j2", kind=kind, **context)
    if notice.template == "answer" and notice.subject:
        subject = f"Re: {clean_subject(notice.subject)}"  # an answer keeps the subject it answers
    else:
        shared = notice.template in SHARED_NOTICES  # its subject is the shared one, whatever the game
        subject = renderer.render(
            language, "subject.txt.j2", kind="" if shared else kind, template=notice.template, **context
        ).strip()
    if f"[{game.id}]" not in subject:
        subject = f"[{game.id}] {subject}"
    if copy_of:
        subject = copy_subject(subject, copy_of)
    root = thread_root(mail, game, seat)
    html = renderer.render(language, "mail.html.j2", kind=kind, **{**context, "text": text})
    suffix = ".copy" if copy_of else ""
    if notice.template in ("welcome", "master_welcome"):
        threading = [("Message-ID", thread_root(mail, game, seat, suffix))]
    else:
        parent = _reference(notice.in_reply_to) or root
        threading = [
            ("Message-ID", message_id(mail, game, notice.id, suffix)),
            ("In-Reply-To", parent),
            ("References", " ".join(dict.fromkeys([root, parent]))),
        ]
    listed = ("List-Id", _checked(f"{game.id} <{game.id}.{mail.domain}>", "List-Id"))
    return _base(notice, text, html, language, mail, subject, [*threading, listed, *to])


def copy_subject(subject: str, reader: str) -> str:
    """The subject of the game-master's copy of a mail to ``reader``: the reader's name in brackets after
    it, unless the subject already ends with that name ("Welcome to the castle, Anna", never
    "Welcome to the castle, Anna (Anna)")."""
    if re.search(rf"(?<!\w){re.escape(reader)}$", subject):
        return subject
    return f"{subject} ({reader})"


def _refusal(notice: Letter, renderer: Renderer, mail: MailSettings) -> Outgoing:
    """The short bilingual answer to a mail answered without a game: a refusal, or ``too_big``."""
    name = f"{notice.template}.txt.j2"
    context = {**notice.data, "referee_address": mail.address}
    text = "\n".join(renderer.render(language, name, **context) for language in LANGUAGES)
    html = renderer.render("en", "mail.html.j2", text=text)
    subject = REFUSAL_SUBJECT
    if notice.template != "refusal":
        subject = " / ".join(
            renderer.render(language, "subject.txt.j2", template=notice.template, **notice.data).strip()
            for language in LANGUAGES
        )
    headers = [("Message-ID", refusal_id(mail, notice.id))]
    if parent := _reference(notice.in_reply_to):
        headers += [("In-Reply-To", parent), ("References", parent)]
    headers.append(("To", _checked(str(notice.address), "To")))
    return Outgoing(_base(notice, text, html, "en", mail, subject, headers), (str(notice.address),))


def _signup_letter(notice: Letter, renderer: Renderer, mail: MailSettings) -> Outgoing:
    """A letter of the sign-up to an address that plays no game yet, in the language it chose: a
    question's reply address carries its sign-up's token (``referee+join-…``), and its link, where the
    referee has web pages, the same token; every other letter is answered at the plain address."""
    language = str(notice.data.get("language", "en"))
    language = language if language in LANGUAGES else "en"
    path = str(notice.data.get("link_path", ""))
    web = mail.forum_url.rstrip("/")
    context = {
        **notice.data,
        "referee_address": mail.address,
        "web": web,
        "link": web + path if web and path else "",
    }
    name = f"{notice.template}.txt.j2"
    text = renderer.render(language, name, **context)
    html = renderer.render(language, "mail.html.j2", text=text)
    subject = renderer.render(language, "subject.txt.j2", template=notice.template, **context).strip()
    reply = str(notice.data.get("reply", ""))
    answers = f"{mail.local_part}+{reply}@{mail.domain}" if reply else mail.address
    headers = [("Message-ID", refusal_id(mail, notice.id))]
    if parent := _reference(notice.in_reply_to):
        headers += [("In-Reply-To", parent), ("References", parent)]
    headers += [("To", _checked(str(notice.address), "To")), ("Reply-To", _checked(answers, "Reply-To"))]
    return Outgoing(_base(notice, text, html, language, mail, subject, headers), (str(notice.address),))


DEFAULT_NAME = MailSettings.name
"""The referee's name when the configuration gives none ("Referee")."""
RUSSIAN_NAME = "Судья"
"""That name in the mail of a game played in Russian."""


def _base(
    notice: Letter,
    text: str,
    html: str,
    language: str,
    mail: MailSettings,
    subject: str,
    headers: list[tuple[str, str]],
) -> bytes:
    """A mail from the referee with ``text`` as its plain part and ``html`` as its HTML part, under
    ``headers``: written straight to bytes, or through ``EmailMessage`` when a header is not plain ASCII."""
    automatic = "auto-replied" if notice.template in REPLIES else "auto-generated"
    sender = RUSSIAN_NAME if language == "ru" and mail.name == DEFAULT_NAME else mail.name
    top = [
        ("From", _checked(formataddr((sender, mail.address)), "From")),
        ("Date", formatdate(localtime=False)),
        ("Auto-Submitted", automatic),
    ]
    folded = Subject(subject).fold(policy=default).encode("ascii")
    raw = mail_bytes([*top, *headers], folded, text, html, language)
    return raw if raw is not None else _through_email(top, headers, subject, text, html, language)


def _through_email(
    top: list[tuple[str, str]],
    headers: list[tuple[str, str]],
    subject: str,
    text: str,
    html: str,
    language: str,
) -> bytes:
    """The same mail built with the standard library's ``EmailMessage``, which encodes any header."""
    message = EmailMessage()
    for name, value in top[:1]:
        message[name] = value
    message["Subject"] = Subject(subject)
    for name, value in top[1:]:
        message[name] = value
    message.set_content(text)
    message.add_alternative(html, subtype="html")
    message["Content-Language"] = language  # after set_content, which drops Content-* headers
    for name, value in headers:
        message[name] = value
    return message.as_bytes()
