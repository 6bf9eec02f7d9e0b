"""The course of a Minuit game: rounds, turns, the First Player's phase, the end (MM-10, MM-11, MM-19, MM-20).

Rulings where the rules depend on a table:

- Turns run in seat order, one player at a time; the first seat is the First Player for
  the whole game, and each round opens with their turn (MM-10, "By mail" ruling).
- A turn ends with END, a suspect moved, revelations announced, or at the deadline. At 0
  action points it stays open for what needs no point (the revised "By mail" ruling): a
  buoy on the last failed roll or for one more point (MM-17), the suspect's move (MM-18),
  revelations (MM-20). Only when none of these is left does 0 action points end the turn
  at the end of the mail (``still_possible``).
- If the event deck runs out before the ship reaches port, the next round opens with
  the ship arriving.
- After arrival or revelations come one or two phases of hypotheses (stage
  "hypotheses"): the revealer's first, then everyone else's. A missing hypothesis scores
  nothing.
"""

from __future__ import annotations

from referee.core.events import EVERYONE, Event
from referee.core.phases import Phase
from referee.games.minuit.board import suspect_reach
from referee.games.minuit.content import ACTION_POINTS, EVENTS, PORT, REVELATIONS_ZONE, SUSPECT_STEPS
from referee.games.minuit.dice import roll
from referee.games.minuit.investigation import ELEMENTS
from referee.games.minuit.scoring import final_result
from referee.games.minuit.state import FINAL, OVER, SOLO, TURNS, GameState, apply

_LATE = 100_000


class GameOver(ValueError):
    """Raised when asked to resolve a game that has ended."""


def phase(state: GameState) -> Phase:
    """The phase now open: one player's turn (stage "turn") or the hypotheses (stage "hypotheses")."""
    if state.stage == TURNS:
        label = f"round {state.round}, {state.seat}'s turn"
        return Phase(state.round * 10 + state.turn, f"r{state.round}-{state.turn + 1}", label, "turn")
    if state.stage == SOLO:
        return Phase(_LATE, "revelations", f"{state.revealer}'s revelations", "hypotheses")
    if state.stage == FINAL:
        return Phase(_LATE + 1, "hypotheses", "the hypotheses", "hypotheses")
    return Phase(_LATE + 2, "over", "the end", "hypotheses")


def complete(state: GameState, seat: str) -> bool:
    """Whether ``seat`` has written both hypotheses for all three elements."""
    return set(state.hypotheses.get(seat, {})) == set(ELEMENTS)


def writers(state: GameState) -> tuple[str, ...]:
    """Who writes hypotheses in the open stage: the revealer alone, then everyone else (MM-20)."""
    if state.stage == SOLO:
        return (state.revealer,)
    if state.stage == FINAL:
        return tuple(seat for seat in state.seats if seat != state.revealer)
    return ()


def waiting(state: GameState) -> tuple[str, ...]:
    """The seats the open phase still waits for."""
    if state.stage == TURNS:
        return () if state.turn_over else (state.seat,)
    return tuple(seat for seat in writers(state) if not complete(state, seat))


def answers_in_report(state: GameState, seat: str) -> bool:
    """Whether the answer to ``seat``'s mail waits for the turn mail (``referee.core.answers``): they
    chose so and the mail ended their turn. A mail in the middle of a turn is answered at once (its
    rolls and leads are what the rest of the turn is played from), and so is a hypothesis."""
    return seat in state.answers and state.stage == TURNS and state.seat == seat and state.turn_over


def still_possible(state: GameState, seat: str) -> list[str]:
    """What ``seat`` may still do in their open turn without spending an action point, in the order
    letters list it: "buoy_roll" (a buoy on the last failed roll), "buoy_ap" (a buoy for one more
    point), "escort" (the suspect's move, MM-18), "reveal" (revelations, MM-20). END is always left."""
    if state.stage != TURNS or state.seat != seat or state.turn_over:
        return []
    still = []
    if state.buoys[seat] > 0:
        still += ["buoy_roll"] if state.failed else []
        still.append("buoy_ap")
    if (
        not state.card.suspects_stay
        and not state.moved
        and any(
            suspect != state.last_moved and suspect_reach(zone, SUSPECT_STEPS, state.card)
            for suspect, zone in state.suspects.items()
        )
    ):
        still.append("escort")
    if not state.revealer and state.detectives[seat] == REVELATIONS_ZONE:
        still.append("reveal")
    return still


def turn_ap(state: GameState) -> int:
    """The action points a turn starts with this round: 4, changed by the event (MM-12)."""
    return max(0, ACTION_POINTS + state.card.ap)


def open_round(state: GameState, number: int = 1) -> list[Event]:
    """The First Player's phase of round ``number``: the event is drawn and the ship moves; the
    officer is placed (rolled unless the event says where); the First Player's turn opens (MM-11).
    The ship reaching port stops the game at once (MM-19)."""
    events: list[Event] = []
    if not state.deck:
        events.append(Event("round_opened", {"round": number, "event": "", "ship": PORT}, (EVERYONE,)))
    else:
        card = EVENTS[state.deck[0]]
        ship = min(PORT, state.ship + card.ship)
        events.append(Event("round_opened", {"round": number, "event": card.id, "ship": ship}, (EVERYONE,)))
    for event in events:
        state = apply(state, event)
    if state.ship >= PORT:
        return [*events, Event("stage_opened", {"stage": FINAL, "why": "port"}, (EVERYONE,))]
    if state.card.officer is None:
        die = roll(state)
        placed = {"zone": die, "roll": die, "rolls": 1}
    else:
        placed = {"zone": state.card.officer, "roll": 0, "rolls": 0}
    events.append(Event("officer_placed", placed, (EVERYONE,)))
    events.append(
        Event("turn_opened", {"turn": 0, "seat": state.seats[0], "ap": turn_ap(state)}, (EVERYONE,))
    )
    return events


def resolve(state: GameState) -> list[Event]:
    """The events that close the open phase (at its deadline or once nobody is awaited)."""
    if state.stage == OVER:
        raise GameOver(f"game {state.game_id} is over")
    if state.stage == SOLO:
        first = {element: pair[0] for element, pair in state.hypotheses.get(state.revealer, {}).items()}
        return [
            Event("revealer_shown", {"seat": state.revealer, "first": first}, (EVERYONE,)),
            Event("stage_opened", {"stage": FINAL, "why": "revelations"}, (EVERYONE,)),
        ]
    if state.stage == FINAL:
        return [Event("game_ended", final_result(state), (EVERYONE,))]
    events: list[Event] = []
    if not state.turn_over:
        events.append(Event("turn_done", {"seat": state.seat, "why": "deadline"}, (EVERYONE,)))
    if state.turn + 1 < len(state.seats):
        nxt = state.turn + 1
        events.append(
            Event("turn_opened", {"turn": nxt, "seat": state.seats[nxt], "ap": turn_ap(state)}, (EVERYONE,))
        )
        return events
    if state.revealer:
        return [*events, Event("stage_opened", {"stage": SOLO, "why": "revelations"}, (EVERYONE,))]
    for event in events:
        state = apply(state, event)
    return events + open_round(state, state.round + 1)
