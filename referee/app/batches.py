"""Boundaries in batches: many games due at once resolved in one transaction, a savepoint each.

A community's campaigns mostly share their deadlines, so at 10:00 thousands of games are due
together. Each is resolved exactly as alone (``Referee.resolve_within``: the same rules, rows
and notices, the same unique resolution key), but a batch of them shares one transaction and
one commit. Each game has its own savepoint: a game whose phase another process resolved first,
or that stands still after an error, is left out, and one whose rules fail is rolled back alone
and stopped once the batch is committed. If the batch itself fails (its commit, or an error of
the database inside it), nothing of it is kept and its games are resolved again one at a time,
each in its own transaction, so that a broken game cannot hold back the rest.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING

from sqlalchemy.exc import IntegrityError

from referee.app.calendar import Due
from referee.app.errors import AlreadyResolved, GameStopped, RulesFailed
from referee.app.play import Resolved

if TYPE_CHECKING:
    from referee.app.referee import Referee

LOG = logging.getLogger("referee.batches")

BATCH = 100
"""How many due games share a transaction unless ``[service] boundary_batch`` says otherwise."""


def resolve_batch(referee: Referee, due: Sequence[Due]) -> list[Resolved | None]:
    """Resolves every game of ``due``, each as of its own deadline, in one transaction; for each, what
    resolving it did, or None when it was not resolved (done elsewhere first, or stopped)."""
    if len(due) == 1:
        return [referee.calendar.resolve_due(due[0])]
    failed: list[RulesFailed] = []
    try:
        results = _together(referee, due, failed)
    except Exception as error:  # the batch failed as a whole: one game at a time, each alone
        LOG.warning(
            "a batch of boundaries failed; resolving its games one at a time",
            extra={"games": len(due), "error": f"{type(error).__name__}: {error}"[:300]},
        )
        return [referee.calendar.resolve_due(item) for item in due]
    for rules_failed in failed:  # after the commit: stopping a game is its own transaction
        item = next(item for item in due if item.game_id == rules_failed.game_id)
        referee.stop(rules_failed.game_id, rules_failed.error, item.due_at)
    return results


def _together(referee: Referee, due: Sequence[Due], failed: list[RulesFailed]) -> list[Resolved | None]:
    """Resolves ``due`` in one transaction, a savepoint per game; rules failures go to ``failed``."""
    results: list[Resolved | None] = []
    with referee.database.transaction() as session:
        for item in due:
            try:
                with session.begin_nested():
                    resolved = referee.resolve_within(session, item.game_id, item.due_at, item.phase)
            except (AlreadyResolved, GameStopped, IntegrityError):  # the key: resolved elsewhere first
                resolved = None
            except RulesFailed as rules_failed:
                failed.append(rules_failed)
                resolved = None
            if not session.info.get("depth"):  # alone, not inside a batch of mail (which expunges itself)
                session.expunge_all()  # written and flushed: the next game starts from a clean session
            results.append(resolved)
    return results
