"""The chronicle of a finished Ten Sailors game: the whole story, told to everyone once nothing is
secret any more (TS-24: the game is over, every set revealed).

Built from the game's event log alone, day by day: where each character was each hour (TS-12 … TS-18),
what was said in each place, in order (TS-23), every search and what it found (TS-19), every trap set
each night with its three cards, how many were right and whether it fired (TS-20, TS-21), and who died
on the morning after. ``brief`` is the telling for the final mail: it keeps the first lines of talk
(``MAIL_TALK_LINES``) and only the searches that found something, and counts what it left out for the
page, which has it all.
"""

from __future__ import annotations

from typing import Any

from referee.core.events import Event
from referee.games.ten_sailors.cards import HALL
from referee.games.ten_sailors.epilogues import facts
from referee.games.ten_sailors.state import GameState, segment_of

MAIL_TALK_LINES = 40
"""The lines of talk the final mail tells; the rest is on the game's page."""


def chronicle(state: GameState, log: list[Event], *, brief: bool = False) -> dict[str, Any]:
    """The story of the finished game ``state`` from its whole event ``log``, JSON-ready (empty for a
    game not over: a running game's story is nobody's to read)."""
    if not state.finished:
        return {}
    days: dict[int, dict[str, Any]] = {}
    where: dict[str, str] = {}
    alive: list[str] = []
    hours: dict[int, dict[str, list[str]]] = {}
    talk: dict[tuple[str, str], dict[str, Any]] = {}

    def day(number: int) -> dict[str, Any]:
        return days.setdefault(number, _day(number))

    for event in log:
        data = event.data
        match event.kind:
            case "game_started":
                alive = [c["name"] for c in data["characters"]]
                where = dict.fromkeys(alive, HALL)
            case "moved":
                where[data["character"]] = data["to"]
            case "segment_opened":
                segment = segment_of(data["segment"])
                if not segment.is_night:
                    for name in alive:
                        hours.setdefault(segment.day, {}).setdefault(name, []).append(where.get(name, HALL))
            case "message_posted":
                key = (data["segment"], data["location"])
                if key not in talk:
                    talk[key] = {
                        "segment": data["segment"],
                        "place": data["location"],
                        "lines": [],
                        "more": 0,
                    }
                    day(segment_of(data["segment"]).day)["talk"].append(talk[key])
                talk[key]["lines"].append({"from": data["from"], "text": data["text"]})
            case "searched":
                found = {k: data[k] for k in ("character", "segment", "room", "cards", "found", "random")}
                day(segment_of(data["segment"]).day)["searches"].append(found)
            case "trap_resolved":
                trap = {k: data.get(k) for k in ("setter", "target", "cards", "correct", "killed", "void")}
                day(segment_of(data["segment"]).day)["traps"].append(trap)
            case "died":
                day(segment_of(data["segment"]).day)["deaths"].append(
                    {"name": data["name"], "hand": data["hand"]}
                )
                alive = [name for name in alive if name != data["name"]]
    for number, places in hours.items():
        day(number)["where"] = [{"name": name, "runs": _runs(rooms)} for name, rooms in places.items()]
    told = [days[number] for number in sorted(days)]
    for entry in told:
        entry["talk"].sort(key=lambda conversation: segment_of(conversation["segment"]).index)
    story: dict[str, Any] = {
        "days": told,
        "talk_lines": sum(len(c["lines"]) for c in talk.values()),
        "epilogue": facts(state, _ended(log)),
        "brief": brief,
        "talk_shown": sum(len(c["lines"]) for c in talk.values()),
    }
    if brief:
        _shorten(story)
    return story


def _day(number: int) -> dict[str, Any]:
    return {
        "day": number,
        "where": [],
        "talk": [],
        "searches": [],
        "traps": [],
        "deaths": [],
        "talk_left": 0,
        "searches_left": 0,
    }


def _runs(rooms: list[str]) -> list[dict[str, Any]]:
    """Hour by hour rooms as runs: ["Hall", "Study", "Study"] -> Hall hour 1, Study hours 2–3."""
    runs: list[dict[str, Any]] = []
    for hour, room in enumerate(rooms, start=1):
        if runs and runs[-1]["place"] == room:
            runs[-1]["last"] = hour
        else:
            runs.append({"place": room, "first": hour, "last": hour})
    return runs


def _ended(log: list[Event]) -> dict[str, Any]:
    return next(e.data for e in reversed(log) if e.kind == "game_ended")


def _shorten(story: dict[str, Any]) -> None:
    """The final mail's telling: the first ``MAIL_TALK_LINES`` lines of talk, the searches that found
    something; each day counts what it left out (``talk_left``, ``searches_left``)."""
    budget = MAIL_TALK_LINES
    shown = 0
    for entry in story["days"]:
        kept_talk = []
        for conversation in entry["talk"]:
            lines = conversation["lines"]
            if budget <= 0:
                entry["talk_left"] += len(lines)
                continue
            kept = lines[:budget]
            budget -= len(kept)
            shown += len(kept)
            kept_talk.append({**conversation, "lines": kept, "more": len(lines) - len(kept)})
        entry["talk"] = kept_talk
        found = [s for s in entry["searches"] if s["found"]]
        entry["searches_left"] = len(entry["searches"]) - len(found)
        entry["searches"] = found
    story["talk_shown"] = shown
