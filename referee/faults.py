"""Temporary shim: ``referee.store.games`` and ``referee.mail.delivery`` still import ``crash_point``
from here. It is removed when those two callers move to ``referee.core.hooks.checkpoint``.

The crash points themselves (``REFEREE_CRASH_AT``) live in ``referee.testing.faults``.
"""

from referee.core.hooks import checkpoint as crash_point

__all__ = ["crash_point"]
