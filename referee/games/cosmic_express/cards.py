"""The Cosmic Express cards (CE-1), the decks by player count (CE-2, CE-9) and their names.

Canonical names are English; ``ROLES`` and ``ITEMS`` give the Russian names players of a
Russian game read. ``ALIASES`` maps every spelling an order or a game file may use
(folded with ``fold_name``) to the canonical name.
"""

from __future__ import annotations

from referee.core.seats import fold_name

DETECTIVE = "Undercover Detective"
MURDERER = "Murderer"
CAPTAIN = "Captain"
ACCOMPLICE = "Accomplice"
LIAR = "Liar"
BUTLER = "Butler"

CANDLE = "Candle"
EXTINGUISHER = "Fire Extinguisher"
WRENCH = "Wrench"
TRASH = "Trash"

# canonical English name -> Russian name
ROLES: dict[str, str] = {
    DETECTIVE: "Детектив под прикрытием",
    MURDERER: "Убийца",
    CAPTAIN: "Капитан",
    ACCOMPLICE: "Сообщник",
    LIAR: "Лжец",
    BUTLER: "Дворецкий",
}
ITEMS: dict[str, str] = {
    CANDLE: "Свеча",
    EXTINGUISHER: "Огнетушитель",
    WRENCH: "Гаечный ключ",
    TRASH: "Мусор",
}

ITEM_COUNTS: dict[str, int] = {CANDLE: 3, EXTINGUISHER: 3, WRENCH: 3, TRASH: 4}
"""How many cards of each item the box holds (CE-1)."""

MIN_PLAYERS = 3
MAX_PLAYERS = 6

DUMMY = "Dummy"
"""The Dummy of a three-player game (CE-9): never a player's name, used as an arrest target."""
DUMMY_RU = "Болван"

HAND_SIZE = 2
"""Every player (and the Dummy) holds two item cards (CE-3)."""


def role_deck(players: int) -> tuple[str, ...]:
    """The role cards in play for ``players`` players (CE-2; three players use four, CE-9)."""
    check_player_count(players)
    base = (DETECTIVE, MURDERER, CAPTAIN, ACCOMPLICE)
    if players == 5:
        return (*base, LIAR)
    if players == 6:
        return (*base, LIAR, BUTLER)
    return base


def item_deck(players: int) -> tuple[str, ...]:
    """The item cards in play for ``players`` players, sorted (CE-2): always one more than dealt."""
    check_player_count(players)
    trash = {5: 2, 6: 4}.get(players, 0)
    counts = {CANDLE: 3, EXTINGUISHER: 3, WRENCH: 3, TRASH: trash}
    return tuple(item for item in ITEMS for _ in range(counts[item]))


def check_player_count(players: int) -> None:
    """Raises ``ValueError`` unless ``players`` is between 3 and 6."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"Murder on the Cosmic Express needs {MIN_PLAYERS} to {MAX_PLAYERS} players")


def has_dummy(players: int) -> bool:
    """Whether a game of ``players`` players uses the Dummy (CE-9)."""
    return players == 3


def weapon_cards_needed(weapon: str) -> int:
    """How many cards of the weapon's kind the Murderer must hold to win (CE-7).

    The weapon's kind has three cards, one of them in the middle, so "both remaining"
    means two; when the weapon is Trash the Murderer needs only one (CE-7 footnote).
    """
    return 1 if weapon == TRASH else 2


def display(name: str, language: str) -> str:
    """The name of a role, item or the Dummy as players of ``language`` read it."""
    if language != "ru":
        return name
    return {**ROLES, **ITEMS, DUMMY: DUMMY_RU}.get(name, name)


ITEM_ALIASES: dict[str, str] = {
    **{fold_name(name): name for name in ITEMS},
    **{fold_name(ru): name for name, ru in ITEMS.items()},
    "candles": CANDLE, "свечу": CANDLE, "свечи": CANDLE, "свечка": CANDLE, "свечку": CANDLE,
    "extinguisher": EXTINGUISHER, "fire extinguishers": EXTINGUISHER, "extinguishers": EXTINGUISHER,
    "огнетушители": EXTINGUISHER,
    "wrenches": WRENCH, "spanner": WRENCH, "ключ": WRENCH, "гаечные ключи": WRENCH,
    "garbage": TRASH, "rubbish": TRASH,
}  # fmt: skip
"""Every accepted spelling of an item (folded) mapped to its canonical name."""

ROLE_ALIASES: dict[str, str] = {
    **{fold_name(name): name for name in ROLES},
    **{fold_name(ru): name for name, ru in ROLES.items()},
    "detective": DETECTIVE, "детектив": DETECTIVE,
}  # fmt: skip
"""Every accepted spelling of a role (folded) mapped to its canonical name."""

DUMMY_ALIASES: frozenset[str] = frozenset(
    {"dummy", "the dummy", "болван", "болвана", "болванчик", "болванчика"}
)
"""Every accepted spelling (folded) of the Dummy (CE-9)."""
