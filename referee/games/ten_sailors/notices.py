"""What each character is told: the welcome letter, the answer to their orders, table talk
as it is said, and the report when a segment is resolved (TS-3, TS-19, TS-21, TS-23)."""

from __future__ import annotations

from typing import Any

from referee.core.events import Event
from referee.core.notices import Notice
from referee.core.orders import LineVerdict
from referee.core.rules import Seen
from referee.games.ten_sailors import talk
from referee.games.ten_sailors.state import GameState
from referee.games.ten_sailors.views import orders_in_force, player_view


def welcome(state: GameState) -> list[Notice]:
    """A welcome letter for each character: their hand, the others, whether they play the host, and
    who does (the host's character is public: TS-1 ruling)."""
    names = [c.name for c in state.characters]
    host = state.host()
    return [
        Notice(
            "welcome",
            (c.name,),
            {
                "character": c.name,
                "hand": list(c.hand.cards()),
                "game_id": state.game_id,
                "others": [n for n in names if n != c.name],
                "host": c.host,
                "host_name": host.name if host is not None else None,
            },
        )
        for c in state.characters
    ]


def answer(
    before: GameState, after: GameState, seat: str, verdicts: list[LineVerdict], seen: Seen
) -> dict[str, Any]:
    """The answer to ``seat``: each line's verdict, what changed, and the orders now in force.

    The character's whole view is added only when a STATUS line asked for it.
    """
    was, now = orders_in_force(before, seat), orders_in_force(after, seat)
    data: dict[str, Any] = {
        "character": seat,
        "segment": after.segment.key,
        "verdicts": [vars(v) for v in verdicts],
        "orders": now,
        "added": [o for o in now if o not in was],
        "removed": [o for o in was if o not in now],
    }
    if any(v.accepted and v.understood.get("kind") == "status" for v in verdicts):
        data["view"] = player_view(after, seat, seen())
    return data


def relays(state: GameState, seat: str, events: list[Event]) -> list[Notice]:
    """Table talk passed on at once to everyone who heard it but the speaker (TS-23) and wants it
    at once (``talk``); the others find it in their next report."""
    said = [e for e in events if e.kind == "message_posted"]
    return [
        Notice("talk", audience, {"speaker": seat, **{k: e.data[k] for k in ("location", "text", "segment")}})
        for e in said
        if (audience := talk.at_once(state, tuple(name for name in e.audience if name != seat)))
    ]


def notices(before: GameState, after: GameState, events: list[Event], phase_log: list[Event]) -> list[Notice]:
    """One report per character living when the segment closed, and news for the dead.

    A report holds only what its reader may know: their own search, landing and trap
    feedback, the table talk of the places they were in while they were there, and
    public news (deaths with the revealed hands, the end of the game).
    """
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
            **talk.report_fields(before, after, name),
        }
        result.append(Notice("report", (name,), report))
    return result


def _mine(events: list[Event], kind: str, field: str, name: str) -> dict[str, Any] | None:
    return next((e.data for e in events if e.kind == kind and e.data[field] == name), None)
