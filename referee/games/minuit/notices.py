"""What each player is told: the welcome letter, the answer to every mail, the news after every
turn and round (the public leads read in the turn among it), the call for hypotheses, and the
solution (the "By mail" ruling; MM-11, MM-16, MM-19 … MM-21).

One mail a turn reaches each player who is not playing it: the public leads of the turn come in
it, not in mails of their own. Every letter carries the map (``shipmap.board``) for the HTML part;
the text map is written out only when something on it moved, when the reader is to play, or
on request (``show_board``). Each copy holds only what its reader may know: public actions and
leads for everyone, a private lead for its reader alone.
"""

from __future__ import annotations

from typing import Any

from referee.core import answers
from referee.core.events import EVERYONE, Event
from referee.core.notices import Notice
from referee.core.orders import LineVerdict, asked_for_status
from referee.core.rules import Seen
from referee.games.minuit.content import PORT
from referee.games.minuit.shipmap import board, names
from referee.games.minuit.state import FINAL, SOLO, TURNS, GameState
from referee.games.minuit.turns import complete, still_possible, writers
from referee.games.minuit.views import player_view

MOVES = frozenset({"detective_moved", "suspect_moved"})
"""The steps of a turn that move something on the map."""

_STEPS = frozenset(
    {
        "detective_moved",
        "acted",
        "buoy_used",
        "suspect_moved",
        "revelations_announced",
        "turn_done",
        "lead_read",
    }
)


def seat_fields(state: GameState, seat: str) -> dict[str, Any]:
    """The reader's side of any letter: the board, whose turn, their action points and buoys,
    what they are asked to do now (at 0 action points, what is still possible: ``turns.still_possible``)."""
    card = state.card
    my_turn = state.stage == TURNS and state.seat == seat and not state.turn_over
    return {
        "player": seat,
        "seats": list(state.seats),
        "first_player": state.seats[0],
        "title": state.case.title,
        "round": state.round,
        "stage": state.stage,
        "current": state.seat if state.stage == TURNS else "",
        "my_turn": my_turn,
        "ap": state.ap if my_turn else 0,
        "failed": dict(state.failed) if my_turn and state.failed else None,
        "still": still_possible(state, seat) if my_turn else [],
        "need": card.success,
        "buoys": state.buoys[seat],
        "zone": state.detectives[seat],
        "ship": state.ship,
        "port": PORT,
        "officer": state.officer,
        "event": {"id": card.id, "title": card.title, "text": card.text},
        "revealer": state.revealer,
        "writer": seat in writers(state) and not complete(state, seat),
        "writes_later": state.stage == SOLO and seat != state.revealer,
        "complete": complete(state, seat),
        "mine": {e: list(p) for e, p in state.hypotheses.get(seat, {}).items()},
        "shown": dict(state.shown),
        "finished": state.finished,
        "board": board(state),
        "names": names(state.case),
    }


def welcome(state: GameState) -> list[Notice]:
    """A first letter for each player: the case, the suspects, the order of play, the board."""
    case = state.case
    suspects = [
        {"id": s.id, "name": s.name, "about": s.about, "initial": s.initial, "cabin": n}
        for n, s in enumerate(case.suspects, 1)
    ]
    return [
        Notice(
            "welcome",
            (seat,),
            {
                **seat_fields(state, seat),
                "introduction": case.introduction,
                "difficulty": case.difficulty,
                "suspects": suspects,
                "points": {e: list(p) for e, p in case.points.items()},
            },
        )
        for seat in state.seats
    ]


def answer(
    before: GameState, after: GameState, seat: str, verdicts: list[LineVerdict], seen: Seen
) -> dict[str, Any]:
    """The answer to ``seat``: each line's verdict (rolls, action points left, the lead's text), what
    to do next, the board; the whole view when STATUS asked for it."""
    fields = seat_fields(after, seat)
    data: dict[str, Any] = {
        **fields,
        "verdicts": [vars(v) for v in verdicts],
        "turn_ended": before.stage == TURNS
        and before.seat == seat
        and not before.turn_over
        and after.turn_over,
        "next": after.seats[(after.turn + 1) % len(after.seats)],
        "show_board": board(before)["text"] != fields["board"]["text"],  # something moved
    }
    if asked_for_status(verdicts):
        data["view"] = player_view(after, seat, seen())
    return data


def relays(_state: GameState, _seat: str, _events: list[Event]) -> list[Notice]:
    """Nothing is mailed while a turn goes on: the public leads read in it (MM-16) reach the others
    in the one mail that tells the turn when it is over (``notices``)."""
    return []


def _steps(events: list[Event], seat: str) -> list[dict[str, Any]]:
    """The public account of a turn, and the reader's own private leads, in order."""
    steps = []
    for event in events:
        if event.kind in _STEPS and (EVERYONE in event.audience or seat in event.audience):
            steps.append(
                {"kind": event.kind, **{k: v for k, v in event.data.items() if k not in ("board", "others")}}
            )
    return steps


def notices(before: GameState, after: GameState, events: list[Event], phase_log: list[Event]) -> list[Notice]:
    """What everyone is told when a phase closes: the turn just played and what comes next, the call
    for hypotheses, or the solution and the scores."""
    ended = next((e.data for e in events if e.kind == "game_ended"), None)
    if ended is not None:
        data: dict[str, Any] = {
            "result": ended,
            "explanation": after.case.explanation,
            "title": after.case.title,
            "names": names(after.case),
            "seats": list(after.seats),
            "board": board(after),
        }
        return [Notice("game_over", after.seats, data)]
    opened = next((e.data for e in events if e.kind == "round_opened"), None)
    template = "hypotheses" if after.stage in (SOLO, FINAL) else "turn"
    closed = before.seat if before.stage == TURNS else ""
    result = []
    for seat in after.seats:
        steps = _steps(phase_log + events, seat) if closed else []
        new_round = opened is not None and after.stage == TURNS
        fields = seat_fields(after, seat)
        data = {
            **fields,
            "closed": closed,
            "steps": steps,
            "new_round": new_round,
            "why": next((e.data["why"] for e in events if e.kind == "stage_opened"), ""),
            "show_board": fields["my_turn"] or new_round or any(s["kind"] in MOVES for s in steps),
            "answers": answers.folded_for(phase_log, seat),
        }
        result.append(Notice(template, (seat,), data))
    return result
