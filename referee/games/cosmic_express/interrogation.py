"""Judging the orders of the interrogation and the arrest (CE-5, CE-6, CE-9 and their rulings).

Talk goes to every player at once. The Detective ends the talk either with ``REVEAL``,
which turns the murder weapon over for everyone before the arrest (CE-6: "the murder
weapon is shown, the Detective arrests one player"), or directly with ``ARREST``, which
shows the weapon and every card at the same moment.
"""

from __future__ import annotations

from referee.core.events import EVERYONE, Event
from referee.core.orders import Order, Submission
from referee.games.cosmic_express.cards import DUMMY
from referee.games.cosmic_express.state import INTERROGATION, GameState
from referee.games.cosmic_express.trading import Verdict, accept, reject


def say(state: GameState, submission: Submission, order: Order) -> Verdict:
    """Talk: in the interrogation every message goes to every player at once (CE-5 ruling).

    There is no table talk by mail while trading (CE-5 opens the talk), nor once the
    Detective has turned the weapon over or arrested someone (the talk is over, CE-6).
    """
    if state.stage != INTERROGATION:
        return reject(order, "talk_in_trading")
    if state.weapon_shown or state.arrest is not None:
        return reject(order, "talk_over")
    data = {
        "round": state.round,
        "from": submission.seat,
        "said": order.args["said"],
        "received_at": submission.received_at.isoformat(),
    }
    understood = {"kind": "say", "said": order.args["said"]}
    return accept(order, understood, [Event("message_posted", data, state.seats)])


def _detective_only(state: GameState, seat: str, order: Order, too_early: str) -> Verdict | None:
    """Why ``seat`` may not give the Detective's orders now, if it may not."""
    if state.stage != INTERROGATION:
        return reject(order, too_early)
    if state.seat_with_detective() != seat:
        return reject(order, "not_detective", detective=state.seat_with_detective() or "")
    if state.arrest is not None:
        return reject(order, "already_arrested", target=state.arrest)
    return None


def reveal(state: GameState, seat: str, order: Order) -> Verdict:
    """``REVEAL``: the Detective ends the talk and the weapon is shown to everyone (CE-6)."""
    if problem := _detective_only(state, seat, order, "reveal_too_early"):
        return problem
    if state.weapon_shown:
        return reject(order, "already_revealed", weapon=state.weapon)
    data = {"round": state.round, "detective": seat, "weapon": state.weapon}
    understood = {"kind": "reveal", "weapon": state.weapon}
    return accept(order, understood, [Event("weapon_shown", data, state.seats)])


def arrest(state: GameState, seat: str, order: Order) -> Verdict:
    """``ARREST <player>`` (or ``ARREST DUMMY`` with three players): the Detective's arrest ends
    the round (CE-5, CE-6, CE-9). The reveal follows at once."""
    target = order.args["target"]
    if problem := _detective_only(state, seat, order, "arrest_too_early"):
        return problem
    if target == DUMMY and not state.has_dummy:
        return reject(order, "no_dummy")
    if target == seat:
        return reject(order, "arrest_self")
    data = {"round": state.round, "detective": seat, "target": target}
    return accept(order, {"kind": "arrest", "target": target}, [Event("arrest_made", data, (EVERYONE,))])
