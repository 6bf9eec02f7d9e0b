"""Reading one incoming mail: who sent it, whether it may be answered, and only the new text in it.

The new text is what the player wrote this time. Quotations of earlier mail, reply attributions,
forwarded originals and signatures are removed (``quotes``, ``html_text``), so that an old order
quoted in a reply is never taken again and a signature never becomes table talk; a line repeating
the referee's own text ends the new text even without quote marks (``own_words``). Text in any
common charset is decoded (``charsets``), and the new text is cleaned of invisible and control
characters (``referee.core.text``). Header values are cleaned too: a hostile mail may put anything
in them, and they end up in the database, in logs and in replies.

`read_mail` expects a mail within the ``[limits]`` (``referee.mail.limits.over_limit``, which the
door checks first); within them it takes time about linear in the mail's size, and never raises.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from dataclasses import dataclass
from email.headerregistry import HeaderRegistry
from email.message import EmailMessage, MIMEPart
from email.parser import BytesParser
from email.policy import EmailPolicy
from email.utils import getaddresses
from typing import Any, cast

from referee.core.text import clean_text, printable
from referee.mail.charsets import decode_text, is_garbage
from referee.mail.html_text import html_to_text
from referee.mail.indexed import IndexedMessage
from referee.mail.plain_headers import plain_addresses, plain_header, plain_pairs
from referee.mail.quotes import new_text


@dataclass(frozen=True)
class IncomingMail:
    """One incoming mail, reduced to what the referee needs."""

    message_id: str
    """The Message-ID as given, or `<sha256-of-raw@referee.invalid>` when there is none.

    One that is not printable ASCII or is longer than 250 characters becomes
    `<sha256-of-that-header@invalid.referee>` (shortened), so that threading still works."""
    sender: str = ""
    """The From address, lowercased; "" when there is none or it cannot be parsed (or holds a control
    or invisible character: removing it could turn the address into someone else's)."""
    sender_name: str = ""
    """The display name in From, "" when there is none."""
    recipients: tuple[str, ...] = ()
    """Lowercased addresses from To, Cc, Delivered-To, X-Original-To and Envelope-To, without repeats."""
    subject: str = ""
    """The decoded subject with whitespace collapsed and control characters removed; reply prefixes are
    left in (see `clean_subject`)."""
    in_reply_to: str = ""
    references: tuple[str, ...] = ()
    automatic: str = ""
    """Empty for mail a person wrote, otherwise a short code why it must never be answered (RFC 3834)."""
    text: str = ""
    """The new text only, with "\\n" line ends, cleaned (`clean_text`); empty when there is none."""
    problem: str = ""
    """Empty normally; "no-text" when the mail holds no readable text, "undecodable" when it is unreadable."""
    authentication: tuple[str, ...] = ()
    """The Authentication-Results headers (RFC 8601), topmost (added last) first."""


def read_mail(raw: bytes, own_addresses: Sequence[str] = ()) -> IncomingMail:
    """Read one raw RFC 5322 mail; never raises: a mail that cannot be read says so in `problem`.

    ``own_addresses`` are the referee's own: a line of the body holding one of them (or one of their
    ``local+token@domain`` forms) starts a quotation of the referee's words, never the player's text.
    """
    try:
        return _read(parsed(raw), raw, tuple(own_addresses))
    except Exception:  # the email package has known crashes on hostile input; none may escape
        return IncomingMail(message_id=_fallback_id(raw), problem="undecodable")


def _fallback_id(raw: bytes) -> str:
    """The Message-ID of a mail that gives none: made from its bytes' hash."""
    return f"<{hashlib.sha256(raw).hexdigest()}@referee.invalid>"


def parsed(raw: bytes) -> IndexedMessage:
    """``raw`` parsed as the email package parses it (``_POLICY``), its headers alone when they end at
    the first empty line and do not make it a multipart or enclosed mail: the body of any other mail
    is then its payload as written, which the package reads line by line to find (half of its time)."""
    policy = _POLICY.clone(parsed={})  # type: ignore[call-arg]  # _OncePolicy adds `parsed`; the stubs know EmailPolicy's own
    ends = [found + len(blank) for blank in (b"\n\n", b"\r\n\r\n") if (found := raw.find(blank)) >= 0]
    if ends:
        end = min(ends)
        head = raw[:end]
        message = simple_headers(head, policy) or BytesParser(policy=policy).parsebytes(head)
        if (
            not message.defects
            and message.get_payload() == ""
            and message.get_content_maintype() not in ("multipart", "message")
        ):
            message.set_payload(raw[end:].decode("ascii", "surrogateescape"))
            return message  # type: ignore[return-value]  # the policy's message factory makes an IndexedMessage; the stubs say Message
    return BytesParser(policy=policy).parsebytes(raw)  # type: ignore[return-value]  # the policy's message factory makes an IndexedMessage; the stubs say Message


_SIMPLE_HEAD = re.compile(rb"(?:[!-9;-~]+:[^\r\n]*\n(?:[ \t][^\r\n]*\n)*)+\n")
"""A header block as most mail is written: fields named in printable ASCII, lines ending in "\\n"
alone, continuation lines starting with a space or a tab, and the empty line ending the block."""
_SIMPLE_FIELD = re.compile(r"[^\n]*\n(?:[ \t][^\n]*\n)*")
"""One field of such a block: its first line and the continuation lines after it."""


def simple_headers(head: bytes, policy: EmailPolicy) -> IndexedMessage | None:
    """The header block ``head`` (headers and the empty line ending them) parsed as ``BytesParser``
    parses it, when it is a simple one (``_SIMPLE_HEAD``); None otherwise.

    The parser reads such a block as its lines decoded from ASCII (surrogateescape), each field being
    a line with a ":" and the continuation lines below it, each given to the policy's
    ``header_source_parse`` and stored with ``set_raw``; the empty line ends the headers, and the
    body is empty. None of the shapes it treats apart (a "From " line, a line without a name or a
    colon, a first line continued, a lone "\\r") is simple, nor does any of them give a defect."""
    if not _SIMPLE_HEAD.fullmatch(head):
        return None
    factory = policy.message_factory
    assert factory is not None  # _POLICY names IndexedMessage
    message = cast(IndexedMessage, factory(policy=policy))
    text = head.decode("ascii", "surrogateescape")
    for field in _SIMPLE_FIELD.findall(text, 0, len(text) - 1):  # the empty line is none
        message.set_raw(*policy.header_source_parse([field]))
    message.set_payload("")
    return message


def clean_subject(subject: str) -> str:
    """The subject without any number of reply/forward prefixes (Re:, Fwd:, AW:, Отв:, ...) and [tags]."""
    previous = None
    while previous != subject:
        previous, subject = subject, _SUBJECT_PREFIX.sub("", subject, count=1)
    return subject.strip()


# --- headers -------------------------------------------------------------------------------------


class _OncePolicy(EmailPolicy):
    """``email.policy.default``, but each header of a mail is parsed once however often it is read
    (the standard library reads Content-Type anew for every question asked of a part), and a plain
    value not parsed at all until an attribute of its header object is asked for (``plain_headers``).

    A policy made by ``clone(parsed={})`` keeps what it parsed in that dictionary: one mail's, bounded
    by its headers. The header objects are immutable, so handing out the same one again is safe.
    """

    parsed: dict[tuple[str, str], Any] | None = None

    def header_fetch_parse(self, name: str, value: str) -> Any:
        parsed = self.parsed
        if parsed is None or (type(value) is not str and hasattr(value, "name")):  # a str has no name
            return super().header_fetch_parse(name, value)
        header = parsed.get((name, value))
        if header is None:
            unfolded = "".join(value.splitlines())
            kind = cast(HeaderRegistry, self.header_factory)[name]
            header = plain_header(name, unfolded, kind, lambda: self.header_factory(name, unfolded))
            if header is None:
                header = super().header_fetch_parse(name, value)
            parsed[(name, value)] = header
        return header


class _Registry(HeaderRegistry):
    """The standard header registry, but making each header class once (the standard one makes a
    new class for every header it parses)."""

    def __init__(self) -> None:
        super().__init__()
        self.made: dict[str, type] = {}

    def __getitem__(self, name: str) -> type:
        key = name.lower()
        made = self.made.get(key)
        if made is None:
            made = self.made[key] = super().__getitem__(name)
        return made


_POLICY = _OncePolicy(header_factory=_Registry(), message_factory=IndexedMessage)
"""As ``email.policy.default``, its mails and their parts looking their headers up in an index
(``referee.mail.indexed``); each mail is read with a clone of its own."""


_MESSAGE_ID = re.compile(r"<[!-;=?-~]{1,250}>")  # printable ASCII but "<" and ">"
_MAX_ID = 250
_MAX_REFERENCES = 100
_PRINTABLE_ASCII = re.compile(r"[!-~]+(?: [!-~]+)*")
# Any printable character but the invisible ones clean_text removes (and no whitespace).
_PRINTABLE_ADDRESS = re.compile(
    r"[^\s\x00-\x1f\x7f-\x9f\u00ad\u200b-\u200f\u2060-\u2064\ufeff\u202a-\u202e\u2066-\u2069]+"
)
_WHITESPACE_CONTROLS = {ord(char): " " for char in "\t\n\r\x0b\x0c\x85"}
_AUTO_SUBJECT = re.compile(r"(?:auto:|automatic reply|autoreply|автоответ|автоматический ответ)", re.I)
_SUBJECT_PREFIX = re.compile(
    r"^\s*(?:\[[^\]]*\]|(?:re|fwd?|aw|wg|sv|antw|tr|rv|отв|ответ|пересл)\s*(?:\[\d+\]|\(\d+\))?\s*[:：])\s*",
    re.I,
)
_RECIPIENT_HEADERS = ("to", "cc", "delivered-to", "x-original-to", "envelope-to")


def _read(message: IndexedMessage, raw: bytes, own: tuple[str, ...]) -> IncomingMail:
    senders = _addresses(message, "from")
    sender_name, sender = senders[0] if senders else ("", "")
    subject = _header(message, "Subject")
    recipients = [address for name in _RECIPIENT_HEADERS for _, address in _addresses(message, name)]
    text, problem = _text_of(message, own)
    return IncomingMail(
        message_id=_message_id(message) or _fallback_id(raw),
        sender=sender,
        sender_name=sender_name,
        recipients=tuple(address for address in dict.fromkeys(recipients) if "@" in address),
        subject=subject,
        in_reply_to=_first_id(_header(message, "In-Reply-To")),
        references=tuple(_MESSAGE_ID.findall(_header(message, "References"))[:_MAX_REFERENCES]),
        automatic=_automatic(message, sender, subject),
        text=text,
        problem=problem,
        authentication=tuple(str(value) for value in message.get_all("Authentication-Results", [])),
    )


def _header(message: EmailMessage, name: str) -> str:
    """One header's decoded value, cleaned, with whitespace collapsed; "" when missing or unreadable."""
    try:
        value = message.get(name)
    except Exception:  # a malformed header must not cost the rest of the mail
        return ""
    return "" if value is None else _cleaned(str(value))


def _cleaned(value: str) -> str:
    """A header value without control or invisible characters, whitespace collapsed."""
    return " ".join(clean_text(value.translate(_WHITESPACE_CONTROLS)).split())


def _message_id(message: EmailMessage) -> str:
    """The Message-ID; a stand-in made from its hash when it is not printable ASCII or too long."""
    try:
        value = message.get("Message-ID")
    except Exception:  # as in _header
        return ""
    if value is None:
        return ""
    text = " ".join(str(value).split())
    if text and (len(text) > _MAX_ID or not _PRINTABLE_ASCII.fullmatch(text)):
        digest = hashlib.sha256(str(value).encode("utf-8", "surrogateescape")).hexdigest()[:40]
        return f"<{digest}@invalid.referee>"
    return text


def _addresses(message: IndexedMessage, name: str) -> list[tuple[str, str]]:
    """(display name, lowercased address) pairs of every header called `name` (lowercase).

    An address holding a control or invisible character is left out rather than cleaned: without
    the character it could be another person's address.
    """
    try:
        named = message.named(name)
        plain = [plain_pairs("".join(raw.splitlines())) for _, raw in named]
        if all(found is not None for found in plain):  # as most mail is written
            pairs = [pair for found in plain for pair in found or ()]
        else:
            pairs = getaddresses([_address_field(message, key, raw) for key, raw in named])
    except Exception:  # as in _header
        return []
    return [
        (_cleaned(display), address.strip().lower())
        for display, address in pairs
        if address and _PRINTABLE_ADDRESS.fullmatch(address.strip())
    ]


def _address_field(message: EmailMessage, name: str, raw: str) -> str:
    """An address header's value as ``getaddresses`` reads it: as written when it is a plain list of
    addresses (``plain_addresses``: the standard library's header object would read the same), else
    the header object's rendering."""
    unfolded = "".join(raw.splitlines())
    if plain_addresses(unfolded):
        return unfolded
    return str(message.policy.header_fetch_parse(name, raw))


def _first_id(value: str) -> str:
    found = _MESSAGE_ID.search(value)
    return found.group() if found else value


def _automatic(message: EmailMessage, sender: str, subject: str) -> str:
    """Why the mail must never be answered (RFC 3834 and practice), or ""."""
    if sender.partition("@")[0] in ("mailer-daemon", "postmaster"):
        return "mailer-daemon"
    report_type = str(message.get_param("report-type", "")).lower()
    return_path = _header(message, "Return-Path").replace(" ", "")
    if (
        message.get_content_type() == "multipart/report"
        or report_type == "delivery-status"
        or return_path == "<>"
    ):
        return "bounce"
    auto_submitted = _header(message, "Auto-Submitted").lower().partition(";")[0].strip()
    if auto_submitted and auto_submitted != "no":
        return "auto-submitted"
    suppressed = {word.strip().lower() for word in _header(message, "X-Auto-Response-Suppress").split(",")}
    if (
        _header(message, "X-Autoreply")
        or _header(message, "X-Autorespond")
        or suppressed & {"all", "oof"}
        or _AUTO_SUBJECT.match(subject)
    ):
        return "autoreply"
    if _header(message, "Precedence").lower() in ("bulk", "list", "junk", "auto_reply"):
        return "precedence"
    if any(_header(message, name) for name in ("List-Id", "List-Unsubscribe", "List-Post")):
        return "mailing-list"
    return ""


# --- body ----------------------------------------------------------------------------------------


def _text_of(message: EmailMessage, own: tuple[str, ...]) -> tuple[str, str]:
    """(new text, problem) of the mail's body."""
    try:
        part = message.get_body(preferencelist=("plain", "html"))
        body = _decoded(part) if part is not None else ""
        if part is not None and part.get_content_subtype() == "plain" and not body.strip():
            html = message.get_body(preferencelist=("html",))
            if html is not None:
                part, body = html, _decoded(html)
    except Exception:  # as in _header: a broken MIME structure
        return "", "undecodable"
    if part is None or not body.strip():
        return "", "no-text"
    printed = printable(body)  # asked once, for both what follows needs it for
    if is_garbage(body, printed=printed):
        return "", "undecodable"
    if part.get_content_subtype() == "html":
        body, printed = html_to_text(body), False
    return clean_text(new_text(clean_text(body, printed=printed), own=own)), ""


def _decoded(part: MIMEPart) -> str:
    payload = part.get_payload(decode=True)
    return decode_text(payload, part.get_content_charset()) if isinstance(payload, bytes) else ""
