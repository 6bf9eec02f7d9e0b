"""Reading a line by its meaning: what it asks for (its order words) and what it names, in any order.

The order reader (``parse``) reads a line from its order word on, as the help teaches. A line people
write freely may put the names first, the order word last, or spread one order over several sentences
("Ставлю ловушку. Цель — Глеб. Оранжерея, кресло, подсвечник"; "kitchen, sofa, knife — trap for
Anna"). Such a line is read here as a whole: the kinds of order its words name, and every card, place
and character it names among other words. It is an order only when the two agree beyond doubt:

- a trap: trap words only, and one character with a room, a piece of furniture and a weapon (or
  several characters, each with their three cards on the same side of them);
- a move: move words only, and one place alone;
- a search: search words only, and two different cards that are no places.

Anything else that names something beside an order word or a time is no reading but a question to
the writer (``guess``): never talk said aloud (TS-23 ruling, talk beside orders).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from referee.games.ten_sailors.cards import HALL, KIND_OF, Kind
from referee.games.ten_sailors.lexicon import Found, scan_names


@dataclass(frozen=True)
class Intent:
    """What a line asks for: the ``kinds`` of order its words name, the names it holds (``found``),
    whether a word was as near two names (``unsure``) and whether it names a time (``timed``)."""

    kinds: frozenset[str]
    found: tuple[Found, ...]
    unsure: bool
    timed: bool

    @property
    def order_like(self) -> bool:
        """Whether the line holds anything an order holds: an order word or a time."""
        return bool(self.kinds) or self.timed


def intent_of(words: Sequence[str], kinds: set[str], people: Sequence[str], *, timed: bool) -> Intent:
    """The intent of a line whose other words are ``words`` and whose order words name ``kinds``."""
    found, unsure = scan_names(words, people)
    return Intent(frozenset(kinds), tuple(found), unsure, timed)


def is_place(name: str) -> bool:
    return name == HALL or KIND_OF.get(name) is Kind.ROOM


def trap_groups(found: Sequence[Found], people: Sequence[str]) -> list[list[Found]]:
    """The names of one or more traps: each character with the three cards written on the same side of
    them ("Anna - kitchen, sofa, knife; Boris - …" or "…, …, … — Anna"); ``[found]`` if they do not
    fall so."""
    at = [i for i, f in enumerate(found) if f.name in people]
    if len(at) < 2 or len(found) != 4 * len(at):
        return [list(found)]
    offset = 0 if at[0] == 0 else 3
    if at != list(range(offset, len(found), 4)):
        return [list(found)]
    return [list(found[i - offset : i - offset + 4]) for i in at]


def one_trap(found: Sequence[Found], people: Sequence[str]) -> bool:
    """Whether ``found`` names one trap: one character (named once or again, «Дима … на Диму»), and a
    room, a piece of furniture and a weapon."""
    cards = [f.name for f in found if f.name not in people]
    targets = {f.name for f in found if f.name in people}
    kinds = {KIND_OF.get(card) for card in cards if card != HALL}
    return len(targets) == 1 and len(cards) == 3 and kinds == set(Kind)


def confident(intent: Intent, people: Sequence[str]) -> str:
    """The kind of order ``intent`` is beyond doubt ("" if it is not one)."""
    if intent.unsure or len(intent.kinds) != 1:
        return ""
    kind = next(iter(intent.kinds))
    names = [f.name for f in intent.found]
    if kind == "trap":
        groups = trap_groups(intent.found, people)
        return "trap" if all(one_trap(group, people) for group in groups) else ""
    if kind == "move":
        return "move" if len(names) == 1 and is_place(names[0]) else ""
    if kind == "search":
        cards = [n for n in names if n in KIND_OF and not is_place(n)]
        return "search" if len(cards) == len(names) == 2 and cards[0] != cards[1] else ""
    return ""


def guess(intent: Intent, people: Sequence[str]) -> dict[str, object]:
    """What a line that names things beside an order word or a time most likely meant, for the question
    put to its writer: the order (``MOVE``, ``SEARCH``, ``TRAP`` or "" if no word says) and the names."""
    names = [f.name for f in intent.found]
    kinds = intent.kinds & {"move", "search", "trap"}
    if len(kinds) == 1:
        kind = next(iter(kinds))
    elif any(name in people for name in names):
        kind = "trap"
    elif len(names) == 1 and is_place(names[0]):
        kind = "move"
    elif names and not any(is_place(name) for name in names):
        kind = "search"
    else:
        kind = ""
    targets = [name for name in names if name in people]
    cards = [name for name in names if name not in people]
    return {"order": kind.upper(), "target": targets[0] if kind == "trap" and targets else "",
            "names": cards if kind == "trap" and targets else names}  # fmt: skip
