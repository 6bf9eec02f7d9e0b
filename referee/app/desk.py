"""The game-master's desk: every action a game-master takes, from any door, recorded.

Pause (with an optional end), resume, shift one or all boundaries (TS-5), resolve now, roll
back the last resolution, substitute a player (the seat keeps its history of holders), resend a
report, announce, and restart a game stopped on an error. The command line calls these methods; mail and
the web send text in the game-master's command language (``commands``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from sqlmodel import Session, col, select

from referee.app.audit import Actor
from referee.app.calendar import parse_shift
from referee.app.credentials import new_token
from referee.app.errors import RefereeError, RulesFailed
from referee.app.passwords import PASSWORD_NOTICES
from referee.app.play import AnswerTo, Resolved, Submitted, lock, save, seat_named, tell
from referee.app.rollback import RolledBack, rollback_work
from referee.core.notices import Notice
from referee.core.orders import Submission
from referee.core.seats import MASTER
from referee.core.text import clean_text
from referee.store.clocks import as_utc, clock_row
from referee.store.models import ClockRow, NoticeRow, SeatRow
from referee.store.records import held_rows, release_held
from referee.store.seats import open_holding, seat_rows

if TYPE_CHECKING:
    from referee.app.referee import Referee

PAUSE_ENDED = Actor("service", "calendar: the pause ended")
"""Who resumes a game whose pause had an end."""

PERSONAL = frozenset(
    {"answer", "talk", "reminder", "refusal", "welcome", "master_note", "held", "confirm", *PASSWORD_NOTICES}
)
"""Notices that are not a report of a phase, so RESEND passes them over."""

ADDRESS_CHARS = frozenset("\r\n<>,;\"'()[]\\ \t")
"""Characters no address given to SUBSTITUTE may hold."""


@dataclass(frozen=True)
class Done:
    """What became of one command line: ``ok`` and a sentence for the game-master."""

    line: str
    ok: bool
    said: str


Work = Callable[[Session], tuple[Any, str]]


class Desk:
    """Game-master actions on the games of ``referee``."""

    def __init__(self, referee: Referee) -> None:
        self.referee = referee

    def _act(
        self,
        actor: Actor,
        game_id: str,
        action: str,
        detail: dict[str, Any],
        now: datetime,
        work: Work,
        session: Session | None = None,
    ) -> Any:
        with self.referee.contained(game_id, now, deferred=session is not None):
            return self.referee.audit.act(actor, game_id, action, detail, now, work, session)

    def pause(
        self,
        game_id: str,
        now: datetime,
        actor: Actor,
        session: Session | None = None,
        *,
        until: datetime | None = None,
    ) -> ClockRow:
        """Stops the game's clock: nothing resolves until ``resume`` (orders are still taken); with
        ``until`` the game resumes by itself then (``resume_ended``)."""
        work = self.referee.calendar.pause_work(game_id, now, until)
        detail = {"until": until.isoformat()} if until is not None else {}
        return self._act(actor, game_id, "pause", detail, now, work, session)

    def resume(self, game_id: str, now: datetime, actor: Actor, session: Session | None = None) -> ClockRow:
        """Restarts a paused clock; its deadlines move by the time it was paused."""
        work = self.referee.calendar.resume_work(game_id, now)
        return self._act(actor, game_id, "resume", {}, now, work, session)

    def resume_ended(self, until: datetime) -> int:
        """Resumes every game whose pause ended at or before ``until``, each as of its own end (so the
        time paused is exactly what was asked, even after downtime); returns how many."""
        resumed = 0
        for game_id, ends in self.referee.calendar.pauses_ending(until):
            try:
                self.resume(game_id, ends, PAUSE_ENDED)
            except RefereeError:
                continue  # another process resumed it, or the game is over or stopped
            resumed += 1
        return resumed

    def shift(
        self,
        game_id: str,
        by: timedelta,
        now: datetime,
        actor: Actor,
        *,
        only: bool = False,
        session: Session | None = None,
    ) -> ClockRow:
        """Moves the open phase's boundary by ``by`` (and every later one unless ``only``) — TS-5."""
        work = self.referee.calendar.shift_work(game_id, by, now, only)
        detail = {"seconds": int(by.total_seconds()), "only": only}
        return self._act(actor, game_id, "shift", detail, now, work, session)

    def resolve(
        self,
        game_id: str,
        now: datetime,
        actor: Actor,
        session: Session | None = None,
        *,
        expected_phase: str | None = None,
    ) -> Resolved:
        """Resolves the open phase now (with ``expected_phase``, only if that phase is the open one)."""
        if session is None:
            return self.referee.resolve(game_id, now, expected_phase=expected_phase, actor=actor)

        def work(inner: Session) -> tuple[Resolved, str]:
            return self.referee.resolve_in(inner, game_id, now)

        return self._act(actor, game_id, "resolve", {}, now, work, session)

    def rollback(
        self, game_id: str, now: datetime, actor: Actor, session: Session | None = None
    ) -> RolledBack:
        """Withdraws the last resolution of the game so that its phase is resolved again: the log keeps
        both, the players who were written its report are told (``referee.app.rollback``)."""
        work = rollback_work(self.referee, game_id, now)
        return self._act(actor, game_id, "rollback", {}, now, work, session)  # type: ignore[no-any-return]

    def substitute(
        self, game_id: str, name: str, email: str, now: datetime, actor: Actor, session: Session | None = None
    ) -> SeatRow:
        """Gives the seat ``name`` to a new player at ``email``, with a new token and password and
        their welcome letter; the old address stops working, and the seat's history keeps both."""
        if not email or ADDRESS_CHARS & set(email) or email.count("@") != 1:
            raise RefereeError(f"{email!r} is not an address a player can be reached at")

        def work(inner: Session) -> tuple[SeatRow, str]:
            loaded = self.referee.running(inner, game_id)
            seat = seat_named(inner, game_id, name)
            seat.email, seat.token = email, new_token()
            seat.password_hash = seat.password_key = ""  # the old one ends; the welcome gives a new one
            inner.add(seat)
            open_holding(inner, game_id, seat.name, email, now)
            welcome = [n for n in loaded.rules.welcome(loaded.state) if seat.name in n.audience]
            tell(
                inner,
                game_id,
                loaded.row.phase,
                [Notice(n.template, (seat.name,), n.data) for n in welcome],
                now,
            )
            return seat, _played_from(seat.name, email)

        return self._act(actor, game_id, "substitute", {"seat": name, "email": email}, now, work, session)

    def resend(
        self, game_id: str, name: str, now: datetime, actor: Actor, session: Session | None = None
    ) -> NoticeRow:
        """Sends a seat's last report again."""

        def work(inner: Session) -> tuple[NoticeRow, str]:
            loaded = lock(inner, game_id)
            seat = seat_named(inner, game_id, name)
            query = select(NoticeRow).where(
                NoticeRow.game_id == game_id,
                NoticeRow.recipient == seat.name,
                col(NoticeRow.template).not_in(PERSONAL),
            )
            last = inner.exec(query.order_by(col(NoticeRow.id).desc()).limit(1)).first()
            if last is None:
                raise RefereeError(f"{seat.name} has had no report yet")
            tell(inner, game_id, loaded.row.phase, [Notice(last.template, (seat.name,), last.data)], now)
            return last, f"{seat.name}'s last report ({last.template}, {last.phase}) is sent again"

        return self._act(actor, game_id, "resend", {"seat": name}, now, work, session)

    def announce(
        self, game_id: str, text: str, now: datetime, actor: Actor, session: Session | None = None
    ) -> int:
        """Tells every player of the game ``text`` from the game-master."""
        if not text.strip():
            raise RefereeError("an announcement needs a text")

        def work(inner: Session) -> tuple[int, str]:
            loaded = lock(inner, game_id)
            seats = tuple(seat.name for seat in seat_rows(inner, game_id))
            tell(
                inner, game_id, loaded.row.phase, [Notice("master_note", seats, {"said": text.strip()})], now
            )
            return len(seats), f"announced to {len(seats)} players"

        return self._act(actor, game_id, "announce", {"text": text.strip()[:200]}, now, work, session)

    def enter_orders(self, game_id: str, name: str, text: str, now: datetime, actor: Actor) -> Submitted:
        """Orders for the character ``name`` entered by the game-master, judged by the same rules as a
        player's mail (the same verdicts and answer data); the player is sent nothing but the talk relays.
        The text is cleaned as a mail's is (``clean_text``)."""
        text = clean_text(text)
        if not text.strip():
            raise RefereeError("there are no orders to enter")

        def work(session: Session) -> tuple[Submitted, str]:
            loaded = self.referee.running(session, game_id)
            seat = seat_named(session, game_id, name)
            submitted = self.referee.play.submit(
                session, loaded, Submission(seat.name, text, now, "web"), None
            )
            save(session, submitted.loaded)
            accepted = sum(1 for verdict in submitted.verdicts if verdict.accepted)
            return submitted, f"{accepted} of {len(submitted.verdicts)} lines accepted for {seat.name}"

        return self._act(actor, game_id, "orders", {"seat": name, "lines": len(text.splitlines())}, now, work)

    def retry(self, game_id: str, now: datetime, actor: Actor) -> int:
        """Starts a game stopped on an error again: the orders held meanwhile are judged in the order
        they came, and the calendar resumes (missed boundaries then fall due). Returns how many were
        judged. If the rules fail again the game stays stopped, with the new error."""

        def work(session: Session) -> tuple[int, str]:
            loaded = lock(session, game_id)
            if loaded.row.failed_at is None:
                raise RefereeError(f"game {game_id!r} is running; there is nothing to retry")
            loaded.row.failed_at, loaded.row.failure = None, None
            session.add(loaded.row)
            held = held_rows(session, game_id)
            try:
                for item in held:
                    answer_to = (
                        AnswerTo(item.address, item.in_reply_to or "", item.subject or "", item.problem)
                        if item.address
                        else None
                    )
                    submission = Submission(item.seat, item.text, as_utc(item.received_at), item.source)
                    loaded = self.referee.play.submit(session, loaded, submission, answer_to).loaded
                save(session, loaded)
                clock = clock_row(session, game_id)
                opened = as_utc(clock.opened_at) if clock is not None else now
                self.referee.play.clock(session, loaded, opened)
            except (RefereeError, ValueError):
                raise
            except Exception as error:  # stopped again once this transaction is rolled back
                raise RulesFailed(game_id, error) from error
            release_held(session, held)
            return len(held), f"{game_id} runs again; {len(held)} held mail(s) judged"

        try:
            return self.referee.audit.act(actor, game_id, "retry", {}, now, work)
        except RulesFailed as failed:
            stopped = self.referee.stop(game_id, failed.error, now)
            self.referee.audit.refused(actor, game_id, "retry", {}, now, f"failed again: {stopped}")
            raise stopped from failed.error

    def commands(self, game_id: str, text: str, now: datetime, actor: Actor, session: Session) -> list[Done]:
        """Carries out every line of ``text`` in the game-master's command language, in order, inside
        ``session``; a line that fails changes nothing and says why."""
        results = []
        stopped = lock(session, game_id).row.failed_at is not None
        for line in (raw.strip() for raw in text.splitlines()):
            if not line:
                continue
            word, _, rest = line.partition(" ")
            command = KEYWORDS.get(word.lower().rstrip(":"))
            if command is None:
                english = ", ".join(sorted({c.upper() for c in KEYWORDS.values()}))
                results.append(Done(line, False, f"unknown command {word!r}; commands: {english}"))
                continue
            if stopped and command != "status":
                said = f"the game stands still after an error in its rules; `referee retry {game_id}` first"
                results.append(Done(line, False, said))
                continue
            try:
                said = self._command(command, game_id, rest.strip(), now, actor, session)
            except (RefereeError, ValueError) as error:
                results.append(Done(line, False, str(error)))
            else:
                results.append(Done(line, True, said))
        return results

    def _command(
        self, command: str, game_id: str, rest: str, now: datetime, actor: Actor, session: Session
    ) -> str:
        if command == "pause":
            if rest:
                clock = self.pause(game_id, now, actor, session, until=now + parse_shift(rest))
                ends = self._shown(session, game_id, clock, clock.resume_at)
                return f"paused until {ends} (orders are still taken)"
            self.pause(game_id, now, actor, session)
            return "paused: nothing is resolved until RESUME (orders are still taken)"
        if command == "resume":
            clock = self.resume(game_id, now, actor, session)
            return f"running again; {clock.phase} ends at {self._shown(session, game_id, clock)}"
        if command == "shift":
            amount, _, only = rest.partition(" ")
            alone = only.strip().lower() in ("only", "только")
            if only.strip() and not alone:
                raise ValueError(f"after the duration write ONLY or nothing, not {only.strip()!r}")
            clock = self.shift(game_id, parse_shift(amount), now, actor, only=alone, session=session)
            later = "" if alone else "; later boundaries move with it"
            return f"{clock.phase} now ends at {self._shown(session, game_id, clock)}{later}"
        if command == "resolve":
            resolved = self.resolve(game_id, now, actor, session)
            return f"resolved {resolved.phase} now; {len(resolved.notices)} letters written"
        if command == "substitute":
            name, _, email = rest.rpartition(" ")
            if not name.strip() or "@" not in email:
                raise ValueError("write SUBSTITUTE <character> <new address>")
            seat = self.substitute(game_id, name.strip(), email, now, actor, session)
            return _played_from(seat.name, email)
        if command == "resend":
            last = self.resend(game_id, rest, now, actor, session)
            return f"{last.recipient}'s last report ({last.template}, {last.phase}) is sent again"
        if command == "announce":
            if not rest:
                raise ValueError("write ANNOUNCE and the text on the same line")
            count = self.announce(game_id, rest, now, actor, session)
            return f"announced to {count} players"
        return self._status(session, game_id)

    def _shown(self, session: Session, game_id: str, clock: ClockRow, moment: datetime | None = None) -> str:
        when = moment if moment is not None else clock.due_at
        return self.referee.calendar.shown(lock(session, game_id), when)

    def _status(self, session: Session, game_id: str) -> str:
        loaded = lock(session, game_id)
        if loaded.row.failed_at is not None:
            return f"stopped after an error in the rules: {loaded.row.failure}"
        waiting = loaded.rules.waiting(loaded.state)
        clock = clock_row(session, game_id)
        if clock is None or self.referee.timekeeper is None:
            due = "no deadline"
        elif clock.paused_at is not None:
            due = "paused"
        else:
            due = self.referee.calendar.shown(loaded, clock.due_at)
        label = loaded.rules.phase(loaded.state).label
        return f"{label}, until {due}; awaiting {', '.join(waiting) or 'nobody'}"


def _played_from(name: str, email: str) -> str:
    return f"{name} is now played from {email}, with a new password; their welcome letter went there"


def master_answer(results: list[Done]) -> Notice:
    """The game-master's answer: every line and what became of it."""
    return Notice("master_answer", (MASTER,), {"results": [vars(r) for r in results]})


KEYWORDS = {
    "pause": "pause", "пауза": "pause",
    "resume": "resume", "продолжить": "resume",
    "shift": "shift", "сдвиг": "shift", "сдвинуть": "shift",
    "resolve": "resolve", "разрешить": "resolve",
    "substitute": "substitute", "замена": "substitute", "заменить": "substitute",
    "resend": "resend", "повторить": "resend",
    "announce": "announce", "объявить": "announce",
    "status": "status", "статус": "status",
}  # fmt: skip
"""The game-master's command words in English and Russian."""
