"""How ``referee demo`` tells Minuit: each round's event, the rolls and which leads were tried, by
their names (a place's, a suspect's and the topic), never a lead's text (MM-16); at the end the
scores, the solution and the revelations (MM-20, MM-21)."""

from __future__ import annotations

from typing import Any

from referee.core.kind import Demo, Ending, Logged, Seats, Telling, say
from referee.games.minuit.content import EVENTS
from referee.games.minuit.presentation import phase_name as _phase_name
from referee.games.minuit.shipmap import lead_label

LINES: dict[str, dict[str, str]] = {
    "en": {
        "solution": "solution: {culprit}, {means}, {motive}",
        "revealer": "revelations by {seat} ({right} of 3 right)",
        "round_opened": "event {event}, ship on {ship}",
        "no_event": "event none, ship on {ship}",
        "acted": "{lead}, {method}{roll}: {outcome}",
        "rolled": ", rolled {roll}",
        "success": "found",
        "failure": "failed",
        "announces": "{seat} announces revelations",
        "ended": "winners {winners}",
        "nothing_done": "nothing done",
    },
    "ru": {
        "solution": "разгадка: {culprit}, {means}, {motive}",
        "revealer": "разоблачения: {seat}, верно {right} из 3",
        "round_opened": "событие «{event}», корабль на клетке {ship}",
        "no_event": "событий нет, корабль на клетке {ship}",
        "acted": "{lead}, {method}{roll}: {outcome}",
        "rolled": ", на кубике {roll}",
        "success": "удача",
        "failure": "неудача",
        "announces": "{seat} объявляет разоблачения",
        "ended": "победители: {winners}",
        "nothing_done": "ничего не сделано",
    },
}
"""Every line of this game's demo, by language."""


def news(events: list[Logged], telling: Telling) -> str:
    """The round's event, the rolls and which leads were tried, by their names, never a lead's text
    (MM-16)."""
    language, case = telling.language, telling.state.case
    methods = telling.names("_common.txt.j2", "METHODS")
    parts = []
    for event, data in events:
        if event == "round_opened" and data["event"]:
            title = EVENTS[data["event"]].title[language]
            parts.append(say(LINES, language, "round_opened", event=title, ship=data["ship"]))
        elif event == "round_opened":
            parts.append(say(LINES, language, "no_event", ship=data["ship"]))
        elif event == "acted":
            roll = say(LINES, language, "rolled", roll=data["roll"]) if data["roll"] else ""
            outcome = say(LINES, language, "success" if data["success"] else "failure")
            lead = lead_label(case, data["lead"])[language]
            method = methods.get(data["method"], data["method"])
            parts.append(say(LINES, language, "acted", lead=lead, method=method, roll=roll, outcome=outcome))
        elif event == "revelations_announced":
            parts.append(say(LINES, language, "announces", seat=data["seat"]))
        elif event == "game_ended":
            parts.append(say(LINES, language, "ended", winners=telling.listed(data["winners"])))
    return "; ".join(parts) or say(LINES, language, "nothing_done")


def phase_name(label: str, key: str, language: str) -> str:
    """A phase as the players' mail names its key in ``language``."""
    return _phase_name(key, language=language)


def ending(view: dict[str, Any], telling: Telling) -> Ending:
    """The winners, each detective's points, the solution by its names and the revelations."""
    language = "ru" if telling.language == "ru" else "en"
    result = view["result"]
    case = telling.state.case
    named = {
        element: next((c.name[language] for c in case.candidates(element) if c.id == chosen), chosen)
        for element, chosen in result["solution"].items()
    }
    details = [say(LINES, language, "solution", **named)]
    if result["revealer"]:
        details.append(
            say(LINES, language, "revealer", seat=result["revealer"], right=result["revealer_right"])
        )
    return Ending(
        winners=list(result["winners"]),
        scores={score["seat"]: score["total"] for score in result["scores"]},
        details=details,
    )


DEMO = Demo(
    seats=Seats(2, 6, 4),
    game_id="demo-minuit",
    news=news,
    phase_name=phase_name,
    ending=ending,
    lines=LINES,
)
"""The Minuit demo: four detectives by default, turn by turn."""
