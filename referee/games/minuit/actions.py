"""A player's mail during the game: each line judged in turn against the state the lines before it left
(MM-13 … MM-18, MM-20, and the hypotheses of MM-19).

Within one mail, actions (MOVE, QUESTION, SEARCH, RETRY, BUOY) are judged in the order
written, then a suspect's move, then REVEAL, then END, whatever their order. A refused
line changes nothing. Every roll and every action is public; a lead's text goes to
everyone for a QUICK success and to the actor alone otherwise (MM-16).
"""

from __future__ import annotations

from typing import Any

from referee.core import answers
from referee.core.events import EVERYONE, Event
from referee.core.orders import LineVerdict, Order, Submission, Unreadable, judge_in_turn, refused
from referee.games.minuit.board import route, suspect_reach
from referee.games.minuit.content import (
    CABINS,
    METHODS,
    REVELATIONS_ZONE,
    SUITE,
    SUSPECT_STEPS,
    ZONE_OF_LOCATION,
)
from referee.games.minuit.dice import roll
from referee.games.minuit.parse import parse_text
from referee.games.minuit.shipmap import board, lead_label
from referee.games.minuit.state import FINAL, SOLO, TURNS, GameState, apply
from referee.games.minuit.turns import complete, still_possible

Verdict = tuple[LineVerdict, list[Event]]

_RANK = {"escort": 1, "reveal": 2, "end": 3}
TURN_ORDERS = frozenset({"move", "question", "search", "retry", "buoy", "escort", "reveal", "end"})


def submit(state: GameState, submission: Submission) -> tuple[list[LineVerdict], list[Event]]:
    """The verdict on every line of ``submission`` and the events of its accepted lines; a turn left
    with no action point at the end of the mail stays open while something that needs no point is
    still possible, and is over once nothing is (``turns`` ruling)."""
    items = parse_text(submission.text, state.case)
    order = sorted(range(len(items)), key=lambda i: _RANK.get(getattr(items[i], "kind", ""), 0))
    seat = submission.seat

    def judge(now: GameState, item: Order | Unreadable) -> Verdict:
        return refused(item) if isinstance(item, Unreadable) else _judge(now, seat, item)

    verdicts, events = judge_in_turn(state, items, judge, apply, order)
    after = state
    for event in events:
        after = apply(after, event)
    acted = any(v.accepted and v.understood.get("kind") in TURN_ORDERS for v in verdicts)
    spent = after.stage == TURNS and after.seat == seat and not after.turn_over and after.ap == 0
    if acted and spent and not still_possible(after, seat):
        events.append(Event("turn_done", {"seat": seat, "why": "no_ap"}, (EVERYONE,)))
    return verdicts, events


def _reject(order: Order, reason: str, **params: Any) -> Verdict:
    return LineVerdict(order.line, False, reason=reason, params=params), []


def _ok(order: Order, events: list[Event], **understood: Any) -> Verdict:
    return LineVerdict(order.line, True, understood={"kind": order.kind, **understood}), events


def _judge(state: GameState, seat: str, order: Order) -> Verdict:
    if order.kind in ("help", "status"):
        return _ok(order, [])
    if order.kind == answers.KIND:
        return answers.chosen_by(seat, order)
    if state.finished:
        return _reject(order, "game_over")
    if order.kind == "hypothesis":
        return _hypothesis(state, seat, order)
    if state.stage != TURNS:
        return _reject(order, "turns_over")
    if seat != state.seat:
        return _reject(order, "not_your_turn", current=state.seat)
    if state.turn_over:
        return _reject(order, "turn_over")
    return _JUDGES[order.kind](state, seat, order)


def _move(state: GameState, seat: str, order: Order) -> Verdict:
    """Moves the detective along the cheapest way to a zone (MM-13)."""
    here, goal = state.detectives[seat], order.args["zone"]
    if goal == here:
        return _reject(order, "already_there", zone=goal)
    way = route(here, goal, state.card)
    if way is None:
        return _reject(order, "no_way", zone=goal)
    path, cost = way
    if goal == SUITE and state.suite_taken_by() not in (None, seat):
        return _reject(order, "suite_taken", other=state.suite_taken_by())
    if cost > state.ap:
        return _reject(order, "not_enough_ap", cost=cost, ap=state.ap)
    data = {"seat": seat, "from": here, "to": goal, "path": path, "cost": cost, "ap": state.ap - cost}
    return _ok(
        order,
        [Event("detective_moved", data, (EVERYONE,))],
        **{k: data[k] for k in ("to", "path", "cost", "ap")},
    )


def _question(state: GameState, seat: str, order: Order) -> Verdict:
    """Questions a suspect in the detective's zone on one topic (MM-14, MM-16)."""
    suspect, here = order.args["suspect"], state.detectives[seat]
    if state.suspects[suspect] != here:
        return _reject(order, "suspect_elsewhere", suspect=suspect, zone=state.suspects[suspect], here=here)
    target = {"action": "question", "target": suspect, "topic": order.args["topic"]}
    return _attempt(state, seat, order, target, order.args["method"])


def _search(state: GameState, seat: str, order: Order) -> Verdict:
    """Searches a location of the detective's zone; an occupied VIP cabin is shut (MM-15, MM-16)."""
    location, here = order.args["location"], state.detectives[seat]
    if ZONE_OF_LOCATION[location] != here:
        return _reject(
            order, "location_elsewhere", location=location, zone=ZONE_OF_LOCATION[location], here=here
        )
    owner = state.case.owner_of(location)
    if owner and state.suspects[owner] == CABINS:
        return _reject(order, "cabin_occupied", location=location, suspect=owner)
    return _attempt(
        state, seat, order, {"action": "search", "target": location, "topic": ""}, order.args["method"]
    )


def _retry(state: GameState, seat: str, order: Order) -> Verdict:
    """The last failed question or search again, by the same method or another (MM-16)."""
    if not state.failed:
        return _reject(order, "nothing_to_retry")
    failed = state.failed
    target = {k: failed[k] for k in ("action", "target", "topic")}
    return _attempt(state, seat, order, target, order.args["method"] or failed["method"])


def lead_key(action: str, target: Any, topic: str) -> str:
    """The lead a question or a search reaches: "kristina.alibi" or "place.13"."""
    return f"{target}.{topic}" if action == "question" else f"place.{target}"


def _attempt(state: GameState, seat: str, order: Order, target: dict[str, Any], method_name: str) -> Verdict:
    """A question or search by ``method_name``: the officer's ban, the cost, the roll (MM-11, MM-16)."""
    if state.officer == state.detectives[seat]:
        return _reject(order, "officer_here", zone=state.officer)
    method = METHODS[method_name]
    if method.cost > state.ap:
        return _reject(order, "not_enough_ap", cost=method.cost, ap=state.ap)
    die = roll(state) if method.roll else 0
    success = not method.roll or die <= state.card.success
    lead = lead_key(target["action"], target["target"], target["topic"])
    data = {
        "seat": seat,
        **target,
        "method": method_name,
        "roll": die,
        "need": state.card.success,
        "success": success,
        "lead": lead,
        "ap": state.ap - method.cost,
    }
    events = [Event("acted", data, (EVERYONE,))]
    if success:
        events.append(_lead_event(state, seat, lead, method.public))
    text = state.case.lead(lead) if success else None
    shown = {k: v for k, v in data.items() if k != "seat"}
    return _ok(order, events, **shown, public=method.public, text=text, label=lead_label(state.case, lead))


def _lead_event(state: GameState, seat: str, lead: str, public: bool) -> Event:
    """The lead's text for its readers: everyone or the actor alone (MM-16)."""
    data: dict[str, Any] = {
        "seat": seat,
        "lead": lead,
        "public": public,
        "label": lead_label(state.case, lead),
        "text": state.case.lead(lead),
    }
    if public:
        data["board"] = board(state)
        data["others"] = [other for other in state.seats if other != seat]
    return Event("lead_read", data, (EVERYONE,) if public else (seat,))


def _buoy(state: GameState, seat: str, order: Order) -> Verdict:
    """One buoy or several (BUOY 2): −1 each on the last failed roll, or one more action point each
    (MM-17 and its ruling: several buoys may go on the same roll)."""
    count = order.args.get("count", 1)
    if state.buoys[seat] < count:
        return _reject(order, "no_buoy", have=state.buoys[seat], want=count)
    use = order.args["use"]
    failed = state.failed
    if use == "auto":
        use = "roll" if failed and failed["roll"] - count <= state.card.success else "ap"
    if use == "roll" and not failed:
        return _reject(order, "nothing_to_boost")
    events: list[Event] = []
    now = state
    understood: dict[str, Any] = {}
    for _ in range(count):
        data = _one_buoy(now, seat, use)
        these = [Event("buoy_used", _without(data, "text", "label", "public"), (EVERYONE,))]
        if "text" in data:
            these.append(_lead_event(now, seat, data["lead"], data["public"]))
        for event in these:
            now = apply(now, event)
        events += these
        understood = _without(data, "seat")
        if use == "roll" and data["success"]:
            break
    used = state.buoys[seat] - now.buoys[seat]
    return _ok(order, events, **understood, count=used, left=now.buoys[seat])


def _one_buoy(state: GameState, seat: str, use: str) -> dict[str, Any]:
    """The data of one buoy on the last failed roll or for one more point, with the lead's text when
    it turns the roll into a success."""
    data: dict[str, Any] = {"seat": seat, "use": use, "ap": state.ap + (1 if use == "ap" else 0)}
    failed = state.failed
    if use == "roll" and failed:
        new = failed["roll"] - 1
        data.update(roll=new, success=new <= state.card.success, lead="")
        data["public"] = METHODS[failed["method"]].public
        if data["success"]:
            lead = lead_key(failed["action"], failed["target"], failed["topic"])
            data.update(lead=lead, text=state.case.lead(lead), label=lead_label(state.case, lead))
    return data


def _without(data: dict[str, Any], *keys: str) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k not in keys}


def _escort(state: GameState, seat: str, order: Order) -> Verdict:
    """Moves one suspect one or two zones, never into the suite nor the last one moved (MM-18)."""
    suspect, goal = order.args["suspect"], order.args["zone"]
    if state.card.suspects_stay:
        return _reject(order, "suspects_stay")
    if state.moved:
        return _reject(order, "already_moved")
    if suspect == state.last_moved:
        return _reject(order, "moved_last", suspect=suspect)
    if goal == SUITE:
        return _reject(order, "not_into_suite")
    here = state.suspects[suspect]
    reach = suspect_reach(here, SUSPECT_STEPS, state.card)
    if goal not in reach:
        return _reject(order, "too_far", suspect=suspect, zone=goal, here=here, reach=reach)
    data = {"seat": seat, "suspect": suspect, "from": here, "to": goal}
    events = [
        Event("suspect_moved", data, (EVERYONE,)),
        Event("turn_done", {"seat": seat, "why": "escort"}, (EVERYONE,)),
    ]
    return _ok(order, events, suspect=suspect, to=goal)


def _reveal(state: GameState, seat: str, order: Order) -> Verdict:
    """Announces revelations from the grand salon; the round is played out first (MM-20)."""
    if state.revealer:
        return _reject(order, "already_revealing", other=state.revealer)
    if state.detectives[seat] != REVELATIONS_ZONE:
        return _reject(order, "reveal_not_here", zone=REVELATIONS_ZONE)
    events = [
        Event("revelations_announced", {"seat": seat, "round": state.round}, (EVERYONE,)),
        Event("turn_done", {"seat": seat, "why": "reveal"}, (EVERYONE,)),
    ]
    return _ok(order, events)


def _end(state: GameState, seat: str, order: Order) -> Verdict:
    return _ok(order, [Event("turn_done", {"seat": seat, "why": "end"}, (EVERYONE,))], ap=state.ap)


def _hypothesis(state: GameState, seat: str, order: Order) -> Verdict:
    """Writes hypotheses 1 and 2 for one element, secretly (MM-19, MM-20)."""
    if state.stage == TURNS:
        return _reject(order, "too_early")
    if state.stage == SOLO and seat != state.revealer:
        return _reject(order, "wait_for_revealer", other=state.revealer)
    if state.stage == FINAL and seat == state.revealer:
        return _reject(order, "already_revealed")
    first, second, element = order.args["first"], order.args["second"], order.args["element"]
    if first == second:
        return _reject(order, "same_twice", element=element)
    data = {"seat": seat, "element": element, "first": first, "second": second}
    done = complete(apply(state, Event("hypotheses_written", data, (seat,))), seat)
    return _ok(
        order,
        [Event("hypotheses_written", data, (seat,))],
        element=element,
        first=first,
        second=second,
        complete=done,
    )


_JUDGES = {
    "move": _move,
    "question": _question,
    "search": _search,
    "retry": _retry,
    "buoy": _buoy,
    "escort": _escort,
    "reveal": _reveal,
    "end": _end,
}
