"""A sentence read as no order, read again as clauses: orders and scenery side by side.

Players join an order to the story around it with a comma, "and", "where", «где», «а»: "She slips out of
the Hall and makes her way to the Study, where the old clocks tick", "Anna opens every cupboard, hunting
for the Sink and the Petrol", «Кухня, ищу нож и верёвку». Such a sentence is cut at those joints into the
fewest clauses of which each is either orders alone or scenery that names no room and no card; every room
and card of the sentence is then in an order, so no plan is left out or said aloud. Two orders of one kind
for one time ("go to the Kitchen, no, the Garage") make no reading: that is a question for the writer.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from referee.core.orders import Order, Unreadable

_JOINT = re.compile(
    r"\s*[,;]\s*(?:(?:and|then|и|а|потом|затем)\s+)?|(?<!\d)\s*:\s*(?!\d)|\s+[—–-]\s+|\s*-{2,}\s*"
    r"|\s+(?:and|then|where|while|whereupon|but|и|а|но|потом|затем|где|пока|после\s+чего)\s+",
    re.I,
)
"""Where one clause of a sentence may end and the next begin."""

_MOST_JOINTS = 10
"""The most joints a sentence is cut at (the cost grows as their square)."""

_WIDEST = 4
"""The most joints one clause may span: a clause is read as a line of its own, which costs."""

_ONCE = frozenset({"move", "search", "cancel"})
"""Orders of which one time holds one ("cancel" is also how staying is written)."""


OrderT = TypeVar("OrderT", bound=Order)


@dataclass(frozen=True)
class _Cut(Generic[OrderT]):
    """The clauses of a sentence up to a joint: how many, and the orders and scenery among them."""

    clauses: int
    orders: tuple[OrderT, ...]
    scenery: tuple[str, ...]
    ordered: int


def by_clauses(
    sentence: str,
    read: Callable[[str], Sequence[OrderT | Unreadable]],
    scenery: Callable[[str], bool],
    bare: Callable[[str], bool],
    now: object,
) -> tuple[list[OrderT], list[str]] | None:
    """The orders of ``sentence`` read clause by clause with ``read``, and its scenery (the clauses of no
    order, as written); None where no cut gives orders alone beside clauses that are ``scenery`` (no room,
    card, order word or time). ``now`` is the time an order of no time is for. Clauses of names alone
    (``bare``: "Kitchen", "Knife and Rope") are orders only on a line of nothing else: "Dora's set:
    Living Room, Armchair, Baseball Bat" is talk."""
    if "?" in sentence:
        return None  # a question is asked whole
    joints = [(found.start(), found.end()) for found in _JOINT.finditer(sentence)][:_MOST_JOINTS]
    if not joints:
        return None
    bounds = [(0, 0), *joints, (len(sentence), len(sentence))]
    readings: dict[str, tuple[str, tuple[OrderT, ...]]] = {}
    best: dict[int, _Cut[OrderT]] = {0: _Cut(0, (), (), 0)}
    for end in range(1, len(bounds)):
        for start in range(max(0, end - _WIDEST), end):
            before = best.get(start)
            if before is None:
                continue
            text = sentence[bounds[start][1] : bounds[end][0]].strip(" ,;:.!…")
            if text not in readings:
                readings[text] = _clause(text, read, scenery)
            kind, orders = readings[text]
            if kind == "none" or (
                kind == "orders" and before.orders and _run_on(sentence, bounds[start], text, bare)
            ):
                continue
            cut = _Cut(
                before.clauses + 1,
                before.orders + orders,
                before.scenery + ((text,) if kind == "scenery" and text else ()),
                before.ordered + (len(text) if kind == "orders" else 0),
            )
            if end not in best or (cut.clauses, -cut.ordered) < (best[end].clauses, -best[end].ordered):
                best[end] = cut
    whole = best.get(len(bounds) - 1)
    if whole is None or not whole.orders or whole.clauses < 2 or _twice(whole.orders, now):
        return None
    if whole.scenery and all(bare(order.line) for order in whole.orders):
        return None
    return list(whole.orders), list(whole.scenery)


def _run_on(sentence: str, joint: tuple[int, int], text: str, bare: Callable[[str], bool]) -> bool:
    """Whether the clause ``text`` after an order, at ``joint``, is names alone after a comma or a colon:
    the list of the order before it run on ("trap for Anna: kitchen, sofa, knife, kitchen"), not an
    order of its own ("…, then the Garage", «…; в гостиную»)."""
    return bare(text) and sentence[joint[0] : joint[1]].strip() in {",", ":"}


def _clause(
    text: str, read: Callable[[str], Sequence[OrderT | Unreadable]], scenery: Callable[[str], bool]
) -> tuple[str, tuple[OrderT, ...]]:
    """What a clause is: "orders" (with them), "scenery" or "none"."""
    if not text or scenery(text):
        return "scenery", ()  # no order word, time or name in it: nothing to read as an order
    items = tuple(read(text))
    orders = tuple(item for item in items if not isinstance(item, Unreadable))
    return ("orders", orders) if items and len(orders) == len(items) else ("none", ())


def _twice(orders: Sequence[Order], now: object) -> bool:
    """Whether two of ``orders`` are of one kind that a time holds once, for the same time."""
    seen = [(order.kind, getattr(order, "when", None) or now) for order in orders if order.kind in _ONCE]
    return len(seen) != len(set(seen))
