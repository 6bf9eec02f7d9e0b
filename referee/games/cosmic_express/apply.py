"""How each Cosmic Express event changes the state: the reducer that derives state from the log."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from referee.core import answers
from referee.core.events import Event
from referee.core.rules import apply_by_kind
from referee.games.cosmic_express.state import (
    ACCEPTED,
    EXPIRED,
    INTERROGATION,
    REFUSED,
    TRADING,
    WITHDRAWN,
    GameState,
    Offer,
)

JOURNALED = frozenset(
    {
        "offer_made",
        "offer_accepted",
        "offer_refused",
        "offer_withdrawn",
        "offer_expired",
        "dummy_swapped",
        "player_done",
        "detective_revealed",
        "message_posted",
        "weapon_shown",
        "arrest_made",
    }
)
"""The events the state's ``journal`` keeps, in order: the trades and the interrogation of each round."""


def apply(state: GameState | None, event: Event) -> GameState:
    """The state after ``event`` (events that only tell players something change nothing but the
    journal, when they are of a kind it keeps)."""
    after = apply_by_kind(state, event, _started, _HANDLERS)
    if event.kind in JOURNALED:
        return replace(after, journal=(*after.journal, {"kind": event.kind, **event.data}))
    return after


def _started(d: dict[str, Any]) -> GameState:
    return GameState(d["game_id"], d["seed"], d["language"], tuple(d["seats"]), d["rounds"])


def replaced(hand: tuple[str, ...], old: str, new: str) -> tuple[str, ...]:
    """``hand`` with one ``old`` card (the first) replaced by ``new`` in the same place."""
    index = hand.index(old)
    return (*hand[:index], new, *hand[index + 1 :])


def _round_dealt(state: GameState, d: dict[str, Any]) -> GameState:
    return replace(
        state,
        round=d["round"],
        stage=TRADING,
        roles=dict(d["roles"]),
        hands={seat: tuple(items) for seat, items in d["items"].items()},
        weapon=d["weapon"],
        dummy_role=d["dummy_role"],
        dummy_items=tuple(d["dummy_items"]),
        done=frozenset(),
        weapon_shown=False,
        arrest=None,
    )


def _offer_made(state: GameState, d: dict[str, Any]) -> GameState:
    offer = Offer(d["offer"], d["round"], d["from"], d["to"], d["item"])
    return replace(state, offers=(*state.offers, offer), offer_count=state.offer_count + 1)


def _closed(status: str) -> Any:
    def close(state: GameState, d: dict[str, Any]) -> GameState:
        """The state with offer ``d["offer"]`` closed as ``status``."""
        offers = tuple(
            replace(o, status=status, why=d.get("why", "")) if o.id == d["offer"] else o for o in state.offers
        )
        return replace(state, offers=offers)

    return close


def _offer_accepted(state: GameState, d: dict[str, Any]) -> GameState:
    """The two cards change hands at once (CE-4 ruling)."""
    hands = dict(state.hands)
    hands[d["from"]] = replaced(hands[d["from"]], d["gave"], d["got"])
    hands[d["to"]] = replaced(hands[d["to"]], d["got"], d["gave"])
    offers = tuple(
        replace(o, status=ACCEPTED, answer=d["got"]) if o.id == d["offer"] else o for o in state.offers
    )
    return replace(state, hands=hands, offers=offers)


def _dummy_swapped(state: GameState, d: dict[str, Any]) -> GameState:
    """The player's card takes the place of the Dummy's card number ``slot`` (CE-9 ruling)."""
    slot = d["slot"] - 1
    dummy = list(state.dummy_items)
    hands = {**state.hands, d["player"]: replaced(state.hands[d["player"]], d["gave"], dummy[slot])}
    dummy[slot] = d["gave"]
    return replace(state, hands=hands, dummy_items=tuple(dummy))


def _player_done(state: GameState, d: dict[str, Any]) -> GameState:
    return replace(state, done=state.done | {d["player"]})


def _trading_closed(state: GameState, d: dict[str, Any]) -> GameState:
    return replace(state, stage=INTERROGATION)


def _weapon_shown(state: GameState, d: dict[str, Any]) -> GameState:
    return replace(state, weapon_shown=True)


def _arrest_made(state: GameState, d: dict[str, Any]) -> GameState:
    return replace(state, arrest=d["target"])


def _round_ended(state: GameState, d: dict[str, Any]) -> GameState:
    return replace(state, results=(*state.results, d), standings=tuple(d["standings"]))


def _answers_chosen(state: GameState, d: dict[str, Any]) -> GameState:
    return replace(state, answers=answers.seats_after(state.answers, d))


def _game_ended(state: GameState, d: dict[str, Any]) -> GameState:
    return replace(state, finished=True, winners=tuple(d["winners"]), standings=tuple(d["standings"]))


_HANDLERS = {
    "round_dealt": _round_dealt,
    "offer_made": _offer_made,
    "offer_accepted": _offer_accepted,
    "offer_refused": _closed(REFUSED),
    "offer_withdrawn": _closed(WITHDRAWN),
    "offer_expired": _closed(EXPIRED),
    "dummy_swapped": _dummy_swapped,
    "player_done": _player_done,
    "trading_closed": _trading_closed,
    "weapon_shown": _weapon_shown,
    "arrest_made": _arrest_made,
    "round_ended": _round_ended,
    "game_ended": _game_ended,
    answers.CHOSEN: _answers_chosen,
}
