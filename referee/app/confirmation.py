"""Orders mailed from a player's registered address to the referee's plain address, held until the
player confirms them.

Such a mail proves nothing (a From line is easy to forge), so its text is held, not applied, and
the referee asks the registered address — and no other — whether it is the player's. Each such mail
is held on its own and asked about on its own: nothing mailed later, by the player or by someone
writing in her name, joins a question already asked. The question shows every line held, and its
reply address carries a token keyed with the game's secret, the held row and a digest of the held
text: only the owner of the registered address sees it, and it confirms that text and no other.

A reply to the question decides by its new text (``answer``): YES (ДА) applies exactly the lines
shown; NO (НЕТ) drops them and tells the game-master; any other reply changes nothing and is
answered with the question again, saying how to answer. A question lapses after ``PENDING_FOR``;
at most ``MOST_PENDING`` wait per address and game.
"""

from __future__ import annotations

import hashlib
import hmac
import re
from datetime import datetime, timedelta

from referee.core.notices import Notice
from referee.core.seats import MASTER
from referee.store.clocks import as_utc
from referee.store.models import HeldRow, SeatRow
from referee.store.records import UNCONFIRMED

PENDING_FOR = timedelta(hours=24)
"""How long held orders wait for their confirmation."""

MOST_PENDING = 10
"""How many mails to the plain address may wait for their confirmation per address and game: more
are refused (answered once a day at most), so a forger cannot have the player mailed without end."""

TOKEN_PREFIX = "confirm-"
"""What the token of a confirmation's reply address (``referee+confirm-…@domain``) starts with."""

CONFIRM = "confirm"
"""The template of the question sent to the registered address (and of the answers to replies)."""

DISOWNED = "disowned"
"""The template of the note telling the game-master that a player said NO to a question."""

ASKED, UNCLEAR, DROPPED = "asked", "unclear", "dropped"
"""What the ``confirm`` mail says: the question; the question again after a reply that said neither
YES nor NO; that the held orders were dropped after a NO."""

YES, NO = "yes", "no"
"""The answers a reply to the question may give (``answer``); anything else is neither."""

_WORDS = {"yes": YES, "да": YES, "no": NO, "нет": NO}
_WORD = re.compile(r"\w+")


def text_digest(text: str) -> str:
    """The SHA-256 of ``text``, in hex: what a confirmation token is bound to."""
    return hashlib.sha256(text.encode()).hexdigest()


def confirmation_token(secret: str, held_id: int, digest: str) -> str:
    """The token of the reply address confirming held row ``held_id`` holding the text of ``digest``
    (``text_digest``): 96 bits of an HMAC-SHA256 under the game's ``secret``, which no player sees,
    so no one can make it up, and a text changed since the question was asked invalidates it."""
    keyed = f"confirm {held_id} {digest}".encode()
    return TOKEN_PREFIX + hmac.new(secret.encode(), keyed, hashlib.sha256).hexdigest()[:24]


def confirms(token: str, secret: str, row: HeldRow) -> bool:
    """Whether ``token`` is the confirmation token of held row ``row`` as it now holds its text
    (compared in constant time)."""
    expected = confirmation_token(secret, row.id or 0, text_digest(row.text))
    return hmac.compare_digest(token.lower(), expected)


def answer(text: str) -> str:
    """What a reply's new text ``text`` answers: ``YES`` when its first word is YES or ДА, ``NO`` when
    it is NO or НЕТ (in any case), each only if the other is not written anywhere in it; "" for
    anything else."""
    words = [_WORDS.get(word) for word in _WORD.findall(text.casefold())]
    said = words[0] if words else None
    if said is None or (NO if said == YES else YES) in words:
        return ""
    return said


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


def held_lines(row: HeldRow) -> list[str]:
    """The non-empty lines ``row`` holds: all of them, as the question shows them."""
    return [line.strip() for line in row.text.splitlines() if line.strip()]


def question(row: HeldRow, state: str = ASKED) -> Notice:
    """The question to the registered address whether the orders of ``row`` are the player's (after an
    unclear reply, ``UNCLEAR``: asked again): it shows every line held, and its reply address is keyed
    to ``row`` and its text."""
    hours = int(PENDING_FOR.total_seconds()) // 3600
    data = {
        "character": row.seat,
        "held": row.id,
        "digest": text_digest(row.text),
        "lines": held_lines(row),
        "hours": hours,
        "state": state,
    }
    return Notice(CONFIRM, (row.seat,), data)


def dropped(row: HeldRow) -> list[Notice]:
    """What a NO to the question about ``row`` tells: the player, that its orders were dropped; the
    game-master, that a mail in the player's name was not theirs."""
    lines = held_lines(row)
    received = as_utc(row.received_at).strftime("%Y-%m-%d %H:%M UTC")
    to_player = Notice(CONFIRM, (row.seat,), {"character": row.seat, "lines": lines, "state": DROPPED})
    to_master = Notice(DISOWNED, (MASTER,), {"character": row.seat, "lines": lines, "received": received})
    return [to_player, to_master]
