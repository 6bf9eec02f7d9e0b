"""The campaigns page's list as the database answers it: every game and every announced campaign with a
state, filtered, counted and cut into pages by SQL, newest first, and the rows of one page read at once.

A game is "stopped" (on an error), "finished", "paused" or "running"; an announced campaign is
"signup" (taking sign-ups) or "stopped" (called off before its start). A campaign that started is
listed as its game. Rows only, inside the caller's session; no game's state is decoded here, and the
number of statements a page costs does not grow with its lines.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from sqlalchemy import ColumnElement, Select, Subquery, and_, case, func, literal, union_all
from sqlalchemy import select as core_select
from sqlalchemy.orm import defer
from sqlmodel import Session, col, select

from referee.store.master_email import master_email
from referee.store.models import CampaignRow, ClockRow, GameRow, table_of
from referee.store.signups import OPEN

STATES = ("signup", "running", "paused", "stopped", "finished")
"""The states the list tells apart, in the order the page offers them."""

GAME, CAMPAIGN = "game", "campaign"
"""Where a line of the list comes from: a game, or a campaign announced and not started."""

CANCELLED = "cancelled"
"""The state of a campaign called off before its start."""

_CAMPAIGN_STATES = {"signup": OPEN, "stopped": CANCELLED}
"""The list's states of an announced campaign, and the campaign's own state each stands for."""


@dataclass(frozen=True)
class Wanted:
    """What the list holds: the lines of ``state``, ``kind`` and game-master ``master`` (each "" for
    any; an address in lower case), whose id holds ``search`` (in any case); of ``viewer``'s games
    alone when it is an address (a game-master who is no admin), of every game when it is None."""

    viewer: str | None
    state: str = ""
    kind: str = ""
    master: str = ""
    search: str = ""


@dataclass(frozen=True)
class Listed:
    """One line of a page: the game's or campaign's id, where it comes from and its state."""

    id: str
    source: str
    state: str


def _games_in(state: str) -> ColumnElement[bool]:
    """The games in ``state`` (stopped and paused games are few: their indexes hold those alone)."""
    failed, paused, finished = col(GameRow.failed_at), col(ClockRow.paused_at), col(GameRow.finished)
    going = and_(failed.is_(None), ~finished)
    return {
        "stopped": failed.is_not(None),
        "finished": and_(failed.is_(None), finished),
        "paused": and_(going, paused.is_not(None)),
        "running": and_(going, paused.is_(None)),
    }[state]


def _filtered(
    query: Select[Any], wanted: Wanted, id_: Any, kind: Any, master: ColumnElement[str]
) -> Select[Any]:
    """``query`` with ``wanted``'s kind, game-masters and search (``id_``, ``kind`` and ``master`` its
    columns)."""
    if wanted.kind:
        query = query.where(kind == wanted.kind)
    for address in sorted({wanted.viewer or "", wanted.master} - {""}):
        query = query.where(master == address)
    if wanted.search:
        query = query.where(id_.icontains(wanted.search, autoescape=True))
    return query


def _games(wanted: Wanted) -> Select[Any]:
    state = case(
        (col(GameRow.failed_at).is_not(None), literal("stopped")),
        (col(GameRow.finished), literal("finished")),
        (col(ClockRow.paused_at).is_not(None), literal("paused")),
        else_=literal("running"),
    )
    joined = table_of(GameRow).outerjoin(table_of(ClockRow), col(ClockRow.game_id) == col(GameRow.id))
    query = core_select(
        col(GameRow.id).label("id"),
        literal(GAME).label("source"),
        state.label("state"),
        col(GameRow.created_at).label("created_at"),
    ).select_from(joined)
    if wanted.state:
        query = query.where(_games_in(wanted.state))
    master = master_email(table_of(GameRow).c.settings)
    return _filtered(query, wanted, col(GameRow.id), col(GameRow.kind), master)


def _campaigns(wanted: Wanted) -> Select[Any]:
    state = case((col(CampaignRow.state) == OPEN, literal("signup")), else_=literal("stopped"))
    query = core_select(
        col(CampaignRow.id).label("id"),
        literal(CAMPAIGN).label("source"),
        state.label("state"),
        col(CampaignRow.created_at).label("created_at"),
    )
    shown = [_CAMPAIGN_STATES[wanted.state]] if wanted.state else sorted(_CAMPAIGN_STATES.values())
    query = query.where(col(CampaignRow.state).in_(shown))
    master = func.lower(func.trim(col(CampaignRow.master_email)))
    return _filtered(query, wanted, col(CampaignRow.id), col(CampaignRow.kind), master)


def _listing(wanted: Wanted) -> Subquery:
    """Every line ``wanted`` asks for, as one query: the games', the campaigns', or the union of both."""
    arms = []
    if wanted.state != "signup":
        arms.append(_games(wanted))
    if not wanted.state or wanted.state in _CAMPAIGN_STATES:
        arms.append(_campaigns(wanted))
    if len(arms) == 1:
        return arms[0].subquery("listing")
    return union_all(*arms).subquery("listing")


def count(session: Session, wanted: Wanted) -> int:
    """How many lines ``wanted`` asks for, counted by the database."""
    return int(session.execute(core_select(func.count()).select_from(_listing(wanted))).scalar_one())


def page(session: Session, wanted: Wanted, offset: int, limit: int) -> list[Listed]:
    """The lines ``wanted`` asks for, newest first (then by id), from number ``offset`` on, ``limit`` of
    them at most: one statement."""
    listing = _listing(wanted)
    query = (
        core_select(listing.c.id, listing.c.source, listing.c.state)
        .order_by(listing.c.created_at.desc(), listing.c.id)
        .offset(offset)
        .limit(limit)
    )
    return [Listed(str(id_), str(source), str(state)) for id_, source, state in session.execute(query).all()]


def game_rows_of(
    session: Session, game_ids: Collection[str], *, with_state: bool = True
) -> dict[str, GameRow]:
    """The games of ``game_ids``, by id (one statement, however many); without their states (never to
    be read from these rows) unless ``with_state``."""
    query = select(GameRow).where(col(GameRow.id).in_(sorted(game_ids)))
    if not with_state:
        query = query.options(defer(GameRow.state))  # type: ignore[arg-type]  # SQLModel types it as a dict
    return {row.id: row for row in session.exec(query).all()}


def game_states_of(session: Session, game_ids: Collection[str]) -> dict[str, StoredState]:
    """The stored states of the games of ``game_ids``, by id, each with what names its snapshot (one
    statement; none for no game)."""
    if not game_ids:
        return {}
    table = table_of(GameRow)
    query = core_select(table.c.id, table.c.last_seq, table.c.phase, table.c.finished, table.c.state).where(
        table.c.id.in_(sorted(game_ids))
    )
    return {
        str(game_id): StoredState(int(seq), str(phase), bool(finished), dict(state))
        for game_id, seq, phase, finished, state in session.execute(query).all()
    }


@dataclass(frozen=True)
class StoredState:
    """A game's stored state and what names its snapshot: the event it was taken after, its phase."""

    last_seq: int
    phase: str
    finished: bool
    state: dict[str, Any]


def clock_rows_of(session: Session, game_ids: Collection[str]) -> dict[str, ClockRow]:
    """The clocks of the games of ``game_ids`` that have one, by game (one statement)."""
    query = select(ClockRow).where(col(ClockRow.game_id).in_(sorted(game_ids)))
    return {row.game_id: row for row in session.exec(query).all()}


def campaign_rows_of(session: Session, campaign_ids: Collection[str]) -> dict[str, CampaignRow]:
    """The campaigns of ``campaign_ids``, by id (one statement)."""
    query = select(CampaignRow).where(col(CampaignRow.id).in_(sorted(campaign_ids)))
    return {row.id: row for row in session.exec(query).all()}
