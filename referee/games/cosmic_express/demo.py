"""How ``referee demo`` tells Murder on the Cosmic Express: the swaps, the talk and the arrest of each
phase — never which cards (CE-4 ruling) — and at the end every role with its cards, the weapon and
who was arrested (CE-6). Cards and roles are named as the players' mail names them."""

from __future__ import annotations

import re
from typing import Any

from referee.core.kind import Demo, Ending, Logged, Seats, Telling, say
from referee.core.numbers import counted
from referee.core.russian import by_gender, guess_gender

LINES: dict[str, dict[str, str]] = {
    "en": {
        "role": "{name} {role} with {items}",
        "weapon": "murder weapon: {weapon}; {arrested_word}: {arrested}",
        "nobody_arrested": "murder weapon: {weapon}; arrested: nobody",
        "done_order": "done in this order: {names}",
        "arrest": "{detective} (the Detective) {arrested_verb} {target}",
        "shown": "the weapon was shown: {weapon}",
        "no_swaps": "no swaps",
    },
    "ru": {
        "role": "{name} — {role}, карты: {items}",
        "weapon": "орудие убийства: {weapon}; {arrested_word}: {arrested}",
        "nobody_arrested": "орудие убийства: {weapon}; никого не арестовали",
        "done_order": "закончили по порядку: {names}",
        "arrest": "{detective} (Детектив) {arrested_verb} {target}",
        "shown": "показано орудие: {weapon}",
        "no_swaps": "обменов нет",
    },
}
"""Every line of this game's demo, by language."""

COUNTED: dict[str, dict[str, tuple[str, ...]]] = {
    "swap": {"en": ("swap", "swaps"), "ru": ("обмен", "обмена", "обменов")},
    "message": {"en": ("message", "messages"), "ru": ("сообщение", "сообщения", "сообщений")},
}
"""The words this demo counts, with their forms in each language."""


def _count(language: str, number: int, word: str) -> str:
    return counted(number, COUNTED[word]["ru" if language == "ru" else "en"], language)


def arrested(language: str, name: str) -> str:
    """The word for one arrested: "arrested"; in Russian agreeing with ``name`` («арестована»)."""
    return by_gender(guess_gender(name), "арестован", "арестована") if language == "ru" else "arrested"


def arrests(language: str, name: str) -> str:
    """The verb of the one who arrests: "arrested"; in Russian agreeing with ``name`` («арестовала»)."""
    return by_gender(guess_gender(name), "арестовал", "арестовала") if language == "ru" else "arrested"


_ROUND_STAGE = re.compile(r"^round (\d+) of (\d+): (trading|interrogation)$")
_STAGES = {"ru": {"trading": "обмен", "interrogation": "допрос"}}


def phase_name(label: str, key: str, language: str) -> str:
    """A phase's label ("round 1 of 2: trading") in ``language`` («раунд 1 из 2: обмен»)."""
    found = _ROUND_STAGE.match(label)
    if language != "ru" or not found:
        return label
    return f"раунд {found[1]} из {found[2]}: {_STAGES['ru'][found[3]]}"


def news(public: list[Logged], telling: Telling) -> str:
    """The swaps, who stopped trading, the talk and the arrest — never which cards (CE-4 ruling)."""
    language = telling.language
    numbers = {
        "swap": sum(1 for event, _ in public if event in ("swap_news", "dummy_swap_news")),
        "message": sum(1 for event, _ in public if event == "message_posted"),
    }
    parts = [_count(language, number, what) for what, number in numbers.items() if number]
    done = [data["player"] for event, data in public if event == "player_done"]
    if done:
        parts.append(say(LINES, language, "done_order", names=", ".join(done)))
    items = telling.names("_names.txt.j2", "ITEM")
    for event, data in public:
        if event == "arrest_made":
            detective, verb = data["detective"], arrests(language, data["detective"])
            parts.append(
                say(LINES, language, "arrest", detective=detective, arrested_verb=verb, target=data["target"])
            )
        elif event == "weapon_shown":
            parts.append(say(LINES, language, "shown", weapon=items.get(data["weapon"], data["weapon"])))
    return ", ".join(parts) or say(LINES, language, "no_swaps")


def ending(view: dict[str, Any], telling: Telling) -> Ending:
    """The winners, each role with its cards, the weapon and the arrest (CE-6, CE-7)."""
    language = telling.language
    items = view["items"]
    item_names = telling.names("_names.txt.j2", "ITEM")
    role_names = telling.names("_names.txt.j2", "ROLE")
    roles = {
        name: say(
            LINES, language, "role", name=name, role=role_names.get(role, role),
            items=" + ".join(item_names.get(item, item) for item in items[name]),
        )
        for name, role in view["roles"].items()
    }  # fmt: skip
    weapon = item_names.get(view["weapon"], view["weapon"])
    taken = view["arrest"]
    detail = (
        say(LINES, language, "weapon", weapon=weapon, arrested=taken, arrested_word=arrested(language, taken))
        if taken
        else say(LINES, language, "nobody_arrested", weapon=weapon)
    )
    return Ending(winners=list(view["winners"]), roles=roles, details=[detail])


SAID_IN_RUSSIAN = {
    "I gave my cards away as fast as I could.": "Я раздал карты так быстро, как только мог.",
    "Someone kept a card far too long.": "Кое-кто слишком долго держал одну карту.",
    "I am the Captain, believe me.": "Я Капитан, поверьте мне.",
    "Watch who stopped trading first.": "Смотрите, кто первым перестал меняться.",
}
"""The bots' table talk as a Russian player says it (``bot._LINES``)."""

_SAID_BY_WOMAN = {
    "Я раздал карты так быстро, как только мог.": "Я раздала карты так быстро, как только могла."
}


def in_language(orders: str, language: str, gender: str) -> str:
    """The bot's ``orders`` as a player writes them in ``language``: in Russian its talk is Russian."""
    if language != "ru":
        return orders
    lines = []
    for line in orders.splitlines():
        word, _, said = line.partition(" ")
        russian = SAID_IN_RUSSIAN.get(said) if word == "SAY" else None
        if russian is not None and gender == "f":
            russian = _SAID_BY_WOMAN.get(russian, russian)
        lines.append(f"СКАЗАТЬ {russian}" if russian is not None else line)
    return "\n".join(lines)


DEMO = Demo(
    seats=Seats(3, 6, 5),
    game_id="demo-cosmic",
    news=news,
    phase_name=phase_name,
    ending=ending,
    lines=LINES,
    in_language=in_language,
)
"""The Cosmic Express demo: five players by default, phase by phase."""
