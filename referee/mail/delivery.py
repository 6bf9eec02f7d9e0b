"""Sending what the outbox holds: every unsent notice becomes mail and is handed to the transport.

Notices are written in the same transaction as the change that causes them, so a
process that dies before sending loses nothing: the next delivery sends them. A notice
whose sending fails stays unsent, with the error, and is tried again next time. A
crash between sending and recording it can send a mail twice, with the same
Message-ID, so mail clients show it once.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime

from referee.config import MailSettings
from referee.mail.compose import compose
from referee.mail.transports import Outbox
from referee.render import Renderer
from referee.store.games import GameStore
from referee.store.models import GameRow, SeatRow

BATCH = 50
"""How many sent notices are recorded at once (at most this many could go twice after a crash)."""


@dataclass
class Delivery:
    """What one delivery round did: notices sent, and the failures left for the next round."""

    sent: int = 0
    failed: list[str] = field(default_factory=list)


def deliver(store: GameStore, outbox: Outbox, renderer: Renderer, mail: MailSettings) -> Delivery:
    """Sends every unsent notice of every game through ``outbox``, oldest first."""
    result = Delivery()
    games: dict[str, GameRow] = {}
    seats: dict[tuple[str, str], SeatRow] = {}
    sent: list[int] = []
    for notice in store.notices(None, unsent_only=True):
        game = seat = None
        if notice.game_id is not None:
            if notice.game_id not in games:
                games[notice.game_id] = store.load(notice.game_id).row
                seats.update(((s.game_id, s.name), s) for s in store.seats(notice.game_id))
            game, seat = games[notice.game_id], seats.get((notice.game_id, notice.recipient))
        try:
            for outgoing in compose(notice, game, seat, renderer, mail):
                outbox.send(outgoing.message, outgoing.recipients)
        except OSError as error:
            store.mark_failed(int(notice.id or 0), str(error))
            result.failed.append(f"notice {notice.id} to {notice.recipient or notice.address}: {error}")
            continue
        sent.append(int(notice.id or 0))
        if len(sent) == BATCH:
            store.mark_sent(sent, datetime.now(UTC))
            result.sent, sent = result.sent + len(sent), []
    store.mark_sent(sent, datetime.now(UTC))
    result.sent += len(sent)
    return result
