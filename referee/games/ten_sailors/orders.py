"""Accepting Ten Sailors orders: each readable line is checked against the game now.

A line that is not allowed is rejected with a reason and changes nothing; the lines
before and after it are judged on their own (the last order of a type replaces the
earlier one, TS-11 ruling).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.core import answers
from referee.core.events import Event
from referee.core.orders import LineVerdict, Submission, judge_in_turn, refused, talk_beside_orders
from referee.games.ten_sailors import zone
from referee.games.ten_sailors.apply import apply
from referee.games.ten_sailors.cards import HALL
from referee.games.ten_sailors.parse import Order, Unreadable, parse_text
from referee.games.ten_sailors.state import LAST_SEGMENT, MAX_TRAPS, GameState, Move, Segment, Trap
from referee.games.ten_sailors.talk import choose

Verdict = tuple[LineVerdict, list[Event]]


def submit(state: GameState, submission: Submission) -> tuple[list[LineVerdict], list[Event]]:
    """The verdict on every line of ``submission`` and the events its accepted lines cause."""
    character = state.character(submission.seat)

    def judge(now: GameState, item: Order | Unreadable) -> Verdict:
        if isinstance(item, Unreadable):
            return refused(item)
        if (now.finished or not character.alive) and item.kind not in ("help", "status", "notebook"):
            reason = "game_over" if now.finished else "dead"
            return LineVerdict(item.line, False, reason=reason), []
        return _judge(now, submission, item)

    names = [c.name for c in state.characters]
    read = parse_text(submission.text, names, state.segment, submission.seat)
    items = talk_beside_orders(read, "text", " ", Order)  # TS-23
    return judge_in_turn(state, items, judge, apply)


def _reject(order: Order, reason: str, **params: Any) -> Verdict:
    return LineVerdict(order.line, False, reason=reason, params=params), []


def _judge(state: GameState, submission: Submission, order: Order) -> Verdict:
    if order.kind in ("help", "status", "notebook"):
        return LineVerdict(order.line, True, understood={"kind": order.kind}), []
    if order.kind == "say":
        return _say(state, submission, order)
    if order.kind == "talk":
        return choose(submission, order)
    if order.kind == "zone":
        return zone.choose(submission, order)
    if order.kind == answers.KIND:
        return answers.choose(submission, order)
    if order.kind == "cancel" and order.args["what"] == "all":
        return _cancel_all(state, submission.seat, order)
    segment = order.when or state.segment
    if segment < state.segment:
        return _reject(order, "segment_over", segment=segment.key)
    if segment > LAST_SEGMENT:
        return _reject(order, "after_the_end", segment=segment.key)
    kind = order.args["what"] if order.kind == "cancel" else order.kind
    if kind == "move" and segment.hour == 4:
        segment = Segment(segment.day, "night")  # TS-12 ruling: kept for 10:00 next morning
    if kind == "search" and segment.is_night:
        return _reject(order, "search_at_night")
    if kind == "trap" and not segment.is_night:
        return _reject(order, "trap_in_daytime")
    if kind == "trap" and segment.day == 0:
        return _reject(order, "no_traps_night_zero")
    if kind == "trap" and segment == state.segment and state.traps_fired:
        return _reject(order, "traps_fired")  # TS-4: this night's traps fired at the trap time
    if order.kind == "cancel":
        return _cancel(state, submission.seat, order, kind, segment)
    judge = {"move": _move, "search": _search, "trap": _trap}[kind]
    return judge(state, submission, order, segment)


def _accept(
    state: GameState, submission: Submission, order: Order, segment: Segment, notes: list[str]
) -> Verdict:
    number = state.accepted + 1
    data = {
        "character": submission.seat,
        "segment": segment.key,
        "type": order.kind,
        "order": order.args,
        "received_at": submission.received_at.isoformat(),
        "source": submission.source,
        "number": number,
    }
    understood = {"kind": order.kind, "segment": segment.key, **order.args, "notes": notes, **_read_as(order)}
    return LineVerdict(order.line, True, understood=understood), [
        Event("order_accepted", data, (submission.seat,))
    ]


def _read_as(order: Order) -> dict[str, Any]:
    """How the near-missed words of ``order`` were read, for the answer to say so."""
    shown: dict[str, Any] = {"read_as": [list(pair) for pair in order.read_as]} if order.read_as else {}
    if order.word_as:
        shown["word_as"] = list(order.word_as)
    return shown


def _move(state: GameState, submission: Submission, order: Order, segment: Segment) -> Verdict:
    character = state.character(submission.seat)
    room = order.args["room"]
    notes = []
    if (order.when is None and state.segment.hour == 4) or (order.when and order.when.hour == 4):
        notes.append("next_morning")
    if room == character.hand.room:
        notes.append("own_card")  # TS-18: accepted, but the character will land elsewhere
    elif segment == state.segment and not character.may_enter(room):
        notes.append("two_hours")  # TS-16
    standing = state.moves.get((segment.key, submission.seat))
    if standing is not None:  # TS-15 ruling: the order in force now counts from this mail
        notes.append("again" if standing.order == Move(room) else "replaces")
    return _accept(state, submission, order, segment, notes)


def _search(state: GameState, submission: Submission, order: Order, segment: Segment) -> Verdict:
    if segment == state.segment and state.character(submission.seat).location == HALL:
        return _reject(order, "search_in_hall")
    standing = state.searches.get((segment.key, submission.seat))
    notes: list[str] = []
    if standing is not None:
        same = set(getattr(standing.order, "cards", ())) == set(order.args["cards"])
        notes.append("again" if same else "replaces")
    return _accept(state, submission, order, segment, notes)


def _trap(state: GameState, submission: Submission, order: Order, segment: Segment) -> Verdict:
    target = state.character(order.args["target"])
    if target.name == submission.seat:
        return _reject(order, "trap_self")
    if not target.alive:
        return _reject(order, "trap_target_dead", target=target.name)
    set_already = state.traps.get((segment.key, submission.seat), ())
    if any(standing.order == Trap(**order.args) for standing in set_already):
        return _reject(order, "trap_duplicate")
    if len(set_already) >= MAX_TRAPS:
        return _reject(order, "trap_limit", segment=segment.key)
    return _accept(state, submission, order, segment, [])


def _cancel(state: GameState, seat: str, order: Order, kind: str, segment: Segment) -> Verdict:
    tables: dict[str, Mapping[tuple[str, str], object]] = {
        "move": state.moves,
        "search": state.searches,
        "trap": state.traps,
    }
    table = tables[kind]
    staying = bool(order.args.get("stay"))
    if (segment.key, seat) not in table:
        if staying:  # "stay here" with no move in force: nothing to withdraw, and the character stays
            return LineVerdict(order.line, True, understood={"kind": "stay", "segment": segment.key}), []
        return _reject(order, "nothing_to_cancel", what=kind, segment=segment.key)
    data = {"character": seat, "segment": segment.key, "type": kind}
    kind_shown = "stay" if staying else "cancel"
    understood = {"kind": kind_shown, "what": kind, "segment": segment.key, "notes": []}
    return LineVerdict(order.line, True, understood=understood), [Event("order_cancelled", data, (seat,))]


def _cancel_all(state: GameState, seat: str, order: Order) -> Verdict:
    """Withdraws every order of ``seat`` not yet carried out: moves, searches and traps of this segment
    and of any later one (TS-11 ruling: what is withdrawn is as if never sent); this night's traps once
    they have fired are carried out (TS-4), and stay."""
    tables: dict[str, Mapping[tuple[str, str], object]] = {
        "move": state.moves,
        "search": state.searches,
        "trap": state.traps,
    }
    standing = sorted(
        (Segment.from_key(key), kind)
        for kind, table in tables.items()
        for key, who in table
        if who == seat
        and Segment.from_key(key) >= state.segment
        and not (kind == "trap" and key == state.segment.key and state.traps_fired)  # TS-4: sprung already
    )
    if not standing:
        return _reject(order, "nothing_to_cancel", what="all", segment=state.segment.key)
    events = [
        Event("order_cancelled", {"character": seat, "segment": segment.key, "type": kind}, (seat,))
        for segment, kind in standing
    ]
    understood = {
        "kind": "cancel",
        "what": "all",
        "segment": state.segment.key,
        "cancelled": [{"what": kind, "segment": segment.key} for segment, kind in standing],
        "notes": [],
    }
    return LineVerdict(order.line, True, understood=understood), events


def _say(state: GameState, submission: Submission, order: Order) -> Verdict:
    """Posts table talk to the sender's location, for exactly those present now (TS-23)."""
    if order.when is not None:
        return _reject(order, "say_in_advance")
    location = state.character(submission.seat).location
    audience = state.present(location)  # TS-23 ruling (revised): the host's character hears like anyone
    data = {
        "from": submission.seat,
        "location": location,
        "text": order.args["text"],
        "segment": state.segment.key,
        "received_at": submission.received_at.isoformat(),
    }
    heard_by = [name for name in audience if name != submission.seat]  # whom the speaker sees there
    understood = {
        "kind": "say",
        "location": location,
        "text": order.args["text"],
        "heard_by": heard_by,
        "notes": [],
    }
    if "talk" in order.args:
        understood["talk"] = order.args["talk"]  # lines taken as talk beside orders (TS-23 ruling)
    return LineVerdict(order.line, True, understood=understood), [
        Event("message_posted", data, tuple(audience))
    ]
