"""Taking in one mail: reading it into one arrival, handing that to the mailroom, and getting back
what became of it.

The mail door finds out what is about the wire and nothing more (``arrival``): the mail as read,
the token of the personal address it was sent to (``referee+<token>@domain``), why it must never be
answered (auto-replies, bounces, lists, the referee's own; RFC 3834) and which of the receiving
server's sender checks (DMARC, DKIM, SPF) its sender failed. It hands that ``RawArrival`` to the
mailroom once (``Mailroom.take``), which does the rest in one pass — cleaning, the password a
``PASSWORD k7pq-2mx9-wh4t`` / ``ПАРОЛЬ …`` line gives and hiding it, counting wrong passwords,
judging and answering, in one transaction — and hands back one ``Receipt``. Each Message-ID is
taken once.

Before anything is read, the mail's size is checked against ``[limits]`` (``over_limit``): a mail
over a limit is never parsed; its sender, Message-ID and the receiving server's verdict on that
sender are found by a short scan of the start of its header block (``header_scan``,
``authentication_scan``), and the mailroom keeps it as it came and tells its sender once a day at
most that it was too big — unless that verdict says the From may be forged: then, as for any mail,
nobody is answered. Of a mail that is read, the mailroom judges at most ``limits.lines`` lines, none
longer than ``limits.talk_chars``.
"""

from __future__ import annotations

import hashlib
import logging
import re
from collections.abc import Iterable, Sequence
from datetime import datetime
from email.utils import parseaddr

from sqlalchemy.exc import DBAPIError

from referee.app import RawArrival, Receipt, Referee, collector_paused
from referee.config import MailSettings
from referee.core.hooks import checkpoint
from referee.mail.authentication import failed_checks
from referee.mail.own_words import referee_lines
from referee.mail.readers import Reading, read
from referee.mail.reading import IncomingMail

LOG = logging.getLogger("referee.mail")

SCAN_BYTES = 8192
"""How much of the start of a mail too big to read is searched for its From and Message-ID."""

_FIELD = re.compile(
    rb"^(from|message-id|auto-submitted|precedence|authentication-results)[ \t]*:(.*)$", re.IGNORECASE
)
_MESSAGE_ID = re.compile(r"<[^<>\s]{1,500}>")
_BLANK_LINE = re.compile(rb"\r?\n\r?\n")
_FOLD = re.compile(rb"\r?\n[ \t]+")

EXPECTED = 100
"""The most mails whose lookups are read at once (``expect``): a part of a fetch, so that the mails
after it are read meanwhile."""

Intake = Receipt
"""What became of one mail, as the mailroom hands it back for the mail handed over."""


def prepare(referee: Referee) -> None:
    """Loads now what taking mail in loads on first use: the lines of the referee's own letters (to
    tell a quoted letter from what a player wrote) and each game's dictionaries. ``referee serve``
    calls it as it starts: the first mail of a burst then costs what the others do, not a second."""
    referee_lines()
    referee.prepare()


def ingest(
    referee: Referee, mail: MailSettings, raw: bytes, received_at: datetime, reading: Reading | None = None
) -> Intake:
    """Reads ``raw`` as received at ``received_at`` into one arrival and hands it to the mailroom, which
    keeps it and has it judged and answered if it may be; ``reading`` is what ``read`` gave for it, if
    it was read already (``Readers``)."""
    return referee.mailroom.take(arrival(raw, received_at, mail, reading), mail.limits)


def expect(referee: Referee, mail: MailSettings, readings: Iterable[Reading | None]) -> None:
    """Has the mailroom read at once what the mails of ``readings`` (as read: None for one not read yet)
    will ask one by one inside the batch of mail open: the seats of the personal addresses they were
    sent to, and their games with their clocks (``Mailroom.expect``)."""
    tokens = {
        _token(reading.incoming, mail)
        for reading in readings
        if reading is not None and reading.incoming is not None and not reading.over
    }
    referee.mailroom.expect(tokens - {""})


def ingest_many(
    referee: Referee, mail: MailSettings, mails: Sequence[tuple[bytes, datetime]]
) -> list[Intake | None]:
    """Takes in ``mails`` (each raw, with when it was received; a fetch) in order, in one transaction
    with a savepoint per mail, as ``referee serve`` takes a fetch in: what the mails ask of the
    database is read at once for each part of at most ``EXPECTED`` mails (``expect``), each part read
    just before it is taken. A batch the database refuses as a whole is taken again one mail at a
    time, each in a transaction of its own: a mail whose data it refuses then gives None (it is kept
    nowhere) and the others are taken in."""
    readings: list[Reading] = []
    try:
        with collector_paused(), referee.database.batch():
            taken: list[Intake | None] = []
            for start in range(0, len(mails), EXPECTED):
                part = mails[start : start + EXPECTED]
                read_part = [read(raw, mail) for raw, _ in part]
                readings += read_part
                expect(referee, mail, read_part)
                for (raw, received), reading in zip(part, read_part, strict=True):
                    taken.append(ingest(referee, mail, raw, received, reading))
                    checkpoint("taken")  # a mail taken in, its batch not committed yet
    except DBAPIError:  # one mail's data refused: the others are kept, each on its own
        readings += [read(raw, mail) for raw, _ in mails[len(readings) :]]
        taken = [
            _alone(referee, mail, raw, received, reading)
            for (raw, received), reading in zip(mails, readings, strict=True)
        ]
    return taken


def _alone(
    referee: Referee, mail: MailSettings, raw: bytes, received_at: datetime, reading: Reading
) -> Intake | None:
    """``ingest`` in a transaction of its own; None when the database refuses the mail's data."""
    try:
        return ingest(referee, mail, raw, received_at, reading)
    except DBAPIError as error:
        LOG.error("mail refused by the database", extra={"error": type(error.orig).__name__})
        return None


def arrival(
    raw: bytes, received_at: datetime, mail: MailSettings, reading: Reading | None = None
) -> RawArrival:
    """``raw`` as the door hands it over: read (unless it is over a limit), with the token of the
    personal address it was sent to, why it must never be answered and the sender checks it failed."""
    reading = read(raw, mail) if reading is None else reading
    if reading.over or reading.incoming is None:
        return _unread(raw, received_at, mail, reading.over)
    incoming = reading.incoming
    return RawArrival(
        raw,
        received_at,
        incoming.message_id,
        incoming.sender,
        token=_token(incoming, mail),
        subject=incoming.subject,
        text=incoming.text,
        problem=incoming.problem,
        unanswerable=_never_answer(incoming, mail),
        forged=_forged(incoming.authentication, incoming.sender, mail),
    )


def _unread(raw: bytes, received_at: datetime, mail: MailSettings, code: str) -> RawArrival:
    """A mail over the limit ``code``, unread: its sender, Message-ID and sender checks are found by a
    short scan of the start of its header block (``header_scan``)."""
    fields = header_scan(raw)
    message_id = fields.get("message-id", "") or f"<{hashlib.sha256(raw).hexdigest()}@referee.invalid>"
    sender = fields.get("from", "")
    limit = _LIMIT_OF.get(code, "")
    if _own(sender, mail):
        unanswerable = "own-mail"
    elif fields.get("auto-submitted", "no").lower() != "no":
        unanswerable = "auto-submitted"
    elif fields.get("precedence", "").lower() in ("bulk", "list", "junk"):
        unanswerable = "precedence"
    else:
        unanswerable = "" if sender else "no-sender"
    return RawArrival(
        raw,
        received_at,
        message_id,
        sender,
        unanswerable=unanswerable,
        forged=_forged(authentication_scan(raw), sender, mail),
        over=code,
        limit=getattr(mail.limits, limit) if limit else 0,
    )


def _forged(authentication: Sequence[str], sender: str, mail: MailSettings) -> tuple[str, ...]:
    """The checks the receiving server says ``sender``'s domain failed (``failed_checks`` of the mail's
    Authentication-Results values ``authentication``), when ``[mail] check_senders`` asks for them:
    a mail that failed one is answered by nobody, whatever else is wrong with it."""
    if not (mail.check_senders and sender):
        return ()
    return tuple(failed_checks(authentication, sender.rpartition("@")[2], mail.authserv_id))


_LIMIT_OF: dict[str, str] = {
    "mail-bytes": "mail_bytes",
    "header-bytes": "header_bytes",
    "headers": "headers",
    "mime-parts": "mime_parts",
    "mime-depth": "mime_depth",
}
"""The ``Limits`` field behind each code of ``over_limit`` (header parameters have none)."""


def header_scan(raw: bytes) -> dict[str, str]:
    """From (its address, lowercased), Message-ID, Auto-Submitted and Precedence of ``raw``, found in
    its first ``SCAN_BYTES`` bytes only and without parsing the mail; a field not found is missing."""
    found: dict[str, str] = {}
    for name, value in _scanned_fields(raw):
        if name in found or name == "authentication-results":
            continue
        if name == "from":
            address = parseaddr(value)[1].strip().lower()
            value = address if "@" in address and " " not in address else ""
        elif name == "message-id":
            first = _MESSAGE_ID.search(value)
            value = first.group() if first else ""
        found[name] = value
    return found


def authentication_scan(raw: bytes) -> tuple[str, ...]:
    """The Authentication-Results values of ``raw``, topmost first, found as ``header_scan`` finds its
    fields: the receiving server writes its own at the top, so it is within the scan."""
    return tuple(value for name, value in _scanned_fields(raw) if name == "authentication-results")


def _scanned_fields(raw: bytes) -> list[tuple[str, str]]:
    """The header fields ``_FIELD`` names in the first ``SCAN_BYTES`` bytes of ``raw`` (unfolded, up to
    the first empty line), in order: each name lowercased and its value decoded and stripped."""
    head = raw[:SCAN_BYTES]
    blank = _BLANK_LINE.search(head)
    unfolded = _FOLD.sub(b" ", head[: blank.start() if blank else len(head)])
    fields = []
    for line in unfolded.splitlines():
        match = _FIELD.match(line)
        if match:
            value = match.group(2).decode("utf-8", "replace").strip()
            fields.append((match.group(1).decode().lower(), value))
    return fields


def _never_answer(incoming: IncomingMail, mail: MailSettings) -> str:
    """Why ``incoming`` must not be answered, or "" (RFC 3834; and never the referee's own mail)."""
    if incoming.automatic:
        return incoming.automatic
    if _own(incoming.sender, mail):
        return "own-mail"
    if not incoming.sender:
        return "no-sender"
    return ""


def _own(sender: str, mail: MailSettings) -> bool:
    """Whether ``sender`` is the referee's own address or one of its personal addresses."""
    local, _, domain = sender.rpartition("@")
    return domain == mail.domain and (local == mail.local_part or local.startswith(mail.local_part + "+"))


def _token(incoming: IncomingMail, mail: MailSettings) -> str:
    """The token of the first personal reply address among the recipients ("" if none)."""
    prefix = mail.local_part + "+"
    for address in incoming.recipients:
        local, _, domain = address.rpartition("@")
        if domain == mail.domain and local.startswith(prefix):
            return local[len(prefix) :]
    return ""
