"""The games the referee runs, each a package of pure rules; ``rules_for`` finds one by kind."""

from __future__ import annotations

from importlib import import_module
from typing import Any

from referee.core.rules import Rules

PACKAGES = {
    "ten-sailors": "referee.games.ten_sailors",
    "museum-suspects": "referee.games.museum_suspects",
    "cosmic-express": "referee.games.cosmic_express",
}
"""Each game kind and the package holding its rules (as ``RULES``)."""

KINDS = tuple(PACKAGES)
"""Every game kind ``rules_for`` knows."""


def rules_for(kind: str) -> Rules[Any]:
    """The rules of the game kind ``kind`` (raises ``KeyError`` for an unknown kind)."""
    rules: Rules[Any] = import_module(PACKAGES[kind]).RULES
    return rules
