"""Boundaries in batches: many games due at once resolved in one transaction.

A community's campaigns mostly share their deadlines, so at 10:00 thousands of games are due
together. Each is resolved exactly as alone (``Referee.resolve_within``: the same rules, rows
and notices, the same unique resolution key), but a batch of them shares one transaction and
one commit, reads the rows of all its games with a few queries before the first, and writes
what they wrote with one insert per table after the last (``referee.store.boundary``). A game
whose phase another process resolved first, or that stands still after an error, is left out,
and one whose rules fail drops what it wrote and is stopped once the batch is committed. If the
batch itself fails (its commit, an error of the database inside it, or a resolution key another
process took first), nothing of it is kept and its games are resolved again one at a time,
each in its own transaction, so that a broken game cannot hold back the rest.

Several processes may resolve the same boundary at once (``[service] workers``): on PostgreSQL
each batch takes the next due games that no other process holds (``resolve_next``, whose
transaction locks their rows as it picks them and passes over those locked elsewhere), so that the
processes share the games instead of waiting for each other's.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from datetime import datetime
from typing import TYPE_CHECKING

from referee.app.calendar import Due
from referee.app.errors import AlreadyResolved, GameStopped, RulesFailed
from referee.app.garbage import collector_paused
from referee.app.play import Resolved
from referee.core.rules import notice_kinds
from referee.games import rules_for
from referee.store.boundary import boundary
from referee.store.clocks import claim_due_rows
from referee.store.unit import Unit

if TYPE_CHECKING:
    from referee.app.operations import GameOperations

LOG = logging.getLogger("referee.batches")

BATCH = 100
"""How many due games share a transaction unless ``[service] boundary_batch`` says otherwise."""


def resolve_batch(referee: GameOperations, due: Sequence[Due]) -> list[Resolved | None]:
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
    _stop_failed(referee, due, failed)
    return results


def resolve_next(referee: GameOperations, until: datetime, limit: int) -> list[tuple[Due, Resolved | None]]:
    """Resolves the next ``limit`` games due at or before ``until``, the earliest deadlines first, each
    as of its own deadline, in one transaction; each with what resolving it did (None: not resolved).
    An empty list when none is left.

    On PostgreSQL the games are picked in the batch's own transaction and only among those no other
    process holds (a game resolved elsewhere, or whose mail is being taken in, is passed over: the
    caller waits for those afterwards if it must, with ``Calendar.due`` and ``resolve_batch``). On
    SQLite, one writer at a time, this is ``Calendar.due`` then ``resolve_batch``."""
    if referee.database.engine.dialect.name != "postgresql":
        due = referee.calendar.due(until, limit)
        return list(zip(due, resolve_batch(referee, due), strict=True))
    failed: list[RulesFailed] = []
    claimed: list[Due] = []
    try:
        with collector_paused(), referee.database.transaction() as session:
            claimed = [Due(*row) for row in claim_due_rows(session, until, limit)]
            results = _within(referee, session, claimed, failed) if claimed else []
    except Exception as error:
        if not claimed:
            raise  # nothing was picked: the database itself failed
        LOG.warning(
            "a batch of boundaries failed; resolving its games one at a time",
            extra={"games": len(claimed), "error": f"{type(error).__name__}: {error}"[:300]},
        )
        return [(item, referee.calendar.resolve_due(item)) for item in claimed]
    _stop_failed(referee, claimed, failed)
    return list(zip(claimed, results, strict=True))


def _stop_failed(referee: GameOperations, due: Sequence[Due], failed: list[RulesFailed]) -> None:
    """Stops each game whose rules failed in a batch, after its commit (each its own transaction)."""
    for rules_failed in failed:
        item = next(item for item in due if item.game_id == rules_failed.game_id)
        referee.stop(rules_failed.game_id, rules_failed.error, item.due_at)


def _together(
    referee: GameOperations, due: Sequence[Due], failed: list[RulesFailed]
) -> list[Resolved | None]:
    """Resolves ``due`` in one transaction; rules failures go to ``failed``."""
    with collector_paused(), referee.database.transaction() as session:
        return _within(referee, session, due, failed)


def _within(
    referee: GameOperations, session: Unit, due: Sequence[Due], failed: list[RulesFailed]
) -> list[Resolved | None]:
    """Resolves ``due`` inside ``session``'s transaction; rules failures go to ``failed``.

    What the games read is read for all of them first, and what they write is written for all of
    them last, one insert per table (``referee.store.boundary``): a game that fails or is left out
    drops what it wrote, and its rows are put back as they were read.
    """
    results: list[Resolved | None] = []
    due_phases = [(item.game_id, item.phase) for item in due]
    with boundary(session, due_phases, _notice_kinds) as batch:
        for item in due:
            try:
                resolved = referee.resolve_within(session, item.game_id, item.due_at, item.phase)
            except (AlreadyResolved, GameStopped):  # resolved elsewhere first, or standing still
                batch.drop(session, item.game_id)
                resolved = None
            except RulesFailed as rules_failed:
                batch.drop(session, item.game_id)
                failed.append(rules_failed)
                resolved = None
            else:
                batch.keep()
            results.append(resolved)
        batch.write(session)
        session.flush()
    return results


def _notice_kinds(kind: str) -> frozenset[str] | None:
    """The kinds of logged events the rules of games of ``kind`` read at a boundary (all for a kind
    this process does not know: its game fails when it is resolved, as it would alone)."""
    try:
        return notice_kinds(rules_for(kind))
    except KeyError:
        return None
