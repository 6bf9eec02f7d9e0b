"""What the game-master and each player see of a Minuit game.

A player's view holds the public board (detectives, suspects, officer, ship, event, and the map
and picture of ``shipmap.board``), who has read which lead (public, MM-16), the texts of the
leads the player has read — taken from the ``lead_read`` events they were shown, nothing else,
each marked public or not — their own hypotheses, and the revealer's hypotheses 1 once shown
(MM-20). The solution appears only at the end. The game-master's view adds the texts of every
lead someone has read (``texts``).
"""

from __future__ import annotations

from typing import Any

from referee.core.events import Event
from referee.games.minuit.shipmap import board, lead_label, names
from referee.games.minuit.state import TURNS, GameState
from referee.games.minuit.turns import waiting, writers


def _public(state: GameState) -> dict[str, Any]:
    card = state.card
    return {
        "id": state.game_id,
        "kind": "minuit",
        "title": state.case.title,
        "difficulty": state.case.difficulty,
        "seats": list(state.seats),
        "first_player": state.seats[0],
        "stage": state.stage,
        "round": state.round,
        "current": state.seat if state.stage == TURNS else "",
        "ap": state.ap if state.stage == TURNS else 0,
        "turn_over": state.turn_over,
        "failed": dict(state.failed) if state.failed else None,
        "ship": state.ship,
        "officer": state.officer,
        "event": {"id": card.id, "title": card.title, "text": card.text},
        "detectives": dict(state.detectives),
        "suspects": dict(state.suspects),
        "last_moved": state.last_moved,
        "moved": state.moved,
        "buoys": dict(state.buoys),
        "revealer": state.revealer,
        "shown": dict(state.shown),
        "writers": list(writers(state)),
        "waiting": list(waiting(state)),
        "known_by": {seat: list(leads) for seat, leads in state.known.items()},
        "finished": state.finished,
        "names": names(state.case),
        "board": board(state),
    }


def master_view(state: GameState) -> dict[str, Any]:
    """The whole game, the solution and every hypothesis included, for the game-master."""
    return {
        **_public(state),
        "investigation": state.case.id,
        "solution": state.case.solution,
        "hypotheses": {seat: {e: list(p) for e, p in h.items()} for seat, h in state.hypotheses.items()},
        "rolls": state.rolls,
        "deck": list(state.deck),
        "result": state.result or None,
        "winners": list((state.result or {}).get("winners", [])),
        "texts": {
            lead: {"label": lead_label(state.case, lead), "text": state.case.lead(lead)}
            for lead in sorted({key for leads in state.known.values() for key in leads})
        },
    }


def player_view(state: GameState, seat: str, seen: list[Event]) -> dict[str, Any]:
    """What ``seat`` knows; ``seen`` are the events visible to them (the lead texts come from it)."""
    leads: dict[str, dict[str, Any]] = {}
    for event in seen:
        if event.kind == "lead_read" and event.visible_to(seat):
            lead = leads.setdefault(
                event.data["lead"],
                {"lead": event.data["lead"], "label": event.data["label"], "text": event.data["text"]},
            )
            lead["public"] = lead.get("public", False) or event.data["public"]
    result = next((e.data for e in seen if e.kind == "game_ended"), None)
    return {
        **_public(state),
        "me": seat,
        "my_turn": state.stage == TURNS and state.seat == seat and not state.turn_over,
        "zone": state.detectives[seat],
        "leads": list(leads.values()),
        "hypotheses": {e: list(p) for e, p in state.hypotheses.get(seat, {}).items()},
        "result": result,
    }


def describe(event: Event) -> str:
    """One line saying what ``event`` was, for the game-master's log."""
    d = event.data
    match event.kind:
        case "game_started":
            return f"game {d['game_id']} started with {', '.join(d['seats'])}: {d['investigation']['id']}"
        case "round_opened":
            return f"round {d['round']}: event {d['event'] or '(deck empty)'}, ship on {d['ship']}"
        case "officer_placed":
            return f"the officer goes to zone {d['zone']}" + (f" (rolled {d['roll']})" if d["roll"] else "")
        case "turn_opened":
            return f"{d['seat']}'s turn, {d['ap']} AP"
        case "detective_moved":
            return f"{d['seat']} moves {d['from']} -> {d['to']} ({d['cost']} AP, {d['ap']} left)"
        case "acted":
            roll = f"rolled {d['roll']}, " if d["roll"] else ""
            outcome = "success" if d["success"] else "failure"
            return f"{d['seat']} {d['action']} {d['target']} {d['topic']} {d['method']}: {roll}{outcome}"
        case "lead_read":
            return f"{d['seat']} reads {d['lead']} ({'public' if d['public'] else 'private'})"
        case "buoy_used":
            return f"{d['seat']} uses a buoy ({d['use']})"
        case "suspect_moved":
            return f"{d['seat']} moves {d['suspect']} {d['from']} -> {d['to']}"
        case "turn_done":
            return f"{d['seat']}'s turn is over ({d['why']})"
        case "hypotheses_written":
            return f"{d['seat']}: {d['element']} 1 {d['first']}, 2 {d['second']}"
        case "game_ended":
            return "game over: " + ", ".join(f"{s['seat']} {s['total']}" for s in d["scores"])
    return f"{event.kind}: {d}"
