"""Judging the trading orders of the investigation window (CE-4 and its ruling, CE-9).

Every function takes the state, the seat giving the order and the parsed order, and
returns the line's verdict with the events it causes; a refused line causes none.

Decisions where the rules are silent (documented in the package docstring):
- a card lies in at most one open offer; a player holding two Candles may offer each;
- a card in an open offer cannot be swapped with the Dummy;
- accepting an offer with a card that lies in one of the acceptor's own open offers
  withdraws that offer (the card is gone);
- DONE is final for the round: it withdraws the player's open offers and refuses the
  open offers made to them, and nobody may offer to them afterwards.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from referee.core.events import Event
from referee.core.orders import LineVerdict, Order
from referee.games.cosmic_express.apply import replaced
from referee.games.cosmic_express.cards import DUMMY
from referee.games.cosmic_express.state import TRADING, GameState, Offer

Verdict = tuple[LineVerdict, list[Event]]


def reject(order: Order, reason: str, **params: Any) -> Verdict:
    """A refused line: its reason code and parameters, and no events."""
    return LineVerdict(order.line, False, reason=reason, params=params), []


def accept(order: Order, understood: dict[str, Any], events: list[Event]) -> Verdict:
    """An accepted line, understood as ``understood``, causing ``events``."""
    return LineVerdict(order.line, True, understood={"notes": [], **understood}), events


def _window(state: GameState, seat: str, order: Order) -> Verdict | None:
    """Why no trading order is possible now, if it is not."""
    if state.stage != TRADING:
        return reject(order, "trading_closed")
    if seat in state.done:
        return reject(order, "you_are_done")
    return None


def _card(state: GameState, seat: str, order: Order, item: str) -> Verdict | None:
    """Why ``seat`` cannot put a card of ``item`` on the table, if it cannot."""
    if item not in state.hands[seat]:
        return reject(order, "not_holding", item=item, items=list(state.hands[seat]))
    if state.free(seat, item) <= 0:
        offers = [o.id for o in state.open_offers() if o.offerer == seat and o.item == item]
        return reject(order, "item_in_offer", item=item, offers=offers)
    return None


def offer(state: GameState, seat: str, order: Order) -> Verdict:
    """``OFFER <player> <item>``: a face-down offer with a new id (CE-4 ruling).

    The offerer's own event holds the item; the receiver's says only who offers and the id.
    """
    target, item = order.args["to"], order.args["item"]
    if problem := _window(state, seat, order):
        return problem
    if target == DUMMY:
        return reject(order, "offer_to_dummy", has_dummy=state.has_dummy)
    if target == seat:
        return reject(order, "offer_self")
    if target in state.done:
        return reject(order, "player_done", player=target)
    if problem := _card(state, seat, order, item):
        return problem
    offer_id = f"O{state.offer_count + 1}"
    base = {"offer": offer_id, "round": state.round, "from": seat, "to": target}
    events = [Event("offer_made", {**base, "item": item}, (seat,)), Event("offer_received", base, (target,))]
    return accept(order, {"kind": "offer", "offer": offer_id, "to": target, "item": item}, events)


def _addressed(state: GameState, seat: str, order: Order, *, as_receiver: bool) -> Offer | Verdict:
    """The open offer named by ``order`` if ``seat`` may answer it (or withdraw it), else why not."""
    found = state.offer(order.args["offer"])
    if found is None:
        return reject(order, "unknown_offer", offer=order.args["offer"])
    if as_receiver and found.receiver != seat:
        if found.offerer == seat:
            return reject(order, "own_offer", offer=found.id)
        return reject(order, "offer_not_to_you", offer=found.id)
    if not as_receiver and found.offerer != seat:
        return reject(order, "not_your_offer", offer=found.id)
    if not found.open:
        return reject(order, "offer_closed", offer=found.id, status=found.status, why=found.why)
    return found


def accept_offer(state: GameState, seat: str, order: Order) -> Verdict:
    """``ACCEPT <offer> <item>``: the two cards swap at once; both learn what they received.

    Everyone is told that the two swapped, never which items (CE-4 ruling). Offers of the
    acceptor whose card has just left their hand are withdrawn.
    """
    if problem := _window(state, seat, order):
        return problem
    found = _addressed(state, seat, order, as_receiver=True)
    if not isinstance(found, Offer):
        return found
    item = order.args["item"]
    if item not in state.hands[seat]:
        return reject(order, "not_holding", item=item, items=list(state.hands[seat]))
    gone = card_gone_offers(state, seat, replaced(state.hands[seat], item, found.item))
    base = {"offer": found.id, "round": state.round, "from": found.offerer, "to": seat}
    events = [Event("offer_accepted", {**base, "gave": found.item, "got": item}, (found.offerer, seat))]
    for other in gone:
        data = {
            "offer": other.id,
            "round": state.round,
            "from": seat,
            "to": other.receiver,
            "why": "card_gone",
        }
        events.append(Event("offer_withdrawn", data, (seat, other.receiver)))
    news = {"round": state.round, "players": [found.offerer, seat]}
    events.append(Event("swap_news", news, state.seats))  # public: every seat, named so relays can reach them
    understood = {
        "kind": "accept",
        "offer": found.id,
        "from": found.offerer,
        "gave": item,
        "received": found.item,
        "withdrawn": [o.id for o in gone],
    }
    return accept(order, understood, events)


def card_gone_offers(state: GameState, seat: str, new_hand: tuple[str, ...]) -> list[Offer]:
    """The open offers of ``seat`` left without a card once its hand becomes ``new_hand``.

    For each item, the newest offers beyond the number of such cards still held.
    """
    have = Counter(new_hand)
    mine = [o for o in state.open_offers() if o.offerer == seat]
    gone: list[Offer] = []
    for item in {o.item for o in mine}:
        of_item = [o for o in mine if o.item == item]
        excess = len(of_item) - have[item]
        if excess > 0:
            gone += of_item[-excess:]
    return sorted(gone, key=lambda o: int(o.id[1:]))


def refuse(state: GameState, seat: str, order: Order) -> Verdict:
    """``REFUSE <offer>``: the offer is closed; its maker is told."""
    if problem := _window(state, seat, order):
        return problem
    found = _addressed(state, seat, order, as_receiver=True)
    if not isinstance(found, Offer):
        return found
    data = {"offer": found.id, "round": state.round, "from": found.offerer, "to": seat, "why": "asked"}
    events = [Event("offer_refused", data, (found.offerer, seat))]
    return accept(order, {"kind": "refuse", "offer": found.id, "from": found.offerer}, events)


def withdraw(state: GameState, seat: str, order: Order) -> Verdict:
    """``WITHDRAW <offer>``: the maker takes an unanswered offer back (CE-4)."""
    if state.stage != TRADING:
        return reject(order, "trading_closed")
    found = _addressed(state, seat, order, as_receiver=False)
    if not isinstance(found, Offer):
        return found
    data = {"offer": found.id, "round": state.round, "from": seat, "to": found.receiver, "why": "asked"}
    events = [Event("offer_withdrawn", data, (seat, found.receiver))]
    understood = {"kind": "withdraw", "offer": found.id, "to": found.receiver, "item": found.item}
    return accept(order, understood, events)


def swap_dummy(state: GameState, seat: str, order: Order) -> Verdict:
    """``SWAP DUMMY <item> <1|2>``: swap unseen with the Dummy's card of that number (CE-9 ruling).

    The player learns what they took; everyone else learns only that they swapped with the Dummy.
    """
    if not state.has_dummy:
        return reject(order, "no_dummy")
    if problem := _window(state, seat, order):
        return problem
    item, slot = order.args["item"], order.args["slot"]
    if problem := _card(state, seat, order, item):
        return problem
    got = state.dummy_items[slot - 1]
    data = {"round": state.round, "player": seat, "gave": item, "slot": slot, "got": got}
    events = [
        Event("dummy_swapped", data, (seat,)),
        Event("dummy_swap_news", {"round": state.round, "player": seat, "slot": slot}, state.seats),
    ]
    return accept(order, {"kind": "swap", "item": item, "slot": slot, "received": got}, events)


def done(state: GameState, seat: str, order: Order) -> Verdict:
    """``DONE``: the player has finished trading for this round; everyone is told.

    Their open offers are withdrawn and the offers made to them refused. When every
    player is done the window closes early (see ``GameState.waiting``).
    """
    if state.stage != TRADING:
        return reject(order, "trading_closed")
    if seat in state.done:
        return reject(order, "already_done")
    events = []
    withdrawn, refused = [], []
    for open_offer in state.open_offers():
        base = {"offer": open_offer.id, "round": state.round, "from": open_offer.offerer}
        base |= {"to": open_offer.receiver, "why": "done"}
        parties = (open_offer.offerer, open_offer.receiver)
        if open_offer.offerer == seat:
            withdrawn.append(open_offer.id)
            events.append(Event("offer_withdrawn", base, parties))
        elif open_offer.receiver == seat:
            refused.append(open_offer.id)
            events.append(Event("offer_refused", base, parties))
    events.append(Event("player_done", {"round": state.round, "player": seat}, state.seats))
    return accept(order, {"kind": "done", "withdrawn": withdrawn, "refused": refused}, events)
