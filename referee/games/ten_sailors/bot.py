"""A simple Ten Sailors player for demos and load tests: legal orders drawn from its own view.

The referee may also play the host's character with it (TS-1 ruling). It only reads
what its character knows (``player_view``), so it can never use hidden information.
"""

from __future__ import annotations

from typing import Any

from referee.core.rng import SeededStream
from referee.games.ten_sailors.cards import FURNITURE, ROOMS, SEARCHABLE, WEAPONS
from referee.games.ten_sailors.state import Segment

_LINES = ("Anyone found anything?", "Nothing here, I think.", "I do not trust the butler.")


def bot_orders(view: dict[str, Any], seed: int | str) -> str:
    """Order text for the character whose view is ``view``, for the open segment."""
    segment = Segment(view["day"], view["segment"])
    rng = SeededStream(seed, f"bot:{view['name']}:{segment.key}")
    own = set(view["hand"])
    rooms = [room for room in ROOMS if room not in own]
    lines = [f"MOVE {rng.choice(rooms)}"]
    if segment.is_night and segment.day >= 1:
        targets = [c["name"] for c in view["characters"] if c["alive"] and c["name"] != view["name"]]
        found = [card for s in view["searches"] for card in s["found"]]
        for target in rng.sample(targets, min(2, len(targets))):
            room = rng.choice(rooms)
            furniture = rng.choice(
                [c for c in FURNITURE if c in found] or [c for c in FURNITURE if c not in own]
            )
            weapon = rng.choice([c for c in WEAPONS if c in found] or [c for c in WEAPONS if c not in own])
            lines.append(f"TRAP {target} {room} {furniture} {weapon}")
    elif not segment.is_night and view["location"] != "Hall":
        lines.append("SEARCH " + ", ".join(rng.sample(SEARCHABLE, 2)))
    if rng.choice(range(4)) == 0:
        lines.append(f"SAY {rng.choice(_LINES)}")
    return "\n".join(lines)
