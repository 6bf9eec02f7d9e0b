"""Crash points for the fault tests: ``REFEREE_CRASH_AT=<point>:<n>`` kills the process outright
(SIGKILL, no clean-up) the n-th time it reaches ``<point>``.

A crash in the middle of a transaction or between handing a mail to the server and
recording it cannot be caused from outside at a chosen moment, so the service names
these moments itself as checkpoints (``referee.core.hooks``): ``resolve`` (a resolution
written, not yet committed) and ``sent`` (a mail taken by the server, not yet recorded
as sent). Nothing happens unless ``install()`` was called (``python -m referee.testing``
does) and the variable is set.
"""

from __future__ import annotations

import os
import signal

from referee.core.hooks import on_checkpoint

VARIABLE = "REFEREE_CRASH_AT"

_reached: dict[str, int] = {}
_installed = False


def crash_point(point: str) -> None:
    """Kills this process if ``$REFEREE_CRASH_AT`` names ``point`` and this is its n-th time here."""
    wanted = os.environ.get(VARIABLE)
    if not wanted or not wanted.startswith(f"{point}:"):
        return
    _reached[point] = _reached.get(point, 0) + 1
    if _reached[point] == int(wanted.partition(":")[2]):
        os.kill(os.getpid(), signal.SIGKILL)


def install() -> None:
    """Arms the crash points in this process: every checkpoint goes through ``crash_point``; once only."""
    global _installed
    if not _installed:
        on_checkpoint(crash_point)
        _installed = True
