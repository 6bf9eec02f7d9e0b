"""Setting up a Museum Suspects game: the players, the grid and the hidden clues (MS-1, MS-2).

A game file may fix the set-up with two keys of its [game] table:

- ``grid``: 16 suspects (ids, English or Russian names) in reading order
  A1, B1, C1, D1, A2, … D4 — row by row from the top, each row from column A to D;
- ``clues``: 8 criterion ids, one of each clue type, for clues 1 to 8
  (``"animal:cat"``, ``"hat:beret"``, … ``"line:2"``, ``"column:B"``, ``"corner:top-left"``).

What is not given is drawn from the game's seed.
"""

from __future__ import annotations

from typing import Any

from referee.core.events import EVERYONE, Event
from referee.core.rng import SeededStream
from referee.core.seats import fold_name, name_problems
from referee.games.museum_suspects.content import (
    CLUE_TYPES,
    CRITERIA,
    CRITERIA_BY_TYPE,
    ROOMS,
    SUSPECT_ALIASES,
    SUSPECTS,
)
from referee.games.museum_suspects.state import CLUE_COUNT, MAX_PLAYERS, MIN_PLAYERS

_CRITERION_ALIASES: dict[str, str] = {
    **{fold_name(c): c for c in CRITERIA},
    **{fold_name(c.replace("line:", "row:")): c for c in CRITERIA if c.startswith("line:")},
}


class SetupError(ValueError):
    """A game description that cannot start a game; the message lists every problem."""


def start(setup: dict[str, Any]) -> list[Event]:
    """The events that open a game described by ``setup``.

    ``setup`` holds ``id``, ``seed``, ``language`` and ``players`` (dicts with a ``name``),
    and optionally ``grid`` and ``clues`` (see the module's docstring). Raises
    ``SetupError`` naming every problem.
    """
    players = setup.get("players") or []
    problems = _check_players(players)
    if setup.get("language", "en") not in ("en", "ru"):
        problems.append(f'language must be "en" or "ru", not {setup.get("language")!r}')
    grid, grid_problems = _read_grid(setup.get("grid"))
    clues, clue_problems = _read_clues(setup.get("clues"))
    problems += grid_problems + clue_problems
    if problems:
        raise SetupError("; ".join(problems))

    seed = setup["seed"]
    if grid is None:
        grid = SeededStream(seed, "grid").sample([s.id for s in SUSPECTS], len(ROOMS))
    if clues is None:
        stream = SeededStream(seed, "clues")
        clues = stream.shuffled([stream.choice(CRITERIA_BY_TYPE[kind]) for kind in CLUE_TYPES])
    names = [str(p["name"]).strip() for p in players]
    data = {
        "game_id": setup["id"],
        "seed": seed,
        "language": setup.get("language", "en"),
        "players": names,
        "grid": grid,
        "clues": clues,
    }
    return [
        Event("game_started", data, ()),
        Event("museum_opened", {"players": names, "grid": grid}, (EVERYONE,)),
        Event("turn_opened", {"turn": 0, "round": 1, "seat": names[0]}, (EVERYONE,)),
    ]


def _check_players(players: list[dict[str, Any]]) -> list[str]:
    return name_problems(players, MIN_PLAYERS, MAX_PLAYERS)


def _read_grid(raw: Any) -> tuple[list[str] | None, list[str]]:
    """The fixed grid ``raw`` as 16 suspect ids, or the problems with it (None: draw it)."""
    if raw is None:
        return None, []
    if not isinstance(raw, list) or len(raw) != len(ROOMS):
        return None, [f"grid must list {len(ROOMS)} suspects in the order {', '.join(ROOMS)}"]
    grid, problems = [], []
    for room, name in zip(ROOMS, raw, strict=True):
        suspect = SUSPECT_ALIASES.get(fold_name(str(name)))
        if suspect is None:
            problems.append(f"grid: {name!r} (room {room}) is not a suspect")
        elif suspect in grid:
            problems.append(f"grid: {name!r} appears twice")
        else:
            grid.append(suspect)
    return (grid, problems) if not problems else (None, problems)


def _read_clues(raw: Any) -> tuple[list[str] | None, list[str]]:
    """The fixed clues ``raw`` as 8 criterion ids, or the problems with them (None: draw them)."""
    if raw is None:
        return None, []
    if not isinstance(raw, list) or len(raw) != CLUE_COUNT:
        return None, [f"clues must list {CLUE_COUNT} criteria, one of each type: {', '.join(CLUE_TYPES)}"]
    clues, problems = [], []
    for number, name in enumerate(raw, 1):
        criterion = _CRITERION_ALIASES.get(fold_name(str(name)))
        if criterion is None:
            problems.append(f"clue {number}: {name!r} is not a criterion (such as animal:cat or line:2)")
        else:
            clues.append(criterion)
    kinds = [CRITERIA[c][0] for c in clues]
    for kind in CLUE_TYPES:
        if not problems and kinds.count(kind) != 1:
            problems.append(f"clues must hold exactly one {kind} criterion, not {kinds.count(kind)}")
    return (clues, problems) if not problems else (None, problems)
