"""Turns of Museum Suspects: accepting the two steps of a turn, and closing it (MS-3 … MS-5).

A turn belongs to one player (MS-3). Its two steps may come in one mail or in two:
``INVESTIGATE`` is answered at once with the clue's text, for that player alone, and the
turn closes as soon as ``SUGGEST`` has placed its token (the store then calls
``resolve`` at once, because ``waiting`` is empty).

Rulings where the rules are silent:

- In one mail, INVESTIGATE lines are judged before SUGGEST lines, whatever their order.
- A player who may look at some clue must investigate before suggesting (the rulebook:
  "you must carry out the 2 following actions"); only a player with no suitable token
  for any clue may suggest at once (MS-4). A SUGGEST sent first is refused.
- A player may look again at a clue they have already seen (it costs a token as usual).
- At the deadline the referee plays for the player: no investigation, and the player's
  lowest token on the Emergency Exit (the "By mail" ruling); a player who investigated
  but did not suggest gets the same suggestion.

A refused line changes nothing; each line is judged on its own.
"""

from __future__ import annotations

from typing import Any

from referee.core import answers
from referee.core.events import EVERYONE, Event
from referee.core.orders import LineVerdict, Order, Submission, Unreadable, judge_in_turn, refused
from referee.core.phases import Phase
from referee.games.museum_suspects.content import SUSPECT, clue_card
from referee.games.museum_suspects.parse import parse_text
from referee.games.museum_suspects.scoring import final_result
from referee.games.museum_suspects.state import EXIT, GameState, apply

Verdict = tuple[LineVerdict, list[Event]]

_RANK = {"investigate": 1, "suggest": 2}


class GameOver(ValueError):
    """Raised when asked to resolve a game that has ended."""


def phase(state: GameState) -> Phase:
    """The turn now open (the last one once the game is over): one player's turn, stage "turn"."""
    return Phase(state.turn + 1, state.turn_key(), f"round {state.round}, {state.seat}'s turn", "turn")


def waiting(state: GameState) -> tuple[str, ...]:
    """The seats the open turn still waits for: its player until their suggestion is placed."""
    if state.finished or state.suggested:
        return ()
    return (state.seat,)


def submit(state: GameState, submission: Submission) -> tuple[list[LineVerdict], list[Event]]:
    """The verdict on every line of ``submission`` and the events its accepted lines cause.

    Verdicts come in the order of the lines; INVESTIGATE lines are judged before SUGGEST lines.
    """
    items = parse_text(submission.text)
    order = sorted(range(len(items)), key=lambda i: _RANK.get(getattr(items[i], "kind", ""), 0))

    def judge(now: GameState, item: Order | Unreadable) -> Verdict:
        return refused(item) if isinstance(item, Unreadable) else _judge(now, submission.seat, item)

    return judge_in_turn(state, items, judge, apply, order)


def _reject(order: Order, reason: str, **params: Any) -> Verdict:
    return LineVerdict(order.line, False, reason=reason, params=params), []


def _judge(state: GameState, seat: str, order: Order) -> Verdict:
    if order.kind in ("help", "status"):
        return LineVerdict(order.line, True, understood={"kind": order.kind}), []
    if order.kind == answers.KIND:
        return answers.chosen_by(seat, order)
    if state.finished:
        return _reject(order, "game_over")
    if seat != state.seat:
        return _reject(order, "not_your_turn", current=state.seat)
    if state.suggested:
        return _reject(order, "already_suggested")
    if order.kind == "investigate":
        return _investigate(state, seat, order)
    return _suggest(state, seat, order)


def _investigate(state: GameState, seat: str, order: Order) -> Verdict:
    """Looks at a clue and puts a token on it (MS-4)."""
    clue, value = order.args["clue"], order.args["value"]
    if state.investigated is not None:
        return _reject(order, "already_investigated", clue=state.investigated)
    hand = state.hand(seat)
    if value not in hand:
        return _reject(order, "no_such_token", value=value, held=list(hand))
    highest = state.highest(clue)
    if not state.may_look(seat, clue):
        return _reject(order, "clue_too_high", clue=clue, highest=highest, open=state.clues_open_to(seat))
    if value < highest:
        return _reject(order, "value_too_low", clue=clue, highest=highest, value=value)
    criterion = state.clues[clue - 1]
    again = clue in state.looked_at(seat)
    turn = state.turn
    events = [
        Event("clue_looked", {"seat": seat, "turn": turn, "clue": clue, "criterion": criterion}, (seat,)),
        Event("investigated", {"seat": seat, "turn": turn, "clue": clue, "value": value}, (EVERYONE,)),
    ]
    understood = {"kind": "investigate", "clue": clue, "value": value, "again": again, **clue_card(criterion)}
    return LineVerdict(order.line, True, understood=understood), events


def _suggest(state: GameState, seat: str, order: Order) -> Verdict:
    """Puts a token face down on a suspect or on the Emergency Exit (MS-5)."""
    value = order.args["value"]
    if state.investigated is None and state.clues_open_to(seat):
        return _reject(order, "investigate_first", open=state.clues_open_to(seat))
    hand = state.hand(seat)
    if value not in hand:
        return _reject(order, "no_such_token", value=value, held=list(hand))
    if "suspect" in order.args:
        room = state.room_of(order.args["suspect"])
        if room is None:
            suspect = order.args["suspect"]
            return _reject(order, "suspect_not_on_grid", suspect=suspect, name=SUSPECT[suspect].names())
        target = room
    else:
        target = order.args["target"]
    events = suggestion_events(state, seat, target, value, default=False)
    suspect = None if target == EXIT else state.suspect_in(target)
    understood = {"kind": "suggest", "target": target, "suspect": suspect, "value": value}
    return LineVerdict(order.line, True, understood=understood), events


def suggestion_events(state: GameState, seat: str, target: str, value: int, *, default: bool) -> list[Event]:
    """The events of ``seat`` placing a token of ``value`` on ``target``: the value for them
    alone, where it went for everyone (MS-5 ruling)."""
    suspect = None if target == EXIT else state.suspect_in(target)
    public = {"seat": seat, "turn": state.turn, "target": target, "suspect": suspect, "default": default}
    return [
        Event("suggested", {**public, "value": value}, (seat,)),
        Event("suggestion_made", public, (EVERYONE,)),
    ]


def answers_in_report(state: GameState, seat: str) -> bool:
    """Whether the answer to ``seat``'s mail waits for their turn mail (``referee.core.answers``): they
    chose so, and the mail ended their turn, which is not the game's last (the turn mail then goes out
    with it). A mail that leaves the turn open, an investigation alone, is answered at once: its clue is
    what the suggestion still to come is made from."""
    return seat in state.answers and not waiting(state) and state.turn + 1 < state.total_turns


def resolve(state: GameState) -> list[Event]:
    """The events that close the current turn and open the next one, or end the game (MS-3, MS-6).

    A player who has not suggested by now gets the deadline default: their lowest token on
    the Emergency Exit (and no investigation, if they had not investigated either).
    """
    if state.finished:
        raise GameOver(f"game {state.game_id} is over")
    events: list[Event] = []
    seat = state.seat
    defaulted = not state.suggested
    if defaulted and state.hand(seat):
        events += suggestion_events(state, seat, EXIT, min(state.hand(seat)), default=True)
    for event in events:
        state = apply(state, event)
    ended = {
        "seat": seat,
        "turn": state.turn,
        "key": state.turn_key(),
        "investigated": state.investigated,
        "default": defaulted,
    }
    events.append(Event("turn_ended", ended, (EVERYONE,)))
    following = state.turn + 1
    if following >= state.total_turns:
        events.append(Event("game_ended", final_result(state), (EVERYONE,)))
    else:
        players = state.players
        data = {
            "turn": following,
            "round": following // len(players) + 1,
            "seat": players[following % len(players)],
        }
        events.append(Event("turn_opened", data, (EVERYONE,)))
    return events
