"""A simple Ten Sailors player for demos and load tests: legal orders drawn from its own view.

The referee may also play the host's character with it (TS-1 ruling). It reads only
what its character knows (``player_view``): its own searches, the table talk it heard
(other bots announce their finds as "Found in <room>: <cards>"), who it saw where (a
character never enters the room of their own card, TS-18) and the hands of the dead.
"""

from __future__ import annotations

import re
from collections import defaultdict
from typing import Any

from referee.core.rng import SeededStream
from referee.games.ten_sailors.cards import FURNITURE, HALL, KIND_OF, ROOMS, SEARCHABLE, WEAPONS, Kind
from referee.games.ten_sailors.state import Segment

_FOUND = re.compile(r"^Found in (?P<room>[A-Za-z ]+): (?P<cards>[A-Za-z ,]+)\.$")


def bot_orders(view: dict[str, Any], seed: int | str) -> str:
    """Order text for the character whose view is ``view``, for the open segment ("" when dead)."""
    if not view["alive"] or view["finished"]:
        return ""
    segment = Segment(view["day"], view["segment"])
    rng = SeededStream(seed, f"bot:{view['name']}:{segment.key}")
    own = set(view["hand"])
    rooms = [room for room in ROOMS if room not in own]
    lines = [f"MOVE {rng.choice(rooms)}"]
    if segment.is_night and segment.day >= 1:
        lines += [] if view.get("traps_fired") else _traps(view, rng)
    elif not segment.is_night and view["location"] != HALL:
        lines.append("SEARCH " + ", ".join(rng.sample(SEARCHABLE, 2)))
    latest = view["searches"][-1] if view["searches"] else None
    if latest and latest["found"] and view["location"] != HALL:
        lines.append(f"SAY Found in {latest['room']}: {', '.join(latest['found'])}.")
    return "\n".join(lines)


def _traps(view: dict[str, Any], rng: SeededStream) -> list[str]:
    """Up to two traps on the living, built from what this character has learned."""
    found: dict[str, set[str]] = defaultdict(set)
    for search in view["searches"]:
        found[search["room"]].update(search["found"])
    seen_in: dict[str, set[str]] = defaultdict(set)
    for message in view["messages"]:
        seen_in[message["from"]].add(message["location"])
        if match := _FOUND.match(message["text"]):
            found[match["room"]].update(c.strip() for c in match["cards"].split(","))
    taken = {card for dead in view["dead"] for card in dead["hand"]} | set(view["hand"])
    living = [c["name"] for c in view["characters"] if c["alive"] and c["name"] != view["name"]]
    lines = []
    for target in rng.sample(living, min(2, len(living))):
        rooms = [r for r in ROOMS if r not in taken and r not in seen_in[target]] or list(ROOMS)
        rooms.sort(key=lambda r: -len(found[r]))
        room = rooms[0] if found[rooms[0]] else rng.choice(rooms)
        furniture = _guess(found[room], FURNITURE, Kind.FURNITURE, taken, rng)
        weapon = _guess(found[room], WEAPONS, Kind.WEAPON, taken, rng)
        lines.append(f"TRAP {target} {room} {furniture} {weapon}")
    return lines


def _guess(known: set[str], pile: dict[str, str], kind: Kind, taken: set[str], rng: SeededStream) -> str:
    matching = sorted(card for card in known if KIND_OF[card] is kind)
    return matching[0] if matching else rng.choice([c for c in pile if c not in taken] or list(pile))
