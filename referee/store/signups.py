"""Announced campaigns, their sign-ups and the log of their steps: rows only, inside the caller's session."""

from __future__ import annotations

from collections.abc import Collection
from datetime import datetime
from typing import Any

from sqlalchemy import func
from sqlmodel import Session, col, select

from referee.store.models import CampaignRow, SignupEventRow, SignupRow

OPEN = "signup"
"""The state of a campaign that takes sign-ups."""

LINED_UP = ("in",)
"""The states of a sign-up in line for a seat before the start."""

ACTIVE = ("pending", "waiting", "in")
"""The states of a sign-up that still counts before the start (one per address and campaign)."""


def campaign_row(session: Session, campaign_id: str, *, locked: bool = False) -> CampaignRow | None:
    """The campaign ``campaign_id`` (its row locked for the transaction if ``locked``, where the database
    can), or None."""
    query = select(CampaignRow).where(CampaignRow.id == campaign_id)
    if locked:
        query = query.with_for_update()
    return session.exec(query).first()


def campaign_rows(session: Session, states: Collection[str] = ()) -> list[CampaignRow]:
    """The campaigns (in ``states`` if given), the soonest to close first."""
    query = select(CampaignRow)
    if states:
        query = query.where(col(CampaignRow.state).in_(sorted(states)))
    return list(session.exec(query.order_by(col(CampaignRow.closes_at), col(CampaignRow.id))).all())


def closing_rows(session: Session, until: datetime) -> list[CampaignRow]:
    """The campaigns still taking sign-ups whose closing moment is at or before ``until`` and that were
    not looked at since."""
    query = select(CampaignRow).where(
        CampaignRow.state == OPEN,
        col(CampaignRow.closes_at) <= until,
        col(CampaignRow.closed_at).is_(None),
    )
    return list(session.exec(query.order_by(col(CampaignRow.closes_at))).all())


def signup_rows(session: Session, campaign_id: str, states: Collection[str] = ()) -> list[SignupRow]:
    """The sign-ups of ``campaign_id`` (in ``states`` if given): in line order, then as they came."""
    query = select(SignupRow).where(SignupRow.campaign_id == campaign_id)
    if states:
        query = query.where(col(SignupRow.state).in_(sorted(states)))
    return list(session.exec(query.order_by(col(SignupRow.position), col(SignupRow.id))).all())


def signup_of(session: Session, campaign_id: str, email: str) -> SignupRow | None:
    """The sign-up of ``email`` (any case) for ``campaign_id`` that still counts, if any."""
    query = select(SignupRow).where(
        SignupRow.campaign_id == campaign_id,
        SignupRow.email == email.lower(),
        col(SignupRow.state).in_(ACTIVE),
    )
    return session.exec(query).first()


def signup_by_token(session: Session, token: str) -> SignupRow | None:
    """The sign-up whose confirming token is ``token``, if any."""
    return session.exec(select(SignupRow).where(SignupRow.token == token)).first()


def add_signup(session: Session, row: SignupRow) -> SignupRow:
    """Keeps a new sign-up and gives it its id."""
    session.add(row)
    session.flush()
    return row


def last_position(session: Session, campaign_id: str) -> int:
    """The highest place in line of ``campaign_id``'s sign-ups (0 when nobody is in line)."""
    query = select(func.max(SignupRow.position)).where(SignupRow.campaign_id == campaign_id)
    return int(session.exec(query).first() or 0)


def append_step(
    session: Session, campaign: CampaignRow, kind: str, data: dict[str, Any], at: datetime
) -> None:
    """Appends one step to ``campaign``'s log (its row must be locked by the caller)."""
    campaign.last_seq += 1
    session.add(campaign)
    session.add(SignupEventRow(campaign_id=campaign.id, seq=campaign.last_seq, kind=kind, data=data, at=at))


def step_rows(session: Session, campaign_id: str) -> list[SignupEventRow]:
    """The steps of ``campaign_id``, in order."""
    query = select(SignupEventRow).where(SignupEventRow.campaign_id == campaign_id)
    return list(session.exec(query.order_by(col(SignupEventRow.seq))).all())
