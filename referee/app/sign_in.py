"""Sign-in links written to the outbox, for a player who asks by mail or on the web's sign-in page.

A seat is written no link within ``LINK_PAUSE`` of the last one and no more than ``LINKS_A_DAY`` a day,
so no one can flood a player's mailbox by asking.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from referee.app.links import LINK_DAY, LINK_NOTICE, LINKS_A_DAY
from referee.app.play import tell
from referee.core.notices import Notice
from referee.store.forum import links_since
from referee.store.unit import Unit

LINK_PAUSE = timedelta(minutes=10)
"""Another link asked for a seat within this time is not mailed (no flood of mail to a player)."""


def write_link(session: Unit, game_id: str, seat: str, email: str, now: datetime) -> int:
    """Writes a sign-in link for ``seat`` to ``email`` inside the caller's transaction; 1 if it was
    written, 0 if the seat was sent one too recently or too many today."""
    if links_since(session, game_id, seat, email, LINK_NOTICE, now - LINK_PAUSE):
        return 0
    if links_since(session, game_id, seat, email, LINK_NOTICE, now - LINK_DAY) >= LINKS_A_DAY:
        return 0
    tell(session, game_id, "", [Notice(LINK_NOTICE, (seat,), {"email": email.lower()})], now)
    return 1
