"""How ``referee demo`` plays Ten Sailors: a campaign on the daily calendar, day by day.

The last character playing is the host (TS-1). Bots trap on odd nights only, so that a campaign
usually lasts to the final dawn. A Russian game has Russian characters, and its bots send the rules'
bot's orders ("MOVE Kitchen", "SAY Found in Kitchen: Sofa.") in Russian («ИДТИ Кухня», «СКАЗАТЬ Нашла
на кухне: диван.»), with the verb agreeing with the character. The end is told by each one's frags.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.core.kind import RUSSIAN_DEMO_NAMES, Demo, Ending, Seats, Telling
from referee.games.ten_sailors.bot import bot_orders, found_line, heard_find
from referee.games.ten_sailors.cards import HALL, KIND_OF, display
from referee.games.ten_sailors.state import GameState

RU_NAMES = RUSSIAN_DEMO_NAMES
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


ANSWERS_IN_REPORT = {"en": "ANSWERS IN REPORT", "ru": "ОТВЕТЫ В СВОДКЕ"}
"""What the demo's bots write on their first night: answers to orders all taken wait for the report."""


def _line(line: str, gender: str) -> str:
    if line == ANSWERS_IN_REPORT["en"]:
        return ANSWERS_IN_REPORT["ru"]
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


def host_last(seat: int, seats: int) -> Mapping[str, Any]:
    """The last character of the demo is the host (TS-1)."""
    return {"host": True} if seat == seats - 1 else {}


def cautious(view: dict[str, Any], seed: int | str, day: int) -> str:
    """The rules' bot's orders without traps on even nights: demo bots trap every other night. On the
    first night they also choose to read the answers to their orders in their reports."""
    orders = bot_orders(view, seed)
    if day == 0:
        orders = f"{ANSWERS_IN_REPORT['en']}\n{orders}"
    if day % 2:
        return orders
    return "\n".join(line for line in orders.splitlines() if not line.startswith("TRAP"))


def in_language(orders: str, language: str, gender: str) -> str:
    """The bot's ``orders`` as a player writes them in ``language``."""
    return in_russian(orders, gender) if language == "ru" else orders


def day(state: GameState) -> int:
    """The game day now open."""
    return state.segment.day


def living(state: GameState) -> tuple[str, ...]:
    """The characters still alive: the dead send no orders."""
    return tuple(c.name for c in state.characters if c.alive)


def ending(view: dict[str, Any], telling: Telling) -> Ending:
    """The winners and each character's frags (TS-24)."""
    frags = {c["name"]: c["frags_exact"] for c in view["characters"]}
    return Ending(winners=list(view["winners"]), frags=frags)


DEMO = Demo(
    seats=Seats(3, 9, 9),
    game_id="demo",
    names={"ru": RU_NAMES},
    player=host_last,
    calendar=True,
    orders=cautious,
    in_language=in_language,
    day=day,
    playing=living,
    ending=ending,
)
"""The Ten Sailors demo: nine characters by default, on the daily calendar."""
