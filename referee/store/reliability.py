"""Each address's reliability record across every game and campaign, for game-masters alone: rows read in
a few bulk statements (never one per address or per game) and counted here.

What counts, per address (compared in lower case):

- ``joined``: its sign-ups whose address was confirmed; ``left``: those it left before the start.
- ``games``: the games in which it held a seat at some time (by a sign-up, a game file's [[players]], a
  substitution or a reserve's taking over), whether the game is over or not.
- ``finished``: the seats it held until the end of a game that is over.
- ``resigned``: the seats it gave up itself (RESIGN confirmed, or the box ticked on its page).
- ``replaced``: the seats taken away from it: handed on by the referee after its silence, or by the
  game-master (REPLACE, or a substitution to another address).
- ``held`` and ``on_time``: the segments it was counted for, and of those, the ones it sent orders for in
  time. A segment (a phase key up to a dash: a night and its stretch after the traps are one,
  ``segment_of``) is counted for a holding when one of its boundaries was resolved (and not rolled back)
  after the holding began and no later than it ended: a seat handed on at a boundary counts that segment
  for the holder who lost it, not for the one who took it. It is *on time* when the holding sent at least
  one submission of which a line was accepted (not the stand-in bot's) after the boundary before and
  at or before that boundary: a mail that closes a phase early is on time. A holding kept to the end of
  the game, or still held, is counted only up to the last segment it sent orders in: a character out of
  play (dead) is not waited for, and a silence still going on counts once a hand-over ends it.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Collection, Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any
from weakref import WeakKeyDictionary

from sqlalchemy import select as core_select
from sqlmodel import Session, col, func, select

from referee.core.kept import Kept
from referee.core.phases import segment_of
from referee.store.clocks import as_utc
from referee.store.models import AuditRow, GameRow, HolderRow, ResolutionRow, SignupRow, SubmissionRow

FIELDS = ("joined", "left", "games", "finished", "resigned", "replaced", "on_time", "held")
"""The numbers of a record, in the order they are told."""

RESIGNED = frozenset({"resign"})
"""The audit actions by which a holder gave its seat up itself."""
REPLACED = frozenset({"replace", "substitute"})
"""The audit actions by which a seat was taken from its holder: after a silence, or by the game-master."""

BOT = "bot"
"""The source of orders the referee's own bot sent: they show nothing of the holder."""


@dataclass(frozen=True)
class _Holding:
    id: int
    game_id: str
    seat: str
    email: str
    since: datetime
    until: datetime | None
    game_over: bool


def records_of(session: Session, emails: Collection[str]) -> dict[str, dict[str, int]]:
    """For each address of ``emails`` (lower case) its record across every campaign and game, the
    numbers of ``FIELDS`` (what each counts: this module's docstring). At most six statements, however
    many addresses and games (five when every submission of theirs was read before; one more for each
    further ``_READ_AT_ONCE`` submissions never read)."""
    records = {email: dict.fromkeys(FIELDS, 0) for email in emails}
    if not records:
        return records
    wanted = sorted(records)
    _count_signups(session, wanted, records)
    holdings = _holdings(session, wanted)
    if not holdings:
        return records
    games = sorted({h.game_id for h in holdings})
    boundaries = _boundaries(session, games)
    sent = _sent_in_time(session, wanted, holdings)
    ended = _endings(session, games)
    for email in wanted:
        mine = [h for h in holdings if h.email == email]
        record = records[email]
        record["games"] = len({h.game_id for h in mine})
        for holding in mine:
            _count_holding(record, holding, boundaries.get(holding.game_id, []), sent, ended)
    return records


def records_version(session: Session) -> tuple[int, ...]:
    """What every record is worked out from, as far as one cheap statement tells it: the newest boundary,
    holding, audited action (a rollback, a resignation, a hand-over) and sign-up. Equal versions mean
    the same records, but for sign-ups changing state and submissions ending a silence, which leave them
    alone (``Dashboard`` keeps records no longer than a short while for them)."""
    newest = [
        core_select(func.max(column)).scalar_subquery()
        for column in (col(ResolutionRow.id), col(HolderRow.id), col(AuditRow.id), col(SignupRow.id))
    ]
    found = session.execute(core_select(*newest)).one()
    return tuple(int(value or 0) for value in found)


def on_time_percent(record: dict[str, int]) -> int | None:
    """The share of its counted segments a record sent orders for in time, in whole percent rounded
    down (so that one miss never shows as 100); None before any segment was counted."""
    if not record["held"]:
        return None
    return record["on_time"] * 100 // record["held"]


def _count_signups(session: Session, wanted: list[str], records: dict[str, dict[str, int]]) -> None:
    query = select(SignupRow.email, SignupRow.state, SignupRow.confirmed_at).where(
        col(SignupRow.email).in_(wanted)
    )
    for email, state, confirmed_at in session.exec(query).all():
        record = records[email]
        record["joined"] += confirmed_at is not None
        record["left"] += state == "left"


def _holdings(session: Session, wanted: list[str]) -> list[_Holding]:
    email = func.lower(col(HolderRow.email))
    query = (
        core_select(
            col(HolderRow.id),
            col(HolderRow.game_id),
            col(HolderRow.seat),
            email,
            col(HolderRow.since),
            col(HolderRow.until),
            col(GameRow.finished),
        )
        .join(GameRow, col(GameRow.id) == col(HolderRow.game_id))
        .where(email.in_(wanted))
        .order_by(col(HolderRow.id))
    )
    return [
        _Holding(
            int(i or 0), game, seat, address, as_utc(since), as_utc(until) if until else None, bool(over)
        )
        for i, game, seat, address, since, until, over in session.execute(query).all()
    ]


def _boundaries(session: Session, games: list[str]) -> dict[str, list[tuple[datetime, str]]]:
    """Per game: when each boundary that counts was resolved and its segment, in order."""
    query = (
        select(ResolutionRow.game_id, ResolutionRow.resolved_at, ResolutionRow.phase)
        .where(col(ResolutionRow.game_id).in_(games), col(ResolutionRow.withdrawn_at).is_(None))
        .order_by(col(ResolutionRow.resolved_at), col(ResolutionRow.id))
    )
    found: dict[str, list[tuple[datetime, str]]] = {}
    for game, at, phase in session.exec(query).all():
        found.setdefault(game, []).append((as_utc(at), segment_of(phase)))
    return found


def _sent_in_time(session: Session, wanted: list[str], holdings: list[_Holding]) -> dict[int, list[datetime]]:
    """Per holding: when it sent a submission of which a line was accepted, while it held the seat.

    A submission never changes once taken, so what counts of it (when it came, whether a line was
    accepted) is read once per database and kept (``_SENT``): a record read again reads only the ids of
    its submissions, and in full those it has not seen yet."""
    query = (
        select(HolderRow.id, SubmissionRow.id)
        .join(
            HolderRow,
            (col(HolderRow.game_id) == col(SubmissionRow.game_id))
            & (col(HolderRow.seat) == col(SubmissionRow.seat)),
        )
        .where(func.lower(col(HolderRow.email)).in_(wanted), col(SubmissionRow.source) != BOT)
    )
    pairs = [(int(holder_id or 0), int(sent_id or 0)) for holder_id, sent_id in session.exec(query).all()]
    sent = _sent_of(session, {sent_id for _, sent_id in pairs})
    by_id = {h.id: h for h in holdings}
    found: dict[int, list[datetime]] = {}
    for holder_id, sent_id in pairs:
        holding, read = by_id.get(holder_id), sent.get(sent_id)  # none: withdrawn meanwhile
        if holding is None or read is None or not read[1] or not _within(holding, read[0]):
            continue
        found.setdefault(holding.id, []).append(read[0])
    return found


_SENT: WeakKeyDictionary[Any, Kept] = WeakKeyDictionary()
"""What counts of each submission of a database (when it came, whether a line of it was accepted), by
its id: a submission never changes once taken."""
_SENT_KEPT = 200_000
"""Submissions whose reading a database keeps at most."""
_READ_AT_ONCE = 500
"""Submissions read in full by one statement at most."""


def _sent_of(session: Session, ids: set[int]) -> dict[int, tuple[datetime, bool]]:
    """When each submission of ``ids`` came and whether a line of it was accepted."""
    engine = session.get_bind()
    kept = _SENT.get(engine)
    if kept is None:
        kept = _SENT.setdefault(engine, Kept(_SENT_KEPT))
    known: dict[int, tuple[datetime, bool]] = kept.known(ids)  # type: ignore[assignment]  # kept by int id
    unknown = sorted(ids - known.keys())
    for start in range(0, len(unknown), _READ_AT_ONCE):
        chunk = unknown[start : start + _READ_AT_ONCE]
        query = select(SubmissionRow.id, SubmissionRow.received_at, SubmissionRow.verdicts).where(
            col(SubmissionRow.id).in_(chunk)
        )
        for sent_id, received_at, verdicts in session.exec(query).all():
            known[int(sent_id or 0)] = (as_utc(received_at), _accepted(verdicts))
    kept.keep({i: known[i] for i in unknown if i in known})
    return known


def _endings(session: Session, games: list[str]) -> dict[tuple[str, datetime], list[tuple[str, str]]]:
    """Per game and moment: the seat changes the audit log records then (seat, action)."""
    query = select(AuditRow.game_id, AuditRow.at, AuditRow.action, AuditRow.detail).where(
        col(AuditRow.game_id).in_(games),
        col(AuditRow.ok).is_(True),
        col(AuditRow.action).in_(sorted(RESIGNED | REPLACED)),
    )
    found: dict[tuple[str, datetime], list[tuple[str, str]]] = {}
    for game, at, action, detail in session.exec(query).all():
        seat = str((detail or {}).get("seat", ""))
        found.setdefault((str(game), as_utc(at)), []).append((seat.casefold(), action))
    return found


def _accepted(verdicts: Iterable[Any] | None) -> bool:
    return any(isinstance(v, dict) and v.get("accepted") for v in verdicts or ())


def _within(holding: _Holding, at: datetime) -> bool:
    return holding.since <= at and (holding.until is None or at <= holding.until)


def _count_holding(
    record: dict[str, int],
    holding: _Holding,
    boundaries: list[tuple[datetime, str]],
    sent: dict[int, list[datetime]],
    ended: dict[tuple[str, datetime], list[tuple[str, str]]],
) -> None:
    """Adds one holding of a seat to its address's ``record``."""
    if holding.until is None:
        record["finished"] += holding.game_over
    else:
        changes = ended.get((holding.game_id, holding.until), [])
        actions = [a for s, a in changes if s == holding.seat.casefold()] or [a for _, a in changes]
        if actions:
            record["resigned"] += actions[0] in RESIGNED
            record["replaced"] += actions[0] in REPLACED
    held = [
        segment
        for at, segment in boundaries
        if at > holding.since and (holding.until is None or at <= holding.until)
    ]
    answered = {_segment_at(boundaries, at) for at in sent.get(holding.id, [])}
    if holding.until is None:  # counted up to the last segment it sent orders in
        last = max((i for i, segment in enumerate(held) if segment in answered), default=-1)
        held = held[: last + 1]
    segments = list(dict.fromkeys(held))
    record["held"] += len(segments)
    record["on_time"] += sum(segment in answered for segment in segments)


def _segment_at(boundaries: list[tuple[datetime, str]], at: datetime) -> str | None:
    """The segment of the first boundary resolved at or after ``at`` (None: none was yet)."""
    index = bisect_left(boundaries, at, key=lambda boundary: boundary[0])
    return boundaries[index][1] if index < len(boundaries) else None
