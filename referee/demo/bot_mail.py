"""Bot players by mail: they read the referee's mail to them and reply as a mail client would.

A bot finds in its mail what a person would: the personal reply address, the thread
and the text to quote. Its reply puts the orders on top and quotes the mail below in
the layout of a common mail client (Gmail, Outlook, Apple Mail, Thunderbird, Yandex),
with a signature, so the referee's intake meets real reply shapes on every turn.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from datetime import datetime
from email import policy
from email.header import decode_header, make_header
from email.message import EmailMessage, Message
from email.parser import BytesHeaderParser, BytesParser
from email.utils import format_datetime, make_msgid, parsedate_to_datetime
from pathlib import Path

from referee.mail.compose import Subject
from referee.mail.reading import clean_subject

QUOTE_STYLES = ("gmail", "gmail-ru", "outlook", "apple", "thunderbird", "yandex")
"""The reply layouts bots imitate, taken in turn."""


@dataclass(frozen=True)
class Received:
    """The last mail the referee sent a bot: where to reply and what to quote."""

    reply_to: str
    message_id: str
    subject: str
    sent: str
    text: str


class MailReader:
    """Reads the referee's outgoing Maildir: the newest mail to each address, read when asked for."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.seen: set[str] = set()
        self.newest: dict[str, Path] = {}

    def refresh(self) -> None:
        """Looks at the headers of the mails that arrived since the last call (only the two it needs,
        read as they are written: the referee writes both in plain ASCII)."""
        for directory in (self.folder / "new", self.folder / "cur"):
            if not directory.is_dir():
                continue
            with os.scandir(directory) as entries:  # names only: a path object for each file costs more
                fresh = [entry for entry in entries if entry.name not in self.seen]
            for entry in sorted(fresh, key=lambda found: found.stat().st_mtime_ns):
                self.seen.add(entry.name)
                path = directory / entry.name
                with path.open("rb") as file:
                    headers = BytesHeaderParser(policy=policy.compat32).parse(file)
                reply_to, to = _plain(headers["Reply-To"]), _plain(headers["To"])
                if "+" in reply_to:  # not a copy for the game-master nor a refusal
                    self.newest[to.lower()] = path

    def last(self, address: str) -> Received:
        """The newest mail the referee sent to ``address`` (read without the email policy's header
        objects: the referee writes its headers in ASCII, the subject in encoded words)."""
        message = BytesParser(policy=policy.compat32).parsebytes(self.newest[address].read_bytes())
        return Received(
            _plain(message["Reply-To"]), _plain(message["Message-ID"]), _plain(message["Subject"]),
            _plain(message["Date"]), _plain_text(message),
        )  # fmt: skip


def _plain(value: object) -> str:
    """A header as read without the email policy's objects: unfolded, encoded words decoded."""
    if value is None:
        return ""
    text = str(value)
    if "=?" in text:
        text = str(make_header(decode_header(text)))
    return " ".join(text.split())


def _plain_text(message: Message) -> str:
    """The text of the first text/plain part of ``message``, decoded, with "\\n" line ends."""
    for part in message.walk():
        if part.get_content_type() == "text/plain":
            payload = part.get_payload(decode=True)
            if isinstance(payload, bytes):
                text = payload.decode(part.get_content_charset() or "ascii", "replace")
                return text.replace("\r\n", "\n")
    return ""


def reply(address: str, name: str, received: Received, orders: str, style: str, when: datetime) -> bytes:
    """A raw reply from ``address`` to ``received`` with ``orders`` on top and the mail quoted below."""
    message = EmailMessage()
    message["From"] = f"{name} <{address}>"
    message["To"] = received.reply_to
    message["Subject"] = Subject(f"Re: {clean_subject(received.subject)}")  # folded without losing a space
    message["Date"] = format_datetime(when)
    message["Message-ID"] = make_msgid(domain=address.partition("@")[2])
    message["In-Reply-To"] = received.message_id
    message["References"] = received.message_id
    message.set_content(f"{orders}\n\n{_quoted(received, style)}\n-- \n{name}\n")
    return message.as_bytes()


def _quoted(received: Received, style: str) -> str:
    """The referee's mail quoted the way the mail client ``style`` quotes."""
    lines = received.text.strip().splitlines()
    marked = "\n".join(f"> {line}" if line else ">" for line in lines)
    if style == "outlook":
        header = (
            "-----Original Message-----\nFrom: Referee <referee@example.org>\n"
            f"Sent: {received.sent}\nSubject: {received.subject}\n"
        )
        return header + "\n" + "\n".join(lines)
    sent = parsedate_to_datetime(received.sent)
    if style == "gmail-ru":
        return f"{sent:%d.%m.%Y}, в {sent:%H:%M}, Referee <referee@example.org>:\n{marked}"
    if style == "yandex":
        return f'{sent:%d.%m.%Y, %H:%M}, "Referee" <referee@example.org>:\n{marked}'
    if style == "apple":
        return f"> On {received.sent}, Referee <referee@example.org> wrote:\n>\n{marked}"
    if style == "thunderbird":
        return f"On {received.sent}, Referee wrote:\n{marked}"
    return f"On {received.sent} Referee <referee@example.org> wrote:\n\n{marked}"
