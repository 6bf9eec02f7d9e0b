"""Cosmic Express state to and from JSON-ready data, for stored snapshots of the event fold."""

from __future__ import annotations

from typing import Any

from referee.games.cosmic_express.state import GameState, Offer


def dump(state: GameState) -> dict[str, Any]:
    """``state`` as JSON-ready data."""
    return {
        "game_id": state.game_id,
        "seed": state.seed,
        "language": state.language,
        "seats": list(state.seats),
        "rounds": state.rounds,
        "round": state.round,
        "stage": state.stage,
        "roles": dict(state.roles),
        "hands": {seat: list(hand) for seat, hand in state.hands.items()},
        "weapon": state.weapon,
        "dummy_role": state.dummy_role,
        "dummy_items": list(state.dummy_items),
        "offers": [dict(vars(o)) for o in state.offers],
        "offer_count": state.offer_count,
        "done": sorted(state.done),
        "weapon_shown": state.weapon_shown,
        "arrest": state.arrest,
        "results": list(state.results),
        "finished": state.finished,
        "winners": list(state.winners),
        "standings": list(state.standings),
        "answers": list(state.answers),
        "journal": list(state.journal),
    }


def load(raw: dict[str, Any]) -> GameState:
    """The state that ``dump`` wrote."""
    return GameState(
        game_id=raw["game_id"],
        seed=raw["seed"],
        language=raw["language"],
        seats=tuple(raw["seats"]),
        rounds=raw["rounds"],
        round=raw["round"],
        stage=raw["stage"],
        roles=dict(raw["roles"]),
        hands={seat: tuple(hand) for seat, hand in raw["hands"].items()},
        weapon=raw["weapon"],
        dummy_role=raw["dummy_role"],
        dummy_items=tuple(raw["dummy_items"]),
        offers=tuple(Offer(**o) for o in raw["offers"]),
        offer_count=raw["offer_count"],
        done=frozenset(raw["done"]),
        weapon_shown=raw["weapon_shown"],
        arrest=raw["arrest"],
        results=tuple(raw["results"]),
        finished=raw["finished"],
        winners=tuple(raw["winners"]),
        standings=tuple(raw["standings"]),
        answers=tuple(raw.get("answers", ())),
        journal=tuple(raw.get("journal", ())),
    )
