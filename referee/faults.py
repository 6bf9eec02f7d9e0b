"""Crash points for the fault tests: ``REFEREE_CRASH_AT=<point>:<n>`` kills the process outright
(SIGKILL, no clean-up) the n-th time it reaches ``<point>``.

A crash in the middle of a transaction or between handing a mail to the server and
recording it cannot be caused from outside at a chosen moment, so the service names
these moments itself. Points: ``resolve`` (a resolution written, not yet committed)
and ``sent`` (a mail taken by the server, not yet recorded as sent). Unset, nothing
happens.
"""

from __future__ import annotations

import os
import signal

VARIABLE = "REFEREE_CRASH_AT"

_reached: dict[str, int] = {}


def crash_point(point: str) -> None:
    """Kills this process if ``$REFEREE_CRASH_AT`` names ``point`` and this is its n-th time here."""
    wanted = os.environ.get(VARIABLE)
    if not wanted or not wanted.startswith(f"{point}:"):
        return
    _reached[point] = _reached.get(point, 0) + 1
    if _reached[point] == int(wanted.partition(":")[2]):
        os.kill(os.getpid(), signal.SIGKILL)
