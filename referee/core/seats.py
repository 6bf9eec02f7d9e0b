"""Seats are named by their characters: how those names are compared, the same way everywhere."""

from __future__ import annotations

from collections.abc import Iterable


def fold_name(name: str) -> str:
    """A name as compared everywhere: case ignored, ё read as е, spaces squeezed."""
    return " ".join(name.casefold().replace("ё", "е").split())


def find_name(wanted: str, names: Iterable[str]) -> str | None:
    """The name among ``names`` that matches ``wanted`` ignoring case, if any."""
    folded = fold_name(wanted)
    return next((name for name in names if fold_name(name) == folded), None)
