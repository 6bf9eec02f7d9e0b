"""The game operations: games created, loaded and read, orders judged, phases resolved, failures kept
to one game.

Every change here is one transaction (events, snapshot, calendar and the notices it causes, written
together); an action a game-master takes is recorded (``Audit``); and an error in one game's rules stops
that game alone (``stop``), so every other game, all intake and all sending go on. The composition root
(``Referee``) hands this object to the collaborators that need it; it knows none of them.
"""

from __future__ import annotations

import logging
import secrets
import traceback
from collections.abc import Callable
from datetime import datetime
from typing import Any

from sqlalchemy.exc import DBAPIError, IntegrityError

from referee.app.audit import COMMAND_LINE, Action, Actor, Audit
from referee.app.calendar import Calendar
from referee.app.credentials import new_token
from referee.app.dropouts import after_boundary
from referee.app.errors import AlreadyResolved, GameStopped, RefereeError, RulesFailed
from referee.app.play import (
    Loaded,
    Play,
    Resolved,
    Submitted,
    append,
    loaded_from,
    lock,
    save,
    seat_named,
    tell,
)
from referee.app.timing import Timekeeper
from referee.core.events import Event
from referee.core.notices import Notice
from referee.core.orders import Submission
from referee.core.rules import fold, visible
from referee.core.seats import MASTER
from referee.games import prepare_all, rules_for
from referee.store import games as rows
from referee.store.clocks import clock_row
from referee.store.inbound import inbound_rows
from referee.store.models import EventRow, GameRow, HolderRow, InboundRow, MasterRow, NoticeRow, SeatRow
from referee.store.notices import notice_rows
from referee.store.seats import master_row, seat_rows
from referee.store.transactions import Database
from referee.store.unit import Unit

TIMETABLE_PHASES = 64
"""How many phase ends a welcome letter's timetable lists: more than any calendar game lasts
(Ten Sailors: 46, from the arrival evening to the morning of day 10)."""

LOG = logging.getLogger("referee.games")


class GameOperations:
    """Games, seats, orders, resolutions and the calendar of one database.

    Without a ``timekeeper`` no game has a deadline (rules tests, benchmarks).
    """

    def __init__(self, database: Database, timekeeper: Timekeeper | None = None) -> None:
        self.database = database
        self.timekeeper = timekeeper
        self.play = Play(timekeeper, after_boundary)
        self.audit = Audit(database)
        self._calendar: Calendar | None = None

    @property
    def calendar(self) -> Calendar:
        """The calendar (due boundaries, reminders, pause, resume, shift); needs a timekeeper."""
        if self.timekeeper is None:
            raise RefereeError("this referee keeps no calendar (no schedules were given)")
        if self._calendar is None:
            self._calendar = Calendar(
                self.database,
                self.timekeeper,
                lambda game_id, at, phase: self.resolve(game_id, at, expected_phase=phase),
                self.stop,
            )
        return self._calendar

    def prepare(self) -> None:
        """Loads now what judging players' orders loads on first use (each game's dictionaries and
        indexes), so that the first mail of a burst is judged as fast as the rest."""
        prepare_all()

    # --- games ---------------------------------------------------------------------------------

    def create_game(
        self,
        *,
        setup: dict[str, Any],
        kind: str,
        schedule: str,
        seats: list[dict[str, Any]],
        settings: dict[str, Any],
        now: datetime,
        actor: Actor = COMMAND_LINE,
        session: Unit | None = None,
    ) -> Loaded:
        """Creates a game from ``setup`` with its welcome letters (``ValueError`` from the rules,
        ``RefereeError`` on a clash); inside ``session`` (a transaction the caller holds, such as a
        campaign's start) as a savepoint of it."""
        rules = rules_for(kind)
        events = rules.start(setup)
        state = fold(rules, events)

        def work(session: Any) -> tuple[Loaded, str]:
            if rows.game_row(session, setup["id"]) is not None:
                raise RefereeError(f"a game called {setup['id']!r} exists already")
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
                secret=secrets.token_hex(16),
            )
            if self.play.timekeeper is not None:
                row.settings = {**settings, "time_zone": self.play.timekeeper.zone(row).key}
            session.add(row)
            session.flush()
            for seat in seats:  # a new game's seats: their first holders, with no holding before to close
                session.add(
                    SeatRow(
                        game_id=row.id,
                        name=seat["name"],
                        email=seat["email"],
                        host=bool(seat.get("host")),
                        token=new_token(),  # no password yet: the welcome letter is given one as it is sent
                    )
                )
                session.add(HolderRow(game_id=row.id, seat=seat["name"], email=seat["email"], since=now))
            created = append(session, Loaded(row, rules, None, 0), events, row.phase, now)
            opened = datetime.fromisoformat(settings["start"]) if settings.get("start") else now
            self.play.clock(session, created, opened)  # first, so that the welcome says until when
            tell(session, row.id, row.phase, self._welcomes(row, rules.welcome(state), opened), now)
            if settings.get("master_email"):
                email = str(settings["master_email"])
                session.add(
                    MasterRow(game_id=row.id, email=email, token=new_token())  # a password as for seats
                )
                session.flush()
                tell(session, row.id, "", [Notice("master_welcome", (MASTER,), {})], now)
            return save(session, created), f"created {kind} game {row.id} with {len(seats)} players"

        detail = {"kind": kind, "schedule": schedule}
        return self.audit.act(actor, setup["id"], "create", detail, now, work, session)

    def _welcomes(self, row: GameRow, welcomes: list[Notice], opened: datetime) -> list[Notice]:
        """The welcome letters with the game's timetable (``timetable``: the ends of its first phases,
        ISO), so that a letter can give real dates and times; unchanged without a calendar."""
        if self.play.timekeeper is None:
            return welcomes
        ends = self.play.timekeeper.boundaries(row, TIMETABLE_PHASES)
        if not ends:
            return welcomes
        timetable = {"timetable": [end.isoformat() for end in ends], "opened_at": opened.isoformat()}
        return [Notice(n.template, n.audience, {**n.data, **timetable}) for n in welcomes]

    def load(self, game_id: str) -> Loaded:
        """The game ``game_id`` as it stands."""
        with self.database.reading() as session:
            row = rows.game_row(session, game_id)
        if row is None:
            raise RefereeError(f"there is no game called {game_id!r}")
        return loaded_from(row)

    def games(self) -> list[GameRow]:
        """Every game, oldest first."""
        with self.database.reading() as session:
            return rows.game_rows(session)

    def seats(self, game_id: str) -> list[SeatRow]:
        """The seats of ``game_id`` in the order they were created."""
        with self.database.reading() as session:
            return seat_rows(session, game_id)

    def seat(self, game_id: str, name: str) -> SeatRow:
        """The seat whose character is called ``name``, ignoring case (raises ``RefereeError``)."""
        with self.database.reading() as session:
            if rows.game_row(session, game_id) is None:
                raise RefereeError(f"there is no game called {game_id!r}")
            return seat_named(session, game_id, name)

    def master(self, game_id: str) -> MasterRow | None:
        """The game-master by mail of ``game_id``, if the game has one."""
        with self.database.reading() as session:
            return master_row(session, game_id)

    # --- orders and resolutions ----------------------------------------------------------------

    def submit(
        self,
        game_id: str,
        seat: str,
        text: str,
        received_at: datetime,
        source: str,
        *,
        admit: Callable[[Loaded], None] | None = None,
    ) -> Submitted:
        """Judges ``text`` from ``seat`` and stores it whole with the events of its accepted lines
        (``admit``, if given, first sees the game as it stands and may refuse it by raising)."""
        return self.submit_many(game_id, [Submission(seat, text, received_at, source)], admit=admit)[0]

    def submit_many(
        self, game_id: str, submissions: list[Submission], *, admit: Callable[[Loaded], None] | None = None
    ) -> list[Submitted]:
        """Judges several submissions to one game in order, all in one transaction (``admit``, if given,
        first sees the game as the transaction read it, and may refuse them all by raising)."""
        outcomes: list[Submitted] = []
        at = submissions[0].received_at if submissions else datetime.now().astimezone()
        with self.contained(game_id, at), self.database.transaction() as session:
            loaded = self.running(session, game_id)
            if admit is not None:
                admit(loaded)
            for submission in submissions:
                outcomes.append(self.play.submit(session, loaded, submission, None))
                loaded = outcomes[-1].loaded
            save(session, loaded)
        return outcomes

    def resolve(
        self,
        game_id: str,
        now: datetime,
        *,
        expected_phase: str | None = None,
    ) -> Resolved:
        """Resolves the open phase of ``game_id`` once, with its notices, in one transaction (a
        game-master's "resolve now" is the desk's, recorded in the audit log).

        With ``expected_phase``, a phase that is no longer open raises ``AlreadyResolved``
        and changes nothing; a finished game raises ``RefereeError``.
        """
        try:
            with self.contained(game_id, now), self.database.transaction() as session:
                return self._resolve_in(session, game_id, now, expected_phase)
        except IntegrityError as error:
            raise AlreadyResolved(f"{game_id}: this phase was resolved by another process") from error

    def resolve_within(self, session: Any, game_id: str, now: datetime, expected_phase: str) -> Resolved:
        """``resolve`` of a due phase inside ``session``, a transaction the caller holds (a batch of
        boundaries): an error of the game's rules raises ``RulesFailed``, for the caller to stop the
        game once its transaction is over."""
        with self.contained(game_id, now, deferred=True):
            return self._resolve_in(session, game_id, now, expected_phase)

    def resolve_in(
        self, session: Any, game_id: str, now: datetime, expected_phase: str | None = None
    ) -> Resolved:
        """A game-master's "resolve now" inside ``session`` (with ``expected_phase``, only if that phase
        is the open one)."""
        return self._resolve_in(session, game_id, now, expected_phase)

    def _resolve_in(self, session: Any, game_id: str, now: datetime, expected_phase: str | None) -> Resolved:
        loaded = self.running(session, game_id)
        phase = loaded.rules.phase(loaded.state).key
        if expected_phase is not None and phase != expected_phase:
            raise AlreadyResolved(f"{game_id}: {expected_phase} was resolved already")
        if loaded.rules.finished(loaded.state):
            raise RefereeError(f"game {game_id!r} is over; there is nothing left to resolve")
        return self.play.resolve(session, loaded, now)

    def preview(self, game_id: str, now: datetime) -> Resolved:
        """What resolving now would do — the same draws, the same bots, the same notices — with
        nothing changed: the work is done in a transaction that is rolled back."""
        try:
            with self.database.trial() as session:
                return self._resolve_in(session, game_id, now, None)
        except (RefereeError, DBAPIError):
            raise
        except Exception as error:  # a preview stops no game, whatever fails inside it
            raise RefereeError(
                f"resolving {game_id!r} now would fail ({type(error).__name__}: {error}); nothing was changed"
            ) from error

    def running(self, session: Any, game_id: str) -> Loaded:
        """The game, locked; a game stopped on an error raises ``GameStopped``."""
        loaded = lock(session, game_id)
        if loaded.row.failed_at is not None:
            raise GameStopped(
                f"game {game_id!r} stands still after an error in its rules ({loaded.row.failure}); "
                f"`referee retry {game_id}` starts it again after a fix"
            )
        return loaded

    # --- failures stay where they happen ---------------------------------------------------------

    def contained(self, game_id: str, now: datetime, *, deferred: bool = False) -> _Contained:
        """A block in which an error of the game's rules stops that game and raises ``GameStopped``.

        ``deferred`` is for a block inside a transaction the caller holds: it raises ``RulesFailed``
        instead, and the caller stops the game once its transaction is over.
        """
        return _Contained(self, game_id, now, deferred)

    def stop(self, game_id: str, error: Exception, now: datetime) -> GameStopped:
        """Marks ``game_id`` as stopped on ``error`` (its clock stands still); returns the error to raise."""
        where = traceback.extract_tb(error.__traceback__)[-1] if error.__traceback__ else None
        failure = f"{type(error).__name__}: {error}"[:400]
        if where is not None:
            failure += f" (at {where.filename.rsplit('/', 1)[-1]}:{where.lineno})"
        LOG.error("game stopped on an error in its rules", exc_info=error, extra={"game": game_id})
        with self.database.transaction() as session:
            rows.mark_failed(session, game_id, failure, now)
            clock = clock_row(session, game_id, lock=True)
            if clock is not None:
                clock.due_at = clock.remind_at = None
                session.add(clock)
        return GameStopped(f"game {game_id!r} stopped on an error in its rules: {failure}")

    # --- reading -------------------------------------------------------------------------------

    def events(self, game_id: str) -> list[EventRow]:
        """The whole event log of ``game_id``, in order."""
        with self.database.reading() as session:
            return rows.event_rows(session, game_id)

    def log(self, game_id: str, *, after: int = 0) -> list[Event]:
        """The events of ``game_id`` as the rules know them, in order (with ``after``, only those
        numbered above it: what a reader who has the rest needs to catch up)."""
        with self.database.reading() as session:
            return rows.log(session, game_id, after=after)

    def seen_by(self, game_id: str, seat: str) -> list[Event]:
        """The events of ``game_id`` that the character ``seat`` may see."""
        return visible(self.log(game_id), seat)

    def replay(self, game_id: str) -> Any:
        """The state folded afresh from the event log (it must equal the stored snapshot)."""
        return fold(self.load(game_id).rules, self.log(game_id))

    def notices(self, game_id: str | None, *, unsent_only: bool = False) -> list[NoticeRow]:
        """The notices of ``game_id`` (of every game and none when None) in the order they were written."""
        with self.database.reading() as session:
            return notice_rows(session, game_id, unsent_only=unsent_only)

    def inbound(self) -> list[InboundRow]:
        """Every mail received, in the order it was kept."""
        with self.database.reading() as session:
            return inbound_rows(session)

    def resolution_count(self, game_id: str, phase: str) -> int:
        """How many times ``phase`` of ``game_id`` was resolved (0 or 1)."""
        with self.database.reading() as session:
            return rows.resolution_count(session, game_id, phase)

    def actions(self, game_id: str | None = None) -> list[Action]:
        """The game-master actions recorded (of ``game_id``, or of every game), oldest first."""
        return self.audit.actions(game_id)


class _Contained:
    """The context of ``GameOperations.contained``: rules errors stop one game, nothing else."""

    def __init__(self, games: GameOperations, game_id: str, now: datetime, deferred: bool) -> None:
        self.games, self.game_id, self.now, self.deferred = games, game_id, now, deferred

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, _tb: Any) -> None:
        """Lets every error through (none is swallowed); an error of the rules as one that stops the game."""
        if error is None or not isinstance(error, Exception):
            return
        if isinstance(error, RefereeError | DBAPIError | RulesFailed):
            return
        if self.deferred:
            raise RulesFailed(self.game_id, error) from error
        raise self.games.stop(self.game_id, error, self.now) from error


__all__ = ["GameOperations"]
