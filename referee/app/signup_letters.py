"""The sign-up's letters, written to addresses that play no game yet, and what they say of a campaign.

Each letter names its own language (the one its reader chose) and is written to the outbox with the
step that causes it. A question's reply address and link carry the sign-up's token, mailed to its
address alone; its reader's place in line, the close in the game's zone (and in the reader's, if they
chose one) and the game's name in the reader's language are worked out here.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from referee.core.moments import moment_text
from referee.core.zones import reader_text, zone_of
from referee.games import game_of
from referee.store.clocks import as_utc
from referee.store.models import CampaignRow, SignupRow
from referee.store.notices import write_notices
from referee.store.signups import OPEN, signup_rows
from referee.store.unit import Unit

ASK, NEWS, LIST, MASTER = "signup_ask", "signup_news", "signup_games", "signup_master"
"""The sign-up's letters: the question to confirm (joining or leaving), news of one's sign-up, the list of
open campaigns, and the game-master's notes. None belongs to a game: each says its own language."""

LETTERS = frozenset({ASK, NEWS, LIST, MASTER, "resign"})
"""The letters that belong to no game's thread, each in its own language (a player's RESIGN too: its question
and its end go to the address that resigns, never through the seat, which may change hands meanwhile)."""

JOINING, LEAVING = "join-", "leave-"
"""What the token of a reply address confirming a sign-up, or a leave, starts with."""


def place_in(line: list[SignupRow], row: SignupRow) -> int:
    """``row``'s place in ``line`` (1 for the first), 0 if not in it."""
    return next((i for i, item in enumerate(line, 1) if item.id == row.id), 0)


def taking(campaign: CampaignRow, now: datetime) -> bool:
    """Whether ``campaign`` takes sign-ups at ``now``."""
    return campaign.state == OPEN and as_utc(campaign.opens_at) <= now < as_utc(campaign.closes_at)


def shown_when(campaign: CampaignRow, moment: datetime, language: str) -> str:
    """``moment`` as a reader of ``language`` is told it, in the campaign's time zone."""
    return moment_text(as_utc(moment), zone_of(campaign.zone), language)


def letter_data(campaign: CampaignRow, language: str, zone: str = "") -> dict[str, Any]:
    """What every letter about ``campaign`` says, in ``language``; the close also in the reader's time
    ``zone`` (a zone key) when they chose one whose clocks differ from the game's."""
    closes = shown_when(campaign, campaign.closes_at, language)
    if zone and (theirs := reader_text(as_utc(campaign.closes_at), zone_of(campaign.zone), zone, language)):
        closes = f"{closes}, {theirs}"
    return {
        "language": language,
        "campaign": campaign.id,
        "game_name": game_of(campaign.kind).name(language),
        "closes_text": closes,
        "seats": campaign.seats,
        "minimum": campaign.minimum,
    }


def ask_address(
    session: Unit,
    campaign: CampaignRow,
    row: SignupRow,
    prefix: str,
    now: datetime,
    in_reply_to: str,
    *,
    unclear: bool = False,
    language: str = "",
) -> None:
    """Mails ``row``'s address the question whether it joins (``JOINING``) or leaves (``LEAVING``), in
    ``language`` (default: the sign-up's): its reply address and its link carry the sign-up's token,
    which only that address is shown."""
    leaving = prefix == LEAVING
    data = {
        **letter_data(campaign, language or row.language, row.zone),
        "state": ("leave" if leaving else "join") + ("_unclear" if unclear else ""),
        "name": row.name,
        "reply": prefix + row.token,
        "link_path": f"/signup/{campaign.id}/{'leave' if leaving else 'confirm'}/{row.token}",
    }
    write_letter(session, ASK, data, row.email, now, in_reply_to)


def write_letter(
    session: Unit, template: str, data: dict[str, Any], address: str, now: datetime, in_reply_to: str
) -> None:
    """Writes one sign-up letter to ``address`` (no game, no seat) into the outbox."""
    write_notices(
        session,
        [
            {
                "game_id": None,
                "phase": "",
                "recipient": "",
                "template": template,
                "data": data,
                "created_at": now,
                "address": address,
                "in_reply_to": in_reply_to,
                "subject": "",
            }
        ],
    )


def plain(table: dict[str, Any]) -> dict[str, Any]:
    """``table`` as JSON keeps it: dates and times as ISO text."""
    return {key: value.isoformat() if isinstance(value, datetime) else value for key, value in table.items()}


def seated_ids(session: Unit, campaign: CampaignRow) -> set[int]:
    """The ids of the sign-ups that have a seat in ``campaign`` now."""
    return {row.id or 0 for row in signup_rows(session, campaign.id, ("in",))[: campaign.seats]}


def tell_moved_up(session: Unit, campaign: CampaignRow, seated_before: set[int], now: datetime) -> None:
    """Tells each sign-up that has a seat now and had none before."""
    for row in signup_rows(session, campaign.id, ("in",))[: campaign.seats]:
        if row.id not in seated_before:
            tell_place(session, campaign, row, "moved_up", now, "")


def tell_place(
    session: Unit,
    campaign: CampaignRow,
    row: SignupRow,
    state: str,
    now: datetime,
    in_reply_to: str,
) -> None:
    """Tells ``row`` where it stands: a seat, or which place in the reserve (or still waiting)."""
    line = signup_rows(session, campaign.id, ("in",))
    place = place_in(line, row)
    data = {
        **letter_data(campaign, row.language, row.zone),
        "state": state,
        "name": row.name,
        "place": place,
        "seated": 0 < place <= campaign.seats,
        "reserve": max(0, place - campaign.seats),
        "waiting": row.state == "waiting",
        "pending": row.state == "pending",
    }
    write_letter(session, NEWS, data, row.email, now, in_reply_to)


def tell_master(session: Unit, campaign: CampaignRow, state: str, now: datetime, **fields: Any) -> None:
    """Tells ``campaign``'s game-master (if it names one) of its sign-up."""
    if campaign.master_email:
        data = {**letter_data(campaign, campaign.language), "state": state, **fields}
        write_letter(session, MASTER, data, campaign.master_email, now, "")
