"""When a player wants the answers to their own orders: mailed at once (``NOW``), or folded into their
next report (``IN_REPORT``) — a setting of the seat, the same in every game that keeps it.

The player writes it as a whole line: ``ANSWERS NOW`` / ``ANSWERS IN REPORT`` («ОТВЕТЫ СРАЗУ» /
«ОТВЕТЫ В СВОДКЕ»). It is kept as an ``answers_chosen`` event only the chooser sees; a game that keeps
it in its state says so with ``GameRules.answers_in_report``.

The default is ``NOW``: in a game whose next report comes after the deadline of the orders it would
confirm, only an answer mailed at once lets a player see in time that an order was read otherwise
than meant. And whatever the choice, an answer that refuses a line, asks "did you mean …?", could
not read the mail, or was asked for (HELP, STATUS) is mailed at once (``foldable``): only answers in
which every line was taken are folded, into an ``answer_folded`` event the next report reads.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, Protocol

from referee.core.events import Event
from referee.core.keywords import order_lines
from referee.core.orders import LineVerdict, Order, Submission, Unreadable
from referee.core.seats import fold_name

NOW = "now"
"""Every answer is mailed as soon as the orders are read."""

IN_REPORT = "report"
"""Answers in which every line was taken wait for the next report and are told in it."""

KIND = "answers"
"""The kind of the order, and of what a verdict on it understood."""

CHOSEN = "answers_chosen"
"""The event that keeps a seat's choice: ``{"character": seat, "answers": NOW | IN_REPORT}``."""

FOLDED = "answer_folded"
"""The event that keeps an answer not mailed for the next report of its seat: ``{"character": seat,
"verdicts": [...], "removed": [...]}`` (what the answer mail would have said)."""

PHRASES: dict[str, str] = {
    "answers now": NOW, "answers at once": NOW, "answer now": NOW, "replies now": NOW,
    "answers in report": IN_REPORT, "answers in reports": IN_REPORT, "answers in the report": IN_REPORT,
    "answer in report": IN_REPORT, "replies in report": IN_REPORT,
    "ответы сразу": NOW, "отвечать сразу": NOW, "ответы немедленно": NOW,
    "ответы в сводке": IN_REPORT, "ответы в сводках": IN_REPORT, "ответы сводкой": IN_REPORT,
    "отвечать в сводке": IN_REPORT,
}  # fmt: skip
"""Every way to write the order (folded, without punctuation) and the choice it makes."""

LINES: dict[str, dict[str, str]] = {
    NOW: {"en": "ANSWERS NOW", "ru": "ОТВЕТЫ СРАЗУ"},
    IN_REPORT: {"en": "ANSWERS IN REPORT", "ru": "ОТВЕТЫ В СВОДКЕ"},
}
"""The order that makes each choice, as the help of each language writes it."""

_PUNCTUATION = str.maketrans(dict.fromkeys(".,;:!?«»\"'—-", " "))

_AT_ONCE = frozenset({"help", "status", KIND})
"""Kinds of accepted lines whose answer is never folded: requests, and the choice of this setting."""


def read_choice(text: str) -> dict[str, str] | None:
    """The arguments of an answers order if the whole of ``text`` is one, else None (the line is then
    read as any other)."""
    choice = PHRASES.get(fold_name(text.translate(_PUNCTUATION)))
    return None if choice is None else {KIND: choice}


def read_lines_with_choice(
    text: str, read_line: Callable[[str], list[Order | Unreadable]], *, drop_bullets: bool = False
) -> list[Order | Unreadable]:
    """Every non-blank line of ``text`` read as the orders it holds: a line that is wholly an answers
    order is that order, any other is read by the game's ``read_line``."""
    items: list[Order | Unreadable] = []
    for line in order_lines(text, drop_bullets=drop_bullets):
        choice = read_choice(line)
        items += [Order(line, KIND, choice)] if choice is not None else _asked_once(read_line(line))
    return items


_ASKED = frozenset({"help", "status"})
"""Requests that a line asking twice ("HELP me please. What are the commands?") makes once."""


def _asked_once(items: list[Order | Unreadable]) -> list[Order | Unreadable]:
    """``items`` of one line with a request made again after the same one dropped."""
    kept: list[Order | Unreadable] = []
    for item in items:
        asked = item.kind if isinstance(item, Order) and item.kind in _ASKED else ""
        if asked and any(isinstance(done, Order) and done.kind == asked for done in kept):
            continue
        kept.append(item)
    return kept


def choose(submission: Submission, order: Order) -> tuple[LineVerdict, list[Event]]:
    """Accepts an answers order: from now on the sender's answers come as ``order.args[KIND]`` says."""
    return chosen_by(submission.seat, order)


def chosen_by(seat: str, order: Order) -> tuple[LineVerdict, list[Event]]:
    """Accepts ``seat``'s answers order: from now on their answers come as ``order.args[KIND]`` says."""
    choice = order.args[KIND]
    understood = {"kind": KIND, KIND: choice, "notes": []}
    event = Event(CHOSEN, {"character": seat, KIND: choice}, (seat,))
    return LineVerdict(order.line, True, understood=understood), [event]


def choice_after(choices: Mapping[str, str], data: Mapping[str, Any]) -> dict[str, str]:
    """The choices by seat after a ``answers_chosen`` event with ``data``."""
    return {**choices, str(data["character"]): str(data[KIND])}


def seats_after(seats: tuple[str, ...], data: Mapping[str, Any]) -> tuple[str, ...]:
    """The seats reading their answers in reports (``IN_REPORT``) after an ``answers_chosen`` event with
    ``data``, for a game that keeps them as a tuple of seats."""
    seat = str(data["character"])
    kept = tuple(s for s in seats if s != seat)
    return (*kept, seat) if data[KIND] == IN_REPORT else kept


class Logged(Protocol):
    """An event as the log keeps it (an ``Event`` or a stored row of one)."""

    @property
    def kind(self) -> str: ...

    @property
    def data(self) -> Any: ...


def chosen_in(log: Iterable[Logged], seat: str) -> str:
    """The answers setting ``seat`` chose last among the events ``log`` (``NOW`` if never)."""
    choice = NOW
    for event in log:
        if event.kind == CHOSEN and event.data.get("character") == seat:
            choice = str(event.data[KIND])
    return choice


def foldable(verdicts: Iterable[LineVerdict]) -> bool:
    """Whether an answer with ``verdicts`` may wait for the next report: it took at least one line, took
    every line, and answers no request (HELP, STATUS) nor a choice of this very setting (whose answer
    says at once that it was taken)."""
    verdicts = list(verdicts)
    return bool(verdicts) and all(v.accepted and v.understood.get("kind") not in _AT_ONCE for v in verdicts)


def folded(seat: str, answer: Mapping[str, Any]) -> Event:
    """The event keeping, for ``seat``'s next report, what the answer ``answer`` would have said."""
    verdicts, removed = list(answer.get("verdicts", [])), list(answer.get("removed", []))
    data = {"character": seat, "verdicts": verdicts, "removed": removed}
    return Event(FOLDED, data, (seat,))


def folded_for(events: Iterable[Event], seat: str) -> list[dict[str, Any]]:
    """What the answers folded for ``seat`` among ``events`` said, oldest first."""
    return [e.data for e in events if e.kind == FOLDED and e.data.get("character") == seat]
