"""A character's notebook: what the character's own information implies about everyone's sets (TS-6).

Built only from what the character was told — their own hand, their own searches' results (TS-19),
their own traps' "N of 3 right" (TS-21), the hands revealed by deaths (TS-21), and the rooms they
saw others in (TS-3: the report names who is with them; whoever speaks is there). A character is
never in the room whose card they hold (TS-18), so a room one was seen in is not one's room card.

``told`` gathers that knowledge from the character's view (``views.player_view``) and their
sightings; ``deduced`` turns knowledge into the sets still possible for each character (``possible``:
what a notebook tells of them, kept); ``notebook``
tells it JSON-ready; ``openness`` is the game-master's summary: whose sets an enemy's own knowledge
already fixes.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import reduce
from itertools import product
from operator import and_, or_
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

BIT: dict[str, int] = {card: 1 << number for number, card in enumerate((*ROOMS, *FURNITURE, *WEAPONS))}
"""Each card's bit: the deductions hold a set of cards as the bits of one number."""

ALL_MASKS: tuple[int, ...] = tuple(
    BIT[room] | BIT[furniture] | BIT[weapon] for room, furniture, weapon in ALL_SETS
)
SET_OF: dict[int, Set] = dict(zip(ALL_MASKS, ALL_SETS, strict=True))
ROOM_OF: dict[int, str] = {mask: s[0] for mask, s in SET_OF.items()}


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


@dataclass(frozen=True)
class Possible:
    """What a notebook tells of one character's sets still possible: how many, the sets themselves when
    there are ``FEW`` at most, and the cards every one of them holds and those some one holds (as bits)."""

    count: int
    few: tuple[Set, ...]
    every: int
    some: int


DEDUCED = Kept(4096)
"""The last deductions made, by what was known (each a few small numbers a character): a page shown
again after talk (which tells no card) deduces nothing again, and the game-master's openness reuses
each seat's notebook's."""


def possible(known: Told) -> dict[str, Possible]:
    """What ``known`` leaves possible of each character's set (``deduced``), kept (``DEDUCED``) while
    the same facts come again."""
    key = (
        known.names,
        tuple(sorted(known.hands.items())),
        known.searches,
        known.traps,
        tuple(sorted(known.seen_in.items())),
    )
    found: dict[str, Possible] = DEDUCED.get(key, lambda: _summed(_bits(known)))
    return found


def _summed(bits: dict[str, list[int]]) -> dict[str, Possible]:
    return {
        name: Possible(
            len(sets), tuple(SET_OF[s] for s in sets) if len(sets) <= FEW else (), _every(sets), _any(sets)
        )
        for name, sets in bits.items()
    }


def deduced(known: Told) -> dict[str, list[Set]]:
    """The sets each character may still hold, given ``known`` (never one the facts rule out).

    Each character's sets are filtered by the facts about them alone, then, until nothing changes, a
    card every possible set of one character holds is struck from everyone else's, and a card that must
    be dealt (all of them when nine characters share the deck; a room where a search found something
    and what it found) goes to the only character who may still hold it. The work is done on sets as
    bits of one number (a bit a card), and told as the sets of cards they stand for."""
    return {name: [SET_OF[s] for s in sets] for name, sets in _bits(known).items()}


def _bits(known: Told) -> dict[str, list[int]]:
    """``deduced`` on bits."""
    fitting = _fitting(known.searches)
    held = {name: _alone(known, name, fitting) for name in known.names}
    some = {name: _any(sets) for name, sets in held.items()}
    every = {name: _every(sets) for name, sets in held.items()}

    def narrow(name: str, sets: list[int]) -> None:
        held[name], some[name], every[name] = sets, _any(sets), _every(sets)

    dealt = [BIT[card] for card in _dealt(known)]
    changed = True
    while changed:
        changed = False
        for name in known.names:
            common = every[name]
            for other in known.names if common else ():
                if other != name and some[other] & common:
                    narrow(other, [s for s in held[other] if not s & common])
                    changed = True
        for card in dealt:
            able = [name for name in known.names if some[name] & card]
            if len(able) == 1 and not every[able[0]] & card:
                narrow(able[0], [s for s in held[able[0]] if s & card])
                changed = True
    return held


def _alone(known: Told, name: str, fitting: list[int]) -> list[int]:
    """The sets ``name`` may hold by the facts about them alone and the hands known to be others', of
    the sets ``fitting`` every search (``_fitting``)."""
    if name in known.hands:
        return [_mask(known.hands[name])]
    elsewhere = _mask(card for other, hand in known.hands.items() if other != name for card in hand)
    barred = _mask(known.seen_in.get(name, frozenset()))
    out = elsewhere | barred
    kept = [s for s in fitting if not s & out]
    for cards, right in [(_mask(t.cards), t.correct) for t in known.traps if t.target == name]:
        kept = [s for s in kept if (s & cards).bit_count() == right]
    return kept


def _fitting(searches: Iterable[Search]) -> list[int]:
    """The sets that agree with every one of ``searches``, whoever holds them: a room's own set holds
    exactly the cards found there (TS-19); a card found belongs to that room's set, so to no set of
    another room. Worked out once per set of searches, not once per set and character."""
    found_in: dict[str, list[tuple[int, int]]] = {}
    for search in searches:
        found_in.setdefault(search.room, []).append((_mask(search.cards), _mask(search.found)))
    if not found_in:
        return list(ALL_MASKS)
    found_anywhere = {room: _mask_of(found for _, found in group) for room, group in found_in.items()}
    elsewhere = {
        room: _mask_of(cards for other, cards in found_anywhere.items() if other != room) for room in ROOMS
    }
    return [
        s
        for s in ALL_MASKS
        if not (elsewhere[ROOM_OF[s]] & s)
        and all(s & cards == found for cards, found in found_in.get(ROOM_OF[s], ()))
    ]


def _dealt(known: Told) -> list[str]:
    """Cards some character surely holds: every card when nine share the deck (TS-1 ruling), else the
    rooms where a search found something and what it found."""
    if len(known.names) >= len(ROOMS):
        return list(KIND_OF)
    found = [s for s in known.searches if s.found]
    return sorted({s.room for s in found} | {card for s in found for card in s.found})


def _mask(cards: Iterable[str]) -> int:
    """The bits of ``cards``."""
    mask = 0
    for card in cards:
        mask |= BIT[card]
    return mask


def _mask_of(masks: Iterable[int]) -> int:
    """The bits of any of ``masks``."""
    return reduce(or_, masks, 0)


def _any(sets: list[int]) -> int:
    """The cards some set of ``sets`` holds."""
    return reduce(or_, sets, 0)


def _every(sets: list[int]) -> int:
    """The cards every set of ``sets`` holds (none for no sets)."""
    return reduce(and_, sets) if sets else 0


def _set(cards: Iterable[str]) -> Set:
    room, furniture, weapon = cards
    return (room, furniture, weapon)


def notebook(view: dict[str, Any], seen_in: dict[str, set[str]]) -> dict[str, Any]:
    """The notebook of the character of ``view``, JSON-ready: for each other character the sets still
    possible (listed when few), the rooms they were never seen in, and for each card not in one's own
    hand who surely holds it, or whose sets it cannot be in."""
    me = view["name"]
    known = told(view, seen_in)
    found = possible(known)
    alive = {c["name"]: c["alive"] for c in view["characters"]}
    others = [name for name in known.names if name != me]
    characters = [
        {
            "name": name,
            "alive": alive.get(name, True),
            "count": found[name].count,
            "sets": [list(s) for s in found[name].few],
            "unseen": [room for room in ROOMS if room not in known.seen_in.get(name, frozenset())],
        }
        for name in others
    ]
    open_ = [name for name in others if found[name].count > 1]
    cards = []
    for card in KIND_OF:
        if card in known.hands[me]:
            continue
        holders = [name for name in others if found[name].every & BIT[card]]
        barred = [name for name in open_ if not found[name].some & BIT[card]]
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
    found = {
        c.name: possible(told(player_view(state, c.name, _told_events(log, c.name)), seen.get(c.name, {})))
        for c in state.characters
    }
    living = [c.name for c in state.living()]
    determined = [
        name
        for name in living
        if any(sets[name].count == 1 for other, sets in found.items() if other != name)
    ]
    return {"determined": determined, "living": living}
