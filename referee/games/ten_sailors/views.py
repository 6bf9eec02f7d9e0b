"""What the game-master and each character see of a Ten Sailors game.

A character's view is built from the state and the events the character may see: it
never holds another living character's hand nor a message they were not present for
(TS-3, TS-21).
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import Any

from referee.core.events import Event
from referee.core.phases import Phase
from referee.games.ten_sailors.state import Character, GameState, Segment, Standing


def frag_number(frags: Fraction) -> int | float:
    """Frags as a JSON number: whole numbers stay integers, shares become decimals."""
    return int(frags) if frags.denominator == 1 else float(frags)


def _segment_fields(state: GameState) -> dict[str, Any]:
    return {
        "id": state.game_id,
        "kind": "ten-sailors",
        "day": state.segment.day,
        "segment": state.segment.part,
        "traps_fired": state.traps_fired,  # this night's traps have fired (public: deaths are announced)
        "finished": state.finished,
        "winners": list(state.winners),
        "partial_victory": state.partial_victory,
    }


def orders_in_force(state: GameState, name: str) -> list[dict[str, Any]]:
    """The orders ``name`` has in force, for the current segment and later ones, in time order."""
    rows: list[tuple[Segment, int, dict[str, Any]]] = []

    def add(segment: str, standing: Standing, kind: str) -> None:
        order = {"kind": kind, "segment": segment, **_order_fields(standing)}
        rows.append((Segment.from_key(segment), standing.number, order))

    for (segment, who), standing in state.moves.items():
        if who == name:
            add(segment, standing, "move")
    for (segment, who), standing in state.searches.items():
        if who == name:
            add(segment, standing, "search")
    for (segment, who), traps in state.traps.items():
        if who == name:
            for standing in traps:
                add(segment, standing, "trap")
    return [order for _, _, order in sorted(rows, key=lambda row: (row[0].index, row[1]))]


TRAP_STAGE = "traps"
"""The stage of a night's phase until its traps fire: the name of the trap time in the schedules."""

DAWN = "-dawn"
"""The suffix of the phase key of a night's last stretch, after its traps fired (``d3n-dawn``)."""


def phase(state: GameState) -> Phase:
    """The segment now open for orders, as the core's phase (its stage is the part of the day).

    A night with traps is two phases (TS-4): until the trap time (stage ``traps``, the
    schedule's mark), then, under the key ``d<N>n-dawn``, until the night's moves land.
    """
    segment = state.segment
    label = f"day {segment.day}, {segment.part}"
    if segment.is_night and segment.day >= 1:
        if state.traps_fired:
            return Phase(segment.index, segment.key + DAWN, f"{label}, after the traps", segment.part)
        return Phase(segment.index, segment.key, f"{label}, until the traps", TRAP_STAGE)
    return Phase(segment.index, segment.key, label, segment.part)


def finished(state: GameState) -> bool:
    """Whether the game is over."""
    return state.finished


def without_move(state: GameState) -> tuple[str, ...]:
    """The living characters who have given no move order for the open segment (TS-11).

    Nobody is awaited before a night's traps fire: its moves are due only at its end.
    """
    if phase(state).stage == TRAP_STAGE:
        return ()
    key = state.segment.key
    return tuple(c.name for c in state.living() if (key, c.name) not in state.moves)


def _order_fields(standing: Standing) -> dict[str, Any]:
    fields = {k: (list(v) if isinstance(v, tuple) else v) for k, v in vars(standing.order).items()}
    return {**fields, "received_at": standing.received_at.isoformat()}


def seats_alive(state: GameState) -> tuple[int, int]:
    """The characters of the game and the living among them (the campaigns page's line)."""
    return len(state.characters), sum(1 for c in state.characters if c.alive)


def master_view(state: GameState) -> dict[str, Any]:
    """The whole game, for the game-master."""
    characters = [
        {
            "name": c.name,
            "host": c.host,
            "alive": c.alive,
            "location": c.location if c.alive else None,
            "hand": list(c.hand.cards()),
            "frags": frag_number(c.frags),
            "frags_exact": str(c.frags),
            "hours_in_room": c.streak,
            "orders": orders_in_force(state, c.name),
        }
        for c in state.characters
    ]
    return {**_segment_fields(state), "characters": characters}


def player_view(state: GameState, name: str, seen: list[Event]) -> dict[str, Any]:
    """What the character ``name`` knows; ``seen`` are the events visible to them."""
    me = state.character(name)
    return {
        **_segment_fields(state),
        "name": me.name,
        "host": me.host,
        "alive": me.alive,
        "location": me.location if me.alive else None,
        "present": [n for n in state.present(me.location) if n != me.name] if me.alive else [],
        "hand": list(me.hand.cards()),
        "frags": frag_number(me.frags),
        "orders": orders_in_force(state, me.name),
        "messages": [_message(e) for e in seen if e.kind == "message_posted"],
        "searches": [_search(e) for e in seen if e.kind == "searched" and e.data["character"] == name],
        "traps": [_trap(e) for e in seen if e.kind == "trap_resolved" and e.data["setter"] == name],
        "moves": [_move(e) for e in seen if e.kind == "moved" and e.data["character"] == name],
        "dead": [_death(e) for e in seen if e.kind == "died"],
        "characters": [_public(c) for c in state.characters],
    }


def _public(character: Character) -> dict[str, Any]:
    """What everyone knows of a character: the name, whether alive, and the hand once dead (TS-21)."""
    shown = {"name": character.name, "alive": character.alive}
    return shown if character.alive else {**shown, "hand": list(character.hand.cards())}


def _day_hour(segment_key: str) -> dict[str, Any]:
    day, part, hour = _segment_fields_of(segment_key)
    return {"day": day, "segment": part, "hour": hour}


@lru_cache(maxsize=256)
def _segment_fields_of(segment_key: str) -> tuple[int, str, int]:
    """The day, part and hour of a segment's key (a game holds a few dozen keys and every line of talk
    names one: worked out once each)."""
    segment = Segment.from_key(segment_key)
    return segment.day, segment.part, segment.hour


def heard(event: Event) -> dict[str, Any] | None:
    """The line of a room's thread that talk logged as ``event`` is, for those who heard it (TS-3: the
    event's audience, those present); None for an event that is no talk."""
    return _message(event) if event.kind == "message_posted" else None


def _message(event: Event) -> dict[str, Any]:
    data = event.data
    return {
        "location": data["location"],
        "from": data["from"],
        "text": data["text"],
        "received_at": data["received_at"],
        "key": f"{data['from']}@{data['received_at']}",
        **_day_hour(data["segment"]),
    }


def _search(event: Event) -> dict[str, Any]:
    data = event.data
    return {
        **_day_hour(data["segment"]),
        "room": data["room"],
        "cards": data["cards"],
        "found": data["found"],
        "random": data["random"],
    }


def _trap(event: Event) -> dict[str, Any]:
    data = event.data
    outcome = (
        {"correct": None, "killed": False}
        if data["void"]
        else {
            "correct": data["correct"],
            "killed": data["killed"],
        }
    )
    return {
        "day": Segment.from_key(data["segment"]).day,
        "target": data["target"],
        "cards": data["cards"],
        "void": data["void"],
        **outcome,
    }


def _move(event: Event) -> dict[str, Any]:
    data = event.data
    return {**_day_hour(data["segment"]), "from": data["from"], "to": data["to"], "reason": data["reason"]}


def _death(event: Event) -> dict[str, Any]:
    data = event.data
    return {"name": data["name"], "hand": data["hand"], "day": Segment.from_key(data["segment"]).day + 1}


def describe(event: Event) -> str:
    """One line saying what ``event`` was, for the game-master's log."""
    d = event.data
    match event.kind:
        case "game_started":
            return f"game {d['game_id']} started with " + ", ".join(c["name"] for c in d["characters"])
        case "order_accepted":
            order = ", ".join(
                str(v) if not isinstance(v, list) else " + ".join(v) for v in d["order"].values()
            )
            return f"{d['character']}: {d['type']} {order} (for {d['segment']}, received {d['received_at']})"
        case "order_cancelled":
            return f"{d['character']} cancelled their {d['type']} for {d['segment']}"
        case "message_posted":
            heard = ", ".join(event.audience)
            return f"{d['from']} in {d['location']}: {d['text']!r} (heard by {heard})"
        case "searched":
            how = "random search" if d["random"] else "search"
            found = ", ".join(d["found"]) or "nothing"
            return f"{d['character']}: {how} in {d['room']} for {' + '.join(d['cards'])} found {found}"
        case "moved":
            return f"{d['character']}: {d['from']} -> {d['to']} ({d['reason']})"
        case "trap_resolved":
            outcome = "void" if d["void"] else ("KILLED" if d["killed"] else f"{d['correct']} of 3 right")
            return f"{d['setter']}: trap on {d['target']} with {' + '.join(d['cards'])}: {outcome}"
        case "died":
            return f"{d['name']} died ({', '.join(d['hand'])})"
        case "scored":
            killers, frags = (
                " and ".join(d["killers"]),
                f"{d['value']} frag{'s' if Fraction(str(d['value'])) > 1 else ''}",
            )
            verb = "scores" if len(d["killers"]) == 1 else "share"
            return f"{killers} {verb} {frags} for {d['victim']}"
        case "traps_fired":
            return f"the traps of night {Segment.from_key(d['segment']).day} fired"
        case "zone_chosen":
            return f"{d['character']} reads deadlines in {d['zone'] or 'the game time zone only'}"
        case "answers_chosen":
            return f"{d['character']} reads answers {'in reports' if d['answers'] == 'report' else 'at once'}"
        case "answer_folded":
            return f"{d['character']}'s answer kept for the next report"
        case "segment_opened":
            return f"opened {d['segment']}"
        case "game_ended":
            return f"game over ({d['reason']}): winners {', '.join(d['winners']) or 'nobody'}"
    return f"{event.kind}: {d}"
