"""How ``referee demo`` would play the skeleton: phase by phase, each round's words told once they are
revealed. A new game copies this module and writes its own news and end (see ``referee.core.kind``)."""

from __future__ import annotations

from typing import Any

from referee.core.kind import Demo, Ending, Logged, Seats, Telling, say
from referee.games._template.presentation import round_name

LINES: dict[str, dict[str, str]] = {
    "en": {
        "revealed": "the words: {words}",
        "no_words": "no word written",
        "rounds": "{rounds} rounds played",
    },
    "ru": {
        "revealed": "слова: {words}",
        "no_words": "ни одного слова",
        "rounds": "сыграно раундов: {rounds}",
    },
}
"""Every line of this game's demo, by language (the same keys in each)."""


def news(events: list[Logged], telling: Telling) -> str:
    """The words of the round just revealed (public to everyone once the round closes)."""
    for event, data in events:
        if event == "words_revealed":
            written = [f"{seat} «{word}»" for seat, word in data["words"].items() if word]
            if written:
                return say(LINES, telling.language, "revealed", words=", ".join(written))
    return say(LINES, telling.language, "no_words")


def phase_name(label: str, key: str, language: str) -> str:
    """A round as the letters name it in ``language`` («раунд 2»)."""
    return round_name(key, language=language)


def ending(view: dict[str, Any], telling: Telling) -> Ending:
    """Nobody wins the skeleton: the end says how many rounds were played."""
    return Ending(winners=[], details=[say(LINES, telling.language, "rounds", rounds=len(view["revealed"]))])


DEMO = Demo(
    seats=Seats(2, 6, 3), game_id="demo-words", news=news, phase_name=phase_name, ending=ending, lines=LINES
)
"""The skeleton's demo: three players by default, round by round."""
