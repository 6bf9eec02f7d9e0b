"""Accepting Cosmic Express orders: each readable line is judged against the game as it now is.

Lines are judged in order, each on the state left by the lines before it; a refused line
changes nothing. A mail in which no line even looks like an order is table talk.
"""

from __future__ import annotations

from referee.core import answers
from referee.core.events import Event
from referee.core.orders import (
    LineVerdict,
    Order,
    Submission,
    Unreadable,
    judge_in_turn,
    refused,
    talk_beside_orders,
)
from referee.games.cosmic_express import interrogation, trading
from referee.games.cosmic_express.apply import apply
from referee.games.cosmic_express.parse import parse_text
from referee.games.cosmic_express.state import GameState


def submit(state: GameState, submission: Submission) -> tuple[list[LineVerdict], list[Event]]:
    """The verdict on every line of ``submission`` and the events its accepted lines cause."""
    if submission.seat not in state.seats:
        raise KeyError(f"{submission.seat!r} does not play in game {state.game_id}")

    def judge(now: GameState, item: Order | Unreadable) -> trading.Verdict:
        return refused(item) if isinstance(item, Unreadable) else _judge(now, submission, item)

    read = parse_text(submission.text, state.seats, submission.seat)
    items = talk_beside_orders(read, "said", "\n", Order)  # CE-5 ruling
    return judge_in_turn(state, items, judge, apply)


def _judge(state: GameState, submission: Submission, order: Order) -> trading.Verdict:
    seat = submission.seat
    if order.kind in ("help", "status"):
        return trading.accept(order, {"kind": order.kind}, [])
    if order.kind == answers.KIND:
        return answers.chosen_by(seat, order)
    if state.finished:
        return trading.reject(order, "game_over")
    if order.kind == "say":
        return interrogation.say(state, submission, order)
    if order.kind == "arrest":
        return interrogation.arrest(state, seat, order)
    if order.kind == "reveal":
        return interrogation.reveal(state, seat, order)
    judge = {
        "offer": trading.offer,
        "accept": trading.accept_offer,
        "refuse": trading.refuse,
        "withdraw": trading.withdraw,
        "swap": trading.swap_dummy,
        "done": trading.done,
    }[order.kind]
    return judge(state, seat, order)
