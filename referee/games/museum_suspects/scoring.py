"""The end of Museum Suspects: revealing the clues, finding the thieves, scoring (MS-6).

Each clue clears the suspects it describes, and the tokens on them are lost. Then:

- one suspect remains: that is the thief; each player totals their tokens on them;
- none remains: the thief escaped; each player totals their tokens on the Emergency Exit;
- several remain: all are thieves; each player totals their tokens on them plus 1 point
  per thief they put at least one token on.

The highest total wins; tied players share the victory; if nobody scored, nobody wins.
(The rulebook's example: two thieves; one player with 6 and 4 on the first thief scores
6 + 4 + 1 = 11, the other with 5, 3 and 2 spread over both scores 5 + 3 + 2 + 2 = 12.)
"""

from __future__ import annotations

from typing import Any

from referee.games.museum_suspects.content import ROOMS, clears, clue_card
from referee.games.museum_suspects.state import EXIT, GameState, Suggestion


def cleared_rooms(criterion: str, grid: tuple[str, ...] | list[str]) -> list[str]:
    """The rooms of ``grid`` whose suspects the clue ``criterion`` clears."""
    return [room for room, suspect in zip(ROOMS, grid, strict=True) if clears(criterion, room, suspect)]


def thieves(clues: tuple[str, ...] | list[str], grid: tuple[str, ...] | list[str]) -> list[str]:
    """The rooms whose suspects no clue clears: the thief or thieves (empty: the thief escaped)."""
    gone = {room for criterion in clues for room in cleared_rooms(criterion, grid)}
    return [room for room in ROOMS if room not in gone]


def case_of(found: list[str]) -> str:
    """ "one", "none" or "several": which of the three endings ``found`` thieves make (MS-6)."""
    return "none" if not found else "one" if len(found) == 1 else "several"


def score(seat: str, suggestions: tuple[Suggestion, ...], found: list[str]) -> dict[str, Any]:
    """What ``seat`` scores: the tokens that count, the bonus for thieves suspected, the total."""
    mine = [s for s in suggestions if s.seat == seat]
    if not found:
        counted = [s.value for s in mine if s.target == EXIT]
        suspected: list[str] = []
    else:
        counted = [s.value for s in mine if s.target in found]
        suspected = [room for room in found if any(s.target == room for s in mine)]
    bonus = len(suspected) if len(found) > 1 else 0
    return {
        "seat": seat,
        "tokens": counted,
        "suspected": suspected,
        "bonus": bonus,
        "total": sum(counted) + bonus,
    }


def winners(scores: list[dict[str, Any]]) -> list[str]:
    """The players with the highest total, all of them if tied; nobody when nobody scored."""
    best = max((s["total"] for s in scores), default=0)
    return [s["seat"] for s in scores if s["total"] == best] if best > 0 else []


def final_result(state: GameState) -> dict[str, Any]:
    """The data of the ``game_ended`` event: everything revealed, the thieves, scores and winners."""
    found = thieves(state.clues, state.grid)
    scores = [score(seat, state.suggestions, found) for seat in state.players]
    return {
        "clues": [
            {"clue": number, **clue_card(criterion), "cleared": cleared_rooms(criterion, state.grid)}
            for number, criterion in enumerate(state.clues, 1)
        ],
        "thieves": found,
        "thief_suspects": [state.suspect_in(room) for room in found],
        "case": case_of(found),
        "suggestions": [
            {
                "seat": s.seat,
                "target": s.target,
                "value": s.value,
                "turn": s.turn,
                "default": s.default,
                "counts": (s.target in found) if found else (s.target == EXIT),
            }
            for s in state.suggestions
        ],
        "scores": scores,
        "winners": winners(scores),
    }
