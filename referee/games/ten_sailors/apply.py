"""How each Ten Sailors event changes the state: the reducer that derives state from the log."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from fractions import Fraction
from typing import Any

from referee.core import answers
from referee.core.events import Event
from referee.core.rules import apply_by_kind
from referee.games.ten_sailors import answering, zone
from referee.games.ten_sailors.cards import HALL
from referee.games.ten_sailors.state import (
    Character,
    GameState,
    Hand,
    Kill,
    Move,
    Search,
    Standing,
    Trap,
    changed,
    segment_of,
)
from referee.games.ten_sailors.talk import chosen


def apply(state: GameState | None, event: Event) -> GameState:
    """The state after ``event``."""
    return apply_by_kind(state, event, _started, _HANDLERS)


def apply_all(state: GameState, events: list[Event]) -> GameState:
    """The state after ``events``, as ``apply`` gives it one event after another; the moves of a run of
    ``moved`` events (every character's, as an hour closes) are made on one copy of the state."""
    at = 0
    while at < len(events):
        end = at
        while end < len(events) and events[end].kind == "moved":
            end += 1
        if end - at > 1:
            state = _moved_together(state, [event.data for event in events[at:end]])
            at = end
        else:
            state = apply(state, events[at])
            at += 1
    return state


def _started(data: dict[str, Any]) -> GameState:
    characters = tuple(
        Character(name=c["name"], host=c["host"], hand=Hand(*c["hand"])) for c in data["characters"]
    )
    return GameState(
        game_id=data["game_id"], seed=data["seed"], language=data["language"], characters=characters
    )


def order_from_json(kind: str, raw: dict[str, Any]) -> Move | Search | Trap:
    """The order of type ``kind`` stored as ``raw`` in an event."""
    if kind == "move":
        return Move(raw["room"])
    if kind == "search":
        return Search(tuple(raw["cards"]))
    return Trap(raw["target"], raw["room"], raw["furniture"], raw["weapon"])


def standing_from(data: dict[str, Any]) -> tuple[tuple[str, str], Standing]:
    """The key (segment, character) and the order in force of an ``order_accepted`` event's data."""
    standing = Standing(
        order_from_json(data["type"], data["order"]),
        datetime.fromisoformat(data["received_at"]),
        data["number"],
    )
    return (data["segment"], data["character"]), standing


def in_force(accepted: list[dict[str, Any]]) -> dict[str, dict[tuple[str, str], Any]]:
    """The tables of orders in force (``moves``, ``searches``, ``traps``) that folding the
    ``order_accepted`` events of ``accepted`` in order gives, built at once."""
    moves: dict[tuple[str, str], Standing] = {}
    searches: dict[tuple[str, str], Standing] = {}
    traps: dict[tuple[str, str], tuple[Standing, ...]] = {}
    for data in accepted:
        key, standing = standing_from(data)
        if data["type"] == "move":
            moves[key] = standing
        elif data["type"] == "search":
            searches[key] = standing
        else:
            traps[key] = (*traps.get(key, ()), standing)
    return {"moves": moves, "searches": searches, "traps": traps}


def _order_accepted(state: GameState, data: dict[str, Any]) -> GameState:
    key, standing = standing_from(data)
    if data["type"] == "move":
        return changed(state, moves={**state.moves, key: standing}, accepted=data["number"])
    if data["type"] == "search":
        return changed(state, searches={**state.searches, key: standing}, accepted=data["number"])
    traps = (*state.traps.get(key, ()), standing)
    return changed(state, traps={**state.traps, key: traps}, accepted=data["number"])


def _order_cancelled(state: GameState, data: dict[str, Any]) -> GameState:
    key = (data["segment"], data["character"])
    table = {"move": "moves", "search": "searches", "trap": "traps"}[data["type"]]
    remaining = {k: v for k, v in getattr(state, table).items() if k != key}
    return changed(state, **{table: remaining})


def _update(state: GameState, name: str, **changes: Any) -> GameState:
    return _changing(state, name, lambda _: changes)


def _changing(
    state: GameState, name: str, change: Callable[[Character], dict[str, Any]], *, known: bool = False
) -> GameState:
    """``state`` with the character ``name`` changed as ``change`` (given the character) says; the same
    state if there is no such character, or, if it must be ``known``, KeyError."""
    characters = state.characters
    for index, character in enumerate(characters):
        if character.name == name:
            after = changed(character, **change(character))
            return changed(state, characters=(*characters[:index], after, *characters[index + 1 :]))
    if known:
        raise KeyError(name)
    return state


def _moved(state: GameState, data: dict[str, Any]) -> GameState:
    """Moves a character, counting hours running in one room (TS-16: the night does not break it)."""
    return _changing(state, data["character"], _move(data), known=True)


def _move(data: dict[str, Any]) -> Callable[[Character], dict[str, Any]]:
    """What the ``moved`` event ``data`` changes of its character, given the character."""
    to, overnight = data["to"], data["overnight"]

    def move(character: Character) -> dict[str, Any]:
        if overnight:
            return {"location": HALL}
        if to == HALL:
            return {"location": HALL, "streak_room": None, "streak": 0}
        streak = character.streak + 1 if to == character.streak_room else 1
        return {"location": to, "streak_room": to, "streak": streak}

    return move


def _moved_together(state: GameState, moves: list[dict[str, Any]]) -> GameState:
    """``_moved`` for each of ``moves`` in turn, the state copied once for all of them."""
    characters = list(state.characters)
    seat: dict[str, int] = {}
    for index, character in enumerate(characters):
        seat.setdefault(character.name, index)
    for data in moves:
        index = seat[data["character"]]
        characters[index] = changed(characters[index], **_move(data)(characters[index]))
    return changed(state, characters=tuple(characters))


def _died(state: GameState, data: dict[str, Any]) -> GameState:
    """A trapped character dies; their hand is now public (TS-21)."""
    return _update(state, data["name"], alive=False, location=HALL, streak_room=None, streak=0)


def _scored(state: GameState, data: dict[str, Any]) -> GameState:
    """The setters of a successful trap share its frags equally; the host counts two (TS-21, TS-24)."""
    share = Fraction(data["value"], len(data["killers"]))
    host = state.character(data["victim"]).host
    kill = Kill(data["segment"], data["victim"], tuple(data["killers"]), data["value"])
    state = changed(state, kills=(*state.kills, kill))
    for killer in data["killers"]:
        before = state.character(killer)
        state = _update(state, killer, frags=before.frags + share, killed_host=before.killed_host or host)
    return state


def _segment_opened(state: GameState, data: dict[str, Any]) -> GameState:
    """Opens the next segment and forgets orders for segments that are over."""
    segment = segment_of(data["segment"])

    def current(table: dict[tuple[str, str], Any]) -> dict[tuple[str, str], Any]:
        return {k: v for k, v in table.items() if segment_of(k[0]) >= segment}

    return changed(
        state,
        segment=segment,
        traps_fired=False,
        dawn=(),
        moves=current(state.moves),
        searches=current(state.searches),
        traps=current(state.traps),
    )


def _traps_fired(state: GameState, data: dict[str, Any]) -> GameState:
    """The traps of the night have fired; the night goes on until its moves land (TS-4, TS-22)."""
    return changed(state, traps_fired=True)


def _kept_for_dawn(state: GameState, event: Event) -> GameState:
    """``event`` kept for the night's morning report if it comes before the trap time (``GameState.dawn``)."""
    if not state.segment.is_night or state.segment.day < 1 or state.traps_fired:
        return state
    return changed(state, dawn=(*state.dawn, event))


def _answer_folded(state: GameState, data: dict[str, Any]) -> GameState:
    """An answer kept for the character's next report: at night before the traps, kept for the report
    that ends the night (``GameState.dawn``), as the night's talk is."""
    return _kept_for_dawn(state, Event(answers.FOLDED, data, (data["character"],)))


def _said(state: GameState, data: dict[str, Any]) -> GameState:
    """Talk said at night before the traps fire, heard by everyone then in its place (TS-23)."""
    return _kept_for_dawn(state, Event("message_posted", data, tuple(state.present(data["location"]))))


def _trap_resolved(state: GameState, data: dict[str, Any]) -> GameState:
    """A trap's result, for its setter alone (TS-21)."""
    return _kept_for_dawn(state, Event("trap_resolved", data, (data["setter"],)))


def _game_ended(state: GameState, data: dict[str, Any]) -> GameState:
    return changed(state, finished=True, winners=tuple(data["winners"]), partial_victory=data["partial"])


_HANDLERS = {
    "order_accepted": _order_accepted,
    "order_cancelled": _order_cancelled,
    "moved": _moved,
    "died": _died,
    "message_posted": _said,
    "trap_resolved": _trap_resolved,
    "scored": _scored,
    "segment_opened": _segment_opened,
    "traps_fired": _traps_fired,
    "game_ended": _game_ended,
    "talk_chosen": chosen,
    "zone_chosen": zone.chosen,
    answers.CHOSEN: answering.chosen,
    answers.FOLDED: _answer_folded,
}
