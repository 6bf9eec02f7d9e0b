"""Resolving a Ten Sailors segment: searches, moves, traps and the end of the game.

``resolve`` takes the state at the end of a segment and returns the events that close
it and open the next one. A night with traps closes in two steps (TS-4): at the trap
time its traps fire (and the game may end), and at its end its moves land. Every random
draw comes from the game's seeded stream keyed by the segment, so a replay with the same
orders gives the same events.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from typing import Any, TypeVar

from referee.core.events import EVERYONE, Event
from referee.core.rng import SeededStream
from referee.games.ten_sailors.apply import apply_all
from referee.games.ten_sailors.cards import HALL, ROOMS, SEARCHABLE
from referee.games.ten_sailors.state import (
    LAST_DAY,
    ROOM_CAPACITY,
    Character,
    GameState,
    Move,
    Search,
    Standing,
    Trap,
)

OrderT = TypeVar("OrderT", Move, Search, Trap)


class GameOver(ValueError):
    """Raised when asked to resolve a game that has ended."""


def resolve(state: GameState) -> list[Event]:
    """The events that close the current segment of ``state`` and open the next (or end the game)."""
    return closing(state)[0]


def closing(state: GameState) -> tuple[list[Event], GameState]:
    """``resolve`` and the state its events fold to, reached on the way (``Rules.closing``)."""
    if state.finished:
        raise GameOver(f"game {state.game_id} is over")
    rng = SeededStream(state.seed, state.segment.key)
    events: list[Event] = []

    def record(new: list[Event]) -> None:
        nonlocal state
        state = apply_all(state, new)
        events.extend(new)

    if state.segment.is_night:
        if state.segment.day >= 1 and not state.traps_fired:  # TS-4: the trap time comes first
            record(_traps(state))
            record([Event("traps_fired", {"segment": state.segment.key}, ())])
            ending = _ending(state)
            if ending:
                record([ending])
            return events, state  # the night goes on: its moves land at its end (TS-22)
        record(_moves(state, rng))
    else:
        record(_searches(state, rng))
        record(_moves(state, rng))
    record([Event("segment_opened", {"segment": state.segment.next().key}, (EVERYONE,))])
    return events, state


def _searches(state: GameState, rng: SeededStream) -> list[Event]:
    """Every living character outside the Hall searches their room (TS-11, TS-19)."""
    events = []
    holders = state.holders()
    for character in state.living():
        if character.location == HALL:
            continue
        standing = state.searches.get((state.segment.key, character.name))
        drawn = standing is None
        cards = rng.sample(SEARCHABLE, 2) if standing is None else list(_order(standing, Search).cards)
        holder = holders.get(character.location)
        found = [card for card in cards if holder is not None and card in holder.hand.cards()]
        data = {
            "character": character.name,
            "segment": state.segment.key,
            "room": character.location,
            "cards": cards,
            "found": found,
            "random": drawn,
        }
        events.append(Event("searched", data, (character.name,)))
    return events


def _moves(state: GameState, rng: SeededStream) -> list[Event]:
    """Where every living character is when the next segment opens (TS-12 … TS-18, TS-22)."""
    segment = state.segment
    living = state.living()
    if segment.hour == 4:
        return [_moved(segment.key, c, HALL, "night", overnight=True) for c in living]

    occupancy: Counter[str] = Counter()
    placed: dict[str, tuple[str, str]] = {}
    movers: list[tuple[Standing, Character]] = []
    landing: list[tuple[Character, str]] = []
    for character in living:
        standing = state.moves.get((segment.key, character.name))
        target = _order(standing, Move).room if standing else character.location
        if target == character.location:
            if character.must_leave():
                landing.append((character, "two_hours"))
            else:
                placed[character.name] = (character.location, "stayed")
                occupancy[character.location] += 1
        elif not character.may_enter(target):
            landing.append((character, "own_card" if target == character.hand.room else "two_hours"))
        elif standing is not None:
            movers.append((standing, character))

    for standing, character in sorted(movers, key=lambda m: (m[0].received_at, m[0].number)):
        target = _order(standing, Move).room
        if target == HALL or occupancy[target] < ROOM_CAPACITY:
            placed[character.name] = (target, "moved")
            occupancy[target] += 1
        else:
            landing.append((character, "room_full"))

    seat = {c.name: i for i, c in enumerate(state.characters)}
    for character, reason in sorted(landing, key=lambda item: seat[item[0].name]):
        free = [r for r in ROOMS if character.may_enter(r) and occupancy[r] < ROOM_CAPACITY]
        room = rng.choice(free)
        placed[character.name] = (room, reason)
        occupancy[room] += 1

    return [_moved(segment.key, c, *placed[c.name], overnight=False) for c in living]


def _moved(segment: str, character: Character, to: str, reason: str, *, overnight: bool) -> Event:
    data = {
        "character": character.name,
        "segment": segment,
        "from": character.location,
        "to": to,
        "reason": reason,
        "overnight": overnight,
    }
    if reason == "two_hours":  # the room of the two hours running: after a night, not where one stands
        data["room"] = character.streak_room
    return Event("moved", data, (character.name,))


def _traps(state: GameState) -> list[Event]:
    """The traps of the night fire together at 09:00, from the state at the start of the night (TS-21)."""
    key = state.segment.key
    events: list[Event] = []
    killers: dict[str, list[str]] = {}
    for setter in state.characters:
        for standing in state.traps.get((key, setter.name), ()):
            trap = _order(standing, Trap)
            target = state.character(trap.target)
            data: dict[str, Any] = {
                "setter": setter.name,
                "target": target.name,
                "segment": key,
                "cards": list(trap.cards()),
            }
            if not (setter.alive and target.alive):
                events.append(Event("trap_resolved", {**data, "void": True}, (setter.name,)))
                continue
            correct = sum(a == b for a, b in zip(trap.cards(), target.hand.cards(), strict=True))
            killed = correct == 3
            if killed and setter.name not in killers.setdefault(target.name, []):
                killers[target.name].append(setter.name)
            data |= {"correct": correct, "killed": killed, "void": False}
            events.append(Event("trap_resolved", data, (setter.name,)))
    for victim in state.characters:
        if killers.get(victim.name):
            public = {"name": victim.name, "hand": list(victim.hand.cards()), "segment": key}
            events.append(Event("died", public, (EVERYONE,)))
            score = {"victim": victim.name, "killers": killers[victim.name], "value": 2 if victim.host else 1}
            events.append(Event("scored", {**score, "segment": key}, ()))  # who killed whom stays hidden
    return events


def _ending(state: GameState) -> Event | None:
    """The end of the game, if it ends now (TS-24, TS-25)."""
    living = state.living()
    if len(living) == 1:
        winners, partial, reason = [living[0].name], False, "last_survivor"
    elif not living or state.segment.day >= LAST_DAY:
        winners, partial = frag_winners(state.characters)
        reason = "frags" if living else "everyone_died"
    else:
        return None
    host = state.host()
    data = {
        "winners": winners,
        "partial": partial,
        "reason": reason,
        "frags": {c.name: str(c.frags) for c in state.characters},
        # revealed to all at the end: every set, the host's character, who trapped whom
        "sets": {c.name: list(c.hand.cards()) for c in state.characters},
        "host": host.name if host else None,
        "alive": [c.name for c in living],
        "kills": [{**vars(k), "killers": list(k.killers)} for k in state.kills],
    }
    return Event("game_ended", data, (EVERYONE,))


def frag_winners(characters: tuple[Character, ...]) -> tuple[list[str], bool]:
    """Who wins on frags, and whether the victory is partial (TS-24, TS-25).

    The most frags win; among tied characters those who had a share in killing the host
    win; a tie that this does not break is a partial victory for all of them. Nobody wins
    when nobody scored.
    """
    best = max((c.frags for c in characters), default=Fraction(0))
    if best == 0:
        return [], False
    tied = [c for c in characters if c.frags == best]
    winners = [c for c in tied if c.killed_host] or tied
    return [c.name for c in winners], len(winners) > 1


def _order(standing: Standing, kind: type[OrderT]) -> OrderT:
    """The order held by ``standing``, checked to be of the type ``kind``."""
    if not isinstance(standing.order, kind):
        raise TypeError(f"expected a {kind.__name__} order, got {standing.order!r}")
    return standing.order
