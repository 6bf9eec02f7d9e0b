"""Closing a Cosmic Express phase: the end of the trading window, the arrest and the reveal.

``resolve`` is called when the open phase's deadline passes, or at once when nobody is
awaited any more (every player DONE; the Detective's ARREST). It applies the defaults:
offers still open when the window closes expire without a swap; an interrogation that
runs out arrests nobody, so the Murderer is not arrested (CE-5 ruling).
"""

from __future__ import annotations

from referee.core.events import EVERYONE, Event
from referee.games.cosmic_express.deal import round_events
from referee.games.cosmic_express.state import TRADING, GameState
from referee.games.cosmic_express.winners import game_winners, round_result, standings


class GameOver(ValueError):
    """Raised when asked to resolve a game that has ended."""


def resolve(state: GameState) -> list[Event]:
    """The events that close the open phase of ``state`` and open the next (or end the game)."""
    if state.finished:
        raise GameOver(f"game {state.game_id} is over")
    if state.stage == TRADING:
        return close_trading(state)
    return close_round(state)


def close_trading(state: GameState) -> list[Event]:
    """The end of the trading window (CE-4): open offers expire; the Detective is revealed (CE-5)."""
    events = []
    for offer in state.open_offers():
        data = {"offer": offer.id, "round": state.round, "from": offer.offerer, "to": offer.receiver}
        events.append(
            Event("offer_expired", {**data, "why": "window_closed"}, (offer.offerer, offer.receiver))
        )
    events.append(Event("trading_closed", {"round": state.round}, (EVERYONE,)))
    detective = state.seat_with_detective() or ""
    events.append(Event("detective_revealed", {"round": state.round, "detective": detective}, (EVERYONE,)))
    return events


def close_round(state: GameState) -> list[Event]:
    """The arrest phase (CE-6): the reveal and the winners (CE-7); then the next round or the end (CE-8)."""
    result = round_result(
        state.seats, state.roles, state.hands, state.weapon, state.arrest, state.dummy_role, state.dummy_items
    )
    table = standings(state.seats, [*state.results, result])
    data = {"round": state.round, "rounds": state.rounds, **result, "standings": table}
    events = [Event("round_ended", data, (EVERYONE,))]
    if state.round < state.rounds:
        return events + round_events(state.seats, state.seed, state.round + 1, state.rounds)
    # A single round is won by everyone its CE-7 conditions name; CE-8's ranking is for the longer game.
    winners = result["winners"] if state.rounds == 1 else game_winners(table)
    ended = {"rounds": state.rounds, "winners": winners, "standings": table}
    return [*events, Event("game_ended", ended, (EVERYONE,))]
