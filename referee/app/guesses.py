"""Password guessing held back: wrong passwords counted per address and per seat, password mail
refused unread while too many came, and the game-master told once per burst.

A mail that gives a wrong password counts against its sender's address and, when it was sent to a
seat's personal address, against that seat. Once ``per_address`` (or ``per_seat``) of them came
within ``window``, password mail from that address (or to that seat's address) is refused without
the password being looked at, until the oldest of them is ``window`` old. The mail that completes
such a burst writes one note to the game-master of the game concerned; a burst aimed at no seat
concerns every game not over that has a game-master by mail. Each game's game-master gets at most
one such note per ``window``. Only the address and the count are kept, never the guess.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from sqlmodel import Session

from referee.app.play import tell
from referee.core.notices import Notice
from referee.core.seats import MASTER
from referee.store.guesses import (
    GUESSING,
    add_failure,
    failures,
    forget_failures,
    noted_since,
    watched_games,
)
from referee.store.seats import master_row

Seat = tuple[str, str]
"""A seat or game-master as the game id and the name (``MASTER`` for the game-master)."""


@dataclass(frozen=True)
class Throttle:
    """How many wrong passwords are borne within ``window`` (``[limits]`` of ``referee.toml``)."""

    per_address: int = 5
    per_seat: int = 10
    window: timedelta = timedelta(hours=1)


BY_DEFAULT = Throttle()
"""The limits of ``[limits]`` when ``referee.toml`` says nothing."""


def held_back(
    session: Session, throttle: Throttle, address: str, seat: Seat | None, now: datetime
) -> datetime | None:
    """Until when password mail from ``address`` (to ``seat``'s personal address, if any) is refused
    unread; None when it may be read now."""
    since = now - throttle.window
    ends = []
    by_address = failures(session, since, address=address)
    if len(by_address) >= throttle.per_address:
        ends.append(_aware(by_address[-throttle.per_address][0]) + throttle.window)
    if seat is not None:
        by_seat = failures(session, since, seat=seat)
        if len(by_seat) >= throttle.per_seat:
            ends.append(_aware(by_seat[-throttle.per_seat][0]) + throttle.window)
    return max(ends) if ends else None


def count_failure(
    session: Session, throttle: Throttle, address: str, seat: Seat | None, now: datetime
) -> None:
    """Records a wrong password from ``address`` (to ``seat``'s personal address, if any); if it
    completes a burst, tells the game-masters concerned who guessed and how often."""
    since = now - throttle.window
    forget_failures(session, since)
    add_failure(session, now, address, *(seat or (None, None)))
    session.flush()
    told: dict[str, dict[str, object]] = {}
    if seat is not None and len(by_seat := failures(session, since, seat=seat)) == throttle.per_seat:
        addresses = list(dict.fromkeys(sender for _, sender in by_seat))
        told[seat[0]] = {"addresses": addresses, "failures": len(by_seat), "seat": _shown(seat), "by": "seat"}
    if len(failures(session, since, address=address)) == throttle.per_address:
        for game_id in [seat[0]] if seat is not None else watched_games(session):
            data = {
                "addresses": [address],
                "failures": throttle.per_address,
                "seat": _shown(seat),
                "by": "address",
            }
            told.setdefault(game_id, data)
    minutes = int(throttle.window.total_seconds() // 60)
    for game_id, data in told.items():
        if master_row(session, game_id) is not None and not noted_since(session, game_id, since):
            tell(session, game_id, "", [Notice(GUESSING, (MASTER,), {**data, "minutes": minutes})], now)


def _shown(seat: Seat | None) -> str:
    """The name a note gives a seat: the character's, or "" for none or the game-master's own."""
    return "" if seat is None or seat[1] == MASTER else seat[1]


def _aware(moment: datetime) -> datetime:
    """``moment`` in UTC (SQLite gives back times without a zone)."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)
