"""Orders as received, and the verdict on each line of them."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, TypeVar

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


@dataclass(frozen=True)
class Order:
    """One line a game's parser read as an order: ``kind`` with its ``args``."""

    line: str
    kind: str
    args: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Unreadable:
    """One line that is not a valid order, with the ``reason`` code and its ``params``.

    ``is_order`` tells whether the line is or resembles an order (it began with an order
    keyword, or nearly did): a line that does not is table talk (see ``talk_beside_orders``).
    """

    line: str
    reason: str
    params: dict[str, Any] = field(default_factory=dict)
    is_order: bool = True


def asked_for_status(verdicts: Iterable[LineVerdict]) -> bool:
    """Whether one of ``verdicts`` is an accepted STATUS line (the answer then carries the whole view)."""
    return any(verdict.accepted and verdict.understood.get("kind") == "status" for verdict in verdicts)


Problem = tuple[str, dict[str, Any]]
"""Why a line's arguments cannot be read: a reason code and its parameters."""


OrderT = TypeVar("OrderT", bound=Order)


def talk_beside_orders(
    items: Sequence[OrderT | Unreadable],
    key: str,
    joiner: str,
    make: Callable[[str, str, dict[str, Any]], OrderT],
) -> list[OrderT | Unreadable]:
    """The lines of a text that neither are nor resemble orders, said aloud as one "say" order.

    In one text, a line read as an order stays an order and a line that resembles one but
    cannot be read stays refused (so a typo never becomes talk); every other line is table
    talk. The talk lines, joined by ``joiner`` in the order written, go in ``args[key]``, and
    the lines themselves in ``args["talk"]``; the order stands where the first of them stood.
    A text with no orders at all is thus talk. ``make`` builds the order (``Order`` or a game's
    own subclass).
    """
    talk = [item for item in items if isinstance(item, Unreadable) and not item.is_order]
    if not talk:
        return list(items)
    said = joiner.join(item.line for item in talk)
    spoken = make(said, "say", {key: said, "talk": [item.line for item in talk]})
    result: list[OrderT | Unreadable] = []
    for item in items:
        if item is talk[0]:
            result.append(spoken)
        elif not any(item is line for line in talk):
            result.append(item)
    return result


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
