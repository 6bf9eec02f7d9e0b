"""Playing a game inside one transaction: judging submissions, resolving phases, bots, and the
notices both cause (the outbox), written with the change.

Everything here runs in a unit of work the caller opened (``referee.store.unit.Unit``), which
says whether it is one change, a batch of mail or a batch of boundaries; the game row is locked
first, so two processes never play the same game at once. A phase is resolved once: its
resolution row has a unique key.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass, replace
from datetime import datetime
from functools import partial
from typing import Any

from referee.app.errors import RefereeError
from referee.app.pacing import pace, write_gathered
from referee.app.passwords import hear
from referee.app.timing import Timekeeper, refresh_clock
from referee.core import answers
from referee.core.events import Event
from referee.core.hooks import checkpoint
from referee.core.notices import REPLIES, Notice
from referee.core.orders import LineVerdict, Submission
from referee.core.rules import (
    Rules,
    answers_in_report,
    chronicle,
    fold,
    notice_kinds,
    resolve_folded,
    visible,
)
from referee.core.seats import find_name
from referee.games import rules_for
from referee.store import games as rows
from referee.store.clocks import as_utc, due_at
from referee.store.memo import keep, remember
from referee.store.models import ClockRow, GameRow, SeatRow
from referee.store.notices import write_notices
from referee.store.seats import seat_rows
from referee.store.unit import Unit


@dataclass(frozen=True)
class Loaded:
    """A game as read from the database: its row, its rules, its current state and its last event's number.

    Inside a transaction ``state`` and ``seq`` run ahead of ``row`` until ``save`` writes them.
    """

    row: GameRow
    rules: Rules[Any]
    state: Any
    seq: int


@dataclass(frozen=True)
class AnswerTo:
    """Where the answer to something a person sent goes: the address, the message answered, its
    subject, why it had no readable text if it had none ("no-text", "undecodable"), and how many
    of its lines were left unread (``cut``) after the first ``lines_read``."""

    address: str
    in_reply_to: str
    subject: str
    problem: str = ""
    cut: int = 0
    lines_read: int = 0


@dataclass(frozen=True)
class Submitted:
    """The outcome of a submission: the verdict per line, the answer's data and the state after it."""

    verdicts: list[LineVerdict]
    answer: dict[str, Any]
    loaded: Loaded


@dataclass(frozen=True)
class Resolved:
    """The outcome of resolving one phase: what happened and who is told what."""

    phase: str
    events: list[Event]
    notices: list[Notice]
    loaded: Loaded


def seat_named(session: Unit, game_id: str, name: str) -> SeatRow:
    """The seat of ``game_id`` whose character is called ``name``, ignoring case (raises
    ``RefereeError`` naming the game's characters)."""
    seats = {seat.name: seat for seat in seat_rows(session, game_id)}
    found = find_name(name, seats)
    if found is None:
        known = ", ".join(seats)
        raise RefereeError(f"game {game_id!r} has no character called {name!r}; its characters: {known}")
    return seats[found]


def loaded_from(row: GameRow) -> Loaded:
    """The game of ``row`` with its rules and the state of its snapshot."""
    rules = rules_for(row.kind)
    return Loaded(row, rules, rules.load(row.state), row.last_seq)


def _nothing_heard_at_once(notice: Notice) -> Notice:
    """``notice`` for a game that relays no talk: a notice saying its reader was mailed the talk of
    the phase as it was said (``heard_at_once``) is told they were not, so it holds the talk itself."""
    if notice.data.get("heard_at_once"):
        return replace(notice, data={**notice.data, "heard_at_once": False})
    return notice


def _with_chronicle(
    session: Unit, game_id: str, rules: Rules[Any], state: Any, notices: list[Notice]
) -> list[Notice]:
    """The notices that tell a game's end, each holding the game's story as its final mail tells it
    (``Rules.chronicle``, short): once the game is over nothing is secret, so every reader gets it."""
    told = chronicle(rules, state, rows.log(session, game_id), brief=True)
    if not told:
        return notices
    return [replace(notice, data={**notice.data, "chronicle": told}) for notice in notices]


def lock(session: Unit, game_id: str) -> Loaded:
    """The game, locked against other writers until the transaction ends.

    Inside a batch of mail the game as a unit of the batch saved it is taken again from the batch's
    memo (``referee.store.memo``) while nothing else wrote to the games: its row is locked already
    (the lock lasts until the batch commits) and its state is not read and loaded anew for each mail.
    """
    if session.boundary is not None:  # a batch of boundaries holds its games itself
        return _locked(session, game_id)
    loaded = remember(session, ("game", game_id), GAMES, lambda: _locked(session, game_id))
    row = rows.attach(session, loaded.row)
    return loaded if row is loaded.row else replace(loaded, row=row)


def expect_games(session: Unit, game_ids: Collection[str]) -> None:
    """Locks and loads the games ``game_ids`` at once for a batch of mail (one query for all of them),
    remembered as ``lock`` would take each: each game's state is then loaded once for all its mails of
    the batch. A game the batch holds already (saved by an earlier mail of it) is left as it holds it."""
    memo = session.memo
    if memo is None or session.boundary is not None:
        return
    wanted = [game_id for game_id in game_ids if ("game", game_id) not in memo.values]
    for row in rows.locked_rows(session, wanted):
        remember(session, ("game", row.id), GAMES, partial(loaded_from, row))


def _locked(session: Unit, game_id: str) -> Loaded:
    row = rows.game_row(session, game_id, lock=True)
    if row is None:
        raise RefereeError(f"there is no game called {game_id!r}")
    return loaded_from(row)


GAMES = frozenset({GameRow.__tablename__})
"""The table a game's row and snapshot are read from."""


def append(
    session: Unit, loaded: Loaded, events: list[Event], phase: str, now: datetime, folded: Any = None
) -> Loaded:
    """Appends ``events`` to the log; returns the game after them (saved by ``save``), whose state is
    ``folded`` when the caller has it already (the state ``events`` fold to from the game's)."""
    if not events:
        return loaded
    seq = rows.append_events(session, loaded.row.id, loaded.seq, phase, events, now)
    after = fold(loaded.rules, events, loaded.state) if folded is None else folded
    return Loaded(loaded.row, loaded.rules, after, seq)


def save(session: Unit, loaded: Loaded) -> Loaded:
    """Writes the snapshot of the state reached, once per transaction (inside a batch of mail, at
    once, and remembers the game as saved for the batch's next mail: ``lock``)."""
    rules, state = loaded.rules, loaded.state
    rows.save_snapshot(
        session,
        loaded.row,
        loaded.seq,
        lambda: rules.dump(state),  # states are never changed: dumped when written
        rules.phase(state).key,
        rules.finished(state),
    )
    if session.boundary is None:
        keep(session, ("game", loaded.row.id), GAMES, loaded)
    return loaded


def tell(
    session: Unit,
    game_id: str | None,
    phase: str,
    notices: list[Notice],
    now: datetime,
    answer_to: AnswerTo | None = None,
    *,
    loaded: Loaded | None = None,
    fields: dict[str, Any] | None = None,
) -> None:
    """Puts ``notices`` in the outbox, one row per reader; an answer keeps where it goes.

    Every notice of a game also carries what any text may need to say of the game as it now
    stands (``reading_fields``): until when orders are taken, in which time zone, and the
    players' genders; and, for a reader who chose a time zone of their own, ``reader_zone``,
    read from ``loaded`` (the game as it stands in this transaction) or else from its snapshot.
    ``fields`` are those ``reading_fields``, when the caller has them already.
    """
    if fields is None:
        fields = reading_fields(session, game_id) if game_id is not None else {}
    own_zone = _reader_zones(session, game_id, loaded)
    rows = []
    for notice in notices:
        shared = {**notice.data, **fields}  # one dictionary for every reader who chose no zone of their own
        answered = _answer_fields(answer_to if notice.template in REPLIES else None)
        for recipient in notice.audience:
            zone = own_zone(recipient)
            row: dict[str, Any] = {"game_id": game_id, "phase": phase, "recipient": recipient}
            row["template"] = notice.template
            row |= {"data": {**shared, **zone} if zone else shared, "created_at": now, **answered}
            rows.append(row)
    write_notices(session, rows)


def reader_zone_field(loaded: Loaded, seat: str) -> dict[str, str]:
    """``{"reader_zone": key}`` when the rules keep a time zone ``seat`` chose (``Rules.reader_zone``),
    else nothing: the deadline in its notices is then told in that zone too."""
    hook = loaded.rules.reader_zone
    zone = hook(loaded.state, seat) if hook is not None else None
    return {"reader_zone": zone} if zone else {}


def _reader_zones(
    session: Unit, game_id: str | None, loaded: Loaded | None
) -> Callable[[str], dict[str, str]]:
    """``reader_zone_field`` for each reader of game ``game_id``: of ``loaded`` if given, else of the
    game's snapshot (read only when its rules keep readers' zones)."""
    if loaded is None and game_id is not None:
        row = rows.held_row(session, game_id)
        if row is not None and row.state and rules_for(row.kind).reader_zone is not None:
            loaded = loaded_from(row)
    if loaded is None or loaded.rules.reader_zone is None:
        return lambda seat: {}
    game = loaded
    return lambda seat: reader_zone_field(game, seat)


def reading_fields(session: Unit, game_id: str) -> dict[str, Any]:
    """What every text of game ``game_id`` may use: ``deadline_at`` (ISO, UTC: when the open phase
    stops taking orders, if it has a deadline), ``time_zone`` (the IANA name of the game's zone)
    and ``genders`` (character name -> "m" or "f"), the last two as the game was created with.
    Inside a batch of mail, what it gave for the game while neither its row nor the clocks were
    written since (a snapshot is no change to them); not to be changed by the caller."""
    if session.boundary is not None:
        return _reading_fields(session, game_id)
    return remember(session, ("reading", game_id), _READING, lambda: _reading_fields(session, game_id))


_READING = frozenset({GameRow.__tablename__, ClockRow.__tablename__})
"""The tables ``reading_fields`` reads."""


def _reading_fields(session: Unit, game_id: str) -> dict[str, Any]:
    fields: dict[str, Any] = {}
    row = rows.held_row(session, game_id)
    if row is not None:
        for key in ("time_zone", "genders"):
            if row.settings.get(key):
                fields[key] = row.settings[key]
    due = due_at(session, game_id)
    if due is not None:
        fields["deadline_at"] = as_utc(due).isoformat()
    return fields


def _answer_fields(answer_to: AnswerTo | None) -> dict[str, str | None]:
    """The outbox columns of an answer; every row of one insert must have the same keys."""
    if answer_to is None:
        return {"address": None, "in_reply_to": None, "subject": None}
    return {"address": answer_to.address, "in_reply_to": answer_to.in_reply_to, "subject": answer_to.subject}


def _folds(answer_to: AnswerTo, verdicts: list[LineVerdict], phase: str, after: Loaded, seat: str) -> bool:
    """Whether the answer to a mail is kept for the seat's next report instead of mailed
    (``referee.core.answers``): the seat chose so (and the game folds this one: ``answers_in_report``
    sees the state after the mail, before a phase it closes is resolved), the mail was read whole,
    every line of it was taken and asked for nothing, and the phase it was sent in is still open (the
    letters that close it are still to come)."""
    rules, state = after.rules, after.state
    return (
        not answer_to.problem
        and not answer_to.cut
        and answers.foldable(verdicts)
        and rules.phase(state).key == phase
        and not rules.finished(state)
        and answers_in_report(rules, state, seat)
    )


AfterBoundary = Callable[[Unit, Loaded, Loaded, datetime], Loaded]
"""What a boundary owes beyond its report, given the game before and after it: the game after that."""


class Play:
    """The game's rules applied inside a transaction, with the calendar kept in step."""

    def __init__(self, timekeeper: Timekeeper | None, after_boundary: AfterBoundary | None = None) -> None:
        self.timekeeper = timekeeper
        self.after_boundary = after_boundary

    def clock(self, session: Unit, loaded: Loaded, opened_at: datetime) -> None:
        """Puts the game's open phase on its calendar, if the referee keeps one."""
        if self.timekeeper is not None:
            refresh_clock(session, self.timekeeper, loaded.row, loaded.rules, loaded.state, opened_at)

    def submit(
        self, session: Unit, loaded: Loaded, submission: Submission, answer_to: AnswerTo | None
    ) -> Submitted:
        """Judges one submission, keeps it whole, and writes the talk it relays (paced) and its answer;
        a password said in it is hidden first, and ended (``passwords.hear``)."""
        submission = replace(submission, text=hear(session, submission.text, submission.received_at))
        game_id, seat, rules, when = loaded.row.id, submission.seat, loaded.rules, submission.received_at
        verdicts, events = rules.submit(loaded.state, submission)
        rows.keep_submission(
            session,
            game_id,
            seat,
            submission.received_at,
            submission.source,
            submission.text,
            [vars(v) for v in verdicts],
        )
        phase = rules.phase(loaded.state).key
        after = append(session, loaded, events, phase, submission.received_at)

        def seen() -> list[Event]:
            return visible(rows.log(session, game_id), seat)

        def answered() -> dict[str, Any]:
            found = rules.answer(loaded.state, after.state, seat, verdicts, seen)
            return {**found, **reading_fields(session, game_id), **reader_zone_field(after, seat)}

        folds = answer_to is not None and _folds(answer_to, verdicts, phase, after, seat)
        if folds:  # kept before the phase closes, so that the letters closing it tell it
            answer = answered()
            after = append(session, after, [answers.folded(seat, answer)], phase, when)
        relaying = loaded.row.settings.get("relay_talk", True)
        relays = pace(
            session, game_id, seat, rules.relays(after.state, seat, events) if relaying else [], when
        )
        fields = reading_fields(session, game_id)
        if relays.at_once:  # told before a phase this mail closes: what was said comes before its end
            tell(session, game_id, phase, relays.at_once, when, None, loaded=after, fields=fields)
        if relays.gathered:  # a burst of talk past the limit is gathered: ``referee.app.pacing``
            zone = _reader_zones(session, game_id, after)
            write_gathered(
                session, game_id, phase, relays, when, lambda name, data: {**data, **fields, **zone(name)}
            )
        if (
            events
            and rules.early_close
            and not rules.finished(after.state)
            and not rules.waiting(after.state)
        ):
            after = self.resolve(session, after, submission.received_at).loaded  # everyone has acted
        if not folds:
            answer = answered()
        if answer_to is not None and not folds:
            extra: dict[str, Any] = {"problem": answer_to.problem} if answer_to.problem else {}
            if answer_to.cut:
                extra |= {"cut": answer_to.cut, "lines_read": answer_to.lines_read}
            notice = Notice("answer", (seat,), {**answer, **extra})
            tell(session, game_id, phase, [notice], when, answer_to, loaded=after)
        return Submitted(verdicts, answer, after)

    def resolve(self, session: Unit, loaded: Loaded, now: datetime) -> Resolved:
        """Resolves the open phase of a locked game: events, snapshot, resolution row, notices, clock."""
        game_id, phase = loaded.row.id, loaded.rules.phase(loaded.state).key
        loaded = self._play_bots(session, loaded, now)
        events, folded = resolve_folded(loaded.rules, loaded.state)
        phase_log = rows.phase_log(session, game_id, phase, notice_kinds(loaded.rules))
        first = loaded.seq + 1
        after = append(session, loaded, events, phase, now, folded)
        notices = loaded.rules.notices(loaded.state, after.state, events, phase_log)
        if loaded.rules.finished(after.state) and not loaded.rules.finished(loaded.state):
            notices = _with_chronicle(session, game_id, loaded.rules, after.state, notices)
        if not loaded.row.settings.get("relay_talk", True):
            notices = [_nothing_heard_at_once(notice) for notice in notices]
        self.clock(session, after, now)
        after = save(session, after)
        rows.record_resolution(session, game_id, phase, now, first, after.seq)
        tell(session, game_id, phase, notices, now, loaded=after)
        if self.after_boundary is not None:  # silent seats noticed (``referee.app.dropouts``)
            after = self.after_boundary(session, loaded, after, now)
        if session.boundary is None:  # a batch of boundaries writes its games' rows at its end
            session.flush()
        checkpoint("resolve")
        return Resolved(phase, events, notices, after)

    def _play_bots(self, session: Unit, loaded: Loaded, now: datetime) -> Loaded:
        """Orders for the seats the referee plays itself (TS-1 option: the host's), sent at the deadline."""
        bots = loaded.row.settings.get("bots", [])
        log = rows.log(session, loaded.row.id) if bots else []
        for seat in bots:
            view = loaded.rules.player_view(loaded.state, seat, visible(log, seat))
            text = loaded.rules.bot(view, loaded.row.seed)
            if text:
                _, events = loaded.rules.submit(loaded.state, Submission(seat, text, now, "bot"))
                loaded = append(session, loaded, events, loaded.rules.phase(loaded.state).key, now)
        return loaded
