"""What the web dashboard shows a game-master: every campaign at a glance, one game in full, the game
as one player sees it, and the numbers monitoring reads.

Every read goes through ``Account.may_see``: a game a game-master may not see is answered exactly as a
game that does not exist (``NoSuchGame``), so guessing ids tells nothing. A player's view is the one
``Views.player`` gives (the same as by mail), never a second implementation.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Hashable
from dataclasses import dataclass, field, replace
from datetime import UTC, date, datetime, tzinfo
from typing import Any

from referee.app.accounts import Account
from referee.app.audit import Audit
from referee.app.errors import RefereeError
from referee.app.handover import is_vacant
from referee.app.reliability import recent_records
from referee.app.timing import Timekeeper
from referee.app.views import Views
from referee.core.events import Event
from referee.core.kept import Kept
from referee.core.rules import fold, seats_alive
from referee.games import kinds, rules_for
from referee.store import games as rows
from referee.store.accounts import account_rows
from referee.store.campaign_list import (
    CAMPAIGN,
    GAME,
    STATES,
    Wanted,
    campaign_rows_of,
    clock_rows_of,
    game_rows_of,
    game_states_of,
)
from referee.store.campaign_list import count as listed_count
from referee.store.campaign_list import page as listed_page
from referee.store.clocks import as_utc, clock_row
from referee.store.models import CampaignRow, ClockRow, GameRow
from referee.store.overview import (
    answers,
    games_by_state,
    last_received_by_game,
    mail_in,
    mail_out,
    outbox_by_game,
    outbox_totals,
    resolutions,
    submissions,
    totals,
)
from referee.store.rollbacks import is_withdrawn, live_resolutions, withdrawn_spans
from referee.store.seats import holders, seat_rows
from referee.store.transactions import Database

PAGE_SIZE = 50
"""How many lines a page of the campaigns page shows."""

MOST_SEARCHED = 100
"""The longest text the campaigns page searches the ids for (a longer one is cut)."""


@dataclass(frozen=True)
class CampaignsPage:
    """One page of the campaigns page: its ``lines`` (dictionaries, games' and announced campaigns'),
        how many lines the filters ``wanted`` let through in all (``total``), the page's number ``page`` of
        ``pages`` (from 1), and, for an admin, the addresses of the game-masters' accounts to choose from
    (``masters``: any address may be asked for)."""

    lines: list[dict[str, Any]]
    total: int
    page: int
    pages: int
    wanted: Wanted
    masters: list[str]
    states: tuple[str, ...] = STATES
    kinds: tuple[str, ...] = field(default_factory=kinds)


class NoSuchGame(RefereeError):
    """A game that does not exist, or that the viewer may not see: the two are answered alike."""


class Dashboard:
    """The game-master's pages' data, over the games of ``database``: the master's and a seat's views are
    ``views``', the log of actions ``audit``'s."""

    def __init__(self, database: Database, timekeeper: Timekeeper | None, views: Views, audit: Audit) -> None:
        self.database = database
        self.timekeeper = timekeeper
        self.views = views
        self.audit = audit
        self._timelines = Kept(64)
        self._read_states = Kept(4 * PAGE_SIZE)
        self._records = Kept(64)
        """The reliability records of the games' addresses lately shown (``recent_records``)."""
        """What a line of the campaigns page reads from a game's state (``_read_state``), by the state."""

    def game_row(self, account: Account, game_id: str) -> GameRow:
        """The game ``game_id`` if ``account`` may see it; else ``NoSuchGame``, as if it did not exist."""
        with self.database.reading() as session:
            row = rows.game_row(session, game_id)
        if row is None or not account.may_see(row):
            raise NoSuchGame(f"there is no game called {game_id!r}")
        return row

    def campaigns(
        self,
        account: Account,
        *,
        state: str = "",
        kind: str = "",
        master: str = "",
        search: str = "",
        page: int = 1,
    ) -> CampaignsPage:
        """Page ``page`` (from 1; past the last, the last) of the games and announced campaigns
        ``account`` may see, newest first, ``PAGE_SIZE`` a page, with what a game-master checks first in
        the morning: those in ``state`` (one of ``STATES``), of ``kind`` and of game-master ``master``
        (an admin's choice: a game-master sees their own alone), whose id holds ``search``; a value
        that is none of those offered filters nothing.

        The database filters, counts and cuts the page (``Account.may_see`` as SQL); only the page's
        games are read in full, each query once for the whole page."""
        wanted = Wanted(
            viewer=None if account.admin else account.email,
            state=state if state in STATES else "",
            kind=kind if kind in kinds() else "",
            master=master.strip().lower() if account.admin else "",
            search=" ".join(search.split())[:MOST_SEARCHED],
        )
        with self.database.reading() as session:
            total = listed_count(session, wanted)
            pages = max(1, -(-total // PAGE_SIZE))
            shown = min(max(page, 1), pages)
            lines = listed_page(session, wanted, (shown - 1) * PAGE_SIZE, PAGE_SIZE)
            game_ids = [line.id for line in lines if line.source == GAME]
            games = game_rows_of(session, game_ids, with_state=False)
            read = self._states_read(session, games)
            clocks = clock_rows_of(session, game_ids)
            outbox = outbox_by_game(session, game_ids)
            last = last_received_by_game(session, game_ids)
            announced = campaign_rows_of(session, [line.id for line in lines if line.source == CAMPAIGN])
            named = sorted(row.email for row in account_rows(session)) if account.admin else []
        shown_lines = [
            self._line(
                games[line.id],
                clocks.get(line.id),
                outbox.get(line.id, (0, 0)),
                last.get(line.id),
                read[line.id],
            )
            if line.source == GAME
            else _campaign_line(announced[line.id], line.state)
            for line in lines
            if line.id in (games if line.source == GAME else announced)  # gone between two statements
        ]
        return CampaignsPage(shown_lines, total, shown, pages, wanted, named)

    def _states_read(self, session: Any, games: dict[str, GameRow]) -> dict[str, dict[str, Any]]:
        """What the lines of ``games`` (read without their states) show of their states, by game: kept
        by the snapshot each names, so that only the states not kept are read, in one statement."""
        keys = {game_id: _snapshot_key(row) for game_id, row in games.items()}
        kept = self._read_states.known(keys.values())
        read = {game_id: kept[key] for game_id, key in keys.items() if key in kept}
        stored = game_states_of(session, [game_id for game_id in keys if game_id not in read])
        fresh: dict[Hashable, dict[str, Any]] = {}
        for game_id, found in stored.items():  # kept by the snapshot read, which may be newer than the row
            kind = games[game_id].kind
            read[game_id] = _read_state(kind, found.state)
            fresh[(kind, game_id, found.last_seq, found.phase, found.finished)] = read[game_id]
        self._read_states.keep(fresh)
        gone = {"error": "the game's state could not be read"}
        return {game_id: read.get(game_id, gone) for game_id in keys}

    def _line(
        self, row: GameRow, clock: Any, outbox: tuple[int, int], last: datetime | None, read: dict[str, Any]
    ) -> dict[str, Any]:
        due = as_utc(clock.due_at) if clock is not None and clock.due_at is not None else None
        line: dict[str, Any] = {
            "id": row.id,
            "kind": row.kind,
            "language": row.language,
            "phase": row.phase,
            "label": row.phase,
            "finished": bool(row.finished),
            "failed": row.failure if row.failed_at is not None else None,
            "paused": clock is not None and clock.paused_at is not None,
            "paused_until": as_utc(clock.resume_at) if clock is not None and clock.resume_at else None,
            "due_at": due,
            "paused_local": self._local(
                row, as_utc(clock.resume_at) if clock is not None and clock.resume_at else None
            ),
            "due_local": self._local(row, due),
            "alive": None,
            "seats": 0,
            "waiting": [],
            "outbox_waiting": outbox[0],
            "outbox_failed": outbox[1],
            "last_mail": as_utc(last) if last is not None else None,
            "source": GAME,
            "state": _state(row, clock),
        }
        if "error" in read:  # a broken game must not hide the others
            line["failed"] = line["failed"] or read["error"]
            return line
        line["label"] = read["label"]
        if read["seats"]:  # a game without characters who may die shows "—" for the living
            line["seats"], line["alive"] = read["seats"], read["alive"]
        if not row.finished and row.failed_at is None:
            if isinstance(read["waiting"], str):
                line["failed"] = line["failed"] or read["waiting"]
            else:
                line["waiting"] = list(read["waiting"])
        return line

    def _local(self, row: GameRow, moment: datetime | None) -> datetime | None:
        """``moment`` in the time zone of the game's schedule (UTC without a calendar)."""
        return moment.astimezone(self._zone(row)) if moment is not None else None

    def _zone(self, row: GameRow) -> tzinfo:
        """The time zone of the game's schedule (UTC without a calendar)."""
        return self.timekeeper.zone(row) if self.timekeeper is not None else UTC

    def game(
        self, account: Account, game_id: str, *, at: int | None = None, day: int | None = None
    ) -> dict[str, Any]:
        """One game in full for its game-master: the master's view (now, or as it stood after resolution
        number ``at``), the timeline of phases a day at a time, every seat's mail in and out, each
        seat's address's reliability record (by the address in lower case), holders and the audit log.

        The timeline and the steps through the past are paged by the calendar day (in the game's time
        zone) their phases were resolved on: page ``day`` of ``days``, else the day of step ``at``, else
        the newest."""
        row = self.game_row(account, game_id)
        view = self.views.master(game_id)
        line = self.campaigns_line(row)
        zone = self._zone(row)
        with self.database.reading() as session:
            done = resolutions(session, game_id)
            received = mail_in(session, game_id)
            sent = mail_out(session, game_id)
            held = holders(session, game_id)
            seat_list = seat_rows(session, game_id)
            spans = withdrawn_spans(session, game_id)
            emails = {s.email.lower() for s in seat_list if not is_vacant(s.email)}
            records = recent_records(self._records, session, emails)
        seats = [seat.name for seat in seat_list]
        rules = rules_for(row.kind)
        past = None
        live = [r for r in done if r.withdrawn_at is None]
        if at is not None and 0 <= at < len(live):
            with self.database.reading() as session:
                state = fold(rules, rows.log(session, game_id, live[at].last_seq))
            past = {"index": at, "phase": live[at].phase, "view": rules.master_view(state)}
        on_day = [as_utc(r.resolved_at).astimezone(zone).date() for r in done]
        days: list[date] = sorted(set(on_day))
        if day is not None and 0 <= day < len(days):
            page = day
        elif past is not None and at is not None:
            page = days.index(as_utc(live[at].resolved_at).astimezone(zone).date())
        else:
            page = len(days) - 1
        shown = days[page] if days else None
        on_shown = [d == shown for d in on_day]
        timeline, timeline_key = self._timeline(rules, game_id, done, on_shown, spans)
        mail: dict[str, dict[str, list[dict[str, Any]]]] = {name: {"in": [], "out": []} for name in seats}
        for letter in received:  # each letter once, to its seat's list
            if letter["seat"] in mail:
                mail[letter["seat"]]["in"].append(letter)
        for notice in sent:
            if notice.recipient in mail:
                mail[notice.recipient]["out"].append(_letter(notice))
        return {
            "row": row,
            "line": line,
            "view": view,
            "past": past,
            "zone": zone,
            "days": days,
            "page": page,
            "steps": [
                {"index": i, "phase": r.phase}
                for i, r in enumerate(live)
                if as_utc(r.resolved_at).astimezone(zone).date() == shown
            ],
            "timeline": timeline,
            "timeline_key": timeline_key,
            "mail": mail,
            "seats": seats,
            "records": records,
            "holders": [
                {
                    "seat": h.seat,
                    "email": h.email,
                    "since": as_utc(h.since),
                    "until": as_utc(h.until) if h.until else None,
                }
                for h in held
            ],
            "actions": [replace(a, at=as_utc(a.at)) for a in reversed(self.audit.actions(game_id))][:50],
        }

    def _timeline(
        self, rules: Any, game_id: str, done: list[Any], shown: list[bool], spans: list[tuple[int, int]]
    ) -> tuple[list[dict[str, Any]], tuple[Any, ...]]:
        """The phases of the resolutions ``done`` marked ``shown`` (one day's), newest first, from the
        events and order texts of that day alone (ranges of their indexes), whatever the game's age; with
        the key they are kept by (``_timeline_standing``).

        Worked out once for those resolutions as they stand (each one's number and whether it was
        rolled back, and the spans withdrawn): talk and orders come after the last of them, so they
        change nothing of it until a phase is resolved or rolled back."""
        standing = _timeline_standing(game_id, done, shown, spans)
        picked = [i for i, on in enumerate(shown) if on]
        if not picked:
            return [], standing
        found: list[dict[str, Any]] = self._timelines.get(
            standing, lambda: self._worked_timeline(rules, game_id, done, shown, spans, picked)
        )
        return found, standing

    def _worked_timeline(
        self,
        rules: Any,
        game_id: str,
        done: list[Any],
        shown: list[bool],
        spans: list[tuple[int, int]],
        picked: list[int],
    ) -> list[dict[str, Any]]:
        first, last = picked[0], picked[-1]
        opened = done[first - 1].resolved_at if first > 0 else None
        window = done[first : last + 1]
        with self.database.reading() as session:
            events = rows.logged(
                session, game_id, min(r.first_seq for r in window), max(r.last_seq for r in window)
            )
            taken = submissions(session, game_id, opened, done[last].resolved_at)
        phases = _timeline(rules, events, window, taken, spans, as_utc(opened) if opened else None)
        return [p for p, on in zip(phases, reversed(shown[first : last + 1]), strict=True) if on]

    def campaigns_line(self, row: GameRow) -> dict[str, Any]:
        """The campaigns page's line of one game."""
        with self.database.reading() as session:
            clock = clock_row(session, row.id)
            outbox = outbox_by_game(session, [row.id]).get(row.id, (0, 0))
            last = last_received_by_game(session, [row.id]).get(row.id)
        read = self._read_states.get(_snapshot_key(row), lambda: _read_state(row.kind, row.state))
        return self._line(row, clock, outbox, last, read)

    def see_as(self, account: Account, game_id: str, seat: str, *, at: int | None = None) -> dict[str, Any]:
        """The game exactly as the character ``seat`` sees it: ``Views.player``, the players' own view;
        with ``at``, as they saw it after resolution number ``at`` (of those that count)."""
        self.game_row(account, game_id)
        upto = None
        if at is not None:
            with self.database.reading() as session:
                live = live_resolutions(session, game_id)
            if not 0 <= at < len(live):
                raise NoSuchGame(f"game {game_id!r} has no resolution number {at}")
            upto = live[at].last_seq
        return self.views.player(game_id, seat, upto=upto)

    def phases(self, account: Account, game_id: str) -> list[str]:
        """The phases resolved so far that count, in order (the steps of "see as" and the castle)."""
        self.game_row(account, game_id)
        with self.database.reading() as session:
            return [r.phase for r in live_resolutions(session, game_id)]

    def metrics(self) -> dict[str, Any]:
        """The numbers monitoring reads: games by state, the outbox, failures, mail in and out, all
        counted by the database (no game is loaded)."""
        with self.database.reading() as session:
            states = games_by_state(session)
            waiting, failed = outbox_totals(session)
            counted = totals(session)
        return {
            "games": {state: states.get(state, 0) for state in ("running", "paused", "finished", "failed")},
            "outbox_waiting": waiting,
            "outbox_failed": failed,
            **counted,
        }

    def answers(self) -> bool:
        """Whether the database answers (one query of a constant: what ``/healthz`` asks)."""
        with self.database.reading() as session:
            return answers(session)


def _state(row: GameRow, clock: ClockRow | None) -> str:
    """The game's state as the campaigns page names it (``referee.store.campaign_list.STATES``)."""
    if row.failed_at is not None:
        return "stopped"
    if row.finished:
        return "finished"
    return "paused" if clock is not None and clock.paused_at is not None else "running"


def _campaign_line(row: CampaignRow, state: str) -> dict[str, Any]:
    """The campaigns page's line of a campaign announced and not started."""
    return {
        "id": row.id,
        "kind": row.kind,
        "language": row.language,
        "source": CAMPAIGN,
        "state": state,
        "closes_at": as_utc(row.closes_at),
        "master": row.master_email or "",
    }


def _letter(notice: Any) -> dict[str, Any]:
    status = (
        "sent"
        if notice.sent_at
        else "failed"
        if notice.failed_at
        else "withdrawn"
        if notice.withdrawn_at
        else "waiting"
    )
    return {
        "id": notice.id,
        "template": notice.template,
        "phase": notice.phase,
        "at": as_utc(notice.created_at),
        "status": status,
        "attempts": notice.attempts,
        "error": notice.last_error if status != "sent" else None,
    }


def _timeline(
    rules: Any,
    events: list[Any],
    done: list[Any],
    taken: list[Any],
    spans: list[tuple[int, int]],
    opened: datetime | None = None,
) -> list[dict[str, Any]]:
    """The phases of ``done``, newest first: what was resolved at each, and the order texts received
    while it was open (the orders and mails that caused it; the first opened at ``opened``, if known);
    a resolution rolled back is there too, marked."""
    phases: list[dict[str, Any]] = []
    numbers = [e.seq for e in events]  # in order: each resolution's events are a slice of them
    received = [(as_utc(s.received_at), s) for s in taken]
    for resolution in done:
        closed = as_utc(resolution.resolved_at)
        happened = [
            {
                "seq": e.seq,
                "kind": e.kind,
                "data": e.data,
                "text": rules.describe(Event(e.kind, e.data, tuple(e.audience))),
                "withdrawn": is_withdrawn(e.seq, spans),
            }
            for e in events[
                bisect_left(numbers, resolution.first_seq) : bisect_right(numbers, resolution.last_seq)
            ]
        ]
        orders = [
            {"seat": s.seat, "at": at, "source": s.source, "text": s.text, "verdicts": s.verdicts}
            for at, s in received
            if (opened is None or at > opened) and at <= closed
        ]
        phases.append(
            {
                "phase": resolution.phase,
                "at": closed,
                "events": happened,
                "orders": orders,
                "withdrawn": resolution.withdrawn_at is not None,
                "attempt": resolution.attempt,
            }
        )
        opened = closed
    return list(reversed(phases))


def _timeline_standing(
    game_id: str, done: list[Any], shown: list[bool], spans: list[tuple[int, int]]
) -> tuple[Any, ...]:
    """What the timeline of the resolutions ``done`` marked ``shown`` is worked out from: each one's
    number and whether it was rolled back, and the spans withdrawn (talk and orders after the last of
    them change nothing of it until a phase is resolved or rolled back)."""
    picked = [i for i, on in enumerate(shown) if on]
    if not picked:
        return (game_id,)
    return (
        game_id,
        tuple((done[i].id, done[i].withdrawn_at) for i in range(max(picked[0] - 1, 0), picked[-1] + 1)),
        tuple(shown[picked[0] : picked[-1] + 1]),
        tuple(spans),
    )


def _snapshot_key(row: GameRow) -> tuple[str, str, int, str, bool]:
    """A key naming a game's stored state: its snapshot changes only with the event it was taken after
    (``last_seq``), or, when a resolution is rolled back, with its phase going back to the one reopened."""
    return (row.kind, row.id, row.last_seq, row.phase, bool(row.finished))


def _read_state(kind: str, raw: dict[str, Any]) -> dict[str, Any]:
    """What a line of the campaigns page shows of a game of ``kind`` whose stored state is ``raw``: its
    phase's label, its seats and the living among them, who is waited for; or why it cannot be read
    (``error``)."""
    try:
        rules = rules_for(kind)
        state = rules.load(raw)
        seats, alive = seats_alive(rules, state)
        label = rules.phase(state).label
    except Exception as error:
        return {"error": _unreadable(error)}
    try:  # asked only of a game that goes on: a game over may have no one to wait for
        waiting: tuple[str, ...] | str = tuple(rules.waiting(state))
    except Exception as error:
        waiting = _unreadable(error)
    return {"label": label, "seats": seats, "alive": alive, "waiting": waiting}


def _unreadable(error: Exception) -> str:
    return f"cannot be read: {type(error).__name__}: {error}"
