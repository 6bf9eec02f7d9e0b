"""The games the referee runs, each a package of pure rules; ``rules_for`` finds one by kind."""

from __future__ import annotations

from typing import Any

from referee.core.rules import Rules


def rules_for(kind: str) -> Rules[Any]:
    """The rules of the game kind ``kind`` (raises ``KeyError`` for an unknown kind)."""
    if kind == "ten-sailors":
        from referee.games.ten_sailors import RULES

        return RULES
    raise KeyError(kind)


KINDS = ("ten-sailors",)
"""Every game kind ``rules_for`` knows."""
