"""What the skeleton's templates (``templates/<language>/_template/``) have besides the shared filters.

``FILTERS`` and ``GLOBALS`` are added to the Jinja environment of this game's templates
only. A filter with a keyword-only ``language`` parameter is given the template's language.
Here ``phase_name`` replaces the shared one, so the shared reminder says "round 2" rather
than the phase key "r2".
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from referee.games._template.content import CONTENT


def round_name(key: Any, *, language: str) -> str:
    """A phase key ("r2") as players read it ("round 2", "раунд 2"); anything else unchanged."""
    text = str(key)
    if not (text.startswith("r") and text[1:].isdigit()):
        return text
    return f"{'раунд' if language == 'ru' else 'round'} {text[1:]}"


FILTERS: dict[str, Callable[..., Any]] = {"phase_name": round_name}
"""The game's filters: only the name of a phase, for the shared reminder."""

GLOBALS: dict[str, Any] = {"GAME_NAME": dict(CONTENT["names"]), "ORDER_WORD": dict(CONTENT["orders"])}
"""The game's name and its order keyword in each language, from ``content.toml``."""
