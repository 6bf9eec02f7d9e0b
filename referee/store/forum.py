"""The players' forum's rows: sign-in links used, how each holder plays, and the notices a seat was
written (what the forum shows of its mail). Rows only, inside the caller's session."""

from __future__ import annotations

from collections.abc import Collection
from datetime import datetime

from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, select

from referee.store.clocks import as_utc
from referee.store.models import NoticeRow, PlayModeRow, UsedLinkRow


def use_link(session: Session, game_id: str, notice_id: int, now: datetime) -> bool:
    """Records that the link of notice ``notice_id`` signed in; False if it had been used before."""
    used = select(UsedLinkRow).where(UsedLinkRow.game_id == game_id, UsedLinkRow.notice_id == notice_id)
    if session.exec(used).first() is not None:
        return False
    try:
        with session.begin_nested():
            session.add(UsedLinkRow(game_id=game_id, notice_id=notice_id, used_at=now))
    except IntegrityError:  # another request used it at the same moment
        return False
    return True


def play_mode(session: Session, game_id: str, seat: str, email: str) -> str | None:
    """How the holder ``email`` of ``seat`` chose to play, if they chose."""
    query = select(PlayModeRow).where(
        PlayModeRow.game_id == game_id, PlayModeRow.seat == seat, PlayModeRow.email == email.lower()
    )
    row = session.exec(query).first()
    return row.mode if row is not None else None


def play_modes(
    session: Session, game_ids: Collection[str]
) -> dict[tuple[str, str, str], tuple[str, datetime | None]]:
    """Every choice made in the games ``game_ids``, by game, seat and address: the mode, and when the
    holder last read the web (None if not known; in UTC)."""
    query = select(PlayModeRow).where(col(PlayModeRow.game_id).in_(list(game_ids)))
    return {
        (r.game_id, r.seat, r.email): (r.mode, as_utc(r.read_at) if r.read_at else None)
        for r in session.exec(query).all()
    }


def choose_mode(session: Session, game_id: str, seat: str, email: str, mode: str, now: datetime) -> None:
    """Records that the holder ``email`` of ``seat`` plays by ``mode`` from now on."""
    query = select(PlayModeRow).where(
        PlayModeRow.game_id == game_id, PlayModeRow.seat == seat, PlayModeRow.email == email.lower()
    )
    row = session.exec(query).first() or PlayModeRow(
        game_id=game_id, seat=seat, email=email.lower(), mode=mode, chosen_at=now
    )
    row.mode, row.chosen_at = mode, now
    session.add(row)


def mark_read(session: Session, game_id: str, seat: str, email: str, now: datetime) -> bool:
    """Records that the holder ``email`` of ``seat`` read their pages on the web at ``now``; only a
    holder who chose how to play has a row to mark (for the others, who play by mail, it would change
    nothing). False if there was none."""
    query = select(PlayModeRow).where(
        PlayModeRow.game_id == game_id, PlayModeRow.seat == seat, PlayModeRow.email == email.lower()
    )
    row = session.exec(query).first()
    if row is None:
        return False
    row.read_at = now
    session.add(row)
    return True


def seat_notice_ids(
    session: Session,
    game_id: str,
    seat: str,
    templates: frozenset[str] | None,
    newest: int | None = None,
    without: frozenset[str] = frozenset(),
) -> list[int]:
    """The ids of the notices written for ``seat`` (of ``templates`` only, when given) and not withdrawn
    by a rollback (and not of the templates ``without``), oldest first; with ``newest``, only that many
    of the newest (no notice read whole:
    ``notices_by_id`` reads those not known already)."""
    query = select(NoticeRow.id).where(
        NoticeRow.game_id == game_id, NoticeRow.recipient == seat, col(NoticeRow.withdrawn_at).is_(None)
    )
    if templates is not None:
        query = query.where(col(NoticeRow.template).in_(sorted(templates)))
    if without:
        query = query.where(col(NoticeRow.template).not_in(sorted(without)))
    if newest is not None:
        found = session.exec(query.order_by(col(NoticeRow.id).desc()).limit(newest)).all()
        return [int(i) for i in reversed(found) if i is not None]
    return [int(i) for i in session.exec(query.order_by(col(NoticeRow.id))).all() if i is not None]


def notices_by_id(session: Session, ids: list[int]) -> list[NoticeRow]:
    """The notices numbered ``ids`` (in the order of their ids)."""
    if not ids:
        return []
    return list(session.exec(select(NoticeRow).where(col(NoticeRow.id).in_(ids)).order_by(col(NoticeRow.id))))


def links_since(session: Session, game_id: str, seat: str, email: str, template: str, since: datetime) -> int:
    """How many notices ``template`` were written for ``seat`` held by ``email`` since ``since``."""
    query = select(NoticeRow).where(
        NoticeRow.game_id == game_id,
        NoticeRow.recipient == seat,
        NoticeRow.template == template,
        col(NoticeRow.created_at) >= since,
    )
    return sum(1 for row in session.exec(query).all() if row.data.get("email") == email.lower())
