"""A simple Minuit detective for demos and tests, reading only its own ``player_view``.

On its turn it spends its action points one mail at a time: it questions or searches
for a lead it has not read where it stands (THOROUGH when it can afford it), retries a
failed roll, or walks toward the nearest zone with leads it lacks; then it ends its turn.
Its notes rank each element's candidates by how often its leads mention them; once they
point clearly to one candidate of every element (or it has read half the leads), it walks
to the grand salon and announces revelations there (MM-20). When hypotheses are asked for,
it names the candidates its notes rank first and second.
"""

from __future__ import annotations

from typing import Any

from referee.core.rng import SeededStream
from referee.games.minuit.board import route
from referee.games.minuit.content import EVENTS, NO_EVENT, REVELATIONS_ZONE, ZONE_OF_LOCATION, ZONES
from referee.games.minuit.investigation import ELEMENTS, TOPICS

REVEAL_AT = 30
"""How many leads make the bot announce revelations whatever its notes say."""

SURE_AFTER = 16
"""How many leads the bot reads before it trusts its notes at all."""

SURE_MARGIN = 1
"""How far ahead of the runner-up the first candidate of every element must be for the notes to point
clearly to a solution (mentions counted)."""


def bot_orders(view: dict[str, Any], seed: int | str) -> str:
    """The order text for the player whose view is ``view`` ("" when nothing is asked of them)."""
    if view["finished"]:
        return ""
    if view["me"] in view["writers"]:
        return "" if view["me"] not in view["waiting"] else _hypotheses(view)
    if not view["my_turn"]:
        return ""
    ready = not view["revealer"] and (len(view["leads"]) >= REVEAL_AT or _sure(view))
    if ready and view["zone"] == REVELATIONS_ZONE:
        return "REVEAL"
    if ready and not view["failed"]:
        way = route(view["zone"], REVELATIONS_ZONE, EVENTS.get(view["event"]["id"], NO_EVENT))
        if way and way[1] <= view["ap"]:
            return f"MOVE {REVELATIONS_ZONE}"
    rng = SeededStream(seed, f"bot:{view['me']}:{view['round']}:{view['ap']}:{len(view['leads'])}")
    return _action(view, rng) or "END"


def _open_leads(view: dict[str, Any], zone: int) -> list[str]:
    """The orders for leads the bot lacks that can be followed in ``zone`` now."""
    if zone == view["officer"]:
        return []
    mine = set(view["known_by"][view["me"]])
    orders = []
    for suspect, where in view["suspects"].items():
        if where == zone:
            orders += [f"QUESTION {suspect} {t}" for t in TOPICS if f"{suspect}.{t}" not in mine]
    owners = list(view["names"]["suspects"])
    for location, where in ZONE_OF_LOCATION.items():
        shut = location <= len(owners) and view["suspects"][owners[location - 1]] == 1
        if where == zone and f"place.{location}" not in mine and not shut:
            orders.append(f"SEARCH {location}")
    return orders


def _action(view: dict[str, Any], rng: SeededStream) -> str:
    ap, zone = view["ap"], view["zone"]
    if ap < 1:
        return "BUOY" if view["failed"] and view["buoys"][view["me"]] else ""
    if view["failed"]:
        return "RETRY QUICK"
    here = _open_leads(view, zone)
    if here:
        method = "THOROUGH" if ap >= 3 else ("DISCREET" if ap == 2 else "QUICK")
        return f"{rng.choice(here)} {method}"
    card = EVENTS.get(view["event"]["id"], NO_EVENT)
    taken = any(z == 2 for s, z in view["detectives"].items() if s != view["me"])
    best: tuple[int, int] | None = None
    for goal in ZONES:
        if goal == zone or (goal == 2 and taken) or not _open_leads(view, goal):
            continue
        way = route(zone, goal, card)
        if way and way[1] < ap and (best is None or way[1] < best[0]):
            best = (way[1], goal)
    return f"MOVE {best[1]}" if best else ""


def _notes(view: dict[str, Any]) -> dict[str, list[tuple[int, str]]]:
    """Each element's candidates, most mentioned by the bot's leads first, with their mentions."""
    text = " ".join(lead["text"]["en"].lower() for lead in view["leads"])
    notes = {}
    for element in ELEMENTS:
        weighed = []
        for choice in view["names"]["candidates"][element]:
            words = [w for w in choice["name"]["en"].lower().replace(":", " ").split() if len(w) > 4]
            weighed.append((sum(text.count(w) for w in words[:3]), choice["id"]))
        notes[element] = sorted(weighed, key=lambda pair: -pair[0])
    return notes


def _sure(view: dict[str, Any]) -> bool:
    """Whether the notes point clearly to one candidate of every element."""
    if len(view["leads"]) < SURE_AFTER:
        return False
    return all(ranked[0][0] - ranked[1][0] >= SURE_MARGIN for ranked in _notes(view).values())


def _hypotheses(view: dict[str, Any]) -> str:
    notes = _notes(view)
    return "\n".join(f"HYPOTHESIS {e} {notes[e][0][1]} {notes[e][1][1]}" for e in ELEMENTS)
