"""Turning an outbox notice into mail: headers that thread, a text part and an HTML part.

Every mail to a player carries that player's personal reply address
(``referee+<token>@domain``); the token is never put anywhere else. Mails of one game
to one player thread under the welcome letter (``References``), share the subject
prefix ``[game-id]`` and the game's ``List-Id``. A copy for the game-master carries the
plain referee address and no secrets.
"""

from __future__ import annotations

import base64
import re
from dataclasses import dataclass
from email.message import EmailMessage
from email.policy import Policy
from email.utils import formataddr, formatdate
from typing import Any

from referee.app.letters import Game, Letter, Reader
from referee.config import MailSettings
from referee.core.notices import REPLIES
from referee.core.seats import MASTER
from referee.mail.reading import clean_subject
from referee.render import LANGUAGES, SHARED_NOTICES, Renderer

REFUSAL_SUBJECT = "Your mail was not read / Ваше письмо не прочитано"
"""The subject of every refusal: it repeats nothing of the mail refused."""

HIDDEN = "••••"
"""What a game-master's copy shows instead of a player's password."""


_CHUNK_BYTES = 42
"""UTF-8 bytes per encoded word: 56 base64 characters, so "Subject: " and the word fit in 78."""


class Subject(str):
    """A subject header that folds into encoded words without losing a space.

    The standard library's folder (Python 3.11) drops the space at each fold between two
    encoded words, so a Russian subject arrived as "Добро пожаловатьвзамок". Here every
    encoded word carries its own trailing space. This uses the email policy's documented
    hook for custom header objects (a value with a ``name`` and a ``fold`` method).
    """

    name = "Subject"

    def fold(self, *, policy: Policy) -> str:
        """The header as it goes on the wire: plain if short ASCII, else one encoded word per line."""
        if self.isascii() and len(self) <= 68:
            return f"Subject: {self}{policy.linesep}"
        words = [f"=?utf-8?b?{base64.b64encode(chunk.encode()).decode()}?=" for chunk in _chunks(str(self))]
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
    """One finished mail and the addresses it is for."""

    message: EmailMessage
    recipients: tuple[str, ...]


def reply_address(mail: MailSettings, seat: Reader) -> str:
    """The personal address a seat replies to: ``referee+<token>@domain``."""
    return f"{mail.local_part}+{seat.token}@{mail.domain}"


def thread_root(mail: MailSettings, game_id: str, seat: Reader) -> str:
    """The Message-ID of a seat's welcome letter, which all its later mail refers to."""
    return f"<{game_id}.{seat.id or 'master'}.welcome@{mail.domain}>"


def compose(
    notice: Letter, game: Game | None, seat: Reader | None, renderer: Renderer, mail: MailSettings
) -> list[Outgoing]:
    """The mails ``notice`` becomes: one to its reader, and a copy for the game-master if asked."""
    if game is None or seat is None:
        return [_refusal(notice, renderer, mail)] if notice.address else []
    context = {
        **notice.data,
        "game_id": game.id,
        "referee_address": mail.address,
        "start": game.settings.get("start", ""),
    }
    own = _message(notice, game, seat, renderer, mail, {**context, "password": seat.password})
    own["To"] = notice.address or seat.email
    own["Reply-To"] = reply_address(mail, seat)
    outgoing = [Outgoing(own, (notice.address or seat.email,))]
    master = game.settings.get("master_email")
    if master and game.settings.get("copy_master") and seat.name != MASTER:
        copy = _message(
            notice, game, seat, renderer, mail, {**context, "password": HIDDEN}, copy_of=seat.name
        )
        copy["To"] = master
        copy["Reply-To"] = mail.address
        outgoing.append(Outgoing(copy, (master,)))
    return outgoing


def _message(
    notice: Letter,
    game: Game,
    seat: Reader,
    renderer: Renderer,
    mail: MailSettings,
    context: dict[str, Any],
    copy_of: str = "",
) -> EmailMessage:
    language = game.language
    kind = game.kind
    text = renderer.render(language, f"{notice.template}.txt.j2", kind=kind, **context)
    shared = notice.template in SHARED_NOTICES  # its subject is the shared one, whatever the game
    subject = renderer.render(
        language, "subject.txt.j2", kind="" if shared else kind, template=notice.template, **context
    )
    subject = subject.strip()
    if notice.template == "answer" and notice.subject:
        subject = f"Re: {clean_subject(notice.subject)}"
    if f"[{game.id}]" not in subject:
        subject = f"[{game.id}] {subject}"
    if copy_of:
        subject = f"{subject} ({copy_of})"
    root = thread_root(mail, game.id, seat)
    html = renderer.render(language, "mail.html.j2", kind=kind, **{**context, "text": text})
    message = _base(notice, text, html, language, mail, subject)
    suffix = ".copy" if copy_of else ""
    if notice.template in ("welcome", "master_welcome"):
        message["Message-ID"] = root.replace("@", f"{suffix}@")
    else:
        message["Message-ID"] = f"<n{notice.id}.{game.id}{suffix}@{mail.domain}>"
        parent = notice.in_reply_to or root
        message["In-Reply-To"] = parent
        message["References"] = " ".join(dict.fromkeys([root, parent]))
    message["List-Id"] = f"{game.id} <{game.id}.{mail.domain}>"
    return message


def _refusal(notice: Letter, renderer: Renderer, mail: MailSettings) -> Outgoing:
    """The short bilingual answer to a mail the referee could not match to a player."""
    parts = [
        renderer.render(language, "refusal.txt.j2", referee_address=mail.address) for language in LANGUAGES
    ]
    text = "\n".join(parts)
    html = renderer.render("en", "mail.html.j2", text=text)
    message = _base(notice, text, html, "en", mail, REFUSAL_SUBJECT)
    message["Message-ID"] = f"<n{notice.id}.refusal@{mail.domain}>"
    if notice.in_reply_to:
        message["In-Reply-To"] = notice.in_reply_to
        message["References"] = notice.in_reply_to
    message["To"] = str(notice.address)
    return Outgoing(message, (str(notice.address),))


def _base(
    notice: Letter, text: str, html: str, language: str, mail: MailSettings, subject: str
) -> EmailMessage:
    """A mail from the referee with ``text`` as its plain part and ``html`` as its HTML part."""
    message = EmailMessage()
    message["From"] = formataddr((mail.name, mail.address))
    message["Subject"] = Subject(subject)
    message["Date"] = formatdate(localtime=False)
    message["Auto-Submitted"] = "auto-replied" if notice.template in REPLIES else "auto-generated"
    message.set_content(text)
    message.add_alternative(html, subtype="html")
    message["Content-Language"] = language  # after set_content, which drops Content-* headers
    return message
