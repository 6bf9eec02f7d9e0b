"""Silence noticed at the boundaries: a seat that sends nothing is nudged, its game-master told, and —
where the game file says so — the seat handed over by the referee itself.

A game file may hold a ``[game.dropouts]`` table (``read_dropouts``): ``nudge_after`` (segments without
orders before the player is nudged, once), ``tell_master_after`` (before the game-master is told, once)
and ``replace_after`` with ``by`` ("reserve" or "bot": before the referee hands the seat over itself).
A seat is counted silent for the segments closed since its holder last sent anything (or took the
seat), once it is awaited at a boundary; the stretches of one segment (a night before and after its
traps) count as one. The counting reads
what is kept already (submissions, resolutions, the outbox): nothing new is stored for it.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlmodel import col, func, select

from referee.app.audit import Actor
from referee.app.handover import hand_over_silent
from referee.app.play import Loaded, tell
from referee.core.notices import Notice
from referee.core.phases import segment_of
from referee.core.seats import MASTER
from referee.store.clocks import as_utc
from referee.store.models import HolderRow, NoticeRow, ResolutionRow, SubmissionRow
from referee.store.seats import master_row
from referee.store.unit import Unit

NUDGE = "nudge"
"""The template of the personal nudge to a silent player."""
SILENT = "silent_seat"
"""The template of the note telling the game-master a seat is silent."""
BY = ("reserve", "bot")
"""Who may take a silent seat over: the first reserve of the campaign, or the game's own bot."""
KEYS = ("nudge_after", "tell_master_after", "replace_after", "by")

SILENCE = Actor("service", "dropouts: the seat was silent")
"""Who hands a silent seat over when the game file lets the referee do it."""


@dataclass(frozen=True)
class Dropouts:
    """A game's settings for silent seats (0: never)."""

    nudge_after: int = 0
    tell_master_after: int = 0
    replace_after: int = 0
    by: str = "reserve"

    @classmethod
    def of(cls, settings: dict[str, Any]) -> Dropouts | None:
        """The settings a game row's ``settings`` hold, if any."""
        found = settings.get("dropouts")
        return cls(**found) if isinstance(found, dict) else None


def read_dropouts(table: Any) -> tuple[dict[str, Any], list[str]]:
    """The settings a game file's ``[game.dropouts]`` table gives, and the problems with it."""
    if not isinstance(table, dict):
        return {}, ["[game.dropouts] must be a table of key = value lines"]
    problems = [f"[game.dropouts] has an unknown key: {key}" for key in sorted(set(table) - set(KEYS))]
    settings: dict[str, Any] = {}
    for key in KEYS[:3]:
        value = table.get(key, 0)
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            problems.append(f"[game.dropouts] {key} must be a whole number of segments, 0 or more")
        else:
            settings[key] = value
    by = table.get("by", "reserve")
    if by not in BY:
        problems.append(f'[game.dropouts] by must be "reserve" or "bot", not {by!r}')
    settings["by"] = by
    return settings, problems


def last_sent(session: Unit, game_id: str, seat: str) -> datetime | None:
    """When anything was last sent for the seat (not by a bot)."""
    sent = session.exec(
        select(func.max(SubmissionRow.received_at)).where(
            SubmissionRow.game_id == game_id, SubmissionRow.seat == seat, SubmissionRow.source != "bot"
        )
    ).first()
    return None if sent is None else as_utc(sent)


def last_heard(session: Unit, game_id: str, seat: str) -> datetime | None:
    """When the seat's present holder last sent anything, or took the seat (whichever is later)."""
    sent = last_sent(session, game_id, seat)
    since = session.exec(
        select(func.max(HolderRow.since)).where(
            HolderRow.game_id == game_id, HolderRow.seat == seat, col(HolderRow.until).is_(None)
        )
    ).first()
    moments = [as_utc(m) for m in (sent, since) if m is not None]
    return max(moments) if moments else None


def silent_segments(session: Unit, game_id: str, seat: str, closing: str = "") -> int:
    """How many segments were closed (not withdrawn) since the seat's holder was last heard from, the
    phase ``closing`` now counted among them (a batch of boundaries writes its resolutions at its end)."""
    heard = last_heard(session, game_id, seat)
    query = select(ResolutionRow.phase).where(
        ResolutionRow.game_id == game_id, col(ResolutionRow.withdrawn_at).is_(None)
    )
    if heard is not None:
        query = query.where(col(ResolutionRow.resolved_at) > heard)  # a seat taken at a boundary: after it
    closed = [segment_of(phase) for phase in session.exec(query.order_by(col(ResolutionRow.id))).all()]
    if closing and segment_of(closing) not in closed[-1:]:
        closed.append(segment_of(closing))
    if closed and heard is not None and heard == last_sent(session, game_id, seat):
        closed = [segment for segment in closed if segment != closed[0]]  # the segment they wrote in
    return len(set(closed))


def _told_since(
    session: Unit, game_id: str, recipient: str, template: str, seat: str, since: datetime | None
) -> bool:
    query = select(NoticeRow).where(
        NoticeRow.game_id == game_id, NoticeRow.recipient == recipient, NoticeRow.template == template
    )
    if since is not None:
        query = query.where(col(NoticeRow.created_at) >= since)
    rows = session.exec(query).all()
    return any(row.data.get("character") == seat and not row.data.get("handed") for row in rows)


@dataclass(frozen=True)
class Silence:
    """What one boundary found: the notices it owes and the seats to hand over."""

    notices: list[Notice]
    hand_over: list[str]


def noticed(session: Unit, before: Loaded, awaited: tuple[str, ...], closing: str) -> Silence:
    """What is owed for the seats ``awaited`` when the boundary of ``before``'s phase closed (its
    phase ``closing`` closed): a nudge, a note to the game-master, a hand-over, each once."""
    settings = Dropouts.of(before.row.settings)
    if settings is None:
        return Silence([], [])
    game_id = before.row.id
    bots = set(before.row.settings.get("bots", []))
    master = master_row(session, game_id) is not None
    notices: list[Notice] = []
    hand_over: list[str] = []
    for seat in awaited:
        if seat in bots:
            continue
        count = silent_segments(session, game_id, seat, closing)
        heard = last_heard(session, game_id, seat)
        data = {"character": seat, "segments": count}
        if settings.replace_after and count >= settings.replace_after:
            hand_over.append(seat)
            continue
        nudge = settings.nudge_after and count >= settings.nudge_after
        if nudge and not _told_since(session, game_id, seat, NUDGE, seat, heard):
            notices.append(Notice(NUDGE, (seat,), data))
        tell = master and settings.tell_master_after and count >= settings.tell_master_after
        if tell and not _told_since(session, game_id, MASTER, SILENT, seat, heard):
            by = settings.by if settings.replace_after else ""
            notices.append(Notice(SILENT, (MASTER,), {**data, "by": by}))
    return Silence(notices, hand_over)


def after_boundary(session: Unit, before: Loaded, after: Loaded, now: datetime) -> Loaded:
    """What the boundary that took ``before`` to ``after`` owes the seats that sent nothing: nudges, a
    note to the game-master, and the hand-overs the game file lets the referee make itself."""
    if "dropouts" not in before.row.settings or before.rules.finished(after.state):
        return after
    closing = before.rules.phase(before.state).key
    silence = noticed(session, before, before.rules.waiting(before.state), closing)
    if silence.notices:
        phase = after.rules.phase(after.state).key
        tell(session, before.row.id, phase, silence.notices, now, loaded=after)
    by = str(before.row.settings["dropouts"].get("by", "reserve"))
    master = master_row(session, before.row.id) is not None
    for seat in silence.hand_over:
        after = hand_over_silent(session, after, seat, by, now)
        if master:  # the game-master learns who plays it now: the seat's row says
            handed = "bot" if seat in after.row.settings.get("bots", []) else "reserve"
            note = Notice(SILENT, (MASTER,), {"character": seat, "segments": 0, "by": "", "handed": handed})
            tell(session, before.row.id, after.rules.phase(after.state).key, [note], now, loaded=after)
    return after
