"""Orders mailed from a player's registered address to the referee's plain address, held until the
player confirms them.

Such a mail proves nothing (a From line is easy to forge), so its text is held, not applied, and
the referee asks the registered address — and no other — to confirm it. The question's reply
address carries a token keyed with the game's secret and the held row: only the owner of the
registered address sees it, so a reply to it from that address applies the held orders. One
question is pending per address and game; it lapses after ``PENDING_FOR``; later mails to the plain
address before it is answered add their lines to the held text, up to the mail's line limit.
"""

from __future__ import annotations

import hashlib
import hmac
from datetime import datetime, timedelta

from referee.core.notices import Notice
from referee.store.clocks import as_utc
from referee.store.models import HeldRow, SeatRow
from referee.store.records import UNCONFIRMED

PENDING_FOR = timedelta(hours=24)
"""How long held orders wait for their confirmation."""

TOKEN_PREFIX = "confirm-"
"""What the token of a confirmation's reply address (``referee+confirm-…@domain``) starts with."""

CONFIRM = "confirm"
"""The template of the question sent to the registered address."""

QUOTED_LINES = 20
"""At most this many of the held lines are shown in the question."""


def confirmation_token(secret: str, held_id: int) -> str:
    """The token of the reply address confirming held row ``held_id``: 96 bits of an HMAC-SHA256 under
    the game's ``secret``, which no player sees, so no one can make it up."""
    digest = hmac.new(secret.encode(), f"confirm {held_id}".encode(), hashlib.sha256).hexdigest()[:24]
    return TOKEN_PREFIX + digest


def confirms(token: str, secret: str, held_id: int) -> bool:
    """Whether ``token`` is the confirmation token of held row ``held_id`` (compared in constant time)."""
    return hmac.compare_digest(token.lower(), confirmation_token(secret, held_id))


def lapsed(row: HeldRow, now: datetime) -> bool:
    """Whether held row ``row`` waited longer than ``PENDING_FOR`` for its confirmation."""
    return now - as_utc(row.received_at) > PENDING_FOR


def unconfirmed(seat: SeatRow, message_id: str, received_at: datetime, text: str, subject: str) -> HeldRow:
    """The row holding ``text``, mailed for ``seat`` as ``message_id`` to the plain address, until its
    registered address confirms it; the answer, once confirmed, goes there."""
    return HeldRow(
        game_id=seat.game_id,
        seat=seat.name,
        received_at=received_at,
        source=f"{UNCONFIRMED}mail:{message_id}",
        text=text,
        address=seat.email,
        in_reply_to=message_id,
        subject=subject,
    )


def question(row: HeldRow) -> Notice:
    """The question to the registered address whether the orders of ``row`` are the player's: it shows
    the first ``QUOTED_LINES`` of them, and its reply address is keyed to ``row``."""
    lines = [line.strip() for line in row.text.splitlines() if line.strip()][:QUOTED_LINES]
    hours = int(PENDING_FOR.total_seconds()) // 3600
    data = {"character": row.seat, "held": row.id, "lines": lines, "hours": hours}
    return Notice(CONFIRM, (row.seat,), data)


def added(text: str, more: str, most_lines: int | None) -> str:
    """``text`` with the non-empty lines of ``more`` after it, as long as together they hold at most
    ``most_lines`` non-empty lines; the lines over that are left out."""
    room = None if most_lines is None else most_lines - sum(1 for line in text.splitlines() if line.strip())
    lines = [line for line in more.splitlines() if line.strip()]
    return "\n".join([text, *lines[:room]] if room is None or room > 0 else [text])
