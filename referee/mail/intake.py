"""Taking in one mail: reading it, deciding whether it may be answered, and handing it to the referee.

What the mail door decides itself: mail that must never be answered (auto-replies,
bounces, lists, the referee's own; RFC 3834) and mail whose sender failed the receiving
server's checks (DMARC, DKIM, SPF) are kept and left unanswered. Everything else goes to
the referee's mailroom with the token of the personal address it was sent to
(``referee+<token>@domain``) and the password it gave (a ``PASSWORD k7pq-2mx9-wh4t`` /
``ПАРОЛЬ …`` line, never read as an order); the mailroom finds the seat or game-master,
judges and answers it, in one transaction. Each Message-ID is taken once.

Before anything is read, the mail's size is checked against ``[limits]`` (``over_limit``): a mail
over a limit is kept as it came and never parsed; its sender, found by a short scan of the start
of its header block, is told once a day at most that it was too big — unless the receiving
server's verdict on that sender, found by the same scan, says the From may be forged: then, as for
any mail, nobody is answered. No answer of any kind goes out before that verdict is read
(``_forged``). Of a mail that is read, the
mailroom judges at most ``limits.lines`` lines, none longer than ``limits.talk_chars``.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from email.utils import parseaddr

from referee.app import AnswerTo, Arrival, Referee, Throttle, clean
from referee.config import Limits, MailSettings
from referee.core.orders import LineVerdict
from referee.mail.authentication import failed_checks
from referee.mail.own_words import referee_lines
from referee.mail.readers import Reading, read
from referee.mail.reading import IncomingMail

SCAN_BYTES = 8192
"""How much of the start of a mail too big to read is searched for its From and Message-ID."""

_FIELD = re.compile(
    rb"^(from|message-id|auto-submitted|precedence|authentication-results)[ \t]*:(.*)$", re.IGNORECASE
)
_MESSAGE_ID = re.compile(r"<[^<>\s]{1,500}>")
_BLANK_LINE = re.compile(rb"\r?\n\r?\n")
_FOLD = re.compile(rb"\r?\n[ \t]+")


@dataclass(frozen=True)
class Intake:
    """What became of one mail: its outcome ("accepted", "refused:…", "ignored:…", "duplicate")."""

    message_id: str
    outcome: str
    game_id: str | None = None
    seat: str | None = None
    verdicts: tuple[LineVerdict, ...] = ()


def prepare(referee: Referee) -> None:
    """Loads now what taking mail in loads on first use: the lines of the referee's own letters (to
    tell a quoted letter from what a player wrote) and each game's dictionaries. ``referee serve``
    calls it as it starts: the first mail of a burst then costs what the others do, not a second."""
    referee_lines()
    referee.prepare()


def ingest(
    referee: Referee, mail: MailSettings, raw: bytes, received_at: datetime, reading: Reading | None = None
) -> Intake:
    """Reads ``raw`` as received at ``received_at``, keeps it, and has it judged if it is a player's;
    ``reading`` is what ``read`` gave for it, if it was read already (``Readers``)."""
    reading = read(raw, mail) if reading is None else reading
    if reading.over or reading.incoming is None:
        return _too_big(referee, mail, raw, received_at, reading.over)
    incoming = reading.incoming
    hidden = raw if reading.hidden is None else reading.hidden
    arrival = Arrival(incoming.message_id, received_at, incoming.sender, raw, hidden)
    ignored = _never_answer(incoming, mail)
    if ignored:
        receipt = referee.mailroom.keep(arrival, f"ignored:{ignored}")
        return Intake(clean(incoming.message_id), receipt.outcome)
    forged = _forged(incoming.authentication, incoming.sender, mail)
    if forged:
        receipt = referee.mailroom.keep(arrival, f"refused:sender-failed-{'-'.join(forged)}")
        return Intake(clean(incoming.message_id), receipt.outcome)  # no answer: the From may be forged
    answer_to = AnswerTo(incoming.sender, incoming.message_id, incoming.subject, incoming.problem)
    receipt = referee.mailroom.receive(
        arrival,
        token=_token(incoming, mail),
        password=reading.password,
        text=reading.text,
        answer_to=answer_to,
        most_lines=mail.limits.lines,
        longest_line=mail.limits.talk_chars,
        throttle=throttle(mail.limits),
    )
    message_id = clean(incoming.message_id)
    return Intake(message_id, receipt.outcome, receipt.game_id, receipt.seat, receipt.verdicts)


def throttle(limits: Limits) -> Throttle:
    """How many wrong passwords ``limits`` bear, and within what time."""
    return Throttle(
        limits.guesses_per_address, limits.guesses_per_seat, timedelta(minutes=limits.guess_minutes)
    )


def _too_big(referee: Referee, mail: MailSettings, raw: bytes, received_at: datetime, code: str) -> Intake:
    """Keeps a mail over the limit ``code`` unread, answering its sender once a day at most."""
    fields = header_scan(raw)
    message_id = fields.get("message-id", "") or f"<{hashlib.sha256(raw).hexdigest()}@referee.invalid>"
    sender = fields.get("from", "")
    local, _, domain = sender.rpartition("@")
    own = domain == mail.domain and (local == mail.local_part or local.startswith(mail.local_part + "+"))
    automatic = fields.get("auto-submitted", "no").lower() != "no"
    bulk = fields.get("precedence", "").lower() in ("bulk", "list", "junk")
    limit = _LIMIT_OF.get(code, "")
    size = getattr(mail.limits, limit) if limit else 0
    arrival = Arrival(message_id, received_at, sender, raw)
    forged = _forged(authentication_scan(raw), sender, mail)
    answer = not (own or automatic or bulk or forged)
    receipt = referee.mailroom.too_big(arrival, code, size, answer=answer, forged=forged)
    return Intake(clean(message_id), receipt.outcome)


def _forged(authentication: Sequence[str], sender: str, mail: MailSettings) -> list[str]:
    """The checks the receiving server says ``sender``'s domain failed (``failed_checks`` of the mail's
    Authentication-Results values ``authentication``), when ``[mail] check_senders`` asks for them:
    a mail that failed one is answered by nobody, whatever else is wrong with it."""
    if not (mail.check_senders and sender):
        return []
    return failed_checks(authentication, sender.rpartition("@")[2], mail.authserv_id)


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
    local, _, domain = incoming.sender.rpartition("@")
    if domain == mail.domain and (local == mail.local_part or local.startswith(mail.local_part + "+")):
        return "own-mail"
    if not incoming.sender:
        return "no-sender"
    return ""


def _token(incoming: IncomingMail, mail: MailSettings) -> str:
    """The token of the first personal reply address among the recipients ("" if none)."""
    prefix = mail.local_part + "+"
    for address in incoming.recipients:
        local, _, domain = address.rpartition("@")
        if domain == mail.domain and local.startswith(prefix):
            return local[len(prefix) :]
    return ""
