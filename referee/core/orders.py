"""Orders as received, and the verdict on each line of them."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any


@dataclass(frozen=True)
class Submission:
    """A batch of order text from one seat: one mail, one CLI call or one web form.

    ``received_at`` is when the referee received it (never the sender's own clock) and
    ``source`` names the channel ("cli", "mail:<message-id>", …).
    """

    seat: str
    text: str
    received_at: datetime
    source: str


@dataclass(frozen=True)
class LineVerdict:
    """What became of one line of a submission.

    ``accepted`` lines carry ``understood`` (a canonical rendering of the order) and
    rejected ones a ``reason`` code with its ``params`` for the templates to phrase.
    """

    line: str
    accepted: bool
    understood: dict[str, Any] = field(default_factory=dict)
    reason: str = ""
    params: dict[str, Any] = field(default_factory=dict)
