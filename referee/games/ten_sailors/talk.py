"""How a character wants the table talk they hear: mailed at once, one mail per line said
(``NOW``), or only in their next report (``DIGEST``).

Either way a character hears exactly what TS-3 and TS-23 let them hear — what was said where
they were while they were there; this only chooses when the mail comes. The choice is an order
(``TALK NOW`` / ``TALK DIGEST``, «РАЗГОВОРЫ СРАЗУ» / «РАЗГОВОРЫ В СВОДКЕ»), kept as a
``talk_chosen`` event, and a character who never chose hears talk at once through the first game
day (night 0 to the night of day 1, while everyone finds their feet) and in reports after it.
"""

from __future__ import annotations

from typing import Any

from referee.core.events import Event
from referee.core.orders import LineVerdict, Order, Submission
from referee.core.seats import fold_name
from referee.games.ten_sailors.state import GameState, changed

NOW = "now"
"""Each line heard comes in a mail of its own as it is said."""

DIGEST = "digest"
"""Lines heard come only in the next report."""

AT_ONCE_UNTIL_DAY = 1
"""A character who never chose hears talk at once up to this day (and its night), then in reports."""

PHRASES: dict[str, str] = {
    "talk now": NOW, "talk at once": NOW,
    "talk digest": DIGEST, "talk in report": DIGEST, "talk in reports": DIGEST,
    "разговоры сразу": NOW,
    "разговоры в сводке": DIGEST, "разговоры сводкой": DIGEST,
}  # fmt: skip
"""Every way to write the order (folded, without punctuation) and the choice it makes."""

_PUNCTUATION = str.maketrans(dict.fromkeys(".,;:!?«»\"'—-", " "))
_NEEDED = frozenset("kKыЫ\u212a")
"""Every letter whose folded form holds "k" or "ы" (the Kelvin sign folds to "k"; a test checks every
character): each phrase holds one of the two, so a text without any of these letters is no talk order."""


def read_choice(text: str) -> dict[str, str] | None:
    """The arguments of a talk order if the whole of ``text`` (a line without its time prefix) is one,
    else None: the parser then reads the line as it would any other."""
    if _NEEDED.isdisjoint(text):
        return None
    choice = PHRASES.get(fold_name(text.translate(_PUNCTUATION)))
    return None if choice is None else {"delivery": choice}


def choose(submission: Submission, order: Order) -> tuple[LineVerdict, list[Event]]:
    """Accepts a talk order: from now on ``order.args["delivery"]`` decides when talk reaches the sender.

    A time written before it changes nothing: the choice holds from the moment it is received.
    """
    choice = order.args["delivery"]
    understood = {"kind": "talk", "delivery": choice, "notes": []}
    data = {"character": submission.seat, "delivery": choice}
    event = Event("talk_chosen", data, (submission.seat,))  # nobody else learns of it
    return LineVerdict(order.line, True, understood=understood), [event]


def chosen(state: GameState, data: dict[str, Any]) -> GameState:
    """The state after a ``talk_chosen`` event."""
    characters = tuple(
        changed(c, talk=data["delivery"]) if c.name == data["character"] else c for c in state.characters
    )
    return changed(state, characters=characters)


def delivery(state: GameState, name: str) -> str:
    """When talk reaches ``name`` now: their own choice, or the default of the game's day."""
    own = state.character(name).talk
    if own:
        return own
    return NOW if state.segment.day <= AT_ONCE_UNTIL_DAY else DIGEST


def at_once(state: GameState, audience: tuple[str, ...]) -> tuple[str, ...]:
    """Those of ``audience`` who get talk mailed as it is said."""
    return tuple(name for name in audience if delivery(state, name) == NOW)


def report_fields(before: GameState, after: GameState, name: str) -> dict[str, Any]:
    """What ``name``'s report says of talk: how it reaches them from now on (``talk``), and whether that
    changed because the first day is over (``talk_switched``), so the report tells them how to choose."""
    now = delivery(after, name)
    return {"talk": now, "talk_switched": now != delivery(before, name) and not after.character(name).talk}
