"""What the game-master and each player see of a Museum Suspects game.

A player's view holds the public board (suspects, who put tokens where, the token values
on the clues), their own tokens and suggestion values, and the texts of the clues they
looked at — taken from the ``clue_looked`` events they were shown, nothing else. Other
players' suggestion values and unseen clues appear only once the game is over (MS-4,
MS-5 rulings; MS-6).

Both carry the board of the mails (``grid.board``) for the web pages: the player's holds only
what their mail's picture shows them (their own token values, the clues they looked at; all of
it once the game is over), the game-master's every value, every clue and what it clears.
"""

from __future__ import annotations

from typing import Any

from referee.core.events import Event
from referee.games.museum_suspects.content import ROOMS, clue_card
from referee.games.museum_suspects.grid import board
from referee.games.museum_suspects.state import EXIT, ROUNDS, GameState


def _common(state: GameState) -> dict[str, Any]:
    return {
        "id": state.game_id,
        "kind": "museum-suspects",
        "players": list(state.players),
        "rounds": ROUNDS,
        "round": state.round,
        "turn": state.turn,
        "turn_key": state.turn_key(),
        "current": state.seat,
        "investigated": state.investigated,
        "suggested": state.suggested,
        "finished": state.finished,
        "grid": [{"room": room, "suspect": suspect} for room, suspect in zip(ROOMS, state.grid, strict=True)],
        "stacks": [
            {"clue": n, "tokens": [{"seat": t.seat, "value": t.value, "turn": t.turn} for t in stack]}
            for n, stack in enumerate(state.stacks, 1)
        ],
    }


def master_view(state: GameState) -> dict[str, Any]:
    """The whole game, secrets included, for the game-master."""
    return {
        **_common(state),
        "clues": [{"clue": n, **clue_card(c)} for n, c in enumerate(state.clues, 1)],
        "hands": {seat: list(state.hand(seat)) for seat in state.players},
        "looked": [{"seat": seat, "clue": clue, "turn": turn} for seat, clue, turn in state.looked],
        "suggestions": [vars(s).copy() for s in state.suggestions],
        "result": state.result or None,
        "winners": list((state.result or {}).get("winners", [])),
        "board": board(state, None, reveal=True),
    }


def player_view(state: GameState, seat: str, seen: list[Event]) -> dict[str, Any]:
    """What ``seat`` knows; ``seen`` are the events visible to them (their clue texts come from it)."""
    my_turn = not state.finished and state.seat == seat
    seen_clues: dict[int, dict[str, Any]] = {}
    for event in seen:
        if event.kind == "clue_looked" and event.data["seat"] == seat:
            seen_clues.setdefault(
                event.data["clue"], {"clue": event.data["clue"], **clue_card(event.data["criterion"])}
            )
    result = next((e.data for e in seen if e.kind == "game_ended"), None)
    suggestions = []
    for s in state.suggestions:
        shown = {"seat": s.seat, "target": s.target, "turn": s.turn, "default": s.default}
        shown["suspect"] = None if s.target == EXIT else state.suspect_in(s.target)
        if s.seat == seat or result is not None:
            shown["value"] = s.value
        suggestions.append(shown)
    return {
        **_common(state),
        "me": seat,
        "my_turn": my_turn,
        "hand": list(state.hand(seat)),
        "open_clues": state.clues_open_to(seat) if my_turn else [],
        "clues_seen": [seen_clues[n] for n in sorted(seen_clues)],
        "suggestions": suggestions,
        "result": result,
        "board": board(state, seat, reveal=state.finished),
    }


def describe(event: Event) -> str:
    """One line saying what ``event`` was, for the game-master's log."""
    d = event.data
    match event.kind:
        case "game_started":
            return (
                f"game {d['game_id']} started with {', '.join(d['players'])}; clues {', '.join(d['clues'])}"
            )
        case "museum_opened":
            return "grid: " + " ".join(f"{r}={s}" for r, s in zip(ROOMS, d["grid"], strict=True))
        case "turn_opened":
            return f"round {d['round']}: {d['seat']}'s turn (turn {d['turn'] + 1})"
        case "clue_looked":
            return f"{d['seat']} looked at clue {d['clue']} ({d['criterion']})"
        case "investigated":
            return f"{d['seat']} put a {d['value']} on clue {d['clue']}"
        case "suggested":
            how = " (deadline default)" if d["default"] else ""
            return f"{d['seat']} put a {d['value']} on {d['target']}{how}"
        case "suggestion_made":
            return f"{d['seat']}'s suggestion token is on {d['target']} (public)"
        case "turn_ended":
            return f"{d['seat']}'s turn {d['key']} is over" + (" (deadline)" if d["default"] else "")
        case "game_ended":
            scores = ", ".join(f"{s['seat']} {s['total']}" for s in d["scores"])
            thieves = ", ".join(d["thieves"]) or "none (escaped)"
            return f"game over: thieves {thieves}; {scores}; winners {', '.join(d['winners']) or 'nobody'}"
    return f"{event.kind}: {d}"
