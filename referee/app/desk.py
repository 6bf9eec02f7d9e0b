"""The game-master's desk: every action a game-master takes, from any door, recorded.

The actions themselves are declared once, in ``referee.app.actions`` (``ACTIONS``). The desk carries
them out (``perform``), offers each as a typed method for programs and tests (pause with an optional
end, resume, shift one or all boundaries (TS-5), resolve now, roll back the last resolution, substitute
a player, resend a report, announce, enter orders, restart a game stopped on an error), and reads the
game-master's command language of mail (``commands``), one action a line, answered in the game's
language.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from referee.app.actions import ACTIONS, Acted, Call, GameMasterAction, Registry, Words, perform
from referee.app.audit import Actor
from referee.app.errors import RefereeError
from referee.app.operations import GameOperations
from referee.app.play import Resolved, Submitted, lock
from referee.app.refusals import refusal
from referee.app.rollback import RolledBack
from referee.core.notices import Notice
from referee.core.seats import MASTER
from referee.store.models import ClockRow, NoticeRow, SeatRow
from referee.store.unit import Unit

ADMIN = frozenset({"admin"})
"""The command line, the service and programs on the host: they may take every action."""
MASTER_ROLE = frozenset({"master"})
"""The game-master of the game, writing by mail."""

PAUSE_ENDED = Actor("service", "calendar: the pause ended")
"""Who resumes a game whose pause had an end."""

UNKNOWN = Words(
    "unknown command {word!r}; commands: {commands}",
    "команды «{word}» нет; команды: {commands}",
)
STANDS_STILL = Words(
    "the game stands still after an error in its rules; RETRY (or `referee retry {game}`) once it is fixed",
    "партия остановлена из-за ошибки в правилах; после исправления напишите ПЕРЕЗАПУСК "
    "(или выполните `referee retry {game}`)",
)
"""What a mail line is told that the registry does not say."""


@dataclass(frozen=True)
class Done:
    """What became of one command line: ``ok`` and a sentence for the game-master."""

    line: str
    ok: bool
    said: str


class Desk:
    """Game-master actions (those of ``actions``) on ``games``."""

    def __init__(self, games: GameOperations, actions: Registry = ACTIONS) -> None:
        self.games = games
        self.actions = actions

    def perform(
        self,
        name: str | GameMasterAction,
        game_id: str,
        values: dict[str, Any],
        now: datetime,
        actor: Actor,
        session: Unit | None = None,
        roles: frozenset[str] = ADMIN,
    ) -> Acted:
        """Carries out the action ``name`` (or the action itself) with ``values`` (read already) for
        an actor who is ``roles`` to the game, recorded in the audit log; returns what its work
        returned and its outcome."""
        call = Call(game_id, values, now, actor, roles)
        action = self.actions[name] if isinstance(name, str) else name
        return perform(self.games, action, call, session)

    def pause(
        self,
        game_id: str,
        now: datetime,
        actor: Actor,
        session: Unit | None = None,
        *,
        until: datetime | None = None,
    ) -> ClockRow:
        """Stops the game's clock: nothing resolves until ``resume`` (orders are still taken); with
        ``until`` the game resumes by itself then (``resume_ended``)."""
        values = {"until": until - now} if until is not None else {}
        return self.perform("pause", game_id, values, now, actor, session).value  # type: ignore[no-any-return]  # an action's value is typed by its declaration in the registry

    def resume(self, game_id: str, now: datetime, actor: Actor, session: Unit | None = None) -> ClockRow:
        """Restarts a paused clock; its deadlines move by the time it was paused."""
        return self.perform("resume", game_id, {}, now, actor, session).value  # type: ignore[no-any-return]  # an action's value is typed by its declaration in the registry

    def resume_ended(self, until: datetime) -> int:
        """Resumes every game whose pause ended at or before ``until``, each as of its own end (so the
        time paused is exactly what was asked, even after downtime); returns how many."""
        resumed = 0
        for game_id, ends in self.games.calendar.pauses_ending(until):
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
        session: Unit | None = None,
    ) -> ClockRow:
        """Moves the open phase's boundary by ``by`` (and every later one unless ``only``) — TS-5."""
        acted = self.perform("shift", game_id, {"by": by, "only": only}, now, actor, session)
        return acted.value  # type: ignore[no-any-return]  # an action's value is typed by its declaration in the registry

    def resolve(
        self,
        game_id: str,
        now: datetime,
        actor: Actor,
        session: Unit | None = None,
        *,
        expected_phase: str | None = None,
    ) -> Resolved:
        """Resolves the open phase now (with ``expected_phase``, only if that phase is the open one)."""
        acted = self.perform("resolve", game_id, {"phase": expected_phase}, now, actor, session)
        return acted.value  # type: ignore[no-any-return]  # an action's value is typed by its declaration in the registry

    def rollback(self, game_id: str, now: datetime, actor: Actor, session: Unit | None = None) -> RolledBack:
        """Withdraws the last resolution of the game so that its phase is resolved again: the log keeps
        both, the players who were written its report are told (``referee.app.rollback``)."""
        return self.perform("rollback", game_id, {}, now, actor, session).value  # type: ignore[no-any-return]  # an action's value is typed by its declaration in the registry

    def substitute(
        self, game_id: str, name: str, email: str, now: datetime, actor: Actor, session: Unit | None = None
    ) -> SeatRow:
        """Gives the seat ``name`` to a new player at ``email``, with a new token and password and
        their welcome letter; the old address stops working, and the seat's history keeps both."""
        values = {"seat": name, "email": email}
        try:
            return self.perform("substitute", game_id, values, now, actor, session).value  # type: ignore[no-any-return]  # an action's value is typed by its declaration in the registry
        except ValueError as error:  # an address no player can be reached at
            raise RefereeError(str(error)) from error

    def resend(
        self, game_id: str, name: str, now: datetime, actor: Actor, session: Unit | None = None
    ) -> NoticeRow:
        """Sends a seat's last report again."""
        return self.perform("resend", game_id, {"seat": name}, now, actor, session).value  # type: ignore[no-any-return]  # an action's value is typed by its declaration in the registry

    def announce(
        self, game_id: str, text: str, now: datetime, actor: Actor, session: Unit | None = None
    ) -> int:
        """Tells every player of the game ``text`` from the game-master."""
        return self.perform("announce", game_id, {"text": text}, now, actor, session).value  # type: ignore[no-any-return]  # an action's value is typed by its declaration in the registry

    def enter_orders(self, game_id: str, name: str, text: str, now: datetime, actor: Actor) -> Submitted:
        """Orders for the character ``name`` entered by the game-master, judged by the same rules as a
        player's mail (the same verdicts and answer data); the player is sent nothing but the talk relays.
        The text is cleaned as a mail's is (``clean_text``)."""
        return self.perform("orders", game_id, {"seat": name, "text": text}, now, actor).value  # type: ignore[no-any-return]  # an action's value is typed by its declaration in the registry

    def retry(self, game_id: str, now: datetime, actor: Actor) -> int:
        """Starts a game stopped on an error again: the orders held meanwhile are judged in the order
        they came, and the calendar resumes (missed boundaries then fall due). Returns how many were
        judged. If the rules fail again the game stays stopped, with the new error."""
        return self.perform("retry", game_id, {}, now, actor).value  # type: ignore[no-any-return]  # an action's value is typed by its declaration in the registry

    def commands(self, game_id: str, text: str, now: datetime, actor: Actor, session: Unit) -> list[Done]:
        """Carries out every line of ``text`` in the game-master's command language, in order, inside
        ``session``; a line that fails changes nothing and says why. Every sentence is in the game's
        language."""
        results = []
        row = lock(session, game_id).row
        language, kind = row.language, row.kind
        for line in (raw.strip() for raw in text.splitlines()):
            if not line:
                continue
            word, _, rest = line.partition(" ")
            action = self.actions.named(word)
            if action is None or not action.on("mail"):
                shown = ", ".join(a.keywords[language if language in a.keywords else "en"][0].upper()
                                  for a in self.actions.on("mail"))  # fmt: skip
                results.append(Done(line, False, UNKNOWN.of(language).format(word=word, commands=shown)))
                continue
            if lock(session, game_id).row.failed_at is not None and not action.when_stopped:
                results.append(Done(line, False, STANDS_STILL.of(language).format(game=game_id)))
                continue
            try:
                acted = self.perform(
                    action.name, game_id, action.read(rest), now, actor, session, MASTER_ROLE
                )
            except (RefereeError, ValueError) as error:
                results.append(Done(line, False, refusal(error, language)))
            else:
                results.append(Done(line, True, action.sentence(acted.outcome, language, kind)))
        return results


def master_answer(results: list[Done]) -> Notice:
    """The game-master's answer: every line and what became of it."""
    return Notice("master_answer", (MASTER,), {"results": [vars(r) for r in results]})
