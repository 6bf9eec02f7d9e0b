"""What a person is shown: one seat's view, the game-master's view, and how the referee stands.

No view holds a token, a password or the text of a mail.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from referee.app.operations import GameOperations
from referee.app.standing import status_report, zone_key
from referee.core.events import Event
from referee.core.kept import Kept
from referee.core.rules import chronicle, fold, notebook, openness, visible
from referee.core.utc import as_utc
from referee.games import rules_for
from referee.store import games as rows
from referee.store.clocks import clock_row
from referee.store.rollbacks import withdrawn_spans
from referee.store.seats import seat_rows
from referee.store.status import read_status, session_runner


class Logs:
    """The logs of the last ``size`` games read, each as it stood at its last event read: a game's log
    only grows at its end while no rollback withdraws a span of it, so a game that moved on is caught up
    by reading the events logged since, not the whole log again; a new span withdrawn reads it afresh."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._kept: OrderedDict[str, tuple[tuple[Any, ...], int, list[Event]]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, session: Any, game_id: str, last_seq: int, spans: tuple[Any, ...]) -> list[Event]:
        """The events of ``game_id`` that count, up to number ``last_seq`` (the game's last now), read
        in ``session`` where it is not kept."""
        with self._lock:
            kept = self._kept.get(game_id)
            if kept is not None:
                self._kept.move_to_end(game_id)
        if kept is not None and kept[0] == spans and kept[1] == last_seq:
            return kept[2]
        if kept is not None and kept[0] == spans and kept[1] < last_seq:
            log = kept[2] + rows.log(session, game_id, last_seq, after=kept[1])
        else:
            log = rows.log(session, game_id, last_seq)
        with self._lock:
            now = self._kept.get(game_id)
            if now is None or now[0] != spans or now[1] <= last_seq:  # never one older than kept
                self._kept[game_id] = (spans, last_seq, log)
                self._kept.move_to_end(game_id)
            while len(self._kept) > self.size:
                self._kept.popitem(last=False)
        return log


class Views:
    """Views onto ``games``.

    A game's current state stands for its log up to event ``last_seq`` less the spans rollbacks
    withdrew; events are only ever appended after it, so that pair names what the game is now
    (``_standing``). What is worked out from it alone — each seat's view and notebook, its openness —
    is kept per standing: a page opened again at the same standing reads no log and deduces nothing,
    and a game that moves on is worked out afresh from its log, of which only the events logged since
    it was last read are read (``Logs``)."""

    def __init__(self, games: GameOperations) -> None:
        self.games = games
        self.database = games.database
        self.timekeeper = games.timekeeper
        self._logs = Logs(16)
        self._worked = Kept(256)

    def _standing(self, game_id: str) -> tuple[Any, tuple[Any, ...], list[Event]]:
        """The game's row, the key of its standing now, and its log (kept per standing)."""
        with self.database.reading() as session:
            row = rows.game_row(session, game_id)
            if row is None:
                raise KeyError(game_id)
            spans = tuple(withdrawn_spans(session, game_id))
            key = (game_id, row.last_seq, spans)
            log = self._logs.get(session, game_id, row.last_seq, spans)
        return row, key, log

    def player(self, game_id: str, name: str, *, upto: int | None = None) -> PlayerView:
        """Exactly what the character ``name`` knows (TS-3: only what it may see); with ``upto``, what
        it knew once event number ``upto`` was logged (the log up to it, folded afresh)."""
        seat = self.games.seat(game_id, name)
        if upto is not None:
            with self.database.reading() as session:
                row = rows.game_row(session, game_id)
                log = rows.log(session, game_id, upto)
            assert row is not None  # ``seat`` found the game
            return _player(rules_for(row.kind), fold(rules_for(row.kind), log), log, seat.name)
        return self.player_standing(self._standing(game_id), seat.name)

    def standing(self, game_id: str) -> tuple[Any, tuple[Any, ...], list[Event]]:
        """The game's row, the key of its standing now and its log that counts (kept per standing): what
        a page reads once and works out all it shows from (``player_standing``, ``worked``)."""
        return self._standing(game_id)

    def player_standing(self, standing: tuple[Any, tuple[Any, ...], list[Event]], name: str) -> PlayerView:
        """What the character called exactly ``name`` knows at ``standing`` (``standing()``)."""
        row, key, log = standing
        rules = rules_for(row.kind)
        view: PlayerView = self._worked.get(
            (*key, "player", name), lambda: _player(rules, rules.load(row.state), log, name)
        )
        return view.copy()

    def worked(self, standing: tuple[Any, tuple[Any, ...], list[Event]], what: Any, work: Any) -> Any:
        """``work()`` worked out once per ``standing`` of the game and ``what`` (kept like the views)."""
        return self._worked.get((*standing[1], "worked", what), work)

    def chronicle(self, game_id: str) -> dict[str, Any]:
        """The whole story of a finished game, for everyone who may read the game (TS-24: at the end
        nothing is secret); {} while it runs, or for a game whose rules tell none."""
        loaded = self.games.load(game_id)
        if not loaded.rules.finished(loaded.state):
            return {}
        with self.database.reading() as session:
            log = rows.log(session, game_id)
        return chronicle(loaded.rules, loaded.state, log)

    def master(self, game_id: str) -> dict[str, Any]:
        """Everything, for the game-master: the rules' view, the schedule, the deadline in the game's
        time zone, every seat's address and who held each seat when, and a failure if there is one."""
        loaded = self.games.load(game_id)
        view = loaded.rules.master_view(loaded.state)
        with self.database.reading() as session:
            clock = clock_row(session, game_id)
            seats = seat_rows(session, game_id)
        view["schedule"] = loaded.row.schedule
        view["deadline"] = None
        if clock is not None and clock.due_at is not None and self.timekeeper is not None:
            zone = self.timekeeper.zone(loaded.row)
            view["deadline"] = as_utc(clock.due_at).astimezone(zone).isoformat()
        view["paused"] = clock is not None and clock.paused_at is not None
        view["paused_until"] = as_utc(clock.resume_at).isoformat() if clock and clock.resume_at else None
        view["emails"] = {seat.name: seat.email for seat in seats}
        for character in view.get("characters", []):
            character["email"] = view["emails"].get(character["name"], "")
        view["failure"] = loaded.row.failure
        view["label"] = loaded.rules.phase(loaded.state).label
        view["time_zone"] = self._zone(loaded.row)
        view["start"] = loaded.row.settings.get("start")
        view["awaited"] = [] if view["finished"] else list(loaded.rules.waiting(loaded.state))
        if loaded.rules.finished(loaded.state):
            view["chronicle"] = self.chronicle(game_id)
        elif getattr(loaded.rules, "openness", None) is not None:
            row, key, log = self._standing(game_id)
            rules = rules_for(row.kind)
            view["openness"] = self._worked.get(
                (*key, "openness"), lambda: openness(rules, rules.load(row.state), log)
            )
        return view

    def _zone(self, row: Any) -> str:
        """The key of the game's time zone (its schedule's, as kept when it was created); "" if unknown."""
        return zone_key(row, self.timekeeper)

    def status(self) -> dict[str, Any]:
        """How the referee stands, as JSON-ready data (``status_report``)."""
        with self.database.reading() as session:
            rows = read_status(session_runner(session))
        return status_report(rows, self._zone)


class PlayerView(dict[str, Any]):
    """What a seat knows, whose notebook is worked out only once something reads it (``view["notebook"]``,
    ``v.notebook`` in a template): checking a seat still plays, or a part of a page without the
    notebook, costs no notebook. A copy shares the notebook worked out, once."""

    def __init__(self, view: dict[str, Any], later: Callable[[], dict[str, Any]] | None) -> None:
        super().__init__(view)
        self._later = later
        self._kept: list[dict[str, Any]] = []

    def copy(self) -> PlayerView:
        twin = PlayerView(self, self._later)
        twin._kept = self._kept
        return twin

    def whole(self) -> dict[str, Any]:
        """The view as plain data, its notebook worked out and in it (if the seat keeps one)."""
        try:
            return {**self, "notebook": self["notebook"]}
        except KeyError:
            return dict(self)

    def __missing__(self, key: str) -> Any:
        if key != "notebook" or self._later is None:
            raise KeyError(key)
        if not self._kept:
            self._kept.append(self._later())
        if not self._kept[0]:
            raise KeyError(key)
        return self._kept[0]


def _player(rules: Any, state: Any, log: list[Event], seat: str) -> PlayerView:
    """What ``seat`` knows in ``state`` from ``log``, with its notebook (worked out when read) while it
    lives."""
    view = rules.player_view(state, seat, visible(log, seat))
    if not view.get("alive", True):
        return PlayerView(view, None)
    return PlayerView(view, lambda: notebook(rules, state, log, seat))
