"""The skeleton game's content, read from ``content.toml`` when the package is imported."""

from __future__ import annotations

from typing import Any

from referee.core.content import load_content

SCHEMA: dict[str, Any] = {
    "rounds": int,
    "min_players": int,
    "max_players": int,
    "max_letters": int,
    "names.en": str,
    "names.ru": str,
    "orders.en": str,
    "orders.ru": str,
    "bot.words": list[str],
}
"""Every key the game reads, with its type: a file that lacks one stops the import with its name."""

CONTENT: dict[str, Any] = load_content(__package__, "content.toml", SCHEMA)

ROUNDS: int = CONTENT["rounds"]
MIN_PLAYERS: int = CONTENT["min_players"]
MAX_PLAYERS: int = CONTENT["max_players"]
MAX_LETTERS: int = CONTENT["max_letters"]
ORDER_WORDS: frozenset[str] = frozenset({CONTENT["orders"]["en"].upper(), CONTENT["orders"]["ru"].upper()})
BOT_WORDS: tuple[str, ...] = tuple(CONTENT["bot"]["words"])
