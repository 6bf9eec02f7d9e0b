"""What the game-master and each player see of a Cosmic Express game.

A player's view holds their own role and items from the state, their own open offers
(with the item) and the offers made to them (without it, CE-4 ruling). Everything else
comes from the events the player may see: the weapon (the Murderer's own letter, or the
reveal), the Detective once revealed, who swapped with whom, who is done, the talk and
the results. So a view never depends on another player's cards before the reveal.
"""

from __future__ import annotations

from typing import Any

from referee.core.events import Event
from referee.games.cosmic_express.state import GameState


def _common(state: GameState) -> dict[str, Any]:
    return {
        "id": state.game_id,
        "kind": "cosmic-express",
        "players": list(state.seats),
        "has_dummy": state.has_dummy,
        "round": state.round,
        "rounds": state.rounds,
        "stage": state.stage,
        "phase": state.phase.key,
        "finished": state.finished,
    }


def master_view(state: GameState) -> dict[str, Any]:
    """The whole game, for the game-master."""
    return {
        **_common(state),
        "roles": dict(state.roles),
        "items": {seat: list(hand) for seat, hand in state.hands.items()},
        "weapon": state.weapon,
        "dummy": {"role": state.dummy_role, "items": list(state.dummy_items)} if state.has_dummy else None,
        "offers": [vars(o) for o in state.offers if o.round == state.round],
        "done": [seat for seat in state.seats if seat in state.done],
        "waiting": list(state.waiting()),
        "arrest": state.arrest,
        "results": list(state.results),
        "standings": list(state.standings),
        "winners": list(state.winners),
        "journal": journal_by_round(state),
    }


TRADES = frozenset(
    {
        "offer_made",
        "offer_accepted",
        "offer_refused",
        "offer_withdrawn",
        "offer_expired",
        "dummy_swapped",
        "player_done",
    }
)
"""The journal's kinds that are the trading log (CE-4, CE-9); the others are the interrogation and the
arrest (CE-5, CE-6)."""


def journal_by_round(state: GameState) -> list[dict[str, Any]]:
    """The state's journal a round at a time, oldest first: each round's ``trades`` (offers made,
    accepted, refused, withdrawn, expired; swaps with the Dummy; who is done trading) and its
    ``interrogation`` (the Detective revealed, the talk, the weapon turned over, the arrest), each in
    the order it happened, and the round's ``result`` once it has ended (else None)."""
    rounds = []
    for number in range(1, state.round + 1):
        entries = [entry for entry in state.journal if entry["round"] == number]
        rounds.append(
            {
                "round": number,
                "trades": [entry for entry in entries if entry["kind"] in TRADES],
                "interrogation": [entry for entry in entries if entry["kind"] not in TRADES],
                "result": next((r for r in state.results if r["round"] == number), None),
            }
        )
    return rounds


def player_view(state: GameState, seat: str, seen: list[Event]) -> dict[str, Any]:
    """What the player ``seat`` knows; ``seen`` are the events visible to them."""
    now = [e for e in seen if e.data.get("round") == state.round]
    dealt = next(
        (e.data for e in reversed(now) if e.kind == "cards_dealt" and e.data["player"] == seat), None
    )
    revealed = next((e.data["detective"] for e in now if e.kind == "detective_revealed"), "")
    results = [e.data for e in seen if e.kind == "round_ended"]
    ended = next((e.data for e in seen if e.kind == "game_ended"), None)
    weapon = dealt["weapon"] if dealt else ""
    weapon = next((e.data["weapon"] for e in now if e.kind == "weapon_shown"), weapon)
    if results and results[-1]["round"] == state.round:
        weapon = results[-1]["weapon"]
    return {
        **_common(state),
        "name": seat,
        "role": state.roles[seat],
        "items": list(state.hands[seat]),
        "weapon": weapon,
        "detective": revealed,
        "i_am_done": seat in state.done,
        "done": [e.data["player"] for e in now if e.kind == "player_done"],
        **open_offers_of(state, seat),
        "trades": [_trade(e, seat) for e in now if e.kind in ("offer_accepted", "dummy_swapped")],
        "closed": [_closed(e, seat) for e in now if e.kind in _CLOSED],
        "swaps": [_swap(e) for e in now if e.kind in ("swap_news", "dummy_swap_news")],
        "messages": [
            {"from": e.data["from"], "said": e.data["said"]} for e in now if e.kind == "message_posted"
        ],
        "weapon_shown": any(e.kind == "weapon_shown" for e in now),
        "arrested": next((e.data["target"] for e in now if e.kind == "arrest_made"), ""),
        "results": results,
        "standings": list(results[-1]["standings"]) if results else [],
        "winners": list(ended["winners"]) if ended else [],
    }


def open_offers_of(state: GameState, seat: str) -> dict[str, list[dict[str, str]]]:
    """The open offers ``seat`` made (``my_offers``: id, receiver, item) and those made to them
    (``offers_to_me``: id, offerer; the item stays face down)."""
    return {
        "my_offers": [
            {"offer": o.id, "to": o.receiver, "item": o.item}
            for o in state.open_offers()
            if o.offerer == seat
        ],
        "offers_to_me": [
            {"offer": o.id, "from": o.offerer} for o in state.open_offers() if o.receiver == seat
        ],
    }


_CLOSED = ("offer_refused", "offer_withdrawn", "offer_expired")


def _trade(event: Event, seat: str) -> dict[str, Any]:
    """One of ``seat``'s own swaps: with whom, what they gave, what they got."""
    d = event.data
    if event.kind == "dummy_swapped":
        return {"offer": "", "with": "Dummy", "slot": d["slot"], "gave": d["gave"], "got": d["got"]}
    if d["from"] == seat:
        return {"offer": d["offer"], "with": d["to"], "gave": d["gave"], "got": d["got"]}
    return {"offer": d["offer"], "with": d["from"], "gave": d["got"], "got": d["gave"]}


def _closed(event: Event, seat: str) -> dict[str, Any]:
    """An offer of or to ``seat`` that closed without a swap."""
    d = event.data
    status = {"offer_refused": "refused", "offer_withdrawn": "withdrawn", "offer_expired": "expired"}[
        event.kind
    ]
    mine = d["from"] == seat
    return {
        "offer": d["offer"],
        "mine": mine,
        "with": d["to"] if mine else d["from"],
        "status": status,
        "why": d["why"],
    }


def _swap(event: Event) -> dict[str, Any]:
    d = event.data
    if event.kind == "dummy_swap_news":
        return {"players": [d["player"]], "dummy": True, "slot": d["slot"]}
    return {"players": list(d["players"]), "dummy": False, "slot": 0}


def describe(event: Event) -> str:
    """One line saying what ``event`` was, for the game-master's log."""
    d = event.data
    match event.kind:
        case "game_started":
            return f"game {d['game_id']} started: {', '.join(d['seats'])}; {d['rounds']} round(s)"
        case "round_dealt":
            hands = "; ".join(f"{s}: {d['roles'][s]} with {' + '.join(d['items'][s])}" for s in d["roles"])
            dummy = (
                f"; Dummy: {d['dummy_role']} with {' + '.join(d['dummy_items'])}" if d["dummy_items"] else ""
            )
            return f"round {d['round']} dealt — weapon {d['weapon']}; {hands}{dummy}"
        case "cards_dealt":
            return f"{d['player']} told their cards for round {d['round']}"
        case "trading_opened":
            return f"round {d['round']}: trading opens"
        case "offer_made":
            return f"{d['from']} offers {d['item']} to {d['to']} ({d['offer']})"
        case "offer_received":
            return f"{d['to']} told of offer {d['offer']} from {d['from']}"
        case "offer_accepted":
            return (
                f"{d['to']} accepts {d['offer']}: {d['from']} gives {d['gave']}, {d['to']} gives {d['got']}"
            )
        case "offer_refused" | "offer_withdrawn" | "offer_expired":
            what = event.kind.removeprefix("offer_")
            return f"offer {d['offer']} ({d['from']} to {d['to']}) {what} ({d['why']})"
        case "swap_news":
            return f"public: {' and '.join(d['players'])} swapped"
        case "dummy_swapped":
            return f"{d['player']} swaps {d['gave']} for the Dummy's card {d['slot']} ({d['got']})"
        case "dummy_swap_news":
            return f"public: {d['player']} swapped with the Dummy's card {d['slot']}"
        case "player_done":
            return f"{d['player']} is done trading"
        case "trading_closed":
            return f"round {d['round']}: trading closed"
        case "detective_revealed":
            return f"{d['detective']} is revealed as the Detective"
        case "message_posted":
            return f"{d['from']} says: {d['said']!r}"
        case "weapon_shown":
            return f"{d['detective']} turns the weapon over: {d['weapon']}"
        case "arrest_made":
            return f"{d['detective']} arrests {d['target']}"
        case "round_ended":
            winners = ", ".join(d["winners"]) or "nobody"
            arrested = d["arrested"] or "nobody"
            return f"round {d['round']} over: weapon {d['weapon']}, arrested {arrested}; winners {winners}"
        case "game_ended":
            return f"game over: winners {', '.join(d['winners']) or 'nobody'}"
    return f"{event.kind}: {d}"
