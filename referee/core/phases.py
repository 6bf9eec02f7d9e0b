"""Phases: the named stretches of a game in which orders are collected."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, order=True)
class Phase:
    """A point in a game's course: ``key`` is unique within the game and ``index`` orders phases.

    ``stage`` names the entry of the game's schedule that sets how long the phase lasts
    (Ten Sailors: the segment of the day, "night" or "hour1"…; a short game: "turn").

    The deadline of a phase is not part of the rules: a schedule maps phase keys to
    wall-clock boundaries, so a game-master can shift them without touching the game.
    """

    index: int
    key: str
    label: str
    stage: str = ""


def segment_of(key: str) -> str:
    """The segment a phase key belongs to: a stretch of one (after a dash, as a night's last stretch
    after its traps, "d3n-dawn") counts with it."""
    return key.split("-", 1)[0]
