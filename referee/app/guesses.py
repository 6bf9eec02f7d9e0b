"""Password guessing held back: wrong passwords counted per address and per seat, password mail
refused unread while too many came, and the game concerned told at most once per window.

A mail that gives a wrong password counts against its sender's address and, when it was sent to a
seat's personal address, against that seat. Once ``per_address`` (or ``per_seat``) of them came
within ``window``, password mail from that address (or to that seat's address) is refused without
the password being looked at, until the oldest of them is ``window`` old. The mail that completes
such a burst writes one note to the game-master of the game it was aimed at — the game whose seat's
(or game-master's) personal address it was sent to — and to no other: a burst sent to the plain
address names no game, so no game-master hears of it (the service's log does). Each game's
game-master gets at most one such note per ``window``, saying how many wrong passwords came and
from where. Only the address and the count are kept, never the guess.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from referee.app.play import tell
from referee.config import Limits
from referee.core.notices import Notice
from referee.core.seats import MASTER
from referee.store.guesses import (
    GUESSING,
    add_failure,
    failures,
    forget_failures,
    noted_since,
)
from referee.store.seats import master_row
from referee.store.unit import Unit

LOG = logging.getLogger("referee.guesses")

Seat = tuple[str, str]
"""A seat or game-master as the game id and the name (``MASTER`` for the game-master)."""


@dataclass(frozen=True)
class Throttle:
    """How many wrong passwords are borne within ``window`` (``[limits]`` of ``referee.toml``)."""

    per_address: int = 5
    per_seat: int = 10
    window: timedelta = timedelta(hours=1)

    @classmethod
    def of(cls, limits: Limits) -> Throttle:
        """How many wrong passwords ``limits`` bear, and within what time."""
        return cls(
            limits.guesses_per_address, limits.guesses_per_seat, timedelta(minutes=limits.guess_minutes)
        )


BY_DEFAULT = Throttle()
"""The limits of ``[limits]`` when ``referee.toml`` says nothing."""


def held_back(
    session: Unit, throttle: Throttle, address: str, seat: Seat | None, now: datetime
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


def count_failure(session: Unit, throttle: Throttle, address: str, seat: Seat | None, now: datetime) -> None:
    """Records a wrong password from ``address`` (to ``seat``'s personal address, if any); if it
    completes a burst, tells the game-master of the game it was aimed at, unless told within the
    window already; a burst aimed at no seat is only logged."""
    since = now - throttle.window
    forget_failures(session, since)
    add_failure(session, now, address, *(seat or (None, None)))
    session.flush()
    minutes = int(throttle.window.total_seconds() // 60)
    by_address = failures(session, since, address=address)
    if seat is None:
        if len(by_address) == throttle.per_address:
            LOG.warning(
                "wrong passwords to the plain address; that address is held back",
                extra={"address": address, "failures": len(by_address), "minutes": minutes},
            )
        return
    data: dict[str, object] | None = None
    if len(by_seat := failures(session, since, seat=seat)) == throttle.per_seat:
        addresses = list(dict.fromkeys(sender for _, sender in by_seat))
        data = {"addresses": addresses, "failures": len(by_seat), "seat": _shown(seat), "by": "seat"}
    elif len(by_address) == throttle.per_address:
        data = {"addresses": [address], "failures": len(by_address), "seat": _shown(seat), "by": "address"}
    game_id = seat[0]
    if data is None or master_row(session, game_id) is None or noted_since(session, game_id, since):
        return  # no burst completed; no game-master by mail; or told within the window already
    tell(session, game_id, "", [Notice(GUESSING, (MASTER,), {**data, "minutes": minutes})], now)


def _shown(seat: Seat | None) -> str:
    """The name a note gives a seat: the character's, or "" for none or the game-master's own."""
    return "" if seat is None or seat[1] == MASTER else seat[1]


def _aware(moment: datetime) -> datetime:
    """``moment`` in UTC (SQLite gives back times without a zone)."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)
