"""Seats are named by their characters: how those names are compared, the same way everywhere."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

MASTER = "#master"
"""The reader name of notices for a game's game-master (no character can be called this)."""


def fold_name(name: str) -> str:
    """A name as compared everywhere: case ignored, ё read as е, spaces squeezed."""
    return " ".join(name.casefold().replace("ё", "е").split())


def find_name(wanted: str, names: Iterable[str]) -> str | None:
    """The name among ``names`` that matches ``wanted`` ignoring case, if any."""
    folded = fold_name(wanted)
    return next((name for name in names if fold_name(name) == folded), None)


def name_problems(
    players: list[dict[str, Any]],
    least: int,
    most: int,
    *,
    noun: str = "player",
    refuse: Callable[[str], str] = lambda folded: "",
) -> list[str]:
    """What is wrong with the players of a set-up: how many there are, and their names.

    A name must be given, differ from the others ignoring case, and not be one that
    ``refuse`` (given the folded name) gives a reason against, e.g. a card's name.
    """
    problems = []
    if not least <= len(players) <= most:
        problems.append(f"a game needs {least} to {most} {noun}s, not {len(players)}")
    seen: set[str] = set()
    for player in players:
        name = str(player.get("name") or "").strip()
        folded = fold_name(name)
        if not name:
            problems.append(f"every {noun} needs a name")
        elif folded in seen:
            problems.append(f"two {noun}s are called {name!r} (names are compared ignoring case)")
        elif why := refuse(folded):
            problems.append(f"{name!r} cannot be a {noun}'s name: {why}")
        seen.add(folded)
    return problems
