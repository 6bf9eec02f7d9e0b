"""The audit log in the viewer's language. The log keeps each action's result as it was said in English
(``GameMasterAction.sentence`` without a game: a phase by its key); a page in another language reads the
sentence back against the action's own sentences (``said``) and says it again in its language, with the
phase named as the game names it. A refusal is said again by ``refusal``; a sentence not read back stays
as it was."""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache
from string import Formatter
from typing import Any

from referee.app import GameMasterAction, Outcome, refusal

CHANNELS: dict[str, dict[str, str]] = {
    "ru": {"web": "сайт", "cli": "командная строка", "mail": "почта", "service": "служба"}
}
"""The doors an action came through, as a page in each language other than English names them."""

ACTORS: dict[str, dict[str, str]] = {
    "ru": {"command line": "командная строка", "calendar: the pause ended": "календарь: пауза окончилась"}
}
"""Who acted, where the log names no person but a part of the referee, in each language but English."""

OUTSIDE: dict[str, dict[str, Any]] = {
    "create": {
        "title": {"en": "Create a game", "ru": "Создание партии"},
        "said": {
            "created {kind} game {game} with {count} players": (
                "создана партия {game} ({kind}), игроков: {count}"
            )
        },
    },
}
"""Actions logged outside the registry (creating a game), with their titles and sentences by language."""


@cache
def _pattern(english: str) -> re.Pattern[str]:
    """A pattern matching ``english`` with its ``{fields}`` filled in, each field a named group."""
    parts, seen = [], set()
    for literal, name, _spec, _conversion in Formatter().parse(english):
        parts.append(re.escape(literal))
        if name is None:
            continue
        parts.append(f"(?P={name})" if name in seen else f"(?P<{name}>.+?)")
        seen.add(name)
    return re.compile("".join(parts), re.S)


def retold(
    actions: Iterable[GameMasterAction], name: str, result: str, ok: bool, language: str, kind: str
) -> str:
    """The logged ``result`` of action ``name`` in ``language`` (in English too: a phase is then named
    as the game names it, not by its key)."""
    if not ok:
        return refusal(result, language)
    action = next((a for a in actions if a.name == name), None)
    if action is None:
        return _outside(name, result, language)
    for key, words in action.said.items():
        found = _pattern(words.en).fullmatch(result)
        if found is not None:
            return action.sentence(Outcome(name, key, found.groupdict()), language, kind)
    return result


def _outside(name: str, result: str, language: str) -> str:
    """The logged ``result`` of ``name``, an action outside the registry, said in ``language``."""
    said: dict[str, str] = OUTSIDE.get(name, {}).get("said", {})
    for english, other in said.items():
        found = _pattern(english).fullmatch(result)
        if found is not None and language != "en":
            return other.format(**found.groupdict())
    return result


def title(actions: Iterable[GameMasterAction], name: str, language: str) -> str:
    """What the page calls action ``name`` in ``language`` (its name when the registry has none)."""
    action = next((a for a in actions if a.name == name), None)
    if action is not None:
        return action.title.of(language)
    titles: dict[str, str] = OUTSIDE.get(name, {}).get("title", {})
    return titles.get(language, titles.get("en", name))


def actor(name: str, language: str) -> str:
    """Who acted, as a page in ``language`` names them (a person's address stays as it is)."""
    return ACTORS.get(language, {}).get(name, name)


def channel(name: str, language: str) -> str:
    """The door ``name`` as a page in ``language`` names it."""
    return CHANNELS.get(language, {}).get(name, name)
