"""A simple Ten Sailors player for demos and load tests: legal orders drawn from its own view.

The referee may also play the host's character with it (TS-1 ruling). It reads only
what its character knows (``player_view``): its own searches, the table talk it heard
(other bots announce their finds as "Found in <room>: <cards>." or, in Russian games,
«Нашёл на кухне: диван, нож.»), who it saw where (a
character never enters the room of their own card, TS-18) and the hands of the dead.
"""

from __future__ import annotations

import re
from collections import defaultdict
from typing import Any

from referee.core.rng import SeededStream
from referee.games.ten_sailors.cards import (
    FURNITURE,
    HALL,
    KIND_OF,
    ROOMS,
    RU_ACCUSATIVE,
    SEARCHABLE,
    WEAPONS,
    Kind,
    display,
    ru_place,
)
from referee.games.ten_sailors.state import Segment

_FOUND = re.compile(r"^Found in (?P<room>[A-Za-z ]+): (?P<cards>[A-Za-z ,]+)\.$")
_FOUND_RU = re.compile(r"^Наш(?:ёл|ла) (?P<room>(?:на|в) [а-яё ]+): (?P<cards>[а-яё ,]+)\.$")
_RU_ROOMS = {ru_place(room, "loct"): room for room in ROOMS}
_RU_CARDS = {RU_ACCUSATIVE.get(card, display(card, "ru")).lower(): card for card in SEARCHABLE}


def found_line(room: str, cards: list[str], language: str = "en", gender: str = "m") -> str:
    """What a bot says of its find: "Found in Kitchen: Sofa, Rope." or «Нашла на кухне: диван, верёвку.»"""
    if language == "ru":
        verb = "Нашла" if gender == "f" else "Нашёл"
        found = ", ".join(RU_ACCUSATIVE.get(c, display(c, "ru")).lower() for c in cards)
        return f"{verb} {ru_place(room, 'loct')}: {found}."
    return f"Found in {room}: {', '.join(cards)}."


def heard_find(text: str) -> tuple[str, list[str]] | None:
    """The room and cards another bot said it found, in either language."""
    if match := _FOUND.match(text):
        return match["room"], [c.strip() for c in match["cards"].split(",")]
    if (match := _FOUND_RU.match(text)) and match["room"] in _RU_ROOMS:
        cards = [_RU_CARDS.get(c.strip(), "") for c in match["cards"].split(",")]
        return _RU_ROOMS[match["room"]], [c for c in cards if c]
    return None


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
        lines.append(f"SAY {found_line(latest['room'], latest['found'])}")
    return "\n".join(lines)


def _traps(view: dict[str, Any], rng: SeededStream) -> list[str]:
    """Up to two traps on the living, built from what this character has learned."""
    found: dict[str, set[str]] = defaultdict(set)
    for search in view["searches"]:
        found[search["room"]].update(search["found"])
    seen_in: dict[str, set[str]] = defaultdict(set)
    for message in view["messages"]:
        seen_in[message["from"]].add(message["location"])
        if heard := heard_find(message["text"]):
            found[heard[0]].update(heard[1])
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
