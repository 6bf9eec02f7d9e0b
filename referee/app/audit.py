"""The game-master's actions, recorded: who, through which channel, when, what, and the result.

Every action a game-master takes (from the command line, by mail or on the web) goes
through ``Audit.act``: the action and its record are one transaction, and an action
that fails is recorded too, with the reason, in a transaction of its own.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any, TypeVar

from referee.app.errors import RefereeError
from referee.store.models import AuditRow
from referee.store.records import add_audit, audit_rows
from referee.store.transactions import Database
from referee.store.unit import Unit

T = TypeVar("T")


@dataclass(frozen=True)
class Actor:
    """Who acts, and through which door: ``channel`` is "cli", "mail", "web" or "service"."""

    channel: str
    who: str


COMMAND_LINE = Actor("cli", "command line")
"""The game-master at the command line (whoever can run ``referee`` on the host)."""


@dataclass(frozen=True)
class Action:
    """One entry of the audit log, as shown to a game-master."""

    at: datetime
    game_id: str | None
    channel: str
    actor: str
    action: str
    detail: dict[str, Any]
    ok: bool
    result: str


class Audit:
    """Carries out game-master actions and keeps the log of them in ``database``."""

    def __init__(self, database: Database) -> None:
        self.database = database

    def act(
        self,
        actor: Actor,
        game_id: str | None,
        action: str,
        detail: dict[str, Any],
        now: datetime,
        work: Callable[[Unit], tuple[T, str]],
        session: Unit | None = None,
    ) -> T:
        """Runs ``work(session)`` in one transaction with its audit record; ``work`` returns its value
        and a sentence saying what it did. A refused action is recorded with its reason and re-raised.

        Inside ``session`` (a transaction the caller holds) the action is a savepoint of it: a
        refused action changes nothing, and its record is kept with the caller's work.
        """
        if session is not None:
            try:
                with session.begin_nested():
                    value, said = work(session)
            except (RefereeError, ValueError) as error:
                add_audit(session, _row(actor, game_id, action, detail, now, False, str(error)))
                raise
            add_audit(session, _row(actor, game_id, action, detail, now, True, said))
            return value
        try:
            with self.database.transaction() as session:
                value, said = work(session)
                add_audit(session, _row(actor, game_id, action, detail, now, True, said))
                return value
        except (RefereeError, ValueError) as error:
            self.refused(actor, game_id, action, detail, now, str(error))
            raise

    def refused(
        self, actor: Actor, game_id: str | None, action: str, detail: dict[str, Any], now: datetime, why: str
    ) -> None:
        """Records an action that was refused or failed, with why, in a transaction of its own."""
        with self.database.transaction() as session:
            add_audit(session, _row(actor, game_id, action, detail, now, False, why))

    def actions(self, game_id: str | None = None) -> list[Action]:
        """The audit log (of ``game_id``, or of everything), oldest first."""
        with self.database.reading() as session:
            return [
                Action(r.at, r.game_id, r.channel, r.actor, r.action, r.detail, r.ok, r.result)
                for r in audit_rows(session, game_id)
            ]


def _row(
    actor: Actor, game_id: str | None, action: str, detail: dict[str, Any], now: datetime, ok: bool, said: str
) -> AuditRow:
    return AuditRow(
        at=now,
        game_id=game_id,
        channel=actor.channel,
        actor=actor.who,
        action=action,
        detail=detail,
        ok=ok,
        result=said[:1000],
    )
