"""Games in the database: creating them, taking orders, resolving phases — each one transaction.

Every change appends events and refreshes the game's snapshot in the same transaction;
a resolution also writes its unique resolution row and the notices it causes (the
outbox), so a phase is resolved once and its mail cannot be lost or doubled.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Table, func, insert
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, select
from sqlmodel.sql.expression import SelectOfScalar

from referee.core.events import Event
from referee.core.notices import Notice
from referee.core.orders import LineVerdict, Submission
from referee.core.rules import Rules, fold, visible
from referee.core.seats import find_name
from referee.faults import crash_point
from referee.games import rules_for
from referee.store.clocks import Timekeeper, refresh_clock
from referee.store.models import (
    MASTER,
    REPLIES,
    EventRow,
    GameRow,
    InboundRow,
    MasterRow,
    NoticeRow,
    ResolutionRow,
    SeatRow,
    SubmissionRow,
)

EVENTS: Table = EventRow.__table__  # type: ignore[assignment]
INBOUND: Table = InboundRow.__table__  # type: ignore[assignment]
NOTICES: Table = NoticeRow.__table__  # type: ignore[assignment]
RESOLUTIONS: Table = ResolutionRow.__table__  # type: ignore[assignment]
SUBMISSIONS: Table = SubmissionRow.__table__  # type: ignore[assignment]
"""Tables written in bulk with plain inserts, without building ORM objects."""


class StoreError(LookupError):
    """A request the store cannot carry out; the message says why, for a game-master."""


class AlreadyResolved(StoreError):
    """The phase was resolved already (by this or another process); nothing was changed."""


@dataclass(frozen=True)
class Loaded:
    """A game as read from the database: its row, its rules, its current state and its last event's number.

    Inside a transaction ``state`` and ``seq`` run ahead of ``row`` until ``_save`` writes them.
    """

    row: GameRow
    rules: Rules[Any]
    state: Any
    seq: int


@dataclass(frozen=True)
class Submitted:
    """The outcome of a submission: the verdict per line, the answer's data and the state after it."""

    verdicts: list[LineVerdict]
    answer: dict[str, Any]
    loaded: Loaded


@dataclass(frozen=True)
class Reply:
    """Where the answer to a mail goes: the address, the mail answered, its subject, and why
    the mail had no readable text if it had none ("no-text", "undecodable")."""

    address: str
    in_reply_to: str
    subject: str
    problem: str = ""


@dataclass(frozen=True)
class Inbound:
    """A mail as received, to be kept whole once (its ``message_id`` is unique)."""

    message_id: str
    received_at: datetime
    sender: str
    raw: bytes


@dataclass(frozen=True)
class Receipt:
    """What became of a received mail: ``duplicate`` if it was kept before, else its submission if any."""

    duplicate: bool
    submitted: Submitted | None = None


PASSWORD_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789"
"""Letters and digits of seat passwords: none that read alike (l/1, o/0)."""


def new_token() -> str:
    """A fresh reply-address token: 128 random bits in lower-case hex (mail servers may fold case)."""
    return secrets.token_hex(16)


def new_password() -> str:
    """A fresh seat password such as "k7pq-2mx9-wh4t", easy to copy and to type."""
    return "-".join("".join(secrets.choice(PASSWORD_ALPHABET) for _ in range(4)) for _ in range(3))


@dataclass(frozen=True)
class Resolved:
    """The outcome of resolving one phase: what happened and who is told what."""

    phase: str
    events: list[Event]
    notices: list[Notice]
    loaded: Loaded


class GameStore:
    """Reads and changes games stored behind ``engine``."""

    def __init__(self, engine: Engine, timekeeper: Timekeeper | None = None) -> None:
        self.engine = engine
        self.timekeeper = timekeeper
        """Puts games on their calendar (deadlines, reminders); without one no game has a deadline."""

    @contextmanager
    def _transaction(self) -> Iterator[Session]:
        with Session(self.engine, expire_on_commit=False) as session, session.begin():
            yield session

    def _lock(self, session: Session, game_id: str) -> Loaded:
        """The game, locked against other writers until the transaction ends."""
        row = session.exec(select(GameRow).where(GameRow.id == game_id).with_for_update()).first()
        if row is None:
            raise StoreError(f"there is no game called {game_id!r}")
        rules = rules_for(row.kind)
        return Loaded(row, rules, rules.load(row.state), row.last_seq)

    def _append(
        self, session: Session, loaded: Loaded, events: list[Event], phase: str, now: datetime
    ) -> Loaded:
        """Appends ``events`` to the log; returns the game after them (saved by ``_save``)."""
        if not events:
            return loaded
        rows = [
            {
                "game_id": loaded.row.id,
                "seq": loaded.seq + number,
                "phase": phase,
                "kind": event.kind,
                "data": event.data,
                "audience": list(event.audience),
                "logged_at": now,
            }
            for number, event in enumerate(events, 1)
        ]
        session.execute(insert(EVENTS), rows)
        state = fold(loaded.rules, events, loaded.state)
        return Loaded(loaded.row, loaded.rules, state, loaded.seq + len(rows))

    def _save(self, session: Session, loaded: Loaded) -> Loaded:
        """Writes the snapshot of the state reached, once per transaction."""
        row, rules = loaded.row, loaded.rules
        if row.last_seq != loaded.seq:
            row.last_seq = loaded.seq
            row.state = rules.dump(loaded.state)
            row.phase = rules.phase(loaded.state).key
            row.finished = rules.finished(loaded.state)
            session.add(row)
        return loaded

    def create_game(
        self,
        *,
        setup: dict[str, Any],
        kind: str,
        schedule: str,
        seats: list[dict[str, Any]],
        settings: dict[str, Any],
        now: datetime,
    ) -> Loaded:
        """Creates a game from ``setup`` (raises ``ValueError`` from the rules, ``StoreError`` on a clash)."""
        rules = rules_for(kind)
        events = rules.start(setup)
        state = fold(rules, events)
        with self._transaction() as session:
            if session.get(GameRow, setup["id"]) is not None:
                raise StoreError(f"a game called {setup['id']!r} exists already")
            row = GameRow(
                id=setup["id"],
                kind=kind,
                schedule=schedule,
                language=setup.get("language", "en"),
                seed=str(setup["seed"]),
                created_at=now,
                phase=rules.phase(state).key,
                state=rules.dump(state),
                settings=settings,
            )
            session.add(row)
            session.flush()
            for seat in seats:
                session.add(
                    SeatRow(
                        game_id=row.id,
                        name=seat["name"],
                        email=seat["email"],
                        host=bool(seat.get("host")),
                        token=new_token(),
                        password=new_password(),
                    )
                )
            created = self._append(session, Loaded(row, rules, None, 0), events, row.phase, now)
            self._write_notices(session, row.id, row.phase, rules.welcome(state), now)
            if settings.get("master_email"):
                self._add_master(session, row.id, str(settings["master_email"]), now)
            opened = datetime.fromisoformat(settings["start"]) if settings.get("start") else now
            self._clock(session, created, opened)
            return self._save(session, created)

    def load(self, game_id: str) -> Loaded:
        """The game ``game_id`` as it stands."""
        with Session(self.engine) as session:
            row = session.get(GameRow, game_id)
            if row is None:
                raise StoreError(f"there is no game called {game_id!r}")
            rules = rules_for(row.kind)
            return Loaded(row, rules, rules.load(row.state), row.last_seq)

    def games(self) -> list[GameRow]:
        """Every game, oldest first."""
        with Session(self.engine) as session:
            return list(session.exec(select(GameRow).order_by(col(GameRow.created_at))).all())

    def seats(self, game_id: str) -> list[SeatRow]:
        """The seats of ``game_id`` in the order they were created."""
        with Session(self.engine) as session:
            query = select(SeatRow).where(SeatRow.game_id == game_id).order_by(col(SeatRow.id))
            return list(session.exec(query).all())

    def seat(self, game_id: str, name: str) -> SeatRow:
        """The seat whose character is called ``name``, ignoring case (raises ``StoreError``)."""
        seats = {seat.name: seat for seat in self.seats(game_id)}
        if not seats:
            self.load(game_id)  # says that there is no such game
        found = find_name(name, seats)
        if found:
            return seats[found]
        known = ", ".join(seats)
        raise StoreError(f"game {game_id!r} has no character called {name!r}; its characters: {known}")

    def submit(self, game_id: str, seat: str, text: str, received_at: datetime, source: str) -> Submitted:
        """Judges ``text`` from ``seat`` and stores it whole with the events of its accepted lines."""
        return self.submit_many(game_id, [Submission(seat, text, received_at, source)])[0]

    def submit_many(self, game_id: str, submissions: list[Submission]) -> list[Submitted]:
        """Judges several submissions to one game in order, all in one transaction."""
        outcomes = []
        with self._transaction() as session:
            loaded = self._lock(session, game_id)
            for submission in submissions:
                outcomes.append(self._submit(session, loaded, submission, None))
                loaded = outcomes[-1].loaded
            self._save(session, loaded)
        return outcomes

    def receive_mail(
        self,
        mail: Inbound,
        outcome: str,
        *,
        seat: tuple[str, str] | None = None,
        text: str = "",
        reply: Reply | None = None,
    ) -> Receipt:
        """Keeps ``mail`` once, with what it causes, in one transaction.

        With ``seat`` (game, character) its ``text`` is judged as that character's orders
        and answered to ``reply``. Without one, a ``reply`` gets a refusal that names no
        game. A mail whose Message-ID was kept before changes nothing.
        """
        try:
            with self._transaction() as session:
                seen = select(InboundRow.id).where(InboundRow.message_id == mail.message_id)
                if session.exec(seen).first() is not None:
                    return Receipt(duplicate=True)
                record = {
                    "message_id": mail.message_id,
                    "received_at": mail.received_at,
                    "sender": mail.sender,
                    "game_id": seat[0] if seat else None,
                    "seat": seat[1] if seat else None,
                    "outcome": outcome,
                    "raw": mail.raw,
                }
                session.execute(insert(INBOUND), [record])
                if seat is None:
                    if reply is not None:
                        refusal = Notice("refusal", ("",), {"reason": outcome})
                        self._write_notices(session, None, "", [refusal], mail.received_at, reply)
                    return Receipt(duplicate=False)
                loaded = self._lock(session, seat[0])
                source = f"mail:{mail.message_id}"
                submission = Submission(seat[1], text, mail.received_at, source)
                submitted = self._submit(session, loaded, submission, reply)
                self._save(session, submitted.loaded)
                return Receipt(duplicate=False, submitted=submitted)
        except IntegrityError:
            return Receipt(duplicate=True)  # another process kept the same mail first

    def _submit(
        self, session: Session, loaded: Loaded, submission: Submission, reply: Reply | None
    ) -> Submitted:
        """Judges one submission, keeps it whole, and writes the talk it relays and its answer."""
        game_id, seat = loaded.row.id, submission.seat
        verdicts, events = loaded.rules.submit(loaded.state, submission)
        kept = {
            "game_id": game_id,
            "seat": seat,
            "received_at": submission.received_at,
            "source": submission.source,
            "text": submission.text,
            "verdicts": [vars(v) for v in verdicts],
        }
        session.execute(insert(SUBMISSIONS), [kept])
        phase = loaded.rules.phase(loaded.state).key
        after = self._append(session, loaded, events, phase, submission.received_at)
        rules = loaded.rules
        if (
            events
            and rules.early_close
            and not rules.finished(after.state)
            and not rules.waiting(after.state)
        ):
            after = self._resolve(session, after, submission.received_at).loaded  # everyone has acted
        answer = loaded.rules.answer(
            loaded.state, after.state, seat, verdicts, lambda: visible(self._log(session, game_id), seat)
        )
        notices = loaded.rules.relays(seat, events) if loaded.row.settings.get("relay_talk", True) else []
        if reply is not None:
            notices.append(
                Notice("answer", (seat,), {**answer, **({"problem": reply.problem} if reply.problem else {})})
            )
        self._write_notices(session, game_id, phase, notices, submission.received_at, reply)
        return Submitted(verdicts, answer, after)

    def _write_notices(
        self,
        session: Session,
        game_id: str | None,
        phase: str,
        notices: list[Notice],
        now: datetime,
        reply: Reply | None = None,
    ) -> None:
        """Puts ``notices`` in the outbox, one row per reader; an answer keeps where it goes."""
        rows = [
            {
                "game_id": game_id,
                "phase": phase,
                "recipient": recipient,
                "template": notice.template,
                "data": notice.data,
                "created_at": now,
                **_reply_fields(reply if notice.template in REPLIES else None),
            }
            for notice in notices
            for recipient in notice.audience
        ]
        if rows:
            session.execute(insert(NOTICES), rows)

    def resolve(self, game_id: str, now: datetime, *, expected_phase: str | None = None) -> Resolved:
        """Resolves the open phase of ``game_id`` once, with its notices, in one transaction.

        With ``expected_phase``, a phase that is no longer open raises ``AlreadyResolved``
        and changes nothing; a finished game raises ``StoreError``.
        """
        try:
            with self._transaction() as session:
                loaded = self._lock(session, game_id)
                phase = loaded.rules.phase(loaded.state).key
                if expected_phase is not None and phase != expected_phase:
                    raise AlreadyResolved(f"{game_id}: {expected_phase} was resolved already")
                if loaded.rules.finished(loaded.state):
                    raise StoreError(f"game {game_id!r} is over; there is nothing left to resolve")
                return self._resolve(session, loaded, now)
        except IntegrityError as error:
            raise AlreadyResolved(f"{game_id}: this phase was resolved by another process") from error

    def _resolve(self, session: Session, loaded: Loaded, now: datetime) -> Resolved:
        """Resolves the open phase of a locked game: events, snapshot, resolution row, notices, clock."""
        game_id, phase = loaded.row.id, loaded.rules.phase(loaded.state).key
        loaded = self._play_bots(session, loaded, now)
        events = loaded.rules.resolve(loaded.state)
        phase_log = self._phase_log(session, game_id, phase)
        notices = loaded.rules.notices(loaded.state, events, phase_log)
        first = loaded.seq + 1
        after = self._append(session, loaded, events, phase, now)
        self._clock(session, after, now)
        after = self._save(session, after)
        record = {"game_id": game_id, "phase": phase, "resolved_at": now, "first_seq": first}
        session.execute(insert(RESOLUTIONS).values(last_seq=after.seq, **record))
        self._write_notices(session, game_id, phase, notices, now)
        session.flush()
        crash_point("resolve")
        return Resolved(phase, events, notices, after)

    def _clock(self, session: Session, loaded: Loaded, opened_at: datetime) -> None:
        """Puts the game's open phase on its calendar, if the store keeps one."""
        if self.timekeeper is not None:
            refresh_clock(session, self.timekeeper, loaded.row, loaded.rules, loaded.state, opened_at)

    def _play_bots(self, session: Session, loaded: Loaded, now: datetime) -> Loaded:
        """Orders for the seats the referee plays itself (TS-1 option: the host's), sent at the deadline."""
        bots = loaded.row.settings.get("bots", [])
        log = self._log(session, loaded.row.id) if bots else []
        for seat in bots:
            view = loaded.rules.player_view(loaded.state, seat, visible(log, seat))
            text = loaded.rules.bot(view, loaded.row.seed)
            if text:
                _, events = loaded.rules.submit(loaded.state, Submission(seat, text, now, "bot"))
                loaded = self._append(session, loaded, events, loaded.rules.phase(loaded.state).key, now)
        return loaded

    def _log(self, session: Session, game_id: str) -> list[Event]:
        return [_event(row) for row in session.exec(_log_query(game_id)).all()]

    def _phase_log(self, session: Session, game_id: str, phase: str) -> list[Event]:
        columns = select(col(EventRow.kind), col(EventRow.data), col(EventRow.audience))
        query = columns.where(EventRow.game_id == game_id, EventRow.phase == phase)
        query = query.order_by(col(EventRow.seq))
        return [Event(kind, data, tuple(audience)) for kind, data, audience in session.exec(query).all()]

    def events(self, game_id: str) -> list[EventRow]:
        """The whole event log of ``game_id``, in order."""
        with Session(self.engine) as session:
            return list(session.exec(_log_query(game_id)).all())

    def log(self, game_id: str) -> list[Event]:
        """The events of ``game_id`` as the rules know them, in order."""
        return [_event(row) for row in self.events(game_id)]

    def seen_by(self, game_id: str, seat: str) -> list[Event]:
        """The events of ``game_id`` that the character ``seat`` may see."""
        return visible(self.log(game_id), seat)

    def replay(self, game_id: str) -> Any:
        """The state folded afresh from the event log (it must equal the stored snapshot)."""
        return fold(self.load(game_id).rules, self.log(game_id))

    def notices(self, game_id: str | None, *, unsent_only: bool = False) -> list[NoticeRow]:
        """The notices of ``game_id`` (of every game and none when None) in the order they were written."""
        with Session(self.engine) as session:
            query = select(NoticeRow)
            if game_id is not None:
                query = query.where(NoticeRow.game_id == game_id)
            if unsent_only:
                query = query.where(col(NoticeRow.sent_at).is_(None))
            return list(session.exec(query.order_by(col(NoticeRow.id))).all())

    def seat_by_token(self, token: str) -> SeatRow | None:
        """The seat whose reply-address token is ``token`` (ignoring case), if any."""
        with Session(self.engine) as session:
            return session.exec(select(SeatRow).where(SeatRow.token == token.lower())).first()

    def _add_master(self, session: Session, game_id: str, email: str, now: datetime) -> None:
        """Gives the game a game-master by mail, with a token and password, and their first letter."""
        session.add(MasterRow(game_id=game_id, email=email, token=new_token(), password=new_password()))
        session.flush()
        self._write_notices(session, game_id, "", [Notice("master_welcome", (MASTER,), {})], now)

    def master(self, game_id: str) -> MasterRow | None:
        """The game-master by mail of ``game_id``, if the game has one."""
        with Session(self.engine) as session:
            return session.get(MasterRow, game_id)

    def master_by_token(self, token: str) -> MasterRow | None:
        """The game-master whose reply-address token is ``token``, if any."""
        with Session(self.engine) as session:
            return session.exec(select(MasterRow).where(MasterRow.token == token.lower())).first()

    def master_by_password(self, password: str) -> MasterRow | None:
        """The game-master whose password is ``password``, if any."""
        with Session(self.engine) as session:
            return session.exec(select(MasterRow).where(MasterRow.password == password.lower())).first()

    def tell(self, game_id: str, notices: list[Notice], now: datetime, reply: Reply | None = None) -> None:
        """Puts ``notices`` of ``game_id`` in the outbox (an answer keeps where it goes)."""
        with self._transaction() as session:
            phase = self._lock(session, game_id).row.phase
            self._write_notices(session, game_id, phase, notices, now, reply)

    def set_email(self, game_id: str, name: str, email: str) -> SeatRow:
        """Gives the seat ``name`` to a new player at ``email``, with a new token and password."""
        with self._transaction() as session:
            self._lock(session, game_id)
            seat = session.exec(select(SeatRow).where(SeatRow.game_id == game_id, SeatRow.name == name)).one()
            seat.email, seat.token, seat.password = email, new_token(), new_password()
            session.add(seat)
            return seat

    def seat_by_password(self, password: str) -> SeatRow | None:
        """The seat whose password is ``password`` (ignoring case), if any."""
        with Session(self.engine) as session:
            return session.exec(select(SeatRow).where(SeatRow.password == password.lower())).first()

    def refused_since(self, address: str, since: datetime) -> bool:
        """Whether a refusal was written to ``address`` at or after ``since``."""
        with Session(self.engine) as session:
            query = select(NoticeRow.id).where(
                NoticeRow.template == "refusal", NoticeRow.address == address, NoticeRow.created_at >= since
            )
            return session.exec(query.limit(1)).first() is not None

    def inbound(self) -> list[InboundRow]:
        """Every mail received, in the order it was kept."""
        with Session(self.engine) as session:
            return list(session.exec(select(InboundRow).order_by(col(InboundRow.id))).all())

    def resolution_count(self, game_id: str, phase: str) -> int:
        """How many times ``phase`` of ``game_id`` was resolved (0 or 1)."""
        with Session(self.engine) as session:
            query = select(func.count()).where(ResolutionRow.game_id == game_id, ResolutionRow.phase == phase)
            return int(session.exec(query).one())


def _log_query(game_id: str) -> SelectOfScalar[EventRow]:
    return select(EventRow).where(EventRow.game_id == game_id).order_by(col(EventRow.seq))


def _reply_fields(reply: Reply | None) -> dict[str, str | None]:
    """The outbox columns of an answer; every row of one insert must have the same keys."""
    if reply is None:
        return {"address": None, "in_reply_to": None, "subject": None}
    return {"address": reply.address, "in_reply_to": reply.in_reply_to, "subject": reply.subject}


def _event(row: EventRow) -> Event:
    return Event(row.kind, row.data, tuple(row.audience))
