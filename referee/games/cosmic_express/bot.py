"""A simple Cosmic Express player for demos, load tests and property tests.

It reads only its own ``player_view`` and writes legal orders: during trading it answers
the offers made to it (accepting at most one per mail), makes a face-down offer or swaps
with the Dummy, and sooner or later says DONE; the Murderer keeps its weapon cards. In the
interrogation the Detective arrests someone and the others sometimes talk.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from referee.core.rng import SeededStream

_LINES = (
    "I gave my cards away as fast as I could.",
    "Someone kept a card far too long.",
    "I am the Captain, believe me.",
    "Watch who stopped trading first.",
)


def bot_orders(view: dict[str, Any], seed: int | str) -> str:
    """Order text for the player whose view is ``view`` ("" when it has nothing to do)."""
    if view["finished"]:
        return ""
    progress = len(view["trades"]) + len(view["closed"]) + len(view["my_offers"]) + len(view["offers_to_me"])
    rng = SeededStream(seed, f"bot:{view['name']}:{view['phase']}:{progress}:{len(view['messages'])}")
    if view["stage"] == "interrogation":
        return _interrogate(view, rng)
    if view["i_am_done"]:
        return ""
    actions = len(view["trades"]) + sum(1 for c in view["closed"] if c["mine"]) + len(view["my_offers"])
    if actions >= 4 or rng.choice(range(100)) < 15 + 10 * actions:
        return "DONE"
    return "\n".join(_trade(view, rng))


def _keep(view: dict[str, Any]) -> set[str]:
    """Cards the bot will not give away: the Murderer's weapon cards."""
    return {view["weapon"]} if view["role"] == "Murderer" and view["weapon"] else set()


def _trade(view: dict[str, Any], rng: SeededStream) -> list[str]:
    lines: list[str] = []
    keep = _keep(view)
    items: list[str] = list(view["items"])
    offered = [o["item"] for o in view["my_offers"]]
    if view["my_offers"] and rng.choice(range(10)) < 2:
        lines.append(f"WITHDRAW {view['my_offers'][0]['offer']}")
        offered = offered[1:]
    accepted = False
    for offer in view["offers_to_me"]:
        givable = [item for item in items if item not in keep]
        if not accepted and givable and rng.choice(range(10)) < 6:
            lines.append(f"ACCEPT {offer['offer']} {rng.choice(givable)}")
            accepted = True
        elif rng.choice(range(10)) < 5:
            lines.append(f"REFUSE {offer['offer']}")
    if accepted:
        return lines  # the new card is unknown until the answer comes
    free = Counter(items)
    free.subtract(offered)
    offerable = sorted(item for item, count in free.items() if count > 0 and item not in keep)
    partners = [p for p in view["players"] if p != view["name"] and p not in view["done"]]
    if offerable and view["has_dummy"] and rng.choice(range(10)) < 2:
        lines.append(f"SWAP DUMMY {rng.choice(offerable)} {rng.choice((1, 2))}")
    elif offerable and partners and rng.choice(range(10)) < 7:
        lines.append(f"OFFER {rng.choice(partners)} {rng.choice(offerable)}")
    return lines


def _interrogate(view: dict[str, Any], rng: SeededStream) -> str:
    """Talk now and then; the Detective arrests someone at once (turning the weapon over first
    half of the time), so that a bot Detective never leaves the round to its deadline."""
    lines = []
    if not view["weapon_shown"] and rng.choice(range(10)) < 4:
        lines.append(f"SAY {rng.choice(_LINES)}")
    if view["detective"] == view["name"] and not view["arrested"]:
        if not view["weapon_shown"] and rng.choice(range(10)) < 5:
            lines.append("REVEAL")
        suspects = [p for p in view["players"] if p != view["name"]]
        lines.append(f"ARREST {rng.choice([*suspects, *(['DUMMY'] if view['has_dummy'] else [])])}")
    return "\n".join(lines)
