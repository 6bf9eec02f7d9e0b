"""Ten Sailors state to and from JSON-ready data, for stored snapshots of the event fold."""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from typing import Any

from referee.core.events import Event
from referee.games.ten_sailors.apply import in_force
from referee.games.ten_sailors.state import Character, GameState, Hand, Kill, Standing, segment_of


def dump(state: GameState) -> dict[str, Any]:
    """``state`` as JSON-ready data."""

    def standing(kind: str, key: tuple[str, str], value: Standing) -> dict[str, Any]:
        return {
            "type": kind,
            "segment": key[0],
            "character": key[1],
            "order": dict(vars(value.order)),
            "received_at": value.received_at.isoformat(),
            "number": value.number,
        }

    orders = [standing("move", k, v) for k, v in state.moves.items()]
    orders += [standing("search", k, v) for k, v in state.searches.items()]
    orders += [standing("trap", k, v) for k, traps in state.traps.items() for v in traps]
    return {
        "game_id": state.game_id,
        "seed": state.seed,
        "language": state.language,
        "segment": state.segment.key,
        "finished": state.finished,
        "winners": list(state.winners),
        "partial_victory": state.partial_victory,
        "accepted": state.accepted,
        "traps_fired": state.traps_fired,
        "kills": [{**vars(k), "killers": list(k.killers)} for k in state.kills],
        "dawn": [{"kind": e.kind, "data": e.data, "audience": list(e.audience)} for e in state.dawn],
        "characters": [
            {**vars(c), "hand": list(c.hand.cards()), "frags": str(c.frags)} for c in state.characters
        ],
        "orders": sorted(orders, key=lambda o: o["number"]),
    }


@cache
def _frags(text: str) -> Fraction:
    """A stored count of frags (such as "3/2") as a number, each text read once."""
    return Fraction(text)


def load(raw: dict[str, Any]) -> GameState:
    """The state that ``dump`` wrote."""
    characters = tuple(
        Character(**{**c, "hand": Hand(*c["hand"]), "frags": _frags(c["frags"])}) for c in raw["characters"]
    )
    return GameState(
        game_id=raw["game_id"],
        seed=raw["seed"],
        language=raw["language"],
        characters=characters,
        segment=segment_of(raw["segment"]),
        finished=raw["finished"],
        winners=tuple(raw["winners"]),
        partial_victory=raw["partial_victory"],
        traps_fired=raw.get("traps_fired", False),
        kills=tuple(Kill(**{**k, "killers": tuple(k["killers"])}) for k in raw.get("kills", ())),
        dawn=tuple(Event(e["kind"], e["data"], tuple(e["audience"])) for e in raw.get("dawn", ())),
        accepted=raw["accepted"],
        **in_force(raw["orders"]),  # stored in the shape of their order_accepted events
    )
