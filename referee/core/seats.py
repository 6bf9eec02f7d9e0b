"""Seats: the places at a game's table, each held by one player and named by their character."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


def fold_name(name: str) -> str:
    """A name as compared everywhere: case ignored, ё read as е, spaces squeezed."""
    return " ".join(name.casefold().replace("ё", "е").split())


def find_name(wanted: str, names: Iterable[str]) -> str | None:
    """The name among ``names`` that matches ``wanted`` ignoring case, if any."""
    folded = fold_name(wanted)
    return next((name for name in names if fold_name(name) == folded), None)


@dataclass(frozen=True)
class Seat:
    """A player's seat: the character's name, the player's address, whether it is the host's."""

    name: str
    email: str
    host: bool = False
