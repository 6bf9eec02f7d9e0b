"""A character's notebook: what the character's own information implies about everyone's sets (TS-6).

Built only from what the character was told — their own hand, their own searches' results (TS-19),
their own traps' "N of 3 right" (TS-21), the hands revealed by deaths (TS-21), and the rooms they
saw others in (TS-3: the report names who is with them; whoever speaks is there). A character is
never in the room whose card they hold (TS-18), so a room one was seen in is not one's room card.

``told`` gathers that knowledge from the character's view (``views.player_view``) and their
sightings; ``deduce`` turns knowledge into the sets still possible for each character; ``notebook``
tells it JSON-ready; ``openness`` is the game-master's summary: whose sets an enemy's own knowledge
already fixes.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from itertools import product
from typing import Any

from referee.core.events import EVERYONE, Event
from referee.core.kept import Kept
from referee.core.rules import visible
from referee.games.ten_sailors.cards import FURNITURE, HALL, KIND_OF, ROOMS, WEAPONS
from referee.games.ten_sailors.state import GameState, segment_of
from referee.games.ten_sailors.views import player_view

Set = tuple[str, str, str]
"""A set of three cards: room, furniture, weapon (TS-6)."""

FEW = 6
"""A character's possible sets are listed when there are at most this many; otherwise only counted."""

ALL_SETS: tuple[Set, ...] = tuple(product(ROOMS, FURNITURE, WEAPONS))


@dataclass(frozen=True)
class Search:
    """A search in ``room`` for ``cards`` that found ``found`` (TS-19)."""

    room: str
    cards: frozenset[str]
    found: frozenset[str]


@dataclass(frozen=True)
class TrapResult:
    """A trap on ``target`` with ``cards`` that had ``correct`` of its three cards right (TS-21)."""

    target: str
    cards: Set
    correct: int


@dataclass(frozen=True)
class Told:
    """What one or more characters were told, as facts about sets."""

    names: tuple[str, ...]
    hands: dict[str, Set] = field(default_factory=dict)
    searches: frozenset[Search] = frozenset()
    traps: frozenset[TrapResult] = frozenset()
    seen_in: dict[str, frozenset[str]] = field(default_factory=dict)


def sightings(log: Iterable[Event]) -> dict[str, dict[str, set[str]]]:
    """For every character, the rooms (not the Hall) each other character was seen in by them: those
    their reports named as present with them when an hour opened (TS-3), and those they heard speak."""
    where: dict[str, str] = {}
    seen: dict[str, dict[str, set[str]]] = {}

    def saw(who: str, other: str, room: str) -> None:
        if room != HALL and who != other:
            seen.setdefault(who, {}).setdefault(other, set()).add(room)

    for event in log:
        data = event.data
        match event.kind:
            case "game_started":
                where = {c["name"]: HALL for c in data["characters"]}
            case "moved":
                where[data["character"]] = data["to"]
            case "died":
                where.pop(data["name"], None)
            case "segment_opened" if not segment_of(data["segment"]).is_night:
                rooms: dict[str, list[str]] = {}
                for name, room in where.items():
                    rooms.setdefault(room, []).append(name)
                for room, there in rooms.items():
                    for who in there:
                        for other in there:
                            saw(who, other, room)
            case "message_posted":
                for who in event.audience:
                    if who != EVERYONE:
                        saw(who, data["from"], data["location"])
    return seen


def heard(view: dict[str, Any]) -> dict[str, set[str]]:
    """The sightings a view alone tells: who is with the character now, and whoever they heard speak."""
    seen: dict[str, set[str]] = {}
    pairs = [(m["from"], m["location"]) for m in view.get("messages", [])]
    pairs += [(name, view.get("location") or HALL) for name in view.get("present", [])]
    for name, room in pairs:
        if room != HALL and name != view["name"]:
            seen.setdefault(name, set()).add(room)
    return seen


def told(view: dict[str, Any], seen_in: dict[str, set[str]]) -> Told:
    """What the character of ``view`` (``views.player_view``) was told, with the rooms ``seen_in``
    which they saw each other character."""
    hands: dict[str, Set] = {view["name"]: _set(view["hand"])}
    hands |= {d["name"]: _set(d["hand"]) for d in view.get("dead", [])}
    searches = frozenset(
        Search(s["room"], frozenset(s["cards"]), frozenset(s["found"])) for s in view.get("searches", [])
    )
    traps = frozenset(
        TrapResult(t["target"], _set(t["cards"]), int(t["correct"]))
        for t in view.get("traps", [])
        if not t["void"] and not t["killed"]
    )
    rooms = {name: frozenset(where) for name, where in seen_in.items()}
    return Told(tuple(c["name"] for c in view["characters"]), hands, searches, traps, rooms)


DEDUCED = Kept(1024)
"""The last deductions made, by what was known: a page shown again after talk (which tells no card)
deduces nothing again, and the game-master's openness reuses each seat's notebook's."""


def deduce(known: Told) -> dict[str, list[Set]]:
    """``deduced`` of ``known``, kept (``DEDUCED``) while the same facts come again; a copy each time."""
    key = (
        known.names,
        tuple(sorted(known.hands.items())),
        known.searches,
        known.traps,
        tuple(sorted(known.seen_in.items())),
    )
    found: dict[str, list[Set]] = DEDUCED.get(key, lambda: deduced(known))
    return {name: list(sets) for name, sets in found.items()}


def deduced(known: Told) -> dict[str, list[Set]]:
    """The sets each character may still hold, given ``known`` (never one the facts rule out).

    Each character's sets are filtered by the facts about them alone, then, until nothing changes, a
    card every possible set of one character holds is struck from everyone else's, and a card that must
    be dealt (all of them when nine characters share the deck; a room where a search found something
    and what it found) goes to the only character who may still hold it."""
    fitting = _fitting(known.searches)
    possible = {name: _alone(known, name, fitting) for name in known.names}
    dealt = _dealt(known)
    changed = True
    while changed:
        changed = False
        for name, sets in possible.items():
            for card in _common(sets):
                for other in known.names:
                    if other != name and any(card in s for s in possible[other]):
                        possible[other] = [s for s in possible[other] if card not in s]
                        changed = True
        for card in dealt:
            able = [name for name in known.names if any(card in s for s in possible[name])]
            if len(able) == 1 and not all(card in s for s in possible[able[0]]):
                possible[able[0]] = [s for s in possible[able[0]] if card in s]
                changed = True
    return possible


def _alone(known: Told, name: str, fitting: list[Set]) -> list[Set]:
    """The sets ``name`` may hold by the facts about them alone and the hands known to be others', of
    the sets ``fitting`` every search (``_fitting``)."""
    if name in known.hands:
        return [known.hands[name]]
    elsewhere = {card for other, hand in known.hands.items() if other != name for card in hand}
    barred = known.seen_in.get(name, frozenset())
    traps = [t for t in known.traps if t.target == name]
    return [
        s
        for s in fitting
        if not (elsewhere & set(s))
        and s[0] not in barred
        and all(sum(a == b for a, b in zip(s, t.cards, strict=True)) == t.correct for t in traps)
    ]


def _fitting(searches: Iterable[Search]) -> list[Set]:
    """The sets that agree with every one of ``searches``, whoever holds them: a room's own set holds
    exactly the cards found there (TS-19); a card found belongs to that room's set, so to no set of
    another room. Worked out once per set of searches, not once per set and character."""
    found_in: dict[str, list[Search]] = {}
    for search in searches:
        found_in.setdefault(search.room, []).append(search)
    found_anywhere = {room: frozenset(c for s in group for c in s.found) for room, group in found_in.items()}
    fitting = []
    for room in ROOMS:
        own = found_in.get(room, [])
        elsewhere = frozenset(c for other, cards in found_anywhere.items() if other != room for c in cards)
        for s in ALL_SETS:
            if s[0] != room:
                continue
            cards = set(s[1:])
            if not (elsewhere & cards) and all(search.cards & cards == search.found for search in own):
                fitting.append(s)
    return fitting


def _dealt(known: Told) -> list[str]:
    """Cards some character surely holds: every card when nine share the deck (TS-1 ruling), else the
    rooms where a search found something and what it found."""
    if len(known.names) >= len(ROOMS):
        return list(KIND_OF)
    found = [s for s in known.searches if s.found]
    return sorted({s.room for s in found} | {card for s in found for card in s.found})


def _common(sets: list[Set]) -> set[str]:
    """The cards every set of ``sets`` holds (none for no sets)."""
    if not sets:
        return set()
    common = set(sets[0])
    for s in sets[1:]:
        common &= set(s)
    return common


def _set(cards: Iterable[str]) -> Set:
    room, furniture, weapon = cards
    return (room, furniture, weapon)


def notebook(view: dict[str, Any], seen_in: dict[str, set[str]]) -> dict[str, Any]:
    """The notebook of the character of ``view``, JSON-ready: for each other character the sets still
    possible (listed when few), the rooms they were never seen in, and for each card not in one's own
    hand who surely holds it, or whose sets it cannot be in."""
    me = view["name"]
    known = told(view, seen_in)
    possible = deduce(known)
    alive = {c["name"]: c["alive"] for c in view["characters"]}
    others = [name for name in known.names if name != me]
    characters = [
        {
            "name": name,
            "alive": alive.get(name, True),
            "count": len(possible[name]),
            "sets": [list(s) for s in possible[name]] if len(possible[name]) <= FEW else [],
            "unseen": [room for room in ROOMS if room not in known.seen_in.get(name, frozenset())],
        }
        for name in others
    ]
    open_ = [name for name in others if len(possible[name]) > 1]
    cards = []
    for card in KIND_OF:
        if card in known.hands[me]:
            continue
        holders = [name for name in others if possible[name] and all(card in s for s in possible[name])]
        barred = [name for name in open_ if not any(card in s for s in possible[name])]
        if holders or barred:
            cards.append({"card": card, "holder": holders[0] if holders else None, "not": barred})
    return {"name": me, "characters": characters, "cards": cards}


def for_seat(state: GameState, log: list[Event], seat: str) -> dict[str, Any]:
    """The notebook of ``seat`` in ``state``, from the game's ``log``: only what the seat was told
    (its view, and the others its reports and the talk it heard put in a room)."""
    view = player_view(state, seat, _told_events(log, seat))
    return notebook(view, sightings(log).get(seat, {}))


_TOLD_KINDS = frozenset({"searched", "trap_resolved", "died"})
"""The events a notebook reads of a view (searches, traps, deaths): talk and moves it takes from the
sightings, so the view it reads leaves them out (a day-9 seat has heard hundreds of lines)."""


def _told_events(log: list[Event], seat: str) -> list[Event]:
    return visible((event for event in log if event.kind in _TOLD_KINDS), seat)


def openness(state: GameState, log: list[Event]) -> dict[str, Any]:
    """How open the game is, for the game-master: the living characters whose set some other character's
    own notebook already narrows to one (``determined``: that enemy could trap them for sure), of the
    living (``living``). Each enemy counts alone: pooled, the others' hands would give away the last
    hand of a full table at once."""
    seen = sightings(log)
    possible = {
        c.name: deduce(told(player_view(state, c.name, _told_events(log, c.name)), seen.get(c.name, {})))
        for c in state.characters
    }
    living = [c.name for c in state.living()]
    determined = [
        name
        for name in living
        if any(len(sets[name]) == 1 for other, sets in possible.items() if other != name)
    ]
    return {"determined": determined, "living": living}
