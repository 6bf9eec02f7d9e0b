"""Rolling back the last resolution of a game so that its phase is resolved again.

The log is append-only: the withdrawn resolution's events (and every event logged after it, such as
orders and talk of the next phase, which followed a report that no longer counts) stay in the table
and a ``rollbacks`` row names their span; every reader of the log leaves them out from then on. The
snapshot is folded again from the events that count, the withdrawn resolution's row is kept marked
withdrawn (the phase may be resolved again as its next attempt), the notices it wrote are withdrawn
(not sent if still waiting, no longer shown on the web), and every player who was written its
report gets the ``withdrawn`` letter saying so and until when orders are taken again.

The clock goes back to that phase's own deadline (its schedule and the game-master's shifts); a
paused game stays paused. A deadline already past makes the calendar resolve the phase again at
its next tick: a game-master who wants to correct orders first pauses before rolling back.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from referee.app.errors import RefereeError
from referee.app.operations import GameOperations
from referee.app.play import Loaded, tell
from referee.core.notices import Notice
from referee.core.rules import fold
from referee.core.seats import MASTER
from referee.store import games as rows
from referee.store.clocks import as_utc, clock_row
from referee.store.models import NoticeRow, ResolutionRow
from referee.store.rollbacks import last_resolution, live_resolutions, notices_from, phase_notices, withdraw
from referee.store.seats import seat_rows
from referee.store.unit import Unit

WITHDRAWN_NOTICE = "withdrawn"
"""The letter telling a player that the report they were written no longer counts."""

KEPT = frozenset(
    {
        "answer",
        "refusal",
        "welcome",
        "confirm",
        "held",
        "master_note",
        "master_answer",
        "master_welcome",
        "sign_in_link",
        "guessing",
        WITHDRAWN_NOTICE,
    }
)
"""Notices a rollback leaves alone: answers to what a person sent and letters that report no play."""


@dataclass(frozen=True)
class RolledBack:
    """What a rollback did: the phase open again, the events withdrawn, who was told, the new deadline."""

    game_id: str
    phase: str
    attempt: int
    first_seq: int
    last_seq: int
    told: tuple[str, ...]
    due_at: datetime | None
    paused: bool


def rollback_work(
    games: GameOperations, game_id: str, now: datetime
) -> Callable[[Unit], tuple[RolledBack, str]]:
    """The work of rolling back the last resolution of ``game_id``, for the audit log to run."""

    def work(session: Unit) -> tuple[RolledBack, str]:
        loaded = games.running(session, game_id)
        last = last_resolution(session, game_id)
        if last is None:
            raise RefereeError(
                f"nothing of game {game_id!r} has been resolved yet; there is nothing to roll back"
            )
        if last.withdrawn_at is not None:
            raise RefereeError(
                f"the resolution of {last.phase} was rolled back already; only the last resolution can be "
                "rolled back, and this phase has not been resolved again yet"
            )
        withdraw(session, last, loaded.seq, now)
        session.flush()
        state = fold(loaded.rules, rows.log(session, game_id))
        reopened = loaded.rules.phase(state)
        if reopened.key != last.phase:
            raise RefereeError(
                f"the log without {last.phase}'s resolution leads to {reopened.key}, not back to it"
            )
        row = loaded.row
        row.state, row.phase, row.finished = (
            loaded.rules.dump(state),
            reopened.key,
            loaded.rules.finished(state),
        )
        session.add(row)
        restored = Loaded(row, loaded.rules, state, loaded.seq)
        games.play.clock(session, restored, _opened(session, row, last))
        told = _withdraw_notices(session, last, now)
        clock = clock_row(session, game_id)
        due = as_utc(clock.due_at) if clock is not None and clock.due_at is not None else None
        paused = clock is not None and clock.paused_at is not None
        notices = [
            Notice(
                WITHDRAWN_NOTICE,
                (seat,),
                {
                    "character": seat,
                    "phase": last.phase,
                    "label": reopened.label,
                    "soon": due is not None and due <= now,
                    "paused": paused,
                },
            )
            for seat in told
        ]
        tell(session, game_id, last.phase, notices, now)
        done = RolledBack(game_id, last.phase, last.attempt, last.first_seq, loaded.seq, told, due, paused)
        when = "when the game is resumed" if paused else "at once" if due is None or due <= now else str(due)
        said = (
            f"withdrew the resolution of {last.phase} (events {last.first_seq}-{loaded.seq}); "
            f"{len(told)} players told; it is resolved again {when}"
        )
        return done, said

    return work


def _opened(session: Unit, row: object, last: ResolutionRow) -> datetime:
    """When the phase of ``last`` opened: the resolution before it, else the game's start."""
    earlier = [r for r in live_resolutions(session, last.game_id) if r.id != last.id]
    if earlier:
        return as_utc(earlier[-1].resolved_at)
    settings = getattr(row, "settings", {}) or {}
    if settings.get("start"):
        return as_utc(datetime.fromisoformat(str(settings["start"])))
    return as_utc(row.created_at)  # type: ignore[attr-defined]  # a game row always has created_at; the parameter is typed loosely for the clock row too


def _withdraw_notices(session: Unit, last: ResolutionRow, now: datetime) -> tuple[str, ...]:
    """Marks the notices of the withdrawn resolution (its report, and the talk and reminders written
    after it) withdrawn; returns the characters who were written its report, in seat order."""
    resolved = as_utc(last.resolved_at)
    report = [
        n
        for n in phase_notices(session, last.game_id, last.phase)
        if n.template not in KEPT
        and n.template not in ("talk", "reminder")
        and as_utc(n.created_at) == resolved
    ]
    if not report:
        return ()
    ids = {n.id for n in report}
    withdrawn: list[NoticeRow] = [  # the report, and what was written in the phases after it
        n
        for n in notices_from(session, last.game_id, min(n.id or 0 for n in report))
        if n.id in ids or (n.template not in KEPT and n.phase != last.phase)
    ]
    for notice in withdrawn:
        notice.withdrawn_at = now
        session.add(notice)
    readers = {n.recipient for n in report} - {MASTER}
    return tuple(seat.name for seat in seat_rows(session, last.game_id) if seat.name in readers)
