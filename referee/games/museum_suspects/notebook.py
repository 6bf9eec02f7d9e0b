"""A player's notebook: which suspects may still be thieves, given only the clues the player looked at
(MS-4 ruling: a clue's text is shown only to those who looked at it; MS-6: the thieves are the suspects
no clue clears, and none left means the thief escaped).

The hidden clues are one card of each of the eight types (MS-2), so the clues a player has not seen
are one card of each type they have not seen, each of its four cards alike. ``notebook`` weighs every
such draw (at most 4⁸) against the grid: for each room, whether a seen clue already clears its
suspect, and in how many of the draws it stays a thief; and whether the thief may yet have escaped.
It reads the player's view (``views.player_view``) and nothing else.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from referee.core.events import Event
from referee.core.rules import visible
from referee.games.museum_suspects.content import (
    CLUE_TYPES,
    CRITERIA,
    CRITERIA_BY_TYPE,
    ROOMS,
    SUSPECT,
    clears,
)
from referee.games.museum_suspects.state import GameState
from referee.games.museum_suspects.views import player_view


def _mask(criterion: str, grid: dict[str, str]) -> int:
    """The rooms ``criterion`` clears on ``grid`` (room -> suspect id), one bit per room of ``ROOMS``."""
    return sum(1 << i for i, room in enumerate(ROOMS) if clears(criterion, room, grid[room]))


def notebook(view: dict[str, Any]) -> dict[str, Any]:
    """The notebook of the player of ``view``, JSON-ready: each room with the seen clues that clear its
    suspect and the number of the possible draws of the unseen clues in which it is a thief
    (``thief_in`` of ``draws``); the rooms still possible, those surely thieves, and whether the thief
    may have escaped (every suspect cleared)."""
    grid = {cell["room"]: cell["suspect"] for cell in view["grid"]}
    seen = {int(c["clue"]): str(c["criterion"]) for c in view.get("clues_seen", [])}
    cleared = 0
    for criterion in seen.values():
        cleared |= _mask(criterion, grid)
    known_types = {CRITERIA[criterion][0] for criterion in seen.values()}
    unseen = [kind for kind in CLUE_TYPES if kind not in known_types]
    masks = [[_mask(criterion, grid) for criterion in CRITERIA_BY_TYPE[kind]] for kind in unseen]
    everyone = (1 << len(ROOMS)) - 1
    unions: Counter[int] = Counter({cleared: 1})
    for kind in masks:
        step: Counter[int] = Counter()
        for gone, count in unions.items():
            for mask in kind:
                step[gone | mask] += count
        unions = step
    draws = sum(unions.values())
    escapes = unions[everyone]
    thief_in = [sum(count for gone, count in unions.items() if not gone >> i & 1) for i in range(len(ROOMS))]
    rooms = [
        {
            "room": room,
            "suspect": grid[room],
            "name": SUSPECT[grid[room]].names(),
            "cleared_by": sorted(n for n, criterion in seen.items() if _mask(criterion, grid) >> i & 1),
            "thief_in": thief_in[i],
        }
        for i, room in enumerate(ROOMS)
    ]
    return {
        "rooms": rooms,
        "possible": [r["room"] for r in rooms if not r["cleared_by"]],
        "sure": [r["room"] for r in rooms if r["thief_in"] == draws],
        "draws": draws,
        "escapes": escapes,
        "seen": sorted(seen),
        "unseen": len(unseen),
    }


def for_seat(state: GameState, log: list[Event], seat: str) -> dict[str, Any]:
    """The notebook of ``seat``: only what its own view holds (the grid and the clues it looked at)."""
    return notebook(player_view(state, seat, visible(log, seat)))
