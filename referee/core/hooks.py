"""Checkpoints: moments the service names so that tools outside it can act there.

``checkpoint(point)`` calls every callback registered with ``on_checkpoint``; none are
registered in production, so a checkpoint does nothing. The fault tests register one
(``referee.testing.faults.install``) that kills the process at a chosen point. Points:
``resolve`` (a resolution written, not yet committed) and ``sent`` (a mail taken by the
server, not yet recorded as sent).
"""

from __future__ import annotations

from collections.abc import Callable

Checkpoint = Callable[[str], None]
"""A callback told the name of each checkpoint reached."""

_callbacks: list[Checkpoint] = []


def on_checkpoint(callback: Checkpoint) -> None:
    """Calls ``callback(point)`` at every checkpoint from now on."""
    _callbacks.append(callback)


def checkpoint(point: str) -> None:
    """Tells every registered callback that ``point`` is reached; nothing without callbacks."""
    for callback in _callbacks:
        callback(point)
