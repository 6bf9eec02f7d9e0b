"""The filters and globals of ``templates/<language>/minuit/`` and ``templates/web/minuit/`` besides
the shared ones.

``phase_name`` reads a phase key ("r3-2") as players do; ``two`` writes a location's number;
``readers`` lists who has read a lead; ``candidate`` names a candidate of an element;
``GAME_NAME`` is the game's name in each language; ``WEB_WORDS`` are the words of the web pages'
Minuit parts (the ship, the positions, the leads) in each language.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from referee.games.minuit.content import PORT

GAME_NAME = {"en": "Minuit, Murder at Sea", "ru": "«Полночь: убийство в море»"}


def phase_name(key: Any, *, language: str) -> str:
    """A phase key as players read it: "r3-2" → "round 3, turn 2"; the hypotheses by name."""
    text = str(key)
    if text.startswith("r") and "-" in text:
        number, turn = text[1:].split("-", 1)
        return f"раунд {number}, ход {turn}" if language == "ru" else f"round {number}, turn {turn}"
    words = {
        "revelations": {"en": "the revelations", "ru": "разоблачения"},
        "hypotheses": {"en": "the hypotheses", "ru": "гипотезы"},
    }
    return words.get(text, {}).get(language, text)


def two(number: Any) -> str:
    """A location number as two digits ("07")."""
    return f"{int(number):02d}"


WEB_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "ship": "The ship",
        "round": "Round {round}",
        "event": "This round's event",
        "progress": "The ship is on space {ship} of {port}",
        "officer": "The officer stands in zone {zone}: nobody may question or search there this round",
        "off_duty": "The officer is off duty this round",
        "turn": "{seat}'s turn, {ap} action points left",
        "hypotheses": "The turns are over: the hypotheses are being written",
        "over": "The game is over",
        "map": "The same as text",
        "positions": "Who is where",
        "detective": "Detective",
        "zone": "Zone",
        "buoys": "Buoys",
        "leads_read": "Leads read",
        "suspect": "Suspect",
        "you": "you",
        "your_leads": "The leads you have read",
        "leads_note": "Your own leads and those every player reads; nobody else sees your own.",
        "public": "every player reads it",
        "private": "yours alone",
        "no_leads": "No lead read yet.",
        "leads_by_player": "The leads each player has read",
        "known_to_all": "every player knows it",
        "only": "only {seat} knows it",
        "some": "known to {seats}",
        "solution": "The solution (only you see it)",
        "culprit": "Culprit",
        "means": "Means",
        "motive": "Motive",
        "revealer": "{seat} announced the revelations",
        "my_hypotheses": "Your hypotheses",
        "scores": "Points",
        "notebook": "Notebook",
        "notebook_note": (
            "Only the leads you have read, everyone but the culprit taken at their word: the murder in "
            "the suite between 23:45 and midnight, by one hand."
        ),
        "still_possible": "Answers still possible (culprit, means, motive): {count} of {total}.",
        "element": "Element",
        "still_open": "Still possible (in how many answers)",
        "ruled_out": "Ruled out",
        "by_lead": "What a lead rules out by itself",
        "together": "Ruled out only by leads read together",
        "openness": "How open the game is",
        "openness_line": "Solutions consistent with every lead anyone has read ({read}): {count} of {total}.",
    },
    "ru": {
        "ship": "Корабль",
        "round": "Раунд {round}",
        "event": "Событие этого раунда",
        "progress": "Корабль на делении {ship} из {port}",
        "officer": "Офицер стоит в зоне {zone}: в этом раунде там нельзя допрашивать и обыскивать",
        "off_duty": "В этом раунде офицер не на посту",
        "turn": "Ходит {seat}, осталось очков действий: {ap}",
        "hypotheses": "Ходы окончены: пишутся гипотезы",
        "over": "Игра окончена",
        "map": "То же текстом",
        "positions": "Кто где",
        "detective": "Сыщик",
        "zone": "Зона",
        "buoys": "Спасательные круги",
        "leads_read": "Прочитано зацепок",
        "suspect": "Подозреваемый",
        "you": "вы",
        "your_leads": "Зацепки, которые вы прочли",
        "leads_note": "Ваши собственные зацепки и те, что читают все; ваших собственных не видит никто.",
        "public": "её читают все",
        "private": "только ваша",
        "no_leads": "Пока ни одной зацепки.",
        "leads_by_player": "Какие зацепки прочёл каждый игрок",
        "known_to_all": "её знают все игроки",
        "only": "её знает только {seat}",
        "some": "её знают: {seats}",
        "solution": "Разгадка (её видите только вы)",
        "culprit": "Виновный",
        "means": "Орудие",
        "motive": "Мотив",
        "revealer": "Разоблачения объявлены (их автор — {seat})",
        "my_hypotheses": "Ваши гипотезы",
        "scores": "Очки",
        "notebook": "Блокнот",
        "notebook_note": (
            "Только по зацепкам, которые вы прочли, если верить всем, кроме виновного: убийство совершено "
            "в люксе между 23:45 и полуночью, и убийца действовал один."
        ),
        "still_possible": "Ещё возможных разгадок: {count} из {total}.",
        "element": "Часть разгадки",
        "still_open": "Ещё возможны (в скольких разгадках)",
        "ruled_out": "Исключены",
        "by_lead": "Что исключает каждая зацепка сама по себе",
        "together": "Исключено только сочетанием прочитанных зацепок",
        "openness": "Насколько открыта игра",
        "openness_line": (
            "Разгадок, согласных со всеми зацепками, которые прочёл хоть кто-то ({read}): {count} из {total}."
        ),
    },
}
"""The words of the web pages' Minuit parts; ``{field}`` parts are filled with ``format``."""


def readers(lead: str, known_by: dict[str, list[str]]) -> list[str]:
    """The players who have read ``lead``, from a view's ``known_by``."""
    return [seat for seat, leads in known_by.items() if lead in leads]


def candidate(key: str, names: dict[str, Any], element: str, *, language: str) -> str:
    """The name of candidate ``key`` of ``element`` (a view's ``names``), in ``language``."""
    found = next((c for c in names["candidates"][element] if c["id"] == key), None)
    return str(found["name"][language]) if found else key


FILTERS: dict[str, Callable[..., Any]] = {
    "phase_name": phase_name,
    "two": two,
    "readers": readers,
    "candidate": candidate,
}
GLOBALS: dict[str, Any] = {"GAME_NAME": GAME_NAME, "WEB_WORDS": WEB_WORDS, "PORT": PORT}
