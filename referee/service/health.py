"""What ``referee status`` shows a game-master: each game's next boundary, the outbox, the last mail."""

from __future__ import annotations

from typing import Any

from sqlalchemy import func
from sqlmodel import Session, col, select

from referee.games import rules_for
from referee.store.calendar import Calendar
from referee.store.clocks import as_utc
from referee.store.games import GameStore
from referee.store.models import InboundRow, NoticeRow
from referee.store.outbox import backlog


def health(store: GameStore) -> dict[str, Any]:
    """The service's state as JSON-ready data (no secrets: no tokens, passwords or mail text)."""
    clocks = {clock.game_id: clock for clock in Calendar(store).clocks()}
    games = []
    for row in store.games():  # each row holds its game's snapshot: no second read
        rules = rules_for(row.kind)
        state = rules.load(row.state)
        clock = clocks.get(row.id)
        finished = rules.finished(state)
        games.append(
            {
                "id": row.id,
                "kind": row.kind,
                "phase": row.phase,
                "finished": finished,
                "paused": clock is not None and clock.paused_at is not None,
                "due_at": as_utc(clock.due_at).isoformat() if clock and clock.due_at else None,
                "waiting": 0 if finished else len(rules.waiting(state)),
            }
        )
    waiting, refused = backlog(store)
    with Session(store.engine) as session:
        last = session.exec(select(func.max(InboundRow.received_at))).one()
        given_up = session.exec(select(NoticeRow).where(col(NoticeRow.failed_at).is_not(None))).all()
    return {
        "games": games,
        "outbox": {
            "waiting": waiting,
            "refused": refused,
            "refused_mail": [
                {"game": n.game_id, "to": n.recipient or n.address, "what": n.template, "error": n.last_error}
                for n in given_up
            ],
        },
        "last_mail": as_utc(last).isoformat() if last else None,
    }
