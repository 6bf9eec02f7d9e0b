"""The end of a Minuit game: the solution against every player's hypotheses (MM-19 … MM-21)."""

from __future__ import annotations

from typing import Any

from referee.games.minuit.content import REVEALER_BONUS, REVEALER_PENALTY
from referee.games.minuit.investigation import ELEMENTS
from referee.games.minuit.state import GameState


def element_points(pair: tuple[str, str] | None, answer: str, points: tuple[int, int]) -> int:
    """Points for one element: hypothesis 1's if it is right, else hypothesis 2's if that is (MM-21)."""
    if pair is None:
        return 0
    if pair[0] == answer:
        return points[0]
    return points[1] if pair[1] == answer else 0


def final_result(state: GameState) -> dict[str, Any]:
    """The solution, every player's hypotheses and points, the revelations' adjustments and the winners.

    After revelations, each right hypothesis 1 of the revealer costs every other player 5
    points and each wrong (or missing) one costs the revealer 10 (MM-21). Ties share the win.
    """
    case = state.case
    solution, points = case.solution, case.points
    revealer = state.revealer
    right_first = 0
    if revealer:
        mine = state.hypotheses.get(revealer, {})
        right_first = sum(1 for e in ELEMENTS if e in mine and mine[e][0] == solution[e])
    scores: list[dict[str, Any]] = []
    for seat in state.seats:
        mine = state.hypotheses.get(seat, {})
        per = {e: element_points(mine.get(e), solution[e], points[e]) for e in ELEMENTS}
        adjustment = 0
        if revealer and seat == revealer:
            adjustment = -REVEALER_PENALTY * (len(ELEMENTS) - right_first)
        elif revealer:
            adjustment = -REVEALER_BONUS * right_first
        scores.append(
            {
                "seat": seat,
                "hypotheses": {e: list(mine[e]) for e in ELEMENTS if e in mine},
                "points": per,
                "adjustment": adjustment,
                "total": sum(per.values()) + adjustment,
            }
        )
    best = max(score["total"] for score in scores)
    return {
        "solution": dict(solution),
        "revealer": revealer,
        "revealer_right": right_first,
        "scores": scores,
        "winners": [score["seat"] for score in scores if score["total"] == best],
    }
