"""Notices: what a resolution or an order tells players, with the audience it may reach."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Notice:
    """A message for players, rendered later from the template ``template``.

    ``audience`` names the seats that receive it; nobody else may ever see it. The
    mail layer turns each notice into one mail per seat of its audience.
    """

    template: str
    audience: tuple[str, ...]
    data: dict[str, Any] = field(default_factory=dict)


REPLIES = frozenset({"answer", "refusal", "master_answer", "held", "too_big", "password_wait", "confirm"})
"""Notices that answer something a person sent: they keep the address and the message they
answer, and mail marks them ``Auto-Submitted: auto-replied`` (RFC 3834)."""
