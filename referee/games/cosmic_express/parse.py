"""The Cosmic Express order language: one order per line, English or Russian (CE-4, CE-5, CE-9).

    OFFER Boris Candle            ПРЕДЛОЖИТЬ Борис Свеча        a face-down offer (gets an id: O1, O2 …)
    ACCEPT O3 Wrench              ПРИНЯТЬ O3 Гаечный ключ       answer offer O3 with your Wrench
    REFUSE O3                     ОТКАЗАТЬ O3
    WITHDRAW O3                   ОТОЗВАТЬ O3                   take back your own offer
    SWAP DUMMY Trash 2            ОБМЕН БОЛВАН Мусор 2          three players: swap with the Dummy's card 2
    DONE                          ГОТОВО                        you have finished trading
    REVEAL                        РАСКРЫТЬ                      the Detective turns the weapon over (CE-6)
    ARREST Boris | ARREST DUMMY   АРЕСТ Борис | АРЕСТ БОЛВАН    the Detective ends the interrogation
    SAY I gave away a Candle      СКАЗАТЬ Я отдал свечу
    HELP, STATUS                  ПОМОЩЬ, СТАТУС

This module only reads text; whether an order is allowed now is decided in ``trading``
and ``interrogation``.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import partial
from typing import Any

from referee.core.answers import read_lines_with_choice
from referee.core.orders import Order, Problem, Unreadable
from referee.core.reading import language_of, read_line
from referee.core.seats import fold_name
from referee.games.cosmic_express.cards import DUMMY, DUMMY_ALIASES, ITEM_ALIASES
from referee.games.cosmic_express.meaning import grammar, render

KEYWORDS: dict[str, str] = {
    "offer": "offer", "предложить": "offer", "предлагаю": "offer", "предложение": "offer",
    "accept": "accept", "принять": "accept", "принимаю": "accept",
    "refuse": "refuse", "decline": "refuse", "reject": "refuse",
    "отказать": "refuse", "отказ": "refuse", "отказываюсь": "refuse", "отклонить": "refuse",
    "withdraw": "withdraw", "отозвать": "withdraw", "отзываю": "withdraw",
    "swap": "swap", "обмен": "swap", "обменять": "swap", "поменять": "swap",
    "done": "done", "готово": "done", "готов": "done", "готова": "done",
    "arrest": "arrest", "арест": "arrest", "арестовать": "arrest", "арестовываю": "arrest",
    "reveal": "reveal", "раскрыть": "reveal", "вскрыть": "reveal", "открыть": "reveal",
    "say": "say", "сказать": "say", "говорю": "say",
    "help": "help", "помощь": "help",
    "status": "status", "статус": "status",
}  # fmt: skip
"""Every order keyword (folded) and the order it starts."""

_OFFER_ID = re.compile(r"^[#№]?\s*[oо]?-?(\d{1,6})[.,;:!]?$", re.I)
_FILLERS = frozenset(
    {"my", "a", "an", "the", "with", "for", "card", "мой", "мою", "моё", "моя", "на", "карту"}
)


def parse_text(text: str, names: Sequence[str], own: str = "") -> list[Order | Unreadable]:
    """Every non-blank line of ``text`` read as the orders it holds, by keyword or by meaning
    (``meaning``); ``names`` are the players' names, ``own`` the writer's (their name as the doer of a
    line narrates their own order). A line's leading bullet is left out of the line kept with its order."""
    arguments, meaning = partial(_arguments, names=names), grammar(names)
    return [
        _never_aloud(item)
        for item in read_lines_with_choice(
            text,
            lambda line: _as_written(
                line,
                _one_arrest(read_line(_answered(_unsigned(line, own)), KEYWORDS, arguments, meaning, own)),
            ),
            drop_bullets=True,
        )
    ]


def _as_written(line: str, read: list[Order | Unreadable]) -> list[Order | Unreadable]:
    """``read`` with each order kept with ``line`` as the player wrote it (not as read: signature set
    aside, an answer said as its order)."""
    return [
        replace(item, line=line) if isinstance(item, Order) and item.kind != "say" else item for item in read
    ]


def _unsigned(line: str, own: str) -> str:
    """``line`` without the writer's own name signed at its end ("… arrest the Dummy. Anna"): a signature,
    never a name the order is about."""
    if not own:
        return line
    signed = re.compile(rf"(?:[.!,;]|\s[-—–])\s*{re.escape(own)}\s*[.!]?\s*$", re.I)
    return signed.sub(".", line)


def _one_arrest(read: list[Order | Unreadable]) -> list[Order | Unreadable]:
    """``read`` with several arrests on one line ("Arrest both Boris and Carl") asked back as one question:
    the Detective arrests one, and an arrest cannot be taken back (CE-6)."""
    arrests = [item for item in read if isinstance(item, Order) and item.kind == "arrest"]
    if len(arrests) < 2:
        return read
    line = arrests[0].line
    first = render("arrest", arrests[0].args, language_of(line))  # "did you mean ARREST Boris?"
    rest = [item for item in read if not (isinstance(item, Order) and item.kind == "arrest")]
    return [Unreadable(line, "unknown_order", {"word": line.strip(), "suggestion": first}, True), *rest]


_ANSWERED = re.compile(r"^\s*([OoОо]-?\d{1,6})\s*[:—–-]?\s*(?P<word>\w+)\b\W*$")
_ANSWERS = {
    "no": "refuse", "nope": "refuse", "нет": "refuse", "не": "refuse", "yes": "accept", "да": "accept",
    "ok": "accept", "ок": "accept", "okay": "accept", "беру": "accept",
}  # fmt: skip


def _answered(line: str) -> str:
    """ "O4: no", «O2: да»: an offer answered by yes or no, said as REFUSE or ACCEPT."""
    found = _ANSWERED.match(line)
    if found is None or found.group("word").lower() not in _ANSWERS:
        return line
    return f"{_ANSWERS[found.group('word').lower()]} {found.group(1)}"


_NAMES_AN_OFFER = re.compile(r"(?<![\w])[OoОо]-?\d{1,6}\b|\b(?:offer|предложени\w*)\s*#?\s*\d", re.I)


_SHORT_WORDS = 3
"""The most words of a line written like an order ("O4: no", "ref O5 pls")."""


def _never_aloud(item: Order | Unreadable) -> Order | Unreadable:
    """A short line left as table talk that names an offer ("wd O2", «O4: не сейчас») asked back instead:
    written like an order, what it does with the offer is never said to the table (CE-5 ruling); talk
    about an offer at length ("No idea about O3") is talk."""
    short = len(re.findall(r"\w+", item.line)) <= _SHORT_WORDS if isinstance(item, Unreadable) else False
    if isinstance(item, Unreadable) and not item.is_order and short and _NAMES_AN_OFFER.search(item.line):
        return Unreadable(item.line, "unknown_order", {"word": item.line.strip(), "suggestion": ""}, True)
    return item


def _arguments(kind: str, rest: str, names: Sequence[str]) -> dict[str, Any] | Problem:
    """The arguments of an order of ``kind`` written as ``rest``: none for HELP, STATUS, DONE and
    REVEAL, the words said for SAY."""
    rest = rest.strip()
    if kind in ("help", "status", "done", "reveal"):
        return {}
    if kind == "say":
        return {"said": rest} if rest else ("say_empty", {})
    if not rest:
        return "missing_arguments", {"order": kind.upper()}
    return _READERS[kind](rest, names)


def _words(text: str) -> list[str]:
    return text.replace(",", " ").replace(";", " ").split()


def _player(words: list[str], names: Sequence[str]) -> tuple[str, int] | None:
    """The player (or the Dummy) named by the first words of ``words``, and how many words that took."""
    folded = [fold_name(word) for word in words]
    by_name = {fold_name(name): name for name in names}
    for size in range(len(folded), 0, -1):
        phrase = " ".join(folded[:size]).strip(".,:;!")
        if phrase in by_name:
            return by_name[phrase], size
        if phrase in DUMMY_ALIASES:
            return DUMMY, size
    return None


def _unknown_player(text: str, names: Sequence[str]) -> Problem:
    """``text`` names no player: the refusal, with the closest player's name as a suggestion."""
    close = difflib.get_close_matches(fold_name(text), [fold_name(n) for n in names], n=1, cutoff=0.6)
    suggestion = next((n for n in names if close and fold_name(n) == close[0]), "")
    return "unknown_player", {"text": text, "suggestion": suggestion}


def _item(words: list[str]) -> str | Problem:
    """The item named by ``words`` (filler words such as "my" left out)."""
    kept = [word for word in words if fold_name(word) not in _FILLERS]
    phrase = fold_name(" ".join(kept)).strip(".,:;!")
    if phrase in ITEM_ALIASES:
        return ITEM_ALIASES[phrase]
    shown = " ".join(kept) or " ".join(words)
    close = difflib.get_close_matches(phrase, list(ITEM_ALIASES), n=1, cutoff=0.6)
    return "unknown_item", {"text": shown, "suggestion": ITEM_ALIASES[close[0]] if close else ""}


def _offer_id(word: str) -> str | None:
    """The canonical offer id ("O7") written as ``word`` ("O7", "o7", "#7", "7", Cyrillic "О7")."""
    match = _OFFER_ID.match(word.strip())
    return f"O{int(match.group(1))}" if match else None


def _offer(text: str, names: Sequence[str]) -> dict[str, Any] | Problem:
    words = _words(text)
    found = _player(words, names)
    if found is None:
        return _unknown_player(words[0], names)
    player, used = found
    if used == len(words):
        return "missing_arguments", {"order": "OFFER"}
    item = _item(words[used:])
    if isinstance(item, tuple):
        return item
    return {"to": player, "item": item}


def _accept(text: str, names: Sequence[str]) -> dict[str, Any] | Problem:
    words = _words(text)
    offer = _offer_id(words[0])
    if offer is None:
        return "bad_offer_id", {"text": words[0]}
    if len(words) == 1:
        return "accept_needs_item", {"offer": offer}
    item = _item(words[1:])
    if isinstance(item, tuple):
        return item
    return {"offer": offer, "item": item}


def _answer(text: str, names: Sequence[str]) -> dict[str, Any] | Problem:
    """REFUSE or WITHDRAW: an offer id; words after it are ignored."""
    word = _words(text)[0]
    offer = _offer_id(word)
    return {"offer": offer} if offer else ("bad_offer_id", {"text": word})


def _swap(text: str, names: Sequence[str]) -> dict[str, Any] | Problem:
    """SWAP DUMMY <item> <1|2>: the Dummy first, then the item and the Dummy's card number."""
    words = _words(text)
    found = _player(words[:2], [])
    if found is None:
        return "swap_only_dummy", {"text": words[0]}
    words = words[found[1] :]
    if not words:
        return "missing_arguments", {"order": "SWAP"}
    slots = [word for word in words if word.strip("#№.,").isdigit()]
    if len(slots) != 1 or slots[0].strip("#№.,") not in ("1", "2"):
        return "bad_slot", {"text": " ".join(slots)}
    rest = [word for word in words if word != slots[0]]
    if not rest:
        return "missing_arguments", {"order": "SWAP"}
    item = _item(rest)
    if isinstance(item, tuple):
        return item
    return {"item": item, "slot": int(slots[0].strip("#№.,"))}


def _arrest(text: str, names: Sequence[str]) -> dict[str, Any] | Problem:
    words = _words(text)
    found = _player(words, names)
    if found is None or found[1] != len(words):
        return _unknown_player(text, names)
    return {"target": found[0]}


_READERS: dict[str, Callable[[str, Sequence[str]], dict[str, Any] | Problem]] = {
    "offer": _offer,
    "accept": _accept,
    "refuse": _answer,
    "withdraw": _answer,
    "swap": _swap,
    "arrest": _arrest,
}
"""The reader of each order that takes arguments."""
