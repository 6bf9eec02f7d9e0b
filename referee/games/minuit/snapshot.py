"""Minuit state to and from JSON-ready data, for stored snapshots of the event fold."""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from referee.games.minuit.investigation import Investigation
from referee.games.minuit.state import GameState

_TUPLES = ("seats", "dice", "deck")


def dump(state: GameState) -> dict[str, Any]:
    """``state`` as JSON-ready data (the investigation as its file's data)."""
    raw = {f.name: getattr(state, f.name) for f in fields(state)}
    raw["case"] = state.case.raw
    for name in _TUPLES:
        raw[name] = list(raw[name])
    raw["answers"] = list(state.answers)
    raw["known"] = {seat: list(leads) for seat, leads in state.known.items()}
    raw["hypotheses"] = {s: {e: list(p) for e, p in h.items()} for s, h in state.hypotheses.items()}
    return raw


def load(raw: dict[str, Any]) -> GameState:
    """The state that ``dump`` wrote."""
    values = dict(raw)
    values["case"] = Investigation(raw["case"])
    for name in _TUPLES:
        values[name] = tuple(raw[name])
    values["answers"] = tuple(raw.get("answers", ()))
    values["known"] = {seat: tuple(leads) for seat, leads in raw["known"].items()}
    values["hypotheses"] = {s: {e: (p[0], p[1]) for e, p in h.items()} for s, h in raw["hypotheses"].items()}
    values["detectives"] = dict(raw["detectives"])
    values["suspects"] = dict(raw["suspects"])
    values["buoys"] = dict(raw["buoys"])
    return GameState(**values)
