"""How a finished game ended, for the top of the game-master's page: the game's own telling of its end
(``GameKind.demo.ending``, the same the demo prints) over the master's view, in the viewer's language,
with the names the game's templates give its cards and roles.
"""

from __future__ import annotations

from typing import Any

from referee.core.kind import Ending, Telling
from referee.games import game_of
from referee.render import Renderer, and_list


def ending(renderer: Renderer, kind: str, view: dict[str, Any], state: Any, language: str) -> Ending | None:
    """The end of a finished game of ``kind`` as its game tells it; None when it cannot be told (a game
    whose view lacks what its telling reads is shown without its result, not refused)."""
    lang = "ru" if language == "ru" else "en"
    telling = Telling(
        language=lang,
        state=state,
        names=lambda partial, name: dict(getattr(renderer.template(lang, partial, kind).module, name)),
        listed=lambda items: and_list(items, lang),
    )
    try:
        return game_of(kind).demo.ending(view, telling)
    except (KeyError, AttributeError, TypeError, ValueError, LookupError):
        return None
