"""What each player is told: the welcome letter, the answer to their orders, the news after
every turn, and the final reveal (MS-3 … MS-6).

Every notice carries the board (``grid.board``) so that the HTML part of every mail shows the grid
with the public tokens; the text of the grid and the suspect list is written out in the welcome, at
the end, to the player whose turn opens, and on request (``show_board``). Notices during the game
go to one seat each: the public news is the same for everyone, and each copy adds only its reader's
own secrets (their tokens, their suggestion values, the clues they looked at). The game-over notice
reveals everything to everyone.
"""

from __future__ import annotations

from typing import Any

from referee.core import answers
from referee.core.events import Event
from referee.core.notices import Notice
from referee.core.orders import LineVerdict, asked_for_status
from referee.core.rules import Seen
from referee.games.museum_suspects.content import SUSPECT
from referee.games.museum_suspects.grid import board, marks
from referee.games.museum_suspects.state import EXIT, ROUNDS, TOKEN_VALUES, GameState
from referee.games.museum_suspects.views import player_view


def _names(suspect: str | None) -> dict[str, str] | None:
    return SUSPECT[suspect].names() if suspect else None


def _seat_fields(state: GameState, seat: str) -> dict[str, Any]:
    """The reader's own side: whose turn it is, their tokens, what they may do now."""
    my_turn = not state.finished and state.seat == seat
    return {
        "player": seat,
        "players": list(state.players),
        "marks": marks(state.players),
        "rounds": ROUNDS,
        "round": state.round,
        "current": state.seat,
        "my_turn": my_turn,
        "hand": list(state.hand(seat)),
        "investigated": state.investigated if my_turn else None,
        "suggested": state.suggested if my_turn else False,
        "open_clues": state.clues_open_to(seat) if my_turn and state.investigated is None else [],
        "finished": state.finished,
        "board": board(state, seat, reveal=state.finished),
    }


def welcome(state: GameState) -> list[Notice]:
    """A welcome letter for each player: the players in turn order, their tokens, the board."""
    return [
        Notice("welcome", (seat,), {**_seat_fields(state, seat), "tokens": list(TOKEN_VALUES)})
        for seat in state.players
    ]


def answer(
    before: GameState, after: GameState, seat: str, verdicts: list[LineVerdict], seen: Seen
) -> dict[str, Any]:
    """The answer to ``seat``: each line's verdict (an accepted INVESTIGATE carries the clue's
    text), what to do next, and the board. The whole view is added when STATUS asked for it."""
    data: dict[str, Any] = {
        **_seat_fields(after, seat),
        "verdicts": [vars(v) for v in verdicts],
        "next": after.players[(after.turn + 1) % len(after.players)],
        "last_turn": after.turn + 1 >= after.total_turns,
        "show_board": False,  # the answer writes the board out when STATUS or HELP asked for it
    }
    for verdict in data["verdicts"]:
        target = verdict["understood"].get("suspect")
        if verdict["accepted"] and verdict["understood"].get("kind") == "suggest":
            verdict["understood"] = {**verdict["understood"], "name": _names(target)}
    if asked_for_status(verdicts):
        data["view"] = player_view(after, seat, seen())
    return data


def relays(state: GameState, seat: str, events: list[Event]) -> list[Notice]:
    """Nothing is relayed at once: the others learn of a turn when it closes."""
    return []


def turn_summary(before: GameState, after: GameState) -> dict[str, Any]:
    """The public account of the turn open in ``before`` and closed in ``after``: who looked at
    which clue with what value (MS-4 ruling), where their suggestion token went, not its value."""
    turn, seat = before.turn, before.seat
    looked = next(
        (
            (n, t.value)
            for n, stack in enumerate(after.stacks, 1)
            for t in stack
            if t.turn == turn and t.seat == seat
        ),
        None,
    )
    suggestion = next((s for s in after.suggestions if s.turn == turn and s.seat == seat), None)
    return {
        "seat": seat,
        "round": before.round,
        "key": before.turn_key(),
        "clue": looked[0] if looked else None,
        "clue_value": looked[1] if looked else None,
        "target": suggestion.target if suggestion else None,
        "exit": suggestion is not None and suggestion.target == EXIT,
        "name": _names(after.suspect_in(suggestion.target))
        if suggestion and suggestion.target != EXIT
        else None,
        "default": bool(suggestion and suggestion.default) or suggestion is None,
    }


def notices(before: GameState, after: GameState, events: list[Event], phase_log: list[Event]) -> list[Notice]:
    """The news of a closed turn for each player, or the final reveal for everyone."""
    summary = turn_summary(before, after)
    if after.finished:
        result = dict(after.result)
        result["thief_names"] = [
            {"room": room, "name": SUSPECT[suspect].names()}
            for room, suspect in zip(result["thieves"], result["thief_suspects"], strict=True)
        ]
        data = {
            "turn": summary,
            "players": list(after.players),
            "result": result,
            "board": board(after, None, reveal=True),
        }
        return [Notice("game_over", tuple(after.players), data)]
    turns = []
    for seat in after.players:
        fields = _seat_fields(after, seat)
        kept = answers.folded_for(phase_log, seat)
        news = {**fields, "turn": summary, "show_board": fields["my_turn"], "answers": kept}
        turns.append(Notice("turn", (seat,), news))
    return turns
