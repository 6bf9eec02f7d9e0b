"""The Minuit game state and how each event changes it (MM-7 … MM-21).

The state is the fold of the event log. It holds the investigation itself (its leads
and solution came in the game-master's ``game_started`` event), the ship, the deck, the
pawns, the turn in progress, and at the end the hypotheses and the scores. Views and
notices decide who may read what.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from referee.core import answers
from referee.core.events import Event
from referee.core.rules import apply_by_kind
from referee.games.minuit.content import EVENTS, NO_EVENT, EventCard
from referee.games.minuit.investigation import Investigation

TURNS, SOLO, FINAL, OVER = "turns", "solo", "final", "over"
"""The stages of a game: turns of play; the revealer's hypotheses; everyone's; the end (MM-19, MM-20)."""


@dataclass(frozen=True)
class GameState:
    """Everything the rules need, secrets included."""

    game_id: str
    seed: int | str
    language: str
    seats: tuple[str, ...]
    case: Investigation
    dice: tuple[int, ...] = ()
    """Fixed die results from the game file, used before the seed's (for tests)."""
    rolls: int = 0
    """How many d10 rolls the game has made."""
    deck: tuple[str, ...] = ()
    event: str = ""
    """The id of this round's event ("" before the first)."""
    officer: int = 0
    """The officer's zone this round; 0 when off duty (MM-11)."""
    ship: int = 1
    round: int = 1
    turn: int = 0
    """The index in ``seats`` of the player whose turn it is; the First Player is ``seats[0]`` (MM-10)."""
    detectives: dict[str, int] = field(default_factory=dict)
    suspects: dict[str, int] = field(default_factory=dict)
    buoys: dict[str, int] = field(default_factory=dict)
    ap: int = 0
    failed: dict[str, Any] | None = None
    """The last action of the turn, if its roll failed and nothing came after it (MM-16, MM-17)."""
    moved: bool = False
    """Whether a suspect was moved this turn (MM-18)."""
    last_moved: str = ""
    turn_over: bool = False
    revealer: str = ""
    stage: str = TURNS
    known: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """The leads each seat has read, in the order read."""
    hypotheses: dict[str, dict[str, tuple[str, str]]] = field(default_factory=dict)
    shown: dict[str, str] = field(default_factory=dict)
    """The revealer's hypotheses 1, once shown to all (MM-20)."""
    result: dict[str, Any] = field(default_factory=dict)
    answers: tuple[str, ...] = ()
    """The seats that read the answers to their orders in the turn mail (``referee.core.answers``)."""

    @property
    def seat(self) -> str:
        """The player whose turn it is (or was, once the turns are over)."""
        return self.seats[self.turn]

    @property
    def card(self) -> EventCard:
        """This round's event and its effects."""
        return EVENTS.get(self.event, NO_EVENT)

    @property
    def finished(self) -> bool:
        return self.stage == OVER

    def suite_taken_by(self) -> str | None:
        """The detective in the suite, if any."""
        return next((seat for seat, zone in self.detectives.items() if zone == 2), None)


def apply(state: GameState | None, event: Event) -> GameState:
    """The state after ``event``."""
    return apply_by_kind(state, event, _started, _HANDLERS)


def _started(data: dict[str, Any]) -> GameState:
    seats = tuple(data["seats"])
    return GameState(
        game_id=data["game_id"],
        seed=data["seed"],
        language=data["language"],
        seats=seats,
        case=Investigation(data["investigation"]),
        dice=tuple(data["dice"]),
        deck=tuple(data["deck"]),
        ship=data["ship"],
        detectives=dict.fromkeys(seats, data["start_zone"]),
        suspects=dict(data["suspects"]),
        buoys=dict.fromkeys(seats, data["buoys"]),
        known={seat: () for seat in seats},
    )


def _round_opened(state: GameState, data: dict[str, Any]) -> GameState:
    """The First Player's phase: the event is drawn and the ship moves (MM-11, MM-19)."""
    return replace(
        state,
        round=data["round"],
        deck=state.deck[1:] if data["event"] else state.deck,
        event=data["event"],
        ship=data["ship"],
        rolls=state.rolls + data.get("rolls", 0),
    )


def _officer_placed(state: GameState, data: dict[str, Any]) -> GameState:
    return replace(state, officer=data["zone"], rolls=state.rolls + data.get("rolls", 0))


def _turn_opened(state: GameState, data: dict[str, Any]) -> GameState:
    return replace(state, turn=data["turn"], ap=data["ap"], failed=None, moved=False, turn_over=False)


def _moved(state: GameState, data: dict[str, Any]) -> GameState:
    return replace(
        state, detectives={**state.detectives, data["seat"]: data["to"]}, ap=data["ap"], failed=None
    )


def _acted(state: GameState, data: dict[str, Any]) -> GameState:
    """A question or a search, with its roll (MM-14 … MM-16)."""
    failed = (
        None if data["success"] else {k: data[k] for k in ("action", "target", "topic", "method", "roll")}
    )
    return replace(state, ap=data["ap"], rolls=state.rolls + (1 if data["roll"] else 0), failed=failed)


def _lead_read(state: GameState, data: dict[str, Any]) -> GameState:
    readers = state.seats if data["public"] else (data["seat"],)
    known = dict(state.known)
    for seat in readers:
        if data["lead"] not in known[seat]:
            known[seat] = (*known[seat], data["lead"])
    return replace(state, known=known)


def _buoy_used(state: GameState, data: dict[str, Any]) -> GameState:
    seat = data["seat"]
    failed = None if data["use"] == "roll" else state.failed
    if data["use"] == "roll" and not data["success"]:
        failed = {**(state.failed or {}), "roll": data["roll"]}
    return replace(state, buoys={**state.buoys, seat: state.buoys[seat] - 1}, ap=data["ap"], failed=failed)


def _suspect_moved(state: GameState, data: dict[str, Any]) -> GameState:
    return replace(
        state,
        suspects={**state.suspects, data["suspect"]: data["to"]},
        last_moved=data["suspect"],
        moved=True,
        failed=None,
    )


def _revelations(state: GameState, data: dict[str, Any]) -> GameState:
    return replace(state, revealer=data["seat"])


def _turn_done(state: GameState, data: dict[str, Any]) -> GameState:
    return replace(state, turn_over=True, failed=None)


def _stage(state: GameState, data: dict[str, Any]) -> GameState:
    return replace(state, stage=data["stage"], turn_over=True, failed=None)


def _hypotheses(state: GameState, data: dict[str, Any]) -> GameState:
    mine = {**state.hypotheses.get(data["seat"], {}), data["element"]: (data["first"], data["second"])}
    return replace(state, hypotheses={**state.hypotheses, data["seat"]: mine})


def _shown(state: GameState, data: dict[str, Any]) -> GameState:
    return replace(state, shown=dict(data["first"]))


def _game_ended(state: GameState, data: dict[str, Any]) -> GameState:
    return replace(state, stage=OVER, result=dict(data))


def _answers_chosen(state: GameState, data: dict[str, Any]) -> GameState:
    return replace(state, answers=answers.seats_after(state.answers, data))


_HANDLERS = {
    "round_opened": _round_opened,
    "officer_placed": _officer_placed,
    "turn_opened": _turn_opened,
    "detective_moved": _moved,
    "acted": _acted,
    "lead_read": _lead_read,
    "buoy_used": _buoy_used,
    "suspect_moved": _suspect_moved,
    "revelations_announced": _revelations,
    "turn_done": _turn_done,
    "stage_opened": _stage,
    "hypotheses_written": _hypotheses,
    "revealer_shown": _shown,
    "game_ended": _game_ended,
    answers.CHOSEN: _answers_chosen,
}
