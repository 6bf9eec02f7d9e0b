"""Table talk relayed at once, paced: one speaker's lines reach each listener in at most
``RELAYS_PER_MINUTE`` mails a minute. Past that, the lines to that listener are gathered into one
mail that goes when the minute is over (``referee.store.relays``): a burst of a hundred posts on the
web is a handful of mails to each room-mate, not a hundred, and does not eat the mail server's quota
of every game.

Nothing said is lost and nothing is told to anyone new: every line reaches exactly the listeners the
rules relay it to (who was where when it was said: the game's secrecy), either in a mail of its own
or in that listener's gathered mail, which takes every later line of the speaker to the listener
until it goes, so that each listener still reads the lines in the order they were said.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from typing import Any

from referee.core.notices import Notice
from referee.store.relays import MORE, Relayed, add_line, gather, relays_since
from referee.store.unit import Unit

RELAYS_PER_MINUTE = 6
"""The most mails one speaker's talk becomes for one listener within a minute, before gathering."""

WINDOW = timedelta(minutes=1)
"""The minute the relays are counted over."""

PACED = frozenset({"talk"})
"""The relays paced: those whose texts show the gathered lines (``more``) after the first line."""


@dataclass
class Paced:
    """The relays of one submission: the notices to write at once (their audience cut to the listeners
    still under the limit), and for the others each line with the listener and when their gathered
    mail may go; ``into`` holds each listener's gathered mail still open, if any."""

    at_once: list[Notice]
    gathered: list[tuple[str, Notice, datetime]] = field(default_factory=list)
    into: dict[str, Relayed] = field(default_factory=dict)


def pace(session: Unit, game_id: str, speaker: str, notices: list[Notice], now: datetime) -> Paced:
    """``notices`` (what ``speaker``'s submission relays) split into what is mailed now and what is
    gathered: a listener who had ``RELAYS_PER_MINUTE`` relays of the speaker's talk within the last
    minute, or whose gathered mail is still open, gets the line in the gathered mail."""
    listeners = {name for notice in notices if notice.template in PACED for name in notice.audience}
    if not listeners:
        return Paced(notices)
    recent = [
        row
        for row in relays_since(session, game_id, PACED, listeners, now - WINDOW)
        if row.data.get("speaker") == speaker
    ]
    mailed = Counter(row.recipient for row in recent)
    first: dict[str, datetime] = {}
    for row in recent:
        first.setdefault(row.recipient, row.created_at)
    paced = Paced([], into={row.recipient: row for row in recent if row.open})
    for notice in notices:
        if notice.template not in PACED:
            paced.at_once.append(notice)
            continue
        now_to = []
        for name in notice.audience:
            if name in paced.into or mailed[name] >= RELAYS_PER_MINUTE or _gathering(paced, name):
                paced.gathered.append((name, notice, first.get(name, now) + WINDOW))
            else:
                now_to.append(name)
                mailed[name] += 1
                first.setdefault(name, now)
        if now_to:
            paced.at_once.append(replace(notice, audience=tuple(now_to)))
    return paced


def _gathering(paced: Paced, name: str) -> bool:
    """Whether an earlier line of this submission was gathered for ``name`` already."""
    return any(gathered == name for gathered, _, _ in paced.gathered)


def write_gathered(
    session: Unit,
    game_id: str,
    phase: str,
    paced: Paced,
    now: datetime,
    data_for: Callable[[str, dict[str, Any]], dict[str, Any]],
) -> None:
    """Adds each gathered line to its listener's open gathered mail, or opens one with it (its data
    ``data_for(listener, the line's data)``, as ``tell`` would write it, and no further line yet)."""
    for name, notice, due in paced.gathered:
        open_mail = paced.into.get(name)
        if open_mail is not None and (added := add_line(session, open_mail, notice.data)) is not None:
            paced.into[name] = added
            continue
        row = {
            "game_id": game_id,
            "phase": phase,
            "recipient": name,
            "template": notice.template,
            "data": {**data_for(name, notice.data), MORE: []},
            "created_at": now,
        }
        paced.into[name] = gather(session, row, due)
