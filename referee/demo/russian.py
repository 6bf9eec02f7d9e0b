"""The Russian demo's bots: Russian names, and orders and talk written as a Russian player writes them.

The rules' bot writes its orders in English ("MOVE Kitchen", "SAY Found in Kitchen: Sofa.");
a Russian game's bots send the same orders in Russian («ИДТИ Кухня», «СКАЗАТЬ Нашла на кухне:
диван.»), with the verb agreeing with the character.
"""

from __future__ import annotations

from referee.games.ten_sailors.bot import found_line, heard_find
from referee.games.ten_sailors.cards import HALL, KIND_OF, display

RU_NAMES = ("Анна", "Борис", "Клара", "Дмитрий", "Ева", "Фёдор", "Галина", "Глеб", "Игорь")
"""The Russian demo's characters, seat for seat with the English ones (the last one playing is the host)."""

_WORDS = {"MOVE": "ИДТИ", "SEARCH": "ИСКАТЬ", "TRAP": "ЛОВУШКА", "SAY": "СКАЗАТЬ"}
_BY_LENGTH = sorted((*KIND_OF, HALL), key=len, reverse=True)


def _cards(text: str) -> list[str]:
    """The canonical card names in ``text``, in order ("Music Room Sofa Knife" → three cards)."""
    found: list[str] = []
    rest = text.strip()
    while rest:
        card = next((c for c in _BY_LENGTH if rest.startswith(c)), None)
        if card is None:
            return found
        found.append(card)
        rest = rest[len(card) :].strip(" ,")
    return found


def _line(line: str, gender: str) -> str:
    word, _, rest = line.partition(" ")
    if word == "SAY" and (heard := heard_find(rest)):
        return f"СКАЗАТЬ {found_line(heard[0], heard[1], 'ru', gender)}"
    if word == "TRAP":
        target, _, cards = rest.partition(" ")
        return f"ЛОВУШКА {target} " + " ".join(display(c, "ru") for c in _cards(cards))
    if word in ("MOVE", "SEARCH"):
        return f"{_WORDS[word]} " + ", ".join(display(c, "ru") for c in _cards(rest))
    return line


def in_russian(orders: str, gender: str) -> str:
    """The rules' bot's ``orders`` as a Russian player of ``gender`` ("m" or "f") writes them."""
    return "\n".join(_line(line, gender) for line in orders.splitlines())
