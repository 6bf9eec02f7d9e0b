"""How ``referee demo`` tells Museum Suspects: which clue each player put a token on and where their
suggestion went (MS-4, MS-5 rulings), and at the end the scores and the thieves (MS-6)."""

from __future__ import annotations

from typing import Any

from referee.core.kind import Demo, Ending, Logged, Seats, Telling, say

LINES: dict[str, dict[str, str]] = {
    "en": {
        "thieves": "thieves: {names}",
        "escaped": "thieves: none: the thief escaped by the Emergency Exit",
        "clue": "clue {clue} with a {value}",
        "suggestion": "suggestion on {target}",
        "suggestion_default": "suggestion on {target} (deadline default)",
        "exit": "the Exit",
        "no_token": "no token placed",
    },
    "ru": {
        "thieves": "воры: {names}",
        "escaped": "воров нет: вор ушёл через запасной выход",
        "clue": "улика {clue}: жетон {value}",
        "suggestion": "подозрение: {target}",
        "suggestion_default": "подозрение: {target} (по умолчанию, срок вышел)",
        "exit": "запасной выход",
        "no_token": "жетон не положен",
    },
}
"""Every line of this game's demo, by language."""


def news(events: list[Logged], telling: Telling) -> str:
    """Which clue the player put a token on, and where their suggestion went (MS-4, MS-5 rulings)."""
    language = telling.language
    parts = []
    for event, data in events:
        if event == "investigated":
            parts.append(say(LINES, language, "clue", clue=data["clue"], value=data["value"]))
        elif event == "suggestion_made":
            target = say(LINES, language, "exit") if data["target"] == "exit" else data["target"]
            key = "suggestion_default" if data["default"] else "suggestion"
            parts.append(say(LINES, language, key, target=target))
    return ", ".join(parts) or say(LINES, language, "no_token")


def ending(view: dict[str, Any], telling: Telling) -> Ending:
    """The winners, each player's total and the thieves (MS-6)."""
    result = view["result"]
    thieves = ", ".join(result["thieves"])
    detail = (
        say(LINES, telling.language, "thieves", names=thieves)
        if thieves
        else say(LINES, telling.language, "escaped")
    )
    return Ending(
        winners=list(result["winners"]),
        scores={score["seat"]: score["total"] for score in result["scores"]},
        details=[detail],
    )


DEMO = Demo(seats=Seats(2, 4, 4), game_id="demo-museum", news=news, ending=ending, lines=LINES)
"""The Museum Suspects demo: four players by default, turn by turn."""
