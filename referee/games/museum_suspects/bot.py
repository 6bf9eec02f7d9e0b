"""A simple Museum Suspects player for demos and tests: legal turns drawn from its own view.

It reads only its ``player_view``: on its turn it looks at a clue it has not seen yet (with
the lowest token allowed, MS-4), then suggests a suspect that none of the clues it has
seen clears — the Emergency Exit when none is left — betting high once few remain (MS-5).
"""

from __future__ import annotations

from typing import Any

from referee.core.rng import SeededStream
from referee.games.museum_suspects.content import clears


def bot_orders(view: dict[str, Any], seed: int | str) -> str:
    """The order text for the player whose view is ``view`` ("" when it is not their turn)."""
    if view["finished"] or not view["my_turn"] or view["suggested"]:
        return ""
    rng = SeededStream(seed, f"bot:{view['me']}:{view['turn_key']}")
    hand = list(view["hand"])
    lines = []
    if view["investigated"] is None and view["open_clues"]:
        seen = {clue["clue"] for clue in view["clues_seen"]}
        clue = rng.choice([c for c in view["open_clues"] if c not in seen] or view["open_clues"])
        highest = max((t["value"] for t in view["stacks"][clue - 1]["tokens"]), default=0)
        value = min(v for v in hand if v >= highest)
        lines.append(f"INVESTIGATE {clue} WITH {value}")
        hand.remove(value)
    known = [clue["criterion"] for clue in view["clues_seen"]]
    left = [
        cell["room"]
        for cell in view["grid"]
        if not any(clears(criterion, cell["room"], cell["suspect"]) for criterion in known)
    ]
    target = rng.choice(left) if left else "EXIT"
    value = max(hand) if len(left) <= 2 else rng.choice(hand)
    lines.append(f"SUGGEST {target} WITH {value}")
    return "\n".join(lines)
