"""Taking in one mail: reading it, deciding whether it may be answered, and handing it to the referee.

What the mail door decides itself: mail that must never be answered (auto-replies,
bounces, lists, the referee's own; RFC 3834) and mail whose sender failed the receiving
server's checks (DMARC, DKIM, SPF) are kept and left unanswered. Everything else goes to
the referee's mailroom with the token of the personal address it was sent to
(``referee+<token>@domain``) and the password it gave (a ``PASSWORD k7pq-2mx9-wh4t`` /
``ПАРОЛЬ …`` line, never read as an order); the mailroom finds the seat or game-master,
judges and answers it, in one transaction. Each Message-ID is taken once.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime

from referee.app import AnswerTo, Referee
from referee.app.mailroom import Arrival
from referee.config import MailSettings
from referee.core.orders import LineVerdict
from referee.mail.authentication import failed_checks
from referee.mail.reading import IncomingMail, read_mail

_PASSWORD = re.compile(
    r"^\s*(?:password|пароль)\s*[:=]?\s*"
    r"([a-z0-9]{4})[\s-]?([a-z0-9]{4})[\s-]?([a-z0-9]{4})\s*$",
    re.IGNORECASE,
)
"""A password line: the keyword and a password of three groups of four ("k7pq-2mx9-wh4t")."""


@dataclass(frozen=True)
class Intake:
    """What became of one mail: its outcome ("accepted", "refused:…", "ignored:…", "duplicate")."""

    message_id: str
    outcome: str
    game_id: str | None = None
    seat: str | None = None
    verdicts: tuple[LineVerdict, ...] = ()


def ingest(referee: Referee, mail: MailSettings, raw: bytes, received_at: datetime) -> Intake:
    """Reads ``raw`` as received at ``received_at``, keeps it, and has it judged if it is a player's."""
    incoming = read_mail(raw)
    arrival = Arrival(incoming.message_id, received_at, incoming.sender, raw)
    ignored = _never_answer(incoming, mail)
    if ignored:
        receipt = referee.mailroom.keep(arrival, f"ignored:{ignored}")
        return Intake(incoming.message_id, receipt.outcome)
    forged = failed_checks(incoming.authentication, incoming.sender.rpartition("@")[2], mail.authserv_id)
    if mail.check_senders and forged and incoming.sender:
        receipt = referee.mailroom.keep(arrival, f"refused:sender-failed-{'-'.join(forged)}")
        return Intake(incoming.message_id, receipt.outcome)  # no answer: the From may be forged
    text, password = _password_lines(incoming.text)
    answer_to = AnswerTo(incoming.sender, incoming.message_id, incoming.subject, incoming.problem)
    receipt = referee.mailroom.receive(
        arrival, token=_token(incoming, mail), password=password, text=text, answer_to=answer_to
    )
    return Intake(incoming.message_id, receipt.outcome, receipt.game_id, receipt.seat, receipt.verdicts)


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


def _password_lines(text: str) -> tuple[str, str]:
    """``text`` without its password lines, and the first password given ("" if none)."""
    kept, passwords = [], []
    for line in text.splitlines():
        match = _PASSWORD.match(line)
        if match:
            passwords.append("-".join(match.groups()).lower())
        else:
            kept.append(line)
    return "\n".join(kept), passwords[0] if passwords else ""


def _token(incoming: IncomingMail, mail: MailSettings) -> str:
    """The token of the first personal reply address among the recipients ("" if none)."""
    prefix = mail.local_part + "+"
    for address in incoming.recipients:
        local, _, domain = address.rpartition("@")
        if domain == mail.domain and local.startswith(prefix):
            return local[len(prefix) :]
    return ""
