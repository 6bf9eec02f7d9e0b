"""What the dashboard reads across games at once: counts per game, mail per seat, resolutions and
submissions. Rows and numbers only, inside the caller's session; never a mail's raw bytes."""

from __future__ import annotations

from collections.abc import Collection
from datetime import datetime
from typing import Any

from sqlalchemy import case, literal
from sqlalchemy import select as core_select
from sqlmodel import Session, col, func, select

from referee.store.models import ClockRow, GameRow, InboundRow, NoticeRow, ResolutionRow, SubmissionRow


def outbox_by_game(
    session: Session, game_ids: Collection[str] | None = None
) -> dict[str | None, tuple[int, int]]:
    """Per game (of ``game_ids`` alone if given): how many notices wait to be sent, and how many the
    mail server refused for good."""
    waiting = (
        col(NoticeRow.sent_at).is_(None)
        & col(NoticeRow.failed_at).is_(None)
        & col(NoticeRow.withdrawn_at).is_(None)
    )
    query = select(
        NoticeRow.game_id,
        func.count().filter(waiting),
        func.count().filter(col(NoticeRow.failed_at).is_not(None)),
    )
    if game_ids is not None:
        query = query.where(col(NoticeRow.game_id).in_(sorted(game_ids)))
    query = query.group_by(col(NoticeRow.game_id))
    return {game: (int(w), int(f)) for game, w, f in session.exec(query).all()}


def last_received_by_game(
    session: Session, game_ids: Collection[str] | None = None
) -> dict[str | None, datetime]:
    """Per game (of ``game_ids`` alone if given): when its latest mail was received."""
    query = select(InboundRow.game_id, func.max(InboundRow.received_at))
    if game_ids is not None:
        query = query.where(col(InboundRow.game_id).in_(sorted(game_ids)))
    query = query.group_by(col(InboundRow.game_id))
    return {game: moment for game, moment in session.exec(query).all()}


def mail_in(session: Session, game_id: str) -> list[dict[str, Any]]:
    """The mail received for ``game_id``, oldest first: when, from whom, for which seat, what became of it."""
    query = (
        core_select(
            col(InboundRow.id),
            col(InboundRow.received_at),
            col(InboundRow.sender),
            col(InboundRow.seat),
            col(InboundRow.outcome),
        )
        .where(col(InboundRow.game_id) == game_id)
        .order_by(col(InboundRow.id))
    )
    return [
        {"id": i, "at": at, "sender": sender, "seat": seat, "outcome": outcome}
        for i, at, sender, seat, outcome in session.execute(query).all()
    ]


def mail_out(session: Session, game_id: str) -> list[Any]:
    """The notices of ``game_id``, oldest first: to whom, which letter, of which phase, and what became
    of it (when written, sent, refused or withdrawn, the attempts, the last error); not their data."""
    query = (
        core_select(
            col(NoticeRow.id),
            col(NoticeRow.recipient),
            col(NoticeRow.template),
            col(NoticeRow.phase),
            col(NoticeRow.created_at),
            col(NoticeRow.sent_at),
            col(NoticeRow.failed_at),
            col(NoticeRow.withdrawn_at),
            col(NoticeRow.attempts),
            col(NoticeRow.last_error),
        )
        .where(col(NoticeRow.game_id) == game_id)
        .order_by(col(NoticeRow.id))
    )
    return list(session.execute(query).all())


def resolutions(session: Session, game_id: str) -> list[ResolutionRow]:
    """The resolutions of ``game_id``, in order."""
    query = select(ResolutionRow).where(ResolutionRow.game_id == game_id).order_by(col(ResolutionRow.id))
    return list(session.exec(query).all())


def submissions(
    session: Session, game_id: str, after: datetime | None = None, until: datetime | None = None
) -> list[SubmissionRow]:
    """The order texts received for ``game_id``, in order; with ``until``, only those received after
    ``after`` (if given) and until ``until``."""
    query = select(SubmissionRow).where(SubmissionRow.game_id == game_id)
    if after is not None:
        query = query.where(col(SubmissionRow.received_at) > after)
    if until is not None:
        query = query.where(col(SubmissionRow.received_at) <= until)
    return list(session.exec(query.order_by(col(SubmissionRow.id))).all())


def totals(session: Session) -> dict[str, int]:
    """Counts for monitoring: mails received, notices sent, waiting and refused for good."""
    sent = select(func.count()).where(col(NoticeRow.sent_at).is_not(None))
    return {
        "mail_in": int(session.exec(select(func.count()).select_from(InboundRow)).one()),
        "mail_out": int(session.exec(sent.select_from(NoticeRow)).one()),
        "resolutions": int(session.exec(select(func.count()).select_from(ResolutionRow)).one()),
    }


def games_by_state(session: Session) -> dict[str, int]:
    """How many games are failed, finished, paused and running, counted by the database (no game's
    state is read)."""
    state = case(
        (col(GameRow.failed_at).is_not(None), literal("failed")),
        (col(GameRow.finished), literal("finished")),
        (col(ClockRow.paused_at).is_not(None), literal("paused")),
        else_=literal("running"),
    )
    query = (
        select(state, func.count())
        .select_from(GameRow)
        .outerjoin(ClockRow, col(ClockRow.game_id) == col(GameRow.id))
        .group_by(state)
    )
    return {str(name): int(count) for name, count in session.exec(query).all()}


def outbox_totals(session: Session) -> tuple[int, int]:
    """How many notices wait to be sent, and how many the mail server refused for good, in all."""
    waiting = (
        col(NoticeRow.sent_at).is_(None)
        & col(NoticeRow.failed_at).is_(None)
        & col(NoticeRow.withdrawn_at).is_(None)
    )
    query = select(func.count().filter(waiting), func.count().filter(col(NoticeRow.failed_at).is_not(None)))
    found, failed = session.exec(query).one()
    return int(found or 0), int(failed or 0)


def answers(session: Session) -> bool:
    """Whether the database answers a query at all (the cheapest one)."""
    return session.exec(select(literal(1))).one() == 1
