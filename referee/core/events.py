"""Events: the append-only record of everything that happens in a game.

State is never edited in place: a game's state is the fold of its events through the
game's ``apply`` function. Every event says who may see it (its audience).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

EVERYONE = "*"
"""Audience marker: every seat of the game may see the event."""


@dataclass(frozen=True)
class Event:
    """One thing that happened, as JSON-ready data.

    ``audience`` lists the seats that may see it; ``(EVERYONE,)`` makes it public and an
    empty tuple keeps it for the game-master alone.
    """

    kind: str
    data: dict[str, Any] = field(default_factory=dict)
    audience: tuple[str, ...] = ()

    def visible_to(self, seat: str) -> bool:
        """Whether the seat named ``seat`` may see this event."""
        return EVERYONE in self.audience or seat in self.audience

    def to_json(self) -> dict[str, Any]:
        """The event as a JSON-ready dictionary."""
        return {"kind": self.kind, "data": self.data, "audience": list(self.audience)}
