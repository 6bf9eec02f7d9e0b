"""Named moments in the referee's work that a development tool may watch (crash points).

Production code only calls ``checkpoint("resolve")`` or ``checkpoint("sent")``; nothing
happens unless a tool registered a callback with ``on_checkpoint``.
"""

from __future__ import annotations

from collections.abc import Callable

_callbacks: list[Callable[[str], None]] = []


def on_checkpoint(callback: Callable[[str], None]) -> None:
    """Calls ``callback(point)`` each time any checkpoint is reached."""
    _callbacks.append(callback)


def checkpoint(point: str) -> None:
    """Marks that the work reached ``point``; every registered callback is told."""
    for callback in _callbacks:
        callback(point)
