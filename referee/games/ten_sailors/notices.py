"""What each character is told when a Ten Sailors segment is resolved (TS-3, TS-19, TS-21)."""

from __future__ import annotations

from typing import Any

from referee.core.events import Event
from referee.core.notices import Notice
from referee.core.rules import fold
from referee.games.ten_sailors.state import GameState


def notices(before: GameState, events: list[Event], phase_log: list[Event]) -> list[Notice]:
    """One report per character living when the segment closed, and news for the dead.

    A report holds only what its reader may know: their own search, landing and trap
    feedback, the table talk of the places they were in while they were there, and
    public news (deaths with the revealed hands, the end of the game).
    """
    from referee.games.ten_sailors import RULES

    after = fold(RULES, events, before)
    public = {
        "segment": before.segment.key,
        "next": after.segment.key if not after.finished else None,
        "deaths": [e.data for e in events if e.kind == "died"],
        "ended": next((e.data for e in events if e.kind == "game_ended"), None),
    }
    result = []
    for character in before.characters:
        name = character.name
        if not character.alive:
            if public["deaths"] or public["ended"]:
                result.append(Notice("announcement", (name,), public))
            continue
        now = after.character(name)
        report: dict[str, Any] = {
            **public,
            "name": name,
            "alive": now.alive,
            "location": now.location if now.alive else None,
            "present": [n for n in after.present(now.location) if n != name] if now.alive else [],
            "search": _mine(events, "searched", "character", name),
            "move": _mine(events, "moved", "character", name),
            "traps": [e.data for e in events if e.kind == "trap_resolved" and e.data["setter"] == name],
            "messages": [e.data for e in phase_log if e.kind == "message_posted" and e.visible_to(name)],
        }
        result.append(Notice("report", (name,), report))
    return result


def _mine(events: list[Event], kind: str, field: str, name: str) -> dict[str, Any] | None:
    return next((e.data for e in events if e.kind == kind and e.data[field] == name), None)
