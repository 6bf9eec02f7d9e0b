"""A seat changing hands without its game-master typing an address (REPLACE, a RESIGN confirmed, a
silence too long): handed to the first reserve of the campaign, or to a stand-in bot — the game's own
bot, which then sends the seat's orders at each boundary as the host's bot does (``Play._play_bots``).

The seat's history (``seat_holders``) keeps who held it and when; the game's log gets a public
``seat_changed_hands`` event, which changes nothing in the game's state (no game handles it). A
reserve gets the welcome letter (with its password and personal address) and a catch-up letter
holding exactly what the character knows: the same view the player's status, pages and bot read.
Every other player is told that the character changed hands — never who plays it now.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlmodel import col, select

from referee.app.audit import Actor
from referee.app.credentials import new_token
from referee.app.errors import RefereeError
from referee.app.play import Loaded, append, save, seat_named, tell
from referee.core.events import EVERYONE, Event
from referee.core.notices import Notice
from referee.core.rules import visible
from referee.store import games as rows
from referee.store.forum import choose_mode
from referee.store.models import AuditRow, SeatRow, SignupRow
from referee.store.records import add_audit
from referee.store.seats import open_holding, seat_rows
from referee.store.signups import append_step, campaign_row
from referee.store.unit import Unit

CHANGED = "seat_changed_hands"
"""The public event and the notice to the other players: a character changed hands."""
CATCH_UP = "catch_up"
"""The letter to a reserve taking a seat over: what the character knows."""
VACANT_DOMAIN = "vacated.invalid"
"""The domain of the address a seat holds while no person plays it (nothing is ever mailed there)."""


def vacant_address(game_id: str, seat: str) -> str:
    """The address of a seat no person holds: no one can write from it, nothing is mailed to it."""
    return f"{seat.lower()}.{game_id.lower()}@{VACANT_DOMAIN}"


def is_vacant(email: str) -> bool:
    """Whether ``email`` is the address of a seat no person holds."""
    return email.lower().endswith("@" + VACANT_DOMAIN)


def first_reserve(session: Unit, game_id: str) -> SignupRow | None:
    """The first reserve still in line of the campaign the game was started from, if any."""
    query = select(SignupRow).where(SignupRow.campaign_id == game_id, SignupRow.state == "reserve")
    return session.exec(query.order_by(col(SignupRow.position), col(SignupRow.id))).first()


def _give(session: Unit, loaded: Loaded, seat: SeatRow, email: str, now: datetime, bot: bool) -> None:
    """Gives ``seat`` to ``email`` (a new token; no password until the welcome gives one), the game
    playing it by its bot if ``bot``; the old address stops working at once."""
    seat.email, seat.token = email, new_token()
    seat.password_hash = seat.password_key = ""
    session.add(seat)
    open_holding(session, loaded.row.id, seat.name, email, now)
    bots = [name for name in loaded.row.settings.get("bots", []) if name != seat.name]
    loaded.row.settings = {**loaded.row.settings, "bots": [*bots, seat.name] if bot else bots}
    session.add(loaded.row)
    if is_vacant(email):
        choose_mode(session, loaded.row.id, seat.name, email, "web", now)  # nothing mailed to no one


def catch_up(session: Unit, loaded: Loaded, name: str) -> Notice:
    """The catch-up letter of the character ``name``: its view, as every other door reads it."""
    seen = visible(rows.log(session, loaded.row.id), name)
    view = loaded.rules.player_view(loaded.state, name, seen)
    return Notice(CATCH_UP, (name,), {"character": name, "view": view})


def hand_over(session: Unit, loaded: Loaded, name: str, by: str, now: datetime) -> tuple[Loaded, str]:
    """Hands the seat ``name`` to the first reserve (``by`` "reserve") or to the game's bot ("bot");
    returns the game after it and who took it ("" for the bot, else the reserve's address). Raises
    ``RefereeError`` when no reserve is left, or the game is over."""
    if loaded.rules.finished(loaded.state):
        raise RefereeError(f"game {loaded.row.id!r} is over; no seat changes hands any more")
    seat = seat_named(session, loaded.row.id, name)
    reserve = first_reserve(session, loaded.row.id) if by == "reserve" else None
    if by == "reserve" and reserve is None:
        raise RefereeError(f"game {loaded.row.id!r} has no reserve left; hand {seat.name} to the bot instead")
    email = reserve.email if reserve is not None else vacant_address(loaded.row.id, seat.name)
    _give(session, loaded, seat, email, now, bot=reserve is None)
    phase = loaded.rules.phase(loaded.state).key
    loaded = save(
        session, append(session, loaded, [Event(CHANGED, {"character": seat.name}, (EVERYONE,))], phase, now)
    )
    notices: list[Notice] = []
    if reserve is not None:
        reserve.state, reserve.seat, reserve.ended_at = "seated", seat.name, now
        session.add(reserve)
        campaign = campaign_row(session, loaded.row.id, locked=True)
        if campaign is not None:
            append_step(session, campaign, "replaced", {"seat": seat.name, "signup": reserve.id}, now)
        welcome = [n for n in loaded.rules.welcome(loaded.state) if seat.name in n.audience]
        notices += [Notice(n.template, (seat.name,), n.data) for n in welcome]
        notices.append(catch_up(session, loaded, seat.name))
    others = tuple(
        s.name for s in seat_rows(session, loaded.row.id) if s.name != seat.name and not is_vacant(s.email)
    )
    if others:
        notices.append(Notice(CHANGED, others, {"character": seat.name}))
    tell(session, loaded.row.id, phase, notices, now, loaded=loaded)
    return loaded, email if reserve is not None else ""


def audited(
    session: Unit, actor: Actor, game_id: str, action: str, detail: dict[str, Any], now: datetime, said: str
) -> None:
    """Records in the audit log a change of hands the referee made itself (or a player asked for)."""
    add_audit(session, AuditRow(at=now, game_id=game_id, channel=actor.channel, actor=actor.who,
                                action=action, detail=detail, ok=True, result=said[:1000]))  # fmt: skip


def hand_over_or_bot(session: Unit, loaded: Loaded, name: str, by: str, now: datetime) -> tuple[Loaded, str]:
    """``hand_over`` to ``by``, or to the bot when no reserve is left (the first try leaves no trace)."""
    if by == "reserve" and first_reserve(session, loaded.row.id) is not None:
        return hand_over(session, loaded, name, by, now)
    return hand_over(session, loaded, name, "bot", now)


def hand_over_silent(session: Unit, loaded: Loaded, name: str, by: str, now: datetime) -> Loaded:
    """The referee's own hand-over of a seat silent too long (``dropouts``): to the first reserve, or
    to the bot when ``by`` says so or no reserve is left; audited."""
    loaded, email = hand_over_or_bot(session, loaded, name, by, now)
    to = "a reserve" if email else "the stand-in bot"
    detail = {"seat": name, "by": "reserve" if email else "bot"}
    audited(session, SILENT_TOO_LONG, loaded.row.id, "replace", detail, now, f"{name} was handed to {to}")
    return loaded


SILENT_TOO_LONG = Actor("service", "dropouts: the seat was silent too long")
