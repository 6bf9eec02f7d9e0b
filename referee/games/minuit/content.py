"""The ship and the event deck of Minuit, read from ``ship.toml`` and ``events.toml`` when the package
is imported (MM-1 … MM-4, MM-7 … MM-13, MM-16)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from referee.core.content import ContentError, load_content

SHIP_SCHEMA: dict[str, Any] = {
    "start_zone": int,
    "suite": int,
    "cabins": int,
    "revelations_zone": int,
    "suspect_zones": list[int],
    "action_points": int,
    "enter_suite": int,
    "success": int,
    "port": int,
    "suspect_steps": int,
    "revealer_bonus": int,
    "revealer_penalty": int,
    "connections": list[list[int]],
    "players.ship": dict[str, int],
    "players.buoys": dict[str, int],
    "players.remove": dict[str, list[str]],
    "methods": dict[str, dict[str, Any]],
    "zones": list[dict[str, Any]],
    "decks": dict[str, dict[str, Any]],
    "locations": dict[str, dict[str, Any]],
    "place_synonyms": dict[str, list[str]],
}
"""Every key of ``ship.toml`` the rules read, with its type."""

EVENTS_SCHEMA: dict[str, Any] = {"events": list[dict[str, Any]]}

SHIP: dict[str, Any] = load_content(__package__, "ship.toml", SHIP_SCHEMA)
_EVENTS: dict[str, Any] = load_content(__package__, "events.toml", EVENTS_SCHEMA)

START_ZONE: int = SHIP["start_zone"]
SUITE: int = SHIP["suite"]
CABINS: int = SHIP["cabins"]
REVELATIONS_ZONE: int = SHIP["revelations_zone"]
SUSPECT_ZONES: tuple[int, ...] = tuple(SHIP["suspect_zones"])
ACTION_POINTS: int = SHIP["action_points"]
ENTER_SUITE: int = SHIP["enter_suite"]
SUCCESS: int = SHIP["success"]
PORT: int = SHIP["port"]
SUSPECT_STEPS: int = SHIP["suspect_steps"]
REVEALER_BONUS: int = SHIP["revealer_bonus"]
REVEALER_PENALTY: int = SHIP["revealer_penalty"]
MIN_PLAYERS: int = min(int(n) for n in SHIP["players"]["ship"])
MAX_PLAYERS: int = max(int(n) for n in SHIP["players"]["ship"])

ZONES: tuple[int, ...] = tuple(z["number"] for z in SHIP["zones"])
ZONE_NAMES: dict[int, dict[str, str]] = {z["number"]: {"en": z["en"], "ru": z["ru"]} for z in SHIP["zones"]}
ZONE_DECK: dict[int, str] = {z["number"]: z["deck"] for z in SHIP["zones"]}
DECK_NAMES: dict[str, dict[str, str]] = {deck: dict(names) for deck, names in SHIP["decks"].items()}
ZONE_OF_LOCATION: dict[int, int] = {loc: z["number"] for z in SHIP["zones"] for loc in z["locations"]}
LOCATIONS: tuple[int, ...] = tuple(sorted(ZONE_OF_LOCATION))
PLACE_NAMES: dict[int, dict[str, str]] = {int(n): dict(names) for n, names in SHIP["locations"].items()}
"""The names of locations 13 to 24 (the cabins 1 to 12 take their suspects' names)."""
PLACE_SYNONYMS: dict[int, tuple[str, ...]] = {
    int(n): tuple(words) for n, words in SHIP["place_synonyms"].items()
}
"""Other words players use for some of the locations 13 to 24, in either language ("bridge", «спа»)."""
CONNECTIONS: frozenset[frozenset[int]] = frozenset(frozenset(pair) for pair in SHIP["connections"])


@dataclass(frozen=True)
class Method:
    """A way to question or search (MM-16): its cost, whether a d10 is rolled, whether the lead is public."""

    name: str
    cost: int
    roll: bool
    public: bool


METHODS: dict[str, Method] = {name: Method(name, **spec) for name, spec in SHIP["methods"].items()}


@dataclass(frozen=True)
class EventCard:
    """An event of the deck and its effects for the round it is drawn in (MM-4, MM-11)."""

    id: str
    title: dict[str, str]
    text: dict[str, str]
    ship: int = 0
    ap: int = 0
    closed: frozenset[frozenset[int]] = field(default_factory=frozenset)
    officer: int | None = None
    """The officer's zone instead of a roll; 0 when the officer is off duty; None: rolled."""
    success: int = SUCCESS
    suspects_stay: bool = False
    enter_suite: int = ENTER_SUITE


def _card(raw: dict[str, Any]) -> EventCard:
    known = {
        "id",
        "title",
        "text",
        "ship",
        "ap",
        "closed",
        "officer",
        "success",
        "suspects_stay",
        "enter_suite",
    }
    unknown = set(raw) - known
    if unknown:
        raise ContentError(f"events.toml: event {raw.get('id')!r} has unknown keys {sorted(unknown)}")
    closed = frozenset(frozenset(pair) for pair in raw.get("closed", []))
    if raw.get("ship", 0) < 0:
        raise ContentError(f"events.toml: event {raw['id']!r} moves the ship back")
    if not closed <= CONNECTIONS:
        raise ContentError(f"events.toml: event {raw['id']!r} closes a connection the ship does not have")
    return EventCard(
        id=raw["id"],
        title=dict(raw["title"]),
        text=dict(raw["text"]),
        ship=raw.get("ship", 0),
        ap=raw.get("ap", 0),
        closed=closed,
        officer=raw.get("officer"),
        success=raw.get("success", SUCCESS),
        suspects_stay=raw.get("suspects_stay", False),
        enter_suite=raw.get("enter_suite", ENTER_SUITE),
    )


EVENTS: dict[str, EventCard] = {raw["id"]: _card(raw) for raw in _EVENTS["events"]}
"""The deck by event id, in the file's order."""

NO_EVENT = EventCard("", {"en": "", "ru": ""}, {"en": "", "ru": ""})
"""The effects of a round with no event (none in play)."""


def by_players(table: str, players: int) -> Any:
    """The value of ``ship.toml``'s ``[players].<table>`` for ``players`` players."""
    return SHIP["players"][table][str(players)]


def deck_for(players: int) -> list[str]:
    """The event ids in play with ``players`` players, in the file's order (MM-7)."""
    removed = set(by_players("remove", players))
    return [card for card in EVENTS if card not in removed]
