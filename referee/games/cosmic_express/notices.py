"""What each player is told: the welcome letter (CE-3), the answer to their orders, trade news
and talk as they happen (CE-4 and CE-5 rulings), and the letters that close a phase (CE-5 … CE-8).

Notice data never uses the keys ``kind``, ``language``, ``template`` or ``text``: the
renderer and the mail layer pass those themselves.
"""

from __future__ import annotations

from typing import Any

from referee.core import answers
from referee.core.events import Event
from referee.core.notices import Notice
from referee.core.orders import LineVerdict, asked_for_status
from referee.core.rules import Seen
from referee.games.cosmic_express.cards import MURDERER
from referee.games.cosmic_express.state import GameState
from referee.games.cosmic_express.views import open_offers_of, player_view


def _own(state: GameState, seat: str) -> dict[str, Any]:
    """A player's own secrets this round: role, items, and the weapon for the Murderer (CE-3)."""
    role = state.roles[seat]
    return {
        "role": role,
        "items": list(state.hands[seat]),
        "weapon": state.weapon if role == MURDERER else "",
    }


def welcome(state: GameState) -> list[Notice]:
    """A welcome letter for each player: their role and items, the weapon for the Murderer alone."""
    return [
        Notice(
            "welcome",
            (seat,),
            {
                "player": seat,
                "game_id": state.game_id,
                "others": [s for s in state.seats if s != seat],
                "count": len(state.seats),
                "has_dummy": state.has_dummy,
                "rounds": state.rounds,
                "round": state.round,
                **_own(state, seat),
            },
        )
        for seat in state.seats
    ]


def answer(
    before: GameState, after: GameState, seat: str, verdicts: list[LineVerdict], seen: Seen
) -> dict[str, Any]:
    """The answer to ``seat``: each line's verdict, the player's cards and open offers now.

    The player's whole view is added only when a STATUS line asked for it.
    """
    data: dict[str, Any] = {
        "player": seat,
        "round": after.round,
        "rounds": after.rounds,
        "stage": after.stage,
        "finished": after.finished,
        "verdicts": [vars(v) for v in verdicts],
        **_own(after, seat),
        "i_am_done": seat in after.done,
        **open_offers_of(after, seat),
    }
    if asked_for_status(verdicts):
        data["view"] = player_view(after, seat, seen())
    return data


def relays(state: GameState, seat: str, events: list[Event]) -> list[Notice]:
    """What the others are told at once of ``seat``'s orders: one "news" letter per reader for
    trading (offers, answers, swaps, who is done) and a "talk" letter for each message."""
    news: dict[str, list[dict[str, Any]]] = {}
    talk: list[Notice] = []
    round_number = 0

    def tell(reader: str, entry: dict[str, Any]) -> None:
        """Adds ``entry`` to the news of ``reader`` (never to the sender's own)."""
        if reader != seat:
            news.setdefault(reader, []).append(entry)

    for event in events:
        d = event.data
        round_number = d.get("round", round_number)
        match event.kind:
            case "offer_received":
                tell(d["to"], {"what": "offer", "offer": d["offer"], "by": d["from"]})
            case "offer_accepted":
                tell(
                    d["from"],
                    {
                        "what": "accepted",
                        "offer": d["offer"],
                        "by": d["to"],
                        "gave": d["gave"],
                        "got": d["got"],
                    },
                )
            case "offer_refused":
                tell(d["from"], {"what": "refused", "offer": d["offer"], "by": d["to"], "why": d["why"]})
            case "offer_withdrawn":
                tell(d["to"], {"what": "withdrawn", "offer": d["offer"], "by": d["from"], "why": d["why"]})
            case "swap_news":
                for reader in _everyone_but(event, d["players"]):
                    tell(reader, {"what": "swap", "players": list(d["players"])})
            case "dummy_swap_news":
                for reader in _everyone_but(event, [d["player"]]):
                    tell(reader, {"what": "dummy_swap", "by": d["player"], "slot": d["slot"]})
            case "player_done":
                for reader in _everyone_but(event, [d["player"]]):
                    tell(reader, {"what": "done", "by": d["player"]})
            case "weapon_shown":
                readers = tuple(_everyone_but(event, [d["detective"]]))
                data = {"detective": d["detective"], "weapon": d["weapon"], "round": d["round"]}
                talk.append(Notice("weapon_shown", readers, data))
            case "message_posted":
                readers = tuple(_everyone_but(event, [d["from"]]))
                if readers:
                    talk.append(
                        Notice(
                            "talk", readers, {"speaker": d["from"], "said": d["said"], "round": d["round"]}
                        )
                    )
    letters = [
        Notice("news", (reader,), {"player": reader, "round": round_number, "entries": entries})
        for reader, entries in news.items()
    ]
    return letters + talk


def _everyone_but(event: Event, left_out: list[str]) -> list[str]:
    """The seats the public ``event`` names (every seat of the game) but ``left_out``."""
    return [s for s in event.audience if s not in left_out]


def notices(before: GameState, after: GameState, events: list[Event], phase_log: list[Event]) -> list[Notice]:
    """The letters that close a phase.

    The end of trading: each player is told the Detective (CE-5), their cards and the offers
    that expired. The end of a round: everyone is told the weapon, every role and hand,
    the arrest and the winners (CE-6, CE-7) and the standings (CE-8); each player also gets
    their cards for the next round, or the game is over.
    """
    kinds = {e.kind for e in events}
    if "trading_closed" in kinds:
        return _interrogation_letters(after, events, phase_log)
    ended = next(e.data for e in events if e.kind == "round_ended")
    result = {k: v for k, v in ended.items() if k != "standings"}
    if "game_ended" in kinds:
        final = next(e.data for e in events if e.kind == "game_ended")
        data = {"result": result, "standings": final["standings"], "winners": final["winners"]}
        return [Notice("game_over", after.seats, {**data, "rounds": after.rounds})]
    return [
        Notice(
            "round_over",
            (seat,),
            {
                "player": seat,
                "result": result,
                "standings": ended["standings"],
                "rounds": after.rounds,
                "next": {"round": after.round, **_own(after, seat)},
                "answers": answers.folded_for(phase_log, seat),
            },
        )
        for seat in after.seats
    ]


def _interrogation_letters(after: GameState, events: list[Event], phase_log: list[Event]) -> list[Notice]:
    detective = next(e.data["detective"] for e in events if e.kind == "detective_revealed")
    letters = []
    for seat in after.seats:
        expired = [
            {
                "offer": e.data["offer"],
                "mine": e.data["from"] == seat,
                "with": e.data["to"] if e.data["from"] == seat else e.data["from"],
            }
            for e in events
            if e.kind == "offer_expired" and seat in e.audience
        ]
        data = {
            "player": seat,
            "round": after.round,
            "rounds": after.rounds,
            "detective": detective,
            "has_dummy": after.has_dummy,
            "expired": expired,
            **_own(after, seat),
            "answers": answers.folded_for(phase_log, seat),
        }
        letters.append(Notice("interrogation", (seat,), data))
    return letters
