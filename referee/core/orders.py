"""Orders as received, and the verdict on each line of them."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol, TypeVar

from referee.core.events import Event


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


class Unreadable(Protocol):
    """A line a game's parser could not read as an order, with the reason why."""

    line: str
    reason: str
    params: dict[str, Any]


S = TypeVar("S")
T = TypeVar("T")
Judge = Callable[[S, T], tuple[LineVerdict, list[Event]]]


def refused(item: Unreadable) -> tuple[LineVerdict, list[Event]]:
    """The verdict on a line that could not be read: refused with its reason, no events."""
    return LineVerdict(item.line, False, reason=item.reason, params=item.params), []


def judge_in_turn(
    state: S,
    items: Sequence[T],
    judge: Judge[S, T],
    apply: Callable[[S, Event], S],
    order: Sequence[int] | None = None,
) -> tuple[list[LineVerdict], list[Event]]:
    """Judges the lines ``items`` one at a time, each against the state the lines before it left.

    ``order`` (positions in ``items``) may judge some lines first; the verdicts come back
    in the lines' own order, the events in the order they happened.
    """
    verdicts: dict[int, LineVerdict] = {}
    events: list[Event] = []
    for position in order if order is not None else range(len(items)):
        verdict, new = judge(state, items[position])
        for event in new:
            state = apply(state, event)
        verdicts[position] = verdict
        events.extend(new)
    return [verdicts[position] for position in range(len(items))], events
