"""Taking in one player mail: who sent it, whether it may be answered, and what it orders.

A mail is a player's when it comes from the address registered for a seat and is sent
to that seat's personal reply address (``referee+<token>@domain``), or when it holds a
line with that seat's password (``PASSWORD k7pq-2mx9-wh4t`` / ``ПАРОЛЬ …``), from any
address. A password is never read as an order or as talk. Anything else changes no
game and gets a short answer naming none — at most one a day per address, so forged
senders cannot turn the referee into a spam cannon. Mail that must never be answered
(auto-replies, bounces, lists, the referee's own) is kept and left unanswered. Each
Message-ID is taken once.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timedelta

from referee.config import MailSettings
from referee.core.orders import LineVerdict
from referee.mail.authentication import failed_checks
from referee.mail.master_orders import answer, run_commands
from referee.mail.reading import IncomingMail, read_mail
from referee.store.games import GameStore, Inbound, Reply
from referee.store.models import MASTER, MasterRow, SeatRow

_PASSWORD = re.compile(
    r"^\s*(?:password|пароль)\s*[:=]?\s*"
    r"([a-z0-9]{4})[\s-]?([a-z0-9]{4})[\s-]?([a-z0-9]{4})\s*$",
    re.IGNORECASE,
)
"""A password line: the keyword and a password of three groups of four ("k7pq-2mx9-wh4t")."""

REFUSAL_PAUSE = timedelta(days=1)
"""How long after a refusal another mail from the same address is refused without an answer."""


@dataclass(frozen=True)
class Intake:
    """What became of one mail: its outcome ("accepted", "refused:…", "ignored:…", "duplicate")."""

    message_id: str
    outcome: str
    game_id: str | None = None
    seat: str | None = None
    verdicts: tuple[LineVerdict, ...] = ()


def ingest(store: GameStore, mail: MailSettings, raw: bytes, received_at: datetime) -> Intake:
    """Reads ``raw`` as received at ``received_at``, keeps it, and judges its orders if it is a player's."""
    incoming = read_mail(raw)
    kept = Inbound(incoming.message_id, received_at, incoming.sender, raw)
    ignored = _never_answer(incoming, mail)
    if ignored:
        receipt = store.receive_mail(kept, f"ignored:{ignored}")
        return Intake(incoming.message_id, "duplicate" if receipt.duplicate else f"ignored:{ignored}")
    forged = failed_checks(incoming.authentication, incoming.sender.rpartition("@")[2], mail.authserv_id)
    if mail.check_senders and forged and incoming.sender:
        outcome = f"refused:sender-failed-{'-'.join(forged)}"  # no answer: the From may be forged
        receipt = store.receive_mail(kept, outcome)
        return Intake(incoming.message_id, "duplicate" if receipt.duplicate else outcome)
    text, password = _password_lines(incoming.text)
    master = _identify_master(store, mail, incoming, password)
    if master is not None:
        return _from_master(store, incoming, kept, master, text, received_at)
    seat, refusal = _identify(store, mail, incoming, password)
    if seat is None:
        answered = store.refused_since(incoming.sender, received_at - REFUSAL_PAUSE)
        refused = None if answered else Reply(incoming.sender, incoming.message_id, "")
        receipt = store.receive_mail(kept, f"refused:{refusal}", reply=refused)
        return Intake(incoming.message_id, "duplicate" if receipt.duplicate else f"refused:{refusal}")
    text = "\n".join(line for line in text.splitlines() if seat.password not in line.lower())
    by_password = password and incoming.sender != seat.email.lower()
    address = incoming.sender if by_password else seat.email  # the password route answers where it came from
    answer = Reply(address, incoming.message_id, incoming.subject, incoming.problem)
    receipt = store.receive_mail(kept, "accepted", seat=(seat.game_id, seat.name), text=text, reply=answer)
    if receipt.duplicate or receipt.submitted is None:
        return Intake(incoming.message_id, "duplicate")
    verdicts = tuple(receipt.submitted.verdicts)
    return Intake(incoming.message_id, "accepted", seat.game_id, seat.name, verdicts)


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


def _identify_master(
    store: GameStore, mail: MailSettings, incoming: IncomingMail, password: str
) -> MasterRow | None:
    """The game-master who sent ``incoming``: from their address to their reply address, or by password."""
    token = _token(incoming, mail)
    by_token = store.master_by_token(token) if token else None
    if by_token is not None and incoming.sender == by_token.email.lower():
        return by_token
    return store.master_by_password(password) if password else None


def _from_master(
    store: GameStore,
    incoming: IncomingMail,
    kept: Inbound,
    master: MasterRow,
    text: str,
    received_at: datetime,
) -> Intake:
    """Keeps a game-master's mail once, carries out its commands and answers them."""
    receipt = store.receive_mail(kept, "accepted:game-master")
    if receipt.duplicate:
        return Intake(incoming.message_id, "duplicate")
    text = "\n".join(line for line in text.splitlines() if master.password not in line.lower())
    results = run_commands(store, master.game_id, text, received_at)
    reply = Reply(incoming.sender, incoming.message_id, incoming.subject, incoming.problem)
    store.tell(master.game_id, [answer(results)], received_at, reply)
    return Intake(incoming.message_id, "accepted:game-master", master.game_id, MASTER)


def _identify(
    store: GameStore, mail: MailSettings, incoming: IncomingMail, password: str
) -> tuple[SeatRow | None, str]:
    """The seat that sent ``incoming``, or None and why not (kept for the game-master only).

    The personal address with the registered sender proves the seat; otherwise a password must.
    """
    token = _token(incoming, mail)
    by_token = store.seat_by_token(token) if token else None
    if by_token is not None and incoming.sender == by_token.email.lower():
        return by_token, ""
    if password:
        by_password = store.seat_by_password(password)
        if by_password is None:
            return None, "wrong-password"
        if token and (by_token is None or by_token.id != by_password.id):
            return None, "password-for-another-seat"
        return by_password, ""
    if not token:
        return None, "no-personal-address"
    if by_token is None:
        return None, "unknown-token"
    return None, "not-the-registered-sender"
